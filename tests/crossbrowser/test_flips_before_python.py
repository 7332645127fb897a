"""Flips before Python is ready, in Firefox ESR and WebKitGTK: with the worker's script held back at the server, a
first visit flips its opening and a return visit the rounds its record knows ahead; when the worker comes, the
stored record is the engine's, at the round on screen, and the engine plays on from there.

Neither driver can hold a request back as Playwright's routes do, so the test's own server keeps the requests for
the worker's script waiting (each test on an origin of its own). On a return visit the service worker answers that
script from its cache, where no server can hold it: the test takes it out of the cache first, and the service
worker then asks the network for it, as it does for any file missing from its cache.
"""

from __future__ import annotations

from typing import Any

from browsers.drivers import CONTROLLED, LOAD_TIMEOUT, Tab
from krig import Game

from serving import Site

WORKER = "/js/worker.js"
FLIP_READY = "() => document.documentElement.dataset.flip === 'ready'"
ENGINE = "() => document.documentElement.dataset.engine"
# The stored record (IndexedDB "krig", store "saves", key "current"), in short: what the tests compare
STORED = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open('krig');
  open.onupgradeneeded = () => open.result.createObjectStore('saves');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const request = open.result.transaction('saves').objectStore('saves').get('current');
    request.onsuccess = () => {
      open.result.close();
      const record = request.result;
      resolve(record ? { round: record.board.round, counts: record.board.counts, game: record.game,
                         played: 'played' in record ? record.played : null } : null);
    };
  };
})"""
FORGET_WORKER = """async (path) => {
  const url = new URL(path, location.href).href;
  let gone = false;
  for (const name of await caches.keys()) {
    if (!name.startsWith('krig-') || name === 'krig-snapshot') continue;
    gone = (await (await caches.open(name)).delete(url)) || gone;
  }
  return gone;
}"""


def counts_after(game: dict[str, Any], rounds: int) -> list[int]:
    """The seats' card counts once the engine itself has played `rounds` rounds of this saved game."""
    played = Game.from_dict(game)
    for _ in range(rounds):
        played.play_round()
    return [len(hand) for hand in played.hands]


def stored_when(tab: Tab, round_number: int, played: int | None) -> dict[str, Any]:
    """Wait until the stored record's board is at `round_number` with `played` rounds ahead drawn (None: the
    engine's own record, which counts none), and return it."""
    return tab.wait(f"async (round, played) => {{ const record = await ({STORED})(); "
                    "return record && record.round === round && record.played === played && record; }",
                    round_number, played)


def flip_early(tab: Tab, times: int) -> None:
    """Flip `times` times, each round drawn, while the engine still loads."""
    tab.wait(FLIP_READY)
    assert tab.evaluate(ENGINE) == "loading"
    tab.flip(times)
    assert tab.evaluate(ENGINE) == "loading"


def handed_over(tab: Tab, rounds: int, counts: list[int]) -> None:
    """Once the engine is ready: the record it stores is at the round on screen (`rounds`, the seats holding
    `counts`), it loads there in the engine, and the engine plays the next round from there."""
    tab.ready()
    assert tab.round() == rounds
    stored = stored_when(tab, rounds, None)
    assert Game.from_dict(stored["game"]).round_number == rounds
    assert tab.counts() == stored["counts"] == counts_after(stored["game"], 0) == counts
    tab.flip()
    assert tab.counts() == counts_after(stored["game"], 1)


def test_a_first_visit_flips_its_opening_before_the_engine_is_ready(new_visitor: Tab, new_site: Site) -> None:
    with new_site.holding(WORKER) as held:
        new_visitor.goto(new_site.url + "en/index.html", parsed=True)  # the held worker delays its load event
        flip_early(new_visitor, 3)
        early = stored_when(new_visitor, 0, 3)  # the opening's deal, and three of its rounds drawn
        drawn = new_visitor.counts()
        assert drawn == counts_after(early["game"], 3)
        assert WORKER in held  # the worker's script was asked for, and is still held back
    handed_over(new_visitor, 3, drawn)


def test_a_return_visit_flips_the_rounds_ahead_before_the_engine_is_ready(new_visitor: Tab, new_site: Site) -> None:
    new_visitor.deal(3, 11)
    new_visitor.flip(2)
    new_visitor.wait_saved(2)
    new_visitor.wait(CONTROLLED, timeout=LOAD_TIMEOUT)  # a returning visitor's files come from the service worker
    assert new_visitor.evaluate(FORGET_WORKER, WORKER)
    with new_site.holding(WORKER) as held:
        new_visitor.goto(new_site.url + "en/index.html", parsed=True)  # no shared link, which waits for the engine
        flip_early(new_visitor, 4)
        early = stored_when(new_visitor, 2, 4)
        drawn = new_visitor.counts()
        assert drawn == counts_after(early["game"], 4) == counts_after(Game.new(3, seed=11).to_dict(), 6)
        assert WORKER in held
    handed_over(new_visitor, 6, drawn)
