"""When storage is missing, denied, blocked or full, or the tab dies mid-game: the game goes on and says so once."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game, open_game, record, wait_saved

# Storage the browser denies outright: reading the API itself throws, as for opaque origins, sandboxed frames and
# some privacy settings.
DENIED = {
    api: f"""Object.defineProperty(window, '{api}', {{
        get() {{ throw new DOMException('denied by the test', 'SecurityError'); }} }});"""
    for api in ("indexedDB", "localStorage")
}

# Ways IndexedDB fails in real browsers (private modes, blocked storage, a broken profile), installed before
# any page script runs.
NO_INDEXEDDB = {
    "denied": DENIED["indexedDB"],
    "open-throws": """indexedDB.open = () => { throw new DOMException('blocked by the test', 'SecurityError'); };""",
    "open-fails": """indexedDB.open = function () {
        const request = { result: undefined, error: new DOMException('broken by the test', 'UnknownError') };
        setTimeout(() => request.onerror && request.onerror(new Event('error')), 0);
        request.addEventListener = () => {};
        return request;
      };""",
    "open-blocked": """indexedDB.open = function () {
        const request = { result: undefined, error: null };
        setTimeout(() => request.onblocked && request.onblocked(new Event('blocked')), 0);
        request.addEventListener = () => {};
        return request;  // and it never succeeds
      };""",
    "no-indexeddb": """Object.defineProperty(window, 'indexedDB', { value: undefined });""",
}

# The first `window.__failPuts` writes throw as a full disk does; the count of puts is kept per page.
FAILING_PUTS = """
window.__failPuts = 0;
window.__puts = 0;
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  window.__puts += 1;
  if (window.__failPuts > 0) {
    window.__failPuts -= 1;
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  }
  return put.apply(this, args);
};
"""

# IndexedDB that opens at once but answers the start-up's reads (its first three) 6 s after they are made, past
# the 4 s the page gives the opening: WebKitGTK's storage process was that slow on a machine ten times
# oversubscribed.
SLOW_FIRST_READS = """
const get = IDBObjectStore.prototype.get;
let slow = 3;
IDBObjectStore.prototype.get = function (...args) {
  const request = get.apply(this, args);
  if (slow > 0) {
    slow -= 1;
    Object.defineProperty(request, 'onsuccess', { set(handler) {
      request.addEventListener('success', (event) => setTimeout(() => handler.call(request, event), 6000));
    } });
  }
  return request;
};
"""


@pytest.mark.parametrize("how", NO_INDEXEDDB)
def test_without_indexeddb_the_game_plays_and_says_once_that_saving_is_off(
        context: BrowserContext, page: Page, guard, how: str) -> None:
    context.add_init_script(NO_INDEXEDDB[how])
    open_game(page)
    notice = page.locator("[data-testid=storage-off]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Saving is off in this browser")
    flip(page, 3)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    # one notice, not one per round, and no "could not be saved" on top of it
    expect(page.locator(".notice:visible")).to_have_count(1)
    expect(page.locator("[data-testid=save-failed]")).to_be_hidden()
    page.click("[data-testid=again]")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '0'")
    flip(page)


def test_a_storage_slow_to_answer_once_open_still_restores_and_keeps_the_game(
        context: BrowserContext, page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 8)
    flip(page, 2)
    wait_saved(page, 2)
    context.add_init_script(SLOW_FIRST_READS)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert board(page)["round"] == "2"
    flip(page)
    wait_saved(page, 3)
    expect(page.locator(".notice:visible")).to_have_count(0)  # saving was never said to be off


def test_without_localstorage_the_game_plays_and_is_still_saved(context: BrowserContext, page: Page,
                                                                guard) -> None:
    """localStorage only holds the start-up hint that a game is saved: without it, start-up waits for IndexedDB."""
    context.add_init_script(DENIED["localStorage"])
    open_game(page)
    new_game(page, 2, 8)
    flip(page, 2)
    wait_saved(page, 2)
    expect(page.locator(".notice:visible")).to_have_count(0)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert board(page)["round"] == "2"
    flip(page)
    wait_saved(page, 3)
    expect(page.locator(".notice:visible")).to_have_count(0)


@pytest.mark.parametrize("api", DENIED)
def test_the_statistics_page_with_storage_denied_simulates_and_says_what_is_kept(
        context: BrowserContext, page: Page, guard, api: str) -> None:
    context.add_init_script(DENIED[api])
    page.goto("en/stats.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    notice = page.locator("[data-testid=storage-off]")
    if api == "indexedDB":
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Saving is off in this browser")
    else:  # the finished games are in IndexedDB, which works
        expect(notice).to_be_hidden()
    expect(page.locator("[data-testid=history-empty]")).to_be_visible()
    page.select_option("[data-testid=sim-games]", "1000")
    page.click("[data-testid=sim-run]")
    expect(page.locator("[data-testid=sim-summary]")).to_have_attribute("data-games", "1000", timeout=LOAD_TIMEOUT)


def test_a_full_disk_shows_a_notice_and_the_next_save_catches_up(context: BrowserContext, page: Page,
                                                                 guard) -> None:
    context.add_init_script(FAILING_PUTS)
    open_game(page)
    new_game(page, 2, 31)
    flip(page, 2)
    wait_saved(page, 2)
    page.evaluate("() => { window.__failPuts = 2; }")
    flip(page)  # both of its writes fail: the round drawn at once, and the bridge's record of it
    expect(page.locator("[data-testid=save-failed]")).to_be_visible()
    expect(page.locator("[data-testid=save-failed]")).to_contain_text("could not be saved")
    assert record(page)["game"]["rounds"] == 2  # the old save is whole, not half-written
    assert page.evaluate("() => window.__failPuts") == 0
    flip(page)  # writes work again: this save holds everything
    wait_saved(page, 4)
    expect(page.locator("[data-testid=save-failed]")).to_be_hidden()
    saved = record(page)
    assert saved["game"]["rounds"] == 4
    assert saved["board"]["counts"] == board(page)["counts"]


def test_a_crashed_tab_loses_at_most_the_round_in_flight(context: BrowserContext, page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 12)
    flip(page, 5)
    shown = int(page.evaluate("() => document.getElementById('board').dataset.round"))
    page.click("[data-testid=flip]")  # a round in flight…
    # …when the tab goes away without running any unload handler, so there is no last save
    # (a CDP Page.crash never answers, which would hang the test)
    page.close(run_before_unload=False)

    again = context.new_page()
    open_game(again)
    saved = record(again)
    assert shown - 1 <= saved["game"]["rounds"] <= shown + 1
    assert board(again)["round"] == str(saved["game"]["rounds"])
    expect(again.locator("[data-testid=save-damaged]")).to_be_hidden()
    flip(again)  # and the game goes on from there
    wait_saved(again, saved["game"]["rounds"] + 1)
