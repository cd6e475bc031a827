"""The full-pass kernels (not a test): one pass over every guess, by set size.

    python benchmarks/passes.py [--answers original] [--repeats 7]

For sets of n answers (classes of salet's first split, or random draws from its
largest class when smaller), prints the best-of-repeats time of
``score_by_histogram`` and ``score_by_pairs`` (pairs only below 256 answers, its
domain) against every guess, in ms and in answer × guess pairs per second, with
the search's choice (``PAIRS_MAX_N``) marked and the previous run's times beside.
Results go to benchmarks/results/passes.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from functools import partial
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "passes.json"
SIZES = (10, 20, 40, 60, 80, 100, 150)


def best_time(fn, repeats: int) -> float:
    fn()  # compiled or loaded from the cache, outside the timing
    best = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - began)
    return best


def answer_sets(ctx) -> list[tuple[str, np.ndarray]]:
    """Random subsets of salet's largest class, its three largest classes, every answer."""
    codes = ctx.matrix[ctx.guess_index["salet"]] if "salet" in ctx.guess_index else ctx.matrix[0]
    sizes = np.bincount(codes, minlength=ctx.game.n_codes)
    largest = [np.flatnonzero(codes == c).astype(np.int64) for c in np.argsort(-sizes, kind="stable")[:3]]
    rng = np.random.default_rng(1)
    sets = [
        (f"random {n} of the largest class", np.sort(rng.choice(largest[0], n, replace=False)))
        for n in SIZES
        if n < len(largest[0])
    ]
    sets += [(f"salet class #{i + 1}", s) for i, s in enumerate(largest)]
    return [*sets, ("every answer", np.arange(len(ctx.words.answers), dtype=np.int64))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default="original")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    from wordle_compiler.core.config import Context
    from wordle_compiler.core.settings import Settings
    from wordle_compiler.search import Solver
    from wordle_compiler.search.passes import PAIRS_MAX_N, scratch_bytes

    ctx = Context.load(Settings(answers=args.answers))
    engine = Solver(ctx, "normal").engine
    m = len(ctx.words.guesses)
    L = np.arange(m, dtype=np.int64)
    scratch = np.empty(max(scratch_bytes(ctx), 255 * m * ctx.matrix.itemsize), dtype=np.uint8)
    out = tuple(np.empty(m, dtype=np.int64) for _ in range(3))
    previous = json.loads(RESULTS.read_text())["rows"] if RESULTS.exists() else {}

    print(
        f"# {os.cpu_count()} CPUs, Python {platform.python_version()}, numpy {np.__version__}, "
        f"{args.answers} answers against all {m} guesses; * = the search's choice"
    )
    header = (
        f"{'set':34} {'n':>5} {'histogram ms':>13} {'Gpairs/s':>8} {'pairs ms':>9} {'Gpairs/s':>8} {'previous ms':>17}"
    )
    print(header)
    print("-" * len(header))
    rows = {}
    for label, S in answer_sets(ctx):
        n = len(S)
        hist = best_time(partial(engine.score, S, L, *out, scratch, pass_kind="histogram"), args.repeats)
        pairs = (
            best_time(partial(engine.score, S, L, *out, scratch, pass_kind="pairs"), args.repeats) if n < 256 else None
        )
        rows[label] = {"n": n, "histogram": hist, "pairs": pairs}
        before = previous.get(label, {})
        prev = " / ".join(f"{before[k] * 1e3:.2f}" if before.get(k) else "-" for k in ("histogram", "pairs"))
        star_h, star_p = ("", "*") if n <= PAIRS_MAX_N else ("*", "")
        pairs_text = f"{pairs * 1e3:8.2f}{star_p:1} {n * m / pairs / 1e9:8.2f}" if pairs else f"{'-':>9} {'':>8}"
        print(
            f"{label:34} {n:5d} {hist * 1e3:12.2f}{star_h:1} {n * m / hist / 1e9:8.2f} {pairs_text} "
            f"{prev if before else '':>17}"
        )
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"rows": rows}, indent=1) + "\n")
    print(f"(previous: histogram / pairs ms from {RESULTS.name})", file=sys.stderr)


if __name__ == "__main__":
    main()
