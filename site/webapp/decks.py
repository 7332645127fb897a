"""The decks the site draws: the letters of the ace and the court cards, and the colours of the suits.

They are two settings, chosen apart: ``letters`` (``international``: A K Q J, or a page language's own where its
players' cards carry other letters) and ``deck`` (``standard``: red and black, or ``four-colour``). ``build.py``
draws a picture only for the cards whose face a choice changes; the page finds each picture by the same rule
(``js/faces.js``), from ``changes()``, which ``facts.page()`` hands over.

>>> face("KH", "fr", "standard"), face("AS", "ru", "four-colour"), face("10C", "fr", "four-colour")
(('R', '#c0192b'), ('Т', '#111'), ('10', '#00786a'))
>>> picture("KH", "fr", "standard"), picture("QD", "fr", "four-colour"), picture("2S", "ru", "four-colour")
('fr/KH.svg', 'fr-four-colour/QD.svg', '2S.svg')
>>> offered_letters("fr"), offered_letters("sw")
(('international', 'fr'), ('international',))

The jokers (the house rule R14) are the same in every deck, at the top: no choice changes them.

>>> face("RJ", "ru", "four-colour"), picture("BJ", "fr", "four-colour")
(('★', '#c0192b'), 'BJ.svg')
"""

from __future__ import annotations

from krig.cards import JOKERS, NAMES

LETTERED = ("A", "K", "Q", "J")
"""The ranks written with a letter, in the order a set of letters is named ("A K Q J")."""

LETTERS = {
    "international": {},
    # French cards: roi, dame, valet; the ace keeps its A
    "fr": {"K": "R", "Q": "D", "J": "V"},
    # Russian cards: туз, король, дама, валет
    "ru": {"A": "Т", "K": "К", "Q": "Д", "J": "В"},
}
"""Each set of letters by name (a language's own set is named by its code): the ranks it writes otherwise."""

RED, BLACK = "#c0192b", "#111"

COLOURS = {
    "standard": {"C": BLACK, "D": RED, "H": RED, "S": BLACK},
    # the four-colour deck of online poker: black spades, red hearts, blue diamonds, green clubs (a bluish green,
    # which stays apart from the red for red-green colour blindness; docs/site.md has the figures)
    "four-colour": {"C": "#00786a", "D": "#1f4fd1", "H": RED, "S": BLACK},
}
"""Each deck's colour of each suit, on a white face (every one at least 4.5:1 against it)."""

JOKER_INDEX = "★"
"""What a joker shows in its corners, as jokers printed in any language do."""
JOKER_COLOURS = dict(zip(JOKERS, (BLACK, RED), strict=True))
"""The black and the red joker's colours, in every deck."""


def offered_letters(lang: str) -> tuple[str, ...]:
    """The sets of letters a page in `lang` offers: the international one, then the language's own if it has one."""
    return ("international", lang) if lang in LETTERS else ("international",)


def named(letters: str) -> str:
    """A set of letters as the settings show it: "A R D V"."""
    return " ".join(LETTERS[letters].get(rank, rank) for rank in LETTERED)


def face(code: str, letters: str, deck: str) -> tuple[str, str]:
    """What a card's face shows in a deck: the index (rank) and the colour of its suit, or a joker's."""
    if code in JOKER_COLOURS:
        return JOKER_INDEX, JOKER_COLOURS[code]
    rank, suit = code[:-1], code[-1]
    return LETTERS[letters].get(rank, rank), COLOURS[deck][suit]


def picture(code: str, letters: str, deck: str) -> str:
    """Where a card's picture is, under cards/: in a folder named by the choices that change this card's face,
    else the standard deck's, at the top."""
    if code in JOKER_COLOURS:
        return f"{code}.svg"
    rank, suit = code[:-1], code[-1]
    changed = ((letters, rank in LETTERS[letters]), (deck, COLOURS[deck][suit] != COLOURS["standard"][suit]))
    folder = "-".join(name for name, changes in changed if changes)
    return f"{folder}/{code}.svg" if folder else f"{code}.svg"


def pictures() -> dict[str, tuple[str, str, str]]:
    """Every picture the decks need, by its place under cards/: a card and a deck that show it, (code, letters,
    deck). Every deck that finds a card at one place shows it with the same face there."""
    found: dict[str, tuple[str, str, str]] = {}
    for code in NAMES:
        for letters in LETTERS:
            for deck in COLOURS:
                found.setdefault(picture(code, letters, deck), (code, letters, deck))
    return found


def changes() -> dict[str, dict[str, list[str]]]:
    """For the page (js/faces.js, which follows `picture`'s rule): the ranks each set of letters writes otherwise,
    and the suits each deck colours otherwise than the standard one."""
    standard = COLOURS["standard"]
    return {
        "letters": {name: sorted(ranks) for name, ranks in LETTERS.items() if ranks},
        "deck": {name: sorted(suit for suit, colour in colours.items() if colour != standard[suit])
                 for name, colours in COLOURS.items() if colours != standard},
    }
