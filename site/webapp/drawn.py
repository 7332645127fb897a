"""The rounds the page drew before Python was ready, played by the engine and checked against what the page drew.

A restore's record may say that the page drew ``played`` of its rounds ``ahead`` while Python loaded: the engine
plays them too, and the engine's rounds are the ones kept, whatever the page drew.

>>> from krig import Game
>>> from .table import Table
>>> table = Table("en")
>>> table.start(Game.new(2, seed=7), {})
>>> drawn = [{"board": {"round": 1}, "line": {}}]
>>> [(reason.split(", the engine")[0], line["label"]) for reason, line in play_drawn(table, drawn, 1)]
[('round 1: the page drew cards None', 'Round 1')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .table import Table

SENTENCES = frozenset({"status", "announce", "result_text"})
"""The fields of a board that are sentences, in its ``lang``: the rest of it is the same in every language."""


def play_drawn(table: Table, ahead: object, played: object) -> list[tuple[str, dict[str, Any]]]:
    """Play on `table` the rounds of a record's `ahead` that the page drew (`played` of them), and check each
    against what the page drew: per round, why it differs (or "") and its log line."""
    if not isinstance(ahead, list) or type(played) is not int or played <= 0:
        return []
    done = []
    for shown in ahead[:played]:
        if table.current().over:
            break
        line = table.flip()
        done.append((differs({"board": table.current_board(), "line": line}, shown), line))
    return done


def differs(played: dict[str, Any], shown: object) -> str:
    """Why the round the page drew (``shown``, ``{board, line}``) is not the round the engine played, or "" when it
    is. Only what is the same in every language counts: the page may have drawn it in another language."""
    if not isinstance(shown, dict) or not isinstance(shown.get("board"), dict) or not isinstance(
            shown.get("line"), dict):
        return f"round {played['board']['round']}: what the page drew is not a round"
    board, drawn = played["board"], shown["board"]
    for key in sorted(set(board) - SENTENCES - {"lang"}):
        if drawn.get(key) != board[key]:
            return f"round {board['round']}: the page drew {key} {drawn.get(key)!r}, the engine {board[key]!r}"
    if shown["line"].get("entry") != played["line"]["entry"]:
        return f"round {board['round']}: the log line the page drew is not the engine's"
    return ""
