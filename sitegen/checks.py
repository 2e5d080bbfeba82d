"""What every rendered page must satisfy, checked before anything is written.

The pages carry a strict Content-Security-Policy, so an inline script, an inline style or an
event handler would be blocked in the browser. Lesson Markdown can bring them in (raw HTML,
or `{: style="..."}` through attr_list): the build refuses them instead.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
from html.parser import HTMLParser

CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")
DATA_SCRIPT_TYPES = ("application/json",)


class _Checker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[tuple[str, str]] = []  # (what is wrong, a regex finding it in the source)
        self.csp_metas = 0
        self.ids: dict[str, int] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        where = self.get_starttag_text() or f"<{tag}>"
        if tag == "style":
            self.problems.append((f"an inline <style> element (the CSP allows only style sheets): {where}", r"<style"))
        if tag == "script" and "src" not in values and (values.get("type") or "") not in DATA_SCRIPT_TYPES:
            self.problems.append((f"an inline script (the CSP allows only script files and JSON data): {where}",
                                  r"<script"))
        for name, value in attrs:
            if name == "style":
                self.problems.append((f"an inline style attribute (the CSP forbids it): {where}", r"\bstyle\s*="))
            elif name.startswith("on"):
                self.problems.append((f"an inline event handler (the CSP forbids it): {where}", rf"\b{name}\s*="))
            elif name in ("href", "src", "action") and (value or "").strip().lower().startswith("javascript:"):
                self.problems.append((f"a javascript: URL (the CSP forbids it): {where}", r"javascript:"))
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.csp_metas += 1
            if values.get("content") != CSP:
                self.problems.append((f"the Content-Security-Policy is not the site's: {where}", r"Content-Security"))
        if "id" in values and values["id"] is not None:
            self.ids[values["id"]] = self.ids.get(values["id"], 0) + 1


# The pages found clean, by their content's hash, kept in .cache/ for the next build: a page that
# has not changed is not parsed again (`keep_checked` writes them at the end of the build).
_CLEAN: set[str] | None = None
_CLEAN_NOW: set[str] = set()
_CLEAN_FILE = "checks/clean.pickle"
_RULES = hashlib.sha256(open(__file__, "rb").read()).digest()  # a change to these checks checks every page again


def _clean() -> set[str]:
    global _CLEAN
    if _CLEAN is None:
        from .cache import CACHE

        try:
            with open(CACHE / _CLEAN_FILE, "rb") as file:
                _CLEAN = set(pickle.load(file))
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError):
            _CLEAN = set()
    return _CLEAN


def keep_checked() -> None:
    """Keep this build's clean pages (and no others) for the next build."""
    from .cache import CACHE

    if _CLEAN_NOW == _clean():
        return
    target = CACHE / _CLEAN_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    with open(partial, "wb") as file:
        pickle.dump(sorted(_CLEAN_NOW | set(list(_clean())[:2000])), file)
    partial.replace(target)


def page_problems(html: str) -> list[tuple[str, str]]:
    """What is wrong with a rendered page (empty when it is fine), each with a regex that finds
    its cause in the page's source."""
    digest = hashlib.sha256(_RULES + html.encode("utf-8")).hexdigest()
    if digest in _clean():
        _CLEAN_NOW.add(digest)
        return []
    found = _problems(html)
    if not found:
        _CLEAN_NOW.add(digest)
    return found


def _problems(html: str) -> list[tuple[str, str]]:
    checker = _Checker()
    checker.feed(html)
    checker.close()
    problems = list(checker.problems)
    if checker.csp_metas != 1:
        problems.append((f"the page must carry the Content-Security-Policy meta exactly once (found "
                         f"{checker.csp_metas})", r"Content-Security"))
    twice = sorted(i for i, n in checker.ids.items() if n > 1)
    if twice:
        problems.append((f"ids used more than once: {', '.join(twice)}", "|".join(re.escape(i) for i in twice)))
    return problems
