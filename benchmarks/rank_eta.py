"""How honest the ranking's time estimate is (not a test): one real ranking, the
estimate it showed against the time that was really left.

    python benchmarks/rank_eta.py [--answers original] [--mode normal] [--jobs 2] [--every 1]
                                  [--trace FILE.json.gz]
    python benchmarks/rank_eta.py --replay FILE.json.gz

Runs the ranking as ``wordle-rank`` does (same order, sample and estimator, on a Dask
LocalCluster for ``--jobs`` > 1; ``--every K`` ranks every K-th word of the heuristic
order, to shorten it), records what the progress bar would have said after each
decided word, and once it is over prints, at 1% .. 90% of the wall time, the
estimated and the true time left and their ratio, beside the previous run's ratios.
Results go to benchmarks/results/rank_eta.json.

``--trace`` also saves the run itself: the order, the sample, and each decided word
with its evaluation seconds and the wall time it was decided at.  ``--replay`` feeds
such a trace to today's estimator (no ranking is run), so a change to the estimator
can be judged in seconds against a run that took an hour.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import time
from pathlib import Path

from wordle_compiler.core.settings import Settings

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "rank_eta.json"
MARKS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9)


def run(args) -> tuple[list[tuple[float, float | None]], float, str, dict]:
    """(seconds since the start, estimated seconds left or None) per decided word, the
    wall time, the best word, and the run as a trace (see :func:`replay`)."""
    from wordle_compiler.concurrency.cluster import executor_for
    from wordle_compiler.ranking.eta import RemainingWork, sample_words
    from wordle_compiler.ranking.first_words import Ranking, RankSpec, context_for, heuristic_order, run_ranking

    spec = RankSpec(settings=Settings(answers=args.answers, mode=args.mode))
    ctx = context_for(spec)
    words = heuristic_order(ctx, spec, list(ctx.words.guesses))[:: args.every]
    ranking, trace, decided = Ranking(top=args.top), [], []
    with executor_for(args.jobs) as executor:
        early = sample_words(words)
        work, began = RemainingWork(words, early), time.perf_counter()

        def on_result(result):
            work.done(result.word, result.seconds)
            elapsed = time.perf_counter() - began
            estimate = work.estimate(elapsed)
            trace.append((elapsed, None if estimate is None else estimate[1]))
            decided.append(
                [
                    result.word,
                    round(result.seconds, 6),
                    round(elapsed, 3),
                    result.value,
                    result.exact,
                    result.cutoff,
                    result.counters.get("full_passes", 0),
                ]
            )

        run_ranking(spec, words, ranking, executor, on_result, early=early)
        wall = time.perf_counter() - began
    run_trace = {
        "order": words,
        "sample": early,
        "wall": round(wall, 3),
        "jobs": args.jobs,
        "decided": decided,
    }  # [word, seconds, elapsed, value, exact, cut-off faced, full passes]
    return trace, wall, ranking.best().word, run_trace


def replay(path: Path) -> tuple[list[tuple[float, float | None]], float, str]:
    """What today's estimator would have shown over a saved run: (elapsed, estimated
    seconds left or None) per decided word, the run's wall time, and its key."""
    from wordle_compiler.ranking.eta import RemainingWork

    with gzip.open(path, "rt") as file:
        saved = json.load(file)
    work, trace = RemainingWork(saved["order"], saved["sample"]), []
    for word, seconds, elapsed, *_ in saved["decided"]:
        work.done(word, seconds)
        estimate = work.estimate(elapsed)
        trace.append((elapsed, None if estimate is None else estimate[1]))
    return trace, saved["wall"], saved["key"]


def table(trace, wall) -> list[dict]:
    """At each mark, the last estimate shown by then and the time really left."""
    rows = []
    for mark in MARKS:
        shown = [(t, e) for t, e in trace if t <= mark * wall]
        elapsed, estimate = shown[-1] if shown else (0.0, None)
        left = wall - elapsed
        rows.append(
            {
                "mark": mark,
                "elapsed": round(elapsed, 2),
                "left": round(left, 2),
                "estimate": None if estimate is None else round(estimate, 2),
                "ratio": None if estimate is None or left <= 0 else round(estimate / left, 2),
            }
        )
    return rows


def print_rows(rows: list[dict], before: dict) -> None:
    """The table: at each mark, the time left as shown and as it was, beside ``before``."""
    print(f"{'at':>5} {'elapsed s':>10} {'left s':>8} {'shown s':>8} {'ratio':>6} {'prev':>6}")
    for row in rows:
        shown = "-" if row["estimate"] is None else f"{row['estimate']:.1f}"
        ratio = "-" if row["ratio"] is None else f"{row['ratio']:.2f}"
        prev = before.get(row["mark"])
        print(
            f"{row['mark']:>5.0%} {row['elapsed']:>10.1f} {row['left']:>8.1f} {shown:>8} {ratio:>6} "
            f"{'-' if prev is None else f'{prev:.2f}':>6}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default="original")
    parser.add_argument("--mode", default="normal")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--every", type=int, default=1, help="rank every K-th word of the order")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--trace", type=Path, help="also save the run here (.json.gz), for --replay")
    parser.add_argument("--replay", type=Path, help="replay a saved run through today's estimator instead")
    args = parser.parse_args()

    if args.replay is not None:
        trace, wall, key = replay(args.replay)
        print(f"# replay of {args.replay.name} ({key}): {len(trace)} words, {wall:.1f} s")
        print_rows(table(trace, wall), {})
        return
    key = f"{args.answers} {args.mode} jobs {args.jobs} every {args.every} top {args.top}"
    trace, wall, best, run_trace = run(args)
    if args.trace is not None:
        with gzip.open(args.trace, "wt") as file:
            json.dump({"key": key, **run_trace}, file)
    rows = table(trace, wall)
    previous = json.loads(RESULTS.read_text()).get(key, {}) if RESULTS.exists() else {}
    before = {row["mark"]: row["ratio"] for row in previous.get("rows", [])}
    print(
        f"# {key}: {len(trace)} words in {wall:.1f} s, best {best}; {os.cpu_count()} CPUs, {platform.python_version()}"
    )
    print_rows(rows, before)
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results[key] = {
        "wall": round(wall, 2),
        "words": len(trace),
        "best": best,
        "rows": rows,
        "when": time.strftime("%Y-%m-%d %H:%M"),
    }
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
