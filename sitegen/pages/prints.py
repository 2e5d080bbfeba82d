"""Each annotated hand's print view, {lang}/hands/NAME-print.html, linked from the hand's page: drawn
here, at build time, from the engine's trace (site/templates/print.html, site/static/css/print.css,
no script; the cards drawn as the demo draws them, sitegen/cards.py): the table and the settings, the first deal, the decisions, every step with its note,
and at each annotated step the table as it then stood, laid out for A4. No link in the header: it
is one of the hands' pages."""

from __future__ import annotations

from typing import Any

from engine.cards import Card
from engine.options import OPTION
from engine.words import count, number, paragraphs, signed
from markupsafe import Markup

from ..cards import card_markup, sprite
from ..i18n import DEMO_STRINGS
from ..render import PageType, Site
from ..sources import LANGS

PRINT_CSS = "css/print.css"

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "print_link": "Print this hand",
        "print_title": "for printing",
        "print_how": "Print it with your browser’s Print command (Ctrl+P): the page is laid out for A4 paper.",
        "print_back": "Back to the hand",
        "print_setup": "The table and the settings",
        "print_players": "Players",
        "print_banker": "Banker",
        "print_dealer": "Dealer",
        "print_seed": "Seed (the shuffle)",
        "print_pool_in": "Chips on the table from the last game",
        "print_readings": "Readings other than the defaults",
        "print_defaults": "Every open question of the text is read as by default.",
        "print_rules": "Paragraphs applied",
        "print_deal": "The first deal",
        "print_moves": "The decisions",
        "print_steps": "Step by step",
        "print_table_after": "The table after step {n}",
        "print_player": "Player",
        "print_decks": "Cards left in the decks: the banker’s {banker}, the dealer’s {dealer}.",
        "print_empty": "—",
    },
    "ru": {
        "print_link": "Распечатать партию",
        "print_title": "для печати",
        "print_how": "Печатайте командой браузера «Печать» (Ctrl+P): страница свёрстана для листа A4.",
        "print_back": "Вернуться к партии",
        "print_setup": "Стол и настройки",
        "print_players": "Игроки",
        "print_banker": "Банкир",
        "print_dealer": "Сдающий",
        "print_seed": "Начальное число (тасовка)",
        "print_pool_in": "Фишки на столе с прошлого кона",
        "print_readings": "Прочтения, отличные от принятых по умолчанию",
        "print_defaults": "Все неясные места текста прочитаны так, как принято по умолчанию.",
        "print_rules": "Применяемые абзацы",
        "print_deal": "Первая сдача",
        "print_moves": "Решения",
        "print_steps": "По шагам",
        "print_table_after": "Стол после шага {n}",
        "print_player": "Игрок",
        "print_decks": "Осталось в колодах: у банкира {banker}, у сдающего {dealer}.",
        "print_empty": "—",
    },
}


def print_url(name: str) -> str:
    """The print view's file name, beside the hand's page in {lang}/hands/."""
    return f"{name}-print.html"


def print_link(lang: str, name: str) -> dict[str, str]:
    """What a hand's page says to reach its print view."""
    return {"href": print_url(name), "label": STRINGS[lang]["print_link"]}


def render(site: Site) -> None:
    for lang in LANGS:
        for name in site.inputs.hands:
            print_page(site, lang, name)


class _Cards:
    """The cards of one print view, each drawn from the page's sprite, which holds those it used."""

    def __init__(self, catalogue: dict[str, Any]) -> None:
        self.catalogue = catalogue
        self.used: set[str] = set()

    def card(self, code: str | None) -> Markup:
        """A card; None: face down."""
        if code is not None:
            self.used.add(str(Card.parse(code)))
        return Markup(card_markup(code, self.catalogue))

    def cards(self, codes: list[str]) -> list[Markup]:
        return [self.card(code) for code in codes]

    def sprite(self) -> Markup:
        return Markup(sprite(self.used, self.catalogue))


def _outcomes(page_steps: list[dict[str, Any]]) -> list[list[dict[str, str] | None]]:
    """What had become of each of the banker's four at each step: the page trace's `outcomes`
    (engine.trace.for_page reads them from the reveals and words them, as the demo's table shows
    them), which it sends only on the steps where they change."""
    found: list[list[dict[str, str] | None]] = []
    for step in page_steps:
        found.append(step["state"].get("outcomes", found[-1] if found else [None] * 4))
    return found


def _table_at(state: dict[str, Any], outcomes: list[dict[str, str] | None], seats: list[str],
              lang: str, drawn: _Cards) -> dict[str, Any]:
    """The table after a step (the engine's whole state of it), as the print view draws it."""
    s = DEMO_STRINGS[lang]
    row = []
    for i, (code, fate) in enumerate(zip(state["row"], outcomes)):
        row.append({"card": drawn.card(code if i < state["up"] else None),
                    "stake": s["stake_on"].format(chips=count(state["stakes"][i], "chip", lang)) if state["stakes"][i] else "",
                    "fate": fate["text"] if fate else ""})
    players = []
    for i, name in enumerate(seats):
        players.append({"name": name, "hand": drawn.cards(state["hands"][i]), "aside": drawn.cards(state["aside"][i]),
                        "penalty": drawn.cards(state["penalty"][i]), "tricks": number(state["tricks"][i], lang),
                        "net": signed(state["nets"][i], lang), "active": state["active"][i], "to_act": state["to_act"] == i})
    return {"row": row, "players": players, "table": [{"who": seats[who], "card": drawn.card(code)}
                                                       for who, code in state["table"]],
            "pool": number(state["pool"], lang), "prize": number(state["prize"], lang), "kitty": number(state["kitty"], lang),
            "decks_text": STRINGS[lang]["print_decks"].format(banker=count(state["decks"][0], "card", lang),
                                                              dealer=count(state["decks"][1], "card", lang))}


def print_page(site: Site, lang: str, name: str) -> None:
    """{lang}/hands/NAME-print.html: the hand on paper (see the module's doc)."""
    t = site.strings[lang]
    w = STRINGS[lang]
    hand = site.inputs.hands[name]
    full = hand.traces[lang]      # the engine's trace (engine.trace.trace): each step's whole table
    told = hand.localized(lang)   # as the page shows it: the moves in words, what became of the banker's four
    outcomes = _outcomes(told["steps"])
    seats = full["seats"]
    game = full["game"]
    about = hand.about
    title = about.title[lang] if about else t["hand_untitled"].format(name=name)
    options = {o["key"]: o for o in site.catalogues[lang]["options"]}
    changed = []
    for key, value in hand.options.items():
        info = options.get(key)
        if info is None or key not in OPTION:
            continue
        label = next((c["label"] for c in info["choices"] if c["value"] == value), str(value))
        changed.append({"label": info["label"], "value": label})
    drawn = _Cards(site.catalogues[lang])
    first_deal = next((step["state"] for step in full["steps"] if step["event"]["kind"] == "deal"), None)
    deal = None
    if first_deal is not None:
        deal = [{"name": seat, "hand": drawn.cards(first_deal["hands"][i])} for i, seat in enumerate(seats)]
    steps = []
    for i, step in enumerate(full["steps"]):
        note = step["note"][lang] if "note" in step else None
        steps.append({"n": i + 1, "text": step["text"][lang], "note": note,
                      "table": _table_at(step["state"], outcomes[i], seats, lang, drawn) if note else None})
    games = int(game.get("games") or 1)
    context = site.common(lang, "../../", f"{title} · {w['print_title']}")
    context["nav"] = site.nav(lang, "hands", f"hands/{print_url(name)}", up="../")
    context["stylesheets"] = [*context["stylesheets"], f"../../assets/{PRINT_CSS}"]
    context["main_js"] = None  # nothing to run: the page is drawn for paper
    context.update(
        w=w, s=DEMO_STRINGS[lang], terms=site.catalogues[lang]["terms"], title=title,
        purpose=about.purpose[lang] if about else None, back=f"{name}.html",
        players=seats, banker=game["table"]["banker"], dealer=game["table"]["dealer"],
        seed=game.get("seed"), pool_in=number(game["pool"], lang) if game.get("pool") else None, games=games, changed=changed,
        # The chips kept apart from the pool under fines_to and kitty (p12, p15): carried in, and at each step.
        prize_in=number(game["prize"], lang) if game.get("prize") else None,
        kitty_in=number(game["kitty"], lang) if game.get("kitty") else None,
        prize_kept=game["options"].get("fines_to") == "playoff_prize", kitty_kept=game["options"].get("kitty") == "kept_apart",
        rules=", ".join(paragraphs(pid, lang) for pid in hand.paragraphs),
        deal=deal, moves=told["moves"], steps=steps, sprite=drawn.sprite(),
        facts=", ".join([count(len(seats), "player", lang), count(len(steps), "step", lang)]),
        source=t["hand_record"].format(file=f"lessons/hands/{name}.toml"),
    )
    site.page(f"{lang}/hands/{print_url(name)}", "print.html", context)


PAGE_TYPE = PageType("prints", render, STRINGS, place=45)
