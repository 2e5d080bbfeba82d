"""The live engine's write_record / read_record (engine/writer.py): what the writer page asks for.
A game written with notes reads back the same, in the canonical form, with its names in both
languages; a note in one language is written in both; the refusals name the line or the step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.live import handle
from engine.record import parse_record, read_record, write_record
from engine.trace import for_page, trace

HANDS = Path(__file__).resolve().parents[2] / "lessons" / "hands"


def ask(**request: Any) -> dict[str, Any]:
    return json.loads(handle(json.dumps(request)))


def page_game(name: str, lang: str) -> dict[str, Any]:
    record, _ = read_record(HANDS / f"{name}.toml")
    return trace(record.in_language(lang))["game"]


def test_a_game_written_with_notes_reads_back_with_them_in_both_languages() -> None:
    game = page_game("playoff-beating", "ru")
    notes = [{"step": 3, "en": "Both", "ru": "Оба"}, {"step": 8, "en": "", "ru": "Только по-русски"},
             {"step": 20, "en": "English only", "ru": "  "}]
    written = ask(type="write_record", lang="ru", setup=game, notes=notes)["result"]
    assert written["finished_by_computer"] is False
    text = written["text"]
    record, played = parse_record(text, "x.toml")
    assert [(n.step, n.en, n.ru) for n in record.notes] == [
        (3, "Both", "Оба"), (8, "Только по-русски", "Только по-русски"), (20, "English only", "English only")]
    assert record.table.players[0] == "Anna" and record.names["ru"].players[0] == "Анна"  # the default names matched
    assert write_record(played, record.notes, record.names, record.about) == text  # canonical: byte-stable
    back = ask(type="read_record", lang="ru", text=text, name="x.toml")["result"]
    assert back["notes"] == [{"step": 3, "en": "Both", "ru": "Оба"},
                             {"step": 8, "en": "Только по-русски", "ru": "Только по-русски"},
                             {"step": 20, "en": "English only", "ru": "English only"}]
    expected = for_page(trace(record.in_language("ru")), "ru")
    assert back["trace"] == expected and back["trace"]["steps"][2]["note"] == "Оба"
    assert back["setup"]["table"]["players"][0] == "Анна"


def test_an_unfinished_game_is_finished_by_the_computer_players() -> None:
    game = page_game("playoff-beating", "en")
    game["actions"] = game["actions"][:3]
    written = ask(type="write_record", lang="en", setup=game, notes=[])["result"]
    assert written["finished_by_computer"] is True
    _, played = parse_record(written["text"])
    assert played.over and [str(a) for a in played.actions][:3] == game["actions"]


def test_names_read_from_a_record_are_kept_while_the_table_is_the_same() -> None:
    back = ask(type="read_record", lang="en", text=(HANDS / "sits-out.toml").read_text(encoding="utf-8"),
               name="sits-out.toml")["result"]
    written = ask(type="write_record", lang="en", setup=back["trace"]["game"], notes=back["notes"],
                  names=back["names"], about=back["about"])["result"]
    original, _ = read_record(HANDS / "sits-out.toml")
    record, _ = parse_record(written["text"])
    assert record.names["ru"] == original.names["ru"] and record.about == original.about
    assert [(n.step, n.en, n.ru) for n in record.notes] == [(n.step, n.en, n.ru) for n in original.notes]


def test_refusals_name_the_line_or_the_step() -> None:
    text = (HANDS / "first-round.toml").read_text(encoding="utf-8").replace('banker = "Papa"', 'banker = 5', 1)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row == "banker = 5")
    refusal = ask(type="read_record", lang="ru", text=text, name="hand.toml")["refusal"]
    assert refusal["en"].startswith(f"hand.toml:{line}: ") and refusal["ru"].startswith(f"hand.toml:{line}: ")
    game = page_game("first-round", "en")
    refusal = ask(type="write_record", lang="en", setup=game, notes=[{"step": 999, "en": "x"}])["refusal"]
    assert "999" in refusal["en"] and "999" in refusal["ru"]
    refusal = ask(type="write_record", lang="en", setup=game, notes=[{"step": 2, "en": " ", "ru": ""}])["refusal"]
    assert refusal["ru"] == "у примечания к шагу 2 нет текста"
    session = ask(type="read_record", lang="en", text=(HANDS / "session-pool-carried.toml").read_text(encoding="utf-8"),
                  name="s.toml")["result"]
    refusal = ask(type="write_record", lang="en", setup=session["trace"]["game"], notes=[])["refusal"]
    assert "series" in refusal["en"] and "серию" in refusal["ru"]
