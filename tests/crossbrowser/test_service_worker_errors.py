"""Firefox ESR reports a service worker's failed answer as an error of the page ("A ServiceWorker passed a promise
to FetchEvent.respondWith() that rejected"). The worker answers only what it precached, so a request it lacks
goes to the network as if there were no worker, and the network's failure is the page's own, said to the page
alone: the test's tab must see no error (the Chromium half is in tests/browser/test_service_worker_answers.py)."""

from __future__ import annotations

import pytest

from drivers import Firefox, Site, Tab, WebKit

FETCH = "(url) => fetch(url).then((r) => `HTTP ${r.status}`, (e) => e.name)"


def test_a_picture_the_network_fails_is_no_error_of_the_service_worker(
        firefox_or_webkit: Firefox | WebKit, site: Site, tab: Tab) -> None:
    if firefox_or_webkit.name == "webkit":
        pytest.skip("WebKitGTK's driver cannot read the console, where the browser says so")
    tab.open("en/index.html")
    tab.wait("() => navigator.serviceWorker.controller !== null")
    with site.failing("/cards/3D.svg"):
        assert tab.evaluate(FETCH, "../cards/3D.svg?uncached") == "TypeError"
    assert tab.evaluate(FETCH, "../cards/3D.svg") == "HTTP 200"
    assert tab.evaluate(FETCH, "../cards/3D.svg?uncached") == "HTTP 200"  # the network is back
