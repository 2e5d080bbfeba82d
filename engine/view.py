"""What a view needs to draw the table at one step: a compact, JSON-ready snapshot.

The demo draws every step from these snapshots, whether they were made at build time in
CPython or live in the browser by Pyodide, so both paths render the same way. The snapshot
shows the parts of the game's state that declare a view (game.STATE), in their order: the
banker's row (the first `up` turned up) with its stakes, each seat's hand, laid-aside pile,
penalty pile, tricks taken and chips, the cards in play, the decks, the discards, the pool and
the banker's takings. Lists by seat follow `game.seats` (the trace carries the names once);
cards are written `AS`, `TH`.
"""

from __future__ import annotations

from typing import Any

from .game import STATE, Game

_SHOWN = tuple(part.view for part in STATE if part.view is not None)


def snapshot(game: Game) -> dict[str, Any]:
    """The table after a step."""
    return {key: show(game) for key, show in _SHOWN}
