"""Arbitrary JSON (and non-JSON) into the bridge's restore and import: a clear refusal or a valid record, never a
crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from krig import Game
from krig.webapp import bridge, records

ROOT = Path(__file__).resolve().parents[2]
SAVES = ROOT / "tests" / "fixtures" / "saves"
SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8),
                                                                                        inner, max_size=5),
                    max_leaves=30)
REAL = json.loads((SAVES / "v1.json").read_text())
FIELDS = sorted({*REAL, *REAL["game"]})


def restore(kind: str = "restore", **request: object) -> dict:
    """One restore (or import) request through the worker's JSON text path, on a session that holds a game."""
    bridge.SESSION = session = bridge.Session()
    before = json.loads(bridge.handle(json.dumps({"type": "new", "players": 2, "seed": 1})))["record"]
    answer = json.loads(bridge.handle(json.dumps({"type": kind, **request})))
    if not answer["ok"]:
        after = session.answer()["record"]
        assert {**after, "savedAt": 0} == {**before, "savedAt": 0}  # the game on screen is untouched
    return answer


def check(answer: dict) -> None:
    if answer["ok"]:
        record = answer["record"]
        assert Game.from_dict(record["game"]).to_dict() == record["game"]
        assert record["board"]["counts"] == [len(hand) for hand in record["game"]["hands"]]
        assert json.loads(json.dumps(record)) == record
    else:
        assert answer["error"]["kind"] in ("damaged", "request"), answer
        assert answer["error"]["message"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(JSON)
def test_any_json_as_a_record_or_a_save(data: object) -> None:
    check(restore(record=data))
    check(restore("import", file=data))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(FIELDS), JSON)
def test_a_real_record_with_one_field_replaced(field: str, value: object) -> None:
    record = json.loads(json.dumps(REAL))
    target = record if field in record else record["game"]
    target[field] = value
    check(restore(record=record))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_text_as_the_request(text: str) -> None:
    answer = json.loads(bridge.handle(text))
    assert answer["ok"] or answer["error"]["kind"] in ("damaged", "request")


def test_oversize_and_deep_input_is_refused_before_parsing() -> None:
    huge = json.dumps({"type": "restore", "record": {**REAL, "junk": "x" * (5 * 1024 * 1024)}})
    answer = json.loads(bridge.handle(huge))
    assert answer["error"] == {"kind": "request", "code": "too-big", "message": answer["error"]["message"]}
    deep = '{"type": "restore", "record": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert json.loads(bridge.handle(deep))["error"]["kind"] == "request"


def test_the_real_record_restores_with_its_migrated_record() -> None:
    answer = restore(record=REAL)
    assert answer["ok"] and answer["record"]["board"]["round"] == REAL["game"]["rounds"]
    migrated = records.migrate(REAL)
    game = Game.from_dict(REAL["game"]).to_dict()  # the same game, in the engine's current save version
    deal = {"seed": REAL["game"]["seed"], "players": REAL["game"]["players"], "order": REAL["game"]["order"],
            "face_down": 1, "peace": False, "jokers": False, "only_tied": False}
    # its deal and wars, which it lacked, and its round's cards in today's form (no war: no card face down)
    cards = [{**seat, "down": [[]], "last": [[]]} for seat in migrated["board"]["cards"]]
    board = {**migrated["board"], "announce": "", "deal": deal, "wars": 0, "cards": cards}
    kept = {key: value for key, value in answer["record"].items() if key != "ahead"}  # the rounds ahead are new
    assert kept == {**migrated, "game": game, "board": board, "savedAt": answer["record"]["savedAt"]}
    newer = restore(record={**REAL, "version": records.VERSION + 1})
    assert newer["error"]["kind"] == "damaged" and newer["error"]["code"] == "newer"
