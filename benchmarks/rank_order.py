"""Where a ranking's order puts the best first words (not a test): the root's order
against the probed order hard mode uses.

    python benchmarks/rank_order.py [--answers nyt-extended] [--mode hard] [--head 2000]

The best words and their proved totals come from the shipped opening table
(``trees/openings.json``, the entry for these lists and mode).  In one process it puts
every guess in the root's order (``first_words.heuristic_order``), probes the first
``--head`` of them (``probe.probe_value``, as the ranking's workers do) and prints each
best word's total, its position in both orders, and the probing's seconds, full passes
and peak memory.  Results go to benchmarks/results/rank_order.json.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "rank_order.json"
TABLE = HERE.parent / "trees" / "openings.json"


def best_words(answers: str, mode: str) -> dict[str, int]:
    """The shipped table's exact totals for the lists and mode (unweighted, depth 6)."""
    for entry in json.loads(TABLE.read_text())["rankings"]:
        if (entry["answers"], entry["mode"], entry["max_depth"]) == (answers, mode, 6) \
                and "weights_source" not in entry:
            return entry["exact"]
    raise SystemExit(f"trees/openings.json has no ranking for {answers} in {mode} mode")


def main() -> None:
    from wordle_compiler.ranking.first_words import RankSpec, context_for, heuristic_order
    from wordle_compiler.ranking.probe import probe_value
    from wordle_compiler.search import solver_for

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", default="nyt-extended")
    parser.add_argument("--mode", default="hard")
    parser.add_argument("--head", type=int, default=2000, help="how many of the root's order to probe")
    args = parser.parse_args()

    best = best_words(args.answers, args.mode)
    spec = RankSpec(answers=args.answers, mode=args.mode)
    ctx = context_for(spec)
    root = heuristic_order(ctx, spec, list(ctx.words.guesses))
    head = root[:args.head]
    began = time.perf_counter()
    values = {word: probe_value(spec, word) for word in head}
    seconds = time.perf_counter() - began
    passes = solver_for(ctx, spec.mode).stats()["full_passes"]
    probed = sorted(head, key=lambda word: (values[word], head.index(word)))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"# {args.answers} {args.mode}: the first {len(head)} of {len(root)} words probed in {seconds:.1f} s, "
          f"{passes:,} full passes, peak {peak:.0f} MiB")
    print(f"{'word':<6} {'total':>6} {'root order':>10} {'probed order':>12}")
    rows = []
    for word, total in sorted(best.items(), key=lambda item: (item[1], item[0])):
        at_probe = probed.index(word) if word in values else None
        rows.append({"word": word, "total": total, "root": root.index(word), "probed": at_probe})
        print(f"{word:<6} {total:>6} {root.index(word):>10} {'-' if at_probe is None else at_probe:>12}")
    results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results[f"{args.answers} {args.mode} head {len(head)}"] = {
        "seconds": round(seconds, 2), "full_passes": passes, "peak_mib": round(peak), "rows": rows,
        "when": time.strftime("%Y-%m-%d %H:%M")}
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
