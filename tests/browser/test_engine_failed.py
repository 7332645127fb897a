"""When the engine cannot load, the page says so plainly and stays usable (no hang, no uncaught error)."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from gamepage import LOAD_TIMEOUT, expect_engine_failed

pytestmark = pytest.mark.cold  # start-up itself: as a new visitor, with no snapshot


@pytest.mark.browser_context_args(service_workers="block")
def test_a_missing_wasm_file_shows_engine_failed(context: BrowserContext, page: Page, guard) -> None:
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto("en/index.html")
    expect_engine_failed(page)


@pytest.mark.browser_context_args(service_workers="block")
def test_a_missing_engine_wheel_shows_engine_failed(context: BrowserContext, page: Page, guard) -> None:
    context.route("**/pyodide/krig-*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("bn/index.html")
    expect(page.locator("[data-testid=engine-failed]")).to_be_visible(timeout=LOAD_TIMEOUT)
    assert page.evaluate("() => document.documentElement.dataset.engine") == "failed"
