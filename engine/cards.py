"""Card codes, ranks and the deck (R2, R4), and the jokers of the house rule R14.

Inside the engine a card is a small int, ``rank * 4 + suit``, so that the rank is
``card >> 2`` and a hand fits in ``bytes``. The outside world only sees codes:

>>> parse("10H"), code(34), RANK[parse("AS")]
(34, '10H', 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
CODES = tuple(r + s for r in RANKS for s in SUITS)
"""The 52 cards of the deck (R2), ``CODES[card]``."""
JOKERS = ("BJ", "RJ")
"""The black and the red joker, cards 52 and 53, of rank 13: above the ace (R14)."""
NAMES = CODES + JOKERS
"""Every card a game can hold: the 52, and with the jokers 54 (``len(NAMES)``, the most cards of any game)."""
CARDS = {c: i for i, c in enumerate(NAMES)}
RANK = tuple(i >> 2 for i in range(len(NAMES)))
"""``RANK[card]`` is the card's rank, 0 for a 2 up to 12 for an ace, 13 for a joker."""


def parse(text: object) -> int:
    """The card for a code such as ``"QD"``; ``ValueError`` for anything else.

    >>> parse("2C"), parse("AS")
    (0, 51)
    """
    card = CARDS.get(text) if isinstance(text, str) else None
    if card is None:
        raise ValueError(f"not a card code: {describe(text)} (use rank then suit, e.g. 10H, AS, 2C)")
    return card


def code(card: int) -> str:
    """The code of a card: ``code(0) == "2C"``, ``code(53) == "RJ"``."""
    return NAMES[card]


def codes(cards: Iterable[int]) -> list[str]:
    """Codes for several cards: ``codes([0, 51]) == ["2C", "AS"]``."""
    return [NAMES[c] for c in cards]


def parse_cards(texts: object, what: str, limit: int = 52) -> list[int]:
    """Parse a list of codes, refusing non-lists, overlong lists and duplicates.

    >>> parse_cards(["AS", "2C"], "hand")
    [51, 0]
    """
    if isinstance(texts, (str, bytes)) or not isinstance(texts, Sequence):
        raise ValueError(f"{what} must be a list of card codes, not {describe(texts)}")
    if len(texts) > limit:
        raise ValueError(f"{what} has {len(texts)} cards, more than {limit}")
    try:
        cards = [parse(t) for t in texts]
    except ValueError as error:
        raise ValueError(f"{what}: {error}") from None
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what} has a duplicated card")
    return cards


def deal(deck: Sequence[int], players: int) -> tuple[list[list[int]], tuple[int, ...]]:
    """Deal a deck, top first, one card at a time in seat order, as many rounds as every seat can have (R3, R14).

    Returns the hands and the cards left at the bottom, set aside: one of 52 cards with 3 players, two of 54
    (with the jokers) with 4.

    >>> hands, aside = deal(list(range(52)), 4)
    >>> hands[1][:3], aside
    ([1, 5, 9], ())
    >>> [len(hand) for hand in deal(list(range(54)), 4)[0]], deal(list(range(54)), 4)[1]
    ([13, 13, 13, 13], (52, 53))
    """
    dealt = share(len(deck), players) * players
    hands = [list(deck[seat:dealt:players]) for seat in range(players)]
    return hands, tuple(deck[dealt:])


def share(cards: int, players: int) -> int:
    """The cards each seat is dealt from a deck of ``cards`` (R3): the rest is set aside.

    >>> share(len(CODES), 3), share(len(NAMES), 4)
    (17, 13)
    """
    return cards // players


def undeal(hands: Sequence[Sequence[int]], set_aside: Sequence[int]) -> list[int]:
    """The deck that ``deal`` dealt into ``hands`` (and ``set_aside``), top first.

    >>> undeal(*deal(list(range(52)), 3)) == list(range(52))
    True
    """
    players = len(hands)
    deck = [hands[i % players][i // players] for i in range(sum(map(len, hands)))]
    return deck + list(set_aside)


def describe(value: object) -> str:
    """A short, safe description of any value for error messages.

    Never formats huge ints or deep containers (which could raise on their own).

    >>> describe(10**5000), describe("x" * 100)[:12], describe([[[]]])
    ('a huge int', "'xxxxxxxxxxx", 'a list')
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 64 else "a huge int"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value[:20]) + ("…" if len(value) > 20 else "")
    return f"a {type(value).__name__}"
