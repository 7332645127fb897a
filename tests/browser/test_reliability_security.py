"""Strict CSP with no violation in a whole game, no request off the origin (service worker included), and
bad share links refused with a clear message, never run or saved."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamepage import (
    CONTROLLED,
    ENGINE_READY,
    LOAD_TIMEOUT,
    attribute,
    board,
    flip,
    new_game,
    open_game,
    record,
    wait_saved,
)

WATCH_CSP = """
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def test_a_whole_game_reports_no_csp_violation(context: BrowserContext, page: Page, guard) -> None:
    context.add_init_script(WATCH_CSP)
    open_game(page)
    csp = attribute(page.locator("meta[http-equiv=Content-Security-Policy]"), "content")
    for directive in ("default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'",
                      "object-src 'none'", "base-uri 'none'"):
        assert directive in csp
    assert "unsafe-inline" not in csp and "unsafe-eval'" not in csp.replace("wasm-unsafe-eval'", "")
    new_game(page, 3, 5)
    page.click("[data-testid=autoplay]")
    page.wait_for_function("() => Number(document.getElementById('board').dataset.round) >= 3")
    page.click("[data-testid=autoplay]")
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    page.click("#saving summary")
    with page.expect_download():
        page.click("[data-testid=export]")
    page.click("[data-testid=share]")
    page.goto("en/stats.html")
    page.wait_for_load_state("load")
    assert page.evaluate("() => window.__violations") == []


STAND_IN = "window.__module = 'stand-in';"  # the page's module, replaced by one that touches no storage
# The object stores of IndexedDB's "krig", opened after whatever opening of it was asked for first
STORES = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('krig');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => { const names = [...open.result.objectStoreNames]; open.result.close(); resolve(names); };
})"""


def test_the_pages_one_inline_script_runs_under_the_csp_and_makes_the_saves_store_before_any_module(
        context: BrowserContext, page: Page, guard) -> None:
    context.add_init_script(WATCH_CSP)
    context.route("**/js/game.js", lambda route: route.fulfill(content_type="text/javascript", body=STAND_IN))
    page.goto("en/index.html")
    assert page.evaluate("() => window.__module") == "stand-in"  # none of the page's modules ran
    assert page.evaluate(STORES) == ["saves"]
    assert page.evaluate("() => window.__violations") == []


@pytest.mark.service_worker
def test_offline_play_through_the_service_worker_asks_no_other_origin(context: BrowserContext, page: Page,
                                                                    guard) -> None:
    open_game(page)
    page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
    new_game(page, 2, 9)
    flip(page, 2)
    context.set_offline(True)
    try:
        page.reload()  # served by the service worker, whose fetches the context reports too
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        assert page.evaluate(CONTROLLED)
        flip(page, 2)
        page.click("[data-testid=finish]")
        expect(page.locator("[data-testid=result]")).to_be_visible()
        page.goto("fr/index.html")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    finally:
        context.set_offline(False)
    assert guard.foreign == []


# One link of each kind: a value out of range, markup, a seed of 5,000 digits, and a deal Krig does not offer.
# What each bad value of each setting is told is proved in tests/js/deal.test.mjs ("a bad link names what is
# wrong"); the page shows any of them by the same code.
BAD_LINKS = {
    "players=9": ("?players=9&seed=1", "2, 3 or 4"),
    "down=script": ("?seed=5&down=<script>alert(1)</script>", "number of face-down cards is not valid"),
    "seed=5000-digits": ("?seed=" + "7" * 5000, "seed is not valid"),
    "played&down=2": ("?players=2&seed=6&order=played&down=2", "which Krig does not offer"),
}


@pytest.mark.parametrize("case", BAD_LINKS)
def test_a_bad_link_is_refused_clearly_until_a_new_deal_and_never_replaces_the_saved_game(
        page: Page, guard, case: str) -> None:
    query, message = BAD_LINKS[case]
    open_game(page)
    new_game(page, 3, 21)
    flip(page, 2)
    wait_saved(page, 2)
    saved = record(page)
    page.goto("en/index.html" + query)
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=bad-link]")).to_be_visible()
    expect(page.locator("#bad-link-text")).to_contain_text(message)
    assert page.locator("body script:not([src]):not([type='application/json'])").count() == 0  # none from the link
    assert "?" not in page.url  # the link is dropped: a reload does not complain again
    assert record(page) == saved  # the saved game is untouched…
    assert board(page)["round"] == "2"
    flip(page)  # …and goes on
    wait_saved(page, 3)
    expect(page.locator("[data-testid=bad-link]")).to_be_visible()  # said while that game is on screen
    new_game(page, 2, 4)
    expect(page.locator("[data-testid=bad-link]")).to_be_hidden()  # not over another game
