"""The house rules through the bridge (docs/rules.md R13–R17): new games and the simulator take them as the page's
deal settings (a toggle each, by the settings table's names), and a record or a save that carries them comes back
as it was, restored, imported or watched again."""

from __future__ import annotations

import pytest

from krig import Game, HouseRules, simulate
from krig.webapp import bridge
from krig.webapp.narrate import Narrator, narrate

from bridge_helpers import ask, opened


@pytest.fixture
def session() -> bridge.Session:
    return opened()


def test_r17_a_new_game_takes_the_house_rules_from_the_deal_settings(session: bridge.Session) -> None:
    answer = ask(session, type="new", players=4, seed=3, face_down=5, jokers=True, only_tied=True, peace=False)
    game = answer["record"]["game"]
    assert (game["version"], game["house"], game["face_down"]) == (3, ["jokers", "only-tied"], 5)
    assert answer["record"]["board"]["counts"] == [13, 13, 13, 13]
    assert answer["record"]["board"]["deal"] == {"seed": 3, "players": 4, "order": "shuffled", "face_down": 5,
                                                 "peace": False, "jokers": True, "only_tied": True}
    refused = ask(session, type="new", players=2, seed=3, peace=True, jokers=True)
    assert refused["error"]["kind"] == "request" and "do not go together" in refused["error"]["message"]
    assert ask(session, type="new", players=2, seed=3, peace="yes")["error"]["kind"] == "request"


@pytest.mark.parametrize("house", [["peace"], ["jokers"], ["only-tied"], ["jokers", "only-tied"]])
def test_r17_a_record_with_house_rules_is_restored_and_imported_as_it_was(session: bridge.Session,
                                                                          house: list[str]) -> None:
    toggles = {name.replace("-", "_"): True for name in house}
    stored = ask(session, type="new", players=3, seed=12, face_down=3, **toggles)["record"]
    while stored["game"]["rounds"] < 12 and not stored["board"]["over"]:
        stored = ask(session, type="flip")["record"]
    restored = ask(bridge.Session(), type="restore", record=stored)["record"]
    assert {**restored, "savedAt": 0, "board": unsaid(restored)} == {**stored, "savedAt": 0, "board": unsaid(stored)}
    imported = ask(bridge.Session(), type="import", file=stored["game"])["record"]
    assert imported["game"] == stored["game"] and imported["board"]["counts"] == stored["board"]["counts"]
    watched = ask(bridge.Session(), type="replay", game=stored["game"])
    assert watched["rounds"] == stored["game"]["rounds"]


def unsaid(record: dict) -> dict:
    """The board of a record without the sentence for screen readers, which a record does not keep."""
    return {key: value for key, value in record["board"].items() if key != "announce"}


def test_r17_the_simulator_plays_the_house_rules(session: bridge.Session) -> None:
    batch = ask(session, type="simulate", players=3, games=30, seed=9, peace=True, only_tied=True)
    assert batch["rounds"] == simulate(3, 30, seed=9, house=["peace", "only-tied"]).rounds
    assert ask(session, type="simulate", players=2, games=5, seed=9, peace=1)["error"]["kind"] == "request"


def test_r16_four_face_down_cards_in_played_order_are_not_offered(session: bridge.Session) -> None:
    answer = ask(session, type="new", players=2, seed=6, order="played", face_down=4)
    assert answer["error"]["code"] == "unoffered"
    assert ask(session, type="new", players=2, seed=6, order="played", face_down=5)["ok"] is True


def test_r14_the_jokers_are_named_and_r13_a_peace_war_is_a_tie_at_the_lowest_card() -> None:
    joker = Game.from_hands([["RJ", "2C", "3C"], ["BJ", "4D", "5D"]], return_order="played",
                            house=HouseRules(jokers=True))
    assert narrate(Narrator("en"), joker, joker.play_round(), None)[0].startswith("Tie on jokers: war!")
    assert Narrator("fr").card("BJ") == "joker noir"
    peace = Game.from_hands([["3C", "AC", "9C", "2S"], ["3D", "AD", "4D"], ["KH", "QH", "8H"]],
                            return_order="played", house=HouseRules(peace=True))
    assert narrate(Narrator("en"), peace, peace.play_round(), None)[0].startswith("Tie on 3s: war!")
