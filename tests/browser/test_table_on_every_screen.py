"""The whole game on every screen: at seven window sizes, from a 320 px phone to a laptop and a phone held
sideways, with 2, 3 and 4 players, every seat with its name, count and chance, the round's sentence and the
control that plays on are inside the window and uncovered, at rest, with More options open, with a notice shown,
at the end of the game and in a replay. On a laptop and a tall phone the table keeps its height at the first flip
(and from one round to the next too, a war's included), it does not move when the result appears at
any size, and New game from the end leaves the focus on Flip; the result's words and buttons are seen in every
language. One page per number of players, resized for each size."""

from __future__ import annotations

import sys
from pathlib import Path
from pprint import pformat

import pytest
from playwright.sync_api import Page, expect

from sitebuild.languages import CODES

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, Visitor, flip, wait_chance_bars

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "crossbrowser"))
from layout import LINES, UNSEEN, seat_things  # type: ignore[import-not-found]  # noqa: E402,I001

SIZES = [(1280, 800), (1366, 768), (375, 667), (375, 740), (320, 568), (740, 375), (812, 375)]
STEADY = SIZES[:4]  # the laptops and the tall phones, where the table keeps its height at the first flip
SENTENCE = "[data-testid=status] .short"
BOARD_BOX = "() => { const r = document.getElementById('board').getBoundingClientRect(); return [r.top, r.height]; }"


def seen_at_every_size(page: Page, things: dict[str, str], state: str, focus: str | None = None) -> None:
    """All of `things` is seen at every size, from the top of the page (or with the focus moved to `focus`, which
    scrolls what it needs to); else the failure says what is not, by window size."""
    wrong = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => scrollTo(0, 0)")
        if focus:
            page.focus(focus)
        if missed := page.evaluate(UNSEEN, things):
            wrong[f"{width}x{height}"] = missed
    assert not wrong, f"{state}:\n{pformat(wrong, width=120)}"


def board_at_every_size(page: Page) -> dict[str, list[float]]:
    """The board's top and height at every size, from the top of the page."""
    boxes = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => scrollTo(0, 0)")
        boxes[f"{width}x{height}"] = page.evaluate(BOARD_BOX)
    return boxes


def heights(boxes: dict[str, list[float]], sizes: list[tuple[int, int]]) -> dict[str, float]:
    return {f"{width}x{height}": boxes[f"{width}x{height}"][1] for width, height in sizes}


def click(page: Page, testid: str) -> None:
    page.evaluate("(id) => document.querySelector(`[data-testid=${id}]`).click()", testid)  # no scrolling


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_the_sentence_and_the_controls_are_seen_on_every_screen(
        visitor: Visitor, players: int) -> None:
    context = visitor.at(1280, 800, reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"en/index.html?players={players}&seed=0")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    click(page, "flip")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '1'")
    wait_chance_bars(page)
    playing = {"flip": "[data-testid=flip]", "sentence": SENTENCE, **seat_things(players)}
    seen_at_every_size(page, playing, "at rest")

    options = page.locator("#deal-options")
    options.locator("summary").click()
    expect(options).to_have_attribute("open", "")
    seen_at_every_size(page, playing, "with More options open")
    # More options says its name in words, on one line, at every size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(LINES, "#deal-options > summary") == [{"what": "More options", "lines": 1}]
    options.locator("summary").click()

    # a new deal whose first round is no war: the table keeps the height of one card a seat when its round goes
    calm = next(seed for seed in range(100) if not Game.new(players, seed=seed).play_round().wars)
    page.evaluate("(seed) => { document.getElementById('seed').value = String(seed); }", calm)
    click(page, "new-game")  # the game in progress is kept, and the table says how to get back to it
    expect(page.locator("[data-testid=back-notice]")).to_be_visible()
    wait_chance_bars(page)
    noticed = {"flip": "[data-testid=flip]", "hint": "[data-testid=hint]", "notice": "[data-testid=back-to-game]",
               **seat_things(players)}
    seen_at_every_size(page, noticed, "with a notice shown")
    dealt = board_at_every_size(page)

    page.set_viewport_size({"width": 1280, "height": 800})
    click(page, "flip")
    expect(page.locator("[data-testid=back-notice]")).to_be_hidden()
    page.wait_for_function("() => document.getElementById('board').dataset.round === '1'"
                           f" && document.querySelector('{SENTENCE}').textContent !== ''")
    wait_chance_bars(page)
    before = board_at_every_size(page)
    # on a laptop and a tall phone the table keeps its height at the first flip: the round's sentence takes the
    # hint's line
    assert heights(before, STEADY) == heights(dealt, STEADY)
    click(page, "finish")
    expect(page.locator("[data-testid=result]")).to_be_visible(timeout=LOAD_TIMEOUT)
    assert board_at_every_size(page) == before  # the table does not move when the result appears, at any size
    ended = {"result": "#result-text", "new game": "[data-testid=again]", "sentence": SENTENCE,
             **seat_things(players, chances=False)}
    seen_at_every_size(page, ended, "at the end", focus="[data-testid=again]")

    click(page, "replay")
    expect(page.locator("[data-testid=replay-bar]")).to_have_attribute("data-round", "0")
    click(page, "replay-forward")
    expect(page.locator("[data-testid=replay-bar]")).to_have_attribute("data-round", "1")
    replaying = {"sentence": SENTENCE, "previous": "[data-testid=replay-back]", "play": "[data-testid=replay-play]",
                 "next": "[data-testid=replay-forward]", "leave": "[data-testid=replay-leave]",
                 **seat_things(players, chances=False)}
    seen_at_every_size(page, replaying, "in a replay")

    click(page, "replay-leave")
    page.focus("[data-testid=again]")
    page.keyboard.press("Enter")  # New game from the end: the focus goes on to Flip, not to the page
    expect(page.locator("[data-testid=result]")).to_be_hidden()
    expect(page.locator("[data-testid=flip]")).to_be_focused()
    context.close()


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 375, 667), ("fr", 375, 667), ("en", 1280, 800)])
def test_on_a_tall_phone_and_a_laptop_the_table_keeps_its_height_through_a_war(
        visitor: Visitor, lang: str, width: int, height: int) -> None:
    game = Game.new(4, seed=3)
    assert [game.play_round().wars > 0 for _ in range(16)][-1]  # round 16 is a war, whose sentence is the longest
    page = visitor.at(width, height, reduced_motion="reduce").new_page()
    page.goto(f"{lang}/index.html?players=4&seed=3")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    heights = {page.evaluate(BOARD_BOX)[1]}  # with the first round's hint
    for _ in range(16):
        flip(page)
        heights.add(page.evaluate(BOARD_BOX)[1])
    assert len(heights) == 1, f"the table's heights over 16 rounds: {sorted(heights)}"


def test_the_results_words_and_its_buttons_are_seen_on_every_screen_in_every_language(visitor: Visitor) -> None:
    page = visitor.at(1280, 800, reduced_motion="reduce").new_page()
    page.goto("en/index.html?players=4&seed=0")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    click(page, "finish")
    expect(page.locator("[data-testid=result]")).to_be_visible(timeout=LOAD_TIMEOUT)
    ended = {"result": "#result-text", "new game": "[data-testid=again]", "watch again": "[data-testid=replay]"}
    for lang in CODES:  # the finished game, stored, reopened in each language, whose words differ in length
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{lang}/index.html")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        expect(page.locator("#result-text")).not_to_be_empty()
        seen_at_every_size(page, ended, f"the end, in {lang}", focus="[data-testid=again]")
