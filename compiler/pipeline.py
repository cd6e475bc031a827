"""The compile pipeline: lists + matrix → strategy → builder → verification → artifact."""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass

from . import __version__
from .artifact import flatten
from .builder import BuildError, Node, build, choose_guess, class_tasks, solved_here
from .config import BuildConfig, Context
from .modes import initial_legal
from .parallel import solve_subtrees
from .strategies import STRATEGIES, canonical_name
from .verify import Report, verify_tree


def _heuristic_subtree(ctx, cfg, answers, legal, forced, depth):
    return build(ctx, cfg, STRATEGIES[cfg.strategy], answers, legal, forced, depth)


def _optimal_subtree(ctx, cfg, answers, legal, forced, depth):
    from .optimal import solve_subtree

    return solve_subtree(ctx, cfg, answers, legal, forced, depth)


SUBTREE_SOLVERS = {"heuristic": _heuristic_subtree, "optimal": _optimal_subtree}


@dataclass
class BuildResult:
    data: object  # wordle_runtime.format.TreeData
    report: Report
    seconds: float
    proved_optimal: bool
    optimality: str


def resolve_word(ctx, word: str, role: str) -> int:
    word = word.strip().lower()
    if word not in ctx.guess_index:
        raise BuildError(f"{role} word {word!r} is not in the guess list {ctx.words.guesses_name}")
    return ctx.guess_index[word]


def forced_guesses(ctx, cfg) -> tuple[int, ...]:
    if cfg.opening:
        return tuple(resolve_word(ctx, w, "opening") for w in cfg.opening)
    if cfg.start:
        return (resolve_word(ctx, cfg.start, "start"),)
    return ()


def build_root(ctx, cfg, forced, jobs=1, progress=None) -> Node:
    """Choose the root guess, then solve the first-level classes (in parallel if asked)."""
    solver = "optimal" if cfg.strategy == "optimal" else "heuristic"
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.mode)
    if forced:
        root_guess = choose_guess(ctx, cfg, None, answers, legal, list(forced))
    elif solver == "optimal":
        raise BuildError("the optimal strategy needs a fixed first guess here")
    else:
        root_guess = choose_guess(ctx, cfg, STRATEGIES[cfg.strategy], answers, legal, [])
    root = Node(root_guess, solved_here(ctx, root_guess, answers))
    tasks = class_tasks(ctx, cfg, root_guess, answers, legal)
    work = [(cls, follow, tuple(forced[1:]), 2) for _, cls, follow in tasks]
    if progress is not None and hasattr(progress, "start"):
        progress.start(sum(len(t[0]) for t in work), f"{cfg.strategy} from {ctx.words.guesses[root_guess]}")
    subtrees = solve_subtrees(ctx, cfg, solver, work, jobs, progress)
    root.children = [(code, sub) for (code, _, _), sub in zip(tasks, subtrees)]
    return root


def make_meta(ctx, cfg, report, proved, optimality, stamp=False) -> dict:
    stats = report.stats()
    stats["exceeding_max_depth"] = len(report.exceeding_max_depth)
    stats["proved_optimal"] = proved
    meta = {
        "strategy": cfg.strategy,
        "config": cfg.as_meta(),
        "mode": cfg.mode,
        "max_depth": cfg.max_depth,
        "optimality": optimality,
        "word_lists": {
            "answers": {"name": ctx.words.answers_name, "count": len(ctx.words.answers),
                        "sha256": ctx.words.answers_sha256},
            "guesses": {"name": ctx.words.guesses_name, "count": len(ctx.words.guesses),
                        "sha256": ctx.words.guesses_sha256},
        },
        "compiler": {"name": "wordle-tree", "version": __version__},
        "stats": stats,
    }
    if stamp:
        meta["built_at"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    return meta


def compile_tree(cfg: BuildConfig, ctx: Context | None = None, jobs=1, progress=None,
                 stamp=False) -> BuildResult:
    cfg = BuildConfig(**{**cfg.__dict__, "strategy": canonical_name(cfg.strategy)})
    if cfg.strategy not in STRATEGIES and cfg.strategy != "optimal":
        raise BuildError(f"unknown strategy {cfg.strategy!r}")
    began = time.perf_counter()
    ctx = ctx or Context.load(cfg.answers, cfg.guesses)
    forced = forced_guesses(ctx, cfg)
    if cfg.strategy == "optimal":
        from .optimal import compile_optimal

        root, proved, optimality = compile_optimal(ctx, cfg, forced, jobs, progress)
    else:
        root = build_root(ctx, cfg, forced, jobs, progress)
        proved, optimality = False, "heuristic"
    start_word = ctx.words.guesses[root.guess]
    cfg = BuildConfig(**{**cfg.__dict__, "start": start_word})
    provisional = flatten(root, ctx, {})
    report = verify_tree(provisional, cfg.mode, ctx.words.guesses, cfg.max_depth)
    if report.failures:
        raise BuildError("internal error, the built tree failed verification: " + report.failures[0])
    provisional.meta = make_meta(ctx, cfg, report, proved, optimality, stamp)
    return BuildResult(provisional, report, time.perf_counter() - began, proved, optimality)
