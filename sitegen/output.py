"""Writing the site: into a temporary sibling folder, then swapped in.

The old site stays in place until the new one is complete: `_site.tmp-XXXX` is written in
full, then `_site` is renamed away to `_site.old-XXXX`, the new folder renamed to `_site`,
and the old one deleted. A failure at any point leaves `_site` as it was and removes the
temporary folder.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from . import BuildError, shown

MARKER = ".sitegen"  # marks a folder this build wrote, so that no other folder is ever replaced
MARKER_TEXT = "Written by build.py (Card Lottery). The whole folder is replaced at every build.\n"


def check_output_folder(out: Path, sources: list[Path]) -> None:
    """Refuse to replace a folder the build did not write, or one holding the sources."""
    out = out.resolve()
    for source in sources:
        source = source.resolve()
        if out == source or out in source.parents:
            raise BuildError(f"{shown(out)}:1: refusing to build into this folder: it holds {shown(source)}, "
                             "and the build replaces its output folder whole")
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"{shown(out)}:1: the output path exists and is not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise BuildError(f"{shown(out)}:1: refusing to replace this folder: it is not empty and the "
                             f"build did not write it (no {MARKER} file)")


def write_site(out: Path, files: dict[str, bytes | Path]) -> None:
    """Write every file into a temporary sibling of `out`, then swap it in."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    temporary = Path(tempfile.mkdtemp(prefix=f"{out.name}.tmp-", dir=out.parent))
    try:
        for name, content in sorted(files.items()):
            target = temporary / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, Path):
                shutil.copyfile(content, target)
            else:
                target.write_bytes(content)
        (temporary / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
        temporary.chmod(0o755)  # mkdtemp makes it private; a site is for serving
        swap_in(temporary, out)
    except BaseException:
        shutil.rmtree(temporary, ignore_errors=True)
        raise


def swap_in(new: Path, out: Path) -> None:
    """Rename the old site away, rename the new one in, delete the old one."""
    if not out.exists():
        new.rename(out)
        return
    old = Path(tempfile.mkdtemp(prefix=f"{out.name}.old-", dir=out.parent))
    old.rmdir()  # only its unique name is wanted
    out.rename(old)
    try:
        new.rename(out)
    except BaseException:
        old.rename(out)  # put the previous site back
        raise
    shutil.rmtree(old, ignore_errors=True)
