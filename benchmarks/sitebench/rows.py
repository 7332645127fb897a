"""The rows of the table: each figure's label, unit and target, for Chromium and for each other browser."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import build
from sitebench.firefox_webkit import BROWSERS
from sitebench.probes import (
    FRESH_STEPS,
    PROFILES,
    RESTORE_STEPS,
)


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    unit: str  # "ms", "×", "MB", "r/s" or "" (a count)
    target: str = ""
    met: Callable[[float], bool] | None = None
    spread: bool = True  # min–max of the samples (False for single figures such as a percentile)
    judge: Callable[[list[float]], float] = statistics.median  # the figure the target is checked on


def step_rows(key: str, steps: tuple[str, ...]) -> list[Row]:
    return [Row(f"{key}.step.first", "… in the worker: its first step begins", "ms"),
            *(Row(f"{key}.step.{name}", f"… {name} (duration; steps overlap)", "ms") for name in steps)]


BROWSER_ROWS = (  # key, label, unit: the rows of each browser besides Chromium
    ("bare.cold", "bare Pyodide, cold", "ms"),
    ("bare.warm", "bare Pyodide, warm (reload, HTTP cache)", "ms"),
    ("bare.cold.bytes", "bare Pyodide, cold: bytes sent", "MB"),
    ("bare.warm.bytes", "bare Pyodide, warm: bytes sent", "MB"),
    ("v1.board", "visit 1 board-restored", "ms"),
    ("v1.paint", "visit 1 first contentful paint", "ms"),
    ("v1.flip", "visit 1 flip-ready", "ms"),
    ("v2.flip", "visit 2 flip-ready", "ms"),
    ("v3.flip", "visit 3 flip-ready", "ms"),
    ("v1.engine", "visit 1 engine-ready", "ms"),
    ("ratio.v1", "visit 1 engine-ready / bare cold", "×"),
    ("v2.board", "visit 2 board-restored", "ms"),
    ("v2.engine", "visit 2 engine-ready", "ms"),
    ("ratio.v2", "visit 2 engine-ready / bare warm", "×"),
    ("v3.engine", "visit 3 engine-ready", "ms"),
    ("ratio.v3", "visit 3 engine-ready / bare warm", "×"),
    ("v1.all.bytes", "visit 1 in all, background work included", "MB"),
    ("v2.all.bytes", "visit 2 in all", "MB"),
    ("v12.all.bytes", "visits 1 + 2, everything sent", "MB"),
    ("ratio.v12.bytes", "visits 1 + 2 bytes / bare Pyodide's cold load", "×"),
    ("v3.all.bytes", "visit 3: bytes from the network", "MB"),
)


def browser_rows(name: str) -> list[Row]:
    rows = []
    for key, label, unit in BROWSER_ROWS:
        target = (("< 1,500 ms", lambda v: v < 1500) if key == "v2.engine" else
                  ("< 300 ms", lambda v: v < 300) if key == "v2.flip" else ("", None))
        rows.append(Row(f"{name}.{key}", f"{BROWSERS[name]}: {label}", unit, *target))
        if key == "ratio.v2":
            rows += step_rows(f"{name}.v2", RESTORE_STEPS)
    return rows


def targets_rows(chromium: bool, browsers: list[str]) -> list[Row]:
    rows = [*(chromium_rows() if chromium else []), *(row for name in browsers for row in browser_rows(name))]
    kept: dict[str, Row] = {}
    for row in rows:
        kept.setdefault(row.key, row)  # a figure that two groups show: its first row
    return list(kept.values())


def chromium_rows() -> list[Row]:
    return [
        Row("local.bare.cold", "bare Pyodide, cold: loadPyodide() resolved", "ms"),
        Row("local.bare.warm", "bare Pyodide, warm (reload, HTTP cache)", "ms"),
        Row("local.bare.cold.bytes", "bare Pyodide, cold: bytes sent", "MB"),
        Row("local.v1.board", "visit 1 (nothing cached): board-restored", "ms", "≤ 150 ms", lambda v: v <= 150),
        Row("local.v1.html", "… the HTML received (navigation responseEnd)", "ms"),
        Row("local.v1.paint", "… first contentful paint", "ms"),
        Row("local.v1.engine", "visit 1: engine-ready", "ms"),
        Row("local.ratio.v1", "visit 1 engine-ready / bare cold", "×", "≤ 0.6×", lambda v: v <= 0.6),
        Row("local.v1.ready.bytes", "visit 1 until engine-ready: bytes sent", "MB", "≤ 4.5 MB", lambda v: v <= 4.5),
        Row("local.v1.ready.files", "… responses", ""),
        Row("local.v1.all.bytes", "visit 1 in all, background work included", "MB"),
        Row("local.v1.precache.bytes", "… of which the service worker's precache", "MB"),
        *step_rows("local.v1", FRESH_STEPS),
        Row("local.v2.board", "visit 2 (service worker, snapshot made by visit 1): board-restored", "ms"),
        Row("local.v2.engine", "visit 2: engine-ready", "ms"),
        Row("local.ratio.v2", "visit 2 engine-ready / bare warm", "×", "≤ 0.35×", lambda v: v <= 0.35),
        Row("local.v2.all.bytes", "visit 2 in all, background work included", "MB"),
        Row("local.v12.all.bytes", "visits 1 + 2, everything sent", "MB"),
        Row("local.ratio.v12.bytes", "visits 1 + 2 bytes / bare Pyodide's cold load", "×", "< 1×",
            lambda v: v < 1),
        *step_rows("local.v2", RESTORE_STEPS),
        Row("local.v3.board", "visit 3: board-restored", "ms", "≤ 150 ms", lambda v: v <= 150),
        Row("local.v3.html", "… the HTML received (navigation responseEnd)", "ms"),
        Row("local.v3.paint", "… first contentful paint", "ms"),
        Row("local.v3.engine", "visit 3: engine-ready", "ms"),
        Row("local.ratio.v3", "visit 3 engine-ready / bare warm", "×", "≤ 0.35×", lambda v: v <= 0.35),
        Row("local.v3.all.bytes", "visit 3: bytes from the network", "MB", "0 (every run)", lambda v: v == 0,
            judge=max),
        Row("local.v3.from_sw", "visit 3: responses from the service worker", ""),
        Row("slow.bare.cold", "10 Mbit/s, 40 ms: bare Pyodide, cold", "ms"),
        Row("slow.bare.cold.bytes", "10 Mbit/s, 40 ms: bare Pyodide, cold: bytes sent", "MB"),
        Row("slow.v1.engine", "10 Mbit/s, 40 ms: visit 1 engine-ready", "ms"),
        Row("slow.ratio.v1", "10 Mbit/s, 40 ms: visit 1 engine-ready / bare cold", "×", "≤ 0.65×",
            lambda v: v <= 0.65),
        Row("slow.v1.ready.bytes", "10 Mbit/s, 40 ms: visit 1 until engine-ready: bytes sent", "MB"),
        *step_rows("slow.v1", FRESH_STEPS[:5]),
        *flip_ready_rows(),
        Row("phone.presses.engine", "phone: first visit, first paint → engine-ready", "ms"),
        Row("phone.presses", "phone: Space twice a second from first paint: presses before engine-ready", ""),
        Row("phone.presses.drawn", "… rounds drawn at once, before engine-ready", ""),
        Row("flip.p50", "flip: Space → new cards drawn, p50", "ms", spread=False),
        Row("flip.p95", "flip: Space → new cards drawn, p95", "ms", "≤ 16 ms", lambda v: v <= 16,
            spread=False),
        Row("flip.max", "flip: Space → new cards drawn, max", "ms", spread=False),
        Row("flip.idle.p95", "flip: Space → controls free for the next flip, p95", "ms", spread=False),
        *(Row(f"flip.part.{part}.{p}", f"… {label}, {p}", "ms", spread=False)
          for part, label in (("sent", "Space → request posted to the worker"),
                              ("worker", "request posted → answer received (the worker's share)"),
                              ("drawn", "answer received → round drawn (0 if drawn ahead)"))
          for p in ("p50", "p95")),
        Row("flip.ahead", "… flips drawn ahead, before the answer (of the presses)", "", spread=False),
        Row("flip.paced.p50", "flip at a human pace (0.3–1.2 s apart), p50", "ms", spread=False),
        Row("flip.paced.p95", "flip at a human pace, p95", "ms", spread=False),
        Row("flip.paced.max", "flip at a human pace, max", "ms", spread=False),
        Row("flip.still.p50", "diagnostic, animation off: flip p50", "ms", spread=False),
        Row("flip.still.p95", "diagnostic, animation off: flip p95", "ms", spread=False),
        Row("finish.shown", "finish: click → result shown", "ms", "≤ 300 ms", lambda v: v <= 300),
        Row("finish.rounds", "finish: rounds per game", ""),
        Row("engine.pyodide", "engine.simulate in Pyodide", "r/s"),
        Row("engine.cpython", "engine.simulate in CPython", "r/s"),
        Row("ratio.engine", "Pyodide / CPython rounds per second", "×", "≥ 0.5×", lambda v: v >= 0.5),
        Row("longtasks.load.count", "long tasks > 50 ms during load (per visit)", "", "0 (every visit)",
            lambda v: v == 0, judge=max),
        Row("longtasks.load.longest", "longest task during load", "ms"),
        Row("longtasks.play.count", "long tasks > 50 ms during play", "", "0", lambda v: v == 0, judge=max),
        Row("longtasks.play.longest", "longest task during play", "ms"),
        Row("memory.app.js", "memory: game page JS heap after play", "MB"),
        Row("memory.bare.js", "memory: bare page JS heap after loadPyodide", "MB"),
        Row("memory.bare.wasm", "memory: bare Pyodide wasm memory", "MB"),
        Row("memory.engine.wasm", "memory: wasm memory with the engine, after simulate", "MB"),
    ]


def at_most(limit: float, value: float) -> bool:
    return value <= limit


def flip_ready_rows() -> list[Row]:
    """flip-ready (Flip first takes a press), beside bare Pyodide of the same runs, in each profile and visit."""
    rows = []
    for profile, label in PROFILES.items():
        rows += [Row(f"{profile}.bare.cold", f"{label}: bare Pyodide, cold", "ms"),
                 Row(f"{profile}.bare.warm", f"{label}: bare Pyodide, warm", "ms")]
        for visit in (1, 2, 3):
            limit = 0.13 if visit == 1 else 0.12  # the first flip's targets (docs/performance.md)
            rows += [Row(f"{profile}.v{visit}.flip", f"{label}: visit {visit} flip-ready", "ms"),
                     Row(f"{profile}.v{visit}.engine", f"{label}: visit {visit} engine-ready", "ms"),
                     Row(f"{profile}.ratio.flip.v{visit}",
                         f"{label}: visit {visit} flip-ready / bare {'cold' if visit == 1 else 'warm'}", "×",
                         f"≤ {limit}×", partial(at_most, limit))]
    rows.append(Row("local.v1.flip.page.bytes", "visit 1: the page's bytes before flip-ready (en)", "KB"))
    rows += [Row(f"first.{lang.code}.bytes", f"visit 1 in {lang.code}: bytes before flip-ready", "KB",
                 "≤ 200 KB", lambda v: v <= 200, judge=max) for lang in build.LANGUAGES]
    return rows
