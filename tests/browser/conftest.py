"""Real headless Chromium for the browser tests, and a guard that every flow stays on our origin and quiet.

Debian's Chromium is used when present (sitebuild/chromium.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext
from primed import Snapshot

from sitebuild.chromium import launch_options
from sitebuild.paths import MODULES as SOURCES

from gamepage import ServiceWorkers, Visitor
from guard import Guard

MODULES = "/__modules/js/"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.browser)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cold: the test's context starts as a new visitor's, with no engine snapshot "
                                       "(start-up, first visits and the snapshot itself); the others start primed")
    config.addinivalue_line("markers", "service_worker: the test's contexts let the site register its service worker "
                                       "(offline play, updates, a returning visitor's start); the others block it")


@pytest.fixture(scope="session")
def snapshot(browser: Browser, site_url: str, served_extra: dict[str, bytes]) -> Snapshot:
    """The engine's snapshot, made once per test worker by a real visit (tests/browser/primed.py)."""
    return Snapshot(browser, site_url, served_extra)


@pytest.fixture(scope="session")
def modules(served_extra: dict[str, bytes]) -> str:
    """Where the test server answers with the page's modules as written (site/static/js/), for a test that calls a
    pure function of one in the browser: the pages get them bundled into one file (sitebuild/bundles.py)."""
    for module in SOURCES.glob("*.js"):
        served_extra[f"{MODULES}{module.name}"] = module.read_bytes()
    return MODULES


@pytest.fixture
def prime(request: pytest.FixtureRequest) -> Callable[[BrowserContext], None]:
    """Put the engine's snapshot into a new context, unless the test is marked `cold`."""
    def primed(context: BrowserContext) -> None:
        if not request.node.get_closest_marker("cold"):
            request.getfixturevalue("snapshot").prime(context)
    return primed


@pytest.fixture
def service_workers(request: pytest.FixtureRequest) -> ServiceWorkers:
    """Whether the test's contexts let the site register its service worker: only if the test is marked
    `service_worker`. Its install stores every file of the site, about 1.3 s of CPU a context in the tests'
    browser, and what it does is proved by the tests that need it."""
    return "allow" if request.node.get_closest_marker("service_worker") else "block"


@pytest.fixture
def context(new_context: Any, prime: Callable[[BrowserContext], None],
            service_workers: ServiceWorkers) -> BrowserContext:
    """pytest-playwright's context, a returning visitor's (primed) unless the test is marked `cold`."""
    made: BrowserContext = new_context(service_workers=service_workers)
    prime(made)
    return made


@pytest.fixture
def visitor(browser: Browser, site_url: str, guard: Guard, prime: Callable[[BrowserContext], None],
            service_workers: ServiceWorkers) -> Visitor:
    """The test's own new contexts, primed as `context` is (gamepage.Visitor)."""
    return Visitor(browser, site_url, guard, prime, service_workers)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, **launch_options(optimised_wasm=False, shell=True)}


@pytest.fixture(scope="session")
def base_url(site_url: str) -> str:
    """The address pytest-playwright's contexts open (in place of its own fixture, which pytest 9 deprecates)."""
    return site_url


@pytest.fixture
def guard(context: BrowserContext, site_url: str) -> Iterator[Guard]:
    """Attach to every browser test: fail it if any request leaves the origin or any console error appears."""
    g = Guard(site_url.rstrip("/"))
    context.on("request", g.request)
    context.on("console", g.console)
    context.on("weberror", g.weberror)
    yield g
    g.check()
