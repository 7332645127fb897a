"""The service worker answers from its cache what it precached, and nothing else: a request the precache lacks
goes to the network as if there were no worker, so that its failure is the browser's plain failed load, never a
worker that failed (the Firefox ESR half is in tests/crossbrowser/test_service_worker_errors.py)."""

from __future__ import annotations

from playwright.sync_api import Page

from gamepage import open_game
from guard import Guard

FETCH = "(url) => fetch(url).then((r) => `HTTP ${r.status}`, (e) => e.name)"


def controlled(page: Page) -> None:
    open_game(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def test_a_picture_the_precache_lacks_is_asked_for_by_the_page_not_the_worker(page: Page, guard: Guard) -> None:
    controlled(page)
    askers = []
    page.context.on("request", lambda request: askers.append(
        (request.url.rsplit("/", 1)[1], "worker" if request.service_worker else "page")))
    assert page.evaluate(FETCH, "../cards/3D.svg?uncached") == "HTTP 200"
    assert ("3D.svg?uncached", "page") in askers and ("3D.svg?uncached", "worker") not in askers


def test_a_picture_the_network_fails_is_a_plain_failed_load_and_the_worker_still_answers(
        page: Page, guard: Guard) -> None:
    controlled(page)
    page.context.route("**/cards/3D.svg?uncached", lambda route: route.abort("connectionreset"))
    guard.allowed.append("Failed to load resource: net::ERR_CONNECTION_RESET")  # Chromium's line for it
    assert page.evaluate(FETCH, "../cards/3D.svg?uncached") == "TypeError"
    assert page.evaluate(FETCH, "../cards/3D.svg") == "HTTP 200"
    assert all("ServiceWorker" not in error for error in guard.errors), guard.errors
