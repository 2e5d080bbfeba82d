"""Refusals: each error the engine gives for bad input (an illegal move, a bad card, notation,
option, table, record or note, a size over its limit) as a sentence in English or Russian, to a
player in the third person or to the visitor as "you", citing the paragraph that governs it.

An error says what is wrong as data (errors.py: its `kind`, `code`, `rule` and `facts`); this
module words it, and installs itself as the errors' wording when the engine is imported, so that
`str(error)` is the English sentence while errors.py depends on nothing above it.
"""

from __future__ import annotations

from typing import Any

from . import errors
from .errors import EngineError
from .limits import for_terminal
from .words import SUIT_NAMES, SUIT_WORDS, Case, card_name, chips, count, list_text, name_in, paragraphs, plural_category


def _in_gen(name: str) -> str:
    return name_in(name, "gen")


def _in_dat(name: str) -> str:
    return name_in(name, "dat")


_DECISIONS = {
    "en": {"stake": "spread the stakes", "lead": "lead", "answer": "beat or take", "trick": "play to the trick"},
    "ru": {"stake": "распределить ставки", "lead": "ходить", "answer": "отбиваться или брать карты",
           "trick": "класть карту во взятку"},
}


def _cards(codes: list[str], lang: str, case: Case = "nom") -> str:
    """"the ace of spades and the two of hearts" / «туз пик и двойка червей» (by case)."""
    return list_text([("the " if lang == "en" else "") + card_name(c, lang, case) for c in codes], lang)


def _illegal_move(code: str, f: dict[str, Any], lang: str, you: bool) -> str:
    """Why a move is refused, in a sentence: to the player ("you") or about the player (the log, a record).
    In Russian an obligation is «нужно» with the player in the dative, which agrees with any name."""
    who: str = f.get("who") or ""
    en = lang == "en"
    if code == "game_over":
        return "the game is over" if en else "кон окончен"
    if code == "wrong_move":
        doing = _DECISIONS[lang][f["decision"]]
        if you:
            return f"now you must {doing}" if en else f"сейчас вам нужно {doing}"
        return f"it is {who}'s turn to {doing}" if en else f"сейчас ход {_in_gen(who)}: нужно {doing}"
    if code == "not_held":
        cards = f["cards"]
        if en:
            return f"{'you do' if you else who + ' does'} not hold {_cards(cards, lang)}"
        return f"у {'вас' if you else _in_gen(who)} нет {_cards(cards, lang, 'gen')}"
    if code == "lead_shape":
        if en:
            return f"{'you' if you else who} may lead one card or two of one rank"
        return f"{'' if you else _in_dat(who) + ' '}можно ходить только одной картой или двумя одного достоинства"
    if code == "must_follow":
        suit = SUIT_WORDS[lang][f["suit"]]
        if en:
            return f"{'you hold' if you else who + ' holds'} a card of the suit led, {suit}, and must play one"
        return f"у {'вас' if you else _in_gen(who)} есть карта выхоженной масти ({suit}), и класть нужно карту этой масти"
    if code == "must_beat":
        if en:
            return f"{'you can beat and must' if you else who + ' can beat and must'} («обязан отбить»)"
        return f"{'вы можете' if you else who + ' может'} отбиться, а кто может, тот «обязан отбить»"
    if code == "answer_the_led":
        led = _cards(f["led"], lang, "acc")
        if en:
            return f"{'you' if you else who} must answer the cards led: {_cards(f['led'], lang)}"
        return f"{'' if you else _in_dat(who) + ' '}нужно отбивать выхоженные карты: {led}"
    if code == "not_higher":
        card, cover = f["card"], f["cover"]
        same = f["beat"] == "same_suit"
        if en:
            how = "only a higher card of the same suit beats" if same else "only a card of a higher rank beats"
            return (f"{'you' if you else who} cannot beat the {card_name(card, lang)} with the "
                    f"{card_name(cover, lang)}: {how} (beat = {f['beat']})")
        how = "бьёт только старшая карта той же масти" if same else "бьёт только карта старше достоинством"
        return (f"{'нельзя' if you else who + ' не может'} побить {card_name(card, lang, 'acc')} "
                f"{card_name(cover, lang, 'ins')}: {how} (beat = {f['beat']})")
    if code == "one_card_each":
        if en:
            return "each card led must be covered by a card of its own"
        return "каждую выхоженную карту нужно крыть своей картой"
    if code == "cover_both":
        if en:
            return f"{'you can' if you else who + ' can'} cover both cards led, and so must cover both"
        return f"{'вы можете' if you else who + ' может'} покрыть обе выхоженные карты, значит, крыть нужно обе"
    if code == "take_both":
        if en:
            return (f"{'you' if you else who} cannot cover both cards led, and a player who cannot beat takes "
                    "the cards led (failed_defence = take_all): take them")
        return (f"{'вы не можете' if you else who + ' не может'} покрыть обе выхоженные карты, а кто не может "
                "отбиться, тот забирает выхоженные карты (failed_defence = take_all): их нужно взять")
    if code == "stake_sum":
        total = f["total"]
        if en:
            return (f"{'you' if you else 'the banker'} must spread all {chips(total, lang)} over the four cards, "
                    "at least one on each")
        return (f"{'нужно' if you else 'банкиру нужно'} распределить по четырём картам всю сумму ({chips(total, lang)}), "
                "хотя бы по фишке на каждую")
    raise KeyError(code)


# How a card is written (cards.py): the notation, and in Russian also the Russian card faces' letters.
_CARD_HINT = ("write rank then suit, e.g. AS, TH, 10H, 7C",
              "пишите достоинство, затем масть: AS, TH, 10H, 7C или по-русски ТП (туз пик), 10Ч, ДБ, ВТ; "
              "латинская T — десятка, русская Т — туз")


def _notation(code: str, f: dict[str, Any], lang: str) -> str:
    text = f.get("text", "")
    en = lang == "en"
    what = {
        "empty_move": ("an empty move: write one, e.g. lead 7H", "пустой ход: запишите его, например lead 7H"),
        "stake_shape": ("a stake names four whole numbers, e.g. 'stake 5 1 1 1'",
                        "ставка — это четыре целых числа, например «stake 5 1 1 1»"),
        "lead_shape": ("a lead is one card or two, e.g. 'lead 7H 7S'",
                       "ход — это одна карта или две, например «lead 7H 7S»"),
        "cover_shape": ("write each cover as LED>COVER, e.g. 'beat 7H>9H'",
                        "каждую пару пишите как ВЫХОЖЕННАЯ>КРОЮЩАЯ, например «beat 7H>9H»"),
        "beat_count": ("a beat covers one card or two", "отбиваются одна или две карты"),
        "take_shape": ("'take' has no cards", "у «take» нет карт"),
        "play_shape": ("play one card, e.g. 'play KH'", "кладётся одна карта, например «play KH»"),
    }
    if code in what:
        sentence = what[code][0 if en else 1]
    elif code == "bad_card":
        card = f["card"]
        sentence = f"{_shown(card, lang)} is not a card ({_CARD_HINT[0]})" if en else \
            f"{_shown(card, lang)} — не карта ({_CARD_HINT[1]})"
    elif code == "unknown_verb":
        sentence = (f"unknown move {_shown(f['verb'], lang)} (stake, lead, beat, take, play)" if en else
                    f"неизвестный ход {_shown(f['verb'], lang)} (stake, lead, beat, take, play)")
    else:
        raise KeyError(code)
    if code == "empty_move":
        return sentence
    return f"{_shown(text, lang)}: {sentence}" if en else f"{_shown(text, lang)}: {sentence}"


_SHOWN_CHARS = 40  # of a value quoted in a refusal: a 5,000-digit seed or a 3,000-character name is cut


def _shown(value: Any, lang: str, length: bool = True) -> str:
    """A value as a refusal quotes it: a text in quotes ('x' / «x»), cut after 40 characters and with
    its control characters escaped; a number as written (one too long to read, by its length); a
    date as TOML writes it; a list or a table by what it is. Never Python's repr."""

    en = lang == "en"
    if isinstance(value, str):
        text = for_terminal(value)
        cut = len(text) > _SHOWN_CHARS
        quoted = text[:_SHOWN_CHARS] + ("…" if cut else "")
        quoted = f"'{quoted}'" if en else f"«{quoted}»"
        if cut and length:
            quoted += f" ({_counted(len(value), 'char', lang)})"
        return quoted
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 100:
            digits = int(value.bit_length() * 0.30103) + 1
            return f"a number of about {digits} digits" if en else f"число примерно из {_counted(digits, 'digit_gen', lang)}"
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if value is None:
        return "nothing" if en else "пусто"
    if hasattr(value, "isoformat"):  # a TOML date or time
        return str(value.isoformat())
    if isinstance(value, (list, tuple)):
        return "a list" if en else "список"
    if isinstance(value, dict):
        return "a table" if en else "таблица"
    return "a value of another kind" if en else "значение другого рода"


# Counted nouns of the refusals (the forms by CLDR category: words.plural_category).
_NOUNS: dict[str, dict[str, dict[str, str]]] = {
    "char": {"en": {"one": "character", "other": "characters"}, "ru": {"one": "знак", "few": "знака", "many": "знаков"}},
    "byte": {"en": {"one": "byte", "other": "bytes"}, "ru": {"one": "байт", "few": "байта", "many": "байт"}},
    "digit": {"en": {"one": "digit", "other": "digits"}, "ru": {"one": "цифра", "few": "цифры", "many": "цифр"}},
    "digit_gen": {"en": {"one": "digit", "other": "digits"}, "ru": {"one": "цифры", "few": "цифр", "many": "цифр"}},
    "level": {"en": {"one": "level", "other": "levels"}, "ru": {"one": "уровень", "few": "уровня", "many": "уровней"}},
}


def _counted(n: int, noun: str, lang: str) -> str:
    return f"{n} {_NOUNS[noun][lang][plural_category(n, lang)]}"


def _suits(letters: list[str], lang: str) -> str:
    """"S H" -> "spades and hearts" / «пики и черви» (letters that are not suits stay as they are)."""
    return list_text([SUIT_WORDS[lang].get(s, s) for s in letters], lang)


# The numbers that are not options, as a refusal names them (the options by their key).
_NUMBER_FIELDS = {
    "seed": ("the seed", "начальное число"), "pool": ("the pool carried in", "банк с прошлого кона"),
    "prize": ("the fines carried in to be played for", "штраф на розыгрыш с прошлого кона"),
    "kitty": ("the kitty carried in", "копилка с прошлого кона"),
    "players": ("the number of players", "число игроков"), "count": ("the number of games", "число конов"),
    "games": ("the number of games", "число конов"), "start": ("the first game's number", "номер первого кона"),
    "jobs": ("the number of processes", "число процессов"), "index": ("the decision's number", "номер решения"),
}


def _option(code: str, f: dict[str, Any], lang: str, rule: str | None) -> str:
    """An option's refusal names the option and its paragraph first: "option 'beat' (p10): …"."""
    en = lang == "en"
    key = f.get("key")
    cite = f" ({paragraphs(rule, lang)})" if rule else ""
    if code == "unknown_option":
        return (f"unknown option {_shown(key, lang)}; the options are {', '.join(f['known'])}" if en else
                f"неизвестная настройка {_shown(key, lang)}; настройки: {', '.join(f['known'])}")
    if code == "not_a_choice":
        return (f"option {_shown(key, lang)}{cite}: {_shown(f['value'], lang)} is not one of {', '.join(f['allowed'])}"
                if en else f"настройка {_shown(key, lang)}{cite}: значения {_shown(f['value'], lang)} нет, возможны "
                           f"{', '.join(f['allowed'])}")
    if code == "not_whole":
        name = _NUMBER_FIELDS[key][0 if en else 1] + cite if key in _NUMBER_FIELDS else \
            (f"option {_shown(key, lang)}" if en else f"настройка {_shown(key, lang)}") + cite
        if "suit" in f:
            name += f" for {SUIT_WORDS[lang][f['suit']]}" if en else f" для {SUIT_NAMES[lang][f['suit']]}"
        low, high, value = f["minimum"], f.get("maximum"), _shown(f["value"], lang)
        if en:
            bound = f">= {low}" if high is None else f"from {low} to {high}"
            return f"{name}: {value} is not a whole number {bound}"
        bound = f"не меньше {low}" if high is None else f"от {low} до {high}"
        return f"{name}: {value} — не целое число {bound}"
    if code == "prize_not_played":
        if en:
            why = ("no play-off by beating is played" if f["playoff"] == "tricks" else
                   "fines_to is 'pool', so the fines go to the pool")
            return f"{chips(f['prize'], lang)} of fines cannot be carried in to be played for{cite}: {why}"
        why = ("розыгрыша с отбоем не будет" if f["playoff"] == "tricks" else
               "fines_to = «pool»: штрафы идут в банк")
        return f"{chips(f['prize'], lang, 'acc')} штрафа нельзя поставить на розыгрыш{cite}: {why}"
    if code == "kitty_not_kept":
        return (f"a kitty of {chips(f['kitty'], lang)} can be carried in only when it is kept apart (kitty = kept_apart)"
                f"{cite}" if en else
                f"копилку в {chips(f['kitty'], lang, 'acc')} можно принести с прошлого кона, только если она хранится "
                f"отдельно (kitty = kept_apart){cite}")
    if code == "not_key_value":
        return f"{_shown(f['pair'], lang)} is not KEY=VALUE" if en else f"{_shown(f['pair'], lang)} — не КЛЮЧ=ЗНАЧЕНИЕ"
    if code.startswith("suit_fines_"):
        detail = {
            "suit_fines_item": (f"{_shown(f.get('item'), lang)} is not SUIT=CHIPS (e.g. \"H=4 C=3 D=2 S=1\")",
                                f"{_shown(f.get('item'), lang)} — не МАСТЬ=ФИШКИ (например «H=4 C=3 D=2 S=1»)"),
            "suit_fines_type": (f"expected \"H=4 C=3 D=2 S=1\" or a table, got {_shown(f.get('value'), lang)}",
                                f"ожидается «H=4 C=3 D=2 S=1» или таблица, а не {_shown(f.get('value'), lang)}"),
            "suit_fines_suit": (f"{_shown(f.get('suit'), lang)} is not a suit letter S, H, D, C given once",
                                f"{_shown(f.get('suit'), lang)} — не буква масти S, H, D, C, указанная один раз"),
            "suit_fines_missing": (f"give all four suits, missing {_suits(f.get('missing', []), lang)}",
                                   f"укажите все четыре масти, нет: {_suits(f.get('missing', []), lang)}"),
            "suit_fines_order": (f"{f.get('value')} is not in canonical order; use Options.from_mapping",
                                 f"{f.get('value')} — не в каноническом порядке; используйте Options.from_mapping"),
        }[code]
        return (f"option 'suit_fines'{cite}: " if en else f"настройка «suit_fines»{cite}: ") + detail[0 if en else 1]
    raise KeyError(code)


def _table(code: str, f: dict[str, Any], lang: str, you: bool) -> str:
    en = lang == "en"
    if code == "no_name":
        return (f"every seat needs a name, got {_shown(f['name'], lang)}" if en else
                f"у каждого места должно быть имя, а не {_shown(f['name'], lang)}")
    if code == "same_names":
        names = ", ".join(_shown(n, lang) for n in f["names"])
        return (f"names must differ (players, banker and dealer; invisible characters and spaces around a name do "
                f"not count): {names}" if en else
                f"имена должны различаться (игроки, банкир и сдающий; невидимые знаки и пробелы по краям имени не "
                f"в счёт): {names}")
    if code == "seat_count":
        n = f["count"]
        hosts = f.get("hosts_play")
        if en:
            among = ", the banker and the dealer among them (hosts_play = yes)" if hosts else ""
            return (f"{n} {'card player' if n == 1 else 'card players'}{among}: a table has from 2 to 17, as the "
                    "play-off needs two and a 52-card deck gives three cards each to at most 17")
        among = ", считая банкира и сдающего (hosts_play = yes)" if hosts else ""
        return (f"{count(n, 'player', lang)} с картами{among}, а нужно от 2 до 17: для розыгрыша нужны двое, а колоды "
                "в 52 листа хватает по три карты самое большее на 17")
    if code == "stake_too_small":
        if en:
            return (f"stake {f['stake']} × {f['seats']} players = {f['total']} chips cannot cover four cards with "
                    "at least one chip each")
        return (f"взнос {f['stake']} × {count(f['seats'], 'player', lang)} = {chips(f['total'], lang)}: этого не хватает, "
                "чтобы поставить хотя бы по фишке на каждую из четырёх карт")
    raise KeyError(code)


def _card(code: str, f: dict[str, Any], lang: str) -> str:
    en = lang == "en"
    if code == "not_a_card":
        text = f["text"]
        return f"{_shown(text, lang)} is not a card ({_CARD_HINT[0]})" if en else \
            f"{_shown(text, lang)} — не карта ({_CARD_HINT[1]})"
    if code == "no_such_card":
        return f"no such card: rank {_shown(f['rank'], lang)}, suit {_shown(f['suit'], lang)}" if en else \
            f"такой карты нет: достоинство {_shown(f['rank'], lang)}, масть {_shown(f['suit'], lang)}"
    if code == "not_a_deck":
        whose = {"banker": ("the banker's deck", "колода банкира"), "dealer": ("the dealer's deck", "колода сдающего"),
                 None: ("the deck", "колода")}[f["whose"]][0 if en else 1]
        parts = []
        if f["size"] != 52:
            parts.append(f"it has {f['size']} cards, not 52" if en else f"в ней {count(f['size'], 'card', lang)}, а не 52")
        if f["repeated"]:
            parts.append(("repeats " if en else "повторы: ") + " ".join(f["repeated"]))
        if f["missing"]:
            parts.append(("lacks " if en else "не хватает: ") + " ".join(f["missing"]))
        head = f"{whose} is not a permutation of the 52 cards" if en else f"{whose} — не перестановка 52 карт"
        return head + ": " + "; ".join(parts)
    raise KeyError(code)


def _record(code: str, f: dict[str, Any], lang: str) -> str:
    """A record that cannot be read (record.py): what is wrong at the line given."""
    en = lang == "en"
    if code == "inner":
        return explain(f["error"], lang)
    section = f.get("section")
    wordings: dict[str, tuple[str, str]] = {
        "unreadable": (f"the file cannot be read ({f.get('detail')})", f"файл не читается ({f.get('detail')})"),
        "no_file": ("there is no such file", "такого файла нет"),
        "no_permission": ("the file may not be read (permission denied)", "читать этот файл запрещено (нет прав)"),
        "is_folder": ("this is a folder, not a record file", "это папка, а не файл записи"),
        "not_toml": (f"not valid TOML: {_toml_words(f.get('detail') or '', 0)}",
                     f"это не TOML: {_toml_words(f.get('detail') or '', 1)}"),
        "big_number": (f"a number with more than {f.get('most')} digits cannot be read here",
                       f"число длиннее {_counted(f.get('most') or 0, 'digit_gen', lang)} здесь не прочесть"),
        "no_table": ("a record needs a [table] with players, banker and dealer",
                     "в записи нужна таблица [table] с players, banker и dealer"),
        "players_list": (f"[{section}] players must be a list of names", f"[{section}] players — это список имён"),
        "name_needed": (f"[{section}] {f.get('key')} must be a name", f"[{section}] {f.get('key')} — это имя"),
        "options_table": ("options must be a table [options]", "настройки записываются таблицей [options]"),
        "too_many_games": (f"a session has at most {f.get('most')} games, not {f.get('games')}",
                           f"в сессии не больше {f.get('most')} конов, а не {f.get('games')}"),
        "decks_shape": ("[decks] needs exactly banker and dealer, 52 cards each",
                        "в [decks] нужны ровно banker и dealer, по 52 карты"),
        "seed_or_decks": ("give a seed or a [decks] table with both deck orders",
                          "укажите seed или таблицу [decks] с порядком обеих колод"),
        "moves_list": ('moves must be a list of strings like "lead 7H 7S"', "moves — это список строк вида «lead 7H 7S»"),
        "session_played_by_policy": ("a session (games > 1) is played by the computer players: it takes a seed, "
                                     "and neither moves nor decks",
                                     "сессию (games > 1) играют игроки-компьютеры: в ней задаётся seed, но не moves "
                                     "и не decks"),
        "notes_list": ("notes must be [[notes]] tables with step, kind, en and ru",
                       "примечания записываются таблицами [[notes]] со step, kind, en и ru"),
        "note_keys": ("a note has step, kind, en and ru, and may name who and cards",
                      "у примечания есть step, kind, en и ru, а также могут быть who и cards"),
        "note_text": ("a note needs en and ru text", "у примечания должен быть текст en и ru"),
        "notes_same_step": ("two notes on the same step", "два примечания к одному шагу"),
        "both_languages": (f"{f.get('key')} needs an en and a ru text", f"для {f.get('key')} нужен текст en и ru"),
        "about_keys": ("[about] has title and purpose, and may have focus",
                       "в [about] есть title и purpose, а также может быть focus"),
        "focus_list": ("focus is a list of option keys", "focus — это список ключей настроек"),
        "question_keys": ("a note's question has en, ru, choices and explain",
                          "у вопроса к примечанию есть en, ru, choices и explain"),
        "choices_list": ("choices is a list of two or more answers, each { en = …, ru = … }",
                         "choices — это список из двух и более ответов вида { en = …, ru = … }"),
        "choice_keys": ("an answer has en and ru, and may say correct = true",
                        "у ответа есть en и ru, а также может быть correct = true"),
        "choice_correct": ("correct is true or false", "correct — это true или false"),
        "one_correct": (f"exactly one answer must be correct = true, not {f.get('found')}",
                        f"верным (correct = true) должен быть ровно один ответ, а не {f.get('found')}"),
        "deck_list": (f"[decks] {f.get('which')} must be 52 cards, top first",
                      f"[decks] {f.get('which')} — это 52 карты, сверху вниз"),
    }
    if code in wordings:
        return wordings[code][0 if en else 1]
    if code == "not_utf8":
        return (f"this is not UTF-8 text (byte 0x{f['byte']:02x} here): a record is a text file in UTF-8" if en else
                f"это не текст в UTF-8 (здесь байт 0x{f['byte']:02x}): запись — это текстовый файл в UTF-8")
    if code == "unknown_key":
        known = ", ".join(f["known"])
        where = f" in [{section}]" if section else ""
        return (f"unknown key {_shown(f['key'], lang)}{where} (known: {known})" if en else
                f"неизвестный ключ {_shown(f['key'], lang)}{' в [' + section + ']' if section else ''} (известные: {known})")
    if code == "names_count":
        return (f"[table.{f['lang']}] names {f['count']} players, [table] {f['expected']}" if en else
                f"в [table.{f['lang']}] {count(f['count'], 'player', lang)}, а в [table] — {f['expected']}")
    if code == "not_whole":
        high = f.get("maximum")
        if en:
            bound = f">= {f['minimum']}" if high is None else f"from {f['minimum']} to {high}"
            return f"{f['key']} must be a whole number {bound}, got {_shown(f['value'], lang)}"
        bound = f"не меньше {f['minimum']}" if high is None else f"от {f['minimum']} до {high}"
        return f"{f['key']}: нужно целое число {bound}, а не {_shown(f['value'], lang)}"
    if code == "move_refused":
        return f"{'move' if en else 'ход'} {f['index']}: {explain(f['error'], lang)}"
    if code == "never_played":
        options = f"spread={f['spread']}, playoff={f['playoff']}"
        return (f"move {f['index']}: {f['move']} was never played: the game ended with no decision of its kind "
                f"left (options: {options})" if en else
                f"ход {f['index']}: «{f['move']}» так и не сыгран: кон окончен, а решения такого рода больше "
                f"не было (настройки: {options})")
    if code == "note_step":
        return (f"step {_shown(f['step'], lang)} is not a step of this game (1 to {f['steps']})" if en else
                f"шага {_shown(f['step'], lang)} в этой партии нет (шаги с 1 по {f['steps']})")
    if code == "note_what":
        kinds = ", ".join(f["kinds"])
        return (f"a note's kind is one of {kinds}; who is a name, cards a list of cards" if en else
                f"kind примечания — одно из: {kinds}; who — имя, cards — список карт")
    if code == "note_mismatch":
        said = f["kind"] + (f" by {f['who']}" if f["who"] and en else (f", {f['who']}" if f["who"] else "")) + \
            (f" with {' '.join(f['cards'])}" if f["cards"] and en else (f", {' '.join(f['cards'])}" if f["cards"] else ""))
        found = f["found_kind"] + (f" by {f['found_who']}" if f["found_who"] and en else
                                   (f", {f['found_who']}" if f["found_who"] else ""))
        return (f"step {f['step']} shows {found}, not the {said} this note comments on: did an event move the "
                "steps? Find the step it meant" if en else
                f"шаг {f['step']} — это {found}, а примечание говорит о другом ({said}): не сдвинулись ли шаги? "
                "Найдите шаг, к которому оно относится")
    raise KeyError(code)


# What Python's TOML parser says (its message, without the place), in our words.
_TOML_WORDS: tuple[tuple[str, str, str], ...] = (
    ("Invalid value", "a value is missing or not valid here (a text in quotes, a whole number, true or false, a [list] "
                      "or an { inline table })",
     "здесь нет значения или оно неверно (нужен текст в кавычках, целое число, true или false, [список] или "
     "{ таблица })"),
    ("Unterminated string", "a text in quotes is not closed", "текст в кавычках не закрыт"),
    ("Illegal character", "a character TOML does not allow here (a text in quotes must end on its line)",
     "здесь недопустимый знак (текст в кавычках должен кончаться в той же строке)"),
    ("Expected '=' after a key", "a key must be followed by '='", "после ключа нужен знак «=»"),
    ("Expected ']]'", "a [[list of tables]] must end with ']]'", "[[список таблиц]] должен кончаться на «]]»"),
    ("Expected ']'", "a [table] must end with ']'", "[таблица] должна кончаться на «]»"),
    ("Unclosed array", "a [list] is not closed with ']'", "[список] не закрыт знаком «]»"),
    ("Unclosed inline table", "an { inline table } is not closed with '}'", "{ таблица } не закрыта знаком «}»"),
    ("Cannot declare", "a table is given twice", "таблица указана дважды"),
    ("Cannot overwrite", "a key is given twice", "ключ указан дважды"),
    ("Cannot redefine", "a key is given twice", "ключ указан дважды"),
    ("Cannot mutate", "a key is given twice", "ключ указан дважды"),
    ("Duplicate inline table key", "a key is given twice", "ключ указан дважды"),
    ("Invalid date", "not a valid date", "неверная дата"),
    ("Escaped character", "an escape with \\ that TOML does not know", "неизвестная в TOML запись со знаком \\"),
    ("Invalid hex value", "an escape with \\ that TOML does not know", "неизвестная в TOML запись со знаком \\"),
    ("Unescaped", "an escape with \\ that TOML does not know", "неизвестная в TOML запись со знаком \\"),
)


def _toml_words(detail: str, index: int) -> str:
    for start, en, ru in _TOML_WORDS:
        if detail.startswith(start):
            return (en, ru)[index]
    return ("this line is neither 'key = value' nor a [table]", "эта строка — ни «ключ = значение», ни [таблица]")[index]


# The fields of a size over its limit (limits.py), as a refusal names them.
_LIMIT_FIELDS = {
    "name": ("the name {name}", "имя {name}"),
    "note": ("the note on step {step}", "примечание к шагу {step}"),
    "text": ("{key}", "{key}"),
    "record": ("the record", "запись"),
    "moves": ("the moves", "ходов"),
    "move": ("the move", "ход"),
    "notes": ("the notes", "примечаний"),
    "deck": ("the deck", "карт в колоде"),
    "games": ("the number of games", "число конов"),
}


def _limit(code: str, f: dict[str, Any], lang: str) -> str:
    """A size over its limit (limits.py): the field, the size and the limit."""
    en = lang == "en"
    facts = {k: _shown(v, lang, length=False) if k == "name" else v for k, v in f.items()}
    field = _LIMIT_FIELDS[f["field"]][0 if en else 1].format(**facts)
    size, most = int(f.get("size") or 0), int(f.get("most") or 0)
    if code == "too_long":
        return (f"{field}: {_counted(size, 'char', lang)}, more than the limit of {most}" if en else
                f"{field}: {_counted(size, 'char', lang)}, а можно не больше {most}")
    if code == "too_many":
        return (f"{field}: {size}, more than the limit of {most}" if en else
                f"{field}: {size}, а можно не больше {most}")
    if code == "too_big":
        return (f"{field}: {_counted(size, 'byte', lang)}, more than the limit of {most} (1 MB)" if en else
                f"{field}: {_counted(size, 'byte', lang)}, а можно не больше {most} (1 МБ)")
    if code == "too_deep":
        return (f"lists and tables nested more than {_counted(most, 'level', lang)} deep (a record needs 2)" if en else
                f"списки и таблицы вложены друг в друга больше чем на {_counted(most, 'level', lang)} (записи "
                "хватает двух)")
    if code == "long_number":
        return (f"a number of {_counted(size, 'digit', lang)}: a record's whole numbers have at most {most} "
                f"(up to {f['largest']})" if en else
                f"число из {_counted(size, 'digit_gen', lang)}: в целом числе записи не больше {most} цифр "
                f"(до {f['largest']})")
    if code == "lone_surrogate":
        return (f"{field}: character {f['at']} is broken ({f['code_point']}, half of a UTF-16 pair): type it again"
                if en else f"{field}: знак № {f['at']} испорчен ({f['code_point']} — половина пары UTF-16): "
                           "введите его заново")
    raise KeyError(code)


def _writer(code: str, f: dict[str, Any], lang: str) -> str:
    """A hand the write page cannot write (writer.py)."""
    en = lang == "en"
    words: dict[str, tuple[str, str]] = {
        "note_step": (f"a note is on step {_shown(f.get('step'), lang)}, but the game has steps 1 to {f.get('steps')}",
                      f"примечание относится к шагу {_shown(f.get('step'), lang)}, а в партии шаги с 1 по "
                      f"{f.get('steps')}"),
        "note_empty": (f"the note on step {f.get('step')} has no text", f"у примечания к шагу {f.get('step')} нет текста"),
        "notes_same_step": (f"two notes on step {f.get('step')}", f"два примечания к шагу {f.get('step')}"),
        "session": ("a series of games is played by the computer players and cannot be written here; download one "
                    "game at a time", "серию конов играют игроки-компьютеры, и здесь её записать нельзя; "
                                      "записывайте по одному кону"),
    }
    return words[code][0 if en else 1]


def explain(error: EngineError, lang: str = "en", you: bool = False) -> str:
    """The sentence for a refusal, with its paragraph: to a player as "you", or about him."""
    f, code = error.facts, error.code
    if error.kind == "record":
        return f"{f['where']}: {_record(code, f, lang)}"
    if error.kind == "move":
        why = _illegal_move(code, f, lang, you)
        if you:
            return f"{why[0].upper()}{why[1:]} ({paragraphs(error.rule or '', lang)})."
        legal = f.get("legal") or []
        shown = ", ".join(legal[:12]) + (", …" if len(legal) > 12 else "")
        stake = f["decision"] == "stake"
        if lang == "en":
            hint = f" Legal: {shown}." if legal else (
                f" Legal: stake A B C D, four whole numbers >= 1 summing to {f['total']}." if stake else "")
            return f"{f['move']} refused: {why} ({error.rule}).{hint}"
        hint = f" Можно: {shown}." if legal else (
            f" Можно: stake A B C D — четыре целых числа не меньше 1, в сумме {f['total']}." if stake else "")
        return f"Ход «{f['move']}» не принят: {why} ({paragraphs(error.rule or '', lang)}).{hint}"
    if error.kind == "option":
        return _option(code, f, lang, error.rule)
    if error.kind == "limit":
        sentence = _limit(code, f, lang)
        if "line" in f:  # a record's TOML, before it is read (the record names the file)
            return sentence
    elif error.kind == "writer":
        sentence = _writer(code, f, lang)
    elif error.kind == "notation":
        sentence = _notation(code, f, lang)
    elif error.kind == "table":
        sentence = _table(code, f, lang, you)
    elif error.kind == "card":
        sentence = _card(code, f, lang)
    else:
        sentence = _other(code, f, lang)
    sentence += f" ({paragraphs(error.rule, lang)})" if error.rule else ""
    return f"{sentence[0].upper()}{sentence[1:]}." if you else sentence


def _other(code: str, f: dict[str, Any], lang: str) -> str:
    """The refusals of the live seat (live.py)."""
    en = lang == "en"
    if code == "no_seat":
        seats = ", ".join(f["seats"])
        return (f"no seat {_shown(f['seat'], lang)}: the seats are {seats} and banker" if en else
                f"места {_shown(f['seat'], lang)} нет: места — {seats} и банкир")
    if code == "nothing_to_undo":
        return "nothing to undo: you have made no move yet" if en else "отменять нечего: вы ещё не сделали хода"
    if code == "no_seat_taken":
        return "take a seat first" if en else "сначала займите место за столом"
    if code == "practice_session":
        return (f"a series of {f['games']} games is played by the computer players: there is nothing to practise"
                if en else f"серию из {f['games']} конов играют игроки-компьютеры: тренироваться не на чем")
    if code == "no_decision":
        return (f"the recorded hand has no decision {_shown(f['index'], lang)}" if en else
                f"решения {_shown(f['index'], lang)} в записанной партии нет")
    if code == "not_playoff_decision":
        return (f"decision {_shown(f['index'], lang)} is not one of the play-off: only the play-off's decisions are valued"
                if en else f"решение {_shown(f['index'], lang)} принято не в розыгрыше: оцениваются только решения розыгрыша")
    if code == "hint_not_your_turn":  # hint.py, to the visitor
        return ("there is no hint to give: it is not your turn" if en else
                "подсказать нечего: сейчас не ваша очередь")
    if code == "hint_not_playoff":
        return ("a hint is given in the play-off only (to lead, to beat or take, to play a card to a trick), "
                "not for the banker's spread" if en else
                "подсказка даётся только в розыгрыше — когда нужно пойти, отбиться или забрать, положить карту "
                "во взятку, — а не когда банкир распределяет сумму по картам")
    if code == "no_opponents":  # live.py's seat request
        return (f"no opponents {_shown(f['opponents'], lang)}: the computer players are the default ones "
                "(default) or the strong ones (strong)" if en else
                f"соперников {_shown(f['opponents'], lang)} нет: игроки-компьютеры — обычные (default) "
                "или сильные (strong)")
    if code == "bad_setup":
        return (f"the settings are incomplete: {f['missing']}" if en else f"в настройках не хватает: {f['missing']}")
    raise KeyError(code)


errors.set_wording(explain)
