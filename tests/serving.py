"""dist/ served on a local port of its own by build.py's own server, with what a test needs of a network: a file
whose requests wait or fail, and no server at all for a while. Both the Chromium and the cross-browser tests use it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import build

# A same-origin document that runs no script and asks for no icon, for writing a browser's storage before a game
# page first runs: a bare picture or stylesheet would do, but Chromium then asks for /favicon.ico, which the site
# has not, and a late 404 of it is a console error. The Chromium tests' server answers it (tests/conftest.py).
BLANK = "__blank.html"
BLANK_HTML = b'<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Blank</title>'

HOLD_LIMIT = 90.0  # no request stays held longer, whatever the test does
ARRIVAL_TIMEOUT = 30.0


class HoldingHandler(build.Handler):
    """build.py's handler, but a request for the path its site holds back waits until the site lets it go."""

    site: Site  # set on a subclass for each site

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if not self.site.midway:
            self.site.wait_if_held(path)
        if path == self.site.failed_path:  # the connection breaks before any answer, as a failing network's does
            self.close_connection = True
            return
        super().do_GET()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not self.site.midway:
            super().copyfile(source, outputfile)
            return
        body = source.read()
        outputfile.write(body[:len(body) // 2])
        outputfile.flush()  # the headers and half the body are on their way
        self.site.wait_if_held(urlsplit(self.path).path)
        outputfile.write(body[len(body) // 2:])


class Site:
    """dist/ served on a local port; `offline()` takes the server away for a while, the port kept, and `holding()`
    keeps one file's requests waiting."""

    def __init__(self, dist: Path) -> None:
        self.dist = dist
        self.port = 0
        self.held_path: str | None = None
        self.midway = False  # the held requests get their headers and half their body before they wait
        self.failed_path: str | None = None
        self.held: list[str] = []  # the requests held back so far
        self.arrived = threading.Event()  # set once one of them has reached the server
        self.let_go = threading.Event()
        self.start()
        self.url = f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        handler = type("Handler", (HoldingHandler,), {"site": self})
        self.server = build.make_server(self.dist, port=self.port, handler=handler)
        self.port = self.server.server_address[1]  # the server reuses the address: a port just closed
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.let_go.set()  # no request stays held: closing the server waits for every request's thread
        self.server.shutdown()
        self.server.server_close()

    def wait_if_held(self, path: str) -> None:
        if path == self.held_path and not self.let_go.is_set():
            self.held.append(path)
            self.arrived.set()
            self.let_go.wait(timeout=HOLD_LIMIT)

    def wait_held(self) -> None:
        """Wait until a request that `holding()` keeps waiting has reached the server."""
        assert self.arrived.wait(timeout=ARRIVAL_TIMEOUT), f"no request for {self.held_path} reached the server"

    @contextmanager
    def holding(self, path: str, midway: bool = False) -> Iterator[list[str]]:
        """While inside, the server keeps every request for `path` (from the root, e.g. /js/worker.js) waiting, as
        a slow network would, before its answer or, with `midway`, halfway through its body; they go on at the end.
        Yields the list of the requests held."""
        self.held_path, self.held, self.midway = path, [], midway
        self.arrived.clear()
        self.let_go.clear()
        try:
            yield self.held
        finally:
            self.let_go.set()
            self.held_path, self.midway = None, False

    @contextmanager
    def failing(self, path: str) -> Iterator[None]:
        """While inside, every request for `path` (from the root) gets its connection closed with no answer."""
        self.failed_path = path
        try:
            yield
        finally:
            self.failed_path = None

    @contextmanager
    def offline(self) -> Iterator[None]:
        """Neither driver can cut the network as Playwright's set_offline does. With the server shut and its
        socket closed, the browser meets what it meets offline: every request that the service worker does not
        answer is refused. The same origin comes back afterwards, for the tests that follow."""
        self.stop()
        try:
            yield
        finally:
            self.start()
