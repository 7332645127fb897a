"""Firefox ESR says of a service worker's answer that failed, and of one that the page stops while its body is
still on its way, that "A ServiceWorker intercepted the request and encountered an unexpected error". The worker
answers only what it precached, so a request it lacks goes to the network as if there were no worker, and its
failure, or the page's giving up on it halfway, is the page's own and no error: the test's tab must see none (the
Chromium half is in tests/browser/test_service_worker_answers.py)."""

from __future__ import annotations

import pytest

from browsers.drivers import CONTROLLED, Tab

from serving import Site

UNCACHED = "../cards/3D.svg?uncached"  # a picture the precache lacks (it has cards/3D.svg)
# Each test asks for an address of its own, which neither Firefox's HTTP cache nor its image cache has yet: the
# server sends the whole answer (a revalidated copy would be a 304, with no body to stop halfway).
FETCH = "(url) => fetch(url).then((r) => `HTTP ${r.status}`, (e) => e.name)"
# The page asks for a picture, and `started` once its headers are in: the rest of its body is on its way.
ASK = """(url) => { window.gaveUp = new AbortController();
  window.asked = fetch(url, { signal: gaveUp.signal }).then((r) => { window.started = true; return r.text(); })
    .then((body) => `read ${body.length}`, (e) => e.name); }"""
GIVE_UP = "() => { gaveUp.abort(); return asked; }"
SHOW = "(url) => { const img = new Image(); img.src = url; document.body.append(img); }"

# Firefox alone: WebKitGTK's driver cannot read the console, where a browser says so.
pytestmark = pytest.mark.parametrize("firefox_or_webkit", ["firefox"], indirect=True)


def controlled(tab: Tab) -> None:
    tab.open("en/index.html")
    tab.wait(CONTROLLED)


def test_a_picture_the_network_fails_is_no_error_of_the_service_worker(site: Site, tab: Tab) -> None:
    controlled(tab)
    with site.failing("/cards/3D.svg"):
        assert tab.evaluate(FETCH, UNCACHED) == "TypeError"
    assert tab.evaluate(FETCH, "../cards/3D.svg") == "HTTP 200"
    assert tab.evaluate(FETCH, UNCACHED) == "HTTP 200"  # the network is back


def test_a_picture_the_page_gives_up_on_halfway_is_no_error_of_the_service_worker(site: Site, tab: Tab) -> None:
    controlled(tab)
    with site.holding("/cards/3D.svg", midway=True):
        tab.evaluate(ASK, UNCACHED + "-given-up")
        site.wait_held()
        tab.wait("() => window.started")
        assert tab.evaluate(GIVE_UP) == "AbortError"
    assert tab.evaluate(FETCH, UNCACHED + "-given-up") == "HTTP 200"  # asked again, it comes
    assert tab.errors() == []


def test_a_picture_a_navigation_cuts_short_is_no_error_of_the_service_worker(site: Site, tab: Tab) -> None:
    controlled(tab)
    with site.holding("/cards/3D.svg", midway=True):
        tab.evaluate(SHOW, UNCACHED + "-left")
        site.wait_held()
        tab.open("en/stats.html")  # the visitor leaves while the picture loads
    tab.open("en/stats.html")
    assert tab.errors() == []
