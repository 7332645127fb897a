// One tab at a time: the stored game belongs to the tab holding the "krig-game" Web Lock. A tab opened while
// another holds it pauses and offers "Play here instead", which steals the lock; the tab it was stolen from
// pauses in turn and offers to take the game back. A paused tab never writes the record, and a write it had begun
// before it knew fails in IndexedDB itself, on the mark the other tab's claim left (store.js): it then pauses too.

import { ALONE, lockGame, whenStolen } from "./lock.js";
import { state, update } from "./page.js";
import { resume } from "./play.js";
import { written } from "./saving.js";
import { forgotDamaged, takenOver, tookOver } from "./state.js";
import * as store from "./store.js";

/**
 * Hold the game's lock while this page lives (lock.js), and claim the stored game (store.js): the writes of the
 * tab that had it are refused from then on. Resolves false if another tab holds it (unless `steal`), else, as soon
 * as the claim is asked, {claimed}: the promise of the record stored when this tab claimed it (undefined when it
 * could not be read). IndexedDB runs every write asked for from then on behind the claim, so this tab may play
 * before the claim is committed.
 */
export async function holdGame(steal) {
  const held = await lockGame(steal);
  if (!held) return false;
  return { claimed: store.claim({ alone: held === ALONE }).then((claim) => (claim ? claim.record : undefined)) };
}

whenStolen(() => update(takenOver)); // another tab stole the lock: the game is played there now

/** "Play here instead": take the game from the other tab and carry on from its latest record. */
export async function takeOver() {
  await written(); // nothing of this tab's is still being written (a paused tab skips its writes)
  const record = await (await holdGame(true)).claimed;
  update(tookOver);
  const stored = state.saving === "on" ? (record ?? null) : null;
  if (stored || !state.record) {
    update(forgotDamaged);
    await resume(stored);
  }
}
