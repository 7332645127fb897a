"""Games per second of the statistics page's simulator in headless Chromium, beside the same games in CPython.

    .venv/bin/python benchmarks/simulator.py                 # build dist/ if missing, 3 runs, 10,000 games
    .venv/bin/python benchmarks/simulator.py --runs 5 --games 20000 --build
    .venv/bin/python benchmarks/simulator.py --dist build/test-site/<hash>/dist   # a site built already

For 2, 3 and 4 players (one card face down in each war, the shuffled order), each run plays the page's own
simulation: en/stats.html served from dist/ by build.py's server, its Simulate button pressed, and the time the
page measured for the whole run (its summary's data-ms: every batch asked of the worker, played by Pyodide and
counted by the page). Right after it, this CPython plays the same number of games with krig.simulate, in
batches of 1,000, so that both see the same load. Prints medians with their spread (min–max) and the ratio of
each run's pair. Nothing is asserted: this is a benchmark, not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from krig import simulate  # noqa: E402
from sitebuild.chromium import launch_options  # noqa: E402

PAGE = "en/stats.html"
LOAD_TIMEOUT = 90_000  # ms
RUN_TIMEOUT = 600_000  # ms: a run of many four-player games on a loaded machine
PLAYERS = (2, 3, 4)
BATCH = 1000  # games per CPython call: the order of the page's batches (a fifth of a second each)


def browser_run(page: Page, players: int, games: int) -> float:
    """One run of the page's simulator: games per second, as the page timed it."""
    page.goto(PAGE)
    page.wait_for_function("() => document.documentElement.dataset.engine === 'ready'", timeout=LOAD_TIMEOUT)
    page.evaluate("(games) => { const option = document.createElement('option'); option.value = String(games);"
                  " document.getElementById('sim-games').append(option); }", games)  # any count, not only the menu's
    page.select_option("[data-testid=sim-games]", str(games))
    page.select_option("[data-testid=sim-players]", str(players))
    page.select_option("[data-testid=sim-face-down]", "1")
    page.click("[data-testid=sim-run]")
    page.wait_for_function("(games) => document.getElementById('sim-summary').dataset.games === String(games)",
                           arg=games, timeout=RUN_TIMEOUT)
    ms = float(page.evaluate("() => document.getElementById('sim-summary').dataset.ms"))
    return games / (ms / 1000)


def cpython_run(players: int, games: int) -> float:
    """The same number of games in this process, batch by batch as the page asks: games per second."""
    seed = 12345
    started = time.perf_counter()
    for first in range(0, games, BATCH):
        simulate(players, min(BATCH, games - first), seed=seed, first=first)
    return games / (time.perf_counter() - started)


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="runs per number of players (default 3)")
    parser.add_argument("--games", type=int, default=10_000, help="games per run (default 10,000)")
    parser.add_argument("--build", action="store_true", help="rebuild the site first")
    parser.add_argument("--dist", type=Path, default=build.DIST, help="the built site (default dist/)")
    args = parser.parse_args(argv)
    dist = args.dist
    if args.build or not (dist / PAGE).exists():
        print(f"building {dist.name}/ (a minute or two)", file=sys.stderr, flush=True)
        build.build(dist)
    server = build.make_server(dist, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"{args.games:,} games a run, {args.runs} runs each; 1-minute load average at the start "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| players | Chromium (Pyodide), games/s | CPython, games/s | Chromium / CPython |")
    print("| --- | --- | --- | --- |")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            context = browser.new_context(base_url=base, service_workers="block")
            page = context.new_page()
            for players in PLAYERS:
                in_browser, in_cpython = [], []
                for _ in range(args.runs):
                    in_browser.append(browser_run(page, players, args.games))
                    in_cpython.append(cpython_run(players, args.games))
                ratios = [b / c for b, c in zip(in_browser, in_cpython, strict=True)]
                print(f"| {players} | {spread(in_browser)} | {spread(in_cpython)} | "
                      f"{statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f}×) |", flush=True)
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
