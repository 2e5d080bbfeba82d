"""Practice as a player on an annotated hand, and a note's question before its step (practice.js).

One page load each: the practice test follows a deep link that names the seat, and answers every
decision of it in turn (a legal move that costs chips against the best, an illegal move refused
with its paragraph, the recorded move), passes a forced move, and reads the score at the end. What
each answer must get is asked of the engine in CPython first: the page must show what the engine
says, never a verdict of its own.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest

from browser_helpers import as_returning_visitor
from demo_helpers import REPO_ROOT, ask_engine, embedded_trace, open_demo, page_setup, shown, wake_engine

sys.path.insert(0, str(REPO_ROOT))
from engine.analysis import KNOWN_SAMPLES, analyse  # noqa: E402
from engine.rng import draw  # noqa: E402
from engine.seat import setup_record  # noqa: E402
from engine.words import number  # noqa: E402
from sitegen.i18n import PRACTICE_STRINGS  # noqa: E402

HAND = "playoff-beating"
APP = f"#demo-{HAND} .demo-app"
PANEL = f"{APP} .practice-panel"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def verdict(page: Any) -> list[str]:
    page.wait_for_function("(sel) => document.querySelectorAll(sel).length > 0", arg=f"{PANEL} .practice-verdict .practice-line")
    return [str(t) for t in page.locator(f"{PANEL} .practice-verdict .practice-line").all_text_contents()]


def choose(page: Any, move: dict[str, Any]) -> None:
    """Tap the move's cards in the hand, then the move among those offered, as a student does."""
    for card in move["cards"]:
        page.click(f"{APP} .card-button[data-card='{card}']")
    page.click(f"{PANEL} .practice-try[data-move='{move['move']}']")


def known_cost(setup: dict[str, Any], index: int, move: str) -> float:
    """The move's cost against the best at decision `index`, from the analysis itself (not from
    practice): the known mode, KNOWN_SAMPLES deals seeded by the index-th draw of the hand's seed."""
    record = setup_record(setup)
    game = record.play(stop=index)
    analysis = analyse(game, "known", samples=KNOWN_SAMPLES, seed=draw(record.seed, index))
    return next(m.cost for m in analysis.moves if m.move == move)


def play_on(page: Any, step: int) -> None:
    page.click(f"{PANEL} [data-action='practice-play-on']")
    page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.step) === n", arg=[APP, step])


@pytest.mark.first_visit  # the practice's first visit: Pyodide started the ordinary way
def test_practice_as_a_player_judges_each_answer_as_the_engine_does_and_scores_the_hand(site_server, page):
    open_demo(page, site_server.url(f"en/hands/{HAND}.html#hand={HAND}&step=1&practice=2"))
    assert wake_engine(page, HAND) == "ready"
    assert page.evaluate("() => window.__cardLottery.engine.info.started") == "plain"
    trace = embedded_trace(page, HAND)
    setup = page_setup(page, HAND)
    decisions = ask_engine(type="practice", setup=setup, seat="Boris", lang="en")["result"]["decisions"]
    asked = [d for d in decisions if not d["forced"]]
    forced = [d for d in decisions if d["forced"]]
    assert len(asked) >= 4 and forced, "the hand has decisions of each kind for Boris"

    def judged(entry: dict[str, Any], move: str) -> dict[str, Any]:
        return ask_engine(type="practice_check", setup=setup, index=entry["index"], move=move, lang="en")["result"]

    page.wait_for_function("() => window.__cardLottery.demos[0].practice.active")
    page.wait_for_function("() => location.hash.includes('practice=2')")  # Boris, the second seat
    assert page.text_content(f"{APP} .practice-status").startswith("Practice: Boris.")

    # Stepping on stops before Boris's first decision, whatever the key: End goes no further.
    page.focus(APP)
    page.keyboard.press("End")
    first = asked[0]
    assert shown(page, HAND)["step"] == first["step"] - 1
    assert page.text_content(f"{PANEL} .practice-ask").startswith("What does Boris do?")
    assert "What does Boris do?" in shown(page, HAND)["announced"]
    page.keyboard.press("ArrowRight")
    assert shown(page, HAND)["step"] == first["step"] - 1
    page.wait_for_function("(hash) => location.hash === hash", arg=f"#hand={HAND}&step={first['step'] - 1}&practice=2")

    # 1. A legal move that is not the recorded one and costs chips against the best: the cost first,
    # how it was valued, then what the hand did (not that it was right).
    other = next(m for m in first["decision"]["moves"]
                 if (j := judged(first, m["move"]))["legal"] and not j["matches"] and len(m["cards"]) == 1
                 and known_cost(setup, first["index"], m["move"]) > 0)
    expected = judged(first, other["move"])
    cost = known_cost(setup, first["index"], other["move"])
    choose(page, other)
    lines = verdict(page)
    assert lines == [expected["worth"]["text"], expected["worth"]["basis"],
                     f"In the hand, Boris {expected['recorded']['text']}."]
    assert lines[0].startswith(f"{number(cost, 'en', 2)} chips less than the best move: ")
    assert page.locator(f"{PANEL} .practice-verdict .practice-line").first.evaluate(
        "(el) => el.classList.contains('is-wrong')")
    assert "right" not in " ".join(lines).lower()
    play_on(page, first["step"])
    assert shown(page, HAND)["sentence"] == trace["steps"][first["step"] - 1]["text"]  # the recorded move

    # 2. An illegal move: refused with its paragraph, in the engine's words.
    second = asked[1]
    page.focus(APP)
    page.keyboard.press("End")
    assert shown(page, HAND)["step"] == second["step"] - 1
    illegal = next(m for m in second["decision"]["moves"] if m["cards"] and not judged(second, m["move"])["legal"])
    refusal = judged(second, illegal["move"])["refusal"]
    assert refusal["rule"] == "p10"
    choose(page, illegal)
    lines = verdict(page)
    assert lines[0] == f"Not allowed. {refusal['en']}" and lines[0].endswith("(p10).")
    assert lines[1:] == [f"In the hand, Boris {judged(second, illegal['move'])['recorded']['text']}."]
    play_on(page, second["step"])

    # 3. The recorded move, typed; and every later decision answered so, up to the end: graded as
    # any other answer (the record's moves are the default player's, not always the best).
    best = 0
    for entry in asked[2:]:
        page.focus(APP)
        page.keyboard.press("End")
        # a forced decision on the way is passed, not asked, and said so when its step is shown
        assert shown(page, HAND)["step"] == entry["step"] - 1
        recorded = setup["actions"][entry["index"]]
        page.fill(f"{PANEL} .practice-move-form input", recorded)
        page.press(f"{PANEL} .practice-move-form input", "Enter")
        expected = judged(entry, recorded)
        cost = known_cost(setup, entry["index"], recorded)
        assert expected["worth"]["cost"] == cost
        best += cost == 0
        assert verdict(page) == [expected["worth"]["text"], expected["worth"]["basis"],
                                 f"In the hand, Boris {expected['recorded']['text']}."]
        play_on(page, entry["step"])
        if entry is asked[2]:
            # Step by step to the forced move that follows: the panel says it was forced.
            passed = next(f for f in forced if f["step"] > entry["step"])
            if all(not (entry["step"] < d["step"] < passed["step"]) for d in asked):
                while shown(page, HAND)["step"] < passed["step"]:
                    page.keyboard.press("ArrowRight")
                note = page.text_content(f"{PANEL} .practice-note")
                assert note == (f"Boris {passed['move']['text']}: the only move the rules allow, so it was not "
                                "asked and is not scored.")

    page.focus(APP)
    page.keyboard.press("End")
    assert shown(page, HAND)["step"] == len(trace["steps"])
    legal = len(asked) - 1
    assert page.text_content(f"{PANEL} .practice-note") == (
        f"The game is over. Score: {best} of {len(asked)} as good as the best move, {legal} of {len(asked)} "
        f"legal; forced moves, not counted: {len(forced)}.")
    assert page.console_errors == []


@pytest.mark.engine_loading
def test_a_notes_question_is_asked_before_its_step_and_answered_with_its_explanation(site_server, page):
    hand = "pair-beaten"
    app = f"#demo-{hand} .demo-app"
    open_demo(page, site_server.url(f"ru/hands/{hand}.html#hand={hand}&step=59"))
    trace = embedded_trace(page, hand)
    step = next(i + 1 for i, s in enumerate(trace["steps"]) if "question" in s)
    question = trace["steps"][step - 1]["question"]
    page.wait_for_function("([sel, n]) => Number(document.querySelector(sel).dataset.step) === n", arg=[app, 59])
    box = f"{app} .demo-question"
    assert page.locator(box).is_hidden()

    page.focus(app)
    page.keyboard.press("ArrowRight")  # the step before the question's: the question shows, the step not yet
    assert shown(page, hand)["step"] == step - 1
    assert page.locator(box).is_visible()
    assert page.text_content(f"{box} .question-title") == f"Перед шагом {step} — вопрос:"
    assert page.text_content(f"{box} legend") == question["text"]
    assert page.locator(f"{box} .question-choice label").all_text_contents() == question["choices"]
    assert question["text"] in shown(page, hand)["announced"]

    wrong = next(i for i in range(len(question["choices"])) if i != question["answer"])
    page.click(f"{box} .question-choice:nth-child({wrong + 1}) label")
    page.click(f"{box} .question-form button[type=submit]")
    result = page.locator(f"{box} .question-result p").all_text_contents()
    assert result == [f"Не совсем. Правильный ответ: {question['choices'][question['answer']]}.", question["explain"]]
    assert page.locator(f"{box} .question-choice.is-answer label").text_content() == question["choices"][question["answer"]]

    page.click(f"{box} [data-action='question-show']")
    assert shown(page, hand)["step"] == step
    assert shown(page, hand)["sentence"] == trace["steps"][step - 1]["text"]
    assert page.locator(box).is_hidden()
    assert page.console_errors == []


@pytest.mark.parametrize(("lang", "viewport"), [("en", LAPTOP), ("ru", PHONE)])
def test_when_the_practice_is_over_no_hint_is_left_and_the_end_says_so(site_server, browser, lang, viewport):
    # Seen: at the end of the hand the live panel still said "Practice: Boris. Step on: the demo
    # stops before each decision of this player." beside the score, with no step left to go.
    words = PRACTICE_STRINGS[lang]
    context = as_returning_visitor(browser.new_context(viewport=viewport), site_server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_demo(page, site_server.url(f"{lang}/hands/{HAND}.html#hand={HAND}&step=1&practice=2"))
        assert wake_engine(page, HAND) == "ready"
        page.wait_for_function("() => window.__cardLottery.demos[0].practice.active")
        name = page.evaluate("() => window.__cardLottery.demos[0].practice.seat")
        setup = page_setup(page, HAND)
        total = len(embedded_trace(page, HAND)["steps"])
        hint = words["practice_started"].format(name=name)
        assert page.locator(f"{APP} .live-message").inner_text() == hint  # said while there is a hand to play
        asked = 0
        while shown(page, HAND)["step"] < total:
            page.focus(APP)
            page.keyboard.press("End")
            waiting = page.evaluate("() => { const p = window.__cardLottery.demos[0].practice; const e = p.waiting(); "
                                    "return e ? e.index : null; }")
            if waiting is None:
                continue
            assert page.locator(f"{PANEL} .practice-ask").is_visible()
            page.fill(f"{PANEL} .practice-move-form input", setup["actions"][waiting])
            page.press(f"{PANEL} .practice-move-form input", "Enter")
            verdict(page)
            page.click(f"{PANEL} [data-action='practice-play-on']")
            asked += 1
        assert asked >= 4
        # The end: the score, and nothing that asks for a decision or to step on.
        note = page.locator(f"{PANEL} .practice-note")
        assert note.is_visible() and note.inner_text().startswith(words["practice_over"])
        assert page.locator(f"{PANEL} .practice-ask").is_hidden()
        assert page.locator(f"{PANEL} .practice-move-form").is_hidden()
        assert page.locator(f"{PANEL} [data-action='practice-play-on']").is_hidden()
        visible = page.locator(f"{APP} .live-message").is_visible()
        assert not (visible and page.locator(f"{APP} .live-message").inner_text() == hint)
        seen = page.evaluate(f"() => document.querySelector('{APP}').innerText")
        assert hint not in seen and words["practice_ask"].format(name=name) not in seen
        # Stepping back from the end does not bring the spent hint back.
        page.keyboard.press("ArrowLeft")
        assert shown(page, HAND)["step"] == total - 1
        assert hint not in page.evaluate(f"() => document.querySelector('{APP}').innerText")
        assert errors == []
    finally:
        context.close()
