"""Krig in headless Chromium beside bare Pyodide: visits 1, 2 and 3+, a slow network, flips, finish, bytes, memory.

    .venv/bin/python benchmarks/site.py                  # build dist/ if missing, 5 runs, print the table
    .venv/bin/python benchmarks/site.py --runs 9 --build  # rebuild first, 9 runs
    .venv/bin/python benchmarks/site.py --write-docs      # also put the table into docs/performance.md
    .venv/bin/python benchmarks/site.py --browsers all    # also Firefox ESR and WebKitGTK, 3 runs each

It serves dist/ on localhost with build.py's handler (which sends the .br files, as a static host does), drives
headless Chromium with Playwright and prints medians with their spread (min–max). Every time is measured inside
the page, from navigation start or from the input event's own timestamp, so Playwright's round trips never count.
The yardstick is dist/bench/bare.html, a page that only awaits loadPyodide() from the same files, measured in
the same run, back to back with the game page. The network profile (10 Mbit/s, 40 ms round trip) is Chromium's
own emulation (CDP). With --browsers, Firefox ESR and WebKitGTK (driven as tests/crossbrowser drives them) load
bare Pyodide and make visits 1, 2 and 3 too, each run in a new browser with a new profile, and the same figures
are read in the page: the User Timing marks, <html data-engine-start> and data-snapshot, and the bytes the
server sent. Nothing is asserted: this is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page, Response, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from krig import Game, simulate  # noqa: E402
from sitebuild.chromium import launch_options  # noqa: E402

DOCS = ROOT / "docs" / "performance.md"
GAME_PAGE = "en/index.html"
BARE_PAGE = "bench/bare.html"
LOAD_TIMEOUT = 90_000  # ms; a cold load takes a few seconds, a broken one never ends
MB = 1_000_000

# In-page snippets. They are arrow functions: the site's CSP forbids eval, which a bare expression would need.

ENGINE_READY = "() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)"
ENGINE_STATE = "() => document.documentElement.dataset.engine"
BARE_DONE = "() => Boolean(document.documentElement.dataset.state)"
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
SNAPSHOT_STATE = "() => document.documentElement.dataset.snapshot ?? null"
# The worker makes its memory snapshot when idle after a fresh start: "stored", "failed" or "off" is the end of it
SNAPSHOT_SETTLED = "() => ['stored', 'failed', 'off', 'restored'].includes(document.documentElement.dataset.snapshot)"
ENGINE_START = "() => document.documentElement.dataset.engineStart ?? null"  # "fresh" or "snapshot"
# The worker's own steps, {name: [start, end]} in ms from navigation start (js/engine.js)
ENGINE_STEPS = """() => ({...JSON.parse(document.documentElement.dataset.engineSteps || '{}'),
  ...JSON.parse(document.documentElement.dataset.snapshotSteps || '{}')})"""
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
FLIP_READY = "() => document.documentElement.dataset.flip === 'ready'"
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
# timeStamp is t0.
ARM = """([watch, start]) => {
  const flip = document.querySelector('[data-testid=flip]');
  const target = document.querySelector(watch);
  const probe = {start: null, shown: null, idle: null};
  window.__probe = probe;
  addEventListener(start, (event) => { probe.start ??= event.timeStamp; }, {capture: true, once: true});
  const shown = new MutationObserver(() => {
    if (watch === '[data-testid=result]' && target.hidden) return; // the result counts once it is visible
    probe.shown ??= performance.now();
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


# Results


@dataclass
class Results:
    """Every sample by row key, plus facts to print under the table."""

    samples: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    notes: list[str] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)

    def add(self, key: str, value: float | None) -> None:
        if value is not None:
            self.samples[key].append(float(value))

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile: the smallest value with at least p % of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def progress(message: str) -> None:
    print(f"… {message}", file=sys.stderr, flush=True)


@contextmanager
def section(results: Results, name: str) -> Iterator[None]:
    """Run one measurement; a failure becomes a note under the table instead of ending the benchmark."""
    try:
        yield
    except Exception as error:  # a benchmark reports what broke and goes on
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        results.note(f"{name} failed: {first_line}")
        progress(f"{name} failed: {first_line}")


# Serving dist/ and counting what it sends


class ServerLog:
    """What the server has sent since the last reset: every response body's path, its bytes on the wire and its
    Content-Encoding ("br", "gzip" or "identity")."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: list[tuple[str, int, str]] = []

    def add(self, path: str, size: int, coding: str) -> None:
        with self.lock:
            self.entries.append((path, size, coding))

    def reset(self) -> None:
        with self.lock:
            self.entries = []

    def sent(self) -> list[tuple[str, int, str]]:
        with self.lock:
            return list(self.entries)

    @property
    def bytes(self) -> int:
        return sum(size for _, size, _ in self.sent())


class CountingHandler(build.Handler):
    """build.py's handler (same types, the precompressed siblings), logging every body it sends."""

    log: ServerLog

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        try:
            outputfile.write(data)
        except ConnectionError:  # the browser gave up on it (a context closed mid-download): nothing sent
            return
        self.log.add(site_path(self.path), len(data), self.content_encoding or "identity")


@contextmanager
def serve(dist: Path) -> Iterator[tuple[str, ServerLog]]:
    log = ServerLog()
    handler = type("Handler", (CountingHandler,), {"log": log})
    server = build.make_server(dist, port=0, handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", log
    finally:
        server.shutdown()
        server.server_close()


def ensure_dist(dist: Path, rebuild: bool) -> Path:
    if rebuild or not (dist / BARE_PAGE).exists() or not (dist / GAME_PAGE).exists():
        progress(f"building {dist.name}/ (a minute or two)")
        build.build(dist)
    return dist


# The network log of a browser context


def site_path(url: str) -> str:
    """The file under dist/ that a URL or request path names."""
    path = urlsplit(url).path.lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path


@dataclass(frozen=True)
class Fetch:
    path: str
    status: int
    by_service_worker: bool  # the service worker asked the network (its precache)
    from_service_worker: bool  # the service worker answered from its cache: nothing crossed the network


class Network:
    """Every response a context saw, in order, with who asked and who answered."""

    def __init__(self, context: BrowserContext, base: str) -> None:
        self.base = base
        self.fetches: list[Fetch] = []
        context.on("response", self.record)

    def record(self, response: Response) -> None:
        url = response.url
        if not url.startswith(self.base):
            return
        by_sw = response.request.service_worker is not None
        self.fetches.append(Fetch(site_path(url), response.status, by_sw, response.from_service_worker))

    def mark(self) -> int:
        return len(self.fetches)

    def since(self, start: int, end: int | None = None) -> list[Fetch]:
        return self.fetches[start:end]


def with_body(fetches: list[Fetch], sent: list[tuple[str, int, str]]) -> list[tuple[int, Fetch, int]]:
    """The fetches (with their index) that brought a body over the network, and its bytes, matched in order with
    the server's log: a revalidated file (304) or one the service worker answered brought none."""
    remaining: dict[str, list[int]] = defaultdict(list)
    for path, size, _ in sent:
        remaining[path].append(size)
    carried = []
    for index, fetch in enumerate(fetches):
        if not fetch.from_service_worker and remaining[fetch.path]:
            carried.append((index, fetch, remaining[fetch.path].pop(0)))
    return carried


def add_bytes(results: Results, key: str, carried: list[tuple[int, Fetch, int]]) -> None:
    """Bytes on the wire (the server sends brotli, as a static host does) and the number of bodies."""
    results.add(f"{key}.bytes", sum(size for _, _, size in carried) / MB)
    results.add(f"{key}.files", len(carried))


# Browser helpers


class Chromium:
    """Headless Chromium with a new, empty profile for every context: "cold" means nothing cached at all.

    Each context is a persistent one in its own temporary folder, so that the HTTP cache lives on disk as a
    visitor's does. (An incognito context keeps it in memory, which cannot hold the 9.6 MB wasm: every
    reload would fetch it again, and bare Pyodide's warm start would look slower than it is.)
    """

    def __init__(self, playwright: Any, base: str) -> None:
        self.playwright = playwright
        self.base = base
        self.version = "?"

    @contextmanager
    def context(self, service_workers: str = "allow") -> Iterator[BrowserContext]:
        options = {**launch_options(), "base_url": self.base, "service_workers": service_workers}
        with tempfile.TemporaryDirectory(prefix="krig-bench-") as profile:
            context = self.playwright.chromium.launch_persistent_context(profile, **options)
            if context.browser is not None:
                self.version = context.browser.version
            context.add_init_script(INIT_SCRIPT)
            try:
                yield context
            finally:
                context.close()


def wait_engine(page: Page) -> dict[str, float | None]:
    """Wait until the page says the engine is ready; return its User Timing marks."""
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    state = page.evaluate(ENGINE_STATE)
    if state != "ready":
        raise RuntimeError(f"the game page says engine={state}")
    return page.evaluate(MARKS)


def add_long_tasks(results: Results, key: str, page: Page, after: float = 0.0,
                   until: float = math.inf) -> None:
    """Count and longest long task (> 50 ms) that started in [after, until] ms since navigation start."""
    tasks = page.evaluate(LONG_TASKS)
    if tasks is None:
        results.note("long tasks: PerformanceObserver('longtask') is not supported here")
        return
    durations = [task["duration"] for task in tasks if after <= task["start"] <= until]
    results.add(f"{key}.count", len(durations))
    results.add(f"{key}.longest", max(durations, default=0.0))


def emulate(context: BrowserContext, page: Page, profile: str) -> None:
    """Chromium's emulation of a slow profile's network, for this page and its worker, from now on; and for the
    phone its slower CPU (CDP's CPU throttling slows the page's main thread)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", NETWORKS[profile])
    if profile == "phone":
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})


def first_page(context: BrowserContext, profile: str) -> Page:
    page = context.pages[0] if context.pages else context.new_page()
    if profile != "local":
        emulate(context, page, profile)
    return page


# Measurements


def measure_bare(chromium: Chromium, log: ServerLog, results: Results, profile: str) -> None:
    """Bare Pyodide: a fresh profile (cold), then a reload in it (warm, HTTP cache)."""
    with chromium.context() as context:
        page = first_page(context, profile)
        for visit, go in (("cold", lambda: page.goto(BARE_PAGE, wait_until="commit")), ("warm", page.reload)):
            log.reset()
            go()
            page.wait_for_function(BARE_DONE, timeout=LOAD_TIMEOUT)
            bare = page.evaluate("() => window.__bare")
            if "error" in bare:
                raise RuntimeError(f"bare page: {bare['error']}")
            results.add(f"{profile}.bare.{visit}", bare["ready"])
            if visit == "cold":
                results.add(f"{profile}.bare.cold.bytes", log.bytes / MB)
                results.add("memory.bare.js", bare["jsHeapBytes"] / MB if bare["jsHeapBytes"] else None)
                results.add("memory.bare.wasm", bare["wasmBytes"] / MB)


def measure_app(chromium: Chromium, log: ServerLog, results: Results, profile: str) -> None:
    """The game page in a fresh profile: visit 1 (nothing cached), visit 2 (the service worker, and the
    snapshot visit 1 made), visit 3 (the same again); each visit's background work is waited for and counted."""
    with chromium.context() as context:
        network = Network(context, chromium.base)
        page = first_page(context, profile)
        for visit in (1, 2, 3):
            app_visit(page, network, log, results, f"{profile}.v{visit}", first=visit == 1)


def measure_first_bytes(chromium: Chromium, results: Results, lang: str) -> None:
    """A first visit to the game page in `lang`: the bytes the page had received when Flip first took a press."""
    with chromium.context() as context:
        page = first_page(context, "local")
        page.goto(f"{lang}/index.html", wait_until="commit")
        page.wait_for_function(FLIP_READY, timeout=LOAD_TIMEOUT)
        before = page.evaluate(BYTES_BEFORE_FLIP)
        results.add(f"first.{lang}.bytes", before["bytes"] / KB)
        results.add(f"first.{lang}.files", before["files"])
        if before["openings"] != 2:
            results.note(f"{lang}: {before['openings']} opening files before flip-ready (2 expected)")


PRESS_EVERY = 0.5  # s: a player pressing twice a second
PAINTED = "() => performance.getEntriesByName('first-contentful-paint').length > 0"
ROUND_SHOWN = "() => Number(document.getElementById('board').dataset.round || 0)"


def measure_presses(chromium: Chromium, results: Results) -> None:
    """A first visit on the phone profile with Space pressed twice a second from the first paint until the engine
    is ready: how many presses that was, how many rounds of the opening they drew, and how long it took."""
    with chromium.context() as context:
        page = first_page(context, "phone")
        page.goto(GAME_PAGE, wait_until="commit")
        page.wait_for_function(PAINTED, polling=50, timeout=LOAD_TIMEOUT)
        start = time.monotonic()
        presses = drawn = 0
        while page.evaluate(ENGINE_STATE) not in ("ready", "failed"):
            page.keyboard.press("Space")
            presses += 1
            drawn = max(drawn, page.evaluate(ROUND_SHOWN))
            time.sleep(max(0.0, start + presses * PRESS_EVERY - time.monotonic()))
        marks = page.evaluate(MARKS)
    results.add("phone.presses", presses)
    results.add("phone.presses.drawn", drawn)
    paint, engine = marks.get("paint"), marks.get("engine-ready")
    results.add("phone.presses.engine", engine - paint if engine is not None and paint is not None else None)


def app_visit(page: Page, network: Network, log: ServerLog, results: Results, key: str, first: bool) -> None:
    """One visit: its marks, the worker's steps, long tasks, and the bytes until engine-ready and in all."""
    log.reset()
    start = network.mark()
    if first:
        page.goto(GAME_PAGE, wait_until="commit")
    else:
        page.reload(wait_until="commit")
    marks = wait_engine(page)
    ready_at = network.mark()
    add_marks(results, key, marks)
    if first:
        results.add(f"{key}.flip.page.bytes", page.evaluate(BYTES_BEFORE_FLIP)["bytes"] / KB)
    results.add(f"{key}.from_snapshot", 1 if page.evaluate(ENGINE_START) == "snapshot" else 0)
    add_long_tasks(results, "longtasks.load", page, until=marks["engine-ready"] or math.inf)
    wait_background(page, results)
    add_worker_steps(results, key, page.evaluate(ENGINE_STEPS))
    carried = [(i - start, f, size) for i, f, size in with_body(network.since(start), log.sent())]
    add_bytes(results, f"{key}.ready", [c for c in carried if c[0] < ready_at - start])
    add_bytes(results, f"{key}.all", carried)
    add_bytes(results, f"{key}.precache", [c for c in carried if c[1].by_service_worker])
    results.add(f"{key}.from_sw", sum(1 for f in network.since(start) if f.from_service_worker))


def add_marks(results: Results, key: str, marks: dict[str, float | None]) -> None:
    results.add(f"{key}.board", marks["board-restored"])
    results.add(f"{key}.flip", marks["flip-ready"])
    results.add(f"{key}.engine", marks["engine-ready"])
    results.add(f"{key}.html", marks["html"])
    results.add(f"{key}.paint", marks["paint"])


def wait_background(page: Page, results: Results) -> None:
    """Until the page's background work is over: the service worker in charge (its precache done) and the
    memory snapshot made and stored (or given up); then a moment for late requests."""
    try:
        page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
        page.wait_for_function(SNAPSHOT_SETTLED, timeout=LOAD_TIMEOUT)
    except PlaywrightTimeoutError:
        results.note(f"background work did not settle: data-snapshot={page.evaluate(SNAPSHOT_STATE)!r}")
    state = page.evaluate(SNAPSHOT_STATE)
    if state == "failed":
        results.note("a visit could not store its memory snapshot")
    time.sleep(BACKGROUND_WAIT)


def add_worker_steps(results: Results, key: str, steps: dict[str, list[float]]) -> None:
    """Where a start's time goes inside the worker: when its first step began, and each step's length."""
    if steps:
        results.add(f"{key}.step.first", min(start for start, _ in steps.values()))
    for name, (start, end) in steps.items():
        results.add(f"{key}.step.{name}", end - start)


def long_seed(rounds: int) -> int:
    """The first seed whose 2-player game lasts more than `rounds` rounds (the engine in CPython decides)."""
    for seed in range(10_000):
        game = Game.new(2, seed=seed)
        game.finish()
        if game.round_number > rounds:
            return seed
    raise RuntimeError(f"no seed below 10000 lasts {rounds} rounds")


def request_cycle(page: Page, watch: str, start: str, act: Callable[[], None]) -> dict[str, float]:
    """Arm the in-page probe, act (press a key or click), and wait until the page takes the next request."""
    page.evaluate(ARM, [watch, start])
    act()
    done = page.wait_for_function(PROBE_DONE, timeout=LOAD_TIMEOUT, polling=10)  # not per frame: frames lag
    return done.json_value()


def play_flips(page: Page, results: Results, key: str, flips: int,
               pause: random.Random | None = None) -> None:
    """Press Space `flips` times, each as soon as the last answer is drawn, or after a human pause."""
    page.evaluate(BLUR)  # Space on a focused button would press the button, not flip
    for _ in range(flips):
        if pause is not None:
            time.sleep(pause.uniform(*HUMAN_PAUSE))
        probe = request_cycle(page, ROUND_WATCH, "keydown", lambda: page.keyboard.press("Space"))
        results.add(f"{key}.shown", probe["shown"] - probe["start"])
        results.add(f"{key}.idle", probe["idle"] - probe["start"])
        if probe.get("sent") is not None and probe.get("answered") is not None:
            results.add(f"{key}.part.sent", probe["sent"] - probe["start"])
            results.add(f"{key}.part.worker", probe["answered"] - probe["sent"])
            # a round drawn ahead (state.next) is on screen before the answer: it waited for nothing
            results.add(f"{key}.part.drawn", max(0.0, probe["shown"] - probe["answered"]))
            results.add(f"{key}.part.ahead", 1.0 if probe["shown"] < probe["answered"] else 0.0)


def set_animation(page: Page, value: str) -> bool:
    """Choose the page's own animation setting, as its select would; False if the page has none."""
    return page.evaluate(SET_ANIMATION, value)


def new_game(page: Page, seed: int) -> None:
    page.select_option("[data-testid=players]", "2")
    page.evaluate(SET_SEED, seed)
    request_cycle(page, ROUND_WATCH, "click", lambda: page.click("[data-testid=new-game]"))


def measure_play(chromium: Chromium, results: Results, flips: int, paced: int, seeds: range) -> None:
    """Flip latency (Space presses back to back, then at a human pace, then without animation), then
    finish of whole games, all in one page."""
    with chromium.context() as context:
        context.add_init_script(WORKER_PROBE)
        page = context.new_page()
        page.goto(GAME_PAGE)
        wait_engine(page)
        # the precache and the memory snapshot are over: nothing competes with the flips
        page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
        page.wait_for_function(SNAPSHOT_SETTLED, timeout=LOAD_TIMEOUT)
        time.sleep(1.0)
        play_from = page.evaluate("() => performance.now()")

        seed = long_seed(flips + paced + flips // 2 + 10)
        results.info["flip seed"] = str(seed)
        new_game(page, seed)
        play_flips(page, results, "flip", flips)
        play_flips(page, results, "flip.paced", paced, pause=random.Random(0))
        if set_animation(page, "none"):  # diagnostic: the same flips without the card animation
            play_flips(page, results, "flip.still", flips // 2)
            set_animation(page, "normal")
        for seed in seeds:
            finish_game(page, results, seed)
        add_long_tasks(results, "longtasks.play", page, after=play_from)
        add_memory(page, results)


def finish_game(page: Page, results: Results, seed: int) -> None:
    new_game(page, seed)
    probe = request_cycle(page, RESULT_WATCH, "click", lambda: page.click("[data-testid=finish]"))
    results.add("finish.shown", probe["shown"] - probe["start"])
    results.add("finish.rounds", page.evaluate(ROUND))


def add_memory(page: Page, results: Results) -> None:
    memory = page.evaluate(MEMORY)
    results.add("memory.app.js", memory["jsHeap"] / MB if memory["jsHeap"] else None)
    if memory["total"] is None:
        results.note("memory: measureUserAgentSpecificMemory() needs cross-origin isolation, which the "
                     "site does not have; the worker's wasm memory is estimated by the bare engine page")
    else:
        results.add("memory.app.total", memory["total"] / MB)


def measure_engine(chromium: Chromium, results: Results, games: int, repeats: int) -> None:
    """engine.simulate(2, games, seed=0) in Pyodide (the bare page with our wheel) and in this CPython,
    alternately, so that both halves of each ratio see the same machine load."""
    with chromium.context() as context:
        page = context.new_page()
        page.goto(f"{BARE_PAGE}?engine=1&games={games}&repeats=1")  # one run to warm up
        page.wait_for_function(BARE_DONE, timeout=LOAD_TIMEOUT + 60_000)
        bare = page.evaluate("() => window.__bare")
        if "error" in bare:
            raise RuntimeError(f"bare engine page: {bare['error']}")
        results.info["pyodide"] = f"Pyodide {bare.get('pyodide', '?')} (Python {bare.get('python', '?')})"
        simulate_cpython(games)  # and one here
        for _ in range(repeats):
            run = page.evaluate("(games) => window.__simulate(games)", games)
            cpython = simulate_cpython(games)
            results.add("engine.pyodide", run["rate"])
            results.add("engine.cpython", cpython)
            results.add("ratio.engine", run["rate"] / cpython)
        results.add("memory.engine.wasm", run["wasmBytes"] / MB)


def simulate_cpython(games: int) -> float:
    """Rounds per second of the same call in this process."""
    start = time.perf_counter()
    rounds = sum(simulate(2, games, seed=0).rounds)
    return rounds / (time.perf_counter() - start)


def add_ratio(results: Results, key: str, numerator: float | None, denominator: float | None) -> None:
    if numerator is not None and denominator:
        results.add(key, numerator / denominator)


def newest(results: Results, key: str, count_before: int) -> float | None:
    """The sample `key` gained since it had `count_before` samples, if any."""
    values = results.samples.get(key, [])
    return values[-1] if len(values) > count_before else None


PAIRED = ("bare.cold", "bare.warm", "bare.cold.bytes", "v1.engine", "v2.engine", "v3.engine", "v1.all.bytes",
          "v2.all.bytes", "v1.flip", "v2.flip", "v3.flip")  # the figures of one run that its ratios pair


def paired_run(results: Results, profile: str, label: str, bare: Callable[[], None],
               app: Callable[[], None]) -> None:
    """Bare Pyodide then the game page, back to back, and this run's ratios of the one to the other."""
    before = {key: len(results.samples.get(f"{profile}.{key}", [])) for key in PAIRED}
    with section(results, f"bare Pyodide ({label})"):
        bare()
    with section(results, f"game page ({label})"):
        app()
    new = {key: newest(results, f"{profile}.{key}", before[key]) for key in PAIRED}
    add_ratio(results, f"{profile}.ratio.v1", new["v1.engine"], new["bare.cold"])
    add_ratio(results, f"{profile}.ratio.v2", new["v2.engine"], new["bare.warm"])
    add_ratio(results, f"{profile}.ratio.v3", new["v3.engine"], new["bare.warm"])
    add_ratio(results, f"{profile}.ratio.flip.v1", new["v1.flip"], new["bare.cold"])
    add_ratio(results, f"{profile}.ratio.flip.v2", new["v2.flip"], new["bare.warm"])
    add_ratio(results, f"{profile}.ratio.flip.v3", new["v3.flip"], new["bare.warm"])
    if new["v1.all.bytes"] is not None and new["v2.all.bytes"] is not None:
        both = new["v1.all.bytes"] + new["v2.all.bytes"]
        results.add(f"{profile}.v12.all.bytes", both)
        add_ratio(results, f"{profile}.ratio.v12.bytes", both, new["bare.cold.bytes"])


# Firefox ESR and WebKitGTK (--browsers): the cross-browser suite's drivers, the same server

BROWSERS = {"firefox": "Firefox ESR", "webkit": "WebKitGTK"}


@contextmanager
def other_browser(name: str, base: str, results: Results) -> Iterator[Any]:
    """A new Firefox or WebKitGTK with a new, empty profile (Firefox's in a temporary folder, WebKit's in memory
    for the session), driven as tests/crossbrowser drives it; its one tab, showing the site at `base`."""
    from browsers import drivers  # here: selenium, node and these browsers are needed only with --browsers

    browser = drivers.Firefox() if name == "firefox" else drivers.WebKit()
    results.info[name] = str(browser.version)
    try:
        yield browser.tab(base)
    finally:
        browser.quit()


def poll(tab: Any, predicate: str, timeout: float = LOAD_TIMEOUT / 1000) -> Any:
    """The drivers poll every 0.1 s; the times themselves are read in the page afterwards."""
    return tab.wait(predicate, timeout=timeout)


def browser_bare(name: str, base: str, log: ServerLog, results: Results) -> None:
    """Bare Pyodide in a fresh profile (cold), then a reload in it (warm)."""
    with other_browser(name, base, results) as tab:
        for visit in ("cold", "warm"):
            log.reset()
            if visit == "cold":
                tab.goto(tab.base + BARE_PAGE)
            else:
                tab.reload()
            poll(tab, BARE_DONE)
            bare = tab.evaluate("() => window.__bare")
            if "error" in bare:
                raise RuntimeError(f"bare page: {bare['error']}")
            results.add(f"{name}.bare.{visit}", bare["ready"])
            results.add(f"{name}.bare.{visit}.bytes", log.bytes / MB)
            note_codings(name, log, results)


def browser_visits(name: str, base: str, log: ServerLog, results: Results) -> None:
    """The game page in a fresh profile, visits 1, 2 and 3, each visit's background work waited for."""
    with other_browser(name, base, results) as tab:
        for visit in (1, 2, 3):
            key = f"{name}.v{visit}"
            log.reset()
            if visit == 1:
                tab.goto(tab.base + GAME_PAGE)
            else:
                tab.reload()
            poll(tab, ENGINE_READY)
            if (state := tab.evaluate(ENGINE_STATE)) != "ready":
                raise RuntimeError(f"the game page says engine={state}")
            add_marks(results, key, tab.evaluate(MARKS))
            results.add(f"{key}.from_snapshot", 1 if tab.evaluate(ENGINE_START) == "snapshot" else 0)
            try:
                poll(tab, CONTROLLED)
                poll(tab, SNAPSHOT_SETTLED)
            except AssertionError:
                results.note(f"{BROWSERS[name]}, visit {visit}: background work did not settle "
                             f"(data-snapshot={tab.evaluate(SNAPSHOT_STATE)!r})")
            if (snapshot := tab.evaluate(SNAPSHOT_STATE)) in ("failed", "off"):
                results.note(f"{BROWSERS[name]}, visit {visit}: data-snapshot={snapshot}")
            time.sleep(BACKGROUND_WAIT)
            results.add(f"{key}.all.bytes", log.bytes / MB)
            note_codings(name, log, results)
            add_worker_steps(results, key, tab.evaluate(ENGINE_STEPS))


def note_codings(name: str, log: ServerLog, results: Results) -> None:
    """How the server sent the large files to this browser: brotli only if the browser accepts it."""
    if codings := sorted({coding for _, size, coding in log.sent() if size > MB}):
        results.note(f"{BROWSERS[name]} was sent the files over 1 MB as {' and '.join(codings)}")


# The table


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    unit: str  # "ms", "×", "MB", "r/s" or "" (a count)
    target: str = ""
    met: Callable[[float], bool] | None = None
    spread: bool = True  # min–max of the samples (False for single figures such as a percentile)
    judge: Callable[[list[float]], float] = statistics.median  # the figure the target is checked on


def step_rows(key: str, steps: tuple[str, ...]) -> list[Row]:
    return [Row(f"{key}.step.first", "… in the worker: its first step begins", "ms"),
            *(Row(f"{key}.step.{name}", f"… {name} (duration; steps overlap)", "ms") for name in steps)]


BROWSER_ROWS = (  # key, label, unit: the rows of each browser besides Chromium
    ("bare.cold", "bare Pyodide, cold", "ms"),
    ("bare.warm", "bare Pyodide, warm (reload, HTTP cache)", "ms"),
    ("bare.cold.bytes", "bare Pyodide, cold: bytes sent", "MB"),
    ("bare.warm.bytes", "bare Pyodide, warm: bytes sent", "MB"),
    ("v1.board", "visit 1 board-restored", "ms"),
    ("v1.paint", "visit 1 first contentful paint", "ms"),
    ("v1.flip", "visit 1 flip-ready", "ms"),
    ("v2.flip", "visit 2 flip-ready", "ms"),
    ("v3.flip", "visit 3 flip-ready", "ms"),
    ("v1.engine", "visit 1 engine-ready", "ms"),
    ("ratio.v1", "visit 1 engine-ready / bare cold", "×"),
    ("v2.board", "visit 2 board-restored", "ms"),
    ("v2.engine", "visit 2 engine-ready", "ms"),
    ("ratio.v2", "visit 2 engine-ready / bare warm", "×"),
    ("v3.engine", "visit 3 engine-ready", "ms"),
    ("ratio.v3", "visit 3 engine-ready / bare warm", "×"),
    ("v1.all.bytes", "visit 1 in all, background work included", "MB"),
    ("v2.all.bytes", "visit 2 in all", "MB"),
    ("v12.all.bytes", "visits 1 + 2, everything sent", "MB"),
    ("ratio.v12.bytes", "visits 1 + 2 bytes / bare Pyodide's cold load", "×"),
    ("v3.all.bytes", "visit 3: bytes from the network", "MB"),
)


def browser_rows(name: str) -> list[Row]:
    rows = []
    for key, label, unit in BROWSER_ROWS:
        target = (("< 1,500 ms", lambda v: v < 1500) if key == "v2.engine" else
                  ("< 300 ms", lambda v: v < 300) if key == "v2.flip" else ("", None))
        rows.append(Row(f"{name}.{key}", f"{BROWSERS[name]}: {label}", unit, *target))
        if key == "ratio.v2":
            rows += step_rows(f"{name}.v2", RESTORE_STEPS)
    return rows


def targets_rows(chromium: bool, browsers: list[str]) -> list[Row]:
    rows = [*(chromium_rows() if chromium else []), *(row for name in browsers for row in browser_rows(name))]
    kept: dict[str, Row] = {}
    for row in rows:
        kept.setdefault(row.key, row)  # a figure that two groups show: its first row
    return list(kept.values())


def chromium_rows() -> list[Row]:
    return [
        Row("local.bare.cold", "bare Pyodide, cold: loadPyodide() resolved", "ms"),
        Row("local.bare.warm", "bare Pyodide, warm (reload, HTTP cache)", "ms"),
        Row("local.bare.cold.bytes", "bare Pyodide, cold: bytes sent", "MB"),
        Row("local.v1.board", "visit 1 (nothing cached): board-restored", "ms", "≤ 150 ms", lambda v: v <= 150),
        Row("local.v1.html", "… the HTML received (navigation responseEnd)", "ms"),
        Row("local.v1.paint", "… first contentful paint", "ms"),
        Row("local.v1.engine", "visit 1: engine-ready", "ms"),
        Row("local.ratio.v1", "visit 1 engine-ready / bare cold", "×", "≤ 0.6×", lambda v: v <= 0.6),
        Row("local.v1.ready.bytes", "visit 1 until engine-ready: bytes sent", "MB", "≤ 4.5 MB", lambda v: v <= 4.5),
        Row("local.v1.ready.files", "… responses", ""),
        Row("local.v1.all.bytes", "visit 1 in all, background work included", "MB"),
        Row("local.v1.precache.bytes", "… of which the service worker's precache", "MB"),
        *step_rows("local.v1", FRESH_STEPS),
        Row("local.v2.board", "visit 2 (service worker, snapshot made by visit 1): board-restored", "ms"),
        Row("local.v2.engine", "visit 2: engine-ready", "ms"),
        Row("local.ratio.v2", "visit 2 engine-ready / bare warm", "×", "≤ 0.35×", lambda v: v <= 0.35),
        Row("local.v2.all.bytes", "visit 2 in all, background work included", "MB"),
        Row("local.v12.all.bytes", "visits 1 + 2, everything sent", "MB"),
        Row("local.ratio.v12.bytes", "visits 1 + 2 bytes / bare Pyodide's cold load", "×", "< 1×",
            lambda v: v < 1),
        *step_rows("local.v2", RESTORE_STEPS),
        Row("local.v3.board", "visit 3: board-restored", "ms", "≤ 150 ms", lambda v: v <= 150),
        Row("local.v3.html", "… the HTML received (navigation responseEnd)", "ms"),
        Row("local.v3.paint", "… first contentful paint", "ms"),
        Row("local.v3.engine", "visit 3: engine-ready", "ms"),
        Row("local.ratio.v3", "visit 3 engine-ready / bare warm", "×", "≤ 0.35×", lambda v: v <= 0.35),
        Row("local.v3.all.bytes", "visit 3: bytes from the network", "MB", "0 (every run)", lambda v: v == 0,
            judge=max),
        Row("local.v3.from_sw", "visit 3: responses from the service worker", ""),
        Row("slow.bare.cold", "10 Mbit/s, 40 ms: bare Pyodide, cold", "ms"),
        Row("slow.bare.cold.bytes", "10 Mbit/s, 40 ms: bare Pyodide, cold: bytes sent", "MB"),
        Row("slow.v1.engine", "10 Mbit/s, 40 ms: visit 1 engine-ready", "ms"),
        Row("slow.ratio.v1", "10 Mbit/s, 40 ms: visit 1 engine-ready / bare cold", "×", "≤ 0.65×",
            lambda v: v <= 0.65),
        Row("slow.v1.ready.bytes", "10 Mbit/s, 40 ms: visit 1 until engine-ready: bytes sent", "MB"),
        *step_rows("slow.v1", FRESH_STEPS[:5]),
        *flip_ready_rows(),
        Row("phone.presses.engine", "phone: first visit, first paint → engine-ready", "ms"),
        Row("phone.presses", "phone: Space twice a second from first paint: presses before engine-ready", ""),
        Row("phone.presses.drawn", "… rounds drawn at once, before engine-ready", ""),
        Row("flip.p50", "flip: Space → new cards drawn, p50", "ms", spread=False),
        Row("flip.p95", "flip: Space → new cards drawn, p95", "ms", "≤ 16 ms", lambda v: v <= 16,
            spread=False),
        Row("flip.max", "flip: Space → new cards drawn, max", "ms", spread=False),
        Row("flip.idle.p95", "flip: Space → controls free for the next flip, p95", "ms", spread=False),
        *(Row(f"flip.part.{part}.{p}", f"… {label}, {p}", "ms", spread=False)
          for part, label in (("sent", "Space → request posted to the worker"),
                              ("worker", "request posted → answer received (the worker's share)"),
                              ("drawn", "answer received → round drawn (0 if drawn ahead)"))
          for p in ("p50", "p95")),
        Row("flip.ahead", "… flips drawn ahead, before the answer (of the presses)", "", spread=False),
        Row("flip.paced.p50", "flip at a human pace (0.3–1.2 s apart), p50", "ms", spread=False),
        Row("flip.paced.p95", "flip at a human pace, p95", "ms", spread=False),
        Row("flip.paced.max", "flip at a human pace, max", "ms", spread=False),
        Row("flip.still.p50", "diagnostic, animation off: flip p50", "ms", spread=False),
        Row("flip.still.p95", "diagnostic, animation off: flip p95", "ms", spread=False),
        Row("finish.shown", "finish: click → result shown", "ms", "≤ 300 ms", lambda v: v <= 300),
        Row("finish.rounds", "finish: rounds per game", ""),
        Row("engine.pyodide", "engine.simulate in Pyodide", "r/s"),
        Row("engine.cpython", "engine.simulate in CPython", "r/s"),
        Row("ratio.engine", "Pyodide / CPython rounds per second", "×", "≥ 0.5×", lambda v: v >= 0.5),
        Row("longtasks.load.count", "long tasks > 50 ms during load (per visit)", "", "0 (every visit)",
            lambda v: v == 0, judge=max),
        Row("longtasks.load.longest", "longest task during load", "ms"),
        Row("longtasks.play.count", "long tasks > 50 ms during play", "", "0", lambda v: v == 0, judge=max),
        Row("longtasks.play.longest", "longest task during play", "ms"),
        Row("memory.app.js", "memory: game page JS heap after play", "MB"),
        Row("memory.bare.js", "memory: bare page JS heap after loadPyodide", "MB"),
        Row("memory.bare.wasm", "memory: bare Pyodide wasm memory", "MB"),
        Row("memory.engine.wasm", "memory: wasm memory with the engine, after simulate", "MB"),
    ]


def at_most(limit: float, value: float) -> bool:
    return value <= limit


def flip_ready_rows() -> list[Row]:
    """flip-ready (Flip first takes a press), beside bare Pyodide of the same runs, in each profile and visit."""
    rows = []
    for profile, label in PROFILES.items():
        rows += [Row(f"{profile}.bare.cold", f"{label}: bare Pyodide, cold", "ms"),
                 Row(f"{profile}.bare.warm", f"{label}: bare Pyodide, warm", "ms")]
        for visit in (1, 2, 3):
            limit = 0.15 if visit == 1 else 0.12
            rows += [Row(f"{profile}.v{visit}.flip", f"{label}: visit {visit} flip-ready", "ms"),
                     Row(f"{profile}.v{visit}.engine", f"{label}: visit {visit} engine-ready", "ms"),
                     Row(f"{profile}.ratio.flip.v{visit}",
                         f"{label}: visit {visit} flip-ready / bare {'cold' if visit == 1 else 'warm'}", "×",
                         f"≤ {limit}×", partial(at_most, limit))]
    rows.append(Row("local.v1.flip.page.bytes", "visit 1: the page's bytes before flip-ready (en)", "KB"))
    rows += [Row(f"first.{lang.code}.bytes", f"visit 1 in {lang.code}: bytes before flip-ready", "KB",
                 "≤ 200 KB", lambda v: v <= 200, judge=max) for lang in build.LANGUAGES]
    return rows


def summarise_flips(results: Results) -> None:
    for key in ("flip", "flip.paced", "flip.still"):
        shown, idle = results.samples.get(f"{key}.shown"), results.samples.get(f"{key}.idle")
        if shown:
            results.add(f"{key}.p50", percentile(shown, 50))
            results.add(f"{key}.p95", percentile(shown, 95))
            results.add(f"{key}.max", max(shown))
        if idle:
            results.add(f"{key}.idle.p95", percentile(idle, 95))
        if ahead := results.samples.get(f"{key}.part.ahead"):
            results.add(f"{key}.ahead", sum(ahead))
        for part in ("sent", "worker", "drawn"):
            if values := results.samples.get(f"{key}.part.{part}"):
                results.add(f"{key}.part.{part}.p50", percentile(values, 50))
                results.add(f"{key}.part.{part}.p95", percentile(values, 95))


def fmt(value: float, unit: str) -> str:
    if unit == "ms":
        return f"{value:,.0f} ms"
    if unit == "×":
        return f"{value:.2f}×"
    if unit == "MB":
        return f"{value:.2f} MB" if value else "0"
    if unit == "KB":
        return f"{value:,.1f} KB"
    if unit == "r/s":
        return f"{value / 1000:,.0f} k/s"
    return f"{value:g}"


def table(results: Results, rows: list[Row]) -> str:
    lines = ["| measure | median | min–max | target | met |", "| --- | ---: | ---: | --- | --- |"]
    for row in rows:
        values = results.samples.get(row.key)
        if not values:
            lines.append(f"| {row.label} | n/a | | {row.target} | {'n/a' if row.target else ''} |")
            continue
        median = statistics.median(values)
        spread = f"{fmt(min(values), row.unit)} – {fmt(max(values), row.unit)}" if row.spread else ""
        met = ("yes" if row.met(row.judge(values)) else "**no**") if row.met else ""
        lines.append(f"| {row.label} | {fmt(median, row.unit)} | {spread} | {row.target} | {met} |")
    return "\n".join(lines)


# The machine


def load_average() -> str:
    """The 1-minute load average: other work on the machine makes every time longer and noisier."""
    return f"{os.getloadavg()[0]:.1f}"


def machine(results: Results) -> list[str]:
    cpu = re.search(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.M)
    mem = re.search(r"^MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text(), re.M)
    return [
        f"- CPU: {os.cpu_count()} × {cpu.group(1).strip() if cpu else platform.processor() or 'unknown'}",
        f"- memory: {int(mem.group(1)) / 1024 / 1024:.1f} GiB" if mem else "- memory: unknown",
        f"- Chromium {results.info.get('chromium', '?')}, headless, driven by Playwright",
        *(f"- {BROWSERS[name]} {results.info[name]}, driven as tests/crossbrowser drives it"
          for name in BROWSERS if name in results.info),
        f"- CPython {platform.python_version()} (the engine's reference); in the browser "
        f"{results.info.get('pyodide', 'Pyodide ?')}",
        f"- {platform.system()}; 1-minute load average {results.info.get('load before')} before the run, "
        f"{results.info.get('load after')} after (other work on the machine slows every figure down)",
    ]


def report(results: Results, args: argparse.Namespace) -> str:
    runs = args.runs
    counts = [f"{runs} runs in Chromium"] if args.chromium else []
    if args.browsers:
        counts.append(f"{args.browser_runs} in {' and '.join(BROWSERS[name] for name in args.browsers)}")
    lines = [f"{', '.join(counts)}; median and min–max. Times from navigation start, or from the input event. "
             "A target is checked on the median, or on every run where it says so.",
             "", table(results, targets_rows(args.chromium, args.browsers)), ""]
    if "flip seed" in results.info:
        lines.append(f"Flips: {len(results.samples.get('flip.shown', []))} Space presses in a 2-player game "
                     f"dealt with seed {results.info['flip seed']}, each as soon as the last round is drawn; "
                     f"then {len(results.samples.get('flip.paced.shown', []))} at a human pace and "
                     f"{len(results.samples.get('flip.still.shown', []))} with the animation set to none. "
                     f"Finish: 2-player games with seeds 0–{runs - 1}.")
    for profile, label in (("local", "Chromium"), *BROWSERS.items()):
        for visit in ("v2", "v3"):
            if restored := results.samples.get(f"{profile}.{visit}.from_snapshot"):
                lines.append(f"{label}: visits {visit[1]} that restored the memory snapshot (data-engine-start): "
                             f"{sum(restored):.0f} of {len(restored)}.")
    lines.append("Bytes are what the server sent: the .br files, as a static host sends them to a browser that "
                 "accepts brotli. A visit's background work (the service worker's precache, the snapshot) is "
                 "waited for and counted in its \"in all\".")
    lines.append(f"Load average (1 min, {os.cpu_count()} cores): {results.info.get('load before')} before, "
                 f"{results.info.get('load after')} after.")
    lines += [f"Note: {note}" for note in results.notes]
    return "\n".join(lines)


DOCS_START = "<!-- benchmarks/site.py: start -->"
DOCS_END = "<!-- benchmarks/site.py: end -->"


def write_docs(text: str, results: Results) -> None:
    """Replace the generated part of docs/performance.md (between the markers), keeping the rest."""
    generated = "\n".join([DOCS_START, "", "### Machine", "", *machine(results), "", "### Figures", "",
                           text, "", DOCS_END])
    if DOCS.exists() and DOCS_START in (old := DOCS.read_text()) and DOCS_END in old:
        head, rest = old.split(DOCS_START, 1)
        new = head + generated + rest.split(DOCS_END, 1)[1]
    else:
        new = f"# Performance\n\nMeasured with `benchmarks/site.py --write-docs`.\n\n{generated}\n"
    DOCS.parent.mkdir(parents=True, exist_ok=True)
    DOCS.write_text(new)


# Main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="repeats (at least 5; default 5)")
    parser.add_argument("--build", action="store_true", help="rebuild the site first")
    parser.add_argument("--write-docs", action="store_true", help="write the table into docs/performance.md")
    parser.add_argument("--flips", type=int, default=200, help="Space presses for flip latency (default 200)")
    parser.add_argument("--paced", type=int, default=30, help="Space presses at a human pace (default 30)")
    parser.add_argument("--games", type=int, default=1000, help="games per simulate() call (default 1000)")
    parser.add_argument("--dist", type=Path, default=build.DIST, help="the built site (default dist/)")
    parser.add_argument("--start-up-only", action="store_true", help="skip flips, finish and the engine")
    parser.add_argument("--profiles", default="local,slow,phone", type=lambda text: text.split(","),
                        help="Chromium's start-up profiles: local, slow, phone (default all three)")
    parser.add_argument("--phone-runs", type=int, default=3, metavar="N",
                        help="runs of the phone profile, a minute each (default 3)")
    parser.add_argument("--browsers", default="", metavar="NAMES",
                        help="also measure visits 1, 2 and 3 and bare Pyodide in these browsers, comma-separated: "
                             f"{', '.join(BROWSERS)} or all (needs scripts/setup.sh --browser)")
    parser.add_argument("--browser-runs", type=int, default=3, metavar="N",
                        help="runs in each of those browsers (default 3)")
    parser.add_argument("--no-chromium", dest="chromium", action="store_false",
                        help="measure only the --browsers (not with --write-docs)")
    args = parser.parse_args(argv)
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    args.browsers = list(BROWSERS) if args.browsers == "all" else [n for n in args.browsers.split(",") if n]
    if unknown := set(args.browsers) - set(BROWSERS):
        parser.error(f"--browsers: unknown {', '.join(sorted(unknown))}; choose from {', '.join(BROWSERS)}")
    if args.write_docs and not args.chromium:
        parser.error("--write-docs needs the Chromium figures: leave out --no-chromium")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    dist = ensure_dist(args.dist.resolve(), args.build)
    results = Results()
    results.info["load before"] = load_average()
    with serve(dist) as (base, log), sync_playwright() as playwright:
        chromium = Chromium(playwright, base)
        for profile in args.profiles if args.chromium else ():
            for run in range(args.runs if profile != "phone" else args.phone_runs):
                progress(f"start-up on the {profile} network, run {run + 1}")
                paired_run(results, profile, profile, partial(measure_bare, chromium, log, results, profile),
                           partial(measure_app, chromium, log, results, profile))
        if "phone" in args.profiles and args.chromium:
            for run in range(args.phone_runs):
                progress(f"phone: a first visit pressing Space twice a second, run {run + 1}")
                with section(results, "presses"):
                    measure_presses(chromium, results)
        for lang in build.LANGUAGES if args.chromium else ():
            progress(f"first visit in {lang.code}: bytes before flip-ready")
            with section(results, f"first visit bytes ({lang.code})"):
                measure_first_bytes(chromium, results, lang.code)
        for run in range(args.browser_runs if args.browsers else 0):
            for name in args.browsers:
                progress(f"{BROWSERS[name]}, run {run + 1} of {args.browser_runs}")
                paired_run(results, name, BROWSERS[name], partial(browser_bare, name, base, log, results),
                           partial(browser_visits, name, base, log, results))
        if args.chromium and not args.start_up_only:
            progress(f"{args.flips} + {args.paced} + {args.flips // 2} flips and {args.runs} finishes")
            with section(results, "play"):
                measure_play(chromium, results, args.flips, args.paced, range(args.runs))
            progress("engine.simulate in Pyodide and in CPython")
            with section(results, "engine"):
                measure_engine(chromium, results, args.games, args.runs)
        results.info["chromium"] = chromium.version
    results.info["load after"] = load_average()
    summarise_flips(results)
    text = report(results, args)
    print(text)
    if args.write_docs:
        write_docs(text, results)
        progress(f"wrote {DOCS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
