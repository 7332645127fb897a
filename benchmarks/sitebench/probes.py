"""What the benchmark reads in the page: the pages it opens, the in-page snippets it runs (arrow functions:
the site's CSP forbids eval, which a bare expression would need) and the network profiles it emulates."""

from __future__ import annotations

GAME_PAGE = "en/index.html"
BARE_PAGE = "bench/bare.html"
LOAD_TIMEOUT = 90_000  # ms; a cold load takes a few seconds, a broken one never ends
MB = 1_000_000

# In-page snippets. They are arrow functions: the site's CSP forbids eval, which a bare expression would need.

ENGINE_READY = "() => ['ready', 'failed'].includes(document.documentElement?.dataset.engine)"
ENGINE_STATE = "() => document.documentElement?.dataset.engine"
BARE_DONE = "() => Boolean(document.documentElement?.dataset.state)"
# The page's marks; and, to explain board-restored, when the HTML had arrived and when the page first painted
MARKS = """() => ({
  ...Object.fromEntries(['board-restored', 'flip-ready', 'engine-ready'].map((name) => {
    const entry = performance.getEntriesByName(name)[0];
    return [name, entry ? entry.startTime : null];
  })),
  html: performance.getEntriesByType('navigation')[0]?.responseEnd ?? null,
  paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
})"""
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
SNAPSHOT_STATE = "() => document.documentElement?.dataset.snapshot ?? null"
# The worker makes its memory snapshot when idle after a fresh start: "stored", "failed" or "off" is the end of it
SNAPSHOT_SETTLED = "() => ['stored', 'failed', 'off', 'restored'].includes(document.documentElement?.dataset.snapshot)"
ENGINE_START = "() => document.documentElement?.dataset.engineStart ?? null"  # "fresh" or "snapshot"
# The worker's own steps, {name: [start, end]} in ms from navigation start (js/engine.js)
ENGINE_STEPS = """() => ({...JSON.parse(document.documentElement?.dataset.engineSteps || '{}'),
  ...JSON.parse(document.documentElement?.dataset.snapshotSteps || '{}')})"""
FRESH_STEPS = ("lock file", "python started", "wheel installed", "bridge imported", "language chosen",
               "snapshot made", "snapshot stored")
RESTORE_STEPS = ("lock file", "snapshot read", "python restored", "bridge imported", "language chosen")
BACKGROUND_WAIT = 1.5  # s after the page's background work ends, for late requests to show up
# Chromium's network emulation for the slow-network profile: 10 Mbit/s both ways, 40 ms round trip
SLOW_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8,
                "uploadThroughput": 10_000_000 / 8}
# The phone profile, as Lighthouse's mobile one: slow 4G (1.6 Mbit/s down, 0.75 up, 150 ms) and a CPU 4× slower
PHONE_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
                 "uploadThroughput": 750_000 / 8}
PHONE_CPU = 4
NETWORKS = {"slow": SLOW_NETWORK, "phone": PHONE_NETWORK}
PROFILES = {"local": "localhost", "slow": "10 Mbit/s, 40 ms", "phone": "phone (1.6 Mbit/s, 150 ms, CPU 4×)"}
FLIP_READY = "() => document.documentElement?.dataset.flip === 'ready'"
# What the page itself had received when Flip first took a press: the document and every resource it asked for
# (its modules, CSS, fonts, the opening), as encoded on the wire, from the page's Resource Timing. The worker's
# own downloads (the runtime), which go on beside it, are not the page's and are not counted.
BYTES_BEFORE_FLIP = """() => {
  const ready = performance.getEntriesByName('flip-ready')[0]?.startTime ?? Infinity;
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  const before = entries.filter((entry) => entry.responseEnd <= ready);
  return { bytes: before.reduce((sum, entry) => sum + (entry.encodedBodySize || 0), 0), files: before.length,
    openings: before.filter((entry) => entry.name.includes('/openings/')).length };
}"""
KB = 1000
LONG_TASKS = "() => window.__longTasks || []"
BLUR = "() => document.activeElement && document.activeElement.blur()"
SET_SEED = "(seed) => { document.querySelector('[data-testid=seed-input]').value = String(seed); }"
ROUND = "() => Number(document.getElementById('board').dataset.round)"
SET_ANIMATION = """(value) => {
  const select = document.querySelector('[data-testid=animation]');
  if (!select) return false;
  select.value = value;
  select.dispatchEvent(new Event('change', {bubbles: true}));
  return true;
}"""

# Installed before any page script runs, in every page of a context.
INIT_SCRIPT = """(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) {
        window.__longTasks.push({start: task.startTime, duration: task.duration});
      }
    }).observe({type: 'longtask', buffered: true});
  } catch (error) {
    window.__longTasks = null; // not supported
  }
})()"""

# One request to the engine, seen from the page: the flip button's aria-busy goes "true" when a request that
# changes the game starts and "false" when it is over and the page takes the next one. `watch` is the element
# whose first mutation means "the answer is on screen"; `start` is the event ("keydown" or "click") whose
# timeStamp is t0. The page may take the next request before the answer is on screen (the round number is
# written a frame after the answer): then it is idle once the answer shows.
ARM = """([watch, start]) => {
  const flip = document.querySelector('[data-testid=flip]');
  const target = document.querySelector(watch);
  const probe = {start: null, shown: null, idle: null};
  window.__probe = probe;
  addEventListener(start, (event) => { probe.start ??= event.timeStamp; }, {capture: true, once: true});
  const shown = new MutationObserver(() => {
    if (watch === '[data-testid=result]' && target.hidden) return; // the result counts once it is visible
    probe.shown ??= performance.now();
    if (flip.getAttribute('aria-busy') === 'false') probe.idle ??= probe.shown;
    shown.disconnect();
  });
  shown.observe(target, {childList: true, characterData: true, subtree: true, attributes: true});
  const idle = new MutationObserver(() => {
    if (probe.shown !== null && flip.getAttribute('aria-busy') === 'false') {
      probe.idle ??= performance.now();
      idle.disconnect();
    }
  });
  idle.observe(flip, {attributes: true, attributeFilter: ['aria-busy']});
}"""
PROBE_DONE = "() => window.__probe.idle !== null && window.__probe"  # the probe, once complete
# Installed in the play measurement's pages: when the probe's request left for the worker and when its answer
# came back, to tell the worker's share of a flip from the page's.
WORKER_PROBE = """(() => {
  const Plain = window.Worker;
  window.Worker = class extends Plain {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const probe = window.__probe;
        if (probe && event.data && event.data.id === probe.id) probe.answered ??= performance.now();
      });
    }
    postMessage(message, ...rest) {
      const probe = window.__probe;
      if (probe && probe.id === undefined && ['flip', 'finish', 'new'].includes(message && message.type)) {
        probe.id = message.id;
        probe.sent = performance.now();
      }
      return super.postMessage(message, ...rest);
    }
  };
})()"""
ROUND_WATCH = "[data-testid=round]"  # render() writes the round number after the cards
RESULT_WATCH = "[data-testid=result]"
HUMAN_PAUSE = (0.3, 1.2)  # seconds between two presses at a human pace (uniform)

MEMORY = """async () => {
  const out = {jsHeap: performance.memory ? performance.memory.usedJSHeapSize : null, total: null};
  if (self.crossOriginIsolated && performance.measureUserAgentSpecificMemory) {
    out.total = (await performance.measureUserAgentSpecificMemory()).bytes;
  }
  return out;
}"""
