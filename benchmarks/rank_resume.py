"""What ``wordle-rank --resume`` costs: a finished file resumed, and a run killed half-way
then resumed, against a fresh run.

    python benchmarks/rank_resume.py [--jobs 2] [--answers original] [--mode normal] [--out DIR]

Runs, one after another in one process tree:

1. a fresh ranking of every first word (``--top 10``), timed;
2. ``--resume`` of its finished file, timed (every row's check holds: no word is searched);
3. a fresh ranking stopped with SIGTERM at half the time of (1), then ``--resume`` of what
   it left, each timed; the resumed file must equal (1)'s byte for byte.

Prints one table row per run: wall time, its ratio to the fresh run, and the full passes
(noise-free: the search's work, from ``--json``).  Wall times include the process start
and, with ``--jobs`` above 1, the Dask cluster's start.  A stopped run prints no report, so
its passes are not known: the resumed run's passes against the fresh run's say how much
of the fresh run's search the resume repeats.
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _rank_command(args, out: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "wordle_compiler.cli.rank",
        "--answers",
        args.answers,
        "--mode",
        args.mode,
        "--jobs",
        str(args.jobs),
        "--quiet",
        "--json",
        "-o",
        str(out),
        *extra,
    ]


def _timed(command: list[str], stop_after: float | None = None) -> tuple[float, int, int | None]:
    """(wall seconds, exit code, full passes or None) of ``command``; SIGTERM after
    ``stop_after`` seconds when given."""
    began = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = proc.communicate(timeout=stop_after)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate()
    if proc.returncode not in (0, 143):
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}): {err.strip()}")
    passes = json.loads(out)["counters"].get("full_passes", 0) if proc.returncode == 0 else None
    return time.perf_counter() - began, proc.returncode, passes


def _rows(path: Path) -> int:
    return max(0, len(path.read_bytes().split(b"\n")) - 3)


def main(argv=None) -> None:
    """Run the three measurements and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--answers", default="original")
    parser.add_argument("--mode", default="normal")
    parser.add_argument(
        "--out", type=Path, default=None, help="folder for the results files (default: a temporary one)"
    )
    args = parser.parse_args(argv)
    folder = args.out or Path(tempfile.mkdtemp(prefix="rank-resume-"))
    fresh_file, killed_file = folder / "fresh.csv", folder / "killed.csv"
    fresh, _, fresh_passes = _timed(_rank_command(args, fresh_file, "--force"))
    finished, _, finished_passes = _timed(_rank_command(args, fresh_file, "--resume"))
    cut, code, _ = _timed(_rank_command(args, killed_file, "--force"), stop_after=fresh / 2)
    left = _rows(killed_file)
    resumed, _, resumed_passes = _timed(_rank_command(args, killed_file, "--resume"))
    same = killed_file.read_bytes() == fresh_file.read_bytes()
    print("| run | wall s | of the fresh run | full passes |\n|---|---:|---:|---:|")
    print(f"| fresh | {fresh:.1f} | 1.00 | {fresh_passes:,} |")
    print(f"| resume of the finished file | {finished:.1f} | {finished / fresh:.3f} | {finished_passes:,} |")
    print(f"| fresh, stopped at half (exit {code}, {left} rows kept) | {cut:.1f} | {cut / fresh:.2f} | – |")
    print(f"| resume of the stopped file | {resumed:.1f} | {resumed / fresh:.2f} | {resumed_passes:,} |")
    print(f"resumed file identical to the fresh one: {same}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
