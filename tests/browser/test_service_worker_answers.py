"""The service worker answers from its cache what it precached, and nothing else: a request the precache lacks
goes to the network as if there were no worker, so that its failure is the browser's plain failed load, never a
worker that failed (the Firefox ESR half is in tests/crossbrowser/test_service_worker_errors.py). In Chromium the
engine's WebAssembly module comes from the HTTP cache's copy where the browser holds one, for the code compiled
from it, and from the precache where it does not. The network's failures are the test server's own
(tests/serving.py): Playwright's routes do not see every request of a page that a service worker controls."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

import build

from gamepage import CONTROLLED, LOAD_TIMEOUT, open_game
from guard import Guard, guarded_page, watched
from serving import Site

UNCACHED = "../cards/3D.svg?uncached"  # a picture the precache lacks (it has cards/3D.svg)
FETCH = "(url) => fetch(url).then((r) => `HTTP ${r.status}`, (e) => e.name)"
# The page asks for a picture, and `started` once its headers are in: the rest of its body is on its way.
ASK = """(url) => { window.gaveUp = new AbortController();
  window.asked = fetch(url, { signal: gaveUp.signal }).then((r) => { window.started = true; return r.text(); })
    .then((body) => `read ${body.length}`, (e) => e.name); }"""
GIVE_UP = "() => { gaveUp.abort(); return asked; }"
WASM = f"/{build.runtime_folder()}/pyodide.asm.wasm"
# The precache's copy of a file made unusable: what answers the page is then known by whether it works.
SPOIL = """async (url) => {
  const spoilt = () => new Response('spoilt', { headers: { 'Content-Type': 'application/wasm' } });
  for (const name of await caches.keys()) {
    if (name !== 'krig-snapshot') await (await caches.open(name)).put(url, spoilt());
  } }"""
ENGINE_SETTLED = "() => ['ready', 'failed'].includes(document.documentElement.dataset.engine)"


@pytest.fixture(scope="module")
def site(dist: Path) -> Iterator[Site]:
    served = Site(dist)
    yield served
    served.stop()


@pytest.fixture
def guard(site: Site) -> Guard:
    return Guard(site.url.rstrip("/"))


@pytest.fixture
def page(browser: Browser, site: Site, guard: Guard) -> Iterator[Page]:
    """The game page of `site`, once its service worker controls it."""
    with guarded_page(browser, site.url, guard) as page:
        open_game(page)
        page.wait_for_function(CONTROLLED)
        yield page


@pytest.fixture
def on_disk(browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site: Site, guard: Guard,
            tmp_path: Path) -> Iterator[tuple[BrowserContext, Page]]:
    """The game page of `site` once its service worker controls it, in a Chromium whose profile is on disk as a
    visitor's is: an incognito context keeps its HTTP cache in memory, where the 9.6 MB module does not fit."""
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args,
                                                     base_url=site.url, service_workers="allow")
    watched(context, guard)
    page = context.pages[0] if context.pages else context.new_page()
    open_game(page)
    page.wait_for_function(CONTROLLED)
    yield context, page
    context.close()
    guard.check()


def reload_engine(page: Page) -> str:
    page.reload()
    page.wait_for_function(ENGINE_SETTLED, timeout=LOAD_TIMEOUT)
    return page.evaluate("() => document.documentElement.dataset.engine")


def test_the_engine_module_comes_from_the_http_cache_copy_where_the_browser_holds_one(
        on_disk: tuple[BrowserContext, Page], site: Site) -> None:
    _, page = on_disk
    page.evaluate(SPOIL, site.url.rstrip("/") + WASM)
    with site.failing(WASM):
        assert reload_engine(page) == "ready"


def test_the_engine_module_comes_from_the_precache_where_the_http_cache_has_none(
        on_disk: tuple[BrowserContext, Page], site: Site) -> None:
    context, page = on_disk
    context.new_cdp_session(page).send("Network.clearBrowserCache")
    with site.failing(WASM):
        assert reload_engine(page) == "ready"


def test_a_picture_the_network_fails_is_a_plain_failed_load_and_the_worker_still_answers(
        page: Page, site: Site, guard: Guard) -> None:
    guard.allowed.append("Failed to load resource: net::ERR_EMPTY_RESPONSE")  # Chromium's line for it
    with site.failing("/cards/3D.svg"):
        assert page.evaluate(FETCH, UNCACHED) == "TypeError"
        assert page.evaluate(FETCH, "../cards/3D.svg") == "HTTP 200"  # from the worker's cache
    assert page.evaluate(FETCH, UNCACHED) == "HTTP 200"  # the network is back
    assert all("ServiceWorker" not in error for error in guard.errors), guard.errors


def test_a_picture_the_page_gives_up_on_halfway_is_a_plain_abort_and_no_error(
        page: Page, site: Site, guard: Guard) -> None:
    with site.holding("/cards/3D.svg", midway=True) as held:
        page.evaluate(ASK, UNCACHED + "-given-up")
        site.wait_held()
        page.wait_for_function("() => window.started")
        assert page.evaluate(GIVE_UP) == "AbortError"
    assert held == ["/cards/3D.svg"]  # it was on its way when the page gave up
    assert page.evaluate(FETCH, UNCACHED + "-given-up") == "HTTP 200"  # asked again, it comes
    assert guard.errors == []
