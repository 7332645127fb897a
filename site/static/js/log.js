// The game log under the board: one line per round, newest first, told by the worker in the page's language.
// The bridge keeps the entries with the record; the page only shows the lines. A replay shows the lines of the
// game it replays, and the game's own wait aside, as they are, until it ends.

import { LOG_LIMIT } from "./facts.js";

let aside = null; // the game's lines while a replay shows its own

function list() {
  return document.getElementById("log-list");
}

/** One line of the game log ({entry, label, text, wars} from the worker); rounds with wars stand out. */
function logItem(line) {
  const item = document.createElement("li");
  item.value = line.entry.round;
  const label = document.createElement("strong");
  label.textContent = line.label;
  item.append(label, " ", line.text);
  if (line.wars) {
    item.classList.add("war");
    const tag = document.createElement("span");
    tag.className = "war-tag";
    tag.textContent = line.wars;
    item.append(" ", tag);
  }
  return item;
}

/** The line of the round just played, on top; the oldest beyond LOG_LIMIT go. */
export function addLine(line) {
  list().prepend(logItem(line));
  while (list().children.length > LOG_LIMIT) list().lastElementChild.remove();
}

/** A restored game's lines, oldest first as they come from the worker. */
export function showLines(lines) {
  list().replaceChildren(...[...lines].reverse().map(logItem));
}

export function clearLog() {
  list().replaceChildren();
}

/** A replay begins: the game's lines wait aside, and the log is the replay's. */
export function setGameLinesAside() {
  if (aside === null) aside = [...list().children];
  list().replaceChildren();
}

/** The replay is over: the game's lines are back, exactly as they were. */
export function putGameLinesBack() {
  if (aside !== null) list().replaceChildren(...aside);
  aside = null;
}
