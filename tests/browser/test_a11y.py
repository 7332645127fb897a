"""Accessibility in all six languages: axe-core finds nothing on any page or state, in light and dark; the game
fits a 320 px screen with 44 px touch targets; screenshots for the README at phone and desktop sizes.

axe-playwright-python injects axe-core with `page.evaluate(<script text>)`, which the pages' CSP blocks (no eval),
so these tests, and only these, run in a context with `bypass_csp=True`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from sitebuild.languages import CODES

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, flip, new_game, wait_chances, write

LANGS = list(CODES)
# The README's screenshots are taken by `make screenshots` alone, which names their folder; a plain test run takes none.
SHOTS = Path(os.environ["KRIG_SCREENSHOTS"]) if os.environ.get("KRIG_SCREENSHOTS") else None
SHOOTS = "en"  # the language of the screenshots
AXE = Axe()

# Every button, field, select and link a person uses to play, with the label standing in for a small radio.
TARGETS = """() => [...document.querySelectorAll(
    '#setup button, #setup select, #setup input, #deal-options summary, #deal-options input,'
    + ' #deal-options select, #controls button, #controls input,'
    + ' #result button, #share-result input, #saving summary, #saving button, #saving select, #saving input,'
    + ' #appearance summary, #appearance select, #log summary, header a, #replay button, #replay input')]
  .filter((el) => el.getClientRects().length)
  .map((el) => {
    const target = el.matches('input[type=radio], input[type=checkbox], input[type=file]') ? el.closest('label') : el;
    const box = target.getBoundingClientRect();
    return {what: el.id || el.textContent.trim().slice(0, 30) || el.outerHTML.slice(0, 60),
            width: box.width, height: box.height};
  })"""


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "bypass_csp": True}


def war_seed() -> int:
    """A two-player seed whose first round is a war."""
    return next(seed for seed in range(1000) if Game.new(2, seed=seed).play_round().wars)


def no_violations(page: Page, state: str) -> None:
    """axe-core on the page as it is, in the light and the dark colour scheme."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        results = AXE.run(page)
        assert results.violations_count == 0, f"{state}, {scheme}:\n{results.generate_report()}"
    page.emulate_media(color_scheme="light")


def open_all_details(page: Page) -> None:
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")


def fits_a_small_screen(page: Page) -> None:
    page.set_viewport_size({"width": 320, "height": 700})
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    small = [t for t in page.evaluate(TARGETS) if t["width"] < 44 or t["height"] < 44]
    assert small == [], small
    page.set_viewport_size({"width": 1280, "height": 900})


def shoot(page: Page, name: str, width: int, height: int, selector: str = "body") -> None:
    """A screenshot for the README, `selector` at the top of a `width` × `height` window."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("(s) => document.querySelector(s).scrollIntoView({block: 'start'})", selector)
    assert SHOTS
    page.screenshot(path=str(SHOTS / name))


@pytest.mark.parametrize("lang", LANGS)
def test_every_state_has_no_axe_violations(page: Page, guard, lang: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    # a damaged save and one finished game in the history, written before the game page opens
    page.goto(f"{lang}/stats.html")
    write(page, "current", {"version": 2, "game": {"version": 1, "players": 9}, "log": []})
    write(page, "history", [{"players": 2, "result": "win", "winner": 0, "rounds": 300, "low": 4, "endedAt": 0}])

    page.goto(f"{lang}/index.html?players=9")  # and a bad link
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=save-damaged]")).to_be_visible()
    expect(page.locator("[data-testid=bad-link]")).to_be_visible()
    open_all_details(page)
    no_violations(page, "damaged save and bad link")

    page.click("[data-testid=damaged-new]")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '0'")
    page.emulate_media(reduced_motion="reduce")  # the round's cards stay on the table for the screenshots
    new_game(page, 2, war_seed())
    flip(page)
    wait_chances(page, 1)  # the win chances on screen, not "…" while they are worked out
    if SHOTS and lang == SHOOTS:
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = false; })")
        shoot(page, "war.png", 1280, 900, "#board")
        shoot(page, "board-desktop.png", 1280, 900)
        shoot(page, "board-phone.png", 375, 812)
        page.evaluate("() => { document.querySelector('.deal-options').open = true; }")
        page.select_option("[data-testid=face-down]", "3")
        shoot(page, "deal-options.png", 1280, 900, "#deal-options")
        page.select_option("[data-testid=face-down]", "1")
        page.evaluate("() => { document.querySelector('.deal-options').open = false; }")
        page.evaluate("() => { document.getElementById('appearance').open = true; }")
        page.select_option("[data-testid=deck]", "four-colour")
        shoot(page, "four-colour.png", 1280, 900, "#board")
        page.select_option("[data-testid=deck]", "standard")
        page.evaluate("() => { document.getElementById('appearance').open = false; }")
        page.set_viewport_size({"width": 1280, "height": 900})
    page.click("[data-testid=share]")
    open_all_details(page)
    no_violations(page, "a war, with the log, options and share link open")
    fits_a_small_screen(page)

    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    no_violations(page, "the end of a game")
    fits_a_small_screen(page)

    page.click("[data-testid=replay]")
    expect(page.locator("[data-testid=replay-bar]")).to_be_visible()
    page.click("[data-testid=replay-forward]")  # the first round: a war, with its face-down cards
    page.wait_for_function("() => document.getElementById('replay').dataset.round === '1'")
    no_violations(page, "a replay in progress")
    if SHOTS and lang == SHOOTS:
        shoot(page, "replay.png", 1280, 900, "#board")
        page.set_viewport_size({"width": 1280, "height": 900})
    fits_a_small_screen(page)
    page.click("[data-testid=replay-leave]")
    expect(page.locator("[data-testid=replay-bar]")).to_be_hidden()

    page.goto(f"{lang}/stats.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=history]")).to_be_visible()
    page.select_option("[data-testid=sim-games]", "1000")
    page.click("[data-testid=sim-run]")
    expect(page.locator("[data-testid=sim-summary]")).to_have_attribute("data-games", "1000", timeout=LOAD_TIMEOUT)
    no_violations(page, "statistics with charts")
    if SHOTS and lang == SHOOTS:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.locator("#sim-heading").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "stats.png"), full_page=True)


    page.select_option("[data-testid=sim-face-down]", "all")
    page.check("[data-testid=sim-peace]")  # and Jokers greyed out
    page.click("[data-testid=sim-run]")
    # five numbers of face-down cards, each without and with Peace
    expect(page.locator("[data-testid=sim-summary]")).to_have_attribute("data-games", "10000", timeout=LOAD_TIMEOUT)
    no_violations(page, "statistics with the numbers of face-down cards and a house rule compared")
