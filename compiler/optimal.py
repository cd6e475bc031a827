"""``--strategy optimal``: a proved minimum-total-guesses tree within ``--max-depth``.

The build layer over the exact engine (:mod:`wordle_compiler.search`): a fixed
first guess is split here and each class is solved by the engine, on ``--jobs``
threads sharing one memo, then rebuilt from it; without ``--start`` the first word
is proved best by the ranking, or (``--candidates K``) chosen by branch and bound
across the K best-ranked words.
"""

from __future__ import annotations

import numpy as np
from wordle_runtime.feedback import format_pattern

from . import parallel
from .kernels import PARTS, SUMSQ, partition_stats
from .modes import initial_legal
from .partition import BuildError, Node, class_tasks, solved_here
from .search import GAUGES, INF, InfeasibleError, Outcome, solver_for

__all__ = ["InfeasibleError", "compile_optimal", "rank_first_guesses"]

SMALL_CLASS = 24  # answers: first-level classes this small are solved first, whole


def rank_first_guesses(ctx, legal, k: int) -> list[int]:
    """Heuristic ranking for 'best of K first words': most parts, then smallest Σc²."""
    stats, _ = partition_stats(ctx.matrix, legal, ctx.all_answers)
    order = np.lexsort((legal, stats[:, SUMSQ], -stats[:, PARTS]))
    return [int(legal[i]) for i in order[:k]]


def compile_optimal(ctx, cfg, forced, jobs=1, progress=None, memo_mb=None):
    """Return (root node, proved_optimal, optimality label, engine counters)."""
    if len(forced) > 1:
        raise BuildError("the optimal strategy supports --start, not --opening")
    solver = solver_for(ctx, cfg.mode) if memo_mb is None else solver_for(ctx, cfg.mode, memo_mb)
    before = solver.stats()
    if forced:
        first, proved, label = forced[0], True, "proved optimal for the fixed first guess"
    elif cfg.candidates is None:
        first, proved, label = _proved_best_first(ctx, cfg, jobs, progress), True, "global"
    else:
        firsts = rank_first_guesses(ctx, initial_legal(ctx, cfg.mode), cfg.candidates)
        first = _best_first_guess(ctx, cfg, solver, firsts)
        if first is None:
            raise InfeasibleError(f"no tree solves every answer within {cfg.max_depth} guesses from any "
                                  f"of the {len(firsts)} first words tried")
        proved, label = False, f"best of {len(firsts)} first words"
    root = _root_in_threads(ctx, cfg, solver, first, max(1, jobs), progress)
    own = solver.stats()
    counters = {k: v if k in GAUGES else v - before[k] for k, v in own.items()}
    return root, proved, label, counters


def _best_first_guess(ctx, cfg, solver, firsts):
    """Branch and bound across first words: a word stops as soon as it cannot beat the best.

    Same tie-break as inside the search: total, then depth, then possible answer, then
    alphabetical.
    """
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.mode)
    best_key, best_first = None, None
    for first in firsts:
        limit = np.inf if best_key is None else best_key[0] + 1
        outcome = solver.guess_value(first, answers, legal, cfg.max_depth, int(min(limit, 1 << 36)))
        if outcome.guess < 0:
            continue
        key = (outcome.cost, outcome.depth, solved_here(ctx, first, answers) < 0, first)
        if best_key is None or key < best_key:
            best_key, best_first = key, first
    return best_first


def _root_in_threads(ctx, cfg, solver, first, jobs, progress):
    """First-level classes solved by ``jobs`` threads *together*, over one shared memo
    (with ``jobs`` = 1, one thread: Ctrl-C is then never stuck behind a kernel call).

    Classes of at most ``SMALL_CLASS`` answers go first, each whole to one thread: they
    take milliseconds, and when the first guess cannot finish within the depth limit it
    shows there (an endgame group such as ``.ight`` in a class), so such a guess is
    refused at once instead of after the long searches (``caret`` in hard mode on the
    3158 list: 133 s before, see the README).  A class found infeasible stops every
    other thread at its next candidate.  Every larger class is one task per thread,
    each evaluating its share of the class's candidate guesses against a limit the
    shares of that class write and read.  (One class of trace, or of salet on the 3158
    list, holds about 65% of the work, so handing out whole classes cannot halve the
    time; and forked workers with a memo each redid one another's subproblems, 1.40x
    the serial work.)  The result per class is the lexicographic best of its shares,
    which is the serial search's choice; the subtree under it is rebuilt from the memo
    afterwards, so the tree's bytes never depend on ``jobs``."""
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.mode)
    tasks = class_tasks(ctx, cfg.mode, first, answers, legal)
    limits = np.full(len(tasks), INF, dtype=np.int64)
    depth = cfg.max_depth - 1
    small = sorted((len(cls), i) for i, (_, cls, _) in enumerate(tasks) if len(cls) <= SMALL_CLASS)
    large = sorted((-len(cls), i) for i, (_, cls, _) in enumerate(tasks) if len(cls) > SMALL_CLASS)
    shares = [(i, 0, 1) for _, i in small] + [(i, w, jobs) for _, i in large for w in range(jobs)]
    refused = []  # indices of classes proved infeasible (list.append is atomic)
    with solver.lanes(jobs) as lanes:
        def run_share(share, lane):
            index, worker, workers = share
            _, cls, follow = tasks[index]
            if refused:
                return Outcome(INF, 0, -1)
            outcome = solver.solve(cls, follow, depth, share=(worker, workers, limits[index:index + 1]),
                                   lane=lanes[lane])
            if workers == 1 and not outcome.feasible:
                refused.append(index)
                limits[:] = 0  # every running share stops at its next candidate
            return outcome

        if progress is not None and hasattr(progress, "start"):
            progress.start(len(answers), f"optimal from {ctx.words.guesses[first]}")
        outcomes = parallel.map_threads(run_share, shares, jobs, weights=[len(tasks[i][1]) / n for i, _, n in shares],
                                        progress=progress, in_order=True)
    if refused:
        raise _refusal(ctx, cfg, first, tasks[min(refused)])
    found_by_class = [[] for _ in tasks]
    for (index, _, _), o in zip(shares, outcomes):
        if o.guess >= 0:
            found_by_class[index].append(((o.cost, o.depth, solved_here(ctx, o.guess, tasks[index][1]) < 0, o.guess), o))
    root = Node(first, solved_here(ctx, first, answers))
    for index, (code, cls, follow) in enumerate(tasks):
        if not found_by_class[index]:
            raise _refusal(ctx, cfg, first, tasks[index])
        best = min(found_by_class[index], key=lambda f: f[0])[1]
        root.children.append((code, solver.tree(cls, follow, depth, known=best)[1]))
    return root


def _refusal(ctx, cfg, first, task) -> InfeasibleError:
    """The error for a first guess that cannot finish in time, naming one class that
    cannot: its feedback and, when few, its answers."""
    code, cls, _ = task
    word = ctx.words.guesses[first]
    shown = ", ".join(ctx.words.answers[a] for a in cls[:8]) + (", ..." if len(cls) > 8 else "")
    return InfeasibleError(f"no tree solves every answer within {cfg.max_depth} guesses after {word!r}: "
                           f"after {word} {format_pattern(int(code))}, the {len(cls)} answers left ({shown}) "
                           f"need more than {cfg.max_depth - 1} further guesses")


def _proved_best_first(ctx, cfg, jobs, progress):
    """The best first word over every guess, proved by the ranking (wordle-rank)."""
    from .cluster import executor_for
    from .rank import RankSpec, prove_best_first_word, use_context

    spec = RankSpec(answers=cfg.answers, guesses=cfg.guesses, mode=cfg.mode, max_depth=cfg.max_depth)
    use_context(spec, ctx)
    if progress is not None and hasattr(progress, "start"):
        progress.start(len(ctx.words.guesses), "proving the best first word", unit="words")
    with executor_for(jobs) as executor:
        word, _ = prove_best_first_word(spec, executor, progress)
    if word is None:
        raise InfeasibleError(f"no first word solves every answer within {cfg.max_depth} guesses")
    return ctx.guess_index[word]
