"""Narration: each event as a sentence in English or Russian, citing its paragraph (the refusals
are worded by refusals.py).

The lessons, the demo and the command line all tell the game with these sentences; the words
come from words.py.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from . import events as ev
from .actions import parse_action
from .analysis import MoveValue
from .cards import Card
from .words import (
    LANGS, SUIT_NAMES, SUIT_WORDS, Case, card_name, cards_text, chips, count, list_text, move_text, name_in, names_in,
    number, paragraphs, plural_category, signed,
)


def count_cards(n: int, lang: str) -> str:
    return count(n, "card", lang, "acc")


def _ordinal(n: int, lang: str) -> str:
    if lang == "en":
        return {1: "first", 2: "second", 3: "third", 4: "fourth"}[n]
    return {1: "первую", 2: "вторую", 3: "третью", 4: "четвёртую"}[n]


# ---------------------------------------------------------------------------- events
#
# Russian sentences agree with any player: a player is named in the nominative as the subject of a
# verb in the present tense (never a gendered past tense, pronoun or participle about him or her),
# and in an oblique case only through words.name_in, which declines the names it knows («у Анны»,
# «ходит под Бориса») and puts «игрок» in that case before any other («у игрока P1»).
#
# Every fact a sentence states about who holds what, who leads, who must answer and what is paid is
# a field of its event, set by the game from its state when it emits the event (game.py): the
# sentences infer nothing (tests/engine/test_narration_state.py checks them against the state).
# Terms as the glossary has them: "stake" / «взнос» is what a player pays; what lies on one of the
# banker's cards is "the chips on it" / «ставка».

def _gen(name: str) -> str:
    return name_in(name, "gen")


def _dat(name: str) -> str:
    return name_in(name, "dat")


def _acc(name: str) -> str:
    return name_in(name, "acc")


def _ins(name: str) -> str:
    return name_in(name, "ins")


def _the(cards: Sequence[Card], lang: str, case: Case = "nom") -> str:
    """"the six of spades and the six of clubs" / «шестёрка пик и шестёрка треф» (by case)."""
    if lang == "en":
        return list_text([f"the {card_name(c, lang)}" for c in cards], lang) or "no cards"
    return cards_text(cards, lang, case)


def _game_start(e: ev.GameStart, lang: str) -> str:
    seats = list_text(e.seats, lang)
    if lang == "en":
        text = f"{e.banker} is the banker and {e.dealer} the dealer, each with a deck of 52 cards; the players are {seats}."
        text += f" The pool carried in holds {chips(e.pool, lang)}." if e.pool else ""
        text += (f" {chips(e.prize, lang).capitalize()} of fines {'is' if e.prize == 1 else 'are'} laid apart, to be "
                 "played for in the play-off." if e.prize else "")
        return text + (f" The kitty, kept apart, holds {chips(e.kitty, lang)}." if e.kitty else "")
    text = f"Банкир — {e.banker}, сдающий — {e.dealer}, у каждого колода в 52 листа; играют {seats}."
    text += f" В банке с прошлого кона {chips(e.pool, lang)}." if e.pool else ""
    text += f" Штраф, отложенный на розыгрыш, — {chips(e.prize, lang)}." if e.prize else ""
    return text + (f" В копилке, которая хранится отдельно, {chips(e.kitty, lang)}." if e.kitty else "")


def _lay(e: ev.Lay, lang: str) -> str:
    if lang == "en":  # p3 as our translation has it
        return f"Round {e.round}: the banker takes four cards out of his deck and lays them on the table face down."
    return f"Круг {e.round}: банкир вынимает из своей колоды четыре карты и кладёт их на стол рубашкой вверх."


def _on_table(pool: int, lang: str) -> str:
    if lang == "en":
        return (f"{chips(pool, lang)} {'is' if pool == 1 else 'are'} now on the table for the banker to spread over "
                "the four cards")
    return f"на столе {chips(pool, lang)} для ставок"


def _pay(e: ev.Pay, lang: str) -> str:
    payments = e.payments
    amounts = set(payments.values())
    if "p8" in e.rules:  # a short last round: the payments follow the deal (short_pay)
        if lang == "en":
            return ("The dealer's deck will not give everyone three cards, so the stakes follow the deal: "
                    + ", ".join(f"{p} {n}" for p, n in payments.items()) + f"; {_on_table(e.pool, lang)}.")
        return ("Колоды сдающего не хватит, чтобы сдать всем по три карты, и взносы платят по сдаче: "
                + ", ".join(f"{p} — {n}" for p, n in payments.items()) + f"; {_on_table(e.pool, lang)}.")
    if lang == "en":
        each = (f"Each player pays a stake of {chips(amounts.pop(), lang)}" if len(amounts) == 1 else
                "The players pay their stakes: " + ", ".join(f"{p} {n}" for p, n in payments.items()))
        return f"{each}; {_on_table(e.pool, lang)}."
    each = (f"Каждый игрок вносит взнос в {chips(amounts.pop(), lang, 'acc')}" if len(amounts) == 1 else
            "Игроки вносят взносы: " + ", ".join(f"{p} — {n}" for p, n in payments.items()))
    return f"{each}; {_on_table(e.pool, lang)}."


def _spread(e: ev.Spread, lang: str) -> str:
    stakes = " + ".join(str(s) for s in e.stakes)
    if lang == "en":
        how = {"even": "as evenly as possible", "random": "at random", "chosen": "as he chooses"}[e.how]
        return f"The banker spreads the sum over the four cards {how}: {stakes}, something on every card."
    how = {"even": "как можно ровнее", "random": "наугад", "chosen": "по своему выбору"}[e.how]
    return f"Банкир распределяет сумму по четырём картам {how}: {stakes}, на каждую что-нибудь."


def _deal(e: ev.Deal, lang: str) -> str:
    dealt = [(p, h) for p, h in e.hands.items() if h]
    none = [p for p, h in e.hands.items() if not h]
    if lang == "en":
        got = "; ".join(f"{p} gets {_the(h, lang)}" for p, h in dealt)
        if not e.short:
            return f"The dealer deals three cards to each player: {got}."
        nothing = f" {list_text(none, lang)} {'gets' if len(none) == 1 else 'get'} no cards." if none else ""
        return f"The dealer's deck is nearly out: what is left is dealt in the usual order. {got[0].upper()}{got[1:]}." \
            + nothing
    got = "; ".join(f"{p} — {cards_text(h, lang)}" for p, h in dealt)
    if not e.short:
        return f"Сдающий сдаёт каждому игроку по три карты: {got}."
    nothing = f" {names_in(none, 'dat')} карт не достаётся." if none else ""
    return f"Колода сдающего на исходе: оставшиеся карты сдаются в обычном порядке. {got}." + nothing


def _reveal(e: ev.Reveal, lang: str) -> str:
    stake, who, aside = chips(e.stake, lang), e.winner, e.laid_aside_by
    nth = _ordinal(e.position, lang)
    if lang == "en":
        head = f"The banker turns up the {nth} card, the {card_name(e.card, lang)}, with {stake} on it: "
        if who:
            return head + f"{who} holds the same card and takes the whole sum on it."
        where = f"it lies among {aside}'s laid-aside cards" if aside else "it is still in the dealer's deck"
        rest = ("the chips on it stay on the table for the next four" if e.to == "pool" else
                "the banker takes the chips on it")
        return head + f"nobody was dealt it this round ({where}), so {rest}."
    head = f"Банкир вскрывает {nth} карту — {card_name(e.card, lang, 'acc')}, на ней {stake}: "
    if who:
        return head + f"такая же карта у {_gen(who)}, и вся сумма достаётся {_dat(who)}."
    where = f"она среди отложенных карт {_gen(aside)}" if aside else "она ещё в колоде сдающего"
    rest = "ставка остаётся на столе для следующей четвёрки" if e.to == "pool" else "ставку забирает банкир"
    return head + f"в этом круге такая карта никому не сдана ({where}), и {rest}."


def reveal_outcome(winner: str | None, to: str, lang: str) -> str:
    """What became of a card of the banker's four once turned up (p5), as the table shows it beside
    the card until the next four are laid (engine.trace.for_page gives it to the page and to the print
    view): "won by Anna" / «выигрыш — Анне», "stays on the table" / «остаётся на столе», "to the
    banker" / «забирает банкир»."""
    if winner:
        return f"won by {winner}" if lang == "en" else f"выигрыш — {_dat(winner)}"
    if to == "pool":
        return "stays on the table" if lang == "en" else "остаётся на столе"
    return "to the banker" if lang == "en" else "забирает банкир"


def _discard(e: ev.Discard, lang: str) -> str:
    won = e.winning
    if lang == "en":
        text = "The banker discards the four open cards"
        if won:
            text += "; " + "; ".join(f"{p} discards the winning {cards_text(c, lang)}" for p, c in won.items())
        return text + "."
    text = "Банкир сбрасывает открытые карты"
    if won:
        text += "; " + "; ".join(
            f"{p} сбрасывает {'выигравшую карту' if len(c) == 1 else 'выигравшие карты'} — {cards_text(c, lang, 'acc')}"
            for p, c in won.items())
    return text + "."


def _lay_aside(e: ev.LayAside, lang: str) -> str:
    counts = {p: len(c) for p, c in e.cards.items() if c}
    if lang == "en":
        return ("Each player lays aside the cards that won nothing: "
                + ", ".join(f"{p} {count_cards(n, lang)}" for p, n in counts.items()) + ".") if counts else \
            "Nobody has a card to lay aside."
    return ("Карты, ничего не выигравшие, каждый игрок кладёт к своим отложенным картам: "
            + ", ".join(f"{p} — {count(n, 'card', lang)}" for p, n in counts.items()) + ".") if counts else \
        "Откладывать нечего."


def _lottery_end(e: ev.LotteryEnd, lang: str) -> str:
    rounds = e.rounds
    if "p4" in e.rules:  # the short last round would not raise a chip for each of the four (short_pay)
        if lang == "en":
            them = "it" if e.dealer_left == 1 else "them"
            return (f"After {count(rounds, 'round', lang)} the dealer has {count_cards(e.dealer_left, lang)} "
                    f"left, but what the players would pay for {them} cannot put a chip on each of the banker's four, "
                    f"so the lottery is over ({count_cards(e.banker_left, lang)} left in the banker's deck)"
                    f"{_played_off(e, lang)}.")
        return (f"После {rounds}-го круга в колоде сдающего всего {count(e.dealer_left, 'card', lang)}, и взносов "
                "за короткую сдачу не хватит даже на фишку для каждой из четырёх карт банкира: лотерея окончена "
                f"(в колоде банкира {count(e.banker_left, 'card', lang)}){_played_off(e, lang)}.")
    if lang == "en":
        whose = "banker's" if e.deck == "banker" else "dealer's"
        dealer = "none" if e.dealer_left == 0 else str(e.dealer_left)
        return (f"After {count(rounds, 'round', lang)} the {whose} deck cannot start another, so the lottery is over "
                f"({count_cards(e.banker_left, lang)} left in the banker's deck, {dealer} in the dealer's)"
                f"{_played_off(e, lang)}.")
    whose = "банкира" if e.deck == "banker" else "сдающего"
    dealer = ("колода сдающего пуста" if e.dealer_left == 0 else
              f"в колоде сдающего {count(e.dealer_left, 'card', lang)}")
    return (f"После {rounds}-го круга колоды {whose} на новый круг не хватает: лотерея окончена "
            f"(в колоде банкира {count(e.banker_left, 'card', lang)}, {dealer}){_played_off(e, lang)}.")


def _played_off(e: ev.LotteryEnd, lang: str) -> str:
    """The play-off to come (p9), unless it cannot start: then the next sentence says why."""
    if not e.played_off:
        return ""
    return "; the laid-aside cards will be played off" if lang == "en" else "; разыгрываются отложенные карты"


def _leader_en(leader: str, last_winner: str | None) -> str:
    if last_winner == leader:
        return f"{leader} took the last prize and leads"
    if last_winner is None:
        return f"{leader} leads (nobody won a prize)"
    return f"{last_winner} took the last prize but has no cards, so {leader}, next on the left, leads"


def _leader_ru(leader: str, last_winner: str | None) -> str:
    if last_winner == leader:
        return f"Начинает {leader}: последний выигрыш достался {_dat(leader)}"
    if last_winner is None:
        return f"Начинает {leader} (выигрышей не было)"
    return (f"Последний выигрыш достался {_dat(last_winner)}, но карт у {_gen(last_winner)} нет, и ход переходит "
            f"влево, к {_dat(leader)}")


def _sitting_out(names: Sequence[str], lang: str) -> str:
    if not names:
        return ""
    if lang == "en":
        return f" {list_text(names, lang)} {'sits' if len(names) == 1 else 'sit'} out with no cards."
    return f" {list_text(names, lang)} без карт и не {'играет' if len(names) == 1 else 'играют'}."


def _only_holders(holders: Sequence[str], lang: str, still: str = "") -> str:
    """"only Anna holds cards" / «карты остались только у Анны»: fewer than two players hold cards."""
    if lang == "en":
        return f"only {holders[0]}{still} holds cards" if holders else f"nobody{still} holds cards"
    return f"карты остались только у {_gen(holders[0])}" if holders else "карт не осталось ни у кого"


def _playoff_start(e: ev.PlayoffStart, lang: str) -> str:
    leader, out, reason = e.leader, e.sitting_out, e.not_played
    both = e.way == "beating_then_tricks"
    if lang == "en":
        way = {"beating": "by beating", "tricks": "by tricks"}.get(e.way, "")
        if reason == "too_few":
            fined = f", and {e.holders[0]}'s cards are fined as they stand" if e.holders else ""
            return f"The play-off{' ' + way if way else ''} cannot be played: {_only_holders(e.holders, lang)}{fined}."
        if reason == "empty_hand":
            what = "the stage by beating" if both else f"the play-off {way}"
            has = "has" if len(out) == 1 else "have"
            return f"{list_text(out, lang)} {has} no laid-aside cards, so {what} is over before it starts."
        head = "The play-off begins, by beating first and then by tricks" if both else f"The play-off {way} begins"
        return (f"{head}: each player takes the laid-aside cards in hand. {_leader_en(leader, e.last_winner)}."
                + _sitting_out(out, lang))
    way = {"beating": "с отбоем", "tricks": "на взятки"}.get(e.way, "")
    if reason == "too_few":
        fined = ", и штраф платят за то, что на руках" if e.holders else ""
        return f"Розыгрыша{' ' + way if way else ''} не будет: {_only_holders(e.holders, lang)}{fined}."
    if reason == "empty_hand":
        what = "этап с отбоем" if both else f"розыгрыш {way}"
        return f"У {names_in(out, 'gen')} нет отложенных карт, и {what} окончен, не начавшись."
    head = "Начинается розыгрыш — сначала с отбоем, потом на взятки" if both else f"Начинается розыгрыш {way}"
    return (f"{head}: каждый игрок берёт в руки свои отложенные карты. {_leader_ru(leader, e.last_winner)}."
            + _sitting_out(out, lang))


def _second_stage(e: ev.SecondStage, lang: str) -> str:
    if lang == "en":
        has = "has" if len(e.out) == 1 else "have"
        head = (f"{list_text(e.out, lang)} {has} no cards left, so the stage by beating is over: the fines for "
                "cards not beaten are paid now")
        if e.not_played or e.leader is None:
            pays = f": {e.holders[0]} pays by suit" if e.holders else ""
            only = _only_holders(e.holders, lang, " still")
            return f"{head}. {only[0].upper()}{only[1:]}, so there is no stage by tricks{pays}."
        return (head + f", and the cards still held are played off by tricks. {_leader_en(e.leader, e.last_winner)}."
                + _sitting_out(e.sitting_out, lang))
    head = (f"У {names_in(e.out, 'gen')} кончились карты, и этап с отбоем окончен: штраф за неотбитые карты платят "
            "сейчас")
    if e.not_played or e.leader is None:
        pays = f": {e.holders[0]} платит по мастям" if e.holders else ""
        only = _only_holders(e.holders, lang)
        return f"{head}. {only[0].upper()}{only[1:]}, и на взятки играть некому{pays}."
    return (head + f", а оставшиеся на руках карты разыгрываются на взятки. {_leader_ru(e.leader, e.last_winner)}."
            + _sitting_out(e.sitting_out, lang))


def _duty(e: ev.Lead, lang: str) -> str:
    """What the defender must do, as `beat` and `failed_defence` make it (p10)."""
    one = len(e.cards) == 1
    if lang == "en":
        how = "a higher card of the same suit" if e.beat == "same_suit" else "a card of higher rank"
        if one:
            return f"beat it with {how}, or else take it"
        how = how.replace("the same suit", "its suit")
        if e.failed_defence == "take_unbeaten":
            return f"beat each with {how}, and take any not beaten"
        return f"beat each with {how}, or else take both"
    # «эту карту», not «её»: a pronoun for the card would be «его» after «тузом», «королём», «валетом».
    how = "старшей картой той же масти" if e.beat == "same_suit" else "картой старше достоинством"
    if one:
        return f"нужно отбиться {how}, а если нечем — забрать эту карту"
    if e.failed_defence == "take_unbeaten":
        return f"нужно отбить каждую {how}, а что отбить нечем — забрать"
    return f"нужно отбить каждую {how}, а если нечем — забрать обе"


def _lead(e: ev.Lead, lang: str) -> str:
    # Not always the leader's left neighbour: after a failed defence, under after_take = same_leader,
    # the lead goes past the player who took. Nobody answers the leader's last card under
    # last_lead = stop_at_once: the next event (lead_abandoned) says so.
    if lang == "en":
        text = f"{e.who} leads {_the(e.cards, lang)} to {e.to}"
        return f"{text}, who must {_duty(e, lang)}." if e.answer else f"{text}."
    text = f"{e.who} ходит под {_acc(e.to)} {cards_text(e.cards, lang, 'ins')}"
    return f"{text}; {_dat(e.to)} {_duty(e, lang)}." if e.answer else f"{text}."


def _covers(covers: Sequence[Sequence[Card]], lang: str) -> str:
    """"the seven of hearts with the nine of hearts" / «семёрку червей девяткой червей» (accusative,
    then instrumental: the covering card is the one that beats)."""
    if lang == "en":
        return " and ".join(f"the {card_name(l, lang)} with the {card_name(c, lang)}" for l, c in covers)
    return " и ".join(f"{card_name(l, lang, 'acc')} {card_name(c, lang, 'ins')}" for l, c in covers)


def _beat(e: ev.Beat, lang: str) -> str:
    # The play-off by beating (or its stage) may be over: then nobody leads next, and the next
    # event says who has run out.
    if lang == "en":
        text = f"{e.who} beats {_covers(e.covers, lang)}. The cards are discarded"
        return f"{text}, and {e.next_leader} leads next, to {e.next_to}." if e.next_leader else f"{text}."
    text = f"{e.who} бьёт {_covers(e.covers, lang)}. Карты сбрасываются"
    return f"{text}, и теперь {e.next_leader} ходит под {_acc(e.next_to or '')}." if e.next_leader else f"{text}."


def _take(e: ev.Take, lang: str) -> str:
    covers, again = e.covers, e.next_leader == e.led_by
    if lang == "en":
        part = (f"{e.who} covers {_covers(covers, lang)} but cannot beat the other, and takes "
                if covers else f"{e.who} cannot beat and takes ")
        text = part + f"{_the(e.cards, lang)} into the pile of cards not beaten."
        if e.next_leader is None:
            return text
        return text + f" {e.who} misses the turn: {e.next_leader} leads {'again' if again else 'next'}, to {e.next_to}."
    part = (f"{e.who} кроет {_covers(covers, lang)}, но вторую карту отбить не может и забирает "
            if covers else f"{e.who} не может отбиться и забирает ")
    text = part + f"{cards_text(e.cards, lang, 'acc')} в стопку неотбитых карт."
    if e.next_leader is None:
        return text
    leads = f"{e.next_leader} снова ходит" if again else f"теперь {e.next_leader} ходит"
    return text + f" {e.who} пропускает ход: {leads} под {_acc(e.next_to or '')}."


def _lead_abandoned(e: ev.LeadAbandoned, lang: str) -> str:
    one = len(e.cards) == 1
    if lang == "en":
        last = f"That was {e.who}'s last card" if one else f"Those were {e.who}'s last cards"
        what = "the stage by beating" if e.tricks_follow else "the play-off by beating"
        if e.taken:
            return (f"{last}, so {what} ends at once: nobody answers, and {_the(e.cards, lang)} "
                    f"{'goes' if one else 'go'} to {e.to}'s cards not beaten.")
        return (f"{last}, so {what} ends at once: {e.to} need not answer, and {_the(e.cards, lang)} "
                f"{'goes' if one else 'go'} to the discard.")
    last = f"Это была последняя карта {_gen(e.who)}" if one else f"Это были последние карты {_gen(e.who)}"
    what = "этап с отбоем" if e.tricks_follow else "розыгрыш с отбоем"
    if e.taken:
        return (f"{last}, и {what} на этом кончается: на ход никто не отвечает, "
                f"{cards_text(e.cards, lang)} {'ложится' if one else 'ложатся'} к неотбитым картам {_gen(e.to)}.")
    return (f"{last}, и {what} на этом кончается: отбиваться {_dat(e.to)} не нужно, "
            f"{cards_text(e.cards, lang)} {'уходит' if one else 'уходят'} в сброс.")


def _play(e: ev.Play, lang: str) -> str:
    if lang == "en":
        card = card_name(e.card, lang)
        return f"{e.who} leads the {card}." if e.lead else f"{e.who} plays the {card}."
    if e.lead:
        return f"{e.who} ходит {card_name(e.card, lang, 'ins')}."
    return f"{e.who} кладёт {card_name(e.card, lang, 'acc')}."


def _trick(e: ev.Trick, lang: str) -> str:
    # After the last trick (a player has run out, p14) nobody leads next. Under tricks_end = one_left
    # who ran out at this trick drops out (the taker too: the next on his left leads).
    if lang == "en":
        text = f"{e.who} has the highest card of the suit led, takes the trick and lays it aside"
        if e.out:
            one = len(e.out) == 1
            text += (f"; {list_text(e.out, lang)} {'has' if one else 'have'} no cards left and "
                     f"{'drops' if one else 'drop'} out of the tricks")
        return f"{text}; {e.next_leader} leads next." if e.next_leader else f"{text}."
    text = f"Старшая карта выхоженной масти — у {_gen(e.who)}: {e.who} берёт взятку и откладывает её"
    if len(e.out) == 1:
        text += f"; у {_gen(e.out[0])} карт больше нет, и {e.out[0]} выходит из игры на взятки"
    elif e.out:
        text += f"; у {names_in(e.out, 'gen')} карт больше нет, и они выходят из игры на взятки"
    return f"{text}; следующий ход — за {_ins(e.next_leader)}." if e.next_leader else f"{text}."


def _trick_abandoned(e: ev.TrickAbandoned, lang: str) -> str:
    if lang == "en":
        return f"That was {e.who}'s last card: the play-off stops at once and the unfinished trick is discarded."
    return (f"Это последняя карта {_gen(e.who)}: розыгрыш тут же кончается, неоконченная взятка "
            "сбрасывается.")


def _playoff_end(e: ev.PlayoffEnd, lang: str) -> str:
    if lang == "en":
        has = "has" if len(e.out) == 1 else "have"
        held = (f"{list_text(e.holders, lang)} still {'holds' if len(e.holders) == 1 else 'hold'} cards"
                if e.holders else "nobody holds cards any more")
        return f"{list_text(e.out, lang)} {has} no cards left, so the play-off is over; {held}."
    held = f"карты остались у {names_in(e.holders, 'gen')}" if e.holders else "карт не осталось ни у кого"
    return f"У {names_in(e.out, 'gen')} кончились карты, и розыгрыш окончен; {held}."


def _suit_fine(e: ev.SuitFine, lang: str) -> str:
    if lang == "en":
        named = [f"{n} {SUIT_NAMES[lang][s] if n > 1 else SUIT_NAMES[lang][s][:-1]}" for s, n in e.by_suit.items()]
        once = " (once for each suit held)" if e.basis == "per_suit" else ""
        kept = ", which is kept apart" if e.kept_apart else ""
        return (f"{e.who} still holds {list_text(named, lang)} and pays {chips(e.amount, lang)} into the kitty{kept} "
                f"by suit{once}.")
    held = list_text([f"{SUIT_WORDS[lang][s]} ({count(n, 'card', lang)})" for s, n in e.by_suit.items()], lang)
    once = " (по разу за каждую масть)" if e.basis == "per_suit" else ""
    kept = " (она хранится отдельно)" if e.kept_apart else ""
    return (f"У {_gen(e.who)} на руках остались {held}: {e.who} платит в копилку{kept} по мастям "
            f"{chips(e.amount, lang, 'acc')}{once}.")


def _fine(e: ev.Fine, lang: str) -> str:
    if lang == "en":
        why = " and ".join(x for x in (f"{count_cards(e.hand, lang)} in hand" if e.hand else "",
                                        f"{count_cards(e.penalty, lang)} not beaten" if e.penalty else "") if x)
        goes = ("it is laid apart, to be played for in the next game's play-off" if e.to_prize else
                "it goes to the next game's pool")
        return f"{e.who} pays a fine of {chips(e.amount, lang)} for {why}; {goes}."
    # The participle agrees with the counted noun: «1 карту, не отбитую», «2 карты, не отбитые», «5 карт, не отбитых».
    beaten = {"one": "не отбитую", "few": "не отбитые", "many": "не отбитых"}[plural_category(e.penalty, lang)]
    why = " и ".join(x for x in (f"{count_cards(e.hand, lang)} на руках" if e.hand else "",
                                  f"{count_cards(e.penalty, lang)}, {beaten} при розыгрыше" if e.penalty else "") if x)
    goes = "штраф откладывается на розыгрыш следующего кона" if e.to_prize else "штраф переходит в банк следующего кона"
    return f"{e.who} платит штраф в {chips(e.amount, lang, 'acc')} за {why}; {goes}."


def _prize(e: ev.PrizeWon, lang: str) -> str:
    winners = list_text(e.winners, lang)
    if lang == "en":
        if len(e.winners) == 1:
            text = f"{winners} ran out of cards first and takes the {chips(e.amount, lang)} of fines played for"
        else:
            text = (f"{winners} ran out of cards together and share the {chips(e.amount, lang)} of fines played for, "
                    f"{chips(e.each, lang)} each")
        left = f"; {chips(e.left, lang)} {'waits' if e.left == 1 else 'wait'} for the next game" if e.left else ""
        return f"{text}{left}."
    if len(e.winners) == 1:
        text = (f"Карты первыми кончились у {_gen(winners)}, и {winners} забирает штраф, отложенный на розыгрыш, — "
                f"{chips(e.amount, lang, 'acc')}")
    else:
        # «по» with a count: the dative for 1, 21… («по 1 фишке»), the accusative otherwise («по 2 фишки»,
        # «по 5 фишек»); no «каждый», which would give the winners a gender.
        each = f"{e.each} фишке" if plural_category(e.each, lang) == "one" else chips(e.each, lang, "acc")
        text = (f"Карты кончились одновременно у {names_in(e.winners, 'gen')}, и они делят штраф, отложенный на "
                f"розыгрыш, — {chips(e.amount, lang, 'acc')}, по {each}")
    left = f"; остаток — {chips(e.left, lang)} — ждёт следующего кона" if e.left else ""
    return f"{text}{left}."


def _game_end(e: ev.GameEnd, lang: str) -> str:
    nets = ", ".join(f"{p} {signed(n, lang)}" for p, n in e.nets.items())
    # By tricks the payments went into the kitty (p15), carried on with the pool unless kept apart.
    kitty_carried = "p12" not in e.rules and not e.kitty_kept and e.pool
    if lang == "en":
        banker = f", banker {signed(e.banker_net, lang)}" if e.banker_net else ""
        if kitty_carried:
            carried = (f"The kitty, with whatever else is left on the table, {chips(e.pool, lang)} in all, goes on to "
                       "the next game.")
        elif e.pool:
            goes = "goes" if e.pool == 1 else "go"
            carried = f"{chips(e.pool, lang).capitalize()} {goes} to the next game's pool."
        else:
            carried = "Nothing goes to the next game's pool."
        if e.prize:
            carried += (f" {chips(e.prize, lang).capitalize()} of fines {'is' if e.prize == 1 else 'are'} laid apart, "
                        "to be played for in its play-off.")
        if e.kitty_kept:
            carried += f" The kitty, kept apart, holds {chips(e.kitty, lang)}."
        return f"The game is over: {nets}{banker}. {carried}"
    banker = f", банкир {signed(e.banker_net, lang)}" if e.banker_net else ""
    if kitty_carried:
        carried = (f"Копилка вместе со всем, что осталось на столе, — всего {chips(e.pool, lang)} — переходит в "
                   "следующий кон.")
    elif e.pool:
        # The verb agrees with the counted chips: «переходит 1 фишка», «переходит 21 фишка», «переходят 84 фишки».
        goes = "переходит" if plural_category(e.pool, lang) == "one" else "переходят"
        carried = f"В банк следующего кона {goes} {chips(e.pool, lang)}." if e.prize or e.kitty_kept else \
            f"В следующий кон {goes} {chips(e.pool, lang)}."
    else:
        carried = "В банк следующего кона ничего не переходит."
    if e.prize:
        carried += f" Штраф, {chips(e.prize, lang)}, отложен на розыгрыш следующего кона."
    if e.kitty_kept:
        carried += f" В копилке, которая хранится отдельно, {chips(e.kitty, lang)}."
    return f"Кон окончен: {nets}{banker}. {carried}"


_SENTENCES: dict[type[ev.Event], Callable[[Any, str], str]] = {
    ev.GameStart: _game_start, ev.Lay: _lay, ev.Pay: _pay, ev.Spread: _spread, ev.Deal: _deal, ev.Reveal: _reveal,
    ev.Discard: _discard, ev.LayAside: _lay_aside, ev.LotteryEnd: _lottery_end, ev.PlayoffStart: _playoff_start,
    ev.Lead: _lead, ev.LeadAbandoned: _lead_abandoned, ev.Beat: _beat, ev.Take: _take, ev.Play: _play, ev.Trick: _trick,
    ev.TrickAbandoned: _trick_abandoned, ev.SecondStage: _second_stage, ev.PlayoffEnd: _playoff_end, ev.Fine: _fine, ev.SuitFine: _suit_fine,
    ev.PrizeWon: _prize, ev.GameEnd: _game_end,
}


def narrate(event: ev.Event, lang: str = "en", cite: bool = True) -> str:
    """One sentence for the event, ending with the paragraph ids it applies, e.g. "(p5)"."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    sentence = _SENTENCES[type(event)](event, lang)
    return sentence + (f" ({paragraphs(event.rules, lang)})" if cite else "")


# ---------------------------------------------------------------------------- what a move is worth


def chips_figure(amount: float, lang: str, decimals: int, case: Case = "nom") -> str:
    """A number of chips: whole ("3 chips", «на 3 фишки») or with decimals, which take the noun's
    genitive singular in Russian («1,25 фишки»), its plural in English ("1.25 chips"). The panel's
    sentences (move_reason) and practice's grade (practice.py) write a cost with it."""
    if decimals == 0:
        return count(round(amount), "chip", lang, case)
    return f"{number(amount, lang, decimals)} {'chips' if lang == 'en' else 'фишки'}"


def move_reason(move: MoveValue, who: str, seats: Sequence[str], lang: str) -> str:
    """What a move of an analysed decision is worth, in a sentence built from the analysis's facts:
    the move in words, the mover's final net (its mean and 95% interval in the known mode), how much
    less than the best move it gives, and (open mode) the answer that follows on the line.

    "Anna leads the seven of hearts: final net −12, the best move. Then Boris beats the seven of
    hearts with the nine of hearts." / «Анна ходит семёркой червей: итог за кон −12, это лучший
    вариант. Затем Борис бьёт семёрку червей девяткой червей.»"""
    en = lang == "en"
    decimals = 0 if move.interval is None else 2
    value = signed(move.value, lang, decimals)
    if move.interval is None:
        net = f"final net {value}" if en else f"итог за кон {value}"
    else:
        low, high = (signed(x, lang, decimals) for x in move.interval)
        net = (f"final net {value} on average (95% interval from {low} to {high})" if en else
               f"итог за кон в среднем {value} (95-процентный интервал от {low} до {high})")
    if move.rank == 1:
        verdict = "the best move" if en else "это лучший вариант"
    elif move.cost == 0:
        verdict = "as good as the best move" if en else "не хуже лучшего варианта"
    else:
        less = chips_figure(move.cost, lang, decimals, "acc")
        verdict = f"{less} less than the best move" if en else f"на {less} меньше, чем при лучшем варианте"
    sentence = f"{who} {move_text(parse_action(move.move), lang)}: {net}, {verdict}."
    if move.facts.line:
        seat, reply = move.facts.line[0]
        sentence += f" {'Then' if en else 'Затем'} {seats[seat]} {move_text(parse_action(reply), lang)}."
    return sentence
