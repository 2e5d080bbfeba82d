"""Statistics of many games: a row per game, a tally that adds rows exactly, and the figures.

The games of a statistic are independent games: game k of a run seeded S is the game a `Session`
seeded S would start as its game k (`game_seed(S, k)`, the k-th draw of S's stream), but opened
with an empty pool, not with the pool the game before left (p12). Any game of a run can then be
played alone, so a run split into chunks (the page's requests) or over processes (the command
line's --jobs) plays the same games and gives the same tally. The session, each game opening with
the pool carried, stays `Session` (lesson 5's subject); `simulate_session` tallies one (`carry`),
in chunks that follow one another (a tally keeps the pool its last game left), never over
processes, since each game waits for the one before.

So a seat's net in a statistic is what one game, from an empty table, does to it: the players lose
together exactly what the game leaves on the table (the pool carried out: stakes nobody won under
`unclaimed = carry`, the fines) and what the banker took (`unclaimed = banker`). A seat's `bias` is
its mean net less the mean of all seats', which is what the short last round (p8) and the readings
move from seat to seat.

The tally keeps only whole numbers (counts, sums, sums of squares, histograms), so adding rows in
any grouping gives the same tally, and `figures()`, the only place that divides, gives the same
bytes for any split. Means, standard deviations and intervals are rounded to 3 decimals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterator

from . import events as ev
from .analysis import Z95
from .game import Game
from .options import OPTION, Options, Table
from .policy import Policy, default_policy, play_out, random_policy
from .strong import strong_policy
from .session import game_seed

__all__ = ["GameRow", "POLICIES", "STRONG", "Tally", "check_policy", "csv_header", "game_seed", "play_row", "rows", "session_rows",
           "simulate", "simulate_session"]

POLICIES = ("default", "random")
# `strong@S` (S a seat's number from 1, or several: `strong@1,3`) seats the strong player (strong.py)
# there, the default policy everywhere else. Its deals draw from game k's seed xor STRONG_POLICY_SALT.
STRONG = "strong@"
STRONG_POLICY_SALT = 0xBB67AE8584CAA73B  # the first 64 fractional bits of √3
# The random policy of game k draws from a stream of its own, seeded game k's seed xor this constant
# (the first 64 fractional bits of √2), so that its draws are not the shuffle's.
RANDOM_POLICY_SALT = 0x6A09E667F3BCC908
Carried = tuple[int, int, int]  # what a game opens with, or leaves: the pool, the fines to be played for, the kitty
WAYS = ("beating", "tricks", "beating_then_tricks", "none")  # the way of playing off that was played


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game's result. Per-seat tuples follow the seats (the card players, p2). Chips are
    conserved: sum(nets) + banker_net + pool_out + prize_out + kitty_out == pool_in + prize_in + kitty_in;
    each seat's net is won - paid - fines."""

    game: int                   # k: the game's number in its run, from 0
    seed: int                   # game_seed(run's seed, k)
    pool_in: int                # the pool it opened with (0 but in a session)
    nets: tuple[int, ...]
    banker_net: int             # what the banker took: stakes nobody held, under unclaimed = banker (p5)
    pool_out: int               # what it leaves for the next game (p12, p15)
    rounds: int                 # rounds of the lottery (p3-p8)
    steps: int                  # events
    decisions: int              # moves made (the spread, leads, answers, cards to tricks)
    paid: tuple[int, ...]       # stakes paid (p4, p7, p8)
    won: tuple[int, ...]        # chips of the prizes won (p5), and of the fines played for (fines_to, p12)
    prizes: tuple[int, ...]     # prizes won: banker cards matched (p5)
    fines: tuple[int, ...]      # fines paid (p11, p15)
    unclaimed: int              # stakes on cards nobody held (p5), at each reveal: the banker's take under
                                # unclaimed = banker; under carry, chips spread again and perhaps counted again
    playoff: str                # the way played: beating | tricks | beating_then_tricks | none (p9-p14)
    prize_in: int = 0           # fines carried in to be played for (fines_to = playoff_prize, p12)
    prize_out: int = 0          # fines it lays apart for the next game's play-off
    kitty_in: int = 0           # the kitty kept apart (kitty = kept_apart, p15), as it opened
    kitty_out: int = 0          # and as it left it


def row_of(game: Game, k: int) -> GameRow:
    """The row of a finished game, read from its events."""
    n = game.n
    seat = {name: i for i, name in enumerate(game.seats)}
    paid, won, prizes, fines = [0] * n, [0] * n, [0] * n, [0] * n
    unclaimed = 0
    beating = tricks = False
    for event in game.events:
        kind = type(event)
        if kind is ev.Reveal:
            assert isinstance(event, ev.Reveal)
            if event.winner is None:
                unclaimed += event.stake
            else:
                won[seat[event.winner]] += event.stake
                prizes[seat[event.winner]] += 1
        elif kind is ev.Pay:
            assert isinstance(event, ev.Pay)
            for name, amount in event.payments.items():
                paid[seat[name]] += amount
        elif kind is ev.PrizeWon:
            assert isinstance(event, ev.PrizeWon)
            for name in event.winners:
                won[seat[name]] += event.each
        elif kind is ev.Fine or kind is ev.SuitFine:
            assert isinstance(event, (ev.Fine, ev.SuitFine))
            fines[seat[event.who]] += event.amount
        elif kind is ev.PlayoffStart:
            assert isinstance(event, ev.PlayoffStart)
            if event.not_played is None:
                beating, tricks = event.way != "tricks", event.way == "tricks"
        elif kind is ev.SecondStage:
            assert isinstance(event, ev.SecondStage)
            tricks = event.not_played is None
    way = {(True, False): "beating", (False, True): "tricks", (True, True): "beating_then_tricks",
           (False, False): "none"}[beating, tricks]
    return GameRow(k, game.seed, game.pool_in, tuple(game.nets), game.banker_net, game.pool, game.round,
                   len(game.events), len(game.actions), tuple(paid), tuple(won), tuple(prizes), tuple(fines),
                   unclaimed, way, game.prize_in, game.prize, game.kitty_in, game.kitty)


def strong_seats(policy: str) -> tuple[int, ...] | None:
    """The seats (from 0) a `strong@S,...` policy names (numbers from 1, as the command line counts
    places), or None for another policy. ValueError when the numbers are not seat numbers."""
    if not policy.startswith(STRONG):
        return None
    numbers = policy[len(STRONG):].split(",")
    if not all(n.isascii() and n.isdigit() and int(n) >= 1 for n in numbers) or len(set(numbers)) != len(numbers):
        raise ValueError(f"unknown policy {policy!r}: strong@ takes seat numbers from 1, such as strong@2 or strong@1,3")
    return tuple(int(n) - 1 for n in numbers)


def check_policy(policy: str, seats: int | None = None) -> None:
    """ValueError unless `policy` is one of POLICIES or `strong@S,...` with each S among `seats`."""
    strong = strong_seats(policy)
    if strong is None and policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: {', '.join(POLICIES)} or strong@SEAT")
    if strong is not None and seats is not None and max(strong) >= seats:
        raise ValueError(f"policy {policy!r}: the table has {seats} seats")


def policy_for(policy: str, seed: int) -> Policy | dict[int, Policy]:
    """The computer players of a game seeded `seed`: the default policy, the random one seeded from
    the game's seed (so a game plays the same alone or in any run), or the strong player at the seats
    `strong@` names and the default policy at the others."""
    if policy == "default":
        return default_policy
    if policy == "random":
        return random_policy(seed ^ RANDOM_POLICY_SALT)
    strong = strong_seats(policy)
    if strong is not None:
        player = strong_policy(seed ^ STRONG_POLICY_SALT)
        return {seat: player for seat in strong}
    raise ValueError(f"unknown policy {policy!r}: {', '.join(POLICIES)} or strong@SEAT")


def play_row(table: Table, options: Options, seed: int, k: int, policy: str = "default") -> GameRow:
    """Game k of the run seeded `seed`, played out from an empty pool, as a row."""
    game = Game(table, options, seed=game_seed(seed, k))
    play_out(game, policy_for(policy, game.seed))
    return row_of(game, k)


def rows(table: Table, options: Options, seed: int, start: int, count: int,
         policy: str = "default") -> Iterator[GameRow]:
    """Games start .. start + count - 1 of the run, in order."""
    table.check(options)
    for k in range(start, start + count):
        yield play_row(table, options, seed, k, policy)


def session_rows(table: Table, options: Options, seed: int, count: int, policy: str = "default",
                 start: int = 0, carried: Carried = (0, 0, 0)) -> Iterator[GameRow]:
    """Games start .. start + count - 1 of a session seeded `seed` (a `Session`'s games), what each
    leaves carried into the next (the pool and fines to be played for, p12; the kitty kept apart,
    p15), game `start` opening with `carried`."""
    table.check(options)
    pool, prize, kitty = carried
    for k in range(start, start + count):
        game = Game(table, options, seed=game_seed(seed, k), pool=pool, prize=prize, kitty=kitty)
        play_out(game, policy_for(policy, game.seed))
        pool, prize, kitty = game.pool, game.prize, game.kitty
        yield row_of(game, k)


def simulate(table: Table, options: Options, seed: int, start: int, count: int, policy: str = "default") -> Tally:
    """The tally of games start .. start + count - 1 of the run seeded `seed` (independent games)."""
    tally = Tally(len(table.players), options, seed, policy, start=start)
    for row in rows(table, options, seed, start, count, policy):
        tally.add(row)
    return tally


def simulate_session(table: Table, options: Options, seed: int, count: int, policy: str = "default",
                     after: Tally | None = None) -> Tally:
    """The tally of a session's next `count` games: its first ones, or those after the games of
    `after` (a session's tally: they open with the pool its last game left); merged with `after`."""
    start, carried = (after.stop, after.carried_end) if after is not None else (0, (0, 0, 0))
    tally = Tally(len(table.players), options, seed, policy, carry=True, start=start)
    for row in session_rows(table, options, seed, count, policy, start, carried):
        tally.add(row)
    return tally if after is None else after.merge(tally)


def csv_header(names: tuple[str, ...] | list[str]) -> list[str]:
    """The columns of `csv_row`: the game's figures, then each seat's (`net_Anna`, ...)."""
    head = ["game", "seed", "players", "options", "pool_in", "pool_out", "prize_in", "prize_out", "kitty_in",
            "kitty_out", "banker_net", "rounds", "steps",
            "decisions", "fines", "unclaimed", "playoff"]
    for part in _SEAT_PARTS:
        head += [f"{part}_{name}" for name in names]
    return head


def csv_row(row: GameRow, options: Options) -> list[Any]:
    """A row for Python's csv module; `options`: the run's changed options as "key=value; ..."."""
    changed = "; ".join(f"{k}={v}" for k, v in options.to_mapping(changed_only=True).items())
    out: list[Any] = [row.game, row.seed, len(row.nets), changed, row.pool_in, row.pool_out, row.prize_in,
                      row.prize_out, row.kitty_in, row.kitty_out, row.banker_net,
                      row.rounds, row.steps, row.decisions, sum(row.fines), row.unclaimed, row.playoff]
    for part in _SEAT_PARTS:
        out += list(getattr(row, _SEAT_FIELD[part]))
    return out


# ---------------------------------------------------------------------------- the tally

_SCALARS = ("pool_in", "pool_out", "prize_out", "kitty_out", "banker_net", "rounds", "steps", "decisions", "fines", "unclaimed")
_SEAT_PARTS = ("net", "paid", "won", "prizes", "fines")
_SEAT_FIELD = {"net": "nets", "paid": "paid", "won": "won", "prizes": "prizes", "fines": "fines"}
_HISTOGRAMS = ("rounds", "steps", "decisions", "fines", "banker_net", "pool_out")
_NONE_WORDS = {"en": "Not played", "ru": "Без розыгрыша"}


def _scalar(row: GameRow, key: str) -> int:
    value = sum(row.fines) if key == "fines" else getattr(row, key)
    assert isinstance(value, int)
    return value


class Tally:
    """Whole-number sums of the rows of games start .. stop - 1 of one run (table size, options,
    seed, policy, pool carried or not): count, sum and sum of squares of each figure, per seat and
    per game; histograms of the nets by seat and of the game's figures; the games and fines under
    each way of playing off. `merge` adds the tally of the games just before or after."""

    def __init__(self, players: int, options: Options, seed: int, policy: str = "default", carry: bool = False,
                 start: int = 0) -> None:
        check_policy(policy, players + (2 if options.hosts_play == "yes" else 0))
        self.players, self.options, self.seed, self.policy, self.carry = players, options, seed, policy, carry
        self.start = self.stop = start
        # What the first game opened with, and what the last one left: (pool, prize, kitty).
        self.carried_start: Carried = (0, 0, 0)
        self.carried_end: Carried = (0, 0, 0)
        self.seats = players + (2 if options.hosts_play == "yes" else 0)
        self.sums: dict[str, list[int]] = {key: [0, 0] for key in _SCALARS}
        self.seat_sums: dict[str, list[list[int]]] = {key: [[0, 0] for _ in range(self.seats)] for key in _SEAT_PARTS}
        self.won_any = [0] * self.seats  # games in which the seat won at least one prize
        self.net_hist: list[dict[int, int]] = [{} for _ in range(self.seats)]
        self.hist: dict[str, dict[int, int]] = {key: {} for key in _HISTOGRAMS}
        self.ways: dict[str, list[int]] = {}  # way played -> [games, fines' sum, fines' sum of squares]

    @property
    def games(self) -> int:
        return self.stop - self.start

    def identity(self) -> tuple[Any, ...]:
        return (self.players, self.options, self.seed, self.policy, self.carry)

    def add(self, row: GameRow) -> None:
        """Count the next game of the run (rows come in game order)."""
        carried_in = (row.pool_in, row.prize_in, row.kitty_in)
        if row.game != self.stop or len(row.nets) != self.seats or \
                (self.carry and self.games and carried_in != self.carried_end) or (not self.carry and any(carried_in)):
            raise ValueError(f"row of game {row.game} ({len(row.nets)} seats, pool, prize and kitty in {carried_in}) "
                             f"does not follow games {self.start}..{self.stop - 1} ({self.seats} seats, left "
                             f"{self.carried_end})")
        if not self.games:
            self.carried_start = carried_in
        self.stop += 1
        self.carried_end = (row.pool_out, row.prize_out, row.kitty_out)
        for key in _SCALARS:
            value = _scalar(row, key)
            pair = self.sums[key]
            pair[0] += value
            pair[1] += value * value
        for key in _SEAT_PARTS:
            for pair, value in zip(self.seat_sums[key], getattr(row, _SEAT_FIELD[key])):
                pair[0] += value
                pair[1] += value * value
        for i, (net, prizes) in enumerate(zip(row.nets, row.prizes)):
            hist = self.net_hist[i]
            hist[net] = hist.get(net, 0) + 1
            if prizes:
                self.won_any[i] += 1
        for key in _HISTOGRAMS:
            value, hist = _scalar(row, key), self.hist[key]
            hist[value] = hist.get(value, 0) + 1
        fines = sum(row.fines)
        way = self.ways.setdefault(row.playoff, [0, 0, 0])
        way[0] += 1
        way[1] += fines
        way[2] += fines * fines

    def merge(self, other: Tally) -> Tally:
        """Add the tally of the games just before or just after these, of the same run; returns self."""
        if other.identity() != self.identity():
            raise TypeError("tallies of different runs (table, options, seed, policy or pool) do not add up")
        if other.games == 0:
            return self
        if self.games == 0:
            self.start = self.stop = other.start
            self.carried_start = self.carried_end = other.carried_start
        # In a session the games after must open with what the games before left (p12, p15).
        if other.start == self.stop and (not self.carry or other.carried_start == self.carried_end):
            self.stop, self.carried_end = other.stop, other.carried_end
        elif other.stop == self.start and (not self.carry or other.carried_end == self.carried_start):
            self.start, self.carried_start = other.start, other.carried_start
        else:
            raise TypeError(f"games {other.start}..{other.stop - 1} do not adjoin games {self.start}..{self.stop - 1}"
                            " (or, in a session, do not carry its pool)")
        for key in _SCALARS:
            self.sums[key] = [a + b for a, b in zip(self.sums[key], other.sums[key])]
        for key in _SEAT_PARTS:
            self.seat_sums[key] = [[a + b for a, b in zip(mine, theirs)]
                                   for mine, theirs in zip(self.seat_sums[key], other.seat_sums[key])]
        self.won_any = [a + b for a, b in zip(self.won_any, other.won_any)]
        for mine, theirs in zip(self.net_hist, other.net_hist):
            _add_counts(mine, theirs)
        for key in _HISTOGRAMS:
            _add_counts(self.hist[key], other.hist[key])
        for way, counts in other.ways.items():
            self.ways[way] = [a + b for a, b in zip(self.ways.get(way, [0, 0, 0]), counts)]
        return self

    # ------------------------------------------------------------------ JSON (whole numbers only)

    def to_json(self) -> dict[str, Any]:
        """The tally as JSON data: whole numbers and their histograms as sorted [value, count] pairs.
        The seed is text, as the page sends it (JavaScript's numbers hold integers up to 2**53 only)."""
        return {
            "players": self.players, "options": self.options.to_mapping(changed_only=True), "seed": str(self.seed),
            "policy": self.policy, "carry": self.carry, "start": self.start, "stop": self.stop,
            "carried_start": list(self.carried_start), "carried_end": list(self.carried_end),
            "sums": {key: list(pair) for key, pair in self.sums.items()},
            "seat_sums": {key: [list(pair) for pair in pairs] for key, pairs in self.seat_sums.items()},
            "won_any": list(self.won_any),
            "net_hist": [_pairs(hist) for hist in self.net_hist],
            "hist": {key: _pairs(hist) for key, hist in self.hist.items()},
            "ways": {way: list(self.ways[way]) for way in WAYS if way in self.ways},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        """A tally from `to_json()`'s data; a part missing or of the wrong shape raises KeyError or TypeError."""
        tally = cls(_whole(data["players"]), Options.from_mapping(data["options"]), _whole(int(str(data["seed"]))),
                    str(data["policy"]), bool(data["carry"]), _whole(data["start"]))
        tally.stop = _whole(data["stop"])
        start_pool, start_prize, start_kitty = _ints(data["carried_start"], 3)
        end_pool, end_prize, end_kitty = _ints(data["carried_end"], 3)
        tally.carried_start, tally.carried_end = (start_pool, start_prize, start_kitty), (end_pool, end_prize, end_kitty)
        if tally.stop < tally.start:
            raise TypeError("a tally's stop is before its start")
        tally.sums = {key: _ints(data["sums"][key], 2) for key in _SCALARS}
        tally.seat_sums = {key: [_ints(pair, 2) for pair in _sized(data["seat_sums"][key], tally.seats)]
                           for key in _SEAT_PARTS}
        tally.won_any = _ints(data["won_any"], tally.seats)
        tally.net_hist = [_counts(pairs) for pairs in _sized(data["net_hist"], tally.seats)]
        tally.hist = {key: _counts(data["hist"][key]) for key in _HISTOGRAMS}
        tally.ways = {str(way): _ints(counts, 3) for way, counts in data["ways"].items()}
        if set(tally.ways) - set(WAYS):
            raise TypeError(f"unknown ways of playing off: {sorted(set(tally.ways) - set(WAYS))}")
        return tally

    # ------------------------------------------------------------------ the figures

    def figures(self, lang: str = "en", names: tuple[str, ...] | list[str] | None = None) -> dict[str, Any]:
        """What the command line prints and the page draws (see the module's doc): the run; each seat's
        mean net with its standard deviation (one game's spread), the half-width of the 95% confidence
        interval of the mean (1.96 sd / √N), its bias, stakes, prizes, fines, the chance of winning at
        least one prize and the share of games it ended ahead; the banker; the game's length and chips;
        histograms as [value, count] pairs; the games and fines under each way of playing off. `names`:
        the seats' names (by default the default names of `lang`)."""
        n = self.games
        if names is None:
            names = Table.default(self.players, lang).seats(self.options)
        if len(names) != self.seats:
            raise ValueError(f"{len(names)} names for {self.seats} seats")
        total_net = sum(pair[0] for pair in self.seat_sums["net"])
        seats = []
        for i, name in enumerate(names):
            net = self.seat_sums["net"][i]
            mean = _mean(net[0], n)
            sd = _sd(net, n)
            seats.append({
                "name": name, "mean_net": mean, "net_sd": rounded(sd), "net_ci95": _ci(sd, n),
                # the seat's mean net less the mean of all seats': exact until the one division
                "bias": rounded((self.seats * net[0] - total_net) / (self.seats * n)) if n else 0.0,
                "mean_paid": _mean(self.seat_sums["paid"][i][0], n), "mean_won": _mean(self.seat_sums["won"][i][0], n),
                "mean_prizes": _mean(self.seat_sums["prizes"][i][0], n),
                "prize_chance": _mean(self.won_any[i], n),
                "prize_chance_ci95": rounded(Z95 * math.sqrt(self.won_any[i] * (n - self.won_any[i]) / n ** 3)) if n else 0.0,
                "mean_fines": _mean(self.seat_sums["fines"][i][0], n),
                # the share of games the seat ended ahead (net > 0), from its histogram
                "ahead": _mean(sum(count for value, count in self.net_hist[i].items() if value > 0), n),
            })
        game = {key: self._moments(self.sums[key], self.hist.get(key)) for key in _SCALARS}
        banker_hist = self.hist["banker_net"]
        game["banker_net"]["share_positive"] = _mean(n - banker_hist.get(0, 0), n)
        labels = {c.value: c.label[lang] for c in OPTION["playoff"].choices} | {"none": _NONE_WORDS[lang]}
        ways = [{"way": way, "label": labels[way], "games": self.ways[way][0], "share": _mean(self.ways[way][0], n),
                 "mean_fines": _mean(self.ways[way][1], self.ways[way][0]),
                 "fines_sd": rounded(_sd(self.ways[way][1:], self.ways[way][0]))}
                for way in WAYS if way in self.ways]
        pooled: dict[int, int] = {}
        for hist in self.net_hist:
            _add_counts(pooled, hist)
        return {
            "games": n, "start": self.start, "stop": self.stop, "players": self.players, "seed": str(self.seed),
            "policy": self.policy, "pool": "carried" if self.carry else "empty",
            "options": self.options.to_mapping(changed_only=True),
            "seats": seats,
            "banker": game.pop("banker_net"),
            "game": game,
            "playoff": ways,
            "hist": {"net": _pairs(pooled), "net_by_seat": [_pairs(h) for h in self.net_hist],
                     **{key: _pairs(self.hist[key]) for key in _HISTOGRAMS}},
        }

    def _moments(self, pair: list[int], hist: dict[int, int] | None) -> dict[str, Any]:
        n = self.games
        sd = _sd(pair, n)
        out: dict[str, Any] = {"mean": _mean(pair[0], n), "sd": rounded(sd), "ci95": _ci(sd, n)}
        if hist:
            out["min"], out["max"] = min(hist), max(hist)
        return out


def rounded(x: float) -> float:
    """A figure as every table of figures gives it: to 3 decimals, never -0.0."""
    return round(x, 3) + 0.0


def _mean(total: int, n: int) -> float:
    return rounded(total / n) if n else 0.0


def sample_sd(total: int, squares: int, n: int) -> float:
    """The sample standard deviation from the count, sum and sum of squares, exact until the division."""
    if n < 2:
        return 0.0
    return math.sqrt((n * squares - total * total) / (n * (n - 1)))


def half_width95(sd: float, n: int) -> float:
    """The half-width of a mean's 95% interval, 1.96·sd/√n (unrounded)."""
    return Z95 * sd / math.sqrt(n) if n else 0.0


def _sd(pair: list[int], n: int) -> float:
    return sample_sd(pair[0], pair[1], n)


def _ci(sd: float, n: int) -> float:
    return rounded(half_width95(sd, n))


def _add_counts(into: dict[int, int], more: dict[int, int]) -> None:
    for value, count in more.items():
        into[value] = into.get(value, 0) + count


def _pairs(hist: dict[int, int]) -> list[list[int]]:
    return [[value, hist[value]] for value in sorted(hist)]


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"not a whole number: {value!r}")
    return value


def _ints(values: Any, size: int) -> list[int]:
    return [_whole(v) for v in _sized(values, size)]


def _sized(values: Any, size: int) -> list[Any]:
    if not isinstance(values, list) or len(values) != size:
        raise TypeError(f"expected a list of {size}, got {values!r}")
    return values


def _counts(pairs: Any) -> dict[int, int]:
    if not isinstance(pairs, list):
        raise TypeError(f"expected [value, count] pairs, got {pairs!r}")
    return {_whole(value): _whole(count) for value, count in (_ints(pair, 2) for pair in pairs)}


