"""Real headless Chromium for the browser tests, and a guard that every flow stays on our origin and quiet.

Debian's /usr/bin/chromium is used when present (Playwright cannot download its own browser here).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

CHROMIUM = Path("/usr/bin/chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in item.path.parts:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--no-first-run", "--disable-quic"]
    launch = {**browser_type_launch_args, "args": args}
    if CHROMIUM.exists():
        launch["executable_path"] = str(CHROMIUM)
    return launch


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], site_url: str) -> dict[str, Any]:
    return {**browser_context_args, "base_url": site_url, "service_workers": "allow"}


# engine.js warns so when the worker had to fetch the whole standard library: a visitor still plays, but every
# flow of the tests must run on the trimmed one that the build traced (tools/stdlib_flows.py lacks a flow).
STDLIB_FALLBACK = "the trimmed standard library lacks"


class Guard:
    """What a flow did that it must not: requests to other origins, console errors, uncaught exceptions, an import
    the trimmed standard library could not serve."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.allowed: list[str] = []  # substrings of console errors a test expects (e.g. a forced failure)

    def request(self, request: Any) -> None:
        url = request.url
        if not url.startswith((self.origin, "data:", "blob:", "about:")):
            self.foreign.append(url)

    def console(self, message: Any) -> None:
        wrong = message.type == "error" or STDLIB_FALLBACK in message.text
        if wrong and not any(a in message.text for a in self.allowed):
            self.errors.append(message.text)

    def weberror(self, error: Any) -> None:
        self.errors.append(str(error.error))

    def check(self) -> None:
        assert self.foreign == [], f"requests left the origin: {self.foreign}"
        assert self.errors == [], f"console errors: {self.errors}"


@pytest.fixture
def guard(context: BrowserContext, site_url: str) -> Iterator[Guard]:
    """Attach to every browser test: fail it if any request leaves the origin or any console error appears."""
    g = Guard(site_url.rstrip("/"))
    context.on("request", g.request)
    context.on("console", g.console)
    context.on("weberror", g.weberror)
    yield g
    g.check()
