"""The game as a state machine: the lottery rounds (p3–p8), then the play-off (p9–p15).

A `Game` is made from a table, options and either a seed or both deck orders. Everything
that is not a decision runs by itself, one event at a time; the game stops at each decision
(`to_act`, `legal_actions()`) and `apply(action)` carries it on. The record of a game is its
set-up plus the list of decisions, so undo and loading replay.

The game's state is declared once, in `STATE` below: the constructor, `clone()`, `locations()`
and the view's `snapshot()` all iterate that declaration.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable, Iterator

from . import events as ev
from .actions import Action, Beat, Lead, Play, Stake, Take, parse_action
from .cards import FULL_DECK, Card, check_deck, parse_cards
from .errors import EngineError
from .options import MAX_SEED, Options, OptionError, Table, check_carried, keeps_kitty
from .rng import Stream

BANKER = -1  # `to_act` of the banker's own decision (spread = chosen); seats are 0..n-1


class Phase(StrEnum):
    """Where the game is. The four decisions stop it; every other phase runs by itself."""

    START = "start"
    ROUND = "round"              # p3, p8: a new round, or the end of the lottery
    PAY = "pay"                  # p4, p7
    STAKE = "stake"              # decision: the banker spreads the sum (spread = chosen)
    SPREAD = "spread"            # p4: the sum spread evenly or at random
    DEAL = "deal"                # p5
    REVEAL = "reveal"            # p5
    DISCARD = "discard"          # p6
    ASIDE = "aside"              # p7
    PLAYOFF = "playoff"          # p9
    LEAD = "lead"                # decision: p10
    ANSWER = "answer"            # decision: beat or take, p10
    ABANDON_LEAD = "abandon_lead"  # p11, last_lead = stop_at_once
    SECOND_STAGE = "second_stage"  # p11, p13: playoff = beating_then_tricks
    TRICK = "trick"              # decision: a card to the trick, p13
    TAKE_TRICK = "take_trick"    # p13
    ABANDON = "abandon"          # p14, last_card = stop_at_once
    PLAYOFF_END = "playoff_end"  # p11, p14
    FINES = "fines"              # p11, p15
    END = "end"                  # p12
    OVER = "over"


# The decisions, and the moves that fit each (a record's move waits for the decision of its kind).
DECISION_MOVES: dict[Phase, tuple[type, ...]] = {
    Phase.STAKE: (Stake,), Phase.LEAD: (Lead,), Phase.ANSWER: (Beat, Take), Phase.TRICK: (Play,),
}
# The paragraph that governs each decision: the spread (p4), a lead and its answer (p10), a card to the trick (p13).
DECISION_RULES: dict[Phase, str] = {Phase.STAKE: "p4", Phase.LEAD: "p10", Phase.ANSWER: "p10", Phase.TRICK: "p13"}


class IllegalMove(EngineError):
    """A move the rules refuse. The state is left exactly as it was.

    It names the move (`action`), the state (`facts`: whose turn, the decision, a few legal moves)
    and the paragraph (`rule`); refusals.py words it in English (`str()`) or Russian."""

    kind = "move"

    def __init__(self, code: str, action: Action, rule: str, **facts: Any) -> None:
        super().__init__(code, rule, **facts)
        self.action = action


class NotYourMove(IllegalMove):
    """A move of the wrong kind for this point of the game (or the game is over)."""


class CardNotHeld(IllegalMove):
    """A card the player to act does not hold."""


class AgainstTheRule(IllegalMove):
    """Cards held, but the paragraph forbids the move (not higher, not following suit, must beat...)."""


def shuffled_decks(seed: int) -> tuple[Stream, tuple[Card, ...], tuple[Card, ...]]:
    """The seed's stream shuffles the banker's deck, then the dealer's; the stream goes on (spread)."""
    stream = Stream(seed)
    banker, dealer = list(FULL_DECK), list(FULL_DECK)
    stream.shuffle(banker)
    stream.shuffle(dealer)
    return stream, tuple(banker), tuple(dealer)


# ---------------------------------------------------------------------------- the state, declared once


@dataclass(frozen=True)
class Part:
    """One part of a game's state: its value at the start, how a clone copies it, where its cards
    lie (for `locations()`), and its key and value in the view's snapshot (None: not shown)."""

    name: str
    start: Callable[[Game], Any]
    copy: Callable[[Any], Any]
    cards: Callable[[Game], dict[str, list[Card]]] | None = None
    view: tuple[str, Callable[[Game], Any]] | None = None


def _same(value: Any) -> Any:
    return value


def _piles(game: Game) -> list[list[Card]]:
    return [[] for _ in range(game.n)]


def _copy_piles(piles: list[list[Card]]) -> list[list[Card]]:
    return [list(pile) for pile in piles]


def _by_seat(place: str, name: str) -> Callable[[Game], dict[str, list[Card]]]:
    return lambda g: {f"{place}:{g.seats[seat]}": list(pile) for seat, pile in enumerate(getattr(g, name))}


def _codes(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


STATE: tuple[Part, ...] = (
    Part("phase", lambda g: Phase.START, _same, view=("phase", lambda g: g.phase.value)),
    Part("round", lambda g: 0, _same, view=("round", lambda g: g.round)),
    Part("to_act", lambda g: None, _same, view=("to_act", lambda g: g.actor_key())),
    # Cards taken from the top of each deck; the rest of the deck is where it was.
    Part("banker_next", lambda g: 0, _same, cards=lambda g: {"banker_deck": list(g.banker_deck[g.banker_next:])},
         view=("decks", lambda g: [g.banker_left, g.dealer_left])),
    Part("dealer_next", lambda g: 0, _same, cards=lambda g: {"dealer_deck": list(g.dealer_deck[g.dealer_next:])}),
    Part("row", lambda g: [], list, cards=lambda g: {"row": list(g.row)},  # the banker's four (p3), left to right
         view=("row", lambda g: _codes(g.row))),
    Part("revealed", lambda g: 0, _same, view=("up", lambda g: g.revealed if g.row else 0)),
    Part("stakes", lambda g: [0, 0, 0, 0], list, view=("stakes", lambda g: list(g.stakes))),
    Part("hands", _piles, _copy_piles, cards=_by_seat("hand", "hands"),
         view=("hands", lambda g: [_codes(h) for h in g.hands])),
    Part("aside", _piles, _copy_piles, cards=_by_seat("aside", "aside"),  # laid-aside piles (p7)
         view=("aside", lambda g: [_codes(p) for p in g.aside])),
    Part("penalty", _piles, _copy_piles, cards=_by_seat("penalty", "penalty"),  # cards not beaten (p10)
         view=("penalty", lambda g: [_codes(p) for p in g.penalty])),
    Part("tricks", _piles, _copy_piles, cards=_by_seat("tricks", "tricks"),  # tricks taken (p13)
         view=("tricks", lambda g: [len(t) for t in g.tricks])),
    Part("nets", lambda g: [0] * g.n, list, view=("nets", lambda g: list(g.nets))),
    Part("active", lambda g: [True] * g.n, list,  # who takes part in the play-off (docs/rules.md, conventions)
         view=("active", lambda g: list(g.active))),
    # The play-off's cards on the table, (seat, card): the lead and its covers, or the trick.
    Part("table_cards", lambda g: [], list, cards=lambda g: {"table": [c for _, c in g.table_cards]},
         view=("table", lambda g: [[seat, str(card)] for seat, card in g.table_cards])),
    Part("discard", lambda g: [], list, cards=lambda g: {"discard": list(g.discard)},  # the dealer's cards out of play
         view=("discard", lambda g: len(g.discard))),
    Part("banker_discard", lambda g: [], list, cards=lambda g: {"banker_discard": list(g.banker_discard)},  # p6
         view=("banker_discard", lambda g: len(g.banker_discard))),
    Part("pool", lambda g: g.pool_in, _same, view=("pool", lambda g: g.pool)),  # chips on the table not on a card
    # Fines laid apart to be played for in a play-off (fines_to = playoff_prize, p12): those carried
    # in until this game's play-off is won, then this game's fines for the next.
    Part("prize", lambda g: g.prize_in, _same, view=("prize", lambda g: g.prize)),
    Part("kitty", lambda g: g.kitty_in, _same, view=("kitty", lambda g: g.kitty)),  # kept apart (kitty, p15)
    Part("banker_net", lambda g: 0, _same, view=("banker_net", lambda g: g.banker_net)),
    Part("led", lambda g: [], list),
    Part("last_winner", lambda g: None, _same),
    Part("last_losing", lambda g: [0] * g.n, list),  # each seat's cards that won nothing last round (contribution)
    Part("leader", lambda g: 0, _same),
    Part("defender", lambda g: 0, _same),
    Part("lead_to", lambda g: None, _same),  # the next lead's defender, when not the leader's left (after_take)
    Part("ended_by", lambda g: [], list),
    Part("stream", lambda g: Stream(g.stream_start), lambda s: Stream(s.state)),  # the random spread draws on
    Part("events", lambda g: [], list),
    Part("actions", lambda g: [], list),
    Part("_legal", lambda g: None, _same),  # legal_actions() of this state, once asked
)
# The parts a clone copies (the others are immutable values, shared).
_COPIED: tuple[tuple[str, Callable[[Any], Any]], ...] = tuple((p.name, p.copy) for p in STATE if p.copy is not _same)


class Game:
    """One game (кон). Its state is the attributes named in `STATE`; its set-up (table, options,
    seed, pool carried in, decks, seats) never changes."""

    # The set-up.
    table: Table
    options: Options
    seed: int
    pool_in: int
    prize_in: int
    kitty_in: int
    given_decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None
    banker_deck: tuple[Card, ...]
    dealer_deck: tuple[Card, ...]
    stream_start: int  # the random stream's state once the decks are shuffled
    seats: tuple[str, ...]
    n: int
    observer: Callable[[Game, ev.Event], None] | None
    # The state (see STATE), for the type checker.
    phase: Phase
    round: int
    to_act: int | None
    banker_next: int
    dealer_next: int
    row: list[Card]
    revealed: int
    stakes: list[int]
    hands: list[list[Card]]
    aside: list[list[Card]]
    penalty: list[list[Card]]
    tricks: list[list[Card]]
    nets: list[int]
    active: list[bool]
    table_cards: list[tuple[int, Card]]
    discard: list[Card]
    banker_discard: list[Card]
    pool: int
    prize: int
    kitty: int
    banker_net: int
    led: list[Card]
    last_winner: int | None
    last_losing: list[int]
    leader: int
    defender: int
    lead_to: int | None
    ended_by: list[int]
    stream: Stream
    events: list[ev.Event]
    actions: list[Action]
    _legal: list[Action] | None

    def __init__(
        self,
        table: Table,
        options: Options | None = None,
        *,
        seed: int = 0,
        decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None,
        pool: int = 0,
        prize: int = 0,
        kitty: int = 0,
        observer: Callable[[Game, ev.Event], None] | None = None,
    ) -> None:
        options = options or Options()
        table.check(options)
        for key, value, maximum in (("pool", pool, None), ("prize", prize, None), ("kitty", kitty, None),
                                    ("seed", seed, MAX_SEED)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0 or (maximum and value > maximum):
                raise OptionError("not_whole", key=key, value=value, minimum=0, maximum=maximum)
        check_carried(options, prize, kitty)
        self.table, self.options, self.seed, self.pool_in = table, options, seed, pool
        self.prize_in, self.kitty_in = prize, kitty
        self.given_decks = None
        if decks is not None:
            self.given_decks = (check_deck(decks[0], "banker"), check_deck(decks[1], "dealer"))
            self.banker_deck, self.dealer_deck = self.given_decks
            self.stream_start = seed
        else:
            stream, self.banker_deck, self.dealer_deck = shuffled_decks(seed)
            self.stream_start = stream.state
        self.seats = table.seats(options)
        self.n = len(self.seats)
        for part in STATE:
            setattr(self, part.name, part.start(self))
        self.observer = observer
        self._advance()

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def banker_left(self) -> int:
        return 52 - self.banker_next

    @property
    def dealer_left(self) -> int:
        return 52 - self.dealer_next

    def actor_name(self) -> str | None:
        if self.to_act is None:
            return None
        return self.table.banker if self.to_act == BANKER else self.seats[self.to_act]

    def actor_key(self) -> str | None:
        """Who is to act as the views name it: a seat's name, "banker" for the spread, or None."""
        if self.to_act is None:
            return None
        return "banker" if self.to_act == BANKER else self.seats[self.to_act]

    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make, sorted (empty when the game is over)."""
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.STAKE:
            return [Stake(a) for a in _compositions(self.pool, 4)]
        # Play-off hands are kept sorted, so each list below is generated in `action_key` order.
        if phase is Phase.LEAD:
            return _leads(self.hands[self.leader])
        if phase is Phase.ANSWER:
            return self._answers()
        if phase is Phase.TRICK:
            return [Play(c) for c in self.playable()]
        return []

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> list[ev.Event]:
        """Make the decision of the player to act; returns the events up to the next decision."""
        self.check(action)
        return self.apply_legal(action)

    def apply_legal(self, action: Action) -> list[ev.Event]:
        """`apply` without the check, for a caller whose action is one of `legal_actions()` or the
        default policy's (the analysis's search: the check was a tenth of its time)."""
        self._legal = None
        start = len(self.events)
        self.actions.append(action)
        if isinstance(action, Stake):
            self._spread(action.amounts, "chosen")
        elif isinstance(action, Lead):
            self._lead(action)
        elif isinstance(action, Play):
            self._play(action.card)
        else:
            self._answer(action)
        self._advance()
        return self.events[start:]

    def check(self, action: Action) -> None:
        """Raise the IllegalMove that explains why `action` is refused; do nothing if it is legal."""
        phase = self.phase
        fits = DECISION_MOVES.get(phase)
        if fits is None or not isinstance(action, fits):
            if phase is Phase.OVER:
                raise self._refusal(NotYourMove, "game_over", action, "p11" if self.options.playoff == "beating"
                                    else "p14")
            raise self._refusal(NotYourMove, "wrong_move", action, DECISION_RULES[phase])
        if isinstance(action, Stake):
            # p4: the banker spreads the whole sum "at will", but every card gets some.
            amounts = action.amounts
            if len(amounts) != 4 or min(amounts) < 1 or sum(amounts) != self.pool:
                raise self._refusal(AgainstTheRule, "stake_sum", action, "p4")
        elif not self._is_legal(action):
            raise self._why_not(action)

    def undo(self) -> Action:
        """Take back the last decision (replays the record without it)."""
        if not self.actions:
            raise IndexError("undo: no decision has been made in this game")
        last, observer = self.actions[-1], self.observer
        self.__dict__.update(self.replay(self.actions[:-1]).__dict__)
        self.observer = observer
        return last

    def replay(self, actions: list[Action] | None = None) -> Game:
        """A fresh game with the same set-up and the given (default: the same) decisions."""
        game = Game(self.table, self.options, seed=self.seed, decks=self.given_decks, pool=self.pool_in,
                    prize=self.prize_in, kitty=self.kitty_in)
        for action in self.actions if actions is None else actions:
            game.apply(action)
        return game

    def to_json(self) -> dict[str, Any]:
        """The game as data: set-up plus decisions (loading replays them, see `from_json`)."""
        return {
            "table": {"players": list(self.table.players), "banker": self.table.banker, "dealer": self.table.dealer},
            "options": self.options.to_mapping(),
            "seed": self.seed,
            "decks": None if self.given_decks is None else
            {"banker": " ".join(map(str, self.given_decks[0])), "dealer": " ".join(map(str, self.given_decks[1]))},
            "pool": self.pool_in,
            **({"prize": self.prize_in} if self.prize_in else {}),
            **({"kitty": self.kitty_in} if self.kitty_in else {}),
            "actions": [str(a) for a in self.actions],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        table = Table(tuple(data["table"]["players"]), data["table"]["banker"], data["table"]["dealer"])
        decks = data.get("decks")
        game = cls(table, Options.from_mapping(data.get("options", {})), seed=data.get("seed", 0),
                   decks=None if decks is None else (parse_cards(decks["banker"]), parse_cards(decks["dealer"])),
                   pool=data.get("pool", 0), prize=data.get("prize", 0), kitty=data.get("kitty", 0))
        for text in data.get("actions", []):
            game.apply(parse_action(text))
        return game

    def clone(self) -> Game:
        # The hot path of the analysis's search: one dict copy, then only the parts a move changes in place.
        state = self.__dict__.copy()
        for name, copy in _COPIED:
            state[name] = copy(state[name])
        state["observer"] = None
        twin = object.__new__(Game)
        twin.__dict__ = state
        return twin

    def locations(self) -> dict[str, list[Card]]:
        """Every card's place: the banker's 52 and the dealer's 52 each once (docs/rules.md, invariants)."""
        places: dict[str, list[Card]] = {}
        for part in STATE:
            if part.cards is not None:
                places.update(part.cards(self))
        return places

    # ------------------------------------------------------------------ legality details

    def _refusal(self, kind: type[IllegalMove], code: str, action: Action, rule: str, **facts: Any) -> IllegalMove:
        """The refusal of `action`: what it is, whose decision it is now, and a few legal moves."""
        if self.phase is Phase.STAKE:  # every spread of the pool: too many to list
            facts.update(legal=[], total=self.pool)
        else:
            facts["legal"] = [str(a) for a in self.legal_actions()[:13]]
        return kind(code, action, rule, move=str(action), who=self.actor_name(), decision=self.phase.value, **facts)

    def _why_not(self, action: Action) -> IllegalMove:
        hand = self.hands[self.to_act] if self.to_act is not None and self.to_act >= 0 else []
        missing = [str(c) for c in _cards_of(action) if c not in hand]
        if missing:
            return self._refusal(CardNotHeld, "not_held", action, "p13" if self.phase is Phase.TRICK else "p10",
                                 cards=missing)
        if self.phase is Phase.LEAD:
            return self._refusal(AgainstTheRule, "lead_shape", action, "p10")
        if self.phase is Phase.TRICK:
            return self._refusal(AgainstTheRule, "must_follow", action, "p13", suit=self.table_cards[0][1].suit)
        if isinstance(action, Take):
            return self._refusal(AgainstTheRule, "must_beat", action, "p10")
        assert isinstance(action, Beat)
        led_codes = [str(c) for c in self.led]
        answered = [led for led, _ in action.covers]
        if any(c not in self.led for c in answered) or len(set(answered)) != len(answered):
            return self._refusal(AgainstTheRule, "answer_the_led", action, "p10", led=led_codes)
        for led, cover in action.covers:
            if cover not in self._covering(led):
                return self._refusal(AgainstTheRule, "not_higher", action, "p10", led=led_codes, card=str(led),
                                     cover=str(cover), beat=self.options.beat)
        if len({cover for _, cover in action.covers}) != len(action.covers):
            return self._refusal(AgainstTheRule, "one_card_each", action, "p10", led=led_codes)
        # One card of two covered: legal only when both cannot be, under failed_defence = take_unbeaten.
        if any(isinstance(a, Beat) and len(a.covers) == 2 for a in self.legal_actions()):
            return self._refusal(AgainstTheRule, "cover_both", action, "p10", led=led_codes)
        return self._refusal(AgainstTheRule, "take_both", action, "p10", led=led_codes)

    # ------------------------------------------------------------------ the automatic steps

    def _advance(self) -> None:
        while self.phase not in DECISION_MOVES and self.phase is not Phase.OVER:
            _STEPS[self.phase](self)

    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)
        if self.observer is not None:
            self.observer(self, event)

    # Each step changes the state first and emits its event last, so an observer (the trace)
    # always sees the table as it is after the event.

    def _start(self) -> None:
        # p2: the table, the two hosts and their decks.
        self.phase = Phase.ROUND
        self._emit(ev.GameStart(("p2",), list(self.seats), self.table.banker, self.table.dealer, self.pool_in,
                                self.prize_in, self.kitty_in))

    def _round(self) -> None:
        # p8: play goes on until the banker's or the dealer's deck runs out.
        need = 1 if self.options.short_deal == "deal_out" else 3 * self.n
        # Whether any laid-aside cards will be played off (by tricks, under beating_then_tricks, when
        # an empty pile ends the stage by beating before it starts).
        reason = self._not_played(self.aside)
        played = reason is None or (reason == "empty_hand" and self.options.playoff == "beating_then_tricks")
        if self.banker_left < 4 or self.dealer_left < need:
            deck = "banker" if self.banker_left < 4 else "dealer"
            self.phase = Phase.PLAYOFF
            self._emit(ev.LotteryEnd(("p8", "p9"), deck, self.banker_left, self.dealer_left, self.round, played))
            return
        if self.pool + sum(self._due(self.round + 1)) < 4:
            # p4: every one of the four cards must get something. A short last round that only the
            # players dealt cards pay for (`short_pay`) may not raise four chips: it is not played.
            self.phase = Phase.PLAYOFF
            self._emit(ev.LotteryEnd(("p8", "p9", "p4"), "dealer", self.banker_left, self.dealer_left, self.round,
                                     played))
            return
        # p3: the banker takes four cards from his deck and lays them face down.
        self.round += 1
        self.row = list(self.banker_deck[self.banker_next:self.banker_next + 4])
        self.banker_next += 4
        self.revealed = 0
        self.phase = Phase.PAY
        self._emit(ev.Lay(("p3",), self.round, list(self.row)))

    def _deal_counts(self, round_: int) -> list[int]:
        """How many cards each seat is dealt in round `round_` (p5, p8): three each while the
        dealer's deck lasts; a short last deal in packets of three or one at a time (`deal`), from
        the seat where the round's deal starts (`deal_start`)."""
        n, count = self.n, min(3 * self.n, self.dealer_left)
        counts = [0] * n
        for i, seat in enumerate(_seats_from(self._deal_start(round_), n)):
            if self.options.deal == "packets":
                counts[seat] = max(0, min(3, count - 3 * i))
            else:
                counts[seat] = count // n + (1 if i < count % n else 0)
        return counts

    def _deal_start(self, round_: int) -> int:
        # `deal_start`: the first seat every round, or one seat further to the left each round.
        return 0 if self.options.deal_start == "first_seat" else (round_ - 1) % self.n

    def _due(self, round_: int) -> list[int]:
        """What each seat pays for round `round_` (p4, p7; p8 in a short last round, `short_pay`)."""
        stake = self.options.stake
        if round_ == 1 or self.options.contribution == "every_round":
            due = [stake] * self.n
        else:
            # p7: a stake per card that won nothing, or (per_losing_player) one per player who has one.
            per_card = self.options.contribution == "per_losing_card"
            due = [stake * (losing if per_card else min(losing, 1)) for losing in self.last_losing]
        if self._short_pay():
            counts = self._deal_counts(round_)
            if self.options.short_pay == "dealt_only":
                due = [amount if dealt else 0 for amount, dealt in zip(due, counts)]
            else:  # pro_rata: a third for each card dealt, rounded up to a whole chip
                due = [-(-amount * dealt // 3) for amount, dealt in zip(due, counts)]
        return due

    def _short_pay(self) -> bool:
        """This round is short and its payments follow the deal (p8, `short_pay`)."""
        return self.options.short_pay != "everyone" and self.dealer_left < 3 * self.n

    def _pay(self) -> None:
        # p4: the participants pay an agreed sum; p7: for the cards that won nothing a new stake;
        # p8: in a short last round, as `short_pay` says.
        due = self._due(self.round)
        for seat, amount in enumerate(due):
            self.nets[seat] -= amount
        self.pool += sum(due)
        if self.options.spread == "chosen":
            self.phase, self.to_act = Phase.STAKE, BANKER
        else:
            self.phase = Phase.SPREAD
        rules = ("p4",) if self.round == 1 else ("p7", "p4")
        self._emit(ev.Pay(rules + (("p8",) if self._short_pay() else ()), self.round,
                          {self.seats[i]: a for i, a in enumerate(due)}, sum(due), self.pool))

    def _auto_spread(self) -> None:
        # p4, `spread`: as even as possible (the remainder to the first positions), or at random.
        if self.options.spread == "even":
            self._spread(even_spread(self.pool), "even")
        else:
            amounts = [1, 1, 1, 1]
            for _ in range(self.pool - 4):
                amounts[self.stream.below(4)] += 1
            self._spread(tuple(amounts), "random")

    def _spread(self, amounts: tuple[int, ...], how: str) -> None:
        # p4: spread over the cards at will, but every card gets some.
        self.stakes = list(amounts)
        self.pool -= sum(amounts)
        self.phase, self.to_act = Phase.DEAL, None
        self._emit(ev.Spread(("p4",), self.round, list(amounts), how))

    def _deal(self) -> None:
        # p5 (p8 for later rounds): three cards to each player from the dealer's deck, from the seat
        # `deal_start` names, in packets or one at a time (`deal`).
        n, left = self.n, self.dealer_left
        count = min(3 * n, left)
        cards = self.dealer_deck[self.dealer_next:self.dealer_next + count]
        self.dealer_next += count
        order = list(_seats_from(self._deal_start(self.round), n))
        hands: list[list[Card]] = [[] for _ in range(n)]
        if self.options.deal == "packets":
            for i, seat in enumerate(order):
                hands[seat] = list(cards[3 * i:3 * i + 3])
        else:
            for i, card in enumerate(cards):
                hands[order[i % n]].append(card)
        self.hands = hands
        self.phase = Phase.REVEAL
        # The hands are listed in the order they were dealt.
        self._emit(ev.Deal(("p5",) if self.round == 1 else ("p8", "p5"), self.round,
                           {self.seats[seat]: list(hands[seat]) for seat in order}, count < 3 * n))

    def _reveal(self) -> None:
        # p5: the banker turns the cards up in order; the holder of the same card takes its whole stake.
        position = self.revealed
        card, stake = self.row[position], self.stakes[position]
        winner = next((seat for seat, hand in enumerate(self.hands) if card in hand), None)
        rules: tuple[str, ...]
        if winner is not None:
            self.nets[winner] += stake
            self.last_winner = winner
            to, rules = "player", ("p5",)
        elif self.options.unclaimed == "carry":
            # Nobody holds it (p5 pays only a holder): `unclaimed = carry` leaves the stake on the
            # table, to be spread again with the next sum (p4).
            self.pool += stake
            to, rules = "pool", ("p5", "p4")
        else:
            self.banker_net += stake
            to, rules = "banker", ("p5", "p4")
        self.stakes[position] = 0
        self.revealed += 1
        if self.revealed == 4:
            self.phase = Phase.DISCARD
        # The dealer's card of the same suit and rank, when nobody was dealt it this round: laid aside
        # by the player dealt it in an earlier round, or still in the dealer's deck.
        laid_aside_by = next((self.seats[seat] for seat, pile in enumerate(self.aside) if card in pile), None)
        self._emit(ev.Reveal(rules, self.round, position + 1, card, stake,
                             None if winner is None else self.seats[winner], to, laid_aside_by))

    def _discard(self) -> None:
        # p6: the banker discards his open cards, the players their winning cards.
        row, banker_cards = set(self.row), self.row
        winning: dict[str, list[Card]] = {}
        for seat, hand in enumerate(self.hands):
            won = [c for c in hand if c in row]
            if won:
                winning[self.seats[seat]] = won
                self.discard.extend(won)
                self.hands[seat] = [c for c in hand if c not in row]
        self.banker_discard.extend(banker_cards)
        self.row = []
        self.phase = Phase.ASIDE
        self._emit(ev.Discard(("p6",), self.round, list(banker_cards), winning))

    def _lay_aside(self) -> None:
        # p7: each player lays the cards that won nothing aside in a pile of his own.
        laid = self.hands
        for seat, hand in enumerate(laid):
            self.aside[seat].extend(hand)
            self.last_losing[seat] = len(hand)
        self.hands = [[] for _ in range(self.n)]
        self.phase = Phase.ROUND
        self._emit(ev.LayAside(("p7",), self.round, {self.seats[i]: h for i, h in enumerate(laid)}))

    def _playoff(self) -> None:
        # p9: the laid-aside cards are played off; the last prize-taker leads (p10, p13).
        self.hands, self.aside = [sorted(pile) for pile in self.aside], [[] for _ in range(self.n)]
        holders = [seat for seat in range(self.n) if self.hands[seat]]
        self.active = [bool(hand) for hand in self.hands]
        way = self.options.playoff
        leader = self._first_holder()
        if leader is None:  # nobody holds cards: the play-off is not played, and names its would-be leader
            leader = self.last_winner if self.last_winner is not None else 0
        beating = way != "tricks"  # beating_then_tricks begins by beating
        rule = "p10" if beating else "p13"
        empty = [self.seats[s] for s in range(self.n) if not self.hands[s]]
        reason = self._not_played(self.hands)
        if reason is not None:
            self.ended_by = [s for s in range(self.n) if not self.hands[s]]
            # beating_then_tricks: a player who has already run out ends the stage by beating before
            # it starts (empty_hand_at_start = ends_playoff); the cards held go on to the tricks.
            self.phase = Phase.SECOND_STAGE if way == "beating_then_tricks" and reason == "empty_hand" else Phase.FINES
        else:
            self.leader = leader
            self.phase, self.to_act = (Phase.LEAD, leader) if beating else (Phase.TRICK, leader)
        self._emit(ev.PlayoffStart(("p9", rule), way, self.seats[leader],
                                   None if self.last_winner is None else self.seats[self.last_winner], empty, reason,
                                   [self.seats[s] for s in holders]))
        if reason == "empty_hand" and way == "beating":
            self._award_prize(self.ended_by)  # they have already run out (empty_hand_at_start = ends_playoff)

    def _first_holder(self) -> int | None:
        """Who leads the play-off (p10, p13): the last prize-taker, or the next on his left who
        holds cards; the first seat when nobody won a prize. None when nobody holds cards."""
        first = self.last_winner if self.last_winner is not None else 0
        return next((s for s in _seats_from(first, self.n) if self.hands[s]), None)

    def _not_played(self, piles: list[list[Card]]) -> str | None:
        """Why the play-off of these piles ends before it starts: fewer than two hold cards (too_few),
        or one has none under empty_hand_at_start = ends_playoff (empty_hand); None: it is played."""
        holders = sum(1 for pile in piles if pile)
        if holders < 2:
            return "too_few"
        if holders < self.n and self.options.empty_hand_at_start == "ends_playoff":
            return "empty_hand"
        return None

    def _left_of(self, seat: int) -> int:
        """The next seat to the left that takes part in the play-off (docs/rules.md, conventions)."""
        for other in _seats_from(seat + 1, self.n):
            if self.active[other] and other != seat:
                return other
        return seat

    # ------------------------------------------------------------------ play-off by beating (p10–p12)

    def _covering(self, led: Card) -> list[Card]:
        """The defender's cards that beat `led`: p10 does not say what beats what, so `beat` reads it
        as a higher card of the same suit, or any higher rank."""
        hand = self.hands[self.defender]
        if self.options.beat == "any_suit":
            return [c for c in hand if c.rank > led.rank]
        return [c for c in hand if c.suit == led.suit and c.rank > led.rank]

    def _covers(self) -> list[list[Card]]:
        """For each led card, the defender's cards that beat it."""
        return [self._covering(led) for led in self.led]

    def _answers(self) -> list[Action]:
        led, covers = self.led, self._covers()
        full: list[Action]
        if len(led) == 1:
            full = [Beat(((led[0], c),)) for c in covers[0]]
        else:
            full = [Beat(((led[0], a), (led[1], b))) for a in covers[0] for b in covers[1] if a != b]
        if full:
            return full
        if len(led) == 2 and self.options.failed_defence == "take_unbeaten":
            partial: list[Action] = [Beat(((l, c),)) for l, cs in zip(led, covers) for c in cs]
            if partial:
                return partial
        return [Take()]

    def _is_legal(self, action: Action) -> bool:
        """Membership in `legal_actions()`, decided without listing them all (the hot path)."""
        phase = self.phase
        if phase is Phase.LEAD and isinstance(action, Lead):
            hand, cards = self.hands[self.leader], action.cards
            return (len(cards) == 1 or (len(cards) == 2 and cards[0].rank == cards[1].rank and cards[0] != cards[1])) \
                and all(c in hand for c in cards)
        if phase is Phase.TRICK and isinstance(action, Play):
            return action.card in self.playable()
        if phase is Phase.ANSWER and isinstance(action, (Beat, Take)):
            return action in self.legal_actions()
        return False

    def _lead(self, action: Lead) -> None:
        # p10: the leader plays one card or two of one rank to his left neighbour.
        leader = self.leader
        for card in action.cards:
            self.hands[leader].remove(card)
        self.led = list(action.cards)
        self.table_cards = [(leader, c) for c in action.cards]
        self.defender = self._next_defender()
        self.lead_to = None
        if not self.hands[leader] and self.options.last_lead != "answered":
            # p11, `last_lead = stop_at_once`: his cards have run out with this lead: nobody answers it.
            self.phase, self.to_act = Phase.ABANDON_LEAD, None
        else:
            self.phase, self.to_act = Phase.ANSWER, self.defender
        self._emit(ev.Lead(("p10",), self.seats[leader], self.seats[self.defender], list(action.cards),
                           self.phase is Phase.ANSWER, self.options.beat, self.options.failed_defence))

    def _next_defender(self) -> int:
        """Whom the leader leads to: his left neighbour, or the player `after_take` names."""
        return self._left_of(self.leader) if self.lead_to is None else self.lead_to

    def _answer(self, action: Beat | Take) -> None:
        # p10: he must beat; if he beats, all is discarded and he leads to his own left;
        # if he cannot, he takes the cards into a separate pile and misses his turn.
        defender = self.defender
        covers = action.covers if isinstance(action, Beat) else ()
        for led, cover in covers:
            self.hands[defender].remove(cover)
            self.discard.extend((led, cover))
        covered = {led for led, _ in covers}
        taken = [c for c in self.led if c not in covered]
        self.penalty[defender].extend(taken)
        if not taken:
            self.leader = defender
        elif self.options.after_take == "taker_left":
            # The lead he would have had by beating passes him by: his left neighbour leads.
            self.leader = self._left_of(defender)
        else:
            # `after_take = same_leader`: the same player leads again, to the next player past the
            # taker (past himself too: with two players that is the taker again).
            following = self._left_of(defender)
            self.lead_to = following if following != self.leader else self._left_of(self.leader)
        led_by = self.table_cards[0][0]
        self.led, self.table_cards = [], []
        self._next_or_end(Phase.LEAD, self.leader)
        pairs = [list(p) for p in covers]
        # Who leads next, and to whom (nobody, when a player has run out).
        next_leader, next_to = (self.seats[self.leader], self.seats[self._next_defender()]) \
            if self.phase is Phase.LEAD else (None, None)
        if taken:
            self._emit(ev.Take(("p10",), self.seats[defender], taken, pairs, self.seats[led_by], next_leader, next_to))
        else:
            self._emit(ev.Beat(("p10",), self.seats[defender], pairs, next_leader, next_to))

    def _abandon_lead(self) -> None:
        # p11, `last_lead = stop_at_once`: the play-off is over; the cards just led are discarded, or
        # (`stop_taken`) count among the defender's cards not beaten, fined with them (p11).
        cards, leader = self.led, self.leader
        taken = self.options.last_lead == "stop_taken"
        (self.penalty[self.defender] if taken else self.discard).extend(cards)
        self.led, self.table_cards = [], []
        self.ended_by = [leader]
        self.phase = self._end_of_beating()
        self._emit(ev.LeadAbandoned(("p11",), self.seats[leader], self.seats[self.defender], list(cards),
                                    self.phase is Phase.SECOND_STAGE, taken))

    def _end_of_beating(self) -> Phase:
        """p11: the play-off by beating is over; under beating_then_tricks the second stage follows."""
        return Phase.SECOND_STAGE if self.options.playoff == "beating_then_tricks" else Phase.PLAYOFF_END

    def _next_or_end(self, phase: Phase, player: int) -> None:
        # p11, p14: when one player has no cards left, the play-off (or its stage by beating) ends.
        if phase is Phase.TRICK and self.options.tricks_end == "one_left":
            self._next_trick_or_end(player)
            return
        self.ended_by = [s for s in range(self.n) if self.active[s] and not self.hands[s]]
        if self.ended_by:
            self.phase = self._end_of_beating() if phase is Phase.LEAD else Phase.PLAYOFF_END
            self.to_act = None
        else:
            self.phase, self.to_act = phase, player

    def _next_trick_or_end(self, taker: int) -> None:
        # p14–p15, `tricks_end = one_left`: whoever has run out drops out of the tricks; they go on
        # until one player alone (or nobody) holds cards. The taker leads, or the next on his left
        # who still has cards.
        out = [s for s in range(self.n) if self.active[s] and not self.hands[s]]
        for seat in out:
            self.active[seat] = False
        if sum(1 for hand in self.hands if hand) < 2:
            self.ended_by = out
            self.phase, self.to_act = Phase.PLAYOFF_END, None
        else:
            self.leader = taker if self.hands[taker] else self._left_of(taker)
            self.phase, self.to_act = Phase.TRICK, self.leader

    def _second_stage(self) -> None:
        # `playoff = beating_then_tricks`: p11 has ended the stage by beating. The cards not beaten
        # are fined now (p11, as `penalty_pile` says: the players still holding cards, or all); the
        # cards in hand are not (they go on), but are played off by tricks (p13) by the players who
        # still hold cards, the others sitting out; the last prize-taker leads, or the next on his
        # left with cards. Fewer than two holders: no tricks, and the holders pay by suit (p15).
        ran_out = list(self.ended_by)
        out = [self.seats[s] for s in ran_out]
        self.active = [bool(hand) for hand in self.hands]
        holders = [s for s in range(self.n) if self.hands[s]]
        leader = self._first_holder()
        fines = [(seat, self.options.fine * len(self.penalty[seat])) for seat in range(self.n)
                 if self.penalty[seat] and (self.hands[seat] or self.options.penalty_pile == "everyone")]
        if len(holders) >= 2 and leader is not None:
            self.leader, self.ended_by = leader, []
            self.phase, self.to_act = Phase.TRICK, leader
            reason = None
        else:
            self.phase, self.to_act = Phase.FINES, None
            reason = "too_few"
        self._emit(ev.SecondStage(("p11", "p13"), out, None if reason else self.seats[self.leader],
                                  None if self.last_winner is None else self.seats[self.last_winner],
                                  [self.seats[s] for s in range(self.n) if not self.hands[s]], reason,
                                  [self.seats[s] for s in holders]))
        self._award_prize(ran_out)
        for seat, amount in fines:
            if amount:
                self._collect_fine(seat, amount)
                self._emit(ev.Fine(("p11", "p12"), self.seats[seat], amount, 0, len(self.penalty[seat]),
                                   self.options.fine, self.options.fines_to == "playoff_prize"))

    # ------------------------------------------------------------------ play-off by tricks (p13–p15)

    def playable(self) -> list[Card]:
        """The cards the player to act may play to the trick (sorted, as the hand)."""
        hand = self.hands[self.to_act] if self.to_act is not None else []
        if not self.table_cards:
            return list(hand)  # p13: the leader plays any card
        suit = self.table_cards[0][1].suit
        follow = [c for c in hand if c.suit == suit]
        return follow or list(hand)  # p13: follow suit, or any card when void

    def _play(self, card: Card) -> None:
        seat = self.to_act
        assert seat is not None
        self.hands[seat].remove(card)
        self.table_cards.append((seat, card))
        lead = len(self.table_cards) == 1
        if not self.hands[seat] and self.options.last_card == "stop_at_once" and self.options.tricks_end == "first_out":
            # p14, `last_card = stop_at_once`: play stops; the unfinished trick is discarded.
            self.phase, self.to_act = Phase.ABANDON, None
        else:
            following = self._left_of(seat)
            self.phase, self.to_act = ((Phase.TRICK, following) if following != self.table_cards[0][0]
                                       else (Phase.TAKE_TRICK, None))
        self._emit(ev.Play(("p13",), self.seats[seat], card, lead))

    def _take_trick(self) -> None:
        # p13: the highest card of the led suit takes the trick, which is laid aside; its taker leads.
        suit = self.table_cards[0][1].suit
        taker, _ = max(((s, c) for s, c in self.table_cards if c.suit == suit), key=lambda sc: sc[1].rank)
        cards = [c for _, c in self.table_cards]
        self.tricks[taker].extend(cards)
        self.table_cards = []
        ran_out = [self.seats[s] for s in range(self.n) if self.active[s] and not self.hands[s]]
        self._next_or_end(Phase.TRICK, taker)  # p14: all cards are played until one player has none
        leader = self.to_act if self.phase is Phase.TRICK else None
        # Under tricks_end = one_left, who ran out at this trick drops out, and the others play on.
        self._emit(ev.Trick(("p13",), self.seats[taker], cards, None if leader is None else self.seats[leader],
                            [] if leader is None else ran_out))

    def _abandon_trick(self) -> None:
        # p14, `last_card = stop_at_once`: the unfinished trick is discarded.
        cards = [c for _, c in self.table_cards]
        last = self.table_cards[-1][0]
        self.discard.extend(cards)
        self.table_cards = []
        self.ended_by = [last]
        self.phase = Phase.PLAYOFF_END
        self._emit(ev.TrickAbandoned(("p14",), self.seats[last], cards))

    # ------------------------------------------------------------------ the end (p11, p12, p15)

    def _playoff_end(self) -> None:
        rule = "p11" if self.options.playoff == "beating" else "p14"
        self.phase = Phase.FINES
        self._emit(ev.PlayoffEnd((rule,), [self.seats[s] for s in self.ended_by],
                                 [self.seats[s] for s in range(self.n) if self.hands[s]]))
        if self.options.playoff == "beating":
            self._award_prize(self.ended_by)

    def _award_prize(self, winners: list[int]) -> None:
        """p12, `fines_to = playoff_prize`: the fines laid apart go to the player whose cards ran out
        first in the play-off by beating; players who ran out at once share them, and the chips
        that do not divide evenly wait for the next game, as the whole prize does when the play-off
        was not played."""
        amount = self.prize
        if not amount or not winners:
            return
        each, left = divmod(amount, len(winners))
        for seat in winners:
            self.nets[seat] += each
        self.prize = left
        self._emit(ev.PrizeWon(("p12",), [self.seats[s] for s in winners], each, amount, left))

    def _collect_fine(self, seat: int, amount: int) -> None:
        # p12: the fine goes "to be played for in the next game": into its pool, or (fines_to) laid
        # apart as the prize of its play-off.
        self.nets[seat] -= amount
        if self.options.fines_to == "playoff_prize":
            self.prize += amount
        else:
            self.pool += amount

    def _fines(self) -> None:
        options = self.options
        self.phase = Phase.END
        for seat in range(self.n):
            hand, penalty = self.hands[seat], self.penalty[seat]
            if options.playoff == "beating":
                # p11: a fine for every card in hand, and for every card not beaten (`penalty_pile`).
                fined_penalty = len(penalty) if (hand or options.penalty_pile == "everyone") else 0
                amount = options.fine * (len(hand) + fined_penalty)
                if amount:
                    self._collect_fine(seat, amount)
                    self._emit(ev.Fine(("p11", "p12"), self.seats[seat], amount, len(hand), fined_penalty, options.fine,
                                       options.fines_to == "playoff_prize"))
                continue
            # p15: whoever still holds cards pays into the kitty by suit: for every card, or
            # (`suit_fine_basis = per_suit`) once for each suit he holds. (Under beating_then_tricks
            # the cards not beaten were fined when the stage by beating ended, p11.)
            held = [c.suit for c in hand]
            by_suit = {s: held.count(s) for s in "SHDC" if s in held}
            per_card, fine = options.suit_fine_basis == "per_card", dict(options.suit_fines)
            amount = sum(fine[s] * (n if per_card else 1) for s, n in by_suit.items())
            if amount:
                # The kitty goes on with the pool, or (kitty = kept_apart) is kept apart from it.
                kept = keeps_kitty(options)
                self.nets[seat] -= amount
                if kept:
                    self.kitty += amount
                else:
                    self.pool += amount
                self._emit(ev.SuitFine(("p15",), self.seats[seat], amount, len(hand), by_suit,
                                       options.suit_fine_basis, kept))

    def _end(self) -> None:
        # p12: the fines, with whatever else lies on the table, go to the next game's pool (or, under
        # fines_to = playoff_prize, are laid apart for its play-off); by tricks the payments went into
        # the kitty (p15), which goes on to the next game likewise, or is kept apart (kitty).
        self.phase, self.to_act = Phase.OVER, None
        rules = {"beating": ("p12",), "tricks": ("p15",)}.get(self.options.playoff, ("p12", "p15"))
        self._emit(ev.GameEnd(rules, self.pool, {s: self.nets[i] for i, s in enumerate(self.seats)},
                              self.banker_net, self.prize, self.kitty, keeps_kitty(self.options)))


_STEPS: dict[Phase, Callable[[Game], None]] = {
    Phase.START: Game._start, Phase.ROUND: Game._round, Phase.PAY: Game._pay, Phase.SPREAD: Game._auto_spread,
    Phase.DEAL: Game._deal, Phase.REVEAL: Game._reveal, Phase.TAKE_TRICK: Game._take_trick,
    Phase.ABANDON: Game._abandon_trick, Phase.ABANDON_LEAD: Game._abandon_lead,
    Phase.SECOND_STAGE: Game._second_stage, Phase.DISCARD: Game._discard, Phase.ASIDE: Game._lay_aside,
    Phase.PLAYOFF: Game._playoff, Phase.PLAYOFF_END: Game._playoff_end, Phase.FINES: Game._fines, Phase.END: Game._end,
}


def even_spread(total: int) -> tuple[int, ...]:
    """p4, `spread = even`: as even as possible, the remainder on the first positions."""
    q, r = divmod(total, 4)
    return tuple(q + (1 if i < r else 0) for i in range(4))


def _seats_from(first: int, n: int) -> Iterator[int]:
    for i in range(n):
        yield (first + i) % n


def _leads(hand: list[Card]) -> list[Action]:
    """One card, or two of one rank (p10), from a sorted hand, in `action_key` order."""
    leads: list[Action] = []
    for i, a in enumerate(hand):
        leads.append(Lead((a,)))
        for b in hand[i + 1:]:
            if b.rank != a.rank:
                break
            leads.append(Lead((a, b)))
    return leads


def _cards_of(action: Action) -> list[Card]:
    if isinstance(action, Lead):
        return list(action.cards)
    if isinstance(action, Beat):
        return [cover for _, cover in action.covers]
    if isinstance(action, Play):
        return [action.card]
    return []


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to write `total` as `parts` whole numbers >= 1, in lexicographic order."""
    if parts == 1:
        if total >= 1:
            yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest
