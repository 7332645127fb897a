"""Krig in headless Chromium beside bare Pyodide: visits 1, 2 and 3+, a slow network, flips, finish, bytes, memory.

    .venv/bin/python benchmarks/site.py                  # build dist/ if missing, 5 runs, print the table
    .venv/bin/python benchmarks/site.py --runs 9 --build  # rebuild first, 9 runs
    .venv/bin/python benchmarks/site.py --write-docs      # also put the table into docs/performance.md
    .venv/bin/python benchmarks/site.py --browsers all    # also Firefox ESR and WebKitGTK, 3 runs each

It serves dist/ on localhost with build.py's handler (which sends the .br files, as a static host does), drives
headless Chromium with Playwright and prints medians with their spread (min–max). Every time is measured inside
the page, from navigation start or from the input event's own timestamp, so Playwright's round trips never count.
The yardstick is dist/bench/bare.html, a page that only awaits loadPyodide() from the same files, measured in
the same run, back to back with the game page. The network profile (10 Mbit/s, 40 ms round trip) is Chromium's
own emulation (CDP). With --browsers, Firefox ESR and WebKitGTK (driven as tests/crossbrowser drives them) load
bare Pyodide and make visits 1, 2 and 3 too, each run in a new browser with a new profile, and the same figures
are read in the page: the User Timing marks, <html data-engine-start> and data-snapshot, and the bytes the
server sent. Nothing is asserted: this is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from sitebench.chromium import Chromium, measure_app, measure_bare, measure_first_bytes, measure_presses  # noqa: E402
from sitebench.firefox_webkit import BROWSERS, browser_bare, browser_visits  # noqa: E402
from sitebench.play import measure_engine, measure_play  # noqa: E402
from sitebench.report import DOCS, load_average, report, summarise_flips, write_docs  # noqa: E402
from sitebench.results import Results, paired_run, progress, section  # noqa: E402
from sitebench.serving import ensure_dist, serve  # noqa: E402


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="repeats (at least 5; default 5)")
    parser.add_argument("--build", action="store_true", help="rebuild the site first")
    parser.add_argument("--write-docs", action="store_true", help="write the table into docs/performance.md")
    parser.add_argument("--flips", type=int, default=200, help="Space presses for flip latency (default 200)")
    parser.add_argument("--paced", type=int, default=30, help="Space presses at a human pace (default 30)")
    parser.add_argument("--games", type=int, default=1000, help="games per simulate() call (default 1000)")
    parser.add_argument("--dist", type=Path, default=build.DIST, help="the built site (default dist/)")
    parser.add_argument("--start-up-only", action="store_true", help="skip flips, finish and the engine")
    parser.add_argument("--profiles", default="local,slow,phone", type=lambda text: text.split(","),
                        help="Chromium's start-up profiles: local, slow, phone (default all three)")
    parser.add_argument("--phone-runs", type=int, default=3, metavar="N",
                        help="runs of the phone profile, a minute each (default 3)")
    parser.add_argument("--browsers", default="", metavar="NAMES",
                        help="also measure visits 1, 2 and 3 and bare Pyodide in these browsers, comma-separated: "
                             f"{', '.join(BROWSERS)} or all (needs scripts/setup.sh --browser)")
    parser.add_argument("--browser-runs", type=int, default=3, metavar="N",
                        help="runs in each of those browsers (default 3)")
    parser.add_argument("--no-chromium", dest="chromium", action="store_false",
                        help="measure only the --browsers (not with --write-docs)")
    args = parser.parse_args(argv)
    if args.runs < 5:
        parser.error("--runs must be at least 5")
    args.browsers = list(BROWSERS) if args.browsers == "all" else [n for n in args.browsers.split(",") if n]
    if unknown := set(args.browsers) - set(BROWSERS):
        parser.error(f"--browsers: unknown {', '.join(sorted(unknown))}; choose from {', '.join(BROWSERS)}")
    if args.write_docs and not args.chromium:
        parser.error("--write-docs needs the Chromium figures: leave out --no-chromium")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    dist = ensure_dist(args.dist.resolve(), args.build)
    results = Results()
    results.info["load before"] = load_average()
    with serve(dist) as (base, log), sync_playwright() as playwright:
        chromium = Chromium(playwright, base)
        for profile in args.profiles if args.chromium else ():
            for run in range(args.runs if profile != "phone" else args.phone_runs):
                progress(f"start-up on the {profile} network, run {run + 1}")
                paired_run(results, profile, profile, partial(measure_bare, chromium, log, results, profile),
                           partial(measure_app, chromium, log, results, profile))
        if "phone" in args.profiles and args.chromium:
            for run in range(args.phone_runs):
                progress(f"phone: a first visit pressing Space twice a second, run {run + 1}")
                with section(results, "presses"):
                    measure_presses(chromium, results)
        for lang in build.LANGUAGES if args.chromium else ():
            progress(f"first visit in {lang.code}: bytes before flip-ready")
            with section(results, f"first visit bytes ({lang.code})"):
                measure_first_bytes(chromium, results, lang.code)
        for run in range(args.browser_runs if args.browsers else 0):
            for name in args.browsers:
                progress(f"{BROWSERS[name]}, run {run + 1} of {args.browser_runs}")
                paired_run(results, name, BROWSERS[name], partial(browser_bare, name, base, log, results),
                           partial(browser_visits, name, base, log, results))
        if args.chromium and not args.start_up_only:
            progress(f"{args.flips} + {args.paced} + {args.flips // 2} flips and {args.runs} finishes")
            with section(results, "play"):
                measure_play(chromium, results, args.flips, args.paced, range(args.runs))
            progress("engine.simulate in Pyodide and in CPython")
            with section(results, "engine"):
                measure_engine(chromium, results, args.games, args.runs)
        results.info["chromium"] = chromium.version
    results.info["load after"] = load_average()
    summarise_flips(results)
    text = report(results, args)
    print(text)
    if args.write_docs:
        write_docs(text, results)
        progress(f"wrote {DOCS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
