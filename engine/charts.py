"""The numbers lesson's six charts, as models the page draws: one implementation for the build's
charts and for a reader's run.

A model is {id, caption, head: [column names], rows: [{cells: [text], mark}], plot}: the table is
the chart's text alternative, every figure in it already written as the page's language writes it
(words.number); `plot` carries the same figures as numbers for the canvas:

    {kind: "bars", labels, axisLabels?, series: [{label, values, lo?, hi?, mark?}]}   categories on x
    {kind: "lines", x, xLabel, series: [{label, values, axis?: 0 | 1, mark?}]}        players on x

The first three charts draw one run (engine/stats.py `figures`): the mean net per seat with its
95% interval, the chance of a prize, the nets' histogram in round bins. The other three compare
runs the build made (`comparisons`: a game's length and the banker's takings for 2-17 players, the
fines under each way of playing off); a reader's run (`yours`) is added to them as a marked row and
point. The build calls `models` for the page it writes (sitegen/numbers.py); the live engine's
`simulate` request for each chunk of a reader's run, with the comparisons the page sends back
(engine/live.py). The page computes nothing: it draws the models it is given.
"""

from __future__ import annotations

from typing import Any

from .limits import MAX_PLAYERS, MIN_PLAYERS
from .options import OPTION, Options
from .words import interval_decimals, number, percent, plus_minus, signed

Model = dict[str, Any]

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "Seat",
        "mean_net": "Mean net per game",
        "ci": "95% interval",
        "sd": "Standard deviation",
        "bias": "Difference from the table's average",
        "results": "Count",
        "win_any": "Won at least one prize",
        "net": "Net at the end of a game",
        "players": "Players",
        "rounds": "Rounds",
        "steps": "Steps",
        "reading": "Way of playing off",
        "fines": "Fines per game",
        "banker_takes": "The banker's takings per game",
        "your_run": "your run",
        "chart_net": "Mean net per game, by seat, with its 95% interval",
        "chart_win": "Chance of winning at least one prize in a game, by seat",
        "chart_nets": "How the nets at the end of a game are spread (all seats together)",
        "chart_length": "How long a game lasts, by the number of players ({games} games each)",
        "chart_fines": "Fines paid in a game, under each way of playing off ({players} players, {games} games each)",
        "chart_banker": "What the banker takes in a game when the chips nobody wins are his ({games} games each)",
    },
    "ru": {
        "seat": "Место",
        "mean_net": "Средний итог за кон",
        "ci": "95-процентный интервал",
        "sd": "Стандартное отклонение",
        "bias": "Отклонение от среднего по столу",
        "results": "Сколько раз",
        "win_any": "Хотя бы один выигрыш",
        "net": "Итог за кон",
        "players": "Игроков",
        "rounds": "Кругов",
        "steps": "Шагов",
        "reading": "Способ розыгрыша",
        "fines": "Штрафов за кон",
        "banker_takes": "Доход банкира за кон",
        "your_run": "ваш расчёт",
        "chart_net": "Средний итог за кон по местам, с 95-процентным интервалом",
        "chart_win": "Вероятность хотя бы одного выигрыша за кон, по местам",
        "chart_nets": "Как распределены итоги кона (все места вместе)",
        "chart_length": "Сколько длится кон при разном числе игроков (конов на каждое число: {games})",
        "chart_fines": "Штрафы за кон при каждом способе розыгрыша (игроков: {players}; конов на каждый способ: "
                       "{games})",
        "chart_banker": "Сколько получает банкир за кон, если ставки, которые никто не выиграл, достаются ему "
                        "(конов на каждое число игроков: {games})",
    },
}

MAX_BINS = 16  # the nets' histogram: few enough bars to read each one's count
SIZES = range(MIN_PLAYERS, MAX_PLAYERS + 1)


def net_bins(pairs: list[list[int]]) -> list[tuple[int, int, int]]:
    """The nets' histogram ([net, count] pairs, sorted) in at most MAX_BINS bins of a round width
    (1, 2, 5, 10, 20, 50…): (lowest net, highest net, count), from the lowest net's bin to the highest's."""
    if not pairs:
        return []
    low, high = pairs[0][0], pairs[-1][0]
    width, k = 1, 0
    while high // width - low // width + 1 > MAX_BINS:
        k += 1
        width = (1, 2, 5)[k % 3] * 10 ** (k // 3)
    first = low // width * width
    counts = [0] * (high // width - low // width + 1)
    for value, count in pairs:
        counts[(value - first) // width] += count
    return [(first + i * width, first + (i + 1) * width - 1, count) for i, count in enumerate(counts)]


def comparisons(spec: dict[str, Any], players: dict[str, Any], playoff: dict[str, Any], banker: dict[str, Any]
                ) -> dict[str, Any]:
    """What the comparison charts draw of the build's runs (their figures by table size or way of
    playing off), which the page sends back with each chunk of a reader's run: {players, games,
    length: {N: {rounds, steps}}, fines: {way: mean}, takings: {N: mean}}."""
    return {"players": spec["players"], "games": spec["sweep"],
            "length": {n: {"rounds": f["game"]["rounds"]["mean"], "steps": f["game"]["steps"]["mean"]}
                       for n, f in players.items()},
            "fines": {way: f["game"]["fines"]["mean"] for way, f in playoff.items()},
            "takings": {n: f["banker"]["mean"] for n, f in banker.items()}}


def checked_comparisons(data: Any) -> dict[str, Any]:
    """The comparisons a request carries, checked (a TypeError or KeyError when they are not what
    `comparisons` gives: the page's own mistake)."""
    def figure(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"not a figure: {value!r}")
        return value

    def table(value: Any, keys: set[str]) -> dict[str, Any]:
        if not isinstance(value, dict) or not set(value) <= keys:
            raise TypeError(f"not a table of {sorted(keys)}: {value!r}")
        return value

    sizes = {str(n) for n in SIZES}
    if not isinstance(data, dict):
        raise TypeError("the comparisons are not an object")
    return {"players": figure(data["players"]), "games": figure(data["games"]),
            "length": {n: {"rounds": figure(g["rounds"]), "steps": figure(g["steps"])}
                       for n, g in table(data["length"], sizes).items()},
            "fines": {w: figure(v) for w, v in table(data["fines"], set(OPTION["playoff"].values)).items()},
            "takings": {n: figure(v) for n, v in table(data["takings"], sizes).items()}}


def models(run: dict[str, Any], lang: str, compare: dict[str, Any] | None = None, yours: bool = False) -> list[Model]:
    """The charts of a run's figures (stats.Tally.figures) in `lang`: its own three, then, given the
    build's `comparisons`, the three that compare, with the run marked among them when it is the
    reader's (`yours`)."""
    w = WORDS[lang]
    seats = run["seats"]
    names = [seat["name"] for seat in seats]
    out: list[Model] = [{
        "id": "net", "caption": w["chart_net"], "head": [w["seat"], w["mean_net"], w["ci"], w["bias"], w["sd"]],
        "rows": [_row(seat["name"], *_net_interval(seat, lang), signed(seat["bias"], lang, 2),
                      number(seat["net_sd"], lang, 2)) for seat in seats],
        "plot": {"kind": "bars", "labels": names, "series": [{
            "label": w["mean_net"], "values": [seat["mean_net"] for seat in seats],
            "lo": [seat["mean_net"] - seat["net_ci95"] for seat in seats],
            "hi": [seat["mean_net"] + seat["net_ci95"] for seat in seats]}]},
    }, {
        "id": "win", "caption": w["chart_win"], "head": [w["seat"], w["win_any"], w["ci"]],
        "rows": [_row(seat["name"], *_chance_interval(seat, lang)) for seat in seats],
        "plot": {"kind": "bars", "labels": names, "series": [{
            "label": w["win_any"], "values": [seat["prize_chance"] * 100 for seat in seats]}]},
    }]
    bins = net_bins(run["hist"]["net"])
    labels = [number(low, lang, 0) if low == high else f"{number(low, lang, 0)} … {number(high, lang, 0)}"
              for low, high, _ in bins]
    out.append({
        "id": "nets", "caption": w["chart_nets"], "head": [w["net"], w["results"]],
        "rows": [_row(label, number(count, lang, 0)) for label, (_, _, count) in zip(labels, bins)],
        "plot": {"kind": "bars", "labels": labels,
                 "axisLabels": [number(low, lang, 0) for low, _, _ in bins],  # under each bar, its lowest net
                 "series": [{"label": w["results"], "values": [count for _, _, count in bins]}]},
    })
    if compare is not None:
        out += _compared(run, lang, compare, yours)
    return out


def _compared(run: dict[str, Any], lang: str, compare: dict[str, Any], yours: bool) -> list[Model]:
    """The three charts of the build's comparisons: a game's length and the banker's takings by table
    size, the fines by way of playing off; the reader's run (`yours`) a marked row and point in each
    it belongs to."""
    w = WORDS[lang]
    games = number(compare["games"], lang, 0)
    options = run["options"] if yours else {}

    def mine(label: str) -> str:
        return f"{label} ({w['your_run']})"

    def at(keys: list[str], key: str, value: float) -> list[float | None]:
        """The reader's figure where it belongs among the build's (a point on the marked series)."""
        return [value if k == key else None for k in keys]

    sizes = sorted(compare["length"], key=int)
    length = [compare["length"][n] for n in sizes]
    rows = [_row(n, number(g["rounds"], lang, 1), number(g["steps"], lang, 1)) for n, g in zip(sizes, length)]
    series: list[dict[str, Any]] = [{"label": w["rounds"], "values": [g["rounds"] for g in length]},
                                    {"label": w["steps"], "values": [g["steps"] for g in length], "axis": 1}]
    if yours:
        game = run["game"]
        rows.append(_row(mine(number(run["players"], lang, 0)), number(game["rounds"]["mean"], lang, 1),
                         number(game["steps"]["mean"], lang, 1), mark=True))
        series.append({"label": mine(w["steps"]), "values": at(sizes, str(run["players"]), game["steps"]["mean"]),
                       "axis": 1, "mark": True})
    out: list[Model] = [{
        "id": "length", "caption": w["chart_length"].format(games=games), "head": [w["players"], w["rounds"], w["steps"]],
        "rows": rows, "plot": {"kind": "lines", "x": [int(n) for n in sizes], "xLabel": w["players"], "series": series},
    }]

    ways = [way for way in OPTION["playoff"].values if way in compare["fines"]]  # in the catalogue's order
    label = {choice.value: choice.label[lang] for choice in OPTION["playoff"].choices}
    rows = [_row(label[way], number(compare["fines"][way], lang, 2)) for way in ways]
    series = [{"label": w["fines"], "values": [compare["fines"][way] for way in ways]}]
    if yours:
        way = str(options.get("playoff", Options().playoff))
        fines = run["game"]["fines"]["mean"]
        rows.append(_row(mine(label[way]), number(fines, lang, 2), mark=True))
        series.append({"label": mine(w["fines"]), "values": at(ways, way, fines), "mark": True})
    out.append({
        "id": "fines", "caption": w["chart_fines"].format(games=games, players=number(compare["players"], lang, 0)),
        "head": [w["reading"], w["fines"]], "rows": rows,
        "plot": {"kind": "bars", "labels": [label[way] for way in ways], "series": series},
    })

    sizes = sorted(compare["takings"], key=int)
    rows = [_row(n, number(compare["takings"][n], lang, 2)) for n in sizes]
    series = [{"label": w["banker_takes"], "values": [compare["takings"][n] for n in sizes]}]
    if yours and options.get("unclaimed") == "banker":  # the comparison is of runs under unclaimed = banker (p5)
        takings = run["banker"]["mean"]
        rows.append(_row(mine(number(run["players"], lang, 0)), number(takings, lang, 2), mark=True))
        series.append({"label": mine(w["banker_takes"]), "values": at(sizes, str(run["players"]), takings),
                       "mark": True})
    out.append({
        "id": "banker", "caption": w["chart_banker"].format(games=games), "head": [w["players"], w["banker_takes"]],
        "rows": rows, "plot": {"kind": "lines", "x": [int(n) for n in sizes], "xLabel": w["players"], "series": series},
    })
    return out


def _row(*cells: str, mark: bool = False) -> dict[str, Any]:
    return {"cells": list(cells), "mark": mark}


def _net_interval(seat: dict[str, Any], lang: str) -> tuple[str, str]:
    """A seat's mean net and its interval's half-width, to the same decimals."""
    places = interval_decimals(seat["net_ci95"])
    return signed(seat["mean_net"], lang, places), plus_minus(number(seat["net_ci95"], lang, places))


def _chance_interval(seat: dict[str, Any], lang: str) -> tuple[str, str]:
    """A seat's chance of a prize and its interval's half-width in percentage points, to the same decimals."""
    places = interval_decimals(seat["prize_chance_ci95"] * 100, 1)
    return (percent(seat["prize_chance"], lang, places),
            plus_minus(percent(seat["prize_chance_ci95"], lang, places, symbol=False)))

