"""How long ``wordle-next --game G HISTORY`` takes, as a process, at every position of seeded
games: the opening, mid-game and the end.

    python benchmarks/multiboard_next.py [--games dordle,quordle,octordle,sedecordle,duotrigordle] [--plays 20]
        [--seed 1]

Each game plays ``--plays`` tuples (drawn as benchmarks/multiboard.py draws them, seed
``--seed``) with the compiler's numpy player of the same policy; at each position the
command runs once as a whole process and its wall time is kept (start-up included), and its
move is checked against the player's.  Prints the median and the slowest per game; results
go to benchmarks/results/multiboard_next.json (the rows of the games played replace their
earlier rows, the others stay).  A benchmark: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "multiboard_next.json"


def main() -> int:
    """Time every position of the sample and print one row per game."""
    from wordle_compiler.core.matrix import feedback_matrix
    from wordle_compiler.core.wordlists import load_word_lists
    from wordle_compiler.multiboard.policy import play, table_for
    from wordle_runtime.boards import BOARD_GAMES, guess_limit
    from wordle_runtime.game import DEFAULT_GAME

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(BOARD_GAMES))
    parser.add_argument("--plays", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    words = load_word_lists("original")
    codes = feedback_matrix(words)
    next_program = str(Path(sys.executable).with_name("wordle-next"))
    out = []
    for game in args.games.split(","):
        boards = BOARD_GAMES[game]
        lists = (list(words.answers), list(words.guesses))
        table = table_for(lists, codes, DEFAULT_GAME, ("salet", guess_limit(boards)))
        rng = random.Random(f"{args.seed}:{game}")
        times: list[float] = []
        for _ in range(args.plays):
            secret = tuple(rng.sample(range(len(words.answers)), boards))
            _, played = play(table, secret, "endgame")
            history: list[str] = []
            open_boards = list(range(boards))
            for row in played:
                began = time.perf_counter()
                answer = subprocess.run(
                    [next_program, "--game", game, "--json", *history], capture_output=True, text=True, check=True
                )
                times.append(time.perf_counter() - began)
                guess = words.guesses[row]
                if json.loads(answer.stdout)["guess"] != guess:
                    raise SystemExit(f"{game}: wordle-next played {answer.stdout} where the player played {guess}")
                shown = [DEFAULT_GAME.score_code(guess, words.answers[secret[b]]) for b in open_boards]
                history += [guess, ",".join(DEFAULT_GAME.format_code(code) for code in shown)]
                solved = {b for b, code in zip(open_boards, shown, strict=True) if code == DEFAULT_GAME.all_correct}
                open_boards = [b for b in open_boards if b not in solved]
        row = {
            "game": game,
            "positions": len(times),
            "median_s": round(statistics.median(times), 3),
            "slowest_s": round(max(times), 3),
            "command": " ".join(["python benchmarks/multiboard_next.py", *sys.argv[1:]]),
        }
        out.append(row)
        timing = f"median {row['median_s']:.3f} s  slowest {row['slowest_s']:.3f} s"
        print(f"{game:12} {row['positions']:>4} positions  {timing}")
    RESULTS.parent.mkdir(exist_ok=True)
    played = {row["game"] for row in out}
    kept = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    RESULTS.write_text(json.dumps([row for row in kept if row["game"] not in played] + out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
