"""The samples of a run by row key, what broke (a note under the table instead of the end of the benchmark),
and the ratios of a run's game page to bare Pyodide of the same run."""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Results:
    """Every sample by row key, plus facts to print under the table."""

    samples: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    notes: list[str] = field(default_factory=list)
    info: dict[str, str] = field(default_factory=dict)

    def add(self, key: str, value: float | None) -> None:
        if value is not None:
            self.samples[key].append(float(value))

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile: the smallest value with at least p % of the values at or below it."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def progress(message: str) -> None:
    print(f"… {message}", file=sys.stderr, flush=True)


@contextmanager
def section(results: Results, name: str) -> Iterator[None]:
    """Run one measurement; a failure becomes a note under the table instead of ending the benchmark."""
    try:
        yield
    except Exception as error:  # a benchmark reports what broke and goes on
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        results.note(f"{name} failed: {first_line}")
        progress(f"{name} failed: {first_line}")


def add_marks(results: Results, key: str, marks: dict[str, float | None]) -> None:
    results.add(f"{key}.board", marks["board-restored"])
    results.add(f"{key}.flip", marks["flip-ready"])
    results.add(f"{key}.engine", marks["engine-ready"])
    results.add(f"{key}.html", marks["html"])
    results.add(f"{key}.paint", marks["paint"])


def add_worker_steps(results: Results, key: str, steps: dict[str, list[float]]) -> None:
    """Where a start's time goes inside the worker: when its first step began, and each step's length."""
    if steps:
        results.add(f"{key}.step.first", min(start for start, _ in steps.values()))
    for name, (start, end) in steps.items():
        results.add(f"{key}.step.{name}", end - start)


def add_ratio(results: Results, key: str, numerator: float | None, denominator: float | None) -> None:
    if numerator is not None and denominator:
        results.add(key, numerator / denominator)


def newest(results: Results, key: str, count_before: int) -> float | None:
    """The sample `key` gained since it had `count_before` samples, if any."""
    values = results.samples.get(key, [])
    return values[-1] if len(values) > count_before else None


PAIRED = ("bare.cold", "bare.warm", "bare.cold.bytes", "v1.engine", "v2.engine", "v3.engine", "v1.all.bytes",
          "v2.all.bytes", "v1.flip", "v2.flip", "v3.flip")  # the figures of one run that its ratios pair


def paired_run(results: Results, profile: str, label: str, bare: Callable[[], None],
               app: Callable[[], None]) -> None:
    """Bare Pyodide then the game page, back to back, and this run's ratios of the one to the other."""
    before = {key: len(results.samples.get(f"{profile}.{key}", [])) for key in PAIRED}
    with section(results, f"bare Pyodide ({label})"):
        bare()
    with section(results, f"game page ({label})"):
        app()
    new = {key: newest(results, f"{profile}.{key}", before[key]) for key in PAIRED}
    add_ratio(results, f"{profile}.ratio.v1", new["v1.engine"], new["bare.cold"])
    add_ratio(results, f"{profile}.ratio.v2", new["v2.engine"], new["bare.warm"])
    add_ratio(results, f"{profile}.ratio.v3", new["v3.engine"], new["bare.warm"])
    add_ratio(results, f"{profile}.ratio.flip.v1", new["v1.flip"], new["bare.cold"])
    add_ratio(results, f"{profile}.ratio.flip.v2", new["v2.flip"], new["bare.warm"])
    add_ratio(results, f"{profile}.ratio.flip.v3", new["v3.flip"], new["bare.warm"])
    if new["v1.all.bytes"] is not None and new["v2.all.bytes"] is not None:
        both = new["v1.all.bytes"] + new["v2.all.bytes"]
        results.add(f"{profile}.v12.all.bytes", both)
        add_ratio(results, f"{profile}.ratio.v12.bytes", both, new["bare.cold.bytes"])
