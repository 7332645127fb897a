"""dist/ served on localhost by build.py's handler (which sends the .br files, as a static host does), counting
the bytes of every body it sends, and the network log of a browser context matched against them."""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Response

import build
from sitebench.probes import (
    BARE_PAGE,
    GAME_PAGE,
    MB,
)
from sitebench.results import Results, progress


class ServerLog:
    """What the server has sent since the last reset: every response body's path, its bytes on the wire and its
    Content-Encoding ("br", "gzip" or "identity")."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.entries: list[tuple[str, int, str]] = []

    def add(self, path: str, size: int, coding: str) -> None:
        with self.lock:
            self.entries.append((path, size, coding))

    def reset(self) -> None:
        with self.lock:
            self.entries = []

    def sent(self) -> list[tuple[str, int, str]]:
        with self.lock:
            return list(self.entries)

    @property
    def bytes(self) -> int:
        return sum(size for _, size, _ in self.sent())


class CountingHandler(build.Handler):
    """build.py's handler (same types, the precompressed siblings), logging every body it sends."""

    log: ServerLog

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        try:
            outputfile.write(data)
        except ConnectionError:  # the browser gave up on it (a context closed mid-download): nothing sent
            return
        self.log.add(site_path(self.path), len(data), self.content_encoding or "identity")


@contextmanager
def serve(dist: Path) -> Iterator[tuple[str, ServerLog]]:
    log = ServerLog()
    handler = type("Handler", (CountingHandler,), {"log": log})
    server = build.make_server(dist, port=0, handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", log
    finally:
        server.shutdown()
        server.server_close()


def ensure_dist(dist: Path, rebuild: bool) -> Path:
    if rebuild or not (dist / BARE_PAGE).exists() or not (dist / GAME_PAGE).exists():
        progress(f"building {dist.name}/ (a minute or two)")
        build.build(dist)
    return dist


# The network log of a browser context


def site_path(url: str) -> str:
    """The file under dist/ that a URL or request path names."""
    path = urlsplit(url).path.lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path


@dataclass(frozen=True)
class Fetch:
    path: str
    status: int
    by_service_worker: bool  # the service worker asked the network (its precache)
    from_service_worker: bool  # the service worker answered from its cache: nothing crossed the network


class Network:
    """Every response a context saw, in order, with who asked and who answered."""

    def __init__(self, context: BrowserContext, base: str) -> None:
        self.base = base
        self.fetches: list[Fetch] = []
        context.on("response", self.record)

    def record(self, response: Response) -> None:
        url = response.url
        if not url.startswith(self.base):
            return
        by_sw = response.request.service_worker is not None
        self.fetches.append(Fetch(site_path(url), response.status, by_sw, response.from_service_worker))

    def mark(self) -> int:
        return len(self.fetches)

    def since(self, start: int, end: int | None = None) -> list[Fetch]:
        return self.fetches[start:end]


def with_body(fetches: list[Fetch], sent: list[tuple[str, int, str]]) -> list[tuple[int, Fetch, int]]:
    """The fetches (with their index) that brought a body over the network, and its bytes, matched in order with
    the server's log: a revalidated file (304) or one the service worker answered brought none."""
    remaining: dict[str, list[int]] = defaultdict(list)
    for path, size, _ in sent:
        remaining[path].append(size)
    carried = []
    for index, fetch in enumerate(fetches):
        if not fetch.from_service_worker and remaining[fetch.path]:
            carried.append((index, fetch, remaining[fetch.path].pop(0)))
    return carried


def add_bytes(results: Results, key: str, carried: list[tuple[int, Fetch, int]]) -> None:
    """Bytes on the wire (the server sends brotli, as a static host does) and the number of bodies."""
    results.add(f"{key}.bytes", sum(size for _, _, size in carried) / MB)
    results.add(f"{key}.files", len(carried))
