"""Every sentence of the narration against the table at its step.

The narration states facts: who holds which card (this round's hand, a laid-aside pile, the
dealer's deck), who leads next and to whom, who must answer and how, who pays what. This test
reads those facts back out of each sentence, in English and in Russian, and checks each against
the game's state after the step (and before it, and at the next step): not against the event the
sentence was made from, so that a fact the game puts wrongly into an event fails here too.

It walks every lesson hand (in both languages, with each language's names), every game of the
Pyodide parity cases, and a random sample of games under every value of every option. A sentence
that none of the patterns below reads fails as unread: the patterns are the narration's every
sentence kind, so a new kind needs its facts checked here before it can be said.
"""

from __future__ import annotations

import ast
import itertools
import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from engine import Card, Game, Options, Table, parse_action, random_policy
from engine import events as ev
from engine.cards import FULL_DECK
from engine.errors import EngineError
from engine.options import CATALOGUE
from engine.policy import play_out
from engine.record import parse_record
from engine.trace import teller
from engine.words import CASES, card_name, name_in
from engine_helpers import playoff_decks

REPO = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------------- the state at each step

@dataclass
class State:
    """The parts of the game a sentence may state a fact about, after an event."""

    phase: str
    round: int
    to_act: int | None
    hands: list[list[Card]]
    aside: list[list[Card]]
    penalty: list[list[Card]]
    tricks: list[int]
    nets: list[int]
    pool: int
    prize: int
    kitty: int
    banker_net: int
    row: list[Card]
    stakes: list[int]
    table: list[tuple[int, Card]]
    discard: set[Card]
    dealer_deck: set[Card]
    banker_left: int
    dealer_left: int
    last_winner: int | None
    defender: int

    @classmethod
    def of(cls, game: Game) -> State:
        return cls(game.phase.value, game.round, game.to_act, [list(h) for h in game.hands],
                   [list(p) for p in game.aside], [list(p) for p in game.penalty], [len(t) for t in game.tricks],
                   list(game.nets), game.pool, game.prize, game.kitty, game.banker_net, list(game.row),
                   list(game.stakes), list(game.table_cards), set(game.discard),
                   set(game.dealer_deck[game.dealer_next:]), game.banker_left, game.dealer_left, game.last_winner,
                   game.defender)

    def holders(self) -> list[int]:
        return [seat for seat, hand in enumerate(self.hands) if hand]


@dataclass
class Step:
    game: Game
    number: int
    event: ev.Event
    text: dict[str, str]
    after: State
    before: State
    next: Step | None = None


@dataclass
class Walk:
    """Steps of games told by the trace's own observer (`trace.teller`), with the state at each."""

    where: str
    steps: list[Step] = field(default_factory=list)

    def observer(self) -> Callable[[Game, ev.Event], None]:
        told: list[dict[str, Any]] = []
        tell = teller(told)
        last: dict[int, tuple[State, Step | None]] = {}

        def observe(game: Game, event: ev.Event) -> None:
            tell(game, event)
            before, previous = last.get(id(game), (None, None))
            state = State.of(game)
            step = Step(game, len(game.events), event, told[-1]["text"], state, before or state)
            if previous is not None:
                previous.next = step
            last[id(game)] = (state, step)
            self.steps.append(step)
        return observe


# ---------------------------------------------------------------------------- reading the sentences

class Words:
    """The names of one table and the 52 cards, as regular expressions, and read back."""

    def __init__(self, game: Game) -> None:
        forms: dict[str, int] = {}
        for seat, name in enumerate(game.seats):
            forms[name] = seat
            for case in ("gen", "dat", "acc", "ins"):
                forms[name_in(name, case).removeprefix("игрока ").removeprefix("игроку ")
                      .removeprefix("игроком ")] = seat
        self.seat_of = forms
        self.banker, self.dealer = game.table.banker, game.table.dealer
        one = _alternation(forms)
        # «игрока P1», «игроков P1 и P2»: a name the Russian does not decline follows «игрок» in its case.
        self.name = rf"(?:игрок\w* )?{one}"
        self.names = rf"{self.name}(?:(?:, | and | и ){self.name})*"
        cards: dict[str, Card] = {}
        for card in FULL_DECK:
            cards[card_name(card, "en")] = card
            for case in CASES:
                cards[card_name(card, "ru", case)] = card
        self.card_of = cards
        self.card = rf"(?:the )?{_alternation(cards)}"
        self.cards = rf"{self.card}(?:(?:, | and | и ){self.card})*"
        self._seat_rx = re.compile(one)
        self._card_rx = re.compile(_alternation(cards))

    def seat(self, text: str) -> int:
        seats = self.seats(text)
        assert len(seats) == 1, text
        return seats[0]

    def seats(self, text: str) -> list[int]:
        return [self.seat_of[m.group(0)] for m in self._seat_rx.finditer(text)]

    def cards_in(self, text: str) -> list[Card]:
        return [self.card_of[m.group(0)] for m in self._card_rx.finditer(text)]

    def expand(self, pattern: str) -> str:
        return (pattern.replace("{NAMES}", self.names).replace("{NAME}", self.name)
                .replace("{CARDS}", self.cards).replace("{CARD}", self.card).replace("{NET}", NET))


# A balance as the narration writes it (engine/words.py `signed`): +7, −7 (a true minus), and 0 without a sign.
NET = r"(?:[+−]\d+|0)"


def _alternation(forms: dict[str, Any]) -> str:
    return "(?<![\\w])(?:" + "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True)) + ")(?![\\w])"


class Claims:
    """The failures found, by the fact that failed."""

    def __init__(self) -> None:
        self.failures: Counter[str] = Counter()
        self.examples: dict[str, str] = {}
        self.checked = Counter[str]()

    def expect(self, ok: bool, fact: str, step: Step, lang: str) -> None:
        self.checked[fact] += 1
        if not ok:
            self.failures[fact] += 1
            self.examples.setdefault(fact, f"{fact}: step {step.number} ({step.event.kind}): {step.text[lang]}")


class Read:
    """What a pattern read from a sentence: its groups by name (None for a group the pattern lacks or
    did not match)."""

    def __init__(self, groups: dict[str, str | None]) -> None:
        self.groups = groups

    def __getitem__(self, key: str) -> str | None:
        return self.groups.get(key)


Check = Callable[[Read, Step, Words, Claims, str], None]
PATTERNS: dict[str, list[tuple[str, str, Check]]] = {}  # event kind -> (lang, pattern, check)


def reads(kind: str, lang: str, pattern: str) -> Callable[[Check], Check]:
    def register(check: Check) -> Check:
        PATTERNS.setdefault(kind, []).append((lang, pattern, check))
        return check
    return register


def _num(text: str | None) -> int:
    return 0 if text in (None, "none") else int(str(text))


def _chip_delta(after: State, before: State, seat: int) -> int:
    return after.nets[seat] - before.nets[seat]


# game_start (p2)

@reads("game_start", "en", r"(?P<banker>.+) is the banker and (?P<dealer>.+) the dealer, each with a deck of 52 "
                           r"cards; the players are (?P<seats>{NAMES})\.(?: The pool carried in holds (?P<pool>\d+) "
                           r"chips?\.)?(?: (?P<prize>\d+) chips? of fines (?:is|are) laid apart, to be played for in "
                           r"the play-off\.)?(?: The kitty, kept apart, holds (?P<kitty>\d+) chips?\.)?")
@reads("game_start", "ru", r"Банкир — (?P<banker>.+), сдающий — (?P<dealer>.+), у каждого колода в 52 листа; "
                           r"играют (?P<seats>{NAMES})\.(?: В банке с прошлого кона (?P<pool>\d+) фиш\w+\.)?"
                           r"(?: Штраф, отложенный на розыгрыш, — (?P<prize>\d+) фиш\w+\.)?"
                           r"(?: В копилке, которая хранится отдельно, (?P<kitty>\d+) фиш\w+\.)?")
def _game_start(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    game, after = step.game, step.after
    c.expect(m["banker"] == game.table.banker and m["dealer"] == game.table.dealer, "who runs the game", step, lang)
    c.expect(w.seats(m["seats"]) == list(range(game.n)), "the players", step, lang)
    c.expect(_num(m["pool"]) == after.pool, "the pool carried in", step, lang)
    c.expect(_num(m["prize"]) == after.prize, "the fines carried in to be played for", step, lang)
    c.expect(_num(m["kitty"]) == after.kitty, "the kitty carried in", step, lang)
    c.expect(len(after.dealer_deck) == 52 and after.banker_left == 52, "two decks of 52", step, lang)


# lay (p3)

@reads("lay", "en", r"Round (?P<round>\d+): the banker takes four cards out of his deck and lays them on the table face "
                    r"down\.")
@reads("lay", "ru", r"Круг (?P<round>\d+): банкир вынимает из своей колоды четыре карты и кладёт их на стол рубашкой "
                    r"вверх\.")
def _lay(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, before = step.after, step.before
    c.expect(int(m["round"]) == after.round, "the round", step, lang)
    c.expect(len(after.row) == 4 and before.banker_left - after.banker_left == 4, "four cards laid", step, lang)


# pay (p4, p7, p8)

ON_TABLE = {"en": r"; (?P<pool>\d+) chips? (?:is|are) now on the table for the banker to spread over the four cards\.",
            "ru": r"; на столе (?P<pool>\d+) фиш\w+ для ставок\."}


@reads("pay", "en", r"Each player pays a stake of (?P<each>\d+) chips?" + ON_TABLE["en"])
@reads("pay", "ru", r"Каждый игрок вносит взнос в (?P<each>\d+) фиш\w+" + ON_TABLE["ru"])
@reads("pay", "en", r"(?:The players pay their stakes|(?P<short>The dealer's deck will not give everyone three cards, so "
                    r"the stakes follow the deal)): (?P<list>{NAME} \d+(?:, {NAME} \d+)*)" + ON_TABLE["en"])
@reads("pay", "ru", r"(?:Игроки вносят взносы|(?P<short>Колоды сдающего не хватит, чтобы сдать всем по три карты, и "
                    r"взносы платят по сдаче)): (?P<list>{NAME} — \d+(?:, {NAME} — \d+)*)" + ON_TABLE["ru"])
def _pay(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    game, after, before = step.game, step.after, step.before
    paid = [-_chip_delta(after, before, seat) for seat in range(game.n)]
    if m["each"] is not None:
        c.expect(all(p == int(m["each"]) for p in paid), "what each pays", step, lang)
    else:
        said = {w.seat(who): int(n) for who, n in re.findall(rf"({w.name})(?: — | )(\d+)", m["list"])}
        c.expect(said == dict(enumerate(paid)), "what each pays", step, lang)
    if m["short"]:
        c.expect(before.dealer_left < 3 * game.n, "a short deal", step, lang)
    c.expect(int(m["pool"]) == after.pool, "the chips on the table", step, lang)


# spread (p4)

@reads("spread", "en", r"The banker spreads the sum over the four cards (?P<how>as evenly as possible|at random|as he "
                       r"chooses): (?P<stakes>\d+(?: \+ \d+){3}), something on every card\.")
@reads("spread", "ru", r"Банкир распределяет сумму по четырём картам (?P<how>как можно ровнее|наугад|по своему выбору): "
                       r"(?P<stakes>\d+(?: \+ \d+){3}), на каждую что-нибудь\.")
def _spread(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, before = step.after, step.before
    stakes = [int(s) for s in m["stakes"].split(" + ")]
    c.expect(stakes == after.stakes and min(stakes) >= 1, "the chips on each card", step, lang)
    c.expect(sum(stakes) == before.pool and after.pool == 0, "the whole sum spread", step, lang)
    how = {"as evenly as possible": "even", "как можно ровнее": "even", "at random": "random", "наугад": "random",
           "as he chooses": "chosen", "по своему выбору": "chosen"}[m["how"]]
    c.expect(how == step.game.options.spread, "how the sum is spread", step, lang)


# deal (p5, p8)

@reads("deal", "en", r"(?:The dealer deals three cards to each player: |(?P<short>The dealer's deck is nearly out: what "
                     r"is left is dealt in the usual order\. ))(?P<got>{NAME} gets {CARDS}(?:; {NAME} gets {CARDS})*)\."
                     r"(?: (?P<none>{NAMES}) gets? no cards\.)?")
@reads("deal", "ru", r"(?:Сдающий сдаёт каждому игроку по три карты: |(?P<short>Колода сдающего на исходе: оставшиеся "
                     r"карты сдаются в обычном порядке\. ))(?P<got>{NAME} — {CARDS}(?:; {NAME} — {CARDS})*)\."
                     r"(?: (?P<none>{NAMES}) карт не достаётся\.)?")
def _deal(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    game, after, before = step.game, step.after, step.before
    dealt = {}
    for part in m["got"].split("; "):
        who, _, cards = part.partition(" gets " if lang == "en" else " — ")
        dealt[w.seat(who)] = w.cards_in(cards)
    c.expect(all(after.hands[seat] == cards for seat, cards in dealt.items()), "the cards dealt", step, lang)
    none = w.seats(m["none"] or "")
    c.expect(sorted([*dealt, *none]) == list(range(game.n)) and all(not after.hands[s] for s in none),
             "who is dealt nothing", step, lang)
    short = bool(m["short"])
    c.expect(short == (before.dealer_left < 3 * game.n), "a short deal", step, lang)
    c.expect(short or all(len(cards) == 3 for cards in dealt.values()), "three cards each", step, lang)


# reveal (p5, p4)

NTH = {"first": 1, "second": 2, "third": 3, "fourth": 4, "первую": 1, "вторую": 2, "третью": 3, "четвёртую": 4}


@reads("reveal", "en", r"The banker turns up the (?P<nth>\w+) card, (?P<card>{CARD}), with (?P<chips>\d+) chips? on it: "
                       r"(?:(?P<winner>{NAME}) holds the same card and takes the whole sum on it|nobody was dealt it "
                       r"this round \((?:it lies among (?P<aside>{NAME})'s laid-aside cards|(?P<deck>it is still in the "
                       r"dealer's deck))\), so (?:(?P<pool>the chips on it stay on the table for the next four)|(?P<banker>"
                       r"the banker takes the chips on it)))\.")
@reads("reveal", "ru", r"Банкир вскрывает (?P<nth>\w+) карту — (?P<card>{CARD}), на ней (?P<chips>\d+) фиш\w+: "
                       r"(?:такая же карта у (?P<winner>{NAME}), и вся сумма достаётся (?P<winner2>{NAME})|в этом круге "
                       r"такая карта никому не сдана \((?:она среди отложенных карт (?P<aside>{NAME})|(?P<deck>она ещё в "
                       r"колоде сдающего))\), и (?:(?P<pool>ставка остаётся на столе для следующей четвёрки)|(?P<banker>"
                       r"ставку забирает банкир)))\.")
def _reveal(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, before = step.after, step.before
    position, card, on_it = NTH[m["nth"]], w.card_of[m["card"].removeprefix("the ")], int(m["chips"])
    c.expect(after.row[position - 1] == card, "the card turned up", step, lang)
    c.expect(before.stakes[position - 1] == on_it, "the chips on the card", step, lang)
    holders = [seat for seat, hand in enumerate(after.hands) if card in hand]
    if m["winner"]:
        winner = w.seat(m["winner"])
        c.expect(m["winner2"] in (None, m["winner"]) or w.seat(m["winner2"]) == winner,
                 "who holds the card", step, lang)
        c.expect(holders == [winner], "who holds the card", step, lang)
        c.expect(_chip_delta(after, before, winner) == on_it, "what the winner takes", step, lang)
        return
    c.expect(holders == [], "nobody was dealt the card this round", step, lang)
    if m["aside"]:
        c.expect(card in after.aside[w.seat(m["aside"])], "whose laid-aside cards hold it", step, lang)
    else:
        c.expect(card in after.dealer_deck, "the card is in the dealer's deck", step, lang)
    if m["pool"]:
        c.expect(after.pool - before.pool == on_it and step.game.options.unclaimed == "carry", "the chips stay", step, lang)
    else:
        c.expect(after.banker_net - before.banker_net == on_it, "the banker takes the chips", step, lang)


# discard (p6)

@reads("discard", "en", r"The banker discards the four open cards(?P<won>(?:; {NAME} discards the winning {CARDS})*)\.")
@reads("discard", "ru", r"Банкир сбрасывает открытые карты(?P<won>(?:; {NAME} сбрасывает (?:выигравшую карту|выигравшие "
                        r"карты) — {CARDS})*)\.")
def _discard(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    before, after = step.before, step.after
    said = {}
    for part in m["won"].split("; ")[1:]:
        who, _, cards = part.partition(" discards " if lang == "en" else " сбрасывает ")
        said[w.seat(who)] = set(w.cards_in(cards))
    won = {seat: set(hand) & set(before.row) for seat, hand in enumerate(before.hands) if set(hand) & set(before.row)}
    c.expect(said == won, "the winning cards discarded", step, lang)
    c.expect(after.row == [] and all(not set(h) & set(before.row) for h in after.hands), "the four discarded", step, lang)


# lay_aside (p7)

@reads("lay_aside", "en", r"(?:Each player lays aside the cards that won nothing: (?P<list>{NAME} \d+ cards?(?:, {NAME} "
                          r"\d+ cards?)*)|(?P<nothing>Nobody has a card to lay aside))\.")
@reads("lay_aside", "ru", r"(?:Карты, ничего не выигравшие, каждый игрок кладёт к своим отложенным картам: (?P<list>"
                          r"{NAME} — \d+ карт\w*(?:, {NAME} — \d+ карт\w*)*)|(?P<nothing>Откладывать нечего))\.")
def _lay_aside(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    before, after = step.before, step.after
    said = {w.seat(who): int(n) for who, n in re.findall(rf"({w.name})(?: — | )(\d+)", m["list"] or "")}
    laid = {seat: len(hand) for seat, hand in enumerate(before.hands) if hand}
    c.expect(said == laid, "the cards laid aside", step, lang)
    c.expect(all(len(after.aside[s]) - len(before.aside[s]) == n for s, n in laid.items()), "the piles grow", step, lang)


# lottery_end (p8, p9; p4)

@reads("lottery_end", "en", r"After (?P<rounds>\d+) rounds? the dealer has (?P<dealer>\d+) cards? left, but what the "
                            r"players would pay for (?P<them>it|them) cannot put a chip on each of the banker's four, so the "
                            r"lottery is over \((?P<banker>\d+) cards? left in the banker's deck\)(?P<played>; the laid-aside "
                            r"cards will be played off)?\.")
@reads("lottery_end", "ru", r"После (?P<rounds>\d+)-го круга в колоде сдающего всего (?P<dealer>\d+) карт\w*, и взносов "
                            r"за короткую сдачу не хватит даже на фишку для каждой из четырёх карт банкира: лотерея "
                            r"окончена \(в колоде банкира (?P<banker>\d+) карт\w*\)(?P<played>; разыгрываются отложенные карты)?\.")
@reads("lottery_end", "en", r"After (?P<rounds>\d+) rounds? the (?P<whose>banker's|dealer's) deck cannot start another, "
                            r"so the lottery is over \((?P<banker>\d+) cards? left in the banker's deck, (?P<dealer>\d+|none) "
                            r"in the dealer's\)(?P<played>; the laid-aside cards will be played off)?\.")
@reads("lottery_end", "ru", r"После (?P<rounds>\d+)-го круга колоды (?P<whose>банкира|сдающего) на новый круг не "
                            r"хватает: лотерея окончена \(в колоде банкира (?P<banker>\d+) карт\w*, (?:колода сдающего "
                            r"(?P<empty>пуста)|в колоде сдающего (?P<dealer>\d+) карт\w*)\)(?P<played>; разыгрываются "
                            r"отложенные карты)?\.")
def _lottery_end(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, game = step.after, step.game
    c.expect(_num(m["rounds"]) == after.round, "the rounds played", step, lang)
    c.expect(_num(m["banker"]) == after.banker_left and _num(m["dealer"]) == after.dealer_left,
             "the cards left in each deck", step, lang)
    later = step.game.events[step.number:]
    c.expect(bool(m["played"]) == any(e.kind in ("lead", "play") for e in later), "the cards are played off", step,
             lang)
    if m["them"]:
        c.expect((m["them"] == "it") == (after.dealer_left == 1), "it or them", step, lang)
    if m["whose"]:
        need = 1 if game.options.short_deal == "deal_out" else 3 * game.n
        short = after.banker_left < 4 if m["whose"] in ("banker's", "банкира") else after.dealer_left < need
        c.expect(short, "the deck that cannot start a round", step, lang)


# playoff_start (p9, p10, p13) and second_stage (p11, p13)

LEADER = {
    "en": r"(?:(?P<leader>{NAME}) took the last prize and leads|(?P<leader_nobody>{NAME}) leads \(nobody won a prize\)|"
          r"(?P<winner>{NAME}) took the last prize but has no cards, so (?P<leader_left>{NAME}), next on the left, leads)",
    "ru": r"(?:Начинает (?P<leader>{NAME}): последний выигрыш достался (?P<leader2>{NAME})|Начинает (?P<leader_nobody>"
          r"{NAME}) \(выигрышей не было\)|Последний выигрыш достался (?P<winner>{NAME}), но карт у (?P<winner2>{NAME}) "
          r"нет, и ход переходит влево, к (?P<leader_left>{NAME}))",
}
SITTING_OUT = {"en": r"(?: (?P<out>{NAMES}) sits? out with no cards\.)?",
               "ru": r"(?: (?P<out>{NAMES}) без карт и не игра(?:ет|ют)\.)?"}


def _check_leader(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, game = step.after, step.game
    named = m["leader"] or m["leader_nobody"] or m["leader_left"]
    leader = w.seat(named)
    c.expect(after.to_act == leader and after.phase in ("lead", "trick"), "who leads", step, lang)
    if m["leader"]:
        c.expect(after.last_winner == leader, "who took the last prize", step, lang)
    elif m["leader_nobody"]:
        c.expect(after.last_winner is None, "nobody won a prize", step, lang)
    else:
        winner = w.seat(m["winner"])
        c.expect(after.last_winner == winner and not after.hands[winner], "who took the last prize", step, lang)
        left = next(s for s in ((winner + i) % game.n for i in range(1, game.n)) if after.hands[s])
        c.expect(leader == left, "the next on the left with cards", step, lang)
    out = w.seats(m["out"] or "")
    c.expect(out == [s for s in range(game.n) if not after.hands[s]], "who sits out", step, lang)


def _check_only_holders(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    holders = [w.seat(m["only"])] if m["only"] else []
    c.expect(step.after.holders() == holders and step.after.phase == "fines", "who still holds cards", step, lang)
    for also in ("only2", "only3"):
        if m[also]:
            c.expect([w.seat(m[also])] == holders, "who still holds cards", step, lang)


@reads("playoff_start", "en", r"The play-off(?P<way> by beating| by tricks)? cannot be played: (?:only (?P<only>{NAME}) "
                              r"holds cards, and (?P<only2>{NAME})'s cards are fined as they stand|nobody holds cards)\.")
@reads("playoff_start", "ru", r"Розыгрыша(?P<way> с отбоем| на взятки)? не будет: (?:карты остались только у (?P<only>"
                              r"{NAME}), и штраф платят за то, что на руках|карт не осталось ни у кого)\.")
def _too_few(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    _check_only_holders(m, step, w, c, lang)
    way = {None: "beating_then_tricks", " by beating": "beating", " с отбоем": "beating", " by tricks": "tricks",
           " на взятки": "tricks"}[m["way"]]
    c.expect(way == step.game.options.playoff, "the way of playing off", step, lang)


@reads("playoff_start", "en", r"(?P<out>{NAMES}) (?:has|have) no laid-aside cards, so (?P<what>the stage by beating|the "
                              r"play-off by beating|the play-off by tricks) is over before it starts\.")
@reads("playoff_start", "ru", r"У (?P<out>{NAMES}) нет отложенных карт, и (?P<what>этап с отбоем|розыгрыш с отбоем|"
                              r"розыгрыш на взятки) окончен, не начавшись\.")
def _empty_hand(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, game = step.after, step.game
    c.expect(w.seats(m["out"]) == [s for s in range(game.n) if not after.hands[s]], "who has no cards", step, lang)
    c.expect(game.options.empty_hand_at_start == "ends_playoff" and after.phase in ("fines", "second_stage"),
             "the play-off over before it starts", step, lang)


@reads("playoff_start", "en", r"(?P<way>The play-off begins, by beating first and then by tricks|The play-off by beating "
                              r"begins|The play-off by tricks begins): each player takes the laid-aside cards in hand\. "
                              + LEADER["en"] + r"\." + SITTING_OUT["en"])
@reads("playoff_start", "ru", r"(?P<way>Начинается розыгрыш — сначала с отбоем, потом на взятки|Начинается розыгрыш с "
                              r"отбоем|Начинается розыгрыш на взятки): каждый игрок берёт в руки свои отложенные карты\. "
                              + LEADER["ru"] + r"\." + SITTING_OUT["ru"])
def _playoff_start(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    _check_leader(m, step, w, c, lang)
    c.expect(all(not p for p in step.after.aside), "the laid-aside cards taken in hand", step, lang)


@reads("second_stage", "en", r"(?P<ran_out>{NAMES}) (?:has|have) no cards left, so the stage by beating is over: the "
                             r"fines for cards not beaten are paid now, and the cards still held are played off by tricks\. "
                             + LEADER["en"] + r"\." + SITTING_OUT["en"])
@reads("second_stage", "ru", r"У (?P<ran_out>{NAMES}) кончились карты, и этап с отбоем окончен: штраф за неотбитые карты "
                             r"платят сейчас, а оставшиеся на руках карты разыгрываются на взятки\. "
                             + LEADER["ru"] + r"\." + SITTING_OUT["ru"])
def _second_stage(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    c.expect(all(not step.after.hands[s] for s in w.seats(m["ran_out"])), "who has run out", step, lang)
    _check_leader(m, step, w, c, lang)


@reads("second_stage", "en", r"(?P<ran_out>{NAMES}) (?:has|have) no cards left, so the stage by beating is over: the "
                             r"fines for cards not beaten are paid now\. (?:Only (?P<only>{NAME}) still holds cards, so "
                             r"there is no stage by tricks: (?P<only2>{NAME}) pays by suit|Nobody still holds cards, so "
                             r"there is no stage by tricks)\.")
@reads("second_stage", "ru", r"У (?P<ran_out>{NAMES}) кончились карты, и этап с отбоем окончен: штраф за неотбитые карты "
                             r"платят сейчас\. (?:Карты остались только у (?P<only>{NAME}), и на взятки играть некому: "
                             r"(?P<only2>{NAME}) платит по мастям|Карт не осталось ни у кого, и на взятки играть некому)\.")
def _no_second_stage(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    c.expect(all(not step.after.hands[s] for s in w.seats(m["ran_out"])), "who has run out", step, lang)
    _check_only_holders(m, step, w, c, lang)


# lead (p10): the defender's duty as the options make it, worked out by hand

DUTY = {
    ("en", 1, "same_suit", "take_all"): "beat it with a higher card of the same suit, or else take it",
    ("en", 1, "any_suit", "take_all"): "beat it with a card of higher rank, or else take it",
    ("en", 2, "same_suit", "take_all"): "beat each with a higher card of its suit, or else take both",
    ("en", 2, "any_suit", "take_all"): "beat each with a card of higher rank, or else take both",
    ("en", 2, "same_suit", "take_unbeaten"): "beat each with a higher card of its suit, and take any not beaten",
    ("en", 2, "any_suit", "take_unbeaten"): "beat each with a card of higher rank, and take any not beaten",
    ("ru", 1, "same_suit", "take_all"): "нужно отбиться старшей картой той же масти, а если нечем — забрать эту карту",
    ("ru", 1, "any_suit", "take_all"): "нужно отбиться картой старше достоинством, а если нечем — забрать эту карту",
    ("ru", 2, "same_suit", "take_all"): "нужно отбить каждую старшей картой той же масти, а если нечем — забрать обе",
    ("ru", 2, "any_suit", "take_all"): "нужно отбить каждую картой старше достоинством, а если нечем — забрать обе",
    ("ru", 2, "same_suit", "take_unbeaten"): "нужно отбить каждую старшей картой той же масти, а что отбить нечем — "
                                             "забрать",
    ("ru", 2, "any_suit", "take_unbeaten"): "нужно отбить каждую картой старше достоинством, а что отбить нечем — "
                                            "забрать",
}


@reads("lead", "en", r"(?P<who>{NAME}) leads (?P<cards>{CARDS}) to (?P<to>{NAME})(?:, who must (?P<duty>[^.]+))?\.")
@reads("lead", "ru", r"(?P<who>{NAME}) ходит под (?P<to>{NAME}) (?P<cards>{CARDS})(?:; (?P<to2>{NAME}) (?P<duty>нужно "
                     r"[^.]+))?\.")
def _lead(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, before, options = step.after, step.before, step.game.options
    who, to, cards = w.seat(m["who"]), w.seat(m["to"]), w.cards_in(m["cards"])
    c.expect(after.table == [(who, card) for card in cards], "the cards led, and by whom", step, lang)
    c.expect(all(card in before.hands[who] and card not in after.hands[who] for card in cards), "the cards led",
             step, lang)
    c.expect(after.defender == to, "whom the cards are led to", step, lang)
    if m["duty"] is None:
        c.expect(after.phase == "abandon_lead", "nobody answers", step, lang)
        return
    c.expect(after.phase == "answer" and after.to_act == to, "who must answer", step, lang)
    if m["to2"]:
        c.expect(w.seat(m["to2"]) == to, "who must answer", step, lang)
    failed = options.failed_defence if len(cards) == 2 else "take_all"
    c.expect(m["duty"] == DUTY[lang, len(cards), options.beat, failed], "the defender's duty", step, lang)


# beat and take (p10): who leads next, and to whom, as the next step shows

COVERS = {"en": r"{CARD} with {CARD}(?: and {CARD} with {CARD})?", "ru": r"{CARD} {CARD}(?: и {CARD} {CARD})?"}


def _check_next_lead(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    nxt = step.next
    if m["next"] is None:
        c.expect(step.after.phase != "lead" and (nxt is None or nxt.event.kind != "lead"), "nobody leads next",
                 step, lang)
        return
    leader, to = w.seat(m["next"]), w.seat(m["to"])
    c.expect(step.after.phase == "lead" and step.after.to_act == leader, "who leads next", step, lang)
    c.expect(nxt is not None and nxt.event.kind == "lead" and nxt.after.table[0][0] == leader
             and nxt.after.defender == to, "who leads next, and to whom", step, lang)


def _check_covers(m: Read, step: Step, w: Words, c: Claims, lang: str, who: int) -> list[Card]:
    covers = w.cards_in(m["covers"] or "")
    led_cards = [card for _, card in step.before.table]
    pairs = list(zip(covers[::2], covers[1::2]))
    c.expect(all(led in led_cards and cover in step.before.hands[who] and cover not in step.after.hands[who]
                 and {led, cover} <= step.after.discard for led, cover in pairs), "the cards covered", step, lang)
    return [led for led, _ in pairs]


@reads("beat", "en", r"(?P<who>{NAME}) beats (?P<covers>" + COVERS["en"] + r")\. The cards are discarded(?:, and "
                     r"(?P<next>{NAME}) leads next, to (?P<to>{NAME}))?\.")
@reads("beat", "ru", r"(?P<who>{NAME}) бьёт (?P<covers>" + COVERS["ru"] + r")\. Карты сбрасываются(?:, и теперь "
                     r"(?P<next>{NAME}) ходит под (?P<to>{NAME}))?\.")
def _beat(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    who = w.seat(m["who"])
    c.expect(step.before.to_act == who, "who answers", step, lang)
    covered = _check_covers(m, step, w, c, lang, who)
    c.expect(sorted(covered) == sorted(card for _, card in step.before.table) and step.after.table == [],
             "every card led beaten", step, lang)
    c.expect(m["next"] is None or w.seat(m["next"]) == who, "the one who beat leads", step, lang)
    _check_next_lead(m, step, w, c, lang)


@reads("take", "en", r"(?P<who>{NAME}) (?:cannot beat and takes|covers (?P<covers>" + COVERS["en"] + r") but cannot beat "
                     r"the other, and takes) (?P<cards>{CARDS}) into the pile of cards not beaten\.(?: (?P<who2>{NAME}) "
                     r"misses the turn: (?P<next>{NAME}) leads (?P<again>again|next), to (?P<to>{NAME})\.)?")
@reads("take", "ru", r"(?P<who>{NAME}) (?:не может отбиться и забирает|кроет (?P<covers>" + COVERS["ru"] + r"), но вторую "
                     r"карту отбить не может и забирает) (?P<cards>{CARDS}) в стопку неотбитых карт\.(?: (?P<who2>{NAME}) "
                     r"пропускает ход: (?:(?P<next_again>{NAME}) снова ходит|теперь (?P<next_other>{NAME}) ходит) под "
                     r"(?P<to>{NAME})\.)?")
def _take(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    groups = dict(m.groups)
    if lang == "ru" and groups["to"]:  # «Вера снова ходит под …» / «теперь Борис ходит под …»
        groups["next"] = groups["next_again"] or groups["next_other"]
        groups["again"] = "again" if groups["next_again"] else "next"
    who, before, after = w.seat(m["who"]), step.before, step.after
    taken = w.cards_in(m["cards"])
    covered = _check_covers(m, step, w, c, lang, who)
    c.expect(before.to_act == who, "who answers", step, lang)
    c.expect(sorted(taken + covered) == sorted(card for _, card in before.table), "the cards taken", step, lang)
    c.expect(all(card in after.penalty[who] for card in taken), "the cards not beaten", step, lang)
    if covered:
        c.expect(len(before.table) == 2 and step.game.options.failed_defence == "take_unbeaten", "the other", step,
                 lang)
    if groups.get("who2"):
        c.expect(w.seat(groups["who2"] or "") == who, "who misses the turn", step, lang)
    if groups.get("next") is not None:
        led_by = before.table[0][0]
        c.expect(w.seat(groups["next"]) != who, "the one who took misses the turn", step, lang)
        c.expect((groups["again"] == "again") == (w.seat(groups["next"]) == led_by), "the same leader again", step,
                 lang)
    _check_next_lead(Read(groups), step, w, c, lang)


@reads("lead_abandoned", "en", r"(?:That was (?P<who>{NAME})'s last card|Those were (?P<who2>{NAME})'s last cards), so "
                               r"the (?P<what>play-off|stage) by beating ends at once: (?P<to>{NAME}) need not answer, and "
                               r"(?P<cards>{CARDS}) (?:goes|go) to the discard\.")
@reads("lead_abandoned", "en", r"(?:That was (?P<who>{NAME})'s last card|Those were (?P<who2>{NAME})'s last cards), so "
                               r"the (?P<what>play-off|stage) by beating ends at once: nobody answers, and "
                               r"(?P<cards>{CARDS}) (?:goes|go) to (?P<taker>{NAME})'s cards not beaten\.")
@reads("lead_abandoned", "ru", r"(?:Это была последняя карта (?P<who>{NAME})|Это были последние карты (?P<who2>{NAME})), "
                               r"и (?P<what>розыгрыш|этап) с отбоем на этом кончается: отбиваться (?P<to>{NAME}) не "
                               r"нужно, (?P<cards>{CARDS}) (?:уходит|уходят) в сброс\.")
@reads("lead_abandoned", "ru", r"(?:Это была последняя карта (?P<who>{NAME})|Это были последние карты (?P<who2>{NAME})), "
                               r"и (?P<what>розыгрыш|этап) с отбоем на этом кончается: на ход никто не отвечает, "
                               r"(?P<cards>{CARDS}) (?:ложится|ложатся) к неотбитым картам (?P<taker>{NAME})\.")
def _lead_abandoned(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    before, after, options = step.before, step.after, step.game.options
    who, cards = w.seat(m["who"] or m["who2"]), w.cards_in(m["cards"])
    c.expect(not after.hands[who] and before.table == [(who, card) for card in cards], "the last cards led", step, lang)
    c.expect(bool(m["who"]) == (len(cards) == 1), "one card or two", step, lang)
    if m["taker"] is None:
        c.expect(w.seat(m["to"]) == before.defender and options.last_lead == "stop_at_once", "nobody answers", step,
                 lang)
        c.expect(set(cards) <= after.discard and after.table == [], "the cards discarded", step, lang)
    else:  # last_lead = stop_taken: the defender keeps them with his cards not beaten
        taker = w.seat(m["taker"])
        c.expect(taker == before.defender and options.last_lead == "stop_taken", "nobody answers", step, lang)
        c.expect(after.penalty[taker][-len(cards):] == cards and after.table == [], "the cards to the defender",
                 step, lang)
    stage = m["what"] in ("stage", "этап")
    c.expect(stage == (options.playoff == "beating_then_tricks"), "what ends", step, lang)


# play, trick, trick_abandoned (p13, p14)

@reads("play", "en", r"(?P<who>{NAME}) (?P<verb>leads|plays) (?P<card>{CARD})\.")
@reads("play", "ru", r"(?P<who>{NAME}) (?P<verb>ходит|кладёт) (?P<card>{CARD})\.")
def _play(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    who, card = w.seat(m["who"]), w.cards_in(m["card"])[0]
    c.expect(step.before.to_act == who and step.after.table[-1] == (who, card), "the card played", step, lang)
    c.expect((m["verb"] in ("leads", "ходит")) == (len(step.after.table) == 1), "a lead or not", step, lang)


@reads("trick", "en", r"(?P<who>{NAME}) has the highest card of the suit led, takes the trick and lays it aside(?:; "
                      r"(?P<out>{NAMES}) (?:has|have) no cards left and drops? out of the tricks)?(?:; "
                      r"(?P<next>{NAME}) leads next)?\.")
@reads("trick", "ru", r"Старшая карта выхоженной масти — у (?P<who>{NAME}): (?P<who2>{NAME}) берёт взятку и откладывает "
                      r"её(?:; у (?P<out>{NAMES}) карт больше нет, и (?:(?P<out2>{NAME})|они) (?:выходит|выходят) из "
                      r"игры на взятки)?(?:; следующий ход — за (?P<next>{NAME}))?\.")
def _trick(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    before, after = step.before, step.after
    who = w.seat(m["who"])
    suit = before.table[0][1].suit
    highest = max((card.rank, seat) for seat, card in before.table if card.suit == suit)[1]
    c.expect(highest == who and (m["who2"] is None or w.seat(m["who2"]) == who),
             "who has the highest card of the suit led", step, lang)
    c.expect(after.tricks[who] - before.tricks[who] == len(before.table) and after.table == [], "the trick taken",
             step, lang)
    # tricks_end = one_left: who played his last card in this trick drops out, the others play on.
    ran_out = sorted({seat for seat, _ in before.table if not after.hands[seat]})
    if m["next"] is None:
        c.expect(after.phase != "trick" and m["out"] is None, "nobody leads next", step, lang)
        return
    out = w.seats(m["out"] or "")
    c.expect(sorted(out) == ran_out and (m["out2"] is None or [w.seat(m["out2"])] == out), "who drops out", step, lang)
    c.expect(not out or step.game.options.tricks_end == "one_left", "dropping out under one_left", step, lang)
    nxt = w.seat(m["next"])
    # The taker leads, or, if he has run out, the next on his left with cards.
    n = len(after.hands)
    expected = who if after.hands[who] else next(s % n for s in range(who + 1, who + n) if after.hands[s % n])
    c.expect(nxt == expected and after.phase == "trick" and after.to_act == nxt, "who leads next", step, lang)


@reads("trick_abandoned", "en", r"That was (?P<who>{NAME})'s last card: the play-off stops at once and the unfinished "
                                r"trick is discarded\.")
@reads("trick_abandoned", "ru", r"Это последняя карта (?P<who>{NAME}): розыгрыш тут же кончается, неоконченная взятка "
                                r"сбрасывается\.")
def _trick_abandoned(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    who, before, after = w.seat(m["who"]), step.before, step.after
    c.expect(not after.hands[who] and before.table[-1][0] == who, "whose last card", step, lang)
    c.expect(after.table == [] and {card for _, card in before.table} <= after.discard, "the trick discarded", step,
             lang)


# playoff_end, fines, game_end (p11, p12, p14, p15)

@reads("playoff_end", "en", r"(?P<out>{NAMES}) (?:has|have) no cards left, so the play-off is over; (?:(?P<held>{NAMES}) "
                            r"still holds? cards|nobody holds cards any more)\.")
@reads("playoff_end", "ru", r"У (?P<out>{NAMES}) кончились карты, и розыгрыш окончен; (?:карты остались у (?P<held>"
                            r"{NAMES})|карт не осталось ни у кого)\.")
def _playoff_end(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after = step.after
    c.expect(all(not after.hands[s] for s in w.seats(m["out"])), "who has run out", step, lang)
    c.expect(w.seats(m["held"] or "") == after.holders(), "who still holds cards", step, lang)


@reads("fine", "en", r"(?P<who>{NAME}) pays a fine of (?P<chips>\d+) chips? for (?:(?P<hand>\d+) cards? in hand)?(?: and )?"
                     r"(?:(?P<penalty>\d+) cards? not beaten)?; (?:it goes to the next game's pool|(?P<prize>it is "
                     r"laid apart, to be played for in the next game's play-off))\.")
@reads("fine", "ru", r"(?P<who>{NAME}) платит штраф в (?P<chips>\d+) фиш\w+ за (?:(?P<hand>\d+) карт\w* на руках)?(?: и )?"
                     r"(?:(?P<penalty>\d+) карт\w*, не отбит\w+ при розыгрыше)?; (?:штраф переходит в банк "
                     r"следующего кона|(?P<prize>штраф откладывается на розыгрыш следующего кона))\.")
def _fine(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    who, after, before = w.seat(m["who"]), step.after, step.before
    paid = int(m["chips"])
    # p12: into the next game's pool, or laid apart as the prize of its play-off (fines_to).
    to_prize = bool(m["prize"])
    c.expect(to_prize == (step.game.options.fines_to == "playoff_prize"), "where the fine goes", step, lang)
    gained = after.prize - before.prize if to_prize else after.pool - before.pool
    c.expect(_chip_delta(after, before, who) == -paid and gained == paid, "the fine paid", step, lang)
    if m["hand"]:
        c.expect(int(m["hand"]) == len(after.hands[who]), "the cards in hand", step, lang)
    if m["penalty"]:
        c.expect(int(m["penalty"]) == len(after.penalty[who]), "the cards not beaten", step, lang)
    c.expect(paid == step.game.options.fine * (_num(m["hand"]) + _num(m["penalty"])), "the fine per card", step, lang)


@reads("prize", "en", r"(?:(?P<one>{NAME}) ran out of cards first and takes|(?P<all>{NAMES}) ran out of cards together "
                      r"and share) the (?P<amount>\d+) chips? of fines played for(?:, (?P<each>\d+) chips? each)?"
                      r"(?:; (?P<left>\d+) chips? waits? for the next game)?\.")
@reads("prize", "ru", r"(?:Карты первыми кончились у (?P<one>{NAME}), и (?P<one2>{NAME}) забирает|Карты кончились "
                      r"одновременно у (?P<all>{NAMES}), и они делят) штраф, отложенный на розыгрыш, — (?P<amount>\d+) "
                      r"фиш\w+(?:, по (?P<each>\d+) фиш\w+)?(?:; остаток — (?P<left>\d+) фиш\w+ — ждёт "
                      r"следующего кона)?\.")
def _prize(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    # p12, fines_to = playoff_prize: the fines laid apart go to whoever ran out first in the play-off
    # by beating (together: shared, the odd chips wait).
    after, before = step.after, step.before
    winners = [w.seat(m["one"])] if m["one"] else w.seats(m["all"])
    c.expect(m["one2"] is None or w.seat(m["one2"]) == winners[0], "who takes the prize", step, lang)
    amount, left = int(m["amount"]), _num(m["left"])
    each = int(m["each"]) if m["each"] else amount - left
    c.expect(step.game.options.fines_to == "playoff_prize" and amount == before.prize, "the prize played for", step,
             lang)
    # Whoever's running out ended the play-off by beating, as the step before said (its own reader
    # checks that): the play-off's end, the end of its first stage, or a play-off ended before it began.
    ended = step.game.events[step.number - 2]
    out = ended.sitting_out if isinstance(ended, ev.PlayoffStart) and ended.not_played == "empty_hand" else \
        getattr(ended, "out", None) if isinstance(ended, (ev.PlayoffEnd, ev.SecondStage)) else None
    c.expect(out is not None and sorted(winners) == sorted(map(step.game.seats.index, out))
             and all(not after.hands[s] for s in winners), "who ran out first", step, lang)
    c.expect((m["each"] is None) == (len(winners) == 1), "one winner or shared", step, lang)
    c.expect(each * len(winners) + left == amount and left < len(winners) and after.prize == left, "the shares",
             step, lang)
    c.expect(all(_chip_delta(after, before, s) == each for s in winners), "each winner's chips", step, lang)


SUIT_NOUNS = {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D", "diamonds": "D", "club": "C",
              "clubs": "C", "пики": "S", "черви": "H", "бубны": "D", "трефы": "C"}


@reads("fine", "en", r"(?P<who>{NAME}) still holds (?P<held>\d+ \w+(?:(?:, | and )\d+ \w+)*) and pays (?P<chips>\d+) "
                     r"chips? into the kitty(?P<kept>, which is kept apart)? by suit(?P<once> \(once for each suit "
                     r"held\))?\.")
@reads("fine", "ru", r"У (?P<who>{NAME}) на руках остались (?P<held>\w+ \(\d+ карт\w*\)(?:(?:, | и )\w+ \(\d+ карт\w*\))*): "
                     r"(?P<who2>{NAME}) платит в копилку(?P<kept> \(она хранится отдельно\))? по мастям (?P<chips>\d+) "
                     r"фиш\w+(?P<once> \(по разу за каждую масть\))?\.")
def _suit_fine(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    who, after, before, options = w.seat(m["who"]), step.after, step.before, step.game.options
    if lang == "en":
        held = {SUIT_NOUNS[noun]: int(n) for n, noun in re.findall(r"(\d+) (\w+)", m["held"])}
    else:
        held = {SUIT_NOUNS[noun]: int(n) for noun, n in re.findall(r"(\w+) \((\d+) карт", m["held"])}
    c.expect(held == dict(Counter(card.suit for card in after.hands[who])), "the cards held by suit", step, lang)
    paid = int(m["chips"])
    kept = bool(m["kept"])
    c.expect(kept == (options.kitty == "kept_apart"), "the kitty kept apart", step, lang)
    gained = after.kitty - before.kitty if kept else after.pool - before.pool
    c.expect(_chip_delta(after, before, who) == -paid and gained == paid, "the fine paid", step, lang)
    per_suit = options.suit_fine_basis == "per_suit"
    c.expect(bool(m["once"]) == per_suit, "once for each suit", step, lang)
    c.expect(paid == sum(options.suit_fine(s) * (1 if per_suit else n) for s, n in held.items()), "the fine by suit",
             step, lang)


@reads("game_end", "en", r"The game is over: (?P<nets>{NAME} {NET}(?:, {NAME} {NET})*)(?:, banker (?P<banker>{NET}))?"
                         r"\. (?:(?P<pool>\d+) chips? (?:goes|go) to the next game's pool|(?P<none>Nothing) goes to the "
                         r"next game's pool|The kitty, with whatever else is "
                         r"left on the table, (?P<kitty>\d+) chips? in all, goes on to the next game)\."
                         r"(?: (?P<prize>\d+) chips? of fines (?:is|are) laid apart, to be played for in its play-off\.)?"
                         r"(?: The kitty, kept apart, holds (?P<apart>\d+) chips?\.)?")
@reads("game_end", "ru", r"Кон окончен: (?P<nets>{NAME} {NET}(?:, {NAME} {NET})*)(?:, банкир (?P<banker>{NET}))?\. "
                         r"(?:(?P<into>В следующий кон|В банк следующего кона) (?:переходит|переходят) (?P<pool>\d+) "
                         r"фиш\w+|В банк следующего кона (?P<none>ничего) не переходит|Копилка вместе со всем, что осталось на столе, — всего (?P<kitty>\d+) фиш\w+ — переходит "
                         r"в следующий кон)\.(?: Штраф, (?P<prize>\d+) фиш\w+, отложен на розыгрыш следующего кона\.)?"
                         r"(?: В копилке, которая хранится отдельно, (?P<apart>\d+) фиш\w+\.)?")
def _game_end(m: Read, step: Step, w: Words, c: Claims, lang: str) -> None:
    after, game = step.after, step.game

    def signed(text: str) -> int:
        return int(text.replace("−", "-"))

    nets = {w.seat(who): signed(n) for who, n in re.findall(rf"({w.name}) ({NET})", m["nets"])}
    c.expect(nets == dict(enumerate(after.nets)), "each player's result", step, lang)
    c.expect(signed(m["banker"] or "0") == after.banker_net, "the banker's result", step, lang)
    c.expect(_num(m["pool"] or m["kitty"]) == after.pool and (m["none"] is None) == (after.pool > 0),
             "the chips carried on", step, lang)
    kept = game.options.kitty == "kept_apart"
    c.expect(bool(m["kitty"]) == (game.options.playoff == "tricks" and not kept and after.pool > 0), "the kitty", step,
             lang)
    c.expect(_num(m["prize"]) == after.prize, "the fines laid apart to be played for", step, lang)
    c.expect((m["apart"] is not None) == kept and _num(m["apart"]) == after.kitty, "the kitty kept apart", step, lang)


CITED = re.compile(r" \((?:p\d+|§\d+)(?:, (?:p\d+|§\d+))*\)$")


class Reader:
    """Reads and checks every sentence of the walks given; what it cannot read is a failure too."""

    def __init__(self) -> None:
        self.claims = Claims()
        self.unread: list[str] = []
        self.sentences = 0
        self._compiled: dict[tuple[str, ...], tuple[Words, dict[str, list[tuple[str, re.Pattern[str], Check]]]]] = {}

    def _for(self, game: Game) -> tuple[Words, dict[str, list[tuple[str, re.Pattern[str], Check]]]]:
        key = (*game.seats, game.table.banker, game.table.dealer)
        if key not in self._compiled:
            words = Words(game)
            self._compiled[key] = (words, {kind: [(lang, re.compile(words.expand(p)), check) for lang, p, check in found]
                                           for kind, found in PATTERNS.items()})
        return self._compiled[key]

    def read(self, walk: Walk) -> None:
        for step in walk.steps:
            words, patterns = self._for(step.game)
            for lang in ("en", "ru"):
                self.sentences += 1
                sentence = CITED.sub("", step.text[lang])
                for pattern_lang, pattern, check in patterns.get(step.event.kind, []):
                    match = pattern.fullmatch(sentence) if pattern_lang == lang else None
                    if match:
                        check(Read(match.groupdict()), step, words, self.claims, lang)
                        break
                else:
                    self.unread.append(f"{walk.where}, step {step.number} ({step.event.kind}, {lang}): {step.text[lang]}")

    def report(self) -> str:
        failed = "; ".join(f"{fact} ×{n}" for fact, n in self.claims.failures.most_common())
        lines = [f"{self.sentences} sentences; unread {len(self.unread)}; failed: {failed or 'none'}"]
        lines += self.unread[:5] + list(self.claims.examples.values())[:12]
        return "\n".join(lines)

    def assert_true(self) -> None:
        assert not self.unread and not self.claims.failures, self.report()


# ---------------------------------------------------------------------------- the games walked

def _hands() -> Iterator[Walk]:
    for path in sorted((REPO / "lessons" / "hands").glob("*.toml")):
        record, _ = parse_record(path.read_text(encoding="utf-8"), str(path))
        for lang in ("en", "ru"):
            walk = Walk(f"{path.name} ({lang})")
            record.in_language(lang).play(observer=walk.observer())
            yield walk


def _replay(data: dict[str, Any], walk: Walk) -> None:
    decks = data.get("decks")
    table = Table(tuple(data["table"]["players"]), data["table"]["banker"], data["table"]["dealer"])
    game = Game(table, Options.from_mapping(data["options"]), seed=data["seed"], pool=data.get("pool", 0),
                decks=None if decks is None else (tuple(map(Card.parse, decks["banker"].split())),
                                                  tuple(map(Card.parse, decks["dealer"].split()))),
                observer=walk.observer())
    for text in data["actions"]:
        game.apply(parse_action(text))


def _parity_cases() -> Iterator[Walk]:
    """The games the Pyodide parity test plays (tests/pyodide/parity_cases.py, run here with its
    printing caught): each replayed from its set-up and moves."""
    printed: list[tuple[str, Any]] = []

    def catch(label: str, text: str) -> None:
        printed.append((label, json.loads(text)))

    source = (REPO / "tests" / "pyodide" / "parity_cases.py").read_text(encoding="utf-8")
    exec(compile(ast.parse(source), "parity_cases.py", "exec"), {"__name__": "parity_cases", "print": catch})
    for label, data in printed:
        games = [data["game"]] if label.startswith("game ") else data if label == "session" else []
        for number, game in enumerate(games):
            walk = Walk(f"parity {label}" + (f" game {number + 1}" if label == "session" else ""))
            _replay(game, walk)
            yield walk


def _sample_options(rng: random.Random) -> Iterator[dict[str, Any]]:
    """Every value of every option, each a few times, the other options at random."""
    choices = {info.key: info.values for info in CATALOGUE if info.kind == "choice"}
    numbers = {"stake": (1, 2, 4, 7), "fine": (0, 1, 3), "suit_fines": ("H=4 C=3 D=2 S=1", "H=0 C=2 D=1 S=5")}
    values = [(key, value) for key, vals in {**choices, **numbers}.items() for value in vals]
    for key, value in values:
        for _ in range(3):
            options: dict[str, Any] = {k: rng.choice(v) for k, v in choices.items()}
            options.update({k: rng.choice(v) for k, v in numbers.items()})
            options[key] = value
            yield options


def _sampled() -> Iterator[Walk]:
    rng = random.Random(20261202)
    for number, options in enumerate(_sample_options(rng)):
        players = rng.choice((2, 2, 3, 3, 4, 5, 6, 8, 12, 17))
        lang = rng.choice(("en", "ru"))
        seed = rng.randrange(2**32)
        try:
            opts = Options.from_mapping(options)
            game_table = Table.default(players, lang)
            game_table.check(opts)
        except EngineError:
            continue
        # Fines carried in to be played for (p12) and a kitty kept apart (p15), where the options allow.
        carried = {"prize": seed % 9 + 1 if opts.fines_to == "playoff_prize" and opts.playoff != "tricks" else 0,
                   "kitty": seed % 5 if opts.kitty == "kept_apart" else 0}
        walk = Walk(f"sample {number}: {players} players, seed {seed}, {options}, {carried}")
        game = Game(game_table, opts, seed=seed, **carried, observer=walk.observer())
        play_out(game, random_policy(seed)) if number % 2 else play_out(game)
        yield walk


def _stacked() -> Iterator[Walk]:
    """The rare ends of the lottery, from stacked decks (engine_helpers.playoff_decks): a player with
    no laid-aside cards among two who have some, and one holder alone, under each way of playing off."""
    codes = [str(card) for card in FULL_DECK]
    for sizes in ((0, 14, 14), (0, 18)):
        piles = [" ".join(codes[sum(sizes[:i]):sum(sizes[:i + 1])]) for i in range(len(sizes))]
        decks = playoff_decks(piles, 1).decks
        for playoff in ("beating", "tricks", "beating_then_tricks"):
            for empty in ("sits_out", "ends_playoff"):
                for lang in ("en", "ru"):
                    walk = Walk(f"stacked {sizes}, playoff = {playoff}, empty_hand_at_start = {empty}, {lang}")
                    options = Options.from_mapping({"playoff": playoff, "empty_hand_at_start": empty})
                    play_out(Game(Table.default(len(sizes), lang), options, decks=decks, observer=walk.observer()))
                    yield walk


# ---------------------------------------------------------------------------- the tests

def test_every_sentence_of_every_lesson_hand_is_true_of_its_step() -> None:
    reader = Reader()
    for walk in _hands():
        reader.read(walk)
    reader.assert_true()
    assert reader.sentences > 9000


def test_every_sentence_of_the_parity_cases_is_true_of_its_step() -> None:
    reader = Reader()
    for walk in _parity_cases():
        reader.read(walk)
    reader.assert_true()
    assert reader.claims.checked["who leads next, and to whom"] > 100


def test_every_sentence_of_games_under_every_option_value_is_true_of_its_step() -> None:
    reader, kinds = Reader(), Counter[str]()
    for walk in itertools.chain(_sampled(), _stacked()):
        reader.read(walk)
        kinds.update(step.event.kind for step in walk.steps)
        kinds.update(f"{step.event.kind}:{step.event.not_played}" for step in walk.steps
                     if isinstance(step.event, (ev.PlayoffStart, ev.SecondStage)))
    reader.assert_true()
    # Every kind of event is said, and the rare sentences too.
    assert {cls.kind for cls in vars(ev).values() if isinstance(cls, type) and issubclass(cls, ev.Event)
            and cls is not ev.Event} <= set(kinds), kinds
    checked = reader.claims.checked
    assert checked["nobody answers"] and checked["whose laid-aside cards hold it"] and checked["the same leader again"]
    assert checked["nobody leads next"] and checked["who still holds cards"] > 100, checked
    assert {"playoff_start:too_few", "playoff_start:empty_hand", "second_stage:too_few", "second_stage:None"} <= set(kinds)
