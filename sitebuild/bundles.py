"""Each page's scripts as one file: esbuild (the npm devDependency pinned in package.json) bundles the modules
an entry imports, statically or with import(), into the entry itself, and the modules it took in leave dist/.

A page that asked for its 36 modules one by one waited for each through the service worker, a few ms apiece
and one after another: the engine's worker was started, and the board drawn, only once they had all come
(docs/performance.md, "One file of modules"). The worker keeps its own file: the page starts it by its address."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from .pages import SCRIPTS
from .paths import ESBUILD
from .static import ROOT_SCRIPT

ENTRIES = sorted({*SCRIPTS.values(), ROOT_SCRIPT})  # the modules a page loads by a <script>


def bundle_scripts(dist: Path) -> None:
    """Replace each page's entry module in `dist` by its bundle; remove the modules bundled into it."""
    with tempfile.TemporaryDirectory(prefix="krig-bundles-") as scratch:
        meta = Path(scratch) / "meta.json"
        subprocess.run([str(ESBUILD), *ENTRIES, "--bundle", "--format=esm", "--charset=utf8", "--log-level=warning",
                        f"--outdir={scratch}", "--outbase=.", f"--metafile={meta}"], cwd=dist, check=True)
        taken = set(json.loads(meta.read_text())["inputs"])
        for entry in ENTRIES:
            (Path(scratch) / entry).replace(dist / entry)
    for module in taken - set(ENTRIES):
        (dist / module).unlink()
    for folder in {(dist / module).parent for module in taken}:
        if not any(folder.iterdir()):
            folder.rmdir()
