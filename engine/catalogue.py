"""What the interface names, in one language, as plain data: the options and their readings, the
cards, ranks and suits in the forms the page draws, the counted nouns, the phases, the decisions,
the game's terms, the table's limits and the way the language cites a paragraph of the text.

The site embeds it in every page that has a demo (the build calls `catalogue(lang)`), so the
page takes every rule's and every card's name from the engine and keeps no copy of its own.
"""

from __future__ import annotations

from typing import Any

from .cards import FULL_DECK, SUITS
from .game import Phase
from .limits import MAX_CHIPS, catalogue_limits
from .options import CATALOGUE, Options
from .words import NOUNS, PARAGRAPH_IDS, RANK_INDEX, SUIT_LETTERS, SUIT_SYMBOLS, SUIT_WORDS, card_name, paragraphs

# The phases as the table's heading names them: the lottery's rounds, the play-off, the end.
_LOTTERY = {Phase.START, Phase.ROUND, Phase.PAY, Phase.STAKE, Phase.SPREAD, Phase.DEAL, Phase.REVEAL,
            Phase.DISCARD, Phase.ASIDE}
_PHASE_WORDS = {
    "start": {"en": "Start", "ru": "Начало"},
    "lottery": {"en": "Round {n}", "ru": "Круг {n}"},
    "playoff": {"en": "Play-off", "ru": "Розыгрыш"},
    "over": {"en": "Game over", "ru": "Кон окончен"},
}

# What the seated visitor is asked to do, by decision.
DECISIONS = {
    "stake": {"en": "Spread the sum over the four cards, at least one chip on each.",
              "ru": "Распределите сумму по четырём картам, хотя бы по фишке на каждую."},
    "lead": {"en": "Lead one card, or two of one rank.", "ru": "Ходите одной картой или двумя одного достоинства."},
    "answer": {"en": "Beat the cards led to you, or take them if you cannot.",
               "ru": "Отбейте выхоженные под вас карты или, если не можете, возьмите их."},
    "trick": {"en": "Play a card to the trick: follow suit if you can.",
              "ru": "Положите карту во взятку: той же масти, если она у вас есть."},
}

# The game's words as the table names them, one word per thing in each language.
TERMS = {
    "banker": {"en": "Banker", "ru": "Банкир"},
    "dealer": {"en": "Dealer", "ru": "Сдающий"},
    "pool": {"en": "Pool", "ru": "Банк"},
    "prize": {"en": "Fines to be played for", "ru": "Штраф на розыгрыш"},  # fines_to = playoff_prize (p12)
    "kitty": {"en": "Kitty", "ru": "Копилка"},  # kitty = kept_apart (p15)
    "deck": {"en": "Deck", "ru": "Колода"},
    "discard": {"en": "Discard", "ru": "Сброс"},
    "banker_discard": {"en": "Banker's discard", "ru": "Сброс банкира"},
    "takings": {"en": "Takings", "ru": "Доход"},
    "row": {"en": "The banker's four", "ru": "Четвёрка банкира"},
    "hand": {"en": "Hand", "ru": "На руках"},
    "aside": {"en": "Laid-aside cards", "ru": "Отложенные карты"},
    "penalty": {"en": "Cards not beaten", "ru": "Неотбитые карты"},
    "tricks": {"en": "Tricks", "ru": "Взятки"},
    "balance": {"en": "Chips", "ru": "Фишки"},
    "face_down": {"en": "face-down card", "ru": "карта рубашкой вверх"},
}

# The seat a visitor may take besides a player's, as a sentence names it mid-way ("Your seat: the
# banker." / «Ваше место: банкир.»), where the table's headings above are capitalized.
ROLES = {
    "banker": {"en": "the banker", "ru": "банкир"},
}


def phase_part(phase: Phase) -> str:
    """Which part of the game a phase belongs to: start, lottery, playoff or over."""
    if phase is Phase.START:
        return "start"
    if phase is Phase.OVER:
        return "over"
    return "lottery" if phase in _LOTTERY else "playoff"


def catalogue(lang: str) -> dict[str, Any]:
    """Everything the interface names, in `lang` (see the module's doc)."""
    default = Options().to_mapping()
    options = []
    for info in CATALOGUE:
        options.append({
            "key": info.key, "rules": list(info.rules), "kind": info.kind, "default": default[info.key],
            "minimum": info.minimum, **({"maximum": MAX_CHIPS} if info.kind != "choice" else {}), "label": info.label[lang], "question": info.question[lang],
            "choices": [{"value": c.value, "label": c.label[lang], "reading": c.reading[lang] if c.reading else None}
                        for c in info.choices],
        })
    return {
        "lang": lang,
        "limits": catalogue_limits(),  # what the page checks itself (a file's size, a note's length…) or shows
        # How the page's language cites each paragraph: "p7" in English, «§7» in Russian.
        "paragraphs": {pid: paragraphs(pid, lang) for pid in PARAGRAPH_IDS},
        "options": options,
        "suits": [{"code": s, "symbol": SUIT_SYMBOLS[s], "letter": SUIT_LETTERS[lang][s], "word": SUIT_WORDS[lang][s],
                   "red": s in "HD"} for s in SUITS],
        "cards": {str(c): {"name": card_name(c, lang), "index": RANK_INDEX[lang].get(c.rank, str(c.rank))}
                  for c in FULL_DECK},
        "nouns": {noun: forms[lang]["nom"] for noun, forms in NOUNS.items()},
        "phases": {p.value: phase_part(p) for p in Phase},
        "phase_words": {part: words[lang] for part, words in _PHASE_WORDS.items()},
        "decisions": {kind: words[lang] for kind, words in DECISIONS.items()},
        "terms": {key: words[lang] for key, words in TERMS.items()},
        "roles": {key: words[lang] for key, words in ROLES.items()},
    }
