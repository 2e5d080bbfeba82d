"""The command line: `python -m engine play | replay FILE | analyse FILE | simulate N | options` (see --help)."""

from __future__ import annotations

import argparse
import contextlib
import csv
import errno
import json
import multiprocessing
import os
import sys
import time
from typing import Any, Iterable, Iterator, TextIO

from . import limits
from .analysis import KNOWN_SAMPLES, MAX_SAMPLES, MODES, PLAYOFF_DECISIONS, Analysis, analyse
from .actions import Action, parse_action
from .catalogue import DECISIONS
from .errors import EngineError
from .game import BANKER, DECISION_RULES, Game, Phase, even_spread
from .limits import MAX_JOBS, MAX_RUN_GAMES, MAX_SEED, for_terminal, whole_number
from .seat import find_seat
from .narration import move_reason, narrate
from .options import CATALOGUE, Options, Table
from .policy import default_policy
from .record import read_record
from . import stats
from .stats import GameRow, Tally
from .trace import summary, trace
from .words import DEFAULT_HOSTS, move_text, number, paragraphs, signed


def _say(text: str, file: TextIO | None = None, end: str = "\n") -> None:
    """Print a line that may hold what was read (a name, a note, a file's name): no control
    character reaches the terminal (limits.for_terminal)."""
    print(for_terminal(text), end=end, file=file or sys.stdout)


def _table(players: str, lang: str = "en", options: Options | None = None) -> Table:
    """A number (the default names of `lang`), or names separated by commas (with the default hosts).
    Anything written only in digits is a number, and is read as limits.py reads one: "²", "٣" and
    "-3" are refused (p2), not taken for a name."""
    hosts_play = options is not None and options.hosts_play == "yes"
    given = players.strip()
    if given and all(ch.isdigit() or ch in "+-" for ch in given):
        return Table.default(limits.players(given, hosts_play), lang)
    names = [p.strip() for p in players.split(",") if p.strip()]
    limits.seat_names(len(names), hosts_play)
    return Table(tuple(names), *DEFAULT_HOSTS[lang])


def _policy(text: str) -> str:
    """--policy: one of stats.POLICIES, or strong@ and seat numbers from 1 (checked against the table later)."""
    try:
        stats.check_policy(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def _seed(text: str) -> int:
    """One rule for every command: a whole number from 0 to 2**63 - 1 (a record's seed)."""
    return whole_number(text, "seed", 0, maximum=MAX_SEED)


_PROMPT = {
    "en": {"turn": "{seat}, your turn. {decision} ({rule})", "moves": "Moves (type the code on the left):",
           "stake": "Type stake A B C D: four whole numbers >= 1 summing to {total}; evenly: {even}.",
           "ask": "your move> ", "cards": "Cards: rank 2-10, J, Q, K, A, then suit S, H, D, C (TH is the ten "
                                          "of hearts).", "left": "No move typed: the game is left unfinished."},
    "ru": {"turn": "{seat}, ваш ход. {decision} ({rule})", "moves": "Ходы (введите запись слева):",
           "stake": "Введите stake A B C D: четыре целых числа не меньше 1, в сумме {total}; поровну: {even}.",
           "ask": "ваш ход> ", "cards": "Карты: достоинство 2–10, J, Q, K, A (по-русски В, Д, К, Т), затем масть "
                                       "S, H, D, C (по-русски П, Ч, Б, Т); латинская T — десятка, русская Т — туз.",
           "left": "Ход не введён: партия осталась недоигранной."},
}


def _ask(game: Game, seat: str, lang: str) -> Action | None:
    """The seated player's move, typed: the decision, every legal move with its code and its words;
    a refused move is explained and asked again. None at the end of the input."""
    words = _PROMPT[lang]
    phase = game.phase.value
    _say(words["turn"].format(seat=seat, decision=DECISIONS[phase][lang],
                               rule=paragraphs(DECISION_RULES[game.phase], lang)))
    if game.phase is Phase.STAKE:
        print("  " + words["stake"].format(total=game.pool, even=" ".join(str(n) for n in even_spread(game.pool))))
    else:
        legal = game.legal_actions()
        width = max(len(str(a)) for a in legal)
        print("  " + words["moves"])
        for action in legal:
            print(f"    {str(action):<{width}}  {move_text(action, lang, command=True)}")
        print("  " + words["cards"])
    while True:
        try:
            text = input(words["ask"])
        except EOFError:
            print()
            print(words["left"])
            return None
        try:
            action = parse_action(text)
            game.check(action)
            return action
        except EngineError as error:
            _say(error.words(lang, you=True))


def cmd_play(args: argparse.Namespace) -> int:
    """A game told in one language; with --seat, that seat's decisions are typed (the others play by
    the default policy)."""
    options = Options.parse_pairs(args.option)
    table = _table(args.players, args.lang, options)
    game = Game(table, options, seed=_seed(args.seed))
    seat = None
    if args.seat is not None:
        seat = find_seat(game, args.seat, first=1)  # the command line counts places from 1
    printed = 0
    while True:
        for event in game.events[printed:]:
            _say(narrate(event, args.lang))
        printed = len(game.events)
        if game.over:
            return 0
        if seat is not None and game.to_act == seat:
            action = _ask(game, table.banker if seat == BANKER else game.seats[seat], args.lang)
            if action is None:
                return 1
        else:
            action = default_policy(game)
        game.apply(action)


def cmd_replay(args: argparse.Namespace) -> int:
    """A record told step by step in one language (with its names in that language), or as JSON."""
    record, _ = read_record(args.file)
    told = trace(record.in_language(args.lang))
    if args.json:
        out = dict(told["result"])
        out["events"] = [step["event"] for step in told["steps"]]
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        for number, step in enumerate(told["steps"], 1):
            _say(f"{number:4d}  {step['text'][args.lang]}")
            if "note" in step:
                _say(f"      » {step['note'][args.lang]}")
    return 0


_ANALYSE_WORDS = {
    "en": {"decision": "Decision {number}: {seat}", "open": "every hand known", "known": "as {seat} knows it, deals: {samples}",
           "exact": "exact", "estimate": "estimate", "value": "final net", "cost": "cost", "recorded": "recorded",
           "none": "the record has no decision of the play-off",
           "not_playoff": "decision {number} is not a decision of the play-off (the record has {count} decisions, "
                          "numbered from 0)"},
    "ru": {"decision": "Решение {number}: {seat}", "open": "все карты открыты", "known": "как знает {seat}, раздач: {samples}",
           "exact": "точно", "estimate": "оценка", "value": "итог за кон", "cost": "потеря", "recorded": "как в записи",
           "none": "в записи нет решений розыгрыша",
           "not_playoff": "решение {number} — не решение розыгрыша (в записи решений: {count}, они нумеруются с 0)"},
}


def cmd_analyse(args: argparse.Namespace) -> int:
    """What each move of a recorded hand's play-off decisions is worth (engine/analysis.py): every
    decision's moves, or decision --step N's (numbered from 0, as records number them), ranked with
    their values (the mover's final net), costs and, in the known mode, 95% intervals."""
    record, _ = read_record(args.file)
    record = record.in_language(args.lang)
    words = _ANALYSE_WORDS[args.lang]
    samples = whole_number(args.samples, "samples", 2, maximum=MAX_SAMPLES)
    seed = _seed(args.seed)
    step = None if args.step is None else whole_number(args.step, "step", 0, maximum=limits.MAX_RUN_GAMES)
    found: list[tuple[Game, Analysis, str]] = []

    def before(game: Game, action: Action) -> None:
        number = len(game.actions)
        if game.phase in PLAYOFF_DECISIONS and (step is None or number == step):
            found.append((game, analyse(game, args.mode, samples=samples, seed=seed), str(action)))

    game = record.play(before=before, stop=None if step is None else step + 1)
    if not found:
        message = words["none"] if step is None else words["not_playoff"].format(number=step, count=len(game.actions))
        _say(f"{_CLI_WORDS[args.lang]['error']}: {message}", sys.stderr)
        return 2
    if args.json:
        print(json.dumps([{**analysis.to_json(), "who": position.seats[analysis.seat], "recorded": recorded}
                          for position, analysis, recorded in found], ensure_ascii=False, indent=1))
        return 0
    for position, analysis, recorded in found:
        seat = position.seats[analysis.seat]
        mode = words[analysis.mode].format(seat=seat, samples=analysis.samples)
        _say(f"{words['decision'].format(number=analysis.decision, seat=seat)} ({mode}; "
             f"{words['exact' if analysis.exact else 'estimate']})")
        width = max(len(m.move) for m in analysis.moves)
        for move in analysis.moves:
            lang = args.lang
            value = signed(move.value, lang) if move.interval is None else \
                f"{signed(move.value, lang, 2)} ({signed(move.interval[0], lang, 2)} … {signed(move.interval[1], lang, 2)})"
            cost = number(move.cost, lang, 0 if move.interval is None else 2)
            mark = f"  {words['recorded']}" if move.move == recorded else ""
            print(f"  {move.rank:3d}  {move.move:<{width}}  {words['value']} {value}  {words['cost']} {cost}{mark}")
        # The best move and the recorded one, in words.
        for move in analysis.moves:
            if move.rank == 1 or move.move == recorded:
                _say(f"       {move_reason(move, seat, position.seats, args.lang)}")
    return 0


def _chunk(job: tuple[Table, Options, int, int, int, str, bool]) -> tuple[Tally, list[GameRow]]:
    """Games start .. start + count - 1 of a run: their tally, and their rows when a CSV is written
    (a worker process's job; a module-level function, so that it can be sent to one)."""
    table, options, seed, start, count, policy, keep = job
    tally, kept = Tally(len(table.players), options, seed, policy, start=start), []
    for row in stats.rows(table, options, seed, start, count, policy):
        tally.add(row)
        if keep:
            kept.append(row)
    return tally, kept


class _Progress:
    """A progress bar on stderr, redrawn at most five times a second; silent when not wanted."""

    def __init__(self, total: int, shown: bool) -> None:
        self.total, self.shown, self.started, self.drawn = total, shown, time.perf_counter(), 0.0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if not self.shown or (now - self.drawn < 0.2 and done < self.total):
            return
        self.drawn = now
        width = 30
        filled = width * done // self.total
        print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} games {100 * done // self.total:3d}% "
              f"{now - self.started:.1f} s", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.shown:
            print(file=sys.stderr, flush=True)


def cmd_simulate(args: argparse.Namespace) -> int:
    """N independent games (engine/stats.py): game k is dealt as a session seeded --seed would deal
    its game k, from an empty pool, so the games can be spread over --jobs processes, in chunks of
    consecutive games, with the same figures for any number of jobs. --carry plays a session
    instead (the pool carried from game to game, p12), in one process. The figures go to stdout
    (--json: as data), the time taken and the progress bar to stderr; --csv FILE writes a row per
    game, in game order."""
    options = Options.parse_pairs(args.option)
    count = whole_number(args.games, "games", 1, maximum=MAX_RUN_GAMES)
    jobs = whole_number(args.jobs, "jobs", 1, maximum=MAX_JOBS)
    seed = _seed(args.seed)
    table = _table(args.players, args.lang, options)
    table.check(options)
    if args.carry and jobs > 1:
        words = _CLI_WORDS[args.lang]
        _say(f"{words['error']}: {words['carry']}", sys.stderr)
        return 2
    names = table.seats(options)
    strong = stats.strong_seats(args.policy)
    if strong is not None and max(strong) >= len(names):
        _say(f"{_CLI_WORDS[args.lang]['error']}: " + _CLI_WORDS[args.lang]["strong_seat"].format(
            policy=args.policy, seats=len(names)), sys.stderr)
        return 2
    progress = _Progress(count, args.progress or (sys.stderr.isatty() and not args.json))
    try:
        out = open(args.csv, "w", newline="", encoding="utf-8") if args.csv else None
        writer = csv.writer(out) if out else None
        if writer:
            writer.writerow(stats.csv_header(names))
    except OSError as error:
        raise CsvError(args.csv, error) from None
    started = time.perf_counter()
    try:
        if args.carry:
            total = Tally(len(table.players), options, seed, args.policy, carry=True)
            for row in stats.session_rows(table, options, seed, count, args.policy):
                total.add(row)
                if writer:
                    _write_csv(args.csv, lambda: writer.writerow(stats.csv_row(row, options)))
                progress.update(total.games)
        else:
            # Chunks small enough that the processes finish together (a dozen or more each), at most
            # SIMULATE_CHUNK games so that the progress bar moves; made as the processes take them.
            size = max(1, min(SIMULATE_CHUNK, -(-count // (16 * jobs))))
            chunks = -(-count // size)

            def work() -> Iterator[tuple[Table, Options, int, int, int, str, bool]]:
                for first in range(0, count, size):
                    yield table, options, seed, first, min(size, count - first), args.policy, writer is not None

            total = Tally(len(table.players), options, seed, args.policy)
            with contextlib.ExitStack() as stack:
                if jobs > 1:
                    pool = stack.enter_context(multiprocessing.get_context().Pool(min(jobs, chunks)))
                    results: Iterable[tuple[Tally, list[GameRow]]] = pool.imap(_chunk, work())
                else:
                    results = map(_chunk, work())
                for tally, kept in results:  # in game order
                    total.merge(tally)
                    if writer:
                        _write_csv(args.csv, lambda: writer.writerows(stats.csv_row(row, options) for row in kept))
                    progress.update(total.games)
    finally:
        progress.close()
        if out:
            _write_csv(args.csv, out.close)
    elapsed = time.perf_counter() - started
    figures = total.figures(args.lang, names)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False, indent=1))
    else:
        _print_figures(figures)
    print(f"{count} games in {elapsed:.2f} s: {count / elapsed:.0f} games/s, {jobs} job{'s' if jobs > 1 else ''}",
          file=sys.stderr)
    return 0


SIMULATE_CHUNK = 250  # games a process plays between two reports: a progress step, a slice of the CSV


class CsvError(Exception):
    """The CSV file of `simulate --csv` could not be written (the disk is full, it may not be written…)."""

    def __init__(self, path: str, error: OSError) -> None:
        super().__init__(path)
        self.path, self.errno, self.strerror = path, error.errno, error.strerror or type(error).__name__


def _write_csv(path: str, write: Any) -> None:
    try:
        write()
    except OSError as error:
        raise CsvError(path, error) from None


# The command line's own messages (the engine's refusals are narration's), and why a file could not
# be written, by errno (the system's own words are English only).
_CLI_WORDS = {
    "en": {"error": "error", "carry": "--carry plays a session, each game after the one before: it needs --jobs 1",
           "csv": "--csv {path}: the file cannot be written: {why}",
           "bug": "the engine failed on this input ({kind}): this is an engine problem, not a mistake of yours; "
                  "please report it with the command you typed",
           "interrupted": "interrupted",
           "strong_seat": "--policy {policy}: a seat's number is from 1 to {seats}"},
    "ru": {"error": "ошибка", "carry": "--carry играет сессию, кон за коном: нужно --jobs 1",
           "csv": "--csv {path}: в этот файл нельзя записать: {why}",
           "bug": "движок не справился с этими данными ({kind}): это ошибка движка, а не ваша; сообщите о ней, "
                  "приложив введённую команду",
           "interrupted": "прервано",
           "strong_seat": "--policy {policy}: номер места — от 1 до {seats}"},
}
_ERRNO_WORDS = {
    errno.ENOSPC: ("no space is left on the device", "на диске не осталось места"),
    errno.EACCES: ("permission denied", "нет прав на запись"),
    errno.EPERM: ("permission denied", "нет прав на запись"),
    errno.EROFS: ("the file system is read-only", "файловая система только для чтения"),
    errno.EISDIR: ("it is a folder", "это папка"),
    errno.ENOENT: ("there is no such folder", "такой папки нет"),
    errno.ENOTDIR: ("a part of the path is not a folder", "часть пути — не папка"),
    errno.EINVAL: ("this file does not take writing", "этот файл не принимает записи"),
    errno.EIO: ("an input/output error", "ошибка ввода-вывода"),
}


def _print_figures(f: dict[str, Any]) -> None:
    options = ", ".join(f"{k}={v}" for k, v in f["options"].items()) or "the defaults"
    pool = ("carried from game to game (a session, p12)" if f["pool"] == "carried" else
            "empty at the start of every game (independent games)")
    print(f"games     {f['games']} (seed {f['seed']}, policy {f['policy']}), {f['players']} players, options: {options}")
    print(f"pool      {pool}")
    print("net per game by seat: mean ± half-width of its 95% confidence interval (1.96 sd/√N); "
          "sd = standard deviation of one game's net; bias = the mean less the mean of all seats; "
          "prize = the chance of winning at least one prize (p5)")
    width = max(len(s["name"]) for s in f["seats"])
    for s in f["seats"]:
        print(f"  {s['name']:<{width}}  {s['mean_net']:+8.3f} ± {s['net_ci95']:.3f}   sd {s['net_sd']:.3f}"
              f"   bias {s['bias']:+.3f}   paid {s['mean_paid']:.3f}   won {s['mean_won']:.3f}"
              f"   fines {s['mean_fines']:.3f}   prize {100 * s['prize_chance']:.1f}%")
    b, g = f["banker"], f["game"]
    print(f"banker    {b['mean']:+.3f} ± {b['ci95']:.3f} a game (sd {b['sd']:.3f}); takes something in "
          f"{100 * b['share_positive']:.1f}% of games")
    # The fines laid apart to be played for (fines_to, p12) and the kitty kept apart (kitty, p15), when kept.
    apart = [(key, label) for key, label, option in (("prize_out", "prize out", "fines_to"),
                                                      ("kitty_out", "kitty out", "kitty")) if option in f["options"]]
    for key, label in (("rounds", "rounds"), ("steps", "steps"), ("decisions", "decisions"), ("fines", "fines"),
                       ("pool_out", "pool out"), *apart, ("pool_in", "pool in")):
        m = g[key]
        span = f" (from {m['min']} to {m['max']})" if "min" in m else ""
        print(f"{label:<9} {m['mean']:.3f} a game, sd {m['sd']:.3f}{span}")
    for way in f["playoff"]:
        print(f"play-off  {way['way']}: {100 * way['share']:.1f}% of games, fines {way['mean_fines']:.3f} a game "
              f"(sd {way['fines_sd']:.3f})")


_OPTION_WORDS = {
    "en": {"values": "values", "default": "default", "number": "a whole number ≥ {minimum}, default {default}",
           "suit_fines": "a fine per suit, default {default}"},
    "ru": {"values": "значения", "default": "по умолчанию",
           "number": "целое число не меньше {minimum}, по умолчанию {default}",
           "suit_fines": "штраф за каждую масть, по умолчанию {default}"},
}


def options_listing(lang: str) -> list[dict[str, Any]]:
    """Every option as the catalogue gives it (engine/options.py), in one language."""
    default = Options().to_mapping()
    return [{"key": info.key, "rules": list(info.rules), "kind": info.kind, "label": info.label[lang],
             "question": info.question[lang], "default": default[info.key],
             "values": [{"value": c.value, "label": c.label[lang], "reading": c.reading[lang] if c.reading else None}
                        for c in info.choices],
             **({"minimum": info.minimum} if info.kind == "number" else {})}
            for info in CATALOGUE]


def cmd_options(args: argparse.Namespace) -> int:
    listing = options_listing(args.lang)
    if args.json:
        print(json.dumps(listing, ensure_ascii=False, indent=1))
        return 0
    words = _OPTION_WORDS[args.lang]
    for number, option in enumerate(listing):
        if number:
            print()
        print(f"{option['key']} ({paragraphs(option['rules'], args.lang)}): {option['label']}")
        if option["kind"] == "choice":
            values = ", ".join(f"{v['value']} ({words['default']})" if v["value"] == option["default"] else v["value"]
                               for v in option["values"])
            print(f"  {words['values']}: {values}")
            for v in option["values"]:
                print(f"    {v['value']}: {v['label']}" + (f". {v['reading']}" if v["reading"] else ""))
        elif option["kind"] == "number":
            print("  " + words["number"].format(minimum=option["minimum"], default=option["default"]))
        else:
            print("  " + words["suit_fines"].format(default=option["default"]))
        print(f"  {option['question']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Card Lottery («Карточная лотерея»)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("play", "simulate"):
        p = sub.add_parser(name)
        p.add_argument("--players", default="4", help="a number, or names separated by commas (default 4)")
        p.add_argument("--seed", default="0", help="a whole number from 0 to 2**63 - 1 (default 0)")
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="an interpretation, repeatable")
        if name == "play":
            p.add_argument("--lang", choices=("en", "ru"), default="en")
            p.add_argument("--seat", help="play this seat yourself: a name, a number from 1, or banker "
                                          "(for spread=chosen); each decision lists the legal moves' codes")
            p.set_defaults(run=cmd_play)
        else:
            p.add_argument("games", metavar="N",
                           help="games: independent games from an empty pool, game k dealt as a session seeded "
                                "--seed deals its game k (engine/stats.py)")
            p.add_argument("--policy", type=_policy, default="default", metavar="{default,random,strong@SEAT}",
                           help="the computer players: the default policy, or uniform over the legal moves "
                                "(seeded from each game's seed), or the strong player (engine/strong.py) at the "
                                "seats named by number from 1 (strong@2, strong@1,3) among default players")
            p.add_argument("--jobs", default="1", metavar="J",
                           help="processes to spread the games over (the same figures for any J)")
            p.add_argument("--csv", metavar="FILE", help="write a row per game (seed, options, nets, rounds...)")
            p.add_argument("--carry", action="store_true",
                           help="a session: the pool carried from game to game (p12), in one process")
            p.add_argument("--progress", action="store_true", help="a progress bar on stderr even when it is "
                                                                   "not a terminal, or with --json")
            p.add_argument("--lang", choices=("en", "ru"), default="en", help="the default names' language")
            p.add_argument("--json", action="store_true")
            p.set_defaults(run=cmd_simulate)
    p = sub.add_parser("options", help="every option: its values, default, paragraphs and question")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_options)
    p = sub.add_parser("analyse", help="what each move of a record's play-off decisions is worth")
    p.add_argument("file")
    p.add_argument("--step", metavar="N", help="only decision N (numbered from 0, as the record's moves)")
    p.add_argument("--mode", choices=MODES, default="open",
                   help="open: every hand known; known: as the player knows it, the unseen cards dealt again")
    p.add_argument("--samples", default=str(KNOWN_SAMPLES), metavar="N", help="deals in the known mode")
    p.add_argument("--seed", default="0", help="the known mode's deals: a whole number from 0 to 2**63 - 1")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.set_defaults(run=cmd_analyse)
    p = sub.add_parser("replay")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.set_defaults(run=cmd_replay)
    args = parser.parse_args(argv)
    lang = getattr(args, "lang", "en")
    words = _CLI_WORDS[lang]
    try:
        code = int(args.run(args))
        sys.stdout.flush()  # (here, so that a closed pipe is met below, not at exit)
        return code
    except EngineError as error:  # the input refused: what is wrong, where (file:line) and the paragraph
        _say(f"{words['error']}: {error.words(lang)}", sys.stderr)
        return 2
    except CsvError as error:
        why = _ERRNO_WORDS.get(error.errno or 0, (error.strerror, error.strerror))[0 if lang == "en" else 1]
        _say(f"{words['error']}: {words['csv'].format(path=error.path, why=why)}", sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as a Unix tool does
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        _say(f"\n{words['interrupted']}", sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001 - a bug of the engine: said in a sentence, not a traceback
        _say(f"{words['error']}: {words['bug'].format(kind=type(error).__name__)}", sys.stderr)
        return 70  # EX_SOFTWARE


if __name__ == "__main__":
    sys.exit(main())
