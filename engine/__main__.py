"""The command line: `python -m engine play | replay FILE | simulate N | options` (see --help)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any
from math import sqrt
from statistics import mean, stdev

from .actions import Action, parse_action
from .catalogue import DECISIONS
from .errors import EngineError
from .game import BANKER, Game, Phase, even_spread
from .live import DECISION_RULES, LiveError
from .narration import narrate
from .options import CATALOGUE, Options, OptionError, Table, TableError
from .policy import default_policy, random_policy
from .record import RecordError, read_record
from .session import Session
from .trace import summary, trace
from .words import DEFAULT_HOSTS, move_text, paragraphs


def _table(players: str, lang: str = "en") -> Table:
    """A number (the default names of `lang`), or names separated by commas (with the default hosts)."""
    if players.isdigit():
        return Table.default(int(players), lang)
    names = tuple(p.strip() for p in players.split(",") if p.strip())
    return Table(names, *DEFAULT_HOSTS[lang])


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
    print(words["turn"].format(seat=seat, decision=DECISIONS[phase][lang],
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
            print(error.words(lang, you=True))


def cmd_play(args: argparse.Namespace) -> int:
    """A game told in one language; with --seat, that seat's decisions are typed (the others play by
    the default policy)."""
    options = Options.parse_pairs(args.option)
    table = _table(args.players, args.lang)
    game = Game(table, options, seed=args.seed)
    seat = None
    if args.seat is not None:
        given = args.seat.strip()
        if given.isdigit() and 1 <= int(given) <= len(game.seats):
            given = game.seats[int(given) - 1]
        if given.lower() in ("banker", "банкир"):
            seat = BANKER
        elif given in game.seats:
            seat = game.seats.index(given)
        else:
            raise LiveError("no_seat", seat=given, seats=list(game.seats))
    printed = 0
    while True:
        for event in game.events[printed:]:
            print(narrate(event, args.lang))
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
            print(f"{number:4d}  {step['text'][args.lang]}")
            if "note" in step:
                print(f"      » {step['note'][args.lang]}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    """N games of a session (the pool carried from game to game, p12). Each seat's net per game is
    reported as its mean, its standard deviation over the games (`net_sd`, the spread of one game's
    result) and the half-width of the 95% confidence interval of the mean (`net_ci95`, 1.96 sd / √N,
    the normal approximation; the games of a session are nearly but not quite independent, since the
    pool carried in depends on the game before)."""
    options = Options.parse_pairs(args.option)
    table = _table(args.players)
    session = Session(table, options, seed=args.seed)
    policy = random_policy(args.seed) if args.policy == "random" else default_policy
    started = time.perf_counter()
    games = session.play(args.games, policy)
    elapsed = time.perf_counter() - started
    seats = games[0].seats
    nets = {name: [g.nets[i] for g in games] for i, name in enumerate(seats)}
    sd = {name: stdev(values) if len(values) > 1 else 0.0 for name, values in nets.items()}
    stats = {
        "games": len(games),
        "policy": args.policy,
        "options": options.to_mapping(changed_only=True),
        "mean_net": {name: round(mean(values), 3) for name, values in nets.items()},
        "net_sd": {name: round(sd[name], 3) for name in nets},
        "net_ci95": {name: round(1.96 * sd[name] / sqrt(len(games)), 3) for name in nets},
        "banker_mean_net": round(mean(g.banker_net for g in games), 3),
        "mean_rounds": round(mean(g.round for g in games), 3),
        "mean_steps": round(mean(len(g.events) for g in games), 3),
        "mean_decisions": round(mean(len(g.actions) for g in games), 3),
        "mean_pool_carried": round(mean(g.pool for g in games), 3),
        "final_pool": games[-1].pool,
        "games_per_second": round(len(games) / elapsed, 1),
    }
    if args.json:
        print(json.dumps(stats, ensure_ascii=False, indent=1))
        return 0
    per_seat = ("mean_net", "net_sd", "net_ci95")
    width = max(len(k) for k in stats)
    for key, value in stats.items():
        if key not in per_seat:
            print(f"{key:<{width}}  {value}")
    print("net per game by seat: mean ± half-width of its 95% confidence interval (1.96 sd/√N); "
          "sd = standard deviation of one game's net")
    name_width = max(len(name) for name in seats)
    for name in seats:
        print(f"  {name:<{name_width}}  {stats['mean_net'][name]:+8.3f} ± {stats['net_ci95'][name]:.3f}"
              f"   sd {stats['net_sd'][name]:.3f}")
    return 0


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
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="an interpretation, repeatable")
        if name == "play":
            p.add_argument("--lang", choices=("en", "ru"), default="en")
            p.add_argument("--seat", help="play this seat yourself: a name, a number from 1, or banker "
                                          "(for spread=chosen); each decision lists the legal moves' codes")
            p.set_defaults(run=cmd_play)
        else:
            p.add_argument("games", type=int, metavar="N")
            p.add_argument("--policy", choices=("default", "random"), default="default")
            p.add_argument("--json", action="store_true")
            p.set_defaults(run=cmd_simulate)
    p = sub.add_parser("options", help="every option: its values, default, paragraphs and question")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_options)
    p = sub.add_parser("replay")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.set_defaults(run=cmd_replay)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (RecordError, OptionError, TableError, LiveError) as error:
        lang = getattr(args, "lang", "en")
        print(f"{'error' if lang == 'en' else 'ошибка'}: {error.words(lang)}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
