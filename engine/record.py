"""Annotated hands: the portable record of one game, in TOML.

    seed = 7                      # or a [decks] table with both deck orders, top card first
    pool = 0                      # optional: chips carried in from the last game (p12)
    moves = ["lead 7H 7S", "beat 7H>9H 7S>QS", "take"]

    [table]
    players = ["Anna", "Boris", "Vera"]
    banker = "Father"
    dealer = "Mother"

    [options]                     # any keys of the interpretations; missing keys take defaults
    playoff = "beating"

    [[notes]]                     # a comment on a step (1 = the first event), in both languages
    step = 12
    en = "Boris holds the queen of spades."
    ru = "У Бориса дама пик."

Moves are the decisions in order. Each move is applied at the next decision of its kind
(`stake` at the banker's spread; `lead`, `beat`/`take` in the play-off by beating; `play`
by tricks); a decision the file leaves out is made by the default policy. Reading is lax,
writing (`write_record`) canonical: all options, every decision, so the text is byte-stable.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .actions import Action, NotationError, parse_action
from .cards import Card, CardError, check_deck, format_cards
from .game import DECISION_MOVES, Game, IllegalMove
from .options import OPTION, Options, OptionError, Table, TableError
from .policy import Policy, default_policy


class RecordError(ValueError):
    """A record that cannot be read: the message starts with `file:line:`."""


@dataclass(frozen=True)
class Note:
    step: int
    en: str
    ru: str


@dataclass
class Record:
    table: Table
    options: Options = field(default_factory=Options)
    seed: int = 0
    decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    pool: int = 0
    moves: list[Action] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    def new_game(self, observer: Callable[[Game, Any], None] | None = None) -> Game:
        return Game(self.table, self.options, seed=self.seed, decks=self.decks, pool=self.pool, observer=observer)

    def play(self, observer: Callable[[Game, Any], None] | None = None, policy: Policy = default_policy,
             where: Callable[[int], str] = lambda i: f"move {i + 1}") -> Game:
        """The game of this record: its moves at the decisions of their kind, the policy for the rest."""
        game = self.new_game(observer)
        pending = 0
        while not game.over:
            move = self.moves[pending] if pending < len(self.moves) else None
            if move is not None and isinstance(move, DECISION_MOVES[game.phase]):
                try:
                    game.apply(move)
                except IllegalMove as error:
                    raise RecordError(f"{where(pending)}: {error}") from None
                pending += 1
            else:
                game.apply(policy(game))
        if pending < len(self.moves):
            raise RecordError(f"{where(pending)}: {self.moves[pending]!s} was never played: the game ended "
                              f"with no decision of its kind left (options: spread={self.options.spread}, "
                              f"playoff={self.options.playoff})")
        return game


_TOP_KEYS = {"seed", "pool", "moves", "table", "options", "decks", "notes"}


def read_record(path: str | Path) -> tuple[Record, Game]:
    """Read and replay a record file; every error names the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot read: {error}") from None
    return parse_record(text, str(path))


def parse_record(text: str, name: str = "<record>") -> tuple[Record, Game]:
    locate = _Locator(text, name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"\(at line (\d+), column \d+\)", str(error))
        line = match.group(1) if match else "1"
        raise RecordError(f"{name}:{line}: not valid TOML: {str(error).split(' (at line')[0]}") from None

    for key in data:
        if key not in _TOP_KEYS:
            raise RecordError(locate.key(key, f"unknown key {key!r} (known: {', '.join(sorted(_TOP_KEYS))})"))

    table_data = data.get("table")
    if not isinstance(table_data, dict):
        raise RecordError(f"{name}:1: a record needs a [table] with players, banker and dealer")
    players = table_data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(locate.key("players", "[table] players must be a list of names", "table"))
    for key in ("banker", "dealer"):
        if not isinstance(table_data.get(key), str):
            raise RecordError(locate.key(key, f"[table] {key} must be a name", "table"))
    for key in table_data:
        if key not in ("players", "banker", "dealer"):
            raise RecordError(locate.key(key, f"unknown key {key!r} in [table] (players, banker, dealer)", "table"))
    table = Table(tuple(players), table_data["banker"], table_data["dealer"])

    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise RecordError(locate.key("options", "options must be a table [options]"))
    for key, value in options_data.items():
        try:
            Options.from_mapping({key: value})
        except OptionError as error:
            raise RecordError(locate.key(key, str(error), "options")) from None
    options = Options.from_mapping(options_data)
    try:
        table.check(options)
    except TableError as error:
        raise RecordError(locate.key("players", str(error), "table")) from None

    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RecordError(locate.key("seed", f"seed must be a whole number >= 0, got {seed!r}"))
    pool = data.get("pool", 0)
    if not isinstance(pool, int) or isinstance(pool, bool) or pool < 0:
        raise RecordError(locate.key("pool", f"pool must be a whole number >= 0, got {pool!r}"))

    decks = None
    if "decks" in data:
        decks_data = data["decks"]
        if not isinstance(decks_data, dict) or set(decks_data) != {"banker", "dealer"}:
            raise RecordError(f"{name}:{locate.header_line('decks') + 1}: [decks] needs exactly banker and dealer, "
                              "52 cards each")
        decks = (_read_deck(decks_data["banker"], "banker", locate), _read_deck(decks_data["dealer"], "dealer", locate))
    elif "seed" not in data:
        raise RecordError(f"{name}:1: give a seed or a [decks] table with both deck orders")

    moves_data = data.get("moves", [])
    if not isinstance(moves_data, list) or not all(isinstance(m, str) for m in moves_data):
        raise RecordError(locate.key("moves", "moves must be a list of strings like \"lead 7H 7S\""))
    moves: list[Action] = []
    for i, text_move in enumerate(moves_data):
        try:
            moves.append(parse_action(text_move))
        except NotationError as error:
            raise RecordError(locate.item("moves", i, str(error))) from None

    record = Record(table, options, seed, decks, pool, moves, [])
    game = record.play(where=lambda i: locate.item("moves", i, f"move {i + 1}"))

    notes_data = data.get("notes", [])
    if not isinstance(notes_data, list):
        raise RecordError(locate.key("notes", "notes must be [[notes]] tables with step, en and ru"))
    steps = len(game.events)
    for i, note in enumerate(notes_data):
        where = locate.table_item("notes", i)
        if not isinstance(note, dict) or set(note) != {"step", "en", "ru"}:
            raise RecordError(f"{where}: a note has exactly step, en and ru")
        step = note["step"]
        if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= steps:
            raise RecordError(f"{where}: step {step!r} is not a step of this game (1 to {steps})")
        if not isinstance(note["en"], str) or not isinstance(note["ru"], str) or not note["en"].strip() \
                or not note["ru"].strip():
            raise RecordError(f"{where}: a note needs en and ru text")
        record.notes.append(Note(step, note["en"].strip(), note["ru"].strip()))
    if len({n.step for n in record.notes}) != len(record.notes):
        raise RecordError(locate.key("notes", "two notes on the same step"))
    return record, game


def _read_deck(value: Any, which: str, locate: _Locator) -> tuple[Card, ...]:
    tokens = value.split() if isinstance(value, str) else value
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise RecordError(locate.key(which, f"[decks] {which} must be 52 cards, top first", "decks"))
    cards = []
    for i, token in enumerate(tokens):
        try:
            cards.append(Card.parse(token))
        except CardError as error:
            at = locate.item(which, i, str(error), "decks") if not isinstance(value, str) else \
                locate.key(which, str(error), "decks")
            raise RecordError(at) from None
    try:
        return check_deck(cards, which)
    except CardError as error:
        raise RecordError(locate.key(which, str(error), "decks")) from None


class _Locator:
    """Finds the line of a key, an array item or an array-of-tables entry, for error messages."""

    _STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')

    def __init__(self, text: str, name: str) -> None:
        self.lines, self.name = text.splitlines(), name

    def _section(self, section: str | None) -> tuple[int, int]:
        """The line range of a [section] (or of the top level before any table)."""
        start, end = 0, len(self.lines)
        headers = [(i, line.strip()) for i, line in enumerate(self.lines) if line.strip().startswith("[")]
        if section is None:
            return 0, headers[0][0] if headers else end
        for k, (i, header) in enumerate(headers):
            if header.strip("[] ") == section:
                start = i
                end = headers[k + 1][0] if k + 1 < len(headers) else end
                return start, end
        return start, end

    def header_line(self, section: str) -> int:
        """The line of `[section]` (0 when there is none)."""
        return next((i for i, line in enumerate(self.lines) if line.strip().strip("[] ") == section), 0)

    def key_line(self, key: str, section: str | None = None) -> int:
        start, end = self._section(section)
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for i in range(start, end):
            if pattern.match(self.lines[i]):
                return i
        return start

    def key(self, key: str, message: str, section: str | None = None) -> str:
        return f"{self.name}:{self.key_line(key, section) + 1}: {message}"

    def item(self, key: str, index: int, message: str, section: str | None = None) -> str:
        line = self.key_line(key, section)
        seen = 0
        for i in range(line, len(self.lines)):
            text = self.lines[i].split("=", 1)[-1] if i == line else self.lines[i]
            for _ in self._STRING.finditer(text):
                if seen == index:
                    return f"{self.name}:{i + 1}: {message}"
                seen += 1
        return f"{self.name}:{line + 1}: {message}"

    def table_item(self, key: str, index: int) -> str:
        headers = [i for i, line in enumerate(self.lines) if line.strip() == f"[[{key}]]"]
        line = headers[index] if index < len(headers) else 0
        return f"{self.name}:{line + 1}: [[{key}]] number {index + 1}"


# ---------------------------------------------------------------------- writing


def _toml_str(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    escaped = "".join(ch if ord(ch) >= 0x20 and ch != "\x7f" else f"\\u{ord(ch):04x}" for ch in escaped)
    return f'"{escaped}"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return _toml_str(str(value))


def write_record(game: Game, notes: list[Note] | tuple[Note, ...] = ()) -> str:
    """The canonical record of a game: every option, every decision made, the notes by step."""
    lines = ["# Card Lottery: the record of one game (seed or decks, moves, table, options, notes)."]
    lines.append(f"seed = {game.seed}")
    lines.append(f"pool = {game.pool_in}")
    if game.actions:
        lines.append("moves = [")
        lines += [f"  {_toml_str(str(a))}," for a in game.actions]
        lines.append("]")
    else:
        lines.append("moves = []")
    lines += ["", "[table]", "players = [" + ", ".join(_toml_str(p) for p in game.table.players) + "]",
              f"banker = {_toml_str(game.table.banker)}", f"dealer = {_toml_str(game.table.dealer)}",
              "", "[options]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in game.options.to_mapping().items()]
    if game.given_decks is not None:
        lines += ["", "[decks]"]
        for which, deck in zip(("banker", "dealer"), game.given_decks):
            rows = [format_cards(deck[i:i + 13]) for i in range(0, 52, 13)]
            lines.append(f"{which} = [")
            lines += ["  " + ", ".join(_toml_str(c) for c in row.split()) + "," for row in rows]
            lines.append("]")
    for note in sorted(notes, key=lambda n: n.step):
        lines += ["", "[[notes]]", f"step = {note.step}", f"en = {_toml_str(note.en)}", f"ru = {_toml_str(note.ru)}"]
    return "\n".join(lines) + "\n"


assert set(OPTION) == set(Options().to_mapping())  # the writer covers every option
