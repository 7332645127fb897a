"""The statistics page when its engine fails in the middle of a simulation: the worker script is served (the first
time) with a fault that throws on its second batch, as a broken engine would. The page says the simulation
stopped, keeps the history on screen, and a new simulation runs in a new worker."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, text, write
from serving import BLANK

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "history"

# Put before the worker's own code: the second batch of a simulation never reaches the bridge, and the worker dies
# of an uncaught error, as it would if Python broke under it.
BREAK = """let simulations = 0;
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "simulate" && ++simulations === 2) {
    event.stopImmediatePropagation();
    throw new Error("test: the engine broke mid-simulation");
  }
});
"""


def test_an_engine_that_fails_mid_simulation_is_said_and_the_page_still_simulates(page: Page, guard) -> None:
    served: list[str] = []

    def worker(route: Route) -> None:  # only the first worker breaks: the new one plays as the engine does
        response = route.fetch()
        route.fulfill(response=response, body=("" if served else BREAK) + response.text())
        served.append(route.request.url)

    page.context.route("**/js/worker.js", worker)
    page.goto(BLANK)  # the site's origin, before any page of it (and its service worker) is loaded
    write(page, "history", json.loads((FIXTURES / "v1.json").read_text()))
    page.goto("en/stats.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    history = page.locator("[data-testid=history]")
    expect(history).to_be_visible()
    shown = text(history)

    page.select_option("[data-testid=sim-games]", "10000")
    page.click("[data-testid=sim-run]")
    summary = page.locator("[data-testid=sim-summary]")
    expect(summary).to_have_text("The simulation stopped because the game engine failed. Try reloading the page.",
                                 timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=sim-cancel]")).to_be_hidden()
    assert text(history) == shown

    run = page.locator("[data-testid=sim-run]")
    expect(run).to_be_enabled(timeout=LOAD_TIMEOUT)  # a new worker
    page.select_option("[data-testid=sim-games]", "1000")
    run.click()
    expect(summary).to_contain_text("1,000 games simulated.", timeout=LOAD_TIMEOUT)
    assert len(served) >= 2  # the first worker and the new one (the service worker may also precache it)
    expect(history).to_be_visible()
    assert text(history) == shown
