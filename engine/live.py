"""The engine as the browser's worker calls it: JSON text in, JSON text out.

The worker (site/static/js/worker.js) runs these in Pyodide, and the tests run them in CPython:
both give the same text for the same input.

- `replay(setup)`: a hand with other options, seed or players. The recorded moves are kept where
  they still fit; when one is illegal under the new options, the computer players make every
  decision instead, and `notice` says so.
- `Seat(setup, seat)`: a visitor takes a seat; the computer players (the default policy) make every
  other decision until it is the visitor's turn; `move(text)` plays the visitor's move (an illegal
  one is refused, in English and Russian, with the paragraph, and nothing changes); `undo()` takes
  back the visitor's last move.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import NotationError, parse_action
from .cards import parse_cards
from .game import BANKER, IllegalMove
from .options import Options, Table
from .policy import default_policy
from .record import Note, Record, RecordError
from .trace import trace, trace_game


def _dump(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=False)


def setup_record(setup: dict[str, Any]) -> Record:
    """A record from the demo's set-up: {table, options, seed, decks, pool, actions, notes}."""
    table_data = setup["table"]
    players = setup.get("players")
    names = tuple(table_data["players"])
    if isinstance(players, int) and not isinstance(players, bool):
        # Another number of players: the record's names first, then P4, P5...
        names = names[:players] + tuple(f"P{i + 1}" for i in range(len(names), players))
    table = Table(names, table_data["banker"], table_data["dealer"])
    decks = setup.get("decks")
    return Record(
        table=table,
        options=Options.from_mapping(setup.get("options") or {}),
        seed=int(setup.get("seed") or 0),
        decks=None if decks is None else (parse_cards(decks["banker"]), parse_cards(decks["dealer"])),
        pool=int(setup.get("pool") or 0),
        moves=[parse_action(a) for a in setup.get("actions") or []],
        notes=[Note(n["step"], n["en"], n["ru"]) for n in setup.get("notes") or []],
    )


def replay(setup_json: str) -> str:
    """The trace of a hand under the set-up given (see the module's doc)."""
    try:
        record = setup_record(json.loads(setup_json))
        record.table.check(record.options)
        notice = None
        try:
            told = trace(record)
        except RecordError:
            record.moves, record.notes = [], []
            told = trace(record)
            notice = "moves_replaced"
    except (KeyError, TypeError, ValueError) as error:  # every engine error is a ValueError
        return _dump({"error": str(error) if not isinstance(error, KeyError) else f"missing {error}"})
    told["notice"] = notice
    return _dump(told)


class Seat:
    """A visitor at the table: one seat (a player's name, or "banker" for the spread) is his."""

    def __init__(self, setup_json: str, seat: str) -> None:
        record = setup_record(json.loads(setup_json))
        record.moves, record.notes = [], []
        self.game = record.new_game()
        if seat != "banker" and seat not in self.game.seats:
            raise ValueError(f"no seat {seat!r}: the seats are {', '.join(self.game.seats)} and banker")
        self.seat = BANKER if seat == "banker" else self.game.seats.index(seat)
        self.own: list[int] = []  # the indexes in game.actions of the visitor's own moves
        self._play_computers()

    def _play_computers(self) -> None:
        game = self.game
        while not game.over and game.to_act != self.seat:
            game.apply(default_policy(game))

    def state(self, error: str | None = None, rule: str | None = None, error_ru: str | None = None) -> str:
        game = self.game
        told = trace_game(game)
        told["your_turn"] = not game.over and game.to_act == self.seat
        told["legal"] = [str(a) for a in game.legal_actions()] if told["your_turn"] and game.phase != "stake" else []
        told["stake_total"] = game.pool if told["your_turn"] and game.phase == "stake" else None
        told["error"], told["error_ru"], told["rule"] = error, error_ru or error, rule
        return _dump(told)

    def move(self, text: str) -> str:
        try:
            action = parse_action(text)
            self.game.check(action)
        except NotationError as error:
            return self.state(str(error), None)
        except IllegalMove as error:
            return self.state(str(error), error.rule, error.ru)
        self.own.append(len(self.game.actions))
        self.game.apply(action)
        self._play_computers()
        return self.state()

    def undo(self) -> str:
        if not self.own:
            return self.state("nothing to undo", None)
        keep = self.own.pop()
        self.game = self.game.replay(self.game.actions[:keep])
        return self.state()
