"""The bridge's game log, the comeback it keeps for the statistics page, and the entry of a finished game."""

from __future__ import annotations

from krig import Game
from krig.webapp import bridge, history, records

from bridge_helpers import ask


def test_finish_reports_the_fewest_cards_the_winner_held() -> None:
    seed = next(s for s in range(200) if (g := Game.new(2, seed=s)).finish() and g.winner == 0)
    expected = Game.new(2, seed=seed)
    comeback = 26
    while not expected.over:
        expected.play_round()
        comeback = min(comeback, len(expected.hands[0]))
    session = bridge.Session()
    ask(session, type="new", players=2, seed=seed)
    answer = ask(session, type="finish")
    assert answer["record"]["comeback"] == comeback
    assert answer["history"] == {"version": history.HISTORY_VERSION, "id": answer["record"]["id"], "players": 2,
                                 "result": "win", "winner": 0,
                                 "rounds": expected.round_number, "comeback": comeback,
                                 "endedAt": answer["record"]["savedAt"], "game": answer["record"]["game"]}
    assert answer["line"]["entry"] == {"round": expected.round_number, "finished": expected.round_number}
    assert answer["record"]["log"] == [answer["line"]["entry"]]


def test_flips_keep_the_comeback_and_the_latest_log_entries() -> None:
    expected = Game.new(2, seed=3)
    session = bridge.Session()
    ask(session, type="new", players=2, seed=3)
    comeback = 26
    for _ in range(records.MAX_LOG + 5):
        expected.play_round()
        comeback = min(comeback, len(expected.hands[0]))
        record = ask(session, type="flip")["record"]
    assert record["comeback"] == comeback
    assert len(record["log"]) == records.MAX_LOG
    assert record["log"][-1]["round"] == records.MAX_LOG + 5


def test_saved_log_entries_are_told_again_and_bad_ones_skipped() -> None:
    session = bridge.Session()
    ask(session, type="init", lang="fr")
    ask(session, type="new", players=3, seed=4)
    answer = ask(session, type="flip")
    entry = answer["line"]["entry"]
    stored = {**answer["record"], "log": [entry, {"round": -1}, "text", {**entry, "winner": 7}]}
    answer = ask(session, type="restore", record=stored)
    lines = answer["lines"]
    assert [line["entry"] for line in lines] == [entry] == answer["record"]["log"]
    assert lines[0]["label"] == "Manche 1" or lines[0]["label"].endswith("1")
    assert ask(session, type="restore", record={**stored, "log": "nope"})["error"]["kind"] == "damaged"


def test_a_restored_game_keeps_its_comeback_and_an_imported_one_starts_afresh() -> None:
    session = bridge.Session()
    ask(session, type="new", players=2, seed=12)
    for _ in range(30):
        stored = ask(session, type="flip")["record"]
    count = stored["board"]["counts"][0]
    low = {**stored, "comeback": count - 5}
    assert ask(session, type="restore", record=low)["record"]["comeback"] == count - 5
    assert ask(session, type="import", file=low)["record"]["comeback"] == count
    assert ask(session, type="restore", record={**stored, "comeback": "few"})["record"]["comeback"] == count


def test_history_entries_are_brought_up_to_date() -> None:
    old = {"players": 2, "result": "win", "winner": 0, "rounds": 40, "low": 3, "endedAt": 1}
    current = {**old, "version": history.HISTORY_VERSION, "id": "saved-1"}
    del current["low"]
    current["comeback"] = 3
    answer = ask(bridge.Session(), type="history", entries=[old, current, 7])
    assert answer == {"ok": True, "entries": [current, current]}
