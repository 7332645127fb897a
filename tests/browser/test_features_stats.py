"""The statistics page: the visitor's own history (every way a game can end) and the simulator's SVG charts,
with text alternatives, progress and cancel."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, new_game, open_game, wait_saved


def finished(seed: int, order: str) -> tuple[Game, int]:
    """The game of `seed` played to its end, and the fewest cards seat 0 held on the way."""
    game = Game.new(2, seed=seed, return_order=order)
    low = 26
    while not game.over:
        game.play_round()
        low = min(low, len(game.hands[0]))
    return game, low


def finish(page: Page, game: Game) -> None:
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    wait_saved(page, game.round_number)


def test_history_counts_every_ending_and_the_biggest_comeback(page: Page, guard) -> None:
    repeat = next(s for s in range(100) if finished(s, "played")[0].result == "repetition")
    win = next(s for s in range(100) if finished(s, "shuffled")[0].winner == 0)
    repeated, _ = finished(repeat, "played")
    won, low = finished(win, "shuffled")

    open_game(page)
    new_game(page, 2, repeat, order="played")
    finish(page, repeated)
    new_game(page, 2, win, order="shuffled")
    finish(page, won)

    page.goto("en/stats.html")
    expect(page.locator("[data-testid=history]")).to_be_visible()
    lengths = [repeated.round_number, won.round_number]
    figures = {"played": "2", "won": "1", "drawn": "0", "repeated": "1", "longest": f"{max(lengths):,}",
               "average": f"{round(sum(lengths) / 2):,}", "comeback": str(low)}
    for name, value in figures.items():
        expect(page.locator(f"[data-stat={name}]")).to_have_text(value)
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)  # no stray request while the worker starts


def test_simulate_draws_both_charts_with_text_alternatives_and_cancel_stops(page: Page, guard) -> None:
    page.goto("fr/stats.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.select_option("[data-testid=sim-games]", "1000")
    page.select_option("[data-testid=sim-players]", "3")
    page.click("[data-testid=sim-run]")
    summary = page.locator("[data-testid=sim-summary]")
    expect(summary).to_have_attribute("data-games", "1000", timeout=LOAD_TIMEOUT)
    assert "1\u202f000 parties simulées." in summary.text_content()  # grouped, and in the plural
    for chart, rows in (("lengths-chart", 12), ("seats-chart", 3)):
        svg = page.locator(f"#{chart} svg")
        expect(svg).to_have_attribute("role", "img")
        assert svg.get_attribute("aria-label")
        assert svg.locator("title").text_content()
        expect(svg.locator("rect.bar")).to_have_count(rows)
        expect(page.locator(f"#{chart} ul.visually-hidden li")).to_have_count(rows)
    assert "Vous" in page.locator("#seats-chart li").first.text_content()  # in the page's language

    page.select_option("[data-testid=sim-games]", "100000")
    page.click("[data-testid=sim-run]")
    page.wait_for_function("() => document.querySelector('[data-testid=sim-progress]').value > 0")
    page.click("[data-testid=sim-cancel]")
    expect(page.locator("[data-testid=sim-cancel]")).to_be_hidden(timeout=LOAD_TIMEOUT)
    games = int(summary.get_attribute("data-games"))
    assert 0 < games < 100_000
    expect(summary).to_contain_text("Simulation annulée après")  # "Simulation annulée après 3 000 parties."
