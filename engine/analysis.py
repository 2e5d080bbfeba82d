"""What each move is worth: the value of every legal move at a play-off decision (docs/rules.md, "Analysis").

A move's value is the deciding player's final net in chips for the whole game (`Game.nets` of his
seat once the game is over: prizes, stakes and fines all counted) when play goes on from that move.

- Mode "open": every hand known. From the move on, each player maximises his own final net
  (max^n); among moves worth the same to him he plays the first in `legal_actions()` order. The
  search is exact when the whole rest of the game fits in the budget of applied moves; otherwise it
  is depth-limited (iterative deepening, the last depth that fitted), the default policy playing
  the game out from each leaf, and the answer is labelled `exact = False`.
- Mode "known": as the player to act knows the game (his own hand, every card played, the sizes of
  the other hands, and what the rules let him infer from play: a suit not followed, a card not
  beaten). The cards he cannot see are dealt again at random, consistently with that, N times;
  each deal is searched as in "open", and a move's value is the mean over the deals with its 95%
  interval (mean ± 1.96·s/√N).

The search plays the engine's own `Game` (clone + apply), so every option the rules have is played
exactly as the game plays it; nothing of the rules is written twice. The banker's spread (p4,
`spread = chosen`) is not valued: see docs/rules.md, "Analysis".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Hashable

from . import events as ev
from .actions import Action, Beat, Play, Take, cards_played
from .cards import Card
from .game import Game, Phase
from .policy import default_policy
from .rng import Stream

MODES = ("open", "known")
PLAYOFF_DECISIONS = (Phase.LEAD, Phase.ANSWER, Phase.TRICK)
# The budget of a search, in moves applied (the search's moves and the playouts' alike): a whole
# remaining game that fits in it is searched exactly; if not, the estimate gets as much again. One
# decision at 3-5 players: p95 0.12 s of CPython (scripts/bench_analysis.py).
OPEN_BUDGET = 3000
# In the known mode each sampled deal gets its own search, with a smaller budget (p95 0.44 s).
KNOWN_SAMPLES = 32
KNOWN_BUDGET = 250
REDEALS = 100  # draws of a known-mode deal before it is made to fit (sample_deal)
MAX_SAMPLES = 1000  # the most deals one analysis may ask for (the command line checks it)
Z95 = 1.96  # the normal quantile of a two-sided 95% interval
_WHOLE_GAME = 1 << 30  # a depth no play-off reaches: the search goes to the end of the game
LINE_LENGTH = 6  # the moves of the principal variation a move's facts give


class NoDecisionToValue(ValueError):
    """The game is not at a play-off decision (it is over, or at the banker's spread)."""


@dataclass(frozen=True)
class MoveFacts:
    """What narration may say of a move, as data (no words): the cards it puts down and the cards
    its player keeps; an answer's covers or the cards it takes; a card to a trick, whether it follows
    the suit led and whether it stands highest of that suit so far; in the open mode, the line that
    follows (each decision's seat and move) and every seat's final net on it."""

    cards: tuple[str, ...]
    keeps: tuple[str, ...]
    covers: tuple[tuple[str, str], ...] = ()
    takes: tuple[str, ...] = ()
    follows: bool | None = None
    highest_so_far: bool | None = None
    line: tuple[tuple[int, str], ...] = ()
    nets: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"cards": list(self.cards), "keeps": list(self.keeps)}
        if self.covers:
            data["covers"] = [list(pair) for pair in self.covers]
        if self.takes:
            data["takes"] = list(self.takes)
        if self.follows is not None:
            data["follows"] = self.follows
            data["highest_so_far"] = self.highest_so_far
        if self.line:
            data["line"] = [[seat, move] for seat, move in self.line]
        if self.nets:
            data["nets"] = list(self.nets)
        return data


@dataclass(frozen=True)
class MoveValue:
    """One legal move: its value (the deciding player's final net), its cost against the best move
    (best value − its value, ≥ 0), its rank (1 = best; ties ranked by `legal_actions()` order), its
    place in `legal_actions()`, and in the known mode the 95% interval of the value."""

    move: str
    index: int
    value: float
    cost: float
    rank: int
    facts: MoveFacts
    interval: tuple[float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"move": self.move, "index": self.index, "value": self.value, "cost": self.cost,
                                "rank": self.rank}
        if self.interval is not None:
            data["interval"] = list(self.interval)
        data["facts"] = self.facts.to_json()
        return data


@dataclass(frozen=True)
class Analysis:
    """A decision's moves, ranked (best first). `decision`: its number, from 0, as records count
    decisions (`len(game.actions)`, a forced move counting as one); `exact`: every value was searched
    to the end of the game (in the known mode, in every sampled deal; the mean itself is still an
    estimate); `budget`: moves a search may apply; `applied`: the moves applied in all."""

    decision: int
    seat: int
    phase: str
    mode: str
    exact: bool
    samples: int
    seed: int
    budget: int
    applied: int
    moves: tuple[MoveValue, ...]

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def to_json(self) -> dict[str, Any]:
        return {"decision": self.decision, "seat": self.seat, "phase": self.phase, "mode": self.mode,
                "exact": self.exact, "samples": self.samples, "seed": self.seed, "budget": self.budget,
                "applied": self.applied, "moves": [m.to_json() for m in self.moves]}


# ---------------------------------------------------------------------------- the open search


class _OverBudget(Exception):
    """The search has applied more moves than its budget allows."""


def _state_key(game: Game) -> Hashable:
    """Everything the rest of a play-off depends on (docs/rules.md, "Analysis"): whose turn and what
    is on the table, every hand, how many cards each penalty pile holds (p11 fines count them), who
    takes part, the nets, the prize to be won and the last prize-taker (he leads a second stage).
    The tricks taken and the discards count for nothing (p13), so two lines that differ only there
    meet in one state."""
    return (game.phase, game.to_act, game.leader, game.defender, game.lead_to, tuple(map(tuple, game.hands)),
            tuple(game.led), tuple(game.table_cards), tuple(map(len, game.penalty)), tuple(game.nets),
            tuple(game.active), game.prize, game.last_winner)


@dataclass
class _Node:
    """A searched state's value (every seat's final net), whether it is exact, and the best move."""

    nets: tuple[int, ...]
    exact: bool
    best: Action | None


@dataclass
class _Search:
    """Depth-limited max^n over the engine's own moves, with two transposition tables: exact values
    by state (valid at any depth), estimates by state and depth."""

    budget: int
    applied: int = 0
    enforced: bool = True
    exact_table: dict[Hashable, _Node] = field(default_factory=dict)
    depth_table: dict[tuple[Hashable, int], _Node] = field(default_factory=dict)
    best_moves: dict[Hashable, Action] = field(default_factory=dict)  # by state, from the deepest search

    def spend(self, moves: int) -> None:
        self.applied += moves
        if self.enforced and self.applied > self.budget:
            raise _OverBudget

    def child(self, game: Game, action: Action) -> Game:
        self.spend(1)
        twin = game.clone()
        twin.apply_legal(action)
        return twin

    def playout(self, game: Game) -> tuple[int, ...]:
        """The default policy plays the game out from a leaf (the estimate's evaluation)."""
        twin, moves = game.clone(), 0
        while not twin.over:
            twin.apply_legal(default_policy(twin))
            moves += 1
        self.spend(moves)
        return tuple(twin.nets)

    def value(self, game: Game, depth: int) -> _Node:
        """The state's value when every player maximises his own final net, looking `depth`
        choices ahead (a forced move is not a choice and does not count)."""
        if game.over:
            return _Node(tuple(game.nets), True, None)
        key = _state_key(game)
        known = self.exact_table.get(key) or self.depth_table.get((key, depth))
        if known is not None:
            return known
        if depth <= 0:
            node = _Node(self.playout(game), False, None)
            self.depth_table[key, depth] = node
            return node
        legal = game.legal_actions()
        actor = game.to_act
        assert actor is not None and actor >= 0
        deeper = depth if len(legal) == 1 else depth - 1
        best: _Node | None = None
        exact = True
        for action in legal:
            child = self.value(self.child(game, action), deeper)
            exact = exact and child.exact
            # Strictly better only: among equal values the first in legal order stays (the tie-break).
            if best is None or child.nets[actor] > best.nets[actor]:
                best = _Node(child.nets, False, action)
        assert best is not None
        node = _Node(best.nets, exact, best.best)
        assert best.best is not None
        self.best_moves[key] = best.best
        if exact:
            self.exact_table[key] = node
        else:
            self.depth_table[key, depth] = node
        return node

    def line(self, game: Game) -> tuple[tuple[int, str], ...]:
        """The principal variation from `game`: the best moves the tables hold, at most LINE_LENGTH."""
        moves: list[tuple[int, str]] = []
        while not game.over and len(moves) < LINE_LENGTH:
            best = self.best_moves.get(_state_key(game))
            if best is None:
                break
            assert game.to_act is not None
            moves.append((game.to_act, str(best)))
            game = game.clone()
            game.apply(best)
        return tuple(moves)


def _searchable(game: Game) -> Game:
    """A copy of the game for searching: its past events and decisions dropped, since nothing of the
    rest of the game reads them and every clone would copy them."""
    twin = game.clone()
    twin.events, twin.actions = [], []
    return twin


def _open_values(game: Game, budget: int) -> tuple[list[_Node], list[Game], _Search]:
    """Each legal move's node (every seat's final net, exact or not). First the whole rest of the
    game is searched, within `budget` applied moves: if it fits, the values are exact. If not, the
    estimate: iterative deepening, depth 0 (each move, then the default policy plays out), 1, 2, …
    while a depth fits in another `budget` (depth 0 is always finished, even past it, so that every
    move has a value), keeping the exact values of the subtrees the first search finished."""
    root = _searchable(game)
    legal = root.legal_actions()
    children = []
    for action in legal:
        child = root.clone()
        child.apply_legal(action)
        children.append(child)
    search = _Search(budget, applied=len(legal))
    try:
        return [search.value(child, _WHOLE_GAME) for child in children], children, search
    except _OverBudget:
        pass
    search.budget = search.applied + budget
    result: list[_Node] | None = None
    depth = 0
    while True:
        search.enforced = depth > 0
        try:
            nodes = [search.value(child, depth) for child in children]
        except _OverBudget:
            break
        result = nodes
        if all(node.exact for node in nodes):
            break
        depth += 1
    assert result is not None
    return result, children, search


# ---------------------------------------------------------------------------- the known mode


def unseen_cards(game: Game, seat: int) -> list[Card]:
    """The dealer's cards that `seat` cannot see (docs/rules.md, "Analysis"): the other players'
    hands (their laid-aside piles, taken up face down) and what is left of the dealer's deck. Every
    other card he has seen: his own hand, the winning cards shown in the lottery (p5, p6), and every
    card of the play-off, which is played face up (p10, p13)."""
    others = [c for s, hand in enumerate(game.hands) if s != seat for c in hand]
    return others + list(game.dealer_deck[game.dealer_next:])


def ruled_out(game: Game, seat: int) -> dict[int, set[Card]]:
    """The unseen cards each other player is known not to hold, from what play has shown everyone:
    a player who did not follow the suit led holds none of it (p13), and a player who took a single
    card led to him holds none that beats it (he must beat when he can, p10; `beat` says what beats).
    A play-off hand only loses cards, so what it lacked then it lacks now."""
    unseen = unseen_cards(game, seat)
    seat_of = {name: s for s, name in enumerate(game.seats)}
    lacks: dict[int, set[Card]] = {s: set() for s in range(game.n) if s != seat}
    any_suit = game.options.beat == "any_suit"
    led_suit = ""
    for event in game.events:
        if isinstance(event, ev.Play):
            if event.lead:
                led_suit = event.card.suit
            elif event.card.suit != led_suit and seat_of[event.who] in lacks:
                lacks[seat_of[event.who]].update(c for c in unseen if c.suit == led_suit)
        elif isinstance(event, ev.Take) and len(event.cards) == 1 and not event.covers \
                and seat_of[event.who] in lacks:
            (led,) = event.cards
            lacks[seat_of[event.who]].update(c for c in unseen if c.rank > led.rank
                                             and (any_suit or c.suit == led.suit))
    return lacks


def sample_deal(game: Game, seat: int, stream: Stream, lacks: dict[int, set[Card]] | None = None) -> Game:
    """The game with the cards `seat` cannot see dealt again at random: each other player keeps the
    number of cards he holds, and gets none that play has shown he lacks (`ruled_out`). The deal is
    drawn again until it fits (so every deal that fits is as likely as any other), at most REDEALS
    times; then a fitting deal is made from the last draw (`_fitting_deal`). `lacks`:
    `ruled_out(game, seat)`, when already known."""
    twin = _searchable(game)
    unseen = unseen_cards(game, seat)
    lacks = ruled_out(game, seat) if lacks is None else lacks
    sizes = {other: len(hand) for other, hand in enumerate(game.hands) if other != seat}
    for _ in range(REDEALS):
        stream.shuffle(unseen)
        hands, taken = {}, 0
        for other, size in sizes.items():
            hands[other] = unseen[taken:taken + size]
            taken += size
        if all(not lacks[other].intersection(hand) for other, hand in hands.items()):
            break
    else:
        hands = _fitting_deal(unseen, sizes, lacks)
    for other, hand in hands.items():
        twin.hands[other] = sorted(hand)
    twin._legal = None  # the list of legal moves was the real hand's
    return twin


def _fitting_deal(cards: list[Card], sizes: dict[int, int], lacks: dict[int, set[Card]]) -> dict[int, list[Card]]:
    """Each seat's `sizes[seat]` cards from `cards`, none of them one he lacks: a matching of the
    places in the hands to the cards (augmenting paths, the cards tried in their order). One always
    exists, since the real deal is one."""
    places = [seat for seat, size in sizes.items() for _ in range(size)]
    holder: dict[Card, int] = {}  # card -> the place it fills

    def fill(place: int, tried: set[Card]) -> bool:
        for card in cards:
            if card in tried or card in lacks[places[place]]:
                continue
            tried.add(card)
            if card not in holder or fill(holder[card], tried):
                holder[card] = place
                return True
        return False

    for place in range(len(places)):
        found = fill(place, set())
        assert found, "no deal fits what play has shown, yet the real deal does"
    hands: dict[int, list[Card]] = {seat: [] for seat in sizes}
    for card, place in holder.items():
        hands[places[place]].append(card)
    return hands


# ---------------------------------------------------------------------------- the analysis


def analyse(game: Game, mode: str = "open", *, samples: int = KNOWN_SAMPLES, seed: int = 0,
            budget: int | None = None) -> Analysis:
    """The value of every legal move of the decision the game stands at (see the module's text)."""
    if game.phase not in PLAYOFF_DECISIONS or game.to_act is None:
        raise NoDecisionToValue(f"no play-off decision to value: the game is at {game.phase.value}")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: {', '.join(MODES)}")
    seat = game.to_act
    legal = game.legal_actions()
    if mode == "open":
        limit = OPEN_BUDGET if budget is None else budget
        nodes, children, search = _open_values(game, limit)
        values = [float(node.nets[seat]) for node in nodes]
        facts = [_facts(game, action, search.line(child), node.nets)
                 for action, child, node in zip(legal, children, nodes)]
        intervals: list[tuple[float, float] | None] = [None] * len(legal)
        exact, applied, used = all(node.exact for node in nodes), search.applied, 1
    else:
        if samples < 2:
            raise ValueError("the known mode needs at least 2 samples (an interval needs a spread)")
        limit = KNOWN_BUDGET if budget is None else budget
        stream, lacks = Stream(seed), ruled_out(game, seat)
        per_move: list[list[int]] = [[] for _ in legal]
        exact, applied = True, 0
        for _ in range(samples):
            nodes, _, search = _open_values(sample_deal(game, seat, stream, lacks), limit)
            applied += search.applied
            exact = exact and all(node.exact for node in nodes)
            for values_of_move, node in zip(per_move, nodes):
                values_of_move.append(node.nets[seat])
        values, intervals = [], []
        for observed in per_move:
            mean, half = _mean_and_half_width(observed)
            values.append(mean)
            intervals.append((mean - half, mean + half))
        facts = [_facts(game, action, (), ()) for action in legal]
        used = samples
    best = max(values)
    # Best first; equal values in legal order (the same tie-break as the search's).
    order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    moves = tuple(MoveValue(str(legal[i]), i, values[i], best - values[i], rank, facts[i], intervals[i])
                  for rank, i in enumerate(order, 1))
    return Analysis(len(game.actions), seat, game.phase.value, mode, exact, used, seed, limit, applied, moves)


def _mean_and_half_width(observed: list[int]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval, 1.96·s/√N (s: the sample standard deviation)."""
    count = len(observed)
    mean = sum(observed) / count
    # fsum, not sum: sum() of floats compensates since Python 3.12, so 3.11 and Pyodide's 3.14 would differ.
    variance = math.fsum((x - mean) ** 2 for x in observed) / (count - 1)
    return mean, Z95 * math.sqrt(variance / count)


def _facts(game: Game, action: Action, line: tuple[tuple[int, str], ...], nets: tuple[int, ...]) -> MoveFacts:
    seat = game.to_act
    assert seat is not None
    put_down = cards_played(action)
    keeps = tuple(str(c) for c in game.hands[seat] if c not in put_down)
    cards = tuple(str(c) for c in put_down)
    if isinstance(action, Beat):
        covered = {led for led, _ in action.covers}
        return MoveFacts(cards, keeps, covers=tuple((str(a), str(b)) for a, b in action.covers),
                         takes=tuple(str(c) for c in game.led if c not in covered), line=line, nets=nets)
    if isinstance(action, Take):
        return MoveFacts(cards, keeps, takes=tuple(str(c) for c in game.led), line=line, nets=nets)
    if isinstance(action, Play) and game.table_cards:
        suit = game.table_cards[0][1].suit
        follows = action.card.suit == suit
        highest = follows and all(c.rank < action.card.rank for _, c in game.table_cards if c.suit == suit)
        return MoveFacts(cards, keeps, follows=follows, highest_so_far=highest, line=line, nets=nets)
    return MoveFacts(cards, keeps, line=line, nets=nets)
