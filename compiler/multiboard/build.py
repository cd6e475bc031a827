"""An exact multi-board tree over lists small enough to hold every tuple, and its figures."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

import numpy as np

from wordle_runtime.boards import boards_problem
from wordle_runtime.game import Game

from .exact import LOST, MAX_EXACT_TUPLES, Problem, best_guess, canonical, solve

OBJECTIVES = ("total", "win")


class BoardsError(ValueError):
    """A multi-board build that cannot run (one line)."""


@dataclass
class BoardsResult:
    """One exact multi-board build: its cost split into lost tuples and guesses, the
    histogram of the guesses each solved tuple took, and the tree as nested maps
    (``{"guess": word, "next": {"pattern,pattern": subtree}}``; a subtree is ``"solved"``
    when every board is, ``"lost"`` when the limit comes first)."""

    boards: int
    answers: int
    tuples: int
    limit: int
    objective: str
    lost: int
    total_guesses: int
    histogram: dict[int, int] = field(default_factory=dict)
    tree: dict | None = None
    nodes: int = 0

    @property
    def average(self) -> float:
        """Guesses per tuple (a lost tuple counts every guess of the limit)."""
        return self.total_guesses / self.tuples

    def to_json(self) -> dict:
        """The ``--json`` form."""
        return {
            "boards": self.boards,
            "answers": self.answers,
            "tuples": self.tuples,
            "limit": self.limit,
            "objective": self.objective,
            "solved": self.tuples - self.lost,
            "lost": self.lost,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 6),
            "max_guesses": max(self.histogram, default=0) if not self.lost else self.limit,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
            "first_guess": None if self.tree is None else self.tree["guess"],
            "proved_optimal": True,
            "search_nodes": self.nodes,
        }


def all_tuples(answers: int, boards: int) -> np.ndarray:
    """Every ordered tuple of ``boards`` distinct answer indices (``int32[N, boards]``)."""
    count = math.perm(answers, boards)
    if count > MAX_EXACT_TUPLES:
        raise BoardsError(
            f"{count:,} tuples of {boards} distinct answers out of {answers}: an exact multi-board "
            f"search takes at most {MAX_EXACT_TUPLES:,}"
        )
    return np.array(list(itertools.permutations(range(answers), boards)), dtype=np.int32).reshape(count, boards)


def build_boards(
    codes: np.ndarray, words: tuple[list[str], list[str]], game: Game, plan: tuple[int, int, str], start: str | None
) -> BoardsResult:
    """The exact tree for ``plan`` = (boards, limit, objective) over ``words`` = (answers,
    guesses), ``codes`` their matrix (guesses × answers); ``start``: a fixed first guess."""
    boards, limit, objective = plan
    answers, guesses = words
    problem_text = boards_problem(boards, game)
    if problem_text:
        raise BoardsError(problem_text)
    if objective not in OBJECTIVES:
        raise BoardsError(f"a multi-board objective is one of {', '.join(OBJECTIVES)}, not {objective!r}")
    if len(answers) < boards:
        raise BoardsError(f"{boards} boards need {boards} distinct answers; the list has {len(answers)}")
    problem = Problem(codes, game.all_correct)
    tuples = all_tuples(len(answers), boards)
    first = None if start is None else guesses.index(start)
    cost = solve(problem, tuples, limit) if first is None else _cost_with(problem, tuples, limit, first)
    lost, total = divmod(cost, LOST)
    if objective == "total" and lost:
        raise BoardsError(
            f"{lost:,} of {len(tuples):,} tuples cannot be solved within {limit} guesses: "
            "raise the limit, or take the objective win"
        )
    result = BoardsResult(boards, len(answers), len(tuples), limit, objective, lost, total, nodes=problem.nodes)
    walk = _Walk(problem, game, guesses, limit, result.histogram)
    result.tree = _tree(walk, tuples, 1, first)
    return result


def _cost_with(problem: Problem, tuples: np.ndarray, limit: int, guess: int) -> int:
    from .exact import _guess_cost

    return _guess_cost(problem, tuples, guess, limit, None)


@dataclass
class _Walk:
    """What the tree's walk reads: the search's memo, the game, the word lists, the limit,
    and the histogram it fills (guess number -> tuples solved by it)."""

    problem: Problem
    game: Game
    guesses: list[str]
    limit: int
    histogram: dict[int, int]


def _tree(walk: _Walk, tuples: np.ndarray, number: int, guess: int | None = None) -> dict:
    """The best tree at ``tuples`` whose next guess is guess ``number`` of the game
    (``guess``: that guess when fixed)."""
    left = walk.limit - number + 1
    if guess is None:
        guess = best_guess(walk.problem, tuples, left)
    shown = walk.problem.codes[guess][tuples]
    rows: dict[tuple[int, ...], list[int]] = {}
    for i, row in enumerate(map(tuple, shown.tolist())):
        rows.setdefault(row, []).append(i)
    node: dict = {"guess": walk.guesses[guess], "next": {}}
    for row in sorted(rows):
        still_open = np.array(row) != walk.game.all_correct
        label = ",".join(walk.game.format_code(code) for code in row)
        if not still_open.any():
            node["next"][label] = "solved"
            walk.histogram[number] = walk.histogram.get(number, 0) + len(rows[row])
            continue
        rest = np.ascontiguousarray(tuples[rows[row]][:, still_open])
        if rest.shape[1] > left - 1:
            node["next"][label] = "lost"
            continue
        node["next"][label] = _tree(walk, canonical(rest), number + 1)
    return node
