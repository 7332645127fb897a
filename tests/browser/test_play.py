"""Playing on the game page in a real Chromium: whole games, the fast path, keyboard, pictures and numbers.

Seeds come from the engine itself (`short_seed`), so the tests pick short games even if the generator changes.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamepage import (
    ESTIMATE_TIMEOUT,
    LOAD_TIMEOUT,
    WATCH_BOARD,
    Game,
    attribute,
    board,
    expected_cards,
    flip,
    new_game,
    open_game,
    record,
    short_seed,
    text,
    wait_saved,
)

HAND = {2: 26, 3: 17, 4: 13}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_autoplay_plays_a_whole_game_and_conserves_cards(page: Page, guard, players: int) -> None:
    seed = short_seed(players, most=60)
    expected = Game.new(players, seed=seed)
    expected.finish()

    open_game(page)
    new_game(page, players, seed)
    start = board(page)
    assert start["counts"] == [HAND[players]] * players
    assert start["setAside"] == (players == 3)

    page.evaluate(WATCH_BOARD)
    page.locator("[data-testid=speed]").fill("5")
    autoplay = page.locator("[data-testid=autoplay]")
    autoplay.click()
    expect(autoplay).to_have_attribute("aria-pressed", "true")
    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(autoplay).to_have_attribute("aria-pressed", "false")  # auto-play stops at the end

    boards = page.evaluate("() => window.__boards")
    rounds = sorted({int(b["round"]) for b in boards})
    assert rounds == list(range(1, expected.round_number + 1)), "every round was shown"
    for shown in boards:
        on_table = sum(shown["counts"]) + shown["table"] + (1 if shown["setAside"] else 0)
        assert on_table == 52, shown
        assert shown["status"].strip(), "every round explains itself"

    final = board(page)
    assert final["counts"] == [len(hand) for hand in expected.hands]
    assert final["out"] == [not hand for hand in expected.hands]
    said = text(page.locator("#result-text"))
    if expected.winner == 0:
        assert said == "You win the game!"
    else:
        assert said == f"CPU {expected.winner} wins the game."
    expect(page.locator("[data-testid=flip]")).to_be_disabled()
    expect(page.locator("[data-testid=again]")).to_be_enabled()


def test_finish_plays_to_the_end_at_once(page: Page, guard) -> None:
    seed = 7
    expected = Game.new(4, seed=seed)
    expected.finish()

    open_game(page)
    new_game(page, 4, seed)
    flip(page, 2)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    final = board(page)
    assert final["round"] == f"{expected.round_number:,}"  # grouped, as English writes it
    assert final["counts"] == [len(hand) for hand in expected.hands]
    assert sum(final["counts"]) + final["table"] == 52
    wait_saved(page, expected.round_number)
    saved = record(page)
    assert saved["game"]["rounds"] == expected.round_number
    assert saved["board"]["over"] is True

    # "New game" from the result box deals again, with the same number of players
    page.click("[data-testid=again]")
    expect(page.locator("[data-testid=result]")).to_be_hidden()
    page.wait_for_function("() => document.getElementById('board').dataset.round === '0'")
    assert board(page)["counts"] == [13, 13, 13, 13]


@pytest.mark.parametrize("order", ["shuffled", "played"])
def test_finish_shows_the_result_in_each_order(page: Page, guard, order: str) -> None:
    expected = Game.new(2, seed=5, return_order=order)
    expected.finish()
    open_game(page)
    new_game(page, 2, 5, order=order)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    assert board(page)["round"] == f"{expected.round_number:,}"  # grouped, as English writes it
    assert ("repetition" in text(page.locator("#result-text"))) == (expected.result == "repetition")
    expect(page.locator("[data-testid=flip]")).to_be_disabled()


def test_cards_are_pictures_with_localized_names(page: Page, guard) -> None:
    seed = 11
    expected = Game.new(2, seed=seed)
    open_game(page, "fr/index.html")
    new_game(page, 2, seed)
    for _ in range(12):
        played = expected.play_round().to_dict()
        flip(page)
        shown = board(page)
        for seat in range(2):
            assert shown["cards"][seat] == expected_cards(played, seat)
        assert shown["counts"] == [len(hand) for hand in expected.hands]
        assert shown["pile"] == len(played["pile"])
    top = page.locator("#seat-0 .cards img.face").last
    code = attribute(top, "data-picture").split("/")[-1].removesuffix(".svg")
    names = page.evaluate("() => JSON.parse(document.getElementById('krig-strings').textContent).cards")
    assert top.get_attribute("alt") == names[code]
    assert " de " in names[code]  # French card names ("valet de pique")
    # the status line is French too, and the page announces it politely
    status = page.locator("[data-testid=status]")
    expect(status).to_have_attribute("aria-live", "polite")
    assert "cartes" in text(status) or "carte" in text(status)


def test_keyboard_flips_once_per_press_and_not_from_fields(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 3, 5)
    page.locator("main").focus()
    page.keyboard.press("Space")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '1'")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '2'")
    # Enter on the Flip button is the button's own click: exactly one round
    page.locator("[data-testid=flip]").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '3'")
    # Space in a form field does not flip
    page.locator("[data-testid=players]").focus()
    page.keyboard.press("Space")
    page.keyboard.press("Escape")
    wait_saved(page, 3)
    assert board(page)["round"] == "3"
    # A toggles auto-play
    page.locator("main").focus()
    page.keyboard.press("a")
    expect(page.locator("[data-testid=autoplay]")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("a")
    expect(page.locator("[data-testid=autoplay]")).to_have_attribute("aria-pressed", "false")


SPACE_THEN = """async (presses) => {
  for (let i = 0; i < presses; i++) document.dispatchEvent(new KeyboardEvent('keydown', {key: ' ', bubbles: true}));
  // the flip's own steps, a few promises long, run first; no answer of the worker can come inside this task
  for (let step = 0; step < 10; step++) await null;
  return {round: document.getElementById('board').dataset.round,
          busy: document.querySelector('[data-testid=flip]').getAttribute('aria-busy')};
}"""


def test_a_flip_draws_the_next_round_at_once_and_stores_the_bridges_record(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 7)
    wait_saved(page, 0)
    assert page.evaluate(SPACE_THEN, 1) == {"round": "1", "busy": "true"}, "drawn before the engine answered"
    wait_saved(page, 1)
    expected = Game.new(2, seed=7)
    expected.play_round()
    stored = record(page)["board"]
    assert stored["round"] == 1 and stored["counts"] == [len(hand) for hand in expected.hands]
    assert board(page)["counts"] == stored["counts"], "the round drawn ahead is the round the engine played"


def test_presses_while_a_flip_is_played_are_not_lost(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 7)
    wait_saved(page, 0)
    page.evaluate(SPACE_THEN, 3)
    wait_saved(page, 3)
    expected = Game.new(2, seed=7)
    for _ in range(3):
        expected.play_round()
    assert record(page)["board"]["counts"] == [len(hand) for hand in expected.hands]
    assert board(page)["round"] == "3"


def test_unused_seats_are_hidden_and_controls_wait_for_the_engine(page: Page, guard) -> None:
    page.goto("en/index.html")
    # before the engine answers, the controls that need it are disabled (it may already be ready: then skip);
    # Flip is not one of them on a first visit, which plays the rounds of an opening at once
    if page.evaluate("() => document.documentElement.dataset.engine") != "ready":
        expect(page.locator("[data-testid=finish]")).to_be_disabled()
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=LOAD_TIMEOUT)
    assert page.evaluate("() => performance.getEntriesByName('engine-ready').length") == 1
    assert page.evaluate("() => performance.getEntriesByName('board-restored').length") == 1
    expect(page.locator("#engine-loading")).to_be_hidden()
    new_game(page, 2, 3)
    expect(page.locator("[data-testid=seat-2]")).to_be_hidden()
    expect(page.locator("[data-testid=seat-3]")).to_be_hidden()
    expect(page.locator("[data-testid=set-aside]")).to_be_hidden()
    new_game(page, 3, 3)
    expect(page.locator("[data-testid=seat-2]")).to_be_visible()
    expect(page.locator("[data-testid=seat-3]")).to_be_hidden()
    expect(page.locator("[data-testid=set-aside]")).to_be_visible()


def test_win_chances_appear_when_play_pauses(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 4, 21)
    flip(page, 3)
    page.wait_for_selector("#seat-3 .chance[data-percent]", timeout=ESTIMATE_TIMEOUT)
    percents = page.evaluate("() => [...document.querySelectorAll('.seat:not([hidden]) .chance .pct')]"
                             ".map((p) => Number(p.textContent.replace('%', '')))")
    assert len(percents) == 4 and 96 <= sum(percents) <= 104
    flip(page)  # a new round never shows the last estimate, but the bars keep their place: "…" until its own
    assert page.locator("#seat-0 .chance").get_attribute("hidden") is None
