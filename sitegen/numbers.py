"""The numbers lesson: the `::: numbers` block, the figures its prose cites, and the chart library.

    ::: numbers                          the simulation panel, with its defaults (4 players, 10,000 games, seed 1)
    ::: numbers players=4 games=10000 seed=1 sweep=1000

The panel (site/templates/_numbers.html, site/static/js/numbers.js) runs the engine's `simulate`
request in the page's worker, chunk by chunk, and draws what the engine returns. Beside it, the
build runs the same engine code (engine/stats.py) on the same settings, so that the page opens
with figures and the reader's first run with the defaults reproduces them exactly:

    main         the panel's defaults: `games` games of `players` players, seed `seed`, default readings
    players.N    `sweep` games at a table of N players, N = 2..17 (how long a game lasts)
    playoff.V    `sweep` games of `players` players under each way of playing off (the fines)
    banker.N     `sweep` games of N players with unclaimed = banker (what the banker takes)
    readings.K.V `sweep` games of `players` players with option K = V, for each reading that changes
                 the short last round (p8): who is dealt its cards and who pays for it

Each run is a command of the engine (`python -m engine simulate 10000 --players 4 --seed 1` for
`main`), played and kept as every command a lesson shows (sitegen/figures.py: one store in
`.cache/figures/`, under the engine's source hash and the command's arguments). The prose cites a
figure as `{{numbers:KEY}}` or `{{numbers:KEY|FORMAT}}`, written by the same code as a
`{{simulate: KEY}}` (`FORMAT`: the number of decimals, `%` and the decimals for a percentage, `abs`
first for the figure without its sign: `|1`, `|%1`, `|abs0`). KEY is a path into the figures
(`main.seats.0.mean_net`); an unknown KEY stops the build with the page's path and line.

uPlot (node_modules/uplot, pinned in package-lock.json) is copied to `vendor/uplot/VERSION/` with
its license, and only the pages with a `::: numbers` block load it.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.options import MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, OPTION
from engine.words import MINUS

from . import BuildError, shown
from . import figures as figures_store
from .figures import Run
UPLOT_FILES = {"uPlot.iife.min.js": "dist/uPlot.iife.min.js", "uPlot.min.css": "dist/uPlot.min.css",
               "LICENSE": "LICENSE"}


# ---------------------------------------------------------------------------- the block's settings


@dataclass(frozen=True)
class Spec:
    """What one `::: numbers` block runs: the panel's defaults and the build's comparison runs."""

    players: int = 4
    games: int = 10_000
    seed: int = 1
    sweep: int = 1_000      # games per run of the comparisons (per table size, per way of playing off)


SPEC_WORDS = {"players": (MIN_PLAYERS, MAX_PLAYERS), "games": (1, 100_000), "seed": (0, MAX_SEED), "sweep": (1, 100_000)}
BLOCK = re.compile(r"^:::\s*numbers\b(?P<args>.*)$", re.MULTILINE)


class SpecError(ValueError):
    pass


def parse_spec(args: list[str]) -> Spec:
    """`players=4 games=10000 seed=1 sweep=1000`, each optional, in any order."""
    values: dict[str, int] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        if not sep or key not in SPEC_WORDS:
            raise SpecError(f"'::: numbers' takes {', '.join(f'{k}=N' for k in SPEC_WORDS)}; got {arg!r}")
        if key in values:
            raise SpecError(f"'::: numbers' is given {key} twice")
        low, high = SPEC_WORDS[key]
        if not re.fullmatch(r"\d+", value) or not low <= int(value) <= high:
            raise SpecError(f"'::: numbers': {key} must be a whole number from {low} to {high}; got {value!r}")
        values[key] = int(value)
    return Spec(**values)


def page_spec(source: str) -> Spec | None:
    """The settings of the page's `::: numbers` block (its first), or None when it has none (or a
    bad one: the block reports it)."""
    match = BLOCK.search(source)
    if not match:
        return None
    try:
        return parse_spec(match.group("args").split())
    except SpecError:
        return None


# ---------------------------------------------------------------------------- the build's figures


def runs(spec: Spec) -> dict[str, tuple[int, dict[str, str], int]]:
    """Every run of a block: its name (a path of its figures) -> (players, options, games)."""

    sizes = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    out: dict[str, tuple[int, dict[str, str], int]] = {"main": (spec.players, {}, spec.games)}
    out.update({f"players.{n}": (n, {}, spec.sweep) for n in sizes})
    out.update({f"playoff.{value}": (spec.players, {"playoff": value}, spec.sweep)
                for value in OPTION["playoff"].values})
    out.update({f"banker.{n}": (n, {"unclaimed": "banker"}, spec.sweep) for n in sizes})
    out.update({f"readings.{key}.{value}": (spec.players, {key: value}, spec.sweep) for key, value in SHORT_ROUND})
    return out


# The readings that change who is dealt what in the short last round (p8), for the seat bias.
SHORT_ROUND = (("deal", "single"), ("short_deal", "stop"), ("short_pay", "dealt_only"), ("deal_start", "rotates"))


def commands(spec: Spec) -> dict[str, Run]:
    """Every run of a block as the command that plays it (`main`: `simulate 10000 --players 4 --seed 1`)."""
    from engine.options import Options

    return {name: Run(games, players, tuple((k, str(v)) for k, v in
                                            Options.from_mapping(options).to_mapping(changed_only=True).items()),
                      spec.seed)
            for name, (players, options, games) in runs(spec).items()}


def computed(spec: Spec) -> dict[str, Any]:
    """The runs of every block (see the module's doc), kept or played now: {spec, runs: name -> Run}."""
    named = commands(spec)
    figures_store.compute(named.values())
    return {"spec": asdict(spec), "runs": named}


def figures_of(computed: dict[str, Any], lang: str, brief: bool = True) -> dict[str, Any]:
    """The figures of every run in one language, nested by the runs' names (`main`, `players.17`…);
    `brief`: the comparison runs without their histograms (what the page embeds)."""
    out: dict[str, Any] = {"spec": computed["spec"]}
    for name, run in computed["runs"].items():
        figures = dict(figures_store.figures(run, lang))
        if brief and name != "main":
            figures.pop("hist", None)
        where = out
        *parents, last = name.split(".")
        for part in parents:
            where = where.setdefault(part, {})
        where[last] = figures
    return out


def cites_numbers(source: str) -> bool:
    return "{{numbers:" in source


def page_runs(source: str) -> list[Run]:
    """The runs a page's numbers need: its block's, or the default block's when it only cites them."""
    spec = page_spec(source) or (Spec() if cites_numbers(source) else None)
    return [] if spec is None else list(commands(spec).values())


# ---------------------------------------------------------------------------- uPlot


def find_uplot(node_modules: Path) -> tuple[str, dict[str, Path]]:
    """The folder the site serves uPlot from (`vendor/uplot/VERSION/`) and its files, license included."""
    folder = node_modules / "uplot"
    package = folder / "package.json"
    try:
        version = json.loads(package.read_text(encoding="utf-8"))["version"]
    except (OSError, ValueError, KeyError) as error:
        raise BuildError(f"{shown(package)}:1: the chart library uPlot is missing ({error}): run `npm ci` "
                         "(package.json pins uplot)") from None
    files = {name: folder / source for name, source in UPLOT_FILES.items()}
    missing = [str(path) for path in files.values() if not path.is_file()]
    if missing:
        raise BuildError(f"{shown(missing[0])}:1: a file of uPlot {version} is missing: run `npm ci`")
    return f"vendor/uplot/{version}/", files


# ---------------------------------------------------------------------------- the charts' models
#
# A chart's model: {id, caption, head: [column names], rows: [{cells: [text], mark}], plot}. The page
# draws the same models (site/static/js/numbers-model.js builds them in the browser from a run's
# figures, as here from the build's); a test checks that both write the same tables.


def fixed(value: float, decimals: int) -> str:
    """`value` with `decimals` decimals, halves rounded away from zero (as JavaScript's toFixed)."""
    from decimal import ROUND_HALF_UP, Decimal

    return str(Decimal(abs(value)).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))


def number(value: float, lang: str, decimals: int, sign: bool = False) -> str:
    """A figure in the page's language: «−1,25», «+0,40», "12.5"; no sign on what rounds to zero."""
    text = fixed(value, decimals)
    zero = not any(c in "123456789" for c in text)
    whole, _, fraction = text.partition(".")
    if len(whole) > (3 if lang == "en" else 4):
        whole = f"{int(whole):,}".replace(",", "," if lang == "en" else "\u00a0")
    text = whole + (("." if lang == "en" else ",") + fraction if fraction else "")
    if zero:
        return text
    return (MINUS if value < 0 else "+" if sign else "") + text


def percent(value: float, lang: str, decimals: int = 1) -> str:
    return number(value * 100, lang, decimals) + ("%" if lang == "en" else "\u00a0%")


def plus_minus(value: float, lang: str, decimals: int) -> str:
    return "±\u00a0" + number(value, lang, decimals)


def net_bins(pairs: list[list[int]]) -> list[tuple[int, int, int]]:
    """The nets' histogram in at most 16 bins of a round width (1, 2, 5, 10, 20, 50…), each bin
    [low, high] with its count, from the lowest net's bin to the highest's."""
    if not pairs:
        return []
    low, high = pairs[0][0], pairs[-1][0]
    width = 1
    steps = [1, 2, 5]
    k = 0
    while (high // width) - (low // width) + 1 > 16:
        k += 1
        width = steps[k % 3] * 10 ** (k // 3)
    first = (low // width) * width
    bins = [[first + i * width, first + (i + 1) * width - 1, 0] for i in range((high // width) - (low // width) + 1)]
    for value, count in pairs:
        bins[(value - first) // width][2] += count
    return [(a, b, c) for a, b, c in bins]


def models(figures: dict[str, Any], lang: str, strings: dict[str, str], playoff_labels: dict[str, str]) -> list[dict[str, Any]]:
    """The six charts of the build's figures (the page redraws the first three for a reader's run)."""
    s = strings
    run = figures["main"]
    spec = figures["spec"]
    seats = run["seats"]
    names = [seat["name"] for seat in seats]
    out: list[dict[str, Any]] = []
    out.append({
        "id": "net", "caption": s["chart_net"], "head": [s["seat"], s["mean_net"], s["ci"], s["bias"], s["sd"]],
        "rows": [{"cells": [seat["name"], number(seat["mean_net"], lang, 2, True), plus_minus(seat["net_ci95"], lang, 2),
                            number(seat["bias"], lang, 2, True), number(seat["net_sd"], lang, 2)], "mark": False}
                 for seat in seats],
        "plot": {"kind": "bars", "labels": names, "series": [{
            "label": s["mean_net"], "values": [seat["mean_net"] for seat in seats],
            "lo": [seat["mean_net"] - seat["net_ci95"] for seat in seats],
            "hi": [seat["mean_net"] + seat["net_ci95"] for seat in seats]}]},
    })
    out.append({
        "id": "win", "caption": s["chart_win"], "head": [s["seat"], s["win_any"], s["ci"]],
        "rows": [{"cells": [seat["name"], percent(seat["prize_chance"], lang),
                            plus_minus(seat["prize_chance_ci95"] * 100, lang, 1)], "mark": False} for seat in seats],
        "plot": {"kind": "bars", "labels": names, "series": [{
            "label": s["win_any"], "values": [seat["prize_chance"] * 100 for seat in seats]}]},
    })
    bins = net_bins(run["hist"]["net"])
    bin_labels = [number(a, lang, 0) if a == b else f"{number(a, lang, 0)} … {number(b, lang, 0)}" for a, b, _ in bins]
    out.append({
        "id": "nets", "caption": s["chart_nets"], "head": [s["net"], s["results"]],
        "rows": [{"cells": [label, number(c, lang, 0)], "mark": False} for label, (_, _, c) in zip(bin_labels, bins)],
        "plot": {"kind": "bars", "labels": bin_labels, "series": [{"label": s["results"], "values": [c for _, _, c in bins]}]},
    })
    sizes = sorted(figures["players"], key=int)
    length = [figures["players"][n]["game"] for n in sizes]
    out.append({
        "id": "length", "caption": s["chart_length"].format(games=number(spec["sweep"], lang, 0)),
        "head": [s["players_col"], s["rounds"], s["steps"]],
        "rows": [{"cells": [n, number(g["rounds"]["mean"], lang, 1), number(g["steps"]["mean"], lang, 1)], "mark": False}
                 for n, g in zip(sizes, length)],
        "plot": {"kind": "lines", "x": [int(n) for n in sizes], "xLabel": s["players_col"], "series": [
            {"label": s["rounds"], "values": [g["rounds"]["mean"] for g in length]},
            {"label": s["steps"], "values": [g["steps"]["mean"] for g in length], "axis": 1}]},
    })
    ways = list(figures["playoff"])
    out.append({
        "id": "fines", "caption": s["chart_fines"].format(games=number(spec["sweep"], lang, 0),
                                                          players=number(spec["players"], lang, 0)),
        "head": [s["reading"], s["fines"]],
        "rows": [{"cells": [playoff_labels[w], number(figures["playoff"][w]["game"]["fines"]["mean"], lang, 2)], "mark": False}
                 for w in ways],
        "plot": {"kind": "bars", "labels": [playoff_labels[w] for w in ways], "series": [
            {"label": s["fines"], "values": [figures["playoff"][w]["game"]["fines"]["mean"] for w in ways]}]},
    })
    sizes = sorted(figures["banker"], key=int)
    out.append({
        "id": "banker", "caption": s["chart_banker"].format(games=number(spec["sweep"], lang, 0)),
        "head": [s["players_col"], s["banker_takes"]],
        "rows": [{"cells": [n, number(figures["banker"][n]["banker"]["mean"], lang, 2)], "mark": False} for n in sizes],
        "plot": {"kind": "lines", "x": [int(n) for n in sizes], "xLabel": s["players_col"], "series": [
            {"label": s["banker_takes"], "values": [figures["banker"][n]["banker"]["mean"] for n in sizes]}]},
    })
    return out


# ---------------------------------------------------------------------------- the page


def panel(env: Any, spec: Spec, lang: str, catalogue: dict[str, Any], strings: dict[str, str], uplot: str) -> str:
    """The `::: numbers` block's HTML: the form (every option as the engine's catalogue names it),
    the charts of the build's figures with their tables, and the data the page's script reads."""
    figures = figures_of(computed(spec), lang, brief=True)
    playoff = next(o for o in catalogue["options"] if o["key"] == "playoff")
    labels = {c["value"]: c["label"] for c in playoff["choices"]}
    low, high = catalogue["limits"]["players"]
    options = [{**o, "rule": ", ".join(catalogue["paragraphs"].get(r, r) for r in o["rules"])}
               for o in catalogue["options"]]
    shown_text = strings["built"].format(games=number(spec.games, lang, 0), players=spec.players, seed=spec.seed)
    return str(env.get_template("_numbers.html").render(
        s=strings, spec=spec, players=list(range(low, high + 1)), max_games=SPEC_WORDS["games"][1],
        players_rule=catalogue["paragraphs"].get(catalogue["limits"]["players_rule"], "p2"), options=options,
        charts=models(figures, lang, strings, labels), shown=shown_text,
        uplot_js=f"{uplot}uPlot.iife.min.js", uplot_css=f"{uplot}uPlot.min.css", css="../assets/css/numbers.css",
        data={"strings": strings, "spec": asdict(spec), "figures": slim(figures), "playoff_labels": labels,
              "chunk": CHUNK, "max_games": SPEC_WORDS["games"][1]}))


CHUNK = 250  # the first chunk's games; the page then sizes its chunks to answer about five times a second


def slim(figures: dict[str, Any]) -> dict[str, Any]:
    """What the page draws of the build's figures: the main run whole but its seats' histograms, and
    of the comparison runs only the game's length, its fines and the banker's takings."""
    main = {**figures["main"], "hist": {"net": figures["main"]["hist"]["net"]}}

    def brief(run: dict[str, Any]) -> dict[str, Any]:
        game = run["game"]
        return {"players": run["players"], "options": run["options"], "banker": {"mean": run["banker"]["mean"]},
                "game": {key: {"mean": game[key]["mean"]} for key in ("rounds", "steps", "fines")}}

    return {"spec": figures["spec"], "main": main,
            **{group: {k: brief(v) for k, v in figures[group].items()} for group in ("players", "playoff", "banker")}}


def strings(lang: str) -> dict[str, str]:
    from .i18n import NUMBERS_STRINGS

    return NUMBERS_STRINGS[lang]


_cited: dict[tuple[Spec, str], dict[str, Any]] = {}


def cited_figures(source: str, lang: str) -> dict[str, Any]:
    """What a page's `{{numbers:KEY}}` may cite: every figure of its block's runs (of the default
    block's when it has none)."""
    spec = page_spec(source) or Spec()
    if (spec, lang) not in _cited:
        _cited[spec, lang] = figures_of(computed(spec), lang, brief=False)
    return _cited[spec, lang]
