"""The memory snapshot is a private Pyodide API: a snapshot that will not restore must never cost the game."""

from __future__ import annotations

from playwright.sync_api import Page

from krig import Game

from gamepage import ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game, open_game

SPOIL_SNAPSHOT = """async () => {
  const cache = await caches.open('krig-snapshot');
  const keys = await cache.keys();
  for (const key of keys) await cache.put(key, new Response(new Uint8Array(4096).fill(7)));
  return keys.length;
}"""

SNAPSHOTS_CACHED = "async () => (await (await caches.open('krig-snapshot')).keys()).length"


def test_a_snapshot_that_fails_to_restore_falls_back_to_a_normal_start(page: Page, guard) -> None:
    open_game(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT)
    page.reload()  # a visit served by the service worker fetches the snapshot in the background
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'", timeout=LOAD_TIMEOUT)
    assert page.evaluate(SPOIL_SNAPSHOT) == 1
    guard.allowed.append("snapshot")  # Pyodide may report the failed restore before the fallback

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate("() => document.documentElement.dataset.engineStart") == "fresh"
    assert page.evaluate(SNAPSHOTS_CACHED) == 0  # a snapshot that does not restore is not tried again
    new_game(page, 2, 5)
    flip(page, 3)
    expected = Game.new(2, seed=5)
    for _ in range(3):
        expected.play_round()
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]
