"""Shared fixtures of the engine tests: the stacked play-off scenarios worked out by hand.

Each scenario names the laid-aside piles the lottery ends with (see engine_helpers.playoff_decks)
and who took the last prize; the tests then play the play-off by hand.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from engine import Game
from engine_helpers import playoff_game


@pytest.fixture
def scenario() -> Callable[..., Game]:
    """`scenario(piles, last_winner, **options)`: the stacked game at its first play-off decision."""
    def make(piles: list[str], last_winner: int | None, **options: Any) -> Game:
        return playoff_game(piles, last_winner, **options)
    return make
