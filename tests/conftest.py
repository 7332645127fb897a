"""Shared fixtures: one real build of the site, made once per state of its inputs and served on localhost."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from xdist.scheduler import LoadScopeScheduling

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from builtsite import BUILDS, SiteBuild, inputs_hash  # noqa: E402

import build  # noqa: E402

from serving import BLANK, BLANK_HTML  # noqa: E402

# Hypothesis's per-example deadline is a timing assertion, and the machines that run the tests are shared and
# noisy: a slow example is not a failure.
settings.register_profile("krig", deadline=None)
settings.load_profile("krig")

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run first what does not need the built site, while it builds beside them; then the cross-browser files, the
    longest, then the Chromium ones, so that no worker is left alone with a long file at the end. `make test` keeps
    this order (`--no-loadscope-reorder`: pytest-xdist would put the files with the most tests first)."""
    def order(item: pytest.Item) -> int:
        if "dist" not in getattr(item, "fixturenames", ()):
            return 0
        return 1 if "crossbrowser" in item.path.parts else 2 if "browser" in item.path.parts else 3
    items.sort(key=order)


class FilesAndEngineTests(LoadScopeScheduling):
    """`--dist loadfile`, but for the engine's tests, which are spread one by one: they need no browser and no
    fixture of their module, and the reference games are minutes of CPU in one file."""

    def _split_scope(self, nodeid: str) -> str:
        return nodeid if nodeid.startswith("tests/engine/") else nodeid.split("::", 1)[0]


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadScopeScheduling | None:
    return FilesAndEngineTests(config, log) if config.getvalue("dist") == "loadfile" else None


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the catalogs that ship in the wheel before any test imports the worker's bridge, which reads them:
    a fresh clone has none yet, and an older checkout's may be stale. Under pytest-xdist only the controller does
    it, before it starts the workers."""
    if not hasattr(session.config, "workerinput"):
        build.compile_catalogs()


@pytest.fixture(scope="session", autouse=True)
def site_build(request: pytest.FixtureRequest) -> Iterator[SiteBuild | None]:
    """Starts the build with the session's first test when any test of the session needs the built site and the
    inputs have changed since the last build."""
    if not any("dist" in getattr(item, "fixturenames", ()) for item in request.session.items):
        yield None
        return
    started = SiteBuild(BUILDS / inputs_hash())
    yield started
    started.child.wait()


@pytest.fixture(scope="session")
def dist(site_build: SiteBuild | None) -> Path:
    """The whole site, built once per test session by the real build.py."""
    assert site_build is not None
    return site_build.wait()


class TestHandler(build.Handler):
    """build.py's handler, which also answers the addresses of `served_extra` with their bytes, and BLANK."""

    extra: dict[str, bytes] = {f"/{BLANK}": BLANK_HTML}
    held: dict[str, threading.Event] = {}  # a page sent up to its <body>, the rest once the event is set

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0]
        if path in self.held:
            self.send_body_later(path, self.held[path])
            return
        body = self.extra.get(path)
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_body_later(self, path: str, released: threading.Event) -> None:
        """The page's head at once, its body once `released` is set (or after a minute): the page's script runs
        while the rest of the page has not arrived, as on a slow network."""
        html = (Path(self.directory) / path.lstrip("/")).read_bytes()
        head, body = html.split(b"<body>", 1)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(html)))
        self.end_headers()
        self.wfile.write(head)
        self.wfile.flush()
        released.wait(60)
        self.wfile.write(b"<body>" + body)


@pytest.fixture(scope="session")
def held_pages() -> dict[str, threading.Event]:
    """Pages the test server sends in two parts, by address from the root (`TestHandler.send_body_later`)."""
    return TestHandler.held


@pytest.fixture(scope="session")
def served_extra() -> dict[str, bytes]:
    """What the test server answers beside the site, by address from the root, such as the engine snapshot that
    primes a test's browser (tests/browser/primed.py)."""
    return TestHandler.extra


@pytest.fixture(scope="session")
def site_url(dist: Path) -> Iterator[str]:
    """The built site served by build.py's own server on a free local port."""
    server = build.make_server(dist, port=0, handler=TestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
