// The game's Web Lock: the tab holding "krig-game" plays the stored game (tabs.js says what follows from it). It
// has no imports, so that game.js asks for the lock at its very start, beside IndexedDB's opening: the first
// flip, which waits for this tab to hold the game, does not wait for the lock after the stored board is drawn.

const GAME_LOCK = "krig-game";
export const ALONE = "alone"; // the lock was free: no other page plays the game, so none can write late
// A page that closes, or the one a reload replaces, gives its lock back a moment after it is gone: a page that
// finds the lock held waits this long for it before it believes another tab plays the game
const HANDOVER_MS = 2000;
const WAITED_TOO_LONG = ["TimeoutError", "AbortError"]; // the signal's reason, or an older browser's word for it

let asked = null; // the start's request, once made
let stolen = false;
let onStolen = () => {
  stolen = true;
};

/**
 * Hold the game's lock while this page lives; resolves false if another tab holds it (unless `steal`), ALONE if
 * no tab held it, else true. Without `steal`, the page asks once: a second call answers as the first.
 */
export function lockGame(steal = false) {
  if (!navigator.locks) return Promise.resolve(true); // no Web Locks here: nothing to coordinate with
  if (steal) return lock({ steal: true });
  asked ??= lock({ ifAvailable: true }, ALONE).then((held) => held
    || (typeof AbortSignal.timeout === "function" && lock({ signal: AbortSignal.timeout(HANDOVER_MS) })));
  return asked;
}

/** `then()` runs when another tab steals the lock from this one (at once if it already has). */
export function whenStolen(then) {
  onStolen = then;
  if (stolen) then();
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
      if (held) onStolen(); // another tab stole the lock: the game is played there now
      else resolve(!WAITED_TOO_LONG.includes(error?.name)); // else it could not be asked for at all: play
    });
  });
}
