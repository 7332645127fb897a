// The game page's one state (state.js) and the one place that shows it. After every change the controls, the
// notices, <html data-engine> and the "engine-ready" mark follow the state; other modules that must react to a
// change (auto-play) listen here.

import { controls, engineState, initial, notices } from "./state.js";
import { text } from "./strings.js";

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

function setFlag(element, name, value) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Enable exactly the controls that make sense in `now`, and show exactly its notices. */
export function showState(now) {
  const enabled = controls(now);
  for (const element of document.querySelectorAll("[data-needs-engine]")) element.disabled = !enabled.engine;
  for (const id of ["flip", "autoplay", "finish", "share", "export", "import"]) $(id).disabled = !enabled[id];
  setFlag($("flip"), "aria-busy", String(now.busy));
  const autoplay = $("autoplay");
  setFlag(autoplay, "aria-pressed", String(now.autoplay));
  const label = now.autoplay ? autoplay.dataset.labelPause : autoplay.dataset.labelPlay;
  if (autoplay.textContent !== label) autoplay.textContent = label;
  for (const [id, visible] of Object.entries(notices(now))) $(id).hidden = !visible;
  if (now.failure === "timeout") explainTimeout();
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
