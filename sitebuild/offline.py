"""What a visitor needs offline: the precache list, and the service worker that keeps it under a cache name made
of the files' content hash."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .headers import HOST_FILES, is_versioned, versioned_addresses
from .openings import OPENINGS
from .pages import ROBOTS, SCREENSHOTS, SITEMAP
from .paths import SITE
from .runtime import whole_stdlib

# For link previews, crawlers and benchmarks, or for a first visit only: never precached.
NOT_PRECACHED = ("bench/", f"{OPENINGS}/", "preview/", f"{SCREENSHOTS}/", SITEMAP, ROBOTS)


def precache_list(dist: Path) -> list[str]:
    """Every file a visitor may need offline, relative to the site root (the whole standard library is not: the
    game runs on the trimmed one, and the import fallback fetches the whole one only online)."""
    skip = {"sw.js", whole_stdlib(), *HOST_FILES}
    return sorted(name for name in (p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
                  if not name.endswith((".br", ".gz")) and name not in skip and not name.startswith(NOT_PRECACHED))


def write_service_worker(dist: Path, stdlib: Path) -> None:
    """sw.js with the precache list, those of its files whose address changes with their content, and a cache name
    made of the files' content hash."""
    files = precache_list(dist)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((dist / name).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    source = (SITE / "sw.js").read_text()
    addresses = versioned_addresses(dist, stdlib)
    versioned = [name for name in files if is_versioned(name, addresses)]
    precache = json.dumps({"version": version, "files": files, "versioned": versioned}, separators=(",", ":"))
    (dist / "sw.js").write_text(source.replace('"__PRECACHE__"', precache))
