"""Shared fixtures: one real build of the site in a temporary folder, served on localhost."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the catalogs that ship in the wheel before any test imports the worker's bridge, which reads them:
    a fresh clone has none yet, and an older checkout's may be stale."""
    build.compile_catalogs()


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built once per test session by the real build.py."""
    return build.build(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def site_url(dist: Path) -> Iterator[str]:
    """The built site served by build.py's own server on a free local port."""
    server = build.make_server(dist, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
