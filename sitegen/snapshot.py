"""A Pyodide memory snapshot with the engine imported, made at build time by Node (optional).

`make_snapshot.mjs` boots the pinned Pyodide from node_modules, unpacks the engine's zip where the
worker does and imports the engine, then writes Pyodide's (experimental) memory snapshot. The
worker restores it instead of booting Pyodide and importing the engine, and falls back to the
ordinary start when the restore fails. A snapshot works only with the exact runtime that made
it, so it is named and cached by the sha256 of the Pyodide runtime files, the engine's zip and
the script: rebuilds reuse `.cache/snapshot/` and stay fast. Without Node, or when it fails,
the build warns and the site works without a snapshot. Builds running at once (parallel test
workers, `serve` beside a test run) share the cache through a lock: one makes the snapshot, the
others wait for it and then find it there.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .assets import PYODIDE_FILES, gzipped
from .node import NodeFailed, run_node_script

SCRIPT = Path(__file__).resolve().parent / "make_snapshot.mjs"


@dataclass(frozen=True)
class Snapshot:
    name: str      # snapshot-<first 12 hex of the key>.bin, under pyodide/
    data: Path     # the snapshot's bytes, in the cache
    gz: Path       # and gzipped, as the server sends them


def snapshot_key(pyodide: dict[str, Path], engine_zip: bytes) -> str:
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(name.encode() + b"\0" + hashlib.sha256(pyodide[name].read_bytes()).digest())
    digest.update(b"engine\0" + hashlib.sha256(engine_zip).digest())
    digest.update(b"script\0" + hashlib.sha256(SCRIPT.read_bytes()).digest())
    return digest.hexdigest()


def make_snapshot(pyodide: dict[str, Path], engine_zip: bytes, cache: Path, warnings: list[str]) -> Snapshot | None:
    """The snapshot for this runtime and engine: from the cache, else made by Node; None (with a
    warning) when it cannot be made."""
    if os.environ.get("CARD_LOTTERY_NO_SNAPSHOT"):
        return None
    key = snapshot_key(pyodide, engine_zip)
    name = f"snapshot-{key[:12]}.bin"
    folder = cache / "snapshot"
    data, gz = folder / name, folder / f"{name}.gz"
    if data.is_file() and gz.is_file():  # both are renamed into place only when complete
        return Snapshot(name, data, gz)
    node = shutil.which("node")
    if node is None:
        warnings.append("no Node.js found: the site is built without a Pyodide snapshot (the engine boots the ordinary way)")
        return None
    with _locked(folder):
        if data.is_file() and gz.is_file():  # made by another build while this one waited
            return Snapshot(name, data, gz)
        return _make(node, pyodide, engine_zip, folder, name, warnings)


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on the cache folder, held while a snapshot is made (and the oldest removed)."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "ab") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


KEEP_SNAPSHOTS = 3


def _remove_stale(folder: Path) -> None:
    """Keep the newest few snapshots, not just one: another build may be copying an older one
    (made for an engine edited since) into its site while this one makes a new one."""
    made = sorted((path for path in folder.glob("snapshot-*.bin")), key=lambda path: path.stat().st_mtime,
                  reverse=True)
    for stale in made[KEEP_SNAPSHOTS - 1:]:
        stale.unlink(missing_ok=True)
        stale.with_name(stale.name + ".gz").unlink(missing_ok=True)


def _make(node: str, pyodide: dict[str, Path], engine_zip: bytes, folder: Path, name: str,
          warnings: list[str]) -> Snapshot | None:
    """Make the snapshot with Node into the cache (the caller holds the lock)."""
    data, gz = folder / name, folder / f"{name}.gz"
    _remove_stale(folder)
    engine = folder / "engine.zip"
    engine.write_bytes(engine_zip)
    partial = folder / f"{name}.partial"
    try:
        run_node_script(node, SCRIPT, pyodide, engine, partial)
        content = partial.read_bytes()
        if len(content) < 1_000_000:
            raise RuntimeError(f"a snapshot of only {len(content)} bytes")
        gz_partial = folder / f"{name}.gz.partial"
        gz_partial.write_bytes(gzipped(content))
        gz_partial.replace(gz)
        partial.replace(data)
    except (OSError, RuntimeError, NodeFailed) as error:
        reason = error.reason if isinstance(error, NodeFailed) else str(error)
        warnings.append(f"the Pyodide snapshot could not be made ({reason}): "
                        "the site is built without it (the engine boots the ordinary way)")
        return None
    finally:
        engine.unlink(missing_ok=True)
        partial.unlink(missing_ok=True)
    return Snapshot(name, data, gz)
