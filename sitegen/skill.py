"""The figures of the numbers lesson's "Skill and luck", from the games `scripts/skill_games.py` played.

The strong player takes about a third of a CPU-second a game, and the section rests on 10,000 games
a case, each played twice (engine/skill.py): hours, which no build can spend. So the games are
played once by the script into `lessons/data/skill-games.csv` (one row a game: the case, the game's
number, the strong seat, its net played by the strong player and by the default one), and the build

- reads the file, every row checked (`path:line` for a bad one, and for a case whose games are not
  0 .. n-1);
- plays again CHECKED games of each case, chosen by the file's hash, and stops with the row's line
  when the engine does not play them to the nets the file gives (the engine changed since: the
  script says how to play them again). The check is kept in `.cache/skill/` under the engine's
  sources and the file's bytes, so a warm build replays nothing;
- computes every figure from the rows (engine/skill.py `figures`), which the prose cites as
  `{{numbers:skill.PLAYOFF.PLAYERS.KEY}}` (`skill.tricks.5.gain`), as the lesson's other figures.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from . import BuildError, shown
from .cache import Store, engine_digest, key

FILE = Path("data") / "skill-games.csv"  # under the lessons' folder
CHECKED = 2  # games of each case played again by the build
STORE = Store("skill", keep=20)
COMMAND = "python scripts/skill_games.py"


def read_skill(lessons: Path) -> dict[str, Any] | None:
    """The section's figures (engine/skill.py `figures`) from the lessons' games file, checked
    against the engine; None when the lessons have no such file."""
    from engine.skill import GamesFileError, figures, grouped, play_pair, read_games

    path = lessons / FILE
    if not path.is_file():
        return None
    data = path.read_bytes()
    try:
        read = read_games(data.decode("utf-8"))
    except GamesFileError as error:
        raise BuildError([f"{shown(path)}:{line}: {text} (made by `{COMMAND}`)" if line == 1 else
                          f"{shown(path)}:{line}: {text}" for line, text in error.problems]) from None
    pairs = [pair for _, pair in read]
    lines = {(pair.playoff, pair.players, pair.game): line for line, pair in read}
    try:
        cases = grouped(pairs)
    except ValueError as error:
        raise BuildError(f"{shown(path)}:1: {error} (each case's games are 0 .. n-1, once each: `{COMMAND}` "
                         "plays what is missing)") from None
    entry = key("skill", engine_digest(entry="skill"), data)
    if STORE.get(entry) is None:
        for (playoff, players), games in sorted(cases.items()):
            for which in range(CHECKED):
                drawn = hashlib.sha256(data + f"{playoff},{players},{which}".encode()).digest()
                chosen = games[int.from_bytes(drawn[:8], "big") % len(games)]
                played = play_pair(playoff, players, chosen.game)
                if played != chosen:
                    line = lines[playoff, players, chosen.game]
                    raise BuildError(
                        f"{shown(path)}:{line}: {playoff}, {players} players, game {chosen.game}: the engine plays "
                        f"the strong seat's net to {played.strong} (default {played.default}), the file says "
                        f"{chosen.strong} ({chosen.default}); the engine has changed since the file was made: "
                        f"move it away and run `{COMMAND}` to play the games again")
        STORE.put(entry, True)
    return figures(pairs)


# ---------------------------------------------------------------------------- the `::: skill` block


STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "command": "python scripts/skill_games.py",
        "case": "Play-off", "gain": "Gain a game", "spread": "Spread of a game's net",
        "to_show": "Games for skill to show",
        "by_seat": "The gain by seat (chips a game, with its 95% interval)",
        "caption": "Game k of each case (k from 0, seed 0, every other reading by default) is played twice with the "
                   "same decks: with the strong computer player at seat k mod n + 1 among default computer players, "
                   "then with default players only. Gain: the strong seat's net less the default player's with the "
                   "same decks, the mean "
                   "with its 95% interval. Spread: the standard deviation of the strong seat's net from one game to "
                   "the next. Games for skill to show: (1.96 × spread ÷ gain)², rounded up; “—” where the gain's "
                   "interval does not lie above zero.",
        "none": "—",
    },
    "ru": {
        "command": "python scripts/skill_games.py",
        "case": "Розыгрыш", "gain": "Перевес за кон", "spread": "Разброс итога кона",
        "to_show": "Конов, чтобы перевес стал виден",
        "by_seat": "Перевес по местам (фишек за кон, с 95-процентным интервалом)",
        "caption": "Кон k каждого случая (k от 0, начальное число 0, остальные прочтения по умолчанию) играется дважды с "
                   "теми же колодами: сначала сильный игрок-компьютер сидит на месте k mod n + 1 среди обычных "
                   "игроков-компьютеров, затем играют одни обычные игроки. Перевес — итог места сильного игрока "
                   "минус итог обычного игрока при тех же колодах: среднее с 95-процентным интервалом. Разброс — стандартное отклонение итога места "
                   "сильного игрока от кона к кону. Конов, чтобы перевес стал виден: (1,96 × разброс ÷ перевес)², "
                   "с округлением вверх; «—» там, где интервал перевеса не лежит целиком выше нуля.",
        "none": "—",
    },
}


def block_html(figures: dict[str, Any], lang: str) -> str:
    """The `::: skill` block: each case's games, gain, spread and the games it takes for skill to
    show, then the gain by seat; narrow enough for a phone (each case one row head, a figure's
    interval on a line of its own when the column is narrow)."""
    from html import escape

    from engine.catalogue import catalogue
    from engine.options import Options, Table
    from engine.words import count, interval_decimals, number, plus_minus, signed

    s = STRINGS[lang]
    ways = {c["value"]: c["label"] for o in catalogue(lang)["options"] if o["key"] == "playoff" for c in o["choices"]}

    def gain(mean: float | None, half: float | None) -> str:
        if mean is None or half is None:  # a seat with no game yet
            return escape(s["none"])
        places = interval_decimals(half)
        return f"{escape(signed(mean, lang, places))} <span class=\"nowrap\">{escape(plus_minus(number(half, lang, places)))}</span>"

    head = "".join(f"<th scope=\"col\">{escape(s[k])}</th>" for k in ("case", "gain", "spread", "to_show"))
    rows, seat_rows = [], []
    for way, cases in figures.items():
        for players, case in cases.items():
            label = f"{escape(ways[way])}, <span class=\"nowrap\">{escape(count(int(players), 'player', lang))}</span>"
            games = escape(count(case["games"], "game", lang))
            shown_to = number(case["games_to_show"], lang) if case["games_to_show"] is not None else s["none"]
            rows.append(f"<tr><th scope=\"row\">{label}, <span class=\"nowrap\">{games}</span></th>"
                        f"<td>{gain(case['gain'], case['gain_ci95'])}</td><td>{escape(number(case['net_sd'], lang, 2))}</td>"
                        f"<td>{escape(shown_to)}</td></tr>")
            names = Table.default(int(players), lang).seats(Options())
            by_seat = "; ".join(f"<span class=\"nowrap\">{escape(name)} {gain(seat['gain'], seat['gain_ci95'])}</span>"
                                for name, seat in zip(names, case["seats"]))
            seat_rows.append(f"<tr><th scope=\"row\">{label}</th><td>{by_seat}</td></tr>")
    return (f"<figure class=\"simulate skill\">\n<pre><code>{escape(s['command'])}</code></pre>\n"
            f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows) + "\n</tbody>\n</table>\n"
            f"<table>\n<thead><tr><th scope=\"col\">{escape(s['case'])}</th><th scope=\"col\">{escape(s['by_seat'])}"
            f"</th></tr></thead>\n<tbody>\n" + "\n".join(seat_rows) + "\n</tbody>\n</table>\n"
            f"<figcaption>{escape(s['caption'])}</figcaption>\n</figure>")
