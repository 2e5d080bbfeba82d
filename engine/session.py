"""A session: several games (коны) at the same table, the pool carried from each into the next (p12)."""

from __future__ import annotations

from typing import Callable

from .events import Event
from .game import Game
from .options import Options, Table
from .policy import Policy, default_policy, play_out
from .rng import Stream


class Session:
    def __init__(self, table: Table, options: Options | None = None, seed: int = 0, pool: int = 0) -> None:
        self.table, self.options, self.seed = table, options or Options(), seed
        self.table.check(self.options)
        self.pool = pool
        self.games: list[Game] = []
        self._seeds = Stream(seed)  # game k's seed: the k-th draw of the session seed's stream

    def new_game(self, observer: Callable[[Game, Event], None] | None = None) -> Game:
        """The next game, with the pool the last one carried out (p12)."""
        if self.games and not self.games[-1].over:
            raise ValueError("the current game is not over yet")
        if self.games:
            self.pool = self.games[-1].pool
        seed = self._seeds.next64() >> 1  # a non-negative seed that reads well in a record
        game = Game(self.table, self.options, seed=seed, pool=self.pool, observer=observer)
        self.games.append(game)
        return game

    def play(self, count: int, policy: Policy = default_policy) -> list[Game]:
        for _ in range(count):
            play_out(self.new_game(), policy)
        self.pool = self.games[-1].pool
        return self.games
