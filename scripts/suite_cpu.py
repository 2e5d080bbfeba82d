#!/usr/bin/env python3
"""Run pytest and print what the run cost: wall time, CPU-seconds and the tests counted.

    python scripts/suite_cpu.py [PYTEST ARGS...]
    python scripts/suite_cpu.py -n 2 tests/browser tests/firefox_webkit

The arguments go to `python -m pytest` unchanged (the output is shown as it comes). The CPU-seconds
are those of the run alone when the script may make a cgroup-v1 `cpuacct` group (as root, where
/sys/fs/cgroup/cpuacct is mounted): pytest starts inside a group of its own, which its workers,
servers and browsers inherit, so other processes on a shared machine do not count. Otherwise they
are the machine's busy time from /proc/stat over the run (everything else running counts too);
the summary says which. Figures only, no thresholds: this is not a test. Exits with pytest's status.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
CPUACCT = Path("/sys/fs/cgroup/cpuacct")
# The counts of pytest's last line, e.g. "== 3 failed, 790 passed, 1 error in 61.2s ==".
SUMMARY = re.compile(r" in \d+(\.\d+)?s\b")
OUTCOME = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|deselected)\b")


def busy_seconds() -> float:
    """The machine's busy time (every core, idle and iowait left out) from /proc/stat, in seconds."""
    fields = Path("/proc/stat").read_text(encoding="ascii").splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(value) for value in fields[:8])
    ticks = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq + steal) / ticks


def new_group() -> Path | None:
    """A fresh cpuacct group of this run's own, or None where cgroups cannot be written."""
    group = CPUACCT / f"suite-cpu-{os.getpid()}"
    try:
        group.mkdir()
    except OSError:
        return None
    return group


def counts(lines: list[str]) -> dict[str, int]:
    """The outcomes pytest's summary line gives, read from the end of its output."""
    for line in reversed(lines):
        found = OUTCOME.findall(line)
        if found and SUMMARY.search(line):
            return {("errors" if kind == "error" else kind): int(n) for n, kind in found}
    return {}


def main(argv: list[str]) -> int:
    group = new_group()
    procs = str(group / "cgroup.procs") if group else None

    def enter_group() -> None:  # in the child, before pytest starts: all it starts is counted
        if procs:
            with open(procs, "w", encoding="ascii") as file:
                file.write(str(os.getpid()))

    command = [sys.executable, "-m", "pytest", *argv]
    tail: list[str] = []
    busy_before, wall_before = busy_seconds(), time.monotonic()
    child = subprocess.Popen(command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, errors="replace", preexec_fn=enter_group)
    assert child.stdout is not None
    for line in child.stdout:
        sys.stdout.write(line)
        tail = (tail + [line.rstrip("\n")])[-50:]
    status = child.wait()
    wall = time.monotonic() - wall_before
    if group:
        cpu = int((group / "cpuacct.usage").read_text(encoding="ascii")) / 1e9
        how = "cgroup cpuacct: this run's processes only"
        try:
            group.rmdir()
        except OSError as error:  # a process the run left behind is still in it
            how += f" (its group {group} is left: {error.strerror})"
    else:
        cpu = busy_seconds() - busy_before
        how = "/proc/stat busy time: the whole machine over the run (cgroups not writable)"
    outcomes = counts(tail)
    tests = sum(n for kind, n in outcomes.items() if kind not in ("deselected",))
    print()
    print(f"command:     {' '.join(command[1:])}")
    print(f"wall time:   {wall:,.0f} s ({wall / 60:.1f} min)")
    print(f"CPU time:    {cpu:,.0f} CPU-s ({how})")
    print(f"tests:       {tests} ({', '.join(f'{n} {kind}' for kind, n in outcomes.items()) or 'no summary line'})")
    print(f"exit status: {status}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
