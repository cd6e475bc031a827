"""The exact multi-board search in the kernels against its numpy form of an earlier commit, in
one run: the same positions, values, best guesses and node counts, and each one's time.

    python benchmarks/tuple_search_ab.py [--old 69a64ce^] [--seed 1] [--json]

The numpy search (``compiler/multiboard/exact.py``, ``boardsets.py`` and ``bounds.py`` as they
were at ``--old``) is read with ``git show`` into a temporary folder and imported beside the
installed package.  Each position is Dordle over every ordered pair of a random list of the
original answers (``random.Random(seed)``: 40, 60 and 80 answers, with 200, 500 and 1,000
random guesses added to them), seven guesses; both searches value it from a fresh problem.
The figures go to benchmarks/results/tuple_search_ab.json.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from wordle_compiler.core.matrix import compute_matrix
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.multiboard import exact as kernels

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "tuple_search_ab.json"
SIZES = ((40, 200), (60, 500), (80, 1000))  # answers, random guesses added
OLD_MODULES = ("exact", "boardsets", "bounds")


def load_numpy_search(commit: str, folder: Path):
    """The numpy search of ``commit`` as a top-level module ``exact`` read from ``folder``."""
    for name in OLD_MODULES:
        text = subprocess.run(
            ["git", "show", f"{commit}:compiler/multiboard/{name}.py"], capture_output=True, text=True, check=True
        ).stdout
        for other in OLD_MODULES:
            text = text.replace(f"from .{other} import", f"from {other} import")
        (folder / f"{name}.py").write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module("exact")


def timed(search, codes: np.ndarray, tuples: np.ndarray, left: int) -> dict:
    """One search from a fresh problem: value, best guess, nodes and seconds."""
    problem = search.Problem(codes, 242)
    began = time.perf_counter()
    value = search.solve(problem, tuples, left)
    seconds = time.perf_counter() - began
    return {"value": value, "best": search.best_guess(problem, tuples, left), "nodes": problem.nodes,
            "seconds": round(seconds, 3)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="69a64ce^", help="the commit whose numpy search is compared")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    words = load_word_lists("original")
    answers, guesses = list(words.answers), list(words.guesses)
    rng = random.Random(args.seed)
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        numpy_search = load_numpy_search(args.old, Path(folder))
        for n, extra in SIZES:
            chosen = sorted(rng.sample(answers, n))
            listed = sorted(set(chosen) | set(rng.sample(guesses, extra)))
            codes = compute_matrix(listed, chosen)
            tuples = np.array(list(itertools.permutations(range(n), 2)), dtype=np.int32)
            old, new = timed(numpy_search, codes, tuples, 7), timed(kernels, codes, tuples, 7)
            same = all(old[key] == new[key] for key in ("value", "best", "nodes"))
            rows.append({"answers": n, "guesses": len(listed), "pairs": len(tuples), "numpy": old, "kernels": new,
                         "same": same, "ratio": round(new["seconds"] / old["seconds"], 3)})  # fmt: skip
            if not args.json:
                print(f"{n} answers, {len(listed):,} guesses, {len(tuples):,} pairs: nodes {new['nodes']:,}, "
                      f"numpy {old['seconds']:.2f} s, kernels {new['seconds']:.2f} s, ratio {rows[-1]['ratio']}, "
                      f"{'same' if same else 'DIFFERENT'} value, guess and nodes", flush=True)  # fmt: skip
    command = "python benchmarks/tuple_search_ab.py" + ("" if args.old == "69a64ce^" else f" --old {args.old}")
    RESULTS.write_text(json.dumps({"command": command, "rows": rows}, indent=1) + "\n")
    if args.json:
        print(json.dumps(rows, indent=1))
    if not all(row["same"] for row in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
