"""A slow device is never told that the engine failed while it is still loading: the page waits for as long as
the worker keeps reporting progress."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page

from gamepage import ENGINE_READY, flip, new_game

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
