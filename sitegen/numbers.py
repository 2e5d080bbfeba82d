"""The numbers lesson: the `::: numbers` block, the figures its prose cites, and the chart library.

    ::: numbers                          the simulation panel, with its defaults (4 players, 10,000 games, seed 1)
    ::: numbers players=4 games=10000 seed=1 sweep=1000

The panel (site/templates/_numbers.html, site/static/js/pages/numbers/) runs the engine's `simulate`
request in the page's worker, chunk by chunk, and draws the charts the engine returns. Beside it,
the build runs the same engine code (engine/stats.py) on the same settings, so that the page opens
with figures and the reader's first run with the defaults reproduces them exactly; its charts are
the same code's too (engine/charts.py `models`), written into the page:

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

from engine import charts
from engine.options import MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, OPTION
from engine.words import number

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


# ---------------------------------------------------------------------------- the page


def panel(env: Any, spec: Spec, lang: str, catalogue: dict[str, Any], strings: dict[str, str], uplot: str) -> str:
    """The `::: numbers` block's HTML: the form (every option as the engine's catalogue names it),
    the charts of the build's figures with their tables (engine/charts.py), and the data the page's
    script reads: the same charts, to draw, and the comparisons, to send back with a reader's run."""
    figures = figures_of(computed(spec), lang, brief=True)
    compare = charts.comparisons(figures["spec"], figures["players"], figures["playoff"], figures["banker"])
    models = charts.models(figures["main"], lang, compare)
    low, high = catalogue["limits"]["players"]
    options = [{**o, "rule": ", ".join(catalogue["paragraphs"].get(r, r) for r in o["rules"])}
               for o in catalogue["options"]]
    shown_text = strings["built"].format(games=number(spec.games, lang), players=spec.players, seed=spec.seed)
    return str(env.get_template("_numbers.html").render(
        s=strings, spec=spec, players=list(range(low, high + 1)), max_games=SPEC_WORDS["games"][1],
        players_rule=catalogue["paragraphs"].get(catalogue["limits"]["players_rule"], "p2"), options=options,
        charts=models, shown=shown_text,
        uplot_js=f"{uplot}uPlot.iife.min.js", uplot_css=f"{uplot}uPlot.min.css", css="../assets/css/numbers.css",
        data={"strings": strings, "spec": asdict(spec), "charts": models, "compare": compare, "chunk": CHUNK,
              "max_games": SPEC_WORDS["games"][1]}))


CHUNK = 250  # the first chunk's games; the page then sizes its chunks to answer about five times a second


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
