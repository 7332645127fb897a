"""The rules as values and checks: the bottom layer of the engine (docs/rules.md, R1–R17).

Every other module stands on this one and it imports only the cards and the generator: the
settings a game can have (players, order, face-down cards, house rules, seed), how a game can
end, the seeded deal, and the key of R12.

>>> check_players(3), check_order("played"), check_face_down(5)
(3, <Order.PLAYED: 'played'>, 5)
>>> Result.WIN == "win", f"{Result.REPETITION}"
(True, 'repetition')
>>> check_house(["only-tied", "jokers"])
HouseRules(jokers=True, only_tied=True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import CODES, NAMES, RANK, deal, describe
from .rng import Rng

PLAYERS = (2, 3, 4)
"""R1: the numbers of players."""

FACE_DOWN = (1, 2, 3, 4, 5)
"""R7, R16: how many cards each player puts face down in a war step; 1 is the seeds' rule, 3 the traditional one,
4 and 5 the house rule R16."""


class Order(StrEnum):
    """How the winner of a round puts the pile under their hand (R9)."""

    SHUFFLED = "shuffled"
    """In a random order drawn from the game's own generator (the default)."""
    PLAYED = "played"
    """In the order the cards were placed on the table."""


class Result(StrEnum):
    """How a game ended (R11, R12)."""

    WIN = "win"
    """One player holds every card left in play."""
    DRAW = "draw"
    """Nobody was left in a war (R8)."""
    REPETITION = "repetition"
    """In played order, the hands came back to an earlier arrangement (R12)."""


class HouseRule(StrEnum):
    """A house rule a game can be dealt with (R13–R15); the value is its name in saves and on the command line."""

    PEACE = "peace"
    """R13: the lowest card wins the battle and the war."""
    JOKERS = "jokers"
    """R14: two jokers join the deck as the highest cards: 54 cards."""
    ONLY_TIED = "only-tied"
    """R15: only the players tied for the best card go to war."""


HOUSE_RULES = tuple(HouseRule)
"""The house rules, in the order a save and the page list them."""


@dataclass(frozen=True, repr=False)
class HouseRules:
    """The house rules of a game (R13–R15), each on or off; ``HouseRules()`` is Krig's own game.

    They compose, but Peace and the jokers (R17): ``ValueError`` for that pair.

    >>> HouseRules(peace=True), HouseRules(), HouseRules(peace=True).names == ("peace",)
    (HouseRules(peace=True), HouseRules(), True)
    >>> HouseRules(peace=True, jokers=True)
    Traceback (most recent call last):
    ...
    ValueError: the house rules Peace and Jokers do not go together (R17)
    """

    peace: bool = False
    jokers: bool = False
    only_tied: bool = False

    def __post_init__(self) -> None:
        if self.peace and self.jokers:
            raise ValueError("the house rules Peace and Jokers do not go together (R17)")

    @classmethod
    def named(cls, names: Iterable[str]) -> HouseRules:
        """The house rules with these names (``HouseRule`` values); ``ValueError`` for any other.

        >>> HouseRules.named(["peace", "only-tied"])
        HouseRules(peace=True, only_tied=True)
        """
        chosen = set()
        for name in names:
            if not isinstance(name, str) or name not in HouseRule:
                known = ", ".join(HOUSE_RULES)
                raise ValueError(f"no such house rule: {describe(name)} (the house rules are {known})")
            chosen.add(HouseRule(name))
        return cls(**{_field(rule): True for rule in chosen})

    @property
    def names(self) -> tuple[HouseRule, ...]:
        """The house rules that are on, in the order of ``HOUSE_RULES``."""
        return tuple(rule for rule in HOUSE_RULES if getattr(self, _field(rule)))

    @property
    def deck(self) -> int:
        """How many cards are shuffled and dealt: 52, or 54 with the jokers (R2, R14)."""
        return len(NAMES) if self.jokers else len(CODES)

    @property
    def strength(self) -> bytes:
        """``strength[card]``: the higher, the better the card in a battle (R6), or under Peace the lower (R13)."""
        return PEACE_STRENGTH if self.peace else STRENGTH

    def __bool__(self) -> bool:
        """Whether any house rule is on."""
        return bool(self.names)

    def __repr__(self) -> str:
        return f"HouseRules({', '.join(f'{_field(rule)}=True' for rule in self.names)})"


STANDARD = HouseRules()
"""Krig's own rules: no house rule."""
STRENGTH = bytes(RANK)
"""``STRENGTH[card]``: the card's rank, the higher the better (R6)."""
PEACE_STRENGTH = bytes(RANK[-1] - rank for rank in RANK)
"""``PEACE_STRENGTH[card]``: under Peace the lower the rank, the better the card (R13); a 2 is 13, an ace 1."""


def _field(rule: HouseRule) -> str:
    """The field of ``HouseRules`` that holds ``rule``: ``"only_tied"`` for ``HouseRule.ONLY_TIED``."""
    return rule.name.lower()


def check_house(house: object) -> HouseRules:
    """``house`` as ``HouseRules``: given as such, or as a list of names; else ``ValueError``."""
    if isinstance(house, HouseRules):
        return house
    if isinstance(house, (str, bytes)) or not isinstance(house, Iterable):
        raise ValueError(f"house must be HouseRules or a list of house rule names, not {describe(house)}")
    return HouseRules.named(house)


def check_players(players: object) -> int:
    """``players`` if it is 2, 3 or 4 (R1), else ``ValueError``."""
    if type(players) is not int or players not in PLAYERS:
        raise ValueError(f"players must be 2, 3 or 4 (R1), not {describe(players)}")
    return players


def check_order(order: object) -> Order:
    """The ``Order`` named ``"shuffled"`` or ``"played"`` (R9), else ``ValueError``."""
    if not isinstance(order, str) or order not in Order:
        raise ValueError(f'return_order must be "shuffled" or "played" (R9), not {describe(order)}')
    return Order(order)


def check_face_down(face_down: object) -> int:
    """``face_down`` if it is 1 to 5 (R7, R16), else ``ValueError``."""
    if type(face_down) is not int or face_down not in FACE_DOWN:
        raise ValueError(f"face_down must be 1, 2 or 3 (R7), or 4 or 5 (R16), not {describe(face_down)}")
    return face_down


def check_seed(seed: object) -> int:
    """``seed`` if it is an int in ``range(2**64)``, else ``ValueError``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError("seed must be an int from 0 to 2**64 - 1")
    return seed


def seeded_deal(players: int, seed: int, house: HouseRules = STANDARD) -> tuple[list[list[int]], tuple[int, ...], Rng]:
    """The deal of a new game (R3, R14): the deck shuffled by ``Rng(seed)``, dealt; and the generator after it.

    Returns the hands, the set-aside cards (one with 3 players; with the jokers none with 3, two with 4), and the
    generator that then shuffles the piles. ``Game.new`` and ``simulate`` both deal with it.

    >>> hands, set_aside, rng = seeded_deal(3, seed=1)
    >>> [len(hand) for hand in hands], len(set_aside)
    ([17, 17, 17], 1)
    >>> hands, set_aside, rng = seeded_deal(3, seed=1, house=HouseRules(jokers=True))
    >>> [len(hand) for hand in hands], set_aside
    ([18, 18, 18], ())
    """
    rng = Rng(seed)
    deck = list(range(house.deck))
    rng.shuffle(deck)
    hands, set_aside = deal(deck, players)
    return hands, set_aside, rng


def arrangement(hands: Sequence[bytes | bytearray | Iterable[int]]) -> bytes:
    r"""The exact arrangement of all hands, as a compact key for R12.

    >>> arrangement([[0, 51], [], [7]])
    b'\x003\xff\xff\x07'
    """
    return b"\xff".join(map(bytes, hands))

