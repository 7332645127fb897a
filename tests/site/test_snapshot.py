"""The memory snapshot made at build time restores a Python with the engine and every catalog in memory."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SMOKE = Path(__file__).with_name("snapshot_smoke.mjs")


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is required")
def test_snapshot_restores_engine_and_catalogs_without_their_files(dist: Path) -> None:
    run = subprocess.run(["node", str(SMOKE), str(dist)], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report == {"over": True, "french": "roi de cœur", "swahili": "Kompyuta 2"}


def test_snapshot_is_not_precached(dist: Path) -> None:
    assert (dist / "snapshot" / "krig.snapshot").stat().st_size > 10_000_000
    assert "snapshot/krig.snapshot" not in (dist / "sw.js").read_text()
