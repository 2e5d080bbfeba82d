#!/usr/bin/env python3
"""Build the Card Lottery site: read everything, render everything, then write `_site/`.

    python build.py                      build once into _site/
    python build.py --out DIR            build into DIR instead
    python build.py --lessons DIR        read the lessons from DIR (text/, pages/{en,ru}/, hands/)
    python build.py --draft              a missing hand renders as a placeholder (a warning, not an error)
    python build.py serve [--port 8000]  build, serve on 127.0.0.1, rebuild when lessons/, site/ or engine/ change

An error stops the build with `path:line: what is wrong` and exit status 1, and leaves the
previous output folder as it was. The steps are in `build()`; the work is in sitegen/.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent

try:
    import jinja2  # noqa: F401
    import markdown  # noqa: F401
except ImportError as missing:  # pragma: no cover - a setup problem, said plainly
    sys.exit(f"build.py needs Jinja2 and Markdown ({missing}): run `./dev build`, or `pip install -e .`")

from sitegen import BuildError, Paths, shown
from sitegen.analyses import analyse_hands
from sitegen.assets import (SERVICE_WORKER, build_engine_archive, find_pyodide, precompress, read_static,
                            runtime_folder, service_worker)
from sitegen.bytecode import compile_engine
from sitegen.i18n import OFFLINE_STRINGS
from sitegen.linkcheck import link_problems
from sitegen.output import check_output_folder, write_site
from sitegen.pages import REGISTRY
from sitegen.render import PAGE_BUDGET, Inputs, Rendered, render_site
from sitegen.skill import read_skill
from sitegen.snapshot import make_snapshot
from sitegen.sources import GLOSSARY_FILE, read_glossary, read_hands, read_pages, read_text


def read(paths: Paths, warnings: list[str], draft: bool = False, budget: int = PAGE_BUDGET) -> Inputs:
    """Everything the build reads (the tests read fixture lessons with it too); the Pyodide snapshot
    is made from it by `build`."""
    text = read_text(paths.lessons)                  # p0..p15: the Russian source and the English translation
    pages = read_pages(paths.lessons, warnings)      # lessons/pages/{en,ru}/NN-slug.md: front matter + Markdown
    reference = read_pages(paths.lessons, warnings, "reference")  # lessons/reference/{en,ru}/NN-slug.md: rules, sources
    glossary = read_glossary(paths.lessons, text)    # lessons/reference/glossary.toml: the paragraphs each word is in
    hands = read_hands(paths.lessons)                # lessons/hands/*.toml, replayed and traced by the engine
    analyse_hands(hands)                             # what each move of their play-off was worth (cached)
    skill = read_skill(paths.lessons)                # lessons/data/skill-games.csv, checked against the engine (cached)
    static = read_static(paths.static)               # site/static/** -> assets/
    pyodide = find_pyodide(paths.pyodide)            # the five Pyodide runtime files -> pyodide/
    engine = build_engine_archive(paths.engine)      # engine/*.py -> engine/engine-HASH.zip, fresh every build
    return Inputs(text, pages, hands, static, pyodide, engine, draft, budget, None, reference, glossary,
                  paths.lessons / GLOSSARY_FILE, skill)


def build(paths: Paths, draft: bool = False, budget: int = PAGE_BUDGET) -> Rendered:
    warnings: list[str] = []
    check_output_folder(paths.out, [paths.root, paths.lessons, paths.root / "site", paths.engine])

    # 1. Read everything; Node compiles the engine to bytecode for the runtime's Python (engine/engine-HASH.zip
    #    beside the source's zip, cached in .cache/; the source alone, and a warning, without Node) and makes
    #    the Pyodide snapshot with that engine imported (pyodide/snapshot-HASH.bin, cached; None without Node).
    inputs = read(paths, warnings, draft, budget)
    inputs.engine = compile_engine(inputs.pyodide, inputs.engine, paths.root / ".cache", warnings)
    inputs.snapshot = make_snapshot(inputs.pyodide, inputs.engine.data, paths.root / ".cache", warnings)

    # 2. Render everything, in memory.
    rendered = render_site(inputs, paths.templates, REGISTRY)  # every page type's pages (CSP-checked), the files to copy
    rendered.warnings[:0] = warnings
    broken = link_problems(rendered.files, rendered.sources)  # every link leads to a page, an anchor, a demo
    if broken:
        raise BuildError(broken)
    snapshot_path = f"pyodide/{inputs.snapshot.name}" if inputs.snapshot else None
    runtime = [runtime_folder(inputs.pyodide)] + ([snapshot_path] if snapshot_path else [])
    rendered.files[SERVICE_WORKER] = service_worker(rendered.files, runtime, paths.root / "site" / "sw.js",
                                                    snapshot_path, OFFLINE_STRINGS)  # offline
    rendered.files.update(precompress(rendered.files, paths.root / ".cache"))  # a .br and a .gz beside each text file

    # 3. Write: into a temporary sibling folder, swapped in only when complete.
    write_site(paths.out, rendered.files)
    return rendered


def report(paths: Paths, rendered: Rendered, seconds: float, budget: int) -> None:
    for warning in rendered.warnings:
        print(f"warning: {warning}")
    pages = rendered.sizes
    engines = ", ".join(f"{name} ({len(data) / 1000:.1f} kB)" for name, data in rendered.files.items()
                        if name.startswith("engine/") and isinstance(data, bytes))
    print(f"built {shown(paths.out)}/ in {seconds:.1f} s: {len(pages)} pages, {engines}")
    print(f"  {'page':<42} {'HTML':>9} {'+CSS+JS':>9} {'sent gz':>9}")
    for size in pages:
        note = ""
        if size.lesson and size.sent >= budget:
            note = f"  OVER the {budget / 1000:.0f} kB budget"
        elif size.lesson and not size.steps_listed:
            note = "  (hand steps left for the script to list)"
        print(f"  {size.path:<42} {size.html / 1000:>6.1f} kB {size.total / 1000:>6.1f} kB {size.sent / 1000:>6.1f} kB{note}")
    uncited = rendered.uncited()
    if uncited:
        print(f"paragraphs no lesson cites yet: {', '.join(uncited)}")
    else:
        print("every paragraph p0..p15 is cited by a lesson")
    unswitched = rendered.unswitched()
    if unswitched:
        print(f"options no lesson's demo switches yet: {', '.join(unswitched)}")
    else:
        print("every option is switched in a lesson's demo, and each switch changes its hand's game")


def port_number(text: str) -> int:
    """--port: a TCP port, 0 (any free one) to 65535, checked before anything is built."""
    if not (text.isascii() and text.isdigit()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build (or serve) the Card Lottery site.")
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build",
                        help="build once (the default), or serve and rebuild on change")
    parser.add_argument("--out", type=Path, default=ROOT / "_site", help="the output folder (default: _site)")
    parser.add_argument("--lessons", type=Path, default=ROOT / "lessons", help="the lessons folder (default: lessons)")
    parser.add_argument("--draft", action="store_true",
                        help="render a missing hand as a placeholder instead of failing (while hands are written)")
    parser.add_argument("--page-budget", type=int, default=PAGE_BUDGET, metavar="BYTES",
                        help=f"a lesson page's weight limit, gzipped as sent, with its CSS and JS (default: {PAGE_BUDGET})")
    parser.add_argument("--port", type=port_number, default=8000,
                        help="serve: the port on 127.0.0.1, 0 for any free one (default: 8000)")
    args = parser.parse_args(argv)
    paths = Paths(root=ROOT, lessons=args.lessons.resolve(), out=args.out.resolve())

    if args.command == "serve":
        from sitegen.serve import serve
        build_arguments = ["--out", str(paths.out), "--lessons", str(paths.lessons)] + (["--draft"] if args.draft else [])
        return serve(paths, args.port, build_arguments)

    started = time.monotonic()
    try:
        rendered = build(paths, draft=args.draft, budget=args.page_budget)
    except BuildError as error:
        for message in error.messages:
            print(message, file=sys.stderr)
        print(f"build failed: {shown(paths.out)}/ was left as it was", file=sys.stderr)
        return 1
    report(paths, rendered, time.monotonic() - started, args.page_budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
