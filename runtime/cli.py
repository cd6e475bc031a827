"""``wordle-next``: the next guess from a tree file.

Start-up is kept short and safe: this module imports only ``os`` and ``sys`` at module
scope; :func:`main` first makes Ctrl-C end the program quietly (exit 130), and only then
imports argparse, msgpack and the tree code.

Exit codes: 0 ok (also when the reader of standard output stops early, ``| head``), 1 no
answer fits the history, 2 bad input or tree file, or standard output refused a write (a
full disk), 130 interrupted.
"""

from __future__ import annotations

import os
import sys

from .messages import one_line

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from types import FrameType
    from typing import NoReturn, TextIO

    from .boards_tree import BoardsTree
    from .tree import Position, Tree

EXIT_OK, EXIT_NO_ANSWER, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
PROG = "wordle-next"


class UsageError(Exception):
    """A command-line mistake argparse found (reported as one line, exit 2)."""


def _quit_on_sigint(signum: int, frame: FrameType | None) -> NoReturn:
    """Ctrl-C while the program runs: one line, exit 130, no traceback.

    ``os._exit`` because the interrupt may land inside an import, where a
    KeyboardInterrupt would surface as a traceback; wordle-next writes no files, so
    there is nothing to clean up.
    """
    os.write(2, f"\n{PROG}: interrupted\n".encode())
    os._exit(EXIT_INTERRUPTED)


def _install_sigint_handler() -> None:
    if TYPE_CHECKING:  # ``_signal`` has no stubs; its functions are ``signal``'s
        import signal
    else:
        try:
            import _signal as signal  # the C module: ``signal`` itself builds enums, slow to import
        except ImportError:
            import signal
    try:  # noqa: SIM105 - a try, not contextlib.suppress: contextlib stays out of the start-up
        signal.signal(signal.SIGINT, _quit_on_sigint)
    except ValueError:  # not the main thread: leave signals to the embedding program
        pass


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser (imported here, after the Ctrl-C handler is in place)."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:
            """One line instead of usage + message; main() reports it (exit 2)."""
            raise UsageError(f"{message} (see {PROG} --help)")

    class FixedWidthFormatter(argparse.HelpFormatter):
        """argparse's default formatter imports shutil (and its compression modules) just
        to read the terminal width; a fixed width keeps a cold start fast."""

        def __init__(self, prog: str) -> None:
            super().__init__(prog, width=100, max_help_position=30)

    from . import __version__
    from .boards import BOARD_GAMES, EXTRA_GUESSES, MAX_BOARDS, MIN_BOARDS
    from .format import FORMAT_VERSION

    parser = Parser(
        prog=PROG,
        formatter_class=FixedWidthFormatter,
        description="Print the next Wordle guess from a decision tree. History: GUESS PATTERN "
        "pairs, or guess:pattern / guess=pattern; patterns as gyb, 012 or emoji. "
        "Exit codes: 0 ok, 1 no answer fits, 2 bad input or tree file (or standard output "
        "refused a write), 130 interrupted.",
    )
    parser.add_argument("history", nargs="*", help="e.g. salet bbygb  or  salet:bbygb courd=00120")
    parser.add_argument(
        "--tree",
        help="tree file, or the name of a shipped tree (see --list-trees); "
        "default: the shipped proved-optimal salet tree",
    )
    parser.add_argument("--list-trees", action="store_true", help="list the shipped trees and exit")
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object (on failure: {\"error\": ..., \"exit_code\": ...})"
    )
    games = ", ".join(BOARD_GAMES)
    parser.add_argument("--game", help=f"a multi-board game: {games} (over the tree's lists)")
    parser.add_argument(
        "--boards",
        type=int,
        help=f"K boards at once over the tree's game ({MIN_BOARDS}-{MAX_BOARDS}; K + {EXTRA_GUESSES} guesses)",
    )
    parser.add_argument(
        "-i", "--interactive", action="store_true", help="play a whole game; you may type your own guesses"
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__} (tree format {FORMAT_VERSION[0]}.{FORMAT_VERSION[1]})",
    )
    return parser


def describe(position: Position) -> list[str]:
    """The plain-text answer: the guess, then how many answers remain (on the tree, with the
    expected guesses, said to be under the tree's weights when the tree has them)."""
    if position.solved or position.guess is None:  # no guess is left only once solved
        return [f"solved: {position.candidates[0]}"]
    n = len(position.candidates)
    tail = f": {' '.join(position.candidates)}" if n <= 10 else ""
    if position.on_tree:
        note = (
            f" (on the tree: {position.expected_guesses:.2f} guesses expected{position.expected_note}, "
            f"at most {position.max_guesses})"
        )
    else:
        note = " (off the tree)"
    return [position.guess, f"{n} answer{'s' if n != 1 else ''} remain{'s' if n == 1 else ''}{tail}{note}"]


def as_json(position: Position) -> str:
    """The ``--json`` answer: one object, the fields README.md documents; for a tree with
    weights also ``weighted``: whether ``expected_guesses`` is under the tree's weights."""
    import json  # only here: importing json costs a cold start about a millisecond

    doc: dict[str, object] = {
        "guess": position.guess,
        "remaining": len(position.candidates),
        "candidates": list(position.candidates),
        "on_tree": position.on_tree,
        "solved": position.solved,
        "expected_guesses": position.expected_guesses,
        "max_guesses": position.max_guesses,
    }
    if position.weighted is not None:  # a tree without weights prints exactly the documented fields
        doc["weighted"] = position.weighted
    return json.dumps(doc)


def _list_trees() -> int:
    """A header, then one line per shipped tree: name, game, mode, first guess and stats."""
    from .listing import table_lines, tree_rows

    for line in table_lines(tree_rows()):
        print(line)
    return EXIT_OK


def _check_tree_exists(source: str | None) -> None:
    """One line naming ``--list-trees`` when ``--tree`` is neither a shipped tree's name nor
    a file (any other failure to read is the loader's to report)."""
    from .format import TreeFormatError
    from .tree import resolve_tree

    if source is None:
        return
    if not source.strip():
        raise TreeFormatError(f"--tree is empty: name a tree file or a shipped tree ({PROG} --list-trees)")
    try:
        os.lstat(resolve_tree(source))
    except FileNotFoundError:
        raise TreeFormatError(f"no shipped tree or tree file named '{source}'{_did_you_mean(source)}") from None
    except (OSError, ValueError):  # unreadable, or a NUL in the name: the loader says why
        return


def _did_you_mean(source: str) -> str:
    """The end of the line for a ``--tree`` that names nothing: the shipped trees it probably
    meant, then where the whole list is."""
    from .listing import suggest_trees

    names = suggest_trees(source)
    meant = f": did you mean {' or '.join(names)}?" if names else ""
    return (
        f"{meant} ({PROG} --list-trees lists the shipped trees)"
        if meant
        else f": {PROG} --list-trees lists the shipped trees"
    )


def _run(argv: list[str]) -> int:
    """Parse, load, answer; every expected failure becomes an exception handled in main."""
    args = build_parser().parse_args(argv)
    if args.list_trees:
        return _list_trees()
    from .boards_tree import BoardsTree, load_any
    from .history import HistoryError, parse_history

    if any(not token.strip() for token in args.history):
        raise HistoryError("the history has an empty word or pattern")
    _check_tree_exists(args.tree)
    tree = load_any(args.tree)
    if isinstance(tree, BoardsTree):
        return _run_boards_tree(args, tree)
    if args.game is not None or args.boards is not None:
        return _run_boards(args, tree)
    history = parse_history(args.history, tree.game)
    if args.interactive:
        from .play import play

        return play(tree, history, sys.stdin, sys.stdout)
    position = tree.position(history)
    print(as_json(position) if args.json else "\n".join(describe(position)))
    return EXIT_OK


def _run_boards(args: argparse.Namespace, tree: Tree) -> int:
    """A multi-board game's next guess (:mod:`.boards_cli`)."""
    from .boards_cli import answer_boards, board_count, boards_json, describe_boards
    from .history import HistoryError

    if args.interactive:
        raise HistoryError("interactive play is single-board; give a multi-board history instead")
    position, guess, rule = answer_boards(tree, args.history, board_count(args.game, args.boards))
    if args.json:
        import json

        print(json.dumps(boards_json(position, guess, rule)))
    else:
        print("\n".join(describe_boards(position, guess, rule)))
    return EXIT_OK


def _run_boards_tree(args: argparse.Namespace, tree: BoardsTree) -> int:
    """The next guess on a multi-board tree file: the tree's move, or the policy's off it
    (``--game`` and ``--boards``, when given, must name the tree's boards)."""
    from .boards_cli import board_count, describe_tree_position, tree_position_json
    from .history import HistoryError

    if args.interactive:
        raise HistoryError("interactive play is single-board; give a multi-board history instead")
    if args.game is not None or args.boards is not None:
        asked = board_count(args.game, args.boards)
        if asked != tree.boards:
            raise HistoryError(f"the tree plays {tree.boards} boards, not {asked}")
    position = tree.position(args.history)
    if args.json:
        import json

        print(json.dumps(tree_position_json(position)))
    else:
        print("\n".join(describe_tree_position(position, tree.limit)))
    return EXIT_OK


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A warning (e.g. a newer minor tree format) as one line, without source location."""
    print(f"{PROG}: warning: {one_line(str(message))}", file=sys.stderr)


def _report(message: str, code: int, json_wanted: bool) -> int:
    """The error line on stderr and, with ``--json``, the error object on stdout (left out
    when stdout fails: the line already says what went wrong)."""
    message = one_line(message)
    print(f"{PROG}: {message}", file=sys.stderr)
    if json_wanted:
        import json

        try:
            print(json.dumps({"error": message, "exit_code": code}))
            sys.stdout.flush()
        except OSError:
            _stdout_failed()
    return code


def _stdout_failed() -> None:
    """Standard output failed: a program's stdout goes to /dev/null (see
    :func:`.output.discard_stdout`); a caller's own stdout is left to the caller."""
    from .output import discard_stdout, stdout_is_tagged

    if stdout_is_tagged():
        discard_stdout()


def _answer(argv: list[str]) -> int:
    """:func:`_run` under one-line warnings, standard output flushed (here, not at the
    interpreter's exit, so that a failure is reported); argparse's ``--help`` and
    ``--version``, which exit, give their exit code back instead."""
    import warnings  # already loaded by the interpreter: free

    from .output import flush_stdout

    try:
        with warnings.catch_warnings():
            warnings.showwarning = _one_line_warning
            code = _run(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else EXIT_OK
    flush_stdout()
    return code


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``wordle-next`` with ``argv`` (default: the command line); return the exit code.

    Called as a program (``argv`` None), Ctrl-C exits 130 at once, even during start-up
    (the handler stays until the process ends), and standard output reports its failures
    (see :mod:`.output`): a reader that stops early (``| head``) ends the program quietly
    with 0, a refused write (a full disk) is the error line ``cannot write to standard
    output: REASON`` with 2.  Called from Python with a list, signal handling and
    standard output are left to the caller, and a KeyboardInterrupt still returns 130.
    """
    as_program = argv is None
    if as_program:
        _install_sigint_handler()
    argv = sys.argv[1:] if argv is None else list(argv)
    json_wanted = "--json" in argv
    try:
        from .format import TreeFormatError
        from .history import HistoryError, NoAnswerError
        from .output import StdoutWriteError, tag_stdout_errors

        if as_program:
            tag_stdout_errors()
        try:
            return _answer(argv)
        except BrokenPipeError:  # the reader stopped early (| head): nothing more to say
            _stdout_failed()
            return EXIT_OK
        except StdoutWriteError as exc:
            _stdout_failed()
            return _report(str(exc), EXIT_USAGE, False)
        except UsageError as exc:
            return _report(str(exc), EXIT_USAGE, json_wanted)
        except NoAnswerError as exc:
            return _report(str(exc), EXIT_NO_ANSWER, json_wanted)
        except (HistoryError, TreeFormatError) as exc:
            return _report(str(exc), EXIT_USAGE, json_wanted)
    except KeyboardInterrupt:
        return _report("interrupted", EXIT_INTERRUPTED, json_wanted)


if __name__ == "__main__":
    sys.exit(main())
