"""Doddle's multi-board solver on the seeded answer tuples that benchmarks/multiboard.py plays.

    python benchmarks/doddle_multiboard.py --doddle-python PATH [--games dordle,quordle,octordle,...]
        [--tuples 1000] [--solvers minimax,entropy] [--seed 0] [--start salet] [--workers 2]

``--doddle-python`` is the interpreter of a virtualenv with ``pip install doddle==1.6.0
'numpy<2'`` (Doddle 1.6.0 calls ``numpy.bool8``, which numpy 2 removed).  The tuples are
drawn exactly as benchmarks/multiboard.py draws them (``random.Random(f"{seed}:{game}")``,
one ``sample`` of K answer indices per tuple), so ``--tuples N`` plays the first N of the
10,000 tuples that script plays by default; 1,000 take 4 to 22 minutes per game and solver
with two workers, as the load of a shared two-core machine allows (up to 3 s a game).  Doddle
plays them in its own process, through its simultaneous engine
(``Doddle(...).simul_engine.run(answers, [opening])``, what ``doddle run --answer=A,B,C,D``
and ``doddle benchmark --simul=K`` use), with:

* lists: its ``size=5`` dictionaries, which are the original lists (its 2,315 answers and
  its 10,657 other guesses make our 12,972 guesses; checked on every run);
* solver: ``MinimaxSimulSolver`` (its default) and ``EntropySimulSolver``, depth 1 (its
  simultaneous solvers look one guess ahead whatever the depth); both are run, entropy
  being the better in every game on the first 1,000 tuples (4.776, 6.892 and 10.759
  guesses on average against 4.817, 6.953 and 10.829);
* opening: ``salet`` passed as its user guess (its own seed word would be ``raise``);
* score matrix precomputed (``lazy_eval=False``), worker processes forked after that.

Doddle plays until every board is solved; here a game counts the guess that solves the last
board (recomputed from the guesses Doddle played), and a tuple not solved within K + 5
guesses is lost and counts K + 5, as in benchmarks/multiboard.py, whose row fields and line
format this script reuses.  ``seconds`` is the wall time of Doddle's process for that game
and solver, its setup included.  Rows are merged by (game, policy) into
benchmarks/results/doddle_multiboard.json, so games and solvers can be run separately.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "doddle_multiboard.json"
sys.path.insert(0, str(HERE))

from multiboard import _line, _row  # noqa: E402

DODDLE_RUN = """
import json, multiprocessing, sys, time
from importlib.metadata import version
from doddle.exceptions import FailedToFindASolutionError
from doddle.facade import Doddle
from doddle.words import Word
solver, opening, workers = sys.argv[1], sys.argv[2], int(sys.argv[3])
tuples = json.load(sys.stdin)
began = time.perf_counter()
doddle = Doddle(size=5, solver_type=solver.upper(), lazy_eval=False)
setup = time.perf_counter() - began
engine = doddle.simul_engine
lists = [[str(w).lower() for w in series] for series in engine.dictionary.words]

def play(answers):
    try:
        game = engine.run([Word(a) for a in answers], [Word(opening)])
    except FailedToFindASolutionError:
        return None
    rounds = {row.n: str(row.guess).lower() for row in game.scoreboard.rows}
    assert sorted(rounds) == list(range(1, game.rounds + 1))
    return [rounds[n] for n in sorted(rounds)]

def report(done):
    print(f"doddle {solver} {len(tuples[0])} boards: {done}/{len(tuples)}", file=sys.stderr, flush=True)

played = []
with multiprocessing.get_context("fork").Pool(workers) as pool:
    for guesses in pool.imap(play, tuples, chunksize=4):
        played.append(guesses)
        if len(played) % 100 == 0:
            report(len(played))
print(json.dumps({"version": version("doddle"), "solver": type(engine.solver).__name__, "setup": setup,
                  "all_words": lists[0], "answers": lists[1], "played": played}))
"""


def run_doddle(python: str, solver: str, opening: str, workers: int, tuples: list) -> tuple[dict, float]:
    """Doddle's guesses for every tuple (None where it raised), from its own process."""
    began = time.perf_counter()
    done = subprocess.run(
        [python, "-c", DODDLE_RUN, solver, opening, str(workers)],
        input=json.dumps(tuples),
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1]), time.perf_counter() - began


def score(answers: tuple, guesses: list | None, opening: str, allowed: set, limit: int) -> tuple:
    """(solved, guesses taken) counted as benchmarks/multiboard.py counts its games."""
    if guesses is None:
        return False, []
    assert guesses[0] == opening, guesses
    assert set(guesses) <= allowed, guesses
    solved = all(a in guesses[:limit] for a in answers)
    if solved:
        taken = max(guesses.index(a) + 1 for a in answers)
        assert taken == len(guesses), (answers, guesses)
        return True, guesses[:taken]
    return False, guesses[:limit]


def main() -> int:
    """Play the sample with Doddle and print one row per game and solver."""
    from wordle_compiler.core.wordlists import load_word_lists
    from wordle_runtime.boards import BOARD_GAMES, guess_limit

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--doddle-python", required=True)
    parser.add_argument("--games", default=",".join(BOARD_GAMES))
    parser.add_argument("--tuples", type=int, default=1_000)
    parser.add_argument("--solvers", default="minimax,entropy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", default="salet")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    words = load_word_lists("original")
    allowed = set(words.guesses)
    rows = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    for game in args.games.split(","):
        boards = BOARD_GAMES[game]
        limit = guess_limit(boards)
        rng = random.Random(f"{args.seed}:{game}")
        sample = [tuple(rng.sample(range(len(words.answers)), boards)) for _ in range(args.tuples)]
        tuples = [[words.answers[i] for i in secret] for secret in sample]
        for solver in args.solvers.split(","):
            out, seconds = run_doddle(args.doddle_python, solver, args.start, args.workers, tuples)
            assert sorted(out["answers"]) == sorted(words.answers), "Doddle's answers differ from ours"
            assert set(out["all_words"]) == allowed, "Doddle's guesses differ from ours"
            games = [score(t, g, args.start, allowed, limit) for t, g in zip(tuples, out["played"], strict=True)]
            row = _row(game, boards, f"doddle-{solver}", games, limit)
            row["solver"] = f"doddle {out['version']} {out['solver']} (depth 1), original lists, opening {args.start}"
            row["raised"] = sum(g is None for g in out["played"])
            row["workers"] = args.workers
            row["setup_seconds"] = round(out["setup"], 1)
            row["seconds"] = round(seconds, 1)
            row["command"] = " ".join(["python benchmarks/doddle_multiboard.py", *sys.argv[1:]])
            rows = [r for r in rows if (r["game"], r["policy"]) != (game, row["policy"])] + [row]
            print(_line(row), flush=True)
            RESULTS.parent.mkdir(exist_ok=True)
            RESULTS.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
