"""``wordle-next -i``: play a whole game at the prompt, with the player's own guesses allowed.

At each prompt the player types the feedback for the suggested guess (``bbygb``,
``00120``, emoji), or a guess of their own with its feedback (``crane gyybb``,
``crane=02110``), or just their word, and is then asked for its feedback.  A bad entry
gets a one-line reason and the same prompt again.
"""

from __future__ import annotations

from .feedback import WORD_LENGTH, parse_pattern
from .history import HistoryError, format_history, parse_history

QUIT = {"q", "quit", "exit"}
HELP = ("Type the feedback for the suggested guess (bbygb, 00120 or 🟩🟨⬛), or your own guess "
        "and its feedback (crane gyybb, crane=02110), or just your word. q quits.")


def _ask(prompt: str, inp, out) -> str | None:
    """One line from the player, stripped; None at end of input or on q."""
    out.write(prompt)
    out.flush()
    line = inp.readline()
    if not line or line.strip().lower() in QUIT:
        return None
    return line.strip()


def _is_word(text: str) -> bool:
    return len(text) == WORD_LENGTH and text.isascii() and text.isalpha()


def _pattern_for(word: str, inp, out):
    """Ask for ``word``'s feedback until it parses; None if the player quits."""
    while True:
        line = _ask(f"feedback for {word}: ", inp, out)
        if line is None:
            return None
        try:
            return parse_pattern(line)
        except ValueError as exc:
            print(f"  {exc}; try again", file=out)


def _read_step(tree, steps, position, inp, out):
    """The next (word, code) step, checked against the tree; None if the player quits."""
    while True:
        line = _ask(f"feedback for {position.guess}, or your own guess: ", inp, out)
        if line is None:
            return None
        if not line:
            continue
        try:
            step = (position.guess, parse_pattern(line))
        except ValueError:
            step = _own_step(tree, steps, position, line, inp, out)
            if step is None:
                return None
            if step is False:
                continue
        try:
            tree.position(steps + [step])
        except HistoryError as exc:
            print(f"  {exc}; try again", file=out)
            continue
        return step


def _own_step(tree, steps, position, line, inp, out):
    """A step of the player's own: ``crane gyybb`` / ``crane=02110`` / ``crane`` + prompt.

    Returns the step, None if the player quit, or False after explaining a bad entry.
    """
    if _is_word(line):
        word = line.lower()
        problem = None if position.on_tree and word == position.guess else tree.guess_problem(steps, word)
        if problem:
            print(f"  {problem}; try again", file=out)
            return False
        code = _pattern_for(word, inp, out)
        return None if code is None else (word, code)
    try:
        parsed = parse_history(line)
    except HistoryError as exc:
        message = str(exc).split(": ", 1)[-1]  # the step number means nothing here
        print(f"  {message}; try again", file=out)
        return False
    if len(parsed) != 1:
        print("  one guess at a time, please; try again", file=out)
        return False
    return parsed[0]


def _compiler_hint(steps) -> str | None:
    """A pointer to the exact analysis, when the compiler is installed (never imported here)."""
    from importlib.util import find_spec

    if find_spec("wordle_compiler") is None:
        return None
    return f"hint: for the exact analysis of this position, run: wordle-tree analyse {format_history(steps)}"


def _show(position, out) -> None:
    n = len(position.candidates)
    left = f"{n} answer{'s' if n != 1 else ''} possible"
    if n <= 10:
        left += ": " + " ".join(position.candidates)
    if position.on_tree:
        left += (f"; {position.expected_guesses:.2f} guesses expected from here "
                 f"(at most {position.max_guesses})")
    print(left, file=out)
    print(f"play: {position.guess}", file=out)


def play(tree, history, inp, out) -> int:
    """Play from ``history`` until solved (exit code 0) or the player quits (0).

    ``history`` is anything :func:`parse_history` accepts; ``inp``/``out`` are text files.
    """
    steps = parse_history(history)
    print(HELP, file=out)
    on_tree = True
    while True:
        position = tree.position(steps)
        if position.solved:
            print(f"solved in {len(steps)}: {position.candidates[0]}", file=out)
            return 0
        if on_tree and not position.on_tree:
            print("you left the tree: from here the runtime's simple off-tree rule chooses "
                  "(not a proved best move)", file=out)
            hint = _compiler_hint(steps)
            if hint:
                print(hint, file=out)
        on_tree = position.on_tree
        _show(position, out)
        step = _read_step(tree, steps, position, inp, out)
        if step is None:
            return 0
        steps = steps + [step]
