// The status line's live region (#status): short confirmations, and during auto-play the latest round only.

import { motionOver } from "./board.js";

const ANNOUNCE_GAP = 2500; // ms: during auto-play, screen readers hear at most one round this often, the latest

let timer = null;
let announcedAt = 0;

function status() {
  return document.getElementById("status");
}

/**
 * A short confirmation (saving on or off, deleted, imported…) in the status line, which is announced: once the round
 * in motion, if any, has landed, since its sentence shows then and would replace the confirmation.
 */
export async function note(message) {
  await motionOver();
  status().querySelector(".short").textContent = message;
  status().querySelector(".full").textContent = message;
}

/** Say `sentence` to screen readers alone: the status line on screen stays as it is. */
export function tell(sentence) {
  clearTimeout(timer);
  status().querySelector(".full").textContent = sentence;
}

/** During auto-play, announce only the latest round, at most once every ANNOUNCE_GAP ms: no flood. */
export function announceLatest(sentence) {
  clearTimeout(timer);
  const wait = announcedAt + ANNOUNCE_GAP - Date.now();
  timer = setTimeout(() => {
    announcedAt = Date.now();
    status().querySelector(".full").textContent = sentence;
  }, Math.max(0, wait));
}

/** The round on screen was announced as it was drawn: no older one after it. */
export function announcedNow() {
  clearTimeout(timer);
}
