"""Watching a finished game again: every round the replay shows is the engine's game at that round, with the log
the game showed when it was played flip by flip; steps, jumps, play and pause work by mouse and by keyboard; the
saves stay byte for byte as they were, and "Back to my game" brings the game back exactly as it was. The
statistics page lists the latest games and opens their replay, and it all works offline.

Over 300 lines: six tests, each a whole walk through a replay, over the one game they share."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from krig.webapp import facts, gamelog, history, records
from krig.webapp.narrate import Narrator

from gamepage import (
    CONTROLLED,
    ENGINE_READY,
    LOAD_TIMEOUT,
    READ_RECORD,
    Game,
    attribute,
    board,
    expected_cards,
    flip,
    new_game,
    open_game,
    record,
    short_seed,
    text,
    wait_saved,
    wait_still,
    write,
)

LOG = "() => [...document.querySelectorAll('#log-list li')].map((li) => [li.value, li.className, li.textContent])"
SPOKEN = "() => document.querySelector('[data-testid=status] .full').textContent"
STRINGS = "() => JSON.parse(document.getElementById('krig-strings').textContent)"
# Count what the live region says while a replay plays: each change of its text is one announcement.
COUNT_SPOKEN = """() => {
  window.__spoken = 0;
  new MutationObserver(() => { window.__spoken += 1; }).observe(
    document.querySelector('[data-testid=status] .full'), {childList: true, characterData: true, subtree: true});
}"""


def view(page: Page) -> dict[str, Any]:
    """What the game on screen shows: its board, status line, log, result and game."""
    shown = board(page)
    del shown["status"]  # both lines of the status; the live one is checked where it matters
    return {**shown, "short": page.locator("[data-testid=status] .short").text_content(), "log": page.evaluate(LOG),
            "result": page.locator("[data-testid=result]").text_content(),
            "game": page.locator("#board").get_attribute("data-game-id")}


def saves(page: Page) -> str:
    """Everything stored in IndexedDB, as JSON text: the record, the history and the preferences."""
    return json.dumps([page.evaluate(READ_RECORD, key) for key in ("current", "history", "preferences")])


def at(page: Page, number: int) -> None:
    """Wait until the replay shows round `number`."""
    page.wait_for_function("(n) => { const bar = document.getElementById('replay');"
                           " return !bar.hidden && bar.dataset.round === String(n); }", arg=number)


def rounds_of(game: Game) -> list[Any]:
    """Every round of `game`, played from where it is to its end, with the hands after each: [(round, counts)]."""
    played = []
    while not game.over:
        played.append((game.play_round(), [len(hand) for hand in game.hands]))
    return played


def assert_shows(page: Page, number: int, deal: Game, played: list[Any]) -> None:
    """The board on screen is the engine's game at round `number`: the same cards, counts and pile."""
    shown = board(page)
    assert shown["round"] == f"{number:,}"
    if number == 0:
        assert shown["counts"] == [len(hand) for hand in deal.hands]
        assert shown["cards"] == [[] for _ in deal.hands]
        return
    done, counts = played[number - 1]
    assert shown["counts"] == counts
    assert shown["cards"] == [expected_cards(done.to_dict(), seat) for seat in range(len(counts))]
    assert shown["pile"] == len(done.pile)


def test_a_replay_shows_the_engines_rounds_and_the_games_log_and_touches_no_save(page: Page, guard) -> None:
    seed = short_seed(3, 40)  # a game of 36 rounds
    played = rounds_of(Game.new(3, seed=seed))
    last = len(played)
    open_game(page)
    page.locator("[data-testid=speed]").fill("5")
    new_game(page, 3, seed)
    page.click("#log summary")
    logs, spoken = [page.evaluate(LOG)], [""]  # what the game showed at each round, played flip by flip
    for _ in range(last):
        flip(page)
        wait_still(page)  # the live region says the round once its motion is over
        logs.append(page.evaluate(LOG))
        spoken.append(page.evaluate(SPOKEN))
    expect(page.locator("[data-testid=result]")).to_be_visible()
    wait_saved(page, last)
    stored = saves(page)
    wait_still(page)
    before = view(page)

    page.click("[data-testid=replay]")
    at(page, 0)
    assert_shows(page, 0, Game.new(3, seed=seed), played)
    assert page.evaluate(LOG) == []
    assert page.evaluate(SPOKEN) == f"Replay, round 0 of {last}: the cards are dealt."
    expect(page.locator("[data-testid=replay-position]")).to_have_text(f"round 0 of {last}")
    expect(page.locator("[data-testid=replay-back]")).to_be_disabled()
    expect(page.locator("[data-testid=flip]")).to_be_disabled()  # the game waits beneath the replay
    for number in range(1, 9):  # step by step, as the game was played
        page.click("[data-testid=replay-forward]")
        at(page, number)
        assert_shows(page, number, Game.new(3, seed=seed), played)
        assert page.evaluate(LOG) == logs[number]
        assert page.evaluate(SPOKEN) == f"Replay, round {number} of {last}: {spoken[number]}"
    page.click("[data-testid=replay-back]")
    at(page, 7)
    assert_shows(page, 7, Game.new(3, seed=seed), played)
    assert page.evaluate(LOG) == logs[7]
    assert saves(page) == stored

    page.fill("[data-testid=replay-to]", str(last - 20))  # a jump by the number field
    page.click("[data-testid=replay-go]")
    at(page, last - 20)
    assert_shows(page, last - 20, Game.new(3, seed=seed), played)
    assert page.evaluate(LOG) == logs[last - 20]
    page.fill("[data-testid=replay-to]", str(last + 1))  # no such round: said, and nothing moves
    page.click("[data-testid=replay-go]")
    assert page.evaluate("() => document.getElementById('replay-to').validationMessage") == \
        f"A round is a whole number from 0 to {last}."
    at(page, last - 20)

    page.focus("[data-testid=replay-range]")  # the range moves by keyboard, and the replay with it
    page.keyboard.press("Home")
    at(page, 0)
    page.keyboard.press("ArrowRight")
    at(page, 1)
    assert_shows(page, 1, Game.new(3, seed=seed), played)
    page.focus("[data-testid=replay-back]")  # the page's own keys, away from a field
    page.keyboard.press("End")
    at(page, last)
    expect(page.locator("[data-testid=result]")).to_be_visible()  # the end, without its buttons
    expect(page.locator("[data-testid=again]")).to_be_hidden()
    expect(page.locator("[data-testid=replay-play]")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    at(page, last - 1)
    page.keyboard.press("ArrowLeft")
    at(page, last - 2)
    assert page.evaluate(LOG) == logs[last - 2]
    page.evaluate("() => document.activeElement.blur()")  # Space on a button is the button's
    page.keyboard.press(" ")
    at(page, last - 1)

    page.keyboard.press("Home")
    at(page, 0)
    page.evaluate(COUNT_SPOKEN)
    page.keyboard.press("a")  # play at auto-play speed 5, to the end
    play = page.locator("[data-testid=replay-play]")
    expect(play).to_have_attribute("aria-pressed", "true")
    at(page, last)
    expect(play).to_have_attribute("aria-pressed", "false")  # the end stops it
    assert page.evaluate(LOG) == logs[last]
    page.wait_for_function(f"() => ({SPOKEN})().startsWith('Replay, round {last:,} of {last:,}:')")
    assert page.evaluate("() => window.__spoken") < last / 3  # the live region thins out while it plays

    page.keyboard.press("Home")
    at(page, 0)
    page.clock.install()  # the replay's pace is the test's to move from here on
    play.click()
    for _ in range(600):  # at most a minute of the page's time, 100 ms at a time
        if int(attribute(page.locator("#replay"), "data-round")) >= 3:
            break
        page.clock.run_for(100)
    play.click()  # pause
    expect(play).to_have_attribute("aria-pressed", "false")
    # a round already asked for when the pause came is still shown: the range says which
    paused = page.locator("[data-testid=replay-range]").input_value()
    expect(page.locator("#replay")).to_have_attribute("data-round", paused)
    page.clock.run_for(60_000)  # a minute later, by the page's clock
    assert page.locator("#replay").get_attribute("data-round") == paused
    assert_shows(page, int(paused), Game.new(3, seed=seed), played)
    assert saves(page) == stored

    page.click("[data-testid=replay-leave]")
    expect(page.locator("[data-testid=replay-bar]")).to_be_hidden()
    assert view(page) == before
    assert page.evaluate(SPOKEN) == f"Back to your game, round {last}."
    expect(page.locator("[data-testid=again]")).to_be_visible()
    expect(page.locator("[data-testid=replay]")).to_be_focused()
    assert saves(page) == stored


def test_a_jump_far_into_a_long_game_shows_the_engines_round_and_the_latest_log_lines(page: Page, guard) -> None:
    seed = next(s for s in range(200) if Game.new(2, seed=s).finish().rounds > 900)
    far = 777
    expected = Game.new(2, seed=seed)
    expected.play_rounds(far - records.MAX_LOG)
    narrator = Narrator("en")
    lines = []
    for _ in range(records.MAX_LOG):
        line = gamelog.line(narrator, gamelog.from_round(expected.play_round().to_dict()))
        assert line is not None
        lines.append([line["entry"]["round"], "war" if line["wars"] else "",
                      " ".join(filter(None, [line["label"], line["text"], line["wars"]]))])
    open_game(page)
    new_game(page, 2, seed)
    flip(page, 3)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    page.click("#log summary")
    page.click("[data-testid=replay]")
    at(page, 0)
    page.fill("[data-testid=replay-to]", str(far))
    page.press("[data-testid=replay-to]", "Enter")
    at(page, far)
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]
    before = Game.new(2, seed=seed)
    before.play_rounds(far - 1)
    shown = before.play_round().to_dict()
    assert board(page)["cards"] == [expected_cards(shown, seat) for seat in (0, 1)]
    assert page.evaluate(LOG) == lines[::-1]  # the latest 200 lines, newest first, as the game showed them


def test_the_statistics_page_lists_the_latest_games_and_opens_their_replay(page: Page, guard) -> None:
    seeds = [short_seed(2, 60), short_seed(4, 120)]
    games = []
    for players, seed in zip((2, 4), seeds, strict=True):
        game = Game.new(players, seed=seed)
        game.finish()
        games.append(game)
    open_game(page)
    for game in games:
        new_game(page, game.players, game.seed)
        page.click("[data-testid=finish]")
        expect(page.locator("[data-testid=result]")).to_be_visible()
        wait_saved(page, game.round_number)
    new_game(page, 3, 5)  # the game the visitor goes back to
    flip(page, 2)
    wait_saved(page, 2)
    history = record(page, "history")
    assert [entry["game"] for entry in history] == [game.to_dict() for game in games]

    page.goto("en/stats.html")
    items = page.locator("[data-testid=games] li")
    expect(items).to_have_count(2)
    newest, oldest = text(items.nth(0)), text(items.nth(1))
    four, two = games[1], games[0]
    assert four.winner is not None
    ending = {0: "You won"}.get(four.winner, f"CPU {four.winner} won")
    assert f"4 players, {ending}, {four.round_number} rounds" in newest and newest.endswith("Watch again")
    assert "2 players, " in oldest and f"{two.round_number} rounds" in oldest
    expect(page.locator("[data-stat=played]")).to_have_text("2")  # the figures stay as they were
    with page.expect_navigation():  # the statistics page has an engine too: wait on the game page, once loaded
        items.nth(1).locator("[data-testid=replay]").click()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    at(page, 0)
    assert page.url.endswith("/en/index.html")  # the link is used up
    expect(page.locator("[data-testid=replay-position]")).to_have_text(f"round 0 of {two.round_number}")
    page.click("[data-testid=replay-forward]")
    at(page, 1)
    assert_shows(page, 1, Game.new(2, seed=two.seed), rounds_of(Game.new(2, seed=two.seed)))
    page.click("[data-testid=replay-leave]")
    mine = Game.new(3, seed=5)  # the stored game, restored beneath the replay
    mine.play_rounds(2)
    assert (board(page)["round"], board(page)["counts"]) == ("2", [len(hand) for hand in mine.hands])
    expect(page.locator("[data-testid=flip]")).to_be_enabled()

    strings = page.evaluate(STRINGS)
    for link, reason in (("?replay=abc", "replay_bad_link"), ("?replay=12345", "replay_unknown")):
        page.goto(f"en/index.html{link}")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        expect(page.locator("[data-testid=bad-link]")).to_have_text(strings[reason])
        expect(page.locator("[data-testid=replay-bar]")).to_be_hidden()
        assert board(page)["counts"] == [len(hand) for hand in mine.hands]


def test_only_the_latest_games_keep_their_replay_and_a_damaged_one_is_said(page: Page, guard) -> None:
    game = Game.new(2, seed=short_seed(2, 60))
    game.finish()
    stored = [history.finished_game(str(ended), game, 1, ended) for ended in range(1, 61)]
    stored[-1] = {**stored[-1], "game": {**stored[-1]["game"], "rounds": 3}}  # edited: it cannot be replayed
    page.goto("en/stats.html")
    write(page, "history", history.kept_history(stored))
    page.reload()
    expect(page.locator("[data-testid=games] li")).to_have_count(history.REPLAYS_KEPT)
    expect(page.locator("[data-stat=played]")).to_have_text("60")
    page.goto("en/index.html?replay=60")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=bad-link]")).to_have_text(page.evaluate(STRINGS)["replay_damaged"])
    page.goto("en/index.html?replay=5")  # kept with its figures alone
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=bad-link]")).to_have_text(page.evaluate(STRINGS)["replay_unknown"])


def test_a_replay_watched_over_no_game_ends_on_the_table_of_a_page_without_one(page: Page, guard) -> None:
    game = Game.new(4, seed=short_seed(4, 120))
    game.finish()
    page.goto("en/stats.html")
    write(page, "history", history.kept_history([history.finished_game("1", game, None, 1)]))
    write(page, "current", {"version": records.VERSION, "id": "1", "settings": {}, "board": {}, "log": [],
                            "comeback": None, "savedAt": 1})  # no game: refused, so the page holds none
    page.goto("en/index.html?replay=1")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    at(page, 0)
    assert board(page)["players"] == 4
    page.click("[data-testid=replay-leave]")
    empty, shown = facts.empty_board(), board(page)
    assert (shown["players"], shown["counts"], shown["round"], shown["cards"]) == \
        (empty["players"], empty["counts"], str(empty["round"]), [[]] * empty["players"])


@pytest.mark.service_worker
def test_a_replay_works_offline_with_the_pages_own_digits(context: BrowserContext, page: Page, guard) -> None:
    seed = short_seed(2, 60)
    game = Game.new(2, seed=seed)
    played = rounds_of(game.copy())
    open_game(page, "bn/index.html")
    page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
    context.set_offline(True)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    new_game(page, 2, seed)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    wait_saved(page, len(played))
    page.goto("bn/stats.html")
    with page.expect_navigation():
        page.locator("[data-testid=games] [data-testid=replay]").click()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    at(page, 0)
    page.fill("[data-testid=replay-to]", "১২")  # Bengali digits: round 12
    page.click("[data-testid=replay-go]")
    at(page, 12)
    done, counts = played[11]
    assert board(page)["counts"] == counts
    assert board(page)["cards"] == [expected_cards(done.to_dict(), seat) for seat in (0, 1)]
    expect(page.locator("[data-testid=replay-position]")).to_contain_text("১২")
