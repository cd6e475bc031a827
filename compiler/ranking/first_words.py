"""``wordle-rank``: every first word's exact optimum, or a proved bound showing it is
not among the best, so that the best opening is proved best over the whole list.

The engine does the work (:mod:`wordle_compiler.search`); this module decides what
to ask it.  A first word is *probed* first: each of its classes is solved only to
its cheap one-level bound (budget 2s + 1), and when the sum already reaches the
cut-off the word is refuted without any deep search.  Otherwise its classes' bounds
are raised in rounds, smallest class first, each by its share of what is missing
(:class:`ClassBounds`), until they reach the cut-off or every class is exact.  Words go
cheapest root bound (3n − k − [possible]) first, then Σc²: the best totals come early.

The cut-off is the K-th best exact total + 1 (``--top K``, ties at K-th included) or
the best + M + 1 (``--margin M``).  A word with a total below the final cut-off is
always exact (it was evaluated against a cut-off at least as high).  A word is reported
infeasible when its own classes' endgame check proved it (a depth-only search of an
endgame group's few members included: a function of the word alone), or the depth-only
search did before any cut-off existed (the same words for any ``--jobs``: the shortest
prefix of the order that holds K exact totals, one word per task).  Every other word is
reported as ``>= cut-off``.  That is what makes the results file the same for any order,
``--jobs``, cluster, or interrupted-and-resumed run.
"""

from __future__ import annotations

import bisect
import time
from dataclasses import replace

import numpy as np

from ..core.modes import initial_legal
from ..search import INF, classes_fit, solver_for
from .class_bounds import ClassBounds, raise_rounds
from .class_journal import ClassJournal, KeptBound
from .eta import RankingEta, sample_words
from .objectives import evaluate_fit, evaluate_long_games
from .tasks import (
    MAX_BATCH,
    PAIR_SEPARATOR,
    RankSpec,
    WordResult,
    context_for,
    most_parts,
    pair_key,
    split_pair,
    use_context,
    word_orbits,
    word_orbits_below,
    word_tasks,
)
from .word_order import candidate_first_words, heuristic_order

__all__ = [
    "PAIR_SEPARATOR",
    "RankSpec",
    "Ranking",
    "WordResult",
    "candidate_first_words",
    "context_for",
    "evaluate_word",
    "heuristic_order",
    "pair_key",
    "prove_best_first_word",
    "run_ranking",
    "split_pair",
    "use_context",
    "verify_claims",
]


def prove_best_first_word(
    spec: RankSpec, executor, progress=None, known: tuple[WordResult, ...] = (), order: list[str] | None = None
) -> tuple[str, int]:
    """The best first word over the whole guess list, proved, and its total.

    ``progress(1)`` is called per decided word, and ``progress.note(phrase)``, if it
    exists, with the estimate of the time left (a callable: it counts down between
    words).  Ties on the total go by the search's own rule: shallower tree, a word that
    can be the answer, then alphabetical.  ``known``:
    exact results already proved (their best is the cut-off from the start); ``order``:
    the candidate words in the order to decide them (default :func:`heuristic_order`).
    """
    ctx = context_for(spec)
    ranking = Ranking(top=1)
    for result in known:
        ranking.add(result)
    words = heuristic_order(ctx, spec, candidate_first_words(ctx, spec)) if order is None else order
    words = [w for w in words if w not in ranking.results]
    early = sample_words(words)
    eta = RankingEta(words, early)

    def on_result(result):
        eta.record(result.word, result.seconds)
        if progress is not None:
            progress(1)
            if hasattr(progress, "note"):
                progress.note(eta.phrase)

    run_ranking(spec, words, ranking, executor, on_result, early=early)
    best = ranking.best()
    if best is None:
        return None, INF
    tied = [r.word for r in ranking.results.values() if r.exact and r.value == best.value]
    if len(tied) == 1:
        return best.word, best.value
    solver = solver_for(ctx, spec.settings.mode, weights=spec.settings.weights)
    answers, legal = ctx.all_answers, initial_legal(ctx, spec.settings.mode)

    def key(word):
        guess = ctx.guess_index[word]
        depth = solver.guess_value(guess, answers, legal, spec.settings.max_depth).depth
        return depth, not np.isin(guess, ctx.answer_in_guesses).item(), guess

    return min(tied, key=key), best.value


def evaluate_word(spec: RankSpec, word: str, cutoff: int, journal: ClassJournal | None = None) -> WordResult:
    """Exact total for ``word`` when it is below ``cutoff``, else a bound >= cutoff
    (for ``objective`` "depth", :func:`evaluate_fit`: there is no cut-off).

    Its classes' cheap bounds first (no search at all), then the classes raised round by
    round while the word can still beat the cut-off (:class:`ClassBounds`).  With no
    cut-off yet the word would be solved exactly, so the depth-only search asks first
    whether it can finish at all (in hard mode most of the best-looking words cannot).
    ``journal``: the classes start from the bounds it kept for ``word``, and each slow
    raise is kept there (:mod:`.class_journal`).
    """
    if spec.settings.objective == "depth":
        return evaluate_fit(spec, word)
    if spec.settings.objective == "fewest-deep":
        return evaluate_long_games(spec, word, cutoff)
    ctx = context_for(spec)
    solver = solver_for(ctx, spec.settings.mode, weights=spec.settings.weights)
    began = time.perf_counter()  # after a new worker's one-off loading, which no word's cost includes
    before = solver.stats()
    shape = word_tasks(ctx, spec, word, solver.weight)
    if shape is None or (shape[2] < 1 and shape[1]):  # forbidden by the mode, or no guess left for a class
        return WordResult(word, INF, False, dict.fromkeys(before, 0), time.perf_counter() - began)
    counted, tasks, depth = shape
    tasks = [(code, cls, solver.engine_legal(follow)) for code, cls, follow in tasks]
    value, exact = INF, False  # proved infeasible, unless a search follows
    if cutoff >= INF and not classes_fit(solver, tasks, depth):
        pass  # with no cut-off the word would be solved exactly: the depth-only search first
    elif not any(solver.refuted_by_endgame(cls, follow, depth) for _, cls, follow in tasks):  # else never in time
        orbits = word_orbits(ctx, spec, word)
        below = None if orbits is None else word_orbits_below(ctx, spec, word)
        symmetric = 0 if orbits is None else len(ctx.all_answers)
        rounds, parts = raise_rounds(spec.settings.mode, symmetric), most_parts(ctx, spec)
        classes = ClassBounds(solver, tasks, depth, parts, rounds, orbits, below)
        if journal is not None:
            _keep_bounds(classes, journal, word, counted, cutoff)
        value = classes.settle(counted, cutoff)
        exact = value < cutoff and all(classes.exact)
        if value >= INF:  # a class the search happened to find infeasible: that depends on the
            value = cutoff  # cut-off and the memo, so the word reports the bound it was asked for
    after = solver.stats()
    return WordResult(
        word, int(value), bool(exact), {k: after[k] - before[k] for k in after}, time.perf_counter() - began
    )


def _keep_bounds(classes: ClassBounds, journal: ClassJournal, word: str, counted: int, cutoff: int) -> None:
    """Start ``classes`` from ``journal``'s bounds for ``word`` and keep each slow raise there,
    with the word's proved total (``counted`` + the bounds) against ``cutoff``."""
    classes.restore(journal.known.get(word, {}))

    def keep(i: int, seconds: float) -> None:
        code, cls, _ = classes.tasks[i]
        kept = KeptBound(i, int(code), len(cls), int(classes.bounds[i]), bool(classes.exact[i]))
        journal.record(word, kept, min(INF, counted + int(sum(classes.bounds))), cutoff, seconds)

    classes.on_raise = keep


class Ranking:
    """Decided words so far and the cut-off they imply (``top`` or ``margin``).

    Claims resumed from a finished results file keep their strength: ``standing`` words
    stay exact even above the cut-off, and ``floors`` holds the bound each other word was
    proved to reach (an unchecked one is proved again: :func:`verify_claims`, and the
    floor as the word's own cut-off in :func:`run_ranking`)."""

    def __init__(self, top: int | None = 10, margin: int | None = None):
        self.top, self.margin = top, margin
        self.results: dict[str, WordResult] = {}
        # (value, word) of the exact results, sorted: the cut-off and best, asked per word, scan none
        self._exact: list[tuple[int, str]] = []
        self.standing: set[str] = set()
        self.floors: dict[str, int] = {}
        self.keep_floors = False  # the floors came from a finished file: the final rows keep them

    def add(self, result: WordResult) -> None:
        """Record a decided word (replacing any earlier result for it)."""
        earlier = self.results.get(result.word)
        if earlier is not None and earlier.exact:
            self._exact.remove((earlier.value, earlier.word))
        self.results[result.word] = result
        if result.exact:
            bisect.insort(self._exact, (result.value, result.word))

    def resume(self, contents) -> list[WordResult]:
        """Take a results file's claims (a ``results_log.LogContents``).  Trusted rows are
        proved results: exact values and infeasible words are decided, and so is a bound
        that reaches the cut-off (a bound below it, left by a smaller ``--top``, is decided
        again).  Unchecked rows are claims: exact values and infeasible words are taken as
        decided and returned (for :func:`verify_claims`), and each bound is its word's
        floor, the word to be decided again without going below it.  From a finished file,
        exact values stay exact above the cut-off and bounds keep their value."""
        finished = contents.finished
        self.keep_floors = finished
        for result in contents.trusted:
            if result.exact or result.value >= INF:
                self.add(result)
                if finished and result.exact:
                    self.standing.add(result.word)
        cutoff = self.cutoff()
        for result in contents.trusted:
            if not result.exact and result.value < INF:
                if result.value >= cutoff:
                    self.add(result)
                if finished:
                    self.floors[result.word] = result.value
        claims = []
        for result in contents.unchecked:
            if result.exact or result.value >= INF:
                self.add(result)
                claims.append(result)
                if finished and result.exact:
                    self.standing.add(result.word)
            else:
                self.floors[result.word] = result.value
        return claims

    def broken_floor(self, results: list[WordResult]) -> tuple[WordResult, WordResult] | None:
        """The first resumed bound that a result of this run contradicts (exact below it), as
        (claim, proved), or None."""
        for result in results:
            floor = self.floors.get(result.word)
            if floor is not None and result.exact and result.value < floor:
                return WordResult(result.word, floor, False), result
        return None

    def cutoff(self) -> int:
        """The total a word must stay below to be ranked: the ``top``-th best exact total + 1, or the
        best + ``margin`` + 1; ``INF`` until enough words are exact."""
        exact = self._exact
        if self.margin is not None:
            return exact[0][0] + self.margin + 1 if exact else INF
        return exact[self.top - 1][0] + 1 if len(exact) >= self.top else INF

    def wanted_before_cutoff(self) -> int:
        """How many words may be in flight while there is no cut-off yet: as many as exact
        totals are still missing for one.  Any more would be solved exactly with nothing to
        stop them (a poor word then costs a hundred times its refutation)."""
        if self.cutoff() < INF:
            return 1 << 30
        if self.margin is not None:
            return 1
        return max(1, self.top - len(self._exact))

    def exact_count(self) -> int:
        """How many decided words are exact (for ``--objective depth``: how many fit)."""
        return len(self._exact)

    def best(self) -> WordResult | None:
        """The exact result with the lowest total (ties: alphabetical), or None if none is exact yet."""
        return self.results[self._exact[0][1]] if self._exact else None

    def final_rows(self) -> list[tuple[str, int, bool]]:
        """(word, value, exact), canonical: exact below the cut-off, INF for a word proved
        infeasible, else ">= cut-off"."""
        cutoff = self.cutoff()
        rows = []
        for r in self.results.values():
            if r.value >= INF:  # proved infeasible: the module docstring says why every run agrees
                rows.append((r.word, INF, False))
            elif r.exact and (r.value < cutoff or r.word in self.standing):
                rows.append((r.word, r.value, True))
            else:  # the bound every order agrees on, or the stronger one a finished file held
                rows.append((r.word, max(cutoff, self.floors.get(r.word, 0) if self.keep_floors else 0), False))
        return sorted(rows, key=lambda row: (not row[2], row[1] if row[2] else 0, row[0]))


def _submit(executor, spec: RankSpec, words: list[str], ranking: Ranking, journal: ClassJournal | None) -> None:
    """Evaluate ``words`` against the cut-off; a word with a resumed floor above it alone,
    against its floor (which it must reach again, or be exact at no less)."""
    cutoff = ranking.cutoff()
    plain = [w for w in words if ranking.floors.get(w, 0) <= cutoff]
    if plain:
        executor.submit(evaluate_words, spec, plain, cutoff, journal and journal.for_words(plain))
    for word in words:
        if ranking.floors.get(word, 0) > cutoff:
            executor.submit(evaluate_words, spec, [word], ranking.floors[word], journal and journal.for_words([word]))


def evaluate_words(
    spec: RankSpec, words: list[str], cutoff: int, journal: ClassJournal | None = None
) -> list[WordResult]:
    """:func:`evaluate_word` for a batch (one Dask task: fewer round trips)."""
    return [replace(evaluate_word(spec, word, cutoff, journal), cutoff=cutoff) for word in words]


def verify_claims(spec: RankSpec, claims: list[WordResult], ranking: Ranking, executor, on_proved=None):
    """Prove again the results a ranking took from a file (``--resume``), against its
    final cut-off: an exact total below the cut-off must come out the same, a word
    claimed infeasible must be proved so with no cut-off (its endgame check settles most
    at once), and anything else at or above the cut-off (the first step of
    :func:`evaluate_word`, the cheap bounds, settles most of those without a search).
    Returns the first claim the search contradicts and what the search proves, as
    (claim, proved), or None.  ``on_proved(result)`` is called with each proof (its counters)."""
    cutoff = ranking.cutoff()
    exactly = {c.word for c in claims if c.exact and (c.value < cutoff or c.word in ranking.standing)}
    limits = {c.word: (c.value + 1 if c.word in exactly else INF if c.value >= INF else cutoff) for c in claims}
    claimed = {c.word: c for c in claims}
    batches = [[c.word] for c in claims if c.word in exactly]
    for limit in sorted({cutoff, INF}):
        bounded = [c.word for c in claims if c.word not in exactly and limits[c.word] == limit]
        batches += [bounded[i : i + MAX_BATCH] for i in range(0, len(bounded), MAX_BATCH)]
    found = None
    while batches or executor.in_flight():
        while batches and executor.in_flight() < executor.window and found is None:
            batch = batches.pop(0)
            executor.submit(evaluate_words, spec, batch, limits[batch[0]])
        if found is not None:
            batches = []  # let what is in flight finish, submit nothing more
        if executor.in_flight() == 0:
            break
        for results in executor.wait_any():
            for proved in results:
                if on_proved is not None:
                    on_proved(proved)
                claim = claimed[proved.word]
                if claim.word in exactly:
                    holds = proved.exact and proved.value == claim.value
                else:
                    holds = proved.value >= INF if claim.value >= INF else not proved.exact
                if not holds and found is None:
                    found = (claim, proved)
    return found


def run_ranking(
    spec: RankSpec,
    words: list[str],
    ranking: Ranking,
    executor,
    on_result=None,
    early: list[str] = (),
    journal: ClassJournal | None = None,
) -> None:
    """Evaluate ``words`` in order on ``executor``; each task gets the cut-off known
    when it is submitted, so a better total reaches every later task.

    Until there is a cut-off, no more words are in flight than exact totals are missing
    for one (:meth:`Ranking.wanted_before_cutoff`), so more workers never means more
    words solved without a cut-off.  The ``early`` words (a sample for the ETA,
    :mod:`wordle_compiler.ranking.eta`) jump the queue as soon as there is a cut-off:
    before that they would be solved exactly.  When every word is solved exactly anyway
    (``--top all``, or the depth objective) they go first, at no extra cost.
    Words go out one per task at first (the best-looking words are the expensive ones
    and set the cut-off), then in growing batches: most later words are refuted in
    milliseconds, and a Dask round trip costs several.  ``journal``: where the workers
    keep their words' class bounds (:mod:`.class_journal`).
    """
    wanted = set(words)
    early = [w for w in dict.fromkeys(early) if w in wanted]
    jumped = set(early)
    pending = [w for w in words if w not in jumped]
    position = 0
    # depth, or --top all: no cut-off comes before the last word (see the docstring)
    at_once = spec.settings.objective == "depth" or (
        ranking.margin is None and ranking.top >= len(ranking.results) + len(words)
    )
    while True:
        while executor.in_flight() < min(executor.window, ranking.wanted_before_cutoff()) and (
            early or position < len(pending)
        ):
            if early and (at_once or ranking.cutoff() < INF):
                _submit(executor, spec, [early.pop(0)], ranking, journal)
                continue
            if position == len(pending):
                break  # only early words are left, and they wait for a cut-off
            # one word per task while there is no cut-off: the words evaluated without one are
            # then the same for any --jobs (see the module docstring)
            alone = executor.workers == 1 or ranking.cutoff() >= INF
            size = 1 if alone else min(MAX_BATCH, 1 + position // (8 * executor.workers))
            batch = pending[position : position + size]
            position += size
            _submit(executor, spec, batch, ranking, journal)
        if executor.in_flight() == 0:
            if early:  # no cut-off will come (every word so far infeasible): solve them anyway
                pending, early = pending + early, []
                continue
            return
        for results in executor.wait_any():
            for result in results:
                ranking.add(result)
                if on_result is not None:
                    on_result(result)
