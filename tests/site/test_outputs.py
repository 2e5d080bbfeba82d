"""What a build writes besides the pages: the Pyodide runtime, the engine archive, the memory
snapshot (and both made anew when the engine changes), the gzip copies, the service worker's list,
and the weight of each page (its report, and the real lessons' budget)."""

from __future__ import annotations

import gzip
import json
import hashlib
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]

from build_helpers import BUILD, ROOT, html_pages, run_build
from html_helpers import parse

from sitegen.assets import build_engine_archive, find_pyodide, service_worker
from sitegen.i18n import OFFLINE_STRINGS

PYODIDE_FILES = {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"}
BUDGET = 150_000


def test_the_five_pyodide_files_are_copied_and_nothing_else_from_node_modules(built: dict[str, Any]) -> None:
    out = built["out"]
    # Besides them only the build's own snapshot (made by Node from these files), if any.
    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text(encoding="utf-8"))["version"]
    assert {p.name for p in (out / "pyodide").iterdir() if not p.name.startswith("snapshot-")} == {version}
    runtime = out / "pyodide" / version  # under its version: a new runtime never reuses a name
    copied = {p.name for p in runtime.iterdir()}
    assert {name for name in copied if not name.endswith((".gz", ".br"))} == PYODIDE_FILES
    assert {name.removesuffix(".gz").removesuffix(".br") for name in copied if name.endswith((".gz", ".br"))} <= PYODIDE_FILES
    for name in PYODIDE_FILES:
        assert (runtime / name).read_bytes() == (ROOT / "node_modules" / "pyodide" / name).read_bytes()
    node_files = {p.name for p in (ROOT / "node_modules").rglob("*") if p.is_file()} - PYODIDE_FILES
    site_files = [p for p in out.rglob("*") if p.is_file() and p.suffix != ".gz"]
    assert not [p for p in site_files if p.name in node_files and p.parent.name != "assets"
                and "assets" not in p.relative_to(out).parts], "only the five runtime files come from node_modules"
    assert not [p for p in site_files if p.suffix in (".map", ".ts") or p.name.startswith("console")]


def engine_archives(out: Path, page: str = "en/first.html") -> tuple[Path, Path]:
    """The engine's zip a page loads (its bytecode) and the zip of its source that it names."""
    loaded = re.search(r'data-engine-url="\.\./(engine/engine-[0-9a-f]{12}\.zip)"', (out / page).read_text(encoding="utf-8"))
    assert loaded, page
    archive = out / loaded[1]
    with zipfile.ZipFile(archive) as z:
        manifest = json.loads(z.read("bytecode.json"))
    return archive, out / "engine" / manifest["source"]


def test_the_engine_archive_is_deterministic_and_named_by_its_hash(built: dict[str, Any], tmp_path: Path) -> None:
    _, archive = engine_archives(built["out"])
    data = archive.read_bytes()
    assert archive.name == f"engine-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
        assert names == sorted(names)
        assert names == sorted(f"engine/{p.name}" for p in (ROOT / "engine").glob("*.py"))
        assert {info.date_time for info in z.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert z.read("engine/record.py") == (ROOT / "engine" / "record.py").read_bytes()
    again = tmp_path / "again"
    assert run_build(again, built["lessons"]).returncode == 0
    assert (again / "engine" / archive.name).read_bytes() == data
    assert engine_archives(again)[0].read_bytes() == engine_archives(built["out"])[0].read_bytes()


def test_the_engine_is_served_compiled_for_the_runtimes_python(built: dict[str, Any]) -> None:
    # Node is part of the set-up (./dev), so a build without the bytecode is a failure, not a skip.
    out = built["out"]
    bytecode, source = engine_archives(out)
    assert bytecode != source and source.is_file()
    # The magic number recorded is the one of the runtime the site serves, asked of it here, and the
    # one every compiled module starts with: the worker compares it with its runtime's (worker.js).
    asked = subprocess.run(["node", str(ROOT / "tests" / "pyodide" / "run_python.mjs"), "-c",
                            "import importlib.util; print(importlib.util.MAGIC_NUMBER.hex())"],
                           cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert asked.returncode == 0, asked.stderr
    magic = asked.stdout.strip()
    with zipfile.ZipFile(bytecode) as z:
        assert json.loads(z.read("bytecode.json")) == {"magic": magic, "source": source.name}
        modules = sorted(name for name in z.namelist() if name != "bytecode.json")
        assert modules == sorted(f"engine/{p.name}c" for p in (ROOT / "engine").glob("*.py"))  # and no source
        for name in modules:
            pyc = z.read(name)
            # The magic; then the flags: hash-based (no time in it) and unchecked (no source to check).
            assert pyc[:4].hex() == magic and int.from_bytes(pyc[4:8], "little") == 0b01, name
    header = _site_header((out / "sw.js").read_bytes())
    assert {bytecode.relative_to(out).as_posix(), source.relative_to(out).as_posix()} <= set(header["files"])  # offline too
    assert not [line for line in built["result"].stdout.splitlines() if line.startswith("warning:") and "bytecode" in line]


def test_without_node_the_build_serves_the_engines_source(tmp_path: Path, monkeypatch: Any) -> None:
    from sitegen import bytecode

    source = build_engine_archive(ROOT / "engine")
    monkeypatch.setattr(bytecode.shutil, "which", lambda name: None)
    warnings: list[str] = []
    assert bytecode.compile_engine(find_pyodide(ROOT / "node_modules" / "pyodide"), source, tmp_path, warnings) is source
    assert warnings == ["no Node.js found: the site serves the engine's source (it compiles on every first visit)"]


def test_the_pyodide_snapshot_is_built_cached_and_referenced(built: dict[str, Any], tmp_path: Path) -> None:
    out = built["out"]
    snapshots = sorted((out / "pyodide").glob("snapshot-*.bin"))
    assert len(snapshots) == 1, built["result"].stdout
    snapshot = snapshots[0]
    assert re.fullmatch(r"snapshot-[0-9a-f]{12}\.bin", snapshot.name)
    assert snapshot.stat().st_size > 10_000_000  # the whole wasm memory, engine imported
    assert gzip.decompress((out / "pyodide" / f"{snapshot.name}.gz").read_bytes()) == snapshot.read_bytes()
    for page in html_pages(out):
        html = page.read_text(encoding="utf-8")
        base = re.search(r'data-base="([^"]*)"', html).group(1)  # type: ignore[union-attr]
        assert f'data-snapshot-url="{base}pyodide/{snapshot.name}"' in html, page
    assert not [line for line in built["result"].stdout.splitlines() if line.startswith("warning:") and "snapshot" in line]
    # Cached in .cache/ (outside the site): a rebuild reads it and does not make it again (Node would
    # write a new file and rename it into place: another inode). No clock: the machine may be loaded.
    kept = ROOT / ".cache" / "snapshot" / snapshot.name
    assert kept.read_bytes() == snapshot.read_bytes()
    before = kept.stat()
    again = tmp_path / "again"
    assert run_build(again, built["lessons"]).returncode == 0
    after = kept.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert (again / "pyodide" / snapshot.name).read_bytes() == snapshot.read_bytes()


def test_the_engine_archive_is_rebuilt_when_the_engine_changes(lessons: Path, tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    shutil.copyfile(BUILD, root / "build.py")
    for name in ("sitegen", "site", "engine"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "node_modules").symlink_to(ROOT / "node_modules")
    if (ROOT / ".cache").is_dir():  # the first build finds what the repository's builds kept, as a next build would
        # (Hard links: the cache writes a new file and renames it, never in place.)
        shutil.copytree(ROOT / ".cache", root / ".cache", copy_function=os.link, ignore=shutil.ignore_patterns(".lock*"))
    out = tmp_path / "site"
    assert run_build(out, lessons, build=root / "build.py").returncode == 0
    first = engine_archives(out)
    old_snapshots = [p.name for p in (out / "pyodide").glob("snapshot-*.bin")]
    with open(root / "engine" / "rng.py", "a", encoding="utf-8") as source:
        source.write("\n# a change\n")
    assert run_build(out, lessons, build=root / "build.py").returncode == 0
    second = engine_archives(out)
    assert sorted(p.name for p in (out / "engine").iterdir()) == sorted(p.name for p in second)
    for before, after in zip(first, second):
        assert before.name != after.name
        assert after.name == f"engine-{hashlib.sha256(after.read_bytes()).hexdigest()[:12]}.zip"
    with zipfile.ZipFile(second[1]) as z:
        assert z.read("engine/rng.py").endswith(b"# a change\n")
    if shutil.which("node"):  # the snapshot holds the imported engine: a new engine, a new snapshot
        snapshots = [p.name for p in (out / "pyodide").glob("snapshot-*.bin")]
        assert len(snapshots) == 1
        assert f'data-snapshot-url="../pyodide/{snapshots[0]}"' in (out / "en" / "first.html").read_text(encoding="utf-8")
        cached = {p.name for p in (root / ".cache" / "snapshot").glob("snapshot-*.bin")}
        assert snapshots[0] in cached and snapshots != old_snapshots
        assert set(old_snapshots) <= cached  # the old one kept: another build may be copying it


def _assets_weight(out: Path) -> int:
    """The CSS and JS a page loads (all of assets/ but the kiosk's own and the style sheets of the
    writer page, the print view and the numbers lesson, which only those pages load; counted whole,
    without Pyodide)."""
    return sum(p.stat().st_size for p in (out / "assets").rglob("*")
               if p.suffix in (".js", ".mjs", ".css") and p.parent.name not in ("kiosk", "writer")
               and p.name not in ("kiosk.css", "writer.css", "print.css", "numbers.css"))


def test_the_report_gives_each_page_its_html_size_and_total(built: dict[str, Any]) -> None:
    out, stdout = built["out"], built["result"].stdout
    assets = _assets_weight(out)
    for page in html_pages(out):
        name = page.relative_to(out).as_posix()
        match = re.search(rf"^  {re.escape(name)}\s+([\d.]+) kB\s+([\d.]+) kB", stdout, re.M)
        assert match, (name, stdout)
        assert float(match.group(1)) == round(page.stat().st_size / 1000, 1)
        assert float(match.group(2)) == round((page.stat().st_size + assets) / 1000, 1)


def _sent(path: Path) -> int:
    """What the server sends for a file to a browser that accepts gzip: the build's .gz copy."""
    return path.with_name(path.name + ".gz").stat().st_size


def test_every_compressible_file_has_its_brotli_and_gzip_copies(built: dict[str, Any]) -> None:
    out = built["out"]
    for path in out.rglob("*"):
        if path.suffix in (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".bin"):
            assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), path
            assert brotli.decompress(path.with_name(path.name + ".br").read_bytes()) == path.read_bytes(), path


def test_real_lesson_pages_stay_within_the_weight_budget(tmp_path: Path) -> None:
    # The real lessons and hands: each lesson page with all the CSS and JS, as sent (gzipped), < 150 kB.
    out = tmp_path / "site"
    result = run_build(out, ROOT / "lessons")
    assert result.returncode == 0, result.stderr
    # Every script and style sheet but the kiosk's and the writer's own (js/pages/kiosk/, js/pages/writer/,
    # kiosk.css, writer.css) and the print view's (print.css), which no lesson page loads; the numbers
    # lesson's style sheet counted for the page that links it.
    assets = sum(_sent(p) for p in (out / "assets").rglob("*")
                 if p.suffix in (".js", ".css") and p.parent.name not in ("kiosk", "writer")
                 and p.name not in ("kiosk.css", "writer.css", "print.css", "numbers.css"))
    numbers_css = out / "assets" / "css" / "numbers.css"
    lessons = [p for p in (out / "en").glob("*.html") if p.name not in ("index.html", "text.html")]
    lessons += [p for p in (out / "ru").glob("*.html") if p.name not in ("index.html", "text.html")]
    assert len(lessons) >= 8
    for page in lessons:
        own = _sent(numbers_css) if "assets/css/numbers.css" in page.read_text(encoding="utf-8") else 0
        assert _sent(page) + assets + own < BUDGET, (page, _sent(page) + assets + own)
    assert "OVER" not in result.stdout


def test_the_hand_as_text_is_listed_only_when_the_page_stays_within_its_budget(lessons: Path, tmp_path: Path) -> None:
    roomy = run_build(tmp_path / "roomy", lessons, "--page-budget", "100000000")
    assert roomy.returncode == 0 and "OVER" not in roomy.stdout
    tight = run_build(tmp_path / "tight", lessons, "--page-budget", "1000")
    assert tight.returncode == 0
    assert re.search(r"en/first\.html .* OVER the 1 kB budget", tight.stdout), tight.stdout
    for lang in ("en", "ru"):
        listed = parse(tmp_path / "roomy" / lang / "first.html").find("details", class_="demo-text")
        assert len(listed.find("ol").find_all("li")) > 50
        empty = parse(tmp_path / "tight" / lang / "first.html").find("details", class_="demo-text")
        assert empty.find("ol").attrs.get("data-fill") == "script" and not empty.find("ol").find_all("li")
        assert empty.find("p", class_="demo-text-empty").full_text().strip()


def _site_header(sw: bytes) -> dict[str, Any]:
    text = sw.decode("utf-8")
    assert text.startswith("self.__SITE = ")
    return dict(json.loads(text[len("self.__SITE = "):text.index(";\n")]))


def test_the_service_worker_lists_the_build_and_carries_the_words_of_a_refused_copy(built: dict[str, Any]) -> None:
    out = built["out"]
    header = _site_header((out / "sw.js").read_bytes())
    assert (out / "sw.js").read_bytes().endswith((ROOT / "site" / "sw.js").read_bytes())
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert set(header["files"]) == {f for f in files if not f.startswith("pyodide/") and not f.endswith((".gz", ".br"))
                                    and f not in ("sw.js", ".sitegen")}
    snapshot = next((out / "pyodide").glob("snapshot-*.bin")).relative_to(out).as_posix()
    assert header["snapshot"] == snapshot and header["runtime"] == [header["runtime"][0], snapshot]
    assert re.fullmatch(r"pyodide/\d+\.\d+\.\d+/", header["runtime"][0])
    assert header["words"] == OFFLINE_STRINGS
    assert set(OFFLINE_STRINGS["en"]) == set(OFFLINE_STRINGS["ru"])


def test_a_new_service_worker_is_a_new_cache_even_when_the_files_are_the_same(tmp_path: Path) -> None:
    # A failed install deletes its own cache: it must never be the one the worker before it serves from.
    files: dict[str, bytes | Path] = {"index.html": b"<p>same</p>"}
    source = tmp_path / "sw.js"
    source.write_text("// one\n", encoding="utf-8")
    one = _site_header(service_worker(files, ["pyodide/1.0.0/"], source, None, OFFLINE_STRINGS))["version"]
    assert _site_header(service_worker(files, ["pyodide/1.0.0/"], source, None, OFFLINE_STRINGS))["version"] == one
    source.write_text("// two\n", encoding="utf-8")
    assert _site_header(service_worker(files, ["pyodide/1.0.0/"], source, None, OFFLINE_STRINGS))["version"] != one
    source.write_text("// one\n", encoding="utf-8")
    assert _site_header(service_worker(files, ["pyodide/1.0.0/"], source, None, {"en": {}}))["version"] != one
