"""The worker's Python side (site/webapp/bridge.py) in CPython: JSON in, JSON out, rules from the engine.

Over 300 lines: one test or more per request type of the protocol; the fuzzing, the replays, the records and the
house rules have files of their own."""

from __future__ import annotations

import json

import pytest

from krig import Game
from krig.webapp import bridge, records
from krig.webapp.narrate import Narrator

from bridge_helpers import ask, opened


@pytest.fixture
def session() -> bridge.Session:
    return opened()


def test_new_game_board_and_record(session: bridge.Session) -> None:
    answer = ask(session, type="new", players=3, seed=12, order="shuffled", settings={"speed": 4})
    assert answer["ok"] is True
    record = answer["record"]
    board = record["board"]
    assert board["counts"] == [17, 17, 17]
    assert all(seat["up"] is None for seat in board["cards"]) and not any(board["out"])
    assert board["set_aside"] is True
    assert (board["round"], board["pile"], board["table"]) == (0, 0, 0)
    assert board["over"] is False and "history" not in answer
    assert record["game"] == Game.new(3, seed=12).to_dict()
    assert board["status"] == "" and board["result_text"] == "" and board["lang"] == "en"
    assert (record["version"], record["settings"], record["log"], record["comeback"]) == \
        (records.VERSION, {"speed": 4}, [], 17)
    assert isinstance(record["savedAt"], int)


def test_flips_follow_the_engine_and_conserve_cards(session: bridge.Session) -> None:
    expected = Game.new(4, seed=3)
    ask(session, type="new", players=4, seed=3)
    while not expected.over:
        played = expected.play_round().to_dict()
        answer = ask(session, type="flip")
        board = answer["record"]["board"]
        assert board["round"] == played["number"]
        assert board["counts"] == [len(hand) for hand in expected.hands]
        assert sum(board["counts"]) + board["table"] == 52
        assert board["pile"] == len(played["pile"])
        assert board["winner"] == played["winner"] and answer["line"]["entry"]["wars"] == played["wars"]
        for seat, shown in enumerate(board["cards"]):
            assert shown["up"] == [step["up"][seat] for step in played["steps"]]
            assert board["out"][seat] == (not expected.hands[seat])
        assert board["status"] and board["announce"].startswith("You: ") or board["out"][0]
        assert answer["record"]["game"] == expected.to_dict()
    assert board["over"] and answer["history"]["result"] == expected.result
    assert board["result_text"]
    again = ask(session, type="flip")
    assert again["ok"] is False and again["error"]["kind"] == "request"


@pytest.mark.parametrize(("players", "seed", "face_down"), [(2, 1, 1), pytest.param(3, 5, 2, marks=pytest.mark.slow),
                                                             (4, 9, 3)])
def test_the_next_round_shown_ahead_is_the_round_the_flip_plays(session: bridge.Session, players: int,
                                                                 seed: int, face_down: int) -> None:
    answer = ask(session, type="new", players=players, seed=seed, face_down=face_down)
    while "next" in answer:
        ahead = answer["next"]
        answer = ask(session, type="flip")
        assert (ahead["board"], ahead["line"]) == (answer["record"]["board"], answer["line"])
    # the round that ends the game is never shown ahead: its end comes with its history entry
    assert not answer["record"]["board"]["over"]
    answer = ask(session, type="flip")
    assert answer["record"]["board"]["over"] and "history" in answer and "next" not in answer


def test_working_out_the_next_round_changes_nothing(session: bridge.Session) -> None:
    ask(session, type="new", players=2, seed=4)
    for _ in range(30):
        ask(session, type="flip")
    record = ask(session, type="settings", settings={})["record"]
    again = ask(session, type="settings", settings={})
    assert {**again["record"], "savedAt": 0} == {**record, "savedAt": 0}
    assert again["next"]["board"]["round"] == record["board"]["round"] + 1


def test_status_names_wars_and_winners(session: bridge.Session) -> None:
    # find a round with a war in a known game, and check the sentence the page will show
    expected = Game.new(2, seed=1)
    ask(session, type="new", players=2, seed=1)
    while True:
        played = expected.play_round().to_dict()
        board = ask(session, type="flip")["record"]["board"]
        if played["wars"]:
            break
    assert "war!" in board["status"]
    assert "wins" in board["status"] or "nobody" in board["status"]
    first = played["steps"][0]["up"]
    assert f"You: {bridge.SESSION.table.narrator.card(first[0])}." in board["announce"]


def test_languages_narrate_in_their_own_words_and_digits(session: bridge.Session) -> None:
    ask(session, type="init", lang="bn")
    ask(session, type="new", players=2, seed=4)
    answer = ask(session, type="flip")
    assert answer["line"]["label"] != "Round 1"
    assert "১" in answer["line"]["label"]
    assert any("\u0980" <= ch <= "\u09ff" for ch in answer["record"]["board"]["status"])
    assert answer["record"]["board"]["lang"] == "bn"


def test_import_round_trip_and_continues_identically(session: bridge.Session) -> None:
    ask(session, type="new", players=2, seed=99, order="played")
    for _ in range(10):
        save = ask(session, type="flip")["record"]["game"]
    other = bridge.Session()
    answer = ask(other, type="import", file=json.loads(json.dumps(save)))
    board = answer["record"]["board"]
    assert board["round"] == 10 and answer["record"]["game"] == save
    assert all(seat["up"] is None for seat in board["cards"])  # an import shows no round
    expected = Game.from_dict(save)
    for _ in range(20):
        expected.play_round()
        assert ask(other, type="flip")["record"]["game"] == expected.to_dict()


def test_the_board_says_how_many_wars_its_round_had(session: bridge.Session) -> None:
    expected = Game.new(3, seed=1)
    ask(session, type="new", players=3, seed=1)
    assert ask(session, type="settings", settings={})["record"]["board"]["wars"] == 0  # the deal: no round yet
    wars = set()
    for _ in range(60):
        played = expected.play_round()
        board = ask(session, type="flip")["record"]["board"]
        assert board["wars"] == played.wars
        wars.add(played.wars)
    assert wars >= {0, 1}, "the game had rounds with and without a war"


def test_a_board_stored_before_boards_said_their_wars_is_restored_with_them(session: bridge.Session) -> None:
    ask(session, type="new", players=2, seed=1)
    while not (stored := ask(session, type="flip")["record"])["board"]["wars"]:
        pass
    older = {**stored, "board": {key: value for key, value in stored["board"].items() if key != "wars"}}
    assert ask(bridge.Session(), type="restore", record=older)["record"]["board"]["wars"] == stored["board"]["wars"]


def test_a_restore_keeps_the_log_the_round_on_the_board_and_the_comeback(session: bridge.Session) -> None:
    ask(session, type="new", players=3, seed=31, settings={"speed": 2})
    for _ in range(4):
        stored = ask(session, type="flip")["record"]
    other = bridge.Session()
    answer = ask(other, type="restore", record=json.loads(json.dumps(stored)), settings={"speed": 5})
    record = answer["record"]
    assert [line["entry"] for line in answer["lines"]] == stored["log"] == record["log"]
    assert record["board"] == {**stored["board"], "announce": ""}  # the same round, not announced again
    assert record["comeback"] == stored["comeback"] and record["settings"] == {"speed": 5}
    assert record["game"] == stored["game"]


@pytest.mark.parametrize("rounds", [1, 12, 40])
def test_a_restore_in_another_language_says_the_round_again_in_it(session: bridge.Session, rounds: int) -> None:
    ask(session, type="new", players=3, seed=8)
    for _ in range(rounds):
        stored = ask(session, type="flip")["record"]
    told = opened("fr")
    ask(told, type="new", players=3, seed=8)
    for _ in range(rounds):
        played = ask(told, type="flip")["record"]["board"]
    board = ask(opened("fr"), type="restore", record=stored)["record"]["board"]
    assert board["cards"] == stored["board"]["cards"] and board["lang"] == "fr"
    assert (board["status"], board["announce"]) == (played["status"], played["announce"])
    assert board["status"] != stored["board"]["status"]


def test_a_restore_in_another_language_says_what_finish_did_in_it(session: bridge.Session) -> None:
    ask(session, type="new", players=2, seed=8)
    ask(session, type="flip")
    stored = ask(session, type="finish")["record"]
    board = ask(opened("fr"), type="restore", record=stored)["record"]["board"]
    rounds = stored["log"][-1]["finished"]
    assert board["status"] == Narrator("fr").finished(rounds)
    assert board["announce"].endswith(board["result_text"]) and board["result_text"]


def test_a_restore_in_another_language_says_the_round_again_in_it_when_its_log_does_not_reach_it(
        session: bridge.Session) -> None:
    ask(session, type="new", players=2, seed=8)
    stored = ask(session, type="flip")["record"]
    told = opened("fr")
    ask(told, type="new", players=2, seed=8)
    played = ask(told, type="flip")["record"]["board"]
    board = ask(opened("fr"), type="restore", record={**stored, "log": []})["record"]["board"]
    assert board["cards"] == stored["board"]["cards"] and board["status"] == played["status"] != ""


@pytest.mark.parametrize(("board", "showed_a_round"), [
    (None, False), ("board", False), ({}, False), ({"players": 3}, False), ({"cards": [None, None]}, False),
    ({"cards": [{"up": ["<img src=x>"], "down": None, "last": None}] * 2}, True),
    ({"cards": [{"up": ["AS"], "down": None, "last": None}] * 2, "pile": "2"}, True),
    ({"cards": [{"up": ["AS"], "down": None, "last": None}] * 2, "winner": 2}, True),
])
def test_a_stored_board_is_never_drawn_by_the_bridge_only_the_round_of_its_game(
        session: bridge.Session, board: object, showed_a_round: bool) -> None:
    ask(session, type="new", players=2, seed=8)
    stored = ask(session, type="flip")["record"]
    if isinstance(board, dict) and board.keys() - {"players"}:
        board = {**stored["board"], **board}
    shown = ask(session, type="restore", record={**stored, "board": board})["record"]["board"]
    if showed_a_round:  # whatever it holds besides, the game's own round is drawn again
        assert {**shown, "announce": ""} == {**stored["board"], "announce": ""}
    else:
        assert all(seat == {"up": None, "down": None, "last": None} for seat in shown["cards"])
        assert (shown["pile"], shown["winner"], shown["status"]) == (0, None, "")
    assert shown["counts"] == stored["board"]["counts"]


@pytest.mark.parametrize(("damage", "code"), [
    (lambda s: s["hands"][0].pop(), "damaged"),
    (lambda s: s.update(rounds=s["rounds"] + 1), "damaged"),
    (lambda s: s.update(players=7), "damaged"),
    (lambda s: s.pop("rng"), "damaged"),
    (lambda s: s.update(version=99), "newer"),
])
def test_a_damaged_save_is_refused_with_a_reason(session: bridge.Session, damage, code: str) -> None:
    ask(session, type="new", players=2, seed=5)
    before = ask(session, type="flip")["record"]
    save = json.loads(json.dumps(before["game"]))
    damage(save)
    for answer in (ask(session, type="import", file=save, settings={"speed": 1}),
                   ask(session, type="restore", record={**before, "game": save})):
        assert answer["ok"] is False
        assert answer["error"]["kind"] == "damaged" and answer["error"]["message"]
        assert answer["error"]["code"] == code  # what the page tells the person
    after = ask(session, type="settings", settings=before["settings"])["record"]
    assert {**after, "savedAt": 0} == {**before, "savedAt": 0}  # the current game is untouched


def test_not_a_save_at_all(session: bridge.Session) -> None:
    save: object
    for save in (None, [], "text", 3):
        answer = ask(session, type="import", file=save)
        assert answer == {"ok": False, "error": {"kind": "damaged", "code": "not-a-save",
                                                 "message": answer["error"]["message"]}}


def test_finish_uses_the_fast_path_with_the_same_result(session: bridge.Session) -> None:
    ask(session, type="new", players=3, seed=8)
    before = ask(session, type="flip")["record"]["board"]
    answer = ask(session, type="finish")
    board = answer["record"]["board"]
    expected = Game.new(3, seed=8)
    while not expected.over:
        expected.play_round()
    assert board["over"] and board["round"] == expected.round_number
    assert answer["record"]["game"] == expected.to_dict()
    assert "at once" in board["status"]
    assert before["cards"] != board["cards"]  # the last round played by hand is not the game's end
    assert all(seat["up"] is None for seat in board["cards"]) and board["pile"] == 0  # a cleared table
    assert answer["history"]["rounds"] == expected.round_number
    assert ask(session, type="finish")["error"]["kind"] == "request"  # a finished game is finished


@pytest.mark.parametrize(("players", "seed"), [(2, 6), (2, 7), (2, 8), (4, 7)])
def test_a_finished_games_board_frames_its_winner_alone(session: bridge.Session, players: int, seed: int) -> None:
    expected = Game.new(players, seed=seed)
    expected.finish()
    ask(session, type="new", players=players, seed=seed)
    flips = [ask(session, type="flip")["record"]["board"] for _ in range(3)]
    assert any(board["winner"] != expected.winner for board in flips)  # the frame once sat on someone else
    board = ask(session, type="finish")["record"]["board"]
    assert board["winner"] == expected.winner and not board["out"][expected.winner]
    assert board["counts"][expected.winner] == 52
    # a reload, even of a board stored with a stale frame, frames the winner again
    stored = ask(session, type="settings", settings={})["record"]
    stale = {**stored, "board": {**stored["board"], "winner": flips[-1]["winner"]}}
    assert ask(opened(), type="restore", record=stale)["record"]["board"]["winner"] == expected.winner


def test_settings_change_the_record_not_the_game(session: bridge.Session) -> None:
    assert ask(session, type="settings", settings={})["error"]["kind"] == "request"  # no game yet
    ask(session, type="new", players=2, seed=6, settings={"speed": 3})
    before = ask(session, type="flip")["record"]
    after = ask(session, type="settings", settings={"speed": 1, "animation": "none"})["record"]
    assert after["settings"] == {"speed": 1, "animation": "none"}
    assert {**after, "settings": None, "savedAt": 0} == {**before, "settings": None, "savedAt": 0}
    assert ask(session, type="settings", settings="fast")["error"]["kind"] == "request"
    assert ask(session, type="flip")["record"]["settings"] == after["settings"]


def test_bad_requests_answer_errors_not_exceptions(session: bridge.Session) -> None:
    fresh = bridge.Session()
    assert ask(fresh, type="flip")["error"]["kind"] == "request"  # no game yet
    assert ask(fresh, type="launch")["error"]["kind"] == "request"
    assert ask(fresh, type="new", players=5)["error"]["kind"] == "request"
    assert ask(fresh, type="new", players=2, order="sideways")["error"]["kind"] == "request"
    assert ask(fresh, type="restore")["error"]["kind"] == "request"
    assert ask(fresh, type="import")["error"]["kind"] == "request"
    assert json.loads(bridge.handle("{not json"))["error"]["kind"] == "request"


def test_seed_may_come_as_text(session: bridge.Session) -> None:
    game = ask(session, type="new", players=2, seed="42")["record"]["game"]
    assert game["seed"] == 42
    game = ask(session, type="new", players=2, seed="")["record"]["game"]
    assert isinstance(game["seed"], int) and game["seed"] < 2**53


def test_chances_and_simulate(session: bridge.Session) -> None:
    ask(session, type="new", players=3, seed=2)
    chances = ask(session, type="chances", rollouts=50)["chances"]
    assert len(chances) == 3 and abs(sum(chances) - 1) < 0.05
    batch = ask(session, type="simulate", players=2, games=50, seed=1)
    assert len(batch["rounds"]) == 50 and sum(batch["wins"]) + batch["draws"] + batch["repetitions"] == 50
    assert ask(session, type="simulate", players=2, games=0)["error"]["kind"] == "request"
    later = ask(session, type="simulate", players=2, games=20, seed=1, first=30)  # games 30 to 49 of seed 1
    assert later["rounds"] == batch["rounds"][30:]
    assert ask(session, type="simulate", players=2, games=5, first=-1)["error"]["kind"] == "request"
