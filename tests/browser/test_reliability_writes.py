"""What the page writes to IndexedDB is never lost nor overtaken: a finished game and its statistics entry land
together, an entry missing after a crash or an older site is added once, and the late write of a tab that lost the
game is refused in its own transaction."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from gamepage import board, flip, new_game, open_game, record, saved_at_round_two, wait_saved, wait_stored, write

# A browser without Web Locks: two tabs then learn of each other only from IndexedDB's claim (store.js).
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"


def stats(page: Page) -> None:
    page.goto("en/stats.html")
    expect(page.locator("[data-stat=played]")).to_be_visible()


def finished(page: Page) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game dealt and finished: its last record and its history entry, as stored."""
    open_game(page)
    new_game(page, 2, 5)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    ended = wait_stored(page, lambda value: bool(value) and value["board"]["over"])
    (entry,) = wait_stored(page, lambda value: bool(value), "history")
    return ended, entry


def history_after_a_visit(page: Page) -> list[dict[str, Any]]:
    """Open the stored finished game, then deal a new one: a write begun after any the restore began, so once the
    new game is stored, the history holds all the visit added to it."""
    open_game(page)
    expect(page.locator("[data-testid=result]")).to_be_visible()
    before = record(page).get("id")
    page.click("[data-testid=again]")
    wait_stored(page, lambda value: bool(value) and value.get("id") != before)
    history: list[dict[str, Any]] = record(page, "history")
    return history


def test_a_game_finished_then_left_at_once_is_in_the_statistics(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 5)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    stats(page)  # at once: the record and the entry were written together, or not at all
    expect(page.locator("[data-stat=played]")).to_have_text("1")


def test_a_finished_game_missing_from_the_statistics_is_added_once_on_the_next_visit(page: Page, guard) -> None:
    ended, entry = finished(page)
    assert entry["id"] == ended["id"]
    write(page, "history", [])  # as if the browser had crashed between the two writes of an older site
    open_game(page)
    assert wait_stored(page, lambda value: bool(value), "history") == [entry]
    write(page, "current", ended)
    assert history_after_a_visit(page) == [entry]  # a game already there is not added again
    stats(page)
    expect(page.locator("[data-stat=played]")).to_have_text("1")


def test_an_older_sites_finished_game_is_not_counted_twice(page: Page, guard) -> None:
    """Version 3 records and version 2 entries had no id: both are named by the time they shared."""
    ended, entry = finished(page)
    # an older site stored the game's last record and its entry with the same time (a later write of this
    # site, such as a setting changed after the end, may have moved the record's)
    older = {key: value for key, value in ended.items() if key != "id"} | {"version": 3, "savedAt": entry["endedAt"]}
    write(page, "current", older)
    write(page, "history", [{key: value for key, value in entry.items() if key != "id"} | {"version": 2}])
    assert len(history_after_a_visit(page)) == 1
    stats(page)
    expect(page.locator("[data-stat=played]")).to_have_text("1")


def test_a_tab_that_lost_the_game_cannot_overwrite_it_and_says_so(context: BrowserContext, page: Page, guard) -> None:
    context.add_init_script(NO_LOCKS)
    old = page
    saved_at_round_two(old)

    new = context.new_page()
    open_game(new)  # it claims the game as it restores it: from now on the old tab's writes are refused
    new.wait_for_function("() => document.getElementById('board').dataset.round === '2'")
    flip(new, 3)
    wait_saved(new, 5)
    stored = record(new)

    old.click("[data-testid=flip]")  # drawn in the old tab, which does not know yet; its write is refused
    expect(old.locator("[data-testid=taken-over]")).to_be_visible()
    expect(old.locator("[data-testid=flip]")).to_be_disabled()
    assert record(new) == stored  # still the new tab's round 5, not the old tab's round 3

    old.click("[data-testid=take-back]")  # the old tab claims it back, from the latest record
    old.wait_for_function("() => document.getElementById('board').dataset.round === '5'")
    assert board(old)["counts"] == board(new)["counts"]
    flip(old)
    wait_saved(old, 6)
    new.click("[data-testid=flip]")
    expect(new.locator("[data-testid=taken-over]")).to_be_visible()
    assert record(old)["game"]["rounds"] == 6
