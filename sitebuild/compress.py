"""`.br` and `.gz` beside every file, for static hosts that serve them."""

from __future__ import annotations

import gzip
import hashlib
import shutil
from pathlib import Path

import brotli

from .headers import HOST_FILES
from .paths import ROOT, write_whole


def precompress(dist: Path) -> None:
    """Write `.br` and `.gz` beside every file, for static hosts that serve them.

    Brotli at its best quality takes half a minute on the wasm, so results are kept in build/ by content hash.
    """
    cache = ROOT / "build" / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    for path in [p for p in dist.rglob("*") if p.is_file() and p.relative_to(dist).as_posix() not in HOST_FILES]:
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        for suffix in (".br", ".gz"):
            cached = cache / (key + suffix)
            if not cached.exists():
                write_whole(cached, compress(data, suffix))
            shutil.copyfile(cached, path.with_name(path.name + suffix))


def compress(data: bytes, suffix: str) -> bytes:
    if suffix == ".gz":
        return gzip.compress(data, compresslevel=9, mtime=0)
    return brotli.compress(data, quality=11)
