"""Our exact engine beside the reference C++ solver, whole processes, same run.

    python benchmarks/side_by_side.py [--pairs 3] [--rows salet,crane,...] [--jobs-rows] [--python PATH]

Builds Alex Selby's solver from ../shared/reference/selby-wordle/ (skipped with one
line when g++ or that folder is missing), then for each row runs ours and the
reference alternately, ``--pairs`` times, and prints both medians, their ratio, the
lowest and highest of the pairs' own ratios (``pairs``: a pair's two runs start seconds
apart, so this spread is the host's noise beside the ratio), both peak RSS
(``ru_maxrss`` of each child, from ``os.wait4``), our work counters and whether the
totals agree.  ``--jobs-rows`` adds ``--jobs 1`` against ``--jobs 2``.
``--python`` names the interpreter whose installed package is measured (default: this
one): a virtualenv made with the README's ``pip install .`` measures what users run,
where an editable install (``pip install -e .``) adds its import finder to every process.
Results go to benchmarks/results/side_by_side.json and the previous run is shown.
This is a benchmark, not a test: never run it beside other heavy work.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
REFERENCE = REPO.parent / "shared" / "reference" / "selby-wordle"
DATA = REPO.parent / "shared" / "data"
RESULTS = HERE / "results" / "side_by_side.json"

# name: (start, mode, answers for us, guesses for us, answers file, guesses file)
ROWS = {
    "salet normal": ("salet", "normal", "original", None, "answers-original.txt", "allowed-original.txt"),
    "plate normal": ("plate", "normal", "original", None, "answers-original.txt", "allowed-original.txt"),
    "crane normal": ("crane", "normal", "original", None, "answers-original.txt", "allowed-original.txt"),
    "trace normal": ("trace", "normal", "original", None, "answers-original.txt", "allowed-original.txt"),
    "salet hard": ("salet", "hard", "original", None, "answers-original.txt", "allowed-original.txt"),
    "plate hard": ("plate", "hard", "original", None, "answers-original.txt", "allowed-original.txt"),
    "prest hard": ("prest", "hard", "original", None, "answers-original.txt", "allowed-original.txt"),
    "salet nyt-extended": ("salet", "normal", "nyt-extended", None, "answers-nyt-extended.txt", "allowed-nyt.txt"),
}
# Run only when named with --rows (minutes each): hard mode on the 3158 list, where depth
# binds; caret cannot finish within 6 guesses there, and both programs must say so.
EXTRA_ROWS = {
    "tarse hard nyt-extended": ("tarse", "hard", "nyt-extended", None, "answers-nyt-extended.txt", "allowed-nyt.txt"),
    "caret hard nyt-extended": ("caret", "hard", "nyt-extended", None, "answers-nyt-extended.txt", "allowed-nyt.txt"),
}
ALL_ROWS = {**ROWS, **EXTRA_ROWS}
INFEASIBLE = 1_000_000_000  # the reference's score for "no tree within the guess limit"


def run_with_usage(cmd, allowed=(0,)):
    """(wall seconds, resource usage, stdout) of one child process (whose exit code must be
    in ``allowed``); the usage is ``os.wait4``'s (CPU times, peak RSS in KiB)."""
    began = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in allowed:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}")
    return time.perf_counter() - began, usage, out


def run_measured(cmd, allowed=(0,)) -> tuple[float, int, str]:
    """(wall seconds, peak RSS in KiB, stdout) of one child process (whose exit code must
    be in ``allowed``)."""
    wall, usage, out = run_with_usage(cmd, allowed)
    return wall, usage.ru_maxrss, out


def build_reference(workdir: Path) -> Path | None:
    script = REFERENCE / "build.sh"
    if not script.is_file() or shutil.which("g++") is None:
        print(f"skipped: the reference solver cannot be built here (need g++ and {REFERENCE})")
        return None
    binary = workdir / "selby-wordle"
    subprocess.run([str(script), str(binary)], check=True, capture_output=True)
    return binary


def ours_cmd(row, out: Path, python: str, jobs: int = 1):
    start, mode, answers, guesses, _, _ = row
    cmd = [
        python,
        "-m",
        "wordle_compiler.cli.compile",
        "--strategy",
        "optimal",
        "--start",
        start,
        "--mode",
        mode,
        "--answers",
        answers,
        "-o",
        str(out),
        "--json",
        "--quiet",
        "--jobs",
        str(jobs),
    ]
    return cmd + (["--guesses", guesses] if guesses else [])


def reference_cmd(binary, row):
    start, mode, _, _, answers, guesses = row
    cmd = [str(binary), "-a", str(DATA / guesses), "-h", str(DATA / answers), "-w", start]
    return cmd + (["-H"] if mode == "hard" else [])


def reference_total(text: str) -> int | None:
    found = re.findall(r"score\s*=\s*(\d+)", text)
    return int(found[-1]) if found else None


def median_pairs(first, second, pairs, allowed=(0,)):
    """Run the two commands alternately; medians of (seconds, RSS), the outputs, and the
    pairs' own ratios (second / first, each pair's two runs started seconds apart)."""
    a, b = [], []
    for _ in range(pairs):
        a.append(run_measured(first, allowed))
        b.append(run_measured(second, allowed))
    med = lambda xs, i: statistics.median(x[i] for x in xs)  # noqa: E731
    ratios = sorted(y[0] / x[0] for x, y in zip(a, b, strict=True))
    return (med(a, 0), med(a, 1), a[-1][2]), (med(b, 0), med(b, 1), b[-1][2]), ratios


def spread(ratios) -> str:
    """The pairs' ratios as ``lowest-highest`` (the host's noise beside the medians' ratio)."""
    return f"{ratios[0]:.2f}-{ratios[-1]:.2f}"


def compare_reference(names, binary, pairs, tmp, previous, python) -> dict:
    """Ours against the reference, row by row; prints the table, returns the rows."""
    results = {}
    header = (
        f"{'row':22} {'ours s':>7} {'ref s':>7} {'ratio':>6} {'pairs':>9} {'ours MiB':>8} {'ref MiB':>7} "
        f"{'total':>6} agree  passes  pairs(M)  memo  prev ratio"
    )
    print(header + "\n" + "-" * len(header))
    for name in names:
        row = ALL_ROWS[name]
        # exit 1 is "no tree within the guess limit" (a JSON error), which the reference must echo
        ours, ref, ref_over_ours = median_pairs(
            ours_cmd(row, tmp / "t.wtree", python), reference_cmd(binary, row), pairs, (0, 1)
        )
        pair_ratios = sorted(1 / r for r in ref_over_ours)
        doc = json.loads(ours[2])
        counters = doc.get("counters", {})
        ratio = ours[0] / ref[0]
        total, ref_total = doc.get("total_guesses"), reference_total(ref[2])
        agree = total == (None if ref_total == INFEASIBLE else ref_total) and (total is not None or "error" in doc)
        results[name] = {
            "ours_s": ours[0],
            "ref_s": ref[0],
            "ratio": ratio,
            "pair_ratios": pair_ratios,
            "ours_mib": ours[1] / 1024,
            "ref_mib": ref[1] / 1024,
            "total": total,
            "agree": agree,
            "counters": counters,
        }
        prev = previous.get("rows", {}).get(name, {}).get("ratio")
        print(
            f"{name:22} {ours[0]:7.2f} {ref[0]:7.2f} {ratio:6.2f} {spread(pair_ratios):>9} {ours[1] / 1024:8.0f} "
            f"{ref[1] / 1024:7.0f} {'none' if total is None else total:>6} {'yes' if agree else 'NO':>5} "
            f"{counters.get('full_passes', 0):7} "
            f"{counters.get('pairs_scored', 0) / 1e6:9.0f} {counters.get('memo_entries', 0):5} "
            f"{prev if prev is None else round(prev, 2)!s:>10}"
        )
    print(f"geometric mean ratio {statistics.geometric_mean([r['ratio'] for r in results.values()]):.2f}")
    return results


def compare_jobs(names, pairs, tmp, python) -> dict:
    """--jobs 1 against --jobs 2, and whether the bytes agree."""
    jobs = {}
    print(
        f"\n{'row':22} {'jobs1 s':>8} {'jobs2 s':>8} {'ratio':>6} {'pairs':>9} {'same bytes':>10} {'passes1':>8} "
        f"{'passes2':>8} {'MiB1':>5} {'MiB2':>5}"
    )
    for name in names:
        row = ALL_ROWS[name]
        files = [tmp / "j1.wtree", tmp / "j2.wtree"]
        for file in files:
            file.unlink(missing_ok=True)
        one, two, pair_ratios = median_pairs(
            ours_cmd(row, files[0], python, 1), ours_cmd(row, files[1], python, 2), pairs, (0, 1)
        )
        contents = [f.read_bytes() if f.exists() else None for f in files]  # None: a refused start
        same = contents[0] == contents[1]
        # the last run's counters: exact for --jobs 1, timing-dependent for --jobs 2
        passes = [json.loads(run[2]).get("counters", {}).get("full_passes", 0) for run in (one, two)]
        jobs[name] = {
            "jobs1_s": one[0],
            "jobs2_s": two[0],
            "ratio": two[0] / one[0],
            "pair_ratios": pair_ratios,
            "same": same,
            "passes1": passes[0],
            "passes2": passes[1],
            "mib1": one[1] / 1024,
            "mib2": two[1] / 1024,
        }
        print(
            f"{name:22} {one[0]:8.2f} {two[0]:8.2f} {two[0] / one[0]:6.2f} {spread(pair_ratios):>9} "
            f"{'yes' if same else 'NO':>10} {passes[0]:8} {passes[1]:8} {one[1] / 1024:5.0f} {two[1] / 1024:5.0f}"
        )
    return jobs


def compile_bytecode(python: str) -> None:
    """Write the measured package's .pyc files first: with PYTHONDONTWRITEBYTECODE set (as
    on this host) an edited module is otherwise compiled from source in every measured
    process (a visible share of a short build), which an installed package never pays."""
    folders = subprocess.run(
        [
            python,
            "-c",
            (
                "import os, wordle_compiler, wordle_runtime\n"
                "for m in (wordle_compiler, wordle_runtime): print(os.path.dirname(m.__file__))"
            ),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    subprocess.run([python, "-m", "compileall", "-q", *folders], check=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--rows", help="comma-separated row names (default: all but " + ", ".join(EXTRA_ROWS) + ")")
    parser.add_argument("--jobs-rows", action="store_true", help="also compare --jobs 1 with --jobs 2")
    parser.add_argument("--jobs-only", action="store_true", help="only the --jobs rows (no reference runs)")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter whose installed wordle-tree is measured (default: this one)",
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.rows.split(",")] if args.rows else list(ROWS)
    unknown = [n for n in names if n not in ALL_ROWS]
    if unknown:
        parser.error(f"unknown row {unknown[0]!r}; rows: {', '.join(ALL_ROWS)}")
    previous = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results, jobs = previous.get("rows", {}), previous.get("jobs", {})
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        binary = None if args.jobs_only else build_reference(tmp)
        compile_bytecode(args.python)
        for name in names:  # warm: the matrix cache, the OS file cache
            run_measured(ours_cmd(ALL_ROWS[name], tmp / "warm.wtree", args.python), (0, 1))
        print(f"# {os.cpu_count()} CPUs, medians of {args.pairs} interleaved pairs, whole processes, {args.python}")
        if binary is not None:
            results = {**results, **compare_reference(names, binary, args.pairs, tmp, previous, args.python)}
        if args.jobs_rows or args.jobs_only:
            jobs = {**jobs, **compare_jobs(names, args.pairs, tmp, args.python)}
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"rows": results, "jobs": jobs}, indent=1) + "\n")
    return 0 if all(r["agree"] for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
