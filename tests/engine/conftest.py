"""Shared fixtures of the engine tests: the stacked play-off scenarios worked out by hand, and
random endgames for the analysis.

Each scenario names the laid-aside piles the lottery ends with (see engine_helpers.playoff_decks)
and who took the last prize; the tests then play the play-off by hand. An endgame is a random game
under random play-off options, stopped at a play-off decision with few cards left in play.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine import Game
from endgame_helpers import Endgame, make_endgames
from engine_helpers import playoff_game


@pytest.fixture
def scenario() -> Callable[..., Game]:
    """`scenario(piles, last_winner, **options)`: the stacked game at its first play-off decision."""
    def make(piles: list[str], last_winner: int | None, **options: Any) -> Game:
        return playoff_game(piles, last_winner, **options)
    return make


@pytest.fixture(scope="session")
def endgames() -> list[Endgame]:
    """500 endgames of at most 8 cards in play, 2–4 players, every play-off option drawn at random."""
    return make_endgames(500, 8, seed=22)
