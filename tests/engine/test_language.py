"""The language of the engine, pinned form by form: every expected sentence and word below was
worked out by hand (a Russian teacher's reading: the case each verb governs, numeral agreement,
sentences that agree with any player's name), so that a change of wording that breaks a rule
fails here, named after the rule it breaks.

Russian: the accusative after вскрывает, сбрасывает, кладёт, забирает, ходит под; the
instrumental after бьёт, кроет and ходит (the card led with); counted nouns by the number's CLDR
category (1 and 21 / 2–4 / 5–20 and 11–14); plural verbs with plural subjects; no masculine form
about a player who may be Анна or Вера; the default names, declined. English: never "beat off".
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import Game, Options, Table, default_policy, parse_action, random_policy
from engine import events as ev
from engine.actions import Beat, Lead, Play, Take
from engine.cards import Card
from engine.catalogue import catalogue
from engine.errors import EngineError
from engine.live import handle
from engine.narration import narrate
from engine.refusals import explain
from engine.options import CATALOGUE, MAX_PLAYERS
from engine.words import DEFAULT_HOSTS, DEFAULT_NAMES, count, knows_name, move_text, name_in, names_in

REPO = Path(__file__).resolve().parents[2]


def c(code: str) -> Card:
    return Card.parse(code)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(c(t) for t in text.split())


def ru(event: ev.Event) -> str:
    return narrate(event, "ru", cite=False)


def en(event: ev.Event) -> str:
    return narrate(event, "en", cite=False)


# ---------------------------------------------------------------------------- the case after each verb

def test_accusative_after_vskryvaet():
    reveal = ev.Reveal(("p5",), 1, 1, c("6S"), 9, "Вера", "player", None)
    assert ru(reveal) == ("Банкир вскрывает первую карту — шестёрку пик, на ней 9 фишек: такая же карта у Веры, "
                          "и вся сумма достаётся Вере.")
    in_deck = ev.Reveal(("p5", "p4"), 1, 4, c("QD"), 1, None, "pool", None)
    assert ru(in_deck) == ("Банкир вскрывает четвёртую карту — даму бубен, на ней 1 фишка: в этом круге такая карта "
                           "никому не сдана (она ещё в колоде сдающего), и ставка остаётся на столе для следующей "
                           "четвёрки.")


def test_a_card_nobody_was_dealt_this_round_lies_where_the_state_has_it():
    # The genitive after «среди отложенных карт», and the dealer's card of the same name in an earlier pile.
    aside = ev.Reveal(("p5", "p4"), 2, 1, c("9H"), 12, None, "pool", "Женя")
    assert ru(aside) == ("Банкир вскрывает первую карту — девятку червей, на ней 12 фишек: в этом круге такая карта "
                         "никому не сдана (она среди отложенных карт Жени), и ставка остаётся на столе для следующей "
                         "четвёрки.")
    assert en(ev.Reveal(("p5", "p4"), 2, 1, c("9H"), 12, None, "pool", "Zhenya")) == (
        "The banker turns up the first card, the nine of hearts, with 12 chips on it: nobody was dealt it this round "
        "(it lies among Zhenya's laid-aside cards), so the chips on it stay on the table for the next four.")
    banker = ev.Reveal(("p5", "p4"), 1, 2, c("AS"), 3, None, "banker", None)
    assert en(banker) == ("The banker turns up the second card, the ace of spades, with 3 chips on it: nobody was dealt "
                          "it this round (it is still in the dealer's deck), so the banker takes the chips on it.")
    assert ru(banker).endswith("(она ещё в колоде сдающего), и ставку забирает банкир.")
    # "stake" is what a player pays; what lies on a card is the chips on it (the glossary's terms).
    won = ev.Reveal(("p5",), 1, 3, c("KC"), 4, "Anna", "player", None)
    assert en(won).endswith("with 4 chips on it: Anna holds the same card and takes the whole sum on it.")


def test_accusative_after_sbrasyvaet_singular_and_plural():
    one = ev.Discard(("p6",), 1, cards("2H 3H 4H 5H"), {"Анна": cards("JC")})
    assert ru(one) == "Банкир сбрасывает открытые карты; Анна сбрасывает выигравшую карту — валета треф."
    three = ev.Discard(("p6",), 1, cards("JC QC KC 5H"), {"Вера": cards("JC QC KC")})
    assert ru(three) == ("Банкир сбрасывает открытые карты; Вера сбрасывает выигравшие карты — валета треф, "
                         "даму треф и короля треф.")


def test_accusative_after_kladyot_and_instrumental_after_khodit():
    assert ru(ev.Play(("p13",), "Анна", c("KH"), False)) == "Анна кладёт короля червей."
    assert ru(ev.Play(("p13",), "Анна", c("7H"), True)) == "Анна ходит семёркой червей."
    assert move_text(Play(c("KH")), "ru") == "кладёт короля червей"
    assert move_text(Lead(cards("7H 7S")), "ru") == "ходит семёркой пик и семёркой червей"


def lead(who: str, to: str, led: str, answer: bool = True, beat: str = "same_suit",
         failed_defence: str = "take_all") -> ev.Lead:
    return ev.Lead(("p10",), who, to, cards(led), answer, beat, failed_defence)


def test_accusative_after_khodit_pod_and_the_defender_in_the_dative_after_nuzhno():
    assert ru(lead("Анна", "Борис", "7H 7S")) == ("Анна ходит под Бориса семёркой червей и семёркой пик; Борису нужно "
                                                  "отбить каждую старшей картой той же масти, а если нечем — забрать обе.")
    assert ru(lead("Борис", "Вера", "9S")) == ("Борис ходит под Веру девяткой пик; Вере нужно отбиться старшей картой "
                                               "той же масти, а если нечем — забрать эту карту.")
    assert ru(lead("Мама", "Папа", "2C")).startswith("Мама ходит под Папу двойкой треф; Папе нужно отбиться")


@pytest.mark.parametrize("led, beat, failed, english, russian", [
    ("9S", "same_suit", "take_all", "beat it with a higher card of the same suit, or else take it",
     "нужно отбиться старшей картой той же масти, а если нечем — забрать эту карту"),
    # «эту карту», never «её» / «его» for the card led: «тузом» would want the masculine.
    ("AS", "any_suit", "take_all", "beat it with a card of higher rank, or else take it",
     "нужно отбиться картой старше достоинством, а если нечем — забрать эту карту"),
    ("9S 9H", "same_suit", "take_all", "beat each with a higher card of its suit, or else take both",
     "нужно отбить каждую старшей картой той же масти, а если нечем — забрать обе"),
    ("9S 9H", "any_suit", "take_unbeaten", "beat each with a card of higher rank, and take any not beaten",
     "нужно отбить каждую картой старше достоинством, а что отбить нечем — забрать"),
])
def test_the_defenders_duty_as_the_options_make_it(led, beat, failed, english, russian):
    assert en(lead("Anna", "Boris", led, True, beat, failed)).endswith(f" to Boris, who must {english}.")
    assert ru(lead("Анна", "Борис", led, True, beat, failed)).endswith(f"; Борису {russian}.")


def test_nobody_must_answer_the_last_card_under_last_lead_stop_at_once():
    assert en(lead("Vera", "Anna", "AH AC", answer=False)) == "Vera leads the ace of hearts and the ace of clubs to Anna."
    assert ru(lead("Вера", "Анна", "AH AC", answer=False)) == "Вера ходит под Анну тузом червей и тузом треф."


def test_instrumental_after_byot_names_the_card_that_beats():
    beat = ev.Beat(("p10",), "Вера", ((c("7H"), c("9H")),), "Вера", "Глеб")
    assert ru(beat) == "Вера бьёт семёрку червей девяткой червей. Карты сбрасываются, и теперь Вера ходит под Глеба."
    assert en(ev.Beat(("p10",), "Vera", ((c("7H"), c("9H")),), "Vera", "Gleb")) == \
        "Vera beats the seven of hearts with the nine of hearts. The cards are discarded, and Vera leads next, to Gleb."
    assert move_text(Beat(((c("7H"), c("9H")), (c("7S"), c("QS")))), "ru") == \
        "бьёт семёрку пик дамой пик и семёрку червей девяткой червей"  # the canonical order: spades first
    assert move_text(Beat(((c("7H"), c("9H")),)), "ru", command=True) == "Отбить семёрку червей девяткой червей"


def test_instrumental_after_kroet_and_accusative_after_zabiraet():
    take = ev.Take(("p10",), "Анна", cards("9H"), ((c("9S"), c("TS")),), "Вера", "Борис", "Вера")
    assert ru(take) == ("Анна кроет девятку пик десяткой пик, но вторую карту отбить не может и забирает девятку червей "
                        "в стопку неотбитых карт. Анна пропускает ход: теперь Борис ходит под Веру.")
    plain = ev.Take(("p10",), "Вера", cards("5S 5D"), (), "Борис", "Анна", "Борис")
    assert ru(plain) == ("Вера не может отбиться и забирает пятёрку пик и пятёрку бубен в стопку неотбитых карт. "
                         "Вера пропускает ход: теперь Анна ходит под Бориса.")
    # The move itself, in the worth panel and on the seated player's button, with the narration's verb.
    assert move_text(Take(), "ru") == "забирает карты"
    assert move_text(Take(), "ru", command=True) == "Забрать карты"


def test_the_same_leader_leading_again_is_said_so():
    # after_take = same_leader: Boris led, Vera took, Boris leads again, to the next past her.
    again = ev.Take(("p10",), "Вера", cards("5S"), (), "Борис", "Борис", "Глеб")
    assert ru(again).endswith(" Вера пропускает ход: Борис снова ходит под Глеба.")
    assert en(ev.Take(("p10",), "Vera", cards("5S"), (), "Boris", "Boris", "Gleb")).endswith(
        " Vera misses the turn: Boris leads again, to Gleb.")


def test_no_lead_is_said_to_follow_the_end_of_the_playoff():
    last_beat = ev.Beat(("p10",), "Вера", ((c("7H"), c("9H")),), None, None)
    assert ru(last_beat) == "Вера бьёт семёрку червей девяткой червей. Карты сбрасываются."
    assert en(ev.Beat(("p10",), "Vera", ((c("7H"), c("9H")),), None, None)).endswith(". The cards are discarded.")
    last_take = ev.Take(("p10",), "Vera", cards("9S"), (), "Anna", None, None)
    assert en(last_take) == "Vera cannot beat and takes the nine of spades into the pile of cards not beaten."
    assert ru(ev.Trick(("p13",), "Анна", cards("2S 5S"), None)) == ("Старшая карта выхоженной масти — у Анны: Анна "
                                                                    "берёт взятку и откладывает её.")
    assert ru(ev.Trick(("p13",), "Анна", cards("2S 5S"), "Анна")).endswith("её; следующий ход — за Анной.")
    assert en(ev.Trick(("p13",), "Anna", cards("2S 5S"), "Anna")) == ("Anna has the highest card of the suit led, takes "
                                                                      "the trick and lays it aside; Anna leads next.")


# ---------------------------------------------------------------------------- numerals

@pytest.mark.parametrize("n, nom, acc", [
    (1, "1 фишка", "1 фишку"), (2, "2 фишки", "2 фишки"), (4, "4 фишки", "4 фишки"), (5, "5 фишек", "5 фишек"),
    (11, "11 фишек", "11 фишек"), (12, "12 фишек", "12 фишек"), (14, "14 фишек", "14 фишек"),
    (21, "21 фишка", "21 фишку"), (22, "22 фишки", "22 фишки"), (25, "25 фишек", "25 фишек"),
    (84, "84 фишки", "84 фишки"), (111, "111 фишек", "111 фишек"), (0, "0 фишек", "0 фишек"),
])
def test_numerals_with_fishka(n, nom, acc):
    assert count(n, "chip", "ru") == nom and count(n, "chip", "ru", "acc") == acc


@pytest.mark.parametrize("n, nom, acc", [
    (1, "1 карта", "1 карту"), (3, "3 карты", "3 карты"), (5, "5 карт", "5 карт"), (11, "11 карт", "11 карт"),
    (13, "13 карт", "13 карт"), (21, "21 карта", "21 карту"), (23, "23 карты", "23 карты"), (52, "52 карты", "52 карты"),
])
def test_numerals_with_karta(n, nom, acc):
    assert count(n, "card", "ru") == nom and count(n, "card", "ru", "acc") == acc


@pytest.mark.parametrize("n, nom, acc", [
    (1, "1 взятка", "1 взятку"), (2, "2 взятки", "2 взятки"), (5, "5 взяток", "5 взяток"),
    (12, "12 взяток", "12 взяток"), (21, "21 взятка", "21 взятку"), (34, "34 взятки", "34 взятки"),
])
def test_numerals_with_vzyatka(n, nom, acc):
    assert count(n, "trick", "ru") == nom and count(n, "trick", "ru", "acc") == acc


@pytest.mark.parametrize("amount, penalty, text", [
    (1, 1, "Вера платит штраф в 1 фишку за 1 карту, не отбитую при розыгрыше"),
    (3, 3, "Вера платит штраф в 3 фишки за 3 карты, не отбитые при розыгрыше"),
    (5, 5, "Вера платит штраф в 5 фишек за 5 карт, не отбитых при розыгрыше"),
    (12, 12, "Вера платит штраф в 12 фишек за 12 карт, не отбитых при розыгрыше"),
    (21, 21, "Вера платит штраф в 21 фишку за 21 карту, не отбитую при розыгрыше"),
])
def test_numerals_in_the_fine_agree_with_the_participle(amount, penalty, text):
    fine = ev.Fine(("p11", "p12"), "Вера", amount, 0, penalty, 1)
    assert ru(fine) == text + "; штраф переходит в банк следующего кона."


def test_the_fine_names_where_it_goes_by_fines_to():
    # p12: into the next game's pool (the default), or laid apart for its play-off (fines_to = playoff_prize).
    prize = ev.Fine(("p11", "p12"), "Вера", 2, 2, 0, 1, to_prize=True)
    assert ru(prize) == "Вера платит штраф в 2 фишки за 2 карты на руках; штраф откладывается на розыгрыш следующего кона."
    assert en(prize) == ("Вера pays a fine of 2 chips for 2 cards in hand; it is laid apart, to be played for in the "
                         "next game's play-off.")


def test_numerals_count_the_cards_left_in_each_deck():
    end = ev.LotteryEnd(("p8", "p9"), "dealer", 21, 1, 7, True)
    assert ru(end) == ("После 7-го круга колоды сдающего на новый круг не хватает: лотерея окончена (в колоде банкира "
                       "21 карта, в колоде сдающего 1 карта); разыгрываются отложенные карты.")
    assert en(end) == ("After 7 rounds the dealer's deck cannot start another, so the lottery is over (21 cards left in "
                       "the banker's deck, 1 in the dealer's); the laid-aside cards will be played off.")
    empty = ev.LotteryEnd(("p8", "p9"), "dealer", 28, 0, 6, True)
    assert "(в колоде банкира 28 карт, колода сдающего пуста)" in ru(empty)
    assert "(28 cards left in the banker's deck, none in the dealer's)" in en(empty)
    short = ev.LotteryEnd(("p8", "p9", "p4"), "dealer", 24, 1, 8, True)
    assert ru(short) == ("После 8-го круга в колоде сдающего всего 1 карта, и взносов за короткую сдачу не хватит даже "
                         "на фишку для каждой из четырёх карт банкира: лотерея окончена (в колоде банкира 24 карты); "
                         "разыгрываются отложенные карты.")
    assert "what the players would pay for it cannot" in en(short)
    assert "what the players would pay for them cannot" in en(ev.LotteryEnd(("p8", "p9", "p4"), "dealer", 24, 2, 8,
                                                                           True))
    # When the play-off cannot start (one player alone holds cards), the next sentence says so, and this one
    # does not promise it.
    assert en(ev.LotteryEnd(("p8", "p9"), "dealer", 28, 0, 6, False)).endswith("none in the dealer's).")
    assert ru(ev.LotteryEnd(("p8", "p9"), "dealer", 28, 0, 6, False)).endswith("колода сдающего пуста).")


def test_the_cards_laid_aside_are_counted_in_the_nominative_after_the_dash():
    laid = ev.LayAside(("p7",), 1, {"Анна": cards("2S"), "Борис": cards("3S 4S 5S"), "Вера": cards("6S 7S")})
    assert ru(laid) == ("Карты, ничего не выигравшие, каждый игрок кладёт к своим отложенным картам: Анна — 1 карта, "
                        "Борис — 3 карты, Вера — 2 карты.")


# ---------------------------------------------------------------------------- plural verbs, plural subjects

@pytest.mark.parametrize("pool, sentence", [
    (1, "В следующий кон переходит 1 фишка."), (21, "В следующий кон переходит 21 фишка."),
    (84, "В следующий кон переходят 84 фишки."), (90, "В следующий кон переходят 90 фишек."),
])
def test_plural_verb_with_the_chips_carried(pool, sentence):
    end = ev.GameEnd(("p12",), pool, {"Анна": 3, "Вера": -3}, 0)
    assert ru(end) == f"Кон окончен: Анна +3, Вера −3. {sentence}"


def test_plural_verb_with_players_out_of_cards():
    two = ev.PlayoffEnd(("p11",), ("Анна", "Вера"), ("Борис",))
    assert ru(two) == "У Анны и Веры кончились карты, и розыгрыш окончен; карты остались у Бориса."
    assert en(ev.PlayoffEnd(("p11",), ("Anna", "Vera"), ("Boris", "Gleb"))) == \
        "Anna and Vera have no cards left, so the play-off is over; Boris and Gleb still hold cards."
    one = ev.PlayoffEnd(("p11",), ("Борис",), ("Анна",))
    assert en(one) == "Борис has no cards left, so the play-off is over; Анна still holds cards."
    assert ru(ev.PlayoffEnd(("p14",), ("Анна", "Борис"), ())).endswith("; карт не осталось ни у кого.")


def test_plural_verb_with_players_sitting_out():
    start = ev.PlayoffStart(("p9", "p10"), "beating", "Борис", "Борис", ("Анна", "Вера"), None, ("Борис", "Глеб"))
    assert ru(start).endswith("Анна и Вера без карт и не играют.")
    assert en(start).endswith("Анна and Вера sit out with no cards.")
    alone = ev.PlayoffStart(("p9", "p10"), "beating", "Борис", "Борис", ("Анна",), None, ("Борис", "Вера"))
    assert ru(alone).endswith("Анна без карт и не играет.") and en(alone).endswith("Анна sits out with no cards.")


def test_plural_and_singular_cards_going_to_the_discard():
    one = ev.LeadAbandoned(("p11",), "Вера", "Анна", cards("TS"), False)
    assert ru(one) == ("Это была последняя карта Веры, и розыгрыш с отбоем на этом кончается: отбиваться Анне не "
                       "нужно, десятка пик уходит в сброс.")
    assert en(one).endswith("and the ten of spades goes to the discard.")
    two = ev.LeadAbandoned(("p11",), "Вера", "Анна", cards("TS TH"), True)
    assert ru(two).startswith("Это были последние карты Веры, и этап с отбоем на этом кончается") and \
        ru(two).endswith("уходят в сброс.")
    assert en(ev.LeadAbandoned(("p11",), "Vera", "Anna", cards("TS TH"), True)) == (
        "Those were Vera's last cards, so the stage by beating ends at once: Anna need not answer, and the ten of "
        "spades and the ten of hearts go to the discard.")


def test_one_player_or_none_still_holding_cards_is_named():
    # "they" for one player or none is gone: the holder is named, or nobody.
    one = ev.PlayoffStart(("p9", "p10"), "beating", "Boris", "Boris", ("Anna",), "too_few", ("Boris",))
    assert en(one) == ("The play-off by beating cannot be played: only Boris holds cards, and Boris's cards are fined "
                       "as they stand.")
    one_ru = ev.PlayoffStart(("p9", "p13"), "tricks", "Борис", "Борис", ("Анна",), "too_few", ("Борис",))
    assert ru(one_ru) == "Розыгрыша на взятки не будет: карты остались только у Бориса, и штраф платят за то, что на руках."
    stage = ev.SecondStage(("p11", "p13"), ("Анна",), None, "Анна", ("Анна",), "too_few", ("Вера",))
    assert ru(stage) == ("У Анны кончились карты, и этап с отбоем окончен: штраф за неотбитые карты платят сейчас. "
                         "Карты остались только у Веры, и на взятки играть некому: Вера платит по мастям.")
    none = ev.SecondStage(("p11", "p13"), ("Anna", "Vera"), None, "Anna", ("Anna", "Vera"), "too_few", ())
    assert en(none).endswith(". Nobody still holds cards, so there is no stage by tricks.")


def test_the_suit_fine_names_the_suits_left_and_counts_their_cards():
    fine = ev.SuitFine(("p15",), "Вера", 2, 4, {"D": 4}, "per_suit")
    assert ru(fine) == ("У Веры на руках остались бубны (4 карты): Вера платит в копилку по мастям 2 фишки (по разу "
                        "за каждую масть).")
    two = ev.SuitFine(("p15",), "Борис", 5, 4, {"H": 1, "S": 3}, "per_card")
    assert ru(two) == "У Бориса на руках остались черви (1 карта) и пики (3 карты): Борис платит в копилку по мастям 5 фишек."


def test_a_short_deal_names_who_gets_no_cards():
    deal = ev.Deal(("p8", "p5"), 9, {"Анна": cards("2S 3S 4S"), "Борис": cards("5S"), "Вера": [], "Глеб": []}, True)
    assert ru(deal) == ("Колода сдающего на исходе: оставшиеся карты сдаются в обычном порядке. Анна — двойка пик, "
                        "тройка пик и четвёрка пик; Борис — пятёрка пик. Вере и Глебу карт не достаётся.")
    deal_en = ev.Deal(("p8", "p5"), 9, {"Anna": cards("2S 3S 4S"), "Boris": cards("5S"), "Vera": []}, True)
    assert en(deal_en) == ("The dealer's deck is nearly out: what is left is dealt in the usual order. Anna gets the two "
                           "of spades, the three of spades and the four of spades; Boris gets the five of spades. Vera "
                           "gets no cards.")


# ---------------------------------------------------------------------------- names

def test_the_russian_default_names():
    assert DEFAULT_NAMES["ru"][:3] == ("Анна", "Борис", "Вера") and DEFAULT_HOSTS["ru"] == ("Папа", "Мама")
    assert len(DEFAULT_NAMES["ru"]) == len(set(DEFAULT_NAMES["ru"])) == len(DEFAULT_NAMES["en"]) == MAX_PLAYERS
    assert Table.default(3, "ru") == Table(("Анна", "Борис", "Вера"), "Папа", "Мама")
    assert Table.default(MAX_PLAYERS, "ru").players == DEFAULT_NAMES["ru"]
    assert Table.default(3) == Table(("Anna", "Boris", "Vera"), "Papa", "Mama")
    # Every default name is declined, and no two share a form.
    names = DEFAULT_NAMES["ru"] + DEFAULT_HOSTS["ru"]
    assert all(knows_name(n) for n in names)
    assert name_in("Лев", "acc") == "Льва" and name_in("Пётр", "gen") == "Петра" and name_in("Илья", "ins") == "Ильёй"
    assert name_in("Ксения", "dat") == "Ксении" and name_in("Зоя", "gen") == "Зои" and name_in("Мама", "acc") == "Маму"


def test_the_russian_default_names_on_the_command_line():
    from engine.__main__ import _table

    assert _table("2", "ru") == Table(("Анна", "Борис"), "Папа", "Мама")
    assert _table("Ирина, Олег", "ru") == Table(("Ирина", "Олег"), "Папа", "Мама")


def test_the_live_engines_extra_seats_have_the_pages_default_names():
    import json

    setup = {"table": {"players": ["Анна", "Борис", "Вера"], "banker": "Папа", "dealer": "Мама"}, "seed": "3",
             "players": 5}
    reply = json.loads(handle(json.dumps({"type": "replay", "setup": setup, "lang": "ru"})))
    assert reply["result"]["seats"] == ["Анна", "Борис", "Вера", "Глеб", "Дарья"]
    setup["table"] = {"players": ["Anna", "Gleb"], "banker": "Papa", "dealer": "Mama"}
    reply = json.loads(handle(json.dumps({"type": "replay", "setup": setup, "lang": "en"})))
    assert reply["result"]["seats"] == ["Anna", "Gleb", "Boris", "Vera", "Darya"]


def test_every_russian_name_in_the_lessons_hands_is_declined():
    import tomllib

    for path in sorted((REPO / "lessons" / "hands").glob("*.toml")):
        table = tomllib.loads(path.read_text(encoding="utf-8"))["table"]["ru"]
        names = [*table["players"], table["banker"], table["dealer"]]
        assert [n for n in names if not knows_name(n)] == [], path.name
    # The short names of the bigger tables, each form checked by hand; men's in -а/-я as women's.
    forms = {"Гриша": "Гриши Грише Гришу Гришей", "Даша": "Даши Даше Дашу Дашей", "Женя": "Жени Жене Женю Женей",
             "Лена": "Лены Лене Лену Леной", "Миша": "Миши Мише Мишу Мишей", "Надя": "Нади Наде Надю Надей",
             "Оля": "Оли Оле Олю Олей", "Петя": "Пети Пете Петю Петей", "Рома": "Ромы Роме Рому Ромой",
             "Соня": "Сони Соне Соню Соней", "Таня": "Тани Тане Таню Таней"}
    for name, text in forms.items():
        assert " ".join(name_in(name, case) for case in ("gen", "dat", "acc", "ins")) == text, name
    assert ru(lead("Вера", "Гриша", "8S 8H")).startswith("Вера ходит под Гришу восьмёркой пик и восьмёркой червей; "
                                                         "Грише нужно")


def test_a_name_the_engine_does_not_know_follows_igrok_in_its_case():
    assert name_in("P1", "gen") == "игрока P1" and name_in("P1", "dat") == "игроку P1"
    assert name_in("Marie", "acc") == "игрока Marie" and name_in("Marie", "ins") == "игроком Marie"
    assert names_in(["P1", "P2"], "gen") == "игроков P1 и P2"
    assert names_in(["Анна", "P2"], "gen") == "Анны и игрока P2"
    assert ru(lead("P1", "P2", "7H")).startswith("P1 ходит под игрока P2 семёркой червей; игроку P2 нужно")


# ---------------------------------------------------------------------------- no masculine form about a woman

# A masculine pronoun, past tense or short adjective about a player. «тот» in «у кого …, тот платит»
# and quotations of the text («обязан отбить») are generic, and are not about one player.
MASCULINE = re.compile(r"\b(он|его|ему|него|нему|ним|им|сам|должен|обязан|готов|выиграл|взял|отбился|отбил|"
                       r"получил|забрал|положил|пошёл|сидящий|взявший|выигравший|отбившийся)\b")
WOMEN = ("Анна", "Вера", "Дарья", "Зоя", "Ксения", "Мария", "Ольга", "Раиса", "Татьяна")


def _about_players(text: str) -> str:
    return re.sub(r"«[^»]*»", "", text)


def _women_games(count_: int) -> list[Game]:
    choices = {info.key: info.values for info in CATALOGUE if info.kind == "choice"}
    rng = random.Random(61)
    games = []
    for number in range(count_):
        options = {key: rng.choice(values) for key, values in choices.items()}
        options["stake"] = rng.choice([1, 2, 4])
        n = rng.randint(2, 6)
        table = Table(WOMEN[:n], "Мама", "Бабушка")
        # Fines carried in to be played for, and a kitty kept apart, where the options allow them (p12, p15).
        prize = rng.randint(1, 9) if options["fines_to"] == "playoff_prize" and options["playoff"] != "tricks" else 0
        kitty = rng.randint(1, 9) if options["kitty"] == "kept_apart" else 0
        try:
            opts = Options.from_mapping(options)
            table.check(opts)
        except EngineError:
            continue
        games.append(Game(table, opts, seed=number, prize=prize, kitty=kitty))
    return games


def test_every_event_and_refusal_with_female_names_has_no_masculine_form():
    kinds, refusals = set(), set()
    for game in _women_games(160):
        policy = random_policy(game.seed)
        while not game.over:
            if game.legal_actions() and game.phase.value != "stake":
                # A few moves the rules refuse here: another player's kind of move, cards not held, a bad cover.
                hand = [str(card) for card in game.hands[game.to_act]] if game.to_act is not None and \
                    game.to_act >= 0 else []
                tries = ["take", "lead 2S", "play AS", "beat 7H>2H", "lead 3C 3D", "stake 1 1 1 1"]
                tries += [f"play {card}" for card in hand]
                tries += [f"lead {a} {b}" for a, b in zip(hand, hand[1:]) if a[:-1] != b[:-1]][:1]
                tries += [f"beat {str(led)}>{card}" for _, led in game.table_cards[:1] for card in hand]
                for text in tries:
                    action = parse_action(text)
                    try:
                        game.check(action)
                    except EngineError as error:
                        refusals.add(error.code)
                        for you in (False, True):
                            sentence = explain(error, "ru", you)
                            assert not MASCULINE.search(_about_players(sentence)), sentence
            game.apply(policy(game))
        for event in game.events:
            kinds.add(event.kind)
            sentence = narrate(event, "ru")
            assert not MASCULINE.search(_about_players(sentence)), sentence
    assert kinds == {cls.kind for cls in vars(ev).values() if isinstance(cls, type) and issubclass(cls, ev.Event)
                     and cls is not ev.Event}
    assert {"wrong_move", "not_held", "lead_shape", "must_follow", "must_beat", "not_higher"} <= refusals


def test_the_female_names_are_declined_as_feminine():
    assert [name_in(n, "gen") for n in WOMEN] == ["Анны", "Веры", "Дарьи", "Зои", "Ксении", "Марии", "Ольги",
                                                  "Раисы", "Татьяны"]
    assert [name_in(n, "acc") for n in WOMEN[:3]] == ["Анну", "Веру", "Дарью"]


# ---------------------------------------------------------------------------- Russian card notation

@pytest.mark.parametrize("typed, card", [
    ("ТП", "AS"), ("тп", "AS"), ("ТТ", "AC"), ("КК", "KC"), ("ДЧ", "QH"), ("ВБ", "JD"), ("10Ч", "TH"), ("7т", "7C"),
    ("Т♦", "AD"), ("4♦", "4D"), ("ТТР", "AC"), ("10ББ", "TD"), ("TD", "TD"), ("10D", "TD"), ("AD", "AD"),
])
def test_russian_card_notation_is_accepted_in_typed_moves(typed, card):
    assert str(Card.parse(typed)) == card
    assert str(parse_action(f"play {typed}")) == f"play {card}"


def test_russian_card_notation_in_a_cover_and_a_refusal():
    assert str(parse_action("beat 4♦>Т♦ 7Ч>ВЧ")) == "beat 4D>AD 7H>JH"
    with pytest.raises(EngineError) as refused:
        parse_action("play ЖЖ")
    assert "по-русски ТП (туз пик)" in refused.value.words("ru") and "русская Т — туз" in refused.value.words("ru")


def test_the_russian_card_faces_no_letter_means_two_things_on_one_card():
    page = catalogue("ru")
    for code, card in page["cards"].items():
        letter = next(s["letter"] for s in page["suits"] if s["code"] == code[-1])
        assert card["index"] != letter and card["index"].lower() != letter, code


# ---------------------------------------------------------------------------- English

def _english_texts() -> list[str]:
    texts = []
    for game in _women_games(40)[:25]:
        policy = random_policy(game.seed)
        while not game.over:
            game.apply(policy(game))
        texts += [narrate(e, "en") for e in game.events]
    page = catalogue("en")
    texts += [o["label"] for o in page["options"]] + [o["question"] for o in page["options"]]
    texts += [ch["label"] + " " + (ch["reading"] or "") for o in page["options"] for ch in o["choices"]]
    texts += list(page["decisions"].values()) + list(page["terms"].values())
    from sitegen.i18n import DEMO_STRINGS
    from sitegen.pages import REGISTRY
    from sitegen.render import page_strings  # the site's words and every page type's

    texts += list(page_strings(REGISTRY)["en"].values()) + list(DEMO_STRINGS["en"].values())
    texts.append((REPO / "lessons" / "text" / "translation.en.txt").read_text(encoding="utf-8"))
    return texts


def test_english_never_says_beat_off():
    for text in _english_texts():
        assert not re.search(r"\bbe(at|ats|aten|ating)\s+off\b", text, re.IGNORECASE), text


def test_english_verbs_agree_with_one_card_and_one_player():
    take = ev.Take(("p10",), "Vera", cards("9S"), (), "Boris", "Anna", "Boris")
    assert en(take) == ("Vera cannot beat and takes the nine of spades into the pile of cards not beaten. Vera misses "
                        "the turn: Anna leads next, to Boris.")
    covered = ev.Take(("p10",), "Vera", cards("9S"), ((c("9H"), c("KH")),), "Boris", None, None)
    assert en(covered) == ("Vera covers the nine of hearts with the king of hearts but cannot beat the other, and takes "
                           "the nine of spades into the pile of cards not beaten.")
    assert en(ev.PlayoffEnd(("p11",), ("Anna", "Boris"), ("Vera",))).startswith("Anna and Boris have no cards left")
    assert en(ev.PlayoffEnd(("p11",), ("Anna",), ("Vera",))).startswith("Anna has no cards left")
    assert en(ev.PlayoffEnd(("p11",), ("Anna",), ("Vera",))).endswith("; Vera still holds cards.")


# ---------------------------------------------------------------------------- one word per concept, one way of citing

def test_one_word_for_the_laid_aside_cards_and_paragraphs_cited_as_section_signs():
    events = []
    for game in _women_games(30)[:20]:
        policy = random_policy(game.seed)
        while not game.over:
            game.apply(policy(game))
        events += game.events
    for event in events:
        sentence = narrate(event, "ru")
        # A player's pile is «стопка» («стопка неотбитых карт»); «колода» is the banker's or the dealer's.
        assert not re.search(r"отложенн\w+ колод|отдельн\w+ колод|колод\w* неотбит|Отложено", sentence), sentence
        assert re.search(r"\(§\d+(, §\d+)*\)$", sentence) and not re.search(r"\bp\d", sentence), sentence
        assert re.search(r"\(p\d+(, p\d+)*\)$", narrate(event, "en"))
    russian = catalogue("ru")
    for option in russian["options"]:
        assert not re.search(r"\bp\d", option["question"] + option["label"]), option["key"]
    # The page cites a paragraph as the catalogue says: «§7» in Russian, "p7" in English.
    assert russian["paragraphs"] == {f"p{n}": f"§{n}" for n in range(16)}
    assert catalogue("en")["paragraphs"] == {f"p{n}": f"p{n}" for n in range(16)}
    # A common noun after a colon mid-sentence is lower case: «Ваше место: банкир.»
    assert russian["roles"]["banker"] == "банкир" and catalogue("en")["roles"]["banker"] == "the banker"
    assert russian["terms"]["aside"] == "Отложенные карты" and russian["terms"]["penalty"] == "Неотбитые карты"


def test_the_command_line_seat_lists_each_legal_moves_code_and_takes_russian_notation():
    import subprocess
    import sys

    game = Game(Table.default(2, "ru"), seed=5)
    while game.to_act != 1:
        game.apply(default_policy(game))  # the command line's other seats play by the default policy
    legal = [str(a) for a in game.legal_actions()]
    lead = next(a for a in game.legal_actions() if isinstance(a, Lead) and len(a.cards) == 1)
    card = lead.cards[0]
    russian = {11: "В", 12: "Д", 13: "К", 14: "Т"}.get(card.rank, str(card.rank)) + {"S": "П", "H": "Ч", "D": "Б",
                                                                                          "C": "Т"}[card.suit]
    result = subprocess.run([sys.executable, "-m", "engine", "play", "--lang", "ru", "--players", "2", "--seat",
                             "Борис", "--seed", "5"], cwd=REPO, input=f"take\nlead {russian}\n", capture_output=True,
                            text=True, encoding="utf-8", timeout=120)
    out = result.stdout
    assert "Борис, ваш ход. Ходите одной картой или двумя одного достоинства. (§10)" in out
    for code in legal:  # each legal move with its code, then its words
        assert re.search(rf"^    {re.escape(code)} +Пойти ", out, re.MULTILINE), code
    assert "Сейчас вам нужно ходить (§10)." in out  # "take" refused, in Russian, to "you"
    assert f"Борис ходит под Анну {move_text(lead, 'ru').split(' ', 1)[1]}; Анне нужно отбиться" in out


def test_a_net_below_zero_takes_the_minus_sign_in_both_languages():
    end = ev.GameEnd(("p12",), 5, {"Anna": 4, "Vera": -4, "Lena": 0}, -2)
    # a zero is neither a gain nor a loss: no sign (engine/words.py)
    assert en(end).startswith("The game is over: Anna +4, Vera \u22124, Lena 0, banker \u22122. ")
    assert ru(end).startswith("Кон окончен: Anna +4, Vera \u22124, Lena 0, банкир \u22122. ")
