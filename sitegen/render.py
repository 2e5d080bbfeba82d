"""Rendering: the lesson Markdown, the Jinja2 templates, the data embedded in the pages.

Everything is rendered in memory into `Rendered.files` (output path -> bytes, or a file to
copy); nothing is written here. Templates only present: every value they show is computed
below.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import markdown
from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from markdown.extensions.toc import TocExtension, slugify_unicode
from markupsafe import Markup

from engine.catalogue import catalogue
from engine.words import count, paragraphs

from . import Problems, shown
from .assets import EngineArchive, gzipped, runtime_folder
from .blocks import DirectiveError, Directives, DirectivesExtension, TermLinksExtension
from . import figures, quotes
from . import numbers as numbers_page
from .checks import CSP, keep_checked, page_problems
from .i18n import DEMO_STRINGS, LANG_NAMES, STRINGS
from .snapshot import Snapshot
from .sources import LANGS, PARAGRAPH_IDS, Hand, Page, Term, Text
from .switches import OPTIONS, SwitchError, check_switch
from .writer_pages import WRITE_PAGE, print_link, print_page, write_page

PAGE_BUDGET = 150_000  # bytes sent (gzipped): a lesson page with its CSS, JS and embedded data, without Pyodide
STYLESHEETS = ("css/site.css", "css/demo.css")
MAIN_JS = "js/main.js"


@dataclass
class Inputs:
    """Everything the build read."""

    text: Text
    pages: dict[str, list[Page]]
    hands: dict[str, Hand]
    static: dict[str, bytes]
    pyodide: dict[str, Path]
    engine: EngineArchive
    draft: bool = False  # a missing hand renders as a placeholder instead of stopping the build
    budget: int = PAGE_BUDGET
    snapshot: Snapshot | None = None  # the Pyodide memory snapshot with the engine imported, when Node made one
    reference: dict[str, list[Page]] = field(default_factory=lambda: {lang: [] for lang in LANGS})  # rules, sources
    glossary: list[Term] = field(default_factory=list)
    glossary_path: Path = Path("lessons/reference/glossary.toml")


@dataclass
class PageSize:
    path: str
    html: int
    total: int      # with the CSS and JS the page loads, as files on disk
    sent: int       # the same as sent over the wire, gzipped: what the budget limits for a lesson
    lesson: bool
    steps_listed: bool = True


@dataclass
class Rendered:
    files: dict[str, bytes | Path] = field(default_factory=dict)
    cited: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # lang -> slug -> paragraph ids
    sizes: list[PageSize] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    switched: list[str] = field(default_factory=list)  # the options some lesson's demo switches
    sources: dict[str, Path] = field(default_factory=dict)  # each page -> the file it was rendered from

    def unswitched(self) -> list[str]:
        return [key for key in OPTIONS if key not in self.switched]

    def uncited(self) -> list[str]:
        cited = {pid for by_slug in self.cited.values() for pids in by_slug.values() for pid in pids}
        return [pid for pid in PARAGRAPH_IDS if pid not in cited]


# ---------------------------------------------------------------------------- embedded JSON


_JSON: dict[int, tuple[Any, Markup]] = {}  # by the data's identity: a hand's trace is embedded in several pages


def json_for_html(data: Any) -> Markup:
    """JSON safe inside <script type="application/json">: `<`, `>` and `&` become \\u003c etc.,
    so no `</script>` or `<!--` in the data can end the element early."""
    if isinstance(data, dict) and id(data) in _JSON and _JSON[id(data)][0] is data:
        return _JSON[id(data)][1]
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    if isinstance(data, dict) and len(text) > 20_000:
        _JSON[id(data)] = (data, Markup(text))  # (the data kept, so that its id is not reused)
    return Markup(text)


def make_environment(templates: Path) -> Environment:
    from .cache import CACHE

    (CACHE / "templates").mkdir(parents=True, exist_ok=True)
    env = Environment(loader=FileSystemLoader(str(templates)), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                      # the compiled templates, kept by Jinja under each template's name and source
                      bytecode_cache=FileSystemBytecodeCache(str(CACHE / "templates")))
    env.filters["json_script"] = json_for_html
    return env


# ---------------------------------------------------------------------------- lesson bodies


@dataclass(frozen=True)
class DemoBlock:
    key: str            # the demo's name on the page (its id, its deep links): the hand, or HAND.OPTION
    hand: str
    switch: str | None  # the option whose readings the demo switches
    external: bool      # its trace is fetched from {lang}/hands/HAND.json when it comes near


@dataclass
class Body:
    html: Markup
    toc: list[dict[str, Any]]
    cited: list[str]
    demos: list[DemoBlock]
    heading_ids: list[str]  # every heading's id, in order: the same in both languages
    terms: list[str]        # the glossary entries it links ([word](term:ID)), in order
    numbers: bool = False   # it has the `::: numbers` panel (it loads uPlot)

    @property
    def hands(self) -> list[str]:
        return list(dict.fromkeys(demo.hand for demo in self.demos))


# How a page carries its demos' hands: every step listed in the HTML (readable without script);
# listed by the script; or, on a page too heavy even so, only the first hand in the page and the
# others fetched when they come near.
LISTED, UNLISTED, EXTERNAL = "listed", "unlisted", "external"


def render_body(page: Page, inputs: Inputs, env: Environment, problems: Problems, mode: str,
                warnings: list[str]) -> Body:
    """The page's Markdown as HTML, with its quote and demo blocks and its glossary links."""
    lang = page.lang
    t = STRINGS[lang]
    cited: list[str] = []
    demos: list[DemoBlock] = []
    terms: list[str] = []

    def quote(pid: str) -> str:
        if pid not in PARAGRAPH_IDS:
            raise DirectiveError(f"unknown paragraph {pid!r}: the text's paragraphs are p0..p15")
        figure_id = f"quote-{pid}" if pid not in cited else f"quote-{pid}-{cited.count(pid) + 1}"
        cited.append(pid)
        return env.get_template("_quote.html").render(
            id=figure_id, pid=pid, href=f"text.html#{pid}", link=t["quote_link"].format(pid=paragraphs(pid, lang)),
            **inputs.text.paragraph(pid))

    def demo(name: str, switch: str | None) -> str:
        key = name if switch is None else f"{name}.{switch}"
        if any(d.key == key for d in demos):
            raise DirectiveError(f"the demo {key!r} is already on this page" +
                                 (f" (switch another option, or show it once)" if switch else ""))
        hand = inputs.hands.get(name)
        if hand is None:
            hands_dir = shown(Path(page.path).parents[2] / "hands")
            known = ", ".join(sorted(inputs.hands)) or "none yet"
            message = f"no hand {name!r}: {hands_dir}/{name}.toml does not exist (hands: {known})"
            if not inputs.draft:
                raise DirectiveError(message)
            warnings.append(f"{shown(page.path)}: draft: {message}")
            return env.get_template("_demo_missing.html").render(name=name, text=t["demo_missing"].format(hand=name))
        switched = None
        if switch is not None:
            try:
                switched = check_switch(hand, switch)
            except SwitchError as error:
                raise DirectiveError(str(error)) from None
        first = next((d for d in demos if d.hand == name), None)
        external = first is None and mode == EXTERNAL and bool(demos)
        block = DemoBlock(key, name, switch, external)
        demos.append(block)
        return render_demo(env, hand, lang, block, mode == LISTED, switched,
                           shared=None if first is None else demo_id(first.key))

    def term(found: str) -> None:
        terms.append(found)

    def error(line: int, what: str) -> None:
        problems.add(page.path, line, what)

    panels: list[str] = []

    def numbers(args: list[str]) -> str:  # `::: numbers ...` (sitegen/numbers.py)
        if panels:
            raise DirectiveError("a page has one '::: numbers' panel")
        try:
            spec = numbers_page.parse_spec(args)
        except numbers_page.SpecError as bad:
            raise DirectiveError(str(bad)) from None
        panels.append("numbers")
        folder, _ = numbers_page.find_uplot(next(iter(inputs.pyodide.values())).parent.parent)
        return numbers_page.panel(env, spec, lang, catalogue(lang), numbers_page.strings(lang), "../" + folder)

    def simulate(args: str) -> str:  # `::: simulate ARGS` (sitegen/figures.py)
        try:
            run = figures.parse_command(args)
        except figures.FigureError as bad:
            raise DirectiveError(str(bad)) from None
        return figures.block_html(run, args, lang)

    directives = Directives(page.source, quote, demo, error, numbers, simulate)
    extensions: list[Any] = ["meta", "attr_list", "tables", TocExtension(slugify=slugify_unicode),
                             DirectivesExtension(directives), TermLinksExtension(GLOSSARY_PAGE, terms)]
    if figures.has_figures(page.source):  # the engine's figures, from the commands shown (and the numbers' runs)
        page_figures = figures.PageFigures(lang, error, lambda: numbers_page.cited_figures(page.source, lang),
                                           lambda name, step, readings: replayed_step(inputs, name, step, readings))
        extensions.append(figures.FiguresExtension(page_figures, figures.body_start(page.source)))
    if lang == "en":
        extensions.append("smarty")  # not for Russian, whose text already has its «» and dashes
    converter = markdown.Markdown(extensions=extensions, output_format="html")
    html = converter.convert(page.source)
    tokens = converter.toc_tokens  # type: ignore[attr-defined]
    if any(token["level"] == 1 for token in tokens):
        line = next((n for n, text in enumerate(page.source.splitlines(), start=1) if re.match(r"#(?!#)", text)), 1)
        problems.add(page.path, line, "a lesson's headings start at '##': the title (front matter) is the page's "
                                      "only level-1 heading")
    toc = [{"id": token["id"], "html": Markup(token["html"])} for token in tokens if token["level"] == 2]
    return Body(Markup(html), toc, cited, demos, _heading_ids(tokens), terms, bool(panels))


GLOSSARY_PAGE = "glossary.html"
_replays: dict[tuple[str, tuple[str, ...]], dict[str, Any]] = {}


def replayed_step(inputs: Inputs, name: str, step: int, readings: tuple[str, ...]) -> tuple[dict[str, Any], dict[str, Any],
                                                                                           list[str]]:
    """Step `step` of a hand (its event, the table after it, the seats' English names), under the
    readings given (`KEY=VALUE`, as the page's switch replays it) or its own: what
    `{{replay HAND STEP: PATH}}` cites."""
    from .notes import replayed

    hand = inputs.hands[name]
    told = hand.traces["en"]
    if readings:
        if (name, readings) not in _replays:
            pairs: list[tuple[str, str]] = []
            for reading in readings:
                key, sep, value = reading.partition("=")
                if not sep:
                    raise ValueError("--option takes KEY=VALUE")
                pairs.append((key, value))
            _replays[name, readings] = replayed(told["game"], *pairs[0], *pairs[1:])
        told = _replays[name, readings]
    if not 1 <= step <= len(told["steps"]):
        raise IndexError(f"it has {len(told['steps'])} steps")
    found = told["steps"][step - 1]
    return found["event"], found["state"], list(told["seats"])


def demo_id(key: str) -> str:
    """The demo's HTML id: `demo-HAND`, or `demo-HAND--OPTION` for a switch ('.' is awkward in CSS)."""
    return "demo-" + key.replace(".", "--")


def render_demo(env: Environment, hand: Hand, lang: str, block: DemoBlock, list_steps: bool,
                switch: dict[str, Any] | None, shared: str | None) -> str:
    """One demo's figure: its hand's trace and set-up in the page (or in the demo `shared` of the
    same page, or fetched: `external`), the steps as text, the switch."""
    told = hand.localized(lang)
    caption = DEMO_STRINGS[lang]["demo_caption"].format(players=count(len(told["seats"]), "player", lang),
                                                        steps=count(len(told["steps"]), "step", lang))
    inline = shared is None and not block.external
    steps = [{"text": s["text"], "note": s.get("note")} for s in told["steps"]] if list_steps and inline else []
    return env.get_template("_demo.html").render(
        id=demo_id(block.key), key=block.key, name=block.hand, caption=caption, t=STRINGS[lang],
        trace=told if inline else None, setup=hand.setup(lang) if inline else None, steps=steps,
        shared=shared, source=f"hands/{block.hand}.json" if block.external else None, switch=switch)


def hand_data(hand: Hand, lang: str) -> bytes:
    """{lang}/hands/HAND.json: what an external demo fetches."""
    return json.dumps({"trace": hand.localized(lang), "setup": hand.setup(lang)}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def _heading_ids(tokens: list[dict[str, Any]]) -> list[str]:
    ids: list[str] = []
    for token in tokens:
        ids.append(token["id"])
        ids += _heading_ids(token["children"])
    return ids


# ---------------------------------------------------------------------------- pages


class SiteRenderer:
    def __init__(self, inputs: Inputs, templates: Path) -> None:
        self.inputs = inputs
        self.templates = templates
        self.env = make_environment(templates)
        self.out = Rendered()
        self.problems = Problems()
        self.runtime = runtime_folder(inputs.pyodide)
        # What the demos name, from the engine, with the demo's own words (site/static/js/catalogue.js).
        self.catalogues = {lang: {**catalogue(lang), "strings": DEMO_STRINGS[lang]} for lang in LANGS}
        self.stylesheets = [s for s in STYLESHEETS if s in inputs.static]
        self.main_js = MAIN_JS in inputs.static
        # What a page loads: the style sheets and the modules of main.js (the kiosk's own are apart).
        assets = [data for name, data in inputs.static.items()
                  if name in self.stylesheets or (name.startswith("js/") and name.endswith((".js", ".mjs"))
                                                  and not name.startswith(("js/kiosk", "js/writer/")))]
        self.asset_weight = sum(len(data) for data in assets)
        self.asset_sent = sum(len(gzipped(data)) for data in assets)
        for name in STYLESHEETS + (MAIN_JS,):
            if name not in inputs.static:
                self.out.warnings.append(f"site/static/{name} does not exist yet: the pages are built without it")

    def common(self, lang: str, base: str, title: str) -> dict[str, Any]:
        return {
            "lang": lang, "base": base, "title": title, "t": STRINGS[lang], "csp": Markup(CSP),
            "engine_url": f"{base}engine/{self.inputs.engine.name}", "pyodide_url": f"{base}{self.runtime}",
            "snapshot_url": f"{base}pyodide/{self.inputs.snapshot.name}" if self.inputs.snapshot else None,
            "snapshot_size": self.inputs.snapshot.data.stat().st_size if self.inputs.snapshot else None,
            "runtime_files": " ".join(f"{base}{self.runtime}{name}" for name in self.inputs.pyodide),
            "stylesheets": [f"{base}assets/{s}" for s in self.stylesheets],
            "main_js": f"{base}assets/{MAIN_JS}" if self.main_js else None,
        }

    def nav(self, lang: str, current: str, other_page: str, up: str = "") -> dict[str, Any]:
        """The header's links; `up` is "../" on the pages one folder down ({lang}/hands/)."""
        t = STRINGS[lang]
        other = "ru" if lang == "en" else "en"
        links = [("index.html", t["lessons"], "index"), ("text.html", t["text"], "text")]
        if self.inputs.reference[lang]:
            rules = self.inputs.reference[lang][0]
            links.append((rules.url, t["nav_rules"], rules.slug))
        if self.inputs.hands:
            links.append(("hands.html", t["nav_hands"], "hands"))
        if self.inputs.glossary:
            links.append((GLOSSARY_PAGE, t["nav_glossary"], "glossary"))
        links.append((WRITE_PAGE, t["nav_write"], "write"))
        return {
            "home": f"{up}index.html",
            "links": [{"href": up + href, "label": label, "lang": None, "current": current == name}
                      for href, label, name in links],
            "switch": {"href": f"{up}../{other}/{other_page}", "lang": other, "label": t["switch_label"],
                       "title": t["switch_title"]},
        }

    def emit(self, path: str, source: Path, html: str, lesson: bool = False, listed: bool = True) -> None:
        for problem, cause in page_problems(html):
            self.problems.add(source, _line_of(source, cause), f"the page {path} would break the site's rules: {problem}")
        data = html.encode("utf-8")
        self.out.files[path] = data
        self.out.sources[path] = source
        total, sent = len(data) + self.asset_weight, len(gzipped(data)) + self.asset_sent
        self.out.sizes.append(PageSize(path, len(data), total, sent, lesson, listed))

    def render(self) -> Rendered:
        pages, reference = self.inputs.pages, self.inputs.reference
        # Every quotation of the text a literal excerpt (sitegen/quotes.py).
        quoted = [p.path for kind in (pages, reference) for lang in LANGS for p in kind[lang]]
        quoted += ([self.inputs.glossary_path] if self.inputs.glossary else []) + [h.path for h in self.inputs.hands.values()]
        for problem in quotes.problems(self.inputs.text, quoted):
            self.problems.add_message(problem)
        # Every run of the engine the pages cite, played first (on two processes) if not kept yet.
        figures.compute(run for kind in (pages, reference) for lang in LANGS for page in kind[lang]
                        for run in figures.cited_runs(page.source) + numbers_page.page_runs(page.source))
        # Page bodies first: the reading page links every paragraph to the lessons citing it.
        bodies = {lang: {p.slug: self.body(p, LISTED) for p in pages[lang]} for lang in LANGS}
        references = {lang: {p.slug: self.body(p, LISTED) for p in reference[lang]} for lang in LANGS}
        self.problems.check()
        self.out.cited = {lang: {slug: body.cited for slug, body in bodies[lang].items()} for lang in LANGS}
        for kind in (pages, reference):
            for page in kind["ru"]:
                self.check_heading_ids(page, (bodies if kind is pages else references))
        self.check_terms([(page, (bodies if kind is pages else references)[page.lang][page.slug])
                          for kind in (pages, reference) for lang in LANGS for page in kind[lang]])
        self.problems.check()
        for slug in bodies["en"]:
            if slug in bodies["ru"] and set(bodies["en"][slug].cited) != set(bodies["ru"][slug].cited):
                self.out.warnings.append(
                    f"the lesson {slug!r} quotes {_ids(bodies['en'][slug].cited)} in English but "
                    f"{_ids(bodies['ru'][slug].cited)} in Russian")
        self.out.switched = sorted({d.switch for body in bodies["en"].values() for d in body.demos if d.switch})

        self.landing()
        for lang in LANGS:
            self.lesson_index(lang)
            self.reading(lang)
            for index, page in enumerate(pages[lang]):
                self.lesson(page, index, bodies[lang][page.slug])
            for page in reference[lang]:
                self.lesson(page, None, references[lang][page.slug])
            self.glossary(lang)
            self.hands_index(lang, bodies[lang])
            for name in self.inputs.hands:
                self.hand_page(lang, name, bodies[lang])
                print_page(self, lang, name)
            write_page(self, lang)
            self.kiosk(lang, bodies[lang])
        self.kiosk_entry()
        self.problems.check()
        return self.out

    def body(self, page: Page, mode: str) -> Body:
        return render_body(page, self.inputs, self.env, self.problems, mode, self.out.warnings)

    def check_heading_ids(self, page: Page, bodies: dict[str, dict[str, Body]]) -> None:
        """The language switch keeps the reader's place by the heading's id: both versions share them."""
        english = bodies["en"][page.slug].heading_ids if page.slug in bodies["en"] else []
        russian = bodies["ru"][page.slug].heading_ids
        if russian != english:
            first = next((i for i, (a, b) in enumerate(zip(english, russian)) if a != b), min(len(english), len(russian)))
            self.problems.add(page.path, _line_of(page.path, r"^#{2,6} ") if not russian else
                              _line_of(page.path, re.escape(russian[first]) if first < len(russian) else r"^#{2,6} "),
                              f"the headings' ids must be those of the English version, in the same order "
                              f"(write {{#id}} after a heading): expected {english}, found {russian}")

    def check_terms(self, bodies: list[tuple[Page, Body]]) -> None:
        """Every [word](term:ID) names an entry of the glossary (before the glossary exists: a warning)."""
        known = {term.id for term in self.inputs.glossary}
        for page, body in bodies:
            for term in dict.fromkeys(body.terms):
                if term in known:
                    continue
                line = _line_of(page.path, re.escape(f"](term:{term})"))
                what = (f"the link term:{term} names no entry of the glossary ({shown(self.inputs.glossary_path)}; "
                        + (f"its ids: {', '.join(sorted(known))})" if known else "there is none yet)"))
                if known:
                    self.problems.add(page.path, line, what)
                else:
                    self.out.warnings.append(f"{shown(page.path)}:{line}: {what}")

    def kiosk(self, lang: str, bodies: dict[str, Body]) -> None:
        """kiosk/LANG.html: the museum's screen (site/static/js/kiosk.js): the hands the lessons teach
        with (their plain demos; the switches of the readings lesson are for readers), in the
        lessons' order, each under its own title (two lessons' titles are the same: the play-off by tricks)."""
        t = STRINGS[lang]
        hands: list[dict[str, Any]] = []
        for page in self.inputs.pages[lang]:
            for demo in bodies[page.slug].demos:
                if demo.switch is None and demo.hand not in (h["name"] for h in hands):
                    hand = self.inputs.hands[demo.hand]
                    title = hand.about.title[lang] if hand.about else page.title
                    hands.append({"name": demo.hand, "title": title, "trace": hand.localized(lang),
                                  "setup": hand.setup(lang)})
        context = self.common(lang, "../", t["kiosk_title"])
        context.update(
            hands=hands,
            catalogue=self.catalogues[lang],
            source_paragraphs={p["id"]: {"ru": p["ru"], "en": p["en"]} for p in self.inputs.text.paragraphs()},
        )
        html = self.env.get_template("kiosk.html").render(context)
        self.emit(f"kiosk/{lang}.html", self.templates / "kiosk.html", html)

    def kiosk_entry(self) -> None:
        """kiosk/index.html: opens the kiosk in its configured language (?lang=ru, else English)."""
        context = self.common("en", "../", STRINGS["en"]["kiosk_title"])
        html = self.env.get_template("kiosk_entry.html").render(context)
        self.emit("kiosk/index.html", self.templates / "kiosk_entry.html", html)

    def landing(self) -> None:
        context = self.common("en", "./", "Card Lottery · Карточная лотерея")
        context["nav"] = {"home": "index.html", "links": [
            {"href": f"{lang}/index.html", "label": LANG_NAMES[lang], "lang": lang, "current": False}
            for lang in LANGS], "switch": None}
        context["sections"] = [{"lang": lang, "t": STRINGS[lang], "href": f"{lang}/index.html",
                                "text_href": f"{lang}/text.html"} for lang in LANGS]
        html = self.env.get_template("landing.html").render(context)
        self.emit("index.html", self.templates / "landing.html", html)

    def lesson_index(self, lang: str) -> None:
        t = STRINGS[lang]
        context = self.common(lang, "../", t["index_title"])
        context["nav"] = self.nav(lang, "index", "index.html")
        context["lessons"] = [{"url": p.url, "title": p.title, "summary": p.summary, "order": p.order}
                              for p in self.inputs.pages[lang]]
        reference = [{"url": p.url, "title": p.title, "summary": p.summary} for p in self.inputs.reference[lang]]
        if self.inputs.glossary:
            reference.append({"url": GLOSSARY_PAGE, "title": t["glossary_title"], "summary": t["glossary_intro"]})
        if self.inputs.hands:
            reference.append({"url": "hands.html", "title": t["hands_title"], "summary": t["hands_intro"]})
        context["reference"] = reference
        html = self.env.get_template("index.html").render(context)
        self.emit(f"{lang}/index.html", self.templates / "index.html", html)

    def reading(self, lang: str) -> None:
        t = STRINGS[lang]
        context = self.common(lang, "../", t["text_title"])
        context["nav"] = self.nav(lang, "text", "text.html")
        citing: dict[str, list[dict[str, str]]] = {pid: [] for pid in PARAGRAPH_IDS}
        for page in self.inputs.pages[lang]:
            for pid in dict.fromkeys(self.out.cited[lang][page.slug]):
                citing[pid].append({"url": page.url, "title": page.title})
        context["paragraphs"] = [{**p, "label": paragraphs(p["id"], lang), "lessons": citing[p["id"]],
                                  "link_label": t["para_link"].format(pid=paragraphs(p["id"], lang)),
                                  "note": self.inputs.text.notes.get(p["id"], {}).get(lang)}
                                 for p in self.inputs.text.paragraphs()]
        html = self.env.get_template("text.html").render(context)
        self.emit(f"{lang}/text.html", self.templates / "text.html", html)

    def demo_data(self, lang: str, demos: bool) -> dict[str, Any]:
        """What a page with demos embeds: the paragraphs they highlight and the engine's catalogue."""
        return {
            "source_paragraphs": {p["id"]: {"ru": p["ru"], "en": p["en"]} for p in self.inputs.text.paragraphs()}
            if demos else None,
            "catalogue": self.catalogues[lang] if demos else None,
        }

    def lesson(self, page: Page, index: int | None, body: Body) -> None:
        """A lesson ({lang}/SLUG.html, with its number and the pager), or a reference page (index None)."""
        t = STRINGS[page.lang]
        lessons = self.inputs.pages[page.lang]

        def link(other: Page | None) -> dict[str, str] | None:
            return None if other is None else {"url": other.url, "title": other.title}

        context = self.common(page.lang, "../", page.title)
        context["nav"] = self.nav(page.lang, "lesson" if index is not None else page.slug, page.url)
        context.update(
            lesson={"title": page.title, "summary": page.summary, "slug": page.slug,
                    "label": t["lesson_n"].format(n=index + 1, total=len(lessons)) if index is not None else None},
            body=body.html, toc=body.toc if len(body.toc) >= 3 else [],
            previous=link(lessons[index - 1] if index else None),
            next=link(lessons[index + 1] if index is not None and index + 1 < len(lessons) else None),
            pager=index is not None,
            **self.demo_data(page.lang, bool(body.demos) or body.numbers),
        )
        template = self.env.get_template("lesson.html")
        html = template.render(context)
        mode = LISTED
        for lighter in (UNLISTED, EXTERNAL):
            if not body.demos or len(gzipped(html.encode("utf-8"))) + self.asset_sent < self.inputs.budget:
                break
            # Too heavy: leave the lists of steps for the script to fill; then fetch all hands but the first.
            mode = lighter
            body = render_body(page, self.inputs, self.env, Problems(), mode, [])
            context["body"] = body.html
            html = template.render(context)
        for demo in body.demos:
            if demo.external:
                self.out.files[f"{page.lang}/hands/{demo.hand}.json"] = hand_data(self.inputs.hands[demo.hand], page.lang)
        if body.numbers:  # uPlot and its license, only for the pages that draw charts
            folder, files = numbers_page.find_uplot(next(iter(self.inputs.pyodide.values())).parent.parent)
            self.out.files.update({folder + name: path for name, path in files.items()})
        self.emit(f"{page.lang}/{page.url}", page.path, html, lesson=True, listed=mode == LISTED)

    def glossary(self, lang: str) -> None:
        """{lang}/glossary.html: the words of the game, with the paragraphs that use them."""
        if not self.inputs.glossary:
            return
        t = STRINGS[lang]
        terms = []
        for term in self.inputs.glossary:
            found: list[str] = []
            converter = markdown.Markdown(extensions=[TermLinksExtension(GLOSSARY_PAGE, found)] +
                                          (["smarty"] if lang == "en" else []), output_format="html")
            terms.append({"id": term.id, "ru": term.ru, "ru_also": term.ru_also, "en": term.en,
                          "paragraphs": [{"id": pid, "label": paragraphs(pid, lang)} for pid in term.paragraphs],
                          "html": Markup(converter.convert(term.text[lang]))})
            known = {other.id for other in self.inputs.glossary}
            for missing in [found_id for found_id in found if found_id not in known]:
                line = _line_of(self.inputs.glossary_path, re.escape(f"](term:{missing})"))
                self.problems.add(self.inputs.glossary_path, line,
                                  f"the entry {term.id!r} links term:{missing}, which the glossary does not define")
        context = self.common(lang, "../", t["glossary_title"])
        context["nav"] = self.nav(lang, "glossary", GLOSSARY_PAGE)
        context["terms"] = terms
        html = self.env.get_template("glossary.html").render(context)
        self.emit(f"{lang}/{GLOSSARY_PAGE}", self.templates / "glossary.html", html)

    def hand_facts(self, lang: str, name: str, bodies: dict[str, Body], up: str) -> dict[str, Any]:
        """What the hands page and a hand's own page say about a hand."""
        t = STRINGS[lang]
        hand = self.inputs.hands[name]
        told = hand.traces[lang]
        about = hand.about
        options = {o["key"]: o for o in self.catalogues[lang]["options"]}
        readings = next((page for page in self.inputs.pages[lang] if page.slug == READINGS_LESSON), None)
        shows = []
        for key in hand.shows:
            value = hand.setup(lang)["options"][key]
            choice = next((c["label"] for c in options[key]["choices"] if c["value"] == value), str(value))
            shows.append({"key": key, "label": options[key]["label"], "value": choice,
                          "href": f"{up}{readings.url}#{key.replace('_', '-')}" if readings else None})
        lessons = [{"url": up + page.url, "title": page.title} for page in self.inputs.pages[lang]
                   if name in bodies[page.slug].hands]
        games = int(told["game"].get("games") or 1)
        return {
            "name": name, "url": f"{up}hands/{name}.html",
            "title": about.title[lang] if about else t["hand_untitled"].format(name=name),
            "purpose": about.purpose[lang] if about else None,
            "facts": ", ".join([count(len(told["seats"]), "player", lang), count(len(told["steps"]), "step", lang)]),
            "series": t["hand_series"].format(n=games) if games > 1 else None,
            "paragraphs": [{"id": pid, "label": paragraphs(pid, lang), "href": f"{up}text.html#{pid}"}
                           for pid in hand.paragraphs],
            "shows": shows, "lessons": lessons,
        }

    def hands_index(self, lang: str, bodies: dict[str, Body]) -> None:
        """{lang}/hands.html: every annotated hand, filterable by paragraph and by option."""
        if not self.inputs.hands:
            return
        t = STRINGS[lang]
        hands = [self.hand_facts(lang, name, bodies, "") for name in self.inputs.hands]
        hands.sort(key=lambda h: (not h["lessons"], h["title"]))
        used_options = {s["key"] for h in hands for s in h["shows"]}
        context = self.common(lang, "../", t["hands_title"])
        context["nav"] = self.nav(lang, "hands", "hands.html")
        context.update(
            hands=hands,
            paragraph_choices=[{"id": pid, "label": paragraphs(pid, lang)} for pid in PARAGRAPH_IDS
                               if any(pid in (p["id"] for p in h["paragraphs"]) for h in hands)],
            option_choices=[{"key": o["key"], "label": o["label"]} for o in self.catalogues[lang]["options"]
                            if o["key"] in used_options],
            shown_template=t["filter_shown"],
        )
        html = self.env.get_template("hands.html").render(context)
        self.emit(f"{lang}/hands.html", self.templates / "hands.html", html)

    def hand_page(self, lang: str, name: str, bodies: dict[str, Body]) -> None:
        """{lang}/hands/NAME.html: one hand, what it shows, and its demo with every step listed."""
        t = STRINGS[lang]
        hand = self.inputs.hands[name]
        facts = self.hand_facts(lang, name, bodies, "../")
        demo = render_demo(self.env, hand, lang, DemoBlock(name, name, None, False), True, None, None)
        context = self.common(lang, "../../", facts["title"])
        context["nav"] = self.nav(lang, "hands", f"hands/{name}.html", up="../")
        context["print_link"] = print_link(lang, name)
        context.update(hand=facts, demo=Markup(demo), record=t["hand_record"].format(file=f"lessons/hands/{name}.toml"),
                       all_hands="../hands.html", **self.demo_data(lang, True))
        html = self.env.get_template("hand.html").render(context)
        self.emit(f"{lang}/hands/{name}.html", self.templates / "hand.html", html)


READINGS_LESSON = "what-the-text-leaves-open"  # the lesson with a section per option, #KEY-with-dashes


def _line_of(source: Path, pattern: str) -> int:
    """The first line of a source file matching a pattern (1 when none does)."""
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    return next((n for n, line in enumerate(lines, start=1) if re.search(pattern, line)), 1)


def _ids(pids: list[str]) -> str:
    return ", ".join(dict.fromkeys(pids)) or "nothing"


def render_site(inputs: Inputs, templates: Path) -> Rendered:
    """Every page, plus the files copied as they are."""
    renderer = SiteRenderer(inputs, templates)
    rendered = renderer.render()
    for name, data in inputs.static.items():
        rendered.files[f"assets/{name}"] = data
    for name, path in inputs.pyodide.items():
        rendered.files[renderer.runtime + name] = path
    rendered.files[f"engine/{inputs.engine.name}"] = inputs.engine.data
    if inputs.snapshot:
        rendered.files[f"pyodide/{inputs.snapshot.name}"] = inputs.snapshot.data
        rendered.files[f"pyodide/{inputs.snapshot.name}.gz"] = inputs.snapshot.gz
    keep_checked()
    return rendered
