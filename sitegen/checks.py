"""What every rendered page must satisfy, checked before anything is written.

The pages carry a strict Content-Security-Policy, so an inline script, an inline style or an
event handler would be blocked in the browser. Lesson Markdown can bring them in (raw HTML,
or `{: style="..."}` through attr_list): the build refuses them instead.
"""

from __future__ import annotations

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


def page_problems(html: str) -> list[tuple[str, str]]:
    """What is wrong with a rendered page (empty when it is fine), each with a regex that finds
    its cause in the page's source."""
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
