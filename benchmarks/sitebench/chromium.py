"""Headless Chromium under Playwright: bare Pyodide and visits 1, 2 and 3 of the game page in each network
profile, a first visit's bytes in each language, and Space pressed on a phone before the engine is ready."""

from __future__ import annotations

import math
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from sitebench.probes import (
    BACKGROUND_WAIT,
    BARE_DONE,
    BARE_PAGE,
    BYTES_BEFORE_FLIP,
    CONTROLLED,
    ENGINE_READY,
    ENGINE_START,
    ENGINE_STATE,
    ENGINE_STEPS,
    FLIP_READY,
    GAME_PAGE,
    INIT_SCRIPT,
    KB,
    LOAD_TIMEOUT,
    LONG_TASKS,
    MARKS,
    MB,
    NETWORKS,
    PHONE_CPU,
    SNAPSHOT_SETTLED,
    SNAPSHOT_STATE,
)
from sitebench.results import Results, add_marks, add_worker_steps
from sitebench.serving import Network, ServerLog, add_bytes, with_body
from sitebuild.chromium import launch_options


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
        if before["openings"] != 1:
            results.note(f"{lang}: {before['openings']} opening files before flip-ready (1 expected)")


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
