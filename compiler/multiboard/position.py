"""The exact value of a live multi-board position, when its tuples are few enough.

A position is what a history leaves on each board (``wordle_runtime.boards``); its tuples
are every choice of one candidate per open board with no word twice.  With at most
:data:`MAX_ANALYSED_TUPLES` of them the exact search values the position and the moves;
beyond, the answer is the runtime policy's move, said to be a heuristic.
"""

from __future__ import annotations

import itertools
import math
import time
from dataclasses import dataclass

import numpy as np

from wordle_runtime.boards import BoardsPosition, next_move
from wordle_runtime.game import Game

from .exact import LOST, OneBoard, Problem, Report, SearchStopped, best_moves, guess_cost

MAX_ANALYSED_TUPLES = 20_000  # the tuples a live analysis searches (within its time limit)


@dataclass(frozen=True)
class BoardsMove:
    """A move and its exact cost from the position: guesses in all over the tuples (this
    one included) and tuples left unsolved within the limit."""

    word: str
    guesses: int
    lost: int


@dataclass(frozen=True)
class BoardsAnalysis:
    """A multi-board position's analysis (``wordle_compiler.analyse`` with ``boards`` > 1):
    its ``tuples`` (-1 when not counted), the guesses left, and either the exact best
    ``moves`` (``exact``) or the policy's move (``moves`` of one, costs unknown: -1); the
    open boards (numbered from 1) and each one's candidates; ``played``: the move asked
    about, valued exactly (None when not asked, or the position is not exact)."""

    tuples: int
    guesses_left: int
    exact: bool
    moves: tuple[BoardsMove, ...]
    played: BoardsMove | None = None
    open_boards: tuple[int, ...] = ()
    candidates: tuple[int, ...] = ()

    def to_json(self) -> dict:
        """The ``--json`` form (what ``wordle-tree analyse --game quordle --json`` prints)."""
        doc: dict = {"tuples": self.tuples, "guesses_left": self.guesses_left, "exact": self.exact}
        doc["moves"] = [vars(move) for move in self.moves]
        doc["open_boards"], doc["candidates"] = list(self.open_boards), list(self.candidates)
        if self.played is not None:
            doc["move"] = vars(self.played)
        return doc


def position_tuples(position: BoardsPosition, answers: list[str]) -> np.ndarray | None:
    """The position's tuples as answer indices (``int32[N, open boards]``), or None when
    there are more than :data:`MAX_ANALYSED_TUPLES`.  Boards with equal candidate sets take
    distinct words of it (``perm(|C|, j)`` ways); boards played alike never share a word
    otherwise, and any that do are filtered one tuple at a time."""
    index = {word: i for i, word in enumerate(answers)}
    sets = [tuple(index[w] for w in position.candidates[b]) for b in position.open_boards]
    groups: dict[tuple[int, ...], list[int]] = {}
    for column, words in enumerate(sets):
        groups.setdefault(words, []).append(column)
    if math.prod(math.perm(len(words), len(columns)) for words, columns in groups.items()) > MAX_ANALYSED_TUPLES:
        return None
    ways = [list(itertools.permutations(words, len(columns))) for words, columns in groups.items()]
    order = [column for columns in groups.values() for column in columns]
    rows = [row for choice in itertools.product(*ways) if len(set(row := sum(choice, ()))) == len(row)]
    if len(rows) > MAX_ANALYSED_TUPLES:
        return None
    tuples = np.array(rows, dtype=np.int32).reshape(len(rows), len(sets))
    placed = np.empty_like(tuples)
    placed[:, order] = tuples
    return placed


@dataclass(frozen=True)
class BoardsGame:
    """The lists a multi-board position is played over: ``answers``, ``guesses``, their
    matrix ``codes`` (guesses × answers), the single-board game and the opening guess."""

    answers: list[str]
    guesses: list[str]
    codes: np.ndarray
    game: Game
    opening: str


@dataclass(frozen=True)
class SearchAids:
    """What a live analysis lends the exact search: ``one_board``, the single-board engine's
    value of a position with one board open (:class:`.exact.Problem`); ``time_limit``, the
    seconds the search may take; ``report``, told (done, of) as the position's first guesses
    are valued (:attr:`.exact.Problem.report`)."""

    one_board: OneBoard | None = None
    time_limit: float | None = None
    report: Report | None = None


def analyse_position(
    position: BoardsPosition,
    played: BoardsGame,
    top: int,
    left: int | None = None,
    aids: SearchAids = SearchAids(),
    move: str | None = None,
) -> BoardsAnalysis:
    """The best ``top`` moves of ``position`` by exact cost (fewest lost, then fewest
    guesses; ties in the search's guess order) and ``move``'s exact cost (``played``), or
    the policy's move when it has too many tuples or the search passes ``aids.time_limit``
    (``exact`` false; ``tuples`` is -1 only when there were too many to search); ``left``:
    the guesses left (default: the game's)."""
    tuples = position_tuples(position, played.answers)
    left = position.guesses_left if left is None else left
    if tuples is not None:
        problem = Problem(played.codes, played.game.all_correct, one_board=aids.one_board, report=aids.report)
        if aids.time_limit is not None:
            problem.deadline = time.monotonic() + aids.time_limit
        try:
            moves = tuple(_move(played.guesses[g], cost) for cost, g in best_moves(problem, tuples, left, top))
            asked = None
            if move is not None:
                asked = _move(move, guess_cost(problem, tuples, played.guesses.index(move), left, None))
        except SearchStopped:
            pass
        else:
            return BoardsAnalysis(len(tuples), left, True, moves, asked)
    guess, _ = next_move(position, played.guesses, played.game, played.opening)
    return BoardsAnalysis(-1 if tuples is None else len(tuples), left, False, (BoardsMove(str(guess), -1, -1),))


def move_value(
    position: BoardsPosition, played: BoardsGame, word: str, left: int | None = None, one_board: OneBoard | None = None
) -> BoardsMove | None:
    """The exact cost of playing ``word`` now (None when the position has too many tuples);
    ``left``: the guesses left (default: the game's); ``one_board`` as for :func:`analyse_position`."""
    tuples = position_tuples(position, played.answers)
    if tuples is None:
        return None
    problem = Problem(played.codes, played.game.all_correct, one_board=one_board)
    left = position.guesses_left if left is None else left
    cost = guess_cost(problem, tuples, played.guesses.index(word), left, None)
    return _move(word, cost)


def _move(word: str, cost: int) -> BoardsMove:
    lost, guesses = divmod(cost, LOST)
    return BoardsMove(word, guesses, lost)
