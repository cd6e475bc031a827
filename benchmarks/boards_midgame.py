"""The exact multi-board search on seeded mid-game positions: which are valued exactly within a
time limit, how long it takes and how many nodes it searches.

    python benchmarks/boards_midgame.py [--game dordle,quordle] [--seeds 20] [--after 2,3]
        [--time-limit 10] [--min-tuples 0] [--max-tuples 20000] [--top 0] [--opening salet] [--json]

For each game and seed a tuple of distinct answers is drawn from the original answer list
(``random.Random(f"{seed}:{game}")``, one ``sample`` per seed, as benchmarks/multiboard.py
draws), and ``wordle_runtime.boards.next_move`` without its endgame (the mid-game positions
are what the search is measured on) plays ``--after`` guesses (one figure per
game, in the order of ``--game``: Dordle 2, Quordle 3 by default; the policy opens with
``--opening``, by default the opening ``wordle-tree analyse`` plays: salet on these lists).
The position left is valued by ``compiler/multiboard/exact.py``'s ``solve`` over all its
tuples, a position with one board open handed to the single-board engine as ``wordle-tree
analyse`` does; ``--top K`` (K > 0) then values the K best moves as ``analyse`` does
(``exact.best_moves``).  Each position runs in a child process stopped at
``--time-limit`` seconds (``exact.SearchStopped`` through the search's deadline, else a
signal); a position with fewer than ``--min-tuples`` or more than ``--max-tuples`` tuples,
or solved within the guesses played, is listed and not searched.

One row per position (open boards, candidates per board, tuples, exact, seconds, search
nodes and the search's other counters, value per tuple), then a summary per game: how many
positions are exact within the limit, the median and slowest time.  Results go to
benchmarks/results/boards_midgame.json (the rows of the games and guess counts played replace
their earlier rows).  Times depend on the machine's load: the counters are what compare runs.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import signal
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "boards_midgame.json"
DEFAULT_AFTER = {"dordle": 2, "quordle": 3}
COUNTERS = ("nodes", "tried", "bound_cuts", "memo_hits")


class _Stopped(Exception):
    """The child's time limit, when the search has no deadline of its own."""


def _lists(game: str):
    """The lists, matrix and one-board valuer ``wordle-tree analyse --game GAME`` plays."""
    from wordle_compiler.analysis.boards import played_lists
    from wordle_compiler.analysis.one_board import board_context, one_board_values
    from wordle_compiler.core.settings import Settings

    settings = Settings(game=game)
    played = played_lists(*settings.lists(), settings.game)
    return played, one_board_values(board_context(*settings.lists(), settings.game))


def play_position(game: str, seed: int, after: int, played, opening: str) -> tuple[list[str], object, tuple]:
    """The history, the position and the secret after ``after`` policy moves on seed ``seed``."""
    from wordle_runtime.boards import BOARD_GAMES, board_position, next_move

    boards = BOARD_GAMES[game]
    rng = random.Random(f"{seed}:{game}")
    secret = tuple(rng.sample(played.answers, boards))
    steps: list = []
    history: list[str] = []
    position = board_position(played.answers, steps, played.game, boards)
    for _ in range(after):
        if position.solved:
            break
        guess, _ = next_move(position, played.guesses, played.game, opening, endgames=False)
        shown = tuple(played.game.score_code(guess, secret[b]) for b in position.open_boards)
        steps.append((guess, shown))
        history += [guess, ",".join(played.game.format_code(code) for code in shown)]
        position = board_position(played.answers, steps, played.game, boards)
    return history, position, secret


def all_tuples_of(position, answers: list[str]):
    """Every tuple of distinct candidates, one per open board (``int32[N, open boards]``)."""
    import itertools

    import numpy as np

    index = {word: i for i, word in enumerate(answers)}
    sets = [[index[w] for w in position.candidates[b]] for b in position.open_boards]
    rows = [t for t in itertools.product(*sets) if len(set(t)) == len(t)]
    return np.array(rows, dtype=np.int32).reshape(len(rows), len(sets))


def _stop(*_: object) -> None:
    raise _Stopped


def _search(job: tuple, out) -> None:
    """In the child: value the tuples, send back the figures (stopped at the time limit)."""
    from wordle_compiler.multiboard import exact

    played, one_board, tuples, left, top, limit = job
    problem = exact.Problem(played.codes, played.game.all_correct, one_board=one_board)
    stopped = getattr(exact, "SearchStopped", None)
    began = time.perf_counter()
    if stopped is not None and hasattr(problem, "deadline"):
        problem.deadline = time.monotonic() + limit
    else:
        stopped = _Stopped
        signal.signal(signal.SIGALRM, _stop)
        signal.setitimer(signal.ITIMER_REAL, limit)
    figures: dict = {"exact": False}
    try:
        figures["value"] = exact.solve(problem, tuples, left)
        if tuples.shape[1] > 1:  # one board open: the single-board engine's value, no move kept here
            figures["best"] = exact.best_guess(problem, tuples, left)
        if top > 0:
            figures["moves"] = [[cost, guess] for cost, guess in exact.best_moves(problem, tuples, left, top)]
        figures["exact"] = True
    except stopped:
        pass
    figures["seconds"] = time.perf_counter() - began
    figures.update({name: getattr(problem, name) for name in COUNTERS if hasattr(problem, name)})
    out.send(figures)


def run_position(job: tuple, limit: float) -> dict:
    """The child's figures, or a stop at ``limit`` plus a grace of 30 s when it does not answer."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_search, args=(job, send))
    began = time.perf_counter()
    child.start()
    send.close()
    try:
        figures = receive.recv() if receive.poll(limit + 30) else {"exact": False}
    except EOFError:  # the child failed: its traceback is on stderr
        figures = {"exact": False, "failed": True}
    figures.setdefault("seconds", time.perf_counter() - began)
    if child.is_alive():
        child.kill()
    child.join()
    return figures


def _row(game: str, seed: int, history: list[str], position) -> dict:
    open_boards = position.open_boards
    return {
        "game": game,
        "seed": seed,
        "history": " ".join(history),
        "open_boards": len(open_boards),
        "candidates": [len(position.candidates[b]) for b in open_boards],
        "guesses_left": position.guesses_left,
    }


def _line(row: dict) -> str:
    shown = f"{row['game']:8} seed {row['seed']:>3}  {row['open_boards']} open {row['candidates']!s:22}"
    shown += f" {row.get('tuples', 0):>7,} tuples"
    if row.get("skipped"):
        return f"{shown}  skipped: {row['skipped']}"
    exact = "exact  " if row["exact"] else "stopped"
    counters = "  ".join(f"{name} {row[name]:,}" for name in COUNTERS if name in row)
    value = f"  {row['value'] / row['tuples']:.4f}/tuple" if row["exact"] else ""
    return f"{shown}  {exact} {row['seconds']:7.2f} s  {counters}{value}"


def summary(game: str, after: int, rows: list[dict], args: argparse.Namespace) -> dict:
    """The figures of one game's positions."""
    searched = [row for row in rows if not row.get("skipped")]
    exact = [row for row in searched if row["exact"]]
    times = [row["seconds"] if row["exact"] else args.time_limit for row in searched]
    return {
        "game": game,
        "after": after,
        "opening": args.opening,
        "positions": len(rows),
        "searched": len(searched),
        "exact": len(exact),
        "time_limit_s": args.time_limit,
        "median_s": round(statistics.median(times), 2) if times else None,
        "slowest_s": round(max(times), 2) if times else None,
        "nodes": sum(row.get("nodes", 0) for row in searched),
        "command": " ".join(["python benchmarks/boards_midgame.py", *sys.argv[1:]]),
        "rows": rows,
    }


def main() -> int:
    """Search every seeded position and print one row per position and a summary per game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dordle,quordle")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--after", default=None, help="guesses played per game (default: Dordle 2, Quordle 3)")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--min-tuples", type=int, default=0)
    parser.add_argument("--max-tuples", type=int, default=20_000)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--opening", default=None)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    games = args.game.split(",")
    afters = [int(a) for a in args.after.split(",")] if args.after else [DEFAULT_AFTER.get(g, 3) for g in games]
    if len(afters) == 1:
        afters *= len(games)
    out = []
    for game, after in zip(games, afters, strict=True):
        played, one_board = _lists(game)
        args.opening = args.opening or played.opening
        rows = []
        for seed in range(args.seeds):
            history, position, _ = play_position(game, seed, after, played, args.opening)
            row = _row(game, seed, history, position)
            if position.solved:
                rows.append({**row, "tuples": 0, "skipped": "solved"})
            else:
                tuples = all_tuples_of(position, played.answers)
                row["tuples"] = len(tuples)
                if not args.min_tuples <= len(tuples) <= args.max_tuples:
                    row["skipped"] = f"not {args.min_tuples:,} to {args.max_tuples:,} tuples"
                else:
                    job = (played, one_board, tuples, position.guesses_left, args.top, args.time_limit)
                    figures = run_position(job, args.time_limit)
                    figures["seconds"] = round(figures["seconds"], 3)
                    if "best" in figures:
                        figures["best"] = played.guesses[figures["best"]]
                    row.update(figures)
                rows.append(row)
            if not args.json:
                print(_line(rows[-1]), flush=True)
        result = summary(game, after, rows, args)
        out.append(result)
        if not args.json:
            print(
                f"{game} after {after}: {result['exact']}/{result['searched']} exact within {args.time_limit:g} s, "
                f"median {result['median_s']} s, slowest {result['slowest_s']} s, {result['nodes']:,} nodes "
                f"({result['positions'] - result['searched']} not searched)",
                flush=True,
            )
    if args.json:
        print(json.dumps(out, indent=1))
    RESULTS.parent.mkdir(exist_ok=True)
    played_keys = {(row["game"], row["after"]) for row in out}
    kept = json.loads(RESULTS.read_text()) if RESULTS.exists() else []
    kept = [row for row in kept if (row["game"], row["after"]) not in played_keys]
    RESULTS.write_text(json.dumps(kept + out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
