"""The game log: one small data entry per round, kept with the save and told in the page's language.

Entries are data, not sentences, so that a log saved on the English page reads in Russian after a language
switch. A round's entry: ``{"round", "winner" (seat or null), "wars", "cards" (the pile won), "out" (seats
eliminated)}``; the "Finish the game" button's entry: ``{"round", "finished" (rounds played at once)}``.

>>> from .narrate import Narrator
>>> entry = {"round": 12, "winner": 1, "wars": 1, "cards": 6, "out": []}
>>> told = line(Narrator("en"), entry)
>>> told["label"], told["text"], told["wars"]
('Round 12', 'CPU 1 wins 6 cards.', '1 war')
>>> line(Narrator("en"), {"round": 40, "finished": 28})["text"]
'Played the last 28 rounds at once.'
>>> line(Narrator("en"), {"round": "x"}) is None
True
"""

from __future__ import annotations

from typing import Any

from krig.cards import NAMES
from krig.save import MAX_ROUNDS

from .narrate import Narrator


def from_round(played: dict[str, Any]) -> dict[str, Any]:
    """The log entry of a round just played (``Round.to_dict()``)."""
    return {"round": played["number"], "winner": played["winner"], "wars": played["wars"],
            "cards": len(played["pile"]), "out": list(played["eliminated"])}


def finished(round_number: int, rounds: int) -> dict[str, Any]:
    """The log entry of "Finish the game": `rounds` rounds played at once, up to `round_number`."""
    return {"round": round_number, "finished": rounds}


def _count(value: object, most: int) -> int | None:
    """`value` if it is a whole number from 0 to `most`, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most:
        return value
    return None


def _seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3


def line(narrator: Narrator, entry: object) -> dict[str, Any] | None:
    """``{entry, label, text, wars}`` for a log entry, or None for one that is not a valid entry (skipped).

    ``wars`` is the "2 wars" tag that highlights a round with wars, or "" for a round without one.
    """
    if not isinstance(entry, dict) or _count(entry.get("round"), MAX_ROUNDS) is None:
        return None
    number = entry["round"]
    label = narrator.round_number(number)
    if "finished" in entry:
        rounds = _count(entry["finished"], MAX_ROUNDS)
        if rounds is None:
            return None
        return {"entry": finished(number, rounds), "label": label, "text": narrator.finished(rounds), "wars": ""}
    winner, out = entry.get("winner"), entry.get("out")
    wars, cards = _count(entry.get("wars"), 26), _count(entry.get("cards"), len(NAMES))
    if not (winner is None or _seat(winner)) or wars is None or cards is None:
        return None
    if not isinstance(out, list) or not all(_seat(seat) for seat in out):
        return None
    text = narrator.no_winner() if winner is None else narrator.wins_cards(winner, cards)
    text = " ".join([text, *(narrator.out(seat) for seat in out)])
    tag = narrator.t.ngettext("%(count)s war", "%(count)s wars", wars) % {"count": narrator.number(wars)}
    return {"entry": {"round": number, "winner": winner, "wars": wars, "cards": cards, "out": list(out)},
            "label": label, "text": text, "wars": tag if wars else ""}
