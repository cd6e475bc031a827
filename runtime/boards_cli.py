"""``wordle-next --game quordle`` / ``--boards K``: the next guess of a multi-board game.

The boards play the tree's game over its answers and guess list (the default tree: the
original five-letter lists, as Dordle, Quordle and Octordle do); the move is the policy of
:mod:`.boards`, and the answer says which rule chose it.  On a multi-board tree file
(``wordle-next --tree dordle.wtree``, :mod:`.boards_tree`) the move is the tree's, with its
figures, until the history leaves the tree.
"""

from __future__ import annotations

from .boards import (
    BOARD_GAMES,
    DONE,
    LAST_CANDIDATE,
    BoardsPosition,
    answers_problem,
    board_position,
    boards_of,
    boards_problem,
    guess_limit,
    next_move,
    parse_board_history,
)
from .history import HistoryError, NoAnswerError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from .boards_tree import BoardsTreePosition
    from .tree import Tree

# Why the policy's move is the one it is, as the answer says it.
REASONS = {
    "opening": "the single-board tree's first guess",
    "last candidate": "a board has one answer left",
    "endgame": "the fewest guesses over every tuple left (searched over the candidates and 10 more words)",
    "most information": "the most information over the open boards (heuristic)",
}
SHOWN_CANDIDATES = 10


def board_count(game: str | None, boards: int | None) -> int:
    """The boards ``--game`` or ``--boards`` asks for (:func:`.boards.boards_of`);
    :class:`HistoryError` when they clash or ``--game`` names no multi-board game."""
    if game is not None and game.strip().lower() not in BOARD_GAMES:
        from .listing import suggest_trees

        trees = suggest_trees(game)
        named = f"--tree {' or --tree '.join(trees)}" if trees else "--tree, see --list-trees"
        raise HistoryError(
            f"wordle-next --game names a multi-board game ({', '.join(BOARD_GAMES)}), not {game!r}; "
            f"a single-board game is its tree's ({named})"
        )
    problem = None if boards is None else boards_problem(boards)
    if problem:
        raise HistoryError(problem)
    try:
        return boards_of(game, boards)[1]
    except ValueError as exc:
        raise HistoryError(str(exc)) from None


def answer_boards(tree: Tree, history: list[str], boards: int) -> tuple[BoardsPosition, str | None, str]:
    """The position ``history`` leads to on ``boards`` boards of ``tree``'s game, the next
    guess and the rule that chose it."""
    problem = boards_problem(boards, tree.game) or answers_problem(boards, tree.answers)
    if tree.meta.get("mode", "normal") != "normal":
        problem = problem or f"multi-board games are played in normal mode; this tree plays {tree.meta['mode']} mode"
    if problem:
        raise HistoryError(problem)
    steps = parse_board_history(history, tree.game, boards)
    listed = tree.guess_list
    for number, (word, _) in enumerate(steps, start=1):
        if listed is not None and word not in listed:
            raise HistoryError(f"step {number}: {word!r} is not in the guess list")
    position = board_position(tree.answers, steps, tree.game, boards)
    if not position.solved and position.guesses_left <= 0:
        raise NoAnswerError(f"the {guess_limit(boards)} guesses are spent with {len(position.open_boards)} boards open")
    opening = tree.next_guess([])
    guesses = list(listed) if listed is not None else list(tree.answers)  # decoded once
    guess, rule = next_move(position, guesses, tree.game, opening or tree.answers[0])
    return position, guess, rule


def describe_boards(position: BoardsPosition, guess: str | None, rule: str) -> list[str]:
    """The plain-text answer: the guess and why, then one line per board."""
    if rule == DONE:
        return ["solved: " + " ".join(word or "" for word in position.solved_by)]
    proved = " (proved: every open board has one answer)" if _proved(position, rule) else ""
    turn = f"guess {position.guesses_used + 1} of {guess_limit(position.boards)}"
    return [str(guess), f"{REASONS[rule]}{proved}; {turn}", *_board_lines(position)]


def describe_tree_position(position: BoardsTreePosition, limit: int) -> list[str]:
    """The plain-text answer on a multi-board tree file (``limit``: the guesses its game
    allows): the guess and why (the tree's move with its figures, or the policy's off the
    tree), then one line per board."""
    board = position.board
    if position.solved:
        return ["solved: " + " ".join(word or "" for word in board.solved_by)]
    turn = f"guess {board.guesses_used + 1} of {limit}"
    if position.on_tree and position.tuples is not None:
        most = f", at most {position.max_guesses}" if position.max_guesses else ""
        lost = f"{position.lost_tuples:,} lost" if position.lost_tuples else "none lost"
        tuples = f"{position.tuples:,} tuple{'s' if position.tuples != 1 else ''}"
        why = f"the tree's move (on the tree: {tuples}, {position.expected_guesses:.2f} guesses expected{most}, {lost})"
    else:
        proved = " (proved: every open board has one answer)" if _proved(board, position.rule) else ""
        left = "off the tree, which counts these tuples lost" if position.lost else "off the tree"
        why = f"{REASONS[position.rule]}{proved}, {left}"
    return [str(position.guess), f"{why}; {turn}", *_board_lines(board)]


def _board_lines(position: BoardsPosition) -> list[str]:
    """One line per board: solved by which word, or how many answers remain (and which)."""
    lines = []
    for b in range(position.boards):
        word = position.solved_by[b]
        if word is not None:
            lines.append(f"board {b + 1}: solved: {word}")
            continue
        words = position.candidates[b]
        tail = f": {' '.join(words)}" if len(words) <= SHOWN_CANDIDATES else ""
        count = f"{len(words)} answer{'s' if len(words) != 1 else ''} remain{'s' if len(words) == 1 else ''}"
        lines.append(f"board {b + 1}: {count}{tail}")
    return lines


def boards_json(position: BoardsPosition, guess: str | None, rule: str) -> dict[str, object]:
    """The ``--json`` answer (README: multi-board games)."""
    return {
        "guess": guess,
        "rule": rule,
        "proved": _proved(position, rule),
        "guesses_left": position.guesses_left,
        "solved": position.solved,
        "boards": [
            {
                "solved": position.solved_by[b],
                "remaining": len(position.candidates[b]),
                "candidates": position.candidates[b],
            }
            for b in range(position.boards)
        ],
    }


def tree_position_json(position: BoardsTreePosition) -> dict[str, object]:
    """The ``--json`` answer on a multi-board tree file: :func:`boards_json`'s fields (the
    guesses left under the tree's limit), ``on_tree``, ``lost`` (left the tree where it counts
    the tuples lost) and, on the tree, ``tuples``, ``expected_guesses``, ``max_guesses`` and
    ``lost_tuples`` (null off the tree)."""
    return {
        **boards_json(position.board, position.guess, position.rule),
        "guesses_left": position.guesses_left,
        "on_tree": position.on_tree,
        "lost": position.lost,
        "tuples": position.tuples,
        "expected_guesses": position.expected_guesses,
        "max_guesses": position.max_guesses,
        "lost_tuples": position.lost_tuples,
    }


def _proved(position: BoardsPosition, rule: str) -> bool:
    """The policy's move is proved best when every open board has one answer left: each of
    them takes a guess, and playing them in turn takes no more."""
    return rule == LAST_CANDIDATE and all(len(position.candidates[b]) == 1 for b in position.open_boards)
