"""Annotated hands: the portable record of a game (or of a session of games), in TOML.

    seed = 7                      # or a [decks] table with both deck orders, top card first
    pool = 0                      # optional: chips carried in from the last game (p12)
    games = 1                     # optional: a session of several games, the pool carried (p12)
    moves = ["lead 7H 7S", "beat 7H>9H 7S>QS", "take"]

    [table]
    players = ["Anna", "Boris", "Vera"]
    banker = "Papa"
    dealer = "Mama"

    [table.ru]                    # optional: the names in Russian (the Russian pages use them)
    players = ["Анна", "Борис", "Вера"]
    banker = "Папа"
    dealer = "Мама"

    [options]                     # any keys of the interpretations; missing keys take defaults
    playoff = "beating"

    [about]                       # optional: what the hand is for (the hands page lists it)
    title = {en = "A pair led and beaten", ru = "Пара, отбитая целиком"}
    purpose = {en = "…", ru = "…"}
    focus = ["failed_defence"]    # the options the hand shows

    [[notes]]                     # a comment on a step (1 = the first event), in both languages
    step = 12
    kind = "reveal"               # what the step must be: its event's kind...
    who = "Boris"                 # ...and, optionally, who acts (or wins), and cards it involves
    cards = ["QS"]
    en = "Boris holds the queen of spades."
    ru = "Дама пик — у Бориса."

    [notes.question]              # optional: a question the demo asks before it shows the step
    en = "Who takes the stake of the queen of spades?"
    ru = "Кому достаются фишки с дамы пик?"
    choices = [                   # two or more, each in both languages; exactly one is correct
      { en = "Boris", ru = "Борису", correct = true },
      { en = "The banker", ru = "Банкиру" },
    ]
    explain = { en = "Boris holds the same card (p5).", ru = "Такая же карта у Бориса (§5)." }

Moves are the decisions in order. Each move is applied at the next decision of its kind
(`stake` at the banker's spread; `lead`, `beat`/`take` in the play-off by beating; `play`
by tricks); a decision the file leaves out is made by the default policy. A session (`games` > 1)
is played by the default policy, each game's seed drawn from the record's seed as a Session draws
them (session.py); its steps are numbered through the session. A note says what it comments on,
and the record is refused when its step shows something else (an engine change that adds an event
moves every later step: the build then names the note). Reading is lax, writing (`write_record`)
canonical: all options, every decision, so the text is byte-stable.

A question belongs to its note's step: the demo stops on the step before, asks it, says whether
the reader's choice is right, shows the explanation, and then the step (with the note). It is
checked as the rest: a question, every choice and the explanation in both languages, at least two
choices, exactly one marked `correct = true`, no other keys; each error names its line.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping

from . import limits
from .actions import Action, NotationError, parse_action
from .cards import Card, CardError, check_deck, format_cards
from .errors import EngineError, LimitError
from .events import Event
from .game import DECISION_MOVES, Game, IllegalMove
from .options import OPTION, Options, OptionError, Table, TableError
from .policy import Policy, default_policy, play_out
from .session import Session
from .words import LANGS


class RecordError(EngineError):
    """A record that cannot be read: `where` ("file:line") and what is wrong (`code`, or the engine's
    own refusal in `error`); narration words it in either language, `str()` in English."""

    def __init__(self, where: str, code: str, **facts: Any) -> None:
        super().__init__(code, None, where=where, **facts)


@dataclass(frozen=True)
class Choice:
    """One answer to a note's question, in both languages; `correct` marks the right one."""

    text: Mapping[str, str]
    correct: bool = False


@dataclass(frozen=True)
class Question:
    """A question asked before a note's step is shown: its text, the choices (one correct) and the
    explanation shown after the answer, each in both languages."""

    text: Mapping[str, str]
    choices: tuple[Choice, ...]
    explain: Mapping[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"text": dict(self.text), "choices": [{"text": dict(c.text), "correct": c.correct} for c in self.choices],
                "explain": dict(self.explain)}


@dataclass(frozen=True)
class Note:
    """A comment on a step, and what that step shows: its event's kind, who acts, cards it involves;
    and perhaps a question to ask before the step is shown."""

    step: int
    en: str
    ru: str
    kind: str | None = None
    who: str | None = None
    cards: tuple[str, ...] = ()
    question: Question | None = None


@dataclass(frozen=True)
class About:
    """What an annotated hand is for: its title and purpose in both languages, the options it shows."""

    title: Mapping[str, str]
    purpose: Mapping[str, str]
    focus: tuple[str, ...] = ()


@dataclass
class Record:
    table: Table
    options: Options = field(default_factory=Options)
    seed: int = 0
    decks: tuple[tuple[Card, ...], tuple[Card, ...]] | None = None
    pool: int = 0
    moves: list[Action] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    games: int = 1
    names: dict[str, Table] = field(default_factory=dict)  # lang -> the table with that language's names
    about: About | None = None

    def in_language(self, lang: str) -> Record:
        """The same record with the names of `lang` (the game is the same: names only name seats)."""
        return replace(self, table=self.names.get(lang, self.table))

    def new_game(self, observer: Callable[[Game, Any], None] | None = None) -> Game:
        return Game(self.table, self.options, seed=self.seed, decks=self.decks, pool=self.pool, observer=observer)

    def play(self, observer: Callable[[Game, Any], None] | None = None, policy: Policy = default_policy,
             where: Callable[[int], str] = lambda i: "<record>") -> Game:
        """The game of this record: its moves at the decisions of their kind, the policy for the rest.
        (A session's: its last game; `play_session` gives them all.)"""
        if self.games > 1:
            return self.play_session(observer)[-1]
        game = self.new_game(observer)
        pending = 0
        while not game.over:
            move = self.moves[pending] if pending < len(self.moves) else None
            if move is not None and isinstance(move, DECISION_MOVES[game.phase]):
                try:
                    game.apply(move)
                except IllegalMove as error:
                    raise RecordError(where(pending), "move_refused", index=pending + 1, error=error) from None
                pending += 1
            else:
                game.apply(policy(game))
        if pending < len(self.moves):
            raise RecordError(where(pending), "never_played", index=pending + 1, move=str(self.moves[pending]),
                              spread=self.options.spread, playoff=self.options.playoff)
        return game

    def play_session(self, observer: Callable[[Game, Any], None] | None = None) -> list[Game]:
        """The games of a session record (p12: the pool of each carried into the next)."""
        session = Session(self.table, self.options, seed=self.seed, pool=self.pool)
        games = []
        for _ in range(self.games):
            game = session.new_game(observer)
            play_out(game)
            games.append(game)
        return games


_TOP_KEYS = ("seed", "pool", "games", "moves", "table", "options", "decks", "about", "notes")
_NOTE_KEYS = ("step", "kind", "who", "cards", "en", "ru", "question")
_QUESTION_KEYS = ("en", "ru", "choices", "explain")
MAX_GAMES = limits.MAX_SESSION_GAMES


def read_record(path: str | Path) -> tuple[Record, Game]:
    """Read and replay a record file; every error names the file and line. Its size is checked
    before it is read; a UTF-8 byte order mark is allowed (as the page's TextDecoder and the build
    allow it)."""
    path = Path(path)
    try:
        if path.is_dir():
            raise RecordError(str(path), "is_folder")
        limits.size(path.stat().st_size, "record")
        data = path.read_bytes()
    except LimitError as error:
        raise RecordError(f"{path}:1", "inner", error=error) from None
    except FileNotFoundError:
        raise RecordError(str(path), "no_file") from None
    except PermissionError:
        raise RecordError(str(path), "no_permission") from None
    except OSError as error:
        raise RecordError(str(path), "unreadable", detail=error.strerror or type(error).__name__) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise RecordError(f"{path}:{line}", "not_utf8", byte=data[error.start]) from None
    return parse_record(text, str(path))


def _whole(value: Any, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


def _table(data: Any, locate: _Locator, section: str) -> Table:
    if not isinstance(data, dict):
        raise RecordError(f"{locate.name}:1", "no_table")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError(locate.key("players", section), "players_list", section=section)
    try:  # (before a name is read: the table checks them, with the options)
        limits.seat_names(len(players), None)
    except TableError as error:
        raise RecordError(locate.key("players", section), "inner", error=error) from None
    for key in ("banker", "dealer"):
        if not isinstance(data.get(key), str):
            raise RecordError(locate.key(key, section), "name_needed", key=key, section=section)
    for key in data:
        if key not in ("players", "banker", "dealer") and not (section == "table" and key in LANGS):
            raise RecordError(locate.key(key, section), "unknown_key", key=key, section=section,
                              known=["players", "banker", "dealer"])
    return Table(tuple(players), data["banker"], data["dealer"])


def _words(value: Any, where: str, key: str) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(LANGS) or not all(
            isinstance(v, str) and v.strip() for v in value.values()):
        raise RecordError(where, "both_languages", key=key)
    return {lang: _text(value[lang], where, "text", key=f"{key} ({lang})") for lang in LANGS}


def _text(value: str, where: str, field: str, **facts: Any) -> str:
    """A text of the record (a note, a question...): at most limits.MAX_NOTE_CHARS, whole Unicode,
    cleaned (limits.clean_text), stripped."""
    try:
        limits.text(value, field, **facts)
    except LimitError as error:
        raise RecordError(where, "inner", error=error) from None
    return limits.clean_text(value).strip()


def parse_record(text: str, name: str = "<record>") -> tuple[Record, Game]:
    """Read a record and play it; the game (a session's last). Every error names the line; every
    size is checked before what it sizes is read (limits.py)."""
    try:
        return _parse_record(text, name)
    except RecordError:
        raise
    except EngineError as error:  # a refusal that no check above placed: the record is still at fault
        raise RecordError(f"{name}:1", "inner", error=error) from None


def toml_error(text: str, error: tomllib.TOMLDecodeError, shape: limits.TomlShape | None = None) -> tuple[int, str]:
    """The line of a TOML error and what the parser said (narration's "not_toml" words it): a string
    or a bracket never closed is at the line where it opened, not at the end of the document (or the
    line where the parser gave up)."""
    message = str(error)
    detail = re.sub(r" \(at (line|end).*$", "", message)
    match = re.search(r"\(at line (\d+), column \d+\)", message)
    line = int(match.group(1)) if match else max(1, len(text.rstrip().splitlines()))
    if shape is None:
        try:
            shape = limits.scan_toml(text)
        except LimitError:
            return line, detail
    if shape.unclosed is not None and shape.line(shape.unclosed) <= line:
        line, detail = shape.line(shape.unclosed), shape.unclosed_what
    return line, detail


def _parse_record(text: str, name: str) -> tuple[Record, Game]:
    text = text.removeprefix("\ufeff")  # a byte order mark, as Windows' Notepad writes it
    try:
        limits.record_text(text)
        shape = limits.scan_toml(text)
    except LimitError as error:
        raise RecordError(f"{name}:{error.facts.get('line', 1)}", "inner", error=error) from None
    locate = _Locator(text, name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, detail = toml_error(text, error, shape)
        raise RecordError(f"{name}:{line}", "not_toml", detail=detail) from None
    except (ValueError, RecursionError):  # what the scan above lets through (it should let nothing)
        raise RecordError(f"{name}:1", "big_number", most=limits.MAX_DIGITS) from None
    for key in data:
        if key not in _TOP_KEYS:
            raise RecordError(locate.key(key), "unknown_key", key=key, section=None, known=list(_TOP_KEYS))

    table = _table(data.get("table"), locate, "table")
    names = {"en": table}
    for lang in LANGS:
        if lang in (data.get("table") or {}) and lang != "en":
            named = _table(data["table"][lang], locate, f"table.{lang}")
            if len(named.players) != len(table.players):
                raise RecordError(locate.key("players", f"table.{lang}"), "names_count", lang=lang,
                                  count=len(named.players), expected=len(table.players))
            names[lang] = named

    options_data = data.get("options", {})
    if not isinstance(options_data, dict):
        raise RecordError(locate.key("options"), "options_table")
    for key, value in options_data.items():
        try:
            Options.from_mapping({key: value})
        except OptionError as error:
            raise RecordError(locate.key(key, "options"), "inner", error=error) from None
    options = Options.from_mapping(options_data)
    for named in names.values():
        try:
            named.check(options)
        except (TableError, LimitError) as error:
            raise RecordError(locate.key("players", "table"), "inner", error=error) from None

    for key, minimum, maximum in (("seed", 0, limits.MAX_SEED), ("pool", 0, limits.MAX_CHIPS), ("games", 1, None)):
        if key in data and not (_whole(data[key], minimum) and (maximum is None or data[key] <= maximum)):
            raise RecordError(locate.key(key), "not_whole", key=key, value=data[key], minimum=minimum, maximum=maximum)
    seed, pool, games = data.get("seed", 0), data.get("pool", 0), data.get("games", 1)
    if games > MAX_GAMES:
        raise RecordError(locate.key("games"), "too_many_games", games=games, most=MAX_GAMES)

    decks = None
    if "decks" in data:
        decks_data = data["decks"]
        if not isinstance(decks_data, dict) or set(decks_data) != {"banker", "dealer"}:
            raise RecordError(f"{name}:{locate.header_line('decks') + 1}", "decks_shape")
        decks = (_read_deck(decks_data["banker"], "banker", locate), _read_deck(decks_data["dealer"], "dealer", locate))
    elif "seed" not in data:
        raise RecordError(f"{name}:1", "seed_or_decks")

    moves_data = data.get("moves", [])
    if not isinstance(moves_data, list) or not all(isinstance(m, str) for m in moves_data):
        raise RecordError(locate.key("moves"), "moves_list")
    try:
        limits.items(len(moves_data), "moves", limits.MAX_MOVES)
    except LimitError as error:
        raise RecordError(locate.key("moves"), "inner", error=error) from None
    moves: list[Action] = []
    for i, text_move in enumerate(moves_data):
        try:
            moves.append(parse_action(text_move))
        except NotationError as error:
            raise RecordError(locate.item("moves", i), "inner", error=error) from None
    if games > 1 and (moves or decks is not None):
        raise RecordError(locate.key("games"), "session_played_by_policy")

    about = _about(data["about"], locate) if "about" in data else None
    _note_sizes(data.get("notes", []), locate)  # before the game is played for them
    record = Record(table, options, seed, decks, pool, moves, [], games, names, about)
    events: list[Event] = []
    game = record.play(observer=lambda _, event: events.append(event),
                       where=lambda i: locate.item("moves", i))
    record.notes = _notes(data.get("notes", []), events, locate)
    return record, game


def _about(data: Any, locate: _Locator) -> About:
    where = f"{locate.name}:{locate.header_line('about') + 1}"
    if not isinstance(data, dict) or not {"title", "purpose"} <= set(data) <= {"title", "purpose", "focus"}:
        raise RecordError(where, "about_keys")
    focus = data.get("focus", [])
    if not isinstance(focus, list) or not all(isinstance(k, str) for k in focus):
        raise RecordError(locate.key("focus", "about"), "focus_list")
    for key in focus:
        if key not in OPTION:
            raise RecordError(locate.key("focus", "about"), "inner",
                              error=OptionError("unknown_option", key=key, known=list(OPTION)))
    return About(_words(data["title"], locate.key("title", "about"), "title"),
                 _words(data["purpose"], locate.key("purpose", "about"), "purpose"), tuple(focus))


def actor(event: Event) -> str | None:
    """Who acts in an event (or wins it, or leads): what a note's `who` names."""
    for name in ("who", "winner", "leader"):
        value = getattr(event, name, None)
        if value is not None:
            return str(value)
    return None


def event_cards(event: Event) -> set[str]:
    """Every card an event names, as `AS`."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str) and re.fullmatch(r"(?:10|[2-9TJQKA])[SHDC]", value):
            found.add(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(event.to_json())
    return found


def _note_sizes(data: Any, locate: _Locator) -> None:
    """The notes' number and texts against their limits (limits.py), before anything is made of them."""
    if not isinstance(data, list):
        return  # (_notes says what is wrong)
    try:
        limits.items(len(data), "notes", limits.MAX_STEPS)
    except LimitError as error:
        raise RecordError(locate.key("notes"), "inner", error=error) from None
    for i, note in enumerate(data):
        if isinstance(note, dict):
            for lang in LANGS:
                if isinstance(note.get(lang), str):
                    _text(note[lang], locate.table_item("notes", i), "note", step=note.get("step"))


def _notes(data: Any, events: list[Event], locate: _Locator) -> list[Note]:
    if not isinstance(data, list):
        raise RecordError(locate.key("notes"), "notes_list")
    try:
        limits.items(len(data), "notes", len(events))  # a note per step at most
    except LimitError as error:
        raise RecordError(locate.key("notes"), "inner", error=error) from None
    notes: list[Note] = []
    kinds = sorted({cls.kind for cls in _event_classes()})
    for i, note in enumerate(data):
        where = locate.table_item("notes", i)
        if not isinstance(note, dict) or not {"step", "kind", "en", "ru"} <= set(note) <= set(_NOTE_KEYS):
            raise RecordError(where, "note_keys", keys=list(_NOTE_KEYS))
        step = note["step"]
        if not _whole(step, 1) or step > len(events):
            raise RecordError(where, "note_step", step=step, steps=len(events))
        if not all(isinstance(note[lang], str) and note[lang].strip() for lang in LANGS):
            raise RecordError(where, "note_text")
        texts = {lang: _text(note[lang], where, "note", step=step) for lang in LANGS}
        kind, who, cards = note["kind"], note.get("who"), note.get("cards", [])
        if kind not in kinds or (who is not None and not isinstance(who, str)) or not isinstance(cards, list):
            raise RecordError(where, "note_what", kinds=kinds)
        if who is not None:
            who = limits.clean_name(who)  # as the table keeps its names
        event = events[step - 1]
        found_cards = event_cards(event)
        try:
            limits.items(len(cards), "deck", 52)
            wanted = [str(Card.parse(c)) if isinstance(c, str) else "?" for c in cards]
        except (CardError, LimitError) as error:
            raise RecordError(locate.key_in("cards", where), "inner", error=error) from None
        if event.kind != kind or (who is not None and actor(event) != who) or not set(wanted) <= found_cards:
            raise RecordError(where, "note_mismatch", step=step, kind=kind, who=who, cards=wanted,
                              found_kind=event.kind, found_who=actor(event), found_cards=sorted(found_cards))
        question = _question(note["question"], locate, i) if "question" in note else None
        notes.append(Note(step, texts["en"], texts["ru"], kind, who, tuple(wanted), question))
    if len({n.step for n in notes}) != len(notes):
        raise RecordError(locate.key("notes"), "notes_same_step")
    return notes


def _question(data: Any, locate: _Locator, index: int) -> Question:
    """The question of the `index`-th note (see the module's doc), every error at its line."""
    start, end = locate.note_range(index)
    header = locate.line_in("question", start, end, header="notes.question")

    def at(key: str) -> str:
        return f"{locate.name}:{locate.line_in(key, header, end)}"

    where = f"{locate.name}:{header}"
    if not isinstance(data, dict):
        raise RecordError(where, "question_keys", keys=list(_QUESTION_KEYS))
    for key in data:
        if key not in _QUESTION_KEYS:
            raise RecordError(at(key), "unknown_key", key=key, section="notes.question", known=list(_QUESTION_KEYS))
    for key in _QUESTION_KEYS:
        if key not in data:
            raise RecordError(where, "question_keys", keys=list(_QUESTION_KEYS))
    text = _words({lang: data[lang] for lang in LANGS}, where, "question")
    explain = _words(data["explain"], at("explain"), "explain")
    raw = data["choices"]
    if not isinstance(raw, list) or len(raw) < 2:
        raise RecordError(at("choices"), "choices_list")
    choices = []
    for number, choice in enumerate(raw):
        line = locate.array_item_line(locate.line_in("choices", header, end), number)
        here = f"{locate.name}:{line}"
        if not isinstance(choice, dict) or not set(LANGS) <= set(choice) <= {*LANGS, "correct"}:
            raise RecordError(here, "choice_keys")
        correct = choice.get("correct", False)
        if not isinstance(correct, bool):
            raise RecordError(here, "choice_correct")
        choices.append(Choice(_words({lang: choice[lang] for lang in LANGS}, here, "choice"), correct))
    right = sum(c.correct for c in choices)
    if right != 1:
        raise RecordError(at("choices"), "one_correct", found=right)
    return Question(text, tuple(choices), explain)


def _event_classes() -> list[type[Event]]:
    from . import events as ev

    return [cls for cls in vars(ev).values() if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event]


def _read_deck(value: Any, which: str, locate: _Locator) -> tuple[Card, ...]:
    tokens = value.split() if isinstance(value, str) else value
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens) or len(tokens) > 52:
        raise RecordError(locate.key(which, "decks"), "deck_list", which=which)
    cards = []
    for i, token in enumerate(tokens):
        try:
            cards.append(Card.parse(token))
        except CardError as error:
            where = locate.item(which, i, "decks") if not isinstance(value, str) else locate.key(which, "decks")
            raise RecordError(where, "inner", error=error) from None
    try:
        return check_deck(cards, which)
    except CardError as error:
        raise RecordError(locate.key(which, "decks"), "inner", error=error) from None


class _Locator:
    """Finds the line of a key, an array item or an array-of-tables entry: "file:line"."""

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
        """The line of `key = …` in the section, or of a table `[key]` / `[[key]]` of that name."""
        start, end = self._section(section)
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for i in range(start, end):
            if pattern.match(self.lines[i]):
                return i
        header = re.compile(rf"^\s*\[\[?\s*{re.escape(key)}\s*\]\]?\s*$")
        return next((i for i, line in enumerate(self.lines) if header.match(line)), start)

    def key(self, key: str, section: str | None = None) -> str:
        return f"{self.name}:{self.key_line(key, section) + 1}"

    def item(self, key: str, index: int, section: str | None = None) -> str:
        line = self.key_line(key, section)
        seen = 0
        for i in range(line, len(self.lines)):
            text = self.lines[i].split("=", 1)[-1] if i == line else self.lines[i]
            for _ in self._STRING.finditer(text):
                if seen == index:
                    return f"{self.name}:{i + 1}"
                seen += 1
        return f"{self.name}:{line + 1}"

    def note_range(self, index: int) -> tuple[int, int]:
        """The lines (1-based, end excluded) of the `index`-th [[notes]] entry with its subtables."""
        headers = [i + 1 for i, line in enumerate(self.lines) if line.strip() == "[[notes]]"]
        if index >= len(headers):
            return 1, len(self.lines) + 1
        start = headers[index]
        end = next((i + 1 for i in range(start, len(self.lines))
                    if self.lines[i].strip().startswith("[") and self.lines[i].strip() != "[notes.question]"),
                   len(self.lines) + 1)
        return start, end

    def line_in(self, key: str, start: int, end: int, header: str | None = None) -> int:
        """The line (1-based) of `key = …` (or of the header `[header]`) between lines start and end;
        `start` when there is none."""
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for i in range(max(start - 1, 0), min(end - 1, len(self.lines))):
            line = self.lines[i]
            if pattern.match(line) or (header and line.strip() == f"[{header}]"):
                return i + 1
        return start

    def array_item_line(self, line: int, index: int) -> int:
        """The line (1-based) of the `index`-th inline table of the array that opens on `line`."""
        seen = 0
        for i in range(line - 1, len(self.lines)):
            text = self.lines[i].split("=", 1)[-1] if i == line - 1 else self.lines[i]
            for _ in re.finditer(r"\{", self._STRING.sub('""', text)):
                if seen == index:
                    return i + 1
                seen += 1
        return line

    def key_in(self, key: str, where: str) -> str:
        """The line of `key = …` in the array-of-tables entry that starts at `where` ("file:line")."""
        start = int(where.rsplit(":", 1)[1])
        end = next((i + 1 for i in range(start, len(self.lines)) if self.lines[i].strip().startswith("[")),
                   len(self.lines) + 1)
        return f"{self.name}:{self.line_in(key, start, end)}"

    def table_item(self, key: str, index: int) -> str:
        headers = [i for i, line in enumerate(self.lines) if line.strip() == f"[[{key}]]"]
        line = headers[index] if index < len(headers) else 0
        return f"{self.name}:{line + 1}"


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


def _names(table: Table) -> list[str]:
    return ["players = [" + ", ".join(_toml_str(p) for p in table.players) + "]",
            f"banker = {_toml_str(table.banker)}", f"dealer = {_toml_str(table.dealer)}"]


def write_record(game: Game, notes: list[Note] | tuple[Note, ...] = (), names: Mapping[str, Table] | None = None,
                 about: About | None = None) -> str:
    """The canonical record of a game: every option, every decision made, the names in each language,
    what the hand is for, and the notes by step, each saying what its step shows."""
    lines = ["# Card Lottery: the record of one game (seed or decks, moves, table, options, notes)."]
    lines.append(f"seed = {game.seed}")
    lines.append(f"pool = {game.pool_in}")
    if game.actions:
        lines.append("moves = [")
        lines += [f"  {_toml_str(str(a))}," for a in game.actions]
        lines.append("]")
    else:
        lines.append("moves = []")
    lines += ["", "[table]", *_names(game.table)]
    for lang, table in (names or {}).items():
        if lang != "en" and table != game.table:
            lines += ["", f"[table.{lang}]", *_names(table)]
    lines += ["", "[options]"]
    lines += [f"{key} = {_toml_value(value)}" for key, value in game.options.to_mapping().items()]
    if game.given_decks is not None:
        lines += ["", "[decks]"]
        for which, deck in zip(("banker", "dealer"), game.given_decks):
            rows = [format_cards(deck[i:i + 13]) for i in range(0, 52, 13)]
            lines.append(f"{which} = [")
            lines += ["  " + ", ".join(_toml_str(c) for c in row.split()) + "," for row in rows]
            lines.append("]")
    if about is not None:
        lines += ["", "[about]"]
        for key in ("title", "purpose"):
            words = getattr(about, key)
            lines.append(f"{key} = {{ " + ", ".join(f"{lang} = {_toml_str(words[lang])}" for lang in LANGS) + " }")
        if about.focus:
            lines.append("focus = [" + ", ".join(_toml_str(k) for k in about.focus) + "]")
    for note in sorted(notes, key=lambda n: n.step):
        event = game.events[note.step - 1] if 1 <= note.step <= len(game.events) else None
        kind = note.kind or (event.kind if event else None)
        who = note.who if note.kind else (actor(event) if event else None)
        lines += ["", "[[notes]]", f"step = {note.step}"]
        if kind:
            lines.append(f"kind = {_toml_str(kind)}")
        if who:
            lines.append(f"who = {_toml_str(who)}")
        if note.cards:
            lines.append("cards = [" + ", ".join(_toml_str(c) for c in note.cards) + "]")
        lines += [f"en = {_toml_str(note.en)}", f"ru = {_toml_str(note.ru)}"]
        if note.question is not None:
            lines += _question_lines(note.question)
    return "\n".join(lines) + "\n"


def _inline(words: Mapping[str, str], correct: bool = False) -> str:
    parts = [f"{lang} = {_toml_str(words[lang])}" for lang in LANGS] + (["correct = true"] if correct else [])
    return "{ " + ", ".join(parts) + " }"


def _question_lines(question: Question) -> list[str]:
    """A note's question as the canonical record writes it (the module's doc shows it)."""
    lines = ["", "[notes.question]", *(f"{lang} = {_toml_str(question.text[lang])}" for lang in LANGS), "choices = ["]
    lines += [f"  {_inline(c.text, c.correct)}," for c in question.choices]
    return lines + ["]", f"explain = {_inline(question.explain)}"]


assert set(OPTION) == set(Options().to_mapping())  # the writer covers every option
