"""Writing the site: into a temporary sibling folder, then swapped in.

The old site stays in place until the new one is complete: `_site.tmp-XXXXXXXX` is written in
full, then `_site` is renamed away to `_site.old-XXXXXXXX`, the new folder renamed to `_site`,
and the old one deleted. A failure at any point leaves `_site` as it was and removes the
temporary folder.

A build killed on the way (Ctrl-C twice, the machine's OOM killer, a closed terminal) cannot clean
up: the next build removes what it left, and puts the previous site back first if the kill came
between the two renames. Builds into the same folder take turns (a lock on the parent folder,
which the system releases when a build dies), so that none removes another's folder in progress.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from . import BuildError, shown

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: builds do not take turns, and leftovers stay
    fcntl = None  # type: ignore[assignment]

MARKER = ".sitegen"  # marks a folder this build wrote, so that no other folder is ever replaced
MARKER_TEXT = "Written by build.py (Card Lottery). The whole folder is replaced at every build.\n"


def check_output_folder(out: Path, sources: list[Path]) -> None:
    """Refuse to replace a folder the build did not write, or one holding the sources; remove what
    killed builds left beside it."""
    out = out.resolve()
    for source in sources:
        source = source.resolve()
        if out == source or out in source.parents:
            raise BuildError(f"{shown(out)}:1: refusing to build into this folder: it holds {shown(source)}, "
                             "and the build replaces its output folder whole")
    if out.parent.is_dir():
        with turn(out.parent):
            clean_up(out)  # before anything is read: a failing build leaves the previous site in place too
    if out.exists():
        if not out.is_dir():
            raise BuildError(f"{shown(out)}:1: the output path exists and is not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise BuildError(f"{shown(out)}:1: refusing to replace this folder: it is not empty and the "
                             f"build did not write it (no {MARKER} file)")


LEFTOVER = re.compile(r"\.(tmp|old)-[a-z0-9_]{8}")  # what follows `out`'s name in the folders below (mkdtemp's names)


@contextlib.contextmanager
def turn(folder: Path) -> Iterator[None]:
    """This build's turn to write into `folder`: another build into it waits until it is done."""
    if fcntl is None:
        yield
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # releases the lock


def leftovers(out: Path) -> list[Path]:
    """The temporary (`.tmp-`) and previous (`.old-`) folders of killed builds beside `out`."""
    return sorted(path for path in out.parent.iterdir()
                  if path.name.startswith(f"{out.name}.") and LEFTOVER.fullmatch(path.name[len(out.name):])
                  and path.is_dir() and not path.is_symlink())


def clean_up(out: Path) -> None:
    """Remove what killed builds left; if one was killed between its renames (no `out`, the site
    renamed away), the previous site goes back in place first."""
    found = leftovers(out)
    if not out.exists():
        previous = [path for path in found if ".old-" in path.name and (path / MARKER).is_file()]
        if previous:
            newest = max(previous, key=lambda path: path.stat().st_mtime)
            newest.rename(out)
            found.remove(newest)
    for path in found:
        shutil.rmtree(path, ignore_errors=True)


def write_site(out: Path, files: dict[str, bytes | Path]) -> None:
    """Write every file into a temporary sibling of `out`, then swap it in."""
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    with turn(out.parent):
        clean_up(out)
        _write(out, files)


def _write(out: Path, files: dict[str, bytes | Path]) -> None:
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
