// The page's side of the engine worker: start it, ask it questions, give up cleanly if it cannot load.

import { ERRORS, REQUESTS } from "./facts.js";

// loadPyodide can hang forever (e.g. without 'wasm-unsafe-eval'), but a slow device or network is no hang: the
// page says the engine took too long only after this long without any word from the worker (it reports each step
// and the download), and even then the worker goes on: an answer after that still starts the game (`answered`).
// Starting Python is one silent step: WebKitGTK's takes 8-15 s on two quiet cores; on a machine at ten times
// its cores' load it stayed silent for over 40 s.
const LOAD_SILENCE_MS = 40000;

class EngineError extends Error {
  /** `code` names a case the page explains in its own words (e.g. "newer", "too-big"), if the worker gave one. */
  constructor(kind, message, code = "") {
    super(message);
    this.kind = kind;
    this.code = code;
  }
}

/**
 * Put the worker's start-up steps ({name, start, end} in ms since the epoch) on the page's timeline, for the
 * benchmark and the browser's profiler: a performance.measure("engine: <name>") each, and
 * <html data-engine-steps> (or data-snapshot-steps, for the snapshot made later) holding {name: [start, end]} in
 * whole ms from the page's navigation start.
 */
function showSteps(attribute, timings) {
  if (!Array.isArray(timings)) return;
  const steps = {};
  for (const { name, start, end } of timings) {
    const from = start - performance.timeOrigin;
    const to = end - performance.timeOrigin;
    steps[name] = [Math.round(from), Math.round(to)];
    performance.measure(`engine: ${name}`, { start: Math.max(0, from), end: Math.max(0, to) });
  }
  document.documentElement.dataset[attribute] = JSON.stringify(steps);
}

export class Engine {
  /**
   * @param {string} lang the page's language, for the worker's sentences
   * @param {(value: number) => void} onProgress loading progress, 0..100
   */
  constructor(lang, onProgress = () => {}) {
    this.lang = lang;
    this.onProgress = onProgress;
    this.worker = null;
    this.pending = new Map(); // id -> {resolve, reject}
    this.nextId = 1;
    this.dead = null; // an EngineError once the worker cannot be used
    this.heard = 0; // performance.now() of the worker's last message
    this.answered = null; // the promise of the worker's first answer, which may come after start() gave up
  }

  /**
   * Start the worker and load Python; resolves when the engine answers, rejects with an EngineError, of the kind
   * "timeout" after LOAD_SILENCE_MS without a word from it (`answered` may still resolve then).
   */
  start() {
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      return Promise.reject(this.fail(new EngineError(ERRORS.unsupported, "no WebAssembly or no Web Workers")));
    }
    try {
      this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    } catch (error) {
      return Promise.reject(this.fail(new EngineError(ERRORS.load, String(error))));
    }
    this.worker.addEventListener("message", (event) => this.receive(event.data));
    this.worker.addEventListener("error", (event) => {
      event.preventDefault(); // reported through #engine-failed, not as an uncaught error
      this.fail(new EngineError(ERRORS.load, event.message || "the engine worker failed"));
    });
    this.worker.addEventListener("messageerror", () => this.fail(new EngineError(ERRORS.internal, "bad message")));
    let timer;
    const silence = new Promise((resolve, reject) => {
      const check = () => {
        const quiet = performance.now() - this.heard;
        if (quiet < LOAD_SILENCE_MS) timer = setTimeout(check, LOAD_SILENCE_MS - quiet);
        else {
          reject(new EngineError(ERRORS.timeout, `no word from the engine for ${Math.round(quiet)} ms`));
        }
      };
      timer = setTimeout(check, LOAD_SILENCE_MS);
    });
    this.heard = performance.now();
    this.answered = this.request({ type: REQUESTS.init, lang: this.lang }).then((answer) => {
      document.documentElement.dataset.engineStart = answer.start || "fresh";
      if (answer.snapshot) document.documentElement.dataset.snapshot = answer.snapshot;
      showSteps("engineSteps", answer.timings);
      return answer;
    });
    return Promise.race([this.answered, silence]).finally(() => clearTimeout(timer));
  }

  /** Send one request; resolves with the answer when ok, rejects with an EngineError otherwise. */
  request(message) {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  receive(data) {
    this.heard = performance.now();
    if (!data || typeof data !== "object") return;
    if (data.type === "progress") {
      this.onProgress(Number(data.value) || 0);
      return;
    }
    if (data.type === "snapshot-stored") {
      document.documentElement.dataset.snapshot = "stored";
      showSteps("snapshotSteps", data.timings);
      return;
    }
    if (data.type === "snapshot-failed") {
      // only the next start's speed is lost: it will be a normal one, and this build does not try again here
      console.warn(`krig: no memory snapshot on this device (${data.reason})`);
      document.documentElement.dataset.snapshot = "failed";
      return;
    }
    if (data.type === "stdlib-fallback") {
      // A module the trimmed standard library lacks: the worker fetched the whole one (the tests fail on this)
      console.warn(`krig: the trimmed standard library lacks ${data.module}`);
      document.documentElement.dataset.stdlibFallback = String(data.module);
      return;
    }
    if (data.type === "fatal") {
      if (data.error?.kind === ERRORS.load) this.fail(new EngineError(ERRORS.load, data.error.message || ""));
      return;
    }
    const waiting = this.pending.get(data.id);
    if (!waiting) return;
    this.pending.delete(data.id);
    if (data.ok) waiting.resolve(data);
    else {
      const error = data.error || {};
      waiting.reject(new EngineError(error.kind || ERRORS.internal, error.message || "", error.code));
    }
  }

  /** Stop the worker for good and reject everything still waiting; returns the error. */
  fail(error) {
    if (!this.dead) {
      this.dead = error;
      if (this.worker) this.worker.terminate();
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    }
    return this.dead;
  }
}
