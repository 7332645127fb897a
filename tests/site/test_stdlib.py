"""The trimmed standard library: it holds what the game imports, a snapshot of it restores, and a missing module
is fetched from the whole library once, or fails with a reason."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import build
from krig.webapp.session import HANDLERS

SMOKE = Path(__file__).with_name("stdlib_smoke.mjs")
sys.path.insert(0, str(build.ROOT / "tools"))

import stdlib_flows  # noqa: E402

needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is required")
REQUEST_TYPES = set(HANDLERS)


def smoke(dist: Path, mode: str) -> dict:
    run = subprocess.run(["node", str(SMOKE), str(dist), mode, ",".join(build.CODES)], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def trimmed(dist: Path) -> Path:
    (path,) = (dist / "pyodide").glob("stdlib-*.zip")
    return path


@pytest.mark.pyodide
@needs_node
def test_every_flow_runs_on_the_trimmed_stdlib_without_the_fallback(dist: Path) -> None:
    report = smoke(dist, "fresh")
    assert set(report["requests"]) >= REQUEST_TYPES
    assert report["fetches"] == []
    assert report["french"] == "roi de cœur"


@pytest.mark.pyodide
@needs_node
def test_a_snapshot_made_after_the_bridge_import_restores_and_runs_every_flow(dist: Path) -> None:
    report = smoke(dist, "snapshot")
    assert report["wheel"] is False  # a snapshot holds memory, not files: the engine runs from memory
    assert set(report["requests"]) >= REQUEST_TYPES
    assert report["fetches"] == []
    assert report["french"] == "roi de cœur"  # every catalog was read before the snapshot


@pytest.mark.pyodide
@needs_node
def test_a_left_out_module_is_fetched_from_the_whole_stdlib_once_or_fails_with_a_reason(dist: Path) -> None:
    report = smoke(dist, "fallback")
    assert report["probes"] == ["_winapi", "nt", "no_such_module"]
    assert report["probes_fetched"] == 0  # probing for optional modules downloads nothing
    assert report["fetches"] == 1
    assert {"csv", "xml", "encodings.cp1252"} <= set(report["used"])
    assert report["parsed"] == "KH" and report["cp1252"] == "€"
    first, second = report["failures"]
    assert "No module named 'wave'" in first and "the network is down" in first
    assert "the network is down" in second
    assert report["fetches_after"] == 2  # the failed download is not tried again


def test_the_trimmed_stdlib_is_sourceless_bytecode_with_the_fallback(dist: Path) -> None:
    with zipfile.ZipFile(trimmed(dist)) as z:
        names = z.namelist()
        left_out = set(z.read("_stdlib_fallback.names").decode().split())
        assert all(info.compress_type == zipfile.ZIP_STORED for info in z.infolist())
    with zipfile.ZipFile(dist / build.whole_stdlib()) as z:
        whole = {n[:-3] for n in z.namelist() if n.endswith(".py")}
    assert all(n.endswith(".pyc") for n in names if n != "_stdlib_fallback.names")
    assert {"json/__init__.pyc", "gettext.pyc", "_stdlib_fallback.pyc", "pyodide/__init__.pyc"} <= set(names)
    shipped = {n[:-4] for n in names if n.endswith(".pyc")}
    assert len(shipped) < len(whole) / 3
    modules = {(n[: -len("/__init__")] if n.endswith("/__init__") else n).replace("/", ".") for n in whole - shipped}
    assert left_out == modules


def test_a_request_type_no_flow_sends_fails_the_trace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(HANDLERS, "shuffle_again", lambda session, request: {})
    with pytest.raises(RuntimeError, match="shuffle_again"):
        stdlib_flows.run(["en"])
    assert stdlib_flows.request_types() >= REQUEST_TYPES | {"shuffle_again"}
