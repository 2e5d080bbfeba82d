"""Narration: each event as a sentence in English or Russian, citing its paragraph; and each
refusal (an illegal move, a bad card, option or table) as a sentence in either language.

The lessons, the demo and the command line all tell the game with these sentences; the words
come from words.py.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from . import events as ev
from .errors import EngineError
from .cards import Card
from .words import (
    LANGS, SUIT_NAMES, SUIT_WORDS, Case, card_name, cards_text, chips, count, list_text, name_in, names_in,
    paragraphs, plural_category, signed,
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
        text = (f"Карты кончились одновременно у {names_in(e.winners, 'gen')}, и они делят штраф, поставленный на "
                f"розыгрыш, — {chips(e.amount, lang, 'acc')}: каждый получает {chips(e.each, lang, 'acc')}")
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


# ---------------------------------------------------------------------------- refusals

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
        return f"it is {who}'s turn to {doing}" if en else f"сейчас ход {_gen(who)}: нужно {doing}"
    if code == "not_held":
        cards = f["cards"]
        if en:
            return f"{'you do' if you else who + ' does'} not hold {_cards(cards, lang)}"
        return f"у {'вас' if you else _gen(who)} нет {_cards(cards, lang, 'gen')}"
    if code == "lead_shape":
        if en:
            return f"{'you' if you else who} may lead one card or two of one rank"
        return f"{'' if you else _dat(who) + ' '}можно ходить только одной картой или двумя одного достоинства"
    if code == "must_follow":
        suit = SUIT_WORDS[lang][f["suit"]]
        if en:
            return f"{'you hold' if you else who + ' holds'} a card of the suit led, {suit}, and must play one"
        return f"у {'вас' if you else _gen(who)} есть карта выхоженной масти ({suit}), и класть нужно карту этой масти"
    if code == "must_beat":
        if en:
            return f"{'you can beat and must' if you else who + ' can beat and must'} («обязан отбить»)"
        return f"{'вы можете' if you else who + ' может'} отбиться, а кто может, тот «обязан отбить»"
    if code == "answer_the_led":
        led = _cards(f["led"], lang, "acc")
        if en:
            return f"{'you' if you else who} must answer the cards led: {_cards(f['led'], lang)}"
        return f"{'' if you else _dat(who) + ' '}нужно отбивать выхоженные карты: {led}"
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
    from .limits import for_terminal

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
    from .actions import NotationError
    from .cards import CardError
    from .errors import LimitError, OptionError, TableError
    from .game import IllegalMove
    from .record import RecordError
    from .writer import WriterError

    f, code = error.facts, error.code
    if isinstance(error, RecordError):
        return f"{f['where']}: {_record(code, f, lang)}"
    if isinstance(error, IllegalMove):
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
    if isinstance(error, OptionError):
        return _option(code, f, lang, error.rule)
    if isinstance(error, LimitError):
        sentence = _limit(code, f, lang)
        if "line" in f:  # a record's TOML, before it is read (the record names the file)
            return sentence
    elif isinstance(error, WriterError):
        sentence = _writer(code, f, lang)
    elif isinstance(error, NotationError):
        sentence = _notation(code, f, lang)
    elif isinstance(error, TableError):
        sentence = _table(code, f, lang, you)
    elif isinstance(error, CardError):
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
    if code == "bad_setup":
        return (f"the settings are incomplete: {f['missing']}" if en else f"в настройках не хватает: {f['missing']}")
    raise KeyError(code)
