"""The service worker answers from its cache what it precached, and nothing else: a request the precache lacks
goes to the network as if there were no worker, so that its failure is the browser's plain failed load, never a
worker that failed (the Firefox ESR half is in tests/crossbrowser/test_service_worker_errors.py)."""

from __future__ import annotations

from playwright.sync_api import Page, Request, Route

from gamepage import open_game
from guard import Guard

FETCH = "(url) => fetch(url).then((r) => `HTTP ${r.status}`, (e) => e.name)"
# The page asks for a picture, and gives up on it before the answer comes, as a page does whose visitor leaves.
ASK = """(url) => { window.gaveUp = new AbortController();
  window.asked = fetch(url, { signal: gaveUp.signal }).then((r) => r.text()).then(() => 'read', (e) => e.name); }"""
GIVE_UP = "() => { gaveUp.abort(); return asked; }"
GIVEN_UP = "../cards/3D.svg?uncached-given-up"


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



def test_a_picture_the_page_gives_up_on_is_a_plain_abort_and_no_error(page: Page, guard: Guard) -> None:
    controlled(page)
    askers: list[str] = []
    held: list[Route] = []  # the network keeps the request waiting: no answer comes

    def ours(request: Request) -> bool:
        return request.url.endswith(GIVEN_UP.removeprefix(".."))

    def asked(request: Request) -> None:
        if ours(request):
            askers.append("worker" if request.service_worker else "page")

    page.context.on("request", asked)
    page.context.route("**" + GIVEN_UP.removeprefix(".."), lambda route: held.append(route))
    with page.context.expect_event("request", ours):
        page.evaluate(ASK, GIVEN_UP)
    assert page.evaluate(GIVE_UP) == "AbortError"
    assert len(held) == 1  # it was on its way when the page gave up
    assert askers == ["page"]  # and it was the page's own request: the worker did not take it
    assert guard.errors == []
