"""Live win chances: an estimate after each round, built chunk by chunk, never delaying a flip."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from gamepage import Game, flip, new_game, open_game

READ_CHANCES = """() => ({
  seats: [...document.querySelectorAll('.seat:not([hidden]) .chance')].map((c) => Number(c.dataset.percent)),
  other: Number(document.getElementById('chance-other').dataset.percent),
  round: Number(document.getElementById('chance-other').dataset.round),
})"""
SHOWN = "(round) => { const o = document.getElementById('chance-other');" \
        " return !o.hidden && o.dataset.round === String(round); }"


def chances_for(page: Page, round_number: int) -> dict:
    """Wait until the estimate for `round_number` is on screen, and read it."""
    page.wait_for_function(SHOWN, arg=round_number, timeout=30_000)
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
    # the old estimate stays on screen until the new one replaces it: the bars do not blank out
    assert page.locator("#chance-other").is_visible() and page.evaluate(READ_CHANCES)["round"] in (1, 2)
    assert chances_for(page, 2)["round"] == 2


def test_a_shuffled_game_says_draw_alone_since_it_cannot_repeat(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 31)
    flip(page)
    chances_for(page, 1)
    expect(page.locator("#chance-other .draw-only")).to_be_visible()
    expect(page.locator("#chance-other .with-repetition")).to_be_hidden()


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
    shown = chances_for(page, 0)
    assert shown["seats"][2] == 0
    assert shown["seats"][1] < 50 and 97 <= sum(shown["seats"]) + shown["other"] <= 103
    flip(page)
    assert chances_for(page, 1)["seats"][2] == 0
