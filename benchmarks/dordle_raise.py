"""Dordle's band from a fixed opening, narrowed part by part by the exact search.

    python benchmarks/dordle_raise.py [--start salet] [--seconds-per-tuple 0.0005]
        [--least-seconds 0.05] [--processes 2] [--journal FILE] [--json]

The opening splits every ordered pair of distinct answers of the original lists into parts
(one per pair of patterns), exactly as ``wordle-next``'s policy walk does
(``compiler/multiboard/whole.py``).  Each part is searched by the exact multi-board search
(``compiler/multiboard/exact.py``) for a time in proportion to its pairs
(``--seconds-per-tuple``, at least ``--least-seconds``), with six guesses left:

- its lower bound starts at the search's own (the static bound of ``benchmarks/dordle_bounds.py``,
  and the least bound of one guess further, ``multiboard/exact.py``) and is raised by null-window
  searches (``solve`` with a budget 0.5% above the bound: a result at or above the budget is a
  proof that the part costs at least that much) until the time is up or the part is valued exactly;
- a part valued exactly also gets the policy's cost from it (its walk, ``whole.walk_from``): the
  best tree from the opening is no worse than the policy's with that part's subtree replaced by
  the exact one, so the policy's total (``dordle_bounds.py``'s upper bound) less the sum of
  these gains is an upper bound too.

The opening counts one guess for every pair.  Every part's figures go to ``--journal`` (one JSON
line each) as they are found, and a run given the same journal skips the parts it holds, so a
stopped run goes on.  Progress on stderr every 30 s.  The printed lower bound is a proof for
every tree from the opening; the gain is to be taken from the policy's total.  The figures
also go to benchmarks/results/dordle_raise.json.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from wordle_compiler.core.matrix import feedback_matrix
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.multiboard.exact import Problem, SearchStopped, lower_bound, ranked_guesses, solve
from wordle_compiler.multiboard.policy import table_for
from wordle_compiler.multiboard.whole import Walk, opening_parts, pair_count, walk_from
from wordle_runtime.game import DEFAULT_GAME

RESULTS = Path(__file__).resolve().parent / "results" / "dordle_raise.json"
LIMIT = 7  # Dordle's guesses
RAISE_SHARE = 200  # each null-window search asks for 1/RAISE_SHARE more than the bound so far
MEMO_ENTRIES = 2_000_000  # a worker empties its search's memo past this many positions

_STATE: dict = {}


def _setup(start: str) -> None:
    """A worker's lists, search problem and policy table (each worker builds its own)."""
    words = load_word_lists("original")
    matrix = feedback_matrix(words)
    _STATE["problem"] = Problem(matrix, words.game.all_correct)
    _STATE["table"] = table_for((list(words.answers), list(words.guesses)), matrix, DEFAULT_GAME, (start, LIMIT))
    _STATE["walk"] = Walk(LIMIT)


def part_tuples(sets: list[np.ndarray]) -> np.ndarray:
    """The ordered pairs of distinct answers over two boards' candidates (``int32[N, 2]``)."""
    first, second = np.meshgrid(sets[0], sets[1], indexing="ij")
    pairs = np.stack([first.ravel(), second.ravel()], axis=1)
    return pairs[pairs[:, 0] != pairs[:, 1]].astype(np.int32)


def raise_part(job: tuple[int, list[np.ndarray], float]) -> dict:
    """One part's figures: pairs, the static bound, the raised bound, exact or not, the
    policy's cost when exact, seconds."""
    index, sets, budget = job
    problem, left = _STATE["problem"], LIMIT - 1
    if len(problem.memo) > MEMO_ENTRIES:
        problem.memo.clear()
    began = time.perf_counter()
    tuples = part_tuples(sets)
    static = lower_bound(tuples, left)
    ranked = ranked_guesses(problem, tuples, left)
    bound, exact = max(static, min((b for _, b in ranked), default=static)), False
    problem.deadline = time.monotonic() + budget
    try:
        while True:
            asked = bound + max(1, bound // RAISE_SHARE)
            value = solve(problem, tuples, left, asked)
            bound = max(bound, value)
            if value < asked:
                exact = True
                break
    except SearchStopped:
        pass
    finally:
        problem.deadline = None
    policy = None
    if exact:
        histogram = walk_from(_STATE["table"], "entropy", sets, 1, _STATE["walk"])
        policy = sum((guesses - 1) * count for guesses, count in histogram.items())
    seconds = round(time.perf_counter() - began, 3)
    return {"part": index, "pairs": len(tuples), "static": static, "lower": bound, "exact": exact,
            "policy": policy, "seconds": seconds}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", default="salet")
    parser.add_argument("--seconds-per-tuple", type=float, default=0.0005)
    parser.add_argument("--least-seconds", type=float, default=0.05)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--journal", type=Path, help="one JSON line per part; a run given it goes on")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    began = time.perf_counter()
    words = load_word_lists("original")
    _setup(args.start)
    parts = opening_parts(_STATE["table"], words.guesses.index(args.start))
    if any(len(sets) != 2 for sets in parts):
        sys.exit("the opening is an answer: this benchmark takes parts of two open boards only")
    done: dict[int, dict] = {}
    if args.journal is not None and args.journal.exists():
        for line in args.journal.read_text().splitlines():
            row = json.loads(line)
            done[row["part"]] = row
    jobs = [
        (i, sets, max(args.least_seconds, args.seconds_per_tuple * pair_count(sets)))
        for i, sets in enumerate(parts)
        if i not in done
    ]
    jobs.sort(key=lambda job: job[2])  # the quick parts first: the journal fills early
    journal = None if args.journal is None else args.journal.open("a")
    shown = time.monotonic()
    try:
        with multiprocessing.get_context("fork").Pool(args.processes, _setup, (args.start,)) as pool:
            for row in pool.imap_unordered(raise_part, jobs, chunksize=8):
                done[row["part"]] = row
                if journal is not None:
                    journal.write(json.dumps(row) + "\n")
                    journal.flush()
                if time.monotonic() - shown > 30:
                    shown = time.monotonic()
                    elapsed = time.perf_counter() - began
                    print(f"{elapsed:.0f} s: {len(done):,} of {len(parts):,} parts", file=sys.stderr)
    except KeyboardInterrupt:  # the parts not searched count their static bound
        print("stopped: the parts not searched count their static bound", file=sys.stderr)
    left = LIMIT - 1
    static = {i: lower_bound(part_tuples(sets), left) for i, sets in enumerate(parts) if i not in done}
    rows = list(done.values())
    pairs = sum(pair_count(sets) for sets in parts)
    found = {
        "start": args.start,
        "pairs": pairs,
        "parts": len(parts),
        "searched_parts": len(rows),
        "exact_parts": sum(row["exact"] for row in rows),
        "static_lower_bound": pairs + sum(row["static"] for row in rows) + sum(static.values()),
        "lower_bound": pairs + sum(row["lower"] for row in rows) + sum(static.values()),
        "policy_gain": sum(row["policy"] - row["lower"] for row in rows if row["exact"]),
        "seconds_per_tuple": args.seconds_per_tuple,
        "seconds": round(time.perf_counter() - began, 1),
    }
    found["per_pair"] = round(found["lower_bound"] / pairs, 4)
    RESULTS.write_text(json.dumps(found, indent=1) + "\n")
    if args.json:
        print(json.dumps(found))
        return
    print(
        f"Dordle from {found['start']}: every tree totals at least {found['lower_bound']:,} guesses over "
        f"{pairs:,} pairs ({found['per_pair']} a pair; the static bound: {found['static_lower_bound']:,}); "
        f"{found['searched_parts']:,} of {found['parts']:,} parts searched, {found['exact_parts']:,} exact, "
        f"which take {found['policy_gain']:,} "
        f"guesses off the policy's total ({found['seconds']} s)"
    )


if __name__ == "__main__":
    main()
