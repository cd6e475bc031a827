"""The exact engine's Python face: one :class:`Solver` per (context, mode).

A solver owns the Zobrist tables, the answer-major matrix the kernel reads and
the memo, which persists across calls (the ranking and the analysis reuse it).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from ..core.errors import BuildError
from ..core.modes import check_mode, hard_mode_word_bits, hint_masks_fit
from ..core.partition import Node, class_tasks, solved_here, tree_total
from ..ext._search import (
    DEEP_COST,
    INF,
    MODES,
    NOT_A_TREE,
    STAT_NAMES,
    Workspace,
    counting_bound,
    counting_past_levels,
    counting_split_bounds,
)
from ..util.splitmix import splitmix64
from .endgame import MIN_GROUP, endgame_groups
from .memo import INITIAL_BITS, count_entries, memo_reserve, new_memo, rows_for_megabytes
from .passes import scratch_bytes
from .shared import padded_copy, shared_states

INITIAL_ROWS = 1 << INITIAL_BITS
S_ENTRIES, S_ROWS = STAT_NAMES.index("memo_entries"), STAT_NAMES.index("memo_rows")
MODE_NORMAL, MODE_HARD = MODES["normal"], MODES["hard"]
DEFAULT_MEMO_MB = 192  # hard cap; the memo starts at 96 KB and grows only as needed
SHARED_MIN_ROWS = 1 << 18  # 6 MiB, more rows than the 3158-answer build fills, so threads rarely evict
GAUGES = ("memo_entries", "memo_rows")  # sizes, not work: never summed across lanes


def _not_a_tree(n_answers: int) -> BuildError:
    """The rebuild's choices overran the depth limit (a matrix that breaks the game's rules):
    an "internal error", so the build recomputes the matrix and retries once (pipeline.run.build)."""
    return BuildError(
        f"internal error: the search's choices for {n_answers} answers do not make a tree within the depth limit"
    )


def deep_answers(root: Node, depth: int, deep_level: int) -> int:
    """How many answers below ``root`` (played with ``depth`` guesses left) meet, within
    this subtree, the guess played with ``deep_level`` left: those that need the K-th guess
    or later, when the subtree holds that guess (else they met it above: its cost)."""
    if deep_level <= 0 or depth < deep_level:
        return 0
    count, stack = 0, [(root, depth)]
    while stack:
        node, left = stack.pop()
        count += node.answer >= 0 and left <= deep_level
        stack.extend((child, left - 1) for _, child in node.children)
    return count


class InfeasibleError(BuildError):
    """No tree solves every answer within the depth limit."""


@dataclass(frozen=True)
class Outcome:
    """One solve: ``cost`` is exact when ``cost < beta``, else a lower bound >= beta."""

    cost: int
    depth: int  # of the chosen subtree (0 when cut off)
    guess: int  # guess index, -1 when cut off or infeasible

    @property
    def feasible(self) -> bool:
        return self.cost < INF

    @classmethod
    def unpack(cls, packed) -> Outcome:
        """The kernels' packed result: cost << 24 | depth << 16 | (guess + 1)."""
        return cls(int(packed >> 24), int((packed >> 16) & 0xFF), int(packed & 0xFFFF) - 1)


@dataclass(frozen=True)
class Lane:
    """What one searching thread owns: its counters and scratch (the memo is shared)."""

    table: np.ndarray
    counters: np.ndarray
    scratch: np.ndarray
    workspace_type: type = Workspace  # the Workspace of the solver's search build (ext.kernel_build)

    def workspace(self, shared) -> Workspace:
        """The lane's arrays as the engine takes them, with a shared node's state."""
        return self.workspace_type(self.table, self.counters, shared, self.scratch)


class Solver:
    """Exact minimum-total search over one context's word lists in one mode, for the
    lists' game (``ctx.game``: any game of at most 6,561 codes, played by the search build
    whose codes fit it, ``ext.kernel_build``).

    ``deep_level`` > 0 (``--objective fewest-deep``): costs count first the answers that
    meet the guess played with ``deep_level`` guesses left (those needing K or more, for a
    depth limit D and K = D - deep_level + 1), each as ``DEEP_COST``, then the total:
    ``cost = DEEP_COST * deep + total``, minimised lexicographically.

    ``weights`` (one non-negative integer per answer, e.g. ``Weights.values``; None: all
    equally likely): costs are Σ weight × guesses instead of the total, with the same
    tie-break.

    ``renaming`` (default True): where the lists are closed under renaming the symbols
    (Mastermind's codes), a guess that a renaming fixing the node maps onto a lower guess is
    not tried (``compiler/ext/renaming.pxd``; the same trees); False tries every guess."""

    def __init__(
        self, ctx, mode: str, memo_mb: float = DEFAULT_MEMO_MB, deep_level: int = 0, weights=None, renaming: bool = True
    ):
        if mode not in MODES:
            raise BuildError(f"unknown mode {mode!r}")
        check_mode(ctx.game, mode)
        self.ctx = ctx
        self.deep_level = deep_level
        self.mode_name = mode
        self.mode = MODES[mode]
        n_answers, n_guesses = len(ctx.words.answers), len(ctx.words.guesses)
        # Zobrist words: z1 odd, the others in [1, 2^63), as numpy.random gave them before
        self.z1 = splitmix64(0x5EED, n_answers) | np.uint64(1)
        self.z2 = np.maximum(splitmix64(0x5EED + 1, n_answers) >> np.uint64(1), np.uint64(1))
        self.zg1 = np.maximum(splitmix64(0x5EED + 2, n_guesses) >> np.uint64(1), np.uint64(1))
        self.zg2 = np.maximum(splitmix64(0x5EED + 3, n_guesses) >> np.uint64(1), np.uint64(1))
        self.memo = new_memo(rows_for_megabytes(memo_mb))
        self.counters = np.zeros(len(STAT_NAMES), dtype=np.int64)
        self.counters[STAT_NAMES.index("memo_rows")] = INITIAL_ROWS
        self.a2g = ctx.answer_in_guesses.astype(np.int64)
        # read by the kernel in hard mode only, when the game fits the masks: a noticeable
        # part of a build's set-up otherwise
        masks = self.mode == MODE_HARD and hint_masks_fit(ctx.game)
        self.word_bits = hard_mode_word_bits(ctx.guess_letters) if masks else np.zeros((1, 2), dtype=np.uint64)
        self.groups = endgame_groups(ctx.words.answers, ctx.game)
        self._no_share = shared_states(1)[0]  # read by no serial call
        try:
            self.kernels = ctx.kernel_build.search  # the build whose codes fit the game's
        except ValueError as exc:
            raise BuildError(str(exc)) from None
        self.scratch = np.empty(scratch_bytes(ctx), dtype=np.uint8)
        self.matrix_t = ctx.matrix_by_answer()
        self.weights = None if weights is None else np.asarray(weights, dtype=np.int64)
        try:
            self.engine = self.kernels.Engine(
                self.matrix_t,
                ctx.guess_letters,
                self.word_bits,
                self.a2g,
                self.groups,
                self.mode,
                self.z1,
                self.z2,
                self.zg1,
                self.zg2,
                deep_level,
                self.weights,
                ctx.game,
                renaming,
            )
        except ValueError as exc:
            raise BuildError(str(exc)) from None
        self._serial = (None, None, None)  # (memo, counters, the workspace made on them)

    def stats(self) -> dict:
        """Work counters so far (noise-free: identical for identical inputs)."""
        return {name: int(v) for name, v in zip(STAT_NAMES, self.counters, strict=True)}

    def solve(
        self, answers, legal, depth: int, beta: int = INF, shared=None, lane: Lane | None = None, only=None
    ) -> Outcome:
        """Minimum total guesses for ``answers`` with ``depth`` guesses left.

        ``legal`` is the guess set legal at this position (hard/possible modes), in the order
        ties break in, and holds every answer of ``answers``; the result is exact below
        ``beta`` and a proved lower bound otherwise.  ``shared``, a row of :func:`shared_states`,
        makes this call one participant of a node that several threads search at once: it
        evaluates the candidates it claims, and the node's result is the lexicographic best of
        the participants' outcomes (``first_level.solve_first_level``).  ``lane``, from
        :meth:`lanes`, is required when several threads call at once.  ``only`` (a uint8 flag
        per guess, or None): the guesses this node may play, each one left out tying with a
        lower one kept (one guess per orbit: :class:`.symmetric.OrbitNode`); nodes below try all.
        """
        workspace = self._workspace(lane, shared)
        answers, h1, h2, legal, lh1, lh2 = self.node_keys(answers, legal)
        packed = self.engine.solve(
            answers, h1, h2, legal, lh1, lh2, depth, min(beta, INF), workspace, shared is not None, only
        )
        return Outcome.unpack(packed)

    @contextmanager
    def lanes(self, count: int, rows: int = 0):
        """``count`` lanes for threads that search at once over this solver's one memo.

        The memo is first grown to a size fixed for the duration (growth rehashes in
        place, which no other thread may see: at least ``rows``, within the memo's cap), and
        lanes get a view of exactly that prefix, so no lane ever grows it; a full table
        evicts, which costs only work.
        Afterwards the lanes' work counters are added to the solver's.  A single lane
        is the solver itself (its memo grows as usual), so one thread does exactly the
        serial work."""
        if count <= 1:
            yield [Lane(self.memo, self.counters, self.scratch, self.kernels.Workspace)]
            return
        rows = max(rows, SHARED_MIN_ROWS, 1 << (4 * max(1, int(self.counters[S_ENTRIES]))).bit_length())
        memo_reserve(self.memo, self.counters, min(rows, self.memo.shape[0]))
        table = self.memo[: int(self.counters[S_ROWS])]
        lanes = [
            Lane(
                table,
                padded_copy(self.counters),
                self.scratch if i == 0 else np.empty_like(self.scratch),
                self.kernels.Workspace,
            )
            for i in range(count)
        ]
        start = self.counters.copy()
        try:
            yield lanes
        finally:
            for lane in lanes:
                self.counters += lane.counters - start
            for gauge in GAUGES:
                self.counters[STAT_NAMES.index(gauge)] = start[STAT_NAMES.index(gauge)]
            self.counters[S_ENTRIES] = count_entries(table)

    def weight(self, answers) -> int:
        """What one guess costs ``answers``: their number, or their total weight."""
        return len(answers) if self.weights is None else int(self.weights[np.asarray(answers)].sum())

    def class_floor(self, answers, most_parts: int) -> int:
        """The cheapest bound on solving ``answers`` (no search: exact for one or two), when
        no guess makes more than ``most_parts`` classes of a set holding them."""
        size = len(answers)
        if self.weights is None:
            return 2 * size - 1 if size <= 2 else max(2 * size - 1, counting_bound(size, most_parts))
        weights = np.sort(self.weights[np.asarray(answers)])[::-1]  # heaviest first
        total = int(weights.sum())
        if size <= 2:
            return total + int(weights[-1]) * (size - 1)
        if size <= most_parts + 1:
            return 2 * total - int(weights[0])  # some guess might separate them
        deeper = np.empty(1, dtype=np.int64)  # the counting bound's levels past three guesses
        top = np.concatenate(([0], np.cumsum(weights))).astype(np.int64)  # heaviest-first prefix sums
        counting_past_levels(top, np.array([most_parts]), np.array([0]), most_parts, deeper)
        return max(
            2 * total - int(weights[0]) + int(weights[-1]),
            3 * total - 2 * int(weights[0]) - int(weights[: max(most_parts - 1, 0)].sum()) + int(deeper[0]),
        )

    def guess_bounds(self, answers, legal, lane: Lane | None = None):
        """One full pass: for every legal guess, (lower bound, Σc², in set), as three arrays
        aligned with ``legal``, and the most classes any of them makes.  The bound is the
        guess's cheapest possible total, 3n − k − [in set] for k classes, more where its
        classes must hold more than P answers each (the counting bound; weighted: 3W −
        2·[in set]·its weight − the k − [in set] largest weights); a guess whose bound
        reaches a cut-off needs no search at all.  ``lane``: the calling thread's, when
        several search at once (the pass writes its scratch)."""
        answers = np.sort(np.asarray(answers, dtype=np.int64))
        legal = np.asarray(legal, dtype=np.int64)
        n, m = len(answers), len(legal)
        parts, sumsq, in_set = (np.empty(m, dtype=np.int64) for _ in range(3))
        self.engine.score(answers, legal, parts, sumsq, in_set, self.scratch if lane is None else lane.scratch)
        most_parts = int(parts.max()) if m else 1
        if self.weights is None:
            bound = np.empty(m, dtype=np.int64)  # also for a guess that tells nothing: it costs n more
            counting_split_bounds(n, parts, in_set, most_parts, bound)
            return np.where((parts == 1) & (in_set == 1), 1, bound), sumsq, in_set, most_parts  # 1: the only answer
        weights = self.weights[answers]
        top = np.concatenate(([0], np.cumsum(np.sort(weights)[::-1]))).astype(np.int64)
        by_guess = np.zeros(len(self.ctx.words.guesses), dtype=np.int64)
        by_guess[self.a2g[answers]] = weights
        own = by_guess[legal] * in_set
        deeper = np.empty(m, dtype=np.int64)
        counting_past_levels(top, parts, in_set, most_parts, deeper)
        bound = 3 * int(top[-1]) - 2 * own - top[np.minimum(parts - in_set, n)] + deeper
        return np.where((parts == 1) & (in_set == 1), own, bound), sumsq, in_set, most_parts

    def refuted_by_endgame(self, answers, legal, depth: int) -> bool:
        """True when an endgame group in ``answers`` proves that no tree solves them
        within ``depth`` guesses from ``legal`` (see :mod:`.endgame`): by the count, or
        else by a depth-only search of the group's few members alone.  False only means
        "not refuted"."""
        if len(answers) <= max(MIN_GROUP - 1, depth) or depth < 2:
            return False  # a group of m members needs m > depth to be refused (and m >= MIN_GROUP)
        answers, _, _, legal, lh1, lh2 = self.node_keys(answers, legal)
        return self.engine.endgame_refutes(answers, legal, lh1, lh2, depth, self._workspace(None))

    def guess_value(
        self,
        guess: int,
        answers,
        legal,
        depth: int,
        beta: int = INF,
        lane: Lane | None = None,
        most_parts: int | None = None,
        keys=None,
    ) -> Outcome:
        """Exact cost of playing ``guess`` first (then optimally), within ``depth`` guesses.

        Classes are solved largest first with shrinking budgets, so a guess that cannot
        get below ``beta`` stops early and reports a lower bound >= beta; one kernel call
        (:mod:`.guess`).  ``most_parts``, the most classes any legal guess makes of
        ``answers`` (e.g. from :meth:`guess_bounds`), tightens the classes' bounds.
        ``keys``: :meth:`node_keys` of these answers and legal guesses, for a caller that
        asks about many guesses of one node.
        """
        workspace = self._workspace(lane)
        answers, _, _, legal, lh1, lh2 = self.node_keys(answers, legal) if keys is None else keys
        most_parts = len(answers) if most_parts is None else int(most_parts)
        packed = self.engine.guess_value(
            answers, legal, lh1, lh2, int(guess), int(depth), int(min(beta, INF)), most_parts, workspace
        )
        return Outcome.unpack(packed)

    def feasible(self, answers, legal, depth: int, lane: Lane | None = None) -> int:
        """A guess that starts a tree solving every answer within ``depth`` guesses from
        ``legal``, or -1 when no tree does (proved).  The depth-only question: it stops
        at the first guess whose classes all fit, with no total minimised."""
        answers, h1, h2, legal, lh1, lh2 = self.node_keys(answers, legal)
        return int(self.engine.feasible(answers, h1, h2, legal, lh1, lh2, int(depth), self._workspace(lane)))

    def _workspace(self, lane: Lane | None, shared=None) -> Workspace:
        """The engine's workspace: ``lane``'s arrays, or the solver's own when there is none."""
        if lane:
            return lane.workspace(self._no_share if shared is None else shared)
        if shared is not None:
            return self.kernels.Workspace(self.memo, self.counters, shared, self.scratch)
        # one workspace for every serial call while the arrays stay the same (a workspace
        # checks its arrays when it is made, which a ranking would pay on every call)
        memo, counters, workspace = self._serial
        if memo is not self.memo or counters is not self.counters:
            workspace = self.kernels.Workspace(self.memo, self.counters, self._no_share, self.scratch)
            self._serial = (self.memo, self.counters, workspace)
        return workspace

    def node_keys(self, answers, legal):
        """The node's arrays as the engine takes them: answers with their hashes, legal guesses with theirs."""
        return self.engine.node_keys(answers, legal, self.mode != MODE_NORMAL)

    def engine_legal(self, legal):
        """``legal`` as the kernels take it: every guess in order becomes their own array (no copy on later calls)."""
        return self.engine.legal_list(legal)

    def tree(
        self, answers, legal, depth: int, known: Outcome | None = None, lane: Lane | None = None
    ) -> tuple[int, Node]:
        """Solve exactly and rebuild the optimal subtree from the search's choices.

        ``known``: the node's exact outcome when it was found outside one kernel call
        (the best of several threads' participants, or solved just before), so only the
        rebuild is left to do.  ``lane`` as for :meth:`solve`."""
        outcome = known if known is not None else self.solve(answers, legal, depth, lane=lane)
        if not outcome.feasible or outcome.guess < 0:
            raise InfeasibleError(f"no tree solves these {len(answers)} answers within the depth limit")
        return outcome.cost, self._rebuild(answers, legal, depth, outcome, lane)

    def _rebuild(self, answers, legal, depth, outcome: Outcome, lane: Lane | None = None) -> Node:
        answers, h1, h2, legal, lh1, lh2 = self.node_keys(answers, legal)
        guesses, parents, codes, solved = self.engine.rebuild(
            answers, h1, h2, legal, lh1, lh2, depth, outcome.guess, self._workspace(lane)
        )
        if len(guesses) == 1 and guesses[0] == NOT_A_TREE:
            raise _not_a_tree(len(answers))
        if len(guesses):
            nodes = [Node(int(g), int(a)) for g, a in zip(guesses, solved, strict=True)]
            for i in range(1, len(nodes)):  # depth-first, children in code order
                nodes[parents[i]].children.append((int(codes[i]), nodes[i]))
            root = nodes[0]
        else:
            root = self._tree_node_by_node(answers, legal, depth, outcome.guess, lane)
        rebuilt = tree_total(root, weights=self.weights) + DEEP_COST * deep_answers(root, depth, self.deep_level)
        if rebuilt != outcome.cost:
            raise BuildError(
                f"internal error: the search claimed {outcome.cost} guesses for "
                f"{len(answers)} answers but its tree needs {rebuilt}"
            )
        return root

    def _tree_node_by_node(self, answers, legal, depth: int, top: int, lane: Lane | None = None) -> Node:
        """The same tree under guess ``top``, one kernel call per node: for when the
        memo evicted entries."""
        root = Node(top, solved_here(self.ctx, top, answers))
        stack = [(root, answers, legal, depth)]
        while stack:
            node, cls_answers, cls_legal, left = stack.pop()
            if left < 1:  # as in rebuild_subtree: only a matrix that breaks the rules gets here
                raise _not_a_tree(len(answers))
            for code, cls, follow in class_tasks(self.ctx, self.mode_name, node.guess, cls_answers, cls_legal):
                choice = self.solve(cls, follow, left - 1, lane=lane)
                child = Node(choice.guess, solved_here(self.ctx, choice.guess, cls))
                node.children.append((code, child))
                stack.append((child, cls, follow, left - 1))
        return root
