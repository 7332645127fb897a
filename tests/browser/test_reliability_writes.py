"""What the page writes to IndexedDB is never lost nor overtaken: a finished game and its statistics entry land
together, an entry missing after a crash or an older site is added once, and the late write of a tab that lost the
game is refused in its own transaction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    board,
    flip,
    new_game,
    open_game,
    record,
    saved_at_round_two,
    wait_saved,
    wait_stored,
    write,
)

HISTORY = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "history").glob("v*.json"))

# A browser without Web Locks: two tabs then learn of each other only from IndexedDB's claim (store.js).
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"


# Every transaction the page's own scripts begin (a test's reads are not theirs): its mode, its requests, and
# whether it was committed by the end of the task that began it (a timer set then runs after that task).
WATCH_TRANSACTIONS = """(() => {
  const begun = [];
  window.__transactions = begun;
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (...args) {
    const made = transaction.apply(this, args);
    if (!(new Error().stack || '').includes(`${location.origin}/js/`)) return made;
    const seen = { mode: args[1] || 'readonly', requests: [], committed: false, atOnce: null };
    begun.push(seen);
    made.__seen = seen;
    setTimeout(() => { seen.atOnce = seen.committed; });
    return made;
  };
  const commit = IDBTransaction.prototype.commit;
  IDBTransaction.prototype.commit = function () {
    if (this.__seen) this.__seen.committed = true;
    return commit.call(this);
  };
  for (const name of ['get', 'getAll', 'getAllKeys', 'put', 'add', 'delete']) {
    const request = IDBObjectStore.prototype[name];
    IDBObjectStore.prototype[name] = function (...args) {
      const key = name === 'put' || name === 'add' ? args[1] : args[0];
      if (this.transaction.__seen) this.transaction.__seen.requests.push(`${name} ${JSON.stringify(key)}`);
      return request.apply(this, args);
    };
  }
})()"""


def transactions(page: Page) -> list[dict[str, Any]]:
    """The transactions the page has begun so far (WATCH_TRANSACTIONS), once each one's task is over."""
    page.wait_for_function("() => window.__transactions.every((seen) => seen.atOnce !== null)")
    seen: list[dict[str, Any]] = page.evaluate("() => window.__transactions")
    return seen


def stats(page: Page) -> None:
    """The statistics page, once it shows your games: those an older site stored wait for the engine, which brings
    them up to date."""
    page.goto("en/stats.html")
    expect(page.locator("[data-stat=played]")).to_be_visible(timeout=LOAD_TIMEOUT)


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


def older_record(record: dict[str, Any], saved_at: int, version: int) -> dict[str, Any]:
    """`record` as a site of record version `version` stored it: version 3 had no id (the record and the entry of a
    finished game shared their time), version 2 kept the comeback as board.low, version 1 kept no log."""
    older = {key: value for key, value in record.items() if key != "id"} | {"version": 3, "savedAt": saved_at}
    if version <= 2:
        comeback = older.pop("comeback")
        older |= {"version": 2, "board": older["board"] | {"low": comeback}}
    if version == 1:
        del older["log"]
        older["version"] = 1
    return older


def older_entry(entry: dict[str, Any], version: int) -> dict[str, Any]:
    """`entry` as a site of history version `version` stored it: version 2 had no id, version 1 kept no game,
    version 0 had no version and called the comeback low."""
    older = {key: value for key, value in entry.items() if key != "id"} | {"version": 2}
    if version <= 1:
        older = {key: value for key, value in older.items() if key != "game"} | {"version": 1}
    if version == 0:
        comeback = older.pop("comeback")
        older = {key: value for key, value in older.items() if key != "version"} | {"low": comeback}
    return older


@pytest.mark.parametrize(("record_version", "history_version"), [(1, 0), (2, 1), (3, 2)])
def test_an_older_sites_finished_game_is_counted_once(page: Page, guard, record_version: int,
                                                      history_version: int) -> None:
    """An older site's finished game, its last record and its entry as that site stored them: they had no id, and
    are named by the time they shared."""
    ended, entry = finished(page)
    # an older site stored the game's last record and its entry with the same time (a later write of this
    # site, such as a setting changed after the end, may have moved the record's)
    write(page, "current", older_record(ended, entry["endedAt"], record_version))
    write(page, "history", [older_entry(entry, history_version)])
    assert len(history_after_a_visit(page)) == 1
    stats(page)
    expect(page.locator("[data-stat=played]")).to_have_text("1")


@pytest.mark.parametrize("path", HISTORY, ids=lambda path: path.stem)
def test_the_finished_games_of_every_history_version_are_each_counted_once(page: Page, guard, path: Path) -> None:
    games = json.loads(path.read_text())
    page.goto("en/stats.html")
    write(page, "history", games)
    stats(page)
    expect(page.locator("[data-stat=played]")).to_have_text(str(len(games)))
    open_game(page)  # a visit of the game page adds nothing to them
    stats(page)
    expect(page.locator("[data-stat=played]")).to_have_text(str(len(games)))


def test_the_game_page_stores_an_older_sites_finished_games_brought_up_to_date(page: Page, guard) -> None:
    """So that the statistics page reads them without waiting for the engine."""
    older, current = (json.loads(path.read_text()) for path in HISTORY[-2:])
    page.goto("en/stats.html")
    write(page, "history", older)
    open_game(page)
    version = current[0]["version"]
    assert wait_stored(page, lambda games: bool(games) and games[0]["version"] == version, "history") == current


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


def test_every_transaction_but_the_claim_is_committed_in_the_task_that_begins_it(page: Page, guard) -> None:
    # One that is not waits for the page to take IndexedDB's answers: a write begun behind it then dies with the page
    # if the page is left while busy, as it is just after a flip (in Chromium; benchmarks/queued_writes.py).
    page.context.add_init_script(WATCH_TRANSACTIONS)
    open_game(page)  # a first visit: its game is dealt and stored
    flip(page, 2)  # the first action: the page asks the browser to keep its data, once
    wait_saved(page, 2)
    page.locator("[data-testid=stop-war]").check()
    new_game(page, 3)  # over an unfinished game, kept for "Back to your game"
    flip(page)  # which forgets it
    page.click("[data-testid=finish]")  # the finished game joins the history
    expect(page.locator("[data-testid=result]")).to_be_visible()
    page.click("#saving summary")
    page.locator("[data-testid=keep]").uncheck()  # the stored game is deleted
    page.locator("[data-testid=keep]").check()  # and stored again
    page.click("[data-testid=delete-save]")
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound === undefined")
    begun = transactions(page)
    page.reload()  # the start-up: its read, the probe and the claim
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    begun += transactions(page)

    requests = {request.split(" ")[0] for seen in begun for request in seen["requests"]}
    assert {"get", "put", "add", "delete"} <= requests, begun  # reads, writes, the marks and the probe were seen
    claims = [seen for seen in begun if 'get "claim"' in seen["requests"]]
    assert len(claims) == 2, begun  # one claim per page: it writes what it has read, so it cannot commit at once
    assert [seen for seen in begun if not seen["atOnce"] and seen not in claims] == []
