"""Anytime exact builds: a search stopped early still leaves a verified tree and a proved
lower bound.

With ``--anytime`` (or ``--time-limit SECONDS``, which implies it) a build from a fixed
first guess first builds a quick tree by a heuristic (``--anytime HEURISTIC``; by default
``FALLBACK_STRATEGY``, most-parts; ``rollout`` gives a better tree, built more slowly; kept within
``--max-depth`` by the engine's depth-only search where it would go deeper) and the
lower bound of every class the first guess leaves (the larger of the engine's one-pass
bound over its guesses and its bound for the class as a whole, both counting bounds:
``Solver.guess_bounds``, ``Solver.class_floor``).  The exact
search then runs as usual.  When it is stopped (the time limit, Ctrl-C or SIGTERM),
every class already proved keeps its optimal subtree and every other class takes the
heuristic's; the tree is verified like any other, and its proved lower bound is the total
of the proved classes plus the bounds of the others.  A search that finishes is the usual proved tree, byte for byte.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

from wordle_runtime.meta import STOPPED_OPTIMALITY

from ..core.errors import BuildError
from ..core.partition import Node, class_tasks, solved_here, tree_total
from ..core.settings import TIME_LIMIT_RANGE
from ..search import InfeasibleError
from ..strategies.table import FALLBACK_STRATEGIES, FALLBACK_STRATEGY, strategy_named


class TimeLimitReached(Exception):
    """The build's ``--time-limit`` ran out (raised in the main thread by its alarm)."""


@dataclass
class Anytime:
    """What a stopped exact build needs and what it found (see the module docstring).

    ``time_limit``: seconds for the exact search (None: until it ends or is stopped).
    After a stop, ``stopped`` names the reason (``"time limit"``, ``"interrupted"``) and
    ``lower_bound`` is the tree's proved lower bound; ``proved_classes`` of ``classes``
    kept their optimal subtrees."""

    time_limit: float | None = None
    strategy: str = FALLBACK_STRATEGY  # the quick tree's heuristic
    stopped: str | None = None
    lower_bound: int | None = None
    proved_classes: int = 0
    classes: int = 0
    stop_exception: BaseException | None = field(default=None, repr=False)
    fallback: dict[int, Node] = field(default_factory=dict, repr=False)
    floors: dict[int, int] = field(default_factory=dict, repr=False)
    costs: dict[int, int] = field(default_factory=dict, repr=False)  # each class's quick total, then proved
    proved_costs: dict[int, int] = field(default_factory=dict, repr=False)
    base: int = 0  # what the first guess costs every answer

    def prepare(self, ctx, cfg, solver, tasks: list, progress=None) -> None:
        """The quick subtree (:func:`fitted_tree`) and the lower bound of every class the
        first guess leaves (``tasks``: (code, answers, legal) each), largest class first;
        ``progress`` (a bar that can ``start``, as the exact search's) counts their answers:
        where the heuristic goes past the depth limit the depth-only search fits the tree,
        which can take minutes on a large class."""
        quick_cfg = replace(cfg, strategy=self.strategy)
        quick = _quick(ctx, quick_cfg)
        given = cfg.settings.weights
        weights = None if given is None else given.values
        self.base = len(ctx.all_answers) if weights is None else sum(weights)
        shown = progress is not None and hasattr(progress, "start")
        if shown:
            progress.start(sum(len(answers) for _, answers, _ in tasks), f"quick tree ({self.strategy})")
        for code, answers, legal in sorted(tasks, key=lambda task: (-len(task[1]), task[0])):
            depth = cfg.settings.max_depth - 1
            self.fallback[code] = fitted_tree(ctx, quick_cfg, solver, (answers, legal), depth, quick)
            self.costs[code] = tree_total(self.fallback[code], 1, weights)
            bounds, _, _, most_parts = solver.guess_bounds(answers, legal)
            floor = solver.class_floor(answers, most_parts)
            self.floors[code] = max(floor, int(bounds.min()) if len(bounds) else 0)
            if shown:
                progress(len(answers))
        self.classes = len(tasks)

    def record(self, code: int, cost: int) -> None:
        """Class ``code`` is proved: its optimal total is ``cost``."""
        self.proved_costs[code] = cost

    def standing(self) -> str:
        """The tree so far and the proved bound, for the progress bar: ``tree 182,123 >= 154,971``."""
        proved = dict(self.proved_costs)
        total = self.base + sum(proved.get(code, cost) for code, cost in self.costs.items())
        bound = self.base + sum(proved.get(code, floor) for code, floor in self.floors.items())
        return f"tree {total:,} >= {bound:,}"

    def assemble(self, root: Node, proved: dict[int, Node], weights=None) -> Node:
        """``root`` with every class's subtree: the proved one where there is one, else the
        heuristic's; sets :attr:`lower_bound` and :attr:`proved_classes`."""
        gap = 0
        for code in sorted(self.fallback):
            subtree = proved.get(code)
            if subtree is None:
                subtree = self.fallback[code]
                gap += tree_total(subtree, 1, weights) - self.floors[code]
            root.children.append((code, subtree))
        self.proved_classes = sum(1 for code in self.fallback if proved.get(code) is not None)
        self.lower_bound = tree_total(root, 1, weights) - gap
        return root

    def label(self) -> str:
        """The tree's ``optimality`` after a stop (FORMAT.md: ``meta.optimality``)."""
        return f"{STOPPED_OPTIMALITY}{self.lower_bound}"


def anytime_for(cfg, strategy: str | None, time_limit: float | None) -> Anytime | None:
    """The :class:`Anytime` of ``--anytime [HEURISTIC]``/``--time-limit SECONDS`` (None
    without either): a one-line BuildError unless the build is optimal from one ``--start``
    for the total, the heuristic one the quick tree can use and the limit in
    :data:`TIME_LIMIT_RANGE`."""
    if strategy is None and time_limit is None:
        return None
    if not strategy_named(cfg.strategy).exact or not cfg.start or cfg.opening or cfg.settings.objective != "total":
        raise BuildError(
            "--anytime and --time-limit need --strategy optimal with --start (not --opening), objective total"
        )
    if strategy is not None and strategy not in FALLBACK_STRATEGIES:
        raise BuildError(f"--anytime takes one of {', '.join(FALLBACK_STRATEGIES)}, not {strategy!r}")
    low, high = TIME_LIMIT_RANGE
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not low <= time_limit <= high:
            raise BuildError(f"--time-limit takes seconds from {low:g} to {high:g}, not {time_limit!r}")
        time_limit = float(time_limit)
    return Anytime(time_limit=time_limit, strategy=strategy or FALLBACK_STRATEGY)


def fitted_tree(ctx, cfg, solver, position, depth: int, quick=None) -> Node:
    """A tree for ``position`` = (answers, legal) by ``cfg.strategy`` (``quick``: its
    builder, :func:`_quick`) that solves each answer within ``depth`` guesses: the
    heuristic's own tree where it fits, else, at each node where it does not, the engine's
    depth-only search picks a guess all of whose classes fit (InfeasibleError when none does)."""
    answers, legal = position
    quick = quick or _quick(ctx, cfg)
    tree = quick(answers, legal)
    if tree_height(tree) <= depth:
        return tree
    guess = solver.feasible(answers, legal, depth)
    if guess < 0:
        raise InfeasibleError(f"no tree solves these {len(answers)} answers within {depth} guesses")
    node = Node(guess, solved_here(ctx, guess, answers))
    for code, cls, follow in class_tasks(ctx, cfg.settings.mode, guess, answers, legal):
        node.children.append((code, fitted_tree(ctx, cfg, solver, (cls, follow), depth - 1, quick)))
    return node


def _quick(ctx, cfg):
    """``(answers, legal) -> Node``: ``cfg.strategy``'s subtree below the first guess."""
    from ..strategies.builder import strategy_builders

    subtree = strategy_builders(ctx, cfg)[1]
    return lambda answers, legal: subtree(answers, legal, 2)


def tree_height(node: Node) -> int:
    """The most guesses any answer below ``node`` takes (``node``'s guess counted as one)."""
    height, stack = 0, [(node, 1)]
    while stack:
        current, level = stack.pop()
        if current.answer >= 0:
            height = max(height, level)
        stack.extend((child, level + 1) for _, child in current.children)
    return height


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`TimeLimitReached` in the main thread once ``seconds`` have passed (None:
    no limit).  The alarm is SIGALRM's, so it reaches a kernel call that polls for signals
    and a thread waiting for the search's threads alike; it needs the main thread."""
    if seconds is None:
        yield
        return
    if threading.current_thread() is not threading.main_thread():
        raise ValueError("a time limit needs the main thread (its alarm is a signal)")

    def alarm(signum, frame):
        raise TimeLimitReached

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, max(float(seconds), 1e-3))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
