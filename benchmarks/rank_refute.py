"""What refuting a first word costs under different raising schedules (not a test).

    python benchmarks/rank_refute.py [--answers nyt-extended] [--game en4] [--mode normal]
                                     [--max-depth 6] [--cutoff 11340] [--words cheat,chore,...]

Each schedule runs in a fresh process (its own memo), evaluating the same words in the
same order against the same cut-off, as one ranking worker would:

- ``rounds``: the shipped schedule (``class_bounds.raise_rounds``): every open class, smallest
  first, raised by its share of what is missing, round after round;
- ``normal-rounds``, ``hard-rounds``: the same with the rounds the ranking uses in normal
  mode (``RAISE_ROUNDS``) or in hard mode (``RAISE_ROUNDS_HARD``), whatever ``--mode`` and game
  (Mastermind's shipped schedule is ``whole``: ``RAISE_ROUNDS_SYMMETRIC``);
- ``whole``: no rounds: each class, smallest first, asked at once for all that is missing
  (solved exactly unless that reaches the cut-off);
- ``largest``: the same, largest class first;
- ``engine-raise``: the shipped rounds, but every class raised by the engine itself, never
  one level down (``class_bounds.ROUNDS_MIN`` out of reach);
- ``ratio=X``: the shipped rounds, with a class raised one level down from X times as many
  answers as its best guess makes classes (``class_bounds.ROUNDS_RATIO``; ``ratio=X/M``
  also sets ``class_bounds.ROUNDS_MIN`` to M);
- ``fresh-guesses``: the shipped rounds, but a class raised one level down again starts each
  guess's classes afresh (probed, partitioned, raised from their cheap bounds), instead of
  going on from where the class's last raise left them.

The default words are 3158-list first words that the probes do not refute against the
cut-off of a top-10 ranking there, so every one needs a search.  Prints words, refuted,
seconds, full passes, search nodes, pairs scored and peak memory per schedule, and the passes as a ratio to ``rounds``.
Results go to benchmarks/results/rank_refute.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "rank_refute.json"
WORDS = "cheat,chore,riced,soler,luser,satem,coral,blast,onset,trois,taped,nodes"
SCHEDULES = ("rounds", "engine-raise", "whole", "largest")

CHILD = r"""
import json, resource, sys, time
from wordle_compiler.ranking import class_bounds, first_words
from wordle_compiler.core.settings import Settings
from wordle_compiler.ranking.first_words import RankSpec, context_for, evaluate_word
answers, mode, cutoff, words, schedule, game, max_depth = sys.argv[1:8]
if schedule == "engine-raise":
    class_bounds.ROUNDS_MIN = 1 << 62
elif schedule.startswith("ratio="):
    ratio, _, least = schedule[6:].partition("/")
    class_bounds.ROUNDS_RATIO = float(ratio)
    class_bounds.ROUNDS_MIN = int(least or class_bounds.ROUNDS_MIN)
elif schedule == "normal-rounds":
    class_bounds.RAISE_ROUNDS_HARD = class_bounds.RAISE_ROUNDS_SYMMETRIC = class_bounds.RAISE_ROUNDS
elif schedule == "hard-rounds":
    class_bounds.RAISE_ROUNDS = class_bounds.RAISE_ROUNDS_SYMMETRIC = class_bounds.RAISE_ROUNDS_HARD
elif schedule == "fresh-guesses":
    keep = class_bounds.raise_by_rounds
    class_bounds.raise_by_rounds = lambda *args: keep(*args[:7])
elif schedule not in ("rounds", "engine-raise") and not schedule.startswith("ratio="):
    class_bounds.RAISE_ROUNDS = class_bounds.RAISE_ROUNDS_HARD = class_bounds.RAISE_ROUNDS_SYMMETRIC = ()
if schedule == "largest":
    class Largest(class_bounds.ClassBounds):
        def __init__(self, *args):
            super().__init__(*args)
            order = sorted(range(len(self.tasks)), key=lambda i: (-len(self.tasks[i][1]), self.tasks[i][0]))
            for name in ("tasks", "weights", "bounds", "exact"):
                setattr(self, name, [getattr(self, name)[i] for i in order])
    first_words.ClassBounds = Largest
lists = {"game": game} if game else {"answers": answers}
spec = RankSpec(Settings(**lists, mode=mode, max_depth=int(max_depth)))
context_for(spec)
began, passes, nodes, pairs, refuted = time.perf_counter(), 0, 0, 0, 0
for word in words.split(","):
    result = evaluate_word(spec, word, int(cutoff))
    passes += result.counters["full_passes"]
    nodes += result.counters["nodes"]
    pairs += result.counters["pairs_scored"]
    refuted += not result.exact
print(json.dumps({"seconds": time.perf_counter() - began, "passes": passes, "nodes": nodes, "pairs": pairs,
                  "refuted": refuted,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(args, schedule: str) -> dict:
    """One schedule in a fresh interpreter."""
    child = (CHILD, args.answers, args.mode, str(args.cutoff), args.words, schedule, args.game, str(args.max_depth))
    out = subprocess.run(
        [sys.executable, "-c", *child],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default="nyt-extended")
    parser.add_argument("--game", default="", help="a named game (its own lists), instead of --answers")
    parser.add_argument("--mode", default="normal")
    parser.add_argument("--max-depth", type=int, default=6)
    parser.add_argument("--cutoff", type=int, default=11340)
    parser.add_argument("--words", default=WORDS)
    parser.add_argument("--schedules", default=",".join(SCHEDULES))
    args = parser.parse_args()

    rows = {schedule: run(args, schedule) for schedule in args.schedules.split(",")}
    base = rows.get("rounds")
    count = len(args.words.split(","))
    lists = args.game or args.answers
    print(f"# {lists} {args.mode}, cut-off {args.cutoff}, {count} words")
    print(
        f"{'schedule':<13} {'words':>5} {'refuted':>7} {'seconds':>8} {'full passes':>11} {'nodes':>11} "
        f"{'pairs scored':>14} {'peak MiB':>8} "
        f"{'passes / rounds':>15}"
    )
    for schedule, row in rows.items():
        ratio = f"{row['passes'] / base['passes']:.2f}" if base else "-"
        print(
            f"{schedule:<13} {count:>5} {row['refuted']:>7} {row['seconds']:>8.2f} {row['passes']:>11,} "
            f"{row.get('nodes', 0):>11,} {row.get('pairs', 0):>14,} "
            f"{row['peak_mib']:>8.0f} {ratio:>15}"
        )
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    depth = "" if args.max_depth == 6 else f" max-depth {args.max_depth}"
    results[f"{lists} {args.mode}{depth} cutoff {args.cutoff}"] = {
        "words": args.words,
        "rows": rows,
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
