"""Helpers for the engine tests: stacked decks, tables, and exact state comparison.

Stacked decks are the tests' way of knowing every card: a deck order is given top card first
(docs/rules.md, "Fixed conventions"), the chosen cards on top, the rest in one fixed order (FULL_DECK:
spades, hearts, diamonds, clubs, each 2..A). `playoff_decks` builds both decks so that the
lottery ends with the laid-aside piles the test asks for, by a rule the test can check by eye:
every dealt card that is not in a wanted pile is turned up by the banker in the round it is
dealt (so it wins, p5, and is discarded, p6); the wanted pile cards never are (so they are laid
aside, p7).
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from engine import (
    Action, Beat, Card, Event, FULL_DECK, Game, IllegalMove, Lead, Options, Play, Stake, Stream, Table, Take,
    parse_action, parse_cards, snapshot,
)

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ivan", "Katya", "Lev", "Masha", "Nina",
         "Oleg", "Pasha", "Rita", "Sasha", "Tanya")
BANKER_NAME, DEALER_NAME = "Father", "Mother"


def table(n: int) -> Table:
    """n card players (Anna, Boris, ...) in seat order; the banker is Father, the dealer Mother."""
    return Table(NAMES[:n], BANKER_NAME, DEALER_NAME)


def cards(text: str | Iterable[str]) -> list[Card]:
    return list(parse_cards(text))


def deck(*top: str) -> tuple[Card, ...]:
    """A full deck: the given cards on top in order (each argument may hold several, "AS KH"),
    then every other card in FULL_DECK order (2S 3S ... AS 2H ... AC)."""
    chosen = [c for text in top for c in parse_cards(text)]
    assert len(set(chosen)) == len(chosen), f"a card twice on top: {chosen}"
    return tuple(chosen) + tuple(c for c in FULL_DECK if c not in chosen)


def opts(**values: Any) -> Options:
    return Options.from_mapping(values)


def play(game: Game, *moves: str) -> list[Event]:
    """Apply the moves in notation; returns all the events they caused."""
    events: list[Event] = []
    for text in moves:
        events += game.apply(parse_action(text))
    return events


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(game_or_events: Game | Iterable[Event], kind: str, **match: Any) -> list[dict[str, Any]]:
    """The JSON of the events of one kind (optionally with data equal to `match`)."""
    events = game_or_events.events if isinstance(game_or_events, Game) else game_or_events
    out = [e.to_json() for e in events if e.kind == kind]
    return [e for e in out if all(e.get(k) == v for k, v in match.items())]


def hand(game: Game, name: str) -> list[str]:
    return [str(c) for c in game.hands[game.seats.index(name)]]


def balanced(game: Game) -> bool:
    """docs/rules.md, invariants: stakes paid + fines + what was carried in (pool, fines to be played for,
    kitty kept apart) = prizes + banker's takings + what is carried out, with the stakes on the table
    counted in the pool. With nets = prizes - stakes paid - fines:"""
    return (game.pool_in + game.prize_in + game.kitty_in
            == sum(game.nets) + game.banker_net + game.pool + game.prize + game.kitty + sum(game.stakes))


def cards_in_one_place(game: Game) -> bool:
    """docs/rules.md, invariants: all 104 cards in exactly one place; the banker's 52 and the dealer's 52 each once."""
    places = game.locations()
    banker = [c for key in ("banker_deck", "row", "banker_discard") for c in places[key]]
    dealer = [c for key, pile in places.items() if key not in ("banker_deck", "row", "banker_discard") for c in pile]
    return len(banker) == 52 == len(dealer) and set(banker) == _ALL == set(dealer)


_ALL = frozenset(FULL_DECK)


# ---------------------------------------------------------------------- exact state


def _plain(value: Any) -> Any:
    if value is None or type(value) in (int, str, bool):  # most values: spared the checks below
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Event):
        return value.to_json()
    if isinstance(value, Stream):
        return ["Stream", value.state]
    if isinstance(value, (Stake, Lead, Beat, Take, Play)):
        return [type(value).__name__, str(value)]
    if isinstance(value, (Table, Options)):
        return repr(value)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [_plain(v) for v in value]]
    return value


def exact_state(game: Game) -> dict[str, Any]:
    """Everything the game holds (every attribute but the observer and the legal-moves cache),
    as plain data, so two states compare exactly."""
    return {key: _plain(value) for key, value in vars(game).items() if key not in ("observer", "_legal")}


def views(game: Game) -> tuple[str, dict[str, Any], int, list[dict[str, Any]]]:
    """What the brief compares for "unchanged": the JSON, the snapshot, the events."""
    return json.dumps(game.to_json(), sort_keys=True), snapshot(game), len(game.events), \
        [e.to_json() for e in game.events]


def refused(game: Game, move: str | Action, kind: type[IllegalMove]) -> IllegalMove:
    """Apply an illegal move: it must raise `kind` and leave the state exactly as it was."""
    action = parse_action(move) if isinstance(move, str) else move
    before, before_views = exact_state(game), views(game)
    legal_before = [str(a) for a in game.legal_actions()]
    try:
        game.apply(action)
    except IllegalMove as error:
        assert type(error) is kind, f"{action}: {type(error).__name__}, expected {kind.__name__}: {error}"
        assert isinstance(error, ValueError)
        assert exact_state(game) == before and views(game) == before_views
        assert [str(a) for a in game.legal_actions()] == legal_before
        return error
    raise AssertionError(f"{action} was accepted; expected {kind.__name__}")


# ---------------------------------------------------------------------- the tests' own reading of the moves


def _beats(led: Card, card: Card, beat: str) -> bool:
    # p10: a higher card of the same suit (beat = same_suit), or any higher rank (any_suit).
    return card.rank > led.rank and (beat == "any_suit" or card.suit == led.suit)


def expected_legal(game: Game) -> list[str]:
    """Every legal move by the paragraphs, worked out independently of the engine's generators."""
    phase = game.phase
    if phase == "lead":  # p10: one card, or two of one rank
        hand = game.hands[game.leader]
        moves = [f"lead {c}" for c in hand]
        moves += [str(Lead((a, b))) for a, b in itertools.combinations(hand, 2) if a.rank == b.rank]
        return sorted(moves)
    if phase == "answer":  # p10: beat them all, each with its own card, else take (or cover one)
        hand, led, beat = game.hands[game.defender], game.led, game.options.beat
        if len(led) == 1:
            full = [str(Beat(((led[0], c),))) for c in hand if _beats(led[0], c, beat)]
        else:
            full = [str(Beat(((led[0], a), (led[1], b)))) for a in hand for b in hand
                    if a is not b and _beats(led[0], a, beat) and _beats(led[1], b, beat)]
        if full:
            return sorted(full)
        if len(led) == 2 and game.options.failed_defence == "take_unbeaten":
            partial = [str(Beat(((l, c),))) for l in led for c in hand if _beats(l, c, beat)]
            if partial:
                return sorted(partial)
        return ["take"]
    if phase == "trick":  # p13: any card to lead; follow suit, else any card
        hand = game.hands[game.to_act]
        if game.table_cards:
            suit = game.table_cards[0][1].suit
            follow = [c for c in hand if c.suit == suit]
            hand = follow or hand
        return sorted(f"play {c}" for c in hand)
    raise AssertionError(phase)


# ---------------------------------------------------------------------- stacked lotteries


@dataclass
class Lottery:
    """Both deck orders and what the test expects of the lottery they make."""

    banker: tuple[Card, ...]
    dealer: tuple[Card, ...]
    rows: list[list[Card]] = field(default_factory=list)  # the banker's four of each round, in order
    packets: list[list[list[Card]]] = field(default_factory=list)  # per round, per seat: the cards dealt
    asides: list[list[Card]] = field(default_factory=list)  # the laid-aside piles at the end, per seat
    last_winner: int | None = None

    @property
    def decks(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        return self.banker, self.dealer

    def prizes(self, stakes: list[list[int]]) -> list[int]:
        """What each seat wins, by p5, given each round's stakes on positions 1-4."""
        won = [0] * len(self.asides)
        for row, packets, amounts in zip(self.rows, self.packets, stakes):
            for card, amount in zip(row, amounts):
                for seat, packet in enumerate(packets):
                    if card in packet:
                        won[seat] += amount
        return won


def round_slots(n: int, deal: str = "packets", short_deal: str = "deal_out") -> list[list[int]]:
    """How many cards each seat gets in each round, by p5/p8 and the options (52 dealer cards)."""
    per = 3 * n
    slots = [[3] * n for _ in range(52 // per)]
    rest = 52 - per * len(slots)
    if rest and short_deal == "deal_out":
        if deal == "packets":  # whole packets of three from the first player on
            slots.append([max(0, min(3, rest - 3 * s)) for s in range(n)])
        else:  # one at a time round the table
            slots.append([rest // n + (1 if s < rest % n else 0) for s in range(n)])
    return slots


def playoff_decks(asides: list[str], last_winner: int | None, *, deal: str = "packets",
                  short_deal: str = "deal_out") -> Lottery:
    """Decks whose lottery ends with exactly these laid-aside piles (one string of cards per seat)
    and with `last_winner` (a seat) taking the last prize (None: no prize at all).

    Round by round each seat is dealt some of its pile cards and some "prize" cards (all the other
    cards, in FULL_DECK order); the banker's row of that round is the prize cards dealt in it (the
    last winner's last), made up to four with cards nobody is dealt that round. At most four prize
    cards per round, so the piles must be large enough (the helper says when they are not)."""
    n = len(asides)
    piles = [cards(a) for a in asides]
    wanted = [c for pile in piles for c in pile]
    assert len(set(wanted)) == len(wanted), "a card in two piles"
    slots = round_slots(n, deal, short_deal)
    dealt_total = sum(map(sum, slots))
    prize_pool = [c for c in FULL_DECK if c not in wanted]
    leftover = prize_pool[dealt_total - len(wanted):]  # never dealt (short_deal = stop)
    prize_pool = prize_pool[:dealt_total - len(wanted)]
    plan = _plan(slots, [len(p) for p in piles], last_winner)
    assert plan is not None, "no way to deal these piles with at most four prizes a round"
    queues = [list(p) for p in piles]
    lottery = Lottery((), (), asides=[list(p) for p in piles], last_winner=last_winner)
    dealer: list[Card] = []
    for r, round_ in enumerate(slots):
        placed = plan[r]
        packets = []
        prizes_by_seat: list[list[Card]] = []
        for s in range(n):
            mine = [queues[s].pop(0) for _ in range(placed[s])]
            won = [prize_pool.pop(0) for _ in range(round_[s] - placed[s])]
            packets.append(mine + won)
            prizes_by_seat.append(won)
        lottery.packets.append(packets)
        if deal == "packets":
            dealer += [c for p in packets for c in p]
        else:
            dealer += [packets[s][j] for j in range(3) for s in range(n) if j < len(packets[s])]
        row = [c for won in prizes_by_seat for c in won]
        lottery.rows.append(row)
    assert not prize_pool and not any(queues)
    # The last winner's prize goes last in the last round that has prizes.
    last_round = max((r for r, row in enumerate(lottery.rows) if row), default=None)
    if last_winner is None:
        assert last_round is None, "prizes were needed: give a last winner"
    else:
        assert last_round is not None
        mine = [c for c in lottery.rows[last_round] if c in lottery.packets[last_round][last_winner]]
        assert mine, f"seat {last_winner} wins nothing in the last round with prizes"
        row = lottery.rows[last_round]
        row.remove(mine[-1])
        row.append(mine[-1])
    # Make each row up to four with banker cards nobody holds that round.
    used = {c for row in lottery.rows for c in row}
    spare = [c for c in FULL_DECK if c not in used]
    for r, row in enumerate(lottery.rows):
        in_play = {c for p in lottery.packets[r] for c in p}
        while len(row) < 4:
            card = next(c for c in spare if c not in in_play)
            spare.remove(card)
            row.append(card)
    lottery.dealer = tuple(dealer + leftover)
    banker = [c for row in lottery.rows for c in row]
    lottery.banker = tuple(banker + [c for c in FULL_DECK if c not in banker])
    assert sorted(lottery.dealer) == sorted(FULL_DECK) and sorted(lottery.banker) == sorted(FULL_DECK)
    return lottery


def _plan(slots: list[list[int]], sizes: list[int], last_winner: int | None) -> list[tuple[int, ...]] | None:
    """How many pile cards each seat is dealt in each round (the rest of its cards are prizes):
    at most four prizes a round; the last winner has a prize in the last round (no prize at all
    when there is no last winner). A small search, most prizes first."""
    from functools import lru_cache
    from itertools import product

    rounds = len(slots)

    @lru_cache(maxsize=None)
    def solve(r: int, left: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | None:
        if r == rounds:
            return () if not any(left) else None
        round_ = slots[r]
        future = [sum(s[seat] for s in slots[r + 1:]) for seat in range(len(left))]
        choices = sorted(product(*(range(min(k, l) + 1) for k, l in zip(round_, left))), key=sum)
        for placed in choices:
            prizes = sum(round_) - sum(placed)
            if prizes > 4 or any(l - p > f for l, p, f in zip(left, placed, future)):
                continue
            if last_winner is None and prizes:
                continue
            if last_winner is not None and r == rounds - 1 and placed[last_winner] >= round_[last_winner]:
                continue
            rest = solve(r + 1, tuple(l - p for l, p in zip(left, placed)))
            if rest is not None:
                return (placed,) + rest
        return None

    plan = solve(0, tuple(sizes))
    return None if plan is None else list(plan)


def playoff_game(asides: list[str], last_winner: int | None, **options: Any) -> Game:
    """The game of `playoff_decks`, stopped at the first decision of the play-off (or over)."""
    lottery = playoff_decks(asides, last_winner, deal=options.get("deal", "packets"),
                            short_deal=options.get("short_deal", "deal_out"))
    return Game(table(len(asides)), opts(**options), decks=lottery.decks)


# ---------------------------------------------------------------------- the tests' own SplitMix64


MASK64 = (1 << 64) - 1


def reference_splitmix64(seed: int):  # type: ignore[no-untyped-def]
    """SplitMix64 as published (Steele, Lea, Flood 2014; Vigna's splitmix64.c), written out again
    here so the engine's stream is checked against an independent implementation."""
    x = seed & MASK64
    while True:
        x = (x + 0x9E3779B97F4A7C15) & MASK64
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        yield z ^ (z >> 31)


def reference_below(stream, n: int) -> int:  # type: ignore[no-untyped-def]
    """Unbiased: draws at or above the largest multiple of n below 2**64 are thrown away."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = next(stream)
        if x < limit:
            return x % n


# ---------------------------------------------------------------------- a game told event by event


class Recorder:
    """An observer keeping each event (as JSON) with the snapshot of the table after it."""

    def __init__(self) -> None:
        self.steps: list[tuple[dict[str, Any], dict[str, Any]]] = []

    def __call__(self, game: Game, event: Event) -> None:
        self.steps.append((event.to_json(), snapshot(game)))

    def after(self, kind: str, **match: Any) -> dict[str, Any]:
        """The table right after the first event of this kind (with data equal to `match`)."""
        for event, state in self.steps:
            if event["kind"] == kind and all(event.get(k) == v for k, v in match.items()):
                return state
        raise AssertionError(f"no {kind} event with {match}")


# ---------------------------------------------------------------------- the play-off scenarios
# Laid-aside piles (one string per seat, for playoff_decks) worked out so the play-off can be
# played by hand; the hands are listed sorted (rank, then suit S H D C), as the engine keeps them.

# Play-off by beating, three players, Anna took the last prize. Sorted hands:
#   Anna  2S 2H 3S 3H 4S 5S 6S 7S 8S 9S
#   Boris 2D 3D 4H 4D 5D 6D 7D 8D 9D
#   Vera  2C 3C 4C 5C 6C 7C 8C 9C TS
THREE = ["2S 3S 4S 5S 6S 7S 8S 9S 2H 3H", "2D 3D 4D 5D 6D 7D 8D 9D 4H", "2C 3C 4C 5C 6C 7C 8C 9C TS"]

# Two led cards, two players, Anna leads 7S 7H. Sorted hands:
#   Anna  2C 3C 4C 5C 6C 7S 7H 8C
#   Boris 2S 3S 4S 5S 6S 9H 9D TD   (same suit: only 9H beats; any suit: 9H 9D TD beat a seven)
TWO_COVERS = ["7H 7S 2C 3C 4C 5C 6C 8C", "9H 9D TD 2S 3S 4S 5S 6S"]
# The same, but Boris has a single card above seven: 2S 2D 3S 3D 4S 5S 6S 9H
ONE_COVER = ["7H 7S 2C 3C 4C 5C 6C 8C", "9H 2S 3S 4S 5S 6S 2D 3D"]

# The end of a play-off by beating. Boris took the last prize. Sorted hands:
#   Anna  2D 2C 4H
#   Boris 3H 5S 5H 6S 6H 7S 8S 9S TS JS QS KS AS
# Played: lead 9S / take (Anna has no spade) / lead 3H / beat 3H>4H / lead 2D 2C / take (Boris has
# no diamond or club): Anna's hand is empty with 9S in her penalty pile; Boris holds 11 cards and
# has 2D 2C in his.
ENDING = ["2D 2C 4H", "9S 3H 5S 6S 7S 8S TS JS QS KS AS 5H 6H"]
ENDING_MOVES = ("lead 9S", "take", "lead 3H", "beat 3H>4H", "lead 2D 2C", "take")

# Play-off by tricks, two players, Anna took the last prize. Sorted hands:
#   Anna  2S KH
#   Boris 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5D 6D
TRICKS = ["KH 2S", "3S 4S 5S 2H 3H 4H 2D 3D 4D 5D 6D 2C 3C 4C"]

# Three players, Vera laid nothing aside; Boris took the last prize. Sorted hands:
#   Anna  2S 3S 4S 4D 5S 6S 7S 8S 9S TS JS QS KS AS
#   Boris 2H 2D 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH
#   Vera  (none)
SITTER = ["2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 4D", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2D", ""]

# Four players; Boris took the last prize but laid nothing aside, so Vera, on his left, leads.
LEADER_WITHOUT_CARDS = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "",
                        "2H 3H 4H 5H 6H 7H 8H 9H TH JH", "2D 3D 4D 5D 6D 7D 8D 9D TD JD"]

# Three players; Vera took the last prize with her last card in the lottery. Sorted hands:
#   Anna  2D 3D 4D 5D 6D 7D 8D 9D
#   Boris 2H 2C 3H 3C 4H 4C 5H 5C 6H 6C 7C 8C 9C TC JC QC KC AC
#   Vera  AS AH
# Vera leads AS AH, Anna cannot beat and takes them: Vera has run out. Under beating_then_tricks
# Anna and Boris play the rest off by tricks; Anna leads diamonds, which Boris cannot follow.
SECOND = ["2D 3D 4D 5D 6D 7D 8D 9D", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2H 3H 4H 5H 6H", "AS AH"]
