"""Each game has an id from its deal to its end, in every record and in its history entry (site/webapp/bridge.py),
so that the page adds a finished game to the statistics once, however often its end is stored."""

from __future__ import annotations

from krig.webapp import history

from bridge_helpers import ask, opened


def finished(seed: int = 4) -> tuple[dict, dict]:
    """A game dealt, flipped once and finished: its first record and the answer that ended it."""
    session = opened()
    first = ask(session, type="new", players=2, seed=seed)["record"]
    ask(session, type="flip")
    return first, ask(session, type="finish")


def test_a_game_keeps_its_id_from_the_deal_to_its_history_entry() -> None:
    first, end = finished()
    assert len(first["id"]) == 16 and end["record"]["id"] == first["id"] == end["history"]["id"]


def test_every_deal_is_a_new_game_with_a_new_id_even_of_the_same_seed() -> None:
    ids = {finished(seed=4)[0]["id"] for _ in range(20)}
    assert len(ids) == 20


def test_a_restored_game_keeps_its_id() -> None:
    first, _ = finished()
    assert ask(opened(), type="restore", record=first)["record"]["id"] == first["id"]


def test_a_record_without_a_sound_id_is_given_a_new_one() -> None:
    first, _ = finished()
    for bad in (None, "", 7, "x" * 65):
        record = {**first, "id": bad} if bad is not None else {k: v for k, v in first.items() if k != "id"}
        restored = ask(opened(), type="restore", record=record)["record"]["id"]
        assert isinstance(restored, str) and len(restored) == 16 and restored != first["id"]


def test_a_stored_game_that_ended_comes_back_with_the_entry_it_had() -> None:
    """If the history lacks it (a crash, an older site), the page adds this entry: the same id, the same end."""
    _, end = finished()
    again = ask(opened(), type="restore", record=end["record"])
    assert again["history"] == end["history"]


def test_a_version_3_record_that_ended_has_the_id_of_its_version_2_entry() -> None:
    _, end = finished()
    old_record = {k: v for k, v in end["record"].items() if k != "id"} | {"version": 3}
    old_entry = {k: v for k, v in end["history"].items() if k != "id"} | {"version": 2}
    again = ask(opened(), type="restore", record=old_record)
    (migrated,) = history.migrate_history([old_entry])
    assert again["history"]["id"] == migrated["id"] == f"saved-{end['record']['savedAt']}"


def test_an_unfinished_game_brings_no_history_entry() -> None:
    first, _ = finished()
    assert "history" not in ask(opened(), type="restore", record=first)
