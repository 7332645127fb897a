"""A language switch in the middle of a game keeps the round's sentence: the bridge says the round on the table
again in the new language, as it would have said it had the round been played there."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route

from krig.webapp.bridge import answer
from krig.webapp.session import Session

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Visitor, board, flip, open_game, text, wait_saved, wait_still, write

SEED, ROUNDS = 7, 6
SHORT = "[data-testid=status] .short"  # the status line on screen (the live region's fuller sentence is beside it)
# The top and the height of the result's box and of the table, in whole pixels
PLACES = """() => [document.getElementById('result'), document.getElementById('board')]
  .map((element) => element.getBoundingClientRect()).map(({ top, height }) => [Math.round(top), Math.round(height)])"""


def short_status(page: Page) -> str:
    return page.locator(SHORT).evaluate("(element) => element.textContent")


def status_in(lang: str) -> str:
    """The status line of the game's round ROUNDS, as the bridge says it in `lang`."""
    session = Session(lang)
    answer(session, {"type": "new", "players": 2, "seed": SEED})
    for _ in range(ROUNDS):
        flipped = answer(session, {"type": "flip"})
    status: str = flipped["record"]["board"]["status"]
    return status


@pytest.mark.parametrize("lang", ["bn", "fr"])
def test_a_language_switch_mid_game_keeps_the_rounds_sentence_in_the_new_language(page: Page, guard,
                                                                                 lang: str) -> None:
    open_game(page, f"en/index.html?players=2&seed={SEED}")
    flip(page, ROUNDS)
    wait_saved(page, ROUNDS)
    wait_still(page)
    before = board(page)
    assert short_status(page) == status_in("en")
    page.click("[data-testid=language-switcher] summary")
    page.click(f"[data-testid=language-switcher] a[data-lang={lang}]")
    page.wait_for_url(f"**/{lang}/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function(f"() => document.querySelector({SHORT!r}).textContent !== ''")
    after = board(page)
    assert short_status(page) == status_in(lang) != status_in("en")
    assert after["cards"] == before["cards"] and after["counts"] == before["counts"]


def test_a_board_said_in_another_language_is_drawn_without_its_sentences_before_the_engine_is_ready(
        page: Page, guard) -> None:
    session = Session("en")
    answer(session, {"type": "new", "players": 2, "seed": SEED})
    finished = answer(session, {"type": "finish"})["record"]
    assert finished["board"]["status"] and finished["board"]["result_text"]
    page.route("**/js/worker.js", lambda route: None)  # the engine never starts: what is drawn is the page's own
    page.goto("fr/index.html")
    write(page, "current", finished)
    page.reload()
    page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)",
                           arg=finished["board"]["round"])
    assert page.evaluate("() => document.documentElement.dataset.engine") != "ready"
    assert not page.locator("[data-testid=result]").is_hidden()
    assert text(page.locator("#result-text")) == text(page.locator("[data-testid=status]")) == ""


@pytest.mark.parametrize("size", [(375, 740), (1280, 800)], ids=["tall-phone", "laptop"])
def test_a_finished_game_reopened_in_another_language_keeps_the_table_still_when_its_result_is_said(
        visitor: Visitor, size: tuple[int, int]) -> None:
    session = Session("en")
    answer(session, {"type": "new", "players": 2, "seed": SEED})
    finished = answer(session, {"type": "finish"})["record"]
    page = visitor.at(*size).new_page()
    held: list[Route] = []
    page.route("**/js/worker.js", lambda route: held.append(route))  # the engine starts once the table is measured
    page.goto("fr/index.html")
    write(page, "current", finished)
    page.reload()
    page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)",
                           arg=finished["board"]["round"])
    assert text(page.locator("#result-text")) == ""  # the English words are not shown on the French page
    before = page.evaluate(PLACES)
    held[-1].continue_()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => document.getElementById('result-text').textContent !== ''")
    assert page.evaluate(PLACES) == before
