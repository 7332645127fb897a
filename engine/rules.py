"""The rules as values and checks: the bottom layer of the engine (docs/rules.md, R1–R12).

Every other module stands on this one and it imports only the cards and the generator: the
settings a game can have (players, order, face-down cards, seed), how a game can end, the
seeded deal, and the key of R12.

>>> check_players(3), check_order("played"), check_face_down(3)
(3, <Order.PLAYED: 'played'>, 3)
>>> Result.WIN == "win", f"{Result.REPETITION}"
(True, 'repetition')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from .cards import deal, describe
from .rng import Rng

PLAYERS = (2, 3, 4)
"""R1: the numbers of players."""

FACE_DOWN = (1, 2, 3)
"""R7: how many cards each player puts face down in a war step; 1 is the seeds' rule, 3 the traditional one."""


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
    """``face_down`` if it is 1, 2 or 3 (R7), else ``ValueError``."""
    if type(face_down) is not int or face_down not in FACE_DOWN:
        raise ValueError(f"face_down must be 1, 2 or 3 (R7), not {describe(face_down)}")
    return face_down


def check_seed(seed: object) -> int:
    """``seed`` if it is an int in ``range(2**64)``, else ``ValueError``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError("seed must be an int from 0 to 2**64 - 1")
    return seed


def seeded_deal(players: int, seed: int) -> tuple[list[list[int]], int | None, Rng]:
    """The deal of a new game (R3): the deck shuffled by ``Rng(seed)``, dealt; and the generator after it.

    Returns the hands, the set-aside card (3 players) or ``None``, and the generator that
    then shuffles the piles. ``Game.new`` and ``simulate`` both deal with it.

    >>> hands, set_aside, rng = seeded_deal(3, seed=1)
    >>> [len(hand) for hand in hands], set_aside is not None
    ([17, 17, 17], True)
    """
    rng = Rng(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hands, set_aside = deal(deck, players)
    return hands, set_aside, rng


def arrangement(hands: Sequence[bytes | bytearray | Iterable[int]]) -> bytes:
    r"""The exact arrangement of all hands, as a compact key for R12.

    >>> arrangement([[0, 51], [], [7]])
    b'\x003\xff\xff\x07'
    """
    return b"\xff".join(map(bytes, hands))

