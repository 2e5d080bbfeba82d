"""engine/analysis_page.py: an analysed decision as the demo's panel shows it. Its figures are the
analysis's, written by words.signed / number; the move made is marked; the sentences are the move
made's and, when it is not the best, the best move's; a Russian sentence puts the mover's name in
the case its verb or preposition governs."""

from __future__ import annotations

import pytest

from engine.analysis import Analysis, MoveFacts, MoveValue
from engine.analysis_page import for_page
from engine.narration import chips_figure, move_reason


def analysis(seat: int = 1, mode: str = "open", exact: bool = True) -> Analysis:
    facts = MoveFacts(cards=(), keeps=())
    interval = None if mode == "open" else (-4.5, -1.25)
    moves = (MoveValue("lead 7H", 0, -2.0, 0.0, 1, facts, interval),
             MoveValue("lead 7H 7S", 2, -5.0, 3.0, 2, facts, interval),
             MoveValue("lead 7S", 1, -5.0, 3.0, 3, facts, interval))
    return Analysis(4, seat, "lead", mode, exact, 1 if mode == "open" else 32, 0, 3000, 100, moves)


def test_the_figures_the_marks_and_the_sentences() -> None:
    seats = ("Anna", "Boris", "Vera")
    panel = for_page(analysis(), seats, "lead 7H 7S", "en")
    assert [m["move"] for m in panel["moves"]] == ["lead 7H", "lead 7H 7S", "lead 7S"]
    assert [m["net"] for m in panel["moves"]] == ["\u22122", "\u22125", "\u22125"]  # a true minus
    assert [m["cost"] for m in panel["moves"]] == ["0", "3", "3"]
    assert [m["played"] for m in panel["moves"]] == [False, True, False]
    assert panel["moves"][1]["text"] == "leads the seven of spades and the seven of hearts"
    assert panel["who"] == "Boris" and panel["decision"] == 4
    moves = analysis().moves
    assert panel["reasons"] == [move_reason(moves[1], "Boris", seats, "en"), move_reason(moves[0], "Boris", seats, "en")]
    assert "3 chips less than the best move" in panel["reasons"][0]
    assert "exact" in panel["assumption"] and "every player knows every hand" in panel["assumption"]
    # The best move made: its sentence alone.
    assert for_page(analysis(), seats, "lead 7H", "en")["reasons"] == [move_reason(moves[0], "Boris", seats, "en")]
    assert "estimate" in for_page(analysis(exact=False), seats, "lead 7H", "en")["assumption"]


def test_russian_puts_the_name_in_its_case() -> None:
    panel = for_page(analysis(seat=2), ("Анна", "Борис", "Вера"), "lead 7H", "ru")
    assert panel["about"].startswith("Варианты, которые правила разрешали Вере, от лучшего к худшему. Цена варианта — итог Веры ")
    assert panel["moves"][1]["text"] == "ходит семёркой пик и семёркой червей"
    assert "оценка" in for_page(analysis(exact=False), ("Анна", "Борис", "Вера"), "lead 7H", "ru")["assumption"]
    # A name whose forms are not known follows «игрок» in that case.
    unknown = for_page(analysis(seat=0), ("P1", "Борис", "Вера"), "lead 7H", "ru")
    assert "разрешали игроку P1," in unknown["about"] and "итог игрока P1 за кон" in unknown["about"]


def test_the_known_mode_gives_each_value_its_interval() -> None:
    panel = for_page(analysis(mode="known"), ("Anna", "Boris", "Vera"), "lead 7S", "en")
    assert panel["moves"][0]["net"] == "\u22122.00" and panel["moves"][0]["interval"] == ["\u22124.50", "\u22121.25"]
    assert "95% interval" in panel["assumption"] and "32 deals" in panel["assumption"]


# The open mode's costs are whole: the noun counted in the case «на» governs (narration.chips_figure).
@pytest.mark.parametrize("cost, en, ru", [(1, "1 chip", "1 фишку"), (2, "2 chips", "2 фишки"), (5, "5 chips", "5 фишек"),
                                          (21, "21 chips", "21 фишку")])
def test_an_open_cost_counts_whole_chips(cost: int, en: str, ru: str) -> None:
    facts = MoveFacts(cards=(), keeps=())
    move = MoveValue("lead 7S", 1, -2.0 - cost, float(cost), 2, facts)
    assert chips_figure(cost, "en", 0, "acc") == en and chips_figure(cost, "ru", 0, "acc") == ru
    assert move_reason(move, "Anna", ("Anna", "Boris"), "en").endswith(f", {en} less than the best move.")
    assert move_reason(move, "Анна", ("Анна", "Борис"), "ru").endswith(f", на {ru} меньше, чем при лучшем варианте.")
