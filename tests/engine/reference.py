"""A plain, slow War simulator written from docs/rules.md alone, to check the engine against (R1–R17).

It shares nothing with the engine but the seeded generator ``krig.rng.Rng``, whose ``shuffle`` it calls
where the rules draw: the deck before the deal (R3, R14) and each pile in shuffled order (R9). Everything
else is its own: the cards are their codes, the hands are deques, a round is played the obvious way, and
Peace looks for the lowest card with ``min`` rather than turning the ranks over. The engine's numbering
of the deck (ranks from 2 to ace, each in the suits C D H S, then the two jokers) is the one convention it
has to follow, so that the same shuffle deals the same cards.

>>> game = Reference(2, seed=7)
>>> [len(hand) for hand in game.hands], game.aside
([26, 26], [])
>>> game.play_round().number
1
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from krig.rng import Rng

RANKS = "2 3 4 5 6 7 8 9 10 J Q K A".split()
DECK = [rank + suit for rank in RANKS for suit in "CDHS"]
JOKERS = ["BJ", "RJ"]
RANK = {card: RANKS.index(card[:-1]) for card in DECK} | {joker: len(RANKS) for joker in JOKERS}
"""Each card's rank: 0 for a 2 up to 12 for an ace, 13 for a joker."""


@dataclass
class Played:
    """What one round did, in the engine's words: who took the pile, the pile as placed and as taken in."""

    number: int
    winner: int | None
    wars: int
    eliminated: list[int]
    pile: list[str]
    collected: list[str]


class Reference:
    """One game, played round by round by the rules as written."""

    def __init__(self, players: int, seed: int, order: str = "shuffled", face_down: int = 1,
                 peace: bool = False, jokers: bool = False, only_tied: bool = False) -> None:
        self.players, self.order, self.face_down = players, order, face_down
        self.peace, self.only_tied = peace, only_tied
        self.rng = Rng(seed)
        deck = DECK + (JOKERS if jokers else [])
        self.rng.shuffle(deck)
        each = len(deck) // players  # R3, R14: as many times round as every seat can have a card
        self.hands = [deque(deck[seat : each * players : players]) for seat in range(players)]
        self.aside = deck[each * players :]
        self.table: list[str] = []
        self.rounds = 0
        self.result: str | None = None
        self.winner: int | None = None
        self.seen = {self.arrangement()}

    def arrangement(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(hand) for hand in self.hands)

    def best(self, cards: list[str]) -> int:
        """The rank that wins: the highest (R6), or under Peace the lowest (R13)."""
        ranks = [RANK[card] for card in cards]
        return min(ranks) if self.peace else max(ranks)

    def play_round(self) -> Played:
        assert self.result is None
        hands = self.hands
        started = [seat for seat in range(self.players) if hands[seat]]
        up = {seat: hands[seat].popleft() for seat in started}  # R5
        pile = list(up.values())
        eliminated: list[int] = []
        wars = 0
        winner: int | None = None
        while True:
            best = self.best(list(up.values()))
            tied = [seat for seat in up if RANK[up[seat]] == best]
            if len(tied) == 1:
                winner = tied[0]
                break
            wars += 1
            at_war = tied if self.only_tied else list(up)  # R15, or R7: everyone still in it
            up = {}
            for seat in at_war:
                hand = hands[seat]
                if len(hand) < self.face_down + 1:  # R8: short, out, what is left joins the pile
                    pile += hand
                    hand.clear()
                    eliminated.append(seat)
                    continue
                for _ in range(self.face_down):
                    pile.append(hand.popleft())
                up[seat] = hand.popleft()
                pile.append(up[seat])
            if len(up) <= 1:
                winner = next(iter(up), None)
                break
        collected = list(pile)
        if winner is None:  # nobody left in the war: the pile stays on the table (R8, R15)
            self.table += collected
            collected = []
        else:
            if self.order == "shuffled":
                self.rng.shuffle(collected)
            hands[winner].extend(collected)  # R9
        eliminated += [seat for seat in started if not hands[seat] and seat not in eliminated]  # R10
        self.rounds += 1
        self.end_if_over()
        return Played(self.rounds, winner, wars, eliminated, pile, collected)

    def end_if_over(self) -> None:
        holders = [seat for seat in range(self.players) if self.hands[seat]]
        if len(holders) == 1:  # R11
            self.result, self.winner = "win", holders[0]
        elif not holders:
            self.result = "draw"
        elif self.order == "played":  # R12
            key = self.arrangement()
            if key in self.seen:
                self.result = "repetition"
            self.seen.add(key)
