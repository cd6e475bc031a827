"""Benchmark (not a test): the exact search under the frequency prior against the same
build without weights, as whole ``wordle-compile`` processes, interleaved.

    python benchmarks/weights.py [--pairs 2] [--python PATH]

Each row: the build, answers, total guesses, the expected guesses under the default
frequency prior, the build's own seconds (the median of the runs; the matrix cache is
warm), the process's peak memory, the engine's full passes, and the ratio of the weighted
build's seconds to the unweighted one's.  ``--python``: the interpreter whose installed
package is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

BUILDS = [
    ("salet", "original", "normal"),
    ("plate", "original", "normal"),
    ("salet", "original", "hard"),
    ("salet", "nyt-extended", "normal"),
]


def run(python: str, start: str, answers: str, mode: str, weighted: bool) -> dict:
    """One build in its own process: its JSON report and its peak RSS in MiB."""
    with tempfile.TemporaryDirectory() as folder:
        cmd = [
            python,
            "-m",
            "wordle_compiler.cli.compile",
            "--strategy",
            "optimal",
            "--start",
            start,
            "--answers",
            answers,
            "--mode",
            mode,
            "--json",
            "--quiet",
            "-o",
            os.path.join(folder, "t.wtree"),
        ]
        if weighted:
            cmd += ["--prior", "frequency"]
        process = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        out = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}")
    doc = json.loads(out)
    doc["peak_mib"] = usage.ru_maxrss / 1024
    return doc


def expected_under_prior(start: str, answers: str, mode: str, python: str) -> float:
    """The unweighted tree's expected guesses under the prior (wordle-tree verify --prior)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "t.wtree")
        subprocess.run(
            [
                python,
                "-m",
                "wordle_compiler.cli.compile",
                "--strategy",
                "optimal",
                "--start",
                start,
                "--answers",
                answers,
                "--mode",
                mode,
                "--quiet",
                "-o",
                path,
            ],
            check=True,
            capture_output=True,
        )
        out = subprocess.run(
            [python, "-m", "wordle_compiler.cli.tree", "verify", path, "--prior", "frequency", "--json"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return json.loads(out)["weighted"]["expected_guesses"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    print(
        f"{'build':48} {'answers':>7} {'total':>6} {'expected':>9} {'seconds':>8} {'MiB':>5} {'passes':>8} {'ratio':>6}"
    )
    for start, answers, mode in BUILDS:
        runs = {False: [], True: []}
        for _ in range(args.pairs):
            for weighted in (False, True):
                runs[weighted].append(run(args.python, start, answers, mode, weighted))
        plain = statistics.median(r["seconds"] for r in runs[False])
        for weighted in (False, True):
            last = runs[weighted][-1]
            seconds = statistics.median(r["seconds"] for r in runs[weighted])
            expected = last["expected_guesses"] if weighted else expected_under_prior(start, answers, mode, args.python)
            label = f"{start} {mode} {answers}" + (" --prior frequency" if weighted else "")
            print(
                f"{label:48} {last['answers']:>7} {last['total_guesses']:>6} {expected:>9.6f} {seconds:>8.2f} "
                f"{max(r['peak_mib'] for r in runs[weighted]):>5.0f} {last['counters']['full_passes']:>8,} "
                f"{seconds / plain:>6.2f}"
            )


if __name__ == "__main__":
    main()
