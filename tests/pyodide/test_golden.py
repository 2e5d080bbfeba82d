"""The engine's output pinned: every game, record, session and lesson hand that the Pyodide parity
test plays, as sha256 per case (golden.sha256). A refactor must leave them byte for byte; a change
of behaviour that is meant rewrites the file (`python tests/pyodide/test_golden.py`) in the same
commit, so the diff shows which cases it touched.

Each case is hashed in a normal form in which a new option that changes no game changes nothing
(`normal_form`): options at their default are left out (of a record's `[options]` table too), and
so is every field whose value is empty (null, false, 0, "", [] or {}), which is what a field a
new reading adds to an event or a state is under the old readings. The parity test still compares
the whole output, byte for byte."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).with_name("parity_cases.py")
GOLDEN = Path(__file__).with_name("golden.sha256")


def with_hands(folder: Path) -> Path:
    """parity_cases.py with every lesson hand's record text pasted in, written into folder."""
    hands = json.dumps([p.read_text(encoding="utf-8") for p in sorted((REPO_ROOT / "lessons" / "hands").glob("*.toml"))])
    source = CASES.read_text(encoding="utf-8")
    assert source.count('HANDS = "[]"') == 1
    script = folder / CASES.name
    script.write_text(source.replace('HANDS = "[]"', f"HANDS = {hands!r}"), encoding="utf-8")
    return script


def _defaults() -> dict[str, str]:
    """Each option's default as a record writes it (a string quoted, a number bare)."""
    sys.path.insert(0, str(REPO_ROOT))
    from engine.options import Options

    return {key: json.dumps(value) if isinstance(value, str) else str(value)
            for key, value in Options().to_mapping().items()}


DEFAULTS = _defaults()
_OPTIONS_TABLE = re.compile(r"^\[options\]\n(?:[^\n\[]*\n)*", re.MULTILINE)


def _record_normal_form(text: str) -> str:
    """A record's text with the `[options]` lines that only restate a default left out."""
    def changed_only(table: re.Match[str]) -> str:
        return "".join(line + "\n" for line in table.group(0).splitlines()
                       if DEFAULTS.get(line.partition(" = ")[0]) != line.partition(" = ")[2])
    return _OPTIONS_TABLE.sub(changed_only, text)


def normal_form(value: Any, key: str = "") -> Any:
    if isinstance(value, dict):
        if key == "options":
            value = {k: v for k, v in value.items()
                     if DEFAULTS.get(k) != (json.dumps(v) if isinstance(v, str) else str(v))}
        kept = {k: normal_form(v, k) for k, v in value.items()}
        return {k: v for k, v in kept.items() if v not in (None, False, 0, "", [], {})}
    if isinstance(value, list):
        return [normal_form(v) for v in value]
    if isinstance(value, str) and "\n[options]\n" in value:
        return _record_normal_form(value)
    return value


def case_hashes() -> list[str]:
    """`sha256 label` for each case, in the order played."""
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, str(with_hands(Path(folder)))], cwd=REPO_ROOT,
                             capture_output=True, check=True)
    lines = []
    for line in out.stdout.decode("utf-8").splitlines():
        label = line.split(" {", 1)[0].split(" [", 1)[0].split(' "', 1)[0]
        data = json.dumps(normal_form(json.loads(line[len(label) + 1:])), ensure_ascii=False, sort_keys=True)
        lines.append(f"{hashlib.sha256(data.encode('utf-8')).hexdigest()}  {label}")
    return lines


def test_the_engine_plays_every_pinned_case_exactly_as_the_golden_copy() -> None:
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    actual = case_hashes()
    changed = [b.split("  ", 1)[1] for a, b in zip(expected, actual) if a != b]
    assert not changed, f"{len(changed)} cases differ from tests/pyodide/golden.sha256, first: {changed[:5]}"
    assert len(actual) == len(expected)


if __name__ == "__main__":
    GOLDEN.write_text("\n".join(case_hashes()) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(REPO_ROOT)}")
