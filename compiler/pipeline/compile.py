"""The compile pipeline: lists + matrix → strategy → builder → verification → artifact."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field, replace

from .. import __version__
from ..core.config import BuildConfig, Context
from ..core.errors import BuildError
from ..core.modes import initial_legal
from ..strategies.builder import build_from_root, choose_guess, strategy_builders
from ..strategies.table import canonical_name, strategy_named
from ..treefiles.artifact import flatten
from ..treefiles.verification import Report, verify_tree


@dataclass
class BuildResult:
    data: object  # wordle_runtime.format.TreeData
    report: Report
    seconds: float
    proved_optimal: bool
    optimality: str
    counters: dict = field(default_factory=dict)  # exact engine work (empty for heuristics)
    lower_bound: int | None = None  # a stopped anytime search: the proved lower bound of the total


def resolve_word(ctx, word: str, role: str) -> int:
    """Index of a guess word, or a one-line BuildError naming the list."""
    word = word.strip().lower()
    if word not in ctx.guess_index:
        raise BuildError(f"{role} word {word!r} is not in the guess list {ctx.words.guesses_name}")
    return ctx.guess_index[word]


def forced_guesses(ctx, cfg) -> tuple[int, ...]:
    """The guesses fixed by --opening or --start, as indices."""
    if cfg.opening:
        return tuple(resolve_word(ctx, w, "opening") for w in cfg.opening)
    if cfg.start:
        return (resolve_word(ctx, cfg.start, "start"),)
    return ()


def check_weights(ctx, cfg) -> None:
    """A one-line BuildError unless the settings' weights (when given) are integer ``Weights``
    (``Settings.weighed``) that fit the answer list and can be written: one weight per
    answer, summing to more than zero and at most 2^32 - 1."""
    from wordle_runtime.weights import MAX_WEIGHT_SUM

    from ..core.weights import Weights

    weights = cfg.settings.weights
    if weights is None:
        return
    if not isinstance(weights, Weights) or cfg.settings.prior is not None:
        raise BuildError("internal error, the build's weights were not made for its answers (Settings.weighed)")
    values, n = weights.values, len(ctx.words.answers)
    if len(values) != n:
        raise BuildError(f"the weights ({weights.source}) give {len(values)} answers, the answer list has {n}")
    if any(not isinstance(w, int) or w < 0 for w in values) or not 0 < sum(values) <= MAX_WEIGHT_SUM:
        raise BuildError(
            f"the weights ({weights.source}) must be whole numbers of 0 or more with a sum from 1 to {MAX_WEIGHT_SUM}"
        )


def build_heuristic(ctx, cfg, forced, jobs=1, progress=None):
    """Root guess by the strategy (or forced), first-level classes in parallel."""
    legal = initial_legal(ctx, cfg.settings.mode)
    first, subtree = strategy_builders(ctx, cfg)
    if forced:
        root_guess = choose_guess(ctx, cfg, None, ctx.all_answers, legal, list(forced))
    else:
        root_guess = first(ctx.all_answers, legal)
    rest = tuple(forced[1:])

    def solve_class(answers, class_legal):
        return subtree(answers, class_legal, 2, rest)

    return build_from_root(ctx, cfg, root_guess, solve_class, jobs, progress)


def make_meta(ctx, cfg, report, proved, optimality, stamp=False) -> dict:
    """The tree's ``meta``: strategy, settings, word lists (name, count, sha256), compiler, and
    the verified stats with ``proved_optimal``; ``stamp`` adds ``built_at`` (UTC).  A build
    under weights adds ``weights`` (source, fingerprint, effective answers) and the stats'
    ``expected_guesses`` under them (6 places)."""
    stats = report.stats()
    stats["exceeding_max_depth"] = len(report.exceeding_max_depth)
    stats["proved_optimal"] = proved
    weights = cfg.settings.weights
    if weights is not None:
        stats["expected_guesses"] = round(weights.expected_guesses(report.depths), 6)
    meta = {
        "strategy": cfg.strategy,
        "config": cfg.as_meta(),
        "mode": cfg.settings.mode,
        "max_depth": cfg.settings.max_depth,
        "optimality": optimality,
        "word_lists": {
            "answers": {
                "name": ctx.words.answers_name,
                "count": len(ctx.words.answers),
                "sha256": ctx.words.answers_sha256,
            },
            "guesses": {
                "name": ctx.words.guesses_name,
                "count": len(ctx.words.guesses),
                "sha256": ctx.words.guesses_sha256,
            },
        },
        "compiler": {"name": "wordle-tree", "version": __version__},
        "stats": stats,
    }
    weights = cfg.weights_meta()
    if weights is not None:
        meta["weights"] = weights
    if stamp:
        meta["built_at"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    return meta


def compile_tree(
    cfg: BuildConfig,
    ctx: Context | None = None,
    jobs=1,
    progress=None,
    stamp=False,
    memo_mb=None,
    anytime=None,
    proving=None,
) -> BuildResult:
    """Build, verify and describe one tree: lists → strategy → builder → replay → meta.

    ``jobs`` forks that many workers for the first-level classes (same bytes for any
    value); ``progress`` is called with answer counts as classes finish; ``memo_mb``
    caps the exact engine's memo (default :data:`search.DEFAULT_MEMO_MB`); ``anytime``
    (:class:`.anytime.Anytime`, optimal from a start only) lets a stopped search still
    return its best tree so far, labelled with its proved lower bound; ``proving``
    (:class:`.checkpoint.Proving`, optimal from a start only) keeps the proved classes in a
    checkpoint file and/or proves them on a Dask cluster.
    """
    cfg = replace(cfg, strategy=canonical_name(cfg.strategy))
    try:
        strategy = strategy_named(cfg.strategy)
    except ValueError as exc:
        raise BuildError(str(exc)) from None
    began = time.perf_counter()
    ctx = ctx or Context.load(cfg.settings)
    check_weights(ctx, cfg)
    forced = forced_guesses(ctx, cfg)
    counters = {}
    if strategy.exact:
        from ..proof.optimal import compile_optimal

        root, proved, optimality, counters = compile_optimal(
            ctx, cfg, forced, jobs, progress, memo_mb, anytime, proving
        )
    elif anytime is not None or proving is not None:
        raise BuildError("--anytime, --time-limit, --checkpoint, --scheduler and --workers are for --strategy optimal")
    else:
        root = build_heuristic(ctx, cfg, forced, jobs, progress)
        proved, optimality = False, "heuristic"
    start_word = ctx.words.guesses[root.guess]
    cfg = replace(cfg, start=start_word)
    settings = cfg.settings
    provisional = flatten(root, ctx, {}, None if settings.weights is None else settings.weights.values)
    report = verify_tree(provisional, settings.mode, ctx.words.guesses, settings.max_depth)
    if report.failures:
        raise BuildError("internal error, the built tree failed verification: " + report.failures[0])
    provisional.meta = make_meta(ctx, cfg, report, proved, optimality, stamp)
    bound = anytime.lower_bound if anytime is not None and anytime.stopped else None
    return BuildResult(provisional, report, time.perf_counter() - began, proved, optimality, counters, bound)
