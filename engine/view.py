"""What a view needs to draw the table at one step: a compact, JSON-ready snapshot.

The demo draws every step from these snapshots, whether they were made at build time in
CPython or live in the browser by Pyodide, so both paths render the same way.
"""

from __future__ import annotations

from typing import Any

from .cards import Card
from .game import BANKER, Game


def _cards(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def snapshot(game: Game) -> dict[str, Any]:
    """The public table: the banker's row (face down until turned up, with its stakes), each
    seat's hand, laid-aside pile, penalty pile and tricks, the cards in play, decks, discard and chips."""
    to_act = game.to_act
    return {
        "phase": game.phase,
        "round": game.round,
        "to_act": None if to_act is None else ("banker" if to_act == BANKER else game.seats[to_act]),
        "banker_deck": game.banker_left,
        "dealer_deck": game.dealer_left,
        "row": [{"card": str(card), "up": i < game.revealed, "stake": game.stakes[i]} for i, card in enumerate(game.row)],
        "seats": [
            {
                "name": name,
                "hand": _cards(game.hands[i]),
                "aside": _cards(game.aside[i]),
                "penalty": _cards(game.penalty[i]),
                "tricks": len(game.tricks[i]),
                "net": game.nets[i],
                "active": game.active[i],
            }
            for i, name in enumerate(game.seats)
        ],
        "table": [[game.seats[seat], str(card)] for seat, card in game.table_cards],
        "discard": len(game.discard),
        "banker_discard": len(game.banker_discard),
        "pool": game.pool,
        "banker_net": game.banker_net,
    }
