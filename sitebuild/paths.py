"""Where the build reads from and writes to, and how it writes a file that others may read meanwhile."""

from __future__ import annotations

import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
MODULES = SITE / "static" / "js"  # the pages' modules as written, which the build bundles (bundles.py)
LOCALES = SITE / "locales"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"  # the npm devDependency that bundles the pages' scripts
# Fixed zip timestamps, so that an unchanged engine gives a byte-identical wheel and the same cache name.
SOURCE_DATE_EPOCH = "1767225600"


def write_whole(path: Path, data: bytes) -> None:
    """Write `path` at once (atomically): a reader beside this build, such as a test or `make start`, never sees
    half a file."""
    partial_file = path.with_name(f"{path.name}.{os.getpid()}")
    partial_file.write_bytes(data)
    partial_file.replace(path)


def compact(data: object) -> str:
    """JSON as the page gets it: no spaces, and every letter as itself."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def fill_in(path: Path, placeholder: str, value: str) -> None:
    """Write `value` where the built file `path` holds `placeholder`, a fact only the build knows."""
    source = path.read_text()
    if placeholder not in source:
        raise SystemExit(f"{path.name} has no {placeholder} for the build to fill in")
    path.write_text(source.replace(placeholder, value))
