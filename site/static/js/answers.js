// One request that changes the game at a time (new, restore, import, flip, finish), and its answer shown: the
// bridge's record is drawn, its log line added, and the record stored. play.js says which requests to send.

import { announcedNow, announceLatest, note } from "./announce.js";
import { motionOf, render } from "./board.js";
import { forgetChances } from "./chances.js";
import { FATAL, PACE } from "./facts.js";
import { addLine, showLines } from "./log.js";
import { engine, state, update } from "./page.js";
import { keepFinished, persistGame, unmarkSaved } from "./saving.js";
import { applySettings } from "./settings.js";
import { hear } from "./sound.js";
import { answered, asking, autoplaying, canAsk, dealt, failed, onTable } from "./state.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);

/** The engine could not load, or broke: say so, and nothing can be played. */
export function engineFailed(error) {
  update(failed, error && error.kind);
}

/** A refusal said in the status line (it should not happen from this page). */
function sayRefusal() {
  note(text("request_refused"));
}

/**
 * Send one request that changes the game, unless another is in flight, and show its answer (`options` as for
 * `show`). A refusal goes to `refused(error)`. Resolves whether the answer was shown.
 */
export async function play(request, options = {}, refused = sayRefusal) {
  if (!engine || !canAsk(state)) return false;
  update(asking);
  try {
    show(await engine.request(request), options);
    return true;
  } catch (error) {
    if (!error || FATAL.includes(error.kind)) engineFailed(error);
    else {
      console.warn(`Krig: the engine refused "${request.type}":`, error.code || error.kind, error.message);
      refused(error);
    }
    return false;
  } finally {
    update(answered);
  }
}

/**
 * Put an answer with a record on screen: `fresh` for a round just played (animated), `loaded` for a game dealt
 * or loaded (the form then shows its deal, unless `asStored`: the stored settings are on the form already),
 * `persist: false` not to store it, `stop` to end auto-play first, `drawn` when its round is on screen already
 * (drawn ahead).
 */
export function show(answer, { fresh = false, persist = true, loaded = false, stop = false, drawn = false,
  asStored = false } = {}) {
  if (loaded) {
    update(dealt);
    $("board").dataset.gameId = String(state.games); // for tests only
    unmarkSaved(); // the record stored is of the game before, until this one's lands
  }
  if (stop) update(autoplaying, false);
  const auto = state.autoplay; // a round that ends auto-play is still one of auto-play's
  const was = state.mode;
  update(onTable, answer.record, answer.next || null);
  if (loaded && !asStored) applySettings({ ...state.settings, ...state.record.board.deal });
  if (!drawn) draw(answer.line, answer.history, { fresh, auto });
  if (answer.lines) showLines(answer.lines);
  if (answer.differs) {
    console.warn(`Krig: the rounds drawn before the engine was ready were not its own; its game is shown (${
      answer.differs})`);
  }
  // begun now, behind the earlier writes; the next round need not wait for the disk
  if (persist) persistGame(answer.history);
  else if (answer.history) keepFinished(answer.history); // a stored game that ended: is it in the history?
  if (!drawn) forgetChances(); // a round drawn ahead may not be on screen yet: its chances follow its drawing
  if (was === "playing" && state.mode === "over") $("again").focus(); // the game ended here: what comes next
}

/**
 * Draw the board of the state, and the log line of the round it shows (`line`, when rounds were played, with the
 * sound of the round and `ended`, a finished game's history entry).
 */
export function draw(line, ended, { fresh, auto }) {
  // in auto-play the motion must be over before the next round comes, or it is skipped
  render(state.board, { fresh, announce: !auto, motion: motionOf(state.settings.animation),
    budget: auto ? PACE[state.settings.speed] : Infinity });
  if (auto) announceLatest(state.board.announce);
  else announcedNow();
  if (line) {
    addLine(line);
    hear(state.board, ended); // rounds were played (a flip, "finish"), not a deal or a load: a sound
  }
}
