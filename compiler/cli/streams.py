"""Files and the standard streams as the command lines take them: ``-`` for standard input
or output wherever a file is taken, a tree file argument (a path or a shipped tree's name),
the checks made on a destination before any work, binary bytes never written to a terminal,
and outputs written atomically.  Every refusal is a one-line :class:`.common.CliError`."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from wordle_runtime.boards_structure import BoardsTreeData
from wordle_runtime.format import TreeData, TreeFormatError

from . import interrupts
from .common import CliError

STDIO = "-"  # a file argument meaning standard input or output


def is_stdout(output: str | None) -> bool:
    """True when an ``-o`` value means standard output (not given, or ``-``)."""
    return output is None or output == STDIO


def file_only(reason: str) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    """A click callback for a file option that cannot be a stream: ``-`` is refused, saying why."""

    def check(ctx, param, value):
        if value == STDIO:
            raise click.BadParameter(f"'-' is not taken here: {reason}")
        return value

    return check


def refuse_binary_to_terminal(what: str, hint: str) -> None:
    """One line, exit 2, instead of binary bytes (a PNG, a tree file) on a terminal; called
    before the work, whenever standard output is the destination."""
    if sys.stdout.isatty():
        raise CliError(f"refusing to write {what} (binary) to a terminal; {hint}")


def check_tree_destination(output: str, as_json: bool) -> None:
    """Where a tree file will go, checked before any work: a writable file, or ``-`` when
    standard output may take binary bytes (and is not needed for ``--json``)."""
    if output != STDIO:
        from ..util.files import check_destination

        check_destination(output)
    elif as_json:
        raise CliError("--json needs -o FILE: stdout carries the tree file")
    else:
        refuse_binary_to_terminal("the tree file", "give -o FILE or redirect stdout")


def write_output(output: str | None, payload: bytes, after_stop: bool = False) -> None:
    """``payload`` to standard output (``-`` or no ``-o``), else atomically to the file.
    ``after_stop``: the payload is what an anytime search kept after Ctrl-C, to be written."""
    if not after_stop:
        interrupts.check_interrupted()  # a Ctrl-C that some library swallowed must still write nothing
    if is_stdout(output):
        sys.stdout.buffer.write(payload)
        sys.stdout.flush()
    else:
        from ..util.files import write_atomic

        write_atomic(output, payload)


def read_input(path: str, limit: int, what: str) -> bytes:
    """The bytes of a regular file (see :func:`..util.files.read_regular_file`), or of standard
    input for ``-``; at most ``limit`` bytes either way.  A terminal on standard input is
    refused: waiting for typed bytes would look like a hang."""
    if path != STDIO:
        from ..util.files import read_regular_file

        return read_regular_file(path, limit, what)
    if sys.stdin is None or sys.stdin.isatty():
        raise CliError(
            f"'-' reads the {what} from standard input, which is a terminal: pipe or redirect it, or give a file name"
        )
    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise CliError(f"the {what} on standard input is over the {limit:,}-byte limit")
    return data


def tree_source(path: str) -> str:
    """A tree file argument: a path, or the name of a shipped tree (``salet-optimal-hard``)."""
    from wordle_runtime.tree import resolve_tree

    if path is None or not str(path).strip():
        raise CliError("the tree file name is empty")
    return resolve_tree(path)


def load_tree_arg(path: str, several: bool = False) -> tuple[str, TreeData | BoardsTreeData, int]:
    """(resolved path, TreeData, size in bytes) for a tree file argument (``-``: standard input);
    ``several``: a multi-board tree (format 3.0) is read too, as ``BoardsTreeData``.

    Only a regular file is opened (a FIFO would block, ``/dev/zero`` never ends), with the
    runtime's size cap checked before reading; the runtime's loader validates the bytes.
    """
    from wordle_runtime.format import MAX_BOARDS_FILE_BYTES, MAX_FILE_BYTES, unpack_any, unpack_tree

    source = STDIO if path == STDIO else tree_source(path)
    blob = read_input(source, MAX_BOARDS_FILE_BYTES if several else MAX_FILE_BYTES, "tree file")
    try:
        return source, (unpack_any if several else unpack_tree)(blob), len(blob)
    except TreeFormatError as exc:
        raise CliError(f"{path}: {exc}") from None
