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
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markdown.extensions.toc import TocExtension, slugify_unicode
from markupsafe import Markup

from engine.catalogue import catalogue
from engine.words import count

from . import Problems, shown
from .assets import EngineArchive, gzipped, runtime_folder
from .blocks import DirectiveError, Directives, DirectivesExtension
from .checks import CSP, page_problems
from .i18n import DEMO_STRINGS, LANG_NAMES, STRINGS
from .snapshot import Snapshot
from .sources import LANGS, PARAGRAPH_IDS, Hand, Page, Text

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

    def uncited(self) -> list[str]:
        cited = {pid for by_slug in self.cited.values() for pids in by_slug.values() for pid in pids}
        return [pid for pid in PARAGRAPH_IDS if pid not in cited]


# ---------------------------------------------------------------------------- embedded JSON


def json_for_html(data: Any) -> Markup:
    """JSON safe inside <script type="application/json">: `<`, `>` and `&` become \\u003c etc.,
    so no `</script>` or `<!--` in the data can end the element early."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(text)


def make_environment(templates: Path) -> Environment:
    env = Environment(loader=FileSystemLoader(str(templates)), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["json_script"] = json_for_html
    return env


# ---------------------------------------------------------------------------- lesson bodies


@dataclass
class Body:
    html: Markup
    toc: list[dict[str, Any]]
    cited: list[str]
    demos: list[str]
    heading_ids: list[str]  # every heading's id, in order: the same in both languages


def render_body(page: Page, inputs: Inputs, env: Environment, problems: Problems, list_steps: bool,
                warnings: list[str]) -> Body:
    """The lesson's Markdown as HTML, with its quote and demo blocks."""
    lang = page.lang
    t = STRINGS[lang]
    cited: list[str] = []
    demos: list[str] = []

    def quote(pid: str) -> str:
        if pid not in PARAGRAPH_IDS:
            raise DirectiveError(f"unknown paragraph {pid!r}: the text's paragraphs are p0..p15")
        figure_id = f"quote-{pid}" if pid not in cited else f"quote-{pid}-{cited.count(pid) + 1}"
        cited.append(pid)
        return env.get_template("_quote.html").render(
            id=figure_id, pid=pid, href=f"text.html#{pid}", link=t["quote_link"].format(pid=pid),
            **inputs.text.paragraph(pid))

    def demo(name: str) -> str:
        if name in demos:
            raise DirectiveError(f"the demo {name!r} is already on this page")
        hand = inputs.hands.get(name)
        if hand is None:
            hands_dir = shown(Path(page.path).parents[2] / "hands")
            known = ", ".join(sorted(inputs.hands)) or "none yet"
            message = f"no hand {name!r}: {hands_dir}/{name}.toml does not exist (hands: {known})"
            if not inputs.draft:
                raise DirectiveError(message)
            warnings.append(f"{shown(page.path)}: draft: {message}")
            return env.get_template("_demo_missing.html").render(name=name, text=t["demo_missing"].format(hand=name))
        demos.append(name)
        told = hand.localized(lang)
        caption = DEMO_STRINGS[lang]["demo_caption"].format(players=count(len(told["seats"]), "player", lang),
                                                            steps=count(len(told["steps"]), "step", lang))
        steps = [{"text": s["text"], "note": s.get("note")} for s in told["steps"]] if list_steps else []
        return env.get_template("_demo.html").render(
            name=name, caption=caption, trace=told, setup=hand.setup(lang), steps=steps, t=t)

    def error(line: int, what: str) -> None:
        problems.add(page.path, line, what)

    directives = Directives(page.source, quote, demo, error)
    extensions: list[Any] = ["meta", "attr_list", "tables", TocExtension(slugify=slugify_unicode),
                             DirectivesExtension(directives)]
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
    return Body(Markup(html), toc, cited, demos, _heading_ids(tokens))


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
                                                  and not name.startswith("js/kiosk"))]
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
            "stylesheets": [f"{base}assets/{s}" for s in self.stylesheets],
            "main_js": f"{base}assets/{MAIN_JS}" if self.main_js else None,
        }

    def nav(self, lang: str, current: str, other_page: str) -> dict[str, Any]:
        t = STRINGS[lang]
        other = "ru" if lang == "en" else "en"
        return {
            "home": "index.html",
            "links": [
                {"href": "index.html", "label": t["lessons"], "lang": None, "current": current == "index"},
                {"href": "text.html", "label": t["text"], "lang": None, "current": current == "text"},
            ],
            "switch": {"href": f"../{other}/{other_page}", "lang": other, "label": t["switch_label"],
                       "title": t["switch_title"]},
        }

    def emit(self, path: str, source: Path, html: str, lesson: bool = False, listed: bool = True) -> None:
        for problem, cause in page_problems(html):
            self.problems.add(source, _line_of(source, cause), f"the page {path} would break the site's rules: {problem}")
        data = html.encode("utf-8")
        self.out.files[path] = data
        total, sent = len(data) + self.asset_weight, len(gzipped(data)) + self.asset_sent
        self.out.sizes.append(PageSize(path, len(data), total, sent, lesson, listed))

    def render(self) -> Rendered:
        pages = self.inputs.pages
        # Lesson bodies first: the reading page links every paragraph to the lessons citing it.
        bodies = {lang: {p.slug: render_body(p, self.inputs, self.env, self.problems, True, self.out.warnings)
                         for p in pages[lang]} for lang in LANGS}
        self.problems.check()
        self.out.cited = {lang: {slug: body.cited for slug, body in bodies[lang].items()} for lang in LANGS}
        for page in pages["ru"]:
            # The language switch keeps the reader's place by the heading's id: both versions share them.
            english = bodies["en"][page.slug].heading_ids
            russian = bodies["ru"][page.slug].heading_ids
            if russian != english:
                first = next((i for i, (a, b) in enumerate(zip(english, russian)) if a != b), min(len(english), len(russian)))
                self.problems.add(page.path, _line_of(page.path, r"^#{2,6} ") if not russian else
                                  _line_of(page.path, re.escape(russian[first]) if first < len(russian) else r"^#{2,6} "),
                                  f"the headings' ids must be those of the English version, in the same order "
                                  f"(write {{#id}} after a heading): expected {english}, found {russian}")
        self.problems.check()
        for slug in bodies["en"]:
            if slug in bodies["ru"] and set(bodies["en"][slug].cited) != set(bodies["ru"][slug].cited):
                self.out.warnings.append(
                    f"the lesson {slug!r} quotes {_ids(bodies['en'][slug].cited)} in English but "
                    f"{_ids(bodies['ru'][slug].cited)} in Russian")

        self.landing()
        for lang in LANGS:
            self.lesson_index(lang)
            self.reading(lang)
            for index, page in enumerate(pages[lang]):
                self.lesson(page, index, bodies[lang][page.slug])
            self.kiosk(lang, bodies[lang])
        self.kiosk_entry()
        self.problems.check()
        return self.out

    def kiosk(self, lang: str, bodies: dict[str, Body]) -> None:
        """kiosk/LANG.html: the museum's screen (site/static/js/kiosk.js): every hand of the lessons,
        in the lessons' order, each titled by the lesson that shows it."""
        t = STRINGS[lang]
        hands: list[dict[str, Any]] = []
        for page in self.inputs.pages[lang]:
            for name in bodies[page.slug].demos:
                if name not in (h["name"] for h in hands):
                    hand = self.inputs.hands[name]
                    hands.append({"name": name, "title": page.title, "trace": hand.localized(lang), "setup": hand.setup(lang)})
        context = self.common(lang, "../", t["kiosk_title"])
        context.update(
            hands=hands,
            catalogue=self.catalogues[lang],
            source_paragraphs={p["id"]: {"ru": p["ru"], "en": p["en"]} for p in self.inputs.text.paragraphs()},
            runtime_files=" ".join(f"../{self.runtime}{name}" for name in self.inputs.pyodide),
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
        context["paragraphs"] = [{**p, "link_label": t["para_link"].format(pid=p["id"]), "lessons": citing[p["id"]]}
                                 for p in self.inputs.text.paragraphs()]
        html = self.env.get_template("text.html").render(context)
        self.emit(f"{lang}/text.html", self.templates / "text.html", html)

    def lesson(self, page: Page, index: int, body: Body) -> None:
        t = STRINGS[page.lang]
        lessons = self.inputs.pages[page.lang]

        def link(other: Page | None) -> dict[str, str] | None:
            return None if other is None else {"url": other.url, "title": other.title}

        context = self.common(page.lang, "../", page.title)
        context["nav"] = self.nav(page.lang, "lesson", page.url)
        context.update(
            lesson={"title": page.title, "summary": page.summary,
                    "label": t["lesson_n"].format(n=index + 1, total=len(lessons))},
            body=body.html, toc=body.toc if len(body.toc) >= 3 else [],
            previous=link(lessons[index - 1] if index > 0 else None),
            next=link(lessons[index + 1] if index + 1 < len(lessons) else None),
            source_paragraphs={p["id"]: {"ru": p["ru"], "en": p["en"]} for p in self.inputs.text.paragraphs()}
            if body.demos else None,
            catalogue=self.catalogues[page.lang] if body.demos else None,
        )
        template = self.env.get_template("lesson.html")
        html = template.render(context)
        listed = True
        if body.demos and len(gzipped(html.encode("utf-8"))) + self.asset_sent >= self.inputs.budget:
            # Too heavy with every step written out: leave the lists for the script to fill.
            quiet = Problems()
            context["body"] = render_body(page, self.inputs, self.env, quiet, False, []).html
            html = template.render(context)
            listed = False
        self.emit(f"{page.lang}/{page.url}", page.path, html, lesson=True, listed=listed)


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
    return rendered
