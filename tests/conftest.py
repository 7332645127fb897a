"""Shared fixtures: one real build of the site, made once per state of its inputs and served on localhost."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

# Hypothesis's per-example deadline is a timing assertion, and the machines that run the tests are shared and
# noisy: a slow example is not a failure.
settings.register_profile("krig", deadline=None)
settings.load_profile("krig")

# What the built site is made from: a change to any of these files is a new build.
BUILD_INPUTS = ("build.py", "sitebuild", "engine", "site", "tools", "package-lock.json", "pyproject.toml", "README.md",
                "babel.cfg")
BUILDS = ROOT / "build" / "test-site"  # one folder per state of the inputs; only the latest is kept

# What the child process that builds the site runs. Under pytest-xdist every worker starts one, on the same folder:
# the first to take the lock builds, the others wait for it and find the site built, and so does the next session
# while the inputs are unchanged.
BUILD_ONCE = """
import fcntl, shutil, sys
from pathlib import Path
import build
folder = Path(sys.argv[1])
folder.mkdir(parents=True, exist_ok=True)
with (folder / "build.lock").open("w") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    if not (folder / "built").exists():
        build.build(folder / "dist")
        (folder / "built").touch()
        for older in folder.parent.iterdir():
            if older != folder:
                shutil.rmtree(older, ignore_errors=True)
"""


def inputs_hash() -> str:
    """A hash of every file the build reads from this checkout (tracked, or new and not ignored), and of the
    installed Pyodide package, whose files it copies."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--",
                             *BUILD_INPUTS],
                            cwd=ROOT, capture_output=True, check=True).stdout
    digest = hashlib.sha256()
    for name in sorted(set(listed.split(b"\0")) - {b""}):
        path = ROOT / name.decode()
        if path.is_file():
            digest.update(name + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    pyodide = ROOT / "node_modules" / "pyodide" / "package.json"
    digest.update(pyodide.read_bytes() if pyodide.exists() else b"")
    return digest.hexdigest()[:16]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run first what does not need the built site, while it builds beside them, then the cross-browser modules,
    the longest, so that no worker is left with one at the end."""
    def needs(item: pytest.Item) -> tuple[bool, bool]:
        return "dist" in getattr(item, "fixturenames", ()), "crossbrowser" not in item.path.parts
    items.sort(key=needs)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the catalogs that ship in the wheel before any test imports the worker's bridge, which reads them:
    a fresh clone has none yet, and an older checkout's may be stale. Under pytest-xdist only the controller does
    it, before it starts the workers."""
    if not hasattr(session.config, "workerinput"):
        build.compile_catalogs()


class SiteBuild:
    """The whole site, built by the real build.py in a child process, so that it runs beside the tests that do not
    need it (and has module state of its own, which no test's monkeypatch reaches)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.log = (folder / f"build-{os.getpid()}.log").open("w+")
        self.child = subprocess.Popen([sys.executable, "-c", BUILD_ONCE, str(folder)], cwd=ROOT,
                                      stdout=self.log, stderr=subprocess.STDOUT)

    def wait(self) -> Path:
        if self.child.wait() != 0:
            self.log.seek(0)
            raise RuntimeError(f"build.py failed:\n{self.log.read()[-5000:]}")
        return self.folder / "dist"


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
    """build.py's handler, which also answers the addresses of `served_extra` with their bytes."""

    extra: dict[str, bytes] = {}

    def do_GET(self) -> None:
        body = self.extra.get(self.path.split("?", 1)[0])
        if body is None:
            super().do_GET()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


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
