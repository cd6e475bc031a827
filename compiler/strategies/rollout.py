"""The rollout strategy: each shortlisted guess valued by the whole tree a base heuristic
builds after it.

At a set of answers, :data:`BASE`'s own choice and the best guesses by most parts, up
to ``--width`` in all (one guess per partition profile: guesses whose classes have the same
sizes are usually the same guess up to the game's symmetry, so the shortlist keeps the first
of each, in most-parts order), are each valued by the total guesses of the tree that plays
them and then :data:`BASE` below them; the cheapest is played (ties: shortlist order) and
every class it leaves is treated the same way.  Since the base's own choice is always
valued, a rollout tree is never worse than the base's tree.  Sets of at most
:data:`EXACT_UPTO` answers are solved exactly by the engine, both inside the valuations and
in the tree itself.  The values are functions of the set alone, memoised per process, so
the tree is the same for any ``--jobs``.

Cost: about ``width`` times the base tree's build per level of the tree (Super Mastermind
from 12233, ``--width 50``: under 5 minutes on one core with the matrix cached).
"""

from __future__ import annotations

import numpy as np

from ..core.errors import BuildError
from ..core.guess_stats import PARTS, partition_stats
from ..core.partition import Node, class_tasks, solved_here
from ..search import INF, InfeasibleError, solver_for
from .heuristic import possible_splitter
from .table import node_rule

# The heuristic below every valued guess: on Super Mastermind from 12233 its own tree totals
# 179,704 against most-parts' 182,123, and the rollout over it is better too (docs/strategies.md).
BASE = "entropy"
EXACT_UPTO = 30  # sets this small are solved exactly: cheap, and better than any heuristic
PROFILE_POOL = 30  # the shortlist looks this many times --width deep for distinct profiles


class Rollout:
    """One build's rollout: the context, the settings and the memo of base values."""

    def __init__(self, ctx, cfg) -> None:
        if cfg.settings.weights is not None:
            raise BuildError("--strategy rollout counts every answer once: leave out the weights and --prior")
        self.ctx, self.cfg, self.mode = ctx, cfg, cfg.settings.mode
        self.solver = solver_for(ctx, self.mode)
        self.base = node_rule(BASE)
        self.values: dict[tuple[bytes, bytes, int], int] = {}

    def build(self, answers, legal, depth: int, forced=()) -> Node:
        """The rollout subtree for ``answers`` whose first guess is guess number ``depth``."""
        left = self.cfg.settings.max_depth - depth + 1
        if not forced and 1 < len(answers) <= EXACT_UPTO:
            try:
                return self.solver.tree(answers, legal, left)[1]
            except InfeasibleError:
                pass  # deeper than the limit allows: the tree's verification reports it
        guess = forced[0] if forced else self._choice(answers, legal, left)
        node = Node(guess, solved_here(self.ctx, guess, answers))
        for code, cls, follow in class_tasks(self.ctx, self.mode, guess, answers, legal):
            node.children.append((code, self.build(cls, follow, depth + 1, forced[1:])))
        return node

    def first_guess(self, answers, legal) -> int:
        """The rollout's choice for the whole game's first guess."""
        return self._choice(answers, legal, self.cfg.settings.max_depth)

    def _choice(self, answers, legal, left: int) -> int:
        if len(answers) == 1:
            return int(self.ctx.answer_in_guesses[answers[0]])
        values = [
            (self._after(guess, answers, legal, left), k, guess)
            for k, guess in enumerate(self._shortlist(answers, legal))
        ]
        return min(values)[2]

    def _shortlist(self, answers, legal) -> list[int]:
        """The base heuristic's own choice, then the next best by most parts, one per
        partition profile, up to ``--width`` guesses."""
        first = self.base(self.ctx, answers, legal, self.cfg)
        if self.cfg.width == 1 or possible_splitter(self.ctx, answers, legal) >= 0:
            return [first]  # a perfect split: no guess does better
        stats, _ = partition_stats(self.ctx.matrix_by_answer(), legal, answers, self.ctx.game)
        order = np.lexsort((legal, -stats[:, PARTS]))
        seen, chosen = {self._profile(first, answers)}, [first]
        for guess in legal[order[: self.cfg.width * PROFILE_POOL]]:
            profile = self._profile(int(guess), answers)
            if profile not in seen:
                seen.add(profile)
                chosen.append(int(guess))
                if len(chosen) == self.cfg.width:
                    break
        return chosen

    def _profile(self, guess: int, answers) -> bytes:
        return np.sort(np.bincount(self.ctx.codes(guess, answers))).tobytes()

    def _after(self, guess: int, answers, legal, left: int) -> int:
        """Total guesses with ``guess`` played here and the base tree below it."""
        total = len(answers)
        for _, cls, follow in class_tasks(self.ctx, self.mode, guess, answers, legal):
            total += self._base(cls, follow, left - 1)
        return total

    def _base(self, answers, legal, left: int) -> int:
        """Total guesses of the base tree for ``answers`` (exact for small sets)."""
        if len(answers) == 1:
            return 1
        key = (answers.tobytes(), b"" if self.mode == "normal" else legal.tobytes(), left)
        value = self.values.get(key)
        if value is None:
            if left < 1:
                value = INF
            elif len(answers) <= EXACT_UPTO:
                value = min(self.solver.solve(answers, legal, left).cost, INF)
            else:
                guess = self.base(self.ctx, answers, legal, self.cfg)
                value = self._after(guess, answers, legal, left)
            self.values[key] = value
        return value
