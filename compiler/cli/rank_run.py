"""How ``wordle-rank`` runs its plan (click definition in :mod:`.rank`): on this process, a
Dask LocalCluster or a running scheduler, the words decided in order, each result logged as it
comes and given to the words the game's symmetry makes its equals; the progress bar with the
ranking's own estimate of the time left; and the claims kept from an earlier run proved again."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from .common import CliError, split_long_games
from .rank_report import plural

# the bar's note until the ranking's first estimate
ESTIMATING = "estimating the time left"

if TYPE_CHECKING:
    from types import SimpleNamespace

    from tqdm import tqdm


def run_plan(plan: SimpleNamespace, jobs: int, scheduler: str | None, fmt: str, quiet: bool, verbose: bool) -> tuple:
    """Decide ``plan.todo`` on the executor, logging each word as it comes: (this run's
    results, summed counters, a contradicted kept claim or None, worker peaks, the log)."""
    from ..concurrency.cluster import ClusterLostError, executor_for
    from ..ranking.eta import RankingEta, sample_words
    from ..ranking.first_words import run_ranking, verify_claims
    from ..ranking.results_log import ResultsLog
    from .rank_watch import InFlightNote

    ranking, path, settings = plan.ranking, plan.path, plan.spec.settings
    decided = sum(1 for word in plan.words if word in ranking.results)  # a symmetric game's twins come later
    bar = None if quiet else ranking_bar(len(plan.words), decided, plan.what)
    counters, fresh, log, eta, watch = {}, [], None, None, None

    def count(result):
        for k, v in result.counters.items():
            counters[k] = counters.get(k, 0) + v

    def add_twins(result, words):
        for twin in class_twins(words, ranking, result):
            log.append(twin)
            fresh.append(twin)
            if bar is not None:
                bar.update(1)

    def on_result(result):
        log.append(result)
        fresh.append(result)
        count(result)
        eta.record(result.word, result.seconds)
        add_twins(result, plan.classes.get(result.word, ()))
        if watch is not None:
            head = bar_head(ranking, settings)  # now: the bar's thread must not read the ranking
            watch.set_base(lambda: f"{head}, {eta.phrase()}" if head else eta.phrase())
            bar.update(1)

    try:
        with executor_for(jobs, scheduler, preload=(run_ranking.__module__,), verbose=verbose) as executor:
            # only now, with the workers up: a cluster that cannot be reached leaves the file alone
            log = ResultsLog(
                path,
                fmt,
                plan.n_answers,
                plan.header,
                settings.objective,
                settings.max_depth,
                settings.weights is not None,
                resume=plan.resume,
            )
            for rep, others in plan.classes.items():  # a class with a code decided before this run
                known = next((ranking.results[w] for w in (rep, *others) if w in ranking.results), None)
                if known is not None:
                    add_twins(known, (rep, *others))
            plan.journal = plan_journal(plan, scheduler)
            early = sample_words(plan.todo)
            eta = RankingEta(plan.todo, early)  # its clock starts once the workers are up
            watch = None if bar is None else InFlightNote(bar, plan.journal, ranking.results.__contains__)
            with watch or contextlib.nullcontext():
                run_ranking(plan.spec, plan.todo, ranking, executor, on_result, early=early, journal=plan.journal)
            contradicted = ranking.broken_floor(fresh) or (
                verify_claims(plan.spec, plan.kept, ranking, executor, count) if plan.kept else None
            )
            peaks = executor.worker_peak_rss_mib()
    except ClusterLostError as exc:
        raise CliError(f"{exc}; every word decided so far is in {path}, and --resume goes on") from None
    finally:
        if log is not None:
            log.close()
        if bar is not None:
            bar.close()
    return fresh, counters, contradicted, peaks, log


def bar_head(ranking, settings) -> str:
    """The bar's note after a decided word, before the time left: the best so far (how many
    fit, for the depth objective); '' before any."""
    if settings.objective == "depth":
        return f"{ranking.exact_count()} fit"
    best = ranking.best()
    if best is None:
        return ""
    shown = " ".join(str(v) for v in split_long_games(best.value, settings.deep) if v is not None)
    return f"best {best.word} {shown}"


def plan_journal(plan: SimpleNamespace, scheduler: str | None):
    """The class bounds kept beside the results file (:mod:`..ranking.class_journal`), which
    the workers append to only when they share this machine's files (no ``scheduler``)."""
    from ..ranking.class_journal import journal_path, open_journal

    kept_at = journal_path(str(plan.path)) if scheduler is None else None
    return open_journal(kept_at, plan.header, plan.resume, plan.todo)


def class_twins(words, ranking, result) -> list:
    """The rows of ``words``, which the game's symmetry makes equal to ``result``'s word
    (same value, same status), not yet in ``ranking``, added to it."""
    from dataclasses import replace

    twins = [replace(result, word=other, seconds=0.0, counters={}) for other in words if other not in ranking.results]
    for twin in twins:
        ranking.add(twin)
    return twins


def ranking_bar(total: int, done: int, what: str = "first word") -> tqdm:
    """The bar of ``total`` words (pairs when ``what`` is "pair") on stderr, ``done`` of them
    decided before this run; its note says the time left is being estimated until the
    ranking's first estimate (:func:`bar_head`, then the estimate)."""
    from ..ranking.eta import BAR_FORMAT
    from .progress import stderr_bar

    unit = "pairs" if what == "pair" else "words"
    bar = stderr_bar(
        total=total,
        initial=done,
        unit=unit,
        dynamic_ncols=True,
        desc=f"ranking {plural(what)}",
        bar_format=BAR_FORMAT,
    )
    bar.set_postfix_str(ESTIMATING, refresh=False)
    return bar
