"""A page that lost the game can never overwrite, hide or undo what the page that holds it stores, however its
write and the other page's claim and write interleave.

Two real pages of one browser without Web Locks, so that IndexedDB's claim is their only guard (store.js). A
transaction of the test's own holds the store, so that A's write, begun behind it, waits until the test releases
it, as behind any slow transaction: the pages' own code runs unchanged, against real IndexedDB. The steps are
  a1  A's write begins (and is held),
  b   B claims the game ("Play here instead"), then B writes (a flip),
  a2  A's write ends;
B cannot write before its claim is answered, and a claim begun while A's write is held is answered after it ends,
so these are every order the pages allow.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext, Page, expect

from krig.webapp import history

from gamepage import flip, open_game, record, saved_at_round_two, wait_saved, write

NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"

# `__block()` opens a read-write transaction of the test's own on the page's store and keeps it open (reading a key
# nobody uses) until `released`: the writes and claims begun meanwhile, by this page or another, wait behind it, in
# the order they were begun, as behind any slow transaction. The next read-write transaction the page begins after
# `watch` is set is the one whose end sets `ended`; every one it begins is counted.
HOLD = """
window.__hold = { watch: false, released: false, ended: false, readwrites: 0 };
(() => {
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (names, mode, ...rest) {
    const begun = transaction.call(this, names, mode, ...rest);
    if (mode === 'readwrite') {
      window.__hold.readwrites += 1;
      if (window.__hold.watch) {
        window.__hold.watch = false;
        const ended = () => { window.__hold.ended = true; };
        begun.addEventListener('complete', ended);
        begun.addEventListener('abort', ended);
      }
    }
    return begun;
  };
  window.__block = () => new Promise((resolve, reject) => {
    const open = indexedDB.open('krig');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const store = transaction.call(db, 'saves', 'readwrite').objectStore('saves');
      const wait = () => { if (!window.__hold.released) store.get('__blocked').onsuccess = wait; };
      wait();
      store.transaction.oncomplete = () => db.close();
      resolve();
    };
  });
})();
"""

ORDERS = [
    ("a1", "a2", "claim", "write"),
    ("a1", "claim", "a2", "write"),
    ("claim", "a1", "a2", "write"),
    ("claim", "a1", "write", "a2"),
    ("claim", "write", "a1", "a2"),
]

# of the current version: the holder's start-up would store an older one brought up to date
EARLIER = [{"version": history.HISTORY_VERSION, "id": "earlier", "players": 2, "result": "win", "winner": 1,
            "rounds": 90, "comeback": None, "endedAt": 1}]


def shown_round(page: Page) -> int:
    return int(page.evaluate("() => document.getElementById('board').dataset.round"))


def game_shown(page: Page) -> str:
    """How many games the page has loaded (a claim's restore is one more)."""
    return str(page.evaluate("() => document.getElementById('board').dataset.gameId"))


def readwrites(page: Page) -> int:
    return int(page.evaluate("() => window.__hold.readwrites"))


def begun_since(page: Page, count: int) -> None:
    page.wait_for_function("(n) => window.__hold.readwrites > n", arg=count)


def knows_it_lost(page: Page) -> None:
    """`page` writes once more if it does not know yet: refused, it says so and offers the game back."""
    notice = page.locator("[data-testid=taken-over]")
    if not notice.is_visible():
        page.click("[data-testid=flip]")
    expect(notice).to_be_visible()


def interleave(a: Page, b: Page, order: tuple[str, ...], stored: int) -> int:
    """Run `order` with A holding the claim and B offered the game back; the round B stores in the end."""
    a.evaluate("() => Object.assign(window.__hold, { watch: false, released: false, ended: false })")
    held = False
    landed = order.index("a1") < order.index("claim")  # A read its claim before B's: its write lands first
    games = game_shown(b)
    for step in order:
        if step == "a1":
            a.evaluate("() => window.__block()")
            begun = readwrites(a)
            a.evaluate("() => { window.__hold.watch = true; }")
            a.click("[data-testid=flip]")
            begun_since(a, begun)
            held = True
        elif step == "a2":
            a.evaluate("() => { window.__hold.released = true; }")
            a.wait_for_function("() => window.__hold.ended")
            held = False
        elif step == "claim":
            begun = readwrites(b)
            b.click("[data-testid=take-back]")
            if held:
                begun_since(b, begun)
        else:
            b.wait_for_function("(n) => document.getElementById('board').dataset.gameId !== n", arg=games)
            before = readwrites(b)
            b.click("[data-testid=flip]")
            if held:
                begun_since(b, before)
    taken = stored + (1 if landed else 0)  # the round B claimed
    b.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)", arg=taken + 1)
    wait_saved(b, taken + 1)
    return taken + 1


def test_a_late_write_of_a_page_that_lost_the_game_never_touches_what_the_holder_stores(
        context: BrowserContext, page: Page, guard) -> None:
    context.add_init_script(NO_LOCKS)
    context.add_init_script(HOLD)
    a = page
    saved_at_round_two(a)
    write(a, "history", EARLIER)
    b = context.new_page()
    open_game(b)  # it claims the game at start-up
    b.wait_for_function("() => document.getElementById('board').dataset.round === '2'")
    knows_it_lost(a)
    a.click("[data-testid=take-back]")  # A holds the game, B does not know yet
    expect(a.locator("[data-testid=taken-over]")).to_be_hidden()
    knows_it_lost(b)
    stored = 2
    for order in ORDERS:
        stored = interleave(a, b, order, stored)
        saved: dict[str, Any] = record(b)
        assert saved["game"]["rounds"] == stored == shown_round(b), f"{order}: not B's record"
        assert saved["board"]["round"] == stored, f"{order}: not B's board"
        assert record(b, "history") == EARLIER, f"{order}: the history changed"
        knows_it_lost(a)
        assert record(b)["game"]["rounds"] == stored, f"{order}: A's next write overwrote B's"
        a, b = b, a  # B holds the game, A is offered it back
    flip(a)
    wait_saved(a, stored + 1)
    assert record(a)["game"]["rounds"] == stored + 1
