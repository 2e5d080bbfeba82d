"""Every size an input can set, its limit, and the check made before anything is built from it.

The live engine (live.py, the browser's worker), records (record.py: the build's hands, the
command line's files, the write page's files and links), the command line (__main__.py) and the
write page (through the catalogue: a file's size, a note's length, a link's length) check their
input with this module first, so that a refusal costs next to nothing: no name is made for each of
10**8 players, no game is dealt for a seed of 5,000 digits, no TOML is parsed 2,000 levels deep.
Each refusal names the field, the limit and, where the text sets it, the paragraph (narration
words it):

    players          2-17 card players (p2), so 0-17 besides the hosts, 0-15 when they play
    seed             0 .. 2**63 - 1 (a record is TOML: its integers are 64-bit)
    stake, fine, suit fines, pool     at most MAX_CHIPS
    games            a session record: 1-10 games (p12); a simulate request: 1-5,000; a run of
                     the command line: 1-10,000,000, over at most 256 processes
    moves            at most 1,000 in a record or a set-up (a game has fewer than 100 decisions)
    steps            a note's or a link's step: 1 to the game's steps (at most MAX_STEPS)
    names            at most 40 characters, cleaned (clean_name): NFC, no control or format
                     characters (bidi overrides, zero-width characters), one space between words
    notes            at most 4,000 characters each (any text of a record: notes, questions, titles)
    nesting          a record's lists and tables at most 8 deep
    file size        a record at most 1,000,000 bytes (the course's longest is under 10,000)
    numbers          at most 19 digits (more cannot be in any range above)
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from typing import Any

from .errors import LimitError, OptionError, TableError

MIN_PLAYERS, MAX_PLAYERS = 2, 17  # card players (p2): the play-off needs two; 52 cards give three each to 17
MAX_SEED = 2**63 - 1  # a seed must fit a record: TOML's integers are 64-bit
MAX_DIGITS = len(str(MAX_SEED))  # a whole number with more digits is out of every range here
MAX_CHIPS = 10**9  # a stake, a fine, a pool: every sum of a game stays exact in the page's numbers
MAX_SESSION_GAMES = 10  # the games of a session record (p12)
MAX_CHUNK = 5000  # games in one simulate request: a few seconds at most in the page's worker
MAX_RUN_GAMES = 10_000_000  # games of one command-line run: hours on one core
MAX_JOBS = 256  # processes of one command-line run
MAX_MOVES = 1000  # moves of a record or a set-up: random play of every reading never needed 100
MAX_STEPS = 20_000  # steps of a hand (a session of 10 games has fewer than 2,000)
MAX_NAME_CHARS = 40
MAX_NOTE_CHARS = 4000  # a note, in either language (and any other text of a record)
MAX_RECORD_BYTES = 1_000_000  # a record's file, or its text in a link or a request
MAX_NESTING = 8  # lists and tables inside each other in a record's TOML (the format needs 2)
MAX_LINK_CHARS = 16_000  # a share link, fragment included (Chromium takes ~2 MB; messengers far less)
MAX_REQUEST_CHARS = 8_000_000  # a request's JSON: a record's text escaped, with room to spare

_WHOLE = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: "²" and "٣" are not whole numbers here


def parse_whole(value: Any) -> int | None:
    """An int, or the whole number a text writes in ASCII digits (of at most MAX_DIGITS, leading
    zeros aside); None for anything else (a bool, a float, "1.5", "²", a 5,000-digit text)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not _WHOLE.fullmatch(text):
        return None
    sign = "-" if text.startswith("-") else ""
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        return None
    return int(sign + digits)


def whole_number(value: Any, key: str, minimum: int, rule: str | None = None, maximum: int | None = None,
                 **facts: Any) -> int:
    """A whole number in [minimum, maximum], from an int or its text; else an OptionError naming
    `key`, the range and the paragraph."""
    number = parse_whole(value)
    if number is None or number < minimum or (maximum is not None and number > maximum):
        raise OptionError("not_whole", rule, key=key, value=value.strip() if isinstance(value, str) else value,
                          minimum=minimum, maximum=maximum, **facts)
    return number


def players(value: Any, hosts_play: bool) -> int:
    """The number of players besides the hosts, from an int or its text: 2-17 card players (p2),
    the hosts among them when they play. Checked before a name is made for any of them."""
    hosts = 2 if hosts_play else 0
    number = parse_whole(value)
    if number is None or number < 0:
        raise OptionError("not_whole", "p2", key="players", value=value.strip() if isinstance(value, str) else value,
                          minimum=max(0, MIN_PLAYERS - hosts), maximum=MAX_PLAYERS - hosts)
    if not MIN_PLAYERS <= number + hosts <= MAX_PLAYERS:
        raise TableError("seat_count", "p2", count=number + hosts, hosts_play=hosts_play)
    return number


def seat_names(count: int, hosts_play: bool | None) -> None:
    """A list of `count` names for the players' seats: 2-17 card players (p2), before any is read
    (`hosts_play` None: not known yet, so only the most is checked)."""
    hosts = 2 if hosts_play else 0
    if count + hosts > MAX_PLAYERS or (hosts_play is not None and count + hosts < MIN_PLAYERS):
        raise TableError("seat_count", "p2", count=count + hosts, hosts_play=bool(hosts_play))


def items(count: int, field: str, most: int, **facts: Any) -> None:
    """A list of `count` things (moves, notes, cards...) of which `field` takes at most `most`."""
    if count > most:
        raise LimitError("too_many", field=field, size=count, most=most, **facts)


_SURROGATE = re.compile("[\ud800-\udfff]")


def text(value: str, field: str, most: int = MAX_NOTE_CHARS, **facts: Any) -> str:
    """A text of at most `most` characters, whole Unicode (a lone UTF-16 surrogate, which the page
    can send and no file can hold, is refused: it would be written as U+FFFD)."""
    if len(value) > most:
        raise LimitError("too_long", field=field, size=len(value), most=most, **facts)
    broken = _SURROGATE.search(value)
    if broken:
        raise LimitError("lone_surrogate", field=field, at=broken.start() + 1, code_point=f"U+{ord(broken.group()):04X}",
                         **facts)
    return value


def size(count: int, field: str = "record", most: int = MAX_RECORD_BYTES, **facts: Any) -> None:
    """A file or a text of `count` bytes."""
    if count > most:
        raise LimitError("too_big", field=field, size=count, most=most, **facts)


def record_text(value: str, **facts: Any) -> str:
    """A record's text as the page sends it (a file read, a link unpacked): MAX_RECORD_BYTES in UTF-8."""
    if len(value) > MAX_RECORD_BYTES:  # (a character is at least a byte)
        size(len(value), **facts)
    text(value, "record", most=MAX_RECORD_BYTES, **facts)
    size(len(value.encode("utf-8")), **facts)
    return value


# ---------------------------------------------------------------------------- names

_SPACES = re.compile(r"\s+")


def clean_name(name: str) -> str:
    """A name as the engine keeps it: NFC; no control characters (terminal escapes) and no format
    characters (bidi overrides and isolates, zero-width spaces and joiners, the soft hyphen), so
    that a name cannot turn the rest of a sentence round nor pass for another; one space between
    words. "Anna", "Anna\\u200b" and " Anna " are one name. (Its length is checked by `name`.)"""
    if len(name) > 10 * MAX_NAME_CHARS:
        return name  # left as it is: `name` refuses it by its length
    kept = "".join(ch for ch in unicodedata.normalize("NFC", name) if unicodedata.category(ch) not in ("Cc", "Cf"))
    return _SPACES.sub(" ", kept).strip()


def name(value: str) -> str:
    """A name cleaned (clean_name) and at most MAX_NAME_CHARS long."""
    cleaned = clean_name(value)
    text(cleaned, "name", MAX_NAME_CHARS, name=cleaned)
    return cleaned


_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def clean_text(value: str) -> str:
    """A note's text as the engine keeps it: NFC, without control characters (a line break and a
    tab stay) or bidi overrides, embeddings and isolates (marks such as U+200F stay)."""
    return _CONTROLS.sub("", unicodedata.normalize("NFC", value))


def for_terminal(value: str) -> str:
    """A text for a terminal: every control character but a line break and a tab, and every bidi
    override, shown as an escape (\\x1b), so that nothing read can drive the terminal."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}",
                         value)


# ---------------------------------------------------------------------------- a record's TOML

# Strings first (a bracket or a digit inside one is text), then comments, digits, brackets.
_TOML_TOKEN = re.compile(r'''
      (?P<string> """(?:[^"\\]|\\[\s\S]|"(?!""))*""""{0,2}
                | \'\'\'(?:[^']|'(?!''))*\'\'\'\'{0,2}
                | "(?:[^"\\\n]|\\.)*"
                | '[^'\n]*' )
    | (?P<open_string> """ | \'\'\' | " | ' )
    | (?P<comment> \#[^\n]* )
    | (?<![A-Za-z0-9_.])(?P<number> [0-9][0-9_]* )
    | (?P<open> [\[{] )
    | (?P<close> [\]}] )
''', re.VERBOSE)


class TomlShape:
    """What a scan of a record's TOML found before it is parsed: where a bracket or a string opened
    and was never closed (the line a parser's "end of document" means, and what it was)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self._breaks: list[int] | None = None
        self.unclosed: int | None = None  # the offset of the first opener never closed
        self.deepest = 0  # lists and tables inside each other, at most

    @property
    def unclosed_what(self) -> str:
        """What was left open, as Python's parser names it."""
        assert self.unclosed is not None
        return {"[": "Unclosed array", "{": "Unclosed inline table"}.get(self.source[self.unclosed], "Unterminated string")

    def line(self, offset: int) -> int:
        """The line (from 1) of an offset."""
        if self._breaks is None:
            self._breaks = [m.start() for m in re.finditer("\n", self.source)]
        return bisect_right(self._breaks, offset - 1) + 1


def scan_toml(source: str) -> TomlShape:
    """Check a record's TOML for what a parser would choke on before parsing it: lists and tables
    nested more than MAX_NESTING deep (Python's parser recurses, and fails 1,000 deep with no line),
    a number of more than MAX_DIGITS digits (Python refuses to read one of 4,300). Raises a
    LimitError with the line; returns the shape (what was left open)."""
    shape = TomlShape(source)
    openers: list[int] = []
    for match in _TOML_TOKEN.finditer(source):
        kind = match.lastgroup
        if kind == "open":
            openers.append(match.start())
            shape.deepest = max(shape.deepest, len(openers))
            if len(openers) > MAX_NESTING:
                raise LimitError("too_deep", field="record", most=MAX_NESTING, line=shape.line(match.start()))
        elif kind == "close":
            if openers:
                openers.pop()
        elif kind == "number":
            digits = len(match.group().replace("_", "").lstrip("0"))
            if digits > MAX_DIGITS:
                raise LimitError("long_number", field="record", size=digits, most=MAX_DIGITS, largest=str(MAX_SEED),
                                 line=shape.line(match.start()))
        elif kind == "open_string":
            shape.unclosed = match.start()
            return shape
    if openers:
        shape.unclosed = openers[0]
    return shape


def catalogue_limits() -> dict[str, Any]:
    """The limits the page checks itself, or shows (the catalogue embeds them)."""
    return {"players": [MIN_PLAYERS, MAX_PLAYERS], "players_rule": "p2", "seed_max": str(MAX_SEED),
            "chips_max": MAX_CHIPS, "name_chars": MAX_NAME_CHARS, "note_chars": MAX_NOTE_CHARS,
            "record_bytes": MAX_RECORD_BYTES, "link_chars": MAX_LINK_CHARS, "steps": MAX_STEPS,
            "chunk": MAX_CHUNK}
