"""Watching a finished game again through the bridge: every round it shows is the round the game showed when it
was played flip by flip (board, live sentence, log line), any round can be reached at once, and the current game
and its record are never touched."""

from __future__ import annotations

import pytest

from krig import Game
from krig.webapp import bridge, history, records

from bridge_helpers import ask


def flipped(seed: int, players: int = 2, order: str = "shuffled") -> tuple[dict, list[dict], list[dict]]:
    """A game played to its end flip by flip: its last record, and the board and log line of every round
    (round 0, the deal, has a board and no line)."""
    session = bridge.Session()
    answer = ask(session, type="new", players=players, seed=seed, order=order)
    boards, lines = [answer["record"]["board"]], []
    while not answer["record"]["board"]["over"]:
        answer = ask(session, type="flip")
        boards.append(answer["record"]["board"])
        lines.append(answer["line"])
    return answer["record"], boards, lines


@pytest.mark.slow
def test_a_replay_steps_through_the_rounds_as_the_game_showed_them() -> None:
    record, boards, lines = flipped(seed=3, players=3)
    session = bridge.Session()
    answer = ask(session, type="replay", game=record["game"])
    assert answer == {"ok": True, "round": 0, "rounds": len(lines), "board": boards[0]}
    for number in range(1, len(lines) + 1):
        answer = ask(session, type="watch", round=number)
        assert answer == {"ok": True, "round": number, "rounds": len(lines), "board": boards[number],
                          "line": lines[number - 1]}


@pytest.mark.parametrize("order", ["shuffled", "played"])
def test_a_jump_shows_that_rounds_board_and_the_log_up_to_it(order: str) -> None:
    seed = next(s for s in range(100) if Game.new(2, seed=s, return_order=order).finish().rounds > 450)
    record, boards, lines = flipped(seed=seed, order=order)
    session = bridge.Session()
    ask(session, type="replay", game=record["game"])
    for number in (300, 299, 5, 0, len(lines), 201, 200, 450):
        answer = ask(session, type="watch", round=number)
        kept = lines[max(0, number - records.MAX_LOG):number]  # what the game's log showed at that round
        assert (answer["round"], answer["board"], answer["lines"]) == (number, boards[number], kept)
        game = Game.new(2, seed=seed, return_order=order)
        game.play_rounds(number)
        assert answer["board"]["counts"] == [len(hand) for hand in game.hands]  # the engine's game at that round
    answer = ask(session, type="watch", round=451)  # and on from there, one round at a time
    assert (answer["board"], answer["line"]) == (boards[451], lines[450])


def test_a_replay_never_touches_the_current_game() -> None:
    finished, _, _ = flipped(seed=5)
    session = bridge.Session()
    ask(session, type="new", players=3, seed=11)
    before = ask(session, type="flip")
    ask(session, type="replay", game=finished["game"])
    for number in (40, 41, 0, 12):
        ask(session, type="watch", round=number)
    after = ask(session, type="settings", settings={})["record"]
    assert {**after, "savedAt": 0} == {**before["record"], "savedAt": 0}
    expected = Game.new(3, seed=11)
    expected.play_round()
    expected.play_round()
    assert ask(session, type="flip")["record"]["game"] == expected.to_dict()  # and it goes on where it was


def test_an_unfinished_or_imported_game_can_be_watched_up_to_its_round() -> None:
    game = Game.from_hands([["AS", "2C", "9H", "4D"], ["KS", "3C", "8S"]], seed=4)
    game.play_round()
    answer = ask(bridge.Session(), type="replay", game=game.to_dict())
    assert (answer["round"], answer["rounds"], answer["board"]["counts"]) == (0, 1, [4, 3])


@pytest.mark.parametrize(("request_", "kind", "code"), [
    ({"type": "replay"}, "request", None),
    ({"type": "replay", "game": {"version": 2, "players": 9}}, "damaged", "damaged"),
    ({"type": "replay", "game": "not a game"}, "damaged", "not-a-save"),
    ({"type": "watch", "round": 1}, "request", None),
])
def test_a_replay_of_no_game_is_refused(request_: dict, kind: str, code: str | None) -> None:
    answer = ask(bridge.Session(), **request_)
    assert answer["ok"] is False and answer["error"]["kind"] == kind and answer["error"].get("code") == code


@pytest.mark.parametrize("number", [-1, 10**9, "3", 2.0, True, None])
def test_a_round_that_the_replay_does_not_have_is_refused(number: object) -> None:
    record, _, _ = flipped(seed=5)
    session = bridge.Session()
    ask(session, type="replay", game=record["game"])
    answer = ask(session, type="watch", round=number)
    assert answer["ok"] is False and answer["error"]["kind"] == "request" and "round" in answer["error"]["message"]
    assert ask(session, type="watch", round=2)["board"]["round"] == 2  # the replay goes on


def test_the_history_gains_the_game_that_ended_and_keeps_the_latest_replays() -> None:
    record, _, _ = flipped(seed=5)
    game = Game.from_dict(record["game"])
    entry = history.finished_game("last", game, 3, 99)
    stored = [history.finished_game(str(ended), game, 3, ended) for ended in range(history.REPLAYS_KEPT)]
    entries = ask(bridge.Session(), type="history", entries=stored, add=entry)["entries"]
    assert [e["endedAt"] for e in entries] == [*range(history.REPLAYS_KEPT), 99]
    assert "game" not in entries[0] and all(e["game"] == record["game"] for e in entries[1:])
