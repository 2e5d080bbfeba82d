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
from engine.actions import Beat, Lead, Play
from engine.cards import Card
from engine.catalogue import catalogue
from engine.errors import EngineError
from engine.live import handle
from engine.narration import explain, narrate
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
    reveal = ev.Reveal(("p5",), 1, 1, c("6S"), 9, "Вера", "player")
    assert ru(reveal) == ("Банкир вскрывает первую карту — шестёрку пик, на ней 9 фишек: такая же карта у Веры, "
                          "и вся сумма достаётся Вере.")
    nobody = ev.Reveal(("p5", "p4"), 1, 4, c("QD"), 1, None, "pool")
    assert ru(nobody) == ("Банкир вскрывает четвёртую карту — даму бубен, на ней 1 фишка: такой карты ни у кого нет, "
                          "ставка остаётся на столе для следующей четвёрки.")


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


def test_accusative_after_khodit_pod():
    lead = ev.Lead(("p10",), "Анна", "Борис", cards("7H 7S"))
    assert ru(lead) == "Анна ходит под Бориса семёркой червей и семёркой пик; отбиваться Борису."
    to_her = ev.Lead(("p10",), "Борис", "Вера", cards("9S"))
    assert ru(to_her) == "Борис ходит под Веру девяткой пик; отбиваться Вере."
    to_papa = ev.Lead(("p10",), "Мама", "Папа", cards("2C"))
    assert ru(to_papa) == "Мама ходит под Папу двойкой треф; отбиваться Папе."


def test_instrumental_after_byot_names_the_card_that_beats():
    beat = ev.Beat(("p10",), "Вера", ((c("7H"), c("9H")),))
    assert ru(beat) == "Вера бьёт семёрку червей девяткой червей. Карты сбрасываются, и Вера ходит под соседа слева."
    assert move_text(Beat(((c("7H"), c("9H")), (c("7S"), c("QS")))), "ru") == \
        "бьёт семёрку пик дамой пик и семёрку червей девяткой червей"  # the canonical order: spades first
    assert move_text(Beat(((c("7H"), c("9H")),)), "ru", command=True) == "Отбить семёрку червей девяткой червей"


def test_instrumental_after_kroet_and_accusative_after_zabiraet():
    take = ev.Take(("p10",), "Анна", cards("9H"), ((c("9S"), c("TS")),))
    assert ru(take) == ("Анна кроет девятку пик десяткой пик, но остальное отбить не может: забирает девятку червей "
                        "себе в неотбитые карты и пропускает ход.")
    plain = ev.Take(("p10",), "Вера", cards("5S 5D"), ())
    assert ru(plain) == "Вера не может отбиться: забирает пятёрку пик и пятёрку бубен себе в неотбитые карты и пропускает ход."


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
    assert ru(fine) == text + "; штраф поступает на розыгрыш в следующий кон."


def test_numerals_count_the_cards_left_in_each_deck():
    end = ev.LotteryEnd(("p8", "p9"), "dealer", 21, 1, 7)
    assert ru(end) == ("После 7-го круга колоды сдающего на новый круг не хватает, лотерея окончена (в колоде банкира "
                       "21 карта, в колоде сдающего 1 карта); разыгрываются отложенные карты.")
    assert en(end) == ("After 7 rounds the dealer's deck cannot start another, so the lottery is over (21 cards left in "
                       "the banker's deck, 1 in the dealer's); the laid-aside cards will be played off.")


# ---------------------------------------------------------------------------- plural verbs, plural subjects

@pytest.mark.parametrize("pool, sentence", [
    (1, "В следующий кон переходит 1 фишка."), (21, "В следующий кон переходит 21 фишка."),
    (84, "В следующий кон переходят 84 фишки."), (90, "В следующий кон переходят 90 фишек."),
])
def test_plural_verb_with_the_chips_carried(pool, sentence):
    end = ev.GameEnd(("p12",), pool, {"Анна": 3, "Вера": -3}, 0)
    assert ru(end) == f"Кон окончен: Анна +3, Вера −3. {sentence}"


def test_plural_verb_with_players_out_of_cards():
    two = ev.PlayoffEnd(("p11",), ("Анна", "Вера"))
    assert ru(two) == "У Анны и Веры кончились карты: розыгрыш окончен, у кого остались карты, тот платит."
    assert en(two) == "Anna and Vera have no cards left: the play-off is over, and whoever still holds cards pays." \
        .replace("Anna", "Анна").replace("Vera", "Вера")
    one = ev.PlayoffEnd(("p11",), ("Борис",))
    assert en(one).startswith("Борис has no cards left")


def test_plural_verb_with_players_sitting_out():
    start = ev.PlayoffStart(("p9", "p10"), "beating", "Борис", "Борис", ("Анна", "Вера"), None)
    assert ru(start).endswith("Анна и Вера без карт и не играют.")
    assert en(start).endswith("Анна and Вера sit out with no cards.")
    alone = ev.PlayoffStart(("p9", "p10"), "beating", "Борис", "Борис", ("Анна",), None)
    assert ru(alone).endswith("Анна без карт и не играет.") and en(alone).endswith("Анна sits out with no cards.")


def test_plural_and_singular_cards_going_to_the_discard():
    one = ev.LeadAbandoned(("p11",), "Вера", "Анна", cards("TS"))
    assert ru(one) == ("Это была последняя карта Веры, и розыгрыш с отбоем на этом кончается: отбиваться Анне не "
                       "нужно, десятка пик уходит в сброс.")
    assert en(one).endswith("and the ten of spades goes to the discard.")
    two = ev.LeadAbandoned(("p11",), "Вера", "Анна", cards("TS TH"))
    assert "Это были последние карты Веры" in ru(two) and ru(two).endswith("уходят в сброс.")
    assert en(two).endswith("go to the discard.")


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
    lead = ev.Lead(("p10",), "Вера", "Гриша", cards("8S 8H"))
    assert ru(lead) == "Вера ходит под Гришу восьмёркой пик и восьмёркой червей; отбиваться Грише."


def test_a_name_the_engine_does_not_know_follows_igrok_in_its_case():
    assert name_in("P1", "gen") == "игрока P1" and name_in("P1", "dat") == "игроку P1"
    assert name_in("Marie", "acc") == "игрока Marie" and name_in("Marie", "ins") == "игроком Marie"
    assert names_in(["P1", "P2"], "gen") == "игроков P1 и P2"
    assert names_in(["Анна", "P2"], "gen") == "Анны и игрока P2"
    lead = ev.Lead(("p10",), "P1", "P2", cards("7H"))
    assert ru(lead) == "P1 ходит под игрока P2 семёркой червей; отбиваться игроку P2."


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
        try:
            opts = Options.from_mapping(options)
            table.check(opts)
        except EngineError:
            continue
        games.append(Game(table, opts, seed=number))
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
    from sitegen.i18n import DEMO_STRINGS, STRINGS

    texts += list(STRINGS["en"].values()) + list(DEMO_STRINGS["en"].values())
    texts.append((REPO / "lessons" / "text" / "translation.en.txt").read_text(encoding="utf-8"))
    return texts


def test_english_never_says_beat_off():
    for text in _english_texts():
        assert not re.search(r"\bbe(at|ats|aten|ating)\s+off\b", text, re.IGNORECASE), text


def test_english_verbs_agree_with_one_card_and_one_player():
    take = ev.Take(("p10",), "Vera", cards("9S"), ())
    assert en(take) == "Vera cannot beat and takes the nine of spades, to be fined as a card not beaten; the turn passes on."
    assert en(ev.PlayoffEnd(("p11",), ("Anna", "Boris"))).startswith("Anna and Boris have no cards left")
    assert en(ev.PlayoffEnd(("p11",), ("Anna",))).startswith("Anna has no cards left")


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
        assert not re.search(r"стопк|отложенн\w+ колод|отдельн\w+ колод|Отложено", sentence), sentence
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
    assert f"Борис ходит под Анну {move_text(lead, 'ru').split(' ', 1)[1]}; отбиваться Анне. (§10)" in out


def test_a_net_below_zero_takes_the_minus_sign_in_both_languages():
    end = ev.GameEnd(("p12",), 5, {"Anna": 4, "Vera": -4, "Lena": 0}, -2)
    assert en(end).startswith("The game is over: Anna +4, Vera \u22124, Lena +0, banker \u22122. ")
    assert ru(end).startswith("Кон окончен: Anna +4, Vera \u22124, Lena +0, банкир \u22122. ")
