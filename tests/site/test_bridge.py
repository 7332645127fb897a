"""The worker's Python side (site/webapp/bridge.py) in CPython: JSON in, JSON out, rules from the engine."""

from __future__ import annotations

import json

import pytest

from krig import Game
from krig.webapp import bridge


def ask(table: bridge.Table, **request) -> dict:
    """One request through the same JSON text path as the worker."""
    bridge.TABLE = table
    return json.loads(bridge.handle(json.dumps(request)))


@pytest.fixture
def table() -> bridge.Table:
    table = bridge.Table()
    assert ask(table, type="init", lang="en") == {"ok": True}
    return table


def test_new_game_view(table: bridge.Table) -> None:
    answer = ask(table, type="new", players=3, seed=12, order="shuffled")
    assert answer["ok"] is True
    view = answer["view"]
    assert [seat["count"] for seat in view["seats"]] == [17, 17, 17]
    assert all(seat["up"] is None and not seat["out"] for seat in view["seats"])
    assert view["set_aside"] is True
    assert (view["round"], view["pile"], view["table"]) == (0, 0, 0)
    assert (view["over"], view["result"]) == (False, None)
    assert view["save"] == Game.new(3, seed=12).to_dict()
    assert view["status"] == "" and view["result_text"] == ""


def test_flips_follow_the_engine_and_conserve_cards(table: bridge.Table) -> None:
    expected = Game.new(4, seed=3)
    ask(table, type="new", players=4, seed=3)
    while not expected.over:
        played = expected.play_round().to_dict()
        view = ask(table, type="flip")["view"]
        assert view["round"] == played["number"]
        assert [seat["count"] for seat in view["seats"]] == [len(hand) for hand in expected.hands]
        assert sum(seat["count"] for seat in view["seats"]) + view["table"] == 52
        assert view["pile"] == len(played["pile"])
        assert view["winner"] == played["winner"] and view["wars"] == played["wars"]
        for seat, shown in enumerate(view["seats"]):
            assert shown["up"] == [step["up"][seat] for step in played["steps"]]
            assert shown["eliminated"] == (seat in played["eliminated"])
        assert view["status"] and view["announce"].startswith("You: ") or view["seats"][0]["out"]
        assert view["save"] == expected.to_dict()
    assert view["over"] and view["result"] == expected.result
    assert view["result_text"]
    again = ask(table, type="flip")
    assert again["ok"] is False and again["error"]["kind"] == "request"


def test_status_names_wars_and_winners(table: bridge.Table) -> None:
    # find a round with a war in a known game, and check the sentence the page will show
    expected = Game.new(2, seed=1)
    ask(table, type="new", players=2, seed=1)
    while True:
        played = expected.play_round().to_dict()
        view = ask(table, type="flip")["view"]
        if played["wars"]:
            break
    assert "war!" in view["status"]
    assert "wins" in view["status"] or "nobody" in view["status"]
    first = played["steps"][0]["up"]
    assert f"You: {bridge.TABLE.narrator.card(first[0])}." in view["announce"]


def test_languages_narrate_in_their_own_words_and_digits(table: bridge.Table) -> None:
    ask(table, type="init", lang="bn")
    ask(table, type="new", players=2, seed=4)
    view = ask(table, type="flip")["view"]
    assert view["round_label"] != "Round 1"
    assert "১" in view["round_label"]
    assert any("\u0980" <= ch <= "\u09ff" for ch in view["status"])


def test_restore_round_trip_and_continues_identically(table: bridge.Table) -> None:
    ask(table, type="new", players=2, seed=99, order="played")
    for _ in range(10):
        ask(table, type="flip")
    save = ask(table, type="save")["save"]
    other = bridge.Table()
    view = ask(other, type="restore", save=json.loads(json.dumps(save)))["view"]
    assert view["round"] == 10 and view["save"] == save
    assert all(seat["up"] is None for seat in view["seats"])  # a restore shows no round
    expected = Game.from_dict(save)
    for _ in range(20):
        expected.play_round()
        assert ask(other, type="flip")["view"]["save"] == expected.to_dict()


@pytest.mark.parametrize(("damage", "code"), [
    (lambda s: s["hands"][0].pop(), "damaged"),
    (lambda s: s.update(rounds=s["rounds"] + 1), "damaged"),
    (lambda s: s.update(players=7), "damaged"),
    (lambda s: s.pop("rng"), "damaged"),
    (lambda s: s.update(version=99), "newer"),
])
def test_a_damaged_save_is_refused_with_a_reason(table: bridge.Table, damage, code: str) -> None:
    ask(table, type="new", players=2, seed=5)
    ask(table, type="flip")
    before = ask(table, type="save")["save"]
    save = json.loads(json.dumps(before))
    damage(save)
    answer = ask(table, type="restore", save=save)
    assert answer["ok"] is False
    assert answer["error"]["kind"] == "damaged" and answer["error"]["message"]
    assert answer["error"]["code"] == code  # what the page tells the person
    assert ask(table, type="save")["save"] == before  # the current game is untouched


def test_not_a_save_at_all(table: bridge.Table) -> None:
    for save in (None, [], "text", 3):
        answer = ask(table, type="restore", save=save)
        assert answer == {"ok": False, "error": {"kind": "damaged", "code": "not-a-save",
                                                 "message": answer["error"]["message"]}}


def test_finish_uses_the_fast_path_with_the_same_result(table: bridge.Table) -> None:
    ask(table, type="new", players=3, seed=8)
    ask(table, type="flip")
    view = ask(table, type="finish")["view"]
    expected = Game.new(3, seed=8)
    while not expected.over:
        expected.play_round()
    assert view["over"] and view["round"] == expected.round_number
    assert view["save"] == expected.to_dict()
    assert "at once" in view["status"]
    assert all(seat["up"] is None for seat in view["seats"])


def test_bad_requests_answer_errors_not_exceptions(table: bridge.Table) -> None:
    fresh = bridge.Table()
    assert ask(fresh, type="flip")["error"]["kind"] == "request"  # no game yet
    assert ask(fresh, type="launch")["error"]["kind"] == "request"
    assert ask(fresh, type="new", players=5)["error"]["kind"] == "request"
    assert ask(fresh, type="new", players=2, order="sideways")["error"]["kind"] == "request"
    assert json.loads(bridge.handle("{not json"))["error"]["kind"] == "request"


def test_seed_may_come_as_text(table: bridge.Table) -> None:
    view = ask(table, type="new", players=2, seed="42")["view"]
    assert view["seed"] == 42
    view = ask(table, type="new", players=2, seed="")["view"]
    assert isinstance(view["seed"], int) and view["seed"] < 2**53


def test_chances_and_simulate(table: bridge.Table) -> None:
    ask(table, type="new", players=3, seed=2)
    chances = ask(table, type="chances", rollouts=50)["chances"]
    assert len(chances) == 3 and abs(sum(chances) - 1) < 0.05
    batch = ask(table, type="simulate", players=2, games=50, seed=1)
    assert len(batch["rounds"]) == 50 and sum(batch["wins"]) + batch["draws"] + batch["repetitions"] == 50
    assert ask(table, type="simulate", players=2, games=0)["error"]["kind"] == "request"
