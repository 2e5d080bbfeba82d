"""Narration (every event kind, English and Russian, citing its paragraphs) and the command line."""

from __future__ import annotations

import json
import math
import re
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from engine import FULL_DECK, Game, Options, Session, Table, card_name, default_policy, narrate, play_out, write_record
from engine import events as ev
from engine.narration import count_cards
from engine.options import CATALOGUE
from engine.words import chips, name_in
from engine_helpers import (
    ENDING, ENDING_MOVES, LEADER_WITHOUT_CARDS, SECOND, SITTER, TRICKS, TWO_COVERS, opts, play, playoff_decks,
    playoff_game,
    table,
)

REPO = Path(__file__).resolve().parents[2]

# ARCHITECTURE.md: the paragraphs each kind of event applies.
RULES_OF = {
    "game_start": [("p2",)], "lay": [("p3",)], "pay": [("p4",), ("p7", "p4"), ("p7", "p4", "p8")], "spread": [("p4",)],
    "deal": [("p5",), ("p8", "p5")], "reveal": [("p5",), ("p5", "p4")], "discard": [("p6",)],
    "lay_aside": [("p7",)], "lottery_end": [("p8", "p9"), ("p8", "p9", "p4")], "playoff_start": [("p9", "p10"), ("p9", "p13")],
    "lead": [("p10",)], "lead_abandoned": [("p11",)], "beat": [("p10",)], "take": [("p10",)], "play": [("p13",)], "trick": [("p13",)],
    "trick_abandoned": [("p14",)], "second_stage": [("p11", "p13")], "playoff_end": [("p11",), ("p14",)], "fine": [("p11", "p12"), ("p15",)],
    "game_end": [("p12",), ("p15",), ("p12", "p15")],
}


def games_of_every_kind() -> list[Game]:
    games = []
    stop = playoff_game(TRICKS, 0, playoff="tricks", last_card="stop_at_once")
    play(stop, "play KH", "play 4H", "play 2S")  # trick_abandoned
    games.append(stop)
    partial = playoff_game(TWO_COVERS, 0, failed_defence="take_unbeaten")
    play(partial, "lead 7S 7H", "beat 7H>9H")  # a take with a cover
    games.append(play_out(partial))
    ending = playoff_game(ENDING, 1)
    play(ending, *ENDING_MOVES)  # fines for hand and penalty cards
    games.append(ending)
    second = playoff_game(SECOND, 2, playoff="beating_then_tricks")
    play(second, "lead AS AH", "take")  # second_stage, then tricks
    games.append(play_out(second))
    one_holder = playoff_game(ENDING, 1, playoff="beating_then_tricks")
    play(one_holder, *ENDING_MOVES)  # second_stage not played
    games.append(one_holder)
    last_lead = playoff_game(ENDING, 1, last_lead="stop_at_once")
    play(last_lead, *ENDING_MOVES[:-1])  # lead_abandoned
    games.append(last_lead)
    games.append(playoff_game(["", "2S 3S 4S 5S 6S 7S 8S 9S TS 2H 3H 4H 2D 3D 2C 3C"], 0))  # too few
    games.append(playoff_game(SITTER, 1, empty_hand_at_start="ends_playoff"))  # empty hand
    games.append(play_out(playoff_game(SITTER, 1)))  # sits out
    everything = [str(c) for c in FULL_DECK]
    games.append(play_out(playoff_game([" ".join(everything[:27]), " ".join(everything[27:])], None)))  # no prize
    games.append(play_out(Game(table(4), decks=playoff_decks(LEADER_WITHOUT_CARDS, 1).decks)))
    # A short round paid by the deal (p8), and one that cannot raise four chips (p4).
    games.append(play_out(Game(table(4), opts(short_pay="pro_rata", deal_start="rotates"), seed=5)))
    games.append(play_out(Game(table(4), opts(stake=1, unclaimed="banker", short_pay="dealt_only"), seed=6)))
    for options in ({}, {"playoff": "tricks"}, {"spread": "random", "unclaimed": "banker"},
                    {"spread": "chosen", "contribution": "per_losing_card"}, {"hosts_play": "yes", "fine": 0}):
        for seed in range(3):
            games.append(play_out(Game(table(3 + seed), opts(**options), seed=seed, pool=seed)))
    return games


@pytest.fixture(scope="module")
def every_event():
    return [event for game in games_of_every_kind() for event in game.events]


def test_narration_covers_every_kind_of_event(every_event):
    assert {e.kind for e in every_event} == set(RULES_OF)


def test_narration_covers_every_set_of_paragraphs_an_event_cites(every_event):
    assert {(e.kind, e.rules) for e in every_event} == {(k, r) for k, rules in RULES_OF.items() for r in rules}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_narration_every_sentence_cites_its_paragraphs(every_event, lang):
    for event in every_event:
        assert event.rules in RULES_OF[event.kind], (event.kind, event.rules)
        sentence = narrate(event, lang)
        # English cites "p5", Russian «§5» (as the lessons do).
        cite = f" ({', '.join(event.rules)})" if lang == "en" else f" ({', '.join('§' + r[1:] for r in event.rules)})"
        assert sentence.endswith(cite), sentence
        body = narrate(event, lang, cite=False)
        assert sentence == body + cite and body.endswith("."), body
        cyrillic = re.search("[а-яё]", body, re.IGNORECASE) is not None
        assert cyrillic == (lang == "ru"), body


def test_narration_names_the_cards_people_and_chips(every_event):
    reveal = next(e for e in every_event if e.kind == "reveal" and e.winner)
    card = reveal.card
    assert card_name(card) in narrate(reveal, "en") and card_name(card, "ru", "acc") in narrate(reveal, "ru")
    assert reveal.winner in narrate(reveal, "en") and f"у {name_in(reveal.winner, 'gen')}" in narrate(reveal, "ru")
    fine = next(e for e in every_event if e.kind == "fine" and isinstance(e, ev.Fine) and e.amount > 1)
    assert chips(fine.amount, "en") in narrate(fine, "en")
    assert f"штраф в {chips(fine.amount, 'ru', 'acc')} за" in narrate(fine, "ru")


def test_narration_refuses_an_unknown_language(every_event):
    with pytest.raises(ValueError):
        narrate(every_event[0], "de")


@pytest.mark.parametrize("n, en, ru", [
    (0, "0 chips", "0 фишек"), (1, "1 chip", "1 фишка"), (2, "2 chips", "2 фишки"), (4, "4 chips", "4 фишки"),
    (5, "5 chips", "5 фишек"), (11, "11 chips", "11 фишек"), (12, "12 chips", "12 фишек"), (14, "14 chips", "14 фишек"),
    (21, "21 chips", "21 фишка"), (22, "22 chips", "22 фишки"), (25, "25 chips", "25 фишек"),
    (111, "111 chips", "111 фишек"), (101, "101 chips", "101 фишка"),
])
def test_narration_chips_plural_forms(n, en, ru):
    assert chips(n, "en") == en and chips(n, "ru") == ru


@pytest.mark.parametrize("n, ru", [(1, "1 карту"), (3, "3 карты"), (5, "5 карт"), (11, "11 карт"), (21, "21 карту")])
def test_narration_card_count_plural_forms(n, ru):
    assert count_cards(n, "ru") == ru


@pytest.mark.parametrize("card, en, ru", [
    ("QS", "queen of spades", "дама пик"), ("TH", "ten of hearts", "десятка червей"),
    ("AD", "ace of diamonds", "туз бубен"), ("2C", "two of clubs", "двойка треф"),
    ("JH", "jack of hearts", "валет червей"),
    ("KC", "king of clubs", "король треф"),
])
def test_narration_card_names(card, en, ru):
    assert card_name(card) == en and card_name(card, "ru") == ru


def test_narration_every_card_has_its_own_name():
    for lang in ("en", "ru"):
        assert len({card_name(c, lang) for c in FULL_DECK}) == 52


# ---------------------------------------------------------------------- the command line


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=REPO, capture_output=True, text=True,
                          encoding="utf-8", timeout=120)


def test_cli_play_in_russian():
    result = run("play", "--players", "3", "--seed", "1", "--lang", "ru")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    game = play_out(Game(Table.default(3, "ru"), seed=1), default_policy)
    assert lines == [narrate(e, "ru") for e in game.events]
    assert lines[0].startswith("Банкир — Папа, сдающий — Мама, у каждого колода в 52 листа; играют Анна, Борис и Вера.")
    assert "банкир" in result.stdout and all(re.search(r"\(§\d+(, §\d+)*\)$", line) for line in lines)


def test_cli_replay_json_reports_the_game(tmp_path):
    # ENDING worked out by hand (test_rules): Anna +12 with 9S not beaten but no cards in hand (not
    # fined: penalty_pile = holders_only); Boris -25 with 11 cards and 2D 2C not beaten; 13 chips of
    # fines carried; Boris took the last prize; 9 rounds.
    game = playoff_game(ENDING, 1)
    play(game, *ENDING_MOVES)
    path = tmp_path / "ending.toml"
    path.write_text(write_record(game), encoding="utf-8")
    result = run("replay", str(path), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["players"]["Anna"] == {"net": 12, "hand": [], "penalty": ["9S"]}
    assert out["players"]["Boris"]["net"] == -25 and len(out["players"]["Boris"]["hand"]) == 11
    assert out["players"]["Boris"]["penalty"] == ["2D", "2C"]
    assert out["banker"]["net"] == 0 and out["pool_in"] == 0 and out["pool"] == 13
    assert out["last_prize_winner"] == "Boris" and out["rounds"] == 9
    assert [(e["kind"], e["rule"]) for e in out["events"]] == [(e.kind, list(e.rules)) for e in game.events]
    assert sorted(out["players"]["Boris"]["hand"]) == sorted(str(c) for c in game.hands[1])


def test_cli_replay_narrates_with_notes(tmp_path):
    path = tmp_path / "hand.toml"
    game = play_out(Game(table(3), seed=4))
    text = write_record(game) + '\n[[notes]]\nstep = 2\nkind = "lay"\nen = "The four."\nru = "Четвёрка."\n'
    path.write_text(text, encoding="utf-8")
    result = run("replay", str(path), "--lang", "ru")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"   1  {narrate(game.events[0], 'ru')}" and "» Четвёрка." in lines[2]


def test_cli_simulate_json():
    result = run("simulate", "50", "--json", "--seed", "3")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert {"games", "players", "seed", "policy", "pool", "options", "seats", "banker", "game", "playoff",
            "hist"} <= set(out)
    assert out["games"] == 50 and out["policy"] == "default" and out["options"] == {} and out["pool"] == "empty"
    assert [s["name"] for s in out["seats"]] == ["Anna", "Boris", "Vera", "Gleb"]
    # The mean net per seat and its spread, computed again from the same games: game k is the session's
    # game k (its seed), played from an empty pool.
    session_seeds = [g.seed for g in Session(Table.default(4), seed=3).play(50)]
    games = [play_out(Game(Table.default(4), seed=seed)) for seed in session_seeds]
    for seat, figures in enumerate(out["seats"]):
        nets = [g.nets[seat] for g in games]
        assert figures["mean_net"] == round(statistics.mean(nets), 3)
        assert figures["net_sd"] == round(statistics.stdev(nets), 3)
        assert figures["net_ci95"] == round(1.96 * statistics.stdev(nets) / math.sqrt(50), 3)
    assert out["game"]["rounds"]["mean"] == 5  # four players: four full rounds and a short fifth, every game (p8)
    stop = json.loads(run("simulate", "5", "--json", "--option", "short_deal=stop", "--policy", "random").stdout)
    assert stop["game"]["rounds"]["mean"] == 4 and stop["options"] == {"short_deal": "stop"}
    assert stop["policy"] == "random"


def test_cli_simulate_text_reports_the_mean_net_per_seat_and_its_spread():
    result = run("simulate", "20", "--players", "3")
    assert result.returncode == 0, result.stderr
    assert "95% confidence interval" in result.stdout and "standard deviation" in result.stdout
    assert [line.split()[0] for line in result.stdout.splitlines() if line.startswith("  ")] == ["Anna", "Boris", "Vera"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_cli_options_lists_every_option_with_values_default_paragraphs_and_question(lang):
    result = run("options", "--lang", lang)
    assert result.returncode == 0, result.stderr
    blocks = result.stdout.strip().split("\n\n")
    assert len(blocks) == len(CATALOGUE)
    default = Options().to_mapping()
    for block, info in zip(blocks, CATALOGUE):
        head, *rest = block.splitlines()
        cited = ", ".join(info.rules) if lang == "en" else ", ".join("§" + r[1:] for r in info.rules)
        assert head == f"{info.key} ({cited}): {info.label[lang]}"
        assert rest[-1] == f"  {info.question[lang]}"
        if info.kind == "choice":
            mark = "default" if lang == "en" else "по умолчанию"
            assert rest[0].split(": ", 1)[1].split(", ") == [
                f"{v} ({mark})" if v == default[info.key] else v for v in info.values]
        else:
            assert str(default[info.key]) in rest[0]
    listing = json.loads(run("options", "--json").stdout)
    assert [o["key"] for o in listing] == [info.key for info in CATALOGUE]
    assert all(o["default"] == default[o["key"]] for o in listing)


def test_cli_bad_record_exits_2_with_file_and_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('seed = 1\n[table]\nplayers = ["A", "B"]\nbanker = "F"\ndealer = "M"\n[options]\nbeat = "up"\n',
                    encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: {path}:7: option 'beat' (p10)")


@pytest.mark.parametrize("args", [("play", "--players", "1"), ("play", "--option", "beat=up"),
                                  ("simulate", "3", "--option", "stake")])
def test_cli_bad_table_or_option_exits_2(args):
    result = run(*args)
    assert result.returncode == 2 and result.stderr.startswith("error: ")


@pytest.mark.parametrize("penalty, words", [(1, "за 1 карту, не отбитую при розыгрыше"),
                                             (3, "за 3 карты, не отбитые при розыгрыше"),
                                             (5, "за 5 карт, не отбитых при розыгрыше")])
def test_narration_russian_fine_agrees_with_the_number_of_cards(penalty, words):
    fine = ev.Fine(("p11", "p12"), "Vera", penalty, 0, penalty, 1)
    assert narrate(fine, "ru").startswith(f"Vera платит штраф в {chips(penalty, 'ru', 'acc')} {words};")


def test_narration_a_single_round_is_singular():
    game = Game(table(9), opts(short_deal="stop"), seed=1)
    end = next(e for e in game.events if e.kind == "lottery_end")
    assert end.rounds == 1  # 27 cards a round: the 25 left cannot start another (p8)
    assert "1 rounds" not in narrate(end, "en")


def test_narration_a_single_chip_carried_agrees_with_its_verb():
    # Boris alone holds cards (Anna's all won): the play-off is not played; his one spade is fined
    # 1 chip (S=1, other suits 0), the only chip carried out.
    game = playoff_game(["", "2S 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2D 3D"], 0, playoff="tricks",
                        suit_fines="S=1 H=0 D=0 C=0")
    end = game.events[-1]
    assert end.kind == "game_end" and end.pool == 1
    assert not re.search(r"\b1 chip go\b", narrate(end, "en"))


@pytest.mark.parametrize("card, name", [("2S", "двойку пик"), ("TH", "десятку червей"), ("JD", "валета бубен"),
                                        ("QC", "даму треф"), ("KS", "короля пик"), ("AH", "туза червей")])
def test_narration_russian_cards_taken_are_in_the_accusative(card, name):
    # «забирает даму червей», not «забирает дама червей»: the object of a verb is in the accusative.
    assert card_name(card, "ru", "acc") == name
