"""The engine's output pinned: every game, record, session and lesson hand that the Pyodide parity
test plays, as sha256 per case (golden.sha256). A refactor must leave them byte for byte; a change
of behaviour that is meant rewrites the file (`python tests/pyodide/test_golden.py`) in the same
commit, so the diff shows which cases it touched."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

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


def case_hashes() -> list[str]:
    """`sha256 label` for each case, in the order played."""
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, str(with_hands(Path(folder)))], cwd=REPO_ROOT,
                             capture_output=True, check=True)
    lines = []
    for line in out.stdout.decode("utf-8").splitlines():
        label = line.split(" {", 1)[0].split(" [", 1)[0].split(' "', 1)[0]
        lines.append(f"{hashlib.sha256(line.encode('utf-8')).hexdigest()}  {label}")
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
