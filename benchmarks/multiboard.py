"""Dordle, Quordle, Octordle, Sedecordle and Duotrigordle played by the multi-board policies
over a seeded sample of answer tuples: win rate, average guesses and the share solved within
a few guesses.

    python benchmarks/multiboard.py [--games dordle,quordle,octordle,sedecordle,duotrigordle] [--tuples 10000]
        [--policies endgame,entropy,most-parts,minimax] [--seed 0] [--start salet]

Each game plays the original five-letter lists (2,315 answers, 12,972 guesses) on K boards
with K + 5 guesses; the tuples are drawn once per game (distinct answers, ``--seed``) and
every policy plays the same ones.  ``endgame`` is the policy ``wordle-next --game``
plays (``wordle_runtime.boards``; ``compiler/multiboard/policy.py`` plays it over the matrix,
tested move for move against the runtime), ``entropy`` the same without its endgame.  A
lost game counts every guess of the limit in the average over all games.  Results go to
benchmarks/results/multiboard.json: the rows of the games and policies played replace their
earlier rows, the others stay.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "multiboard.json"


def main() -> int:
    """Play the sample and print one row per game and policy."""
    from wordle_compiler.core.matrix import feedback_matrix
    from wordle_compiler.core.wordlists import load_word_lists
    from wordle_compiler.multiboard.policy import POLICIES, play, table_for
    from wordle_runtime.boards import BOARD_GAMES, guess_limit
    from wordle_runtime.game import DEFAULT_GAME

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(BOARD_GAMES))
    parser.add_argument("--tuples", type=int, default=10_000)
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", default="salet")
    args = parser.parse_args()
    words = load_word_lists("original")
    codes = feedback_matrix(words)
    out = []
    for game in args.games.split(","):
        boards = BOARD_GAMES[game]
        table = table_for(
            (list(words.answers), list(words.guesses)), codes, DEFAULT_GAME, (args.start, guess_limit(boards))
        )
        rng = random.Random(f"{args.seed}:{game}")
        sample = [tuple(rng.sample(range(len(words.answers)), boards)) for _ in range(args.tuples)]
        for policy in args.policies.split(","):
            began = time.perf_counter()
            games = [play(table, secret, policy) for secret in sample]
            row = _row(game, boards, policy, games, table.limit)
            row["seconds"] = round(time.perf_counter() - began, 1)
            row["command"] = " ".join(["python benchmarks/multiboard.py", *sys.argv[1:]])
            out.append(row)
            print(_line(row), flush=True)
    RESULTS.parent.mkdir(exist_ok=True)
    played = {(row["game"], row["policy"]) for row in out}
    kept = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    kept = [row for row in kept if (row["game"], row["policy"]) not in played]
    RESULTS.write_text(json.dumps(kept + out, indent=1) + "\n")
    return 0


def _row(game: str, boards: int, policy: str, games: list, limit: int) -> dict:
    """One game's figures for one policy."""
    n = len(games)
    taken = [len(played) if solved else limit for solved, played in games]
    won = [len(played) for solved, played in games if solved]
    within = {k: sum(1 for t in won if t <= k) / n for k in (boards + 2, boards + 3, limit)}
    return {
        "game": game,
        "policy": policy,
        "tuples": n,
        "win_rate": round(len(won) / n, 5),
        "average": round(sum(taken) / n, 4),
        "average_won": round(sum(won) / max(1, len(won)), 4),
        "worst": max(taken),
        "within": {str(k): round(v, 5) for k, v in within.items()},
    }


def _line(row: dict) -> str:
    within = "  ".join(f"<= {k}: {100 * v:.2f}%" for k, v in row["within"].items())
    return (
        f"{row['game']:12} {row['policy']:11} {row['tuples']:>6} tuples  won {100 * row['win_rate']:.2f}%  "
        f"average {row['average']:.4f}  worst {row['worst']}  {within}  ({row['seconds']} s)"
    )


if __name__ == "__main__":
    sys.exit(main())
