"""The command line: `python -m engine play | replay FILE | simulate N` (see --help)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from statistics import mean

from .game import Game
from .narration import narrate
from .options import Options, OptionError, Table, TableError
from .policy import default_policy, random_policy
from .record import RecordError, read_record
from .session import Session
from .trace import summary


def _table(players: str) -> Table:
    if players.isdigit():
        return Table.default(int(players))
    names = tuple(p.strip() for p in players.split(",") if p.strip())
    return Table(names, "Banker", "Dealer")


def cmd_play(args: argparse.Namespace) -> int:
    options = Options.parse_pairs(args.option)
    game = Game(_table(args.players), options, seed=args.seed)
    printed = 0
    while True:
        for event in game.events[printed:]:
            print(narrate(event, args.lang))
        printed = len(game.events)
        if game.over:
            return 0
        game.apply(default_policy(game))


def cmd_replay(args: argparse.Namespace) -> int:
    record, game = read_record(args.file)
    if args.json:
        out = summary(game)
        out["events"] = [e.to_json() for e in game.events]
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        notes = {n.step: n for n in record.notes}
        for step, event in enumerate(game.events, 1):
            print(f"{step:4d}  {narrate(event, args.lang)}")
            if step in notes:
                print(f"      » {getattr(notes[step], args.lang)}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    options = Options.parse_pairs(args.option)
    table = _table(args.players)
    session = Session(table, options, seed=args.seed)
    policy = random_policy(args.seed) if args.policy == "random" else default_policy
    started = time.perf_counter()
    games = session.play(args.games, policy)
    elapsed = time.perf_counter() - started
    seats = games[0].seats
    stats = {
        "games": len(games),
        "policy": args.policy,
        "options": options.to_mapping(changed_only=True),
        "mean_net": {name: round(mean(g.nets[i] for g in games), 3) for i, name in enumerate(seats)},
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
    else:
        width = max(len(k) for k in stats)
        for key, value in stats.items():
            print(f"{key:<{width}}  {value}")
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
            p.set_defaults(run=cmd_play)
        else:
            p.add_argument("games", type=int, metavar="N")
            p.add_argument("--policy", choices=("default", "random"), default="default")
            p.add_argument("--json", action="store_true")
            p.set_defaults(run=cmd_simulate)
    p = sub.add_parser("replay")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=("en", "ru"), default="en")
    p.set_defaults(run=cmd_replay)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (RecordError, OptionError, TableError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
