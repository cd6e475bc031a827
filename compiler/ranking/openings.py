"""Record a proved ranking as the shipped opening table (``trees/openings.json``).

    python -m wordle_compiler.ranking.openings RESULTS.csv [--mode M] [--answers A] [--guesses G]
        [--max-depth N] [--prior frequency] [--command "wordle-rank ..."] [--seconds S]

``wordle-tree analyse`` answers the opening position from this table (its best value
needs a proof over every first word); every later position is solved live.  The
table keeps the exact values and the cut-off that every other word was proved to
reach, keyed by the lists' sha256, the mode, the depth and, for a ranking under the
default frequency prior, the weights' sha256; tests re-check entries.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..core.settings import Settings
from ..search import INF
from ..util.files import write_atomic
from .results_log import read_ranking

TABLE = Path(__file__).resolve().parents[2] / "trees" / "openings.json"


def table_entry(results, words, mode: str, max_depth: int, command: str, seconds: float | None, weights=None) -> dict:
    """One ranking as a table entry: exact values below the cut-off, the cut-off, and the
    words proved unable to finish within ``max_depth`` (under ``weights``, weighted totals,
    and the weights' source and fingerprint)."""
    exact = {r.word: r.value for r in results if r.exact}
    infeasible = sorted(r.word for r in results if r.value >= INF)
    bounds = {r.value for r in results if not r.exact and r.value < INF}
    if len(bounds) > 1:
        raise ValueError("the results file is not canonical (run wordle-rank to the end first)")
    if len(results) != len(words.guesses):
        raise ValueError(f"the results cover {len(results)} of {len(words.guesses)} first words")
    return {
        "answers": words.answers_name,
        "guesses": words.guesses_name,
        "mode": mode,
        "max_depth": max_depth,
        "answers_sha256": words.answers_sha256,
        "guesses_sha256": words.guesses_sha256,
        "first_words": len(results),
        "exact": dict(sorted(exact.items(), key=lambda kv: (kv[1], kv[0]))),
        "cutoff": bounds.pop() if bounds else None,
        "command": command,
        "seconds": seconds,
        **({"infeasible": infeasible} if infeasible else {}),
        **({} if weights is None else {"weights_source": weights.source, "weights_sha256": weights.sha256}),
    }


def main(argv=None) -> None:
    """Command line: add the ranking in RESULTS to ``trees/openings.json``, replacing the entry
    for the same lists, mode and depth if there is one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--mode", default="normal")
    parser.add_argument("--answers", default="original")
    parser.add_argument("--guesses", default=None)
    parser.add_argument("--max-depth", type=int, default=6)
    parser.add_argument("--prior", choices=["frequency"], help="the ranking was made under this prior (defaults)")
    parser.add_argument("--command", default="")
    parser.add_argument("--seconds", type=float, default=None)
    args = parser.parse_args(argv)
    settings = Settings(answers=args.answers, guesses=args.guesses, mode=args.mode, max_depth=args.max_depth)
    words = settings.load_words()
    weights = None
    if args.prior:
        from ..core.weights import frequency_prior

        weights = frequency_prior(list(words.answers), language=words.language)
    entry = table_entry(
        read_ranking(Path(args.results), words, settings.with_weights(weights)),
        words,
        args.mode,
        args.max_depth,
        args.command,
        args.seconds,
        weights,
    )
    table = json.loads(TABLE.read_text()) if TABLE.exists() else {"rankings": []}
    key = ("answers_sha256", "guesses_sha256", "mode", "max_depth", "weights_sha256")
    table["rankings"] = [
        t for t in table["rankings"] if tuple(t.get(k) for k in key) != tuple(entry.get(k) for k in key)
    ]
    table["rankings"].append(entry)
    write_atomic(TABLE, (json.dumps(table, indent=1) + "\n").encode())
    print(
        f"{TABLE.name}: {args.answers} {args.mode}: {len(entry['exact'])} exact, cut-off {entry['cutoff']}, "
        f"{len(entry.get('infeasible', []))} infeasible"
    )


if __name__ == "__main__":
    main()
