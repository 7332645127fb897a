"""Firefox ESR and WebKitGTK behind one small tab interface, and the game page's moves on top of it.

Firefox is driven by puppeteer-core over WebDriver BiDi through firefox.mjs, since Debian has no geckodriver
and Selenium needs one. WebKitGTK is driven by Selenium through WebKitWebDriver, which opens MiniBrowser on an
X display: each browser gets a private Xvfb screen. The page is read only through its stable hooks
(data-testid, the engine flag, the board's round and saved round, the seats' counts). Every wait polls a real
outcome in the page until a bound that only a broken page reaches; no test asserts on how long anything took.

The module is longer than most because the two browsers' tabs implement the one `Tab` side by side, where a
change to the interface shows in both.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.webkitgtk.service import Service

from browsers.killing import kill_process_group
from krig import Game

HERE = Path(__file__).resolve().parent
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
XVFB = Path("/usr/bin/Xvfb")
RELAY = HERE / "firefox.mjs"

LOAD_TIMEOUT = 90.0  # above the page's own 40 s of silence: a slow start ends with its engine-failed notice
WAIT_TIMEOUT = 30.0

# "ready", or the engine-failed notice's text once the page has given up (after 40 s without a word from the worker)
ENGINE_SETTLED = """() => document.documentElement.dataset.engine === 'ready' ? 'ready'
  : document.querySelector('[data-testid=engine-failed]:not([hidden])')?.textContent.trim()"""
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
SNAPSHOT_STORED = """async () => await caches.has('krig-snapshot')
  && (await (await caches.open('krig-snapshot')).keys()).length > 0"""
COUNTS = """() => [0, 1, 2, 3].map((n) => document.querySelector(`[data-testid=seat-${n}]`))
  .filter((seat) => seat && !seat.hidden).map((seat) => Number(seat.dataset.count))"""
ROUND = "() => Number(document.getElementById('board').dataset.round)"
SAVED = "(n) => document.getElementById('board').dataset.savedRound === String(n)"
SHOWN = "(id) => document.querySelector(`[data-testid=${id}]`)?.getClientRects().length > 0"
ENABLED = "(id) => !document.querySelector(`[data-testid=${id}]`).disabled"
# What a failed wait reports of the page: its address, the board's hooks and the notices it shows; and, for a start
# that never ends, how far the page got: its parsing, the engine's progress, its marks (ms since navigation), and
# each file it has received, with when that file ended
DESCRIBE = """() => ({ url: location.href, engine: document.documentElement.dataset.engine,
  board: { ...document.getElementById('board')?.dataset },
  flip: { disabled: document.getElementById('flip')?.disabled, busy: document.getElementById('flip')?.ariaBusy },
  notices: [...document.querySelectorAll('.notice')].filter((e) => e.getClientRects().length > 0)
    .map((e) => e.dataset.testid ?? e.id),
  parsing: document.readyState, progress: document.getElementById('engine-progress')?.value,
  controlled: (""" + CONTROLLED + """)(), now: Math.round(performance.now()),
  marks: performance.getEntriesByType('mark').map((m) => `${m.name} ${Math.round(m.startTime)}`),
  files: performance.getEntriesByType('resource')
    .map((r) => `${new URL(r.name).pathname.split('/').pop()} ${Math.round(r.responseEnd)}`) })"""

# WebKit's driver cannot read the console, so each loaded page gets this hook. It keeps what it sees in
# sessionStorage, which outlives the navigations within a tab; errors before the hook is installed (during
# the load itself) go unseen, but a load that fails also never reaches engine-ready.
ERROR_HOOK = """() => {
  if (window.__errorHook) return;
  window.__errorHook = true;
  const keep = (text) => {
    const seen = JSON.parse(sessionStorage.getItem('test-errors') || '[]');
    sessionStorage.setItem('test-errors', JSON.stringify([...seen, String(text)]));
  };
  addEventListener('error', (event) => keep(event.message || `failed to load ${event.target.src || event.target.href}`),
                   true);
  addEventListener('unhandledrejection', (event) => keep(`unhandled rejection: ${event.reason}`));
  const error = console.error;
  console.error = (...args) => { keep(args.join(' ')); error.apply(console, args); };
}"""
TAKE_HOOKED_ERRORS = """() => {
  const seen = JSON.parse(sessionStorage.getItem('test-errors') || '[]');
  sessionStorage.removeItem('test-errors');
  return seen;
}"""


def skip_unless_installed(name: str) -> None:
    """Skip the test when this machine lacks what the browser `name` ("firefox" or "webkit") needs."""
    needs = {"firefox": [FIREFOX, RELAY.parents[1] / "node_modules" / "puppeteer-core"],
             "webkit": [WEBKIT_DRIVER, XVFB]}
    missing = [str(path) for path in needs[name] if not path.exists()]
    if name == "firefox" and not shutil.which("node"):
        missing.append("node")
    if missing:
        pytest.skip(f"{name} is not installed ({', '.join(missing)}): run scripts/setup.sh --browser")


def engine_counts(players: int, seed: int, rounds: int) -> list[int]:
    """The seats' card counts after `rounds` rounds of this deal, by the Python engine itself."""
    game = Game.new(players, seed=seed)
    for _ in range(rounds):
        game.play_round()
    return [len(hand) for hand in game.hands]


class DriverError(Exception):
    """A command the browser refused or could not carry out, e.g. while the page is between two documents."""


class Tab:
    """One tab showing the site at `base`. Subclasses provide the primitives: goto, reload, evaluate, click."""

    def __init__(self, base: str) -> None:
        self.base = base

    def goto(self, url: str, parsed: bool = False) -> None:
        """Open `url` and wait for its load event, or with `parsed` only until it is parsed (or on its way)."""
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def evaluate(self, function: str, *args: Any) -> Any:
        """Call the JavaScript `function` (source text) with JSON `args` in the page; a promise is awaited."""
        raise NotImplementedError

    def click(self, selector: str) -> None:
        raise NotImplementedError

    def resize(self, width: int, height: int) -> None:
        """Make the page's viewport (Firefox) or the browser's window (WebKit) about `width` by `height`."""
        raise NotImplementedError

    def errors(self) -> list[str]:
        """The console errors and uncaught exceptions seen in this tab since it was last asked."""
        raise NotImplementedError

    def loaded(self) -> None:
        """Called after each page load the test waits for."""

    def wait(self, predicate: str, *args: Any, timeout: float = WAIT_TIMEOUT) -> Any:
        """Poll `predicate` until it returns a truthy value, and return that value."""
        deadline = time.monotonic() + timeout
        while True:
            problem: DriverError | None = None
            try:
                value = self.evaluate(predicate, *args)
            except DriverError as error:  # a navigation in progress: ask again
                value, problem = None, error
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"still false after {timeout:.0f} s: {predicate} {list(args)} "
                                     f"(last answer {value!r}{f', {problem}' if problem else ''}; "
                                     f"the page: {self.describe()})")
            time.sleep(0.1)

    def describe(self) -> str:
        """What a failed wait reports of the page, or why it could not be read."""
        try:
            return json.dumps(self.evaluate(DESCRIBE))
        except DriverError as error:
            return f"unreadable ({error})"

    # The game page's moves

    def ready(self) -> None:
        settled = self.wait(ENGINE_SETTLED, timeout=LOAD_TIMEOUT)
        assert settled == "ready", f"the engine did not start; the page says: {settled}"
        self.loaded()

    def open(self, path: str) -> None:
        self.goto(self.base + path)
        self.ready()

    def first_two_visits(self) -> None:
        """Visit the site as a new visitor, then again once the service worker is in.

        The first visit installs the service worker, which caches the whole site; the second, served by it,
        makes the worker store the engine's snapshot, so later loads start warm.
        """
        self.open("en/index.html")
        self.wait(CONTROLLED, timeout=LOAD_TIMEOUT)  # clients.claim(): once the whole site is cached
        self.reload()
        self.ready()
        self.wait(SNAPSHOT_STORED, timeout=LOAD_TIMEOUT)

    def deal(self, players: int, seed: int, lang: str = "en") -> None:
        """Open a shared link to this deal and wait until it is on the board."""
        self.open(f"{lang}/index.html?players={players}&seed={seed}")
        self.wait(f"() => ({ROUND})() === 0 && ({COUNTS})().filter((n) => n > 0).length === {players}")

    def counts(self) -> list[int]:
        return self.evaluate(COUNTS)

    def round(self) -> int:
        return self.evaluate(ROUND)

    def flip(self, times: int = 1) -> None:
        """Click Flip `times` times, each time waiting for the next round on the board."""
        for _ in range(times):
            number = self.round()
            self.click("[data-testid=flip]")
            self.wait(f"() => ({ROUND})() === {number + 1}")

    def wait_saved(self, number: int) -> None:
        self.wait(SAVED, number)

    def shown(self, testid: str) -> bool:
        return self.evaluate(SHOWN, testid)

    def wait_shown(self, testid: str, timeout: float = WAIT_TIMEOUT) -> None:
        self.wait(SHOWN, testid, timeout=timeout)

    def wait_enabled(self, testid: str) -> None:
        self.wait(ENABLED, testid)

    def enabled(self, testid: str) -> bool:
        return self.evaluate(ENABLED, testid)


class FirefoxTab(Tab):
    def __init__(self, browser: Firefox, base: str) -> None:
        super().__init__(base)
        self.browser = browser
        self.id = browser.ask("open")

    def command(self, op: str, **args: Any) -> Any:
        return self.browser.ask(op, tab=self.id, **args)

    def goto(self, url: str, parsed: bool = False) -> None:
        self.command("goto", url=url, parsed=parsed)

    def reload(self) -> None:
        self.command("reload")

    def evaluate(self, function: str, *args: Any) -> Any:
        return self.command("evaluate", fn=function, args=list(args))

    def click(self, selector: str) -> None:
        self.command("click", selector=selector)

    def resize(self, width: int, height: int) -> None:
        self.command("resize", width=width, height=height)

    def errors(self) -> list[str]:
        return self.command("errors")

    def close(self) -> None:
        self.command("close")


class Firefox:
    """Firefox ESR, headless, one browser for many tests; each test's tabs are closed after it. It starts on a
    fresh profile of its own, or on `profile`, which a later start finds as this one left it, with `prefs` set."""

    name = "firefox"

    def __init__(self, profile: Path | None = None, prefs: dict[str, Any] | None = None) -> None:
        self.relay = subprocess.Popen(["node", str(RELAY), str(FIREFOX), json.dumps(prefs or {}),
                                       *([str(profile)] if profile else [])],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=HERE)
        self.version = self.answer()
        self.pid: int = self.ask("pid")  # its main process, the leader of its process group
        self.tabs: list[FirefoxTab] = []

    def answer(self) -> Any:
        assert self.relay.stdout is not None
        line = self.relay.stdout.readline()
        if not line:
            raise DriverError(f"the Firefox driver stopped (exit code {self.relay.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise DriverError(reply["error"])
        return reply["value"]

    def ask(self, op: str, **args: Any) -> Any:
        assert self.relay.stdin is not None
        self.relay.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self.relay.stdin.flush()
        return self.answer()

    def tab(self, base: str) -> FirefoxTab:
        tab = FirefoxTab(self, base)
        self.tabs.append(tab)
        return tab

    def end_test(self) -> list[str]:
        """Close this test's tabs and return the errors they saw."""
        errors = [error for tab in self.tabs for error in tab.errors()]
        for tab in self.tabs:
            tab.close()
        self.tabs = []
        return errors

    def quit(self) -> None:
        assert self.relay.stdin is not None
        self.relay.stdin.close()
        self.relay.wait(timeout=30)

    def kill(self) -> None:
        """SIGKILL the whole browser, as a crash or the system would: it saves nothing more. The driver stops."""
        kill_process_group(self.pid)
        self.quit()


class WebKitTab(Tab):
    def __init__(self, browser: WebKit, base: str, handle: str) -> None:
        super().__init__(base)
        self.browser = browser
        self.handle = handle

    def driver(self) -> webdriver.WebKitGTK:
        """The driver, switched to this tab: classic WebDriver sends every command to one current tab."""
        if self.browser.current != self.handle:
            self.browser.driver.switch_to.window(self.handle)
            self.browser.current = self.handle
        return self.browser.driver

    def goto(self, url: str, parsed: bool = False) -> None:
        if parsed:  # classic WebDriver's get() waits for the load event: this navigation is the page's own
            self.evaluate("(url) => { location.assign(url); }", url)
            self.wait("(url) => location.href === url && document.readyState !== 'loading'", url)
        else:
            self.driver().get(url)

    def reload(self) -> None:
        self.driver().refresh()

    def back(self) -> None:
        self.driver().back()

    def forward(self) -> None:
        self.driver().forward()

    def evaluate(self, function: str, *args: Any) -> Any:
        try:
            return self.driver().execute_script(f"return ({function})(...arguments)", *args)
        except WebDriverException as error:
            raise DriverError(error.msg) from error

    def click(self, selector: str) -> None:
        self.driver().find_element(By.CSS_SELECTOR, selector).click()

    def resize(self, width: int, height: int) -> None:
        self.driver().set_window_size(width, height)

    def loaded(self) -> None:
        self.evaluate(ERROR_HOOK)

    def errors(self) -> list[str]:
        return self.evaluate(TAKE_HOOKED_ERRORS)


class WebKit:
    """WebKitGTK's MiniBrowser under WebKitWebDriver on its own Xvfb screen, one browser for many tests.

    Classic WebDriver only: no console (hence ERROR_HOOK), no BiDi, storage in memory for the session.
    """

    name = "webkit"

    def __init__(self, *, optimised_wasm: bool = True, composited: bool = True) -> None:
        """`optimised_wasm` False: WebAssembly runs on JavaScriptCore's baseline code only (the tests', which
        prove behaviour, not speed): its optimising tier takes about a third of a test's CPU in WebKitGTK.
        `composited` False: pages are drawn without the GL compositor, as on a machine without GL (the tests'):
        under Xvfb its GL is Mesa's software rasterizer, in which the compositor thread once crashed mid-test."""
        read, write = os.pipe()
        # -displayfd: Xvfb picks a free display number itself and writes it here once it accepts clients.
        self.xvfb = subprocess.Popen([str(XVFB), "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp"], pass_fds=[write], stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        tiers = {} if optimised_wasm else {"JSC_useOMGJIT": "false"}
        drawing = {} if composited else {"WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
        service = Service(executable_path=str(WEBKIT_DRIVER),
                          env={**os.environ, "DISPLAY": f":{display}", **tiers, **drawing})
        with warnings.catch_warnings():  # selenium's own WebKitGTK class still sets up its connection the old way
            warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
            self.driver = webdriver.WebKitGTK(service=service, options=webdriver.WebKitGTKOptions())
        self.version = self.driver.capabilities.get("browserVersion", "?")
        self.first: str = self.driver.current_window_handle
        self.current: str | None = self.first
        self.tabs: list[WebKitTab] = []

    def tab(self, base: str) -> WebKitTab:
        handle = self.first
        if self.tabs:
            self.driver.switch_to.new_window("tab")
            handle = self.current = self.driver.current_window_handle
        tab = WebKitTab(self, base, handle)
        self.tabs.append(tab)
        return tab

    def end_test(self) -> list[str]:
        """Close this test's extra tabs, blank the first (releasing its locks), return the errors they saw."""
        errors = [error for tab in self.tabs for error in tab.errors()]
        first, *others = self.tabs
        for tab in others:
            tab.driver().close()
        self.current = None
        first.goto("about:blank")
        self.tabs = []
        return errors

    def quit(self) -> None:
        self.driver.quit()
        self.xvfb.terminate()
        self.xvfb.wait(timeout=30)
