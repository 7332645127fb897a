"""The page's pure functions (strings.js and friends) pass their unit tests under Node's own test runner."""

from __future__ import annotations

import subprocess

import build


def test_page_scripts_pass_their_node_tests() -> None:
    result = subprocess.run(["node", "--test", str(build.ROOT / "tests" / "js")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
