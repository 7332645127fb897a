"""The statistics page: the visitor's own finished games, and the in-browser simulator."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, new_game, open_game


def test_history_counts_finished_games_and_the_simulator_runs(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 4, 7)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound !== '0'")

    page.goto("en/stats.html")
    history = page.locator("[data-testid=history]")
    expect(history).to_be_visible()
    expect(page.locator("[data-testid=history-empty]")).to_be_hidden()
    expect(page.locator("[data-stat=played]")).to_have_text("1")

    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.select_option("[data-testid=sim-games]", "1000")
    page.select_option("[data-testid=sim-players]", "3")
    page.click("[data-testid=sim-run]")
    expect(page.locator("[data-testid=sim-summary]")).to_contain_text("1,000 games simulated.", timeout=LOAD_TIMEOUT)
    expect(page.locator("#seats-chart rect.bar")).to_have_count(3)
    expect(page.locator("#lengths-chart rect.bar")).not_to_have_count(0)
