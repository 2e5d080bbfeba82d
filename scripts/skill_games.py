"""Play the games of the numbers lesson's "Skill and luck" (engine/skill.py) into its file.

    python scripts/skill_games.py [--games N] [--jobs J] [--chunk C] [--file PATH]

Each case (a way of playing off, at 3 and at 5 players) gets its games 0 .. N-1 (default 10,000),
each played twice on the same deal (`engine.skill.play_pair`). The strong player takes about a
third of a CPU-second a game, so the 60,000 games take hours: the script resumes where the file
stops, plays the cases in turn, C games at a time, and adds each chunk to the file as soon as it is
played, so it can be stopped at any moment (Ctrl-C) and run again. The file is rewritten sorted
(by case, then game) when the script stops; the build reads it (sitegen/skill.py), checks that its
games are what the engine plays, and computes the lesson's figures from it.
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.skill import CSV_HEADER, PLAYOFFS, SIZES, GamesFileError, Pair, play_pair, read_games  # noqa: E402

FILE = ROOT / "lessons" / "data" / "skill-games.csv"


def read(path: Path) -> list[Pair]:
    if not path.exists():
        return []
    try:
        return [pair for _, pair in read_games(path.read_text(encoding="utf-8"))]
    except GamesFileError as error:
        sys.exit("\n".join(f"{path}:{line}: {text}" for line, text in error.problems))


def write_sorted(path: Path, pairs: list[Pair]) -> None:
    order = sorted(pairs, key=lambda p: (PLAYOFFS.index(p.playoff), p.players, p.game))
    temporary = path.with_suffix(".tmp")
    with temporary.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(CSV_HEADER)
        writer.writerows(p.csv_fields() for p in order)
    os.replace(temporary, path)


def play_chunk(job: tuple[str, int, int, int]) -> list[Pair]:
    playoff, players, start, count = job
    return [play_pair(playoff, players, k) for k in range(start, start + count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="games a case (default 10,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--chunk", type=int, default=50, help="games a case plays before the next case's turn")
    parser.add_argument("--file", type=Path, default=FILE)
    args = parser.parse_args()
    pairs = read(args.file)
    have = {(playoff, players): 0 for playoff in PLAYOFFS for players in SIZES}
    for pair in pairs:
        have[pair.playoff, pair.players] += 1
    jobs = []
    for start in range(0, args.games, args.chunk):
        for (playoff, players), count in have.items():
            begin = max(start, count)
            end = min(start + args.chunk, args.games)
            if begin < end:
                jobs.append((playoff, players, begin, end - begin))
    print(f"{args.file}: {len(pairs)} games; {sum(j[3] for j in jobs)} to play, {args.jobs} processes", flush=True)
    args.file.parent.mkdir(parents=True, exist_ok=True)
    if not args.file.exists():
        write_sorted(args.file, [])
    started = time.perf_counter()
    try:
        with multiprocessing.Pool(args.jobs) as pool, args.file.open("a", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            for done, played in enumerate(pool.imap(play_chunk, jobs), 1):
                writer.writerows(p.csv_fields() for p in played)
                handle.flush()
                pairs += played
                print(f"{done}/{len(jobs)} chunks, {time.perf_counter() - started:.0f} s", flush=True)
    except KeyboardInterrupt:
        print("stopped: the games played so far are kept", flush=True)
    finally:
        write_sorted(args.file, read(args.file))


if __name__ == "__main__":
    main()
