"""The finished games the page keeps for the statistics page, under the IndexedDB key ``history``: the bridge
builds each entry and brings an older site's up to date; the page stores them as they are. They are a list of at
most ``HISTORY_LIMIT`` entries, newest last::

    {"version": 4, "id": <the game's id, as in its record>, "players", "result", "winner", "rounds", "comeback",
     "endedAt": <ms since 1970>, "game": <engine save of the finished game, Game.to_dict()>}

``comeback`` is the fewest cards you held in a game you won after holding fewer than you were dealt (you
trailed), and null in any other game: the statistics page shows the smallest as "Biggest comeback".

``endedAt`` names the game (the statistics page links to ``index.html?replay=<endedAt>``). Only the latest
``REPLAYS_KEPT`` entries keep their ``game``, which is all a replay needs (the deal or the seed, the variant, the
order, the players, and the end it must reach); older entries keep their figures alone (``kept_history``).

* version 0 (no ``version`` field): the first site's entries, with ``low`` for the comeback.
* version 1: ``low`` becomes ``comeback``, and the entry says its version.
* version 2: the latest entries keep their ``game``, to watch again; an older entry has none.
* version 3: ``id``, the game's; an older entry is named by when it ended (``saved-<endedAt>``).
* version 4: ``comeback`` is null unless the game was a comeback; until then it was the fewest cards you held in
  any game, and the page decided which were comebacks.

The page adds a finished game to the history in the same IndexedDB transaction as the game's last record
(``js/history.js``, ``withFinished``, mirrors ``kept_history`` for that one entry), and never adds an ``id`` twice.

>>> migrate_history([{"players": 2, "result": "win", "winner": 0, "rounds": 80, "low": 4, "endedAt": 0}, "junk"])
[{'players': 2, 'result': 'win', 'winner': 0, 'rounds': 80, 'endedAt': 0, 'comeback': 4, 'version': 4, 'id': 'saved-0'}]
"""

from __future__ import annotations

from typing import Any

from krig import Game, Result, SaveError
from krig.cards import CODES, share
from krig.rules import PLAYERS

from .records import Migration

HISTORY_VERSION = 4
HISTORY_LIMIT = 1000
"""Finished games kept for the statistics page: the latest ones."""
REPLAYS_KEPT = 50
"""Finished games that keep their game, to watch again: the latest ones (about 0.5 KB each)."""


def finished_game(game_id: str, game: Game, fewest: int | None, ended_at: int) -> dict[str, Any]:
    """The history entry of a game that has ended, with the game itself, to watch again; `fewest` is the fewest
    cards you held in it."""
    won = _you_won(game.result, game.winner)
    return {"version": HISTORY_VERSION, "id": game_id, "players": game.players, "result": game.result,
            "winner": game.winner, "rounds": game.round_number, "comeback": comeback(won, fewest, _dealt_to_you(game)),
            "endedAt": ended_at, "game": game.to_dict()}


def comeback(won: bool, fewest: object, dealt: int) -> int | None:
    """The comeback of a game: the fewest cards you held, if you `won` after holding fewer than you were `dealt`.

    >>> comeback(True, 3, 26), comeback(True, 26, 26), comeback(False, 3, 26), comeback(True, "3", 26)
    (3, None, None, None)
    """
    if won and isinstance(fewest, int) and not isinstance(fewest, bool) and 0 <= fewest < dealt:
        return fewest
    return None


def _you_won(result: object, winner: object) -> bool:
    """Whether a game of this ``result`` and ``winner`` is one you (seat 0) won."""
    return result == Result.WIN and winner == 0


def _dealt_to_you(game: Game) -> int:
    """The cards seat 0 was dealt in `game`."""
    return len(game.at_deal().hands[0])


def name_the_comeback_of_a_game(entry: dict[str, Any]) -> dict[str, Any]:
    """History version 0 → 1: ``low`` becomes ``comeback``, and the entry says its version."""
    rest = {key: value for key, value in entry.items() if key != "low"}
    return {**rest, "comeback": entry.get("low"), "version": 1}


def without_a_replay(entry: dict[str, Any]) -> dict[str, Any]:
    """History version 1 → 2: entries may keep their game, to watch again; one of version 1 has none."""
    return {**entry, "version": 2}


def name_the_finished_game(entry: dict[str, Any]) -> dict[str, Any]:
    """History version 2 → 3: the game is named by when it ended, as its last record was by when it was saved."""
    return {**entry, "id": f"saved-{entry.get('endedAt')}", "version": 3}


def only_comebacks(entry: dict[str, Any]) -> dict[str, Any]:
    """History version 3 → 4: ``comeback`` stays only where you won after holding fewer cards than you were dealt:
    as many as the entry's game dealt you (it may hold jokers), or, without its game, a share of a plain deck."""
    try:
        dealt = _dealt_to_you(Game.from_dict(entry["game"]))
    except (KeyError, SaveError):
        players = entry.get("players")
        dealt = share(len(CODES), players) if players in PLAYERS else 0
    return {**entry, "comeback": comeback(_you_won(entry.get("result"), entry.get("winner")), entry.get("comeback"),
                                          dealt), "version": 4}


HISTORY_MIGRATIONS: dict[int, Migration] = {0: name_the_comeback_of_a_game, 1: without_a_replay,
                                            2: name_the_finished_game, 3: only_comebacks}
"""``HISTORY_MIGRATIONS[v]`` turns a version ``v`` history entry into a version ``v + 1`` entry."""


def migrate_history(entries: object) -> list[dict[str, Any]]:
    """The finished games brought up to ``HISTORY_VERSION``, in their order.

    What is not an entry (not an object, or with a version that is not a whole number) is dropped; an entry
    from a newer site is kept as it is, for that site to read.
    """
    if not isinstance(entries, list):
        return []
    kept = []
    for entry in entries:
        version = entry.get("version", 0) if isinstance(entry, dict) else None
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            continue
        while version < HISTORY_VERSION:
            entry = HISTORY_MIGRATIONS[version](entry)
            version += 1
        kept.append(entry)
    return kept


def kept_history(entries: object, add: object = None) -> list[dict[str, Any]]:
    """The finished games to store: ``entries`` brought up to date, then ``add`` (a game that has just ended), the
    latest ``HISTORY_LIMIT`` of them. Only the latest ``REPLAYS_KEPT`` keep their game; older ones keep their
    figures (an entry of a newer site is left as it is).

    >>> old = {"version": 3, "id": "a", "rounds": 80, "game": {"version": 2}}
    >>> kept = kept_history([old] * REPLAYS_KEPT, {**old, "rounds": 81})
    >>> len(kept), "game" in kept[0], "game" in kept[1], kept[-1]["rounds"]
    (51, False, True, 81)
    """
    games = migrate_history(entries) + migrate_history([] if add is None else [add])
    games = games[-HISTORY_LIMIT:]
    figures_only = len(games) - REPLAYS_KEPT
    return [{key: value for key, value in entry.items() if key != "game"}
            if index < figures_only and entry["version"] == HISTORY_VERSION else entry
            for index, entry in enumerate(games)]
