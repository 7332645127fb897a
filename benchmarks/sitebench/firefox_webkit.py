"""Firefox ESR and WebKitGTK (--browsers), driven by the cross-browser tests' drivers (browsers.drivers) against
the same server: bare Pyodide and visits 1, 2 and 3, each run in a new browser with a new profile."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from sitebench.probes import (
    BACKGROUND_WAIT,
    BARE_DONE,
    BARE_PAGE,
    CONTROLLED,
    ENGINE_READY,
    ENGINE_START,
    ENGINE_STATE,
    ENGINE_STEPS,
    GAME_PAGE,
    LOAD_TIMEOUT,
    MARKS,
    MB,
    SNAPSHOT_SETTLED,
    SNAPSHOT_STATE,
)
from sitebench.results import Results, add_marks, add_worker_steps
from sitebench.serving import ServerLog

if TYPE_CHECKING:
    from browsers.drivers import Tab

BROWSERS = {"firefox": "Firefox ESR", "webkit": "WebKitGTK"}


@contextmanager
def other_browser(name: str, base: str, results: Results) -> Iterator[Tab]:
    """A new Firefox or WebKitGTK with a new, empty profile (Firefox's in a temporary folder, WebKit's in memory
    for the session), driven as tests/crossbrowser drives it; its one tab, showing the site at `base`."""
    from browsers import drivers  # here: selenium, node and these browsers are needed only with --browsers

    browser = drivers.Firefox() if name == "firefox" else drivers.WebKit()
    results.info[name] = str(browser.version)
    try:
        yield browser.tab(base)
    finally:
        browser.quit()


def poll(tab: Tab, predicate: str, timeout: float = LOAD_TIMEOUT / 1000) -> Any:
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
