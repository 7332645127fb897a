"""The site's saved record (what the page keeps in IndexedDB), its versions and the steps between them.

The page stores one record under the key ``current``::

    {"version": 2, "game": <engine save, Game.to_dict()>, "settings": {...}, "board": {...},
     "log": [<at most MAX_LOG entries>], "savedAt": <ms since 1970>}

* version 1: ``game``, ``settings``, ``board``, ``savedAt`` (the first site).
* version 2: version 1 plus ``log``, the game log shown under the board (a list, empty by default).

The page never interprets an old record itself: the bridge's ``restore`` hands the whole record to
``load``, which brings it up to ``VERSION`` through ``MIGRATIONS`` one step at a time, and only then is
``record["game"]`` given to the engine's validating ``Game.from_dict``. An exported file (a bare engine save,
without the record around it) is accepted too.

Every refusal is a ``RecordError`` (a ``SaveError``) whose ``kind`` is the engine's ``Refusal``: ``newer`` for
a record of a newer site, ``not-a-save`` for what is no record and no save, else ``damaged``. A record whose
game is not a save at all is a damaged record.

>>> record = {"version": 1, "game": {"version": 1}, "settings": {}, "board": {}, "savedAt": 0}
>>> migrate(record)["version"], migrate(record)["log"]
(2, [])
>>> migrate({"version": 3, "game": {}})
Traceback (most recent call last):
...
krig.webapp.records.NewerRecordError: this game was saved by a newer version of Krig (record version 3)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from krig import Refusal, SaveError
from krig.cards import describe
from krig.save import Save

VERSION = 2
MAX_LOG = 200
RECORD_FIELDS = frozenset({"game", "settings", "board", "log", "savedAt"})


class RecordError(SaveError):
    """A saved record that cannot be read (a ``SaveError``, so the bridge reports it with its ``kind``)."""


class NewerRecordError(RecordError):
    """A record written by a newer version of the site than this one: updating the page is the cure."""

    def __init__(self, message: str) -> None:
        super().__init__(message, Refusal.NEWER)


def add_empty_log(record: dict[str, Any]) -> dict[str, Any]:
    """Version 1 → 2: the record gains the game log, empty (version 1 kept none)."""
    return {**record, "log": [], "version": 2}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: add_empty_log}
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
