"""A session: several games (коны) at the same table, the pool carried from each into the next (p12),
with the fines to be played for (`fines_to`, p12) and the kitty kept apart (`kitty`, p15)."""

from __future__ import annotations

from typing import Callable

from .events import Event
from .game import Game
from .options import Options, Table
from .policy import Policy, default_policy, play_out
from .rng import draw


def game_seed(seed: int, k: int) -> int:
    """Game k's seed (k from 0) in a session, or a simulation, seeded `seed`: the k-th draw of
    `Stream(seed)`, halved to a non-negative number that reads well in a record (and fits its
    64-bit integers). Reached in one step (rng.draw), so any game of a run can be played alone."""
    return draw(seed, k) >> 1


class Session:
    def __init__(self, table: Table, options: Options | None = None, seed: int = 0, pool: int = 0, prize: int = 0,
                 kitty: int = 0) -> None:
        self.table, self.options, self.seed = table, options or Options(), seed
        self.table.check(self.options)
        self.pool, self.prize, self.kitty = pool, prize, kitty
        self.games: list[Game] = []

    def new_game(self, observer: Callable[[Game, Event], None] | None = None) -> Game:
        """The next game, with what the last one carried out: its pool and fines (p12), its kitty (p15)."""
        if self.games and not self.games[-1].over:
            raise ValueError("the current game is not over yet")
        if self.games:
            self._carry()
        seed = game_seed(self.seed, len(self.games))
        game = Game(self.table, self.options, seed=seed, pool=self.pool, prize=self.prize, kitty=self.kitty,
                    observer=observer)
        self.games.append(game)
        return game

    def play(self, count: int, policy: Policy = default_policy) -> list[Game]:
        for _ in range(count):
            play_out(self.new_game(), policy)
        self._carry()
        return self.games

    def _carry(self) -> None:
        last = self.games[-1]
        self.pool, self.prize, self.kitty = last.pool, last.prize, last.kitty
