"""Limits before work (engine/limits.py), and no Python in front of a person.

Every size a request, a link, a record or a command line can set is checked against its limit
before anything is built from it; the refusal names the field, the limit and the paragraph. The
worker's requests are in limit_cases.py (run here in CPython, and in Pyodide by
tests/pyodide/test_limits_in_pyodide.py); the command line and record files are below.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import limit_cases
from engine import RecordError, Table, TableError, parse_record, read_record
from engine.__main__ import main
from engine.errors import LimitError, OptionError
from engine.limits import MAX_RECORD_BYTES, clean_name, for_terminal, parse_whole, players, scan_toml

REPO = Path(__file__).resolve().parents[2]
HAND = REPO / "lessons" / "hands" / "first-round.toml"


# ---------------------------------------------------------------------------- the worker's requests


@pytest.mark.parametrize("case", limit_cases.OVER, ids=[case[0] for case in limit_cases.OVER])
def test_a_request_over_a_limit_is_refused_before_anything_is_built_from_it(case):
    assert limit_cases.run_over(case) == []


@pytest.mark.parametrize("case", limit_cases.AT, ids=[case[0] for case in limit_cases.AT])
def test_a_request_at_a_limit_is_served(case):
    assert limit_cases.run_at(case) == []


def test_the_guards_stop_a_builder_that_is_reached():
    # The guard itself works: a request within every limit reaches the dealing, and is stopped there.
    reached: list[str] = []
    with limit_cases.guarded(("deal",), reached):
        reply = limit_cases.ask({"type": "replay", "setup": limit_cases.setup()})
    assert reached == ["deal"] and reply["failure"]["code"] == "engine_failed"
    assert "result" in limit_cases.ask({"type": "replay", "setup": limit_cases.setup()})  # and is taken away


def test_a_request_too_large_or_too_deep_to_be_the_pages_is_a_bad_request_not_a_crash(monkeypatch):
    from engine.limits import MAX_REQUEST_CHARS
    from engine.live import handle

    def parse(*args, **kwargs):
        raise AssertionError("parsed")

    with monkeypatch.context() as patched:  # the size is checked before the JSON is read
        patched.setattr(limit_cases.json, "loads", parse)
        reply = limit_cases.json.JSONDecoder().decode(handle(" " * (MAX_REQUEST_CHARS + 1)))
    assert reply["failure"]["code"] == "bad_request"
    deep = limit_cases.json.loads(handle("[" * 100_000 + "]" * 100_000))
    assert deep == {"failure": {"code": "bad_request", "detail": "not a JSON request: RecursionError"}}
    assert limit_cases.json.loads(handle("[1]"))["failure"]["code"] == "bad_request"


# ---------------------------------------------------------------------------- numbers as text


@pytest.mark.parametrize("text, number", [
    ("17", 17), (" 3 ", 3), ("+4", 4), ("-3", -3), ("0" * 5000 + "5", 5), ("9223372036854775807", 2**63 - 1),
    ("²", None), ("٣", None), ("3.0", None), ("1_000", None), ("9" * 20, None), ("9" * 5000, None), ("", None),
    (True, None), (2.0, None), (None, None), (12, 12),
])
def test_a_whole_number_is_read_in_ascii_digits_and_never_longer_than_any_limit(text, number):
    assert parse_whole(text) == number


@pytest.mark.parametrize("value, hosts, words", [
    (18, False, "18 card players"), (1, False, "1 card player:"), (16, True, "18 card players, the banker and the"),
    (-3, False, "from 2 to 17"), ("²", False, "'²' is not a whole number from 2 to 17"),
    ("٣", True, "from 0 to 15"),
])
def test_the_number_of_players_is_2_to_17_card_players_p2(value, hosts, words):
    with pytest.raises((TableError, OptionError)) as error:
        players(value, hosts)
    assert words in str(error.value) and error.value.rule == "p2"
    assert players(17, False) == 17 and players("15", True) == 15 and players(0, True) == 0


# ---------------------------------------------------------------------------- names


def test_a_name_is_cleaned_of_what_a_reader_cannot_see_and_compared_cleaned():
    assert clean_name("\u202eAnna") == "Anna"  # a right-to-left override would turn the sentence round
    assert clean_name("Anna\u200b") == clean_name("Anna\u200d") == clean_name(" Anna ") == "Anna"
    assert clean_name("Ann\x1b[31ma") == "Ann[31ma"  # no terminal escape
    assert clean_name("Йо\u0301  Анна") == "Йо́ Анна" and clean_name("И\u0306ра") == "Йра"  # NFC, one space
    with pytest.raises(TableError, match="names must differ"):
        Table(("Anna", "Anna\u200b"), "Papa", "Mama").check(limit_cases.engine.options.Options())
    assert Table(("\u202eAnna", "Boris"), "Papa", "Mama").players == ("Anna", "Boris")


def test_a_name_over_40_characters_is_refused_and_shown_cut():
    with pytest.raises(LimitError) as error:
        Table(("Anna", "B" * 3000), "Papa", "Mama").check(limit_cases.engine.options.Options())
    assert str(error.value) == f"the name '{'B' * 40}…': 3000 characters, more than the limit of 40"
    assert "3000 знаков, а можно не больше 40" in error.value.words("ru")


def test_the_command_line_prints_no_control_character_it_read(tmp_path, capsys):
    path = tmp_path / "escape.toml"
    path.write_text(HAND.read_text(encoding="utf-8").replace('"Papa"', '"Pa\\u001b[2Jpa"', 1)
                    .replace('en = "', 'en = "\\u001b]0;title\\u0007', 1), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "Pa[2Jpa is the banker" in out
    assert for_terminal("a\x1bb\u202ec\nd") == "a\\x1bb\\u202ec\nd"


# ---------------------------------------------------------------------------- the command line


@pytest.mark.parametrize("argv, says", [
    (["play", "--players", "²"], "the number of players (p2): '²' is not a whole number from 2 to 17"),
    (["play", "--players", "٣"], "the number of players (p2): '٣' is not a whole number from 2 to 17"),
    (["play", "--players", "-3"], "the number of players (p2): '-3' is not a whole number from 2 to 17"),
    (["play", "--players", "99999999999999999999"], "is not a whole number from 2 to 17"),
    (["simulate", "5", "--players", "100000000"], "100000000 card players: a table has from 2 to 17"),
    (["play", "--players", ",".join(f"P{i}" for i in range(18))], "18 card players"),
    (["play", "--players", "Anna,Anna\u200b"], "names must differ"),
    (["play", "--players", "Anna," + "B" * 41], "41 characters, more than the limit of 40"),
    (["play", "--seed", "-5"], "the seed: '-5' is not a whole number from 0 to 9223372036854775807"),
    (["simulate", "3", "--seed", "-5"], "the seed: '-5' is not a whole number from 0 to 9223372036854775807"),
    (["play", "--seed", "1" + "0" * 26], "is not a whole number from 0 to 9223372036854775807"),
    (["simulate", "3", "--seed", "1" + "0" * 26], "is not a whole number from 0 to 9223372036854775807"),
    (["play", "--seed", "9" * 5000], "(5000 characters) is not a whole number from 0 to"),
    (["simulate", "1000000000000"], "the number of games: '1000000000000' is not a whole number from 1 to 10000000"),
    (["simulate", "0"], "the number of games: '0' is not a whole number from 1 to 10000000"),
    (["simulate", "5", "--jobs", "100000"], "the number of processes: '100000' is not a whole number from 1 to 256"),
    (["play", "--option", "stake=" + "9" * 30], "option 'stake' (p4):"),
    (["play", "--option", "playoff=" + "x" * 5000], "(5000 characters) is not one of beating"),
    (["play", "--lang", "ru", "--seed", "x"], "ошибка: начальное число: «x» — не целое число от 0 до"),
])
def test_the_command_line_refuses_an_argument_over_its_limit_in_a_sentence(argv, says, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and err.count("\n") == 1


def test_play_and_simulate_read_a_seed_by_one_rule(capsys):
    for seed in ("0", "9223372036854775807"):
        assert main(["play", "--players", "2", "--seed", seed]) == 0
        assert main(["simulate", "2", "--players", "2", "--seed", seed, "--json"]) == 0
    capsys.readouterr()


def cli(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=REPO, capture_output=True, text=True,
                          encoding="utf-8", timeout=120, **kwargs)  # type: ignore[call-overload]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_simulate_says_why_its_csv_cannot_be_written():
    full = cli("simulate", "3", "--csv", "/dev/full")
    assert full.returncode == 2 and "Traceback" not in full.stderr
    assert full.stderr == "error: --csv /dev/full: the file cannot be written: no space is left on the device\n"
    folder = cli("simulate", "3", "--csv", "/nonexistent-folder/x.csv", "--lang", "ru")
    assert folder.stderr == "ошибка: --csv /nonexistent-folder/x.csv: в этот файл нельзя записать: такой папки нет\n"


def test_the_command_line_stops_quietly_when_its_reader_goes_away(tmp_path):
    # A session of 10 games told as JSON (135 kB, more than a pipe holds), read as `| head -1` reads.
    path = tmp_path / "session.toml"
    path.write_text('seed = 3\ngames = 10\n[table]\nplayers = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]\n'
                    'banker = "Papa"\ndealer = "Mama"\n', encoding="utf-8")
    reader = subprocess.Popen([sys.executable, "-m", "engine", "replay", "--json", "--lang", "ru", str(path)], cwd=REPO,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.readline()
    reader.stdout.close()
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=120) == 1
    assert err == ""  # no traceback, no "Exception ignored … BrokenPipeError"


# ---------------------------------------------------------------------------- record files


def record_file(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def replay_refusal(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1
    return err.removeprefix("error: ").rstrip("\n")


def test_a_record_with_a_byte_order_mark_is_read_as_the_page_reads_it(tmp_path, capsys):
    text = HAND.read_text(encoding="utf-8")
    bom = record_file(tmp_path, "bom.toml", b"\xef\xbb\xbf" + text.encode())
    assert main(["replay", str(bom)]) == 0 and "Papa" in capsys.readouterr().out  # the CLI and the build
    assert parse_record("\ufeff" + text)[0].seed == parse_record(text)[0].seed  # the worker (the write page)


def test_a_record_that_is_not_utf8_is_refused_at_its_line(tmp_path, capsys):
    lines = HAND.read_bytes().split(b"\n")
    lines[4] += b" \xff"
    path = record_file(tmp_path, "latin.toml", b"\n".join(lines))
    assert replay_refusal(path, capsys) == (f"{path}:5: this is not UTF-8 text (byte 0xff here): a record is a text "
                                            "file in UTF-8")


def test_a_folder_named_like_a_record_is_said_to_be_a_folder(tmp_path, capsys):
    folder = tmp_path / "dir.toml"
    folder.mkdir()
    assert replay_refusal(folder, capsys) == f"{folder}: this is a folder, not a record file"
    assert replay_refusal(tmp_path / "none.toml", capsys) == f"{tmp_path / 'none.toml'}: there is no such file"


def test_a_record_file_over_its_size_is_refused_without_being_read(tmp_path, capsys, monkeypatch):
    path = tmp_path / "huge.toml"
    with path.open("wb") as out:
        out.truncate(10 * MAX_RECORD_BYTES)  # 10 MB of nothing, on a sparse file
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("the file was read"))
    assert replay_refusal(path, capsys) == (f"{path}:1: the record: 10000000 bytes, more than the limit of 1000000 "
                                            "(1 MB)")


@pytest.mark.parametrize("text, line, says", [
    ('# a hand\nseed = 1\nmoves = []\n\n[table]\nplayers = ["Anna", "Bo', 6,
     "not valid TOML: a text in quotes is not closed"),
    ('# a hand\nseed = 1\nmoves = [\n  "take",\n\n[table]\nplayers = ["Anna", "Boris"]\n', 3,
     "not valid TOML: a [list] is not closed with ']'"),
    ('# a hand\nseed = 1\n\n[table]\nplayers = [', 5, "not valid TOML: a [list] is not closed with ']'"),
    ('seed = 1\n[options]\nsuit_fines = { H = 1,', 3, "not valid TOML: an { inline table } is not closed with '}'"),
    ('seed = 1\nnote = """a\nb\n', 2, "not valid TOML: a text in quotes is not closed"),
])
def test_truncated_toml_is_refused_at_the_line_where_it_was_left_open(text, line, says):
    with pytest.raises(RecordError) as error:
        parse_record(text, "cut.toml")
    assert str(error.value) == f"cut.toml:{line}: {says}"


def test_toml_errors_are_in_the_readers_language():
    with pytest.raises(RecordError) as error:
        parse_record("seed = 1\nseed = 2\n", "twice.toml")
    assert str(error.value) == "twice.toml:2: not valid TOML: a key is given twice"
    assert error.value.words("ru") == "twice.toml:2: это не TOML: ключ указан дважды"


def test_an_unknown_card_in_a_note_is_refused_at_its_line(tmp_path, capsys):
    text = HAND.read_text(encoding="utf-8")
    note = text.index("[[notes]]")
    kind = text.index("\nkind = ", note)
    line = text[:kind].count("\n") + 2
    path = record_file(tmp_path, "zz.toml", (text[:kind] + '\ncards = ["ZZ"]' + text[kind:]).encode())
    said = replay_refusal(path, capsys)
    assert said.startswith(f"{path}:{line}: 'ZZ' is not a card"), said


def test_a_value_is_quoted_as_the_record_writes_it_never_as_python_does():
    base = 'seed = 1\n[table]\nplayers = ["Anna", "Boris"]\nbanker = "Papa"\ndealer = "Mama"\n[options]\n'
    for value, shown in (("1979-05-27T07:32:00Z", "1979-05-27T07:32:00+00:00"), ("[1, 2]", "a list"),
                         ("{a = 1}", "a table"), ("true", "true")):
        with pytest.raises(RecordError) as error:
            parse_record(base + f"stake = {value}\n", "v.toml")
        assert str(error.value) == f"v.toml:7: option 'stake' (p4): {shown} is not a whole number from 1 to 1000000000"
        assert "datetime" not in error.value.words("ru") and "[" not in error.value.words("ru").split(":", 2)[2]


def test_the_toml_scan_counts_brackets_outside_strings_and_comments_only():
    text = 'a = "[[[[[[[[[[" # [[[[[[[[[[\nb = \'\'\'\n[[[[[[[[[[\n\'\'\'\nc = """ ] ] "" \\""" """\nd = [[[[[[[[1]]]]]]]]\n'
    assert scan_toml(text).deepest == 8 and scan_toml(text).unclosed is None
    with pytest.raises(LimitError) as error:
        scan_toml(text + "e = [[[[[[[[[1]]]]]]]]]\n")
    assert error.value.facts["line"] == 7
    assert scan_toml('x = "abc\n').unclosed == 4 and scan_toml("key1234567890123456789012 = 1").deepest == 0


def test_a_lone_surrogate_is_refused_not_written_as_a_replacement_character():
    with pytest.raises(LimitError, match=r"the note on step 2: character 2 is broken \(U\+DC00"):
        limit_cases.engine.limits.text("a\udc00", "note", step=2)


def test_os_errors_are_not_python_text():
    # What the CLI and the build print for a record that cannot be opened: our words, never "[Errno 13]".
    for code in ("no_file", "no_permission", "is_folder"):
        error = RecordError("x.toml", code)
        assert "Errno" not in str(error) and "Errno" not in error.words("ru")
    assert os.strerror(2) not in str(RecordError("x.toml", "no_file"))


def test_dates_from_toml_are_shown_as_iso_dates():
    from engine.refusals import _shown

    assert _shown(datetime.date(2026, 12, 2), "en") == "2026-12-02"
    assert _shown("x" * 41, "ru") == "«" + "x" * 40 + "…» (41 знак)"
    assert _shown(10**200, "en") == "a number of about 201 digits"


# ---------------------------------------------------------------------------- any text at all

HANDS = sorted((REPO / "lessons" / "hands").glob("*.toml"))


def read_or_refuse(text: str) -> RecordError | None:
    """A record's text is read, or refused with a RecordError (file:line and words): nothing else."""
    try:
        parse_record(text, "r.toml")
    except RecordError as error:
        assert str(error).startswith("r.toml") and error.words("ru").startswith("r.toml")
        return error
    return None


@pytest.mark.parametrize("hand", HANDS, ids=[p.stem for p in HANDS])
def test_a_record_cut_anywhere_is_refused_in_words_at_a_line_of_what_is_left(hand):
    text = hand.read_text(encoding="utf-8")
    for end in range(0, len(text), max(1, len(text) // 60)):
        error = read_or_refuse(text[:end])
        if error is not None and error.code == "not_toml":  # (a hand's first line is a comment: never the place)
            line = int(error.facts["where"].rsplit(":", 1)[1])
            assert 1 < line <= text[:end].count("\n") + 1, (end, str(error))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_record_with_any_line_changed_is_read_or_refused_in_words(data):
    lines = HANDS[0].read_text(encoding="utf-8").splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    lines[index] = data.draw(st.one_of(
        st.text(max_size=40),
        st.sampled_from(["x = " + "[" * 50, 'seed = "7"', "seed = 1e400", "seed = -0", 'cards = ["ZZ"]',
                         "stake = 1979-05-27", "[[notes]]", "games = 11", "pool = 0x7fffffffffffffffff",
                         'players = ["A", "A\u200b"]', 'banker = "\u202e"', "moves = [[[]]]"])))
    read_or_refuse("\n".join(lines))
