"""The whole suite: how its tests are spread over pytest-xdist workers (`./dev test` runs `-n auto`),
and the built site the browser tests share (`built_site`).

The browser tests (tests/browser in Chromium, then tests/firefox_webkit in Firefox and in WebKit)
share one built `_site/`, which `built_site` rebuilds when it is older than its sources: two
workers would build it at once and replace it under each other's servers. So under `-n` they are
one unit of work: all of them on one worker, in their usual order (Chromium's first, then each
other engine in turn, one at a time, as each keeps both cores busy), handed out first (the largest
unit goes first) so that they run beside the rest. Every other test goes on its own to whichever
worker is free.

This is a scheduler of our own (`pytest_xdist_make_scheduler`) rather than `xdist_group` marks:
xdist's loadgroup passes the group in the test's node id, which pytest 9.2 no longer lets a
plugin change (pytest-xdist issue #1386), so marked tests were silently spread over workers.
It applies to `--dist load` (what `-n` means by default) and `--dist loadgroup`; any other
--dist given on the command line is xdist's own.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parent
BROWSER_TESTS = (TESTS / "browser", TESTS / "firefox_webkit")  # one unit, in this order

REPO_ROOT = TESTS.parent
SITE_DIR = REPO_ROOT / "_site"
SITE_INDEX = SITE_DIR / "index.html"
# What the built site is made from: a change to any of these rebuilds it.
SITE_SOURCES = ["build.py", "package-lock.json", "engine", "sitegen", "lessons", "site"]


def _newest_source_mtime() -> float:
    newest = 0.0
    for name in SITE_SOURCES:
        path = REPO_ROOT / name
        if path.is_file():
            newest = max(newest, path.stat().st_mtime)
        elif path.is_dir():
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames[:] = [d for d in dirnames if d != "__pycache__" and not d.startswith(".")]
                for filename in filenames:
                    newest = max(newest, (Path(dirpath) / filename).stat().st_mtime)
    return newest


def _site_is_stale() -> bool:
    if not SITE_INDEX.is_file():
        return True
    return SITE_INDEX.stat().st_mtime < _newest_source_mtime()


@pytest.fixture(scope="session")
def built_site() -> Path:
    """``_site/``, built once per session if missing or older than its sources."""
    if _site_is_stale():
        if not (REPO_ROOT / "build.py").is_file():
            pytest.fail(f"cannot build the site: {REPO_ROOT / 'build.py'} is missing", pytrace=False)
        subprocess.run([sys.executable, "build.py"], cwd=REPO_ROOT, check=True)
        if not SITE_INDEX.is_file():
            pytest.fail(f"build.py ran but did not write {SITE_INDEX}", pytrace=False)
    return SITE_DIR


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: unknown (and unused) without it
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") not in ("load", "loadgroup"):
        return None
    try:  # node ids start so
        prefixes = tuple(folder.relative_to(config.rootpath).as_posix() + "/" for folder in BROWSER_TESTS)
    except ValueError:  # a rootdir that does not hold the tests: node ids we cannot tell apart
        return None

    from xdist.scheduler import LoadGroupScheduling

    class BrowserTestsTogether(LoadGroupScheduling):  # type: ignore[misc]
        """loadgroup's scheduling, with every test under tests/browser/ and tests/firefox_webkit/ in one unit."""

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(prefixes):
                return prefixes[0]
            return str(super()._split_scope(nodeid))

    return BrowserTestsTogether(config, log)
