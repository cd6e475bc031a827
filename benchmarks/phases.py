"""Where one exact build's wall time goes, by phase, for --jobs 1 and --jobs 2.

    python benchmarks/phases.py [--start trace] [--runs 7] [--jobs 1,2] [--python PATH]

Each run is one whole ``wordle-compile --strategy optimal --start WORD`` process, the
runs of the ``--jobs`` values interleaved, medians printed.  The process marks, with
``time.time()``: its first line of Python, the start and end of the first-level search
(``parallel.map_threads``) and ``atexit``; the parent marks the spawn and the exit.  So:

* spawn: the interpreter starting (``site``), before any of our code;
* before: imports, the word lists, the matrix and the solver, the first guess's classes;
* search: the first-level search, and the subtrees rebuilt by its threads;
* after: what is left to rebuild, the independent replay, the meta and the file written;
* teardown: interpreter shutdown and the process's exit.

Beside the wall times it prints the search's CPU time (all threads): ``--jobs 2`` over
``--jobs 1`` is the parallel search's overhead, extra work and contention together.
As a control, each round also runs two ``--jobs 1`` processes at once (they share
nothing but the machine): their search CPU over one alone is what the host charges any
two busy cores, whatever our code does (``--no-two-at-once`` skips them).

``--jobs 2`` can only shorten the search; the rest is the fixed part F in ``jobs1 = F +
S`` and ``jobs2 = F + r·S``.  Results go to benchmarks/results/phases.json and the
previous run is shown.  ``--python`` measures another interpreter's installed package
(a virtualenv made with the README's ``pip install .`` is what users run).  A benchmark,
not a test: never run it beside other heavy work.
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "phases.json"
PHASES = ("spawn", "before", "search", "after", "teardown", "total")
# Run inside the measured process: the marks, then wordle-compile itself.
PROBE = r'''
import atexit, sys, time
start = time.time()
marks = {}
import wordle_compiler.concurrency.parallel as parallel
threads = parallel.map_threads
def timed(*args, **kwargs):
    marks.setdefault("search0", time.time())
    marks.setdefault("cpu0", time.process_time())
    try:
        return threads(*args, **kwargs)
    finally:
        marks["search1"] = time.time()
        marks["cpu1"] = time.process_time()
parallel.map_threads = timed
atexit.register(lambda: sys.stderr.write("PHASES %r\n" % ((start, marks["search0"], marks["search1"], time.time(),
                                                           marks["cpu1"] - marks["cpu0"]),)))
from wordle_compiler.cli.compile import main
main()  # as the program: sys.argv[1:], and its exit path
'''


def _command(start: str, jobs: int, out: Path, python: str) -> list:
    return [
        python,
        "-c",
        PROBE,
        "--strategy",
        "optimal",
        "--start",
        start,
        "--quiet",
        "--jobs",
        str(jobs),
        "-o",
        str(out),
    ]


def _phases(returncode: int, stderr: str, spawned: float, ended: float) -> dict:
    """Seconds per phase (and the search's CPU seconds, all threads) from a probed process."""
    if returncode != 0:
        raise SystemExit(f"failed ({returncode}): {stderr.strip()[-300:]}")
    line = next(x for x in stderr.splitlines() if x.startswith("PHASES "))
    began, search0, search1, exiting, search_cpu = ast.literal_eval(line[len("PHASES ") :])
    return {
        "spawn": began - spawned,
        "before": search0 - began,
        "search": search1 - search0,
        "after": exiting - search1,
        "teardown": ended - exiting,
        "total": ended - spawned,
        "search cpu": search_cpu,
    }


def one_run(start: str, jobs: int, out: Path, python: str = sys.executable) -> dict:
    """Seconds per phase of one whole process."""
    spawned = time.time()
    proc = subprocess.run(_command(start, jobs, out, python), capture_output=True, text=True, check=False)
    return _phases(proc.returncode, proc.stderr, spawned, time.time())


def two_at_once(start: str, out: Path, python: str = sys.executable) -> list:
    """Two ``--jobs 1`` processes started together: the search CPU seconds of each (their
    wall phases overlap, so only the CPU is compared).  They share nothing but the machine,
    so the search CPU each takes beyond one alone is what this host charges any two busy
    cores (caches, memory, the hypervisor), not our threads' sharing."""
    spawned = time.time()
    procs = [
        subprocess.Popen(
            _command(start, 1, out.with_name(f"{out.stem}-{k}{out.suffix}"), python),
            stderr=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            text=True,
        )
        for k in (0, 1)
    ]
    found = []
    for proc in procs:
        _, stderr = proc.communicate()
        found.append(_phases(proc.returncode, stderr, spawned, time.time())["search cpu"])
    return found


def host_check(runs: int = 7, python: str = sys.executable) -> dict:
    """Milliseconds for a bare interpreter and for one that imports numpy (medians), and
    microseconds per page fault: this host's speed drifts by a third between hours, and
    these say which kind of hour a table comes from."""
    found = {}
    for name, code in (("bare interpreter", "pass"), ("import numpy", "import numpy")):
        times = []
        for _ in range(runs):
            began = time.perf_counter()
            subprocess.run([python, "-c", code], check=True)
            times.append(time.perf_counter() - began)
        found[name] = statistics.median(times) * 1000
    found["page fault"] = _page_fault_us()
    return found


def _page_fault_us(megabytes: int = 64) -> float:
    """Microseconds per first touch of an anonymous 4 KiB page (median of 5 fresh mappings):
    a build takes thousands of them, so the host's figure (the ``host`` row) moves its time."""
    import mmap

    times = []
    for _ in range(5):
        size = megabytes << 20
        mapping = mmap.mmap(-1, size)
        began = time.perf_counter()
        for offset in range(0, size, mmap.PAGESIZE):
            mapping[offset] = 1
        times.append((time.perf_counter() - began) / (size // mmap.PAGESIZE))
        mapping.close()
    return statistics.median(times) * 1e6


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", default="trace")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--jobs", default="1,2", help="comma-separated --jobs values")
    parser.add_argument(
        "--no-two-at-once",
        dest="two_at_once",
        action="store_false",
        help="skip the control runs of two --jobs 1 processes at once",
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter whose installed wordle-tree is measured (default: this one; an "
        "editable install adds its import finder to every process)",
    )
    args = parser.parse_args(argv)
    jobs = [int(j) for j in args.jobs.split(",")]
    out = Path("/tmp") / f"phases-{args.start}.wtree"
    for j in jobs:  # warm: the matrix cache, the OS file cache
        one_run(args.start, j, out, args.python)
    runs: dict = {j: [] for j in jobs}
    together: list = []  # search CPU seconds of --jobs 1 processes run two at a time
    for _ in range(args.runs):
        for j in jobs:
            runs[j].append(one_run(args.start, j, out, args.python))
        if args.two_at_once and 1 in jobs:
            together += two_at_once(args.start, out, args.python)
    host = host_check(python=args.python)
    previous = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    print(
        f"# {args.start}, medians of {args.runs} interleaved runs, milliseconds (previous run in brackets), "
        f"{args.python}"
    )
    print(f"{'jobs':>5} " + " ".join(f"{p:>15}" for p in PHASES))
    table = {}
    for j in jobs:
        medians = {p: statistics.median(r[p] for r in runs[j]) * 1000 for p in (*PHASES, "search cpu")}
        table[f"{args.start} jobs {j}"] = medians
        before = previous.get(f"{args.start} jobs {j}", {})
        cells = [f"{medians[p]:7.1f}" + (f" [{before[p]:5.1f}]" if p in before else " " * 8) for p in PHASES]
        print(f"{j:>5} " + " ".join(cells))
    if len(jobs) == 2:
        a, b = (table[f"{args.start} jobs {j}"] for j in jobs)
        fixed = a["total"] - a["search"]
        print(
            f"total ratio {b['total'] / a['total']:.3f}, search ratio {b['search'] / a['search']:.3f}, "
            f"fixed part F {fixed:.0f} ms (jobs {jobs[0]})"
        )
        print(
            f"search CPU, all threads: jobs {jobs[0]} {a['search cpu']:.0f} ms, jobs {jobs[1]} "
            f"{b['search cpu']:.0f} ms: ratio {b['search cpu'] / a['search cpu']:.3f}"
        )
    if together:
        alone = table[f"{args.start} jobs 1"]["search cpu"]
        both = statistics.median(together) * 1000
        table[f"{args.start} two jobs-1 processes at once"] = {"search cpu": both}
        print(
            f"two --jobs 1 processes at once: {both:.0f} ms of search CPU each, {both / alone:.3f}x one alone "
            "(what the host charges two busy cores; the rest of the ratio above is our threads' sharing)"
        )
    before = previous.get("host", {})
    print(
        "host: "
        + ", ".join(
            f"{k} {v:.1f} {'us' if k == 'page fault' else 'ms'}" + (f" [{before[k]:.1f}]" if k in before else "")
            for k, v in host.items()
        )
    )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({**previous, **table, "host": host}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
