"""The memory snapshot: the first visit makes it on the device, the second starts from it, and nothing that goes
wrong with it (a snapshot that will not restore, Cache Storage missing, forbidden, full or broken) costs the
game: the worker starts Python normally, plays, and never reports it as an engine failure."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, board, flip, new_game, open_game, wait_saved

pytestmark = pytest.mark.cold  # start-up itself: as a new visitor, with no snapshot

SNAPSHOT = "() => document.documentElement.dataset.snapshot ?? null"
SNAPSHOT_SETTLED = "() => ['stored', 'failed', 'off'].includes(document.documentElement.dataset.snapshot)"
ENGINE_START = "() => document.documentElement.dataset.engineStart"
CACHED = "async () => (await (await caches.open('krig-snapshot')).keys()).map((r) => new URL(r.url).search)"
SPOIL_SNAPSHOT = """async () => {
  const cache = await caches.open('krig-snapshot');
  const keys = await cache.keys();
  for (const key of keys) await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
  return keys.length;
}"""

# Faults of Cache Storage as browsers have them (opaque origins, privacy settings, a full disk, a broken
# profile), installed in the worker before its own code runs.
FAULTS = {
    "no-caches": "Object.defineProperty(self, 'caches', { value: undefined });",
    "caches-throws": """Object.defineProperty(self, 'caches', {
        get() { throw new DOMException('denied by the test', 'SecurityError'); } });""",
    "open-rejects": """CacheStorage.prototype.open = () =>
        Promise.reject(new DOMException('denied by the test', 'SecurityError'));""",
    "match-rejects": """Cache.prototype.match = () =>
        Promise.reject(new DOMException('broken by the test', 'UnknownError'));""",
    "keys-rejects": """Cache.prototype.keys = () =>
        Promise.reject(new DOMException('broken by the test', 'UnknownError'));""",
    "disk-full": """{
      const put = Cache.prototype.put;
      Cache.prototype.put = async function (request, response) {
        if ((await response.clone().arrayBuffer()).byteLength > 1000000) {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return put.call(this, request, response);
      };
    }""",
}


def play_on(page: Page, seed: int = 5) -> None:
    """A new game and three flips, checked against the engine in CPython."""
    new_game(page, 2, seed)
    flip(page, 3)
    expected = Game.new(2, seed=seed)
    for _ in range(3):
        expected.play_round()
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]


@pytest.mark.service_worker
def test_the_first_visit_makes_the_snapshot_and_the_second_starts_from_it(page: Page, guard) -> None:
    open_game(page)
    assert page.evaluate(ENGINE_START) == "fresh"
    assert page.evaluate(SNAPSHOT) in ("pending", "stored")
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'", timeout=LOAD_TIMEOUT)
    new_game(page, 2, 31)
    flip(page, 2)
    wait_saved(page, 2)  # a round drawn ahead is on screen before its record is stored
    before = board(page)
    served = []
    page.on("request", lambda request: served.append(request.url))

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate(ENGINE_START) == "snapshot"
    assert page.evaluate(SNAPSHOT) == "restored"
    assert not any("snapshot" in url for url in served)  # made on the device, never downloaded
    assert board(page)["counts"] == before["counts"]  # the save restores into the snapshot's Python
    expected = Game.new(2, seed=31)
    for _ in range(3):
        expected.play_round()
    flip(page)
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]
    page.goto("ru/index.html")  # every language's catalog is in the snapshot too
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate(ENGINE_START) == "snapshot"
    flip(page)
    assert any("\u0400" <= ch <= "\u04ff" for ch in board(page)["status"])


def test_a_snapshot_that_fails_to_restore_falls_back_and_is_not_tried_again(page: Page, guard) -> None:
    open_game(page)
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'", timeout=LOAD_TIMEOUT)
    assert page.evaluate(SPOIL_SNAPSHOT) == 1

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate(ENGINE_START) == "fresh"
    assert page.evaluate(SNAPSHOT) == "off"  # this build's snapshot failed here: no second one is made
    assert [key for key in page.evaluate(CACHED) if not key.endswith("&failed")] == []
    play_on(page)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate(ENGINE_START) == "fresh" and page.evaluate(SNAPSHOT) == "off"


# What the first visit's worker does with its snapshot: a store that works but cannot be read back stores it;
# a full disk fails to; without usable Cache Storage it never tries. The second visit never tries again.
FIRST_VISIT = {"match-rejects": "stored", "disk-full": "failed"}


@pytest.mark.parametrize("fault", FAULTS)
def test_cache_storage_faults_only_mean_a_normal_start(context: BrowserContext, page: Page, guard, dist: Path,
                                                       fault: str) -> None:
    worker = (dist / "js" / "worker.js").read_text()
    context.route("**/js/worker.js", lambda route: route.fulfill(
        body=FAULTS[fault] + "\n" + worker, content_type="text/javascript"))
    open_game(page)
    page.wait_for_function(SNAPSHOT_SETTLED, timeout=LOAD_TIMEOUT)
    assert page.evaluate(SNAPSHOT) == FIRST_VISIT.get(fault, "off")
    for visit in (1, 2):
        if visit == 2:
            page.reload()
            page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
            assert page.evaluate(SNAPSHOT) == "off"
        assert page.evaluate(ENGINE_START) == "fresh"
        expect(page.locator("[data-testid=engine-failed]")).to_be_hidden()
        expect(page.locator("[data-testid=storage-off]")).to_be_hidden()  # saving in IndexedDB is unaffected
        play_on(page, seed=visit)
