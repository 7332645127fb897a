"""What the page stores, across site versions: fixtures of every version of the record and of the finished games
load through records.migrate and history.migrate_history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from krig import Game, Refusal, SaveError, save
from krig.webapp import history, records

from bridge_helpers import ask, opened

ROOT = Path(__file__).resolve().parents[2]
SAVES = ROOT / "tests" / "fixtures" / "saves"
FIXTURES = sorted(SAVES.glob("v*.json"))
HISTORY = sorted((ROOT / "tests" / "fixtures" / "history").glob("v*.json"))


def fixture(version: int) -> dict:
    return json.loads((SAVES / f"v{version}.json").read_text())


def test_there_is_a_fixture_for_every_version() -> None:
    assert [path.stem for path in FIXTURES] == [f"v{n}" for n in range(1, records.VERSION + 1)]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_every_version_loads_in_the_current_site(path: Path) -> None:
    saved = json.loads(path.read_text())
    record = records.migrate(saved)
    assert record["version"] == records.VERSION
    assert isinstance(record["log"], list)
    moved = ("version", "log", "board", "comeback", "id")
    assert {k: v for k, v in record.items() if k not in moved} == \
        {k: v for k, v in saved.items() if k not in moved}  # nothing else changes
    assert record["id"] == saved.get("id", f"saved-{saved['savedAt']}")
    assert record["board"] == {k: v for k, v in saved["board"].items() if k != "low"}
    assert record["comeback"] == saved.get("comeback", saved["board"].get("low"))
    game = Game.from_dict(record["game"])
    assert game.to_dict() == save.migrate(saved["game"])  # the engine's save has versions of its own
    game.play_round()  # and the game goes on


@pytest.mark.parametrize("path", FIXTURES, ids=lambda path: path.stem)
def test_a_board_of_every_version_is_given_its_games_deal_when_restored(path: Path) -> None:
    saved = json.loads(path.read_text())
    assert "deal" not in saved["board"]  # stored before boards carried their deal
    board = ask(opened(), type="restore", record=saved)["record"]["board"]
    game = saved["game"]  # dealt before the face-down cards and the house rules were settings: one card, none
    assert board["deal"] == {"seed": game["seed"], "players": game["players"], "order": game["order"],
                             "face_down": 1, "peace": False, "jokers": False, "only_tied": False}
    assert board["round"] == game["rounds"]
    # the round it showed, drawn again by the engine (in today's form: a list of cards face down per step)
    assert [seat["up"] for seat in board["cards"]] == [seat["up"] for seat in saved["board"]["cards"]]


def test_version_1_gains_an_empty_log() -> None:
    assert records.add_empty_log(fixture(1))["log"] == []
    assert records.MIGRATIONS == {1: records.add_empty_log, 2: records.name_the_comeback, 3: records.name_the_game}


def test_version_2_names_the_comeback() -> None:
    saved = fixture(2)
    record = records.name_the_comeback(saved)
    assert record["comeback"] == saved["board"]["low"] and "low" not in record["board"]
    assert records.name_the_comeback({**saved, "board": "junk"})["comeback"] is None
    assert records.name_the_comeback({k: v for k, v in saved.items() if k != "board"})["comeback"] is None


def test_version_3_names_the_game_by_when_it_was_saved_as_its_history_entry_by_when_it_ended() -> None:
    """An older site stored a finished game's last record and its entry with the same time: the same id."""
    game = Game.new(2, seed=2)
    game.finish()
    saved = {**fixture(3), "game": game.to_dict(), "savedAt": 1796117360578}
    entry = {k: v for k, v in history.finished_game("", game, 4, 1796117360578).items() if k != "id"}
    (named,) = history.migrate_history([{**entry, "version": 2}])
    assert records.name_the_game(saved)["id"] == named["id"] == "saved-1796117360578"


def test_a_current_record_is_left_as_it_is() -> None:
    record = {**fixture(1), "version": records.VERSION, "log": [{"round": 1}]}
    assert records.migrate(record) == record


@pytest.mark.parametrize(("record", "message"), [
    ({**fixture(1), "version": records.VERSION + 1}, "newer version of Krig"),
    ({**fixture(1), "version": 10**40}, "newer version of Krig"),
])
def test_a_newer_sites_record_is_refused_as_newer(record: dict, message: str) -> None:
    with pytest.raises(records.NewerRecordError, match=message) as refused:
        records.migrate(record)
    assert refused.value.kind is Refusal.NEWER


@pytest.mark.parametrize(("record", "message"), [
    ("{not json", "JSON object"),
    (None, "JSON object"),
    ([fixture(1)], "JSON object"),
    ({**fixture(1), "version": 0}, "version"),
    ({**fixture(1), "version": "1"}, "version"),
    ({**fixture(1), "version": True}, "version"),
    ({k: v for k, v in fixture(1).items() if k != "version"}, "version"),
    ({k: v for k, v in fixture(1).items() if k != "game"}, "no game"),
    ({**fixture(2), "log": "round 1"}, "log must be a list"),
    ({**fixture(2), "log": [{}] * (records.MAX_LOG + 1)}, "more than"),
])
def test_a_broken_record_is_refused_with_a_reason(record: object, message: str) -> None:
    with pytest.raises(records.RecordError, match=message) as refused:
        records.migrate(record)
    kind = Refusal.NOT_A_SAVE if not isinstance(record, dict) else Refusal.DAMAGED
    assert refused.value.kind is kind


@pytest.mark.parametrize(("game", "kind", "message"), [
    ({}, Refusal.DAMAGED, "version must be an int"),  # no save at all, but inside a record of ours
    ({"version": 1, "players": 9}, Refusal.DAMAGED, "missing field"),
    ({**fixture(2)["game"], "players": 9}, Refusal.DAMAGED, "players"),
    ({**fixture(2)["game"], "version": 99}, Refusal.NEWER, "newer version"),
])
def test_a_records_game_that_cannot_be_loaded_gives_the_records_refusal(
    game: dict, kind: Refusal, message: str
) -> None:
    with pytest.raises(records.RecordError, match=message) as refused:
        records.load({**fixture(2), "game": game})
    assert refused.value.kind is kind


def test_record_errors_are_save_errors() -> None:
    """The bridge reports every SaveError as a damaged save, so a broken record is reported the same way."""
    assert issubclass(records.NewerRecordError, records.RecordError)
    assert issubclass(records.RecordError, SaveError)


def test_load_tells_a_record_from_a_bare_engine_save() -> None:
    saved = fixture(1)
    record, game = records.load(saved)
    assert record is not None and game == saved["game"]
    assert records.load(saved["game"]) == (None, saved["game"])  # an exported file
    assert records.load("junk") == (None, "junk")  # the engine refuses it with its own reason


def test_there_is_a_history_fixture_for_every_version() -> None:
    assert [path.stem for path in HISTORY] == [f"v{n}" for n in range(history.HISTORY_VERSION + 1)]


@pytest.mark.parametrize("path", HISTORY, ids=lambda path: path.stem)
def test_finished_games_of_every_version_load_in_the_current_site(path: Path) -> None:
    stored = json.loads(path.read_text())
    games = history.migrate_history(stored)
    assert len(games) == len(stored) > 0
    for game, old in zip(games, stored, strict=True):
        assert game["version"] == history.HISTORY_VERSION
        assert game["comeback"] in (None, old.get("comeback", old.get("low"))) and "low" not in game
        if game["comeback"] is not None:
            assert game["result"] == "win" and game["winner"] == 0
        assert game["id"] == old.get("id", f"saved-{old['endedAt']}")
        assert {k: v for k, v in game.items() if k not in ("version", "comeback", "id")} == \
            {k: v for k, v in old.items() if k not in ("version", "comeback", "low", "id")}
    assert history.migrate_history(games) == games  # current entries are left as they are


def test_what_is_not_a_finished_game_is_dropped_and_a_newer_one_kept() -> None:
    (game, *_) = json.loads(HISTORY[-1].read_text())
    newer = {**game, "version": history.HISTORY_VERSION + 1, "replay": [1, 2]}
    junk = [None, "game", 3, [game], {**game, "version": "1"}, {**game, "version": -1}, {**game, "version": True}]
    assert history.migrate_history([*junk, newer]) == [newer]
    assert history.migrate_history({"games": [game]}) == []


def test_a_finished_game_is_recorded_in_the_current_version() -> None:
    game = Game.new(2, seed=2)
    game.finish()
    entry = history.finished_game("5d0c7a19e2b84f36", game, 21, 5)
    assert entry == {"version": history.HISTORY_VERSION, "id": "5d0c7a19e2b84f36", "players": 2,
                     "result": game.result, "winner": game.winner,
                     "rounds": game.round_number, "comeback": 21, "endedAt": 5, "game": game.to_dict()}
    assert history.migrate_history([entry]) == [entry]


def test_a_comeback_is_a_game_you_won_after_holding_fewer_cards_than_you_were_dealt() -> None:
    won, lost = Game.new(2, seed=2), Game.new(2, seed=1)
    won.finish()
    lost.finish()
    assert (won.winner, lost.winner) == (0, 1)
    assert history.finished_game("a", won, 25, 5)["comeback"] == 25
    assert history.finished_game("a", won, 26, 5)["comeback"] is None  # never under the 26 dealt
    assert history.finished_game("a", lost, 3, 5)["comeback"] is None
    jokers = Game.new(2, seed=1, house=["jokers"])
    jokers.finish()
    assert jokers.winner == 0
    assert history.finished_game("a", jokers, 26, 5)["comeback"] == 26  # under the 27 dealt with the jokers


def test_a_version_3_entry_keeps_its_comeback_only_if_you_trailed_by_its_own_deal() -> None:
    jokers = Game.new(2, seed=1, house=["jokers"])
    jokers.finish()
    entry = {"version": 3, "id": "a", "players": 2, "result": "win", "winner": 0, "rounds": 9, "endedAt": 1}
    migrate = history.only_comebacks
    assert migrate({**entry, "comeback": 25})["comeback"] == 25
    assert migrate({**entry, "comeback": 26})["comeback"] is None  # a plain deck's 26 each, without its game
    assert migrate({**entry, "comeback": 26, "game": jokers.to_dict()})["comeback"] == 26  # 27 each
    assert migrate({**entry, "comeback": 3, "winner": 1})["comeback"] is None
    assert migrate({**entry, "comeback": 3, "players": 7})["comeback"] is None
    assert migrate({**entry, "comeback": 3, "game": "junk"})["comeback"] == 3
    assert migrate({**entry, "comeback": "3"}) == {**entry, "comeback": None, "version": 4}


def test_a_finished_games_entry_keeps_what_a_replay_needs() -> None:
    game = Game.new(3, seed=8, return_order="played", face_down=3)
    game.finish()
    kept = history.finished_game("a", game, 4, 5)["game"]
    start = Game.from_dict(kept).at_deal()  # the deal, the seed, the variant, the order and the players
    assert start.to_dict() == Game.new(3, seed=8, return_order="played", face_down=3).to_dict()
    start.finish()
    assert start.round_number == game.round_number and start.to_dict() == kept


def test_version_1_of_a_finished_game_has_no_replay() -> None:
    (entry, *_) = json.loads((HISTORY[1]).read_text())
    assert history.without_a_replay(entry) == {**entry, "version": 2}
    assert history.HISTORY_MIGRATIONS == {0: history.name_the_comeback_of_a_game, 1: history.without_a_replay,
                                          2: history.name_the_finished_game, 3: history.only_comebacks}


def test_the_games_of_version_2_entries_are_the_games_they_count() -> None:
    stored = json.loads((HISTORY[2]).read_text())
    with_game = [entry for entry in stored if "game" in entry]
    assert 0 < len(with_game) < len(stored)  # the fixture has entries older than the latest replays too
    for entry in with_game:
        game = Game.from_dict(entry["game"])
        assert (game.players, game.result, game.winner, game.round_number) == (
            entry["players"], entry["result"], entry["winner"], entry["rounds"])


def test_the_history_keeps_the_latest_games_and_the_latest_replays() -> None:
    game = Game.new(2, seed=2)
    game.finish()
    stored = [history.finished_game(str(ended), game, 1, ended) for ended in range(history.HISTORY_LIMIT)]
    kept = history.kept_history(stored, history.finished_game("last", game, 1, history.HISTORY_LIMIT))
    assert [entry["endedAt"] for entry in kept] == list(range(1, history.HISTORY_LIMIT + 1))
    assert ["game" in entry for entry in kept] == \
        [False] * (history.HISTORY_LIMIT - history.REPLAYS_KEPT) + [True] * history.REPLAYS_KEPT
    assert all(entry["rounds"] == game.round_number for entry in kept)  # the figures stay
    assert history.kept_history(kept) == kept


def test_the_history_kept_brings_old_entries_up_to_date_and_drops_junk() -> None:
    old = json.loads(HISTORY[0].read_text())
    newer = {"version": history.HISTORY_VERSION + 1, "game": "theirs"}
    current = {"version": history.HISTORY_VERSION}
    kept = history.kept_history([*old, "junk", newer] + [current] * history.REPLAYS_KEPT, current)
    assert [entry["version"] for entry in kept[:len(old)]] == [history.HISTORY_VERSION] * len(old)
    assert kept[len(old)] == newer  # a newer site's entry is left as it is
    assert len(kept) == len(old) + 1 + history.REPLAYS_KEPT + 1
    assert history.kept_history("junk", None) == [] and history.kept_history(None, current) == [current]
