"""The depth-only question: can every answer be solved within N guesses?

:meth:`Solver.feasible <wordle_compiler.search.solver.Solver.feasible>` answers it for one
set (the compiled search in ``ext/feasible.pxi``: a set stops at its first guess whose
classes all fit, and no total is minimised).  :func:`classes_fit` asks it of every class a
fixed opening leaves, cheapest refusals first, as ``--objective depth`` and ``wordle-rank
--objective depth`` do.
"""

from __future__ import annotations


def classes_fit(solver, tasks, depth: int) -> bool:
    """Whether every class of ``tasks`` ((code, answers, legal) as from
    ``core.partition.class_tasks``) can be solved within ``depth`` more guesses.

    The endgame check runs on every class before any search (no full pass), then the
    classes are searched largest first: the likeliest not to fit, and one that does not
    settles the question."""
    if depth < 1:
        return not tasks
    tasks = sorted(tasks, key=lambda task: (-len(task[1]), task[0]))
    if any(solver.refuted_by_endgame(answers, legal, depth) for _, answers, legal in tasks):
        return False
    return all(solver.feasible(answers, legal, depth) >= 0 for _, answers, legal in tasks)
