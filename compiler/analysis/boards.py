"""A multi-board position's analysis: what ``wordle_compiler.analyse`` returns for several
boards, and as its JSON document what ``wordle-tree analyse --game quordle --json`` prints
and ``/api/boards`` returns.

The boards play the lists of the Settings (the original five-letter lists for a named game:
``dordle``, ``quordle``, ``octordle``); the position is valued exactly when its tuples are
few (``multiboard.position``) and the search ends within :data:`TIME_LIMIT` seconds, else
the answer is the policy's move, said to be a heuristic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from wordle_runtime.boards import answers_problem, board_position, boards_problem, parse_board_history
from wordle_runtime.history import NoAnswerError

from ..multiboard.exact import Report
from ..multiboard.position import (
    MAX_ANALYSED_TUPLES,
    BoardsAnalysis,
    BoardsGame,
    SearchAids,
    analyse_position,
)
from .one_board import analyse_one_board, board_context, one_board_values

if TYPE_CHECKING:
    from wordle_runtime.game import Game

    from ..core.settings import Settings

# The seconds the exact search of a live position may take before the policy answers.
TIME_LIMIT = 30.0


def analyse_boards(
    settings: Settings,
    history: Sequence[str] = (),
    top: int = 5,
    move: str | None = None,
    report: Report | None = None,
) -> BoardsAnalysis:
    """The analysis of the position the history's tokens lead to on ``settings.boards``
    boards of its lists, within its ``max_depth`` guesses; ``HistoryError``/``NoAnswerError``
    (from the runtime's parser) or ``ValueError`` (lists, boards, move) in one line;
    ``report`` is told (done, of) as the search values the position's first guesses."""
    played = played_lists(*settings.lists(), settings.game)
    problem = boards_problem(settings.boards, played.game)
    if problem:
        raise ValueError(problem)
    problem = answers_problem(settings.boards, played.answers)
    if problem:
        raise ValueError(problem)
    move = None if move is None else move.strip().lower()
    if move is not None and move not in played.guesses:
        raise ValueError(f"--move {move!r} is not in the guess list")
    steps = parse_board_history(list(history), played.game, settings.boards)
    position = board_position(played.answers, steps, played.game, settings.boards)
    if position.solved:
        raise ValueError("every board is solved by this history: there is no move left to analyse")
    left = settings.max_depth - position.guesses_used
    if left <= 0:
        raise NoAnswerError(
            f"the game is over: the history used {position.guesses_used} of its {settings.max_depth} guesses "
            f"with {len(position.open_boards)} board{'s' if len(position.open_boards) != 1 else ''} open"
        )
    ctx = board_context(*settings.lists(), settings.game)
    analysis = None
    if len(position.open_boards) == 1:  # a single-board position: the single-board engine values it
        analysis = analyse_one_board(ctx, position, top, left, move)
    if analysis is None:
        aids = SearchAids(one_board_values(ctx), TIME_LIMIT, report)
        analysis = analyse_position(position, played, top, left, aids, move)
    return replace(
        analysis,
        open_boards=tuple(b + 1 for b in position.open_boards),
        candidates=tuple(len(position.candidates[b]) for b in position.open_boards),
    )


@lru_cache(maxsize=4)
def played_lists(answers: str, guesses: str | None, game: Game | None = None) -> BoardsGame:
    """The lists, their matrix and the single-board opening (the default tree's first guess
    on its own lists, else the first answer)."""
    from wordle_runtime.tree import load

    from ..core.matrix import feedback_matrix
    from ..core.wordlists import load_word_lists

    words = load_word_lists(answers, guesses, game)
    tree = load()
    same_lists = tree.guess_list is not None and tuple(tree.guess_list) == tuple(words.guesses)
    opening = (
        str(tree.next_guess([])) if same_lists and tuple(tree.answers) == tuple(words.answers) else words.answers[0]
    )
    return BoardsGame(list(words.answers), list(words.guesses), feedback_matrix(words), words.game, opening)


def analysis_lines(doc: dict, move: str | None = None) -> list[str]:
    """The document as ``wordle-tree analyse`` prints it."""
    counts = doc["candidates"]
    left = f"{len(counts)} open board{'s' if len(counts) != 1 else ''} ({', '.join(map(str, counts))} answers)"
    if not doc["exact"]:
        why = (
            f"more tuples than an exact analysis takes ({MAX_ANALYSED_TUPLES:,})"
            if doc["tuples"] < 0
            else f"{doc['tuples']:,} tuples, not valued exactly within {TIME_LIMIT:g} s"
        )
        return [f"{left}: {why}", f"the policy's move (heuristic): {doc['moves'][0]['word']}"]
    tuples = doc["tuples"]
    lines = [
        (
            f"{tuples:,} tuples of distinct answers, {left}, {doc['guesses_left']} "
            f"guess{'es' if doc['guesses_left'] != 1 else ''} left"
        ),
        "best moves (exact: guesses in all over the tuples, this one included; tuples unsolved in time):",
    ]
    for rank, best in enumerate(doc["moves"], start=1):
        lost = f", {best['lost']:,} unsolved" if best["lost"] else ""
        lines.append(f"  {rank:>2}. {best['word']:<10} {best['guesses']:>7,}  {best['guesses'] / tuples:.4f}{lost}")
    value = doc.get("move")
    if move is not None and value is not None:
        loss = (value["guesses"] - doc["moves"][0]["guesses"]) / tuples
        lost = f", {value['lost']:,} unsolved" if value["lost"] else ""
        lines.append(f"{move}: {value['guesses']:,} guesses in all{lost}, {loss:.4f} more per tuple than the best")
    return lines
