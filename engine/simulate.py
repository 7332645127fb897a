"""The fast path: whole games without records, and ``simulate`` for many games.

``Game.play_round`` is the readable reference; this module plays the very same rules
(the hypothesis tests check them game by game), consuming exactly the same bits of the
generator, but without building ``Round`` records.

Hands are ``bytearray``s of cards (``rank * 4 + suit``). Rounds of three or four
players go one by one (``_round``). Two players in shuffled order go a *pass* at a time
(``_duels``): both always put down the same number of cards, and won cards go under the
hand, out of reach until the rest of the hand is used, so ``min(len(a), len(b))``
positions are known in advance. Ties are found in a big-int difference of the ranks,
each battle costs one bit of the stream (the shuffle of its two-card pile), a single war
one draw ``below(720)``, and the piles are built and handed out with big-int and
``bytes`` operations. ``simulate`` lays the passes of many games end to end and does
those operations for all of them at once.

>>> stats = simulate(2, 20, seed=1)
>>> stats.games, len(stats.rounds), sum(stats.wins) + stats.draws + stats.repetitions
(20, 20, 20)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from .cards import deal, describe
from .rng import Rng, derive, permutation

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
    limit = _NO_LIMIT if limit is None else limit
    run = _Run(hands, rng)
    _melee(run, shuffled, seen, limit)
    if run.a is not None:
        _duels([run], limit)
    return run.outcome()


_NO_LIMIT = 1 << 62


class _Run:
    """A game on the fast path: the hands, its generator, and what happened so far.

    ``a`` and ``b`` are the two hands left once a game in shuffled order is down to a duel.
    """

    __slots__ = ("hands", "rng", "rounds", "wars", "table", "repeated", "a", "b")

    def __init__(self, hands: list[bytearray], rng: Rng) -> None:
        self.hands, self.rng = hands, rng
        self.rounds = self.wars = 0
        self.table: bytearray | None = None
        self.repeated = False
        self.a: bytearray | None = None
        self.b: bytearray | None = None

    def outcome(self) -> Outcome:
        if self.table is not None:
            return Outcome(self.rounds, self.wars, "draw", None, tuple(self.table))
        if self.repeated:
            return Outcome(self.rounds, self.wars, "repetition")
        holders = [seat for seat, hand in enumerate(self.hands) if hand]
        if len(holders) == 1:
            return Outcome(self.rounds, self.wars, "win", holders[0])
        return Outcome(self.rounds, self.wars)


def _melee(run: _Run, shuffled: bool, seen: set[bytes] | None, limit: int) -> None:
    """Play round by round until the game ends, or, in shuffled order, two players are left."""
    hands = run.hands
    active = [seat for seat, hand in enumerate(hands) if hand]
    while len(active) > (2 if shuffled else 1) and run.rounds < limit:
        run.rounds += 1
        wars, run.table = _round([hands[seat] for seat in active], run.rng, shuffled)
        run.wars += wars
        if run.table is not None:
            return
        active = [seat for seat in active if hands[seat]]
        if seen is not None and len(active) > 1:
            key = arrangement(hands)
            if key in seen:
                run.repeated = True
                return
            seen.add(key)
    if shuffled and len(active) == 2:
        run.a, run.b = hands[active[0]], hands[active[1]]


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


# ``_duels`` works on big ints with one byte per position. A card byte is rank * 4 + suit
# < 64, so bit 6 is free to mark the cards of battles won by b, bit 7 to mark positions to
# drop, and 0xFF separates games; ``translate`` and ``split`` then hand the piles out.
_SEPARATOR = b"\xff"
_A_GETS = bytes(range(64, 255))  # deleted from the piles to leave a's cards
_B_GETS = bytes(range(64)) + bytes(range(128, 255))  # deleted to leave b's (marked) cards
_UNMARK = bytes((i - 64) % 256 if 64 <= i < 128 else i for i in range(256))
_MARK = bytes((i + 64) % 256 for i in range(256))
_KEEP = bytes.maketrans(b"012", b"\x00\xff\x00")  # a position's code: 0 swap, 1 keep, 2 drop
_DROP = bytes.maketrans(b"012", b"\x00\x00\x80")
_WAR_CODES = ["0" * n for n in range(53)]  # a war's positions: its pile is written over them
_LEFT_CODES = ["2" * n + "0" for n in range(53)]  # positions left for the next pass, separator
# A single war places a[t], b[t], a[t+1], a[t+2], b[t+1], b[t+2], then shuffles the six
# cards with one draw r = below(720); from ``a[t:t+3] + b[t:t+3]``, ``_SINGLE_WAR[r]`` does both.
_PLACED = (0, 3, 1, 2, 4, 5)
_SINGLE_WAR = [itemgetter(*(_PLACED[i] for i in permutation(6, r))) for r in range(720)]


def _duels(duels: list[_Run], limit: int) -> None:
    """Play two-player games in shuffled order, all at once, a pass at a time.

    Each duel stops when a hand is empty, after ``limit`` rounds, or at a draw (``table``).
    A pass of a duel covers ``m = min(len(a), len(b))`` positions: until then the cards
    won go under the hands out of reach, so every battle up to the first tie is known, and
    costs one bit (1 keeps the two-card pile as placed, a's card first). The passes of all
    the duels are laid end to end, separated by one position, and computed with big-int
    and bytes operations together; only ties, wars and the bits are handled duel by duel.
    Byte ``i`` of ``d`` is ``0x80 + 4 * (rank(a[i]) - rank(b[i]))``: 0x80 is a tie, bit 7
    set means a wins.
    """
    live = [duel for duel in duels if duel.rounds < limit]
    while live:
        sizes = [min(len(duel.a), len(duel.b), limit - duel.rounds) for duel in live]
        a_cards = _SEPARATOR.join([duel.a[:m] for duel, m in zip(live, sizes, strict=True)]) + _SEPARATOR
        b_cards = _SEPARATOR.join([duel.b[:m] for duel, m in zip(live, sizes, strict=True)]) + _SEPARATOR
        n = len(a_cards)
        ranks, high = int.from_bytes(b"\xfc" * n), int.from_bytes(b"\x80" * n)
        ai, bi = int.from_bytes(a_cards), int.from_bytes(b_cards)
        d = (ai & ranks | high) - (bi & ranks)
        ties = d.to_bytes(n)
        codes = []  # one code per position, see _KEEP
        war_piles = []  # (position, shuffled pile) of the wars inside the passes
        used = []  # positions used by each duel in this pass
        start = 0
        for duel, m in zip(live, sizes, strict=True):
            stop = start + m
            t = ties.find(0x80, start, stop)
            rng = duel.rng
            if t < 0:  # battles only
                codes.append(bin(rng.bits(m) | 1 << m)[3:])
                duel.rounds += m
                p = stop
            else:
                p = start  # the next position to play
                rounds = wars = 0
                while True:
                    end = t + 2  # the face-up cards of the war step
                    while end < stop and ties[end] == 0x80:
                        end += 2
                    k = t - p  # battles before the war
                    if end == t + 2 < stop:
                        # a single war: the battles' bits and the first try of below(720) at once
                        x = rng.bits(k + 10)
                        r = x & 1023 if x & 1023 < 720 else rng.below(720)
                        x >>= 10
                    elif k:
                        x = rng.bits(k)
                    if k:
                        codes.append(bin(x | 1 << k)[3:])
                        rounds += k
                    p = t
                    if end >= stop:
                        break  # no war, or one that needs cards beyond the pass: play it on the real hands
                    cards = a_cards[t : end + 1] + b_cards[t : end + 1]
                    if ties[end] < 0x80:
                        cards = cards.translate(_MARK)
                    if end == t + 2:
                        pile = _SINGLE_WAR[r](cards)
                    else:
                        half = end + 1 - t
                        pile = bytearray((cards[0], cards[half]))
                        for j in range(1, half, 2):
                            pile += cards[j : j + 2] + cards[half + j : half + j + 2]
                        rng.shuffle(pile)
                    war_piles.append((t, pile))
                    codes.append(_WAR_CODES[end + 1 - t])
                    rounds += 1
                    wars += (end - t) // 2
                    p = end + 1
                    t = ties.find(0x80, p, stop)
                    if t < 0:
                        t = stop
                duel.rounds += rounds
                duel.wars += wars
            codes.append(_LEFT_CODES[stop - p])
            used.append(p - start)
            start = stop + 1
        code = "".join(codes).encode()
        keep = (ai ^ bi) & int.from_bytes(code.translate(_KEEP))
        marks = ((d & high ^ high) >> 1) | int.from_bytes(code.translate(_DROP))
        piles = bytearray(2 * n)
        piles[::2] = (bi ^ keep | marks).to_bytes(n)
        piles[1::2] = (ai ^ keep | marks).to_bytes(n)
        for t, pile in war_piles:
            piles[2 * t : 2 * t + len(pile)] = pile
        won_a = piles.translate(None, _A_GETS).split(_SEPARATOR * 2)
        won_b = piles.translate(_UNMARK, _B_GETS).split(_SEPARATOR * 2)
        going_on = []
        for duel, s, gained_a, gained_b in zip(live, used, won_a, won_b, strict=False):
            a, b = duel.a, duel.b
            del a[:s], b[:s]
            a += gained_a
            b += gained_b
            if not s:  # a war at the start of the pass that runs past it
                duel.rounds += 1
                wars, duel.table = _round([a, b], duel.rng, True)
                duel.wars += wars
            if a and b and duel.rounds < limit and duel.table is None:
                going_on.append(duel)
        live = going_on


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
    ``False`` the run stops early and the stats cover the games played. Two-player games in
    shuffled order are played ``every`` at a time, together (see ``_duels``).

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
    for first in range(0, games, every):
        positions = [_deal(players, derive(seed, i)) for i in range(first, min(first + every, games))]
        outcomes = play_many(positions, shuffled)
        lengths += [outcome.rounds for outcome in outcomes]
        wars += sum(outcome.wars for outcome in outcomes)
        batch_draws, batch_repetitions = tally(outcomes, wins)
        draws += batch_draws
        repetitions += batch_repetitions
        if progress is not None and progress(len(lengths)) is False:
            break
    return Stats(players, len(lengths), lengths, wins, draws, repetitions, wars)


def tally(outcomes: Iterable[Outcome], wins: list[int]) -> tuple[int, int]:
    """Count every win into `wins` (one count per seat); return the numbers of draws and repetitions."""
    draws = repetitions = 0
    for outcome in outcomes:
        if outcome.result == "win":
            wins[outcome.winner] += 1  # type: ignore[index]
        elif outcome.result == "draw":
            draws += 1
        else:
            repetitions += 1
    return draws, repetitions


def play_many(positions: list[tuple[list[bytearray], Rng]], shuffled: bool) -> list[Outcome]:
    """Play every position (hands and generator) to the end; the duels all together.

    In played order each position starts its own R12 history.

    >>> play_many([([bytearray([51]), bytearray([0])], Rng(1))], shuffled=True)
    [Outcome(rounds=1, wars=0, result='win', winner=0, table=())]
    """
    runs = []
    for hands, rng in positions:
        run = _Run(hands, rng)
        _melee(run, shuffled, None if shuffled else {arrangement(hands)}, _NO_LIMIT)
        runs.append(run)
    _duels([run for run in runs if run.a is not None], _NO_LIMIT)
    return [run.outcome() for run in runs]


def _deal(players: int, seed: int) -> tuple[list[bytearray], Rng]:
    """The hands of ``Game.new(players, seed)`` and its generator after the deal."""
    rng = Rng(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    return list(map(bytearray, deal(deck, players)[0])), rng


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
