"""The statistics page: the visitor's own history (every way a game can end) and the simulator's SVG charts,
with text alternatives, progress and cancel, and its table comparing the numbers of face-down cards and the house
rules."""

from __future__ import annotations

import math
import re

import pytest
from playwright.sync_api import Locator, Page, expect

from krig import simulate as krig_simulate

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    Game,
    attribute,
    new_game,
    open_game,
    text,
    wait_saved,
    wait_stored,
    write,
)


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


def open_simulator(page: Page, lang: str) -> Locator:
    """The statistics page in `lang`, once its engine is ready: the simulator's summary."""
    page.goto(f"{lang}/stats.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    return page.locator("[data-testid=sim-summary]")


def simulate(page: Page, **choices: str) -> None:
    """Choose the simulator's `games`, `players` or `face_down` (in the order given) and run it."""
    for name, value in choices.items():
        page.select_option(f"[data-testid=sim-{name.replace('_', '-')}]", value)
    page.click("[data-testid=sim-run]")


def cancel_once_running(page: Page) -> None:
    page.wait_for_function("() => document.querySelector('[data-testid=sim-progress]').value > 0")
    page.click("[data-testid=sim-cancel]")
    expect(page.locator("[data-testid=sim-cancel]")).to_be_hidden(timeout=LOAD_TIMEOUT)


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
    expect(page.locator("[data-testid=history-empty]")).to_be_hidden()
    lengths = [repeated.round_number, won.round_number]
    figures = {"played": "2", "won": "1", "drawn": "0", "repeated": "1", "longest": f"{max(lengths):,}",
               "average": f"{round(sum(lengths) / 2):,}", "comeback": str(low)}
    for name, value in figures.items():
        expect(page.locator(f"[data-stat={name}]")).to_have_text(value)
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)  # no stray request while the worker starts


def test_simulate_draws_both_charts_with_text_alternatives_and_cancel_stops(page: Page, guard) -> None:
    summary = open_simulator(page, "fr")
    simulate(page, games="1000", players="3")
    expect(summary).to_have_attribute("data-games", "1000", timeout=LOAD_TIMEOUT)
    assert "1\u202f000 parties simulées." in text(summary)  # grouped, and in the plural
    bins = page.locator("#lengths-chart rect.bar").count()
    assert 2 <= bins <= 11
    for chart, rows in (("lengths-chart", bins), ("seats-chart", 3)):
        svg = page.locator(f"#{chart} svg")
        expect(svg).to_have_attribute("role", "img")
        assert svg.get_attribute("aria-label")
        assert svg.locator("title").text_content()
        expect(svg.locator("rect.bar")).to_have_count(rows)
        expect(page.locator(f"#{chart} ul.visually-hidden li")).to_have_count(rows)
    assert "Vous" in text(page.locator("#seats-chart li").first)  # in the page's language

    simulate(page, games="100000")
    cancel_once_running(page)
    games = int(attribute(summary, "data-games"))
    assert 0 < games < 100_000
    expect(summary).to_contain_text("Simulation annulée après")  # "Simulation annulée après 3 000 parties."


def test_the_simulator_compares_every_number_of_face_down_cards_on_the_same_deals(page: Page, guard) -> None:
    summary = open_simulator(page, "en")
    simulate(page, games="1000", face_down="all")
    expect(summary).to_have_attribute("data-games", "5000", timeout=LOAD_TIMEOUT)
    expect(summary).to_have_text("The same 1,000 deals played with each number of face-down cards.")
    table = page.locator("[data-testid=sim-compare]")
    expect(table).to_be_visible()
    assert table.locator("caption").text_content()
    assert table.locator("thead th[scope=col]").count() == 7
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(5)
    assert [rows.nth(i).locator("th[scope=row]").text_content() for i in range(5)] == ["1", "2", "3", "4", "5"]
    for i in range(5):
        house, games, _, draws, repetitions, wins = (text(cell) for cell in rows.nth(i).locator("td").all())
        assert house == "none (Krig's own)" and games == "1,000"
        assert re.fullmatch(r"\d+ \(\d+(\.\d+)?%\)", draws) and repetitions == "0 (0%)", (draws, repetitions)
        assert re.fullmatch(r"You \d+% · CPU 1 \d+%", wins), wins
    # 436, 322 and 235 rounds on average over 10,000 two-player games (docs/rules.md), fewer with four and five
    # cards face down: far apart for 1,000
    averages = [int(attribute(rows.nth(i), "data-average")) for i in range(5)]
    assert averages == sorted(averages, reverse=True) and len(set(averages)) == 5, averages
    expect(page.locator("#lengths-figure")).to_be_hidden()

    simulate(page, face_down="3")
    expect(summary).to_have_attribute("data-games", "1000", timeout=LOAD_TIMEOUT)
    expect(table).to_be_hidden()
    expect(page.locator("#lengths-figure")).to_be_visible()
    expect(summary).to_contain_text("1,000 games simulated.")
    expect(summary).to_contain_text("Average length:")

    simulate(page, face_down="all", games="100000")
    cancel_once_running(page)
    assert 0 < int(attribute(summary, "data-games")) < 500_000
    expect(summary).to_contain_text("Cancelled after")
    expect(table).to_be_visible()
    assert 1 <= rows.count() <= 5


def test_while_a_run_goes_the_last_results_are_hidden_and_progress_counts_games_and_time_left(page: Page,
                                                                                           guard) -> None:
    summary = open_simulator(page, "en")
    simulate(page, games="1000")
    expect(summary).to_have_attribute("data-games", "1000", timeout=LOAD_TIMEOUT)
    expect(page.locator("#lengths-figure")).to_be_visible()
    simulate(page, games="100000", players="4")
    status = page.locator("[data-testid=sim-status]")
    done = "() => Number(document.querySelector('[data-testid=sim-status]').dataset.done)"
    page.wait_for_function(f"() => ({done})() > 0")
    for shown in ("#lengths-figure", "#seats-figure", "[data-testid=sim-compare]"):
        expect(page.locator(shown)).to_be_hidden()  # nothing on screen is of the last run
    expect(summary).to_have_text("")
    assert summary.get_attribute("data-games") is None
    expect(status).to_have_text(re.compile(r"^[\d,]+ of 100,000 games simulated\. About [\d,]+ seconds? left\.$"))
    first = page.evaluate(done)
    page.wait_for_function(f"(first) => ({done})() > first", arg=first)  # it moves on, batch by batch
    progress = page.locator("[data-testid=sim-progress]")
    assert progress.get_attribute("max") == "100000" and 0 < float(progress.get_attribute("value") or 0) < 100_000
    page.click("[data-testid=sim-cancel]")
    expect(page.locator("#lengths-figure")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(status).to_be_hidden()
    expect(summary).to_contain_text("Cancelled after")


def test_progress_is_said_in_the_pages_language(page: Page, guard) -> None:
    open_simulator(page, "ru")
    simulate(page, games="100000", face_down="all")
    status = page.locator("[data-testid=sim-status]")
    said = re.compile(r"^Сыграно партий: [\d\s]+ из 500\s000\. Осталось около [\d\s]+ секунд")
    expect(status).to_have_text(said)
    page.click("[data-testid=sim-cancel]")
    expect(status).to_be_hidden(timeout=LOAD_TIMEOUT)


def test_the_time_of_day_is_written_in_the_pages_language(page: Page, guard) -> None:
    open_game(page, "en/index.html?players=2&seed=7")
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    wait_stored(page, lambda games: bool(games), "history")  # the finished game is in the history
    page.goto("bn/stats.html")
    told = page.locator("#games li span").first
    expect(told).to_be_visible()
    assert not re.search(r"[A-Za-z]", text(told)), text(told)  # no Latin "PM" in Bengali


def test_the_biggest_comeback_is_shown_only_for_a_game_in_which_you_trailed(page: Page, guard) -> None:
    page.goto("en/stats.html")
    entry = {"version": 2, "players": 2, "result": "win", "winner": 0, "rounds": 300, "endedAt": 1_700_000_000_000}
    write(page, "history", [{**entry, "comeback": 26}])  # you won without ever holding fewer than you were dealt
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)  # which brings the version 2 entries up to date
    expect(page.locator("[data-stat=played]")).to_have_text("1")
    expect(page.locator("[data-stat=comeback]")).to_be_hidden()
    write(page, "history", [{**entry, "comeback": 26}, {**entry, "comeback": 9}])
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-stat=played]")).to_have_text("2")
    expect(page.locator("[data-stat=comeback]")).to_have_text("9")


SEED_AT_HALF = 2**39  # the simulator's seed when Math.random() gives 0.5: Math.floor(0.5 * 2 ** 40)


@pytest.mark.parametrize(("lang", "names", "own", "told"), [
    ("en", "Peace and Only the tied go to war", "none (Krig's own)",
     "The same 1,000 deals played by each set of rules."),
    ("fr", "Paix et Seuls les joueurs à égalité font bataille", "aucune (celles de Krig)",
     "Les mêmes donnes jouées avec chaque ensemble de règles\u202f: 1\u202f000 donnes."),
])
def test_r13_r15_the_simulator_compares_house_rules_with_krigs_own_on_the_same_deals(
        page: Page, guard, lang: str, names: str, own: str, told: str) -> None:
    page.add_init_script("Math.random = () => 0.5")  # the run's seed, known here: the engine's games are checked
    summary = open_simulator(page, lang)
    page.check("[data-testid=sim-peace]")
    expect(page.locator("[data-testid=sim-jokers]")).to_be_disabled()  # Peace and Jokers do not go together (R17)
    page.check("[data-testid=sim-only-tied]")
    simulate(page, players="3", games="1000", face_down="1")
    expect(summary).to_have_attribute("data-games", "2000", timeout=LOAD_TIMEOUT)
    expect(summary).to_have_text(told)
    rows = page.locator("[data-testid=sim-compare] tbody tr")
    expect(rows).to_have_count(2)
    for row, house in zip((rows.nth(0), rows.nth(1)), ([], ["peace", "only-tied"]), strict=True):
        played = krig_simulate(3, 1000, seed=SEED_AT_HALF, house=house)
        assert attribute(row, "data-house") == " ".join(house)
        assert int(attribute(row, "data-average")) == math.floor(sum(played.rounds) / 1000 + 0.5)  # Math.round
        cells = [text(cell) for cell in row.locator("td").all()]
        assert cells[0] == (names if house else own)
        assert cells[3].startswith(f"{played.draws} ") and cells[4].startswith(f"{played.repetitions} ")
        assert cells[5].count("%") == 3  # a share of the wins for each seat
