// The requests that change the game (new, restore, import, flip, finish), one at a time, and the answers
// shown: the bridge's record is drawn, its log line added, and the record stored.

import { announcedNow, announceLatest, note } from "./announce.js";
import { roundGap } from "./autoplay.js";
import { dealOver, keepNew, offerKept } from "./back.js";
import { motionOf, motionOver, render } from "./board.js";
import { forgetChances, estimateLater } from "./chances.js";
import { linkedDeal, validSeed } from "./deal.js";
import { REQUESTS } from "./facts.js";
import { addLine, clearLog, showLines } from "./log.js";
import { engine, listen, state, update } from "./page.js";
import { keepFinished, persistGame } from "./saving.js";
import { applySettings, choices, readSettings } from "./settings.js";
import { hear } from "./sound.js";
import {
  answered, asking, autoplaying, canAsk, drawnAhead, drawnEarly, early, failed, flipKept, keptPlayed, refused,
  shown, spent,
} from "./state.js";
import { refusal } from "./stored.js";
import { asciiDigits, text } from "./strings.js";

const $ = (id) => document.getElementById(id);
export const FATAL = ["timeout", "load", "unsupported"]; // the engine cannot go on

let games = 0; // games dealt or loaded on this page, shown as <div id=board data-game-id> for tests

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
 * or loaded (the form then shows its variant, unless `asStored`: the stored settings are on the form already),
 * `persist: false` not to store it, `stop` to end auto-play first, `drawn` when its round is on screen already
 * (drawn ahead).
 */
export function show(answer, { fresh = false, persist = true, loaded = false, stop = false, drawn = false,
  asStored = false } = {}) {
  if (loaded) $("board").dataset.gameId = String(++games);
  if (stop) update(autoplaying, false);
  const auto = state.autoplay; // a round that ends auto-play is still one of auto-play's
  const was = state.mode;
  update(shown, answer.record, answer.next || null);
  if (loaded && !asStored) applySettings({ ...state.settings, face_down: state.board.face_down });
  if (!drawn) draw(answer.line, answer.history, { fresh, auto });
  if (answer.lines) showLines(answer.lines);
  if (answer.differs) {
    console.warn(`Krig: the rounds drawn before the engine was ready were not its own; its game is shown (${
      answer.differs})`);
  }
  // begun now, behind the earlier writes; the next round need not wait for the disk
  if (persist) persistGame(answer.history);
  else if (answer.history) keepFinished(answer.history); // a stored game that ended: is it in the history?
  forgetChances();
  if (was === "playing" && state.mode === "over") $("again").focus(); // the game ended here: what comes next
}

/**
 * Draw the board of the state, and the log line of the round it shows (`line`, when rounds were played, with the
 * sound of the round and `ended`, a finished game's history entry).
 */
function draw(line, ended, { fresh, auto }) {
  // in auto-play the motion must be over before the next round comes, or it is skipped
  render(state.board, { fresh, announce: !auto, motion: motionOf(state.settings.animation),
    budget: auto ? roundGap(state.settings.speed) : Infinity });
  if (auto) announceLatest(state.board.announce);
  else announcedNow();
  if (line) {
    addLine(line);
    hear(state.board, ended); // rounds were played (a flip, "finish"), not a deal or a load: a sound
  }
}

let flips = Promise.resolve(); // the flips asked for, one after another: a press while one is played is not lost

/**
 * One round, after the flips asked for before it. Beyond the rounds known ahead while the engine loads, and while
 * the flips kept then are played, the flip is kept in their queue instead (state.waiting).
 */
export function flip() {
  if (spent(state) || state.waiting > 0) {
    update(flipKept);
    return flips;
  }
  flips = flips.then(flipNow);
  return flips;
}

/** Start-up is over (the engine's game is on screen, or it failed) and no request is in flight. */
export const handedOver = new Promise((resolve) => listen((now) => {
  if (now.mode !== "loading" && !now.busy) resolve();
}));

const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * The flips kept while the engine loaded, once it is ready: played one at a time at the pace a player would
 * press them, each once the motion of the round before it is over and after auto-play's pause at the chosen
 * speed, never in a burst. Presses meanwhile join the queue. A game that ends, or another one, drops the rest.
 */
async function playKept() {
  await handedOver;
  const game = state.record && state.record.id;
  while (state.waiting > 0) {
    await motionOver();
    await pause(roundGap(state.settings.speed));
    if (state.mode !== "playing" || !state.record || state.record.id !== game) {
      update(keptPlayed, true);
      return;
    }
    update(keptPlayed);
    flips = flips.then(flipNow);
    await flips;
  }
}

playKept();

/**
 * Before the engine is ready: the next round the record knows ahead is drawn as a round played by the engine is,
 * and the record, which counts it, is stored. Beyond those rounds a flip is kept for the engine; without any (a
 * game that needs the engine to be dealt), it waits for the engine.
 */
async function flipEarly() {
  if (early(state)) {
    const { line } = state.next;
    update(drawnEarly);
    await keptThenDrawn(line);
    return;
  }
  if (spent(state)) {
    update(flipKept);
    return;
  }
  await handedOver;
  await flipNow();
}

/**
 * The round just drawn ahead (its log `line`), on screen once the record that counts it can no longer be lost
 * by a page that leaves: in the same task where writes commit at once (Chromium), a few milliseconds later where
 * they commit once their requests are answered (Firefox). A round on screen is a round kept.
 */
async function keptThenDrawn(line, chances = null, { answerFollows = false } = {}) {
  await new Promise((kept) => persistGame(null, { answerFollows, kept }));
  draw(line, null, { fresh: true, auto: state.autoplay });
  forgetChances(chances);
}

/**
 * One round. The bridge worked it out ahead (state.next), so it is drawn at once, in the frame after the key
 * press, with the record that counts it stored first (keptThenDrawn), while the bridge plays it and builds the
 * record to store next; without it, it is drawn when the bridge answers. Should the bridge not play it after all
 * (it broke), the board goes back to the last round it played.
 */
async function flipNow() {
  if (state.mode === "loading") return flipEarly();
  if (state.mode !== "playing") return;
  keepNew();
  estimateLater(); // no further chunk of the estimate: the flip goes next in the worker's queue
  const ahead = canAsk(state) ? state.next : null;
  let drawn = null;
  if (ahead) {
    update(drawnAhead);
    drawn = keptThenDrawn(ahead.line, ahead.chances, { answerFollows: true });
  }
  const played = await play({ type: REQUESTS.flip }, { fresh: true, drawn: ahead !== null });
  await drawn;
  if (ahead && !played && state.record) {
    update(shown, state.record);
    render(state.board);
  }
}

/** The rest of the game at once, after the flips asked for before it (a press during a flip is not lost). */
export async function finish() {
  if (state.mode !== "playing") return;
  update(autoplaying, false);
  await flips;
  if (state.mode !== "playing") return;
  keepNew();
  await play({ type: REQUESTS.finish });
}

/**
 * A new game with the form's settings (or `deal`, from a shared link), over the game of the record `over` (the
 * one on screen, or the stored one for a link at start-up): an unfinished one is offered back.
 */
export async function newGame(deal = null, over = state.record) {
  update(autoplaying, false);
  readSettings();
  const seedInput = $("seed");
  const seed = deal ? deal.seed : asciiDigits(seedInput.value.trim()); // ১২৩ typed on the Bengali page is 123
  if (!deal && seed !== "" && !validSeed(seed)) {
    seedInput.setCustomValidity(text("bad_seed_input", "A seed is a whole number from 0 to 9007199254740991."));
    seedInput.reportValidity();
    return;
  }
  seedInput.setCustomValidity("");
  if (deal) applySettings({ ...state.settings, players: deal.players, order: deal.order, face_down: deal.face_down });
  const { players, order, face_down: faceDown } = state.settings;
  const request = {
    type: REQUESTS.new, players, order, face_down: faceDown, seed: seed === "" ? null : Number(seed),
    settings: state.settings,
  };
  if (await dealOver(over, () => play(request, { loaded: true }))) {
    clearLog();
    $("import-failed").hidden = true;
  }
}

function forgetLink() {
  history.replaceState(null, "", location.pathname + location.hash);
}

/**
 * With the engine ready: load the stored game, or follow a shared link, or deal a first game. `drawn` false: the
 * rounds drawn before the engine was ready are not of `stored`, which is newer, and are left.
 */
export async function resume(stored, { drawn = true } = {}) {
  const deal = linkedDeal(location.search, choices(), text);
  if (deal && deal.error) {
    $("bad-link-text").textContent = deal.error;
    $("bad-link").hidden = false;
    forgetLink();
  } else if (deal) {
    forgetLink();
    await newGame(deal, stored);
    return;
  }
  // the rounds drawn before the engine was ready, of a stored record or of a first visit's opening: the bridge
  // replays them and checks them, and its own record is stored
  const ahead = state.mode === "loading" && drawn ? state.record : null;
  if ((stored === null || stored === undefined) && !ahead) {
    await newGame();
    return;
  }
  const record = ahead || stored;
  const persist = Boolean(ahead) && (ahead.played > 0 || !stored);
  // the whole record as stored: the bridge updates an old one and checks its game
  const restored = await play({ type: REQUESTS.restore, record, settings: state.settings },
    { persist, loaded: true, asStored: true },
    (error) => {
      if (error.kind !== "damaged" && error.kind !== "request") return engineFailed(error);
      $("save-damaged-reason").textContent = refusal(error, text);
      update(refused, stored); // kept untouched, for "Export the damaged save", until a new game replaces it
    });
  if (restored) await offerKept();
}
