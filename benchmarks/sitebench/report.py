"""The printed report: the flips' percentiles, the table, the machine it ran on, and docs/performance.md's
generated part."""

from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
from pathlib import Path

import build
from sitebench.firefox_webkit import BROWSERS
from sitebench.results import Results, percentile
from sitebench.rows import Row, targets_rows

DOCS = build.ROOT / "docs" / "performance.md"


def summarise_flips(results: Results) -> None:
    for key in ("flip", "flip.paced", "flip.still"):
        shown, idle = results.samples.get(f"{key}.shown"), results.samples.get(f"{key}.idle")
        if shown:
            results.add(f"{key}.p50", percentile(shown, 50))
            results.add(f"{key}.p95", percentile(shown, 95))
            results.add(f"{key}.max", max(shown))
        if idle:
            results.add(f"{key}.idle.p95", percentile(idle, 95))
        if ahead := results.samples.get(f"{key}.part.ahead"):
            results.add(f"{key}.ahead", sum(ahead))
        for part in ("sent", "worker", "drawn"):
            if values := results.samples.get(f"{key}.part.{part}"):
                results.add(f"{key}.part.{part}.p50", percentile(values, 50))
                results.add(f"{key}.part.{part}.p95", percentile(values, 95))


def fmt(value: float, unit: str) -> str:
    if unit == "ms":
        return f"{value:,.0f} ms"
    if unit == "×":
        return f"{value:.2f}×"
    if unit == "MB":
        return f"{value:.2f} MB" if value else "0"
    if unit == "KB":
        return f"{value:,.1f} KB"
    if unit == "r/s":
        return f"{value / 1000:,.0f} k/s"
    return f"{value:g}"


def table(results: Results, rows: list[Row]) -> str:
    lines = ["| measure | median | min–max | target | met |", "| --- | ---: | ---: | --- | --- |"]
    for row in rows:
        values = results.samples.get(row.key)
        if not values:
            lines.append(f"| {row.label} | n/a | | {row.target} | {'n/a' if row.target else ''} |")
            continue
        median = statistics.median(values)
        spread = f"{fmt(min(values), row.unit)} – {fmt(max(values), row.unit)}" if row.spread else ""
        met = ("yes" if row.met(row.judge(values)) else "**no**") if row.met else ""
        lines.append(f"| {row.label} | {fmt(median, row.unit)} | {spread} | {row.target} | {met} |")
    return "\n".join(lines)


# The machine


def load_average() -> str:
    """The 1-minute load average: other work on the machine makes every time longer and noisier."""
    return f"{os.getloadavg()[0]:.1f}"


def machine(results: Results) -> list[str]:
    cpu = re.search(r"^model name\s*:\s*(.+)$", Path("/proc/cpuinfo").read_text(), re.M)
    mem = re.search(r"^MemTotal:\s*(\d+) kB", Path("/proc/meminfo").read_text(), re.M)
    return [
        f"- CPU: {os.cpu_count()} × {cpu.group(1).strip() if cpu else platform.processor() or 'unknown'}",
        f"- memory: {int(mem.group(1)) / 1024 / 1024:.1f} GiB" if mem else "- memory: unknown",
        f"- Chromium {results.info.get('chromium', '?')}, headless, driven by Playwright",
        *(f"- {BROWSERS[name]} {results.info[name]}, driven as tests/crossbrowser drives it"
          for name in BROWSERS if name in results.info),
        f"- CPython {platform.python_version()} (the engine's reference); in the browser "
        f"{results.info.get('pyodide', 'Pyodide ?')}",
        f"- {platform.system()}; 1-minute load average {results.info.get('load before')} before the run, "
        f"{results.info.get('load after')} after (other work on the machine slows every figure down)",
    ]


def report(results: Results, args: argparse.Namespace) -> str:
    runs = args.runs
    counts = [f"{runs} runs in Chromium"] if args.chromium else []
    if args.browsers:
        counts.append(f"{args.browser_runs} in {' and '.join(BROWSERS[name] for name in args.browsers)}")
    lines = [f"{', '.join(counts)}; median and min–max. Times from navigation start, or from the input event. "
             "A target is checked on the median, or on every run where it says so.",
             "", table(results, targets_rows(args.chromium, args.browsers)), ""]
    if "flip seed" in results.info:
        lines.append(f"Flips: {len(results.samples.get('flip.shown', []))} Space presses in a 2-player game "
                     f"dealt with seed {results.info['flip seed']}, each as soon as the last round is drawn; "
                     f"then {len(results.samples.get('flip.paced.shown', []))} at a human pace and "
                     f"{len(results.samples.get('flip.still.shown', []))} with the animation set to none. "
                     f"Finish: 2-player games with seeds 0–{runs - 1}.")
    for profile, label in (("local", "Chromium"), *BROWSERS.items()):
        for visit in ("v2", "v3"):
            if restored := results.samples.get(f"{profile}.{visit}.from_snapshot"):
                lines.append(f"{label}: visits {visit[1]} that restored the memory snapshot (data-engine-start): "
                             f"{sum(restored):.0f} of {len(restored)}.")
    lines.append("Bytes are what the server sent: the .br files, as a static host sends them to a browser that "
                 "accepts brotli. A visit's background work (the service worker's precache, the snapshot) is "
                 "waited for and counted in its \"in all\".")
    lines.append(f"Load average (1 min, {os.cpu_count()} cores): {results.info.get('load before')} before, "
                 f"{results.info.get('load after')} after.")
    lines += [f"Note: {note}" for note in results.notes]
    return "\n".join(lines)


DOCS_START = "<!-- benchmarks/site.py: start -->"
DOCS_END = "<!-- benchmarks/site.py: end -->"


def write_docs(text: str, results: Results) -> None:
    """Replace the generated part of docs/performance.md (between the markers), keeping the rest."""
    generated = "\n".join([DOCS_START, "", "### Machine", "", *machine(results), "", "### Figures", "",
                           text, "", DOCS_END])
    if DOCS.exists() and DOCS_START in (old := DOCS.read_text()) and DOCS_END in old:
        head, rest = old.split(DOCS_START, 1)
        new = head + generated + rest.split(DOCS_END, 1)[1]
    else:
        new = f"# Performance\n\nMeasured with `benchmarks/site.py --write-docs`.\n\n{generated}\n"
    DOCS.parent.mkdir(parents=True, exist_ok=True)
    DOCS.write_text(new)
