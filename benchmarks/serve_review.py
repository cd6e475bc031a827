"""Benchmark (not a test): how long ``wordle-tree serve`` takes to review a finished 6-guess game
of the default tree, as a browser asks for it (``GET /api/review``), over HTTP to a real server.

    python benchmarks/serve_review.py [--games 3] [--repeats 3] [--python PATH]

The games are drawn with a fixed seed: the tree's opening (salet), then words a person might
play (answers that still fit, drawn at random) until the sixth guess solves it; one more opens
with an own first word (adieu), whose exact value the shipped opening table does not hold.
Each game is reviewed by a fresh server (its workers started and warmed as for a person who
has just opened the page) and then ``--repeats`` times more by the same one (memo warm).
The review's rows are checked against ``wordle-tree analyse --review --json``.
``--python``: the interpreter whose installed package is measured.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import quote_plus

RESULTS = Path(__file__).with_name("results") / "serve_review.json"
WARM_SECONDS = 3.0  # a person reads the page before the game is over: the workers are ready


def six_guess_games(count: int, seed: int = 6) -> list[list[tuple[str, str]]]:
    """``count`` games of exactly six guesses: salet, then answers that still fit."""
    import wordle_runtime
    from wordle_runtime.feedback import score

    tree, rng, games = wordle_runtime.load(), random.Random(seed), []
    while len(games) < count:
        answer, steps = rng.choice(tree.answers), [("salet", None)]
        steps[0] = ("salet", score("salet", answer))
        left = [a for a in tree.answers if score("salet", a) == steps[0][1]]
        while steps[-1][1] != "ggggg" and len(steps) < 6:
            word = rng.choice(left)
            steps.append((word, score(word, answer)))
            left = [a for a in left if score(word, a) == steps[-1][1]]
        if len(steps) == 6 and steps[-1][1] == "ggggg":
            games.append(steps)
    return games


def adieu_game() -> list[tuple[str, str]]:
    """A six-guess game that opens with adieu (no shipped table holds its exact value)."""
    from wordle_runtime.feedback import score

    return [(w, score(w, "lucky")) for w in ("adieu", "story", "lunch", "lucid", "lumpy", "lucky")]


def start(python: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [python, "-m", "wordle_compiler.cli.tree", "serve", "--port", "0", "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    url = proc.stdout.readline().split()[4]
    time.sleep(WARM_SECONDS)
    return proc, url


def review(url: str, game) -> tuple[float, dict]:
    history = quote_plus(" ".join(f"{w} {p}" for w, p in game))
    began = time.perf_counter()
    with urllib.request.urlopen(f"{url}api/review?history={history}", timeout=600) as reply:
        doc = json.loads(reply.read())
    return time.perf_counter() - began, doc


def cli_review(python: str, game) -> list:
    out = subprocess.run(
        [
            python,
            "-m",
            "wordle_compiler.cli.tree",
            "analyse",
            "--review",
            "--json",
            "--quiet",
            *(f"{w}:{p}" for w, p in game),
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out)["review"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args()
    rows = {}
    for game in [*six_guess_games(args.games), adieu_game()]:
        name = " ".join(f"{w}:{p}" for w, p in game)
        proc, url = start(args.python)
        try:
            first, doc = review(url, game)
            again = [review(url, game)[0] for _ in range(args.repeats)]
        finally:
            proc.terminate()
            proc.wait()
        assert doc["review"] == cli_review(args.python, game), name
        rows[name] = {
            "first_s": round(first, 3),
            "server_s": doc["seconds"],
            "again_median_s": round(statistics.median(again), 3),
        }
        print(f"{name}\n  first {first:.3f} s (server {doc['seconds']:.3f} s), again {statistics.median(again):.3f} s")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps({"rows": rows, "python": args.python}, indent=1) + "\n")


if __name__ == "__main__":
    main()
