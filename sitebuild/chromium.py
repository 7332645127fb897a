"""The Chromium that the browser tests and the benchmarks drive: Debian's where it is installed (Playwright cannot
download its own browser here), with the flags that keep it quiet and off the network but for the site."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic")


def launch_options(*, optimised_wasm: bool = True) -> dict[str, Any]:
    """Playwright's options for launching it: the flags, and Debian's Chromium if it is there (else Playwright's).
    `optimised_wasm` False: WebAssembly runs on V8's baseline code only (the tests', which prove behaviour, not
    speed): V8 compiles Pyodide's hot functions again, optimised, on background threads, about 1.5–2 CPU-s of
    every page load."""
    flags = [*FLAGS, *([] if optimised_wasm else ["--js-flags=--liftoff-only"])]
    return {"args": flags, **({"executable_path": str(CHROMIUM)} if CHROMIUM.exists() else {})}
