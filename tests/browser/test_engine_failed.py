"""When the engine cannot load, the page says so plainly and stays usable (no hang, no uncaught error); when it
only takes too long, the page says so, and plays once it comes."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from gamepage import LOAD_TIMEOUT, expect_engine_failed, flip, wait_saved

pytestmark = pytest.mark.cold  # start-up itself: as a new visitor, with no snapshot


def test_a_missing_wasm_file_shows_engine_failed(context: BrowserContext, page: Page, guard) -> None:
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto("en/index.html")
    expect_engine_failed(page)


def test_a_missing_engine_wheel_shows_engine_failed(context: BrowserContext, page: Page, guard) -> None:
    context.route("**/pyodide/krig-*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("bn/index.html")
    expect(page.locator("[data-testid=engine-failed]")).to_be_visible(timeout=LOAD_TIMEOUT)
    assert page.evaluate("() => document.documentElement.dataset.engine") == "failed"


def wait_past_the_silence(context: BrowserContext, page: Page, path: str) -> Route:
    """Open `path` with the engine's wheel held, so that Python waits for it, and let the page's 40 s without a
    word from the worker pass (Playwright's clock): the page has said the engine took too long. The held request,
    for the test to let go."""
    held: list[Route] = []
    context.route("**/pyodide/krig-*.whl", lambda route: held.append(route))
    page.clock.install()
    page.goto(path)
    deadline = time.monotonic() + LOAD_TIMEOUT / 1000
    while not held and time.monotonic() < deadline:
        page.evaluate("() => null")  # lets the route's handler run
    assert held, "the worker never asked for the engine's wheel"
    page.clock.fast_forward(41_000)
    expect(page.get_by_test_id("engine-failed")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-engine", "failed")
    return held[0]


def test_an_engine_that_answers_after_the_page_said_it_took_too_long_is_played_after_all(
        context: BrowserContext, page: Page, guard) -> None:
    wheel = wait_past_the_silence(context, page, "en/index.html")
    failed = page.get_by_test_id("engine-failed")
    expect(failed).to_contain_text("took too long")
    wheel.continue_()  # the slow device's engine comes after all
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=LOAD_TIMEOUT)
    expect(failed).to_be_hidden()
    round_number = int(page.evaluate("() => document.getElementById('board').dataset.round"))
    flip(page)
    wait_saved(page, round_number + 1)


def test_the_statistics_page_simulates_with_an_engine_that_answers_after_it_said_it_took_too_long(
        context: BrowserContext, page: Page, guard) -> None:
    wheel = wait_past_the_silence(context, page, "fr/stats.html")
    wheel.continue_()
    expect(page.locator("html")).to_have_attribute("data-engine", "ready", timeout=LOAD_TIMEOUT)
    expect(page.get_by_test_id("engine-failed")).to_be_hidden()
    page.click("[data-testid=sim-run]")
    expect(page.get_by_test_id("sim-summary")).not_to_be_empty(timeout=LOAD_TIMEOUT)
