"""What the page says about the game, in the visitor's language.

Every sentence comes from the site's gettext catalogs (the same ones the templates use), so nothing is
translated twice. A `Narrator` wraps one language:

>>> from krig import Game
>>> narrator = Narrator("en")
>>> narrator.card("JS")
'jack of spades'
>>> narrator.number(1234)
'1,234'
>>> Narrator("bn").number(1234567)
'১২,৩৪,৫৬৭'

`narrate` tells a round just played (or what "Finish the game" did):

>>> game = Game.new(2, seed=7)
>>> narrate(narrator, game, game.play_round(), None)[0]
'CPU 1 wins 2 cards.'
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from krig.cards import CARDS, JOKERS, NAMES

from .numerals import formats, number_format

if TYPE_CHECKING:
    from krig import Game, Round

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "messages"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog for `lang`, or the English source text when there is none (English itself)."""
    return gettext.translation(DOMAIN, localedir=LOCALES, languages=[lang], fallback=True)


def preload() -> None:
    """Read every catalog and number format now: a Pyodide memory snapshot keeps what is in memory, not the files."""
    for folder in LOCALES.iterdir():
        if folder.is_dir():
            translations(folder.name)
    formats()


class Narrator:
    """Names, numbers and sentences for one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.t = translations(lang)
        self.numbers = number_format(lang)

    def __repr__(self) -> str:
        return f"Narrator({self.lang!r})"

    def number(self, n: int) -> str:
        """`n` written as the language writes numbers: its digits and its grouping, as the page's Intl does."""
        return self.numbers.format(n)

    # Names

    def seat(self, seat: int) -> str:
        if seat == 0:
            return self.t.gettext("You")
        return self.t.gettext("CPU %(number)s") % {"number": self.number(seat)}

    def rank(self, code: str) -> str:
        """The rank's name as used inside a card's name: 'jack', '10'."""
        t = self.t
        names = {
            "J": t.pgettext("card", "jack"),
            "Q": t.pgettext("card", "queen"),
            "K": t.pgettext("card", "king"),
            "A": t.pgettext("card", "ace"),
        }
        rank = code[:-1]
        return names.get(rank) or self.number(int(rank))

    def ranks(self, code: str) -> str:
        """The rank named as a tie: 'jacks', '10s' (the form that fits "Tie on …")."""
        t = self.t
        if code in JOKERS:
            return t.pgettext("tie", "jokers")
        names = {
            "2": t.pgettext("tie", "2s"),
            "3": t.pgettext("tie", "3s"),
            "4": t.pgettext("tie", "4s"),
            "5": t.pgettext("tie", "5s"),
            "6": t.pgettext("tie", "6s"),
            "7": t.pgettext("tie", "7s"),
            "8": t.pgettext("tie", "8s"),
            "9": t.pgettext("tie", "9s"),
            "10": t.pgettext("tie", "10s"),
            "J": t.pgettext("tie", "jacks"),
            "Q": t.pgettext("tie", "queens"),
            "K": t.pgettext("tie", "kings"),
            "A": t.pgettext("tie", "aces"),
        }
        return names[code[:-1]]

    def suit(self, code: str) -> str:
        t = self.t
        names = {
            "C": t.pgettext("card", "clubs"),
            "D": t.pgettext("card", "diamonds"),
            "H": t.pgettext("card", "hearts"),
            "S": t.pgettext("card", "spades"),
        }
        return names[code[-1]]

    def card(self, code: str) -> str:
        """A card's full name, for text alternatives: 'jack of spades', 'red joker' (the house rule R14)."""
        if code in JOKERS:
            return self.t.pgettext("card", "black joker") if code == JOKERS[0] else self.t.pgettext("card", "red joker")
        return self.t.gettext("%(rank)s of %(suit)s") % {"rank": self.rank(code), "suit": self.suit(code)}

    def cards(self) -> dict[str, str]:
        """Every card's name, the jokers' too (R14), keyed by code."""
        return {code: self.card(code) for code in NAMES}

    # Sentences

    def wins_cards(self, seat: int, count: int) -> str:
        n = self.number(count)
        if seat == 0:
            return self.t.ngettext("You win %(count)s card.", "You win %(count)s cards.", count) % {"count": n}
        return self.t.ngettext("%(name)s wins %(count)s card.", "%(name)s wins %(count)s cards.", count) % {
            "name": self.seat(seat), "count": n}

    def tie(self, code: str, again: bool) -> str:
        if again:
            return self.t.gettext("Tie again on %(rank)s: another war!") % {"rank": self.ranks(code)}
        return self.t.gettext("Tie on %(rank)s: war!") % {"rank": self.ranks(code)}

    def face_down(self, count: int) -> str:
        """What every player in a war does before the next face-up cards (R7), for screen readers."""
        return self.t.ngettext("Each player in the war puts %(count)s card face down.",
                               "Each player in the war puts %(count)s cards face down.", count) % {
            "count": self.number(count)}

    def out(self, seat: int) -> str:
        if seat == 0:
            return self.t.gettext("You are out of cards.")
        return self.t.gettext("%(name)s is out of cards.") % {"name": self.seat(seat)}

    def no_winner(self) -> str:
        return self.t.gettext("Everyone in the war ran out of cards: nobody takes the pile.")

    def shown(self, seat: int, code: str) -> str:
        return self.t.gettext("%(name)s: %(card)s.") % {"name": self.seat(seat), "card": self.card(code)}

    def result(self, result: str | None, winner: int | None) -> str:
        """The end of the game, in one sentence (R11, R12)."""
        t = self.t
        if result == "win" and winner == 0:
            return t.gettext("You win the game!")
        if result == "win" and winner is not None:
            return t.gettext("%(name)s wins the game.") % {"name": self.seat(winner)}
        if result == "draw":
            return t.gettext("The game is a draw: the last players ran out of cards in the same war.")
        if result == "repetition":
            return t.gettext("The game ends in a repetition: exactly the same hands came back, so it would go on "
                             "forever. Nobody wins.")
        return ""

    def finished(self, rounds: int) -> str:
        """What the "Finish the game" button did."""
        return self.t.ngettext("Played the last %(count)s round at once.", "Played the last %(count)s rounds at once.",
                               rounds) % {"count": self.number(rounds)}

    def round_number(self, number: int) -> str:
        return self.t.gettext("Round %(number)s") % {"number": self.number(number)}


def narrate(narrator: Narrator, game: Game, played: Round | None, finished: int | None) -> tuple[str, str]:
    """A short status line and a fuller sentence for screen readers of `played`, the round `game` has just played,
    or of `finished` rounds played at once (else nothing), in the narrator's language."""
    if played is None:
        if finished:
            line = narrator.finished(finished)
            return line, " ".join(filter(None, [line, narrator.result(game.result, game.winner)]))
        return "", ""
    short: list[str] = []
    full: list[str] = []
    steps = played.steps
    for index, step in enumerate(steps):
        shown = [(seat, card) for seat, card in enumerate(step.up) if card]
        full += [narrator.shown(seat, card) for seat, card in shown]
        if index + 1 < len(steps) and shown:
            # this step's face-up cards tied for the best (under Peace the lowest, R13): a war follows, its cards
            # face down first
            top = max(shown, key=lambda item: game.house.strength[CARDS[item[1]]])[1]
            tie = narrator.tie(top, again=index > 0)
            short.append(tie)
            full += [tie, narrator.face_down(game.face_down)]
    if played.winner is None:
        ending = narrator.no_winner()
    else:
        ending = narrator.wins_cards(played.winner, len(played.pile))
    short.append(ending)
    full.append(ending)
    gone = [narrator.out(seat) for seat in played.eliminated]
    short += gone
    full += gone
    if game.over:
        full.append(narrator.result(game.result, game.winner))
    return " ".join(short), " ".join(full)

