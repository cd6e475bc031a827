"""``--strategy optimal``: a proved minimum-total-guesses tree within ``--max-depth``.

The search itself is the numba kernel in :mod:`optimal_kernel`; this module owns
the memo, rebuilds the tree from the search's choices, and handles the root:
a fixed first guess (proved optimal), or the best of K first words.
"""

from __future__ import annotations

import numpy as np

from .builder import BuildError, Node, class_tasks, solved_here
from .kernels import PARTS, SUMSQ, partition_stats
from .modes import initial_legal
from .optimal_kernel import INF, MODE_HARD, MODE_NORMAL, MODE_POSSIBLE, _solve

MODE_CODES = {"normal": MODE_NORMAL, "hard": MODE_HARD, "possible": MODE_POSSIBLE}
MEMO_BITS = 22  # 4M entries x 41 bytes, about 170 MB: the memo's memory cap


class InfeasibleError(BuildError):
    """No tree solves every answer within the depth limit."""


class Solver:
    """One search context: Zobrist tables and a memo that persists across calls."""

    def __init__(self, ctx, mode: str, memo_bits: int = MEMO_BITS):
        self.ctx = ctx
        self.mode = MODE_CODES[mode]
        rng = np.random.default_rng(0x5EED)
        n_answers, n_guesses = len(ctx.words.answers), len(ctx.words.guesses)
        self.z1 = rng.integers(1, 2**63, n_answers, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        self.z2 = rng.integers(1, 2**63, n_answers, dtype=np.uint64)
        self.zg1 = rng.integers(1, 2**63, n_guesses, dtype=np.uint64)
        self.zg2 = rng.integers(1, 2**63, n_guesses, dtype=np.uint64)
        size = 1 << memo_bits
        self.mk1 = np.zeros(size, dtype=np.uint64)
        self.mk2 = np.zeros(size, dtype=np.uint64)
        self.mval = np.zeros(size, dtype=np.int64)
        self.mexact = np.zeros(size, dtype=np.bool_)
        self.mguess = np.zeros(size, dtype=np.int64)
        self.mdepth = np.zeros(size, dtype=np.int64)
        self.stats = np.zeros(3, dtype=np.int64)  # calls, entries, evictions
        self.a2g = ctx.answer_in_guesses.astype(np.int64)
        self.matrix = np.ascontiguousarray(ctx.matrix)
        # answer-major copy for the kernel's per-node scans (sequential reads)
        self.matrix_t = np.ascontiguousarray(self.matrix.T)

    def _hashes(self, answers, legal):
        h1 = np.uint64(self.z1[answers].sum(dtype=np.uint64))
        h2 = np.uint64(self.z2[answers].sum(dtype=np.uint64))
        if self.mode == MODE_NORMAL:
            return h1, h2, np.uint64(0), np.uint64(0)
        return (h1, h2, np.uint64(self.zg1[legal].sum(dtype=np.uint64)),
                np.uint64(self.zg2[legal].sum(dtype=np.uint64)))

    def solve(self, answers, legal, depth, beta=INF):
        """(cost, guess) for the set; cost >= beta means 'not below beta' and guess is -1."""
        cost, _, guess = self.solve_with_depth(answers, legal, depth, beta)
        return cost, guess

    def solve_with_depth(self, answers, legal, depth, beta=INF):
        """(cost, depth of the chosen subtree, guess); see :meth:`solve`."""
        answers = np.sort(np.asarray(answers, dtype=np.int64))
        legal = np.asarray(legal, dtype=np.int64)
        h1, h2, lh1, lh2 = self._hashes(answers, legal)
        packed = _solve(self.matrix, self.matrix_t, self.ctx.guess_letters, self.a2g, self.mode, answers, h1, h2,
                        legal, lh1, lh2, -1, 0, depth, beta, self.z1, self.z2, self.zg1, self.zg2,
                        self.mk1, self.mk2, self.mval, self.mexact, self.mguess, self.mdepth,
                        self.stats)
        return int(packed >> 24), int((packed >> 16) & 0xFF), int(packed & 0xFFFF) - 1

    def tree(self, cfg, answers, legal, depth) -> tuple[int, Node]:
        """Solve exactly and rebuild the optimal subtree from the search's choices."""
        cost, guess = self.solve(answers, legal, depth)
        if cost >= INF:
            raise InfeasibleError(f"no tree solves these {len(answers)} answers within the depth limit")
        node = Node(guess, solved_here(self.ctx, guess, answers))
        for code, cls, follow in class_tasks(self.ctx, cfg, guess, np.sort(answers), legal):
            _, child = self.tree(cfg, cls, follow, depth - 1)
            node.children.append((code, child))
        return cost, node


_solvers: dict = {}


def solver_for(ctx, mode) -> Solver:
    key = (id(ctx), mode)
    if key not in _solvers:
        _solvers.clear()  # one context at a time keeps memory bounded
        _solvers[key] = Solver(ctx, mode)
    return _solvers[key]


def solve_subtree(ctx, cfg, answers, legal, forced, depth) -> Node:
    """Subtree solver for the pipeline: ``depth`` is the guess number at this node."""
    if forced:
        raise BuildError("the optimal strategy supports --start, not --opening")
    remaining = cfg.max_depth - depth + 1
    cost, node = solver_for(ctx, cfg.mode).tree(cfg, answers, legal, remaining)
    # Independent route: the search's claimed cost must equal the rebuilt tree's total.
    rebuilt = _total(node, 1)
    if rebuilt != cost:
        raise BuildError(f"internal error: the search claimed {cost} guesses for {len(answers)} "
                         f"answers but its tree needs {rebuilt}")
    return node


def rank_first_guesses(ctx, legal, k: int) -> list[int]:
    """Heuristic ranking for 'best of K first words': most parts, then smallest Σc²."""
    stats, _ = partition_stats(ctx.matrix, legal, ctx.all_answers)
    order = np.lexsort((legal, stats[:, SUMSQ], -stats[:, PARTS]))
    return [int(legal[i]) for i in order[:k]]


def compile_optimal(ctx, cfg, forced, jobs=1, progress=None):
    """Return (root node, proved_optimal, optimality label)."""
    if len(forced) > 1:
        raise BuildError("the optimal strategy supports --start, not --opening")
    legal = initial_legal(ctx, cfg.mode)
    if forced:
        root = _solve_first_guess(ctx, cfg, forced[0], jobs, progress)
        if root is None:
            raise InfeasibleError(f"no tree solves every answer within {cfg.max_depth} guesses "
                                  f"after {ctx.words.guesses[forced[0]]!r}")
        return root, True, "proved optimal for the fixed first guess"
    firsts = rank_first_guesses(ctx, legal, cfg.candidates)
    best_first = _best_first_guess(ctx, cfg, firsts, progress)
    if best_first is None:
        raise InfeasibleError(f"no tree solves every answer within {cfg.max_depth} guesses from any "
                              f"of the {len(firsts)} first words tried")
    root = _solve_first_guess(ctx, cfg, best_first, jobs, None)
    return root, False, f"best of {len(firsts)} first words"


def _solve_first_guess(ctx, cfg, first, jobs, progress):
    """The optimal tree below a fixed first guess, or None when the depth is infeasible."""
    from .pipeline import build_root

    try:
        return build_root(ctx, cfg, (first,), jobs, progress)
    except InfeasibleError:
        return None


def _best_first_guess(ctx, cfg, firsts, progress):
    """Branch and bound across first words: a word stops as soon as it cannot beat the best.

    Same tie-break as inside the search: total, then depth, then possible answer, then
    alphabetical.
    """
    solver = solver_for(ctx, cfg.mode)
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.mode)
    best_key, best_first = None, None
    if progress is not None and hasattr(progress, "start"):
        progress.start(len(firsts) * len(answers), f"best of {len(firsts)} first words")
    for first in firsts:
        tasks = class_tasks(ctx, cfg, first, answers, legal)
        tasks.sort(key=lambda t: -len(t[1]))  # largest classes first: earliest cut-offs
        limit = INF if best_key is None else best_key[0] + 1
        total, deepest = len(answers), 1
        rest = sum(2 * len(t[1]) - 1 for t in tasks)
        feasible = cfg.max_depth >= 2 or not tasks
        for _, cls, follow in tasks:
            if not feasible:
                break
            rest -= 2 * len(cls) - 1
            budget = limit - total - rest
            cost, depth, _ = solver.solve_with_depth(cls, follow, cfg.max_depth - 1, budget)
            if cost >= budget:
                feasible = False
                break
            total += cost
            deepest = max(deepest, depth + 1)
        if progress is not None:
            progress(len(answers))
        if not feasible:
            continue
        is_answer = solved_here(ctx, first, answers) >= 0
        key = (total, deepest, not is_answer, first)
        if best_key is None or key < best_key:
            best_key, best_first = key, first
    return best_first


def _total(node, depth) -> int:
    return (depth if node.answer >= 0 else 0) + sum(_total(c, depth + 1) for _, c in node.children)
