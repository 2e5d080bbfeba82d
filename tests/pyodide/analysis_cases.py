"""Analyses a fixed set of play-off decisions and prints each analysis, one JSON line per analysis.

Run by test_analysis_parity.py in CPython and in Pyodide: the two outputs must be the same bytes
(the search's order, the known mode's deals from the engine's stream, the means and intervals).
"""

import json

from engine import Game, Options, Table, default_policy, random_policy
from engine.analysis import PLAYOFF_DECISIONS, analyse

PLAYERS = ("Anna", "Boris", "Vera", "Gleb", "Dasha")
READINGS = [{}, {"playoff": "tricks"}, {"playoff": "beating_then_tricks", "beat": "any_suit"},
            {"failed_defence": "take_unbeaten", "after_take": "same_leader", "fine": 2}]


def cards_in_play(game: Game) -> int:
    return sum(map(len, game.hands)) + len(game.table_cards)


def position(players: int, reading: dict, seed: int, max_cards: int | None) -> Game | None:
    """A random game (random moves) stopped at the first play-off decision with at most `max_cards`
    cards in play (None: the first play-off decision); None when the game ends before."""
    game = Game(Table(PLAYERS[:players], "Papa", "Mama"), Options.from_mapping(reading), seed=seed)
    policy = random_policy(seed) if max_cards is not None else default_policy
    while not game.over:
        if game.phase in PLAYOFF_DECISIONS and (max_cards is None or cards_in_play(game) <= max_cards):
            return game
        game.apply(policy(game))
    return None


def main() -> None:
    for index, reading in enumerate(READINGS):
        for players in (2, 3, 4):
            # The first seed whose game reaches a decision with at most 8 cards in play (exact).
            small = next(filter(None, (position(players, reading, 100 * index + players + 1000 * k, 8)
                                       for k in range(40))), None)
            if small is not None:
                print(json.dumps({"case": f"small {index}/{players}", **analyse(small).to_json()}, sort_keys=True))
        # The first decision of a 4-player play-off: beyond the exact limit (an estimate), and as Anna's
        # opponents know it.
        big = position(4, reading, 7 + index, None)
        if big is not None:
            print(json.dumps({"case": f"big {index}", **analyse(big).to_json()}, sort_keys=True))
            known = analyse(big, "known", samples=6, seed=11)
            print(json.dumps({"case": f"known {index}", **known.to_json()}, sort_keys=True))


main()
