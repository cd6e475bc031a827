"""Proved lower and upper bounds on Dordle's least total guesses from a fixed opening.

    python benchmarks/dordle_bounds.py [--start salet] [--lower-only] [--json]

Every ordered pair of distinct answers of the original lists (5,356,910 pairs) is split by
the opening's pattern on both boards, exactly as the multi-board search splits a position
(``compiler/multiboard/exact.py``: ``split``), and each part is given the search's own
admissible bound with six guesses left (``lower_bound``: a guess closes at most one board of
a pair, so an open pair needs two more guesses, three unless the next guess is one of its
answers, and the next guess is an answer of at most as many pairs as hold one word).  The
opening counts one guess for every pair.  So every Dordle tree that opens with ``--start``
totals at least the figure printed; the exact optimum is not known.

The upper bound is a tree: ``wordle-next --game dordle``'s policy from the same opening,
walked over every pair at once (``compiler/multiboard/whole.py``: each position's move
computed once for all the pairs reaching it).  It solves every pair within the seven
guesses, so its total is what the best tree from the opening cannot exceed.  The walk takes
tens of minutes on one core (progress on stderr); ``--lower-only`` skips it.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time

import numpy as np

from wordle_compiler.core.matrix import feedback_matrix
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.multiboard.exact import Problem, lower_bound, split
from wordle_compiler.multiboard.policy import table_for
from wordle_compiler.multiboard.whole import LOST_PAIR, Walk, walk_pairs
from wordle_runtime.game import DEFAULT_GAME

BOARDS, LIMIT = 2, 7  # Dordle: two boards, seven guesses


def ordered_pairs(n: int) -> np.ndarray:
    """Every ordered pair of distinct answer indices, ``int32[n (n - 1), 2]``, in order."""
    first, second = np.divmod(np.arange(n * n, dtype=np.int64), n)
    keep = first != second
    return np.stack([first[keep], second[keep]], axis=1).astype(np.int32)


def opening_bound(start: str) -> dict:
    """The bound from ``start`` over every ordered pair, with its parts and time."""
    began = time.perf_counter()
    words = load_word_lists("original")
    problem = Problem(feedback_matrix(words), words.game.all_correct)
    pairs = ordered_pairs(len(words.answers))
    parts = split(problem, pairs, words.guesses.index(start))
    # one guess closes at most one board of a pair: every pair is in some part, one board
    # dropped where the opening is its answer
    total = len(pairs) + sum(lower_bound(part, LIMIT - 1) for part in parts)
    return {
        "start": start,
        "pairs": len(pairs),
        "parts": len(parts),
        "lower_bound": total,
        "per_pair": round(total / len(pairs), 4),
        "seconds": round(time.perf_counter() - began, 1),
    }


def policy_bound(start: str) -> dict:
    """The policy's total over every pair from ``start``: its histogram, total and time."""
    began = time.perf_counter()
    words = load_word_lists("original")
    table = table_for((list(words.answers), list(words.guesses)), feedback_matrix(words), DEFAULT_GAME, (start, LIMIT))
    walk = Walk(LIMIT)
    done = threading.Event()

    def report() -> None:
        while not done.wait(60):
            print(f"{time.perf_counter() - began:.0f} s: {walk.positions:,} positions", file=sys.stderr, flush=True)

    threading.Thread(target=report, daemon=True).start()
    try:
        walk = walk_pairs(table, "entropy", walk)
    finally:
        done.set()
    return {
        "pairs": walk.pairs,
        "upper_bound": walk.total,
        "per_pair": round(walk.total / walk.pairs, 4),
        "lost": walk.histogram.get(LOST_PAIR, 0),
        "solved_by_guess": {str(g): n for g, n in sorted(walk.histogram.items()) if g != LOST_PAIR},
        "positions": walk.positions,
        "seconds": round(time.perf_counter() - began, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", default="salet")
    parser.add_argument("--lower-only", action="store_true", help="skip the policy's walk (the upper bound)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = opening_bound(args.start)
    if not args.lower_only:
        found["policy"] = policy_bound(args.start)
    if args.json:
        print(json.dumps(found))
        return
    print(
        f"Dordle from {found['start']}: every tree totals at least {found['lower_bound']:,} guesses over "
        f"{found['pairs']:,} pairs ({found['per_pair']} a pair; {found['parts']:,} parts, {found['seconds']} s)"
    )
    if "policy" in found:
        policy = found["policy"]
        print(
            f"  and the policy's tree totals {policy['upper_bound']:,} ({policy['per_pair']} a pair; "
            f"{policy['lost']:,} pairs lost; solved by guess {policy['solved_by_guess']}; "
            f"{policy['positions']:,} positions, {policy['seconds']} s)"
        )


if __name__ == "__main__":
    main()
