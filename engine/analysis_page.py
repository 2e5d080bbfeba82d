"""An analysed decision as a page shows it ("What each move was worth"), in one language: the build
embeds it beside a recorded hand's trace, and the live engine answers with it (live.py `analyse`),
so the page reads one shape and words nothing itself.

    {decision, who, mode, exact, samples, recorded,
     moves: [{move, text, short, value, net, cost, rank, played, interval?}],   best first
     about, assumption, reasons: [the recorded move's sentence, then the best move's if it is another]}

`value` is the number (the deciding player's final net, analysis.py); `net` and `cost` are it and
its cost against the best as the language writes them (words.signed / number: a true minus, no
sign on zero); `interval` (known mode) the 95% interval's ends, written the same way; `played`
marks the move made in the hand. `about` says what the figures are; `assumption` the mode's
assumption and whether the values are exact or an estimate (docs/rules.md, "Analysis").
"""

from __future__ import annotations

from typing import Any, Sequence

from .actions import parse_action
from .analysis import Analysis
from .narration import move_reason
from .words import move_text, name_in, number, signed


def for_page(analysis: Analysis, seats: Sequence[str], recorded: str, lang: str) -> dict[str, Any]:
    """The analysis of a decision whose move in the hand was `recorded` (notation), for a page in `lang`."""
    who = seats[analysis.seat]
    decimals = 0 if analysis.mode == "open" else 2
    moves = []
    for move in analysis.moves:
        action = parse_action(move.move)
        shown: dict[str, Any] = {
            "move": move.move, "text": move_text(action, lang), "short": move_text(action, lang, short=True),
            "value": move.value, "net": signed(move.value, lang, decimals), "cost": number(move.cost, lang, decimals),
            "rank": move.rank, "played": move.move == recorded}
        if move.interval is not None:
            shown["interval"] = [signed(end, lang, decimals) for end in move.interval]
        moves.append(shown)
    played = [m for m in analysis.moves if m.move == recorded]
    reasons = [move_reason(m, who, seats, lang) for m in played]
    if not played or played[0].rank != 1:
        reasons.append(move_reason(analysis.best, who, seats, lang))
    return {"decision": analysis.decision, "who": who, "mode": analysis.mode, "exact": analysis.exact,
            "samples": analysis.samples, "recorded": recorded, "moves": moves,
            "about": _about(analysis, who, lang), "assumption": _assumption(analysis, who, lang), "reasons": reasons}


def _about(analysis: Analysis, who: str, lang: str) -> str:
    """What the figures are: the mover's moves, best first, each valued at his final net."""
    if len(analysis.moves) == 1:
        return (f"The rules leave {who} this one move. Its value is {who}'s final net for the game, in chips, "
                f"as play goes on from it." if lang == "en" else
                f"Правила оставляют {name_in(who, 'dat')} только этот вариант. Его цена — итог {name_in(who, 'gen')} "
                f"за кон в фишках, если игра пойдёт дальше с него.")
    return (f"The moves the rules allowed {who}, best first. A move's value is {who}'s final net for the game, "
            f"in chips, as play goes on from it; its cost, how much less it gives than the best move." if lang == "en"
            else f"Варианты, которые правила разрешали {name_in(who, 'dat')}, от лучшего к худшему. Цена варианта — итог "
                 f"{name_in(who, 'gen')} за кон в фишках, если игра пойдёт дальше с него; потеря — на сколько "
                 f"меньше, чем при лучшем варианте.")


def _assumption(analysis: Analysis, who: str, lang: str) -> str:
    """The mode's assumption, and whether the values are exact or an estimate (docs/rules.md, "Analysis")."""
    en = lang == "en"
    if analysis.mode == "open":
        mode = ("Open cards: every player knows every hand and, from this move on, plays for his own final net."
                if en else "Карты открыты: каждый игрок знает карты всех остальных и с этого момента играет на свой итог "
                           "за кон.")
        if analysis.exact:
            return mode + (" The whole rest of the game was searched: the values are exact." if en else
                           " Оставшаяся игра перебрана до конца: цены точные.")
        return mode + (" The rest of the game is too long to search to its end, so the values are an estimate: the "
                       "search looks as many moves ahead as its budget allows, and the computer players finish the "
                       "game from there." if en else
                       " Оставшаяся игра слишком длинная, чтобы перебрать её до конца, поэтому цены — оценка: "
                       "расчёт заглядывает вперёд настолько, насколько хватает его запаса, а дальше игру "
                       "доигрывают игроки-компьютеры.")
    deals = number(analysis.samples, lang)
    return (f"As {who} knows the game: {who}'s own cards, every card played and how many cards each player holds. "
            f"The cards {who} cannot see were dealt again at random ({deals} deals), and each value is the mean "
            f"over the deals, with its 95% interval." if en else
            f"Так, как игру знает {who}: свои карты, все сыгранные карты и сколько карт у каждого. Карты, которых "
            f"не видно, сданы заново наугад (раздач: {deals}), и цена варианта — среднее по раздачам, с 95-процентным "
            f"интервалом.")
