"""A game of Krig, played round by round with full records (docs/rules.md, R1–R17).

>>> game = Game.from_hands([["KS", "2C"], ["KH", "5D", "3C", "9S"]], return_order="played")
>>> game.play_round()
Round(number=1, winner=1, wars=1, eliminated=(0,), pile='KS KH 2C 5D 3C', steps=(Step(up=('KS', 'KH')), ...))
>>> game.result, game.winner, game.hands
(<Result.WIN: 'win'>, 1, [[], ['9S', 'KS', 'KH', '2C', '5D', '3C']])

``Game.play_round`` is the readable reference of the rules, and the module is long because
the game and the records of its rounds stay in one place; ``krig.fast`` mirrors it for
speed (``finish``, ``simulate``, ``win_chances``, loading a save). The decisions it takes
where the rules are terse are in docs/rules.md:

* A war step: every player still in the war, in seat order, puts ``face_down`` cards face
  down then one face up, or, holding fewer than ``face_down + 1`` cards, puts its remaining
  cards (if any) on the pile and is eliminated (R8). After the step: nobody left means the
  round has no winner, the game is a draw and the pile stays on the table (``Game.table``);
  one left wins the round, its own war cards included; otherwise R6 looks at the new
  face-up cards. Under Peace (R13) the lowest card is the best; with only the tied at war
  (R15) the players not tied for the best card keep their hands out of the war, and a pile
  nobody won stays on the table while the others play on.
* R10 runs after the round; ``Round.eliminated`` lists R8 eliminations in the order they
  happened, then R10 ones in seat order.
* R12 applies in played order only: the game ends as a repetition when the arrangement
  of all hands after a round equals the arrangement after an earlier round or at the
  deal. In shuffled order the generator has moved on, so a repeated arrangement is not a
  cycle and play goes on.
"""

from __future__ import annotations

import secrets
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from .cards import CARDS, JOKERS, NAMES, code, codes, deal, parse_cards, undeal
from .fast import Outcome, play_out
from .rng import Rng
from .rules import (
    STANDARD,
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
from .save import Save, SaveError, rng_field

Cards = tuple[str | None, ...]
"""One card per seat, ``None`` for a seat that put none."""

CardsPerSeat = tuple[tuple[str, ...], ...]
"""Several cards per seat, in the order placed: ``()`` for a seat that put none."""


class GameOver(RuntimeError):
    """Raised by ``play_round`` once the game has ended."""


@dataclass(frozen=True, repr=False)
class Step:
    """What each seat put on the table in one step: the battle, or one war step.

    Each field has one entry per seat: ``up`` the face-up card (``None`` where there is
    none); ``down`` the cards put face down, in the order placed, and ``last`` the last
    cards of a player eliminated by R8 (``()`` where there are none). ``out`` lists the
    seats eliminated in this step.

    >>> step = Step(up=("9S", "9D"), down=(("5C", "6C"), ("KH", "2H")), last=((), ()))
    >>> step
    Step(up=('9S', '9D'), down=(('5C', '6C'), ('KH', '2H')))
    >>> step.down[1]
    ('KH', '2H')
    """

    up: Cards
    down: CardsPerSeat
    last: CardsPerSeat
    out: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data, per seat: ``{"up": ["9S", null], "down": [["5C"], []], "last": [[], []], "out": []}``."""
        return {
            "up": list(self.up),
            "down": [list(cards) for cards in self.down],
            "last": [list(cards) for cards in self.last],
            "out": list(self.out),
        }

    def __repr__(self) -> str:
        shown = [f"up={self.up!r}"]
        shown += [f"{name}={cards!r}" for name, cards in (("down", self.down), ("last", self.last)) if any(cards)]
        shown += [f"out={self.out!r}"] if self.out else []
        return f"Step({', '.join(shown)})"


@dataclass(frozen=True, repr=False)
class Round:
    """The record of one round.

    ``pile`` holds every card in the order it was placed; ``collected`` the order in
    which the pile went under the winner's hand (empty after a drawn round); ``steps``
    the battle then one ``Step`` per war step; ``wars`` the number of war steps;
    ``eliminated`` the seats knocked out in this round (R8 in order, then R10).
    """

    number: int
    winner: int | None
    wars: int
    eliminated: tuple[int, ...]
    pile: tuple[str, ...]
    steps: tuple[Step, ...]
    collected: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (lists, not tuples) for the browser."""
        return {
            "number": self.number,
            "winner": self.winner,
            "wars": self.wars,
            "eliminated": list(self.eliminated),
            "pile": list(self.pile),
            "steps": [step.to_dict() for step in self.steps],
            "collected": list(self.collected),
        }

    def __repr__(self) -> str:
        return (
            f"Round(number={self.number}, winner={self.winner}, wars={self.wars}, "
            f"eliminated={self.eliminated}, pile={' '.join(self.pile)!r}, steps={self.steps!r})"
        )


class Game:
    """A game of Krig. Build one with ``new``, ``from_deck``, ``from_hands`` or ``from_dict``.

    >>> game = Game.new(2, seed=1)
    >>> [len(hand) for hand in game.hands], game.over
    ([26, 26], False)
    """

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        *,
        rng: Rng,
        seed: int,
        return_order: Order,
        face_down: int,
        house: HouseRules = STANDARD,
        set_aside: tuple[int, ...] = (),
        dealt_from: str = "hands",
    ) -> None:
        """Start from dealt hands of internal cards; prefer the ``new``/``from_*`` constructors."""
        self._players = len(hands)
        self._return_order = return_order
        self._face_down = face_down
        self._house = house
        self._seed = seed
        self._rng = rng
        self._deal = tuple(tuple(hand) for hand in hands)
        self._set_aside = set_aside
        self._dealt_from = dealt_from  # "seed", "deck" or "hands": how the save records the deal
        self._hands = [deque(hand) for hand in hands]
        self._table: list[int] = []
        self._round_number = 0
        self._result: Result | None = None
        self._winner: int | None = None
        self._seen = {arrangement(self._hands)} if return_order is Order.PLAYED else None
        self._end_if_over()

    @classmethod
    def new(
        cls,
        players: int,
        seed: int | None = None,
        return_order: str = Order.SHUFFLED,
        *,
        face_down: int = 1,
        house: HouseRules | Iterable[str] = STANDARD,
    ) -> Game:
        """A new game: a 52-card deck (54 with the jokers) shuffled by the game's own generator, dealt by R3.

        ``seed=None`` draws a fresh seed (below 2**53, safe for JavaScript numbers).
        ``face_down`` is the number of cards each player puts face down in a war step (R7, R16);
        ``house`` the house rules (R13–R15), as ``HouseRules`` or their names.

        >>> Game.new(3, seed=1, house=["jokers", "only-tied"])
        <Game players=3 shuffled house=jokers,only-tied seed=1 round=0 cards=[18, 18, 18]>
        """
        check_players(players)
        seed = _seed(seed)
        order = check_order(return_order)
        rules = check_house(house)
        hands, set_aside, rng = seeded_deal(players, seed, rules)
        return cls(
            hands,
            rng=rng,
            seed=seed,
            return_order=order,
            face_down=check_face_down(face_down),
            house=rules,
            set_aside=set_aside,
            dealt_from="seed",
        )

    @classmethod
    def from_deck(
        cls,
        deck: Sequence[str],
        players: int,
        return_order: str = Order.SHUFFLED,
        seed: int | None = None,
        *,
        face_down: int = 1,
        house: HouseRules | Iterable[str] = STANDARD,
    ) -> Game:
        """A game dealt by R3 from ``deck``: 52 distinct codes, top first (54 with the jokers, R14).

        >>> from krig.cards import CODES
        >>> Game.from_deck(list(CODES), 3).set_aside
        'AS'
        """
        check_players(players)
        rules = check_house(house)
        cards = _no_stray_jokers(parse_cards(deck, "deck", rules.deck), rules)
        if len(cards) != rules.deck:
            raise ValueError(f"deck must have {rules.deck} cards, not {len(cards)}")
        seed = _seed(seed)
        order = check_order(return_order)
        hands, set_aside = deal(cards, players)
        return cls(
            hands,
            rng=Rng(seed),
            seed=seed,
            return_order=order,
            face_down=check_face_down(face_down),
            house=rules,
            set_aside=set_aside,
            dealt_from="deck",
        )

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Sequence[str]],
        return_order: str = Order.SHUFFLED,
        seed: int | None = None,
        *,
        face_down: int = 1,
        house: HouseRules | Iterable[str] = STANDARD,
    ) -> Game:
        """A game from explicit hands (2–4 seats, distinct codes, top first; jokers only with R14).

        Any subset of the deck will do. An empty hand is a seat that is already out; with
        at most one hand holding cards the game is over from the start (R11).

        >>> Game.from_hands([["AS"], ["2C", "3C"]]).hands
        [['AS'], ['2C', '3C']]
        """
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or not 2 <= len(hands) <= 4:
            raise ValueError("hands must be a list of 2, 3 or 4 hands (R1)")
        rules = check_house(house)
        cards = [
            _no_stray_jokers(parse_cards(hand, f"hand {seat}", rules.deck), rules) for seat, hand in enumerate(hands)
        ]
        if len({c for hand in cards for c in hand}) != sum(map(len, cards)):
            raise ValueError("a card appears in more than one hand")
        if not any(cards):
            raise ValueError("the hands hold no cards")
        seed = _seed(seed)
        order = check_order(return_order)
        return cls(
            cards, rng=Rng(seed), seed=seed, return_order=order, face_down=check_face_down(face_down), house=rules
        )

    @property
    def players(self) -> int:
        return self._players

    @property
    def return_order(self) -> Order:
        """``Order.SHUFFLED`` or ``Order.PLAYED`` (R9)."""
        return self._return_order

    @property
    def face_down(self) -> int:
        """How many cards each player puts face down in a war step: 1, 2 or 3 (R7, R8), 4 or 5 (R16)."""
        return self._face_down

    @property
    def house(self) -> HouseRules:
        """The game's house rules (R13–R15); ``HouseRules()``, false, for Krig's own rules."""
        return self._house

    @property
    def can_repeat(self) -> bool:
        """Whether this game can end in a repetition (R12): only in played order can a position come back.

        >>> Game.new(2, seed=1).can_repeat, Game.new(2, seed=1, return_order="played").can_repeat
        (False, True)
        """
        return self._seen is not None

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def hands(self) -> list[list[str]]:
        """One list of codes per seat, top card first (a copy)."""
        return [codes(hand) for hand in self._hands]

    @property
    def set_aside(self) -> str | None:
        """The card set aside unseen with 3 players (R3), or ``None``; the first of two with the jokers and 4 (R14).

        ``aside`` has them all.
        """
        return code(self._set_aside[0]) if self._set_aside else None

    @property
    def aside(self) -> list[str]:
        """Every card set aside unseen by the deal (R3, R14): none, one, or two with the jokers and 4 players."""
        return codes(self._set_aside)

    @property
    def table(self) -> list[str]:
        """Cards left on the table by rounds that nobody won (R8: nobody left in the war; R15), else empty."""
        return codes(self._table)

    @property
    def round_number(self) -> int:
        """Rounds played so far."""
        return self._round_number

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        """``Result.WIN``, ``DRAW`` or ``REPETITION`` (equal to ``"win"``…), or ``None`` while the game runs."""
        return self._result

    @property
    def winner(self) -> int | None:
        """The winning seat, or ``None``."""
        return self._winner

    def copy(self) -> Game:
        """An independent copy, generator and R12 history included."""
        game = object.__new__(Game)
        game.__dict__.update(self.__dict__)
        game._rng = self._rng.copy()
        game._hands = [deque(hand) for hand in self._hands]
        game._table = self._table[:]
        game._seen = None if self._seen is None else set(self._seen)
        return game

    def play_round(self) -> Round:
        """Play one round (R5–R10) and check for the end (R11, R12).

        ``krig.fast`` mirrors this method (``_round`` and ``_duels``): change them together.
        """
        if self._result is not None:
            raise GameOver(f"the game is over ({self._result}); start a new one")
        n = self._players
        face_down = self._face_down
        strength = self._house.strength
        hands = self._hands
        fighters = started = [seat for seat in range(n) if hands[seat]]
        ups = {seat: hands[seat].popleft() for seat in fighters}
        pile = list(ups.values())
        nobody = ((),) * n
        steps = [Step(_by_seat(ups, n), nobody, nobody)]
        eliminated: list[int] = []
        while True:
            top = max(strength[card] for card in ups.values())
            leaders = [seat for seat, card in ups.items() if strength[card] == top]
            if len(leaders) == 1:
                winner: int | None = leaders[0]
                break
            if self._house.only_tied:  # R15: the others keep their hands out of the war
                fighters = leaders
            downs: dict[int, list[int]] = {}
            lasts: dict[int, list[int]] = {}
            ups, out = {}, []
            for seat in fighters:
                hand = hands[seat]
                if len(hand) > face_down:
                    downs[seat] = [hand.popleft() for _ in range(face_down)]
                    ups[seat] = hand.popleft()
                    pile += *downs[seat], ups[seat]
                else:  # too short for the war (R8): the rest of the hand joins the pile
                    lasts[seat] = list(hand)
                    hand.clear()
                    pile += lasts[seat]
                    out.append(seat)
            steps.append(Step(_by_seat(ups, n), _per_seat(downs, n), _per_seat(lasts, n), tuple(out)))
            eliminated += out
            fighters = list(ups)
            if len(fighters) < 2:
                winner = fighters[0] if fighters else None
                break
        collected = pile[:]
        if winner is None:
            self._table += collected
            collected = []
        else:
            if self._return_order is Order.SHUFFLED:
                self._rng.shuffle(collected)
            hands[winner].extend(collected)
        eliminated += [seat for seat in started if not hands[seat] and seat not in eliminated]
        self._round_number += 1
        self._end_if_over()
        return Round(
            number=self._round_number,
            winner=winner,
            wars=len(steps) - 1,
            eliminated=tuple(eliminated),
            pile=tuple(codes(pile)),
            steps=tuple(steps),
            collected=tuple(codes(collected)),
        )

    def finish(self) -> Outcome:
        """Play the rest of the game at once, on the fast path (the "Finish the game" button).

        Leaves the game exactly where ``play_round`` after ``play_round`` would have.
        Returns the rounds and war steps it played, and the result.

        >>> Game.from_hands([["AS", "2C"], ["KS", "3C"]], seed=1).finish()
        Outcome(rounds=4, wars=0, result=<Result.WIN: 'win'>, winner=0, table=())
        """
        return self.play_rounds()

    def play_rounds(self, rounds: int | None = None) -> Outcome:
        """Play the next ``rounds`` rounds at once (all that are left by default), on the fast path and
        without records; fewer if the game ends first. On a finished game it plays nothing.

        Leaves the game exactly where as many ``play_round`` calls would have, and returns the rounds
        and war steps played, and the result (``None`` while the game goes on): a replay uses it to
        get to a round far into a game at once.

        >>> game = Game.new(2, seed=7)
        >>> game.play_rounds(100)
        Outcome(rounds=100, wars=5, result=None, winner=None, table=())
        >>> game.round_number
        100
        """
        if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 0):
            raise ValueError(f"rounds must be a whole number from 0, not {rounds!r}")
        if self._result is not None:
            return Outcome(0, 0, self._result, self._winner, tuple(self.table))
        hands = list(map(bytearray, self._hands))
        outcome = play_out(
            hands,
            self._rng,
            self._return_order is Order.SHUFFLED,
            face_down=self._face_down,
            house=self._house,
            seen=self._seen,
            limit=rounds,
        )
        self._hands = [deque(hand) for hand in hands]
        self._table += [CARDS[card] for card in outcome.table]
        self._round_number += outcome.rounds
        self._result, self._winner = outcome.result, outcome.winner
        return outcome

    def at_deal(self) -> Game:
        """This game as it was dealt: a new game at round 0 with the same deal, seed, order, variant and house rules,
        to play again round by round (a replay). The game itself is not changed.

        >>> game = Game.new(2, seed=7)
        >>> outcome = game.finish()
        >>> start = game.at_deal()
        >>> start.round_number, start.hands == Game.new(2, seed=7).hands, start.finish() == outcome
        (0, True, True)
        """
        return Game._dealt(
            self._players, self._deal_field(), self._return_order, self._seed, self._face_down, self._house
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe, versioned save of the whole game (see ``krig.save``)."""
        return Save(
            players=self._players,
            order=self._return_order,
            face_down=self._face_down,
            house=self._house,
            seed=self._seed,
            deal=self._deal_field(),
            rounds=self._round_number,
            hands=self.hands,
            table=self.table,
            rng=rng_field(self._rng.getstate()),
        ).to_dict()

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """The game saved by ``to_dict``; ``SaveError`` (with its ``kind``) for any malformed or tampered save.

        The game is dealt again from the saved deal and replayed on the fast path; the save
        must hold exactly the replayed hands, table and generator (see ``krig.save``).
        """
        save = Save.from_dict(data)
        try:
            game = cls._dealt(save.players, save.deal, save.order, save.seed, save.face_down, save.house)
        except ValueError as error:
            raise SaveError(f"deal: {error}") from None
        save.check_dealt(game.players)
        game.play_rounds(save.rounds)
        save.check_replay(game.round_number, game.hands, game.table, rng_field(game._rng.getstate()))
        return game

    @classmethod
    def _dealt(
        cls, players: int, dealt: object, order: str, seed: int, face_down: int, house: HouseRules
    ) -> Game:
        """A new game from a save's ``deal`` (``"seed"``, a deck or hands); ``ValueError`` if it is none."""
        if dealt == "seed":
            return cls.new(players, seed, order, face_down=face_down, house=house)
        if isinstance(dealt, list) and len(dealt) == house.deck and all(isinstance(card, str) for card in dealt):
            return cls.from_deck(dealt, players, order, seed, face_down=face_down, house=house)
        # from_hands checks whatever it is
        return cls.from_hands(cast(Sequence[Sequence[str]], dealt), order, seed, face_down=face_down, house=house)

    def _deal_field(self) -> str | list[str] | list[list[str]]:
        """The save's ``deal``: ``"seed"``, the deck (``from_deck``) or the hands (``from_hands``)."""
        if self._dealt_from == "seed":
            return "seed"
        if self._dealt_from == "deck":
            return codes(undeal(self._deal, self._set_aside))
        return [codes(hand) for hand in self._deal]

    def _end_if_over(self) -> None:
        """Apply R11, then R12 in played order, to the current hands."""
        holders = [seat for seat, hand in enumerate(self._hands) if hand]
        if len(holders) == 1:
            self._result, self._winner = Result.WIN, holders[0]
        elif not holders:
            self._result = Result.DRAW
        elif self._seen is not None and self._round_number:
            key = arrangement(self._hands)
            if key in self._seen:
                self._result = Result.REPETITION
            self._seen.add(key)

    def __eq__(self, other: object) -> bool:
        """Games are equal when their saves are: the same deal and rules, played to the same position. A game
        changes as it is played, so it has no hash.

        >>> game = Game.new(2, seed=3)
        >>> game == Game.new(2, seed=3), game == Game.new(2, seed=4), game == game.at_deal()
        (True, False, True)
        >>> _ = game.play_round()
        >>> game == game.at_deal(), game == Game.from_dict(game.to_dict())
        (False, True)
        """
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        state = self._result or f"cards={[len(hand) for hand in self._hands]}"
        variant = "" if self._face_down == 1 else f" face_down={self._face_down}"
        variant += f" house={','.join(self._house.names)}" if self._house else ""
        return (
            f"<Game players={self._players} {self._return_order}{variant} seed={self._seed} "
            f"round={self._round_number} {state}>"
        )


def _by_seat(cards: dict[int, int], n: int) -> Cards:
    return tuple(None if seat not in cards else NAMES[cards[seat]] for seat in range(n))


def _per_seat(cards: dict[int, list[int]], n: int) -> CardsPerSeat:
    return tuple(tuple(NAMES[card] for card in cards.get(seat, ())) for seat in range(n))


def _no_stray_jokers(cards: list[int], house: HouseRules) -> list[int]:
    """``cards``, unless they hold a joker and the game is not played with them (R14): ``ValueError``."""
    if not house.jokers and any(card >= len(NAMES) - len(JOKERS) for card in cards):
        raise ValueError("the jokers are only in the deck with the house rule Jokers (R14)")
    return cards


def _seed(seed: object) -> int:
    return secrets.randbits(53) if seed is None else check_seed(seed)
