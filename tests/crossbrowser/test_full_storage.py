"""Storage that runs out at a finished game's write, in Firefox ESR with a fixed quota of its own: the write fails
whole, the player is told in their language, and the game is written once there is room again. Chromium's
DevTools quota override is not enforced on IndexedDB writes, so this is Firefox's test."""

from __future__ import annotations

from pathlib import Path

from browsers.drivers import Firefox, skip_unless_installed

from serving import Site

# Firefox's limit for all sites, in KiB; one site may use a fifth of it
QUOTA = {"dom.quotaManager.temporaryStorage.fixedLimit": 256 * 1024}

# Filler beside the game, in its own database file (whose free pages a write would use first): added until a write
# fails, in ever smaller pieces, so that the storage is full to the last KiB. `true` once it is.
OPEN = """new Promise((resolve, reject) => {
    const opening = indexedDB.open('krig');
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => reject(opening.error);
  })"""
FILL = """async () => {
  const db = await OPEN;
  const add = (key, size) => new Promise((resolve) => {
    const transaction = db.transaction('saves', 'readwrite');
    transaction.oncomplete = () => resolve(true);
    transaction.onabort = () => resolve(false);
    try {
      transaction.objectStore('saves').put(new Uint8Array(size).map((_, i) => (i * 7919 + key) & 255), `filler-${key}`);
    } catch {
      resolve(false);  // Firefox's database takes no more writes once it is full
    }
  });
  let key = 0;
  for (const size of [4 << 20, 256 << 10, 16 << 10, 1 << 10, 64]) while (await add(++key, size));
  db.close();
  return true;
}""".replace("OPEN", OPEN)
EMPTY = """async () => {
  const db = await OPEN;
  await new Promise((resolve) => {
    const transaction = db.transaction('saves', 'readwrite');
    transaction.objectStore('saves').delete(IDBKeyRange.bound('filler-', 'filler-\\uffff'));
    transaction.oncomplete = transaction.onabort = resolve;
  });
  db.close();
  return true;
}""".replace("OPEN", OPEN)
STORED = """() => new Promise((resolve) => {
  const opening = indexedDB.open('krig');
  opening.onsuccess = () => {
    const saves = opening.result.transaction('saves').objectStore('saves');
    const current = saves.get('current');
    const history = saves.get('history');
    saves.transaction.oncomplete = () => {
      opening.result.close();
      resolve({ rounds: current.result.game.rounds, over: current.result.board.over,
                id: current.result.id, history: (history.result || []).map((entry) => entry.id) });
    };
  };
})"""


def test_a_finished_game_the_storage_has_no_room_for_lands_whole_once_there_is(dist: Path) -> None:
    skip_unless_installed("firefox")
    site = Site(dist)
    browser = Firefox(prefs=QUOTA)
    try:
        tab = browser.tab(site.url)
        tab.first_two_visits()
        tab.deal(2, 31, lang="fr")
        tab.flip(2)
        tab.wait_saved(2)
        assert tab.evaluate(FILL)
        tab.click("[data-testid=finish]")
        tab.wait_shown("result-unsaved")
        assert "n’a pas encore pu être sauvegardé" in tab.evaluate(
            "() => document.querySelector('[data-testid=result-unsaved]').textContent")
        assert not tab.shown("save-failed")
        stored = tab.evaluate(STORED)
        assert (stored["rounds"], stored["over"], stored["history"]) == (2, False, []), stored

        assert tab.evaluate(EMPTY)
        tab.wait(f"async () => ({STORED})().then((now) => now.over && now.history.length === 1)")
        stored = tab.evaluate(STORED)
        assert stored["history"] == [stored["id"]]
        tab.wait("() => document.querySelector('[data-testid=result-unsaved]').hidden")
        errors = tab.errors()
    finally:
        browser.quit()
        site.stop()
    assert errors == [], f"firefox saw errors: {errors}"
