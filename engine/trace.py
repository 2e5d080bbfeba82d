"""A game told step by step for the demo and the command line: each event with its narration
in both languages, the snapshot of the table after it, the note of the record, and a summary.

The site builds these traces in CPython at build time, and the browser's worker builds them
again with Pyodide from the same code, so the two agree byte for byte.
"""

from __future__ import annotations

from typing import Any, Callable

from .events import Event
from .game import Game
from .policy import play_out
from .session import Session
from .actions import parse_action
from .narration import narrate, reveal_outcome
from .words import LANGS, move_text
from .record import Note, Record
from .view import snapshot


def summary(game: Game) -> dict[str, Any]:
    """The result of a game (what `replay --json` prints, without the events)."""
    return {
        "players": {
            name: {"net": game.nets[i], "hand": [str(c) for c in game.hands[i]], "penalty": [str(c) for c in game.penalty[i]]}
            for i, name in enumerate(game.seats)
        },
        "banker": {"name": game.table.banker, "net": game.banker_net},
        "dealer": {"name": game.table.dealer},
        "pool_in": game.pool_in,
        "pool": game.pool,
        "prize_in": game.prize_in,  # fines to be played for (fines_to = playoff_prize, p12)
        "prize": game.prize,
        "kitty_in": game.kitty_in,  # the kitty kept apart (kitty = kept_apart, p15)
        "kitty": game.kitty,
        "last_prize_winner": None if game.last_winner is None else game.seats[game.last_winner],
        "rounds": game.round,
        "over": game.over,
    }


def teller(steps: list[dict[str, Any]]) -> Callable[[Game, Event], None]:
    """An observer that keeps each event, its sentences and the table after it."""
    def observe(game: Game, event: Event) -> None:
        steps.append({
            "event": event.to_json(),
            "text": {lang: narrate(event, lang) for lang in LANGS},
            "decision": len(game.actions),
            "state": snapshot(game),
        })
    return observe


def trace(record: Record) -> dict[str, Any]:
    """Play the record, telling it step by step as it goes, with its notes. A session's games are
    told one after the other, its steps numbered through the session, each with its `game` (1, 2…)."""
    if record.games > 1:
        return _session(record)
    steps: list[dict[str, Any]] = []
    game = record.play(observer=teller(steps))
    return told(game, steps, record.notes)


def _session(record: Record) -> dict[str, Any]:
    session = Session(record.table, record.options, seed=record.seed, pool=record.pool, prize=record.prize,
                      kitty=record.kitty)
    parts = []
    for _ in range(record.games):
        steps: list[dict[str, Any]] = []
        game = session.new_game(teller(steps))
        play_out(game)
        parts.append(told(game, steps, ()))
    steps, moves = [], []
    for number, part in enumerate(parts, 1):
        moves += [{**move, "step": move["step"] + len(steps)} for move in part["moves"]]
        steps += [{**step, "game": number} for step in part["steps"]]
    _annotate(steps, record.notes)
    setup = {**parts[0]["game"], "seed": record.seed, "games": record.games}
    result = {**parts[-1]["result"], "games": [part["result"] for part in parts]}
    return {"game": setup, "seats": parts[0]["seats"], "steps": steps, "moves": moves, "result": result}


def trace_game(game: Game, notes: list[Note] | tuple[Note, ...] = ()) -> dict[str, Any]:
    """Tell a game made without an observer (over or in progress): its decisions are replayed
    with one."""
    steps: list[dict[str, Any]] = []
    replayed = Game(game.table, game.options, seed=game.seed, decks=game.given_decks, pool=game.pool_in,
                    prize=game.prize_in, kitty=game.kitty_in, observer=teller(steps))
    for action in game.actions:
        replayed.apply(action)
    return told(replayed, steps, notes)


def _annotate(steps: list[dict[str, Any]], notes: list[Note] | tuple[Note, ...]) -> None:
    """Each note on its step, and its question (asked before the step is shown), if it has one."""
    for note in notes:
        if 1 <= note.step <= len(steps):
            steps[note.step - 1]["note"] = {"en": note.en, "ru": note.ru}
            if note.question is not None:
                steps[note.step - 1]["question"] = note.question.to_json()


def told(game: Game, steps: list[dict[str, Any]], notes: list[Note] | tuple[Note, ...]) -> dict[str, Any]:
    _annotate(steps, notes)
    moves: list[dict[str, Any]] = []
    for index, step in enumerate(steps):
        made = step["decision"]
        if made > len(moves):
            action = game.actions[made - 1]
            moves.append({"move": str(action), "who": step["event"].get("who", game.table.banker), "step": index + 1})
    return {"game": game.to_json(), "seats": list(game.seats), "steps": steps, "moves": moves, "result": summary(game)}


def delta_states(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps with each `state` cut to the keys that changed since the step before (the first
    step keeps them all): a page embeds a whole hand in a fraction of the bytes. The reader rebuilds
    step n's state as the state of step n-1 updated with step n's keys."""
    out: list[dict[str, Any]] = []
    previous: dict[str, Any] = {}
    for step in steps:
        state = step["state"]
        out.append({**step, "state": {k: v for k, v in state.items() if k not in previous or previous[k] != v}})
        previous = state
    return out


def for_page(told: dict[str, Any], lang: str) -> dict[str, Any]:
    """A trace as a page shows it, in one language: each step's `text` and `note` in `lang`; each
    state with `outcomes`, what became of each of the banker's four so far this round (None, or
    {"winner": name} / {"to": "pool" | "banker"}, with its `text` in `lang`: narration.reveal_outcome,
    the words the page's table and the print view show), and cut to what changed since the step before;
    each move with its words (`text`, and `short` with card symbols). The build embeds this, and
    the live engine answers with it, so the page reads one shape."""
    steps = []
    outcomes: list[dict[str, str] | None] = [None, None, None, None]
    for step in told["steps"]:
        event = step["event"]
        if event["kind"] == "lay":
            outcomes = [None, None, None, None]
        elif event["kind"] == "reveal":
            outcomes = list(outcomes)
            fate = {"winner": event["winner"]} if event["winner"] else {"to": event["to"]}
            outcomes[event["position"] - 1] = {**fate, "text": reveal_outcome(event["winner"], event["to"], lang)}
        page_step = {**step, "text": step["text"][lang], "state": {**step["state"], "outcomes": outcomes}}
        if "note" in step:
            page_step["note"] = step["note"][lang]
        if "question" in step:
            page_step["question"] = _question_for_page(step["question"], lang)
        steps.append(page_step)
    moves = [{**m, "text": move_text(parse_action(m["move"]), lang), "short": move_text(parse_action(m["move"]), lang,
                                                                                         short=True)}
             for m in told["moves"]]
    return {**told, "steps": delta_states(steps), "moves": moves}


def _question_for_page(question: dict[str, Any], lang: str) -> dict[str, Any]:
    """A note's question in one language: {text, choices: [texts], answer: the correct one's index,
    explain}."""
    choices = question["choices"]
    return {"text": question["text"][lang], "choices": [c["text"][lang] for c in choices],
            "answer": next(i for i, c in enumerate(choices) if c["correct"]), "explain": question["explain"][lang]}
