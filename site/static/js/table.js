// What the table shows of the page's state besides the board itself: your seat flips when a flip is possible,
// the first round's hint, the words that say the next rounds wait for the engine (with its progress, in the
// engine's loading notice) once the rounds known ahead are spent, the "Replay" marker while a game is watched
// again, "New game" highlighted while the form's deal settings differ from the game on screen, and the focus on
// Flip after a new game from the end.

import { dealOf } from "./deal.js";
import { listen, state } from "./page.js";
import { flip } from "./play.js";
import { CHOICES } from "./settings.js";
import { controls, dealDiffers, spent } from "./state.js";
import { format, percent, text } from "./strings.js";

const $ = (id) => document.getElementById(id);

function showTable(now) {
  const playable = controls(now).flip;
  $("board").classList.toggle("can-flip", playable);
  // Before the first flip the hint keeps its line while the page loads, shown once a flip is possible: the table
  // does not grow under the visitor's eyes when the opening's rounds arrive.
  const first = !now.board?.round;
  $("hint").hidden = !(first && (playable || now.mode === "loading"));
  $("hint").classList.toggle("waiting", !playable);
  const waiting = $("ahead-spent");
  waiting.hidden = !spent(now);
  $("engine-loading-words").hidden = !waiting.hidden;
  const words = waiting.hidden ? "" : format(text("ahead_spent"), { percent: percent(now.progress / 100) });
  if (waiting.textContent !== words) waiting.textContent = words;
  $("replay-mark").hidden = now.mode !== "replay";
  const deal = now.settings && dealOf(now.settings, CHOICES);
  const dealt = now.record?.board?.deal ?? null;
  const differs = now.mode !== "replay" && dealDiffers(deal, dealt);
  $("new-game").classList.toggle("pending", differs);
  $("next-game").hidden = !differs;
}

/**
 * New game from the end of a game: its result goes, with the button that had the focus; the focus goes on to
 * Flip, which takes its place, unless the visitor has moved it elsewhere. After the board is drawn, when Flip is
 * shown again.
 */
function focusFlipAfterTheEnd(now, before) {
  if (before.mode !== "over" || now.mode === "over") return;
  queueMicrotask(() => {
    const focused = document.activeElement;
    if (focused === document.body || $("result").contains(focused)) $("flip").focus();
  });
}

/** A tap or a click anywhere on your own seat turns your card, as the Flip button does. */
export function wireTable() {
  $("seat-0").addEventListener("click", () => {
    if (controls(state).flip) flip();
  });
  listen(showTable);
  listen(focusFlipAfterTheEnd);
  showTable(state);
}
