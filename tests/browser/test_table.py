"""The game table as a player meets it: everything that matters on the first screen at every size and in every
language, your own seat that flips, a table dealt before the engine is ready, the cards that move (and do not
with the animation off), the keyboard, and the deal's settings that wait for the next game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Visitor, board, flip, new_game, open_game, wait_still

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "crossbrowser"))
from layout import UNSEEN, seat_things  # type: ignore[import-not-found]  # noqa: E402  # beside the cross-browser drivers

from sitebuild.languages import CODES

LANGS = list(CODES)
ROUND = "(n) => document.getElementById('board').dataset.round === String(n)"
SENTENCE = "[data-testid=status] .short"


# Every language on the phones, where the words have the least room; on the wider screens English, French (the
# longest words) and Bengali (the tallest script).
WIDE_LANGS = ["en", "fr", "bn"]


SCREENS = [(1280, 800, 4, WIDE_LANGS), (1366, 768, 2, WIDE_LANGS), (375, 667, 2, LANGS), (375, 740, 4, LANGS),
           (740, 375, 2, WIDE_LANGS)]


@pytest.mark.parametrize(("width", "height", "players", "langs"), SCREENS,
                         ids=[f"{width}x{height}-{players}" for width, height, players, _ in SCREENS])
def test_the_first_screen_shows_flip_every_seat_the_sentence_and_the_result(
        visitor: Visitor, width: int, height: int, players: int,
        langs: list[str]) -> None:
    context = visitor.at(width, height, reduced_motion="reduce")
    page = context.new_page()
    seats = seat_things(players, chances=False)
    for lang in langs:
        page.goto(f"{lang}/index.html?players={players}&seed=0")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        page.wait_for_function("(n) => document.getElementById('board').dataset.players === String(n)",
                               arg=players)
        page.evaluate("() => document.querySelector('[data-testid=flip]').click()")  # no scrolling into view
        page.wait_for_function(ROUND, arg=1)
        assert page.evaluate("() => [scrollX, scrollY]") == [0, 0]
        things = {"flip": "[data-testid=flip]", "auto-play": "[data-testid=autoplay]", "sentence": SENTENCE, **seats}
        assert page.evaluate(UNSEEN, things) == {}, (lang, width, height)
        page.evaluate("() => document.querySelector('[data-testid=finish]').click()")
        expect(page.locator("[data-testid=result]")).to_be_visible(timeout=LOAD_TIMEOUT)
        things = {"result": "[data-testid=result]", "sentence": SENTENCE, **seats}
        assert page.evaluate(UNSEEN, things) == {}, (lang, width, height)
    context.close()


def test_a_tap_on_your_stack_flips(visitor: Visitor) -> None:
    context = visitor.at(375, 740)
    page = context.new_page()
    open_game(page)
    expect(page.locator("[data-testid=hint]")).to_be_visible()  # the first round says how to flip
    page.tap("#seat-0 .stack")
    page.wait_for_function(ROUND, arg=1)
    expect(page.locator("[data-testid=hint]")).to_be_hidden()
    page.tap("#seat-0 .name")  # anywhere on your seat
    page.wait_for_function(ROUND, arg=2)
    context.close()


def test_the_table_looks_dealt_before_the_engine_is_ready(visitor: Visitor) -> None:
    context = visitor.at(1280, 800)
    page = context.new_page()
    page.route("**/js/worker.js", lambda route: None)  # the engine never starts: what is drawn is the page's own
    page.goto("en/index.html", wait_until="domcontentloaded")
    shown = board(page)
    assert (shown["players"], shown["counts"], shown["shown"]) == (2, [26, 26], ["26", "26"])
    assert page.evaluate("() => document.documentElement.dataset.engine") != "ready"
    context.close()


# Where the first card of seat 0 is on screen, every frame from now until window.__stop: the round's motion is
# sampled from its very first frame, however late the test gets to look at it.
TRACK = """() => {
  window.__places = [];
  const sample = () => {
    const card = document.querySelector('#seat-0 .cards img');
    if (card) {
      const r = card.getBoundingClientRect();
      window.__places.push([r.left + r.width / 2, r.top + r.height / 2]);
    }
    if (!window.__stop) requestAnimationFrame(sample);
  };
  sample();
}"""
# How far the card went from where it was first seen, in px
TRAVELLED = """() => { window.__stop = true; const [x, y] = window.__places[0];
  return Math.max(...window.__places.map(([a, b]) => Math.hypot(a - x, b - y))); }"""


def test_a_rounds_cards_travel_across_the_table(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 0)
    page.evaluate(TRACK)
    flip(page)
    wait_still(page)
    assert page.evaluate(TRAVELLED) > 40


def test_nothing_moves_with_the_animation_off(page: Page, guard) -> None:
    open_game(page)
    page.click("#appearance summary")
    page.select_option("[data-testid=animation]", "none")
    new_game(page, 2, 0)
    flip(page)
    boxes = [page.evaluate("() => { const r = document.querySelector('#seat-0 .cards img').getBoundingClientRect();"
                           " return [r.left, r.top, document.getAnimations().length]; }") for _ in range(5)]
    assert boxes == [boxes[0]] * 5 and boxes[0][2] == 0
    # the counts and the sentence are the round's at once
    assert board(page)["shown"] == [str(n) for n in board(page)["counts"]]


def test_space_after_the_speed_slider_flips_and_does_not_scroll(visitor: Visitor) -> None:
    context = visitor.at(1280, 500)  # short: the page can scroll
    page = context.new_page()
    open_game(page)
    new_game(page, 2, 5)
    slider = page.locator("[data-testid=speed]")
    slider.focus()
    page.keyboard.press("ArrowRight")  # the slider moves
    expect(slider).to_have_value("4")
    before = page.evaluate("() => scrollY")
    page.keyboard.press("Space")
    page.wait_for_function(ROUND, arg=1)
    page.keyboard.press("Enter")
    page.wait_for_function(ROUND, arg=2)
    assert page.evaluate("() => scrollY") == before
    context.close()


def test_focus_moves_to_new_game_when_a_game_ends(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 5)
    page.locator("[data-testid=finish]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    expect(page.locator("[data-testid=again]")).to_be_focused()


def test_auto_play_stops_at_a_war_for_those_who_ask(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 0)  # its first war is in round 4
    page.check("[data-testid=stop-war]")
    page.locator("[data-testid=speed]").fill("5")
    page.click("[data-testid=autoplay]")
    expect(page.locator("[data-testid=autoplay]")).to_have_attribute("aria-pressed", "false")
    assert board(page)["round"] == "4"


def test_the_deal_settings_wait_for_the_next_game_and_say_so(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 5)
    note = page.locator("[data-testid=next-game]")
    expect(note).to_be_hidden()
    page.select_option("[data-testid=players]", "3")
    expect(note).to_be_visible()
    expect(page.locator("[data-testid=new-game]")).to_have_class("pending")
    assert board(page)["players"] == 2  # the game on screen goes on as it was
    page.click("[data-testid=new-game]")
    page.wait_for_function("() => document.getElementById('board').dataset.players === '3'")
    expect(note).to_be_hidden()
