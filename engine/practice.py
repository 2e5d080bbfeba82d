"""Practice on an annotated hand: the student takes one player's part and, before each of that
player's decisions, says what he would do; the engine judges the answer, and the hand then goes on
with the recorded move (so that the hand stays the annotated one).

The page asks the live engine (live.py) twice, with the demo's set-up each time (nothing is kept
between requests, so a restarted worker loses nothing):

    practice       {setup, seat, lang}            the seat's decisions in the recorded hand
    practice_check {setup, index, move, lang}     the student's move at decision `index`

`practice` answers {seat, decisions: [...]}, one entry per decision of the seat, in order:

    index     the decision's number in the hand (0 = the first decision made, by anyone)
    step      the step that shows the recorded move (the demo stops on the step before it)
    forced    True when the rules leave one legal move only (the page does not ask: it says so)
    decision  what `live.decision` gives a seated player (kind, rule, stake), except that `cards`
              is the whole hand and `moves` every move the hand's cards could make, legal or not
              (one card or two, each led card covered by any card, take; every card to the trick):
              the student chooses among them as a seated player does, and learns what the rules
              say only when he submits
    move      for a forced decision only: the recorded move, in words

`practice_check` answers {index, step, legal, refusal, matches, forced, move, recorded, worth}: whether
the move is legal (if not, `refusal`: the engine's sentence in both languages, to "you", with its
paragraph in `rule`), whether it is the recorded move, whether the rules forced the move (one legal
move only), both moves in words, and what the move is worth (`worth`, below). A move the notation
cannot read is illegal too (rule None). A series of games is not practised (the computer players
play it): both requests refuse it.

`worth` grades a legal move of the play-off (a lead, an answer, a card to a trick) by its cost
against the best move, as the practised player knows the game: analysis.py's known mode (the
student sees what the seat sees, so he is judged on that, not on the hidden cards), KNOWN_SAMPLES
deals drawn from `draw(record seed, index)`, so that the same decision is always valued the same:
    {mode, samples, value, interval, cost, rank, verdict, best, text, basis}
(not the deals' seed: a draw up to 2**64, which a page's JSON would read inexactly).
`verdict` is "best" (ranked first), "as_good" (no cost, ranked after an equal move) or "less";
`best` the best move in words with its value and interval; `text` the grade in a sentence, the
cost first; `basis` how it was valued. None for an illegal move, and for the banker's spread (not
valued: docs/rules.md, "Analysis"). The recorded move is the default policy's: the page says what
happened in the hand, not that it was good.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, Callable

from .actions import Action, Beat, Lead, NotationError, Play, Take, parse_action
from .analysis import KNOWN_SAMPLES, PLAYOFF_DECISIONS, MoveValue, analyse
from .errors import EngineError
from .game import BANKER, Game, IllegalMove, Phase
from .narration import chips_figure
from .record import Record
from .rng import draw
from .seat import decision, find_seat, offered
from .words import LANGS, move_text, number, signed

# The analysis that grades an answer: as the practised player knows the game (module doc).
GRADING_MODE = "known"


class PracticeError(EngineError):
    """A practice request the recorded hand cannot serve: a session, no such decision."""


def _words(action: Action, lang: str) -> dict[str, str]:
    return {"move": str(action), "text": move_text(action, lang), "short": move_text(action, lang, short=True)}


Visit = Callable[[Game, int, int, Action], None]


def _replay(record: Record, stop: int | None = None, visit: Visit | None = None) -> list[tuple[int, int, Action]]:
    """The recorded hand played (Record.play) up to decision `stop` (or to its end). Each decision
    made is listed with the step that shows it and the move: (index, step, action); `visit` sees
    the game before each."""
    made: list[tuple[int, int, Action]] = []

    def before(game: Game, action: Action) -> None:
        made.append((len(game.actions), len(game.events) + 1, action))
        if visit is not None:
            visit(game, *made[-1])

    record.play(stop=stop, before=before)
    return made


def tries(game: Game) -> list[Action]:
    """Every move the hand of the player to act could make at this decision, legal or not: the
    moves a student may choose among (the engine judges them on submit)."""
    phase, seat = game.phase, game.to_act
    if seat is None or seat == BANKER:
        return []
    hand = list(game.hands[seat])
    if phase is Phase.LEAD:
        leads: list[Action] = [Lead((c,)) for c in hand]
        return leads + [Lead(pair) for pair in combinations(hand, 2)]
    if phase is Phase.TRICK:
        return [Play(c) for c in hand]
    if phase is Phase.ANSWER:
        led = list(game.led)
        out: list[Action] = []
        if len(led) == 1:
            out += [Beat(((led[0], c),)) for c in hand]
        else:
            out += [Beat(((led[0], a), (led[1], b))) for a, b in permutations(hand, 2)]
            out += [Beat(((l, c),)) for l in led for c in hand]
        return out + [Take()]
    return []


def _offer(game: Game, lang: str) -> dict[str, Any]:
    """The decision as the practice panel offers it (see the module's doc)."""
    out = decision(game, lang)
    seat = game.to_act
    if out["kind"] != "stake" and seat is not None and seat != BANKER:
        out["cards"] = [str(c) for c in game.hands[seat]]
        out["moves"] = [offered(a, lang) for a in tries(game)]
    return out


def _one_game(record: Record) -> None:
    if record.games > 1:  # a session is played by the computer players, game after game
        raise PracticeError("practice_session", games=record.games)


def decisions(record: Record, seat: str | int, lang: str) -> dict[str, Any]:
    """The seat's decisions in the recorded hand (see the module's doc)."""
    _one_game(record)
    game = record.new_game()
    who = find_seat(game, seat)
    name = game.table.banker if who == BANKER else game.seats[who]
    out: list[dict[str, Any]] = []

    def visit(at: Game, index: int, step: int, action: Action) -> None:
        if at.to_act != who:
            return
        forced = len(at.legal_actions()) == 1
        entry: dict[str, Any] = {"index": index, "step": step, "forced": forced, "decision": _offer(at, lang)}
        if forced:
            entry["move"] = _words(action, lang)
        out.append(entry)

    _replay(record, visit=visit)
    return {"seat": name, "decisions": out}


def decision_at(record: Record, index: Any) -> tuple[Game, int, Action]:
    """The recorded hand's game as it stands before decision `index` (from 0), the step that shows
    that decision, and the recorded move; refused for a series of games or a decision it lacks."""
    _one_game(record)
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        raise PracticeError("no_decision", index=index)
    seen: list[Game] = []
    made = _replay(record, index + 1, lambda at, i, *_: seen.append(at.clone()) if i == index else None)
    if len(made) <= index:
        raise PracticeError("no_decision", index=index)
    _, step, recorded = made[index]
    return seen[0], step, recorded


def check(record: Record, index: int, text: str, lang: str) -> dict[str, Any]:
    """The student's move at decision `index` judged (see the module's doc)."""
    at, step, recorded = decision_at(record, index)
    forced = len(at.legal_actions()) == 1
    refusal = None
    move: dict[str, str] | None = None
    matches = False
    try:
        action = parse_action(str(text))
        move = _words(action, lang)
        at.check(action)
        matches = action == recorded
    except (NotationError, IllegalMove) as error:
        refusal = {**{lang_: error.words(lang_, True) for lang_ in LANGS}, "rule": error.rule}
    graded = None
    if refusal is None and at.phase in PLAYOFF_DECISIONS:
        graded = worth(at, action, draw(record.seed, index), lang)
    return {"index": index, "step": step, "legal": refusal is None, "refusal": refusal, "matches": matches,
            "forced": forced, "move": move, "recorded": _words(recorded, lang), "worth": graded}


def worth(game: Game, action: Action, seed: int, lang: str) -> dict[str, Any]:
    """What a legal move of the play-off decision `game` stands at is worth against the best move,
    as its player knows the game (see the module's doc)."""
    analysis = analyse(game, GRADING_MODE, samples=KNOWN_SAMPLES, seed=seed)
    mine = next(m for m in analysis.moves if m.move == str(action))
    best = analysis.best
    verdict = "best" if mine.rank == 1 else "as_good" if mine.cost == 0 else "less"
    assert game.to_act is not None
    who = game.seats[game.to_act]
    best_words = {**_words(parse_action(best.move), lang), "value": best.value, "interval": _pair(best)}
    return {"mode": analysis.mode, "samples": analysis.samples, "value": mine.value,
            "interval": _pair(mine), "cost": mine.cost, "rank": mine.rank, "verdict": verdict, "best": best_words,
            "text": _grade_text(verdict, mine, best, who, lang), "basis": _basis_text(who, analysis.samples, lang)}


def _pair(move: MoveValue) -> list[float]:
    assert move.interval is not None  # the known mode gives every value its interval
    return list(move.interval)


def _grade_text(verdict: str, mine: MoveValue, best: MoveValue, who: str, lang: str) -> str:
    """The grade, the cost first: "The best move: …", "As good as the best move (…): …", "1.75 chips
    less than the best move: …". Figures to two decimals: they are means over the deals. In Russian
    the best move is «лучший вариант» (a «ход» is a lead: docs/style.md)."""
    en = lang == "en"
    value, best_value = signed(mine.value, lang, 2), signed(best.value, lang, 2)
    best_move = f"{who} {move_text(parse_action(best.move), lang)}"
    if verdict == "best":
        low, high = (signed(x, lang, 2) for x in _pair(mine))
        return (f"The best move: final net {value} on average (95% interval from {low} to {high})." if en else
                f"Лучший вариант: итог за кон в среднем {value} (95-процентный интервал от {low} до {high}).")
    if verdict == "as_good":
        return (f"As good as the best move ({best_move}): the same final net on average, {value}." if en else
                f"Не хуже лучшего варианта ({best_move}): итог за кон в среднем тот же, {value}.")
    less = chips_figure(mine.cost, lang, 2, "acc")  # «на 1,75 фишки», as the panel's sentences write it
    return (f"{less} less than the best move: final net {value} on average, against {best_value} for "
            f"the best ({best_move})." if en else
            f"На {less} меньше, чем при лучшем варианте: итог за кон в среднем {value}, а при лучшем "
            f"({best_move}) {best_value}.")


def _basis_text(who: str, samples: int, lang: str) -> str:
    """How the grade was found: as the player knows the game, over `samples` deals (always several,
    hence the plural in English; in Russian the count stands apart, «раздач — 32»). No pronoun for
    the player: a name may be a woman's or a man's."""
    if lang == "en":
        return (f"Valued as {who} knows the game: the cards hidden from the player are dealt at random "
                f"({samples} deals) and the final net is averaged.")
    return (f"Оценка — по тому, что знает {who}: скрытые от игрока карты раздаются наугад (раздач — "
            f"{number(samples, lang)}), а итог за кон усредняется.")
