"""Fixtures for the cross-browser smoke suite: Firefox ESR and WebKitGTK, from Debian's packages.

Each browser starts once per test module and serves every test of it. Each test gets its own server of the
session's dist/ on a fresh port, so a fresh origin: empty storage, no service worker, no lock, whatever ran
before (WebKit keeps storage for the whole browser session), and a server that the offline test can stop.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from drivers import FIREFOX, RELAY, WEBKIT_DRIVER, XVFB, Firefox, Site, Tab, WebKit

NEEDS = {
    "firefox": [FIREFOX, RELAY.parents[2] / "node_modules" / "puppeteer-core"],
    "webkit": [WEBKIT_DRIVER, XVFB],
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "crossbrowser" in item.path.parts:
            item.add_marker(pytest.mark.crossbrowser)


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def firefox_or_webkit(request: pytest.FixtureRequest) -> Iterator[Firefox | WebKit]:
    missing = [str(path) for path in NEEDS[request.param] if not path.exists()]
    if request.param == "firefox" and not shutil.which("node"):
        missing.append("node")
    if missing:
        pytest.skip(f"{request.param} is not installed ({', '.join(missing)}): run scripts/setup.sh --browser")
    started = Firefox() if request.param == "firefox" else WebKit()
    yield started
    started.quit()


@pytest.fixture
def site(dist: Path) -> Iterator[Site]:
    served = Site(dist)
    yield served
    served.stop()


@pytest.fixture
def tab(firefox_or_webkit: Firefox | WebKit, site: Site) -> Iterator[Tab]:
    """The test's first tab; at the end, every tab the test opened must have seen no error."""
    yield firefox_or_webkit.tab(site.url)
    errors = firefox_or_webkit.end_test()
    assert errors == [], f"{firefox_or_webkit.name} saw errors: {errors}"
