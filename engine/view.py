"""What a view needs to draw the table at one step: a compact, JSON-ready snapshot.

The demo draws every step from these snapshots, whether they were made at build time in
CPython or live in the browser by Pyodide, so both paths render the same way. Lists by seat
follow `game.seats` (the trace carries the names once); cards are written `AS`, `TH`.
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .game import BANKER, Game


def _cards(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def snapshot(game: Game) -> dict[str, Any]:
    """The table after a step: the banker's row (the first `up` turned up) with its stakes, each
    seat's hand, laid-aside pile, penalty pile, tricks taken and chips, the cards in play, the decks,
    the discards, the pool and the banker's takings."""
    to_act = game.to_act
    return {
        "phase": game.phase,
        "round": game.round,
        "to_act": None if to_act is None else ("banker" if to_act == BANKER else game.seats[to_act]),
        "decks": [game.banker_left, game.dealer_left],
        "row": _cards(game.row),
        "up": game.revealed if game.row else 0,
        "stakes": list(game.stakes),
        "hands": [_cards(h) for h in game.hands],
        "aside": [_cards(p) for p in game.aside],
        "penalty": [_cards(p) for p in game.penalty],
        "tricks": [len(t) for t in game.tricks],
        "nets": list(game.nets),
        "active": list(game.active),
        "table": [[seat, str(card)] for seat, card in game.table_cards],
        "discard": len(game.discard),
        "banker_discard": len(game.banker_discard),
        "pool": game.pool,
        "banker_net": game.banker_net,
    }
