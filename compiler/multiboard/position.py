"""The exact value of a live multi-board position, when its tuples are few enough.

A position is what a history leaves on each board (``wordle_runtime.boards``); its tuples
are every choice of one candidate per open board with no word twice.  With at most
:data:`MAX_ANALYSED_TUPLES` of them the exact search values the position and the moves;
beyond, the answer is the runtime policy's move, said to be a heuristic.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np

from wordle_runtime.boards import BoardsPosition, next_move
from wordle_runtime.game import Game

from .exact import LOST, OneBoard, Problem, _guess_cost, guess_order, solve

MAX_ANALYSED_TUPLES = 300  # a Quordle position of 144 tuples: about 10 s


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
    there are more than :data:`MAX_ANALYSED_TUPLES`."""
    index = {word: i for i, word in enumerate(answers)}
    sets = [[index[w] for w in position.candidates[b]] for b in position.open_boards]
    bound = 1
    for words in sets:
        bound *= len(words)
    if bound > 50 * MAX_ANALYSED_TUPLES:
        return None
    rows = [t for t in itertools.product(*sets) if len(set(t)) == len(t)]
    if len(rows) > MAX_ANALYSED_TUPLES:
        return None
    return np.array(rows, dtype=np.int32).reshape(len(rows), len(sets))


@dataclass(frozen=True)
class BoardsGame:
    """The lists a multi-board position is played over: ``answers``, ``guesses``, their
    matrix ``codes`` (guesses × answers), the single-board game and the opening guess."""

    answers: list[str]
    guesses: list[str]
    codes: np.ndarray
    game: Game
    opening: str


def analyse_position(
    position: BoardsPosition, played: BoardsGame, top: int, left: int | None = None, one_board: OneBoard | None = None
) -> BoardsAnalysis:
    """The best ``top`` moves of ``position`` by exact cost (fewest lost, then fewest
    guesses; ties in the search's guess order), or the policy's move when it has too many
    tuples; ``left``: the guesses left (default: the game's); ``one_board``: the value of a
    position with one board open (:class:`.exact.Problem`)."""
    tuples = position_tuples(position, played.answers)
    left = position.guesses_left if left is None else left
    if tuples is None:
        guess, _ = next_move(position, played.guesses, played.game, played.opening)
        return BoardsAnalysis(-1, left, False, (BoardsMove(str(guess), -1, -1),))
    problem = Problem(played.codes, played.game.all_correct, one_board=one_board)
    solve(problem, tuples, left)
    best: list[tuple[int, int, int]] = []
    for rank, guess in enumerate(guess_order(problem, tuples)):
        beta = best[-1][0] + 1 if len(best) >= top else None
        cost = _guess_cost(problem, tuples, guess, left, beta)
        if beta is None or cost < beta:
            best = sorted([*best, (cost, rank, guess)])[:top]
    moves = tuple(_move(played.guesses[g], cost) for cost, _, g in best)
    return BoardsAnalysis(len(tuples), left, True, moves)


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
    cost = _guess_cost(problem, tuples, played.guesses.index(word), left, None)
    return _move(word, cost)


def _move(word: str, cost: int) -> BoardsMove:
    lost, guesses = divmod(cost, LOST)
    return BoardsMove(word, guesses, lost)
