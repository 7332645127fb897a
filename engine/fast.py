"""The fast paths: whole games without records, and ``simulate`` for many games.

**A mirror of ``Game.play_round``, twice.** ``_round`` plays one round of the same rules on
``bytearray`` hands, and ``_duels`` plays two-player games in shuffled order bit-packed, many
at once. All three consume exactly the same bits of the generator in the same order, so a
game played here ends exactly where ``play_round`` after ``play_round`` would have (the
tests compare them game by game for every face-down variant and house rule). **Change a rule in
``Game.play_round``, ``_round`` and ``_duels`` together.** They exist for speed: in the
figures of ``benchmarks/engine.py``, ``_round`` is about five times faster than
``play_round`` and ``_duels`` another six to seven. The module is long because the three
mirrors are kept side by side, where a change to one shows the others.

Hands are ``bytearray``s of cards (``rank * 4 + suit``). Rounds of three or four players,
and every round in played order, go one by one (``_round``). Two players in shuffled order
go a *pass* at a time (``_duels``): both always put down the same number of cards, and won
cards go under the hand, out of reach until the rest of the hand is used, so
``min(len(a), len(b))`` positions are known in advance. Ties are found in a big-int
difference of the ranks, each battle costs one bit of the stream (the shuffle of its
two-card pile), a single war one draw ``below(n!)`` for its pile of ``n`` cards, and the
piles are built and handed out with big-int and ``bytes`` operations. ``simulate`` lays the
passes of many games end to end and does those operations for all of them at once.

>>> stats = simulate(2, 20, seed=1)
>>> stats.games, len(stats.rounds), sum(stats.wins) + stats.draws + stats.repetitions
(20, 20, 20)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from math import factorial
from operator import itemgetter

from .cards import codes, describe
from .rng import Rng, derive, permutation
from .rules import (
    FACE_DOWN,
    STANDARD,
    STRENGTH,
    HouseRules,
    Order,
    Result,
    arrangement,
    check_face_down,
    check_house,
    check_order,
    check_players,
    check_seed,
    seeded_deal,
)


@dataclass(frozen=True)
class Outcome:
    """What a stretch of fast play did: rounds and war steps played, and how it ended.

    ``result`` is ``None`` if the stretch stopped at its limit before the game ended;
    ``table`` holds the codes of the cards left on the table in the stretch by rounds that nobody won (R8, R15).

    >>> Outcome(rounds=3, wars=1, result=Result.WIN, winner=0)
    Outcome(rounds=3, wars=1, result=<Result.WIN: 'win'>, winner=0, table=())
    """

    rounds: int
    wars: int
    result: Result | None = None
    winner: int | None = None
    table: tuple[str, ...] = ()


def play_out(
    hands: list[bytearray],
    rng: Rng,
    shuffled: bool,
    *,
    face_down: int = 1,
    house: HouseRules = STANDARD,
    seen: set[bytes] | None = None,
    limit: int | None = None,
) -> Outcome:
    """Play from ``hands`` (cards top first, changed in place) to the end of the game, by ``house``'s rules.

    ``seen`` holds the arrangements so far for R12 (played order) and is updated.
    ``limit`` stops after that many rounds even if the game goes on.

    >>> hands = [bytearray([51, 8]), bytearray([4, 1])]  # AS 4C against 3C 2D
    >>> play_out(hands, Rng(1), shuffled=True), [list(hand) for hand in hands]
    (Outcome(rounds=2, wars=0, result=<Result.WIN: 'win'>, winner=0, table=()), [[51, 4, 1, 8], []])
    """
    limit = _NO_LIMIT if limit is None else limit
    run = _Run(hands, rng)
    if _melee(run, shuffled, face_down, house, seen, limit):
        _duels([run], limit, face_down, house)
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
        self.table = bytearray()
        self.repeated = False
        self.a = self.b = bytearray()  # not a duel (yet)

    def outcome(self) -> Outcome:
        table = tuple(codes(self.table))
        holders = [seat for seat, hand in enumerate(self.hands) if hand]
        if not holders:
            return Outcome(self.rounds, self.wars, Result.DRAW, None, table)
        if self.repeated:
            return Outcome(self.rounds, self.wars, Result.REPETITION, None, table)
        if len(holders) == 1:
            return Outcome(self.rounds, self.wars, Result.WIN, holders[0], table)
        return Outcome(self.rounds, self.wars, None, None, table)


def _melee(
    run: _Run, shuffled: bool, face_down: int, house: HouseRules, seen: set[bytes] | None, limit: int
) -> bool:
    """Play round by round until the game ends, or, in shuffled order, two players are left: then True."""
    hands, rng = run.hands, run.rng
    strength, only_tied = house.strength, house.only_tied
    playing = [hand for hand in hands if hand]
    most = 2 if shuffled else 1
    rounds = run.rounds
    while len(playing) > most and rounds < limit:
        rounds += 1
        wars, table = _round(playing, rng, shuffled, face_down, strength, only_tied)
        run.wars += wars
        if table is not None:  # nobody won the round: its pile stays on the table (R8, R15)
            run.table += table
        if not all(playing):  # R10
            playing = [hand for hand in playing if hand]
        if seen is not None and len(playing) > 1:
            key = arrangement(hands)
            if key in seen:
                run.rounds, run.repeated = rounds, True
                return False
            seen.add(key)
    run.rounds = rounds
    if shuffled and len(playing) == 2:
        run.a, run.b = playing
        return True
    return False


def _round(
    hands: list[bytearray],
    rng: Rng,
    shuffled: bool,
    face_down: int,
    strength: bytes = STRENGTH,
    only_tied: bool = False,
) -> tuple[int, bytearray | None]:
    """One round among ``hands`` (all hold cards): ``(wars, table)``. Mirrors ``Game.play_round``.

    ``strength[card]`` ranks the cards (R6, R13); with ``only_tied`` only the tied go to war (R15).
    The winner collects the pile; if nobody is left in the war (R8) the pile is returned as the table.
    """
    ups = [hand.pop(0) for hand in hands]
    pile = bytearray(ups)
    fighters: Sequence[int] = range(len(hands))
    wars = 0
    while True:
        ranks = [strength[card] for card in ups]
        top = max(ranks)
        if ranks.count(top) == 1:
            winner = fighters[ranks.index(top)]
            break
        wars += 1
        if only_tied:
            fighters = [seat for seat, rank in zip(fighters, ranks, strict=True) if rank == top]
        step = face_down + 1  # the cards of a war step: face down, then one face up
        ups = [hand[face_down] for hand in map(hands.__getitem__, fighters) if len(hand) >= step]
        still = [i for i in fighters if len(hands[i]) >= step]
        for i in fighters:
            pile += hands[i][:step]  # a short hand puts all it has (R8)
            del hands[i][:step]
        fighters = still
        if len(still) < 2:
            if not still:
                return wars, pile
            winner = still[0]
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
_LEFT_CODES = ["2" * n + "0" for n in range(53)]  # positions left for the next pass, separator (if another follows)


class _SingleWar:
    """The pile of a war of one step, shuffled, straight from the cards ``a[t:t+w] + b[t:t+w]``.

    With ``f`` face-down cards a single war places ``w = f + 2`` cards each: a[t], b[t], then
    a's war step, then b's. Its pile of ``2w`` cards is shuffled by one draw ``below((2w)!)``;
    ``pile(r, cards)`` places and shuffles at once. The draws of the seeds' rule (720 of
    them) are looked up; the larger variants, rarer per round, build theirs.
    """

    def __init__(self, face_down: int) -> None:
        w = face_down + 2
        self.placed = (0, w, *range(1, w), *range(w + 1, 2 * w))
        self.draws = factorial(2 * w)
        self.bits = (self.draws - 1).bit_length()
        self.lookup = [self.getter(r) for r in range(self.draws)] if face_down == 1 else None

    def getter(self, r: int) -> itemgetter[bytes]:
        placed = self.placed
        return itemgetter(*(placed[i] for i in permutation(len(placed), r)))


_SINGLE_WARS = {face_down: _SingleWar(face_down) for face_down in FACE_DOWN}
_PEACE = bytes(strength * 4 for strength in HouseRules(peace=True).strength) + bytes(range(54, 256))
"""Each card turned into one whose rank is its strength under Peace (R13), for ``_duels``' differences."""


def _duels(duels: list[_Run], limit: int, face_down: int, house: HouseRules = STANDARD) -> None:
    """Play two-player games in shuffled order, all at once, a pass at a time. Mirrors ``Game.play_round``.

    Each duel stops when a hand is empty, after ``limit`` rounds, or at a draw (``table``).
    A pass of a duel covers ``m = min(len(a), len(b))`` positions: until then the cards
    won go under the hands out of reach, so every battle up to the first tie is known, and
    costs one bit (1 keeps the two-card pile as placed, a's card first). A war step takes
    ``face_down + 1`` positions, its face-up cards at the last. The passes of all the duels
    are laid end to end, separated by one position, and computed with big-int and bytes
    operations together; only ties, wars and the bits are handled duel by duel.
    Byte ``i`` of ``d`` is ``0x80 + 4 * (rank(a[i]) - rank(b[i]))``: 0x80 is a tie, bit 7
    set means a wins. Under Peace (R13) the ranks are the cards' strengths; with two players only
    the tied go to war in any case (R15).
    """
    strength, peace = house.strength, house.peace
    step = face_down + 1
    single = _SINGLE_WARS[face_down]
    war_bits, war_draws, lookup = single.bits, single.draws, single.lookup
    war_mask = (1 << war_bits) - 1
    live = [duel for duel in duels if duel.rounds < limit]
    while live:
        sizes = [min(len(duel.a), len(duel.b), limit - duel.rounds) for duel in live]
        a_cards = _SEPARATOR.join([duel.a[:m] for duel, m in zip(live, sizes, strict=True)])
        b_cards = _SEPARATOR.join([duel.b[:m] for duel, m in zip(live, sizes, strict=True)])
        n = len(a_cards)
        ranks, high = int.from_bytes(b"\xfc" * n), int.from_bytes(b"\x80" * n)
        ai, bi = int.from_bytes(a_cards), int.from_bytes(b_cards)
        if peace:
            d = (int.from_bytes(a_cards.translate(_PEACE)) & ranks | high) - (
                int.from_bytes(b_cards.translate(_PEACE)) & ranks
            )
        else:
            d = (ai & ranks | high) - (bi & ranks)
        ties = d.to_bytes(n)
        position_codes = []  # one code per position, see _KEEP
        war_piles = []  # (position, shuffled pile) of the wars inside the passes
        used = []  # positions used by each duel in this pass
        start = 0
        for duel, m in zip(live, sizes, strict=True):
            stop = start + m
            t = ties.find(0x80, start, stop)
            rng = duel.rng
            if t < 0:  # battles only
                position_codes.append(bin(rng.bits(m) | 1 << m)[3:])
                duel.rounds += m
                p = stop
            else:
                p = start  # the next position to play
                rounds = wars = 0
                while True:
                    end = t + step  # the face-up cards of the war step
                    while end < stop and ties[end] == 0x80:
                        end += step
                    battles = t - p  # battles before the war
                    if end == t + step < stop:
                        # a single war: the battles' bits and the first try of its draw at once
                        x = rng.bits(battles + war_bits)
                        r = x & war_mask if x & war_mask < war_draws else rng.below(war_draws)
                        x >>= war_bits
                    elif battles:
                        x = rng.bits(battles)
                    if battles:
                        position_codes.append(bin(x | 1 << battles)[3:])
                        rounds += battles
                    p = t
                    if end >= stop:
                        break  # no war, or one that needs cards beyond the pass: play it on the real hands
                    cards = a_cards[t : end + 1] + b_cards[t : end + 1]
                    if ties[end] < 0x80:
                        cards = cards.translate(_MARK)
                    if end == t + step:
                        pile = (single.getter(r) if lookup is None else lookup[r])(cards)
                    else:
                        half = end + 1 - t
                        pile = bytearray((cards[0], cards[half]))
                        for j in range(1, half, step):
                            pile += cards[j : j + step] + cards[half + j : half + j + step]
                        rng.shuffle(pile)
                    war_piles.append((t, pile))
                    position_codes.append(_WAR_CODES[end + 1 - t])
                    rounds += 1
                    wars += (end - t) // step
                    p = end + 1
                    t = ties.find(0x80, p, stop)
                    if t < 0:
                        t = stop
                duel.rounds += rounds
                duel.wars += wars
            position_codes.append(_LEFT_CODES[stop - p])
            used.append(p - start)
            start = stop + 1
        position_codes[-1] = position_codes[-1][:-1]  # no separator after the last pass
        code = "".join(position_codes).encode()
        keep = (ai ^ bi) & int.from_bytes(code.translate(_KEEP))
        marks = ((d & high ^ high) >> 1) | int.from_bytes(code.translate(_DROP))
        piles = bytearray(2 * n)
        piles[::2] = (bi ^ keep | marks).to_bytes(n)
        piles[1::2] = (ai ^ keep | marks).to_bytes(n)
        for t, pile in war_piles:
            piles[2 * t : 2 * t + len(pile)] = pile
        won_a = piles.translate(None, _A_GETS).split(_SEPARATOR * 2)  # one chunk per duel: separators between
        won_b = piles.translate(_UNMARK, _B_GETS).split(_SEPARATOR * 2)
        going_on = []
        for duel, s, gained_a, gained_b in zip(live, used, won_a, won_b, strict=True):
            a, b = duel.a, duel.b
            del a[:s], b[:s]
            a += gained_a
            b += gained_b
            if not s:  # a war at the start of the pass that runs past it
                duel.rounds += 1
                wars, table = _round([a, b], duel.rng, True, face_down, strength)
                duel.wars += wars
                duel.table += table or b""
            if a and b and duel.rounds < limit:
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
    return_order: str = Order.SHUFFLED,
    progress: Callable[[int], object] | None = None,
    every: int = 100,
    *,
    face_down: int = 1,
    house: HouseRules | Iterable[str] = STANDARD,
    first: int = 0,
) -> Stats:
    """Play ``games`` whole games as fast as possible and count what happened.

    Game ``i`` is exactly ``Game.new(players, seed=derive(seed, i), return_order=…, face_down=…, house=…)``, for ``i``
    from ``first``: a long run played in batches of any size, each from where the last one ended, plays the
    same games as one call.
    ``progress(done)`` is called after every ``every`` games and at the end; if it returns
    ``False`` the run stops early and the stats cover the games played. Two-player games in
    shuffled order are played ``every`` at a time, together (see ``_duels``).

    >>> simulate(3, 5, seed=7).games
    5
    """
    check_players(players)
    shuffled = check_order(return_order) is Order.SHUFFLED
    check_seed(seed)
    check_face_down(face_down)
    rules = check_house(house)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be an int >= 0, not {describe(games)}")
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError(f"first must be an int >= 0, not {describe(first)}")
    lengths: list[int] = []
    wins = [0] * players
    draws = repetitions = wars = 0
    for start in range(first, first + games, every):
        chunk = range(start, min(start + every, first + games))
        positions = [_deal(players, derive(seed, i), rules) for i in chunk]
        outcomes = play_many(positions, shuffled, face_down, rules)
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
        if outcome.winner is not None:
            wins[outcome.winner] += 1
        elif outcome.result is Result.DRAW:
            draws += 1
        else:
            repetitions += 1
    return draws, repetitions


def play_many(
    positions: list[tuple[list[bytearray], Rng]],
    shuffled: bool,
    face_down: int = 1,
    house: HouseRules = STANDARD,
) -> list[Outcome]:
    """Play every position (hands and generator) to the end by ``house``'s rules; the duels all together.

    In played order each position starts its own R12 history.

    >>> play_many([([bytearray([51]), bytearray([0])], Rng(1))], shuffled=True)
    [Outcome(rounds=1, wars=0, result=<Result.WIN: 'win'>, winner=0, table=())]
    """
    runs, duels = [], []
    for hands, rng in positions:
        run = _Run(hands, rng)
        if _melee(run, shuffled, face_down, house, None if shuffled else {arrangement(hands)}, _NO_LIMIT):
            duels.append(run)
        runs.append(run)
    _duels(duels, _NO_LIMIT, face_down, house)
    return [run.outcome() for run in runs]


def _deal(players: int, seed: int, house: HouseRules) -> tuple[list[bytearray], Rng]:
    """The hands of ``Game.new(players, seed, house=house)`` and its generator after the deal."""
    hands, _, rng = seeded_deal(players, seed, house)
    return list(map(bytearray, hands)), rng
