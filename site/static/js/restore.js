// The stored board, drawn before Python is ready, and the settings put back. Everything else of the stored
// record waits for the bridge (start.js), but for its rounds worked out ahead (or a first visit's opening, from
// openings.js): flips draw them at once while Python loads, as long as this tab holds the game.

import { render } from "./board.js";
import { showChancesAhead } from "./chances.js";
import { dealOf } from "./deal.js";
import { CARDS, SENTENCES } from "./facts.js";
import { state, update } from "./page.js";
import { applySettings, CHOICES, readSettings } from "./settings.js";
import { opened, playingAhead, replacedRead } from "./state.js";
import { roundsAhead, validBoard } from "./stored.js";

const $ = (id) => document.getElementById(id);
const lang = document.documentElement.lang || "en";

let holding = null;
let wired;
const listening = new Promise((resolve) => { wired = resolve; });

/** Called by start.js once Flip and the keys are wired: a round ahead is offered only to a press that is heard. */
export function controlsWired() {
  wired();
}

/**
 * Hold the game's lock and claim the stored game (tabs.js), once: the rounds drawn early and the start-up after
 * them share the answer, false when another tab holds the game, else {claimed}: the promise of the record stored
 * when this tab claimed it (undefined when that could not be read).
 */
export function holdOnce() {
  holding ??= import("./tabs.js").then(({ holdGame }) => holdGame(false));
  return holding;
}

/** Let flips draw the rounds `record` knows ahead, once this tab holds the game (with storage, every tab shares it). */
async function playAhead(record) {
  const known = roundsAhead(record, CHOICES, CARDS, lang);
  if (!known) return;
  await listening;
  if (state.saving !== "unavailable" && !(await holdOnce())) return;
  if (state.mode !== "loading" || state.busy || (state.record && state.record !== record)) return;
  update(playingAhead, record, known);
  render(known.board, { announce: false });
  showChancesAhead(); // the engine's, worked out ahead with the round
}

/** A first visit's opening (its record), played if the form still asks for the game its board's deal says. */
function playOpening(record) {
  const deal = record.board?.deal ?? {}; // none in an older build's file: that opening waits for the engine
  const asked = dealOf(state.settings, CHOICES);
  if (Object.keys(asked).some((name) => deal[name] !== asked[name])) return;
  playAhead({ ...record, settings: state.settings }); // the bridge keeps the page's settings as it sends them
}

/**
 * Draw the board of the stored record that `opening` (store.loadStart) reads, and resolve to the record.
 * `emptyAt` is set when the page, told by the save hint that there is no save, went on with the empty board
 * already on screen at that time: if IndexedDB indeed holds no game, that is when the board was restored.
 * `first` is the promise of a first visit's opening (openings.js), or null.
 */
export async function restoreBoard(opening, emptyAt, first = null) {
  // motion off for those who ask their system for less of it (the CSS stops it too); a saved choice wins later
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) $("animation").value = "none";
  readSettings(); // the first change of the state, which shows it
  const { storage, keep, record, replaced } = await opening;
  $("keep").checked = keep;
  let board = null;
  const stored = Boolean(record) && typeof record === "object";
  const drawable = stored && validBoard(record.board, CHOICES, CARDS);
  // the visitor's settings, the next game's deal too; the game's own deal where they do not say. A board that
  // cannot be drawn here (one stored before boards carried their deal) waits for the bridge; the settings do not.
  if (stored) applySettings({ ...(drawable ? record.board.deal : {}), ...record.settings });
  if (drawable) {
    // a sentence in another language is not shown; this round was announced when it was played
    board = record.board.lang === lang ? record.board
      : { ...record.board, ...Object.fromEntries(SENTENCES.map((name) => [name, ""])) };
    board = (!location.search && roundsAhead(record, CHOICES, CARDS, lang)?.board) || board;
    render(board, { announce: false });
    emptyAt = null;
  }
  update(opened, { storage, keep, board });
  if (board) update(replacedRead, replaced, record); // in the same frame as the board: the table never moves
  performance.mark("board-restored", emptyAt === null ? undefined : { startTime: emptyAt });
  // a shared link or a replay needs the engine; so do other settings than an opening's
  if (!location.search && board) playAhead(record);
  else if (!location.search && !record && first) first.then((dealt) => dealt && playOpening(dealt));
  return record;
}
