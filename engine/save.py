"""The save format: a game as plain JSON data, its versions, and every check on reading one.

A save keeps what is needed to *replay* the game: the settings, the seed, the deal and the
number of rounds played. The deal is ``"seed"`` when ``Game.new`` dealt it from the seed,
the deck (52 codes) for ``Game.from_deck``, or the hands for ``Game.from_hands``.
``Game.from_dict`` reads a save with ``Save.from_dict`` (every field checked), deals the
game again, replays the rounds on the fast path and asks ``Save.check_replay`` to compare:
the saved hands, table and generator state must equal the replayed ones. So any tampering
(an invented or duplicated card, an edited hand, a wrong round count or generator state)
is caught, and the R12 history of played order is rebuilt on the way. This module knows
nothing of ``Game``: a save is plain data.

>>> from krig import Game
>>> game = Game.new(2, seed=5)
>>> _ = game.play_round()
>>> data = game.to_dict()
>>> data["version"], data["face_down"], data["deal"], data["rounds"]
(2, 1, 'seed', 1)
>>> Game.from_dict(data).to_dict() == data
True

A game with house rules (R13–R16) is saved as version 3, with the field ``house``; every
other game as version 2, exactly as before house rules existed, so that a save of Krig's own
rules reads the same in every version of Krig, and an older one refuses a save with house
rules as newer rather than as damaged:

>>> data = Game.new(2, seed=5, house=["peace"]).to_dict()
>>> data["version"], data["house"] == ["peace"]
(3, True)

Every refusal is a ``SaveError`` with a ``kind`` (``Refusal``) that a page can say in its
visitor's language; the English message says exactly what is wrong, for the console.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeGuard

from .cards import codes, describe, parse_cards
from .rules import FACE_DOWN, HOUSE_RULES, PLAYERS, STANDARD, HouseRules, Order

VERSION = 2
"""The version of a save of Krig's own rules (R1–R12), and the one older versions are migrated to."""
HOUSE_VERSION = 3
"""The newest version: version 2 with ``house``, the names of the house rules; the version of a save with house
rules (R13–R15) or four or five cards face down (R16)."""
MAX_ROUNDS = 10_000_000
FIELDS = ("version", "players", "order", "face_down", "seed", "deal", "rounds", "hands", "table", "rng")
HOUSE_FIELDS = (*FIELDS[:4], "house", *FIELDS[4:])
OWN_FACE_DOWN = FACE_DOWN[:3]
"""The face-down cards of Krig's own rules (R7), all that a version 2 save can hold."""


class Refusal(StrEnum):
    """Why a save is refused, in words a visitor can act on (the ``kind`` of a ``SaveError``)."""

    NOT_A_SAVE = "not-a-save"
    """It is not a saved game of Krig at all: choose another file."""
    NEWER = "newer"
    """A newer version of Krig wrote it: update the page, then load it again."""
    DAMAGED = "damaged"
    """A save of Krig, but damaged or edited by hand: it cannot be played on; start a new game."""
    TOO_BIG = "too-big"
    """Far too large to be a save (the bridge refuses it before reading it): choose another file."""


class SaveError(ValueError):
    """A save that cannot be loaded: ``kind`` says why (a ``Refusal``), the message the details.

    >>> SaveError("version 9 was saved by a newer version of Krig", Refusal.NEWER).kind
    <Refusal.NEWER: 'newer'>
    """

    def __init__(self, message: str, kind: Refusal = Refusal.DAMAGED) -> None:
        super().__init__(message)
        self.kind = kind


def add_face_down(save: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: the save gains ``face_down``, 1 (the only rule version 1 knew)."""
    return {**save, "face_down": 1, "version": 2}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: add_face_down}
"""``MIGRATIONS[v]`` turns a version ``v`` save into a version ``v + 1`` save.

``migrate`` applies them one after the other up to ``VERSION``.
"""

Rng = tuple[str, str, int]
"""The generator's state as saved: ``[state in hex, buffer in hex, buffered bits]``."""


@dataclass(frozen=True)
class Save:
    """The fields of a save, each checked on its own (``from_dict``), not yet against a replay.

    ``deal`` is ``"seed"``, the deck or the hands, as saved: the ``Game`` constructor that
    deals it again checks it.
    """

    players: int
    order: Order
    face_down: int
    house: HouseRules
    seed: int
    deal: object
    rounds: int
    hands: list[list[str]]
    table: list[str]
    rng: Rng

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, the fields in the order of ``FIELDS`` (under 1 KB for a 52-card game), or of
        ``HOUSE_FIELDS`` for a game with house rules."""
        own = not self.house and self.face_down in OWN_FACE_DOWN
        return {
            "version": VERSION if own else HOUSE_VERSION,
            "players": self.players,
            "order": self.order,
            "face_down": self.face_down,
            **({} if own else {"house": list(self.house.names)}),
            "seed": self.seed,
            "deal": self.deal,
            "rounds": self.rounds,
            "hands": self.hands,
            "table": self.table,
            "rng": list(self.rng),
        }

    @classmethod
    def from_dict(cls, data: object) -> Save:
        """The fields of the save ``data`` (any version), checked; ``SaveError`` saying what is wrong."""
        data = migrate(data)
        house_rules = data["version"] > VERSION
        fields = HOUSE_FIELDS if house_rules else FIELDS
        unknown = [k for k in data if k not in fields]
        _check(not unknown, f"unknown field {_key(unknown[0]) if unknown else ''}", _kind(data))
        missing = [k for k in fields if k not in data]
        _check(not missing, f"missing field {missing[0] if missing else ''!r}", _kind(data))

        players = data["players"]
        _check(_is_int(players) and players in PLAYERS, f"players must be 2, 3 or 4, not {describe(players)}")
        order = data["order"]
        _check(
            isinstance(order, str) and order in Order,
            f"order must be 'shuffled' or 'played', not {describe(order)}",
        )
        face_down = data["face_down"]
        _check(
            _is_int(face_down) and face_down in (FACE_DOWN if house_rules else OWN_FACE_DOWN),
            f"face_down must be 1, 2 or 3{', 4 or 5' if house_rules else ''}, not {describe(face_down)}",
        )
        house = _house(data["house"]) if house_rules else STANDARD
        seed = data["seed"]
        _check(_is_int(seed) and 0 <= seed < 1 << 64, f"seed must be an int from 0 to 2**64 - 1, not {describe(seed)}")
        rounds = data["rounds"]
        _check(_is_int(rounds) and 0 <= rounds <= MAX_ROUNDS, f"rounds must be an int from 0 to {MAX_ROUNDS}")
        hands = _hands(data["hands"], players, house.deck)
        table = _cards(data["table"], "table", house.deck)
        held = [card for hand in hands for card in hand] + table
        _check(len(set(held)) == len(held), "a card is twice in the hands and table (duplicated)")
        rng = data["rng"]
        _check(
            isinstance(rng, list)
            and len(rng) == 3
            and isinstance(rng[0], str)
            and isinstance(rng[1], str)
            and _is_int(rng[2]),
            "rng must be [state in hex, buffer in hex, buffered bits]",
        )
        return cls(
            players,
            Order(order),
            face_down,
            house,
            seed,
            data["deal"],
            rounds,
            [codes(hand) for hand in hands],
            codes(table),
            (rng[0], rng[1], rng[2]),
        )

    def check_dealt(self, players: int) -> None:
        """``SaveError`` unless the deal, dealt again, has a hand for each of the saved players."""
        _check(players == self.players, f"deal has {players} hands for {self.players} players")

    def check_replay(self, rounds: int, hands: list[list[str]], table: list[str], rng: Rng) -> None:
        """``SaveError`` unless the game replayed from the deal ends where the save says."""
        _check(rounds == self.rounds, f"the game ended after {rounds} rounds, not {self.rounds}")
        _check(hands == self.hands, "hands do not match the replayed game (tampered?)")
        _check(table == self.table, "table does not match the replayed game (tampered?)")
        _check(rng == self.rng, "rng state does not match the replayed game (tampered?)")


def rng_field(state: tuple[int, int, int]) -> Rng:
    """A generator state (``Rng.getstate()``) as the save writes it."""
    generator, buffer, buffered = state
    return f"{generator:016x}", f"{buffer:x}", buffered


def migrate(data: object) -> dict[str, Any]:
    """``data`` brought up to ``VERSION`` through ``MIGRATIONS``; ``SaveError`` if it cannot be."""
    if not isinstance(data, dict):
        raise SaveError(f"a save must be a JSON object, not {describe(data)}", Refusal.NOT_A_SAVE)
    version = data.get("version")
    if not _is_int(version):
        raise SaveError(f"version must be an int, not {describe(version)}", Refusal.NOT_A_SAVE)
    _check(
        version <= HOUSE_VERSION,
        f"version {describe(version)} was saved by a newer version of Krig; please update",
        Refusal.NEWER,
    )
    _check(version >= 1, f"no such save version: {describe(version)}")
    while version < VERSION:
        try:
            data = MIGRATIONS[version](data)
        except Exception as error:  # a migration sees unvalidated data; report, don't crash
            raise SaveError(f"cannot migrate a version {version} save: {type(error).__name__}") from error
        version += 1
    return data


def _kind(data: dict[str, Any]) -> Refusal:
    """A JSON object with a version but none of a save's other fields is not a save; with some, a damaged one."""
    return Refusal.DAMAGED if any(k in data for k in FIELDS[1:]) else Refusal.NOT_A_SAVE


def _house(value: object) -> HouseRules:
    if not isinstance(value, list) or len(value) > len(HOUSE_RULES):
        raise SaveError(f"house must be a list of house rule names, not {describe(value)}")
    try:
        house = HouseRules.named(value)
    except ValueError as error:
        raise SaveError(f"house: {error}") from None
    _check(len(house.names) == len(value), "house names a house rule twice")
    return house


def _hands(value: object, players: int, deck: int) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != players:
        raise SaveError(f"hands must be a list of {players} hands, not {describe(value)}")
    return [_cards(hand, f"hands[{seat}]", deck) for seat, hand in enumerate(value)]


def _cards(value: object, what: str, deck: int) -> list[int]:
    try:
        return parse_cards(value, what, deck)
    except ValueError as error:
        raise SaveError(str(error)) from None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _key(key: object) -> str:
    return repr(key[:20]) if isinstance(key, str) else describe(key)


def _check(condition: object, message: str, kind: Refusal = Refusal.DAMAGED) -> None:
    if not condition:
        raise SaveError(message, kind)

