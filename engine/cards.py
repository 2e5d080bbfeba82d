"""Cards, decks and the card notation of the rules (p2: two decks of 52)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .errors import EngineError

SUITS = "SHDC"  # spades, hearts, diamonds, clubs: the display and sort order
RANKS = tuple(range(2, 15))  # 2..10, J=11, Q=12, K=13, A=14: ace high
RANK_LETTERS = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
# Typed cards may also use the Russian card faces' letters and the suits' symbols: rank В Д К Т
# (валет, дама, король, туз: the Cyrillic Т is the ace, the Latin T the ten), suit П Ч Б Т or К
# (пики, черви, бубны, трефы or крести; the two-letter marks of the Russian card faces, пк чр бб
# тр, too) or ♠ ♥ ♦ ♣. The suit is read from the end, so «ТТ» is the ace of clubs and «КК» the king
# of clubs. Output stays in the notation above.
_RANK_FROM_TEXT = {**{str(r): r for r in range(2, 11)}, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14,
                   "В": 11, "Д": 12, "К": 13, "Т": 14}
_SUIT_FROM_TEXT = {**{s: s for s in "SHDC"}, "П": "S", "Ч": "H", "Б": "D", "Т": "C", "К": "C",
                   "ПК": "S", "ЧР": "H", "ББ": "D", "ТР": "C",
                   "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


class CardError(EngineError):
    """A text that is not a card in the notation (rank then suit: AS, TH, 10H, 7C), or a deck that
    is not the 52 cards."""

    kind = "card"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. There is one object per card (`Card(14, "S") is Card.parse("AS")`), so equality
    and hashing are by identity, which keeps the engine's hot loops fast. Sorted by rank, then suit.
    """

    rank: int
    suit: str

    def __new__(cls, rank: int, suit: str) -> Card:
        card = _CARDS.get((rank, suit))
        if card is None:
            if rank not in RANKS or suit not in SUITS or len(suit) != 1:
                raise CardError("no_such_card", rank=rank, suit=suit)
            card = object.__new__(cls)
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    def __lt__(self, other: Card) -> bool:
        return CARD_ORDER[self] < CARD_ORDER[other]

    def __gt__(self, other: Card) -> bool:
        return CARD_ORDER[self] > CARD_ORDER[other]

    @staticmethod
    def parse(text: str) -> Card:
        """Read `AS`, `TH`, `10h`, ` 7c ` (case and spaces are lax; rank then suit), and the Russian
        letters and suit symbols above: `ТП` (the ace of spades), `10ч`, `Д♦`."""
        token = text.strip().upper()
        for size in (2, 1):
            suit = _SUIT_FROM_TEXT.get(token[-size:]) if len(token) > size else None
            rank = _RANK_FROM_TEXT.get(token[:-size])
            if suit is not None and rank is not None:
                return _CARDS[rank, suit]
        raise CardError("not_a_card", text=text.strip())

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS: dict[tuple[int, str], Card] = {}
for _suit in SUITS:
    for _rank in RANKS:
        _CARDS[_rank, _suit] = Card(_rank, _suit)
FULL_DECK: tuple[Card, ...] = tuple(_CARDS[r, s] for s in SUITS for r in RANKS)
# Each card's notation, made once: traces, records and JSON write cards by the million.
_TEXT = {card: RANK_LETTERS.get(card.rank, str(card.rank)) + card.suit for card in FULL_DECK}
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
CARD_ORDER = {card: card.rank * 4 + SUIT_INDEX[card.suit] for card in FULL_DECK}  # rank, then suit


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards separated by spaces or commas, or an iterable of card texts."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(t) for t in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def check_deck(cards: Iterable[Card], whose: str | None = None) -> tuple[Card, ...]:
    """A deck must be a permutation of the 52 cards (p2); `whose`: "banker" or "dealer"."""
    deck = tuple(cards)
    seen: set[Card] = set()
    repeated = []
    for card in deck:
        if card in seen:
            repeated.append(str(card))
        seen.add(card)
    missing = [str(c) for c in FULL_DECK if c not in seen]
    if len(deck) != 52 or repeated or missing:
        raise CardError("not_a_deck", "p2", whose=whose, size=len(deck), repeated=repeated, missing=missing)
    return deck
