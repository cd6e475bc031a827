"""Prove the best first word of each named game, then build its optimal tree: the figures of
README's "Other games" table, each with its command.

    python benchmarks/game_openings.py [--games nerdle-mini,en4,...] [--modes normal,hard] [--jobs 2]
        [--timeout 3600] [--out benchmarks/results/game_openings.json]

For each game and mode: ``wordle-rank --game G --mode M --jobs J`` (every first word gets its
exact total or a proved lower bound; the results file is kept under
``benchmarks/results/rankings/``), then ``wordle-compile --game G --mode M --strategy
optimal --start BEST`` for the tree's average and worst case.  Rows are appended to the JSON
results file as they finish (a row that exceeds ``--timeout`` records that, with the time).
A benchmark, not a test: it runs for a long time on every core it is given.
"""

from __future__ import annotations

import argparse
import csv
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "game_openings.json"
RANKINGS = HERE / "results" / "rankings"
GAMES = ["nerdle-mini", "en4", "es", "pt", "de", "da", "ru", "en6", "en7", "nerdle"]


def tool(name: str) -> str:
    """The command ``name`` of the interpreter's environment."""
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else shutil.which(name) or name


def best_of(results: Path) -> tuple[str, int, int]:
    """(best word, its total, first words ranked) from a complete results file."""
    with results.open(encoding="utf-8") as handle:
        rows = list(csv.reader(line for line in handle if not line.startswith("#")))
    body = rows[1:]
    exact = [row for row in body if row[3] == "exact"]
    word, total = exact[0][0], int(exact[0][1])
    return word, total, len(body)


def run_row(game: str, mode: str, jobs: int, timeout: float) -> dict:
    """Rank, then compile from the best word; the row of figures."""
    RANKINGS.mkdir(parents=True, exist_ok=True)
    results = RANKINGS / f"{game}-{mode}.csv"
    rank = [tool("wordle-rank"), "--game", game, "--mode", mode, "--jobs", str(jobs), "-o", str(results)]
    rank += ["--force", "--quiet"]
    row: dict = {"game": game, "mode": mode, "jobs": jobs}
    row["rank_command"] = f"wordle-rank --game {game} --mode {mode} --jobs {jobs}"
    began = time.perf_counter()
    try:
        done = subprocess.run(rank, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        row.update(status="timeout", rank_seconds=round(time.perf_counter() - began, 1))
        return row
    row["rank_seconds"] = round(time.perf_counter() - began, 1)
    if done.returncode != 0:
        row.update(status="failed", error=done.stderr.strip().splitlines()[-1:])
        return row
    word, total, ranked = best_of(results)
    row.update(best=word, total=total, first_words=ranked)
    build = [tool("wordle-compile"), "--game", game, "--mode", mode, "--strategy", "optimal", "--start", word]
    began = time.perf_counter()
    tree = RANKINGS / f"{game}-{mode}.wtree"
    built = subprocess.run([*build, "-o", str(tree), "--json", "--quiet"], capture_output=True, text=True, check=False)
    row["compile_seconds"] = round(time.perf_counter() - began, 1)
    stats = json.loads(built.stdout)
    row.update(
        status="proved" if built.returncode == 0 else "failed",
        answers=stats.get("answers"),
        average=stats.get("average"),
        worst=stats.get("max_depth"),
        tree_total=stats.get("total_guesses"),
        compile_command=" ".join(["wordle-compile", *build[1:]]),
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--modes", default="normal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=3600.0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    for game in args.games.split(","):
        for mode in args.modes.split(","):
            row = run_row(game, mode, args.jobs, args.timeout)
            print(json.dumps(row), flush=True)
            # read again just before writing: another run of this script may have added rows
            rows = json.loads(args.out.read_text())["rows"] if args.out.exists() else []
            rows = [r for r in rows if (r["game"], r["mode"]) != (game, mode)] + [row]
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps({"rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
