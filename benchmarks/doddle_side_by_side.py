"""Doddle's strategies beside our proved optimum on Doddle's own six-letter lists, same run.

    python benchmarks/doddle_side_by_side.py --doddle-python PATH [--solvers ENTROPY,MINIMAX] [--size 6]

``--doddle-python`` is the interpreter of a virtualenv with ``pip install doddle==1.6.0
'numpy<2'`` (Doddle 1.6.0 calls ``numpy.bool8``, which numpy 2 removed).  For each solver,
Doddle's own benchmark plays every answer of its list (its ``create_benchmarker`` with
lookahead depth 1, as ``doddle benchmark --size 6 --solver S``): wall time, total guesses,
mean and worst case.  Then ours: ``wordle-compile --game en6 --strategy optimal --start W``
for the best first word W that ``benchmarks/game_openings.py`` proved (its ranking time
recorded there), timed here.  Doddle's answer list holds one word more than ours (a word it
masks as ``****``, which en6 leaves out: compiler/data/games/PROVENANCE.md).  Results go to
benchmarks/results/doddle_side_by_side.json.  A benchmark, not a test: minutes per solver.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "doddle_side_by_side.json"
OPENINGS = HERE / "results" / "game_openings.json"
GAME = {6: "en6", 4: "en4", 7: "en7"}

DODDLE_RUN = """
import json, sys, time
from doddle.enums import SolverType
from doddle.factory import create_benchmarker
size, solver = int(sys.argv[1]), sys.argv[2]
began = time.perf_counter()
benchmark = create_benchmarker(size, solver_type=SolverType.from_str(solver), depth=1).run_benchmark([])
seconds = time.perf_counter() - began
print(json.dumps({"games": benchmark.num_games(), "guesses": benchmark.num_guesses(), "mean": benchmark.mean(),
                  "worst": max(benchmark.histogram), "seconds": seconds, "opening": str(benchmark.opening_guess)}))
"""


def doddle_row(python: str, size: int, solver: str) -> dict:
    """Doddle's benchmark of ``solver`` over its ``size``-letter answers, in its own process."""
    began = time.perf_counter()
    done = subprocess.run([python, "-c", DODDLE_RUN, str(size), solver], capture_output=True, text=True, check=True)
    row = json.loads(done.stdout.strip().splitlines()[-1])
    row["wall_seconds"] = round(time.perf_counter() - began, 1)
    return {"program": f"doddle {solver.lower()}", **row}


def our_row(size: int) -> dict:
    """Our proved optimum from the best first word game_openings.py proved."""
    game = GAME[size]
    proved = next(r for r in json.loads(OPENINGS.read_text())["rows"] if (r["game"], r["mode"]) == (game, "normal"))
    command = ["wordle-compile", "--game", game, "--strategy", "optimal", "--start", proved["best"]]
    wordle_compile = str(Path(sys.executable).with_name("wordle-compile"))
    with tempfile.TemporaryDirectory() as folder:
        began = time.perf_counter()
        done = subprocess.run(
            [wordle_compile, *command[1:], "--json", "--quiet", "-o", str(Path(folder) / "en.wtree")],
            capture_output=True,
            text=True,
            check=True,
        )
        seconds = time.perf_counter() - began
    stats = json.loads(done.stdout)
    return {
        "program": "wordle-tree optimal",
        "games": stats["answers"],
        "guesses": stats["total_guesses"],
        "mean": stats["average"],
        "worst": stats["max_depth"],
        "wall_seconds": round(seconds, 1),
        "opening": proved["best"],
        "command": " ".join(command),
        "proof_of_the_opening_seconds": proved["rank_seconds"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--doddle-python", required=True)
    parser.add_argument("--solvers", default="ENTROPY,MINIMAX")
    parser.add_argument("--size", type=int, default=6, choices=sorted(GAME))
    args = parser.parse_args()
    rows = [doddle_row(args.doddle_python, args.size, solver) for solver in args.solvers.split(",")]
    ours = our_row(args.size)
    for row in rows:
        row["time_ratio_ours_to_it"] = round(ours["wall_seconds"] / row["wall_seconds"], 3)
    rows.append(ours)
    for row in rows:
        print(json.dumps(row), flush=True)
    RESULTS.write_text(json.dumps({"size": args.size, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
