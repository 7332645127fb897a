"""The rounds the bridge works out ahead (a record's ``ahead``), the first visit's openings that build.py writes
with the same bridge, and the handover: a restore that replays the rounds the page drew before Python was ready
and keeps the engine's own when they differ."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

import build
from krig import Game
from krig.webapp import bridge, estimate
from krig.webapp.ahead import AHEAD, CHANCES_AHEAD

from bridge_helpers import ask, opened

LANGS = [lang.code for lang in build.LANGUAGES]


def test_a_record_carries_the_next_rounds_exactly_as_the_flips_play_them() -> None:
    session = opened()
    ahead = ask(session, type="new", players=3, seed=4, face_down=2)["record"]["ahead"]
    assert len(ahead) == AHEAD
    for step in ahead:
        answer = ask(session, type="flip")
        assert {"board": answer["record"]["board"], "line": answer["line"]} == step
    assert answer["next"] == answer["record"]["ahead"][0]


def test_the_rounds_ahead_after_many_flips_are_those_of_a_fresh_look_ahead() -> None:
    session = opened()
    ask(session, type="new", players=2, seed=9)
    for _ in range(75):
        record = ask(session, type="flip")["record"]
    fresh = opened()
    again = ask(fresh, type="restore", record={**record, "ahead": []})["record"]
    assert record["ahead"] == again["ahead"]


def test_the_rounds_ahead_stop_before_the_round_that_ends_the_game() -> None:
    game = Game.new(2, seed=1)
    game.finish()
    session = opened()
    record = ask(session, type="new", players=2, seed=1)["record"]
    for _ in range(game.round_number - 3):
        record = ask(session, type="flip")["record"]
    assert [step["board"]["round"] for step in record["ahead"]] == [game.round_number - 2, game.round_number - 1]
    last = ask(session, type="flip")
    last = ask(session, type="flip")
    assert "ahead" not in last["record"] and "next" not in last
    assert "history" in ask(session, type="flip")


def test_a_restore_replays_the_rounds_drawn_ahead_and_answers_at_the_round_on_screen() -> None:
    record = ask(opened(), type="new", players=4, seed=3, face_down=3)["record"]
    answer = ask(opened(), type="restore", record={**record, "played": 5})
    assert answer["record"]["board"] == record["ahead"][4]["board"]
    assert [line["entry"]["round"] for line in answer["lines"]] == [1, 2, 3, 4, 5]
    assert "differs" not in answer and "history" not in answer
    assert Game.from_dict(answer["record"]["game"]).round_number == 5


def test_a_round_drawn_otherwise_than_the_engine_plays_it_loses_to_the_engine() -> None:
    record = ask(opened(), type="new", players=2, seed=3)["record"]
    tampered = json.loads(json.dumps(record))
    tampered["ahead"][1]["board"]["cards"][0]["up"] = ["AS"]
    answer = ask(opened(), type="restore", record={**tampered, "played": 4})
    assert answer["differs"].startswith("round 2: the page drew cards")
    assert answer["record"]["board"] == record["ahead"][3]["board"]  # the engine's round 4, nothing lost
    assert len(answer["lines"]) == 4


def test_rounds_drawn_in_another_language_are_the_same_rounds() -> None:
    record = ask(opened("bn"), type="new", players=2, seed=3)["record"]
    answer = ask(opened("fr"), type="restore", record={**record, "played": 3})
    assert "differs" not in answer and answer["record"]["board"]["lang"] == "fr"


@pytest.mark.parametrize("played", [None, -1, "3", True, 1.5, 0])
def test_a_record_without_rounds_drawn_ahead_restores_as_it_is(played: Any) -> None:
    record = ask(opened(), type="new", players=2, seed=3)["record"]
    answer = ask(opened(), type="restore", record={**record, "played": played})
    assert answer["record"]["board"]["round"] == 0 and "differs" not in answer


def test_far_more_rounds_drawn_than_known_ahead_replays_only_those_known() -> None:
    record = ask(opened(), type="new", players=2, seed=3)["record"]
    answer = ask(opened(), type="restore", record={**record, "played": 10**6})
    assert answer["record"]["board"]["round"] == AHEAD


def test_a_flip_answer_is_the_same_json_as_without_the_texts_made_ahead() -> None:
    session = opened()
    ask(session, type="new", players=2, seed=5)
    bridge.SESSION = session
    answer = bridge.answer(session, {"type": "flip"})
    assert json.loads(bridge._answer_text(answer, session)) == json.loads(json.dumps(answer))


def test_the_chances_of_a_round_ahead_are_the_estimate_a_fresh_bridge_makes_at_that_round() -> None:
    session = opened()
    record = ask(session, type="new", players=3, seed=4, face_down=2)["record"]
    assert "chances" not in record and "chances" not in record["ahead"][0]  # none until the page's idle time
    assert [ask(session, type="chances", rollouts=estimate.ROLLOUTS, ahead=True)["ahead"] for _ in range(3)] == [
        CHANCES_AHEAD - 1, CHANCES_AHEAD - 2, CHANCES_AHEAD - 3]
    answer = ask(session, type="flip")
    made = answer["record"]["ahead"][0]["chances"]  # round 2's
    assert answer["record"]["chances"]["round"] == 1 and made["round"] == 2 and made["done"] == estimate.ROLLOUTS
    assert "chances" not in answer["record"]["ahead"][2]
    flipped = ask(session, type="flip")
    assert flipped["record"]["chances"] == made
    assert ask(session, type="chances", rollouts=20) == {"ok": True, **made}
    fresh = opened()  # the same round in another session, estimated from zero in the page's chunks
    ask(fresh, type="restore", record={**flipped["record"], "ahead": [], "chances": None})
    while (live := ask(fresh, type="chances", rollouts=20))["done"] < estimate.ROLLOUTS:
        pass
    assert live == {"ok": True, **made}


def test_the_chances_ahead_are_asked_for_round_by_round_and_then_there_are_none_left() -> None:
    session = opened()
    ask(session, type="new", players=2, seed=3)
    assert ask(session, type="chances", rollouts=300, ahead=True)["ahead"] == CHANCES_AHEAD  # round 1 half made
    assert ask(session, type="chances", rollouts=300, ahead=True)["ahead"] == CHANCES_AHEAD - 1
    record = ask(session, type="settings", settings={})["record"]
    assert record["ahead"][0]["chances"]["done"] == estimate.ROLLOUTS and "chances" not in record["ahead"][1]
    won = Game.from_hands([["AS", "AH"], ["2C"]])
    ask(session, type="import", file=won.to_dict())
    assert ask(session, type="chances", rollouts=20, ahead=True) == {"ok": True, "ahead": 0}  # nothing ahead


def test_a_flip_answer_with_chances_ahead_is_the_same_json_as_without_the_texts_made_ahead() -> None:
    session = opened()
    ask(session, type="new", players=2, seed=5)
    ask(session, type="chances", rollouts=estimate.ROLLOUTS, ahead=True)
    ask(session, type="chances", rollouts=estimate.ROLLOUTS, ahead=True)
    answer = bridge.answer(session, {"type": "flip"})
    assert "chances" in answer["record"] and "chances" in answer["record"]["ahead"][0]
    assert json.loads(bridge._answer_text(answer, session)) == json.loads(json.dumps(answer))



@pytest.fixture(scope="module")
def estimated() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A 3-player deal whose idle time has made every estimate it makes ahead: its record, and the rounds ahead
    once it has played one more round."""
    session = opened()
    ask(session, type="new", players=3, seed=4)
    idle(session, chunk=estimate.ROLLOUTS)
    stored = ask(session, type="settings", settings={})["record"]
    return stored, ask(session, type="flip")["record"]["ahead"]


def test_a_restore_keeps_the_win_chances_its_record_carries_so_the_idle_time_has_nothing_left_to_do(
        estimated: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    stored, ahead_after_a_flip = estimated
    fresh = opened()
    restored = ask(fresh, type="restore", record=stored)["record"]
    assert restored["chances"] == stored["chances"] and restored["ahead"] == stored["ahead"]
    assert ask(fresh, type="chances", rollouts=20, ahead=True)["ahead"] == 0
    flipped = ask(fresh, type="flip")["record"]
    assert flipped["chances"] == stored["ahead"][0]["chances"]  # the next round's, at once, as before the restore
    assert flipped["ahead"] == ahead_after_a_flip


def test_a_restore_works_out_again_the_win_chances_that_are_not_a_whole_estimate_of_the_same_round(
        estimated: tuple[dict[str, Any], list[dict[str, Any]]]) -> None:
    stored, _ = estimated
    ahead = stored["ahead"]
    tampered = {**stored, "chances": {**stored["chances"], "chances": [2.0, 0.0, 0.0]}, "ahead": [
        {**ahead[0], "chances": {**ahead[0]["chances"], "draw": 0.5}},  # the shares do not add up
        {**ahead[1], "board": {**ahead[1]["board"], "counts": [52, 0, 0]}},  # another position
        {**ahead[2], "chances": {**ahead[2]["chances"], "done": 20}},  # not a whole estimate
        {**ahead[3], "chances": {**ahead[3]["chances"], "repeats": "junk", "extra": 1}},  # kept, as the game says
        *ahead[4:]]}
    restored = ask(opened(), type="restore", record=tampered)["record"]
    assert "chances" not in restored
    assert ["chances" in step for step in restored["ahead"][:4]] == [False, False, False, True]
    assert restored["ahead"][3] == ahead[3] and restored["ahead"][4:] == ahead[4:]


@pytest.fixture(scope="module")
def pool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The first visit's pool, written by build.py as it writes it into dist/."""
    dist = tmp_path_factory.mktemp("dist")
    (dist / "js").mkdir()
    shutil.copy(build.SITE / "static" / build.OPENINGS_SCRIPT, dist / build.OPENINGS_SCRIPT)
    build.write_openings(dist)
    return dist


def sampled(numbers: range | list[int]) -> list[object]:
    """The openings to check: make check takes the last (`slow` marks the others), make test takes them all."""
    *others, last = numbers
    return [*(pytest.param(number, marks=pytest.mark.slow) for number in others), last]


def read(pool: Path, number: int, lang: str) -> dict[str, Any]:
    """An opening's file: its record."""
    opening: dict[str, Any] = json.loads((pool / "openings" / f"{number}.{lang}.json").read_text())
    return opening


def without_id(record: dict[str, Any]) -> dict[str, Any]:
    """A record without its game's id, which an opening lacks: each visitor's game gets its own."""
    return {key: value for key, value in record.items() if key != "id"}


def without_chances(record: dict[str, Any]) -> dict[str, Any]:
    """A record as the bridge answers it before the page's idle time has made any win chances."""
    ahead = [{key: step[key] for key in ("board", "line")} for step in record["ahead"]]
    return {**{key: value for key, value in record.items() if key != "chances"}, "ahead": ahead}



def test_the_idle_time_works_out_the_chances_of_the_nearest_rounds_ahead_only_and_one_more_after_a_flip() -> None:
    session = opened()
    ask(session, type="new", players=2, seed=3)
    idle(session, chunk=estimate.ROLLOUTS)
    record = ask(session, type="settings", settings={})["record"]
    assert [("chances" in step) for step in record["ahead"]] == [True] * CHANCES_AHEAD + [False] * (
        AHEAD - CHANCES_AHEAD)
    ask(session, type="flip")
    assert ask(session, type="chances", rollouts=estimate.ROLLOUTS, ahead=True)["ahead"] == 0  # the nearest: the new
    record = ask(session, type="settings", settings={})["record"]
    assert all("chances" in step for step in record["ahead"][:CHANCES_AHEAD])
    assert not any("chances" in step for step in record["ahead"][CHANCES_AHEAD:])

def idle(session: bridge.Session, chunk: int = 20) -> None:
    """The page's idle time after a round: the estimate of the round on screen, then those of the rounds ahead,
    in the page's chunks, until it is told there are none left."""
    while ask(session, type="chances", rollouts=chunk)["done"] < estimate.ROLLOUTS:
        pass
    while ask(session, type="chances", rollouts=chunk, ahead=True)["ahead"]:
        pass


def test_the_pool_holds_enough_openings_of_enough_rounds_of_the_default_game(pool: Path) -> None:
    assert build.OPENINGS_COUNT >= 32
    pool_en = [read(pool, n, "en") for n in range(build.OPENINGS_COUNT)]
    assert all(len(opening["ahead"]) == AHEAD for opening in pool_en)
    default = {"players": 2, "order": "shuffled", "face_down": 1, "peace": False, "jokers": False, "only_tied": False}
    assert all(opening["board"]["deal"] == {"seed": opening["game"]["seed"], **default} for opening in pool_en)
    assert len({opening["game"]["seed"] for opening in pool_en}) == build.OPENINGS_COUNT
    assert f"= {build.OPENINGS_COUNT};" in (pool / build.OPENINGS_SCRIPT).read_text()


def test_an_opening_is_one_file_per_language_with_the_same_game_and_win_chances_in_each(pool: Path) -> None:
    files = sorted(path.name for path in (pool / "openings").iterdir())
    assert files == sorted(f"{n}.{lang}.json" for n in range(build.OPENINGS_COUNT) for lang in LANGS)
    english, bengali = read(pool, 0, "en"), read(pool, 0, "bn")
    assert bengali["board"]["lang"] == "bn" and bengali["ahead"][0]["line"] != english["ahead"][0]["line"]
    assert bengali["game"] == english["game"] and bengali["chances"] == english["chances"]
    assert [step.get("chances") for step in bengali["ahead"]] == [step.get("chances") for step in english["ahead"]]


@pytest.mark.parametrize("number", sampled(range(build.OPENINGS_COUNT)))
@pytest.mark.parametrize("lang", LANGS)
def test_an_opening_is_what_the_live_bridge_answers_round_by_round(pool: Path, lang: str, number: int) -> None:
    opening = read(pool, number, lang)
    session = opened(lang)
    dealt = ask(session, type="new", players=2, seed=opening["game"]["seed"], settings={})
    assert without_id(dealt["record"]) | {"savedAt": 0} == without_chances(opening)
    for step in opening["ahead"]:
        answer = ask(session, type="flip")
        assert {"board": answer["record"]["board"], "line": answer["line"]} == without_chances(
            {"ahead": [step]})["ahead"][0]


@pytest.mark.parametrize("number", sampled([0, build.OPENINGS_COUNT - 1]))
def test_the_win_chances_of_an_opening_are_those_the_live_bridge_works_out_in_the_pages_idle_time(
        pool: Path, number: int) -> None:
    opening = read(pool, number, "sw")  # the chances are worked out once, for every language
    assert opening["chances"]["round"] == 0 and opening["chances"]["done"] == estimate.ROLLOUTS
    known = opening["ahead"][:CHANCES_AHEAD]
    assert all(step["chances"]["round"] == step["board"]["round"] for step in known)
    assert not any("chances" in step for step in opening["ahead"][CHANCES_AHEAD:])  # the engine's, later
    session = opened("sw")
    ask(session, type="new", players=2, seed=opening["game"]["seed"], settings={})
    idle(session)
    assert without_id(ask(session, type="settings", settings={})["record"]) | {"savedAt": 0} == opening
    for step in known:
        ask(session, type="flip")
        assert ask(session, type="chances", rollouts=1) == {"ok": True, **step["chances"]}  # made ahead: at once
