"""A first word's classes and their proved lower bounds, raised until the word is refuted
by the cut-off or solved exactly (:func:`~wordle_compiler.ranking.first_words.evaluate_word`):
first the cheap probe, then the raising rounds."""

from __future__ import annotations

import time

import numpy as np

from wordle_runtime.game import WORDLE

from ..core.partition import class_tasks
from ..search import INF, OrbitNode

# A word is refuted by raising its classes' lower bounds until their sum reaches the cut-off.
# Proving that a class costs at least b is cheap well below its optimum and dear close to it,
# so each round asks every open class, smallest first, only for its share of what is still
# missing (in proportion to its weight, times the round's factor); the last round asks each
# for all of it, which solves the class exactly if that is what it takes.  Asking every class
# for all of it at once, or the largest class first, costs several times the full passes
# (benchmarks/rank_refute.py; docs/performance.md, "Refuting first words: raising rounds").
RAISE_ROUNDS = (0.5, 1, 1.5, 2, 3, 4, 6, 8)
# In hard mode two rounds take less time and fewer full passes than the eight above, while
# in normal mode they cost more passes than the eight (benchmarks/rank_refute.py
# --schedules normal-rounds,hard-rounds; the words and figures in the same section).
RAISE_ROUNDS_HARD = (1, 3)
# Classes of more answers than this search one guess per orbit of a symmetry, where the game
# has one; smaller ones take microseconds either way.
SYMMETRIC_CLASS = 24
# A class of at least ROUNDS_RATIO times as many answers as its best guess makes classes (a
# deep subtree: coarse feedback, as in four-letter English) is raised one level down
# (raise_by_rounds): each guess there is refuted by raising its own classes in the same
# rounds, not by the engine solving its largest class within all the limit leaves, which is
# close to that class's optimum and so dear.  On en4 a ratio of 4 takes half the full passes
# and time of 6.5, and 2 or 3 the same as 4 (docs/performance.md, "Four-letter English").
# Classes of fewer than ROUNDS_MIN answers are never raised so: at 50, en4 took 0.95x the
# full passes and 1.5x the time (the calls from Python cost more than they save).  Normal
# mode only: in hard mode each guess's legal list is its own, and one level down took 1.4x
# the passes and 6x the time on the 3158 list's hard-mode words.
ROUNDS_RATIO = 4
# Only in word games of at most this many feedback codes (four letters: 81).  Five-letter
# Wordle (243) ranks its whole list in 1.8x the time with it (wordle-rank --jobs 2), and its
# classes are split finely: at a ratio of 5 the 3158 list's words took 1.85x the passes.
ROUNDS_CODES = 81
ROUNDS_MIN = 100


# A symmetric game (Mastermind) raises each large class one guess per orbit (OrbitNode), and
# every round does that root's work again.  From SYMMETRIC_WHOLE_ANSWERS answers on, asking
# each class at once for all that is missing is quicker: 0.59x to 0.63x the time of the
# rounds in four runs (0.91x the pairs scored) on Mastermind 5x7 in possible mode, 0.48x (0.76x) on 5x6;
# on 4x7 (2,401 codes) it is even, on 4x6 (1,296) 1.2x the time and twice the pairs
# (benchmarks/rank_refute.py --schedules normal-rounds,whole; docs/performance.md,
# "Refuting first words: raising rounds").
RAISE_ROUNDS_SYMMETRIC = ()
SYMMETRIC_WHOLE_ANSWERS = 5000


def raise_rounds(mode: str, symmetric_answers: int = 0) -> tuple:
    """The raising rounds' factors for ``mode``; ``symmetric_answers``: the answers of a game
    whose large classes search one guess per orbit (0: none)."""
    if symmetric_answers >= SYMMETRIC_WHOLE_ANSWERS:
        return RAISE_ROUNDS_SYMMETRIC
    return RAISE_ROUNDS_HARD if mode == "hard" else RAISE_ROUNDS


class ClassBounds:
    """The classes one word leaves, smallest first, each with its proved lower bound and
    whether that bound is its exact cost (classes of one or two answers are exact at once)."""

    def __init__(
        self, solver, tasks, depth: int, most_parts: int, rounds: tuple = RAISE_ROUNDS, orbits=None, below=None
    ):
        """``orbits``: the guesses' orbits under the symmetries that fix the word
        (:func:`..core.symmetry.guess_orbits`, Mastermind), so that each large class searches
        one guess per orbit at its root (:class:`..search.OrbitNode`); None: no symmetry.
        ``below``: a guess -> the orbits of the symmetries fixing the word and that guess, for
        the large classes below each guess searched (:class:`..search.OrbitNode`)."""
        self.solver, self.depth, self.rounds, self.orbits, self.below = solver, depth, rounds, orbits, below
        self.tasks = sorted(tasks, key=lambda t: (len(t[1]), t[0]))
        sizes = [len(cls) for _, cls, _ in self.tasks]
        if solver.weights is None:  # one floor per size (a ranking makes these per guess tried)
            floors: dict[int, int] = {}
            for (_, cls, _), size in zip(self.tasks, sizes, strict=True):
                if size not in floors:
                    floors[size] = solver.class_floor(cls, most_parts)
            self.weights, self.bounds = sizes, [floors[size] for size in sizes]
        else:
            self.weights = [solver.weight(cls) for _, cls, _ in self.tasks]
            self.bounds = [solver.class_floor(cls, most_parts) for _, cls, _ in self.tasks]
        self.exact = [size <= 2 for size in sizes]
        self.passes: dict[int, tuple] = {}  # class index -> its full pass, for the large classes
        # class index -> {guess: its ClassBounds}, for the classes raised one level down: each
        # round raises them from where the last one left them
        self.states_below: dict[int, dict[int, ClassBounds]] = {}
        self.probed = [False] * len(self.tasks)
        game = solver.ctx.game
        self.coarse = solver.mode_name == "normal" and game.rule == WORDLE and game.n_codes <= ROUNDS_CODES
        self.refuting = True  # against a cut-off (settle): with none, every class is solved by the engine
        self.on_raise = None  # called (class index, seconds) after each raise (.class_journal)

    def restore(self, kept) -> None:
        """Start from bounds an earlier run proved (:class:`.class_journal.KeptBound` by class
        index); one whose class has another code or size is not this word's and is ignored."""
        for i, (code, cls, _) in enumerate(self.tasks):
            k = kept.get(i)
            if k is None or (k.code, k.size) != (int(code), len(cls)) or k.bound < self.bounds[i]:
                continue
            self.bounds[i], self.exact[i], self.probed[i] = k.bound, self.exact[i] or k.exact, True

    def raise_to(self, i: int, beta: int) -> None:
        """Solve class ``i`` below ``beta``: its exact cost, or a bound of at least ``beta``."""
        began = time.perf_counter()
        self._raise(i, beta)
        if self.on_raise is not None:
            self.on_raise(i, time.perf_counter() - began)

    def _raise(self, i: int, beta: int) -> None:
        _, cls, follow = self.tasks[i]
        if self.orbits is not None and len(cls) > SYMMETRIC_CLASS:
            cost = OrbitNode(self.solver, cls, follow, self.depth, self.orbits, beta, self.below).solve()[0].cost
        elif self.one_level_down(i):
            states = self.states_below.setdefault(i, {})
            cost = raise_by_rounds(self.solver, cls, follow, self.depth, beta, self.rounds, self.one_pass(i), states)
        else:
            cost = self.solver.solve(cls, follow, self.depth, beta).cost
        self.exact[i] = cost < beta
        self.bounds[i] = max(self.bounds[i], cost)

    def one_level_down(self, i: int) -> bool:
        """Whether class ``i`` is raised one level down (:func:`raise_by_rounds`): against a
        cut-off, in a coarse game, with at least ROUNDS_MIN answers and ROUNDS_RATIO times as
        many as its best guess makes classes (that full pass is made only for such a size)."""
        size = len(self.tasks[i][1])
        return self.refuting and self.coarse and size >= ROUNDS_MIN and size >= ROUNDS_RATIO * self.one_pass(i)[3]

    def one_pass(self, i: int) -> tuple:
        """Class ``i``'s full pass (:meth:`..search.Solver.guess_bounds`), made once."""
        if i not in self.passes:
            _, cls, follow = self.tasks[i]
            self.passes[i] = self.solver.guess_bounds(cls, follow)
        return self.passes[i]

    def settle(self, counted: int, cutoff: int) -> int:
        """Raise the bounds until ``counted`` + their sum reaches ``cutoff`` or every class is
        exact; returns that sum.  First a probe per class (budget 2W + 1, exact below it),
        then the rounds (:func:`raise_rounds`), then each class's whole share."""

        def missing() -> int:
            return cutoff - counted - sum(self.bounds)

        self.refuting = cutoff < INF

        for i, weight in enumerate(self.weights):
            if missing() <= 0:
                break
            if not self.exact[i] and not self.probed[i]:
                self.raise_to(i, 2 * weight + 1)
                self.probed[i] = True
        for factor in (*self.rounds, None):
            open_classes = [i for i, exact in enumerate(self.exact) if not exact]
            open_weight = sum(self.weights[i] for i in open_classes)
            for i in open_classes:
                need = missing()
                if need <= 0:
                    return counted + sum(self.bounds)
                share = need if factor is None else -(-int(factor * need * self.weights[i]) // open_weight)
                self.raise_to(i, self.bounds[i] + max(1, min(need, share)))
        return counted + sum(self.bounds)


def raise_by_rounds(
    solver,
    answers,
    legal,
    depth: int,
    beta: int,
    rounds: tuple = RAISE_ROUNDS,
    one_pass: tuple | None = None,
    states: dict | None = None,
) -> int:
    """The least total of ``answers`` within ``depth`` guesses from ``legal`` when it is
    below ``beta`` (exact), else a lower bound of at least ``beta``.

    Each guess in the order of its one-pass bound, until that bound reaches the limit
    (``beta``, then the best total so far): its classes are raised in ``rounds`` like a first word's
    (:class:`ClassBounds`, which raises its own large classes the same way), so most guesses
    are refuted by small raises of many classes.  The values are the engine's; the choice of
    guess is not kept (a ranking needs totals only).  ``one_pass``: the answers' full pass
    (:meth:`..search.Solver.guess_bounds` over ``legal``), when the caller has it.  ``states``:
    guess -> its :class:`ClassBounds`, kept by the caller between raises of the same answers,
    so that each guess's classes go on from the bounds they reached (no class probed or
    partitioned again)."""
    legal = np.asarray(legal, dtype=np.int64)
    if depth < 2:
        return INF  # one guess solves one answer, and a raised class has many
    bounds, sumsq, _, most_parts = solver.guess_bounds(answers, legal) if one_pass is None else one_pass
    here, limit, floor = solver.weight(answers), beta, INF
    ctx, mode = solver.ctx, solver.mode_name
    states = {} if states is None else states
    for i in np.lexsort((legal, sumsq, bounds)):
        if bounds[i] >= limit:
            floor = min(floor, int(bounds[i]))  # the later guesses' bounds are no lower
            break
        guess = int(legal[i])
        if guess not in states:
            states[guess] = ClassBounds(
                solver, class_tasks(ctx, mode, guess, answers, legal), depth - 1, most_parts, rounds
            )
        classes = states[guess]
        total = classes.settle(here, limit)
        if total < limit and all(classes.exact):
            limit = total
        else:
            floor = min(floor, total)
    return limit if limit < beta else max(beta, min(floor, INF))
