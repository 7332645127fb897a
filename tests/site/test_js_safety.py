"""Static checks of the page scripts: no HTML built from strings, and no address on another origin."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitebuild.paths import MODULES, SITE

SCRIPTS = sorted(MODULES.glob("*.js")) + [SITE / "sw.js", *sorted((SITE / "inline").glob("*.js"))]
HTML_SINKS = re.compile(r"\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write(ln)?|srcdoc)\b")
XML_NAMESPACES = {"http://www.w3.org"}  # e.g. the SVG namespace for createElementNS: a name, never fetched
ABSOLUTE_URL = re.compile(r"""(?:https?:|wss?:)?//[a-z0-9-]+(\.[a-z0-9-]+)+""", re.IGNORECASE)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_no_script_builds_html_from_text(script: Path) -> None:
    """Text from saves, imports or the URL goes into textContent; no script has a way to parse HTML."""
    found = [(n, line.strip()) for n, line in enumerate(script.read_text().splitlines(), 1)
             if HTML_SINKS.search(line)]
    assert found == []


def test_the_built_scripts_name_no_other_origin(dist: Path) -> None:
    """Every script the site ships (the pages' bundles, the vendored module in them, the engine's worker, the
    service worker) stays on its own origin."""
    shipped = [*dist.glob("js/*.js"), dist / "sw.js", dist / "root.js"]
    assert {"game.js", "stats.js", "worker.js"} <= {script.name for script in shipped}
    found = {}
    for script in shipped:
        urls = [m.group(0) for m in ABSOLUTE_URL.finditer(script.read_text())
                if m.group(0).startswith(("http", "ws", "//")) and m.group(0) not in XML_NAMESPACES]
        if urls:
            found[script.name] = urls
    assert found == {}
