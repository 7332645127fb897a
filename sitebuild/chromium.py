"""The Chromium that the browser tests and the benchmarks drive: Debian's where it is installed (Playwright cannot
download its own browser here), with the flags that keep it quiet and off the network but for the site.

The tests drive its headless shell, as Playwright does by default for headless runs: the same Blink and V8 without
the browser's own window and UI, a third less CPU for the same tests. The benchmarks drive the browser a visitor
runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
HEADLESS_SHELL = Path("/usr/bin/chromium-headless-shell")
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--disable-quic")


def launch_options(*, optimised_wasm: bool = True, shell: bool = False) -> dict[str, Any]:
    """Playwright's options for launching it: the flags, and Debian's Chromium if it is there (else Playwright's).
    `optimised_wasm` False: WebAssembly runs on V8's baseline code only (the tests', which prove behaviour, not
    speed): V8 compiles Pyodide's hot functions again, optimised, on background threads, about 1.5–2 CPU-s of
    every page load. `shell`: Debian's headless shell if it is there (the tests')."""
    flags = [*FLAGS, *([] if optimised_wasm else ["--js-flags=--liftoff-only"])]
    chosen = next((path for path in ((HEADLESS_SHELL, CHROMIUM) if shell else (CHROMIUM,)) if path.exists()), None)
    return {"args": flags, **({"executable_path": str(chosen)} if chosen else {})}
