"""The interpretations of the text (docs/rules.md, "Options") and the table of players.

Every open question of the source is an option: its key, its values (default first in the
catalogue below, which is also what the interface shows: a label and a one-line reading in
English and Russian for the option and for each value) and the paragraphs it reads. Unknown keys
and bad values are refused with the key, what is allowed and the paragraph.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, Mapping

from . import limits
from .cards import SUITS
from .errors import OptionError, TableError
from .limits import MAX_CHIPS, MAX_PLAYERS, MAX_SEED, MIN_PLAYERS, whole_number

__all__ = ["CATALOGUE", "OPTION", "Choice", "MAX_CHIPS", "MAX_PLAYERS", "MAX_SEED", "MIN_PLAYERS", "OptionError",
           "OptionInfo", "Options", "Table", "TableError", "check_carried", "format_suit_fines", "keeps_kitty",
           "plays_for_prize", "whole_number"]

Words = Mapping[str, str]  # lang -> text


@dataclass(frozen=True)
class Choice:
    """One reading of an open question: the value, its label and, when the label is not enough,
    what it means."""

    value: str
    label: Words
    reading: Words | None = None


@dataclass(frozen=True)
class OptionInfo:
    """One open question of the text, as the interface and the command line name it."""

    key: str
    rules: tuple[str, ...]
    kind: Literal["choice", "number", "suit_fines"]
    label: Words        # a noun phrase naming the question
    question: Words     # the open question in one sentence, quoting the text where it helps
    choices: tuple[Choice, ...] = ()
    minimum: int = 0

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(choice.value for choice in self.choices)

    @property
    def rule(self) -> str:
        return ", ".join(self.rules)


def _both(en: str, ru: str) -> Words:
    return {"en": en, "ru": ru}


def _option(kind: Literal["choice", "number", "suit_fines"], default: Any, rules: tuple[str, ...], label: Words,
            question: Words, choices: tuple[Choice, ...] = (), minimum: int = 0) -> Any:
    """A field of `Options` carrying its catalogue entry (the key is the field's name)."""
    info = OptionInfo("", rules, kind, label, question, choices, minimum)
    return field(default=default, metadata={"option": info})


def _choice(rules: tuple[str, ...], label: Words, question: Words, choices: tuple[Choice, ...]) -> Any:
    """An open question with named readings; the first is the default."""
    return _option("choice", choices[0].value, rules, label, question, choices)


def _number(default: int, rules: tuple[str, ...], label: Words, question: Words, minimum: int = 0) -> Any:
    return _option("number", default, rules, label, question, minimum=minimum)


def _suit_fines(default: tuple[tuple[str, int], ...], rules: tuple[str, ...], label: Words, question: Words,
                minimum: int = 0) -> Any:
    return _option("suit_fines", default, rules, label, question, minimum=minimum)


DEFAULT_SUIT_FINES = (("H", 4), ("C", 3), ("D", 2), ("S", 1))  # p15's example


def _parse_suit_fines(value: Any) -> tuple[tuple[str, int], ...]:
    """`"H=4 C=3 D=2 S=1"` or a mapping {"H": 4, ...}; every suit once, whole numbers >= 0."""
    if isinstance(value, str):
        pairs = []
        for item in value.replace(",", " ").split():
            suit, eq, amount = item.partition("=")
            if not eq:
                raise OptionError("suit_fines_item", "p15", item=item)
            pairs.append((suit.strip().upper(), amount.strip()))
    elif isinstance(value, Mapping):
        pairs = [(str(k).upper(), v) for k, v in value.items()]
    else:
        raise OptionError("suit_fines_type", "p15", value=value)
    fines: dict[str, int] = {}
    for suit, amount in pairs:
        if suit not in SUITS or suit in fines:
            raise OptionError("suit_fines_suit", "p15", suit=suit)
        fines[suit] = whole_number(amount, "suit_fines", 0, "p15", maximum=MAX_CHIPS, suit=suit)
    if set(fines) != set(SUITS):
        raise OptionError("suit_fines_missing", "p15", missing=[s for s in SUITS if s not in fines])
    return tuple(sorted(fines.items(), key=lambda kv: (-kv[1], SUITS.index(kv[0]))))


@dataclass(frozen=True, slots=True)
class Options:
    """One value per open question. Each field is declared once, with its catalogue entry (its
    paragraphs, kind, label, question and readings): `CATALOGUE` is read from these fields, in
    their order, and a choice's default is its first reading."""

    playoff: str = _choice(
        ("p10", "p13"),
        _both("Way of playing off the laid-aside cards", "Способ розыгрыша отложенных карт"),
        _both("p13 says “the second stage … is played differently”: another way of playing off, instead of p10's, "
           "or a second stage that follows the play-off by beating?",
           "В §13 сказано, что «второй этап розыгрыша … производится по другому»: это другой способ розыгрыша "
           "вместо описанного в §10 или второй этап, который следует за розыгрышем с отбоем?"),
        (Choice("beating", _both("By beating", "С отбоем")), Choice("tricks", _both("By tricks", "На взятки")),
         Choice("beating_then_tricks", _both("By beating, then by tricks", "Сначала с отбоем, потом на взятки"),
                _both("By beating until a player runs out; then the cards still held are played off by tricks. The "
                   "cards not beaten are fined when the first stage ends (p11), the cards still held at the end "
                   "by suit (p15).",
                   "С отбоем, пока у кого-нибудь не кончатся карты; затем оставшиеся на руках карты разыгрываются на "
                   "взятки. За неотбитые карты штраф платят по окончании первого этапа (§11), за карты, оставшиеся "
                   "на руках в конце, — по мастям (§15)."))))

    hosts_play: str = _choice(
        ("p1", "p2", "p5"),
        _both("Cards dealt to the banker and the dealer", "Карты банкиру и сдающему"),
        _both("p2 chooses the banker and the dealer “from among the players”, but in p1 the parents run the game.",
           "По §2 банкира и сдающего выбирают «из игроков», но в §1 игру ведут родители."),
        (Choice("no", _both("No: they only run the game", "Нет: они только ведут игру")),
         Choice("yes", _both("Yes: they play as the last two seats", "Да: они играют на двух последних местах"))))

    stake: int = _number(
        4, ("p4",),
        _both("Stake per player per round, in chips", "Взнос игрока за круг, в фишках"),
        _both("p4 speaks of “a sum agreed in advance” and gives no figure.",
           "По §4 участники «сдают заранее обусловленную сумму», но число не названо."),
        minimum=1)

    contribution: str = _choice(
        ("p4", "p7"),
        _both("The new stake after the first round", "Новый взнос после первого круга"),
        _both("p7: “for the cards that won nothing a new stake is set”: the stake again, or a stake per such card?",
           "§7: «за карты, ничего не выигравшие, устанавливают новый взнос»: снова тот же взнос или взнос за "
           "каждую такую карту?"),
        (Choice("every_round", _both("The stake again every round", "Тот же взнос каждый круг")),
         Choice("per_losing_card", _both("The stake for each card that won nothing",
                                      "Взнос за каждую карту, ничего не выигравшую")),
         Choice("per_losing_player", _both("The stake from each player holding a card that won nothing",
                                        "Взнос с каждого, у кого есть карта, ничего не выигравшая"),
                _both("One stake from each player who laid a card aside in the round before; a player all of "
                   "whose cards won pays nothing (p7).",
                   "Один взнос с каждого игрока, который в прошлом круге отложил хотя бы одну карту; у кого "
                   "выиграли все карты, тот не платит (§7)."))))

    spread: str = _choice(
        ("p4",),
        _both("Spreading the sum over the four cards", "Распределение суммы по четырём картам"),
        _both("p4: the banker spreads the sum “as he pleases”, but every card gets something.",
           "§4: банкир распределяет сумму «произвольно», но на каждую карту что-нибудь ставится."),
        (Choice("even", _both("As evenly as possible", "Как можно ровнее"),
                _both("The remainder goes to the first cards.", "Остаток — на первые карты.")),
         Choice("random", _both("At random", "Наугад"),
                _both("One chip on each card, then every further chip on a card chosen at random.",
                   "По фишке на каждую карту, остальные — на карты, выбранные наугад.")),
         Choice("chosen", _both("As the banker chooses", "По выбору банкира"),
                _both("The banker's own decision, a move of the game.", "Решает сам банкир: это ход в игре."))))

    unclaimed: str = _choice(
        ("p4", "p5"),
        _both("The chips on a card nobody holds", "Ставка на карте, которой ни у кого нет"),
        _both("p5 gives the sum on a card only to a player who holds the same card; the text never says what becomes "
           "of the chips nobody wins.",
           "По §5 сумму на карте получает только тот, у кого такая же карта; что делать со ставкой, которую никто "
           "не выиграл, текст не говорит."),
        (Choice("carry", _both("Stays on the table for the next four", "Остаётся на столе для следующей четвёрки")),
         Choice("banker", _both("The banker takes it", "Её забирает банкир"))))

    short_deal: str = _choice(
        ("p8",),
        _both("A deal the dealer's deck cannot complete", "Сдача, на которую не хватает колоды сдающего"),
        _both("p8: play goes on “until the banker's or the dealer's deck runs out”: until it is empty, or until it "
           "cannot give everyone three cards?",
           "§8: игра идёт «до окончания колоды банкира или сдающего»: пока колода не опустеет или пока её хватает, "
           "чтобы сдать всем по три карты?"),
        (Choice("deal_out", _both("What is left is dealt", "Сдаётся остаток")),
         Choice("stop", _both("The lottery ends there", "Лотерея на этом кончается"))))

    short_pay: str = _choice(
        ("p4", "p7", "p8"),
        _both("The stake in a short last round", "Взнос в коротком последнем круге"),
        _both("p4: “those taking part in the game pay” the agreed sum; in a short last round, when what is left of the dealer's deck is "
           "dealt, some players are dealt fewer than three cards, or none: does everyone still pay in full?",
           "§4: «участвующие в игре сдают» условленную сумму; в коротком последнем круге, когда сдаётся остаток "
           "колоды сдающего, кому-то достаётся меньше трёх карт или ни одной: платят ли всё равно все полностью?"),
        (Choice("everyone", _both("Everyone pays in full", "Все платят полностью")),
         Choice("dealt_only", _both("Only the players dealt cards pay", "Платят только те, кому сданы карты"),
                _both("In full; a player dealt no card pays nothing.",
                   "Полностью; кому не досталось ни одной карты, тот не платит.")),
         Choice("pro_rata", _both("Each pays for the cards dealt to him", "Каждый платит за сданные ему карты"),
                _both("A third of the usual payment for each card, rounded up to a whole chip.",
                   "Треть обычного взноса за каждую карту, с округлением вверх до целой фишки."))))

    deal: str = _choice(
        ("p5",),
        _both("Dealing the three cards", "Сдача трёх карт"),
        _both("p5: the dealer deals every player “three cards”: all three at once, or one at a time?",
           "§5: сдающий сдаёт всем игрокам «по три карты»: сразу по три или по одной?"),
        (Choice("packets", _both("Three at once to each player", "По три сразу каждому")),
         Choice("single", _both("One at a time, three times round", "По одной, три раза по кругу"))))

    deal_start: str = _choice(
        ("p5", "p8"),
        _both("The first seat dealt in each round", "Начало сдачи в каждом круге"),
        _both("p5 and p8 say that the dealer deals, and deals “again”, but not from whom: from the first seat every "
           "round, or one seat further to the left each round?",
           "В §5 и §8 сказано, что сдающий сдаёт и «снова сдаёт», но не сказано, с кого начинать: каждый круг с "
           "первого места или каждый круг на одно место левее?"),
        (Choice("first_seat", _both("From the first seat every round", "Каждый круг с первого места")),
         Choice("rotates", _both("One seat further left each round", "Каждый круг на место левее"),
                _both("Round 1 from the first seat, round 2 from the second, and so on round the table.",
                   "Первый круг — с первого места, второй — со второго, и так далее по кругу."))))

    beat: str = _choice(
        ("p10",),
        _both("The card that beats", "Карта, которая бьёт"),
        _both("p10 says the neighbour “must beat” the cards, not with what.",
           "В §10 сказано, что сосед «обязан отбить» карты, но не сказано чем."),
        (Choice("same_suit", _both("A higher card of the same suit", "Старшая карта той же масти")),
         Choice("any_suit", _both("Any card of a higher rank", "Любая карта старше достоинством"))))

    failed_defence: str = _choice(
        ("p10",),
        _both("A pair of which only one card can be covered", "Пара, из которой можно покрыть только одну карту"),
        _both("p10: a player who cannot beat takes the cards led to him; the text does not say what happens when he "
           "can cover one card of two.",
           "§10: кто не может отбиться, собирает выхоженные под него карты; что будет, если можно покрыть одну "
           "карту из двух, не сказано."),
        (Choice("take_all", _both("He takes both", "Он забирает обе")),
         Choice("take_unbeaten", _both("He covers one and takes the other", "Одну он кроет, другую забирает"))))

    after_take: str = _choice(
        ("p10",),
        _both("The lead after a failed defence", "Ход после того, как игрок не отбился"),
        _both("p10: a player who has not beaten the cards led to him “misses his turn”: does the lead pass to his left "
           "neighbour, or does the same player lead again, to the next one past him?",
           "§10: игрок, не отбивший выхоженные под него карты, «пропускает ход»: ход переходит к его соседу слева "
           "или тот же игрок ходит снова, уже под следующего?"),
        (Choice("taker_left", _both("His left neighbour leads", "Ходит его сосед слева"),
                _both("The lead he would have had by beating passes on to the next player.",
                   "Ход, который он получил бы, отбившись, переходит к следующему игроку.")),
         Choice("same_leader", _both("The same player leads again", "Тот же игрок ходит снова"),
                _both("To the next player past the one who took the cards.",
                   "Под следующего игрока после того, кто забрал карты."))))

    last_lead: str = _choice(
        ("p10", "p11"),
        _both("A lead of a player's last card", "Ход последней картой"),
        _both("p11: the play-off ends “after one of the players has run out of cards”: is a lead of the leader's last "
           "card still answered, as p10's “must beat” asks, or is the play-off over at once?",
           "§11: розыгрыш кончается «после того, как у одного из игроков все карты кончились»: отбивают ли ход "
           "последней картой, как требует «обязан отбить» из §10, или розыгрыш сразу окончен?"),
        (Choice("answered", _both("The lead is answered first", "На ход сначала отвечают"),
                _both("The neighbour beats or takes the cards; then the play-off ends.",
                   "Сосед отбивается или забирает карты, и только потом розыгрыш кончается.")),
         Choice("stop_at_once", _both("The play-off stops at once", "Розыгрыш сразу кончается"),
                _both("The cards just led are discarded: nobody answers them.",
                   "Только что выхоженные карты уходят в сброс: отбивать их не нужно.")),
         Choice("stop_taken", _both("The play-off stops; the neighbour takes the cards",
                                 "Розыгрыш кончается, соседу остаются выхоженные карты"),
                _both("Nobody answers the cards just led: they join the neighbour's cards not beaten and are "
                   "fined with them (p11).",
                   "На только что выхоженные карты никто не отвечает: они ложатся к неотбитым картам соседа, "
                   "и за них тоже платится штраф (§11)."))))

    penalty_pile: str = _choice(
        ("p11",),
        _both("The fine for the cards not beaten", "Штраф за неотбитые карты"),
        _both("p11: “the players who still have cards in hand pay a fine for each of them, and also for the "
           "cards not beaten”: does the second part bind those players only?",
           "§11: «игроки, у которых остались карты на руках, платят за каждую из них, а также за не отбитые при "
           "розыгрыше карты»: относится ли вторая часть только к этим игрокам?"),
        (Choice("holders_only", _both("Paid only by the players still holding cards", "Платят только те, у кого остались карты")),
         Choice("everyone", _both("Paid by everyone who failed to beat", "Платит каждый, кто не отбился"),
                _both("Even the player who ran out of cards pays for the cards he did not beat.",
                   "Даже тот, у кого кончились карты, платит за карты, которые не отбил."))))

    fine: int = _number(
        1, ("p11",),
        _both("Fine per card, in chips", "Штраф за карту, в фишках"),
        _both("p11 names a fine but no figure.", "В §11 назван штраф, но не его размер."),
        minimum=0)

    fines_to: str = _choice(
        ("p11", "p12"),
        _both("Where the fines of the play-off by beating go", "Куда идут штрафы розыгрыша с отбоем"),
        _both("p12: “the fine goes to be played for in the next game”: into the next game's pool, or, since "
              "“play-off” is the text's word for it (p9, p11, p13), to the next game's play-off, as a prize for it?",
              "§12: «штраф поступает на розыгрыш в следующий кон»: в банк следующего кона или, раз «розыгрыш» — "
              "слово текста для розыгрыша отложенных карт (§9, §11, §13), на розыгрыш следующего кона, как "
              "выигрыш в нём?"),
        (Choice("pool", _both("Into the next game's pool", "В банк следующего кона")),
         Choice("playoff_prize", _both("To be played for in the next game's play-off",
                                       "На розыгрыш следующего кона"),
                _both("The fines are laid apart; in the next game the first player to run out of cards in the "
                      "play-off by beating takes them (players who run out together share them, the odd chips "
                      "wait); if nobody does, they wait for the game after.",
                      "Штрафы откладываются отдельно; в следующем кону их забирает тот, у кого первым кончатся "
                      "карты при розыгрыше с отбоем (у кого кончатся одновременно, те делят их поровну, остаток "
                      "ждёт); если ни у кого, они ждут следующего кона."))))

    suit_fines: tuple[tuple[str, int], ...] = _suit_fines(
        DEFAULT_SUIT_FINES, ("p15",),
        _both("Fine by suit, in chips", "Штраф по мастям, в фишках"),
        _both("p15 gives its figures “for example”: hearts 4, clubs 3, diamonds 2, spades 1.",
           "§15 приводит цифры лишь для примера («например»): черви — 4, трефы — 3, бубны — 2, пики — 1."),
        minimum=0)

    suit_fine_basis: str = _choice(
        ("p15",),
        _both("Counting the suit fine", "Подсчёт штрафа по масти"),
        _both("p15: “for the heart suit, 4 chips”: once for holding hearts, or for every heart held?",
           "§15: «за червовую масть — 4 фишки»: один раз за масть или за каждую черву на руках?"),
        (Choice("per_suit", _both("Once for each suit held", "Один раз за каждую масть")),
         Choice("per_card", _both("For every card held", "За каждую карту"))))

    kitty: str = _choice(
        ("p15",),
        _both("The kitty", "Копилка"),
        _both("p15: the player with cards “pays into the kitty” by suit: does the kitty go on to the next game's "
              "pool, or is it kept apart?",
              "§15: игрок, у которого остались карты, «платит в копилку» по мастям: копилка переходит в банк "
              "следующего кона или хранится отдельно?"),
        (Choice("carried", _both("Carried into the next game's pool", "Переходит в банк следующего кона")),
         Choice("kept_apart", _both("Kept apart, never played for", "Хранится отдельно, её не разыгрывают"),
                _both("The kitty grows from game to game; nobody at the table wins it back.",
                      "Копилка растёт из кона в кон; за столом её никто не выигрывает."))))

    empty_hand_at_start: str = _choice(
        ("p9", "p11", "p14"),
        _both("A player with no cards when the play-off begins", "Игрок без карт к началу розыгрыша"),
        _both("A player whose every card won has nothing to play off: does he sit out, or has he already run out "
           "of cards (p11, p14)?",
           "У игрока, все карты которого выиграли, разыгрывать нечего: он не участвует — или у него уже "
           "«все карты кончились» (§11)?"),
        (Choice("sits_out", _both("He sits out", "Он не участвует")),
         Choice("ends_playoff", _both("The play-off is over at once", "Розыгрыш сразу окончен"))))

    last_card: str = _choice(
        ("p14",),
        _both("A last card played in the middle of a trick", "Последняя карта посреди взятки"),
        _both("p14: cards are played “until one of the players has none”: is the trick still finished?",
           "§14: карты разыгрываются, «пока у одного из игроков они не кончатся»: доигрывается ли взятка?"),
        (Choice("finish_trick", _both("The trick is finished and taken", "Взятка доигрывается и берётся")),
         Choice("stop_at_once", _both("The play-off stops at once", "Розыгрыш сразу кончается"),
                _both("The cards of the unfinished trick are discarded.", "Карты неоконченной взятки сбрасываются."))))

    tricks_end: str = _choice(
        ("p14", "p15"),
        _both("When the play by tricks ends", "Когда кончается игра на взятки"),
        _both("p14: “all the cards are played until one of the players has none left”; p15 fines “the player who "
           "has cards”, one: does the play end when the first player runs out, or go on until one player alone "
           "holds cards?",
           "§14: «разыгрываются все карты, пока у одного из игроков они не кончатся»; по §15 платит «игрок, "
           "имеющий каты» [sic], один: игра кончается, когда карты кончатся у первого игрока, или идёт, пока карты "
           "не останутся только у одного?"),
        (Choice("first_out", _both("When one player has no cards left", "Когда у одного из игроков кончатся карты")),
         Choice("one_left", _both("When only one player still holds cards", "Когда карты остаются только у одного"),
                _both("A player who runs out drops out of the tricks; the others play on, and the last holder pays "
                   "by suit (p15).",
                   "У кого кончились карты, тот выходит из игры на взятки; остальные играют дальше, и по мастям "
                   "платит тот, у кого карты остались последним (§15)."))))

    def __post_init__(self) -> None:
        # Options made directly are checked as strictly as those read from a file.
        for f in fields(self):
            info = OPTION[f.name]
            value = getattr(self, f.name)
            if info.kind == "suit_fines":
                if _parse_suit_fines(dict(value)) != value:
                    raise OptionError("suit_fines_order", info.rule, value=repr(value))
            elif info.kind == "number":
                whole_number(value, f.name, info.minimum, info.rule, maximum=MAX_CHIPS)
            elif value not in info.values:
                raise OptionError("not_a_choice", info.rule, key=f.name, value=str(value), allowed=list(info.values))

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Options:
        """Read keys and values laxly (numbers may be strings, suit_fines a string or a table);
        missing keys take defaults; the constructor then checks every value."""
        kwargs: dict[str, Any] = {}
        for key, value in values.items():
            info = OPTION.get(key)
            if info is None:
                raise OptionError("unknown_option", key=key, known=list(OPTION))
            if info.kind == "suit_fines":
                kwargs[key] = _parse_suit_fines(value)
            elif info.kind == "number":
                kwargs[key] = whole_number(value, key, info.minimum, info.rule, maximum=MAX_CHIPS)
            else:
                kwargs[key] = value
        return cls(**kwargs)

    @classmethod
    def parse_pairs(cls, pairs: list[str]) -> Options:
        """`["beat=any_suit", "stake=2"]`, as on the command line."""
        values: dict[str, str] = {}
        for pair in pairs:
            key, eq, value = pair.partition("=")
            if not eq:
                raise OptionError("not_key_value", pair=pair)
            values[key.strip()] = value.strip()
        return cls.from_mapping(values)

    def to_mapping(self, changed_only: bool = False) -> dict[str, Any]:
        """Plain values (suit_fines as "H=4 C=3 D=2 S=1"), in the catalogue's order."""
        default = Options()
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if changed_only and value == getattr(default, f.name):
                continue
            out[f.name] = format_suit_fines(value) if f.name == "suit_fines" else value
        return out

    def suit_fine(self, suit: str) -> int:
        return dict(self.suit_fines)[suit]


def plays_for_prize(options: Options) -> bool:
    """Whether fines carried in can be played for: laid apart (fines_to, p12) and a play-off by beating to win them in."""
    return options.fines_to == "playoff_prize" and options.playoff != "tricks"


def keeps_kitty(options: Options) -> bool:
    """Whether the kitty is kept apart from the pool (p15)."""
    return options.kitty == "kept_apart"


def check_carried(options: Options, prize: int, kitty: int) -> None:
    """A game may open with fines to be played for only when they can be (p12, `fines_to`), and
    with a kitty apart from the pool only when it is kept so (p15, `kitty`)."""
    if prize and not plays_for_prize(options):
        raise OptionError("prize_not_played", "p12", prize=prize, fines_to=options.fines_to, playoff=options.playoff)
    if kitty and not keeps_kitty(options):
        raise OptionError("kitty_not_kept", "p15", kitty=kitty)


def format_suit_fines(fines: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{s}={n}" for s, n in fines)


CATALOGUE: tuple[OptionInfo, ...] = tuple(replace(f.metadata["option"], key=f.name) for f in fields(Options))
OPTION = {info.key: info for info in CATALOGUE}


@dataclass(frozen=True, slots=True)
class Table:
    """Seats in order ("left" is the next one, wrapping round), and the two hosts (p2). Names are
    kept cleaned (limits.clean_name: NFC, no control or invisible characters), so that seats are
    told apart as a reader tells them apart."""

    players: tuple[str, ...]
    banker: str
    dealer: str

    def __post_init__(self) -> None:
        def clean(name: Any) -> Any:
            return limits.clean_name(name) if isinstance(name, str) else name

        object.__setattr__(self, "players", tuple(clean(p) for p in self.players))
        object.__setattr__(self, "banker", clean(self.banker))
        object.__setattr__(self, "dealer", clean(self.dealer))

    def seats(self, options: Options) -> tuple[str, ...]:
        """The card players: with hosts_play=yes the banker and dealer are the last two seats (p2, p5)."""
        if options.hosts_play == "yes":
            return self.players + (self.banker, self.dealer)
        return self.players

    def check(self, options: Options) -> None:
        limits.seat_names(len(self.players), options.hosts_play == "yes")  # (before a name is read)
        names = list(self.players) + [self.banker, self.dealer]
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise TableError("no_name", name=name)
            limits.name(name)
        if len(set(names)) != len(names):
            raise TableError("same_names", names=names)
        seats = len(self.seats(options))
        if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise TableError("seat_count", "p2", count=seats, hosts_play=options.hosts_play == "yes")
        if options.stake * seats < 4:
            raise TableError("stake_too_small", "p4", stake=options.stake, seats=seats, total=options.stake * seats)

    @classmethod
    def default(cls, count: int, lang: str = "en") -> Table:
        """`count` players with the default names of `lang` (words.DEFAULT_NAMES: Anna, Boris, Vera…
        / Анна, Борис, Вера…), the banker Papa / Папа and the dealer Mama / Мама."""
        from .words import DEFAULT_HOSTS, default_names

        banker, dealer = DEFAULT_HOSTS[lang]
        return cls(default_names(count, lang, (banker, dealer)), banker, dealer)
