"""What the two click command lines share: exit codes, one-line errors, JSON errors,
one-line warnings, ``--version`` and "… and N more".

Exit codes (the README's "Errors and exit codes" table; tests check both agree):

====  ===========================================================================
0     success; also when the reader of standard output stopped early (``| head``): the
      command ends quietly
1     no answer: an infeasible depth, a tree deeper than ``--max-depth``, a failed
      verification
2     bad input: a bad option, word, word list, tree file, text file or output path; or
      standard output refused a write (``cannot write to standard output: REASON``)
3     internal error (a bug): reported in one line; ``WORDLE_TREE_DEBUG=1`` shows the traceback
130   interrupted (Ctrl-C), at any moment including start-up (startup.exit_on_interrupt_while_loading)
143   terminated (SIGTERM), at any moment including start-up, as for 130
====  ===========================================================================

Every failure is exactly one line on stderr, ``PROG: message``.  With ``--json`` the
same failure is also printed on stdout as a JSON object with an ``error`` field, so a
caller that parses stdout always gets an object.

The options every command spells the same way live here too: ``--max-depth`` (one range,
:data:`..core.settings.MAX_DEPTH_LIMIT`), ``--json``, ``--quiet`` and ``--game``.  How files
and ``-`` (standard input or output) are taken is in :mod:`.streams`.
"""

from __future__ import annotations

import json
import os
import sys
import warnings
from contextlib import contextmanager
from typing import TYPE_CHECKING

import click

from wordle_runtime.format import TreeFormatError
from wordle_runtime.history import HistoryError
from wordle_runtime.messages import one_line as runtime_one_line
from wordle_runtime.output import (
    StdoutClosed,
    StdoutWriteError,
    discard_stdout,
    flush_stdout,
    stdout_is_tagged,
    tag_stdout_errors,
)

from .. import __version__
from ..core.settings import DEFAULT_MAX_DEPTH, MAX_DEPTH_LIMIT, MODE_ALIASES, MODE_NAMES
from ..util.files import OutputError
from . import interrupts
from .numbers import PlainIntRange
from .startup import EXIT_INTERRUPTED, EXIT_TERMINATED, exit_process, no_collection_at_exit, single_threaded_blas

if TYPE_CHECKING:
    from ..kinds import Kind

single_threaded_blas()  # every command line imports this module before numpy: see startup

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_CODES = (EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_TERMINATED)  # the table
DEBUG_ENV = "WORDLE_TREE_DEBUG"
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class CliError(click.ClickException):
    """A failure to report in one line; ``details`` are merged into the ``--json`` object."""

    exit_code = EXIT_BAD_INPUT

    def __init__(self, message: str, exit_code: int | None = None, details: dict | None = None):
        super().__init__(one_line(message))
        if exit_code is not None:
            self.exit_code = exit_code
        self.details = details or {}


class FailedError(CliError):
    """A valid request with a negative answer (infeasible, too deep, verification failed)."""

    exit_code = EXIT_FAILED


def one_line(text) -> str:
    """Collapse any message to one line (a multi-line message would break the contract),
    cut as the runtime cuts its own (a 20 MB history must not come back as one line)."""
    return runtime_one_line(str(text))


def shorten(items, limit: int = 20) -> str:
    """``a, b, c … and 17 more``: the one way long lists are cut, everywhere."""
    items = [str(i) for i in items]
    if len(items) <= limit:
        return ", ".join(items)
    return ", ".join(items[:limit]) + f" … and {len(items) - limit} more"


def version_option(prog: str):
    """The ``--version`` option for ``prog``: prints ``PROG VERSION`` and exits."""
    return click.version_option(
        __version__, "--version", prog_name=prog, message="%(prog)s %(version)s", help="print the version and exit"
    )


def _wants_json(args) -> bool:
    for arg in args:
        if arg == "--":
            return False
        if arg == "--json":
            return True
    return False


@contextmanager
def one_line_warnings(prog: str):
    """Warnings (ours and the libraries') as ``PROG: warning: text`` instead of two lines
    with a source path and a code line."""

    def show(message, category, filename, lineno, file=None, line=None):
        (file or sys.stderr).write(f"{prog}: warning: {one_line(message)}\n")

    saved = warnings.showwarning
    warnings.showwarning = show
    try:
        yield
    finally:
        warnings.showwarning = saved


def _known_exit_code(exc: BaseException):
    """Exit code and message for the errors that mean bad input, else None."""
    if isinstance(exc, (OutputError, TreeFormatError, HistoryError)):
        return EXIT_BAD_INPUT, str(exc)
    from ..core.wordlists import WordListError  # light: wordlists imports numpy only when used

    if isinstance(exc, WordListError):
        return EXIT_BAD_INPUT, str(exc)
    if isinstance(exc, MemoryError):
        return EXIT_BAD_INPUT, "out of memory: the input is too large for this machine"
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if exc.filename else ""
        return EXIT_BAD_INPUT, f"{where}{exc.strerror or exc}"
    return None


def _report(prog, message, code, as_json, details=None) -> int:
    """The error line on stderr and, with ``--json``, the error object on stdout (left out
    when stdout fails: the line already says what went wrong)."""
    message = one_line(message)
    click.echo(f"{prog}: {message}", err=True)
    if as_json:
        try:
            click.echo(json.dumps({**(details or {}), "error": message, "exit_code": code}))
        except OSError:
            discard_stdout()
    return code


def exit_after(command, argv, prog):
    """A command line's ``main``: run ``command`` on ``argv`` (default ``sys.argv[1:]``) and
    exit with its code; run as the program (``argv`` None), without the interpreter's
    teardown (see :func:`startup.exit_process`)."""
    code = run_click(command, argv, prog, as_program=argv is None)
    if argv is None:
        exit_process(code)
    sys.exit(code)


def run_click(command, argv, prog, as_program: bool = False) -> int:
    """Run a click command; every outcome is an exit code and at most one line on stderr.
    ``as_program``: this process is the command, so a Ctrl-C whose unwinding blocks may
    end it (see :mod:`.interrupts`), and standard output names itself when it fails (see
    :mod:`wordle_runtime.output`)."""
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = _wants_json(args)
    no_collection_at_exit()  # every command line: see startup
    if as_program:
        tag_stdout_errors()

    def say_stopped():
        _report(prog, *interrupts.stop(), as_json)

    try:
        with interrupts.recorded(say_stopped, as_program), one_line_warnings(prog):
            code = _invoke(command, prog, args)
            interrupts.check_interrupted()
            flush_stdout()  # here, not at exit, so that a failure is reported
    except (click.exceptions.Abort, KeyboardInterrupt):
        interrupts.report_once()
        return interrupts.stop()[1]
    except CliError as exc:
        return _report(prog, exc.format_message(), exc.exit_code, as_json, exc.details)
    except click.ClickException as exc:  # click's own usage errors
        hint = f" (see {prog} --help)" if isinstance(exc, click.UsageError) else ""
        return _report(prog, exc.format_message() + hint, exc.exit_code, as_json)
    except StdoutWriteError as exc:
        discard_stdout()
        return _report(prog, str(exc), EXIT_BAD_INPUT, as_json=False)
    except BrokenPipeError as exc:
        if isinstance(exc, StdoutClosed) or not stdout_is_tagged():
            # the reader stopped early (``| head``): not an error of ours, and nothing more to say
            discard_stdout()
            return EXIT_OK
        return _unexpected(prog, exc, as_json)  # another pipe (a worker's) broke
    except Exception as exc:  # noqa: BLE001 - the one place that turns anything into one line
        return _unexpected(prog, exc, as_json)
    return code if isinstance(code, int) else EXIT_OK


def _invoke(command, prog, args):
    """Parse ``args`` and run ``command``; ``--help`` and ``--version`` give their exit code."""
    try:
        # not command.main(): on Ctrl-C it prints an empty line to stderr before our one
        with command.make_context(prog, args) as ctx:
            return command.invoke(ctx)
    except click.exceptions.Exit as exc:
        return exc.exit_code


def _unexpected(prog, exc: Exception, as_json: bool) -> int:
    """Any other exception, as one line: bad input when it is a kind that means it,
    else an internal error (``WORDLE_TREE_DEBUG=1`` re-raises it for the traceback)."""
    if interrupts.interrupted():  # an error that replaced a KeyboardInterrupt
        interrupts.report_once()
        return interrupts.stop()[1]
    known = _known_exit_code(exc)
    if known is not None:
        return _report(prog, known[1], known[0], as_json)
    if os.environ.get(DEBUG_ENV):
        raise exc
    return _report(
        prog,
        f"internal error, please report it: {type(exc).__name__}: {exc} ({DEBUG_ENV}=1 shows the traceback)",
        EXIT_INTERNAL,
        as_json,
    )


def not_empty(ctx, param, value):
    """A click callback: an option given as an empty string is an error, not "no value"."""
    if value is not None and not str(value).strip():
        raise click.BadParameter("must not be empty")
    return value


def max_depth_option(help_text: str, default: int | None = DEFAULT_MAX_DEPTH):
    """The ``--max-depth`` option, with the one range every command takes (1 to
    ``MAX_DEPTH_LIMIT`` guesses); a value outside it is click's one line naming the range."""
    return click.option(
        "--max-depth",
        type=PlainIntRange(1, MAX_DEPTH_LIMIT),
        default=default,
        show_default=default is not None,
        help=help_text,
    )


def mode_option(help_text: str, default: str | None = "normal"):
    """The ``--mode`` option: a mode's name or another name of it (``MODE_ALIASES``: strict is
    possible mode), passed on as the mode's own name."""

    def own_name(ctx, param, value):
        return None if value is None else MODE_ALIASES.get(value, value)

    return click.option(
        "--mode",
        type=click.Choice(MODE_NAMES),
        default=default,
        show_default=default is not None,
        callback=own_name,
        help=help_text,
    )


def given_max_depth(ctx: click.Context) -> int | None:
    """``--max-depth`` when the command line gives it, else None (the game's own limit: 6
    guesses, K + 5 on K boards)."""
    given = ctx.get_parameter_source("max_depth") not in (None, click.core.ParameterSource.DEFAULT)
    return ctx.params["max_depth"] if given else None


def refuse_given(ctx: click.Context, names, what: str) -> None:
    """One line naming the first option of ``names`` (parameter names) the command line
    gives, which ``what`` does not take."""
    for name in names:
        if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT):
            raise CliError(f"{option_name(ctx, name)} is for {what}")


def refuse_other_kind(ctx: click.Context, kind: Kind, what: str) -> None:
    """One line naming the first option the command line gives that entry ``what`` of the
    kind of game ``kind`` does not take (``wordle_compiler.kinds``)."""
    defaults = (None, click.core.ParameterSource.DEFAULT)
    given = [name for name in ctx.params if ctx.get_parameter_source(name) not in defaults]
    refusal = kind.refusal(what, given, lambda name: option_name(ctx, name))
    if refusal:
        raise CliError(refusal)


def option_name(ctx: click.Context, name: str) -> str:
    """The option a parameter is given as on the command line (``show_stats`` -> ``--stats``)."""
    for param in ctx.command.params:
        if param.name == name and param.opts:
            return max(param.opts, key=lambda opt: (opt.startswith("--"), len(opt)))
    return "--" + name.replace("_", "-")


def split_long_games(value: int, deep: int | None) -> tuple[int | None, int]:
    """(answers needing ``deep`` or more guesses, total) of a fewest-deep value (``DEEP_COST *
    long + total``); (None, value) when there is no ``deep``."""
    from ..search import DEEP_COST

    return divmod(value, DEEP_COST) if deep is not None else (None, value)


def json_option(help_text: str = "print one JSON object on stdout (also on failure)"):
    """The ``--json`` flag (parameter ``as_json``); failures become JSON through :func:`run_click`."""
    return click.option("--json", "as_json", is_flag=True, help=help_text)


def quiet_option(help_text: str = "no progress, notices or warnings on stderr"):
    """The ``--quiet`` flag: errors are still reported, everything else on stderr is not."""
    return click.option("--quiet", is_flag=True, help=help_text)


@contextmanager
def quiet_warnings(quiet: bool):
    """Warnings during the work: each shown once as one line, or none when ``quiet``."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore" if quiet else "default")
        yield


def game_option(command):
    """``--game NAME``: ``wordle`` (the default: the game the word lists play, any length and
    alphabet), a named game (``es``, ``nerdle``: its shipped lists, :mod:`..core.games`) or
    ``mastermind:PxC`` (P pegs, C colours), whose codes are the answers and the guesses
    (``mastermind:PxC:distinct`` its codes of P different colours, ``bulls-and-cows``
    ``mastermind:4x10:distinct``); the command then plays the :func:`game_settings` it makes."""
    from ..core.games import NAMED_GAMES

    return click.option(
        "--game",
        default=None,
        metavar="NAME",
        help=f"wordle (the lists' own game); a named game with its lists: {' '.join(NAMED_GAMES)}; or "
        "mastermind:PxC, e.g. mastermind:4x6, whose codes are the answers and guesses "
        "(mastermind:PxC:distinct: codes of P different colours; bulls-and-cows: mastermind:4x10:distinct)",
    )(command)


def boards_option(purpose: str = ""):
    """``--boards K``: K boards at once, K from :data:`wordle_runtime.boards.MIN_BOARDS` to
    :data:`~wordle_runtime.boards.MAX_BOARDS` (out of range: one line, exit 2); the help names
    the range and the multi-board games (``purpose``: what the command does with them)."""
    from wordle_runtime.boards import BOARD_GAMES, EXTRA_GUESSES, MAX_BOARDS, MIN_BOARDS

    games = ", ".join(f"{name} {boards}" for name, boards in BOARD_GAMES.items())
    return click.option(
        "--boards",
        type=PlainIntRange(MIN_BOARDS, MAX_BOARDS),
        metavar="K",
        help=f"K boards at once, {MIN_BOARDS} to {MAX_BOARDS}, K + {EXTRA_GUESSES} guesses (--game {games}){purpose}",
    )


def game_settings(
    game: str | None,
    mode: str,
    answers: str,
    guesses: str | None,
    max_depth: int | None = DEFAULT_MAX_DEPTH,
    objective: str = "total",
    deep: int | None = None,
    boards: int | None = None,
):
    """The :class:`..core.settings.Settings` a command's options make: ``--game`` and
    ``--boards`` resolved once, to the game the command plays (a named game's lists where
    none are given, Mastermind's codes, the boards of a multi-board game: ``quordle``),
    with the lists, mode, depth limit (None: the game's own) and objective.  One line in
    the command line's words when the game is unknown, has no such ``mode``, has more codes
    than the limits take (counted, never made), lists are given with Mastermind, or the
    boards contradict the game."""
    from ..core.games import CodeListsError
    from ..core.settings import Settings
    from ..core.wordlists import EMPTY_LIST

    if not str(answers).strip() or (guesses is not None and not str(guesses).strip()):
        raise CliError(EMPTY_LIST)
    try:
        return Settings(game, mode, answers, guesses, max_depth, objective, deep, boards=boards)
    except CodeListsError as exc:
        raise CliError(f"--game {exc.spec} plays every code as answer and guess: no --answers or --guesses") from None
    except ValueError as exc:
        raise CliError(str(exc)) from None
