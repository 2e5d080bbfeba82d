"""The length of a share link for each of the course's hands (the writer page, #record=…).

A link carries the hand's canonical record (engine.record.write_record: every option, every
decision, the names in both languages, the notes), compressed as the browser does it
(CompressionStream "deflate-raw", which is zlib's raw deflate at its default level) and written in
base64url. Prints, per hand: the record's bytes, the compressed bytes, and the link's characters
with a site address of ORIGIN (default https://example.org/card-lottery/) in front; then the longest.
The page refuses a link longer than engine.limits.MAX_LINK_CHARS.

    python scripts/link_lengths.py [ORIGIN]
"""

from __future__ import annotations

import base64
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.record import read_record, write_record  # noqa: E402
from engine.limits import MAX_LINK_CHARS  # noqa: E402


def payload(text: str) -> tuple[int, str]:
    packer = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
    data = packer.compress(text.encode("utf-8")) + packer.flush()
    return len(data), base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def main() -> int:
    origin = sys.argv[1] if len(sys.argv) > 1 else "https://example.org/card-lottery/"
    rows = []
    for path in sorted((ROOT / "lessons" / "hands").glob("*.toml")):
        record, game = read_record(path)
        if record.games > 1:
            print(f"{path.stem:28} a series of {record.games} games: not written by the page (one game at a time)")
            continue
        text = write_record(game, record.notes, record.names, record.about)
        packed, data = payload(text)
        link = f"{origin}ru/write.html#record={data}"
        rows.append((len(link), path.stem))
        print(f"{path.stem:28} record {len(text.encode('utf-8')):6} B  deflate-raw {packed:5} B  link {len(link):5} chars"
              f"  ({len(game.actions)} decisions, {len(record.notes)} notes)")
    longest = max(rows)
    print(f"longest: {longest[1]}, {longest[0]} characters; the page refuses links over {MAX_LINK_CHARS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
