"""Saving a game to JSON-safe data and loading it back, with full validation.

A save keeps what is needed to *replay* the game: the seed, the deal and the number of
rounds played. The deal is ``"seed"`` when ``Game.new`` dealt it from the seed, the deck
(52 codes) for ``Game.from_deck``, or the hands for ``Game.from_hands``. Loading
replays those rounds on the fast path and requires the saved hands, table and generator
state to equal the replayed ones, so any tampering (an invented or duplicated card, an
edited hand, a wrong round count or generator state) is caught, and the R12 history of
played order is rebuilt on the way.

>>> from krig import Game
>>> game = Game.new(2, seed=5)
>>> _ = game.play_round()
>>> data = game.to_dict()
>>> data["version"], data["deal"], data["rounds"]
(1, 'seed', 1)
>>> Game.from_dict(data).to_dict() == data
True
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import codes, describe, parse_cards, undeal
from .game import Game
from .rng import Rng
from .simulate import ORDERS

VERSION = 1
MAX_ROUNDS = 10_000_000
FIELDS = ("version", "players", "order", "seed", "deal", "rounds", "hands", "table", "rng")

MIGRATIONS: dict[int, Callable[[dict], dict]] = {}
"""``MIGRATIONS[v]`` turns a version ``v`` save into a version ``v + 1`` save.

``from_dict`` applies them one after the other up to ``VERSION``. Empty while there is
only version 1; a version 2 would add ``MIGRATIONS[1]``.
"""


class SaveError(ValueError):
    """A save that cannot be loaded: malformed, tampered with, or from a newer version."""


def to_dict(game: Game) -> dict:
    """The save of ``game`` as plain JSON data (under 1 KB for a 52-card game)."""
    return {
        "version": VERSION,
        "players": game.players,
        "order": game.return_order,
        "seed": game.seed,
        "deal": _deal_field(game),
        "rounds": game.round_number,
        "hands": game.hands,
        "table": game.table,
        "rng": _rng_field(game._rng),
    }


def from_dict(data: object) -> Game:
    """The game saved in ``data``; ``SaveError`` saying what is wrong otherwise."""
    data = _migrate(data)
    unknown = [k for k in data if k not in FIELDS]
    _check(not unknown, f"unknown field {_key(unknown[0]) if unknown else ''}")
    missing = [k for k in FIELDS if k not in data]
    _check(not missing, f"missing field {missing[0] if missing else ''!r}")

    players = data["players"]
    _check(
        _is_int(players) and players in (2, 3, 4),
        f"players must be 2, 3 or 4, not {describe(players)}",
    )
    order = data["order"]
    _check(
        isinstance(order, str) and order in ORDERS,
        f"order must be 'shuffled' or 'played', not {describe(order)}",
    )
    seed = data["seed"]
    _check(
        _is_int(seed) and 0 <= seed < 1 << 64,
        f"seed must be an int from 0 to 2**64 - 1, not {describe(seed)}",
    )
    rounds = data["rounds"]
    _check(
        _is_int(rounds) and 0 <= rounds <= MAX_ROUNDS,
        f"rounds must be an int from 0 to {MAX_ROUNDS}",
    )
    hands = _hands(data["hands"], players)
    table = _cards(data["table"], "table")
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

    deal = data["deal"]
    try:
        if deal == "seed":
            game = Game.new(players, seed, order)
        elif isinstance(deal, list) and len(deal) == 52 and all(isinstance(card, str) for card in deal):
            game = Game.from_deck(deal, players, order, seed)
        else:
            game = Game.from_hands(deal, order, seed)  # type: ignore[arg-type]
    except ValueError as error:
        raise SaveError(f"deal: {error}") from None
    _check(game.players == players, f"deal has {game.players} hands for {players} players")

    if not game.over:
        game._fast_forward(limit=rounds)
    _check(
        game.round_number == rounds,
        f"the game ended after {game.round_number} rounds, not {rounds}",
    )
    _check(
        game._hands_as_cards() == hands,
        "hands do not match the replayed game (tampered?)",
    )
    _check(game._table == table, "table does not match the replayed game (tampered?)")
    _check(
        _rng_field(game._rng) == rng,
        "rng state does not match the replayed game (tampered?)",
    )
    return game


def _deal_field(game: Game) -> str | list:
    if game._dealt_from == "seed":
        return "seed"
    if game._dealt_from == "deck":
        return codes(undeal(game._deal, game._set_aside))
    return [codes(hand) for hand in game._deal]


def _migrate(data: object) -> dict:
    _check(isinstance(data, dict), f"a save must be a JSON object, not {describe(data)}")
    version = data.get("version")  # type: ignore[union-attr]
    _check(_is_int(version), f"version must be an int, not {describe(version)}")
    _check(
        version <= VERSION,
        f"version {describe(version)} was saved by a newer version of Krig; please update",
    )
    _check(version >= 1, f"no such save version: {describe(version)}")
    while version < VERSION:
        try:
            data = MIGRATIONS[version](data)  # type: ignore[arg-type]
        except Exception as error:  # a migration sees unvalidated data; report, don't crash
            raise SaveError(f"cannot migrate a version {version} save: {type(error).__name__}") from error
        version += 1
    return data  # type: ignore[return-value]


def _hands(value: object, players: int) -> list[list[int]]:
    _check(
        isinstance(value, list) and len(value) == players,
        f"hands must be a list of {players} hands, not {describe(value)}",
    )
    return [_cards(hand, f"hands[{seat}]") for seat, hand in enumerate(value)]  # type: ignore[arg-type]


def _cards(value: object, what: str) -> list[int]:
    try:
        return parse_cards(value, what)
    except ValueError as error:
        raise SaveError(str(error)) from None


def _rng_field(rng: Rng) -> list:
    state, buffer, buffered = rng.getstate()
    return [f"{state:016x}", f"{buffer:x}", buffered]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _key(key: object) -> str:
    return repr(key[:20]) if isinstance(key, str) else describe(key)


def _check(condition: object, message: str) -> None:
    if not condition:
        raise SaveError(message)
