"""Play in headless Chromium, timed in the page: flips back to back, at a human pace and without animation,
whole games finished, memory after play; and engine.simulate in Pyodide beside this CPython."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from playwright.sync_api import Page

from krig import Game, simulate
from sitebench.chromium import Chromium, add_long_tasks, wait_engine
from sitebench.probes import (
    ARM,
    BARE_DONE,
    BARE_PAGE,
    BLUR,
    CONTROLLED,
    GAME_PAGE,
    HUMAN_PAUSE,
    LOAD_TIMEOUT,
    MB,
    MEMORY,
    PROBE_DONE,
    RESULT_WATCH,
    ROUND,
    ROUND_WATCH,
    SET_ANIMATION,
    SET_SEED,
    SNAPSHOT_SETTLED,
    WORKER_PROBE,
)
from sitebench.results import Results


def long_seed(rounds: int) -> int:
    """The first seed whose 2-player game lasts more than `rounds` rounds (the engine in CPython decides)."""
    for seed in range(10_000):
        game = Game.new(2, seed=seed)
        game.finish()
        if game.round_number > rounds:
            return seed
    raise RuntimeError(f"no seed below 10000 lasts {rounds} rounds")


def request_cycle(page: Page, watch: str, start: str, act: Callable[[], None]) -> dict[str, float]:
    """Arm the in-page probe, act (press a key or click), and wait until the page takes the next request."""
    page.evaluate(ARM, [watch, start])
    act()
    done = page.wait_for_function(PROBE_DONE, timeout=LOAD_TIMEOUT, polling=10)  # not per frame: frames lag
    return done.json_value()


def play_flips(page: Page, results: Results, key: str, flips: int,
               pause: random.Random | None = None) -> None:
    """Press Space `flips` times, each as soon as the last answer is drawn, or after a human pause."""
    page.evaluate(BLUR)  # Space on a focused button would press the button, not flip
    for _ in range(flips):
        if pause is not None:
            time.sleep(pause.uniform(*HUMAN_PAUSE))
        probe = request_cycle(page, ROUND_WATCH, "keydown", lambda: page.keyboard.press("Space"))
        results.add(f"{key}.shown", probe["shown"] - probe["start"])
        results.add(f"{key}.idle", probe["idle"] - probe["start"])
        if probe.get("sent") is not None and probe.get("answered") is not None:
            results.add(f"{key}.part.sent", probe["sent"] - probe["start"])
            results.add(f"{key}.part.worker", probe["answered"] - probe["sent"])
            # a round drawn ahead (state.next) is on screen before the answer: it waited for nothing
            results.add(f"{key}.part.drawn", max(0.0, probe["shown"] - probe["answered"]))
            results.add(f"{key}.part.ahead", 1.0 if probe["shown"] < probe["answered"] else 0.0)


def set_animation(page: Page, value: str) -> bool:
    """Choose the page's own animation setting, as its select would; False if the page has none."""
    return page.evaluate(SET_ANIMATION, value)


def new_game(page: Page, seed: int) -> None:
    page.select_option("[data-testid=players]", "2")
    page.evaluate(SET_SEED, seed)
    request_cycle(page, ROUND_WATCH, "click", lambda: page.click("[data-testid=new-game]"))


def measure_play(chromium: Chromium, results: Results, flips: int, paced: int, seeds: range) -> None:
    """Flip latency (Space presses back to back, then at a human pace, then without animation), then
    finish of whole games, all in one page."""
    with chromium.context() as context:
        context.add_init_script(WORKER_PROBE)
        page = context.new_page()
        page.goto(GAME_PAGE)
        wait_engine(page)
        # the precache and the memory snapshot are over: nothing competes with the flips
        page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
        page.wait_for_function(SNAPSHOT_SETTLED, timeout=LOAD_TIMEOUT)
        time.sleep(1.0)
        play_from = page.evaluate("() => performance.now()")

        seed = long_seed(flips + paced + flips // 2 + 10)
        results.info["flip seed"] = str(seed)
        new_game(page, seed)
        play_flips(page, results, "flip", flips)
        play_flips(page, results, "flip.paced", paced, pause=random.Random(0))
        if set_animation(page, "none"):  # diagnostic: the same flips without the card animation
            play_flips(page, results, "flip.still", flips // 2)
            set_animation(page, "normal")
        for seed in seeds:
            finish_game(page, results, seed)
        add_long_tasks(results, "longtasks.play", page, after=play_from)
        add_memory(page, results)


def finish_game(page: Page, results: Results, seed: int) -> None:
    new_game(page, seed)
    probe = request_cycle(page, RESULT_WATCH, "click", lambda: page.click("[data-testid=finish]"))
    results.add("finish.shown", probe["shown"] - probe["start"])
    results.add("finish.rounds", page.evaluate(ROUND))


def add_memory(page: Page, results: Results) -> None:
    memory = page.evaluate(MEMORY)
    results.add("memory.app.js", memory["jsHeap"] / MB if memory["jsHeap"] else None)
    if memory["total"] is None:
        results.note("memory: measureUserAgentSpecificMemory() needs cross-origin isolation, which the "
                     "site does not have; the worker's wasm memory is estimated by the bare engine page")
    else:
        results.add("memory.app.total", memory["total"] / MB)


def measure_engine(chromium: Chromium, results: Results, games: int, repeats: int) -> None:
    """engine.simulate(2, games, seed=0) in Pyodide (the bare page with our wheel) and in this CPython,
    alternately, so that both halves of each ratio see the same machine load."""
    with chromium.context() as context:
        page = context.new_page()
        page.goto(f"{BARE_PAGE}?engine=1&games={games}&repeats=1")  # one run to warm up
        page.wait_for_function(BARE_DONE, timeout=LOAD_TIMEOUT + 60_000)
        bare = page.evaluate("() => window.__bare")
        if "error" in bare:
            raise RuntimeError(f"bare engine page: {bare['error']}")
        results.info["pyodide"] = f"Pyodide {bare.get('pyodide', '?')} (Python {bare.get('python', '?')})"
        simulate_cpython(games)  # and one here
        for _ in range(repeats):
            run = page.evaluate("(games) => window.__simulate(games)", games)
            cpython = simulate_cpython(games)
            results.add("engine.pyodide", run["rate"])
            results.add("engine.cpython", cpython)
            results.add("ratio.engine", run["rate"] / cpython)
        results.add("memory.engine.wasm", run["wasmBytes"] / MB)


def simulate_cpython(games: int) -> float:
    """Rounds per second of the same call in this process."""
    start = time.perf_counter()
    rounds = sum(simulate(2, games, seed=0).rounds)
    return rounds / (time.perf_counter() - start)
