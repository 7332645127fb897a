"""A returning visitor's browser for the tests that are not about start-up: the engine's memory snapshot, made
once per test worker by the real site in a real visit, is put into each new context's Cache Storage before its
first page, so that the context's first game page restores Python in about a second instead of a fresh start of
three (and makes no snapshot of its own). Tests of start-up itself, of a first visit or of the snapshot are marked
`cold` and start as a new visitor does (tests/browser/conftest.py)."""

from __future__ import annotations

import base64

from playwright.sync_api import Browser, BrowserContext

from gamepage import ENGINE_READY, LOAD_TIMEOUT
from serving import BLANK

CACHE = "krig-snapshot"  # worker.js's SNAPSHOT_CACHE
PRIMER = "/__primed-snapshot"  # where the test server (tests/conftest.py) serves the snapshot's bytes

# The stored snapshot: its key (an address under the site's origin) and its bytes, as a data: URL's base64.
READ = """async () => {
  const cache = await caches.open('krig-snapshot');
  const [key] = (await cache.keys()).filter((request) => !request.url.endsWith('&failed'));
  const blob = await (await cache.match(key)).blob();
  const url = await new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsDataURL(blob);
  });
  return [new URL(key.url).pathname + new URL(key.url).search, url.slice(url.indexOf(',') + 1)];
}"""
PUT = f"""async (key) => {{
  const answer = await fetch('{PRIMER}');
  if (!answer.ok) throw new Error(`the test server has no snapshot: HTTP ${{answer.status}}`);
  await (await caches.open('{CACHE}')).put(key, answer);
}}"""


class Snapshot:
    """The engine's memory snapshot as this build's site stores it, served by the test server to each context."""

    def __init__(self, browser: Browser, site_url: str, served: dict[str, bytes]) -> None:
        context = browser.new_context(base_url=site_url, service_workers="block")
        page = context.new_page()
        page.goto("en/index.html")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'", timeout=LOAD_TIMEOUT)
        self.key, data = page.evaluate(READ)
        context.close()
        served[PRIMER] = base64.b64decode(data)


    def prime(self, context: BrowserContext) -> None:
        """Store the snapshot in `context`, as a visit before the test's would have."""
        page = context.new_page()
        page.goto(BLANK)
        page.evaluate(PUT, self.key)
        page.close()
