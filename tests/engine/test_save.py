"""Saves: size, exact continuation, and rejection of anything malformed or tampered with.

Over 300 lines: every way a save is refused (tampered fields, junk, fuzzed JSON) beside the saves that must load."""

from __future__ import annotations

import copy
import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krig import Game, Refusal, SaveError
from krig.cards import CODES
from krig.save import FIELDS, HOUSE_VERSION, MIGRATIONS, VERSION

from engine_helpers import play_all


def compact(data: dict) -> str:
    return json.dumps(data, separators=(",", ":"))


def saved_game(
    players: int = 2, order: str = "shuffled", rounds: int = 10, seed: int = 1, face_down: int = 1
) -> Game:
    game = Game.new(players, seed=seed, return_order=order, face_down=face_down)
    for _ in range(rounds):
        if not game.over:
            game.play_round()
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_save_is_small(players: int) -> None:
    game = saved_game(players, rounds=30, seed=2**64 - 1)
    assert len(compact(game.to_dict())) < 1024
    deck = [CODES[i * 7 % 52] for i in range(52)]
    deck_game = Game.from_deck(deck, players, seed=2**64 - 1)
    for _ in range(30):
        deck_game.play_round()
    assert isinstance(deck_game.to_dict()["deal"], list)
    assert len(compact(deck_game.to_dict())) < 1024


def test_save_example_shape() -> None:
    data = saved_game(rounds=3).to_dict()
    assert list(data) == list(FIELDS)
    assert data["version"] == VERSION == 2
    assert data["face_down"] == 1
    assert data["deal"] == "seed"
    assert data["rounds"] == 3
    assert json.loads(compact(data)) == data


def test_explicit_deals_are_saved() -> None:
    game = Game.from_hands([["AS", "3C"], ["KS", "2D"]], return_order="played", seed=4)
    game.play_round()
    data = game.to_dict()
    assert data["deal"] == [["AS", "3C"], ["KS", "2D"]]
    assert Game.from_dict(json.loads(compact(data))).to_dict() == data


@pytest.mark.parametrize("order", ["shuffled", "played"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_restored_game_continues_exactly(players: int, order: str) -> None:
    game = saved_game(players, order, rounds=40, seed=players)
    restored = Game.from_dict(json.loads(compact(game.to_dict())))
    assert restored.hands == game.hands and restored.round_number == game.round_number
    assert [r.to_dict() for r in play_all(restored)] == [r.to_dict() for r in play_all(game)]
    assert restored.to_dict() == game.to_dict()
    assert (restored.result, restored.winner) == (game.result, game.winner)


def test_restored_played_order_game_keeps_its_repetition_history() -> None:
    game = Game.from_hands([["3C", "2D"], ["2C", "3D"]], return_order="played")
    game.play_round()
    restored = Game.from_dict(game.to_dict())
    play_all(restored)
    assert (restored.result, restored.round_number) == ("repetition", 4)


def test_finished_games_and_draws_round_trip() -> None:
    for hands in ([["KS", "2C"], ["KH"]], [["AS"], ["2C"]]):
        game = Game.from_hands(hands, seed=3)
        game.finish()
        restored = Game.from_dict(game.to_dict())
        assert (restored.result, restored.table, restored.over) == (
            game.result,
            game.table,
            True,
        )


def mutate(data: dict, path: tuple, value: object) -> dict:
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


DELETE = object()
BASE = saved_game(3, rounds=25, seed=9).to_dict()
SET_ASIDE = Game.new(3, seed=9).set_aside
EXPLICIT = Game.from_hands([["AS", "3C", "9H"], ["KS", "2D", "4C"]], seed=2).to_dict()
DECK = Game.from_deck([CODES[i * 7 % 52] for i in range(52)], 3, seed=4).to_dict()
THREE_DOWN = saved_game(2, rounds=60, seed=1, face_down=3).to_dict()  # with wars, so the variant shows


@pytest.mark.parametrize(
    ("data", "path", "value", "message"),
    [
        (BASE, ("hands", 0, 0), "ZZ", "card code"),
        (BASE, ("hands", 0, 0), BASE["hands"][1][0], "duplicated|do not match"),
        (BASE, ("hands", 0, 1), BASE["hands"][0][0], "duplicated"),
        (BASE, ("hands", 0, 0), SET_ASIDE, "do not match"),
        (BASE, ("set_aside",), SET_ASIDE, "unknown field 'set_aside'"),
        (BASE, ("rounds",), 24, "do not match|rng"),
        (BASE, ("rounds",), 10**400, "rounds"),
        (BASE, ("rounds",), -1, "rounds"),
        (BASE, ("rounds",), 25.0, "rounds"),
        (BASE, ("rounds",), True, "rounds"),
        (BASE, ("seed",), 10, "do not match"),
        (BASE, ("seed",), -3, "seed"),
        (BASE, ("seed",), "9", "seed"),
        (BASE, ("players",), 5, "players"),
        (BASE, ("players",), 2, "hands must be a list of 2"),
        (BASE, ("order",), "played", "match"),
        (BASE, ("order",), ["shuffled"], "order"),
        (BASE, ("face_down",), 4, "face_down must be 1, 2 or 3"),
        (BASE, ("face_down",), 0, "face_down"),
        (BASE, ("face_down",), "1", "face_down"),
        (BASE, ("face_down",), True, "face_down"),
        (BASE, ("face_down",), DELETE, "missing field 'face_down'"),
        (THREE_DOWN, ("face_down",), 1, "do not match"),
        (THREE_DOWN, ("face_down",), 2, "do not match"),
        (BASE, ("rng",), ["0", "0", 0], "rng"),
        (BASE, ("rng",), "junk", "rng"),
        (BASE, ("rng", 2), True, "rng"),
        (BASE, ("table",), ["AS"], "table|duplicated|match"),
        (BASE, ("hands",), [["AS"] * 60, [], []], "more than 52"),
        (BASE, ("version",), 999, "newer version"),
        (BASE, ("version",), 0, "version"),
        (BASE, ("version",), "1", "version"),
        (BASE, ("version",), DELETE, "version"),
        (BASE, ("deal",), DELETE, "missing field 'deal'"),
        (BASE, ("deal",), "sead", "deal"),
        (BASE, ("extra",), 1, "unknown field 'extra'"),
        (EXPLICIT, ("deal", 0, 0), "QH", "match"),
        (EXPLICIT, ("deal", 1, 0), "AS", "more than one hand"),
        (EXPLICIT, ("deal",), [["AS"], ["KS"], ["QS"]], "deal has 3 hands for 2 players"),
        (DECK, ("deal", 0), "AS", "duplicated"),
        (DECK, ("deal", 0), "ZZ", "card code"),
        (DECK, ("deal", 51), "2C", "duplicated"),
        (DECK, ("deal", 51), DELETE, "2, 3 or 4 hands"),
        (DECK, ("players",), 4, "do not match|hands must be a list of 4"),
        (EXPLICIT, ("deal",), [[], []], "no cards"),
        (EXPLICIT, ("deal", 0), "AS", "list of card codes"),
    ],
)
def test_tampered_saves_are_refused_with_a_reason(
    data: dict, path: tuple, value: object, message: str
) -> None:
    with pytest.raises(SaveError, match=message):
        Game.from_dict(mutate(data, path, value))


@pytest.mark.parametrize(
    "junk",
    [None, 1, "save", [], [BASE], math.nan, 10**5000, b"x", {"version": math.inf}],
    ids=lambda v: type(v).__name__,
)
def test_non_saves_are_refused(junk: object) -> None:
    with pytest.raises(SaveError):
        Game.from_dict(junk)


def test_save_error_is_a_value_error() -> None:
    assert issubclass(SaveError, ValueError)


@pytest.mark.parametrize(
    ("data", "kind"),
    [
        (None, Refusal.NOT_A_SAVE),
        ("a save", Refusal.NOT_A_SAVE),
        ([BASE], Refusal.NOT_A_SAVE),
        ({}, Refusal.NOT_A_SAVE),
        ({"name": "krig", "version": "1.0.0"}, Refusal.NOT_A_SAVE),  # some other program's JSON
        ({"version": 2, "title": "not ours"}, Refusal.NOT_A_SAVE),
        ({"version": HOUSE_VERSION + 1}, Refusal.NEWER),
        (mutate(BASE, ("version",), 10**40), Refusal.NEWER),
        (mutate(BASE, ("version",), 0), Refusal.DAMAGED),
        (mutate(BASE, ("extra",), 1), Refusal.DAMAGED),
        (mutate(BASE, ("rng",), DELETE), Refusal.DAMAGED),
        (mutate(BASE, ("hands", 0, 0), "ZZ"), Refusal.DAMAGED),
        (mutate(BASE, ("rounds",), 24), Refusal.DAMAGED),
        (mutate(EXPLICIT, ("deal", 1, 0), "AS"), Refusal.DAMAGED),
        (mutate(THREE_DOWN, ("face_down",), 1), Refusal.DAMAGED),
    ],
)
def test_every_refusal_has_a_kind_a_person_can_act_on(data: object, kind: Refusal) -> None:
    with pytest.raises(SaveError) as refused:
        Game.from_dict(data)
    assert refused.value.kind is kind
    assert str(refused.value)  # the English detail, for the console and the exported file


def test_the_kinds_of_refusal_are_a_small_fixed_set() -> None:
    assert [kind.value for kind in Refusal] == ["not-a-save", "newer", "damaged", "too-big"]
    assert SaveError("anything").kind is Refusal.DAMAGED


def test_huge_inputs_fail_fast() -> None:
    data = mutate(BASE, ("hands", 0), ["2C"] * 5_000_000)
    with pytest.raises(SaveError, match="more than 52"):
        Game.from_dict(data)
    with pytest.raises(SaveError, match="rounds"):
        Game.from_dict(mutate(BASE, ("rounds",), 10_000_001))


def test_deeply_nested_junk_is_refused() -> None:
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    for key in FIELDS:
        with pytest.raises(SaveError):
            Game.from_dict(mutate(BASE, (key,), deep))


def test_migrations_are_applied_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    import krig.save as save

    old = {k: v for k, v in BASE.items() if k != "rounds"} | {
        "version": VERSION,
        "played": BASE["rounds"],
    }
    monkeypatch.setattr(save, "VERSION", VERSION + 1)
    monkeypatch.setitem(
        MIGRATIONS,
        VERSION,
        lambda d: {k: v for k, v in d.items() if k != "played"} | {"rounds": d["played"], "version": VERSION + 1},
    )
    game = Game.from_dict(old)
    assert game.round_number == BASE["rounds"]
    monkeypatch.setitem(MIGRATIONS, VERSION, lambda d: d["nope"])
    with pytest.raises(SaveError, match=f"cannot migrate a version {VERSION} save"):
        Game.from_dict(old)


def version_1(save: dict) -> dict:
    """A save as version 1 wrote it: no face_down, the seeds' one card."""
    return {k: v for k, v in save.items() if k != "face_down"} | {"version": 1}


@pytest.mark.parametrize("original", [BASE, EXPLICIT, DECK], ids=["seed", "hands", "deck"])
def test_version_1_saves_load_with_one_face_down_card(original: dict) -> None:
    game = Game.from_dict(version_1(original))
    assert game.face_down == 1
    assert game.to_dict() == original
    assert MIGRATIONS[1](version_1(original)) == original


@pytest.mark.parametrize("face_down", [2, 3])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_variant_is_saved_and_restored(players: int, face_down: int) -> None:
    game = saved_game(players, rounds=40, seed=players, face_down=face_down)
    data = game.to_dict()
    assert data["face_down"] == face_down
    restored = Game.from_dict(json.loads(compact(data)))
    assert restored.face_down == face_down
    assert [r.to_dict() for r in play_all(restored)] == [r.to_dict() for r in play_all(game)]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


def check(data: object) -> None:
    """``from_dict`` gives ``SaveError`` or a sound game that saves and loads the same."""
    try:
        game = Game.from_dict(data)
    except SaveError as error:
        assert isinstance(error.kind, Refusal)
        return
    cards = [card for hand in game.hands for card in hand] + game.table
    assert len(set(cards)) == len(cards)
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(json_values)
def test_fuzz_any_json_is_a_save_error_or_a_game(data: object) -> None:
    check(data)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=len(FIELDS)))
def test_fuzz_saves_with_the_right_keys(data: dict) -> None:
    check(data)


paths = st.sampled_from(
    [(key,) for key in FIELDS]
    + [("hands", seat, i) for seat in range(3) for i in (0, 1, 5)]
    + [("hands", seat) for seat in range(3)]
    + [("deal", i) for i in (0, 1, 2, 51)]
    + [("deal", 0, 0), ("deal", 1)]
    + [("rng", i) for i in range(3)]
)
values = st.one_of(
    json_values,
    st.sampled_from(["AS", "10H", "2C", "QD", "KH", SET_ASIDE, "seed", "played", "shuffled"]),
    st.integers(-5, 60),
    st.just(DELETE),
    st.just(10**100),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([BASE, EXPLICIT, DECK, THREE_DOWN]), st.lists(st.tuples(paths, values), min_size=1, max_size=3))
def test_fuzz_mutations_of_a_real_save(original: dict, changes: list) -> None:
    data = copy.deepcopy(original)
    for path, value in changes:
        try:
            data = mutate(data, path, value)
        except (IndexError, KeyError, TypeError):
            continue
    check(data)
