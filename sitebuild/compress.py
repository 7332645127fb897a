"""`.br` and `.gz` beside every file, for static hosts that serve them."""

from __future__ import annotations

import gzip
import hashlib
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import brotli

from .headers import HOST_FILES
from .paths import ROOT, write_whole

SUFFIXES = (".br", ".gz")


def precompress(dist: Path) -> None:
    """Write `.br` and `.gz` beside every file, for static hosts that serve them.

    Brotli at its best quality takes half a minute on the wasm, so results are kept in build/ by content hash, and
    what is not kept yet is compressed on every core, the largest files first.
    """
    cache = ROOT / "build" / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    files = [p for p in dist.rglob("*") if p.is_file() and p.relative_to(dist).as_posix() not in HOST_FILES]
    keys = {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in files}
    todo: dict[tuple[str, str], Path] = {}  # (content hash, suffix): a file of that content, the largest first
    for path in sorted(files, key=lambda p: -p.stat().st_size):
        for suffix in SUFFIXES:
            if not (cache / (keys[path] + suffix)).exists():
                todo.setdefault((keys[path], suffix), path)
    if todo:
        with ProcessPoolExecutor() as pool:
            made = pool.map(compress_file, todo.values(), [suffix for _, suffix in todo])
            for (key, suffix), data in zip(todo, made, strict=True):
                write_whole(cache / (key + suffix), data)
    for path in files:
        for suffix in SUFFIXES:
            shutil.copyfile(cache / (keys[path] + suffix), path.with_name(path.name + suffix))


def compress_file(path: Path, suffix: str) -> bytes:
    return compress(path.read_bytes(), suffix)


def compress(data: bytes, suffix: str) -> bytes:
    if suffix == ".gz":
        return gzip.compress(data, compresslevel=9, mtime=0)
    return brotli.compress(data, quality=11)
