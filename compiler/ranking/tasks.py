"""What the ranking asks of one word: the spec, a worker's cached context, and the classes
a first word (or a fixed opening's second word) leaves to solve, with their cheap bounds.
Shared by :mod:`.first_words` (the total) and :mod:`.objectives` (the other objectives)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import numpy as np

from ..core.config import Context
from ..core.guess_stats import PARTS, partition_stats
from ..core.modes import initial_legal
from ..core.partition import class_tasks
from ..core.settings import Settings
from ..core.weights import Weights


@dataclass(frozen=True)
class RankSpec:
    """What is being ranked: also the cache key for a worker's context and solver.

    ``settings``: the game, its lists, mode and depth limit, the objective (``"total"``: each
    word's least total; ``"depth"``: only whether it solves every answer within max_depth,
    exact, value max_depth, when it does, INF when it cannot; ``"fewest-deep"``: first the
    fewest answers needing ``deep`` guesses or more, then the total, as one value DEEP_COST *
    long + total, search.DEEP_COST) and the weights, integer ``Weights`` (``Settings.weighed``:
    a spec is hashed and sent to Dask's workers) or None.  ``first`` (``--second-after``): this
    first guess is fixed, and the words ranked are second guesses, each played in every class
    the first leaves (a fixed two-word opening)."""

    settings: Settings = field(default_factory=Settings)
    first: str | None = None

    def __post_init__(self) -> None:
        weights = self.settings.weights
        if (weights is not None and not isinstance(weights, Weights)) or self.settings.prior is not None:
            raise ValueError("a ranking's settings hold integer weights made for its answers (Settings.weighed)")


@dataclass(frozen=True)
class WordResult:
    word: str
    value: int  # exact total, or a proved lower bound
    exact: bool
    counters: dict = field(default_factory=dict, compare=False)
    seconds: float = field(default=0.0, compare=False)  # evaluation time, for the ETA
    cutoff: int | None = field(default=None, compare=False)  # what it was evaluated against (None: not ranked)


# The process's caches, shared by its threads (a Dask worker may run one task per thread):
# filled under _cache_lock, read-only once filled.
_cache_lock = threading.RLock()
_contexts: dict = {}  # (answers, guesses, game) -> Context: one list pair per process
_most_parts: dict = {}  # RankSpec -> int, for the context above
_first_classes: dict = {}  # (mode, first word) -> its classes [(answers, legal)], for the context above


def _lists_key(spec: RankSpec) -> tuple:
    """What a context depends on: the lists and the game they play."""
    return spec.settings.answers, spec.settings.guesses, spec.settings.game


def context_for(spec: RankSpec) -> Context:
    """One context per process and spec (a Dask worker keeps it across its tasks), its
    matrices loaded before any thread reads them."""
    key = _lists_key(spec)
    with _cache_lock:
        if key not in _contexts:
            _forget_contexts()
            ctx = Context.load(spec.settings)
            ctx.matrix_by_answer()
            _contexts[key] = ctx
        return _contexts[key]


@contextmanager
def use_context(spec: RankSpec, ctx: Context) -> Iterator[None]:
    """Within the block, rank with an already loaded context (in this process) instead of
    loading another; after it, ``spec`` loads its own lists again (a build's lists may be
    ones its settings do not name)."""
    key = _lists_key(spec)
    with _cache_lock:
        before = dict(_contexts), dict(_most_parts), dict(_first_classes)
        if _contexts.get(key) is not ctx:
            _forget_contexts()
            _contexts[key] = ctx
    try:
        yield
    finally:
        with _cache_lock:  # what the process held before the block (nested blocks unwind in order)
            _forget_contexts()
            for cache, held in zip((_contexts, _most_parts, _first_classes), before, strict=True):
                cache.update(held)


def _forget_contexts() -> None:
    _contexts.clear()
    _most_parts.clear()
    _first_classes.clear()


def classes_of_first(ctx, spec: RankSpec) -> list:
    """(answers, legal guesses) of each class the fixed first guess leaves: the same for
    every second word ranked after it, so computed once per process."""
    return [(cls, follow) for cls, follow, _ in _first_classes_with_masks(ctx, spec)]


def _first_classes_with_masks(ctx, spec: RankSpec) -> list:
    """(answers, legal guesses, legal as a mask over every guess) of each class the fixed
    first guess leaves (the mask answers "may this second word be played here" at once)."""
    key = (spec.settings.mode, spec.first)
    with _cache_lock:
        if key not in _first_classes:
            first = ctx.guess_index[spec.first]
            classes = []
            mode = spec.settings.mode
            for _, cls, follow in class_tasks(ctx, mode, first, ctx.all_answers, initial_legal(ctx, mode)):
                mask = np.zeros(len(ctx.words.guesses), dtype=bool)
                mask[follow] = True
                classes.append((cls, follow, mask))
            _first_classes[key] = classes
        return _first_classes[key]


# Words per task once a cut-off exists: most are refuted in milliseconds, and a Dask round
# trip costs several.
MAX_BATCH = 32

PAIR_SEPARATOR = "+"  # a two-word opening ranked as one word: "parse+clint"


def pair_key(first: str, second: str) -> str:
    """The ranked word that stands for the opening ``first``, then ``second`` (``--pairs``)."""
    return f"{first}{PAIR_SEPARATOR}{second}"


def split_pair(key: str, length: int) -> tuple[str, str] | None:
    """The two words of a :func:`pair_key` of words of ``length`` symbols, or None for one
    word: only a separator right after the first word counts, since a word may hold the
    separator itself (Nerdle's ``4+6=10``)."""
    if len(key) == 2 * length + 1 and key[length] == PAIR_SEPARATOR:
        return key[:length], key[length + 1 :]
    return None


def word_tasks(ctx, spec: RankSpec, word: str, weight=len):
    """(guesses already counted, the classes left to solve as (code, answers, legal), the
    depth left for them) when ``word`` is played first, or second after ``spec.first``
    in every class it leaves; None when the mode forbids ``word`` in one of those.  A
    ``first+second`` key (``wordle-rank --pairs``) names both guesses of the opening.
    ``weight(answers)``: what one guess costs them (``Solver.weight`` under weights)."""
    pair = split_pair(word, ctx.game.length)
    if pair is not None:
        first, word = pair
        spec = replace(spec, first=first)
    guess = ctx.guess_index[word]
    mode, max_depth = spec.settings.mode, spec.settings.max_depth
    answers, legal = ctx.all_answers, initial_legal(ctx, mode)
    if spec.first is None:
        return weight(answers), class_tasks(ctx, mode, guess, answers, legal), max_depth - 1
    counted, tasks = weight(answers), []
    for cls, follow, legal_here in _first_classes_with_masks(ctx, spec):
        if not legal_here[guess]:
            return None
        counted += weight(cls)  # the second guess, played for every answer the first did not solve
        tasks += class_tasks(ctx, mode, guess, cls, follow)
    return counted, tasks, max_depth - 2


def word_orbits(ctx, spec: RankSpec, word: str):
    """The guesses' orbits under the symmetries that fix ``word`` played first
    (:func:`..core.symmetry.guess_orbits`), or None: no symmetry, or a fixed opening."""
    from ..core.symmetry import guess_orbits

    if spec.first is not None or split_pair(word, ctx.game.length) is not None:
        return None
    return guess_orbits(ctx.words, spec.settings.mode, spec.settings.weights, [ctx.guess_index[word]])


def word_orbits_below(ctx, spec: RankSpec, word: str):
    """The ``below`` of the searches under ``word`` played first
    (:class:`..core.symmetry.OrbitLevels`: the orbits fixing it and each second guess)."""
    from ..core.symmetry import OrbitLevels

    return OrbitLevels(ctx.words, spec.settings.mode, spec.settings.weights, (ctx.guess_index[word],))


def most_parts(ctx, spec: RankSpec) -> int:
    """The most classes any guess makes of all the answers."""
    with _cache_lock:
        if spec not in _most_parts:
            stats, _ = partition_stats(ctx.matrix_by_answer(), initial_legal(ctx, spec.settings.mode), ctx.all_answers)
            _most_parts[spec] = int(stats[:, PARTS].max())
        return _most_parts[spec]
