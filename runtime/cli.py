"""``wordle-next``: the next guess from a tree file (argparse keeps a cold start fast)."""

from __future__ import annotations

import argparse
import os
import sys

from .format import TreeFormatError
from .tree import HistoryError, Position, load

EXIT_NO_ANSWER = 1
EXIT_USAGE = 2


def parse_history(tokens: list[str]) -> list[tuple[str, str]]:
    """Accept ``GUESS PATTERN`` pairs, ``guess:pattern`` and ``guess=pattern``."""
    history, pending = [], None
    for token in tokens:
        for sep in (":", "="):
            if sep in token and pending is None:
                guess, pattern = token.split(sep, 1)
                history.append((guess.strip().lower(), pattern.strip()))
                break
        else:
            if pending is None:
                pending = token.strip().lower()
            else:
                history.append((pending, token.strip()))
                pending = None
    if pending is not None:
        raise HistoryError(f"guess {pending!r} has no feedback pattern after it")
    return history


def _describe(position: Position) -> list[str]:
    n = len(position.candidates)
    if position.solved:
        return [f"solved: {position.candidates[0]}"]
    lines = [position.guess]
    tail = f": {' '.join(position.candidates)}" if n <= 10 else ""
    lines.append(f"{n} answer{'s' if n != 1 else ''} remain{'s' if n == 1 else ''}{tail}"
                 + ("" if position.on_tree else " (off the tree)"))
    return lines


def _as_json(position: Position) -> str:
    import json  # only here: importing json costs a cold start about a millisecond

    return json.dumps({
        "guess": position.guess,
        "remaining": len(position.candidates),
        "candidates": list(position.candidates),
        "on_tree": position.on_tree,
        "solved": position.solved,
    })


def _interactive(tree, history, out, inp) -> int:
    while True:
        position = tree.position(history)
        if position.solved:
            print(f"solved in {len(history)}: {position.candidates[0]}", file=out)
            return 0
        n = len(position.candidates)
        print(f"play: {position.guess}   ({n} answer{'s' if n != 1 else ''} possible)", file=out)
        while True:
            out.write("feedback (e.g. bbygb, 00120, 🟩🟨⬛; q to quit): ")
            out.flush()
            line = inp.readline()
            if not line or line.strip().lower() in {"q", "quit", "exit"}:
                return 0
            try:
                candidate = history + [(position.guess, line.strip())]
                tree.position(candidate)
            except HistoryError as exc:
                print(f"  {exc}; try again", file=out)
                continue
            history = candidate
            break


class _FixedWidthFormatter(argparse.HelpFormatter):
    """argparse's default formatter imports shutil (and its compression modules) just to
    read the terminal width, once per argument; a fixed width keeps a cold start fast."""

    def __init__(self, prog):
        super().__init__(prog, width=100, max_help_position=30)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wordle-next", formatter_class=_FixedWidthFormatter,
        description="Print the next Wordle guess from a decision tree. History: GUESS PATTERN "
                    "pairs, or guess:pattern / guess=pattern; patterns as gyb, 012 or emoji.")
    parser.add_argument("history", nargs="*", help="e.g. salet bbygb  or  salet:bbygb")
    parser.add_argument("--tree", help="tree file, or the name of a shipped tree (see --list-trees); "
                                       "default: the shipped proved-optimal salet tree")
    parser.add_argument("--list-trees", action="store_true", help="list the shipped trees and exit")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("-i", "--interactive", action="store_true", help="play a whole game")
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.list_trees:
            from .tree import default_tree_path, shipped_trees

            default = os.path.basename(default_tree_path())
            for name in shipped_trees():
                stats = load(name).stats
                print(f"{name[:-6]:28} total {stats.get('total_guesses')}  average "
                      f"{stats.get('average')}  max {stats.get('max_depth')}"
                      + ("  (default)" if name == default else ""))
            return 0
        tree = load(args.tree)
        history = parse_history(args.history)
        if args.interactive:
            return _interactive(tree, history, sys.stdout, sys.stdin)
        position = tree.position(history)
    except TreeFormatError as exc:
        print(f"wordle-next: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except HistoryError as exc:
        print(f"wordle-next: {exc}", file=sys.stderr)
        return EXIT_NO_ANSWER if "fits" in str(exc) or "impossible" in str(exc) else EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    if args.json:
        print(_as_json(position))
    else:
        print("\n".join(_describe(position)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
