"""Fixtures for the cross-browser smoke suite: Firefox ESR and WebKitGTK, from Debian's packages.

Each browser starts once per test module, with its own server of the session's dist/ (its own origin). The
first two visits are a new visitor's, with fresh engine starts; the tests then play as a returning visitor,
whose pages come from the service worker and whose engine starts from the stored snapshot. That keeps WebKit,
whose fresh start takes 8-15 s of the page's 30 s allowance, to two fresh starts per run. Tests share the
origin's saves and history, so each deals its own game from a shared link and counts only what it adds.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from browsers.drivers import Firefox, Tab, WebKit, skip_unless_installed

from serving import Site


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "crossbrowser" in item.path.parts:
            item.add_marker(pytest.mark.crossbrowser)


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def firefox_or_webkit(request: pytest.FixtureRequest) -> Iterator[Firefox | WebKit]:
    skip_unless_installed(request.param)
    started = Firefox() if request.param == "firefox" else WebKit(optimised_wasm=False, composited=False)
    yield started
    started.quit()


@pytest.fixture(scope="module")
def site(firefox_or_webkit: Firefox | WebKit, dist: Path) -> Iterator[Site]:
    served = Site(dist)
    firefox_or_webkit.tab(served.url).first_two_visits()
    close_tabs_seeing_no_error(firefox_or_webkit)
    yield served
    served.stop()


@pytest.fixture
def tab(firefox_or_webkit: Firefox | WebKit, site: Site) -> Iterator[Tab]:
    """The test's first tab; at the end, every tab the test opened must have seen no error."""
    yield from first_tab(firefox_or_webkit, site)


@pytest.fixture
def new_site(dist: Path) -> Iterator[Site]:
    """The session's dist/ on a port of its own: an origin where nothing is stored yet, for a new visitor."""
    served = Site(dist)
    yield served
    served.stop()


@pytest.fixture
def new_visitor(firefox_or_webkit: Firefox | WebKit, new_site: Site) -> Iterator[Tab]:
    """A tab of a visitor who has never been to `new_site`; at the end, its tabs must have seen no error."""
    yield from first_tab(firefox_or_webkit, new_site)


def first_tab(browser: Firefox | WebKit, site: Site) -> Iterator[Tab]:
    """A tab on `site`; once the test is over, every tab it opened must have seen no error."""
    yield browser.tab(site.url)
    close_tabs_seeing_no_error(browser)


def close_tabs_seeing_no_error(browser: Firefox | WebKit) -> None:
    errors = browser.end_test()
    assert errors == [], f"{browser.name} saw errors: {errors}"
