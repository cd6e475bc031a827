"""Two installs of the package, before and after a change: whole processes, interleaved, same run.

    python benchmarks/install_ab.py --before PYTHON --after PYTHON [--pairs 7] [--rows minimax,...]

``--before`` and ``--after`` are interpreters of two virtualenvs, each made with the
README's ``pip install .`` from one commit (for example the commit before a change, then
the change).  Each row runs the same ``wordle-compile`` command, or ``wordle-tree
analyse --json`` command, in both, alternately, after one warm-up run of each (the matrix
cache filled), and prints both medians, their ratio and
whether the two trees are the same bytes (for analyse: the same JSON, seconds aside).
Results go to benchmarks/results/install_ab.json and the previous run's ratios are shown.
A benchmark, not a test: never run it beside other heavy work.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from side_by_side import median_pairs, run_measured, spread  # the same runner and pairing

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "install_ab.json"
ROWS = {
    "minimax --start salet": ["--strategy", "minimax", "--start", "salet"],
    "entropy (default build)": [],
    "entropy --start salet --mode hard": [
        "--strategy",
        "entropy",
        "--start",
        "salet",
        "--mode",
        "hard",
        "--allow-deeper",
    ],
    "most-parts --start salet --mode possible": [
        "--strategy",
        "most-parts",
        "--start",
        "salet",
        "--mode",
        "possible",
        "--allow-deeper",
    ],
    "minimax --answers nyt-extended --start tarse": [
        "--strategy",
        "minimax",
        "--answers",
        "nyt-extended",
        "--start",
        "tarse",
    ],
    "lookahead --start salet": ["--strategy", "lookahead", "--start", "salet"],
    "lookahead --start salet --mode hard": [
        "--strategy",
        "lookahead",
        "--start",
        "salet",
        "--mode",
        "hard",
        "--allow-deeper",
    ],
    # the 12,972-answer list: a heuristic's passes over small sets of widely spread answers
    "entropy --answers all": ["--answers", "all", "--allow-deeper"],
    "minimax --start lares --answers all": [
        "--strategy",
        "minimax",
        "--start",
        "lares",
        "--answers",
        "all",
        "--allow-deeper",
    ],
    "optimal --start salet": ["--strategy", "optimal", "--start", "salet"],
    "optimal --start trace": ["--strategy", "optimal", "--start", "trace"],
    "optimal --start trace --jobs 2": ["--strategy", "optimal", "--start", "trace", "--jobs", "2"],
    # "how bad was my move": the exact rank counts every better move (12,972 evaluated)
    "analyse salet:bbbbb --move crane": ["analyse", "salet:bbbbb", "--move", "crane"],
    "analyse salet:bbbbb --move crane --jobs 2": ["analyse", "salet:bbbbb", "--move", "crane", "--jobs", "2"],
    "analyse crane:bbbbb (the 5 best moves)": ["analyse", "crane:bbbbb"],
}


def _command(python: str, args: list[str], out: Path) -> list[str]:
    if args[:1] == ["analyse"]:
        return [python, "-m", "wordle_compiler.cli.tree", *args, "--json"]
    return [python, "-m", "wordle_compiler.cli.compile", *args, "--quiet", "-o", str(out)]


def _answer(stdout: str) -> dict:
    """An analysis's JSON without its own timing."""
    doc = json.loads(stdout)
    doc.pop("seconds", None)
    return doc


def measure(before: str, after: str, args: list[str], pairs: int, tmp: Path) -> dict:
    """``pairs`` interleaved runs of each install (after a warm-up of each, through
    side_by_side's runner), and whether the two give the same tree bytes (or analysis)."""
    commands = [
        _command(python, args, tmp / f"{name}.wtree") for python, name in ((before, "before"), (after, "after"))
    ]
    outputs = [run_measured(command)[2] for command in commands]
    old, new, ratios = median_pairs(*commands, pairs)
    if args[:1] == ["analyse"]:
        same = _answer(outputs[0]) == _answer(outputs[1])
    else:
        same = (tmp / "before.wtree").read_bytes() == (tmp / "after.wtree").read_bytes()
    return {"before_s": old[0], "after_s": new[0], "ratio": new[0] / old[0], "pairs": spread(ratios), "same": same}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="interpreter of the install before the change")
    parser.add_argument("--after", required=True, help="interpreter of the install after the change")
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--rows", help="comma-separated row names (default: all)")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.rows.split(",")] if args.rows else list(ROWS)
    unknown = [n for n in names if n not in ROWS]
    if unknown:
        parser.error(f"unknown row {unknown[0]!r}; rows: {', '.join(ROWS)}")
    previous = json.loads(RESULTS.read_text()).get("rows", {}) if RESULTS.exists() else {}
    print(f"# medians of {args.pairs} interleaved pairs, whole processes; before {args.before}, after {args.after}")
    print(f"{'row':45} {'before s':>8} {'after s':>8} {'ratio':>6} {'pairs':>9} {'same':>5} {'prev ratio':>10}")
    rows = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            rows[name] = row = measure(args.before, args.after, ROWS[name], args.pairs, Path(tmp))
            prev = previous.get(name, {}).get("ratio")
            print(
                f"{name:45} {row['before_s']:8.2f} {row['after_s']:8.2f} {row['ratio']:6.2f} {row['pairs']:>9} "
                f"{'yes' if row['same'] else 'NO':>5} {'-' if prev is None else f'{prev:.2f}':>10}"
            )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(
        json.dumps(
            {"before": args.before, "after": args.after, "pairs": args.pairs, "rows": {**previous, **rows}}, indent=1
        )
        + "\n"
    )
    return 0 if all(r["same"] for r in rows.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
