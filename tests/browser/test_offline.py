"""Offline: after one online visit, the service worker serves every page in every language and the engine."""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, Request, expect

from sitebuild.languages import CODES

from gamepage import CONTROLLED, ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game, open_game

pytestmark = pytest.mark.service_worker  # what the service worker serves offline


def test_every_language_loads_and_plays_offline_after_one_visit(
    context: BrowserContext, page: Page, guard
) -> None:
    open_game(page, "sw/index.html")
    page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
    cache = [name for name in page.evaluate("() => caches.keys()") if name != "krig-snapshot"]
    assert len(cache) == 1 and cache[0].startswith("krig-")

    failed = []  # offline, the site starts no download that cannot succeed (leaving a page cancels its own)
    context.on("requestfailed", lambda request: None if "ERR_ABORTED" in (request.failure or "")
               or looked_in_http_cache(request) else failed.append(f"{request.url}: {request.failure}"))
    context.set_offline(True)
    for lang in CODES:
        page.goto(f"{lang}/index.html")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        assert page.evaluate("() => document.documentElement.lang") == lang
        new_game(page, 3)
        flip(page)
        assert board(page)["counts"] != [17, 17, 17] or board(page)["round"] != "0"
    # the statistics pages and the card pictures come from the cache too
    page.goto("fr/stats.html")
    expect(page.locator("h1")).to_be_visible()
    # and the root page sends the visitor on to a language
    page.goto("index.html")
    page.wait_for_url("**/en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert failed == []


def looked_in_http_cache(request: Request) -> bool:
    """The service worker's look for the wasm in the HTTP cache ("only-if-cached", site/sw.js), which never asks the
    network: this context's HTTP cache, in memory, may not hold the 9.6 MB, and the precache answers."""
    return request.service_worker is not None and request.url.endswith(".wasm")


def test_root_page_picks_the_visitors_language(page: Page, guard) -> None:
    page.goto("index.html")
    page.wait_for_url("**/en/index.html")  # the test browser speaks English
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
