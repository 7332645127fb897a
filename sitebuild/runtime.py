"""What runs the game in the browser: the Pyodide runtime from the pinned npm package, the engine's wheel with
its bytecode and lock file, the trimmed standard library, and what js/worker.js is told of them."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from krig.webapp.failures import Failure

from .languages import CODES
from .paths import NODE_MODULES, ROOT, SOURCE_DATE_EPOCH, fill_in

# Only what the page needs from the npm package (the lock file is ours, see write_lockfile).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WORKER = "js/worker.js"
RUNTIME_USERS = (WORKER, "bench/bare.js")  # the scripts that name the runtime's folder, through the placeholder
RUNTIME_PLACEHOLDER = "__PYODIDE_VERSION__"
WHEEL_SOURCES = ("pyproject.toml", "README.md", "engine", "site/webapp")


def pyodide_version() -> str:
    """The version of the Pyodide runtime that the npm package holds (package.json pins it exactly)."""
    return str(json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"])


def runtime_folder() -> str:
    """Where the Pyodide runtime goes: `pyodide/<its version>/`. A published npm version never changes, so the
    runtime's addresses change with every upgrade, and hosts may cache them for good."""
    return f"pyodide/{pyodide_version()}"


def whole_stdlib() -> str:
    """Pyodide's whole standard library: only for the import fallback (online) and the benchmark's yardstick."""
    return f"{runtime_folder()}/python_stdlib.zip"


def copy_pyodide(dist: Path) -> None:
    target = dist / runtime_folder()
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, target / name)


def name_runtime(dist: Path) -> None:
    """Write the runtime's version into the scripts that load it (a static import cannot read it at run time)."""
    for name in RUNTIME_USERS:
        fill_in(dist / name, RUNTIME_PLACEHOLDER, pyodide_version())


def build_wheel(target: Path) -> Path:
    """Build the pure `krig` wheel (engine + webapp with its catalogs) into `target`.

    setuptools builds in the source tree, so the sources are copied to a scratch folder first: builds running
    side by side (a test session beside `make start`) then never trip over each other's leftovers.
    """
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "source"
        for name in WHEEL_SOURCES:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / name, source / name)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                        "--wheel-dir", scratch, str(source)], check=True, env=env)
        (wheel,) = Path(scratch).glob("krig-*.whl")
        return Path(shutil.copy2(wheel, target / wheel.name))


def add_bytecode(wheel: Path) -> None:
    """Add bytecode compiled by Pyodide's own Python to the wheel, so that the browser imports without compiling.

    The host Python may be another version, whose bytecode Pyodide would reject; tools/compile_pyc.mjs compiles
    inside Pyodide under Node.js, with unchecked hashes, so Python uses the bytecode without looking at the source.
    The files are stored, not deflated: the host's brotli then compresses the whole wheel far better.
    """
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(wheel), scratch], check=True)
        compiled = {p.relative_to(scratch).as_posix(): p.read_bytes() for p in sorted(Path(scratch).rglob("*.pyc"))}
    with zipfile.ZipFile(wheel) as old:
        files = {info.filename: old.read(info) for info in old.infolist()}
    record_name = next(name for name in files if name.endswith(".dist-info/RECORD"))
    record = files.pop(record_name).decode()
    for name, data in compiled.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record += f"{name},sha256={digest},{len(data)}\n"
    stamp = time.gmtime(int(SOURCE_DATE_EPOCH))[:6]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as new:
        for name, data in {**files, **compiled, record_name: record.encode()}.items():
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = 0o644 << 16
            new.writestr(info, data)


def write_lockfile(dist: Path, wheel: Path) -> None:
    """A pyodide-lock.json with the runtime's own `info` and our wheel, as `pyodide lockfile add-wheels` writes it.

    The npm package's lock lists hundreds of packages whose wheels it does not ship; we start from its `info`
    alone so that nothing can ask for a file that is not there.
    """
    npm_lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    output = dist / "pyodide" / "pyodide-lock.json"
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "pyodide-lock.json"
        base.write_text(json.dumps({"info": npm_lock["info"], "packages": {}}))
        subprocess.run([str(Path(sys.executable).with_name("pyodide")), "lockfile", "add-wheels", "--input",
                        str(base), "--output", str(output), "--base-path", str(wheel.parent), str(wheel)],
                       check=True, stdout=subprocess.DEVNULL)


def write_stdlib(dist: Path, wheel: Path) -> Path:
    """The standard library the game imports, as bytecode: `pyodide/stdlib-<hash>.zip`, for `loadPyodide({stdLibURL})`.

    tools/trim_stdlib.mjs runs every flow of tools/stdlib_flows.py inside Pyodide and keeps the modules they
    imported, plus site/stdlib/_stdlib_fallback.py, which fetches the whole library if one is ever missing.
    """
    with tempfile.TemporaryDirectory() as scratch:
        trimmed = Path(scratch) / "stdlib.zip"
        languages = ",".join(CODES)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        subprocess.run(["node", str(ROOT / "tools" / "trim_stdlib.mjs"), str(wheel), str(trimmed), languages],
                       check=True, stdout=subprocess.DEVNULL, env=env)
        data = trimmed.read_bytes()
    target = dist / "pyodide" / f"stdlib-{hashlib.sha256(data).hexdigest()[:16]}.zip"
    target.write_bytes(data)
    return target


def write_worker(dist: Path, wheel: Path, stdlib: Path) -> None:
    """Tell js/worker.js what this build ships: the trimmed standard library, what a snapshot is bound to, and the
    bytes a fresh start downloads (for its progress); and the kinds of error it answers with (the bridge's)."""
    worker = dist / WORKER
    runtime = dist / runtime_folder()
    bound = hashlib.sha256()
    for path in (runtime / "pyodide.asm.wasm", runtime / "pyodide.asm.mjs", wheel, stdlib, worker):
        bound.update(hashlib.sha256(path.read_bytes()).digest())
    download = sum(path.stat().st_size for path in (runtime / "pyodide.asm.wasm", wheel, stdlib))
    facts = {"stdlib": stdlib.name, "snapshot": bound.hexdigest()[:16], "download": download,
             "errors": [str(kind) for kind in Failure]}
    fill_in(worker, '"__BUILD__"', json.dumps(facts, separators=(",", ":")))
