"""Rendering's shared machinery: the inputs, the Jinja2 environment, the data embedded in the
pages, the lesson Markdown, and `Site`, through which every page type (sitegen/pages/) renders.

Everything is rendered in memory into `Rendered.files` (output path -> bytes, or a file to
copy); nothing is written here. Templates only present: every value they show is computed in
Python, here or in the page type's module.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import markdown
from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from markdown.extensions.toc import TocExtension, slugify_unicode
from markupsafe import Markup

from engine.catalogue import catalogue
from engine.words import count, paragraphs

from . import BuildError, Problems, shown
from .analyses import for_pages
from .assets import EngineArchive, gzipped, runtime_folder
from .blocks import DirectiveError, Directives, DirectivesExtension, TermLinksExtension
from .cards import card_art
from . import figures, quotes
from . import numbers as numbers_page
from . import skill as skill_games
from .checks import CSP, keep_checked, page_problems
from .i18n import DEMO_STRINGS, STRINGS
from .snapshot import Snapshot
from .sources import LANGS, PARAGRAPH_IDS, Hand, Page, Term, Text
from .switches import OPTIONS, SwitchError, check_switch

PAGE_BUDGET = 150_000  # bytes sent (gzipped): a lesson page with its CSS, JS and embedded data, without Pyodide
STYLESHEETS = ("css/site.css", "css/demo.css")
MAIN_JS = "js/pages/lesson/main.js"


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
    skill: dict[str, Any] | None = None  # the figures of "Skill and luck" (sitegen/skill.py), when the lessons have its games


@dataclass
class PageSize:
    path: str
    html: int
    total: int      # with the CSS and JS the page loads, as files on disk
    sent: int       # the same as sent over the wire, gzipped: what the budget limits for a lesson
    lesson: bool
    steps_listed: bool = True
    page_type: str = ""  # the name of the page type that rendered it


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

    def skill() -> str:  # `::: skill` (sitegen/skill.py)
        if inputs.skill is None:
            raise DirectiveError(f"'::: skill' shows the games of lessons/{skill_games.FILE.as_posix()}, and the "
                                 f"lessons have none: `{skill_games.COMMAND}` plays them")
        return skill_games.block_html(inputs.skill, lang)

    directives = Directives(page.source, quote, demo, error, numbers, simulate, skill)
    extensions: list[Any] = ["meta", "attr_list", "tables", TocExtension(slugify=slugify_unicode),
                             DirectivesExtension(directives), TermLinksExtension(GLOSSARY_PAGE, terms)]
    if figures.has_figures(page.source):  # the engine's figures, from the commands shown (and the numbers' runs)
        page_figures = figures.PageFigures(lang, error, lambda: {**numbers_page.cited_figures(page.source, lang),
                                                                    **({"skill": inputs.skill} if inputs.skill else {})},
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
        trace=told if inline else None, setup=hand.setup(lang) if inline else None,
        analyses=for_pages(hand.analyses.get(lang, {})) if inline else None, steps=steps,
        shared=shared, source=f"hands/{block.hand}.json" if block.external else None, switch=switch)


def hand_data(hand: Hand, lang: str) -> bytes:
    """{lang}/hands/HAND.json: what an external demo fetches."""
    return json.dumps({"trace": hand.localized(lang), "setup": hand.setup(lang),
                       "analyses": for_pages(hand.analyses.get(lang, {}))},
                      ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


def _heading_ids(tokens: list[dict[str, Any]]) -> list[str]:
    ids: list[str] = []
    for token in tokens:
        ids.append(token["id"])
        ids += _heading_ids(token["children"])
    return ids


# ---------------------------------------------------------------------------- page types


@dataclass(frozen=True)
class NavLink:
    """A page type's link in the header of every page."""

    href: str     # from the language's folder ({lang}/)
    label: str    # the key of its words (the page type's strings)
    current: str  # what its pages pass to Site.nav as `current`, to be marked as the page shown


@dataclass(frozen=True)
class PageType:
    """One kind of page (sitegen/pages/ holds the site's, REGISTRY finds them): what it renders and
    where (`render`, which emits its pages through the Site), its link in the header, or none, and
    its own words in both languages, which every template reads as `t`."""

    name: str
    render: Callable[[Site], None]
    strings: dict[str, dict[str, str]] = field(default_factory=dict)
    nav: Callable[[Inputs, str], NavLink | None] | None = None  # (the inputs, the language) -> its link, when shown
    place: int = 0  # its place in the registry: the order of rendering and of the header's links


def page_strings(registry: Sequence[PageType]) -> dict[str, dict[str, str]]:
    """The words every template reads as `t`: the site's own (sitegen/i18n.py) and each page type's.
    A page type says each of its words in every language, and no key twice: a word is defined in one place."""
    defined = {key: "sitegen/i18n.py" for key in STRINGS["en"]}
    for page_type in registry:
        words = page_type.strings
        if not words:
            continue
        if set(words) != set(LANGS) or any(set(words[lang]) != set(words["en"]) for lang in LANGS):
            missing = sorted({key for lang in LANGS for key in words.get("en", {}).keys() ^ words.get(lang, {}).keys()})
            raise BuildError(f"the page type {page_type.name!r} must say each of its words in "
                             f"{' and '.join(LANGS)}: {', '.join(missing) or 'a language is missing'}")
        for key in words["en"]:
            if key in defined:
                raise BuildError(f"the page type {page_type.name!r} defines {key!r}, which {defined[key]} defines too")
            defined[key] = f"the page type {page_type.name!r}"
    return {lang: {**STRINGS[lang], **{key: text for page_type in registry
                                        for key, text in page_type.strings.get(lang, {}).items()}}
            for lang in LANGS}


class Site:
    """What every page type renders with: the inputs, the templates, the lesson bodies (rendered
    once, before any page: the reading page, the kiosk and the hands' pages read them too), the
    header's links from the registry, and `emit`, which checks a page and keeps it in memory."""

    def __init__(self, inputs: Inputs, templates: Path, registry: Sequence[PageType]) -> None:
        self.inputs = inputs
        self.templates = templates
        self.registry = tuple(registry)
        self.strings = page_strings(self.registry)
        self.env = make_environment(templates)
        self.out = Rendered()
        self.problems = Problems()
        self.runtime = runtime_folder(inputs.pyodide)
        # What the demos name, from the engine, with the demo's own words (site/static/js/lib/catalogue.js)
        # and the cards' drawing (sitegen/cards.py).
        self.catalogues = {lang: {**catalogue(lang), "strings": DEMO_STRINGS[lang], "card_art": card_art()} for lang in LANGS}
        self.stylesheets = [s for s in STYLESHEETS if s in inputs.static]
        self.main_js = MAIN_JS in inputs.static
        # What a page loads: the style sheets and the modules of main.js (the kiosk's own are apart).
        assets = [data for name, data in inputs.static.items()
                  if name in self.stylesheets or (name.startswith("js/") and name.endswith((".js", ".mjs"))
                                                  and not name.startswith(("js/pages/kiosk/", "js/pages/writer/")))]
        self.asset_weight = sum(len(data) for data in assets)
        self.asset_sent = sum(len(gzipped(data)) for data in assets)
        for name in STYLESHEETS + (MAIN_JS,):
            if name not in inputs.static:
                self.out.warnings.append(f"site/static/{name} does not exist yet: the pages are built without it")
        self.bodies: dict[str, dict[str, Body]] = {}      # lang -> slug -> the lesson's body
        self.references: dict[str, dict[str, Body]] = {}  # lang -> slug -> the reference page's body

    def common(self, lang: str, base: str, title: str) -> dict[str, Any]:
        return {
            "lang": lang, "base": base, "title": title, "t": self.strings[lang], "csp": Markup(CSP),
            "engine_url": f"{base}engine/{self.inputs.engine.name}", "pyodide_url": f"{base}{self.runtime}",
            "snapshot_url": f"{base}pyodide/{self.inputs.snapshot.name}" if self.inputs.snapshot else None,
            "snapshot_size": self.inputs.snapshot.data.stat().st_size if self.inputs.snapshot else None,
            "runtime_files": " ".join(f"{base}{self.runtime}{name}" for name in self.inputs.pyodide),
            "stylesheets": [f"{base}assets/{s}" for s in self.stylesheets],
            "main_js": f"{base}assets/{MAIN_JS}" if self.main_js else None,
        }

    def nav(self, lang: str, current: str, other_page: str, up: str = "") -> dict[str, Any]:
        """The header's links, one for each page type that has one, in the registry's order; `up` is
        "../" on the pages one folder down ({lang}/hands/)."""
        t = self.strings[lang]
        other = "ru" if lang == "en" else "en"
        links = []
        for page_type in self.registry:
            link = page_type.nav(self.inputs, lang) if page_type.nav else None
            if link is not None:
                links.append(link)
        return {
            "home": f"{up}index.html",
            "links": [{"href": up + link.href, "label": t[link.label], "lang": None, "current": current == link.current}
                      for link in links],
            "switch": {"href": f"{up}../{other}/{other_page}", "lang": other, "label": t["switch_label"],
                       "title": t["switch_title"]},
        }

    def emit(self, path: str, source: Path, html: str, lesson: bool = False, listed: bool = True) -> None:
        """Keep a page (its output path, the file it was made from), checked against the site's rules."""
        for problem, cause in page_problems(html):
            self.problems.add(source, line_of(source, cause), f"the page {path} would break the site's rules: {problem}")
        data = html.encode("utf-8")
        self.out.files[path] = data
        self.out.sources[path] = source
        total, sent = len(data) + self.asset_weight, len(gzipped(data)) + self.asset_sent
        self.out.sizes.append(PageSize(path, len(data), total, sent, lesson, listed))

    def page(self, path: str, template: str, context: dict[str, Any]) -> None:
        """Render a template into a page and emit it (the template is the page's source)."""
        self.emit(path, self.templates / template, self.env.get_template(template).render(context))

    def demo_data(self, lang: str, demos: bool) -> dict[str, Any]:
        """What a page with demos embeds: the paragraphs they highlight and the engine's catalogue."""
        return {
            "source_paragraphs": {p["id"]: {"ru": p["ru"], "en": p["en"]} for p in self.inputs.text.paragraphs()}
            if demos else None,
            "catalogue": self.catalogues[lang] if demos else None,
        }

    def render(self) -> Rendered:
        """The lesson bodies, then every page type's pages, in the registry's order."""
        self.prepare()
        for page_type in self.registry:
            emitted = len(self.out.sizes)
            page_type.render(self)
            for size in self.out.sizes[emitted:]:
                size.page_type = page_type.name
        self.problems.check()
        return self.out

    def prepare(self) -> None:
        """What several page types read: the quotations checked, the engine's figures played, the
        lessons' and reference pages' bodies rendered and checked against each other."""
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
        self.bodies = {lang: {p.slug: self.body(p, LISTED) for p in pages[lang]} for lang in LANGS}
        self.references = {lang: {p.slug: self.body(p, LISTED) for p in reference[lang]} for lang in LANGS}
        bodies, references = self.bodies, self.references
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

    def body(self, page: Page, mode: str) -> Body:
        return render_body(page, self.inputs, self.env, self.problems, mode, self.out.warnings)

    def check_heading_ids(self, page: Page, bodies: dict[str, dict[str, Body]]) -> None:
        """The language switch keeps the reader's place by the heading's id: both versions share them."""
        english = bodies["en"][page.slug].heading_ids if page.slug in bodies["en"] else []
        russian = bodies["ru"][page.slug].heading_ids
        if russian != english:
            first = next((i for i, (a, b) in enumerate(zip(english, russian)) if a != b), min(len(english), len(russian)))
            self.problems.add(page.path, line_of(page.path, r"^#{2,6} ") if not russian else
                              line_of(page.path, re.escape(russian[first]) if first < len(russian) else r"^#{2,6} "),
                              f"the headings' ids must be those of the English version, in the same order "
                              f"(write {{#id}} after a heading): expected {english}, found {russian}")

    def check_terms(self, bodies: list[tuple[Page, Body]]) -> None:
        """Every [word](term:ID) names an entry of the glossary (before the glossary exists: a warning)."""
        known = {term.id for term in self.inputs.glossary}
        for page, body in bodies:
            for term in dict.fromkeys(body.terms):
                if term in known:
                    continue
                line = line_of(page.path, re.escape(f"](term:{term})"))
                what = (f"the link term:{term} names no entry of the glossary ({shown(self.inputs.glossary_path)}; "
                        + (f"its ids: {', '.join(sorted(known))})" if known else "there is none yet)"))
                if known:
                    self.problems.add(page.path, line, what)
                else:
                    self.out.warnings.append(f"{shown(page.path)}:{line}: {what}")


def line_of(source: Path, pattern: str) -> int:
    """The first line of a source file matching a pattern (1 when none does)."""
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return 1
    return next((n for n, line in enumerate(lines, start=1) if re.search(pattern, line)), 1)


def _ids(pids: list[str]) -> str:
    return ", ".join(dict.fromkeys(pids)) or "nothing"


def render_site(inputs: Inputs, templates: Path, registry: Sequence[PageType]) -> Rendered:
    """Every page of every page type in the registry (sitegen/pages/), plus the files copied as they are."""
    site = Site(inputs, templates, registry)
    rendered = site.render()
    for name, data in inputs.static.items():
        rendered.files[f"assets/{name}"] = data
    for name, path in inputs.pyodide.items():
        rendered.files[site.runtime + name] = path
    rendered.files[f"engine/{inputs.engine.name}"] = inputs.engine.data
    if inputs.engine.fallback:  # the source, for a runtime that cannot run the bytecode (sitegen/bytecode.py)
        rendered.files[f"engine/{inputs.engine.fallback.name}"] = inputs.engine.fallback.data
    if inputs.snapshot:
        rendered.files[f"pyodide/{inputs.snapshot.name}"] = inputs.snapshot.data
        rendered.files[f"pyodide/{inputs.snapshot.name}.gz"] = inputs.snapshot.gz
    keep_checked()
    return rendered
