"""Figures the engine produces, computed by the build from the command the page shows beside them.

A lesson never types a figure of the engine by hand. It shows the command and lets the build run it:

    ::: simulate 3000 --players 3 --carry --option unclaimed=banker
        a block: the command, as the reader would type it (`python -m engine simulate …`), and what
        it gives: each seat's mean net with its 95% interval, sd, bias and chance of a prize; the
        banker's takings, the pool carried out, the rounds
    {{simulate: banker.mean|1}}
        one figure in a sentence, of the last command the page showed before it: a `::: simulate`
        block, or the command written in the prose as code, `python -m engine simulate …`
    {{simulate 30000 --players 3 --carry --option deal_start=rotates: seats.*.mean_net|+2}}
        one figure of the command given (in a table, where each cell is its own run)
    {{numbers:main.seats.0.mean_net|2}}
        a figure of the numbers lesson's runs (sitegen/numbers.py names them), the same way
    {{replay session-pool-carried 99: event.nets.Anna}}
        a figure of a step of an annotated hand, as `python -m engine replay lessons/hands/HAND.toml`
        tells it (the hand's demo is the command shown); `--option KEY=VALUE` after the step: the
        hand under that reading, as the page's switch replays it. The path: `event.FIELD` as the
        event's JSON names it, or `state.PATH` as a note's state claims (engine/record.py)

The key is a path into what `python -m engine simulate … --json` prints (`seats.0.mean_net`,
`banker.mean`, `game.pool_out.mean`); `seats.*.mean_net` gives every seat's, joined by " / ". The
format after `|`: `+` for a sign on positive figures too, `abs` for none at all, `%` for a
percentage, then the number of decimals (`|2`, `|+2`, `|%1`, `|abs0`), and for a whole number the
noun it counts, which the language then agrees with it (`|chip`: "21 chips", «21 фишка»; `|chip.acc`:
«21 фишку»; the nouns of engine/words.py). The figures are written as the page's language writes
numbers («−1,25»). A command the engine refuses, or a key that names
no figure, stops the build at its line. So does a figure typed by hand beside a command (a number
with decimals or a sign, in the paragraph, list item or table row that shows the command): the
message says whether the command gives it, and how to cite it instead.

The commands take what changes the figures: the number of games, `--players N`, `--seed S`,
`--option KEY=VALUE` (repeatable), `--carry` (a session, the pool carried from game to game, p12)
and `--policy`. The build plays them with the engine's own statistics (engine/stats.py), as the
command line does, so the command gives the same figures, byte for byte. Every run's tally is kept
in `.cache/figures/` under the hash of the engine's sources that play it (engine/stats.py and the
modules it imports) and the run's arguments (sitegen/cache.py): a warm build plays no game. On a miss the build plays every missing run before it renders, on two
processes, the independent games of a run in chunks (a session's games one after the other).
"""

from __future__ import annotations

import argparse
import functools
import html
import os
import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from markdown import Extension
from markdown.preprocessors import Preprocessor

from engine.errors import EngineError
from engine.options import MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, OPTION, Options, Table
from engine.record import step_value, value_at
from engine.stats import POLICIES
from engine.words import MINUS, interval_decimals, number, percent, plus_minus, signed

from .cache import Store, engine_digest, key

MAX_GAMES = 100_000
COMMAND = "python -m engine simulate"


class FigureError(ValueError):
    """A command or a citation the build cannot compute; the page adds its path and line."""


# ---------------------------------------------------------------------------- a run


@dataclass(frozen=True)
class Run:
    """What one command plays: `games` games of `players` players under `options` (the changed
    ones, in the catalogue's order), seeded `seed`, independent or (`carry`) a session."""

    games: int
    players: int
    options: tuple[tuple[str, str], ...] = ()
    seed: int = 0
    policy: str = "default"
    carry: bool = False

    @property
    def name(self) -> str:
        """The canonical arguments: what the cache keys the run by."""
        parts = [str(self.games), f"--players {self.players}", f"--seed {self.seed}"]
        parts += [f"--policy {self.policy}"] if self.policy != "default" else []
        parts += ["--carry"] if self.carry else []
        parts += [f"--option {shlex.quote(f'{k}={v}')}" for k, v in self.options]
        return " ".join(parts)

    def table_options(self) -> tuple[Table, Options]:
        return Table.default(self.players), Options.from_mapping(dict(self.options))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # refuse with the build's message, never exit
        raise FigureError(message)


@functools.lru_cache(maxsize=None)
def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="simulate", add_help=False, allow_abbrev=False)
    parser.add_argument("games", type=int)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--carry", action="store_true")
    parser.add_argument("--policy", choices=POLICIES, default="default")
    return parser


@functools.lru_cache(maxsize=None)
def parse_command(text: str) -> Run:
    """The run of `simulate ARGS` (ARGS as on the command line: `3000 --players 3 --carry`)."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise FigureError(f"cannot read the command {text!r}: {error}") from None
    if words[:1] == ["simulate"]:
        words = words[1:]
    try:
        args = _parser().parse_args(words)
    except FigureError as error:
        raise FigureError(f"`{COMMAND} {text.strip()}`: {error} (the build runs the number of games, --players N, "
                          "--seed S, --option KEY=VALUE, --carry and --policy: what changes the figures)") from None
    if not 1 <= args.games <= MAX_GAMES:
        raise FigureError(f"`{COMMAND} {text.strip()}`: the build plays from 1 to {MAX_GAMES:,} games")
    if not 0 <= args.seed <= MAX_SEED:
        raise FigureError(f"`{COMMAND} {text.strip()}`: the seed must be a whole number from 0 to {MAX_SEED}")
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise FigureError(f"`{COMMAND} {text.strip()}`: --players must be {MIN_PLAYERS} to {MAX_PLAYERS} (p2)")
    try:
        options = Options.parse_pairs(args.option)
        Table.default(args.players).check(options)
    except EngineError as error:
        raise FigureError(f"`{COMMAND} {text.strip()}`: {error}") from None
    changed = options.to_mapping(changed_only=True)
    return Run(args.games, args.players, tuple((k, str(v)) for k, v in changed.items()), args.seed, args.policy,
               args.carry)


# ---------------------------------------------------------------------------- the tallies


STORE = Store("figures", keep=600)
CHUNK = 2_500  # the independent games of a run are played in chunks of at most this many, on two processes


def _entry(run: Run) -> str:
    return key("simulate", engine_digest(entry="stats"), run.name)


def _play(job: tuple[Run, int, int]) -> dict[str, Any]:
    """One chunk of a run: games start .. start + count - 1 (a session: the whole run)."""
    from engine import stats

    run, start, count = job
    table, options = run.table_options()
    if run.carry:
        return stats.simulate_session(table, options, run.seed, count, run.policy).to_json()
    return stats.simulate(table, options, run.seed, start, count, run.policy).to_json()


def compute(runs: Iterable[Run], workers: int | None = None) -> None:
    """Play every run that is not kept yet and keep its tally (builds at once that miss the same
    runs wait for the first; the lock files are named by what they compute)."""
    wanted = [run for run in dict.fromkeys(runs) if run not in _tallies]
    for run in wanted:
        found = STORE.get(_entry(run))
        if found is not None:
            _tallies[run] = found
    missing = [run for run in wanted if run not in _tallies]
    if not missing:
        return
    with STORE.locked(key(*sorted(_entry(run) for run in missing))):
        missing = [run for run in wanted if STORE.get(_entry(run)) is None]
        if not missing:
            return
        jobs: list[tuple[Run, int, int]] = []
        for run in missing:
            if run.carry:
                jobs.append((run, 0, run.games))
            else:
                jobs += [(run, start, min(CHUNK, run.games - start)) for start in range(0, run.games, CHUNK)]
        order = sorted(range(len(jobs)), key=lambda i: -jobs[i][2])  # the longest first: the processes end together
        workers = workers or min(2, os.cpu_count() or 1)
        if workers > 1 and len(jobs) > 1:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(workers) as pool:
                played = dict(zip(order, pool.map(_play, [jobs[i] for i in order])))
        else:
            played = {i: _play(jobs[i]) for i in order}
        from engine.stats import Tally

        for run in missing:
            parts = [Tally.from_json(played[i]) for i, job in enumerate(jobs) if job[0] == run]
            total = parts[0]
            for part in parts[1:]:
                total.merge(part)
            STORE.put(_entry(run), total.to_json())


_tallies: dict[Run, dict[str, Any]] = {}


def tally(run: Run) -> dict[str, Any]:
    """The run's tally (Tally.to_json()), kept or played now (read once per build)."""
    if run not in _tallies:
        found = STORE.get(_entry(run))
        if found is None:
            compute([run])
            found = STORE.get(_entry(run))
        assert isinstance(found, dict)
        _tallies[run] = found
    return _tallies[run]


_figures: dict[tuple[Run, str], dict[str, Any]] = {}
FIGURES = Store("figures-written", keep=1200)


def figures(run: Run, lang: str) -> dict[str, Any]:
    """What `python -m engine simulate … --json` prints for the run, with the seats' names of `lang`
    (kept too: they depend on the tally and on the whole engine, which names the seats)."""
    if (run, lang) not in _figures:
        entry = key("figures", engine_digest(), run.name, lang)
        found = FIGURES.get(entry)
        if found is None:
            from engine.stats import Tally

            found = Tally.from_json(tally(run)).figures(lang)
            FIGURES.put(entry, found)
        _figures[run, lang] = found
    return _figures[run, lang]


# ---------------------------------------------------------------------------- a figure, written


def lookup(data: Any, path: str) -> Any:
    """The figure at a dotted path (`seats.0.mean_net`, walked as engine.record.value_at walks a
    note's); a `*` part gives a list of every item's. KeyError when there is none."""
    parts = path.split(".")
    if "*" not in parts:
        value = value_at(data, path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise KeyError(path)
        return value
    star = parts.index("*")
    items = value_at(data, ".".join(parts[:star])) if star else data
    if not isinstance(items, list) or not items:
        raise KeyError(path)
    return [lookup(item, ".".join(parts[star + 1:])) for item in items]


@dataclass(frozen=True)
class Format:
    decimals: int | None = None
    percent: bool = False
    absolute: bool = False
    sign: bool = False
    noun: str | None = None   # a whole number with its counted noun, as the language agrees it: «21 фишка»
    case: str = "nom"

    def write(self, value: float | list[float], lang: str) -> str:
        if isinstance(value, list):
            return "\u00a0/ ".join(self.write(v, lang) for v in value)  # breaks after a slash, never before
        if self.absolute:
            value = abs(value)
        if self.percent:
            text = percent(value, lang, self.decimals, self.sign)
        else:
            text = number(value, lang, self.decimals, self.sign)
        if self.noun is None:
            return text
        from engine.words import NOUNS, count

        if self.noun not in NOUNS or not float(value).is_integer():
            raise KeyError(self.noun)
        words = count(abs(int(value)), self.noun, lang, self.case)  # type: ignore[arg-type]
        return text + words[words.index(" "):]


def leaves(data: Any, prefix: str = "") -> Iterable[tuple[str, float]]:
    """Every figure of a command's result with its key (the histograms left out)."""
    if isinstance(data, dict):
        for name, value in data.items():
            if name != "hist":
                yield from leaves(value, f"{prefix}{name}.")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from leaves(value, f"{prefix}{i}.")
    elif isinstance(data, (int, float)) and not isinstance(data, bool):
        yield prefix[:-1], data


# ---------------------------------------------------------------------------- the page's figures


CITE = re.compile(r"\{\{(?:(?P<numbers>numbers):|simulate(?P<args>(?:[^:}\"']|\"[^\"]*\"|'[^']*')*):|"
                  r"replay\s+(?P<hand>[a-z0-9_-]+)\s+(?P<step>\d+)(?P<readings>(?:\s+--option\s+(?:\"[^\"]*\"|[^\s:}]+))*)\s*:)\s*"
                  r"(?P<key>[A-Za-z0-9_.*]+)\s*(?:\|(?P<sign>\+)?(?P<abs>abs)?(?P<percent>%)?(?P<decimals>\d)?"
                  r"(?:\s*(?P<noun>[a-z]+)(?:\.(?P<case>[a-z]+))?)?)?\}\}")
SHOWN = re.compile(r"`" + re.escape(COMMAND) + r"\s+(?P<args>\d[^`]*)`")  # a command with its number of games
BLOCK = re.compile(r"^:::\s*simulate\b(?P<args>.*)$")
CODE = re.compile(r"`[^`]*`")
# A figure typed by hand: a number with decimals, or with a sign (+, −, ±), not part of a word.
TYPED = re.compile(r"(?<![\w.,])(?P<figure>[+\u2212\u00b1-]?\d+(?:[.,]\d+)?(?:\s?%)?)(?![\w])")


def cited_runs(source: str) -> list[Run]:
    """Every run a page's source asks for (a bad command is skipped here: rendering reports it)."""
    found: list[Run] = []
    for line in source.splitlines():
        texts = [m.group("args") for m in SHOWN.finditer(line)]
        block = BLOCK.match(line)
        if block:
            texts.append(block.group("args"))
        texts += [m.group("args") for m in CITE.finditer(line) if m.group("args") and m.group("args").strip()]
        for text in texts:
            try:
                found.append(parse_command(text))
            except FigureError:
                pass
    return found


class PageFigures:
    """One page's figures, in the order of its source: the commands it shows, the figures it cites.
    `error(line, what)` records a problem at a line of the page's source."""

    def __init__(self, lang: str, error: Callable[[int, str], None],
                 numbers: Callable[[], dict[str, Any]] | None = None,
                 replay: Callable[[str, int, tuple[str, ...]], tuple[dict[str, Any], dict[str, Any], list[str]]] | None
                 = None) -> None:
        self.lang, self.error, self.numbers, self.replay = lang, error, numbers, replay
        self.last: Run | None = None      # the last command shown, at the point reached
        self.last_text = ""

    def show(self, text: str, line: int, report: bool = True) -> Run | None:
        try:
            run = parse_command(text)
        except FigureError as bad:
            if report:  # (a block's own error is reported by the block)
                self.error(line, str(bad))
            return None
        self.last, self.last_text = run, " ".join(text.split())
        return run

    def cite(self, match: re.Match[str], line: int) -> str:
        """The figure of one citation, written; on a problem, the citation itself after recording it."""
        fmt = Format(int(match.group("decimals")) if match.group("decimals") else None,
                     bool(match.group("percent")), bool(match.group("abs")), bool(match.group("sign")),
                     match.group("noun"), match.group("case") or "nom")
        path = match.group("key")
        if match.group("hand"):
            return self._replayed(match, line, fmt)
        if match.group("numbers"):
            data = self.numbers() if self.numbers else {}
            where = "of the numbers"
        else:
            args = (match.group("args") or "").strip()
            run = None
            if args:
                try:
                    run = parse_command(args)
                except FigureError as bad:
                    self.error(line, str(bad))
                    return match.group(0)
            elif self.last is not None:
                run = self.last
            else:
                self.error(line, f"{match.group(0)} cites the last command shown, and none is shown before it: "
                                 f"show it (`{COMMAND} …`, or a '::: simulate' block), or give it: "
                                 f"{{{{simulate 3000 --players 3: {path}}}}}")
                return match.group(0)
            data = figures(run, self.lang)
            where = f"of `{COMMAND} {args or self.last_text}`"
        try:
            return fmt.write(lookup(data, path), self.lang)
        except KeyError:
            known = [k for k, _ in leaves(data)]
            self.error(line, f"{match.group(0)} names no figure {where} (its keys: {', '.join(known[:14])}, …)")
            return match.group(0)

    def _replayed(self, match: re.Match[str], line: int, fmt: Format) -> str:
        """A figure of a hand's step, as `python -m engine replay lessons/hands/HAND.toml` tells it (with
        `--option`s: the hand under those readings, as the page's switch replays it)."""
        hand, step, path = match.group("hand"), int(match.group("step")), match.group("key")
        readings = tuple(shlex.split(match.group("readings"))[1::2])
        try:
            if self.replay is None:
                raise KeyError(hand)
            event, state, seats = self.replay(hand, step, readings)
        except (KeyError, IndexError, ValueError) as bad:
            self.error(line, f"{match.group(0)}: no step {step} of the hand {hand!r}"
                             + (f" under {' '.join(readings)}" if readings else "") + f" ({bad})")
            return match.group(0)
        try:
            return fmt.write(step_value(path, event, state, seats), self.lang)
        except (KeyError, IndexError, TypeError):
            self.error(line, f"{match.group(0)} names no figure of step {step} of {hand} ({event['kind']}): its "
                             f"paths are event.FIELD as the event's JSON names it ({', '.join(event)}) and state.PATH "
                             "as a note's state claims (nets.SEAT, pool, stakes.N, decks.banker, hands.SEAT …)")
            return match.group(0)

    def typed(self, text: str, line: int, run: Run, command: str) -> None:
        """Refuse the figures typed by hand in a line of a section that shows `run`'s command or cites
        its figures: a number with decimals, or with a sign (+, −, ±)."""
        bare = CITE.sub(" ", CODE.sub(" ", re.sub(r"\]\([^)]*\)", "]", text)))
        bare = re.sub(r"(?:\bp|§)\d+(?:[–-]\d+)?", " ", bare)  # paragraph ids are not figures
        point = "." if self.lang == "en" else ","
        for match in TYPED.finditer(bare):
            figure = match.group("figure")
            if not (re.search(rf"\d{re.escape(point)}\d", figure) or figure[0] in "+-\u2212\u00b1"):
                continue
            if self.lang == "en" and re.fullmatch(r"\d{1,3}(,\d{3})+", figure):
                continue  # 3,000: a whole number, its thousands separated
            self.error(line, f"{figure} is typed by hand beside `{COMMAND} {command}`: {self._gives(figure, run)}; "
                             "a figure of the engine is cited, never typed, so that the build keeps it true")

    def _gives(self, figure: str, run: Run) -> str:
        text = figure.replace(MINUS, "-").replace("\u00b1", "").replace(" ", "")
        text = text.replace(",", "") if self.lang == "en" else text.replace(",", ".")
        as_percent = text.endswith("%")
        text = text.rstrip("%")
        try:
            value = float(text)
        except ValueError:
            return "it is not a figure the build can compare"
        decimals = len(text.partition(".")[2])
        for path, found in leaves(figures(run, "en")):
            for candidate in ((found, abs(found)) if figure.startswith("\u00b1") or not figure[0] in "+-\u2212" else (found,)):
                # the figure as a citation would write it: the same rounding (engine/words.py)
                written = percent(candidate, "en", decimals, symbol=False) if as_percent else number(candidate, "en", decimals)
                if float(written.replace(MINUS, "-").replace(",", "")) == value:
                    fmt = ("%" if as_percent else "") + str(decimals)
                    return (f"the command gives {figure} as {path} (if that is the figure meant, cite it: "
                            f"{{{{simulate: {path}|{fmt}}}}})")
        return ("the command gives no such figure (cite the one meant as {{simulate: KEY|FORMAT}}, KEY as in "
                "the command's --json)")

    def lines(self, lines: list[str], start: int = 1) -> list[str]:
        """The page's Markdown lines with every citation replaced by its figure, the commands shown
        (code, blocks) followed in order; then, in each section (from a heading to the next) that
        shows a command or cites one's figures, every figure typed by hand refused."""
        out: list[str] = []
        sections: list[list[int]] = [[]]
        shown: dict[int, tuple[Run, str]] = {}  # line index -> the command shown there last
        with_figures = [False]
        for index, line in enumerate(lines):
            number = start + index
            if line.lstrip().startswith("#"):
                sections.append([])
                with_figures.append(False)
            sections[-1].append(index)
            block = BLOCK.match(line)
            if block:
                with_figures[-1] = True
                if self.show(block.group("args"), number, report=False) and self.last:
                    shown[index] = (self.last, self.last_text)
                out.append(line)
                continue
            pieces: list[str] = []
            at = 0
            for match in sorted([*SHOWN.finditer(line), *CITE.finditer(line)], key=lambda m: m.start()):
                if match.re is SHOWN:
                    if self.show(match.group("args"), number) and self.last:
                        shown[index] = (self.last, self.last_text)
                    with_figures[-1] = True
                    continue
                with_figures[-1] = with_figures[-1] or not match.group("numbers")
                pieces += [line[at:match.start()], self.cite(match, number)]
                at = match.end()
            pieces.append(line[at:])
            out.append("".join(pieces))
        for indexes, checked in zip(sections, with_figures):
            in_section = [shown[i] for i in indexes if i in shown]
            if not checked or not in_section:
                continue
            command = in_section[0]  # before the section's first command: that one
            for i in indexes:
                command = shown.get(i, command)
                if not BLOCK.match(lines[i]):
                    self.typed(lines[i], start + i, *command)
        return out


class FiguresPreprocessor(Preprocessor):
    """Writes the figures into the page's Markdown before it is parsed (the meta extension has
    taken the front matter off already, so the lines are counted from where the body starts)."""

    def __init__(self, md: Any, page: PageFigures, offset: Callable[[list[str]], int]) -> None:
        super().__init__(md)
        self.page, self.offset = page, offset

    def run(self, lines: list[str]) -> list[str]:
        return self.page.lines(lines, self.offset(lines))


class FiguresExtension(Extension):
    def __init__(self, page: PageFigures, offset: Callable[[list[str]], int], **kwargs: Any) -> None:
        self.page, self.offset = page, offset
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Any) -> None:
        md.preprocessors.register(FiguresPreprocessor(md, self.page, self.offset), "card_lottery_figures", 25)


def body_start(source: str) -> Callable[[list[str]], int]:
    """The line of the page's file that the first line the preprocessor sees is (the front matter
    taken off)."""
    whole = source.splitlines()

    def offset(lines: list[str]) -> int:
        head = lines[:12]
        while head and not head[-1].strip():  # (Markdown may have added blank lines at the end)
            head.pop()
        return next((i + 1 for i in range(len(whole)) if whole[i:i + len(head)] == head), 1)

    return offset


def has_figures(source: str) -> bool:
    return "{{" in source or COMMAND in source or bool(re.search(r"^:::\s*simulate\b", source, re.MULTILINE))


# ---------------------------------------------------------------------------- the block


STRINGS = {
    "en": {
        "caption": "What the command gives: {games} games ({kind}) of {players} players, {options}. Computed by "
                   "the engine when this site was built.",
        "independent": "independent, each from an empty table",
        "carried": "one session, the pool carried from game to game, p12",
        "defaults": "every reading by default",
        "seat": "Seat", "net": "Mean net a game", "ci": "95% interval", "sd": "sd of one game", "bias": "Bias",
        "prize": "Won a prize",
        "game": "The banker takes {banker} chips a game; a game carries out a pool of {pool} chips on average, "
                "in {rounds} rounds.",
    },
    "ru": {
        "caption": "Что даёт команда. Конов: {games} ({kind}); игроков: {players}; {options}. Посчитано движком "
                   "при сборке сайта.",
        "independent": "независимых, каждый с пустого стола",
        "carried": "одна серия, банк переходит из кона в кон, §12",
        "defaults": "все прочтения по умолчанию",
        "seat": "Место", "net": "Средний итог за кон", "ci": "95-процентный интервал", "sd": "Отклонение за кон",
        "bias": "Перекос", "prize": "Хотя бы один выигрыш",
        "game": "Банкир получает в среднем {banker} фишки за кон; кон оставляет банк в среднем в {pool} фишки; "
                "кругов за кон в среднем: {rounds}.",
    },
}


def block_html(run: Run, text: str, lang: str) -> str:
    """The `::: simulate` block: the command and its result (the seats' table, a line on the game)."""
    s = STRINGS[lang]
    data = figures(run, lang)
    options = ", ".join(f"{k} = {v}" for k, v in run.options) or s["defaults"]
    caption = s["caption"].format(games=number(run.games, lang), kind=s["carried" if run.carry else "independent"],
                                  players=run.players, options=options)
    head = "".join(f"<th scope=\"col\">{html.escape(s[k])}</th>" for k in ("seat", "net", "ci", "sd", "bias", "prize"))
    rows = []
    for seat in data["seats"]:
        places = interval_decimals(seat["net_ci95"])
        cells = [signed(seat["mean_net"], lang, places), plus_minus(number(seat["net_ci95"], lang, places)),
                 number(seat["net_sd"], lang, 2), signed(seat["bias"], lang, 2), percent(seat["prize_chance"], lang, 1)]
        rows.append(f"<tr><th scope=\"row\">{html.escape(seat['name'])}</th>"
                    + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    game = s["game"].format(banker=number(data["banker"]["mean"], lang, 2),
                            pool=number(data["game"]["pool_out"]["mean"], lang, 2),
                            rounds=number(data["game"]["rounds"]["mean"], lang, 1))
    command = html.escape(COMMAND + " " + " ".join(text.split()))
    return (f"<figure class=\"simulate\">\n<pre><code>{command}</code></pre>\n<div class=\"table-scroll\"><table>\n"
            f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table></div>\n"
            f"<p>{html.escape(game)}</p>\n<figcaption>{html.escape(caption)}</figcaption>\n</figure>")


assert set(OPTION)  # the catalogue is loaded: parse_command refuses unknown options by it
