"""What ``wordle-next -i`` tells the player besides the game: the ``help`` text, with entries
in the tree's own game, and the ``wordle-tree analyse`` command for a position off the tree,
with the options that play the tree's game (its lists, mode, depth limit and weights)."""

from __future__ import annotations

from .game import DEFAULT_GAME, DISTINCT, WORDLE
from .history import format_history

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Sequence

    from .tree import Tree

COMMAND_LINES = (
    ("undo, u, back", 'take back the last step; at "feedback for WORD:" forget WORD'),
    ("list, ls", "every answer still possible"),
    ("help, ?, h", "this text"),
    ("q, quit, exit", "leave the game (Ctrl-D too)"),
)
EMOJI = {"b": "⬛", "y": "🟨", "g": "🟩"}
HELP_WIDTH = 16  # characters of the help text's left column, at least


def _help(examples: Sequence[tuple[str, str]]) -> str:
    """The help text: the ``examples`` rows, then the commands, in two aligned columns."""
    rows = [*examples, *COMMAND_LINES]
    width = max(HELP_WIDTH, *(len(left) + 2 for left, _ in rows))
    return "\n".join(["At the prompt, type:", *(f"  {left:{width}}{right}" for left, right in rows)])


HELP_TEXT = _help(
    [
        ("bbygb", "the feedback for the suggested guess (also 00120 or 🟩🟨⬛⬛⬛)"),
        ("crane gyybb", "your own guess and its feedback (also crane=02110)"),
        ("crane", "your own guess; you are then asked for its feedback"),
    ]
)


def help_text(tree: Tree) -> str:
    """What ``help`` shows: the commands, and entries in the tree's own game (its word length
    and symbols, a guess of the tree, a pattern that guess can show)."""
    game = tree.game
    if game is DEFAULT_GAME:
        return HELP_TEXT
    first = tree.first_guess
    own = next((word for word in tree.guesses if word != first), first)
    answer = tree.answers[len(tree.answers) // 2]
    code, own_code = game.score_code(first, answer), game.score_code(own, answer)
    pattern, own_pattern = game.format_code(code), game.format_code(own_code)
    if game.rule == WORDLE:
        digits = pattern.translate(str.maketrans("byg", "012"))
        also = f"also {digits} or {''.join(EMOJI[ch] for ch in pattern)}"
    else:
        also = "also {},{}".format(*divmod(code, game.length + 1))
    own_digits = own_pattern.translate(str.maketrans("byg", "012")) if game.rule == WORDLE else own_pattern
    joined = "" if "=" in game.alphabet else f" (also {own}={own_digits})"
    return _help(
        [
            (pattern, f"the feedback for the suggested guess ({also})"),
            (f"{own} {own_pattern}", f"your own guess and its feedback{joined}"),
            (own, "your own guess; you are then asked for its feedback"),
        ]
    )


DEFAULT_LISTS, DEFAULT_MODE, DEFAULT_DEPTH = "original", "normal", 6  # wordle-tree analyse's defaults
PRIOR_SOURCE = r"prior frequency \((?:[a-z]+, )?width ([0-9.e+-]+), common ([0-9]+)\)"
SHELL_SAFE = "@%+=:,./-_"  # with letters and digits (any script's): a word a POSIX shell takes as it is
PRIOR_DEFAULTS = ("10", "3000")  # wordle-tree analyse's --prior-width and --prior-common


def analyse_options(tree: Tree) -> list[str]:
    """The ``wordle-tree analyse`` options that play ``tree``'s game: its lists, mode, depth
    limit and weights as its ``meta`` names them (a list read from a file is named by the
    file's name, so the command then finds it in the folder it was built in)."""
    meta = tree.meta
    lists, config = meta.get("word_lists", {}), meta.get("config", {})
    answers = str(lists.get("answers", {}).get("name") or config.get("answers") or DEFAULT_LISTS)
    guesses = str(lists.get("guesses", {}).get("name") or config.get("guesses") or DEFAULT_LISTS)
    options: list[str] = []
    if tree.game.rule != WORDLE:  # Mastermind: the codes name their game (mastermind:4x10:distinct)
        options += ["--game", answers if answers == f"{tree.game.name}:{DISTINCT}" else tree.game.name]
    else:
        if answers.startswith("all:"):
            answers, guesses = "all", answers[len("all:") :]
        paired = answers == guesses and not tree.game.is_default  # a named game's or a file's own list
        if answers != DEFAULT_LISTS:
            options += ["--answers", answers]
        if guesses != DEFAULT_LISTS and not paired:
            options += ["--guesses", guesses]
    mode = str(tree.mode or meta.get("mode") or DEFAULT_MODE)
    if mode != DEFAULT_MODE:
        options += ["--mode", mode]
    depth = meta.get("max_depth") or config.get("max_depth") or DEFAULT_DEPTH
    if depth != DEFAULT_DEPTH:
        options += ["--max-depth", str(depth)]
    weights = str(meta.get("weights", {}).get("source", "")) if tree.weights is not None else ""
    return options + _weights_options(weights)


def _weights_options(source: str) -> list[str]:
    """``--prior frequency`` (its width and common count when not the defaults) or
    ``--weights FILE`` for a tree's weights ``source``; nothing for a tree without weights."""
    import re

    prior = re.fullmatch(PRIOR_SOURCE, source)
    if prior:
        options = ["--prior", "frequency"]
        for name, value, default in zip(
            ("--prior-width", "--prior-common"), prior.groups(), PRIOR_DEFAULTS, strict=True
        ):
            options += [] if value == default else [name, value]
        return options
    return ["--weights", source[len("file ") :]] if source.startswith("file ") else []


def compiler_hint(steps: list[tuple[str, int]], tree: Tree | None = None) -> str | None:
    """A pointer to the exact analysis, when the compiler is installed (never imported here):
    a command that plays ``tree``'s game (None: the default tree's), quoted for a POSIX shell."""
    from importlib.util import find_spec

    if find_spec("wordle_compiler") is None:
        return None
    import shlex

    options = [] if tree is None else analyse_options(tree)
    game = DEFAULT_GAME if tree is None else tree.game
    words = ["wordle-tree", "analyse", *options, *format_history(steps, game).split()]
    command = " ".join(
        word if all(ch.isalnum() or ch in SHELL_SAFE for ch in word) else shlex.quote(word) for word in words
    )
    return f"hint: for the exact analysis of this position, run: {command}"
