"""One rule finds a seat for the page, practice and the command line (engine/seat.py)."""

from __future__ import annotations

import pytest

from engine import BANKER, Game
from engine.seat import SeatError, find_seat
from engine_helpers import table


def test_a_seat_is_found_by_name_by_the_bankers_word_or_name_or_by_its_place():
    game = Game(table(3), seed=1)  # Anna, Boris, Vera; the banker Father
    assert [find_seat(game, who) for who in ("Boris", " Boris ", 2, "2")] == [1, 1, 2, 2]
    assert [find_seat(game, who) for who in ("banker", "Банкир", "Father")] == [BANKER] * 3
    assert [find_seat(game, who, first=1) for who in (1, "3", "Vera")] == [0, 2, 2]  # the command line counts from 1


@pytest.mark.parametrize("given, first", [("Gleb", 0), (3, 0), ("0", 1), (True, 0)])
def test_a_seat_the_table_does_not_have_is_refused_with_the_seats(given, first):
    game = Game(table(3), seed=1)
    with pytest.raises(SeatError) as refused:
        find_seat(game, given, first)
    assert refused.value.code == "no_seat" and refused.value.facts["seats"] == ["Anna", "Boris", "Vera"]
    assert str(refused.value).endswith("the seats are Anna, Boris, Vera and banker")
