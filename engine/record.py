"""Annotated hands: the portable record of a game (or of a session of games), in TOML.

    seed = 7                      # or a [decks] table with both deck orders, top card first
    pool = 0                      # optional: chips carried in from the last game (p12)
    prize = 0                     # optional: fines carried in to be played for (fines_to = playoff_prize, p12)
    kitty = 0                     # optional: the kitty carried in, kept apart (kitty = kept_apart, p15)
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

What a note asserts about its step, it says in fields the reader checks, so that a note cannot
tell of cards or chips the step does not show (each failed claim names its line):

    [[notes]]
    step = 64
    kind = "lead"
    who = "Vera"
    cards = ["TS", "TH"]
    state = { hands.Anna.H = "2H 4H 5H", hands.Anna.S = "QS KS AS …" }   # the table after the step
    event = { to = "Anna" }       # fields of the step's event, as its JSON names them
    en = "… Anna's hearts are the two, four and five …"

    [[notes.at]]                  # a claim about another step of the same game
    step = 59
    state = { aside.Boris = "KC …" }

    [[notes.under]]               # a claim about the same deal under another reading, replayed as the
    option = "beat"               # page's switch replays it (the build checks these: engine.live's replay)
    value = "any_suit"
    step = 71                     # optional: without it, some step of that game must show the claim
    kind = "beat"
    who = "Anna"
    cards = ["QH", "QC"]

`state` paths are those of the snapshot (view.py), with seats by name: `hands.SEAT`, `aside.SEAT`,
`penalty.SEAT` (a suit after it, `hands.Anna.H`, for that suit's cards only) are cards: a string of
cards is exactly those cards, ending in "…" those among others, a number how many; `nets.SEAT`,
`tricks.SEAT`, `decks.banker`, `decks.dealer`, `pool`, `prize`, `kitty`, `banker_net`, `round`, `up`,
`discard` are numbers; `stakes` the four stakes; `table` and `row` cards; `to_act` a seat's name. `event` paths
walk the event's JSON (`amount`, `payments.Vera`, `stakes`): a number or a name is compared as it is,
cards as cards (in any order; "…" as above).

A question belongs to its note's step: the demo stops on the step before, asks it, says whether
the reader's choice is right, shows the explanation, and then the step (with the note). It is
checked as the rest: a question, every choice and the explanation in both languages, at least two
choices, exactly one marked `correct = true`, no other keys; each error names its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:
    import tomllib

from . import limits
from .actions import Action, NotationError, parse_action
from .cards import Card, CardError, check_deck, format_cards
from .errors import EngineError, LimitError
from .events import Event
from .game import DECISION_MOVES, Game, IllegalMove
from .options import OPTION, Options, OptionError, Table, TableError, check_carried
from .view import snapshot
from .policy import Policy, default_policy, play_out
from .session import Session
from .words import LANGS


class RecordError(EngineError):
    """A record that cannot be read: `where` ("file:line") and what is wrong (`code`, or the engine's
    own refusal in `error`); refusals.py words it in either language, `str()` in English."""

    kind = "record"

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
class Claim:
    """What a note asserts about one step (see the module's doc): of this game at `step`, or of the
    game under `option = value` (at `step`, or at some step when it is None). `line`: where it is written."""

    line: int = field(compare=False)  # where it is written (not what it says)
    step: int | None = None
    kind: str | None = None
    who: str | None = None
    cards: tuple[str, ...] = ()
    state: tuple[tuple[str, Any], ...] = ()   # (dotted path, value)
    event: tuple[tuple[str, Any], ...] = ()
    option: str | None = None
    value: str | None = None

    def to_toml(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.option is not None:
            out.update(option=self.option, value=self.value)
        if self.step is not None:
            out["step"] = self.step
        if self.kind is not None:
            out["kind"] = self.kind
        if self.who is not None:
            out["who"] = self.who
        if self.cards:
            out["cards"] = list(self.cards)
        for name in ("state", "event"):
            if getattr(self, name):
                out[name] = dict(getattr(self, name))
        return out


@dataclass(frozen=True)
class Note:
    """A comment on a step, and what that step shows: its event's kind, who acts, cards it involves;
    what it asserts of the table and the event, there, at other steps or under other readings
    (`claims`); and perhaps a question to ask before the step is shown."""

    step: int
    en: str
    ru: str
    kind: str | None = None
    who: str | None = None
    cards: tuple[str, ...] = ()
    question: Question | None = None
    claims: tuple[Claim, ...] = ()

    @property
    def readings(self) -> tuple[Claim, ...]:
        """The claims about the game under another reading (checked by replaying it: `check_readings`)."""
        return tuple(c for c in self.claims if c.option is not None)


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
    prize: int = 0  # fines carried in to be played for (fines_to = playoff_prize, p12)
    kitty: int = 0  # the kitty carried in, kept apart (kitty = kept_apart, p15)

    def in_language(self, lang: str) -> Record:
        """The same record with the names of `lang` (the game is the same: names only name seats)."""
        return replace(self, table=self.names.get(lang, self.table))

    def new_game(self, observer: Callable[[Game, Any], None] | None = None) -> Game:
        return Game(self.table, self.options, seed=self.seed, decks=self.decks, pool=self.pool, prize=self.prize,
                    kitty=self.kitty, observer=observer)

    def play(self, observer: Callable[[Game, Any], None] | None = None, policy: Policy = default_policy,
             where: Callable[[int], str] = lambda i: "<record>", stop: int | None = None,
             before: Callable[[Game, Action], None] | None = None) -> Game:
        """The game of this record: its moves at the decisions of their kind, the policy for the rest.
        (A session's: its last game; `play_session` gives them all.) `stop`: the game as it stands
        before decision number `stop` (from 0); `before` sees the game before each decision, with
        the move about to be made."""
        if self.games > 1:
            return self.play_session(observer)[-1]
        game = self.new_game(observer)
        pending = 0
        while not game.over and (stop is None or len(game.actions) < stop):
            move = self.moves[pending] if pending < len(self.moves) else None
            recorded = move is not None and isinstance(move, DECISION_MOVES[game.phase])
            action = move if recorded and move is not None else policy(game)
            if before is not None:
                before(game, action)
            try:
                game.apply(action)
            except IllegalMove as error:
                raise RecordError(where(pending), "move_refused", index=pending + 1, error=error) from None
            pending += recorded
        if stop is None and pending < len(self.moves):
            raise RecordError(where(pending), "never_played", index=pending + 1, move=str(self.moves[pending]),
                              spread=self.options.spread, playoff=self.options.playoff)
        return game

    def play_session(self, observer: Callable[[Game, Any], None] | None = None) -> list[Game]:
        """The games of a session record (p12: the pool of each carried into the next)."""
        session = Session(self.table, self.options, seed=self.seed, pool=self.pool, prize=self.prize, kitty=self.kitty)
        games = []
        for _ in range(self.games):
            game = session.new_game(observer)
            play_out(game)
            games.append(game)
        return games


_TOP_KEYS = ("seed", "pool", "prize", "kitty", "games", "moves", "table", "options", "decks", "about", "notes")
_NOTE_KEYS = ("step", "kind", "who", "cards", "state", "event", "at", "under", "en", "ru", "question")
_CLAIM_KEYS = ("step", "kind", "who", "cards", "state", "event")
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
    # Imported here, not at the top: the browser's engine imports this module at its start, and only
    # a record read from text (the writer page) needs tomllib, which with what it imports is a fifth
    # of that start's work (in Pyodide in Node: 40 of 200 ms of CPU, unpacking and importing).
    import tomllib
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

    for key, minimum, maximum in (("seed", 0, limits.MAX_SEED), ("pool", 0, limits.MAX_CHIPS),
                                  ("prize", 0, limits.MAX_CHIPS), ("kitty", 0, limits.MAX_CHIPS), ("games", 1, None)):
        if key in data and not (_whole(data[key], minimum) and (maximum is None or data[key] <= maximum)):
            raise RecordError(locate.key(key), "not_whole", key=key, value=data[key], minimum=minimum, maximum=maximum)
    seed, pool, games = data.get("seed", 0), data.get("pool", 0), data.get("games", 1)
    prize, kitty = data.get("prize", 0), data.get("kitty", 0)
    try:
        check_carried(options, prize, kitty)
    except OptionError as error:
        raise RecordError(locate.key("prize" if prize else "kitty"), "inner", error=error) from None
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
    record = Record(table, options, seed, decks, pool, moves, [], games, names, about, prize, kitty)
    events: list[Event] = []
    states: list[dict[str, Any]] = []
    claimed = _claims_state(data.get("notes"))

    def observe(played: Game, event: Event) -> None:
        events.append(event)
        if claimed:
            states.append(snapshot(played))

    game = record.play(observer=observe, where=lambda i: locate.item("moves", i))
    record.notes = _notes(data.get("notes", []), events, locate, states, list(table.seats(options)))
    return record, game


def _claims_state(notes: Any) -> bool:
    """Whether any note asserts something of the table (then the reader keeps each step's)."""
    if not isinstance(notes, list):
        return False
    return any(isinstance(n, dict) and ("state" in n or any(isinstance(c, dict) and "state" in c
                                                            for c in n.get("at", []) if isinstance(n.get("at"), list)))
               for n in notes)


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


def _notes(data: Any, events: list[Event], locate: _Locator, states: list[dict[str, Any]] | None = None,
           seats: list[str] | None = None) -> list[Note]:
    if not isinstance(data, list):
        raise RecordError(locate.key("notes"), "notes_list")
    try:
        limits.items(len(data), "notes", len(events))  # a note per step at most
    except LimitError as error:
        raise RecordError(locate.key("notes"), "inner", error=error) from None
    notes: list[Note] = []
    kinds = sorted({cls.kind for cls in _event_classes()})
    steps: list[tuple[dict[str, Any], dict[str, Any]]] = []  # what claims about a step read, made once when needed
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
        claims = _note_claims(note, i, locate, len(events), seats or [])
        for claim in claims:
            if claim.option is None:
                if not steps:
                    steps = [(e.to_json(), states[k] if states else {}) for k, e in enumerate(events)]
                problem = claim_problem(claim, steps, seats or [])
                if problem:
                    raise ClaimError(f"{locate.name}:{claim.line}", *problem)
        notes.append(Note(step, texts["en"], texts["ru"], kind, who, tuple(wanted), question, claims))
    if len({n.step for n in notes}) != len(notes):
        raise RecordError(locate.key("notes"), "notes_same_step")
    return notes


class ClaimError(RecordError):
    """A note's claim that its step (or the game under another reading) does not bear out, or that
    is written wrong: the message in both languages, at the claim's line."""

    def __init__(self, where: str, en: str, ru: str) -> None:
        super().__init__(where, "note_claim", en=en, ru=ru)

    def words(self, lang: str = "en", you: bool = False) -> str:
        return f"{self.facts['where']}: {self.facts['ru' if lang == 'ru' else 'en']}"


_CARDS_PARTS = ("hands", "aside", "penalty")
_SEAT_NUMBERS = ("nets", "tricks")
_NUMBERS = ("pool", "prize", "kitty", "banker_net", "round", "up", "discard", "banker_discard")
_ELLIPSIS = ("…", "...")


def _note_claims(note: dict[str, Any], index: int, locate: _Locator, steps: int, seats: list[str]) -> tuple[Claim, ...]:
    """The claims of the `index`-th note: its own `state` and `event`, then its [[notes.at]] and
    [[notes.under]] entries; each checked for its shape here (what it asserts is checked later)."""
    start, end = locate.note_range(index)
    found: list[Claim] = []
    if "state" in note or "event" in note:
        line = locate.line_in("state" if "state" in note else "event", start, end)
        found.append(_claim({k: note[k] for k in ("state", "event") if k in note}, line, locate, steps, seats,
                            note["step"]))
    for section in ("at", "under"):
        entries = note.get(section, [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise ClaimError(f"{locate.name}:{locate.line_in(section, start, end)}",
                             f"{section} is a list of [[notes.{section}]] tables",
                             f"{section} — это список таблиц [[notes.{section}]]")
        lines = locate.headers_in(f"[[notes.{section}]]", start, end) or [locate.line_in(section, start, end)] * len(entries)
        for number, entry in enumerate(entries):
            line = lines[number] if number < len(lines) else start
            found.append(_claim(entry, line, locate, steps, seats, None, under=section == "under"))
    return tuple(found)


def _claim(data: dict[str, Any], line: int, locate: _Locator, steps: int, seats: list[str], step: int | None,
           under: bool = False) -> Claim:
    where = f"{locate.name}:{line}"

    def bad(en: str, ru: str) -> ClaimError:
        return ClaimError(where, en, ru)

    keys = set(_CLAIM_KEYS) | ({"option", "value"} if under else set())
    if step is None:
        unknown = sorted(set(data) - keys)
        if unknown:
            raise bad(f"unknown key {unknown[0]!r} in a claim (known: {', '.join(sorted(keys))})",
                      f"неизвестный ключ «{unknown[0]}» в утверждении (известные: {', '.join(sorted(keys))})")
        step = data.get("step")
    option = value = None
    if under:
        option, value = data.get("option"), data.get("value")
        if not isinstance(option, str) or option not in OPTION or value is None or isinstance(value, (bool, list, dict)):
            raise bad("[[notes.under]] names an option and its value: option = KEY, value = VALUE",
                      "[[notes.under]] называет настройку и её значение: option = KEY, value = VALUE")
        try:
            Options.from_mapping({option: value})
        except OptionError as error:
            raise bad(str(error), error.words("ru")) from None
        value = str(value)
        if step is not None and not _whole(step, 1):
            raise bad(f"step must be a whole number from 1, got {step!r}", f"step — целое число от 1, а не {step!r}")
    elif not isinstance(step, int) or not _whole(step, 1) or step > steps:
        raise bad(f"[[notes.at]] needs a step of this game (1 to {steps}), got {step!r}",
                  f"в [[notes.at]] нужен шаг этой партии (с 1 по {steps}), а не {step!r}")
    kind, who, cards = data.get("kind"), data.get("who"), data.get("cards", [])
    if (kind is not None and not isinstance(kind, str)) or (who is not None and not isinstance(who, str)) or \
            not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise bad("kind is an event's kind, who a name, cards a list of cards",
                  "kind — вид события, who — имя, cards — список карт")
    try:
        wanted = tuple(str(Card.parse(c)) for c in cards)
    except CardError as error:
        raise bad(str(error), error.words("ru")) from None
    parts: dict[str, tuple[tuple[str, Any], ...]] = {}
    for name in ("state", "event"):
        table = data.get(name, {})
        if not isinstance(table, dict):
            raise bad(f"{name} is a table of paths and values, like {{ hands.Anna = 3 }}",
                      f"{name} — это таблица путей и значений, например {{ hands.Anna = 3 }}")
        parts[name] = tuple(_flatten(table))
    for path, expected in parts["state"]:
        problem = _state_path_problem(path, expected, seats, under)
        if problem:
            raise bad(*problem)
    if under and step is None and kind is None:
        raise bad("a claim under another reading without a step names the kind of its event",
                  "утверждение о другом прочтении без step называет вид события (kind)")
    return Claim(line, step, kind, who, wanted, parts["state"], parts["event"], option, value)


def _flatten(table: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, value in table.items():
        if isinstance(value, dict):
            out += _flatten(value, f"{prefix}{key}.")
        else:
            out.append((f"{prefix}{key}", value))
    return out


def _state_path_problem(path: str, expected: Any, seats: list[str], under: bool) -> tuple[str, str] | None:
    parts = path.split(".")
    head = parts[0]
    seat_ok = under or len(parts) < 2 or parts[1] in seats  # another reading may seat others (hosts_play)
    if head in _CARDS_PARTS and 2 <= len(parts) <= 3 and seat_ok and (len(parts) == 2 or parts[2] in "SHDC"):
        if isinstance(expected, str) or _whole(expected, 0):
            return None
    elif head in _SEAT_NUMBERS and len(parts) == 2 and seat_ok and _whole(expected, -10**9):
        return None
    elif head == "decks" and len(parts) == 2 and parts[1] in ("banker", "dealer") and _whole(expected, 0):
        return None
    elif head in _NUMBERS and len(parts) == 1 and _whole(expected, -10**9):
        return None
    elif head == "stakes" and len(parts) == 1 and isinstance(expected, list) and all(_whole(v, 0) for v in expected):
        return None
    elif head in ("table", "row") and len(parts) == 1 and (isinstance(expected, str) or _whole(expected, 0)):
        return None
    elif head == "to_act" and len(parts) == 1 and isinstance(expected, str):
        return None
    return (f"state.{path} = {expected!r} is not a claim the reader can check (paths: hands.SEAT, aside.SEAT, "
            "penalty.SEAT, with a suit after them or not, cards or a count; nets.SEAT, tricks.SEAT, decks.banker, "
            "decks.dealer, pool, prize, kitty, banker_net, round, up, discard, a number; stakes, four numbers; table, row, "
            "cards; to_act, a name; SEAT one of the players: " + ", ".join(seats) + ")",
            f"state.{path} = {expected!r} — не то, что можно проверить (пути: hands.SEAT, aside.SEAT, penalty.SEAT, "
            "с мастью или без, — карты или их число; nets.SEAT, tricks.SEAT, decks.banker, decks.dealer, pool, "
            "prize, kitty, banker_net, round, up, discard — число; stakes — четыре числа; table, row — карты; to_act — имя; "
            "SEAT — один из игроков: " + ", ".join(seats) + ")")


def _cards_of(text: str) -> tuple[set[str], bool]:
    """The cards a claim names, and whether it allows others ("…" at the end)."""
    text = text.strip()
    more = text.endswith(_ELLIPSIS)
    for mark in _ELLIPSIS:
        text = text.removesuffix(mark)
    return {str(Card.parse(token)) for token in text.replace(",", " ").split()}, more


def _same_cards(expected: Any, found: list[str]) -> bool:
    if isinstance(expected, int):
        return len(found) == expected
    wanted, more = _cards_of(str(expected))
    return wanted <= set(found) if more else wanted == set(found) and len(found) == len(wanted)


def _state_value(path: str, state: dict[str, Any], seats: list[str]) -> Any:
    parts = path.split(".")
    head = parts[0]
    if head in _CARDS_PARTS + _SEAT_NUMBERS:
        if parts[1] not in seats:
            raise KeyError(parts[1])
        value = state[head][seats.index(parts[1])]
        if len(parts) == 3:
            value = [card for card in value if card[-1] == parts[2]]
        return value
    if head == "decks":
        return state["decks"][0 if parts[1] == "banker" else 1]
    if head == "table":
        return [card for _, card in state["table"]]
    return state[head]


def value_at(data: Any, path: str) -> Any:
    """The value of JSON at a dotted path: a part is a key, or the digits of a list's index
    (`nets.Anna`, `seats.0.mean_net`): a note's event claims, a figure of a step or of a run
    (sitegen/figures.py). KeyError when there is none."""
    value: Any = data
    for part in path.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise KeyError(part)
    return value


def step_value(path: str, event: dict[str, Any], state: dict[str, Any], seats: list[str]) -> int:
    """A figure of a step: `event.FIELD…` of its event's JSON, `state.PATH` of the table after it (the
    paths of a note's state claims; cards count as how many, `stakes.N` is the N-th stake from 1).
    KeyError, IndexError or TypeError when the path names no number."""
    head, _, rest = path.partition(".")
    if head == "event":
        value = value_at(event, rest)
    elif head == "state" and rest.startswith("stakes."):
        value = state["stakes"][int(rest.split(".")[1]) - 1]
    elif head == "state":
        value = _state_value(rest, state, seats)
    else:
        raise KeyError(head)
    if isinstance(value, list) and _flat_cards(value) is not None:
        value = len(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(path)
    return value


def _flat_cards(value: Any) -> list[str] | None:
    """The cards of an event's value (a card, or lists of them), or None when it holds anything else."""
    if isinstance(value, str):
        return [value] if re.fullmatch(r"(?:10|[2-9TJQKA])[SHDC]", value) else None
    if isinstance(value, list):
        found: list[str] = []
        for item in value:
            cards = _flat_cards(item)
            if cards is None:
                return None
            found += cards
        return found
    return None


def _matches(expected: Any, found: Any, cards: bool) -> bool:
    """Whether a claimed value is what the step shows: cards as cards (a string of them, or a number:
    how many), anything else as it is."""
    flat = _flat_cards(found)
    if cards or (flat is not None and (isinstance(expected, str) or
                                       (isinstance(expected, int) and not isinstance(expected, bool)
                                        and isinstance(found, list)))):
        return _same_cards(expected, found if cards else flat or [])
    return bool(expected == found)


def _shown(value: Any) -> str:
    if isinstance(value, list) and (all(isinstance(v, str) for v in value) or _flat_cards(value) is not None):
        return " ".join(_flat_cards(value) or value) or "none"
    if isinstance(value, str):
        try:
            _cards_of(value)
            return value.strip() or "none"
        except CardError:
            return repr(value)
    return str(value)


def claim_problem(claim: Claim, steps: list[tuple[dict[str, Any], dict[str, Any]]], seats: list[str],
                  reading: str = "") -> tuple[str, str] | None:
    """Why the claim does not hold of the steps given ((event JSON, state after it) for each step of
    the game it is about, `seats` its players' names), in both languages; None when it holds."""
    where_en = f" under {reading}" if reading else ""
    where_ru = f" при {reading}" if reading else ""

    def at(number: int) -> tuple[str, str] | None:
        event, state = steps[number - 1]
        if claim.kind is not None and event["kind"] != claim.kind:
            return (f"step {number}{where_en} shows {event['kind']}, not {claim.kind}",
                    f"шаг {number}{where_ru} — это {event['kind']}, а не {claim.kind}")
        if claim.who is not None and _event_actor(event) != claim.who:
            return (f"at step {number}{where_en} it is {_event_actor(event)}, not {claim.who}, who acts",
                    f"на шаге {number}{where_ru} действует {_event_actor(event)}, а не {claim.who}")
        named = _flat_cards([v for k, v in event.items() if k not in ("kind", "rule") and _flat_cards(v) is not None]) or []
        missing = [c for c in claim.cards if c not in named]
        if missing:
            return (f"step {number}{where_en} does not involve {' '.join(missing)} (it names {_shown(sorted(named))})",
                    f"на шаге {number}{where_ru} нет карт {' '.join(missing)} (названы: {_shown(sorted(named))})")
        for path, expected in claim.state:
            try:
                found = _state_value(path, state, seats)
            except (KeyError, IndexError):
                return (f"at step {number}{where_en} there is no {path}", f"на шаге {number}{where_ru} нет {path}")
            cards = path.split(".")[0] in _CARDS_PARTS + ("table", "row")
            if not _matches(expected, found, cards):
                return (f"at step {number}{where_en} {path} is {_shown(found)}, not {_shown(expected)}",
                        f"на шаге {number}{where_ru} {path} — {_shown(found)}, а не {_shown(expected)}")
        for path, expected in claim.event:
            try:
                found = value_at(event, path)
            except KeyError:
                return (f"the event of step {number}{where_en} ({event['kind']}) has no {path}",
                        f"в событии шага {number}{where_ru} ({event['kind']}) нет {path}")
            if not _matches(expected, found, False):
                return (f"at step {number}{where_en} the event's {path} is {_shown(found)}, not {_shown(expected)}",
                        f"на шаге {number}{where_ru} в событии {path} — {_shown(found)}, а не {_shown(expected)}")
        return None

    if claim.step is not None:
        if claim.step > len(steps):
            return (f"the game{where_en} has {len(steps)} steps, not {claim.step}",
                    f"в партии{where_ru} {len(steps)} шагов, а не {claim.step}")
        return at(claim.step)
    problems = [at(n) for n in range(1, len(steps) + 1)]
    if any(p is None for p in problems):
        return None
    said = (claim.kind or "") + (f" by {claim.who}" if claim.who else "") + (f" with {' '.join(claim.cards)}" if claim.cards else "")
    closest = next((p for p in problems if p and not p[0].startswith(("step", "at step"))), None)
    return (f"no step of the game{where_en} shows {said} as the note says" + (f" ({closest[0]})" if closest else ""),
            f"ни один шаг партии{where_ru} не показывает того, что говорит примечание ({said})"
            + (f" ({closest[1]})" if closest else ""))


def _event_actor(event: dict[str, Any]) -> str | None:
    for name in ("who", "winner", "leader"):
        if event.get(name) is not None:
            return str(event[name])
    return None


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


_NOTE_TABLES = ("[notes.question]", "[[notes.at]]", "[[notes.under]]")


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
                    if self.lines[i].strip().startswith("[") and self.lines[i].strip() not in _NOTE_TABLES),
                   len(self.lines) + 1)
        return start, end

    def headers_in(self, header: str, start: int, end: int) -> list[int]:
        """The lines (1-based) of each `header` between lines start and end."""
        return [i + 1 for i in range(max(start - 1, 0), min(end - 1, len(self.lines))) if self.lines[i].strip() == header]

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
    lines += [f"{key} = {value}" for key, value in (("prize", game.prize_in), ("kitty", game.kitty_in)) if value]
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
        own = next((c for c in note.claims if c.option is None and c.step == note.step and c.kind is None
                    and c.who is None and not c.cards), None)
        if own is not None:
            lines += _claim_tables(own)
        lines += [f"en = {_toml_str(note.en)}", f"ru = {_toml_str(note.ru)}"]
        if note.question is not None:
            lines += _question_lines(note.question)
        for claim in note.claims:
            if claim is not own:
                lines += ["", "[[notes.under]]" if claim.option is not None else "[[notes.at]]"]
                lines += [f"{key} = {_toml_value(value)}" for key, value in claim.to_toml().items()
                          if key not in ("state", "event", "cards")]
                if claim.cards:
                    lines.append("cards = [" + ", ".join(_toml_str(c) for c in claim.cards) + "]")
                lines += _claim_tables(claim)
    return "\n".join(lines) + "\n"


def _toml_key(path: str) -> str:
    return ".".join(part if re.fullmatch(r"[A-Za-z0-9_-]+", part) else _toml_str(part) for part in path.split("."))


def _toml_any(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_toml_any(v) for v in value) + "]"
    return _toml_value(value)


def _claim_tables(claim: Claim) -> list[str]:
    """A claim's state and event as the canonical record writes them: inline tables of paths."""
    return [f"{name} = {{ " + ", ".join(f"{_toml_key(k)} = {_toml_any(v)}" for k, v in getattr(claim, name)) + " }"
            for name in ("state", "event") if getattr(claim, name)]


def _inline(words: Mapping[str, str], correct: bool = False) -> str:
    parts = [f"{lang} = {_toml_str(words[lang])}" for lang in LANGS] + (["correct = true"] if correct else [])
    return "{ " + ", ".join(parts) + " }"


def _question_lines(question: Question) -> list[str]:
    """A note's question as the canonical record writes it (the module's doc shows it)."""
    lines = ["", "[notes.question]", *(f"{lang} = {_toml_str(question.text[lang])}" for lang in LANGS), "choices = ["]
    lines += [f"  {_inline(c.text, c.correct)}," for c in question.choices]
    return lines + ["]", f"explain = {_inline(question.explain)}"]


assert set(OPTION) == set(Options().to_mapping())  # the writer covers every option
