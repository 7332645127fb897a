"""The guard every browser test runs under (see conftest.py's `guard` fixture)."""

from __future__ import annotations

from typing import Any


class Guard:
    """What a flow did that it must not: requests to other origins, console errors, uncaught exceptions."""

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
        if message.type == "error" and not any(a in message.text for a in self.allowed):
            self.errors.append(message.text)

    def weberror(self, error: Any) -> None:
        self.errors.append(str(error.error))

    def check(self) -> None:
        assert self.foreign == [], f"requests left the origin: {self.foreign}"
        assert self.errors == [], f"console errors: {self.errors}"
