// "Back to your game": a shared link, New game, the N key or an import over an unfinished game deals at once, and
// the game it replaced is kept (in the state, and in IndexedDB under "replaced") and offered back until a round
// of the new game is played. Dealing at once, with a way back, asks nothing of a player who meant it; the
// offer never takes the focus (Space would then press it instead of flipping) and has no timer to beat.

import { play } from "./answers.js";
import { tell } from "./announce.js";
import { REQUESTS } from "./facts.js";
import { state, update } from "./page.js";
import { keepReplaced } from "./saving.js";
import { applySettings } from "./settings.js";
import { keptNew, replacedRead, replacing, unfinished } from "./state.js";
import * as store from "./store.js";
import { format, num, text } from "./strings.js";

const $ = (id) => document.getElementById(id);

/**
 * Deal over the game of `over` (a record, or null) with `dealing()`, which resolves whether a new game is shown.
 * An unfinished game is stored aside first, then offered back; without a new game, the earlier offer stays.
 */
export async function dealOver(over, dealing) {
  const old = unfinished(over) ? over : null;
  if (old) await keepReplaced(old);
  const dealt = await dealing();
  if (old && dealt) {
    update(replacing, old);
    tell(`${text("back_dealt")} ${$("back-to-game").textContent}`);
  } else if (old) {
    keepReplaced(state.replaced);
  }
  return dealt;
}

/** A round of the new game is played: it is kept, and the replaced one is forgotten. */
export function keepNew() {
  if (state.replaced === null) return;
  update(keptNew);
  keepReplaced(null);
}

/** "Back to your game": the replaced game exactly as it was (round, log, settings), checked by the bridge. */
export async function goBack() {
  const old = state.replaced;
  if (old === null) return;
  // the form shows the game's own deal, whatever was chosen for the next one (a board stored before boards carried
  // their deal has none: the bridge's answer puts it in)
  applySettings({ ...old.settings, ...old.board.deal });
  // no settings in the request: the bridge keeps the record's own
  if (await play({ type: REQUESTS.restore, record: old }, { loaded: true, stop: true })) {
    update(keptNew);
    keepReplaced(null); // begun after the restored record's write, so it lands after it
    tell(format(text("replay_left"), { number: num(old.board.round) }));
  }
}

/** The game a new deal replaced, as stored (null when there is none, or it cannot be read). */
export function storedReplaced() {
  return state.saving === "on" ? store.loadReplaced().catch(() => null) : Promise.resolve(null);
}

/** At start-up, once the stored game is restored: `old`, a game it replaced before the reload, is offered back. */
export function offerKept(old) {
  update(replacedRead, old, state.record);
}
