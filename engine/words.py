"""The game's words in English and Russian: card, rank and suit names in the cases the sentences
need, counted nouns with their plural forms, lists, and the names of moves.

Narration, refusals, the command line and the site's interface all take their words from here;
the site receives them through the catalogue (catalogue.py), never from a copy of its own.

Russian plural forms follow the CLDR categories (`one`, `few`, `many`, and `other` for fractions),
the same categories the browser's `Intl.PluralRules` gives, so the page picks a form without a rule
of its own.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Iterable, Literal

from .actions import Action, Beat, Lead, Play, Stake, Take
from .cards import Card

LANGS = ("en", "ru")
Case = Literal["nom", "acc", "gen", "ins"]
CASES: tuple[Case, ...] = ("nom", "acc", "gen", "ins")

# Russian rank names by case. Jack, king and ace are animate (as card players say them): «бьёт
# валета», «забирает туза». The suit follows in the genitive plural whatever the case: «дама пик»,
# «даму пик», «дамой пик».
_RU_RANKS: dict[int, dict[Case, str]] = {
    11: {"nom": "валет", "acc": "валета", "gen": "валета", "ins": "валетом"},
    12: {"nom": "дама", "acc": "даму", "gen": "дамы", "ins": "дамой"},
    13: {"nom": "король", "acc": "короля", "gen": "короля", "ins": "королём"},
    14: {"nom": "туз", "acc": "туза", "gen": "туза", "ins": "тузом"},
}
for _rank, _stem in {2: "двой", 3: "трой", 4: "четвёр", 5: "пятёр", 6: "шестёр", 7: "семёр", 8: "восьмёр",
                     9: "девят", 10: "десят"}.items():
    _RU_RANKS[_rank] = {"nom": _stem + "ка", "acc": _stem + "ку", "gen": _stem + "ки", "ins": _stem + "кой"}

RANK_NAMES: dict[str, dict[int, str]] = {
    "en": {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
           11: "jack", 12: "queen", 13: "king", 14: "ace"},
    "ru": {rank: forms["nom"] for rank, forms in _RU_RANKS.items()},
}
SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ru": {"S": "пик", "H": "червей", "D": "бубен", "C": "треф"},  # genitive plural, as in «дама пик»
}
# The suit as a word of its own («пики», «черви»): the suit fines and the headings of a hand.
SUIT_WORDS = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "ru": {"S": "пики", "H": "черви", "D": "бубны", "C": "трефы"},
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The index printed in a card's corner, and the mark beside its suit's shape (so that suits can
# be told apart without colour). Russian cards mark jack, queen, king, ace В Д К Т. A single
# Russian suit letter would repeat a rank's letter on one card (Т трефы on the ace of clubs, К
# крести on the king of clubs), so the Russian suit mark is two lower-case letters, which no rank
# index is: пк, чр, бб, тр. (Typed moves accept them, and the one-letter П Ч Б Т: cards.py.)
RANK_INDEX = {
    "en": {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"},
    "ru": {10: "10", 11: "В", 12: "Д", 13: "К", 14: "Т"},
}
SUIT_LETTERS = {
    "en": {"S": "S", "H": "H", "D": "D", "C": "C"},
    "ru": {"S": "пк", "H": "чр", "D": "бб", "C": "тр"},
}


def card_name(card: Card | str, lang: str = "en", case: Case = "nom") -> str:
    """`QS` -> "queen of spades" / «дама пик» («даму пик», «дамы пик», «дамой пик» by case)."""
    if isinstance(card, str):
        card = Card.parse(card)
    if lang == "en":
        return f"{RANK_NAMES['en'][card.rank]} of {SUIT_NAMES['en'][card.suit]}"
    return f"{_RU_RANKS[card.rank][case]} {SUIT_NAMES['ru'][card.suit]}"


def card_short(card: Card | str, lang: str = "en") -> str:
    """`QS` -> "Q♠" / «Д♠»: the short form of move lists."""
    if isinstance(card, str):
        card = Card.parse(card)
    return RANK_INDEX[lang].get(card.rank, str(card.rank)) + SUIT_SYMBOLS[card.suit]


def list_text(items: Iterable[str], lang: str) -> str:
    """"a, b and c" / «a, b и c»."""
    names = list(items)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + (" and " if lang == "en" else " и ") + names[-1]


def cards_text(cards: Iterable[Card | str], lang: str, case: Case = "nom") -> str:
    names = [card_name(c, lang, case) for c in cards]
    return list_text(names, lang) or ("no cards" if lang == "en" else "ничего")


PARAGRAPH_IDS = tuple(f"p{n}" for n in range(16))  # the text's paragraphs, p0..p15


def paragraphs(ids: str | Iterable[str], lang: str) -> str:
    """Paragraph ids as each language cites them: "p5, p4" in English, «§5, §4» in Russian (the
    ids themselves, p0–p15, stay the data's and the links')."""
    items = [p.strip() for p in ids.split(",")] if isinstance(ids, str) else list(ids)
    if lang == "ru":
        items = ["§" + p[1:] if p[:1] == "p" and p[1:].isdigit() else p for p in items]
    return ", ".join(items)


# ---------------------------------------------------------------------------- numbers
#
# Every number the course writes (the narration, the tables and charts, the prose's figures) is
# written here; the page writes the counts and axis labels it makes itself with the same rules
# (site/static/js/lib/catalogue.js `number`, checked against these by tests/site/test_numbers.py).

MINUS = "\N{MINUS SIGN}"          # the true minus sign of print, never the hyphen
_POINT = {"en": ".", "ru": ","}   # «−1,25»: Russian writes a decimal comma
_GROUP = {"en": ",", "ru": "\N{NO-BREAK SPACE}"}
_UNGROUPED = {"en": 3, "ru": 4}   # the most digits left unseparated: "1,000" but «1000», «10 000»


def _exact(value: float) -> Decimal:
    """The figure as it is printed (Python's repr, JavaScript's String: the shortest decimal that
    reads back as the same float), so that a figure is rounded as a reader of the printed figure
    rounds it, and the same way in CPython, Pyodide and the browser: 2.675 is 2.675, not the
    2.67499999… the float holds."""
    return Decimal(value) if isinstance(value, int) else Decimal(repr(float(value)))


def _written(exact: Decimal, lang: str, decimals: int | None, sign: bool) -> str:
    if decimals is None:  # a whole figure as it is, any other with two decimals
        decimals = 0 if exact == exact.to_integral_value() else 2
    # One rounding rule: halves away from zero (0.125 -> 0.13, 0.135 -> 0.14, −0.125 -> −0.13), as
    # people round a printed figure; round() would round the float's binary value half to even.
    rounded = abs(exact).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    whole, _, fraction = f"{rounded:f}".partition(".")
    if len(whole) > _UNGROUPED[lang]:
        whole = f"{int(whole):,}".replace(",", _GROUP[lang])
    text = whole + (_POINT[lang] + fraction if fraction else "")
    # Zero, and whatever rounds to it, has no sign: it is neither a gain nor a loss, so "+0" or "−0,00"
    # would claim a direction the figure does not have. One way for every zero: "0", "0.00".
    if not rounded:
        return text
    return (MINUS if exact < 0 else "+" if sign else "") + text


def number(value: float, lang: str, decimals: int | None = None, sign: bool = False) -> str:
    """A number as `lang` writes it, rounded to `decimals` (None: a whole number as it is, any other
    with two): "−1.25" / «−1,25», "10,000" / «10 000» (four digits unseparated in Russian: «1000»);
    `sign`: "+" before a positive figure, "+0.40" / «+0,40». Zero, or a figure that rounds to it,
    is written without a sign: "0", "0.00"."""
    return _written(_exact(value), lang, decimals, sign)


def signed(n: float, lang: str, decimals: int = 0) -> str:
    """A balance with its sign: "+7", "−7", "0" (the narration's nets, the tables' and the charts')."""
    return number(n, lang, decimals, sign=True)


def percent(share: float, lang: str, decimals: int | None = 1, sign: bool = False, symbol: bool = True) -> str:
    """A share (0.125) as a percentage: "12.5%" / «12,5 %», the figure scaled exactly, not in floats
    (0.145 is 14.5%, not 14.499999999999998%); `symbol=False`: the percentage points alone, "12.5"."""
    text = _written(_exact(share).scaleb(2), lang, decimals, sign)
    return text + ("%" if lang == "en" else "\N{NO-BREAK SPACE}%") if symbol else text



def interval_decimals(half: float, decimals: int = 2) -> int:
    """The decimals to write a figure and its interval's half-width `half` with: `decimals`, or more while a
    half-width above zero would round to 0 ("± 0.00" would state a point, not an interval)."""
    while 0 < half < 0.5 * 10.0 ** -decimals:
        decimals += 1
    return decimals


def plus_minus(half: str) -> str:
    """A written half-width after its sign: "± 0.05" / «± 0,05», a no-break space between them."""
    return f"±\N{NO-BREAK SPACE}{half}"

# ---------------------------------------------------------------------------- counted nouns

PluralCategory = Literal["one", "few", "many", "other"]


def plural_category(n: int, lang: str) -> PluralCategory:
    """The CLDR plural category of a whole number: en one/other; ru one (1, 21, 101), few (2–4,
    22–24), many (0, 5–20, 25…). The browser's Intl.PluralRules gives the same (a test checks)."""
    if lang == "en":
        return "one" if n == 1 else "other"
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


# noun -> lang -> case -> category -> form. English has no cases: "nom" serves every case.
NOUNS: dict[str, dict[str, dict[str, dict[str, str]]]] = {
    "chip": {"en": {"nom": {"one": "chip", "other": "chips"}},
             "ru": {"nom": {"one": "фишка", "few": "фишки", "many": "фишек"},
                    "acc": {"one": "фишку", "few": "фишки", "many": "фишек"}}},
    "card": {"en": {"nom": {"one": "card", "other": "cards"}},
             "ru": {"nom": {"one": "карта", "few": "карты", "many": "карт"},
                    "acc": {"one": "карту", "few": "карты", "many": "карт"}}},
    "trick": {"en": {"nom": {"one": "trick", "other": "tricks"}},
              "ru": {"nom": {"one": "взятка", "few": "взятки", "many": "взяток"},
                     "acc": {"one": "взятку", "few": "взятки", "many": "взяток"}}},
    "player": {"en": {"nom": {"one": "player", "other": "players"}},
               "ru": {"nom": {"one": "игрок", "few": "игрока", "many": "игроков"}}},
    "step": {"en": {"nom": {"one": "step", "other": "steps"}},
             "ru": {"nom": {"one": "шаг", "few": "шага", "many": "шагов"}}},
    "game": {"en": {"nom": {"one": "game", "other": "games"}},
             "ru": {"nom": {"one": "кон", "few": "кона", "many": "конов"}}},
    "round": {"en": {"nom": {"one": "round", "other": "rounds"}},
              "ru": {"nom": {"one": "круг", "few": "круга", "many": "кругов"}}},
    "character": {"en": {"nom": {"one": "character", "other": "characters"}},  # a link's length (the writer)
                  "ru": {"nom": {"one": "символ", "few": "символа", "many": "символов"}}},
    "second": {"en": {"nom": {"one": "second", "other": "seconds"}},
               "ru": {"nom": {"one": "секунда", "few": "секунды", "many": "секунд"},
                      "acc": {"one": "секунду", "few": "секунды", "many": "секунд"}}},
}
for _forms in NOUNS.values():  # fractions ("other" in Russian) take the genitive singular, as «1,5 фишки»
    for _cases in _forms["ru"].values():
        _cases["other"] = _cases["few"]


def count(n: int, noun: str, lang: str, case: Case = "nom") -> str:
    """`count(5, "chip", "ru")` -> «5 фишек»; `count(1, "card", "ru", "acc")` -> «1 карту»."""
    cases = NOUNS[noun][lang]
    forms = cases.get(case) or cases["nom"]
    return f"{number(n, lang)} {forms[plural_category(n, lang)]}"


def chips(n: int, lang: str, case: Case = "nom") -> str:
    return count(n, "chip", lang, case)


# ---------------------------------------------------------------------------- players' names

NameCase = Literal["nom", "gen", "dat", "acc", "ins"]

# The default names: one set per language, the same people in the same seats (a kept seat comes
# back in the other language under the same number), enough for the 17 card players a table can
# seat (options.MAX_PLAYERS), the first three and the hosts as the lessons' hands name them.
# Women and men alternate, so that the sentences are read with both kinds of name.
DEFAULT_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Anna", "Boris", "Vera", "Gleb", "Darya", "Egor", "Zoya", "Ilya", "Ksenia", "Lev", "Maria", "Nikita",
           "Olga", "Pyotr", "Raisa", "Semyon", "Tatiana"),
    "ru": ("Анна", "Борис", "Вера", "Глеб", "Дарья", "Егор", "Зоя", "Илья", "Ксения", "Лев", "Мария", "Никита",
           "Ольга", "Пётр", "Раиса", "Семён", "Татьяна"),
}
DEFAULT_HOSTS: dict[str, tuple[str, str]] = {"en": ("Papa", "Mama"), "ru": ("Папа", "Мама")}

# Russian names by case (genitive, dative, accusative, instrumental): every default name, the
# lessons' names, and a few more of the same kind. A sentence needs a name's oblique case only
# after a preposition or a verb that governs one («у Анны», «ходит под Бориса», «за Верой»).
_RU_NAME_FORMS: dict[str, tuple[str, str, str, str]] = {
    "Анна": ("Анны", "Анне", "Анну", "Анной"),
    "Борис": ("Бориса", "Борису", "Бориса", "Борисом"),
    "Вера": ("Веры", "Вере", "Веру", "Верой"),
    "Глеб": ("Глеба", "Глебу", "Глеба", "Глебом"),
    "Дарья": ("Дарьи", "Дарье", "Дарью", "Дарьей"),
    "Егор": ("Егора", "Егору", "Егора", "Егором"),
    "Зоя": ("Зои", "Зое", "Зою", "Зоей"),
    "Илья": ("Ильи", "Илье", "Илью", "Ильёй"),
    "Ксения": ("Ксении", "Ксении", "Ксению", "Ксенией"),
    "Лев": ("Льва", "Льву", "Льва", "Львом"),
    "Мария": ("Марии", "Марии", "Марию", "Марией"),
    "Никита": ("Никиты", "Никите", "Никиту", "Никитой"),
    "Ольга": ("Ольги", "Ольге", "Ольгу", "Ольгой"),
    "Пётр": ("Петра", "Петру", "Петра", "Петром"),
    "Раиса": ("Раисы", "Раисе", "Раису", "Раисой"),
    "Семён": ("Семёна", "Семёну", "Семёна", "Семёном"),
    "Татьяна": ("Татьяны", "Татьяне", "Татьяну", "Татьяной"),
    "Папа": ("Папы", "Папе", "Папу", "Папой"),
    "Мама": ("Мамы", "Маме", "Маму", "Мамой"),
    "Галина": ("Галины", "Галине", "Галину", "Галиной"),
    "Дмитрий": ("Дмитрия", "Дмитрию", "Дмитрия", "Дмитрием"),
    "Катя": ("Кати", "Кате", "Катю", "Катей"),
    "Иван": ("Ивана", "Ивану", "Ивана", "Иваном"),
    "Ирина": ("Ирины", "Ирине", "Ирину", "Ириной"),
    "Николай": ("Николая", "Николаю", "Николая", "Николаем"),
    "Наталья": ("Натальи", "Наталье", "Наталью", "Натальей"),
    "Алексей": ("Алексея", "Алексею", "Алексея", "Алексеем"),
    "Елена": ("Елены", "Елене", "Елену", "Еленой"),
    "Сергей": ("Сергея", "Сергею", "Сергея", "Сергеем"),
    "Софья": ("Софьи", "Софье", "Софью", "Софьей"),
    "Михаил": ("Михаила", "Михаилу", "Михаила", "Михаилом"),
    "Бабушка": ("Бабушки", "Бабушке", "Бабушку", "Бабушкой"),
    "Дедушка": ("Дедушки", "Дедушке", "Дедушку", "Дедушкой"),
    # The short names of the lessons' bigger tables (lessons/hands: crowded-table, sits-out,
    # seventeen-players...), men's in -а/-я declined as women's are: «под Гришу», «у Пети».
    "Гриша": ("Гриши", "Грише", "Гришу", "Гришей"),
    "Даша": ("Даши", "Даше", "Дашу", "Дашей"),
    "Женя": ("Жени", "Жене", "Женю", "Женей"),
    "Лена": ("Лены", "Лене", "Лену", "Леной"),
    "Миша": ("Миши", "Мише", "Мишу", "Мишей"),
    "Надя": ("Нади", "Наде", "Надю", "Надей"),
    "Оля": ("Оли", "Оле", "Олю", "Олей"),
    "Петя": ("Пети", "Пете", "Петю", "Петей"),
    "Рома": ("Ромы", "Роме", "Рому", "Ромой"),
    "Соня": ("Сони", "Соне", "Соню", "Соней"),
    "Таня": ("Тани", "Тане", "Таню", "Таней"),
}
_NAME_CASE_INDEX = {"gen": 0, "dat": 1, "acc": 2, "ins": 3}
# «игрок» by case, for a name the table above does not know: «у игрока P1», «ходит под игрока P1».
_PLAYER = {"nom": ("игрок", "игроки"), "gen": ("игрока", "игроков"), "dat": ("игроку", "игрокам"),
           "acc": ("игрока", "игроков"), "ins": ("игроком", "игроками")}


def default_names(count: int, lang: str, taken: Iterable[str] = ()) -> tuple[str, ...]:
    """The first `count` default names of `lang` that are not `taken` (repeated with a number if
    ever the list runs out)."""
    used = set(taken)
    pool = [n for n in DEFAULT_NAMES[lang] if n not in used]
    number = 2
    while len(pool) < count:
        pool.extend(f"{n} {number}" for n in DEFAULT_NAMES[lang] if f"{n} {number}" not in used)
        number += 1
    return tuple(pool[:count])


def knows_name(name: str) -> bool:
    """Whether the Russian forms of `name` are known (then every case is the name's own)."""
    return name in _RU_NAME_FORMS


def name_in(name: str, case: NameCase, lang: str = "ru") -> str:
    """A player's name in a Russian case: «Анна» -> «Анны», «Анне», «Анну», «Анной». A name whose
    forms are not known follows «игрок» in that case, so that the sentence stays grammatical:
    «игрока P1», «игроку Marie». English names have no cases."""
    if lang == "en" or case == "nom":
        return name
    forms = _RU_NAME_FORMS.get(name)
    if forms is not None:
        return forms[_NAME_CASE_INDEX[case]]
    return f"{_PLAYER[case][0]} {name}"


def names_in(names: Iterable[str], case: NameCase, lang: str = "ru") -> str:
    """Several names in one case, as a list: «Анны и Бориса»; names not known follow «игрок»
    (plural when none is known: «игроков P1 и P2»)."""
    names = list(names)
    if lang == "en" or case == "nom":
        return list_text(names, lang)
    if len(names) > 1 and not any(knows_name(n) for n in names):
        return f"{_PLAYER[case][1]} {list_text(names, lang)}"
    return list_text([name_in(n, case, lang) for n in names], lang)


# ---------------------------------------------------------------------------- moves

_VERBS = {  # (someone does it, do it): the move list says who did what; the seated player's buttons say what to do
    "en": {"stake": ("stakes", "Stake"), "lead": ("leads", "Lead"), "beat": ("beats", "Beat"),
           "take": ("takes the cards", "Take the cards"), "play": ("plays", "Play")},
    "ru": {"stake": ("ставит", "Поставить"), "lead": ("ходит", "Пойти"), "beat": ("бьёт", "Отбить"),
           "take": ("забирает карты", "Забрать карты"), "play": ("кладёт", "Положить")},
}


def move_text(action: Action, lang: str, short: bool = False, command: bool = False) -> str:
    """A move in words: "beats the seven of hearts with the nine of hearts" / «бьёт семёрку червей
    девяткой червей» (the led card in the accusative, the card that beats it in the instrumental;
    «ходит семёркой червей», «кладёт короля червей»); `short` with card symbols, "beats 7♥ with
    9♥" / «бьёт 7♥ — 9♥»; `command` as a button offers it, "Beat the seven of hearts with …" /
    «Отбить семёрку червей …»."""
    def name(card: Card, case: Case = "nom") -> str:
        if short:
            return card_short(card, lang)
        return f"the {card_name(card, lang)}" if lang == "en" else card_name(card, lang, case)

    en = lang == "en"
    verb = _VERBS[lang][str(action).split()[0]][1 if command else 0]
    if isinstance(action, Stake):
        return f"{verb} " + " + ".join(str(a) for a in action.amounts)
    if isinstance(action, Lead):
        return f"{verb} " + list_text([name(c, "ins") for c in action.cards], lang)
    if isinstance(action, Beat):
        if en:
            return f"{verb} " + " and ".join(f"{name(led)} with {name(cover)}" for led, cover in action.covers)
        if short:
            return f"{verb} " + "; ".join(f"{name(led)} — {name(cover)}" for led, cover in action.covers)
        return f"{verb} " + " и ".join(f"{name(led, 'acc')} {name(cover, 'ins')}" for led, cover in action.covers)
    if isinstance(action, Take):
        return verb
    assert isinstance(action, Play)
    return f"{verb} {name(action.card, 'acc')}"
