"""Practice on a recorded hand (engine/practice.py, through live.handle) and the questions a
record's notes may carry (engine/record.py): read, written back, and refused at their line."""

from __future__ import annotations

import json

import pytest

from engine import Game, Options, Table, parse_record, play_out, write_record
from engine.analysis import KNOWN_SAMPLES, MoveFacts, MoveValue, analyse
from engine.live import handle
from engine.narration import chips_figure, move_reason
from engine.practice import _grade_text
from engine.rng import draw
from engine.record import Choice, Note, Question
from engine_helpers import THREE, play, playoff_game

# THREE: Anna leads 2H; Boris can beat it only with 4H (forced), then leads 2D, free to lead
# another diamond; Vera, with no diamond, must take (forced).


@pytest.fixture(scope="module")
def setup():
    game = playoff_game(THREE, 0)
    play(game, "lead 2H", "beat 2H>4H", "lead 2D", "take")
    play_out(game)
    return game.to_json()


def ask(**request):
    return json.loads(handle(json.dumps(request)))


def check(setup, index, move, lang="en"):
    reply = ask(type="practice_check", setup=setup, index=index, move=move, lang=lang)
    return reply["result"]


def test_practice_lists_the_seats_decisions_with_the_step_before_which_to_stop(setup):
    result = ask(type="practice", setup=setup, seat="Boris", lang="en")["result"]
    assert result["seat"] == "Boris"
    first, second = result["decisions"][:2]
    assert (first["index"], first["step"], first["forced"]) == (1, 65, True)
    assert first["move"] == {"move": "beat 2H>4H", "text": "beats the two of hearts with the four of hearts",
                             "short": "beats 2♥ with 4♥"}
    assert (second["index"], second["step"], second["forced"]) == (2, 66, False) and "move" not in second
    # The whole hand may be chosen, and every move its cards could make is offered, legal or not:
    # the engine judges the move only when the student submits it.
    offer = second["decision"]
    assert offer["kind"] == "lead" and offer["rule"] == "p10" and offer["cards"][0] == "2D"
    moves = {m["move"]: m for m in offer["moves"]}
    assert "lead 2D 3D" in moves and moves["lead 2D 3D"]["cards"] == ["2D", "3D"]
    assert moves["lead 2D"]["text"] == "Lead the two of diamonds"
    # The recorded hand's steps: each listed step is the move's own (its event is the move).
    trace = ask(type="replay", setup=setup, lang="en")["result"]
    assert trace["steps"][65]["event"]["kind"] == "lead" and trace["steps"][65]["event"]["who"] == "Boris"


def test_practice_check_the_recorded_move(setup):
    result = check(setup, 2, "lead 2D")
    worth = result.pop("worth")
    assert result == {"index": 2, "step": 66, "legal": True, "refusal": None, "matches": True, "forced": False,
                      "move": {"move": "lead 2D", "text": "leads the two of diamonds", "short": "leads 2♦"},
                      "recorded": {"move": "lead 2D", "text": "leads the two of diamonds", "short": "leads 2♦"}}
    assert worth["verdict"] == "best" and worth["cost"] == 0


def test_practice_check_a_legal_move_that_is_not_the_recorded_one(setup):
    result = check(setup, 2, "lead 3D", "ru")
    assert (result["legal"], result["matches"], result["forced"], result["refusal"]) == (True, False, False, None)
    assert result["move"]["text"] == "ходит тройкой бубен"
    assert result["recorded"]["text"] == "ходит двойкой бубен"


def known_analysis(index):
    """The analysis practice must grade decision `index` of the hand by, made here: the game before
    the decision rebuilt from THREE's moves, the known mode, KNOWN_SAMPLES deals, seeded by the
    `index`-th draw of the hand's seed (docs/rules.md, "Analysis")."""
    game = playoff_game(THREE, 0)
    play(game, *["lead 2H", "beat 2H>4H", "lead 2D", "take"][:index])
    return analyse(game, "known", samples=KNOWN_SAMPLES, seed=draw(game.seed, index))


def test_practice_grades_a_legal_answer_by_its_cost_against_the_best_move_as_the_player_knows_the_game(setup):
    analysis = known_analysis(0)  # Anna's lead: a pair, or one of ten single cards
    values = {m.move: m for m in analysis.moves}
    best = analysis.best
    assert best.move == "lead 2S 2H" and values["lead 3S 3H"].cost == 0 and values["lead 2H"].cost > 0
    for move in values:
        worth = check(setup, 0, move)["worth"]
        mine = values[move]
        assert (worth["mode"], worth["samples"]) == ("known", KNOWN_SAMPLES) and "seed" not in worth
        assert (worth["value"], worth["cost"], worth["rank"]) == (mine.value, best.value - mine.value, mine.rank)
        assert worth["interval"] == list(mine.interval)
        assert worth["best"]["move"] == best.move and worth["best"]["value"] == best.value
        assert worth["verdict"] == ("best" if mine.rank == 1 else "as_good" if mine.cost == 0 else "less")
    # The figures of these sentences are the analysis's above, written out by hand.
    assert (best.value, values["lead 2H"].value) == (-11.25, -12.0625)
    assert best.interval is not None and [round(x, 2) for x in best.interval] == [-11.60, -10.90]
    assert check(setup, 0, "lead 2S 2H")["worth"]["text"] == \
        "The best move: final net −11.25 on average (95% interval from −11.60 to −10.90)."
    assert check(setup, 0, "lead 3S 3H")["worth"]["text"] == (
        "As good as the best move (Anna leads the two of spades and the two of hearts): the same final net on "
        "average, −11.25.")
    recorded = check(setup, 0, "lead 2H")
    assert recorded["matches"] is True  # the recorded move, the default policy's, is not the best
    assert recorded["worth"]["text"] == (
        "0.81 chips less than the best move: final net −12.06 on average, against −11.25 for the best "
        "(Anna leads the two of spades and the two of hearts).")
    assert recorded["worth"]["basis"] == (
        "Valued as Anna knows the game: the cards hidden from the player are dealt at random (32 deals) and the "
        "final net is averaged.")
    russian = check(setup, 0, "lead 2H", "ru")["worth"]
    assert russian["text"] == ("На 0,81 фишки меньше, чем при лучшем варианте: итог за кон в среднем −12,06, а при "
                               "лучшем (Anna ходит двойкой пик и двойкой червей) −11,25.")
    assert russian["basis"] == ("Оценка — по тому, что знает Anna: скрытые от игрока карты раздаются наугад "
                                "(раздач — 32), а итог за кон усредняется.")
    assert check(setup, 0, "lead 2S 2H", "ru")["worth"]["text"] == \
        "Лучший вариант: итог за кон в среднем −11,25 (95-процентный интервал от −11,60 до −10,90)."
    assert check(setup, 0, "lead 3S 3H", "ru")["worth"]["text"] == (
        "Не хуже лучшего варианта (Anna ходит двойкой пик и двойкой червей): итог за кон в среднем тот же, −11,25.")


# A cost as the rule of narration.chips_figure writes it with two decimals (the known mode's means):
# English's plural, the genitive singular in Russian, whether the figure is whole or not.
@pytest.mark.parametrize("cost, en, ru", [(1.0, "1.00 chips", "1,00 фишки"), (2.0, "2.00 chips", "2,00 фишки"),
                                          (5.0, "5.00 chips", "5,00 фишки"), (21.0, "21.00 chips", "21,00 фишки"),
                                          (1.5, "1.50 chips", "1,50 фишки"), (0.25, "0.25 chips", "0,25 фишки")])
def test_a_grade_words_its_cost_as_the_panels_sentence_does(cost, en, ru):
    facts = MoveFacts(cards=(), keeps=())
    best = MoveValue("lead 7H", 0, -2.0, 0.0, 1, facts, (-3.0, -1.0))
    mine = MoveValue("lead 7S", 1, -2.0 - cost, cost, 2, facts, (-3.0 - cost, -1.0 - cost))
    for lang, who, figure in (("en", "Anna", en), ("ru", "Анна", ru)):
        assert chips_figure(cost, lang, 2, "acc") == figure
        grade = _grade_text("less", mine, best, who, lang)
        reason = move_reason(mine, who, (who, "Boris"), lang)  # the panel's sentence of the same move
        if lang == "en":
            assert grade.startswith(f"{figure} less than the best move: final net ")
            assert reason.endswith(f", {figure} less than the best move.")
        else:
            assert grade.startswith(f"На {figure} меньше, чем при лучшем варианте: итог за кон ")
            assert reason.endswith(f", на {figure} меньше, чем при лучшем варианте.")


def test_practice_grades_the_same_answer_the_same_way_and_never_with_the_hidden_cards(setup):
    first = check(setup, 2, "lead 5D")
    assert first == check(setup, 2, "lead 5D")
    # Open cards would give Boris's whole-chip net with every hand known; the grade is the known mode's mean.
    game = playoff_game(THREE, 0)
    play(game, "lead 2H", "beat 2H>4H")
    open_values = {m.move: m.value for m in analyse(game, "open").moves}
    known = known_analysis(2)
    assert first["worth"]["value"] == next(m.value for m in known.moves if m.move == "lead 5D")
    assert any(m.value != open_values[m.move] for m in known.moves)


def test_practice_does_not_grade_an_illegal_move_or_the_bankers_spread(setup):
    assert check(setup, 1, "take")["worth"] is None
    chosen = Game(Table(("Anna", "Boris", "Vera"), "Papa", "Mama"), Options.from_mapping({"spread": "chosen"}), seed=5)
    spread = check(chosen.to_json(), 0, "stake 3 3 3 3")
    assert spread["legal"] is True and spread["worth"] is None


def test_practice_check_refuses_an_illegal_move_with_its_paragraph_in_both_languages(setup):
    result = check(setup, 1, "take")
    assert (result["legal"], result["matches"]) == (False, False)
    assert result["refusal"] == {"en": "You can beat and must («обязан отбить») (p10).",
                                 "ru": "Вы можете отбиться, а кто может, тот «обязан отбить» (§10).", "rule": "p10"}
    lower = check(setup, 1, "beat 2H>3D")["refusal"]
    assert lower["rule"] == "p10" and "three of diamonds" in lower["en"]
    unread = check(setup, 2, "lead")
    assert unread["legal"] is False and unread["refusal"]["rule"] is None and unread["move"] is None


def test_practice_check_says_when_the_rules_forced_the_move(setup):
    result = check(setup, 1, "beat 2H>4H")
    assert (result["legal"], result["matches"], result["forced"]) == (True, True, True)
    assert check(setup, 3, "take")["forced"] is True  # Vera, with no diamond


def test_practice_refuses_what_the_recorded_hand_does_not_have(setup):
    assert ask(type="practice", setup=setup, seat="Nobody", lang="en")["refusal"]["en"].startswith("no seat 'Nobody'")
    assert ask(type="practice_check", setup=setup, index=999, move="take", lang="ru")["refusal"]["ru"] == \
        "решения 999 в записанной партии нет"
    assert "failure" in ask(type="practice_check", setup=setup, move="take", lang="en")  # no index


def test_practice_refuses_a_series_of_games(setup):
    reply = ask(type="practice", setup={**setup, "games": 3, "actions": [], "decks": None}, seat="Boris", lang="ru")
    assert reply["refusal"]["ru"] == "серию из 3 конов играют игроки-компьютеры: тренироваться не на чем"


def test_practice_of_a_seat_by_number_and_of_the_banker(setup):
    assert ask(type="practice", setup=setup, seat=1, lang="en")["result"]["seat"] == "Boris"
    assert ask(type="practice", setup=setup, seat="banker", lang="en")["result"]["decisions"] == []  # even spread


# ---------------------------------------------------------------------- questions in records


QUESTION = """\
seed = 7

[table]
players = ["Anna", "Boris", "Vera"]
banker = "Papa"
dealer = "Mama"

[[notes]]
step = 1
kind = "game_start"
en = "The table."
ru = "Стол."

[notes.question]
en = "Who deals?"
ru = "Кто сдаёт?"
choices = [
  {{ en = "Mama", ru = "Мама"{correct} }},
  {{ en = "Papa", ru = "Папа"{second} }},
]
explain = {{ en = "The dealer deals (p5).", ru = "Сдаёт сдающий (§5)."{extra} }}
"""
# lines:    14 [notes.question]   17 choices   18 first choice   19 second   21 explain


def question_text(correct=", correct = true", second="", extra=""):
    return QUESTION.format(correct=correct, second=second, extra=extra)


def test_a_note_question_is_read_told_and_written_back_canonically():
    record, game = parse_record(question_text(), "q.toml")
    question = record.notes[0].question
    assert question == Question({"en": "Who deals?", "ru": "Кто сдаёт?"},
                                (Choice({"en": "Mama", "ru": "Мама"}, True), Choice({"en": "Papa", "ru": "Папа"})),
                                {"en": "The dealer deals (p5).", "ru": "Сдаёт сдающий (§5)."})
    text = write_record(game, record.notes)
    assert '[notes.question]\nen = "Who deals?"\nru = "Кто сдаёт?"\nchoices = [\n' \
           '  { en = "Mama", ru = "Мама", correct = true },\n  { en = "Papa", ru = "Папа" },\n]\n' \
           'explain = { en = "The dealer deals (p5).", ru = "Сдаёт сдающий (§5)." }\n' in text
    again, replayed = parse_record(text, "again.toml")
    assert again.notes == record.notes and write_record(replayed, again.notes) == text
    from engine.trace import for_page, trace
    step = for_page(trace(record), "ru")["steps"][0]
    assert step["question"] == {"text": "Кто сдаёт?", "choices": ["Мама", "Папа"], "answer": 0,
                                "explain": "Сдаёт сдающий (§5)."}
    assert "question" not in for_page(trace(record), "en")["steps"][1]


def test_a_note_has_no_question_unless_its_record_gives_one():
    assert Note(1, "a", "б").question is None
    record, game = parse_record(question_text().split("\n[notes.question]")[0] + "\n", "plain.toml")
    assert record.notes[0].question is None and "[notes.question]" not in write_record(game, record.notes)


@pytest.mark.parametrize("change, line, en", [
    ({"second": ", correct = true"}, 17, "exactly one answer must be correct = true, not 2"),
    ({"correct": ""}, 17, "exactly one answer must be correct = true, not 0"),
    ({"second": ", correct = \"yes\""}, 19, "correct is true or false"),
    ({"second": ", right = true"}, 19, "an answer has en and ru, and may say correct = true"),
    ({"extra": ", de = \"x\""}, 21, "explain needs an en and a ru text"),
])
def test_a_bad_question_is_refused_at_its_line(change, line, en):
    with pytest.raises(Exception) as caught:
        parse_record(question_text(**change), "q.toml")
    assert str(caught.value) == f"q.toml:{line}: {en}"


def test_a_question_without_its_russian_text_or_with_one_choice_is_refused_at_its_line():
    text = question_text().replace('ru = "Кто сдаёт?"\n', "")
    with pytest.raises(Exception, match=r"^q\.toml:14: a note's question has en, ru, choices and explain$"):
        parse_record(text, "q.toml")
    text = question_text().replace('  { en = "Papa", ru = "Папа" },\n', "")
    with pytest.raises(Exception, match=r"^q\.toml:17: choices is a list of two or more answers"):
        parse_record(text, "q.toml")
    text = question_text().replace('explain = {', 'hint = "no"\nexplain = {')
    with pytest.raises(Exception, match=r"^q\.toml:21: unknown key 'hint' in \[notes.question\]"):
        parse_record(text, "q.toml")
