"""The guard every browser test runs under (see conftest.py's `guard` fixture)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page

# engine.js warns so when the worker had to fetch the whole standard library: a visitor still plays, but every
# flow of the tests must run on the trimmed one that the build traced (tools/stdlib_flows.py lacks a flow).
STDLIB_FALLBACK = "the trimmed standard library lacks"
# play.js warns so when the engine's game differs from the rounds the page drew before it was ready: a visitor
# still plays on, but in every flow of the tests but the one that forces it, the rounds drawn early are the engine's.
ROUNDS_MISMATCH = "the rounds drawn before the engine was ready were not its own"


class Guard:
    """What a flow did that it must not: requests to other origins, console errors, uncaught exceptions, an import
    the trimmed standard library could not serve."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.foreign: list[str] = []
        self.errors: list[str] = []
        # The console messages a test expects (e.g. of a failure it forces), each a whole message: a regular
        # expression that must match all of it, with its changing parts (an address, a number) as patterns.
        self.allowed: list[str] = []

    def request(self, request: Any) -> None:
        url = request.url
        if not url.startswith((self.origin, "data:", "blob:", "about:")):
            self.foreign.append(url)

    def console(self, message: Any) -> None:
        text = message.text
        wrong = message.type == "error" or STDLIB_FALLBACK in text or ROUNDS_MISMATCH in text
        if wrong and not any(re.fullmatch(pattern, text, re.DOTALL) for pattern in self.allowed):
            where = message.location.get("url")  # for a failed load, the address that failed
            self.errors.append(f"{text} (at {where})" if where else text)

    def weberror(self, error: Any) -> None:
        self.errors.append(str(error.error))

    def check(self) -> None:
        assert self.foreign == [], f"requests left the origin: {self.foreign}"
        assert self.errors == [], f"console errors: {self.errors}"


@contextmanager
def guarded_page(browser: Browser, base_url: str, guard: Guard | None = None) -> Iterator[Page]:
    """A page in a context of its own for a site served at `base_url` (service workers allowed), under a guard for
    that site's origin (`guard`, or a new one), checked when the context closes."""
    address = urlsplit(base_url)
    context = browser.new_context(base_url=base_url, service_workers="allow")
    guard = watched(context, guard or Guard(f"{address.scheme}://{address.netloc}"))
    yield context.new_page()
    context.close()
    guard.check()


def watched(context: BrowserContext, guard: Guard) -> Guard:
    """`guard`, now shown every request, console message and uncaught exception of `context`."""
    context.on("request", guard.request)
    context.on("console", guard.console)
    context.on("weberror", guard.weberror)
    return guard
