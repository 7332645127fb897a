"""The game log: a line per round with the wars highlighted, kept with the save as data, told in the page's
language after a reload or a language switch."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, flip, new_game, open_game, record, wait_saved

LOG = "() => [...document.querySelectorAll('#log-list li')].map((li) => [li.value, li.className, li.textContent])"


def first_war_seed(rounds: int) -> int:
    """A two-player seed with a war within its first `rounds` rounds."""
    for seed in range(1000):
        game = Game.new(2, seed=seed)
        if any(game.play_round().wars for _ in range(rounds)):
            return seed
    raise AssertionError("no war")


def test_the_log_survives_a_reload_and_a_language_switch(page: Page, guard) -> None:
    seed = first_war_seed(8)
    expected = Game.new(2, seed=seed)
    played = [expected.play_round() for _ in range(8)]
    open_game(page)
    new_game(page, 2, seed)
    flip(page, 8)
    wait_saved(page, 8)
    page.click("#log summary")
    lines = page.evaluate(LOG)
    assert [value for value, _, _ in lines] == list(range(8, 0, -1))  # newest first
    assert [cls == "war" for _, cls, _ in reversed(lines)] == [r.wars > 0 for r in played]
    last = played[-1]
    winner = "You win" if last.winner == 0 else "CPU 1 wins"
    assert lines[0][2].startswith("Round 8") and winner in lines[0][2]

    saved = record(page)["log"]  # data, not English sentences
    assert saved[-1] == {"round": 8, "winner": last.winner, "wars": last.wars, "cards": len(last.pile),
                         "out": list(last.eliminated)}
    assert len(saved) == 8

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("#log-list li")).to_have_count(8)
    assert page.evaluate(LOG) == lines

    page.goto("ru/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("#log-list li")).to_have_count(8)
    russian = page.evaluate(LOG)
    assert russian[0][2].startswith("Раунд 8")
    assert [cls for _, cls, _ in russian] == [cls for _, cls, _ in lines]

    # "Finish the game" adds one line; the log stays bounded and is saved with the game
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    expect(page.locator("#log-list li")).to_have_count(9)
    expected.finish()
    wait_saved(page, expected.round_number)
    assert record(page)["log"][-1] == {"round": expected.round_number, "finished": expected.round_number - 8}
