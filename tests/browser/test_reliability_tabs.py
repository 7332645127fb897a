"""The same saved game in two tabs: the second waits and offers to take over; the paused tab never saves. A tab
opened as the one before it closes (or a reload) plays the game."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from gamepage import LOAD_TIMEOUT, board, flip, open_game, record, saved_at_round_two, wait_saved

COUNT_PUTS = """
window.__puts = 0;
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) { window.__puts += 1; return put.apply(this, args); };
"""

# The page leaves as soon as another page waits for the game's Web Lock: from the page itself, at once, as a
# reload or a closed tab would (a round trip to the test would lose that moment on a busy machine)
LEAVE_ONCE_ANOTHER_WAITS = """() => { const look = () => navigator.locks.query().then(({ pending }) => {
  if (pending.some((lock) => lock.name === 'krig-game')) location.replace('about:blank'); else setTimeout(look, 5);
}); look(); }"""


def puts(page: Page) -> int:
    return page.evaluate("() => window.__puts")


def test_a_second_tab_waits_then_takes_over_and_the_first_can_take_it_back(
        context: BrowserContext, page: Page, guard) -> None:
    context.add_init_script(COUNT_PUTS)
    first = page
    saved_at_round_two(first)

    second = context.new_page()
    open_game(second)
    notice = second.locator("[data-testid=other-tab]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("This game is open in another tab.")
    expect(second.locator("[data-testid=flip]")).to_be_disabled()
    expect(second.locator("[data-testid=new-game]")).to_be_disabled()
    assert board(second)["counts"] == board(first)["counts"]  # it shows the saved game, paused

    # the first tab is not disturbed: it plays and saves on, the waiting tab writes nothing
    expect(first.locator("[data-testid=taken-over]")).to_be_hidden()
    waiting = puts(second)
    flip(first, 2)
    wait_saved(first, 4)
    assert puts(second) == waiting

    second.click("[data-testid=take-over]")
    expect(notice).to_be_hidden()
    expect(first.locator("[data-testid=taken-over]")).to_be_visible()
    expect(first.locator("[data-testid=taken-over]")).to_contain_text("now being played in another tab")
    expect(first.locator("[data-testid=flip]")).to_be_disabled()
    second.wait_for_function("() => document.getElementById('board').dataset.round === '4'")  # the latest save
    paused = puts(first)
    flip(second, 3)
    wait_saved(second, 7)
    assert puts(first) == paused  # the paused tab never wrote
    assert record(second)["game"]["rounds"] == 7

    first.click("[data-testid=take-back]")
    expect(first.locator("[data-testid=taken-over]")).to_be_hidden()
    first.wait_for_function("() => document.getElementById('board').dataset.round === '7'")
    assert board(first)["counts"] == board(second)["counts"]
    expect(second.locator("[data-testid=taken-over]")).to_be_visible()
    flip(first)
    wait_saved(first, 8)
    assert record(first)["game"]["rounds"] == 8


def test_a_tab_opened_as_the_one_before_it_closes_plays_the_game(context: BrowserContext, page: Page,
                                                                guard) -> None:
    first = page
    saved_at_round_two(first)
    counts = board(first)["counts"]

    first.evaluate(LEAVE_ONCE_ANOTHER_WAITS)  # it gives the lock back a moment after the second tab asked for it
    second = context.new_page()
    second.goto("en/index.html")
    first.wait_for_url("about:blank", timeout=LOAD_TIMEOUT)

    second.wait_for_function("() => document.getElementById('board').dataset.savedRound === '2'",
                             timeout=LOAD_TIMEOUT)
    expect(second.locator("[data-testid=other-tab]")).to_be_hidden()
    assert board(second)["counts"] == counts
    flip(second)
    wait_saved(second, 3)
