"""``wordle-next -i``: play a whole game at the prompt, with the player's own guesses allowed.

At each prompt the player types the feedback for the suggested guess (``bbygb``,
``00120``, emoji), or a guess of their own with its feedback (``crane gyybb``,
``crane=02110``), or just their word, and is then asked for its feedback; or a command:
``undo``, ``list``, ``help``, ``q``.  A refused entry gets the reason ``wordle-next``
prints for the same history, then the same prompt again.

On the process's own terminal, lines are read with :func:`input` after importing
:mod:`readline` where the platform has it, for line editing and a history of entries.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager, suppress

from .feedback import parse_pattern
from .game import DEFAULT_GAME, Game, normalise_word
from .hints import compiler_hint, help_text
from .history import HistoryError, format_history, parse_history
from .messages import one_line

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import TextIO

    from .history import History
    from .tree import Position, Tree

QUIT, UNDO, LIST, HELP = "quit", "undo", "list", "help"
COMMANDS = {
    "q": QUIT,
    "quit": QUIT,
    "exit": QUIT,
    "undo": UNDO,
    "u": UNDO,
    "back": UNDO,
    "list": LIST,
    "ls": LIST,
    "help": HELP,
    "?": HELP,
    "h": HELP,
}
GREETING = "Type the feedback for the suggested guess, or your own guess; help lists the commands."
LIST_WIDTH = 60  # characters of a word-list line when the output is not a terminal
# A one-word entry outside the guess list with this many g/y/b letters is read as a
# mistyped pattern (gyxbb) rather than a misspelt word, and refused as a pattern.
PATTERN_LIKE_LETTERS = 3


def _is_word(text: str, game: Game = DEFAULT_GAME) -> bool:
    if game is DEFAULT_GAME:
        return len(text) == game.length and text.isascii() and text.isalpha()
    return game.word_problem(normalise_word(text)) is None


def _is_pattern(text: str, game: Game = DEFAULT_GAME) -> bool:
    try:
        parse_pattern(text) if game is DEFAULT_GAME else game.parse_code(text)
    except ValueError:
        return False
    return True


def _line_editing(inp: TextIO, out: TextIO) -> bool:
    """Whether to read with :func:`input`: only for the process's own terminal, since
    input() reads sys.stdin and writes its prompt to sys.stdout whatever was passed."""
    if inp is not sys.stdin or out is not sys.stdout:
        return False
    try:
        if not inp.isatty():
            return False
    except (AttributeError, ValueError):  # a replaced or closed stdin
        return False
    with suppress(ImportError):  # no readline (e.g. Windows, whose console edits lines itself)
        import readline  # noqa: F401  (imported for its effect: input() edits lines with it)
    return True


@contextmanager
def _ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt here instead of cli's immediate exit: readline
    restores the terminal's echo and line mode only when it sees the exception."""
    import signal

    try:
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:  # not the main thread: signals belong to the embedding program
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


class _Console:
    """The player's side of the game: lines in, text out."""

    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp, self.out = inp, out
        self.terminal = _line_editing(inp, out)

    def say(self, text: str = "") -> None:
        """Write one line (or several) to the player."""
        print(text, file=self.out)

    def ask(self, prompt: str) -> str | None:
        """One line from the player after ``prompt`` (written once), stripped; None at end of input."""
        if not self.terminal:
            self.out.write(prompt)
            self.out.flush()
            line = self.inp.readline()
            # a byte-order mark (a file saved by a Windows editor) is no part of a word
            return line.lstrip("\ufeff").strip() if line else None
        try:
            with _ctrl_c_raises():
                return input(prompt).strip()
        except EOFError:
            self.say()  # Ctrl-D leaves the cursor after the prompt
            return None
        except KeyboardInterrupt:
            self.say()  # the caller's "interrupted" line starts on a line of its own
            raise

    def width(self) -> int:
        """Characters per line for word lists: the terminal's width, else LIST_WIDTH."""
        try:
            if self.out.isatty():
                return os.get_terminal_size(self.out.fileno()).columns
        except (AttributeError, OSError, ValueError):
            pass
        return LIST_WIDTH


class _Game:
    """One game: the tree, the steps so far ((word, code) pairs) and the console."""

    def __init__(self, tree: Tree, steps: list[tuple[str, int]], console: _Console) -> None:
        self.tree, self.steps, self.io = tree, steps, console

    def refuse(self, message: str) -> None:
        """The reason ``wordle-next`` gives on its error line for the same history."""
        self.io.say(f"  {one_line(message)}; try again")

    def checked(self, entry: str | tuple[str, str]) -> list[tuple[str, int]] | None:
        """The steps ``entry`` adds (text such as ``crane gyybb``, or a (word, pattern)
        pair), checked as ``wordle-next`` checks a whole history; None after refusing."""
        try:
            steps = parse_history([*self.steps, entry], self.tree.game)
            self.tree.position(steps)
        except HistoryError as exc:
            self.refuse(str(exc))
            return None
        return steps[len(self.steps) :]

    def read(self, prompt: str, position: Position) -> tuple[str | None, str]:
        """The next entry at ``prompt`` as (command, line): command is QUIT, UNDO or None
        for a non-empty line to interpret; help and list are answered here."""
        while True:
            line = self.io.ask(prompt)
            if line is None:
                return QUIT, ""
            command = COMMANDS.get(line.lower())
            if command == HELP:
                self.io.say(help_text(self.tree))
            elif command == LIST:
                _list(position.candidates, self.io)
            elif command or line:
                return command, line

    def next_steps(self, position: Position) -> list[tuple[str, int]] | str:
        """What the player does at the main prompt: the steps they add (a list), UNDO, or QUIT."""
        prompt = f"feedback for {position.guess}, or your own guess: "
        while True:
            command, line = self.read(prompt, position)
            if command == UNDO and not self.steps:
                self.io.say("nothing to undo")
            elif command:
                return command
            else:
                steps = self.entry(line, position)
                if steps is not None:
                    return steps

    def entry(self, line: str, position: Position) -> list[tuple[str, int]] | str | None:
        """The steps a line at the main prompt adds, QUIT, or None to prompt again."""
        assert position.guess is not None, "play() stops at a solved position, the only one without a guess"
        if len(line.replace(",", " ").split()) > 1 or any(sep in line for sep in ":="):
            return self.checked(line)
        game = self.tree.game
        word = line.lower() if game is DEFAULT_GAME else normalise_word(line)
        if not _is_word(line, game) or _is_pattern(line, game) or self._mistyped_pattern(word):
            return self.checked((position.guess, line))
        on_tree_guess = position.on_tree and word == position.guess  # the compiler verified it
        problem = None if on_tree_guess else self.tree.guess_problem(self.steps, word)
        if problem:
            self.refuse(f"step {len(self.steps) + 1}: {problem}")
            return None
        return self.feedback_for(word, position)

    def _mistyped_pattern(self, word: str) -> bool:
        return not self.tree.is_guess_allowed(word) and sum(ch in "gyb" for ch in word) >= PATTERN_LIKE_LETTERS

    def feedback_for(self, word: str, position: Position) -> list[tuple[str, int]] | str | None:
        """Ask for ``word``'s feedback until the step is accepted: its steps, QUIT, or
        None when the player takes the word back with undo."""
        while True:
            command, line = self.read(f"feedback for {word}: ", position)
            if command == UNDO:
                return None
            if command:
                return command
            steps = self.checked((word, line))
            if steps is not None:
                return steps


def _plural(n: int) -> str:
    return f"{n} answer{'s' if n != 1 else ''} possible"


def _show(position: Position, io: _Console) -> None:
    left = _plural(len(position.candidates))
    if len(position.candidates) <= 10:
        left += ": " + " ".join(position.candidates)
    if position.on_tree:
        left += (
            f"; {position.expected_guesses:.2f} guesses expected from here{position.expected_note} "
            f"(at most {position.max_guesses})"
        )
    io.say(left)
    io.say(f"play: {position.guess}")


def _list(candidates: Sequence[str], io: _Console) -> None:
    """Every remaining answer, the count first, as many words a line as the width takes."""
    io.say(f"{_plural(len(candidates))}:")
    per_line = max(1, io.width() // (len(candidates[0]) + 1 if candidates else 6))
    for start in range(0, len(candidates), per_line):
        io.say(" ".join(candidates[start : start + per_line]))


def play(tree: Tree, history: History, inp: TextIO, out: TextIO) -> int:
    """Play from ``history`` until solved (exit code 0) or the player quits (0).

    ``history`` is anything :func:`parse_history` accepts; ``inp``/``out`` are text
    files.  Given ``sys.stdin``/``sys.stdout`` on a terminal, lines are read with
    :func:`input` (readline editing where available), and Ctrl-C at the prompt raises
    KeyboardInterrupt once readline has restored the terminal.  ``undo`` may take back
    the steps of ``history`` too, down to the empty game.
    """
    io = _Console(inp, out)
    game = _Game(tree, parse_history(history, tree.game), io)
    io.say(GREETING)
    on_tree = True
    while True:
        position = tree.position(game.steps)
        if position.solved:
            io.say(f"solved in {len(game.steps)}: {position.candidates[0]}")
            return 0
        if on_tree and not position.on_tree and len(position.candidates) == 1:
            io.say(f"you left the tree; one answer is left, {position.candidates[0]}: proved best, solved in 1 more")
        elif on_tree and not position.on_tree:
            io.say("you left the tree: from here the runtime's simple off-tree rule chooses (not a proved best move)")
            hint = compiler_hint(game.steps, tree)
            if hint:
                io.say(hint)
        on_tree = position.on_tree
        _show(position, io)
        result = game.next_steps(position)
        if result == QUIT:
            return 0
        if result == UNDO:
            io.say(f"took back {format_history(game.steps[-1:], tree.game)}")
            game.steps = game.steps[:-1]
        elif isinstance(result, list):
            game.steps = game.steps + result
