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
from krig.cards import describe
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


def steps_ahead(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The rounds ahead a stored record carries, those that are objects at all (``{board, line}``, and ``chances``
    once made, as the bridge wrote them): each field is checked where it is read."""
    ahead = record.get("ahead")
    return [step for step in ahead if isinstance(step, dict)] if isinstance(ahead, list) else []


def showed_a_round(board: object) -> bool:
    """Whether a stored board showed a round's cards, rather than a table cleared (by a deal, an import or "Finish
    the game"). The bridge reads nothing else of it: it draws that round again from the game itself, so what the
    page read from storage is never drawn by the bridge, nor checked twice (the page checks what it draws itself,
    ``stored.js``).

    >>> showed_a_round({"cards": [{"up": ["KS"], "down": None, "last": None}, None]})
    True
    >>> showed_a_round({"cards": [{"up": None, "down": None, "last": None}] * 2}), showed_a_round("junk")
    (False, False)
    """
    cards = board.get("cards") if isinstance(board, dict) else None
    return isinstance(cards, list) and any(isinstance(seat, dict) and seat.get("up") for seat in cards)


def said_in(board: object) -> object:
    """The language a stored board's sentences were in, if it says."""
    return board.get("lang") if isinstance(board, dict) else None
