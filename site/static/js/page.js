// The game page's one state (state.js) and the one place that shows it. After every change the controls, the
// notices, <html data-engine> and the "engine-ready" mark follow the state; other modules that must react to a
// change (auto-play) listen here. The "flip-ready" mark and <html data-flip="ready"> say when Flip first took a
// press. <html data-kept> is the number of flips kept for later, and <html data-estimates="settled"> says that
// the idle time has estimated the win chances of every round the worker knows ahead: neither is shown, but a
// look at the page (or a test) can read what the page is waiting for.

import { ERRORS } from "./facts.js";
import { controls, engineState, initial, notices } from "./state.js";
import { plural, text } from "./strings.js";

export let state = initial;
/** The engine (engine.js), once it has answered. */
export let engine = null;

const listeners = [];
const $ = (id) => document.getElementById(id);
const root = document.documentElement;

export function useEngine(started) {
  engine = started;
}

/** Move the state on with a transition of state.js (`transition(state, ...args)`), and show it. */
export function update(transition, ...args) {
  const before = state;
  state = transition(state, ...args);
  if (state !== before) for (const listener of listeners) listener(state, before);
}

/** Call `listener(state, before)` after every change. */
export function listen(listener) {
  listeners.push(listener);
}

const written = new Map(); // what showState last wrote, by name: only what changes touches the DOM
const OWN = ["flip", "autoplay", "finish", "share", "export", "import"]; // the controls with a rule of their own

function write(name, value, set) {
  if (written.get(name) === value) return;
  written.set(name, value);
  set(value);
}

/** Enable exactly the controls that make sense in `now`, and show exactly its notices. */
function showState(now) {
  const enabled = controls(now);
  write("engine", enabled.engine, (on) => {
    for (const element of document.querySelectorAll("[data-needs-engine]")) {
      if (!OWN.includes(element.id)) element.disabled = !on;
    }
  });
  for (const id of OWN) write(`${id}.disabled`, !enabled[id], (off) => { $(id).disabled = off; });
  if (enabled.flip && !root.dataset.flip) {
    root.dataset.flip = "ready"; // Flip takes a press from now on: before the engine, if rounds are known ahead
    performance.mark("flip-ready");
  }
  write("busy", String(now.busy), (busy) => $("flip").setAttribute("aria-busy", busy));
  write("kept", String(now.waiting), (kept) => { root.dataset.kept = kept; });
  write("estimates", now.estimate.settled, (settled) => { root.dataset.estimates = settled ? "settled" : "working"; });
  write("autoplay", now.autoplay, (on) => {
    const button = $("autoplay");
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? button.dataset.labelPause : button.dataset.labelPlay;
  });
  write("bad-link", now.badLink, (why) => { $("bad-link-text").textContent = why ?? ""; }); // before its notice shows
  // "Back to your game (round 15)": the replaced game's round, written before its notice shows
  write("back", now.replaced?.board.round, (round) => {
    if (round !== undefined) $("back-to-game").textContent = plural("back_to_game", Number(round));
  });
  for (const [id, visible] of Object.entries(notices(now))) write(`${id}.hidden`, !visible, (hidden) => {
    $(id).hidden = hidden;
  });
  if (now.failure === ERRORS.timeout) explainTimeout();
  const engineNow = engineState(now);
  if (root.dataset.engine !== engineNow) {
    root.dataset.engine = engineNow;
    if (engineNow === "ready") performance.mark("engine-ready");
  }
}

function explainTimeout() {
  const notice = $("engine-failed");
  if (notice.querySelector(".reason")) return;
  const reason = document.createElement("p");
  reason.className = "reason";
  reason.textContent = text("engine_failed_timeout");
  notice.append(reason);
}

listen(showState);
