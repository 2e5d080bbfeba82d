"""The strong computer player: at every play-off decision, a move the analysis values best.

At a lead, an answer or a card to the trick (p10, p13) it plays a move that engine/analysis.py
values best in the known mode: as the player knows the game (his own hand, every card played, the
sizes of the other hands), the unseen cards dealt again `samples` times, so that it never uses a
card it cannot see. When several moves share the best value, it plays the default policy's move if
that is one of them, else the first in `legal_actions()` order (the analysis's rank 1). A forced
decision is played without analysis. The banker's spread (p4) is the default policy's: no spread
is worth more than another as the banker knows the game (docs/rules.md, "Analysis").

Why the default's move among equals: values are means over a few deals searched within a budget,
so equal values say only that the analysis found no difference, and the default's rules of thumb
(keep the high cards, shed the costly suit) are a better guide among them than the order of
`legal_actions()`. Ranked by that order alone, the strong player lost to default players at 3
players by tricks (README, "Skill and luck").
"""

from __future__ import annotations

from .actions import Action
from .analysis import PLAYOFF_DECISIONS, analyse
from .game import Game
from .policy import Policy, default_policy
from .rng import draw

# Fewer deals and a smaller budget than an analysis shown to a reader: a game asks a dozen decisions
# or more of it (about 0.1 s each in CPython), and a simulation thousands of games.
STRONG_SAMPLES = 8
STRONG_BUDGET = 150


def strong_policy(seed: int, samples: int = STRONG_SAMPLES, budget: int = STRONG_BUDGET) -> Policy:
    """The strong player; decision n of a game draws its deals from the n-th draw of `seed`'s stream,
    so that a game plays the same alone or in any run."""

    def choose(game: Game) -> Action:
        if game.phase not in PLAYOFF_DECISIONS:
            return default_policy(game)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        analysis = analyse(game, "known", samples=samples, seed=draw(seed, len(game.actions)), budget=budget)
        usual = default_policy(game)
        for move in analysis.moves:  # best first
            if move.value < analysis.best.value:
                break
            if legal[move.index] == usual:
                return usual
        return legal[analysis.best.index]

    return choose
