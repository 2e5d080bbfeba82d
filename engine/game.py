"""The game as a state machine: the lottery rounds (p3–p8), then the play-off (p9–p15).

A `Game` is made from a table, options and either a seed or both deck orders. Everything
that is not a decision runs by itself, one event at a time; the game stops at each decision
(`to_act`, `legal_actions()`) and `apply(action)` carries it on. The record of a game is its
set-up plus the list of decisions, so undo, clone and loading all replay.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from .actions import Action, Beat, Lead, Play, Stake, Take, parse_action
from .cards import FULL_DECK, Card, check_deck, parse_cards
from .events import Event
from .options import Options, Table
from .rng import Stream

BANKER = -1  # `to_act` of the banker's own decision (spread = chosen); seats are 0..n-1
DECISIONS = ("stake", "lead", "answer", "trick")


class IllegalMove(ValueError):
    """A move the rules refuse. The state is left exactly as it was.

    The message (English) names the move, whose turn it is, what is legal and the paragraph;
    `ru` says the same in Russian, for the Russian interface."""

    def __init__(self, message: str, action: Action, rule: str, ru: str = "") -> None:
        super().__init__(message)
        self.action = action
        self.rule = rule
        self.ru = ru or message


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


class Game:
    """One game (кон). Public state is read through attributes and `snapshot()` (see view.py)."""

    def __init__(
        self,
        table: Table,
        options: Options | None = None,
        *,
        seed: int = 0,
        decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None,
        pool: int = 0,
        observer: Callable[[Game, Event], None] | None = None,
    ) -> None:
        options = options or Options()
        table.check(options)
        for name, value in (("pool carried in", pool), ("seed", seed)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")
        self.table, self.options, self.seed, self.pool_in = table, options, seed, pool
        self.given_decks = None
        if decks is not None:
            self.given_decks = (check_deck(decks[0], "banker's deck"), check_deck(decks[1], "dealer's deck"))
            self.stream = Stream(seed)
            self.banker_deck, self.dealer_deck = self.given_decks
        else:
            self.stream, self.banker_deck, self.dealer_deck = shuffled_decks(seed)
        self.seats = table.seats(options)
        n = self.n = len(self.seats)
        self.banker_next = self.dealer_next = 0  # cards taken from the top of each deck
        self.row: list[Card] = []  # the banker's four (p3), left to right
        self.revealed = 0
        self.stakes = [0, 0, 0, 0]
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.aside: list[list[Card]] = [[] for _ in range(n)]  # laid-aside piles (p7)
        self.penalty: list[list[Card]] = [[] for _ in range(n)]  # cards not beaten (p10)
        self.tricks: list[list[Card]] = [[] for _ in range(n)]  # tricks taken (p13)
        self.table_cards: list[tuple[int, Card]] = []  # play-off cards on the table: the lead and covers, or the trick
        self.led: list[Card] = []
        self.discard: list[Card] = []  # the dealer's cards out of play
        self.banker_discard: list[Card] = []  # the banker's open cards (p6)
        self.pool = pool  # chips on the table not on a card
        self.nets = [0] * n
        self.banker_net = 0
        self.round = 0
        self.last_winner: int | None = None
        self.last_losing = [0] * n  # each seat's cards that won nothing last round (contribution option)
        self.active = [True] * n  # in the play-off: who takes part (p9 conventions)
        self.phase = "start"
        self.to_act: int | None = None
        self.leader = 0
        self.defender = 0
        self.ended_by: list[int] = []
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.observer = observer
        self._legal: list[Action] | None = None  # legal_actions() of this state, once asked
        self._advance()

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.phase == "over"

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

    def legal_actions(self) -> list[Action]:
        """Every move the player to act may make, sorted (empty when the game is over)."""
        if self._legal is None:
            self._legal = self._list_legal()
        return list(self._legal)

    def _list_legal(self) -> list[Action]:
        phase = self.phase
        if phase == "stake":
            return [Stake(a) for a in _compositions(self.pool, 4)]
        # Play-off hands are kept sorted, so each list below is generated in `action_key` order.
        if phase == "lead":
            return _leads(self.hands[self.leader])
        if phase == "answer":
            return self._answers()
        if phase == "trick":
            return [Play(c) for c in self.playable()]
        return []

    # ------------------------------------------------------------------ moves

    def apply(self, action: Action) -> list[Event]:
        """Make the decision of the player to act; returns the events up to the next decision."""
        self.check(action)
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
        phase, who = self.phase, self.actor_name()
        expected = {"stake": Stake, "lead": Lead, "answer": (Beat, Take), "trick": Play}.get(phase)
        if expected is None or not isinstance(action, expected):  # type: ignore[arg-type]
            ended = "p11" if self.options.playoff == "beating" else "p14"  # the end of the play-off
            rule = {"stake": "p4", "lead": "p10", "answer": "p10", "trick": "p13"}.get(phase, ended)
            now = "the game is over" if phase == "over" else f"it is {who}'s turn to {_DOING[phase][0]}"
            now_ru = "игра окончена" if phase == "over" else f"сейчас очередь игрока {who}: {_DOING[phase][1]}"
            raise self._refusal(NotYourMove, action, rule, now, now_ru)
        if isinstance(action, Stake):
            self._check_stake(action)
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
        game = Game(self.table, self.options, seed=self.seed, decks=self.given_decks, pool=self.pool_in)
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
            "actions": [str(a) for a in self.actions],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Game:
        table = Table(tuple(data["table"]["players"]), data["table"]["banker"], data["table"]["dealer"])
        decks = data.get("decks")
        game = cls(table, Options.from_mapping(data.get("options", {})), seed=data.get("seed", 0),
                   decks=None if decks is None else (parse_cards(decks["banker"]), parse_cards(decks["dealer"])),
                   pool=data.get("pool", 0))
        for text in data.get("actions", []):
            game.apply(parse_action(text))
        return game

    def clone(self) -> Game:
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        for name in ("row", "stakes", "table_cards", "led", "discard", "banker_discard", "nets",
                     "last_losing", "active", "ended_by", "events", "actions"):
            setattr(twin, name, list(getattr(self, name)))
        for name in ("hands", "aside", "penalty", "tricks"):
            setattr(twin, name, [list(pile) for pile in getattr(self, name)])
        twin.stream = Stream(self.stream.state)
        twin.observer = None
        return twin

    # ------------------------------------------------------------------ legality details

    def _refusal(self, kind: type[IllegalMove], action: Action, rule: str, why: str, why_ru: str) -> IllegalMove:
        """The refusal of `action`, in English and Russian, with what is legal now."""
        if self.phase == "stake":
            hint = f" Legal: stake A B C D, four whole numbers >= 1 summing to {self.pool}."
            hint_ru = f" Можно: stake A B C D — четыре целых числа не меньше 1, в сумме {self.pool}."
        else:
            legal = self.legal_actions()
            shown = ", ".join(str(a) for a in legal[:12]) + (", …" if len(legal) > 12 else "")
            hint, hint_ru = (f" Legal: {shown}.", f" Можно: {shown}.") if legal else ("", "")
        return kind(f"{action} refused: {why} ({rule}).{hint}", action, rule,
                    f"Ход «{action}» не принят: {why_ru} ({rule}).{hint_ru}")

    def _check_stake(self, action: Stake) -> None:
        # p4: the banker spreads the whole sum "at will", but every card gets some.
        amounts = action.amounts
        if len(amounts) != 4 or min(amounts) < 1 or sum(amounts) != self.pool:
            raise self._refusal(AgainstTheRule, action, "p4",
                                f"the banker must spread all {self.pool} chips over the four cards, at least one on each",
                                f"банкир должен распределить все {self.pool} фишек по четырём картам, хотя бы по одной "
                                "на каждую")

    def _why_not(self, action: Action) -> IllegalMove:
        who = self.actor_name()
        hand = self.hands[self.to_act] if self.to_act is not None and self.to_act >= 0 else []
        held = " ".join(str(c) for c in _cards_of(action) if c not in hand)
        if held:
            return self._refusal(CardNotHeld, action, "p13" if self.phase == "trick" else "p10",
                                 f"{who} does not hold {held}", f"у игрока {who} нет карты {held}")
        if self.phase == "lead":
            return self._refusal(AgainstTheRule, action, "p10", f"{who} leads one card or two of one rank",
                                 f"{who} ходит с одной карты или с двух одного достоинства")
        if self.phase == "trick":
            suit = self.table_cards[0][1].suit
            return self._refusal(AgainstTheRule, action, "p13", f"{who} holds a card of the led suit {suit} and must "
                                 "follow it", f"у игрока {who} есть карта выхоженной масти {suit}, класть нужно её")
        if isinstance(action, Take):
            return self._refusal(AgainstTheRule, action, "p10", f"{who} can beat and must («обязан отбить»)",
                                 f"{who} может отбиться и «обязан отбить»")
        assert isinstance(action, Beat)
        led = sorted(c for c, _ in action.covers)
        if led != sorted(self.led) and not (len(led) == 1 and led[0] in self.led):
            cards = " ".join(map(str, self.led))
            return self._refusal(AgainstTheRule, action, "p10", f"{who} must answer the led cards {cards}",
                                 f"{who} отбивает выхоженные карты {cards}")
        how, how_ru = (("a higher card of the same suit", "старшей картой той же масти")
                       if self.options.beat == "same_suit" else ("a higher card", "старшей картой"))
        return self._refusal(AgainstTheRule, action, "p10",
                             f"{who} must cover each led card with {how}, a different card for each, and cover both "
                             "when able", f"{who} кроет каждую выхоженную карту {how_ru}, каждую своей, и обе, "
                             "если может")

    # ------------------------------------------------------------------ the automatic steps

    def _advance(self) -> None:
        while self.phase not in DECISIONS and self.phase != "over":
            _STEPS[self.phase](self)

    def _emit(self, kind: str, rules: tuple[str, ...], **data: Any) -> None:
        event = Event(kind, rules, data)
        self.events.append(event)
        if self.observer is not None:
            self.observer(self, event)

    # Each step changes the state first and emits its event last, so an observer (the trace)
    # always sees the table as it is after the event.

    def _start(self) -> None:
        # p2: the table, the two hosts and their decks.
        self.phase = "round"
        self._emit("game_start", ("p2",), seats=list(self.seats), banker=self.table.banker,
                   dealer=self.table.dealer, pool=self.pool_in)

    def _round(self) -> None:
        # p8: play goes on until the banker's or the dealer's deck runs out.
        need = 1 if self.options.short_deal == "deal_out" else 3 * self.n
        if self.banker_left < 4 or self.dealer_left < need:
            deck = "banker" if self.banker_left < 4 else "dealer"
            self.phase = "playoff"
            self._emit("lottery_end", ("p8", "p9"), deck=deck, banker_left=self.banker_left,
                       dealer_left=self.dealer_left, rounds=self.round)
            return
        # p3: the banker takes four cards from his deck and lays them face down.
        self.round += 1
        self.row = list(self.banker_deck[self.banker_next:self.banker_next + 4])
        self.banker_next += 4
        self.revealed = 0
        self.phase = "pay"
        self._emit("lay", ("p3",), round=self.round, cards=list(self.row))

    def _pay(self) -> None:
        # p4: the participants pay an agreed sum; p7: for the cards that won nothing a new contribution.
        stake = self.options.stake
        if self.round == 1 or self.options.contribution == "every_round":
            due = [stake] * self.n
        else:
            due = [stake * losing for losing in self.last_losing]
        for seat, amount in enumerate(due):
            self.nets[seat] -= amount
        self.pool += sum(due)
        if self.options.spread == "chosen":
            self.phase, self.to_act = "stake", BANKER
        else:
            self.phase = "spread"
        self._emit("pay", ("p4",) if self.round == 1 else ("p7", "p4"), round=self.round,
                   payments={self.seats[i]: a for i, a in enumerate(due)}, total=sum(due), pool=self.pool)

    def _auto_spread(self) -> None:
        # p4, `spread`: as even as possible (the remainder to the first positions), or at random.
        if self.options.spread == "even":
            q, r = divmod(self.pool, 4)
            self._spread(tuple(q + (1 if i < r else 0) for i in range(4)), "even")
        else:
            amounts = [1, 1, 1, 1]
            for _ in range(self.pool - 4):
                amounts[self.stream.below(4)] += 1
            self._spread(tuple(amounts), "random")

    def _spread(self, amounts: tuple[int, ...], how: str) -> None:
        # p4: spread over the cards at will, but every card gets some.
        self.stakes = list(amounts)
        self.pool -= sum(amounts)
        self.phase, self.to_act = "deal", None
        self._emit("spread", ("p4",), round=self.round, stakes=list(amounts), how=how)

    def _deal(self) -> None:
        # p5 (p8 for later rounds): three cards to each player from the dealer's deck.
        n, left = self.n, self.dealer_left
        count = min(3 * n, left)
        cards = self.dealer_deck[self.dealer_next:self.dealer_next + count]
        self.dealer_next += count
        hands: list[list[Card]] = [[] for _ in range(n)]
        if self.options.deal == "packets":
            for seat in range(n):
                hands[seat] = list(cards[3 * seat:3 * seat + 3])
        else:
            for i, card in enumerate(cards):
                hands[i % n].append(card)
        self.hands = hands
        self.phase = "reveal"
        self._emit("deal", ("p5",) if self.round == 1 else ("p8", "p5"), round=self.round,
                   hands={self.seats[i]: list(h) for i, h in enumerate(hands)}, short=count < 3 * n)

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
            self.pool += stake
            to, rules = "pool", ("p5", "p7")
        else:
            self.banker_net += stake
            to, rules = "banker", ("p5", "p7")
        self.stakes[position] = 0
        self.revealed += 1
        if self.revealed == 4:
            self.phase = "discard"
        self._emit("reveal", rules, round=self.round, position=position + 1, card=card, stake=stake,
                   winner=None if winner is None else self.seats[winner], to=to)

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
        self.phase = "aside"
        self._emit("discard", ("p6",), round=self.round, banker_cards=list(banker_cards), winning=winning)

    def _lay_aside(self) -> None:
        # p7: each player lays the cards that won nothing aside in a pile of his own.
        laid = self.hands
        for seat, hand in enumerate(laid):
            self.aside[seat].extend(hand)
            self.last_losing[seat] = len(hand)
        self.hands = [[] for _ in range(self.n)]
        self.phase = "round"
        self._emit("lay_aside", ("p7",), round=self.round, cards={self.seats[i]: h for i, h in enumerate(laid)})

    def _playoff(self) -> None:
        # p9: the laid-aside cards are played off; the last prize-taker leads (p10, p13).
        self.hands, self.aside = [sorted(pile) for pile in self.aside], [[] for _ in range(self.n)]
        holders = [seat for seat in range(self.n) if self.hands[seat]]
        self.active = [bool(hand) for hand in self.hands]
        way = self.options.playoff
        first = self.last_winner if self.last_winner is not None else 0
        leader = next((s for s in _seats_from(first, self.n) if self.hands[s]), first)
        rule = "p10" if way == "beating" else "p13"
        empty = [self.seats[s] for s in range(self.n) if not self.hands[s]]
        if len(holders) < 2:
            reason: str | None = "too_few"
        elif empty and self.options.empty_hand_at_start == "ends_playoff":
            reason = "empty_hand"
        else:
            reason = None
        if reason is not None:
            self.ended_by = [s for s in range(self.n) if not self.hands[s]]
            self.phase = "fines"
        else:
            self.leader = leader
            self.phase, self.to_act = ("lead", leader) if way == "beating" else ("trick", leader)
        self._emit("playoff_start", ("p9", rule), way=way, leader=self.seats[leader],
                   last_winner=None if self.last_winner is None else self.seats[self.last_winner],
                   sitting_out=empty, not_played=reason)

    def _left_of(self, seat: int) -> int:
        """The next seat to the left that takes part in the play-off (conventions of p10)."""
        for other in _seats_from(seat + 1, self.n):
            if self.active[other] and other != seat:
                return other
        return seat

    # ------------------------------------------------------------------ play-off by beating (p10–p12)

    def _covers(self) -> list[list[Card]]:
        """For each led card, the defender's cards that beat it: p10 does not say what beats what,
        so `beat` chooses a higher card of the same suit, or any higher rank."""
        hand = self.hands[self.defender]
        if self.options.beat == "any_suit":
            return [[c for c in hand if c.rank > led.rank] for led in self.led]
        return [[c for c in hand if c.suit == led.suit and c.rank > led.rank] for led in self.led]

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
        if phase == "lead" and isinstance(action, Lead):
            hand, cards = self.hands[self.leader], action.cards
            return (len(cards) == 1 or (len(cards) == 2 and cards[0].rank == cards[1].rank and cards[0] != cards[1])) \
                and all(c in hand for c in cards)
        if phase == "trick" and isinstance(action, Play):
            return action.card in self.playable()
        if phase == "answer" and isinstance(action, (Beat, Take)):
            return action in self.legal_actions()
        return False

    def _lead(self, action: Lead) -> None:
        # p10: the leader plays one card or two of one rank to his left neighbour.
        leader = self.leader
        for card in action.cards:
            self.hands[leader].remove(card)
        self.led = list(action.cards)
        self.table_cards = [(leader, c) for c in action.cards]
        self.defender = self._left_of(leader)
        self.phase, self.to_act = "answer", self.defender
        self._emit("lead", ("p10",), who=self.seats[leader], to=self.seats[self.defender], cards=list(action.cards))

    def _answer(self, action: Beat | Take) -> None:
        # p10: he must beat; if he beats, all is discarded and he leads to his own left;
        # if he cannot, he takes the cards into a separate pile and loses his turn.
        defender = self.defender
        covers = action.covers if isinstance(action, Beat) else ()
        for led, cover in covers:
            self.hands[defender].remove(cover)
            self.discard.extend((led, cover))
        covered = {led for led, _ in covers}
        taken = [c for c in self.led if c not in covered]
        self.penalty[defender].extend(taken)
        self.leader = self._left_of(defender) if taken else defender
        self.led, self.table_cards = [], []
        self._next_or_end("lead", self.leader)
        pairs = [list(p) for p in covers]
        if taken:
            self._emit("take", ("p10",), who=self.seats[defender], cards=taken, covers=pairs)
        else:
            self._emit("beat", ("p10",), who=self.seats[defender], covers=pairs)

    def _next_or_end(self, phase: str, player: int) -> None:
        # p11, p14: when one player has no cards left, the play-off ends.
        self.ended_by = [s for s in range(self.n) if self.active[s] and not self.hands[s]]
        if self.ended_by:
            self.phase, self.to_act = "playoff_end", None
        else:
            self.phase, self.to_act = phase, player

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
        if not self.hands[seat] and self.options.last_card == "stop_at_once":
            # p14, `last_card = stop_at_once`: play stops; the unfinished trick is discarded.
            self.phase, self.to_act = "abandon", None
        else:
            following = self._left_of(seat)
            self.phase, self.to_act = ("trick", following) if following != self.table_cards[0][0] else ("take_trick", None)
        self._emit("play", ("p13",), who=self.seats[seat], card=card, lead=lead)

    def _take_trick(self) -> None:
        # p13: the highest card of the led suit takes the trick, which is laid aside; its taker leads.
        suit = self.table_cards[0][1].suit
        taker, _ = max(((s, c) for s, c in self.table_cards if c.suit == suit), key=lambda sc: sc[1].rank)
        cards = [c for _, c in self.table_cards]
        self.tricks[taker].extend(cards)
        self.table_cards = []
        self._next_or_end("trick", taker)  # p14: all cards are played until one player has none
        self._emit("trick", ("p13",), who=self.seats[taker], cards=cards)

    def _abandon_trick(self) -> None:
        # p14, `last_card = stop_at_once`: the unfinished trick is discarded.
        cards = [c for _, c in self.table_cards]
        last = self.table_cards[-1][0]
        self.discard.extend(cards)
        self.table_cards = []
        self.ended_by = [last]
        self.phase = "playoff_end"
        self._emit("trick_abandoned", ("p14",), who=self.seats[last], cards=cards)

    # ------------------------------------------------------------------ the end (p11, p12, p15)

    def _playoff_end(self) -> None:
        rule = "p11" if self.options.playoff == "beating" else "p14"
        self.phase = "fines"
        self._emit("playoff_end", (rule,), out=[self.seats[s] for s in self.ended_by])

    def _fines(self) -> None:
        options = self.options
        self.phase = "end"
        for seat in range(self.n):
            hand, penalty = self.hands[seat], self.penalty[seat]
            if options.playoff == "beating":
                # p11: a fine for every card in hand, and for every card not beaten (`penalty_pile`).
                fined_penalty = len(penalty) if (hand or options.penalty_pile == "everyone") else 0
                amount = options.fine * (len(hand) + fined_penalty)
                details: dict[str, Any] = {"hand": len(hand), "penalty": fined_penalty, "per_card": options.fine}
                rules: tuple[str, ...] = ("p11", "p12")
            else:
                # p15: whoever still holds cards pays into the kitty by suit: for every card, or
                # (`suit_fine_basis = per_suit`) once for each suit he holds.
                by_suit = {s: sum(1 for c in hand if c.suit == s) for s in "SHDC" if any(c.suit == s for c in hand)}
                per_card = options.suit_fine_basis == "per_card"
                amount = sum(options.suit_fine(s) * (n if per_card else 1) for s, n in by_suit.items())
                details = {"hand": len(hand), "by_suit": by_suit, "basis": options.suit_fine_basis}
                rules = ("p15",)
            if amount:
                self.nets[seat] -= amount
                self.pool += amount
                self._emit("fine", rules, who=self.seats[seat], amount=amount, **details)

    def _end(self) -> None:
        # p12: the fines, with whatever else lies on the table, go to the next game's pool.
        self.phase, self.to_act = "over", None
        self._emit("game_end", ("p12",), pool=self.pool, nets={s: self.nets[i] for i, s in enumerate(self.seats)},
                   banker_net=self.banker_net)

    # ------------------------------------------------------------------ invariants

    def locations(self) -> dict[str, list[Card]]:
        """Every card's place: the banker's 52 and the dealer's 52 each once (RULES.md, invariants)."""
        places: dict[str, list[Card]] = {
            "banker_deck": list(self.banker_deck[self.banker_next:]),
            "row": list(self.row),
            "banker_discard": list(self.banker_discard),
            "dealer_deck": list(self.dealer_deck[self.dealer_next:]),
            "table": [c for _, c in self.table_cards],
            "discard": list(self.discard),
        }
        for name, piles in (("hand", self.hands), ("aside", self.aside), ("penalty", self.penalty), ("tricks", self.tricks)):
            for seat, pile in enumerate(piles):
                places[f"{name}:{self.seats[seat]}"] = list(pile)
        return places

    def chips_on_table(self) -> int:
        return self.pool + sum(self.stakes)


_DOING = {"stake": ("spread the stakes", "банкир распределяет ставки"), "lead": ("lead", "ходить"),
          "answer": ("beat or take", "отбиваться или брать"), "trick": ("play to the trick", "класть карту во взятку")}
_STEPS: dict[str, Callable[[Game], None]] = {
    "start": Game._start, "round": Game._round, "pay": Game._pay, "spread": Game._auto_spread, "deal": Game._deal,
    "reveal": Game._reveal, "take_trick": Game._take_trick, "abandon": Game._abandon_trick,
    "discard": Game._discard, "aside": Game._lay_aside, "playoff": Game._playoff,
    "playoff_end": Game._playoff_end, "fines": Game._fines, "end": Game._end,
}


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
