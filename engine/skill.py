"""Skill and luck: what the strong player (strong.py) wins over a default player on the same deals.

Game k of a case (a way of playing off, a number of players) is the game `simulate --policy
strong@S` plays as its game k (seed SEED, every other reading by default), with the strong player at
seat S = k mod n + 1 among default players; then the same deal is played by default players only.
A `Pair` keeps that seat's final net both ways. Over a case's games:

- the gain: the mean of (strong − default) on the same deals, with its 95% interval, over all the
  case's games and by seat;
- the luck: the spread (standard deviation) of the strong seat's net from one game to the next;
- how long skill takes to show through the deal: a player who plays n games sees his mean net with a
  95% interval of ±1.96·sd/√n, so his gain stands out of it once n > (1.96·sd/gain)².

Only whole numbers are summed (counts, sums, sums of squares), and `figures` alone divides, rounding
to 3 decimals as engine/stats.py does, so the figures are the same bytes in any runtime.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import dataclass
from typing import Any, Iterable

from .analysis import Z95
from .game import Game
from .options import Options, Table
from .policy import play_out
from .session import game_seed
from .stats import half_width95, policy_for, rounded, sample_sd

SEED = 0
PLAYOFFS = ("beating", "tricks", "beating_then_tricks")
SIZES = (3, 5)
CSV_HEADER = ("playoff", "players", "game", "seat", "strong", "default")


@dataclass(frozen=True)
class Pair:
    """Game `game` of a case played both ways: the strong seat (from 0) and its final nets."""

    playoff: str
    players: int
    game: int
    seat: int
    strong: int
    default: int

    def csv_fields(self) -> list[str]:
        return [self.playoff, str(self.players), str(self.game), str(self.seat), str(self.strong), str(self.default)]


def strong_seat(players: int, game: int) -> int:
    """The strong player's seat (from 0) in game `game` of a case: each seat in turn."""
    return game % players


def play_pair(playoff: str, players: int, game: int, seed: int = SEED) -> Pair:
    """Game `game` of the case, played with the strong player at its seat, then by default players only."""
    table, options = Table.default(players), Options.from_mapping({"playoff": playoff})
    seat, dealt = strong_seat(players, game), game_seed(seed, game)
    strong = play_out(Game(table, options, seed=dealt), policy_for(f"strong@{seat + 1}", dealt))
    plain = play_out(Game(table, options, seed=dealt), policy_for("default", dealt))
    return Pair(playoff, players, game, seat, strong.nets[seat], plain.nets[seat])


def read_pair(fields: list[str]) -> Pair:
    """A row of the games' file; ValueError naming the field that is not what it should be."""
    if len(fields) != len(CSV_HEADER):
        raise ValueError(f"{len(fields)} fields, not {len(CSV_HEADER)} ({', '.join(CSV_HEADER)})")
    playoff, *numbers = fields
    if playoff not in PLAYOFFS:
        raise ValueError(f"playoff {playoff!r} is not one of {', '.join(PLAYOFFS)}")
    values = []
    for name, text in zip(CSV_HEADER[1:], numbers):
        try:
            values.append(int(text))
        except ValueError:
            raise ValueError(f"{name} {text!r} is not a whole number") from None
    players, game, seat, strong, default = values
    if players not in SIZES:
        raise ValueError(f"players {players} is not one of {', '.join(map(str, SIZES))}")
    if game < 0 or seat != strong_seat(players, game):
        raise ValueError(f"seat {seat} is not game {game}'s strong seat, {strong_seat(players, game)}")
    return Pair(playoff, players, game, seat, strong, default)


class GamesFileError(ValueError):
    """The games' file's bad rows: for each, its line (from 1, the header) and what is wrong."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        super().__init__("; ".join(f"line {line}: {text}" for line, text in problems))
        self.problems = problems


def read_games(text: str) -> list[tuple[int, Pair]]:
    """Every game of the games' file with its line; GamesFileError naming every bad row."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or tuple(header) != CSV_HEADER:
        raise GamesFileError([(1, f"the header must be {','.join(CSV_HEADER)}")])
    games, problems = [], []
    for fields in reader:
        try:
            games.append((reader.line_num, read_pair(fields)))
        except ValueError as error:
            problems.append((reader.line_num, str(error)))
    if problems:
        raise GamesFileError(problems)
    return games


# ---------------------------------------------------------------------------- the figures


def _mean_half(total: int, squares: int, n: int) -> tuple[float, float, float]:
    """The mean, the sample standard deviation and the half-width of the mean's 95% interval (as stats'
    figures are computed: whole-number sums, one division)."""
    sd = sample_sd(total, squares, n)
    return total / n, sd, half_width95(sd, n)


def case_figures(pairs: list[Pair]) -> dict[str, Any]:
    """One case's figures (see the module's text); `pairs`: its games 0 .. n-1."""
    n = len(pairs)
    gains = [p.strong - p.default for p in pairs]
    gain, gain_sd, gain_half = _mean_half(sum(gains), sum(g * g for g in gains), n)
    net, net_sd, net_half = _mean_half(sum(p.strong for p in pairs), sum(p.strong ** 2 for p in pairs), n)
    plain, plain_sd, plain_half = _mean_half(sum(p.default for p in pairs), sum(p.default ** 2 for p in pairs), n)
    seats: list[dict[str, Any]] = []
    for seat in range(pairs[0].players):
        mine = [g for p, g in zip(pairs, gains) if p.seat == seat]
        if not mine:  # fewer games than seats
            seats.append({"games": 0, "gain": None, "gain_ci95": None})
            continue
        mean, _, half = _mean_half(sum(mine), sum(g * g for g in mine), len(mine))
        seats.append({"games": len(mine), "gain": rounded(mean), "gain_ci95": rounded(half)})
    # The games a player needs before his gain stands out of the luck (none without a gain): his mean
    # net over n games has the half-width Z95·sd/√n, smaller than the gain once n > (Z95·sd / gain)².
    to_show = math.ceil((Z95 * net_sd / gain) ** 2) if gain > 0 and gain - gain_half > 0 else None
    return {"games": n, "gain": rounded(gain), "gain_ci95": rounded(gain_half), "gain_sd": rounded(gain_sd),
            "shows": gain - gain_half > 0,
            "strong_net": rounded(net), "strong_net_ci95": rounded(net_half), "net_sd": rounded(net_sd),
            "default_net": rounded(plain), "default_net_ci95": rounded(plain_half), "default_net_sd": rounded(plain_sd),
            "games_to_show": to_show, "seats": seats}


def grouped(pairs: Iterable[Pair]) -> dict[tuple[str, int], list[Pair]]:
    """The pairs by case, each case's games in order; ValueError when a case's games are not 0 .. n-1."""
    cases: dict[tuple[str, int], list[Pair]] = {}
    for pair in pairs:
        cases.setdefault((pair.playoff, pair.players), []).append(pair)
    for (playoff, players), games in cases.items():
        games.sort(key=lambda p: p.game)
        for expected, pair in enumerate(games):
            if pair.game != expected:
                what = "twice" if pair.game < expected else f"without game {expected}"
                raise ValueError(f"{playoff}, {players} players: game {pair.game} {what}")
    return cases


def figures(pairs: Iterable[Pair]) -> dict[str, dict[str, dict[str, Any]]]:
    """Every case's figures, by play-off way, then number of players (as strings, JSON's keys)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for (playoff, players), games in sorted(grouped(pairs).items(), key=lambda item: (PLAYOFFS.index(item[0][0]), item[0][1])):
        out.setdefault(playoff, {})[str(players)] = case_figures(games)
    return out
