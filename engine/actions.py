"""The decisions a player makes, and their text notation (the `moves` of a record).

    stake 5 1 1 1     the banker's spread over positions 1–4 (spread = chosen, p4)
    lead 7H 7S        one card or two of one rank (play-off by beating, p10)
    beat 7H>9H 7S>QS  cover each led card (p10); one pair of two led = covers one, takes the other
    take              cannot beat: take the led cards (p10)
    play KH           a card to the trick (play-off by tricks, p13)

Reading is lax (`10h`, pairs in any order, extra spaces); `str()` is canonical.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .cards import CARD_ORDER, Card, CardError, format_cards, parse_cards
from .errors import EngineError


class NotationError(EngineError):
    """A move text that is not a move: `text` is the move as written."""

    kind = "notation"


@dataclass(frozen=True, slots=True)
class Stake:
    amounts: tuple[int, ...]

    def __str__(self) -> str:
        return "stake " + " ".join(str(a) for a in self.amounts)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Lead:
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(self.cards) == 2 and self.cards[1] < self.cards[0]:
            object.__setattr__(self, "cards", (self.cards[1], self.cards[0]))

    def __str__(self) -> str:
        return "lead " + format_cards(self.cards)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Beat:
    covers: tuple[tuple[Card, Card], ...]  # (led card, covering card), sorted by led card

    def __post_init__(self) -> None:
        if len(self.covers) == 2 and self.covers[1][0] < self.covers[0][0]:
            object.__setattr__(self, "covers", (self.covers[1], self.covers[0]))

    def __str__(self) -> str:
        return "beat " + " ".join(f"{led}>{cover}" for led, cover in self.covers)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Take:
    def __str__(self) -> str:
        return "take"

    def __repr__(self) -> str:
        return "parse_action('take')"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


Action = Union[Stake, Lead, Beat, Take, Play]
_KIND_ORDER = {Stake: 0, Lead: 1, Beat: 2, Take: 3, Play: 4}


def cards_played(action: Action) -> tuple[Card, ...]:
    """The cards of his hand a move puts on the table: a lead's cards, a beat's covering cards, the
    card played to a trick; none for a spread or a take."""
    if isinstance(action, Lead):
        return action.cards
    if isinstance(action, Beat):
        return tuple(cover for _, cover in action.covers)
    if isinstance(action, Play):
        return (action.card,)
    return ()


def action_key(action: Action) -> tuple[int, tuple[int, ...]]:
    """The order of `legal_actions()`: by kind, then by the cards (rank, then suit) or amounts."""
    if isinstance(action, Stake):
        detail: tuple[int, ...] = action.amounts
    elif isinstance(action, Lead):
        detail = tuple(CARD_ORDER[c] for c in action.cards)
    elif isinstance(action, Beat):
        detail = tuple(CARD_ORDER[c] for pair in action.covers for c in pair)
    elif isinstance(action, Play):
        detail = (CARD_ORDER[action.card],)
    else:
        detail = ()
    return _KIND_ORDER[type(action)], detail


def parse_action(text: str) -> Action:
    """Read one move in the notation above."""
    words = text.split()
    if not words:
        raise NotationError("empty_move", text="")
    written = text.strip()
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "stake":
            if len(args) != 4 or not all(a.isdigit() for a in args):
                raise NotationError("stake_shape", text=written)
            return Stake(tuple(int(a) for a in args))
        if verb == "lead":
            if not 1 <= len(args) <= 2:
                raise NotationError("lead_shape", text=written)
            return Lead(parse_cards(args))
        if verb == "beat":
            pairs = []
            for arg in args:
                led, sep, cover = arg.partition(">")
                if not sep:
                    raise NotationError("cover_shape", text=written)
                pairs.append((Card.parse(led), Card.parse(cover)))
            if not 1 <= len(pairs) <= 2:
                raise NotationError("beat_count", text=written)
            return Beat(tuple(pairs))
        if verb == "take":
            if args:
                raise NotationError("take_shape", text=written)
            return Take()
        if verb == "play":
            if len(args) != 1:
                raise NotationError("play_shape", text=written)
            return Play(Card.parse(args[0]))
    except CardError as error:
        raise NotationError("bad_card", text=written, card=error.facts["text"]) from None
    raise NotationError("unknown_verb", text=written, verb=verb)
