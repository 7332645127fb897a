"""The fast path: whole games without records, and ``simulate`` for many games.

``Game.play_round`` is the readable reference; this module plays the very same rules
(the hypothesis tests check them game by game), consuming exactly the same bits of the
generator, but without building ``Round`` records.

The trick for two players in shuffled order: both players always put down the same
number of cards, and won cards go under the hand, out of reach until the rest of the
hand is used. So a whole *pass* of ``min(len(a), len(b))`` battles is known in advance:
the first tie is found with ``map(operator.eq, …)``, every battle before it costs one
bit (the shuffle of a two-card pile), and the won cards are gathered with ``compress``
at C speed. Wars, and games of three or four players, go round by round.

>>> stats = simulate(2, 20, seed=1)
>>> stats.games, len(stats.rounds), sum(stats.wins) + stats.draws + stats.repetitions
(20, 20, 20)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .cards import deal, describe
from .rng import Rng, derive

ORDERS = ("shuffled", "played")


@dataclass(frozen=True)
class Outcome:
    """What a stretch of fast play did: rounds and war steps played, and how it ended.

    ``result`` is ``None`` if the stretch stopped at its limit before the game ended.

    >>> Outcome(rounds=3, wars=1, result="win", winner=0)
    Outcome(rounds=3, wars=1, result='win', winner=0, table=())
    """

    rounds: int
    wars: int
    result: str | None = None
    winner: int | None = None
    table: tuple[int, ...] = ()


def arrangement(hands: Sequence[bytes | bytearray | Iterable[int]]) -> bytes:
    r"""The exact arrangement of all hands, as a compact key for R12.

    >>> arrangement([[0, 51], [], [7]])
    b'\x003\xff\xff\x07'
    """
    return b"\xff".join(map(bytes, hands))


def play_out(
    hands: list[bytearray],
    rng: Rng,
    shuffled: bool,
    *,
    seen: set[bytes] | None = None,
    limit: int | None = None,
) -> Outcome:
    """Play from ``hands`` (cards top first, changed in place) to the end of the game.

    ``seen`` holds the arrangements so far for R12 (played order) and is updated.
    ``limit`` stops after that many rounds even if the game goes on.

    >>> hands = [bytearray([51, 8]), bytearray([4, 1])]  # AS 4C against 3C 2D
    >>> play_out(hands, Rng(1), shuffled=True), [list(hand) for hand in hands]
    (Outcome(rounds=2, wars=0, result='win', winner=0, table=()), [[51, 4, 1, 8], []])
    """
    limit = 1 << 62 if limit is None else limit
    rounds = wars = 0
    active = [seat for seat, hand in enumerate(hands) if hand]
    table: bytearray | None = None
    while len(active) > 1 and rounds < limit and table is None:
        if shuffled and len(active) == 2:
            played, warred, table = _duel(hands[active[0]], hands[active[1]], rng, limit - rounds)
        else:
            played, (warred, table) = (
                1,
                _round([hands[seat] for seat in active], rng, shuffled),
            )
        rounds += played
        wars += warred
        active = [seat for seat in active if hands[seat]]
        if seen is not None and len(active) > 1:
            key = arrangement(hands)
            if key in seen:
                return Outcome(rounds, wars, "repetition")
            seen.add(key)
    if table is not None:
        return Outcome(rounds, wars, "draw", None, tuple(table))
    if len(active) > 1:
        return Outcome(rounds, wars)
    return Outcome(rounds, wars, "win", active[0])


def _round(hands: list[bytearray], rng: Rng, shuffled: bool) -> tuple[int, bytearray | None]:
    """One round among ``hands`` (all hold cards): ``(wars, table)``.

    The winner collects the pile; if nobody is left (R8) the pile is returned as the table.
    """
    ups = [hand.pop(0) for hand in hands]
    pile = bytearray(ups)
    fighters = range(len(hands))
    wars = 0
    while True:
        ranks = [card >> 2 for card in ups]
        top = max(ranks)
        if ranks.count(top) == 1:
            winner = fighters[ranks.index(top)]
            break
        wars += 1
        ups = [hand[1] for hand in map(hands.__getitem__, fighters) if len(hand) >= 2]
        still = [i for i in fighters if len(hands[i]) >= 2]
        for i in fighters:
            pile += hands[i][:2]
            del hands[i][:2]
        fighters = still
        if len(fighters) < 2:
            if not fighters:
                return wars, pile
            winner = fighters[0]
            break
    if shuffled:
        rng.shuffle(pile)
    hands[winner] += pile
    return wars, None


# Tables for ``_duel``, which works on big ints with one byte per position. A card byte
# is rank * 4 + suit < 64, so bit 6 is free to mark the cards of battles won by b, and
# ``translate`` can then split the piles between a and b.
def _bytes(value: int) -> list[int]:
    return [int.from_bytes(bytes([value]) * n) for n in range(53)]


_RANKS, _HIGH = _bytes(0x3F), _bytes(0x80)
_SPREAD = bytes.maketrans(b"01", b"\x00\xff")
_A_CARDS = bytes(range(64, 128))
_B_CARDS = bytes(range(64))
_UNMARK = bytes((i - 64) % 256 for i in range(256))
_MARK = bytes((i + 64) % 256 for i in range(256))


def _duel(a: bytearray, b: bytearray, rng: Rng, limit: int) -> tuple[int, int, bytearray | None]:
    """Two players in shuffled order, a pass at a time: ``(rounds, wars, table)``.

    Stops when a hand is empty, after ``limit`` rounds, or at a draw (``table`` not None).
    In a pass of ``m = min(len(a), len(b))`` positions, byte ``i`` of ``d`` is
    ``0x80 + rank(a[i]) - rank(b[i])``: 0x80 is a tie, bit 7 set means a wins.
    """
    rounds = wars = 0
    bits, shuffle = rng.bits, rng.shuffle
    while a and b and rounds < limit:
        m = min(len(a), len(b))
        ai, bi = int.from_bytes(a[:m]), int.from_bytes(b[:m])
        d = (ai >> 2 & _RANKS[m] | _HIGH[m]) - (bi >> 2 & _RANKS[m])
        ties = d.to_bytes(m)
        keep = 0  # one bit per position; for a battle, 1 keeps its two-card pile as placed
        war_piles = []  # (position, shuffled pile) for the wars inside the pass
        s = 0  # positions of the pass used so far
        while True:
            t = ties.find(0x80, s)
            t = min(m if t < 0 else t, s + limit - rounds)
            if n := t - s:
                keep = keep << n | bits(n)
                rounds += n
            s = t
            if t == m or rounds == limit:
                break
            end = t + 2  # the face-up cards of the war step
            while end < m and ties[end] == 0x80:
                end += 2
            if end >= m:
                break  # the war needs cards beyond the pass: play it on the real hands
            pile = bytearray((a[t], b[t]))
            for j in range(t + 1, end, 2):
                pile += a[j : j + 2]
                pile += b[j : j + 2]
            shuffle(pile)
            war_piles.append((t, pile if ties[end] > 0x80 else pile.translate(_MARK)))
            keep <<= end + 1 - t
            rounds += 1
            wars += (end - t) // 2
            s = end + 1
        if s:
            # every position gives a two-card pile, a's card first where ``keep`` has a 1;
            # a war's pile has just the room of its positions and is written over them
            shift = 8 * (m - s)
            x, y = ai >> shift, bi >> shift
            swap = (x ^ y) & int.from_bytes(bin(keep | 1 << s)[3:].encode().translate(_SPREAD))
            b_won = (d >> shift & _HIGH[s] ^ _HIGH[s]) >> 1
            piles = bytearray(2 * s)
            piles[::2] = (y ^ swap | b_won).to_bytes(s)
            piles[1::2] = (x ^ swap | b_won).to_bytes(s)
            for t, pile in war_piles:
                piles[2 * t : 2 * t + len(pile)] = pile
            del a[:s], b[:s]
            a += piles.translate(None, _A_CARDS)
            b += piles.translate(_UNMARK, _B_CARDS)
        elif rounds < limit:
            rounds += 1
            warred, table = _round([a, b], rng, True)
            wars += warred
            if table is not None:
                return rounds, wars, table
    return rounds, wars, None


@dataclass(frozen=True, repr=False)
class Stats:
    """Totals over many games.

    ``rounds[i]`` is the length of game ``i``; ``wins[seat]`` counts games won by a seat;
    ``wars`` is the total number of war steps. ``games`` is the number actually played
    (fewer than asked if ``progress`` cancelled the run).
    """

    players: int
    games: int
    rounds: list[int] = field(default_factory=list)
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    repetitions: int = 0
    wars: int = 0

    @property
    def mean(self) -> float:
        """Mean game length in rounds."""
        return statistics.fmean(self.rounds) if self.rounds else 0.0

    @property
    def median(self) -> float:
        """Median game length in rounds."""
        return statistics.median(self.rounds) if self.rounds else 0.0

    def __repr__(self) -> str:
        return (
            f"Stats(players={self.players}, games={self.games}, mean={self.mean:.1f}, "
            f"wins={self.wins}, draws={self.draws}, repetitions={self.repetitions}, wars={self.wars})"
        )


def simulate(
    players: int,
    games: int,
    seed: int = 0,
    return_order: str = "shuffled",
    progress: Callable[[int], object] | None = None,
    every: int = 100,
) -> Stats:
    """Play ``games`` whole games as fast as possible and count what happened.

    Game ``i`` is exactly ``Game.new(players, seed=derive(seed, i), return_order=…)``.
    ``progress(done)`` is called after every ``every`` games and at the end; if it returns
    ``False`` the run stops early and the stats cover the games played.

    >>> simulate(3, 5, seed=7).games
    5
    """
    check_players(players)
    check_order(return_order)
    check_seed(seed)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be an int >= 0, not {describe(games)}")
    shuffled = return_order == "shuffled"
    lengths: list[int] = []
    wins = [0] * players
    draws = repetitions = wars = 0
    for i in range(games):
        rng = Rng(derive(seed, i))
        deck = list(range(52))
        rng.shuffle(deck)
        hands = list(map(bytearray, deal(deck, players)[0]))
        seen = None if shuffled else {arrangement(hands)}
        outcome = play_out(hands, rng, shuffled, seen=seen)
        lengths.append(outcome.rounds)
        wars += outcome.wars
        if outcome.result == "win":
            wins[outcome.winner] += 1  # type: ignore[index]
        elif outcome.result == "draw":
            draws += 1
        else:
            repetitions += 1
        if progress is not None and (i + 1) % every == 0 and i + 1 < games and progress(i + 1) is False:
            break
    else:
        if progress is not None:
            progress(len(lengths))
    return Stats(players, len(lengths), lengths, wins, draws, repetitions, wars)


def check_players(players: object) -> None:
    """``ValueError`` unless ``players`` is 2, 3 or 4 (R1)."""
    if type(players) is not int or players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4 (R1), not {describe(players)}")


def check_order(order: object) -> None:
    """``ValueError`` unless ``order`` is ``"shuffled"`` or ``"played"`` (R9)."""
    if order not in ORDERS:
        raise ValueError(f'return_order must be "shuffled" or "played" (R9), not {describe(order)}')


def check_seed(seed: object) -> None:
    """``ValueError`` unless ``seed`` is an int in ``range(2**64)``."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise ValueError("seed must be an int from 0 to 2**64 - 1")
