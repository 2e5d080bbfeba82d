"""A reader's walk through a demo, step by step, at one screen size and in one language: what the
table draws, where the demo's parts are and which of its texts are clipped, read at every step.

Several tests ask the same question of every step of the same hands (is the table the trace's? does
it fit one screen? is any text cut?). Stepping a demo is most of what those tests cost, so each
walk is made once per session (`Walks`, the `demo_walk` fixture of conftest.py) and the tests read
it. A walk presses the keys a reader presses (ArrowRight to the end; on the walks the stepping test
reads, ArrowLeft back to the start) and reads the page once per step.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from browser_helpers import ServedSite, with_engine_loading
from demo_helpers import DRAWN_TABLE, HANDS, embedded_trace, open_demo

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "laptop": LAPTOP}

# The lesson hands, and from the hands library the tables at the ends of the range: two players and
# seventeen (no annotated hand has exactly six; the largest below seventeen have ten and twelve).
LIBRARY = {"two-players": "hands/two-players.html", "sits-out": "hands/sits-out.html",
           "seventeen-players": "hands/seventeen-players.html"}

# Where the parts of one demo are, in page coordinates, and the height the site's header takes of
# the screen while one scrolls (its own when it is sticky, as on a laptop; none when it scrolls
# away with the page, as on a phone).
GEOMETRY = """(hand) => {
    const app = document.querySelector(`#demo-${hand} .demo-app`);
    const box = (el) => { const r = el.getBoundingClientRect();
                          return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, width: r.width}; };
    const part = (sel) => box(app.querySelector(sel));
    return {table: part('.demo-table'), sentence: part('.demo-sentence'), controls: part('.demo-controls'),
            next: part('.step-next'), app: box(app),
            header: ['sticky', 'fixed'].includes(getComputedStyle(document.querySelector('.site-header')).position)
                    ? document.querySelector('.site-header').getBoundingClientRect().height : 0};
}"""

# Every text of the table that does not show whole: a box whose content is wider or taller than the
# box (1 px of rounding allowed), or one cut with an ellipsis. Cards (SVG) and text kept for screen
# readers only are not drawn text; hidden zones are not drawn at all.
CLIPPED = r"""(hand) => {
    const table = document.querySelector(`#demo-${hand} .demo-table`);
    const clipped = [];
    for (const el of [table, ...table.querySelectorAll('*')]) {
        if (el.closest('svg') || el.closest('.visually-hidden') || !el.getClientRects().length) continue;
        const style = getComputedStyle(el);
        const drawn = (node) => node.textContent.replace(/\s/g, '').length;  // a card's name is not drawn text
        const svgText = [...el.querySelectorAll('svg')].reduce((sum, svg) => sum + drawn(svg), 0);
        if (style.display === 'inline' || drawn(el) <= svgText) continue;
        const wide = el.scrollWidth > el.clientWidth + 1, tall = el.scrollHeight > el.clientHeight + 1;
        if (wide || tall) {
            clipped.push(`${el.className || el.tagName} «${el.textContent.trim().slice(0, 40)}» `
                         + `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`
                         + (style.textOverflow === 'ellipsis' ? ' (ellipsis)' : ''));
        }
    }
    return clipped;
}"""

# One read of a step: the table as drawn, and for the hands whose layout is tested, the geometry and
# the clipped texts (the others are walked for their drawing alone).
READ_STEP = f"""([hand, layout]) => ({{
    drawn: ({DRAWN_TABLE})(hand),
    geometry: layout ? ({GEOMETRY})(hand) : null,
    clipped: layout ? ({CLIPPED})(hand) : [],
}})"""


def demo_url(hand: str, lang: str) -> str:
    """The page that shows the hand: its first lesson page, or its own page in the hands library."""
    return f"{lang}/{HANDS.get(hand) or LIBRARY.get(hand) or f'hands/{hand}.html'}"


def steps_back(hand: str, size: str, lang: str) -> bool:
    """Whether this walk also steps back to the start: the walks the stepping test reads (a lesson
    hand on its English page, any other hand on its Russian one, on a laptop)."""
    return size == "laptop" and lang == ("en" if hand in HANDS else "ru")


@dataclass
class Walk:
    """One walk: the trace the page embeds (every step's state whole), what was read at each step
    going forward (`forward[n - 1]` for step n), the table drawn at each step going back
    (`back[n]` for step n, from the last but one to the first; empty if the walk did not go back),
    the step the demo said it was at after the last ArrowRight, and the page's errors."""

    hand: str
    size: str
    lang: str
    trace: dict[str, Any]
    forward: list[dict[str, Any]] = field(default_factory=list)
    back: dict[int, dict[str, Any]] = field(default_factory=dict)
    last_step: int = 0
    console_errors: list[str] = field(default_factory=list)


def walk_demo(browser: Any, site: ServedSite, hand: str, size: str, lang: str) -> Walk:
    """Open the hand's page at this size (touch on the phone), bring the demo's board to the top,
    focus the demo and step it with the keys, reading every step. The recorded hand needs no engine,
    and the walk is read as a reader meets it before the engine is ready: the engine stays loading
    (`with_engine_loading`), which the walk checks at its end. What a walk reads is the drawing at
    rest, so it asks for reduced motion: no step's glow, no spinner turning while the engine loads,
    nothing else changed (test_demo_stepping.py: `test_reduced_motion_turns_animations_off`)."""
    context = with_engine_loading(browser.new_context(viewport=SIZES[size], has_touch=size == "phone",
                                                      is_mobile=size == "phone", reduced_motion="reduce"), site)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(f"console.error: {message.text}")
                if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
        open_demo(page, site.url(demo_url(hand, lang)))
        page.evaluate("(hand) => document.querySelector(`#demo-${hand} .demo-board`).scrollIntoView({block: 'start'})",
                      hand)
        page.focus(f"#demo-{hand} .demo-app")
        walk = Walk(hand, size, lang, embedded_trace(page, hand), console_errors=errors)
        layout = hand in HANDS or hand in LIBRARY
        total = len(walk.trace["steps"])
        for n in range(1, total + 1):
            if n > 1:
                page.keyboard.press("ArrowRight")
            walk.forward.append(page.evaluate(READ_STEP, [hand, layout]))
        walk.last_step = int(page.get_attribute(f"#demo-{hand} .demo-app", "data-step") or 0)
        if steps_back(hand, size, lang):
            for n in range(total - 1, 0, -1):
                page.keyboard.press("ArrowLeft")
                walk.back[n] = page.evaluate(DRAWN_TABLE, hand)
        engine = page.evaluate("() => window.__cardLottery.engine && window.__cardLottery.engine.status")
        assert engine == "loading", f"the walk's engine should still be loading, it is {engine}"
        return walk
    finally:
        context.close()


class Walks:
    """The session's walks, each made the first time a test asks for it."""

    def __init__(self, browser: Any, site: ServedSite) -> None:
        self._browser, self._site = browser, site
        self._made: dict[tuple[str, str, str], Walk] = {}

    def __call__(self, hand: str, size: str, lang: str) -> Walk:
        if (hand, size, lang) not in self._made:
            self._made[hand, size, lang] = walk_demo(self._browser, self._site, hand, size, lang)
        return self._made[hand, size, lang]
