"""Live win chances: an estimate after each round, built chunk by chunk, never delaying a flip."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from krig.webapp.estimate import ROLLOUTS as ESTIMATE_ROLLOUTS
from krig.webapp.estimate import Estimate

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    Game,
    flip,
    new_game,
    open_game,
    text,
    wait_chances,
    wait_estimates_settled,
    wait_still,
    wait_stored,
)

READ_CHANCES = """() => ({
  seats: [...document.querySelectorAll('.seat:not([hidden]) .chance')].map((c) => Number(c.dataset.percent)),
  other: Number(document.getElementById('chance-other').dataset.percent),
  round: Number(document.getElementById('chance-other').dataset.round),
})"""


def chances_for(page: Page, round_number: int) -> dict:
    """Wait until the estimate for `round_number` is on screen, and read it."""
    wait_chances(page, round_number)
    return page.evaluate(READ_CHANCES)


def test_chances_follow_every_round_and_add_up(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 31, order="played")  # played order: some rollouts end by repetition
    flip(page)
    shown = chances_for(page, 1)
    assert len(shown["seats"]) == 2
    assert 97 <= sum(shown["seats"]) + shown["other"] <= 103  # rounded percentages
    expect(page.locator("#chance-other .with-repetition")).to_be_visible()  # R12 applies in played order
    expect(page.locator("#chance-other .draw-only")).to_be_hidden()
    expect(page.locator("#seat-0 .chance-label")).to_be_visible()  # each bar says what it shows
    flip(page)
    wait_still(page)  # the chances change with the counts, once the round's motion is over
    # the old estimate is never shown with the new round: the line says it is being worked out, until it is
    other = page.locator("#chance-other")
    assert other.is_visible() and (other.get_attribute("data-round") == "2" or (
        other.get_attribute("data-working") == "" and text(other.locator(".pct").first) == "…"))
    assert chances_for(page, 2)["round"] == 2
    expect(other).not_to_have_attribute("data-working", "")


# How far the middle of the label shown is from the middle of its line, in px
OFF_CENTRE = """(label) => { const line = document.getElementById('chance-other').getBoundingClientRect();
  const shown = document.querySelector(`#chance-other .${label}`).getBoundingClientRect();
  return Math.abs((line.left + line.right) / 2 - (shown.left + shown.right) / 2); }"""


def test_a_shuffled_game_says_draw_alone_since_it_cannot_repeat(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 31)
    flip(page)
    chances_for(page, 1)
    expect(page.locator("#chance-other .draw-only")).to_be_visible()
    expect(page.locator("#chance-other .with-repetition")).to_be_hidden()
    assert page.evaluate(OFF_CENTRE, "draw-only") < 1  # in the middle, as the lines above and below it


def test_quick_flips_are_answered_while_chances_are_computed(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 4, 5, order="played")  # four players in played order: the slowest rollouts
    for round_number in range(1, 7):
        # click as soon as the previous round is shown, while its estimate is being computed
        page.click("[data-testid=flip]")
        page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)",
                               arg=round_number)
    assert chances_for(page, 6)["round"] == 6  # and the last round gets its estimate


def test_a_seat_that_is_out_has_no_chance(page: Page, guard, tmp_path: Path) -> None:
    hands = [["AS", "KS", "9C"], ["2C", "3C"], [], ["QD", "4H", "5H"]]
    file = tmp_path / "out.json"
    file.write_text(json.dumps(Game.from_hands(hands).to_dict()))
    open_game(page)
    page.click("#saving summary")
    page.set_input_files("[data-testid=import]", str(file))
    page.wait_for_function("() => document.getElementById('board').dataset.players === '4'")
    for number in (0, 1):
        if number:
            flip(page)
        shown = chances_for(page, number)
        assert shown["seats"][1] < 50 and 97 <= sum(n for n in shown["seats"] if n == n) + shown["other"] <= 103
        # the seat that is out says so, and shows no percentage
        expect(page.locator("#seat-2 .out-label")).to_be_visible()
        expect(page.locator("#seat-2 .chance")).to_be_hidden()
        assert page.locator("#seat-2 .chance").get_attribute("data-percent") is None


# Every frame: the round on screen and what the chances say of it
SAMPLE = """() => {
  window.__samples = [];
  const sample = () => {
    const other = document.getElementById('chance-other');
    window.__samples.push({
      round: Number(document.getElementById('board').dataset.round),
      still: document.getElementById('board').dataset.motion !== 'on',
      estimate: other.hidden ? 'none' : (other.dataset.round ?? 'working'),
      other: other.dataset.percent ?? null,
      otherText: other.querySelector('.pct').textContent,
      seats: [...document.querySelectorAll('.seat:not([hidden])')].map((seat) => {
        const chance = seat.querySelector('.chance');
        return {out: seat.classList.contains('out'), hidden: chance.hidden, percent: chance.dataset.percent ?? null,
                text: chance.querySelector('.pct').textContent};
      }),
    });
    if (!window.__stop) requestAnimationFrame(sample);
  };
  sample();
}"""


def seat_out_seed() -> tuple[int, int]:
    """A 4-player deal in which a seat goes out after round 20 and the game goes on for 20 rounds more: its seed
    and the round of the first seat out."""
    for seed in range(1000):
        game = Game.new(4, seed=seed)
        while not game.over and all(game.hands):
            game.play_round()
        first = game.round_number
        game.finish()
        if 20 <= first <= 200 and game.round_number > first + 20:
            return seed, first
    raise AssertionError("no such deal")


def test_in_the_fastest_auto_play_every_chance_shown_is_the_rounds_own(page: Page, guard) -> None:
    seed, first_out = seat_out_seed()
    open_game(page, f"en/index.html?players=4&seed={seed}")
    chances_for(page, 0)
    page.evaluate(SAMPLE)
    page.locator("[data-testid=speed]").fill("5")
    page.click("[data-testid=autoplay]")
    page.wait_for_function("(n) => Number(document.getElementById('board').dataset.round) >= n",
                           arg=first_out + 10, timeout=LOAD_TIMEOUT)
    page.click("[data-testid=autoplay]")
    expect(page.locator("[data-testid=autoplay]")).to_have_attribute("aria-pressed", "false")
    last = int(page.evaluate("() => document.getElementById('board').dataset.round"))
    chances_for(page, last)  # once play pauses, the round on screen gets its estimate
    page.evaluate("() => { window.__stop = true; }")
    samples = [sample for sample in page.evaluate("() => window.__samples") if sample["still"]]
    assert {sample["round"] for sample in samples} >= {0, last} and len({s["round"] for s in samples}) > 20
    expected: dict[int, dict] = {}
    game = Game.new(4, seed=seed)
    numbers = 0
    for sample in samples:
        assert sample["estimate"] != "none"
        for seat in sample["seats"]:
            assert not (seat["out"] and not seat["hidden"]), sample  # a seat that is out shows no percentage
        if sample["estimate"] == "working":
            assert sample["otherText"] == "…" and sample["other"] is None
            assert all(seat["hidden"] or (seat["text"] == "…" and seat["percent"] is None) for seat in sample["seats"])
            continue
        round_number = int(sample["estimate"])
        assert round_number == sample["round"], sample  # never another round's
        if round_number not in expected:
            while game.round_number < round_number:
                game.play_round()
            expected[round_number] = Estimate().add(game, ESTIMATE_ROLLOUTS)
        made = expected[round_number]
        want = [None if out else str(round(100 * share)) for share, out in
                zip(made["chances"], [seat["out"] for seat in sample["seats"]], strict=True)]
        assert [seat["percent"] for seat in sample["seats"]] == want, sample
        assert sample["other"] == str(round(100 * (made["draw"] + made["repetition"])))
        numbers += 1
    assert numbers > 0 and any(seat["out"] for seat in samples[-1]["seats"])


def test_after_a_reload_the_next_rounds_show_their_chances_at_once_as_before_it(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 31)
    wait_estimates_settled(page)
    flip(page)  # its record carries the chances of the rounds ahead
    wait_stored(page, lambda stored: stored is not None and stored["board"]["round"] == 1
                and "chances" in stored["ahead"][1])
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.evaluate(SAMPLE)
    flip(page, 2)
    chances_for(page, 3)
    page.evaluate("() => { window.__stop = true; }")
    working = [sample["round"] for sample in page.evaluate("() => window.__samples")
               if sample["estimate"] == "working"]
    assert working == [], f"the chances were worked out again after the reload, in rounds {sorted(set(working))}"
