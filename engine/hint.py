"""A hint for the seated visitor (live.py `hint`): what each move of his own decision is worth, as
he knows the game.

Only the known mode (analysis.py): the visitor sees his own hand, the cards played and the sizes of
the other hands, and a hint must not tell him more; the open mode would value his moves with every
hidden card known, and so give them away. The deals are drawn from `draw(game seed, N)` for his
decision number N (docs/rules.md, "Analysis"): the same position gives the same hint, and the strong
computer player draws its own deals so.

The answer: {analysis, who, reasons, basis}: the analysis (its moves ranked, best first, each with
its value, cost and 95% interval), a sentence for each move in the same order (narration.move_reason,
figures in the page's language), and how the values were found. Refused, in words, when it is not
the visitor's decision of the play-off (a lead, an answer, a card to a trick): the game is over, it
is another player's turn, or it is the banker's spread (not valued: docs/rules.md, "Analysis").
"""

from __future__ import annotations

from typing import Any

from .analysis import KNOWN_SAMPLES, PLAYOFF_DECISIONS, analyse
from .errors import EngineError
from .game import Game
from .narration import move_reason
from .rng import draw
from .words import number

HINT_MODE = "known"  # never "open": see the module's doc


class HintError(EngineError):
    """No hint to give: not the visitor's turn, or not a decision of the play-off."""


def hint(game: Game, seat: int, seed: int, lang: str) -> dict[str, Any]:
    """The hint for `seat`'s decision in `game` (see the module's doc); `seed`: the game's."""
    if game.over or game.to_act != seat:
        raise HintError("hint_not_your_turn")
    if game.phase not in PLAYOFF_DECISIONS:
        raise HintError("hint_not_playoff")
    analysis = analyse(game, HINT_MODE, samples=KNOWN_SAMPLES, seed=draw(seed, len(game.actions)))
    who = game.seats[seat]
    return {"analysis": analysis.to_json(), "who": who,
            "reasons": [move_reason(move, who, game.seats, lang) for move in analysis.moves],
            "basis": _basis(analysis.samples, lang)}


def _basis(samples: int, lang: str) -> str:
    """How the values were found, to the visitor (samples ≥ 2: the plural in English; in Russian the
    count stands apart, «раздач — 32»)."""
    if lang == "en":
        return (f"As you know the game: the cards you cannot see dealt at random ({samples} deals), each move's "
                "final net averaged; best first.")
    return (f"По тому, что вы знаете: карты, которых вы не видите, розданы наугад (раздач — "
            f"{number(samples, lang)}), итог за кон каждого варианта усреднён; лучший — первым.")
