"""An exact multi-board tree over lists small enough to hold every tuple, and its figures."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from wordle_runtime.boards import boards_problem
from wordle_runtime.game import WORDLE, Game

from ..core.settings import BOARD_OBJECTIVES
from .exact import LOST, MAX_EXACT_TUPLES, Problem, best_guess, canonical, solve

if TYPE_CHECKING:
    from ..core.settings import Settings
    from ..core.wordlists import WordLists
    from .policy_tree import PolicyTree


POLICY_BOARDS = 2  # a policy's whole tree holds every tuple: Dordle's pairs
MAX_POLICY_TUPLES = 6_000_000  # Dordle over the original answers: 5,356,910 pairs


class BoardsError(ValueError):
    """A multi-board build that cannot run (one line)."""


class BoardsInfeasibleError(BoardsError):
    """Objective total, and some tuple cannot be solved within the limit (one line)."""


class BoardsTooLargeError(BoardsError):
    """More tuples than an exact multi-board search or ranking takes (one line)."""


@dataclass
class BoardsResult:
    """One exact multi-board build (``wordle_compiler.compile_tree`` with ``boards`` > 1):
    its cost split into ``lost`` tuples and ``total_guesses`` (a lost tuple counts every
    guess of the ``limit``), the ``histogram`` of the guesses each solved tuple took, and
    the ``tree`` as nested maps (``{"guess": word, "next": {"pattern,pattern": subtree}}``; a
    subtree is ``"solved"`` when every board is, ``"lost"`` when the limit comes first).
    :meth:`document` is the tree file ``wordle-compile --boards K -o tree.json`` writes."""

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
    game: str = ""
    lists: tuple[str, str] = ("", "")  # the answers' and guesses' names
    words: tuple[list[str], list[str]] = ([], [])  # the answers and the guesses
    strategy: str = "optimal"  # or the policy whose whole tree this is (``.policy_tree``)
    opening: str | None = None  # the first guess when ``tree`` is not nested
    flat: PolicyTree | None = None  # a policy's tree, laid out as the tree file's arrays

    @property
    def proved_optimal(self) -> bool:
        """Whether the tree is the exact search's (a policy's tree, a heuristic, is :attr:`flat`)."""
        return self.flat is None

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
            "first_guess": self.opening if self.tree is None else self.tree["guess"],
            "strategy": self.strategy,
            "proved_optimal": self.proved_optimal,
            "search_nodes": self.nodes,
        }

    def figures(self) -> dict:
        """What ``wordle-compile --boards K --json`` prints: the game, the lists' names and
        :meth:`to_json`."""
        return {"game": self.game, "answers_list": self.lists[0], "guesses_list": self.lists[1], **self.to_json()}

    def document(self) -> dict:
        """The tree file's JSON document: :meth:`figures`, the lists and the tree (an exact
        build's: a policy's tree is written in the tree format only)."""
        return {**self.figures(), "answers": self.words[0], "guesses": self.words[1], "tree": self.tree}


def tuples_problem(
    answers: int, boards: int, most: int = MAX_EXACT_TUPLES, what: str = "an exact multi-board search"
) -> str | None:
    """Why the ordered tuples of ``boards`` distinct answers out of ``answers`` are too many
    for an exact multi-board ``what`` that takes at most ``most`` (one line), or None."""
    count = math.perm(answers, boards)
    if count > most:
        shown = f"{count:,}" if count < 10**15 else f"about {count:.1e}".replace("e+", "e")  # Duotrigordle: 3.7e107
        return f"{shown} tuples of {boards} distinct answers out of {answers}: {what} takes at most {most:,}"
    return None


def all_tuples(answers: int, boards: int) -> np.ndarray:
    """Every ordered tuple of ``boards`` distinct answer indices (``int32[N, boards]``)."""
    problem = tuples_problem(answers, boards)
    if problem:
        raise BoardsError(problem)
    count = math.perm(answers, boards)
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
    if objective not in BOARD_OBJECTIVES:
        raise BoardsError(f"a multi-board objective is one of {', '.join(BOARD_OBJECTIVES)}, not {objective!r}")
    if len(answers) < boards:
        raise BoardsError(f"{boards} boards need {boards} distinct answers; the list has {len(answers)}")
    problem = Problem(codes, game.all_correct)
    tuples = all_tuples(len(answers), boards)
    first = None if start is None else guesses.index(start)
    cost = solve(problem, tuples, limit) if first is None else _cost_with(problem, tuples, limit, first)
    lost, total = divmod(cost, LOST)
    if objective == "total" and lost:
        raise BoardsInfeasibleError(
            f"{lost:,} of {len(tuples):,} tuples cannot be solved within {limit} guesses: "
            "raise the limit, or take the objective win"
        )
    result = BoardsResult(boards, len(answers), len(tuples), limit, objective, lost, total, nodes=problem.nodes)
    result.game, result.words = game.name, (list(answers), list(guesses))
    walk = _Walk(problem, game, guesses, limit, result.histogram)
    result.tree = _tree(walk, tuples, 1, first)
    return result


def board_words(
    settings: Settings, most: int = MAX_EXACT_TUPLES, what: str = "an exact multi-board search"
) -> WordLists:
    """The word lists ``settings`` play on their boards, once their tuples are known to be at
    most ``most`` (:class:`BoardsError` otherwise, or for lists that are no Wordle game);
    ``ValueError`` (one line) for a list that cannot be read."""
    words = settings.load_words()
    if words.game.rule != WORDLE:
        raise BoardsError("multi-board games are played over Wordle-rule games, not Mastermind")
    problem = tuples_problem(len(words.answers), settings.boards, most, what)
    if problem:
        raise BoardsTooLargeError(problem)
    return words


def build_for(settings: Settings, start: str | None = None) -> BoardsResult:
    """The exact tree ``settings`` ask for (``settings.boards`` boards, its lists, its
    ``max_depth`` as the limit and its objective); ``start``: a fixed first guess.
    :class:`BoardsError` (one line) when it cannot be built: too many tuples (checked before
    the matrix is made), a start not in the guess list; :class:`BoardsInfeasibleError` for
    objective total with a tuple that cannot be solved within the limit."""
    from ..core.matrix import compute_matrix

    words = board_words(settings)
    answers, guesses = list(words.answers), list(words.guesses)
    if start is not None and start not in guesses:
        raise BoardsError(f"--start {start!r} is not in the guess list")
    codes = compute_matrix(guesses, answers, words.game)
    plan = (settings.boards, settings.max_depth, settings.objective)
    result = build_boards(codes, (answers, guesses), words.game, plan, start)
    result.lists = (words.answers_name, words.guesses_name)
    return result


def build_policy_tree(
    settings: Settings, start: str | None, policy: str, processes: int = 1, progress=None
) -> BoardsResult:
    """The policy's whole tree over every ordered pair of distinct answers (two boards;
    :mod:`.policy_tree`), opening with ``start`` or else the policy's own choice for the
    empty position; ``processes`` lay the opening's parts out side by side (the same tree),
    ``progress`` counts the pairs laid out (:func:`.policy_tree.policy_tree`).
    :class:`BoardsError` (one line) for more than two boards, too many pairs or a start not
    in the guess list; :class:`BoardsInfeasibleError` for objective total with a pair the
    policy leaves unsolved within the limit."""
    from wordle_runtime.boards_structure import closed_marker

    from ..core.matrix import compute_matrix
    from .policy import ENDGAME, TREE_POLICIES, policy_move, table_for
    from .policy_tree import policy_tree

    if policy == ENDGAME:
        raise BoardsError(
            f"the {ENDGAME} policy searches its endgames live (wordle-next --game G); a policy's tree "
            f"plays {', '.join(TREE_POLICIES)}"
        )
    if policy not in TREE_POLICIES:
        raise BoardsError(f"a multi-board policy tree plays {', '.join(TREE_POLICIES)}, not {policy!r}")
    if settings.boards != POLICY_BOARDS:
        raise BoardsError(
            f"a policy's tree holds every tuple: two boards (Dordle) only, not {settings.boards} "
            "(wordle-next --game G plays the policy live)"
        )
    words = board_words(settings, MAX_POLICY_TUPLES, "a policy's whole tree")
    answers, guesses = list(words.answers), list(words.guesses)
    if start is not None and start not in guesses:
        raise BoardsError(f"--start {start!r} is not in the guess list")
    codes = compute_matrix(guesses, answers, words.game)
    table = table_for((answers, guesses), codes, words.game, (start or guesses[0], settings.max_depth))
    if start is None:  # rule 4 on the empty position
        everything = np.arange(len(answers))
        table = replace(table, opening=policy_move(table, [everything, everything], 1, policy))
    tree = policy_tree(table, closed_marker(words.game), policy, processes, progress)
    pairs = math.perm(len(answers), POLICY_BOARDS)
    if settings.objective == "total" and tree.lost:
        raise BoardsInfeasibleError(
            f"the {policy} policy leaves {tree.lost:,} of {pairs:,} pairs unsolved within {settings.max_depth} "
            "guesses: raise the limit, or take the objective win"
        )
    total = tree.total + tree.lost * settings.max_depth
    plan = (POLICY_BOARDS, len(answers), pairs, settings.max_depth, settings.objective, tree.lost, total)
    result = BoardsResult(*plan, histogram=dict(sorted(tree.histogram.items())), nodes=tree.moves_computed)
    result.game, result.words = words.game.name, (answers, guesses)
    result.lists = (words.answers_name, words.guesses_name)
    result.strategy, result.opening, result.flat = policy, guesses[table.opening], tree
    return result


def _cost_with(problem: Problem, tuples: np.ndarray, limit: int, guess: int) -> int:
    from .exact import guess_cost

    return guess_cost(problem, tuples, guess, limit, None)


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
