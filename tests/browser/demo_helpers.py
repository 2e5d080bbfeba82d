"""What the demo tests share: opening a lesson page, reading the trace it embeds, reading what the
demo draws, and asking the engine (in CPython) what the page should show.

Predicates passed to `wait_for_function` are arrow functions: the pages' CSP forbids eval, which
Playwright would need for a bare expression.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from engine.catalogue import phase_part  # noqa: E402  (the repository's engine, in CPython)
from engine.game import Phase  # noqa: E402
from engine.live import handle  # noqa: E402

ENGINE_WAIT_MS = 60_000


def lesson_hands() -> dict[str, str]:
    """Every hand a lesson shows as a plain demo (`::: demo HAND`, no switch) and the first lesson
    page that shows it (lessons/pages/en/NN-slug.md is built as slug.html), read from the lessons
    themselves. (The switch demos, each hand under one open question, are tested in test_course.py.)"""
    hands: dict[str, str] = {}
    for path in sorted((REPO_ROOT / "lessons" / "pages" / "en").glob("[0-9]*-*.md")):
        slug = path.stem.split("-", 1)[1]
        for name in re.findall(r"^::: demo (\S+)[ \t]*$", path.read_text(encoding="utf-8"), re.M):
            hands.setdefault(name, f"{slug}.html")
    return hands


HANDS = lesson_hands()
ALL_HANDS = sorted(path.stem for path in (REPO_ROOT / "lessons" / "hands").glob("*.toml"))  # every annotated hand


def open_demo(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.__cardLottery && window.__cardLottery.ready")


def wake_engine(page: Any, hand: str) -> str:
    """Bring the demo into view (the engine starts then) and wait until it is ready or failed."""
    page.locator(f"#demo-{hand} .demo-app").scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const e = window.__cardLottery.engine; return e && (e.status === 'ready' || e.status === 'failed'); }",
        timeout=ENGINE_WAIT_MS,
    )
    return str(page.evaluate("() => window.__cardLottery.engine.status"))


def expand(trace: dict[str, Any]) -> dict[str, Any]:
    """The page trace with every step's whole state (the page sends only what changed)."""
    state: dict[str, Any] = {}
    for step in trace["steps"]:
        state = {**state, **step["state"]}
        step["state"] = state
    return trace


def embedded_trace(page: Any, hand: str) -> dict[str, Any]:
    return expand(json.loads(page.text_content(f"#demo-{hand} script.demo-trace")))


def page_setup(page: Any, hand: str) -> dict[str, Any]:
    """The page's set-up of the hand, as the demo sends it for a live replay (without the notes,
    which belong to the recorded hand)."""
    setup = json.loads(page.text_content(f"#demo-{hand} script.demo-setup"))
    setup.pop("notes", None)
    return setup


def ask_engine(**request: Any) -> dict[str, Any]:
    """What the engine answers in CPython (the page's worker runs the same function in Pyodide)."""
    return json.loads(handle(json.dumps(request)))


def expected_replay(setup: dict[str, Any], lang: str) -> dict[str, Any]:
    reply = ask_engine(type="replay", setup=setup, lang=lang)
    assert "result" in reply, reply
    return expand(reply["result"])


def replay_with_option_like_cpython(page: Any, hand: str, name: str, value: str) -> dict[str, Any]:
    """Replay the page's first demo live with one option changed (by the page's own form); its steps
    and moves must be those CPython's engine gives. Returns CPython's replay."""
    app = f"#demo-{hand} .demo-app"
    page.click(f"{app} .live-settings summary")
    page.select_option(f"{app} select[name='opt.{name}']", value)
    page.click(f"{app} form[data-form=replay] button[type=submit]")
    page.wait_for_function("() => window.__cardLottery.demos[0].source === 'live'", timeout=ENGINE_WAIT_MS)
    setup = page_setup(page, hand)
    setup["options"][name] = value
    expected = expected_replay(setup, "en")
    live = demo_state(page)
    for part in ("text", "state", "event"):
        assert [s[part] for s in live["steps"]] == [s[part] for s in expected["steps"]], part
    assert live["moves"] == expected["moves"]
    return expected


def demo_state(page: Any, index: int = 0) -> dict[str, Any]:
    return page.evaluate(
        """(i) => { const d = window.__cardLottery.demos[i];
                   return {source: d.source, steps: d.trace.steps, moves: d.trace.moves, n: d.n, busy: d.busy,
                           seat: d.seat && {name: d.seat.name, you: d.seat.you, refusal: d.seat.refusal}}; }""", index)


def shown(page: Any, hand: str) -> dict[str, Any]:
    """What the demo shows now: its sentence, counter, slider and the step the app says."""
    return page.evaluate(
        """(hand) => {
            const app = document.querySelector(`#demo-${hand} .demo-app`);
            return {
                sentence: app.querySelector('.demo-sentence').textContent,
                counter: app.querySelector('.controls-counter').textContent,
                slider: app.querySelector('.controls-slider').value,
                step: Number(app.dataset.step),
                announced: app.querySelector('.demo-announcer').textContent,
                note: app.querySelector('.demo-step-note-text').textContent,
                quotes: [...app.querySelectorAll('.demo-quote')].map(q => q.dataset.paragraph),
            };
        }""",
        hand,
    )


def assert_at(page: Any, trace: dict[str, Any], n: int, hand: str) -> None:
    now = shown(page, hand)
    step = trace["steps"][n - 1]
    assert now["step"] == n, now
    assert now["sentence"] == step["text"], (n, now["sentence"], step["text"])
    total = len(trace["steps"])
    assert now["counter"] in (f"Step {n} of {total}", f"Шаг {n} из {total}")
    assert now["slider"] == str(n)
    assert now["quotes"] == step["event"]["rule"]
    assert now["note"] == (step.get("note") or "")


# The table as drawn: every card's code (or "back"), zone by zone, read from the DOM.
DRAWN_TABLE = """(hand) => {
    const table = document.querySelector(`#demo-${hand} .demo-table`);
    const codes = (el) => [...el.querySelectorAll('svg.card')].map(c => c.dataset.card || 'back');
    const visible = (el) => !el.closest('.is-hidden');
    return {
        row: visible(table.querySelector('.table-row')) ? [...table.querySelectorAll('.slot')].map(s => codes(s)) : null,
        fates: visible(table.querySelector('.table-row'))
            ? [...table.querySelectorAll('.slot-status')].map(s => s.textContent) : null,
        trick: visible(table.querySelector('.table-trick')) ? codes(table.querySelector('.trick-cards')) : null,
        hands: [...table.querySelectorAll('.seat')].map(s => codes(s.querySelector('.seat-hand'))),
        penalty: [...table.querySelectorAll('.seat')].map(s => codes(s.querySelector('.penalty-cards'))),
        decks: [...table.querySelectorAll('.host-deck .field-value')].map(e => Number(e.textContent)),
        to_act: [...table.querySelectorAll('.seat.is-to-act .seat-name')].map(e => e.textContent),
    };
}"""


def expected_table(trace: dict[str, Any], n: int) -> dict[str, Any]:
    """What the table must draw at step n, from the trace alone (beside each card turned up, what became
    of it in the engine's words)."""
    step = trace["steps"][n - 1]
    state, event = step["state"], step["event"]
    playoff = phase_part(Phase(state["phase"])) in ("playoff", "over")
    row = None if playoff else [
        [] if i >= len(state["row"]) else [state["row"][i] if i < state["up"] else "back"] for i in range(4)]
    fates = None if playoff else [
        state["outcomes"][i]["text"] if i < state["up"] and state["outcomes"][i] else "" for i in range(4)]
    if state["table"]:
        trick = [card for _, card in state["table"]]
    elif event["kind"] in ("beat", "take"):
        trick = [card for pair in event["covers"] for card in pair] + (event.get("cards") or [])
    elif event["kind"] in ("trick", "trick_abandoned", "lead_abandoned"):
        trick = list(event["cards"])
    else:
        trick = []
    hands = [[] for _ in state["hands"]] if event["kind"] == "lay_aside" else state["hands"]
    return {
        "row": row, "fates": fates, "trick": trick if playoff else None, "hands": hands, "penalty": state["penalty"],
        "decks": state["decks"], "to_act": [state["to_act"]] if state["to_act"] in trace["seats"] else [],
    }
