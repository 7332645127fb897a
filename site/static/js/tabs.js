// One tab at a time: the stored game belongs to the tab holding the "krig-game" Web Lock. A tab opened while
// another holds it pauses and offers "Play here instead", which steals the lock; the tab it was stolen from
// pauses in turn and offers to take the game back. A paused tab never writes the record, and a write it had begun
// before it knew fails in IndexedDB itself, on the mark the other tab's claim left (store.js): it then pauses too.

import { state, update } from "./page.js";
import { resume } from "./play.js";
import { written } from "./saving.js";
import { forgotDamaged, takenOver, tookOver } from "./state.js";
import * as store from "./store.js";

const GAME_LOCK = "krig-game";

/**
 * Hold the game's lock while this page lives, and claim the stored game (store.js): the writes of the tab that had
 * it are refused from then on. Resolves false if another tab holds it (unless `steal`), else {record}, the record
 * stored when this tab claimed it (undefined when it could not be read).
 */
export async function holdGame(steal) {
  const held = await lockGame(steal);
  if (!held) return false;
  const claimed = await store.claim({ alone: held === ALONE });
  return { record: claimed ? claimed.record : undefined };
}

const ALONE = "alone"; // the lock was free: no other page plays the game, so none can write late
// A page that closes, or the one a reload replaces, gives its lock back a moment after it is gone: a page that
// finds the lock held waits this long for it before it believes another tab plays the game
const HANDOVER_MS = 2000;
const WAITED_TOO_LONG = ["TimeoutError", "AbortError"]; // the signal's reason, or an older browser's word for it

/**
 * Hold the game's lock while this page lives; resolves false if another tab holds it (unless `steal`), ALONE if
 * no tab held it, else true.
 */
async function lockGame(steal) {
  if (!navigator.locks) return true; // no Web Locks here: nothing to coordinate with
  if (steal) return lock({ steal: true });
  return (await lock({ ifAvailable: true }, ALONE))
    || (typeof AbortSignal.timeout === "function" && lock({ signal: AbortSignal.timeout(HANDOVER_MS) }));
}

/** Ask for the lock with `options` and keep it while this page lives: resolves `granted`, or false if refused. */
function lock(options, granted = true) {
  return new Promise((resolve) => {
    let held = false;
    navigator.locks.request(GAME_LOCK, options, (given) => {
      held = Boolean(given);
      resolve(held && granted);
      return held ? new Promise(() => {}) : undefined; // never released by this page; closing it releases it
    }).catch((error) => {
      if (held) update(takenOver); // another tab stole the lock: the game is played there now
      else resolve(!WAITED_TOO_LONG.includes(error?.name)); // else it could not be asked for at all: play
    });
  });
}

/** "Play here instead": take the game from the other tab and carry on from its latest record. */
export async function takeOver() {
  await written(); // nothing of this tab's is still being written (a paused tab skips its writes)
  const { record } = await holdGame(true);
  update(tookOver);
  const stored = state.saving === "on" ? (record ?? null) : null;
  if (stored || !state.record) {
    update(forgotDamaged);
    await resume(stored);
  }
}
