// The stored board, drawn before Python is ready, and the settings put back. Everything else of the stored
// record waits for the bridge (start.js).

import { render } from "./board.js";
import { CARDS } from "./facts.js";
import { update } from "./page.js";
import { applySettings, choices, readSettings } from "./settings.js";
import { opened } from "./state.js";
import { validBoard } from "./stored.js";

const $ = (id) => document.getElementById(id);
const lang = document.documentElement.lang || "en";

/**
 * Draw the board of the stored record that `opening` (store.loadStart) reads, and resolve to the record.
 * `emptyAt` is set when the page, told by the save hint that there is no save, went on with the empty board
 * already on screen at that time: if IndexedDB indeed holds no game, that is when the board was restored.
 */
export async function restoreBoard(opening, emptyAt) {
  // motion off for those who ask their system for less of it (the CSS stops it too); a saved choice wins later
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) $("animation").value = "none";
  readSettings(); // the first change of the state, which shows it
  const { storage, keep, record } = await opening;
  $("keep").checked = keep;
  let board = null;
  if (record && typeof record === "object" && validBoard(record.board, choices(), CARDS)) {
    applySettings({ ...record.settings, face_down: record.board.face_down }); // the game's own variant
    // a sentence in another language is not shown; this round was announced when it was played
    board = record.board.lang === lang ? record.board : { ...record.board, status: "", announce: "" };
    render(board, { announce: false });
    emptyAt = null;
  }
  update(opened, { storage, keep, board });
  performance.mark("board-restored", emptyAt === null ? undefined : { startTime: emptyAt });
  return record;
}
