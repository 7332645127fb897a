// The requests that change the game, as a player asks for them: a flip (drawn at once when its round is known
// ahead, kept for the engine while it loads), the rest of the game, a new game, and the game resumed at start-up.
// answers.js sends each one and shows its answer.

import { draw, engineFailed, play } from "./answers.js";
import { dealOver, keepNew, offerKept, storedReplaced } from "./back.js";
import { motionOver, render } from "./board.js";
import { forgetChances, estimateLater } from "./chances.js";
import { dealOf, linkedDeal, validSeed } from "./deal.js";
import { ERRORS, PACE, REQUESTS } from "./facts.js";
import { clearLog } from "./log.js";
import { listen, state, update } from "./page.js";
import { markSaved, persistGame, written } from "./saving.js";
import { applySettings, CHOICES, readSettings } from "./settings.js";
import {
  autoplaying, canAsk, canSave, drawnAhead, drawnEarly, drawsNow, flipKept, keptPlayed, linkRefused, onTable,
  refused, spent,
} from "./state.js";
import { refusal } from "./stored.js";
import { asciiDigits, text } from "./strings.js";

const $ = (id) => document.getElementById(id);

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
    await pause(PACE[state.settings.speed]);
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
 * game that needs the engine to be dealt), or while the game is handed to it (drawsNow), it waits for the engine.
 */
async function flipEarly() {
  if (drawsNow(state)) {
    keepNew();
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
 * they commit once their requests are answered (Firefox). A round on screen is a round kept. The writes of the
 * rounds before it have landed first: a commit the browser has not finished dies with a killed browser, and
 * on a loaded machine several can wait at once, so a crash would take more than the last round.
 */
async function keptThenDrawn(line, chances = null, { answerFollows = false } = {}) {
  await written();
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
  const known = canAsk(state) ? state.next : null;
  let drawn = null;
  if (known) {
    update(drawnAhead);
    drawn = keptThenDrawn(known.line, known.chances, { answerFollows: true });
  }
  const flipped = await play({ type: REQUESTS.flip }, { fresh: true, drawn: known !== null });
  await drawn;
  if (known && !flipped && state.record) {
    update(onTable, state.record);
    render(state.board);
  }
  // the round on screen now, with the estimate the bridge's record may carry where `known` had none
  if (known) forgetChances();
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
  if (deal) applySettings({ ...state.settings, ...dealOf(deal, CHOICES) });
  const request = {
    type: REQUESTS.new, ...dealOf(state.settings, CHOICES), seed: seed === "" ? null : Number(seed),
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
  const deal = linkedDeal(location.search, CHOICES, text);
  if (deal) forgetLink();
  if (deal && !deal.error) {
    await newGame(deal, stored);
    return;
  }
  await restoreOrDeal(stored, drawn);
  if (deal) update(linkRefused, deal.error); // said over the game the page went on with, until another is dealt
}

/** Load the stored game, or the rounds drawn before the engine was ready, or deal a first game. */
async function restoreOrDeal(stored, drawn) {
  // the rounds drawn before the engine was ready, of a stored record or of a first visit's opening: the bridge
  // replays them and checks them, and its own record is stored
  const earlyGame = state.mode === "loading" && drawn ? state.record : null;
  if ((stored === null || stored === undefined) && !earlyGame) {
    await newGame();
    return;
  }
  const record = earlyGame || stored;
  const persist = Boolean(earlyGame) && (earlyGame.played > 0 || !stored);
  // read now, so that "Back to your game" comes in the same frame as the restored game, not under a press after it
  const replaced = storedReplaced();
  // the whole record as stored: the bridge updates an old one and checks its game
  const restored = await play({ type: REQUESTS.restore, record, settings: state.settings },
    { persist, loaded: true, asStored: true },
    (error) => {
      if (error.kind !== ERRORS.damaged && error.kind !== ERRORS.request) return engineFailed(error);
      $("save-damaged-reason").textContent = refusal(error, text);
      update(refused, stored); // kept untouched, for "Export the damaged save", until a new game replaces it
    });
  if (!restored) return;
  offerKept(await replaced);
  // the record stored is the one on screen: nothing to write
  if (!persist && canSave(state)) markSaved(state.board.round);
}
