"""The bridge's game log lines and the low point that "Finish the game" reports, in CPython."""

from __future__ import annotations

import json

from krig import Game
from krig.webapp import bridge


def ask(table: bridge.Table, **request) -> dict:
    bridge.TABLE = table
    return json.loads(bridge.handle(json.dumps(request)))


def test_finish_reports_the_fewest_cards_the_winner_held() -> None:
    seed = next(s for s in range(200) if (g := Game.new(2, seed=s)).finish() and g.winner == 0)
    expected = Game.new(2, seed=seed)
    low = 26
    while not expected.over:
        expected.play_round()
        low = min(low, len(expected.hands[0]))
    table = bridge.Table()
    ask(table, type="new", players=2, seed=seed)
    view = ask(table, type="finish")["view"]
    assert view["low"] == low and view["game_winner"] == 0 and view["round"] == expected.round_number
    assert view["log"]["entry"] == {"round": expected.round_number, "finished": expected.round_number}


def test_saved_log_entries_are_told_again_and_bad_ones_skipped() -> None:
    table = bridge.Table()
    ask(table, type="init", lang="fr")
    ask(table, type="new", players=3, seed=4)
    entry = ask(table, type="flip")["view"]["log"]["entry"]
    lines = ask(table, type="log", entries=[entry, {"round": -1}, "text", {**entry, "winner": 7}])["lines"]
    assert [line["entry"] for line in lines] == [entry]
    assert lines[0]["label"] == "Manche 1" or lines[0]["label"].endswith("1")
    assert ask(table, type="log", entries="nope")["error"]["kind"] == "request"
