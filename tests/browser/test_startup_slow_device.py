"""A slow device is never told that the engine failed while it is still loading: the page waits for as long as
the worker keeps reporting progress. On a slow network the page's script, which runs as soon as it is fetched,
may run before the rest of the page has arrived: what it reads of the page comes before it."""

from __future__ import annotations

import threading

from playwright.sync_api import BrowserContext, Page

from gamepage import ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game

# Record every state the engine notice and <html data-engine> ever take, from the first parse on.
WATCH_FAILURE = """(() => {
  window.__failureShown = false;
  const watch = () => {
    const notice = document.querySelector('[data-testid=engine-failed]');
    const check = () => {
      if ((notice && !notice.hidden) || document.documentElement.dataset.engine === 'failed') {
        window.__failureShown = true;
      }
    };
    new MutationObserver(check).observe(document.documentElement, {attributes: true, subtree: true,
      attributeFilter: ['hidden', 'data-engine']});
    check();
  };
  document.addEventListener('DOMContentLoaded', watch);
})()"""


def test_with_the_cpu_six_times_slower_the_engine_loads_and_no_failure_shows(
        context: BrowserContext, page: Page, guard) -> None:
    context.add_init_script(WATCH_FAILURE)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 6})
    page.goto("en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=300_000, polling=500)
    new_game(page, 2, 3)
    flip(page, 2)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert page.evaluate("() => window.__failureShown") is False
    assert page.evaluate("() => document.documentElement.dataset.engine") == "ready"


def test_a_script_run_before_the_body_has_arrived_starts_the_engine_and_the_game(
        page: Page, guard, held_pages: dict[str, threading.Event]) -> None:
    released = held_pages["/en/index.html"] = threading.Event()
    try:
        with page.expect_request("**/js/worker.js"):  # the script started the engine
            page.goto("en/index.html", wait_until="commit")
        assert page.evaluate("() => document.body") is None  # before the body had come
        released.set()
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        flip(page)
        assert board(page)["round"] == "1"
    finally:
        released.set()
        del held_pages["/en/index.html"]
