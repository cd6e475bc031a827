"""A first word's classes and their proved lower bounds, raised until the word is refuted
by the cut-off or solved exactly (:func:`~wordle_compiler.ranking.first_words.evaluate_word`):
first the cheap probe, then the raising rounds."""

from __future__ import annotations

from ..search import OrbitNode

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


def raise_rounds(mode: str) -> tuple:
    """The raising rounds' factors for ``mode``."""
    return RAISE_ROUNDS_HARD if mode == "hard" else RAISE_ROUNDS


class ClassBounds:
    """The classes one word leaves, smallest first, each with its proved lower bound and
    whether that bound is its exact cost (classes of one or two answers are exact at once)."""

    def __init__(
        self, solver, tasks, depth: int, most_parts: int, rounds: tuple = RAISE_ROUNDS, orbits=None, below=None
    ):
        """``orbits``: the guesses' orbits under the symmetries that fix the word
        (:func:`..core.stabilizer.guess_orbits`, Mastermind), so that each large class searches
        one guess per orbit at its root (:class:`..search.OrbitNode`); None: no symmetry.
        ``below``: a guess -> the orbits of the symmetries fixing the word and that guess, for
        the large classes below each guess searched (:class:`..search.OrbitNode`)."""
        self.solver, self.depth, self.rounds, self.orbits, self.below = solver, depth, rounds, orbits, below
        self.tasks = sorted(tasks, key=lambda t: (len(t[1]), t[0]))
        self.weights = [solver.weight(cls) for _, cls, _ in self.tasks]
        self.bounds = [solver.class_floor(cls, most_parts) for _, cls, _ in self.tasks]
        self.exact = [len(cls) <= 2 for _, cls, _ in self.tasks]

    def raise_to(self, i: int, beta: int) -> None:
        """Solve class ``i`` below ``beta``: its exact cost, or a bound of at least ``beta``."""
        _, cls, follow = self.tasks[i]
        if self.orbits is not None and len(cls) > SYMMETRIC_CLASS:
            cost = OrbitNode(self.solver, cls, follow, self.depth, self.orbits, beta, self.below).solve()[0].cost
        else:
            cost = self.solver.solve(cls, follow, self.depth, beta).cost
        self.exact[i] = cost < beta
        self.bounds[i] = max(self.bounds[i], cost)

    def settle(self, counted: int, cutoff: int) -> int:
        """Raise the bounds until ``counted`` + their sum reaches ``cutoff`` or every class is
        exact; returns that sum.  First a probe per class (budget 2W + 1, exact below it),
        then the rounds (:func:`raise_rounds`), then each class's whole share."""

        def missing() -> int:
            return cutoff - counted - sum(self.bounds)

        for i, weight in enumerate(self.weights):
            if missing() <= 0:
                break
            if not self.exact[i]:
                self.raise_to(i, 2 * weight + 1)
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
