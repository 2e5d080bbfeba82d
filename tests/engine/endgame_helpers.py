"""Random endgames for the analysis tests: a random game under random play-off options, stopped at a
play-off decision with few cards left in play (conftest.py's `endgames` fixture, and the tests that
make their own)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import Game, Options, Stream, random_policy
from engine.analysis import PLAYOFF_DECISIONS
from engine.options import OPTION, plays_for_prize
from engine_helpers import table


# The options that change a play-off once it has begun (docs/rules.md, "Analysis" tests them all).
PLAYOFF_OPTIONS = ("playoff", "beat", "failed_defence", "after_take", "last_lead", "penalty_pile", "fine",
                   "fines_to", "suit_fines", "suit_fine_basis", "kitty", "last_card", "tricks_end")


@dataclass(frozen=True)
class Endgame:
    """A game stopped at a play-off decision with at most `max_cards` cards in play, and how it was made."""

    game: Game
    options: dict[str, Any]
    seed: int


def random_playoff_options(stream: Stream) -> dict[str, Any]:
    """A reading of every play-off option, drawn from the catalogue's values."""
    chosen: dict[str, Any] = {}
    for key in PLAYOFF_OPTIONS:
        info = OPTION[key]
        if info.kind == "choice":
            chosen[key] = info.values[stream.below(len(info.values))]
        elif info.kind == "number":
            chosen[key] = stream.below(3)
        else:
            chosen[key] = {suit: stream.below(5) for suit in "SHDC"}
    return chosen


def cards_in_play(game: Game) -> int:
    """The cards still to be played: every hand, and the cards on the table."""
    return sum(map(len, game.hands)) + len(game.table_cards)


def make_endgames(count: int, max_cards: int, seed: int, players: tuple[int, ...] = (2, 3, 4)) -> list[Endgame]:
    """`count` endgames: random tables and play-off options, random games (random_policy) played until a
    play-off decision with at most `max_cards` cards in play, then 0 to 2 moves more (games that end
    before are passed over)."""
    stream, found = Stream(seed), []
    while len(found) < count:
        options = random_playoff_options(stream)
        prize = 3 if plays_for_prize(Options.from_mapping(options)) and stream.below(2) else 0
        game_seed = stream.below(1 << 40)
        game = Game(table(players[stream.below(len(players))]), Options.from_mapping(options), seed=game_seed,
                    prize=prize)
        policy = random_policy(game_seed)
        while not game.over and not (game.phase in PLAYOFF_DECISIONS and cards_in_play(game) <= max_cards):
            game.apply(policy(game))
        for _ in range(stream.below(3)):  # a few moves more, so that answers and tricks begun come too
            if not game.over:
                game.apply(policy(game))
        if not game.over:
            found.append(Endgame(game, options, game_seed))
    return found
