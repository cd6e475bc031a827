"""Absurdle's challenge mode: the least number of guesses that force each of a seeded sample
of targets, and how long each search takes (``wordle-tree absurdle --target WORD``, run in
process on one loaded game).

    python benchmarks/absurdle_challenge.py [--targets 20] [--seed 0] [--answers original]
        [--max-guesses 7] [--time-limit 600] [--jobs 1]

The targets are ``random.Random(seed).sample`` of the answers.  For each: the least number of
guesses (under the documented tie rule; every shorter length is searched through), a line
that forces it, the number of ties met on that line (0: every tie rule plays it alike), and
the search's seconds.  Prints a table and how many targets need each number of guesses; the
rows go to benchmarks/results/absurdle_challenge.json.  A benchmark: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results" / "absurdle_challenge.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--targets", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--answers", default="original")
    parser.add_argument("--max-guesses", type=int, default=7)
    parser.add_argument("--time-limit", type=float, default=600.0)
    parser.add_argument("--jobs", type=int, default=1, help="threads that score the guesses")
    args = parser.parse_args()

    from wordle_compiler.analysis.absurdle import Absurdle, SearchStopped
    from wordle_compiler.core.config import Context
    from wordle_compiler.core.settings import Settings

    ctx = Context.load(Settings(answers=args.answers))
    game = Absurdle.from_context(ctx)
    game.threads = args.jobs
    targets = random.Random(args.seed).sample(list(ctx.words.answers), args.targets)
    rows = []
    for word in targets:
        target = ctx.words.answers.index(word)
        game.memo.clear()
        began = time.perf_counter()
        game.deadline = time.monotonic() + args.time_limit
        try:
            line = game.least_guesses(game.all_answers(), args.max_guesses, target)
        except SearchStopped:
            line = None
        seconds = time.perf_counter() - began
        words = None if line is None else [ctx.words.guesses[g] for g in line]
        ties = None if line is None else game.ties_on_line(line, game.all_answers())
        rows.append(
            {
                "target": word,
                "least": None if line is None else len(line),
                "line": words,
                "ties": ties,
                "seconds": round(seconds, 2),
            }
        )
        shown = " ".join(words) if words else f"none within {args.max_guesses} (or past the time limit)"
        print(f"{word}  {rows[-1]['least'] or '-':>2}  {seconds:7.1f} s  ties {ties}  {shown}", flush=True)
    counts = Counter(row["least"] for row in rows)
    print("least guesses: " + ", ".join(f"{k}: {counts[k]}" for k in sorted(counts, key=lambda k: k or 99)))
    total = sum(row["seconds"] for row in rows)
    print(f"{len(rows)} targets in {total:.1f} s (slowest {max(row['seconds'] for row in rows):.1f} s)")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"args": vars(args), "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
