"""``--strategy optimal``: a proved minimum-total-guesses tree within ``--max-depth``.

The build layer over the exact engine (:mod:`wordle_compiler.search`): a fixed
first guess is split and each class solved by the engine on ``--jobs`` threads
sharing one memo, then rebuilt from it (:mod:`.first_level`); without ``--start`` the first word
is proved best by the ranking, or (``--candidates K``) chosen by branch and bound
across the K best-ranked words.  With ``--opening W1,W2`` both guesses are fixed (W2
played whatever W1 showed) and every class they leave is solved exactly.  With a fixed
start or opening, ``--objective depth`` first finds the least worst case (the depth-only
search) and ``--objective fewest-deep`` runs the same search with the engine counting the
answers that need ``--deep`` K guesses or more before the total.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..core.errors import BuildError
from ..core.guess_stats import PARTS, SUMSQ, partition_stats
from ..core.modes import initial_legal
from ..core.partition import Node, class_tasks, solved_here
from ..search import GAUGES, INF, InfeasibleError, classes_fit, solver_for
from .first_level import solve_first_level

__all__ = ["InfeasibleError", "compile_optimal", "rank_first_guesses"]


def rank_first_guesses(ctx, legal, k: int) -> list[int]:
    """Heuristic ranking for 'best of K first words': most parts, then smallest Σc²."""
    stats, _ = partition_stats(ctx.matrix_by_answer(), legal, ctx.all_answers)
    order = np.lexsort((legal, stats[:, SUMSQ], -stats[:, PARTS]))
    return [int(legal[i]) for i in order[:k]]


def compile_optimal(ctx, cfg, forced, jobs=1, progress=None, memo_mb=None, anytime=None, proving=None):
    """Return (root node, proved_optimal, optimality label, engine counters).  ``anytime``
    (an :class:`.anytime.Anytime`, with a fixed first guess and the total objective only):
    a stopped search still returns a tree, not proved, labelled with its lower bound.
    ``proving`` (a :class:`.checkpoint.Proving`, the same restriction): the classes kept in
    a checkpoint file and/or proved on a Dask cluster."""
    settings = cfg.settings
    if settings.objective != "total" and not forced:
        raise BuildError(
            f"--objective {settings.objective} needs --start or --opening (over every first word, "
            "wordle-rank --objective depth --max-depth N lists the first words that finish within N)"
        )
    if anytime is not None and (len(forced) != 1 or settings.objective != "total"):
        raise BuildError("--anytime and --time-limit need --start (one first guess) and --objective total")
    if proving is not None:
        _check_proving(proving, forced, settings.objective, anytime)
    memo = {} if memo_mb is None else {"memo_mb": memo_mb}
    solver = solver_for(ctx, settings.mode, deep_level=settings.deep_level(), weights=settings.weights, **memo)
    before = solver.stats()
    if settings.objective == "depth":
        root, label = _least_worst_case(ctx, cfg, solver, forced, jobs, progress)
        proved = True
    elif proving is None:
        root, proved, label = _least_total(ctx, cfg, solver, forced, jobs, progress, anytime)
    else:
        proving.memo_mb = memo_mb  # the workers' cap too
        root, proved, label = _with_checkpoint(ctx, cfg, solver, forced[0], jobs, progress, anytime, proving)
    own = solver.stats()
    counters = {k: v if k in GAUGES else v - before[k] for k, v in own.items()}
    for key, value in getattr(proving, "counters", {}).items():  # the cluster's tasks
        counters[key] = max(counters.get(key, 0), value) if key in GAUGES else counters.get(key, 0) + value
    return root, proved, label, counters


def _check_proving(proving, forced, objective: str, anytime) -> None:
    """A one-line BuildError unless ``proving`` fits the build (:func:`compile_optimal`)."""
    if len(forced) != 1 or objective != "total":
        raise BuildError("--checkpoint, --scheduler and --workers need --start (one first guess) and --objective total")
    if proving.on_cluster and anytime is not None:
        raise BuildError(
            "--anytime and --time-limit stop this machine's threads, not a cluster's (--scheduler, --workers)"
        )


def _with_checkpoint(ctx, cfg, solver, first: int, jobs: int, progress, anytime, proving):
    """:func:`_least_total` from ``first``, its classes kept in ``proving.checkpoint`` and/or
    proved on a cluster: (root, proved, optimality label)."""
    from .checkpoint import CheckpointError
    from .cluster_level import solve_first_level_on_cluster

    checkpoint = proving.checkpoint
    try:
        if checkpoint is not None:
            checkpoint.open(ctx, cfg.settings, ctx.words.guesses[first])
        if proving.on_cluster:
            root, proving.counters = solve_first_level_on_cluster(ctx, cfg, first, proving, progress)
            return root, True, "proved optimal for the fixed first guess"
        root = solve_first_level(ctx, cfg, solver, first, max(1, jobs), progress, anytime, checkpoint)
    except CheckpointError as exc:
        raise BuildError(str(exc)) from None
    finally:
        if checkpoint is not None:
            checkpoint.close()
    if anytime is not None and anytime.stopped:
        return root, False, anytime.label()
    return root, True, "proved optimal for the fixed first guess"


def _least_worst_case(ctx, cfg, solver, forced, jobs, progress):
    """``--objective depth``: the least worst case D within ``--max-depth``, proved by the
    depth-only search (no tree finishes within D - 1), then the least total among the
    trees that finish within D (so the worst case first, then the total)."""
    settings = cfg.settings
    tasks = _tasks_after(ctx, settings.mode, forced)
    for depth in range(len(forced) + 1, settings.max_depth + 1):
        if not classes_fit(solver, tasks, depth - len(forced)):
            continue  # proved by the depth-only search: no tree within this depth
        within = replace(cfg, settings=replace(settings, max_depth=depth))
        root, _, label = _least_total(ctx, within, solver, forced, jobs, progress)
        return root, label
    raise InfeasibleError(
        f"no tree solves every answer within {_guesses(settings.max_depth)} after "
        f"{', '.join(ctx.words.guesses[g] for g in forced)}"
    )


def _least_total(ctx, cfg, solver, forced, jobs, progress, anytime=None):
    """The least-total tree within ``cfg.settings.max_depth``: (root, proved, optimality label)."""
    if len(forced) == 2:
        return _opening_tree(ctx, cfg, solver, *forced, progress), True, "proved optimal for the fixed opening"
    if forced:
        first, proved, label = forced[0], True, "proved optimal for the fixed first guess"
    elif cfg.candidates is None:
        first, root = _proved_best_first(ctx, cfg, solver, jobs, progress)
        if root is not None:  # the seed word won: its tree is proved already
            return root, True, "global"
        proved, label = True, "global"
    else:
        firsts = rank_first_guesses(ctx, initial_legal(ctx, cfg.settings.mode), cfg.candidates)
        first = _best_first_guess(ctx, cfg, solver, firsts)
        if first is None:
            raise InfeasibleError(
                f"no tree solves every answer within {_guesses(cfg.settings.max_depth)} from any "
                f"of the {len(firsts)} first words tried"
            )
        proved, label = False, f"best of {len(firsts)} first words"
    root = solve_first_level(ctx, cfg, solver, first, max(1, jobs), progress, anytime)
    if anytime is not None and anytime.stopped:
        return root, False, anytime.label()
    return root, proved, label


def _tasks_after(ctx, mode: str, forced) -> list:
    """The classes left to solve after the forced guesses, as (code, answers, legal);
    the second of two is played in every class the first leaves."""
    if len(forced) == 1:
        return class_tasks(ctx, mode, forced[0], ctx.all_answers, initial_legal(ctx, mode))
    return [task for *_, second_tasks in _opening_classes(ctx, mode, *forced) for task in second_tasks]


def _opening_classes(ctx, mode: str, first: int, second: int) -> list:
    """(code, answers, legal, the classes ``second`` leaves of them) for each class ``first``
    leaves; BuildError when the mode forbids ``second`` in one of them."""
    words, found = ctx.words.guesses, []
    for code, cls, follow in class_tasks(ctx, mode, first, ctx.all_answers, initial_legal(ctx, mode)):
        if not np.isin(second, follow).item():
            raise BuildError(
                f"{words[second]!r} is not a legal guess after {words[first]} {ctx.game.format_code(int(code))} "
                f"in {mode} mode"
            )
        found.append((code, cls, follow, class_tasks(ctx, mode, second, cls, follow)))
    return found


def _opening_tree(ctx, cfg, solver, first: int, second: int, progress=None) -> Node:
    """The optimal tree that opens with ``first`` and then ``second`` in every class
    ``first`` leaves: each class ``second`` leaves in turn is solved exactly (within
    ``--max-depth`` - 2 further guesses) and rebuilt from the engine's choices."""
    words, answers = ctx.words.guesses, ctx.all_answers
    classes = _opening_classes(ctx, cfg.settings.mode, first, second)
    if progress is not None and hasattr(progress, "start"):
        progress.start(len(answers), f"optimal after {words[first]}, {words[second]}")
    weighed = progress is not None and hasattr(progress, "weigh")
    if weighed:  # each class the second guess leaves at its size squared
        progress.weigh([len(sub) for *_, second_tasks in classes for _, sub, _ in second_tasks])
    root = Node(first, solved_here(ctx, first, answers))
    max_depth = cfg.settings.max_depth
    for code, cls, _, second_tasks in classes:
        after = f"after {words[first]} {ctx.game.format_code(int(code))}"
        node = Node(second, solved_here(ctx, second, cls))
        for code2, sub, follow2 in second_tasks:
            try:
                if max_depth < 3:
                    raise InfeasibleError("no guess is left")
                node.children.append((code2, solver.tree(sub, follow2, max_depth - 2)[1]))
            except InfeasibleError:
                raise InfeasibleError(
                    f"no tree solves every answer within {_guesses(max_depth)} after "
                    f"opening {words[first]}, {words[second]}: {after}, {words[second]} "
                    f"{ctx.game.format_code(int(code2))}, the {len(sub)} answers left need more "
                    f"than {_guesses(max(max_depth - 2, 0))}"
                ) from None
        root.children.append((code, node))
        if weighed:
            progress(len(cls), work=sum(len(sub) ** 2 for _, sub, _ in second_tasks))
        elif progress is not None:
            progress(len(cls))
    return root


def _best_first_guess(ctx, cfg, solver, firsts):
    """Branch and bound across first words: a word stops as soon as it cannot beat the best.

    Same tie-break as inside the search: total, then depth, then possible answer, then
    alphabetical.
    """
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.settings.mode)
    best_key, best_first = None, None
    for first in firsts:
        limit = np.inf if best_key is None else best_key[0] + 1
        outcome = solver.guess_value(first, answers, legal, cfg.settings.max_depth, int(min(limit, INF)))
        if outcome.guess < 0:
            continue
        key = (outcome.cost, outcome.depth, solved_here(ctx, first, answers) < 0, first)
        if best_key is None or key < best_key:
            best_key, best_first = key, first
    return best_first


def _proved_best_first(ctx, cfg, solver, jobs, progress):
    """The best first word over every guess, proved by the ranking (wordle-rank), seeded
    where the game's symmetry leaves few first words (:mod:`.seeded`): (its index, its tree
    when the seeding built it, else None)."""
    from ..concurrency.cluster import executor_for
    from ..ranking.first_words import RankSpec, candidate_first_words, prove_best_first_word, use_context
    from .seeded import seeded_best_first

    seeded = seeded_best_first(ctx, cfg, solver, jobs, progress)
    if seeded is not None:
        first, root = seeded
    else:
        spec = RankSpec(cfg.settings)  # the total objective: the others need a fixed first guess
        with use_context(spec, ctx):
            if progress is not None and hasattr(progress, "start"):
                progress.start(len(candidate_first_words(ctx, spec)), "proving the best first word", unit="words")
            with executor_for(jobs, preload=(prove_best_first_word.__module__,)) as executor:
                word, _ = prove_best_first_word(spec, executor, progress)
        first, root = (-1 if word is None else ctx.guess_index[word]), None
    if first < 0:
        raise InfeasibleError(f"no first word solves every answer within {_guesses(cfg.settings.max_depth)}")
    return first, root


def _guesses(n: int) -> str:
    return f"{n} guess" if n == 1 else f"{n} guesses"
