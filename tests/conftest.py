"""The whole suite: how its tests are spread over pytest-xdist workers (`./dev test` runs `-n auto`).

The browser tests (tests/browser) share one built `_site/`, one server and one Chromium for the
session, and their conftest rebuilds `_site/` when it is older than its sources: two workers
would build it at once and replace it under each other's server. So under `-n` they are one
unit of work: all of them on one worker, in their usual order, handed out first (the largest
unit goes first) so that they run beside the rest. Every other test goes on its own to
whichever worker is free.

This is a scheduler of our own (`pytest_xdist_make_scheduler`) rather than `xdist_group` marks:
xdist's loadgroup passes the group in the test's node id, which pytest 9.2 no longer lets a
plugin change (pytest-xdist issue #1386), so marked tests were silently spread over workers.
It applies to `--dist load` (what `-n` means by default) and `--dist loadgroup`; any other
--dist given on the command line is xdist's own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

BROWSER_TESTS = Path(__file__).resolve().parent / "browser"


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: unknown (and unused) without it
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") not in ("load", "loadgroup"):
        return None
    try:
        prefix = BROWSER_TESTS.relative_to(config.rootpath).as_posix() + "/"  # node ids start so
    except ValueError:  # a rootdir that does not hold the tests: node ids we cannot tell apart
        return None

    from xdist.scheduler import LoadGroupScheduling

    class BrowserTestsTogether(LoadGroupScheduling):  # type: ignore[misc]
        """loadgroup's scheduling, with every test under tests/browser/ in one unit."""

        def _split_scope(self, nodeid: str) -> str:
            if nodeid.startswith(prefix):
                return prefix
            return str(super()._split_scope(nodeid))

    return BrowserTestsTogether(config, log)
