"""The service worker answers from its cache what it precached, and nothing else: a request the precache lacks
goes to the network as if there were no worker, so that its failure is the browser's plain failed load, never a
worker that failed (the Firefox ESR half is in tests/crossbrowser/test_service_worker_errors.py). The network's
failures are the test server's own (tests/serving.py): Playwright's routes do not see every request of a page that
a service worker controls."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from gamepage import open_game
from guard import Guard, guarded_page
from serving import Site

UNCACHED = "../cards/3D.svg?uncached"  # a picture the precache lacks (it has cards/3D.svg)
FETCH = "(url) => fetch(url).then((r) => `HTTP ${r.status}`, (e) => e.name)"
# The page asks for a picture, and `started` once its headers are in: the rest of its body is on its way.
ASK = """(url) => { window.gaveUp = new AbortController();
  window.asked = fetch(url, { signal: gaveUp.signal }).then((r) => { window.started = true; return r.text(); })
    .then((body) => `read ${body.length}`, (e) => e.name); }"""
GIVE_UP = "() => { gaveUp.abort(); return asked; }"


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
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        yield page


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
