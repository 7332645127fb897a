"""The engine really runs in Pyodide: Node.js loads the built dist/, installs our wheel from the lock file, plays."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SMOKE = Path(__file__).with_name("pyodide_smoke.mjs")


@pytest.mark.pyodide
@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is required")
def test_engine_plays_inside_pyodide_from_the_built_wheel(dist: Path) -> None:
    run = subprocess.run(["node", str(SMOKE), str(dist)], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["python"].startswith("3.14")
    assert report["first_round_cards"] >= 4  # four players each put down at least one card
    assert report["over"] is True
    assert report["result"] in {"win", "draw", "repetition"}
    assert report["games"] == 20
    assert report["russian"] == "дама бубен"  # the compiled catalogs travel inside the wheel
    assert report["bengali_digits"] == "৫২"
