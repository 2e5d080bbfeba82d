"""The page that writes a hand ({lang}/write.html) and each annotated hand's print view
({lang}/hands/NAME-print.html).

The writer page embeds a first game to start from (four players, the defaults, dealt and played by
the computer players) and the engine's catalogue with the writer's words; its script
(site/static/js/writer/) does the rest with the live engine (engine/writer.py). The print view is
drawn here, at build time, from the engine's trace: the deal, the moves, every step with its note,
and the table at each annotated step, laid out for A4 (site/static/css/print.css).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import limits
from engine.cards import Card
from engine.options import OPTION, Options, Table
from engine.record import Record
from engine.trace import for_page, trace
from engine.words import card_name, card_short, count, paragraphs, signed

from .i18n import DEMO_STRINGS, STRINGS, WRITER_STRINGS

if TYPE_CHECKING:
    from .render import SiteRenderer

WRITE_PAGE = "write.html"
PRINT_CSS = "css/print.css"
WRITER_CSS = "css/writer.css"
START_PLAYERS, START_SEED = 4, 1  # the game the writer page starts from
MAX_LINK_CHARS = limits.MAX_LINK_CHARS  # (the page reads it from the catalogue)


def print_url(name: str) -> str:
    """The print view's file name, beside the hand's page in {lang}/hands/."""
    return f"{name}-print.html"


def write_page(r: SiteRenderer, lang: str) -> None:
    """{lang}/write.html: play a game, note its steps, download it or share it by link, open one."""
    t = STRINGS[lang]
    told = trace(Record(Table.default(START_PLAYERS, lang), Options(), seed=START_SEED))
    page_trace = for_page(told, lang)
    setup = {**told["game"], "actions": [], "notes": []}  # a replay or a seat starts from the deal
    strings = {**DEMO_STRINGS[lang], **WRITER_STRINGS[lang]}
    context = r.common(lang, "../", t["write_title"])
    context["nav"] = r.nav(lang, "write", WRITE_PAGE)
    context["stylesheets"] = [*context["stylesheets"], f"../assets/{WRITER_CSS}"]
    context.update(
        trace=page_trace, setup=setup,
        caption=DEMO_STRINGS[lang]["demo_caption"].format(players=count(START_PLAYERS, "player", lang),
                                                          steps=count(len(page_trace["steps"]), "step", lang)),
        catalogue={**r.catalogues[lang], "strings": strings},
        source_paragraphs={p["id"]: {"ru": p["ru"], "en": p["en"]} for p in r.inputs.text.paragraphs()},
        writer_js="../assets/js/writer/main.js",
    )
    html = r.env.get_template("write.html").render(context)
    r.emit(f"{lang}/{WRITE_PAGE}", r.templates / "write.html", html)


# ---------------------------------------------------------------------------- print


def _card(code: str, lang: str) -> dict[str, Any]:
    card = Card.parse(code)
    return {"short": card_short(card, lang), "name": card_name(card, lang), "red": card.suit in "HD"}


def _cards(codes: list[str], lang: str) -> list[dict[str, Any]]:
    return [_card(code, lang) for code in codes]


def _states(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A page trace's states made whole again (for_page sends what changed since the step before)."""
    state: dict[str, Any] = {}
    out = []
    for step in steps:
        state = {**state, **step["state"]}
        out.append(state)
    return out


def _table_at(state: dict[str, Any], seats: list[str], lang: str) -> dict[str, Any]:
    """The table after a step, as the print view draws it."""
    s = DEMO_STRINGS[lang]
    row = []
    for i, code in enumerate(state["row"]):
        outcome = state["outcomes"][i] if i < len(state["outcomes"]) else None
        if outcome is None:
            fate = ""
        elif "winner" in outcome:
            fate = s["won_by"].format(who=outcome["winner"])
        else:
            fate = s["to_pool"] if outcome["to"] == "pool" else s["to_banker"]
        row.append({"card": _card(code, lang) if i < state["up"] else None,
                    "stake": s["stake_on"].format(chips=count(state["stakes"][i], "chip", lang)) if state["stakes"][i] else "",
                    "fate": fate})
    players = []
    for i, name in enumerate(seats):
        players.append({"name": name, "hand": _cards(state["hands"][i], lang), "aside": _cards(state["aside"][i], lang),
                        "penalty": _cards(state["penalty"][i], lang), "tricks": state["tricks"][i],
                        "net": signed(state["nets"][i], lang), "active": state["active"][i], "to_act": state["to_act"] == i})
    return {"row": row, "players": players, "table": [{"who": seats[who], "card": _card(code, lang)}
                                                       for who, code in state["table"]],
            "pool": state["pool"], "prize": state["prize"], "kitty": state["kitty"], "banker_net": state["banker_net"],
            "decks_text": WRITER_STRINGS[lang]["print_decks"].format(banker=count(state["decks"][0], "card", lang),
                                                                     dealer=count(state["decks"][1], "card", lang))}


def print_page(r: SiteRenderer, lang: str, name: str) -> None:
    """{lang}/hands/NAME-print.html: the hand on paper (see the module's doc)."""
    t = STRINGS[lang]
    w = WRITER_STRINGS[lang]
    hand = r.inputs.hands[name]
    told = hand.localized(lang)
    full = hand.traces[lang]
    states = _states(told["steps"])
    seats = told["seats"]
    game = told["game"]
    about = hand.about
    title = about.title[lang] if about else t["hand_untitled"].format(name=name)
    options = {o["key"]: o for o in r.catalogues[lang]["options"]}
    changed = []
    for key, value in hand.options.items():
        info = options.get(key)
        if info is None or key not in OPTION:
            continue
        label = next((c["label"] for c in info["choices"] if c["value"] == value), str(value))
        changed.append({"label": info["label"], "value": label})
    first_deal = next((i for i, step in enumerate(told["steps"]) if step["event"]["kind"] == "deal"), None)
    deal = None
    if first_deal is not None:
        state = states[first_deal]
        deal = [{"name": seat, "hand": _cards(state["hands"][i], lang)} for i, seat in enumerate(seats)]
    steps = []
    for i, step in enumerate(told["steps"]):
        note = step.get("note")
        steps.append({"n": i + 1, "text": step["text"], "note": note,
                      "table": _table_at(states[i], seats, lang) if note else None})
    games = int(full["game"].get("games") or 1)
    context = r.common(lang, "../../", f"{title} · {w['print_title']}")
    context["nav"] = r.nav(lang, "hands", f"hands/{print_url(name)}", up="../")
    context["stylesheets"] = [*context["stylesheets"], f"../../assets/{PRINT_CSS}"]
    context["main_js"] = None  # nothing to run: the page is drawn for paper
    context.update(
        w=w, s=DEMO_STRINGS[lang], terms=r.catalogues[lang]["terms"], title=title,
        purpose=about.purpose[lang] if about else None, back=f"{name}.html",
        players=seats, banker=game["table"]["banker"], dealer=game["table"]["dealer"],
        seed=game.get("seed"), pool_in=game.get("pool") or 0, games=games, changed=changed,
        # The chips kept apart from the pool under fines_to and kitty (p12, p15): carried in, and at each step.
        prize_in=game.get("prize") or 0, kitty_in=game.get("kitty") or 0,
        prize_kept=game["options"].get("fines_to") == "playoff_prize", kitty_kept=game["options"].get("kitty") == "kept_apart",
        rules=", ".join(paragraphs(pid, lang) for pid in hand.paragraphs),
        deal=deal, moves=told["moves"], steps=steps,
        facts=", ".join([count(len(seats), "player", lang), count(len(steps), "step", lang)]),
        source=t["hand_record"].format(file=f"lessons/hands/{name}.toml"),
    )
    html = r.env.get_template("print.html").render(context)
    r.emit(f"{lang}/hands/{print_url(name)}", r.templates / "print.html", html)


def print_link(lang: str, name: str) -> dict[str, str]:
    """What a hand's page says to reach its print view."""
    return {"href": print_url(name), "label": WRITER_STRINGS[lang]["print_link"]}
