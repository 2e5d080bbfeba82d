"""Events: what happened at each step, at the grain a teacher narrates, with its paragraph ids.

Each kind of event is a typed frozen record (`events.Lead` is the event of a lead; `actions.Lead`
the move). `rules` holds the paragraphs that govern it (the
first is the governing one); `to_json()` writes `{"kind", "rule", ...fields in order}` with cards
as `AS`, the shape ARCHITECTURE.md documents and the pages read.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Mapping, Sequence

from .cards import Card

Cards = Sequence[Card]


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str]
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": list(self.rules)}
        for name in _field_names(self):
            out[name] = _plain(getattr(self, name))
        return out


@dataclass(frozen=True, slots=True)
class GameStart(Event):
    kind = "game_start"
    seats: Sequence[str]
    banker: str
    dealer: str
    pool: int
    prize: int = 0  # fines carried in to be played for in this game's play-off (fines_to = playoff_prize, p12)
    kitty: int = 0  # the kitty carried in, kept apart (kitty = kept_apart, p15)


@dataclass(frozen=True, slots=True)
class Lay(Event):
    kind = "lay"
    round: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class Pay(Event):
    kind = "pay"
    round: int
    payments: Mapping[str, int]
    total: int
    pool: int


@dataclass(frozen=True, slots=True)
class Spread(Event):
    kind = "spread"
    round: int
    stakes: Sequence[int]
    how: str  # even | random | chosen


@dataclass(frozen=True, slots=True)
class Deal(Event):
    kind = "deal"
    round: int
    hands: Mapping[str, Cards]
    short: bool


@dataclass(frozen=True, slots=True)
class Reveal(Event):
    kind = "reveal"
    round: int
    position: int  # 1..4, left to right
    card: Card
    stake: int
    winner: str | None  # the player dealt the same card this round
    to: str  # player | pool | banker
    # Where the dealer's card of the same suit and rank lies when nobody was dealt it this round:
    # in the laid-aside pile of `laid_aside_by` (dealt in an earlier round), or (None) still in the
    # dealer's deck. None too when `winner` holds it.
    laid_aside_by: str | None


@dataclass(frozen=True, slots=True)
class Discard(Event):
    kind = "discard"
    round: int
    banker_cards: Cards
    winning: Mapping[str, Cards]


@dataclass(frozen=True, slots=True)
class LayAside(Event):
    kind = "lay_aside"
    round: int
    cards: Mapping[str, Cards]


@dataclass(frozen=True, slots=True)
class LotteryEnd(Event):
    kind = "lottery_end"
    deck: str  # banker | dealer: the deck that cannot start another round
    banker_left: int
    dealer_left: int
    rounds: int
    played_off: bool  # whether any laid-aside cards will be played off (not when play-off cannot start)


@dataclass(frozen=True, slots=True)
class PlayoffStart(Event):
    kind = "playoff_start"
    way: str  # beating | tricks | beating_then_tricks
    leader: str
    last_winner: str | None
    sitting_out: Sequence[str]
    not_played: str | None  # None, too_few, empty_hand
    holders: Sequence[str]  # the players who hold cards as it begins


@dataclass(frozen=True, slots=True)
class Lead(Event):
    kind = "lead"
    who: str
    to: str
    cards: Cards
    # The defender's duty as the options in force make it: whether `to` answers at all (not when the
    # leader has led his last card under last_lead = stop_at_once), what beats a card led (`beat`),
    # and what he takes when he cannot beat both of two (`failed_defence`).
    answer: bool
    beat: str  # same_suit | any_suit
    failed_defence: str  # take_all | take_unbeaten


@dataclass(frozen=True, slots=True)
class Take(Event):
    kind = "take"
    who: str
    cards: Cards  # the led cards taken
    covers: Sequence[Sequence[Card]]  # [led, cover]: the one card covered under failed_defence = take_unbeaten
    led_by: str  # who led them (under after_take = same_leader, he leads again)
    # Who leads next and to whom; None when the play-off by beating (or its stage) is over.
    next_leader: str | None
    next_to: str | None


@dataclass(frozen=True, slots=True)
class Beat(Event):
    kind = "beat"
    who: str
    covers: Sequence[Sequence[Card]]  # [led, cover] for each led card
    # Who leads next (the one who beat, p10) and to whom; None when the play-off by beating (or its
    # stage) is over.
    next_leader: str | None
    next_to: str | None


@dataclass(frozen=True, slots=True)
class LeadAbandoned(Event):
    """`last_lead = stop_at_once` or `stop_taken`: the leader led his last card, so the play-off by
    beating is over before anyone answers (p11); the cards led are discarded, or (`taken`) laid with
    the defender's cards not beaten."""

    kind = "lead_abandoned"
    who: str
    to: str
    cards: Cards
    tricks_follow: bool  # playoff = beating_then_tricks: what ends is the stage by beating
    taken: bool = False  # last_lead = stop_taken: the cards go to the defender's cards not beaten


@dataclass(frozen=True, slots=True)
class Play(Event):
    kind = "play"
    who: str
    card: Card
    lead: bool


@dataclass(frozen=True, slots=True)
class Trick(Event):
    kind = "trick"
    who: str
    cards: Cards
    next_leader: str | None  # the taker leads the next trick (p13); None: a player has run out, play is over
    out: Sequence[str] = ()  # tricks_end = one_left: who ran out at this trick and drops out, play going on


@dataclass(frozen=True, slots=True)
class TrickAbandoned(Event):
    kind = "trick_abandoned"
    who: str
    cards: Cards


@dataclass(frozen=True, slots=True)
class SecondStage(Event):
    """`playoff = beating_then_tricks`: a player has run out, so the stage by beating is over (p11);
    the cards still held are played off by tricks (p13), those with no cards sitting out. The
    fines for the cards not beaten follow at once (p11); the cards still held at the end pay by
    suit (p15)."""

    kind = "second_stage"
    out: Sequence[str]  # the players whose cards ran out in the stage by beating
    leader: str | None  # who leads the first trick (None: not played)
    last_winner: str | None
    sitting_out: Sequence[str]
    not_played: str | None  # None, too_few
    holders: Sequence[str]  # the players who still hold cards


@dataclass(frozen=True, slots=True)
class PlayoffEnd(Event):
    kind = "playoff_end"
    out: Sequence[str]
    holders: Sequence[str]  # the players who still hold cards


@dataclass(frozen=True, slots=True)
class PrizeWon(Event):
    """`fines_to = playoff_prize` (p12): the fines the last game laid apart go to the first player to
    run out of cards in the play-off by beating; players who ran out together share them, and what
    does not divide evenly waits for the next game."""

    kind = "prize"
    winners: Sequence[str]
    each: int
    amount: int  # the whole prize played for
    left: int  # the chips that do not divide evenly among the winners: they wait


@dataclass(frozen=True, slots=True)
class Fine(Event):
    """The play-off by beating (p11): a fine per card in hand and per card not beaten."""

    kind = "fine"
    who: str
    amount: int
    hand: int
    penalty: int
    per_card: int
    to_prize: bool = False  # fines_to = playoff_prize: laid apart for the next game's play-off (p12)


@dataclass(frozen=True, slots=True)
class SuitFine(Event):
    """The play-off by tricks (p15): paid into the kitty by suit."""

    kind = "fine"
    who: str
    amount: int
    hand: int
    by_suit: Mapping[str, int]
    basis: str  # per_card | per_suit
    kept_apart: bool = False  # kitty = kept_apart: the kitty is not carried into the pool (p15)


@dataclass(frozen=True, slots=True)
class GameEnd(Event):
    kind = "game_end"
    pool: int
    nets: Mapping[str, int]
    banker_net: int
    prize: int = 0  # fines laid apart for the next game's play-off (fines_to = playoff_prize, p12)
    kitty: int = 0  # the kitty kept apart, as it now stands (kitty = kept_apart, p15)
    kitty_kept: bool = False  # kitty = kept_apart: the kitty is not in the pool carried


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


def _field_names(event: Event) -> tuple[str, ...]:
    """An event's fields after `rules`, in their order (read once a class: a trace writes many)."""
    names = _FIELD_NAMES.get(type(event))
    if names is None:
        names = _FIELD_NAMES[type(event)] = tuple(f.name for f in fields(event)[1:])
    return names


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (int, str)):  # most fields: spared the ABC check of Mapping
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value
