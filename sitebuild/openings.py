"""The first visit's pool of openings (krig.webapp.openings), one file per language each, with their win chances
kept between builds."""

from __future__ import annotations

import hashlib
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .languages import LANGUAGES
from .paths import ROOT, SITE, compact, fill_in, write_whole

OPENINGS = "openings"  # the first visit's pool (krig.webapp.openings), never precached: only a first visit uses it
OPENINGS_COUNT = 32
OPENINGS_SCRIPT = "js/openings.js"  # told the pool's size through the placeholder
OPENINGS_CACHE = ROOT / "build" / "openings"  # the openings' win chances, kept per state of the code they follow from


def write_openings(dist: Path, count: int = OPENINGS_COUNT) -> None:
    """The first visit's pool: `count` openings, each one file per language, as the bridge answers them in
    CPython (krig.webapp.openings), and the pool's size told to its script."""
    # imported here, not at the top: the bridge reads the compiled catalogs, which a fresh clone has only once
    # compile_catalogs() has run
    from krig.webapp import openings

    folder = dist / OPENINGS
    folder.mkdir()
    chosen = openings.seeds(count)
    for number, (seed, made) in enumerate(zip(chosen, estimated(chosen), strict=True)):
        for lang in LANGUAGES:
            record = openings.with_chances(openings.opening(seed, lang.code, chances=False), made)
            (folder / f"{number}.{lang.code}.json").write_text(compact(record))
    fill_in(dist / OPENINGS_SCRIPT, '"__OPENINGS__"', str(count))


def estimated(chosen: list[int]) -> list[dict[str, Any]]:
    """Each opening with its win chances, in the source language (the chances are the same in all). They are most
    of the time the whole build takes (an estimate of 500 rollouts of the deal and of each of its rounds ahead),
    and they follow from the engine's and the bridge's code alone, so they are worked out once per state of that
    code (one opening per core) and kept in build/openings/ for the next build."""
    from krig.webapp import openings

    digest = hashlib.sha256(repr(chosen).encode())
    for source in sorted([*(ROOT / "engine").rglob("*.py"), *(SITE / "webapp").rglob("*.py")]):
        digest.update(source.relative_to(ROOT).as_posix().encode() + b"\0" + source.read_bytes())
    kept = OPENINGS_CACHE / f"{digest.hexdigest()[:16]}.json"
    if kept.exists():
        return list(json.loads(kept.read_text()))
    with ProcessPoolExecutor() as pool:
        made = list(pool.map(openings.opening, chosen, [LANGUAGES[0].code] * len(chosen)))
    OPENINGS_CACHE.mkdir(parents=True, exist_ok=True)
    for older in OPENINGS_CACHE.glob("*.json"):
        older.unlink()
    write_whole(kept, json.dumps(made).encode())
    return made

