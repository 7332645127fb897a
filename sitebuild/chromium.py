"""The Chromium that the browser tests and the benchmarks drive: Debian's where it is installed (Playwright cannot
download its own browser here), with the flags that keep it quiet and off the network but for the site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic")


def launch_options() -> dict[str, Any]:
    """Playwright's options for launching it: the flags, and Debian's Chromium if it is there (else Playwright's)."""
    return {"args": list(FLAGS), **({"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {})}
