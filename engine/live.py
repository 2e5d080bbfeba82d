"""The engine as the browser's worker calls it: one entry point, `handle`, JSON text in and out.

The worker (site/static/js/lib/worker.js) only loads Pyodide and forwards each request here; the tests
run the same function in CPython. A request is `{"type", "lang", ...}`; the reply has one shape:

    {"result": ...}                                   what was asked for
    {"refusal": {"en", "ru", "rule"}}                 the engine refuses the input; nothing changed
    {"failure": {"code", "detail"}}                   something broke (a bug): the page says so

Requests (each `key` names a demo of the page, so that each demo has its own seat):

    replay {setup, lang}          the hand under other settings: a page trace (trace.for_page) and
                                  `notice`: "moves_replaced" when the recorded moves no longer fit
                                  and the computer players decided instead, else None
    seat   {key, setup, seat, opponents?, lang}   the visitor takes a seat (a player's name, or
                                  "banker", who then spreads the sum himself: spread = chosen,
                                  whatever the set-up's reading); the computer players play until it is his turn:
                                  `opponents` "default" (the default policy, policy.py; when not
                                  given) or "strong" (strong.py, its deals seeded by the set-up's
                                  seed: the same seed, options and moves give the same game);
                                  another value is refused in words
    move   {key, text, lang}      the visitor's move, in the notation of actions.py
    undo   {key, lang}            takes back the visitor's last move
    leave  {key}                  forgets the seat
    hint   {key, lang}            what each move of the visitor's decision is worth, as he knows the
                                  game (hint.py: the known mode only); refused in words when it is
                                  not his decision of the play-off
    practice {setup, seat, lang}  the seat's decisions in the recorded hand, to practise (practice.py)
    practice_check {setup, index, move, lang}   the student's move at decision `index` judged: legal
                                  (or the refusal), the recorded move or not, forced or not, and
                                  its cost against the best move as the player knows the game
    write_record, read_record     a hand written in the page, and a record read back (engine/writer.py)
    analyse {setup, index, mode?, samples?, seed?, lang}   what each move of decision `index` (from
                                  0) of the hand is worth (analysis.py; mode "open" by default,
                                  "known" with `samples` deals): {analysis, who, recorded, reasons,
                                  panel}, `reasons` a sentence for each move, in the order of
                                  analysis.moves; `panel` the demo's panel (analysis_page.for_page)

`setup` is the trace's `game` ({table, options, seed, decks, pool, actions}), with changes, and
`players` (a number) for another number of players. A seat's result is a page trace and `you`:
the seat, whether it is his turn, and the decision (`decision()` below): what it is, in words;
which of his cards he may select; every legal move with its cards and words; for the banker's
spread, the sum and the even spread. The page computes no rule: it selects cards and offers the
moves whose cards are exactly the selection.

Statistics (engine/stats.py), in chunks that the page sends one after the other:

    simulate {players, options, seed, start, count, tally, carry, compare, lang}
                                  plays games start .. start + count - 1 (at most MAX_CHUNK) of the
                                  run seeded `seed` (independent games, each from an empty pool; with
                                  `carry`, a session's, each opening with the pool the game before
                                  left, p12) with `players` (2-17, the default names of `lang`) under
                                  `options`, adds them to `tally` (the last reply's, or none for the
                                  first chunk) and answers {done: the next game's number, tally,
                                  figures, charts}: `charts`, the run's chart models (charts.py), with
                                  the run marked among the build's runs `compare` when the page sends
                                  them; the page keeps only the tally, sends it back with the next
                                  chunk, and draws the charts. Any split of a run into chunks gives
                                  the same figures.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Callable

from . import analysis_page, charts, limits, practice, stats
from .analysis import KNOWN_SAMPLES, MAX_SAMPLES, MODES, PLAYOFF_DECISIONS, analyse
from .hint import hint
from .actions import parse_action
from .errors import EngineError
from .game import BANKER
from .limits import MAX_CHUNK, MAX_SEED, whole_number
from .narration import move_reason
from .options import Options, Table
from .policy import Policy, default_policy
from .record import Record, RecordError
from .seat import MAX_MOVE_CHARS, decision, find_seat, setup_record
from .strong import strong_policy
from .trace import for_page, teller, told, trace
from .words import LANGS
from .writer import REQUESTS as WRITER_REQUESTS


class LiveError(EngineError):
    """A request the live engine cannot serve: nothing to undo, no seat taken, no such opponents."""


# The computer players a seated visitor may choose to play against (the `seat` request's `opponents`).
OPPONENTS = ("default", "strong")


def replay(setup: dict[str, Any], lang: str) -> dict[str, Any]:
    """The page trace of a hand under the set-up given (see the module's doc)."""
    record = setup_record(setup, lang)
    record.table.check(record.options)
    notice = None
    try:
        hand = trace(record)
    except RecordError:
        record.moves, record.notes = [], []
        hand = trace(record)
        notice = "moves_replaced"
    return {**for_page(hand, lang), "notice": notice}


def opponents_policy(opponents: Any, seed: int) -> Policy:
    """The computer players chosen (OPPONENTS), for a game seeded `seed`; anything else refused."""
    if opponents == "default":
        return default_policy
    if opponents == "strong":
        return strong_policy(seed)  # its deals drawn from the game's seed: the same game each time
    raise LiveError("no_opponents", opponents=str(opponents))


class Seat:
    """A visitor at the table: one seat (a player's name or number from 0, or "banker" for the
    spread) is his. (A number finds the same seat whatever the language's names.) `opponents`: the
    computer players at the other seats (OPPONENTS)."""

    def __init__(self, setup: dict[str, Any], seat: str | int, lang: str = "en", opponents: Any = "default") -> None:
        record = setup_record(setup, lang)
        record.moves, record.notes = [], []
        if find_seat(record.new_game(), seat) == BANKER and record.options.spread != "chosen":
            # The banker's one decision is the spread, and only when he spreads the sum himself (p4,
            # spread = chosen): seated, he plays that reading, whatever the set-up's.
            record.options = replace(record.options, spread="chosen")
        self.record = record
        self.opponents = str(opponents)
        self.policy = opponents_policy(opponents, record.seed)  # (before anything is played)
        self.steps: list[dict[str, Any]] = []
        self.game = record.new_game(observer=teller(self.steps))
        self.seat = find_seat(self.game, seat)
        self.name = "banker" if self.seat == BANKER else self.game.seats[self.seat]
        self.own: list[int] = []  # the indexes in game.actions of the visitor's own moves
        self._play_computers()

    def _play_computers(self) -> None:
        game = self.game
        while not game.over and game.to_act != self.seat:
            game.apply(self.policy(game))

    def state(self, lang: str) -> dict[str, Any]:
        game = self.game
        turn = not game.over and game.to_act == self.seat
        you = {"seat": self.name, "turn": turn, "over": game.over, "can_undo": bool(self.own),
               "opponents": self.opponents, "decision": decision(game, lang) if turn else None}
        return {**for_page(told(game, self.steps, ()), lang), "you": you}

    def hint(self, lang: str) -> dict[str, Any]:
        """What each move of the visitor's decision is worth, as he knows the game (hint.py)."""
        return hint(self.game, self.seat, self.record.seed, lang)

    def move(self, text: str) -> None:
        """Play the visitor's move; an illegal one raises (NotationError, IllegalMove) and changes nothing."""
        action = parse_action(limits.text(text, "move", MAX_MOVE_CHARS))
        self.game.check(action)
        self.own.append(len(self.game.actions))
        self.game.apply(action)
        self._play_computers()

    def undo(self) -> None:
        if not self.own:
            raise LiveError("nothing_to_undo")
        keep = self.game.actions[:self.own.pop()]
        self.steps.clear()
        self.game = self.record.new_game(observer=teller(self.steps))
        for action in keep:
            self.game.apply(action)


# ---------------------------------------------------------------------------- statistics

def simulate(request: dict[str, Any], lang: str) -> dict[str, Any]:
    """One chunk of a run, added to the tally the page sent back (see the module's doc)."""
    options = Options.from_mapping(request.get("options") or {})
    players = limits.players(request["players"], options.hosts_play == "yes")  # before a name is made
    table = Table.default(players, lang)
    table.check(options)  # 2-17 card players (p2), a stake that covers four cards (p4)
    seed = whole_number(request.get("seed") or 0, "seed", 0, maximum=MAX_SEED)
    start = whole_number(request.get("start") or 0, "start", 0, maximum=MAX_SEED)
    count = whole_number(request["count"], "count", 1, maximum=MAX_CHUNK)
    policy = str(request.get("policy") or "default")
    if policy not in stats.POLICIES:
        raise KeyError(f"policy {policy!r}")  # the page's own mistake: a bad_request failure
    given = request.get("tally")
    before = None if given is None else stats.Tally.from_json(given)
    if request.get("carry"):  # a session: the games follow the tally's, with the pool its last game left
        if start != (0 if before is None else before.stop):
            raise KeyError(f"start {start}: a session's chunk follows the games before it")
        tally = stats.simulate_session(table, options, seed, count, policy, after=before)
    else:
        chunk = stats.simulate(table, options, seed, start, count, policy)
        tally = chunk if before is None else before.merge(chunk)
    figures = tally.figures(lang)
    compare = None if request.get("compare") is None else charts.checked_comparisons(request["compare"])
    drawn = charts.models(figures, lang, compare, yours=True)
    return {"done": tally.stop, "tally": tally.to_json(), "figures": figures, "charts": drawn}


# ---------------------------------------------------------------------------- the entry point

_seats: dict[str, Seat] = {}


def _seat_of(request: dict[str, Any]) -> Seat:
    seat = _seats.get(str(request.get("key", "")))
    if seat is None:
        raise LiveError("no_seat_taken")
    return seat


def _take_seat(request: dict[str, Any], lang: str) -> dict[str, Any]:
    key = str(request.get("key", ""))
    _seats.pop(key, None)
    seat = Seat(request["setup"], request["seat"], lang, request.get("opponents", "default"))
    _seats[key] = seat
    return seat.state(lang)


def _move(request: dict[str, Any], lang: str) -> dict[str, Any]:
    seat = _seat_of(request)
    seat.move(str(request["text"]))
    return seat.state(lang)


def _undo(request: dict[str, Any], lang: str) -> dict[str, Any]:
    seat = _seat_of(request)
    seat.undo()
    return seat.state(lang)


def _hint(request: dict[str, Any], lang: str) -> dict[str, Any]:
    return _seat_of(request).hint(lang)


def _leave(request: dict[str, Any], lang: str) -> None:
    _seats.pop(str(request.get("key", "")), None)


def _practice_record(request: dict[str, Any], lang: str) -> Record:
    """The recorded hand of a practice request (its notes play no part)."""
    return setup_record({**request["setup"], "notes": []}, lang)


def _practice_check(request: dict[str, Any], lang: str) -> dict[str, Any]:
    move = limits.text(str(request["move"]), "move", MAX_MOVE_CHARS)  # (before the hand is replayed)
    return practice.check(_practice_record(request, lang), request["index"], move, lang)


def _analyse(request: dict[str, Any], lang: str) -> dict[str, Any]:
    """What each move of decision `index` of the recorded hand is worth (see the module's doc)."""
    mode = str(request.get("mode", "open"))
    if mode not in MODES:
        raise KeyError(f"mode {mode!r}")
    samples = whole_number(request.get("samples", KNOWN_SAMPLES), "samples", 2, maximum=MAX_SAMPLES)
    seed = whole_number(request.get("seed", 0), "seed", 0, maximum=MAX_SEED)
    index = request["index"]
    game, _, recorded = practice.decision_at(_practice_record(request, lang), index)
    if game.phase not in PLAYOFF_DECISIONS:
        raise practice.PracticeError("not_playoff_decision", index=index)
    analysis = analyse(game, mode, samples=samples, seed=seed)
    who = game.seats[analysis.seat]
    return {"analysis": analysis.to_json(), "who": who, "recorded": str(recorded),
            "reasons": [move_reason(move, who, game.seats, lang) for move in analysis.moves],
            "panel": analysis_page.for_page(analysis, game.seats, str(recorded), lang)}


_REQUESTS: dict[str, Callable[[dict[str, Any], str], Any]] = {
    "replay": lambda request, lang: replay(request["setup"], lang),
    "seat": _take_seat, "move": _move, "undo": _undo, "leave": _leave, "hint": _hint, "simulate": simulate,
    "practice": lambda request, lang: practice.decisions(_practice_record(request, lang), request["seat"], lang),
    "practice_check": lambda request, lang: _practice_check(request, lang),
    "analyse": _analyse,
}

_REQUESTS.update(WRITER_REQUESTS)  # write_record / read_record: a hand written in the page (writer.py)


def handle(request_json: str) -> str:
    """Serve one request (see the module's doc): JSON text in, JSON text out."""
    request: dict[str, Any] = {}
    try:
        if len(request_json) > limits.MAX_REQUEST_CHARS:  # the page's own requests are far smaller
            return _dump({"failure": {"code": "bad_request", "detail": f"a request of {len(request_json)} characters"}})
        try:
            parsed = json.loads(request_json)
        except (ValueError, RecursionError) as error:
            return _dump({"failure": {"code": "bad_request", "detail": f"not a JSON request: {type(error).__name__}"}})
        if not isinstance(parsed, dict):
            return _dump({"failure": {"code": "bad_request", "detail": "not a JSON object"}})
        request = parsed
        lang = str(request.get("lang")) if request.get("lang") in LANGS else "en"
        serve = _REQUESTS.get(str(request.get("type")))
        if serve is None:
            return _dump({"failure": {"code": "unknown_request", "detail": str(request.get("type"))}})
        return _dump({"result": serve(request, lang)})
    except EngineError as error:
        you = request.get("type") in ("move", "undo", "hint")  # the visitor's own move: "you do not hold…"
        return _dump({"refusal": {"en": error.words("en", you), "ru": error.words("ru", you), "rule": error.rule}})
    except (KeyError, TypeError, AttributeError) as error:  # a set-up without a part it needs
        return _dump({"failure": {"code": "bad_request", "detail": f"{type(error).__name__}: {error}"}})
    except Exception as error:  # noqa: BLE001 - a bug of the engine: the page must hear of it, not hang
        return _dump({"failure": {"code": "engine_failed", "detail": f"{type(error).__name__}: {error}"}})


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

