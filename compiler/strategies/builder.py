"""Tree builder: a root guess, then every first-level class solved by a subtree solver.

Heuristic strategies recurse here with a guess-choosing function, their first-level
classes shared among forked workers (:func:`build_from_root`); the exact strategy
splits its root in :mod:`wordle_compiler.proof.optimal`, on threads.  Classes are
visited in increasing pattern order, so the same inputs always give the same tree,
whatever ``jobs`` is.
"""

from __future__ import annotations

from ..concurrency import parallel
from ..core.errors import BuildError
from ..core.modes import initial_legal
from ..core.partition import Node, class_tasks, solved_here
from .table import node_rule, strategy_named

__all__ = ["build", "build_from_root", "choose_guess", "strategy_builders"]

RECURSION_GUARD = 40


def _progresses(ctx, guess, answers) -> bool:
    codes = ctx.codes(guess, answers)
    return bool(codes.min() != codes.max() or codes[0] == ctx.game.all_correct)


def choose_guess(ctx, cfg, choose, answers, legal, forced) -> int:
    """The forced guess (checked legal), the answer itself, or the strategy's choice."""
    if forced:
        guess = forced[0]
        if guess not in set(legal.tolist()):
            raise BuildError(f"{ctx.words.guesses[guess]!r} is not a legal guess here in {cfg.settings.mode} mode")
        return guess
    if len(answers) == 1:
        return int(ctx.answer_in_guesses[answers[0]])
    guess = choose(ctx, answers, legal, cfg)
    if not _progresses(ctx, guess, answers):
        # A letter heuristic can pick a word that tells nothing; fall back to the
        # first possible answer, which always solves one.
        guess = int(ctx.answer_in_guesses[answers].min())
    return guess


def build(ctx, cfg, choose, answers, legal, forced=(), depth=1) -> Node:
    """Heuristic subtree: ``choose`` picks each guess; ``forced`` guesses come first."""
    if depth > RECURSION_GUARD:
        raise BuildError("the strategy did not converge (recursion guard reached)")
    guess = choose_guess(ctx, cfg, choose, answers, legal, list(forced))
    node = Node(guess, solved_here(ctx, guess, answers))
    for code, cls, follow in class_tasks(ctx, cfg.settings.mode, guess, answers, legal):
        node.children.append((code, build(ctx, cfg, choose, cls, follow, forced[1:], depth + 1)))
    return node


def strategy_builders(ctx, cfg):
    """What ``cfg.strategy`` builds with: ``first(answers, legal) -> guess``, its choice of a
    whole game's first guess, and ``subtree(answers, legal, depth, forced=()) -> Node``, the
    subtree whose first guess is guess number ``depth``.  A heuristic recurses by its guess
    function; ``rollout`` by one :class:`.rollout.Rollout`, whose memo every call shares."""
    entry = strategy_named(cfg.strategy)
    if entry.whole_trees:
        from .rollout import Rollout

        rollout = Rollout(ctx, cfg)
        return rollout.first_guess, rollout.build
    choose = node_rule(cfg.strategy)

    def first(answers, legal) -> int:
        return choose_guess(ctx, cfg, choose, answers, legal, [])

    def subtree(answers, legal, depth: int, forced=()) -> Node:
        return build(ctx, cfg, choose, answers, legal, forced, depth)

    return first, subtree


def build_from_root(ctx, cfg, root_guess, solve_class, jobs=1, progress=None) -> Node:
    """Split the answers by ``root_guess`` and solve each class with
    ``solve_class(answers, legal) -> Node`` (in ``jobs`` processes when > 1)."""
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.settings.mode)
    root = Node(root_guess, solved_here(ctx, root_guess, answers))
    tasks = class_tasks(ctx, cfg.settings.mode, root_guess, answers, legal)
    if progress is not None and hasattr(progress, "start"):
        progress.start(sum(len(cls) for _, cls, _ in tasks), f"{cfg.strategy} from {ctx.words.guesses[root_guess]}")
    if progress is not None and hasattr(progress, "weigh"):  # a heuristic's class costs about its size
        progress.weigh([len(cls) for _, cls, _ in tasks], power=1.0)
    subtrees = parallel.map_ordered(
        lambda task: solve_class(task[1], task[2]),
        tasks,
        jobs,
        weights=[len(cls) for _, cls, _ in tasks],
        progress=progress,
    )
    root.children = [(code, sub) for (code, _, _), sub in zip(tasks, subtrees, strict=True)]
    return root
