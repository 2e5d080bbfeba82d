"""Narration: each event as a sentence in English or Russian, citing its paragraph.

The lessons, the demo and the command line all tell the game with these sentences.
"""

from __future__ import annotations

from typing import Any, Callable

from .cards import Card
from .events import Event

RANK_NAMES = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
           11: "jack", 12: "queen", 13: "king", 14: "ace"},
    "ru": {2: "двойка", 3: "тройка", 4: "четвёрка", 5: "пятёрка", 6: "шестёрка", 7: "семёрка", 8: "восьмёрка",
           9: "девятка", 10: "десятка", 11: "валет", 12: "дама", 13: "король", 14: "туз"},
}
SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ru": {"S": "пик", "H": "червей", "D": "бубен", "C": "треф"},  # genitive, as in «дама пик»
}
_RU_ACCUSATIVE = {11: "валета", 12: "даму", 13: "короля", 14: "туза"}
LANGS = ("en", "ru")


def card_name(card: Card | str, lang: str = "en", accusative: bool = False) -> str:
    """`QS` -> "queen of spades" / «дама пик»: the text name of every card the views draw.

    In Russian a card taken or covered is in the accusative: «забирает даму пик и туза треф»
    (jack, king and ace are animate, as card players say them)."""
    if isinstance(card, str):
        card = Card.parse(card)
    rank, suit = RANK_NAMES[lang][card.rank], SUIT_NAMES[lang][card.suit]
    if lang == "en":
        return f"{rank} of {suit}"
    if accusative:
        rank = _RU_ACCUSATIVE.get(card.rank) or rank[:-1] + "у"  # двойка -> двойку ... десятка -> десятку
    return f"{rank} {suit}"


def cards_text(cards: list[Any], lang: str, accusative: bool = False) -> str:
    names = [card_name(c, lang, accusative) for c in cards]
    if len(names) <= 1:
        return "".join(names) or ("no cards" if lang == "en" else "ничего")
    joiner = " and " if lang == "en" else " и "
    return ", ".join(names[:-1]) + joiner + names[-1]


def _ru_plural(n: int, one: str, few: str, many: str) -> str:
    """Russian number agreement: 1 фишка, 2 фишки, 5 фишек, 11 фишек, 21 фишка."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} {one}"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} {few}"
    return f"{n} {many}"


def chips(n: int, lang: str) -> str:
    if lang == "en":
        return f"{n} chip" if n == 1 else f"{n} chips"
    return _ru_plural(n, "фишка", "фишки", "фишек")


def count_cards(n: int, lang: str) -> str:
    if lang == "en":
        return f"{n} card" if n == 1 else f"{n} cards"
    return _ru_plural(n, "карту", "карты", "карт")


def _ordinal(n: int, lang: str) -> str:
    if lang == "en":
        return {1: "first", 2: "second", 3: "third", 4: "fourth"}[n]
    return {1: "первую", 2: "вторую", 3: "третью", 4: "четвёртую"}[n]


def _game_start(d: dict[str, Any], lang: str) -> str:
    seats = ", ".join(d["seats"])
    pool = d["pool"]
    if lang == "en":
        text = f"{d['banker']} is the banker and {d['dealer']} the dealer, each with a deck of 52; the players are {seats}."
        return text + (f" The pool carried in holds {chips(pool, lang)}." if pool else "")
    text = f"{d['banker']} — банкир, {d['dealer']} — сдающий, у каждого колода в 52 листа; играют {seats}."
    return text + (f" В банке с прошлого кона {chips(pool, lang)}." if pool else "")


def _lay(d: dict[str, Any], lang: str) -> str:
    if lang == "en":
        return f"Round {d['round']}: the banker takes four cards from his deck and lays them face down."
    return f"Круг {d['round']}: банкир вынимает из своей колоды четыре карты и кладёт их рубашкой вверх."


def _pay(d: dict[str, Any], lang: str) -> str:
    payments = d["payments"]
    amounts = set(payments.values())
    if lang == "en":
        each = (f"Each player pays {chips(amounts.pop(), lang)}" if len(amounts) == 1 else
                "The players pay " + ", ".join(f"{p} {n}" for p, n in payments.items()))
        return f"{each}; {chips(d['pool'], lang)} are now on the table to be staked."
    each = (f"Каждый игрок вносит {chips(amounts.pop(), lang)}" if len(amounts) == 1 else
            "Игроки вносят: " + ", ".join(f"{p} — {n}" for p, n in payments.items()))
    return f"{each}; на столе {chips(d['pool'], lang)} для ставок."


def _spread(d: dict[str, Any], lang: str) -> str:
    stakes = " + ".join(str(s) for s in d["stakes"])
    if lang == "en":
        how = {"even": "as evenly as he can", "random": "at random", "chosen": "as he chooses"}[d["how"]]
        return f"The banker spreads the sum over the four cards {how}: {stakes}, something on every card."
    how = {"even": "как можно ровнее", "random": "наугад", "chosen": "по своему выбору"}[d["how"]]
    return f"Банкир распределяет сумму по четырём картам {how}: {stakes}, на каждую что-нибудь."


def _deal(d: dict[str, Any], lang: str) -> str:
    hands = d["hands"]
    if lang == "en":
        lead = "The dealer deals three cards to each player" if not d["short"] else \
            "The dealer's deck is nearly out: he deals what is left in the usual order"
        return lead + ": " + "; ".join(f"{p} {cards_text(h, lang)}" for p, h in hands.items() if h) + "."
    lead = "Сдающий сдаёт каждому игроку по три карты" if not d["short"] else \
        "Колода сдающего на исходе: он сдаёт оставшееся в обычном порядке"
    return lead + ": " + "; ".join(f"{p} — {cards_text(h, lang)}" for p, h in hands.items() if h) + "."


def _reveal(d: dict[str, Any], lang: str) -> str:
    card, stake, who = card_name(d["card"], lang), chips(d["stake"], lang), d["winner"]
    nth = _ordinal(d["position"], lang)
    if lang == "en":
        head = f"The banker turns up the {nth} card, the {card}, with {stake} on it: "
        if who:
            return head + f"{who} holds the same card and takes the whole stake."
        rest = "the stake stays in the pool for the next four" if d["to"] == "pool" else "the banker keeps the stake"
        return head + f"nobody holds it, so {rest}."
    head = f"Банкир вскрывает {nth} карту — {card}, на ней {stake}: "
    if who:
        return head + f"у игрока {who} та же карта, он получает всю сумму."
    rest = "ставка остаётся на следующую четвёрку" if d["to"] == "pool" else "ставку забирает банкир"
    return head + f"ни у кого её нет, {rest}."


def _discard(d: dict[str, Any], lang: str) -> str:
    won = d["winning"]
    if lang == "en":
        text = "The banker discards the four open cards"
        if won:
            text += "; " + "; ".join(f"{p} discards the winning {cards_text(c, lang)}" for p, c in won.items())
        return text + "."
    text = "Банкир сбрасывает открытые карты"
    if won:
        text += "; " + "; ".join(f"{p} сбрасывает выигравшую карту: {cards_text(c, lang)}" for p, c in won.items())
    return text + "."


def _lay_aside(d: dict[str, Any], lang: str) -> str:
    counts = {p: len(c) for p, c in d["cards"].items() if c}
    if lang == "en":
        return ("The cards that won nothing go face down onto each player's own pile: "
                + ", ".join(f"{p} {count_cards(n, lang)}" for p, n in counts.items()) + ".") if counts else \
            "Nobody has a card left to lay aside."
    return ("Карты, ничего не выигравшие, каждый откладывает в свою колоду: "
            + ", ".join(f"{p} — {count_cards(n, lang)}" for p, n in counts.items()) + ".") if counts else \
        "Откладывать некому."


def _lottery_end(d: dict[str, Any], lang: str) -> str:
    rounds = d["rounds"]
    if lang == "en":
        whose = "banker's" if d["deck"] == "banker" else "dealer's"
        return (f"After {rounds} round{'s' if rounds != 1 else ''} the {whose} deck cannot start another, so the lottery is over "
                f"(banker's deck {d['banker_left']} left, dealer's {d['dealer_left']}); the laid-aside cards will be played off.")
    whose = "банкира" if d["deck"] == "banker" else "сдающего"
    return (f"После {rounds}-го круга колоды {whose} не хватает на новый, лотерея окончена "
            f"(у банкира осталось {d['banker_left']}, у сдающего {d['dealer_left']}); разыгрываются отложенные карты.")


def _playoff_start(d: dict[str, Any], lang: str) -> str:
    leader, out, reason = d["leader"], d["sitting_out"], d["not_played"]
    if lang == "en":
        way = "by beating" if d["way"] == "beating" else "by tricks"
        if reason == "too_few":
            return f"The play-off {way} cannot be played: fewer than two players hold cards, so they are fined as they stand."
        if reason == "empty_hand":
            return f"{', '.join(out)} laid nothing aside, so the play-off {way} is over before it starts."
        who = f"{leader} took the last prize and leads" if d["last_winner"] == leader else \
            (f"{leader} leads (nobody won a prize)" if d["last_winner"] is None else
             f"{d['last_winner']} took the last prize but has no cards, so {leader}, next on the left, leads")
        sit = f" {', '.join(out)} sit out with no cards." if out else ""
        return f"The play-off {way} begins: each player's laid-aside pile becomes that player's hand. {who}.{sit}"
    way = "с отбоем" if d["way"] == "beating" else "на взятки"
    if reason == "too_few":
        return f"Розыгрыш {way} не состоится: карты остались меньше чем у двух игроков, они платят штраф за то, что на руках."
    if reason == "empty_hand":
        return f"У игрока {', '.join(out)} нет отложенных карт, и розыгрыш {way} окончен, не начавшись."
    who = f"Первым ходит {leader}: последний выигрыш — за этим игроком" if d["last_winner"] == leader else \
        (f"Первым ходит {leader} (выигрышей не было)" if d["last_winner"] is None else
         f"Последний выигрыш — за игроком {d['last_winner']}, но карт не осталось; ходит сидящий слева, {leader}")
    sit = f" {', '.join(out)} без карт и не играет." if out else ""
    return f"Начинается розыгрыш {way}: отложенная колода каждого — его карты на руках. {who}.{sit}"


def _lead(d: dict[str, Any], lang: str) -> str:
    if lang == "en":
        return f"{d['who']} leads the {cards_text(d['cards'], lang)} to {d['to']}, next on the left, who must beat."
    return f"{d['who']} ходит под {d['to']}: {cards_text(d['cards'], lang)}; сидящий слева обязан отбиться."


def _beat(d: dict[str, Any], lang: str) -> str:
    covers = d["covers"]
    if lang == "en":
        pairs = "; ".join(f"the {card_name(l, lang)} with the {card_name(c, lang)}" for l, c in covers)
        return f"{d['who']} beats {pairs}. The cards are discarded, and {d['who']} leads next, to the left."
    pairs = "; ".join(f"{card_name(l, lang)} — {card_name(c, lang)}" for l, c in covers)
    return f"{d['who']} отбивается: {pairs}. Карты сбрасываются, и {d['who']} ходит под соседа слева."


def _take(d: dict[str, Any], lang: str) -> str:
    covers = d["covers"]
    if lang == "en":
        part = (f"{d['who']} covers the {card_name(covers[0][0], lang)} with the {card_name(covers[0][1], lang)} "
                f"but cannot beat the rest: ") if covers else f"{d['who']} cannot beat: "
        return part + f"the {cards_text(d['cards'], lang)} go onto {d['who']}'s separate pile, and the turn passes on."
    part = (f"{d['who']} кроет {card_name(covers[0][0], lang, accusative=True)} — {card_name(covers[0][1], lang)}, "
            f"но остальное отбить не может; ") if covers else f"{d['who']} не может отбиться: "
    return part + f"забирает {cards_text(d['cards'], lang, accusative=True)} в отдельную колоду и пропускает ход."


def _play(d: dict[str, Any], lang: str) -> str:
    card = card_name(d["card"], lang)
    if lang == "en":
        return f"{d['who']} leads the {card}." if d["lead"] else f"{d['who']} plays the {card}."
    return f"{d['who']} ходит: {card}." if d["lead"] else f"{d['who']} кладёт: {card}."


def _trick(d: dict[str, Any], lang: str) -> str:
    if lang == "en":
        return f"{d['who']} has the highest card of the led suit: the trick goes aside to {d['who']}, who leads next."
    return f"Старшая карта выхоженной масти у игрока {d['who']}: взятка откладывается, и {d['who']} ходит следующим."


def _trick_abandoned(d: dict[str, Any], lang: str) -> str:
    if lang == "en":
        return f"That was {d['who']}'s last card: play stops at once and the unfinished trick is discarded."
    return f"Это последняя карта игрока {d['who']}: игра тут же кончается, неоконченная взятка сбрасывается."


def _playoff_end(d: dict[str, Any], lang: str) -> str:
    out = ", ".join(d["out"])
    if lang == "en":
        has = "has" if len(d["out"]) == 1 else "have"
        return f"{out} {has} no cards left: the play-off is over, and whoever still holds cards pays."
    return f"У игрока {out} кончились карты: розыгрыш окончен, у кого остались карты, тот платит."


def _fine(d: dict[str, Any], lang: str) -> str:
    who, amount = d["who"], chips(d["amount"], lang)
    if "by_suit" in d:
        if lang == "en":
            named = [f"{n} {SUIT_NAMES[lang][s] if n > 1 else SUIT_NAMES[lang][s][:-1]}" for s, n in d["by_suit"].items()]
            parts = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
            once = " (once for each suit held)" if d.get("basis") == "per_suit" else ""
            return f"{who} still holds {parts} and pays {amount} into the kitty by suit{once}."
        parts = ", ".join(f"{SUIT_NAMES[lang][s]} — {n}" for s, n in d["by_suit"].items())
        once = " (по разу за каждую масть)" if d.get("basis") == "per_suit" else ""
        return f"У игрока {who} остались карты ({parts}): в копилку по мастям идёт {amount}{once}."
    hand, penalty = d["hand"], d["penalty"]
    if lang == "en":
        why = " and ".join(x for x in (f"{count_cards(hand, lang)} in hand" if hand else "",
                                        f"{count_cards(penalty, lang)} not beaten" if penalty else "") if x)
        return f"{who} pays a fine of {amount} for {why}; it goes to the next game's pool."
    why = " и ".join(x for x in (f"{count_cards(hand, lang)} на руках" if hand else "",
                                  f"{count_cards(penalty, lang)}, не отбитые при розыгрыше" if penalty else "") if x)
    return f"{who} платит штраф {amount} за {why}; штраф поступает на розыгрыш в следующий кон."


def _game_end(d: dict[str, Any], lang: str) -> str:
    nets = ", ".join(f"{p} {n:+d}" for p, n in d["nets"].items())
    if lang == "en":
        banker = f", banker {d['banker_net']:+d}" if d["banker_net"] else ""
        goes = "goes" if d["pool"] == 1 else "go"
        return f"The game is over: {nets}{banker}. {chips(d['pool'], lang).capitalize()} {goes} to the next game's pool."
    banker = f", банкир {d['banker_net']:+d}" if d["banker_net"] else ""
    return f"Кон окончен: {nets}{banker}. В следующий кон переходит {chips(d['pool'], lang)}."


_SENTENCES: dict[str, Callable[[dict[str, Any], str], str]] = {
    "game_start": _game_start, "lay": _lay, "pay": _pay, "spread": _spread, "deal": _deal, "reveal": _reveal,
    "discard": _discard, "lay_aside": _lay_aside, "lottery_end": _lottery_end, "playoff_start": _playoff_start,
    "lead": _lead, "beat": _beat, "take": _take, "play": _play, "trick": _trick, "trick_abandoned": _trick_abandoned,
    "playoff_end": _playoff_end, "fine": _fine, "game_end": _game_end,
}


def narrate(event: Event, lang: str = "en", cite: bool = True) -> str:
    """One sentence for the event, ending with the paragraph ids it applies, e.g. "(p5)"."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    sentence = _SENTENCES[event.kind](event.to_json(), lang)
    return sentence + (f" ({', '.join(event.rules)})" if cite else "")
