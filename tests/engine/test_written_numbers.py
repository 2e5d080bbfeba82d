"""How the course writes a number (engine/words.py): one rounding rule, one sign rule, each
language's decimal mark and grouping, for the narration, the tables, the charts and the prose."""

from __future__ import annotations

from engine import events as ev
from engine.narration import narrate
from engine.words import count, interval_decimals, number, percent, plus_minus, signed

NBSP = "\u00a0"


def test_halves_are_rounded_away_from_zero_in_both_languages() -> None:
    # Python's round() and format() round the float's binary value half to even: 0.125 -> 0.12;
    # the course rounds the figure as printed, a half away from zero, and says so the same everywhere.
    cases = {0.125: "0.13", 0.135: "0.14", -0.125: "\u22120.13", -0.135: "\u22120.14", 0.625: "0.63",
             -17.715: "\u221217.72", 2.675: "2.68", 1.005: "1.01", 0.124: "0.12", -2.665: "\u22122.67"}
    for value, en in cases.items():
        assert number(value, "en", 2) == en, value
        assert number(value, "ru", 2) == en.replace(".", ","), value
    assert number(0.5, "en", 0) == "1" and number(-0.5, "en", 0) == "\u22121" and number(2.5, "ru", 0) == "3"
    assert number(0.05, "en", 1) == "0.1" and number(-0.15, "ru", 1) == "\u22120,2"


def test_a_sign_before_a_gain_a_true_minus_before_a_loss_and_none_before_zero() -> None:
    for lang in ("en", "ru"):
        assert signed(7, lang) == "+7" and signed(-7, lang) == "\u22127"
        assert signed(0, lang) == "0"  # zero is neither gain nor loss: never "+0" or "−0"
        assert signed(-0.0, lang, 2) == "0.00".replace(".", "," if lang == "ru" else ".")
    # what rounds to zero is zero
    assert number(-0.004, "en", 2) == "0.00" and signed(0.004, "ru", 2) == "0,00"
    assert number(-0.005, "en", 2) == "\u22120.01" and signed(0.005, "en", 2) == "+0.01"
    assert number(1.25, "en", 2, sign=True) == "+1.25" and number(1.25, "en", 2) == "1.25"


def test_each_language_groups_and_marks_decimals_its_own_way() -> None:
    assert number(1234, "en") == "1,234" and number(1234, "ru") == "1234"  # four digits unseparated in Russian
    assert number(12345.678, "en", 2) == "12,345.68"
    assert number(12345.678, "ru", 2) == f"12{NBSP}345,68"
    assert number(-1_000_000, "ru") == f"\u22121{NBSP}000{NBSP}000"
    assert number(3.5, "en") == "3.50" and number(3.0, "en") == "3" and number(3, "ru") == "3"  # None: a whole figure as it is


def test_a_percentage_is_the_share_scaled_exactly() -> None:
    assert percent(0.125, "en") == "12.5%" and percent(0.125, "ru") == f"12,5{NBSP}%"
    assert percent(0.145, "en", 0) == "15%"  # 0.145 * 100 is 14.499999999999998 in floats
    assert percent(0.00125, "en", 1) == "0.1%" and percent(-0.00125, "ru", 2, sign=True) == f"\u22120,13{NBSP}%"
    assert percent(0.0145, "ru", 1, symbol=False) == "1,5"


def test_counts_and_the_narrations_balances_are_written_the_same_way() -> None:
    assert count(1000, "chip", "en") == "1,000 chips" and count(10000, "chip", "ru") == f"10{NBSP}000 фишек"
    end = ev.GameEnd(("p12",), 2500, {"Anna": 1200, "Boris": 0, "Vera": -3700}, 0)
    assert narrate(end, "en").startswith("The game is over: Anna +1,200, Boris 0, Vera \u22123,700. "
                                         "2,500 chips go to the next game's pool.")
    assert narrate(end, "ru").startswith("Кон окончен: Anna +1200, Boris 0, Vera \u22123700. "
                                         "В следующий кон переходят 2500 фишек.")


def test_an_interval_above_zero_is_never_written_as_a_point() -> None:
    assert [interval_decimals(h) for h in (0.0, 0.005, 0.014, 0.003, 0.0004)] == [2, 2, 2, 3, 4]
    assert interval_decimals(0.03, 1) == 2  # percentage points: 0.03 would read "0.0" at one decimal
    half = 0.003
    assert [plus_minus(number(half, lang, interval_decimals(half))) for lang in ("en", "ru")] == [
        "±\N{NO-BREAK SPACE}0.003", "±\N{NO-BREAK SPACE}0,003"]
