"""One build idle against the same build with both cores busy: whole processes, interleaved.

    python benchmarks/busy.py [--pairs 9] [--rows "minimax salet,..."] [--load session,other-session]
                              [--python PATH]

Each pair runs the build once on an idle machine, then once beside two ``yes >
/dev/null`` processes (started 0.3 s before it and killed after it), and prints the
medians of both, their ratio, the pairs' own ratios (lowest-highest) and the build's own
CPU time (user + system, from ``os.wait4``) idle and busy.

Where the two ``yes`` run decides what a fair scheduler owes the build, so ``--load`` names it:

* ``session``: children of this script, in its session, beside the build.  The kernel
  shares the two cores among three equal tasks, so a one-thread build gets two thirds of a
  core: 1.5x its idle time is the floor, before anything the busy host adds.
* ``other-session``: both in a session of their own (``setsid``), as a job started from
  another terminal or a service is.  With the kernel's autogroup on (the file below says),
  CPU is shared between sessions first: the build's session gets one core.

The target (minimax from salet busy ≤ 1.5x idle) is measured both ways; the table says
which.  Results go to benchmarks/results/busy.json and the previous run's ratios
are shown.  A benchmark, not a test: never run it beside other heavy work.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from side_by_side import compile_bytecode, run_with_usage, spread  # the same runner as the other benchmarks

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "busy.json"
AUTOGROUP = Path("/proc/sys/kernel/sched_autogroup_enabled")
ROWS = {
    "entropy (the default build)": [],
    "entropy (the default build) --threads 2": ["--threads", "2"],
    "minimax salet": ["--strategy", "minimax", "--start", "salet"],
    "minimax salet --threads 2": ["--strategy", "minimax", "--start", "salet", "--threads", "2"],
    "minimax lares --answers all": ["--strategy", "minimax", "--start", "lares", "--answers", "all", "--allow-deeper"],
    "minimax lares --answers all --threads 2": [
        "--strategy",
        "minimax",
        "--start",
        "lares",
        "--answers",
        "all",
        "--allow-deeper",
        "--threads",
        "2",
    ],
    "optimal trace --jobs 1": ["--strategy", "optimal", "--start", "trace", "--jobs", "1"],
    "optimal trace --jobs 2": ["--strategy", "optimal", "--start", "trace", "--jobs", "2"],
}
LOADS = ("session", "other-session")
SETTLE_S = 0.3  # after starting or stopping the load, before the next measured run


class Load:
    """Two spinning ``yes > /dev/null`` processes for the length of a ``with`` block; in
    this script's session, or both in one new session (``other_session``)."""

    def __init__(self, other_session: bool):
        self.other_session = other_session
        self.procs: list[subprocess.Popen] = []

    def __enter__(self):
        if self.other_session:  # one session (and process group) holding both
            self.procs.append(
                subprocess.Popen(["sh", "-c", "yes >/dev/null & yes >/dev/null & wait"], start_new_session=True)
            )
        else:
            self.procs += [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL) for _ in range(2)]
        time.sleep(SETTLE_S)
        return self

    def __exit__(self, *exc):
        for proc in self.procs:
            if self.other_session:
                os.killpg(proc.pid, signal.SIGKILL)  # the shell and both of its children
            else:
                proc.kill()
            proc.wait()
        time.sleep(SETTLE_S)


def _cpu_s(usage) -> float:
    return usage.ru_utime + usage.ru_stime


def measure(cmd: list[str], load: str, pairs: int) -> dict:
    """``pairs`` interleaved (idle, busy) runs of ``cmd`` under ``load``: medians of wall and
    CPU seconds, and each pair's busy/idle ratio."""
    idle, busy = [], []
    for _ in range(pairs):
        idle.append(run_with_usage(cmd))
        with Load(other_session=load == "other-session"):
            busy.append(run_with_usage(cmd))
    med = statistics.median
    return {
        "idle_s": med(r[0] for r in idle),
        "busy_s": med(r[0] for r in busy),
        "idle_cpu_s": med(_cpu_s(r[1]) for r in idle),
        "busy_cpu_s": med(_cpu_s(r[1]) for r in busy),
        "pair_ratios": sorted(b[0] / i[0] for i, b in zip(idle, busy, strict=True)),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=9)
    parser.add_argument("--rows", default="minimax salet", help=f"comma-separated, of: {', '.join(ROWS)}")
    parser.add_argument("--load", default=",".join(LOADS), help=f"comma-separated, of: {', '.join(LOADS)}")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter whose installed wordle-tree is measured (default: this one)",
    )
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a kill still stops the load (Load.__exit__)
    names, loads = [n.strip() for n in args.rows.split(",")], [n.strip() for n in args.load.split(",")]
    for given, known in ((names, ROWS), (loads, LOADS)):
        unknown = [n for n in given if n not in known]
        if unknown:
            parser.error(f"unknown {unknown[0]!r}; choose from: {', '.join(known)}")
    previous = json.loads(RESULTS.read_text()).get("rows", {}) if RESULTS.exists() else {}
    autogroup = AUTOGROUP.read_text().strip() if AUTOGROUP.exists() else "absent"
    results = dict(previous)
    with tempfile.TemporaryDirectory() as tmp:
        compile_bytecode(args.python)
        print(
            f"# {os.cpu_count()} CPUs, sched_autogroup_enabled {autogroup}, medians of {args.pairs} "
            f"interleaved pairs, whole processes, {args.python}"
        )
        print(
            f"{'row':40} {'load':14} {'idle s':>7} {'busy s':>7} {'ratio':>6} {'pairs':>9} "
            f"{'CPU idle':>8} {'CPU busy':>8} {'busy/CPU':>8} {'prev':>5}"
        )
        for name in names:
            cmd = [
                args.python,
                "-m",
                "wordle_compiler.cli.compile",
                *ROWS[name],
                "--quiet",
                "-o",
                str(Path(tmp) / "t.wtree"),
            ]
            run_with_usage(cmd)  # warm: the matrix cache, the OS file cache
            for load in loads:
                row = measure(cmd, load, args.pairs)
                key = f"{name} | {load}"
                prev = previous.get(key, {}).get("ratio")
                row["ratio"] = row["busy_s"] / row["idle_s"]
                results[key] = {**row, "autogroup": autogroup}
                print(
                    f"{name:40} {load:14} {row['idle_s']:7.2f} {row['busy_s']:7.2f} {row['ratio']:6.2f} "
                    f"{spread(row['pair_ratios']):>9} {row['idle_cpu_s']:8.2f} {row['busy_cpu_s']:8.2f} "
                    f"{row['busy_s'] / row['busy_cpu_s']:8.2f} {'-' if prev is None else f'{prev:.2f}':>5}"
                )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"rows": results}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
