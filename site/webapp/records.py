"""What the page keeps in IndexedDB, in the shapes this module owns: the saved record and the finished games.

The bridge builds both and hands them to the page, which stores them as they are and never reads an old one
itself. The record, under the key ``current``::

    {"version": 4, "id": <the game's id>, "game": <engine save, Game.to_dict()>, "settings": {...},
     "board": {...}, "log": [<at most MAX_LOG entries>], "comeback": <int or null>, "savedAt": <ms since 1970>}

* version 1: ``game``, ``settings``, ``board``, ``savedAt`` (the first site).
* version 2: version 1 plus ``log``, the game log shown under the board (a list, empty by default).
* version 3: the fewest cards seat 0 held in the game, ``board.low`` until then, becomes ``comeback``.
* version 4: ``id`` names the game, from its deal to its end (``new_id``), and its history entry has the same one,
  so that an entry is never added twice. A record of version 3 is named by when it was saved (``saved-<savedAt>``),
  as its history entry, if any, is by when it ended: a finished game's last record and entry had the same time.
  A record may lack it (a first visit's opening, the same for every visitor): the bridge then names the game.

The settings are the page's own, as it sent them; the page puts its latest ones in every record it stores.

A record may also carry ``ahead``, the next rounds the bridge worked out (``ahead.AHEAD``, ``{board, line}``
each, and ``chances``, the round's win chances, once the bridge has made them), ``chances``, those of the round
on its board, and ``played``, how many of its rounds ahead the page drew before the bridge answered (the one field
the page writes). All are optional, so they need no version: a record without them loads as before.

The bridge's ``restore`` hands the whole stored record to ``load``, which brings it up to ``VERSION`` through
``MIGRATIONS`` one step at a time, and only then is ``record["game"]`` given to the engine's validating
``Game.from_dict``. An exported file (a bare engine save, without the record around it) is accepted too.

Every refusal is a ``RecordError`` (a ``SaveError``) whose ``kind`` is the engine's ``Refusal``: ``newer`` for
a record of a newer site, ``not-a-save`` for what is no record and no save, else ``damaged``. A record whose
game is not a save at all is a damaged record.

>>> record = {"version": 1, "game": {"version": 1}, "settings": {}, "board": {"low": 9}, "savedAt": 0}
>>> migrate(record)["version"], migrate(record)["log"], migrate(record)["comeback"], migrate(record)["board"]
(4, [], 9, {})
>>> migrate(record)["id"]
'saved-0'
>>> migrate({"version": 5, "game": {}})
Traceback (most recent call last):
...
krig.webapp.records.NewerRecordError: this game was saved by a newer version of Krig (record version 5)

The finished games are ``krig.webapp.history``'s.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from krig import Game, Refusal, SaveError
from krig.cards import CARDS, NAMES, describe
from krig.rules import FACE_DOWN
from krig.save import Save

VERSION = 4
MAX_LOG = 200
"""Game log entries a record keeps: the latest rounds."""
RECORD_FIELDS = frozenset({"game", "settings", "board", "log", "savedAt"})

MAX_REQUEST_CHARS = 512 * 1024
"""The longest request text the bridge parses, and so the largest file the page hands it to import: a record
with a full game log is far below it, and a bigger one (a tampered save, a wrong file) is refused at once
instead of being parsed."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class RecordError(SaveError):
    """A saved record that cannot be read (a ``SaveError``, so the bridge reports it with its ``kind``)."""


class NewerRecordError(RecordError):
    """A record written by a newer version of the site than this one: updating the page is the cure."""

    def __init__(self, message: str) -> None:
        super().__init__(message, Refusal.NEWER)


# The saved record


def new_id() -> str:
    """A new game's id: 16 random hex digits, never the same twice on one device."""
    return os.urandom(8).hex()


def record(game_id: str, game: Game, settings: dict[str, Any], board: dict[str, Any], log: list[dict[str, Any]],
           comeback: int | None, saved_at: int) -> dict[str, Any]:
    """The current version's record of ``game``, for the page to store as it is."""
    return {"version": VERSION, "id": game_id, "game": game.to_dict(), "settings": settings, "board": board,
            "log": log, "comeback": comeback, "savedAt": saved_at}


def add_empty_log(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: the record gains the game log, empty (version 1 kept none)."""
    return {**record, "log": [], "version": 2}


def name_the_comeback(record: dict[str, Any]) -> dict[str, Any]:
    """Version 2 → 3: the board's ``low`` moves to the record as ``comeback`` (null when there was none)."""
    board = record.get("board")
    if not isinstance(board, dict):
        return {**record, "comeback": None, "version": 3}
    rest = {key: value for key, value in board.items() if key != "low"}
    return {**record, "board": rest, "comeback": board.get("low"), "version": 3}


def name_the_game(record: dict[str, Any]) -> dict[str, Any]:
    """Version 3 → 4: the game is named by when it was saved, as its history entry is by when it ended."""
    return {**record, "id": f"saved-{record.get('savedAt')}", "version": 4}


MIGRATIONS: dict[int, Migration] = {1: add_empty_log, 2: name_the_comeback, 3: name_the_game}
"""``MIGRATIONS[v]`` turns a version ``v`` record into a version ``v + 1`` record."""


def is_record(data: object) -> bool:
    """True for the page's record (the game with its settings, board…), False for a bare engine save."""
    return isinstance(data, dict) and not RECORD_FIELDS.isdisjoint(data)


def migrate(record: object) -> dict[str, Any]:
    """``record`` brought up to ``VERSION``; ``RecordError`` or ``NewerRecordError`` saying what is wrong."""
    if not isinstance(record, dict):
        raise RecordError(f"a saved record must be a JSON object, not {describe(record)}", Refusal.NOT_A_SAVE)
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise RecordError(f"the record's version must be a whole number from 1, not {describe(version)}")
    if version > VERSION:
        raise NewerRecordError(f"this game was saved by a newer version of Krig (record version {version})")
    while version < VERSION:
        record = MIGRATIONS[version](record)
        version += 1
    _check_current(record)
    return record


def load(data: object) -> tuple[dict[str, Any] | None, object]:
    """``(record, game save)`` for a record, ``(None, data)`` for a bare engine save (an exported game)."""
    if not is_record(data):
        return None, data
    record = migrate(data)
    try:
        Save.from_dict(record["game"])  # its fields only: Game.from_dict replays it
    except SaveError as error:  # inside a record of ours, a game that is no save is a damaged record
        kind = Refusal.DAMAGED if error.kind is Refusal.NOT_A_SAVE else error.kind
        raise RecordError(str(error), kind) from None
    return record, record["game"]


def _check_current(record: dict[str, Any]) -> None:
    """What a current record must hold before the engine sees its game."""
    if "game" not in record:
        raise RecordError("the record holds no game")
    log = record.get("log")
    if not isinstance(log, list):
        raise RecordError(f"the record's log must be a list, not {describe(log)}")
    if len(log) > MAX_LOG:
        raise RecordError(f"the record's log has {len(log)} entries, more than {MAX_LOG}")


def shown_round(board: object, players: int) -> dict[str, Any] | None:
    """The round a stored board showed (its cards, pile, winner, wars and status), if it can be shown again here.

    The board is the page's drawing of the last round: it can be shown again in a game of the same seats, as
    long as its cards are card codes (the page draws them as pictures) and its status is text. Anything else
    leaves the board without a round, as after a new deal. Its wars are its steps after the first, which a board
    stored before it said how many wars it showed holds too.

    >>> shown_round({"players": 2, "cards": "junk", "pile": 0, "winner": None, "status": "", "lang": "en"}, 2) is None
    True
    >>> war = {"up": ["KS", "2C"], "down": [[], ["3C"]], "last": [[], []]}
    >>> shown_round({"players": 2, "cards": [war, war], "pile": 6, "winner": 1, "status": "", "lang": "en"}, 2)["wars"]
    1
    """
    if not isinstance(board, dict) or board.get("players") != players:
        return None
    cards, pile, winner = board.get("cards"), board.get("pile"), board.get("winner")
    status, lang = board.get("status", ""), board.get("lang")
    valid = (isinstance(cards, list) and len(cards) == players and all(_seat_cards(seat) for seat in cards)
             and type(pile) is int and 0 <= pile <= len(NAMES)
             and (winner is None or (type(winner) is int and 0 <= winner < players))
             and isinstance(status, str) and isinstance(lang, str))
    if not (valid and isinstance(cards, list)):  # the list again, for the type checker
        return None
    wars = max(0, *(len(seat["up"] or ()) - 1 for seat in cards))
    return {"players": players, "cards": cards, "pile": pile, "winner": winner, "wars": wars, "status": status,
            "lang": lang}


def _seat_cards(cards: object) -> bool:
    """One seat's cards of a stored board: per step a card code or null, or (``down`` and ``last``) a list of
    codes; a board stored before the variant holds one code or null there too."""
    if not isinstance(cards, dict) or set(cards) != {"up", "down", "last"}:
        return False
    return all(steps is None or (isinstance(steps, list) and all(_step_cards(step, key != "up") for step in steps))
               for key, steps in cards.items())


def _step_cards(cards: object, several: bool) -> bool:
    """A seat's cards of one step: a code or null, or, where ``several``, a list of at most five codes (R16)."""
    if several and isinstance(cards, list):
        return len(cards) <= max(FACE_DOWN) and all(isinstance(code, str) and code in CARDS for code in cards)
    return cards is None or (isinstance(cards, str) and cards in CARDS)
