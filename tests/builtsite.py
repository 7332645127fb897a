"""The site as the tests use it: built by the real build.py once per state of its inputs, in
build/test-site/<hash>/dist. `make test` starts it (`python tests/builtsite.py`) before its other steps, so that
it builds beside them; pytest's workers then find it built, or wait on its lock."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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


if __name__ == "__main__":
    SiteBuild(BUILDS / inputs_hash()).wait()
