"""Lighthouse on every language's game and statistics pages, mobile and desktop, in the default build and in a
build with a site URL, served by build.py's own server as `python build.py serve` serves it.

    .venv/bin/python benchmarks/lighthouse.py                 # both builds, every page: about 48 runs
    .venv/bin/python benchmarks/lighthouse.py --langs en bn   # fewer pages
    .venv/bin/python benchmarks/lighthouse.py --write-docs    # also put the table into docs/performance.md
    .venv/bin/python benchmarks/lighthouse.py --reports DIR   # also keep every run's JSON report

Lighthouse is the npm devDependency pinned in package.json, run with Node.js; it drives Debian's Chromium
(CHROME_PATH) headless, with the flags the browser tests use. The site-URL build is given the local server's own
address, so that its canonical and hreflang links point at the pages Lighthouse loads. It prints the four category
scores of every run, its total blocking time and layout shift, the machine's 1-minute load average when the run
began and Lighthouse's own CPU benchmark index (lower is a slower CPU; Lighthouse expects about 1,000 or more on
mobile), then every failing audit with its details. Nothing is asserted: scores move with timing, and on a shared
machine most with the load.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from sitebuild.chromium import CHROMIUM, FLAGS  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
FORM_FACTORS = ("mobile", "desktop")
PAGES = {"game": "", "stats": "stats.html"}  # each language's folder, as canonical links name its pages
DOCS = ROOT / "docs" / "performance.md"
DOCS_START = "<!-- benchmarks/lighthouse.py: start -->"
DOCS_END = "<!-- benchmarks/lighthouse.py: end -->"


def lighthouse(url: str, form_factor: str = "mobile") -> dict[str, Any]:
    """One Lighthouse run on `url` (all four categories) and its JSON report (the "lhr")."""
    with tempfile.TemporaryDirectory() as profile:
        flags = ["--headless=new", *FLAGS, f"--user-data-dir={profile}"]
        command = [str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet",
                   f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={' '.join(flags)}",
                   *(["--preset=desktop"] if form_factor == "desktop" else [])]
        done = subprocess.run(command, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "CHROME_PATH": str(CHROMIUM)})
    if done.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url}:\n{done.stderr[-3000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def scores(report: dict[str, Any]) -> dict[str, int | None]:
    return {name: None if report["categories"][name]["score"] is None else round(report["categories"][name]["score"]
                                                                                   * 100) for name in CATEGORIES}


def measured(report: dict[str, Any]) -> tuple[int, float, int]:
    """Total blocking time (ms), cumulative layout shift and the CPU benchmark index of one run."""
    metrics = report["audits"]["metrics"]["details"]["items"][0]
    return (round(metrics["totalBlockingTime"]), round(metrics["cumulativeLayoutShift"], 3),
            round(report["environment"]["benchmarkIndex"]))


def failing(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The audits of the four categories that did not pass (informative and not applicable ones never fail)."""
    counted = {ref["id"] for name in CATEGORIES for ref in report["categories"][name]["auditRefs"]
               if ref["weight"] > 0}
    return [audit for name, audit in sorted(report["audits"].items())
            if name in counted and audit["scoreDisplayMode"] in ("binary", "numeric", "metricSavings")
            and audit["score"] is not None and audit["score"] < 1]


def details(audit: dict[str, Any]) -> str:
    """An audit's display value and the first few items of its details, in one line each."""
    parts = [audit.get("displayValue") or "", audit.get("explanation") or ""]
    for item in (audit.get("details") or {}).get("items", [])[:4]:
        shown = {key: value for key, value in item.items() if isinstance(value, str | int | float)}
        node = item.get("node") or item.get("source") or {}
        if isinstance(node, dict) and node.get("snippet"):
            shown["snippet"] = node["snippet"]
        parts.append(json.dumps(shown, ensure_ascii=False)[:200])
    return "; ".join(part for part in parts if part)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def serving(dist: Path, port: int) -> Iterator[str]:
    server = build.make_server(dist, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.shutdown()


def chromium_version() -> str:
    done = subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True)
    return done.stdout.strip()


def lighthouse_version() -> str:
    return str(json.loads((ROOT / "node_modules" / "lighthouse" / "package.json").read_text())["version"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--langs", nargs="+", default=[lang.code for lang in build.LANGUAGES])
    parser.add_argument("--pages", nargs="+", default=list(PAGES), choices=list(PAGES))
    parser.add_argument("--form-factors", nargs="+", default=list(FORM_FACTORS), choices=FORM_FACTORS)
    parser.add_argument("--builds", nargs="+", default=["default", "site-url"], choices=["default", "site-url"])
    parser.add_argument("--write-docs", action="store_true", help="put the table into docs/performance.md")
    parser.add_argument("--reports", type=Path, help="also save every run's JSON report into this folder")
    args = parser.parse_args()
    rows, problems = [], []
    with tempfile.TemporaryDirectory() as scratch:
        for kind in args.builds:
            port = free_port()
            site_url = f"http://127.0.0.1:{port}/" if kind == "site-url" else None
            print(f"building the {kind} build", file=sys.stderr, flush=True)
            dist = build.build(Path(scratch) / kind, site_url)
            with serving(dist, port) as base:
                for lang in args.langs:
                    for page in args.pages:
                        for form_factor in args.form_factors:
                            url = f"{base}{lang}/{PAGES[page]}"
                            load = os.getloadavg()[0]
                            report = lighthouse(url, form_factor)
                            got = scores(report)
                            timing = (*measured(report), load)
                            if args.reports:
                                args.reports.mkdir(parents=True, exist_ok=True)
                                (args.reports / f"{kind}-{lang}-{page}-{form_factor}.json").write_text(
                                    json.dumps(report))
                            rows.append((kind, lang, page, form_factor, got, timing))
                            print(kind, lang, page, form_factor, got, timing, file=sys.stderr, flush=True)
                            problems += [(kind, lang, page, form_factor, audit["id"], details(audit))
                                         for audit in failing(report)]
    lines = [f"Lighthouse {lighthouse_version()}, {chromium_version()} headless; build.py's server on localhost.", "",
             "| build | language | page | form factor | performance | accessibility | best practices | SEO "
             "| TBT ms | CLS | load | CPU index |",
             "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    lines += [f"| {kind} | {lang} | {page} | {form} | " + " | ".join(str(got[name]) for name in CATEGORIES)
              + f" | {tbt:,} | {cls} | {load:.1f} | {index:,} |"
              for kind, lang, page, form, got, (tbt, cls, index, load) in rows]
    lines += ["", "Failing audits:" if problems else "No failing audit.", ""]
    lines += [f"- {kind}, {lang} {page}, {form}: `{audit}`: {text}" for kind, lang, page, form, audit, text in problems]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write_docs:
        docs = DOCS.read_text()
        block = f"{DOCS_START}\n\n{text}\n{DOCS_END}"
        DOCS.write_text(re.sub(re.escape(DOCS_START) + ".*?" + re.escape(DOCS_END), lambda _: block, docs, flags=re.S)
                        if DOCS_START in docs else docs.rstrip("\n") + "\n\n" + block + "\n")


if __name__ == "__main__":
    main()
