"""The end of a game on the table: the board frames the game's winner alone, after "Finish the game" and after a
reload, never a seat that is out; watching it again, the table says "Replay"."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, board, flip, new_game, open_game, wait_saved

FRAMED = "() => [...document.querySelectorAll('.seat.winner')].filter((s) => !s.hidden).map((s) => s.id)"


def test_the_winner_alone_is_framed_after_finish_and_a_reload(page: Page, guard) -> None:
    open_game(page)
    for players, seed in [(2, 6), (2, 7), (2, 8), (4, 7)]:
        expected = Game.new(players, seed=seed)
        expected.finish()
        new_game(page, players, seed)
        flip(page, 3)
        page.click("[data-testid=finish]")
        expect(page.locator("[data-testid=result]")).to_be_visible()
        wait_saved(page, expected.round_number)
        for _ in ("finished", "reloaded"):
            shown = board(page)
            assert page.evaluate(FRAMED) == [f"seat-{expected.winner}"], (players, seed)
            assert shown["counts"][expected.winner] == 52 and not shown["out"][expected.winner]
            assert all(cards == [] for cards in shown["cards"])  # the round played by hand is gone
            page.reload()
            page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    # watching the game again, the table is marked as a replay, until you are back in your game
    mark = page.locator("[data-testid=replay-mark]")
    expect(mark).to_be_hidden()
    page.click("[data-testid=replay]")
    expect(mark).to_be_visible()
    page.click("[data-testid=replay-leave]")
    expect(mark).to_be_hidden()
