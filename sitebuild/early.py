"""The pages' one inline script (site/inline/early.js), which begins IndexedDB's opening and the first use of Web
Locks before the page is parsed, bundled by esbuild into the text the pages carry in their <head>, and the hash by
which the Content Security Policy lets that text run and no other inline script."""

from __future__ import annotations

import base64
import hashlib
import subprocess
from functools import cache

from .paths import ESBUILD, SITE

EARLY = SITE / "inline" / "early.js"


@cache
def early_script() -> str:
    """The script as the pages carry it: one minified line, its imports taken in."""
    bundled = subprocess.run([str(ESBUILD), str(EARLY), "--bundle", "--format=iife", "--minify", "--charset=utf8",
                              "--log-level=warning"], capture_output=True, text=True, check=True)
    return bundled.stdout.strip()


def hash_source(script: str) -> str:
    """The CSP source that allows an inline script of exactly this text."""
    return f"'sha256-{base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()}'"


def early_hash() -> str:
    """The CSP source that allows exactly `early_script()`."""
    return hash_source(early_script())
