"""The first level of an exact tree: the classes a fixed first guess leaves, solved by
``jobs`` threads together over one shared memo (``--strategy optimal``, see
:func:`solve_first_level`)."""

from __future__ import annotations

import threading
import time

from ..concurrency import parallel
from ..core.modes import initial_legal
from ..core.partition import Node, class_tasks, solved_here
from ..core.symmetry import OrbitLevels, guess_orbits
from ..search import InfeasibleError, OrbitNode, rebuild, shared_states, stop_shared, unclaimed
from .anytime import Anytime, TimeLimitReached, time_limit

SMALL_CLASS = 24  # answers: first-level classes this small are solved first, whole
HELP_POLL_SECONDS = 0.002  # an idle thread's wait for a node below a class to open


def solve_first_level(
    ctx, cfg, solver, first: int, jobs: int, progress=None, anytime: Anytime | None = None, checkpoint=None
) -> Node:
    """The optimal tree under ``first``, its classes solved by ``jobs`` threads (one when
    ``jobs`` is 1: Ctrl-C is then never stuck behind a kernel call).

    Classes of at most ``SMALL_CLASS`` answers go first, all in one task on one thread
    (each takes microseconds, mostly Python, so two threads would only fight over the
    GIL).  When the first guess cannot finish within the depth
    limit it usually shows there (an endgame group such as ``.ight`` in a class), so
    such a guess is refused at once rather than after the long searches: a class found infeasible
    stops every other thread at its next candidate.  Every larger class is one task,
    largest first, searched as a *shared node* (``Solver.solve(shared=...)``) when
    ``jobs`` > 1: a thread that finds no task left joins the class with the most
    candidates unclaimed, and they claim its candidates one at a time.  (One class of
    trace, or of salet on the 3158 list, holds most of the work, so handing out whole
    classes cannot halve the time; splitting every class into two shares from the start
    makes both threads rank every class's candidates; forked workers with a memo each
    redo one another's subproblems; docs/engine.md, "Threads".)  A class's result is the
    lexicographic best of its participants' outcomes, which is the serial search's choice,
    and the thread that finishes a class last rebuilds its subtree from the memo at once,
    overlapping the other threads' search; so the tree's bytes never depend on ``jobs``.

    With ``anytime`` (:mod:`.anytime`), a stop (its time limit, Ctrl-C, SIGTERM) ends the
    search early: the classes proved by then keep their subtrees, the others take the
    heuristic's, and ``anytime`` records the stop and the proved lower bound.

    With ``checkpoint`` (:class:`.checkpoint.Checkpoint`, open) the classes it holds are
    taken as proved, and each class proved here is added to it as it is rebuilt.
    """
    level = _FirstLevel(ctx, cfg, solver, first, jobs)
    weights = cfg.settings.weights
    taken = {} if checkpoint is None else checkpoint.taken(ctx, level.tasks, level.depth, weights and weights.values)
    level.subtrees.update({index: node for index, (node, _) in taken.items()})
    level.checkpoint = checkpoint
    todo = [(i, t) for i, t in enumerate(level.tasks) if i not in taken]
    small = tuple(i for _, i in sorted((len(t[1]), i) for i, t in todo if len(t[1]) <= SMALL_CLASS))
    # largest first, so the threads finish together; an anytime build smallest first, so a stop
    # finds as many classes proved as the time allowed
    sign = 1 if anytime is not None else -1
    large = [i for _, i in sorted((sign * len(t[1]), i) for i, t in todo if len(t[1]) > SMALL_CLASS)]
    if (jobs > 1 or anytime is not None) and level.orbits is None:  # a shared node's participants can be stopped
        level.shared.update(large)
    batches = ([small] if small else []) + [(i,) for i in large]
    if anytime is not None:
        anytime.prepare(ctx, cfg, solver, level.tasks, progress)
        level.anytime, level.progress = anytime, progress
        for index, (_, cost) in taken.items():
            anytime.record(level.tasks[index][0], cost)
    # Mastermind's proofs fill far more of the memo than a Wordle build: threads get all of it
    with solver.lanes(jobs, rows=solver.memo.shape[0] if level.orbits is not None else 0) as lanes:
        level.lanes = lanes
        report = level.show_progress(progress, [i for i, _ in todo], taken, anytime)
        try:
            with time_limit(anytime.time_limit if anytime is not None else None):
                parallel.map_threads(
                    level.run_batch,
                    batches,
                    jobs,
                    weights=[sum(len(level.tasks[i][1]) for i in b) for b in batches],
                    progress=report,
                    in_order=True,
                    assist=level.join,
                )
        except (KeyboardInterrupt, TimeLimitReached) as exc:
            if anytime is None:
                raise
            return level.stopped_root(anytime, exc)
    return level.root()


def prove_one_class(ctx, cfg, solver, first: int, index: int) -> tuple[Node | None, int]:
    """Class ``index`` (feedback order) of ``first``, solved exactly on this thread as a
    thread of :func:`solve_first_level` solves it (the same search, tie rule and rebuild):
    (its subtree, its cost), or (None, 0) when it cannot finish within the depth limit."""
    level = _FirstLevel(ctx, cfg, solver, first, 1)
    with solver.lanes(1, rows=solver.memo.shape[0] if level.orbits is not None else 0) as lanes:
        level.lanes = lanes
        level.run_batch((index,), 0)
    node = level.subtrees.get(index)
    return (None, 0) if node is None else (node, min(o.cost for o in level.outcomes[index] if o.guess >= 0))


class _FirstLevel:
    """The classes under one first guess and what the threads know about them."""

    def __init__(self, ctx, cfg, solver, first: int, jobs: int):
        self.ctx, self.cfg, self.solver, self.first = ctx, cfg, solver, first
        mode = cfg.settings.mode
        self.tasks = class_tasks(ctx, mode, first, ctx.all_answers, initial_legal(ctx, mode))
        # Mastermind: each class's own guess is searched over the first guess's orbits (core.symmetry)
        self.orbits = guess_orbits(ctx.words, mode, cfg.settings.weights, [first])
        self.below = OrbitLevels(ctx.words, mode, cfg.settings.weights, (first,)) if self.orbits is not None else None
        self.orbit_nodes: dict[int, OrbitNode] = {}  # the large classes' nodes, once started
        self.depth = cfg.settings.max_depth - 1
        self.states = shared_states(len(self.tasks))
        self.shared: set = set()  # classes searched as shared nodes
        self.lanes = None
        self.lock = threading.Lock()
        self.started, self.refused = set(), []
        self.halted = False  # stopped early (anytime): no class starts or finishes after that
        self.anytime: Anytime | None = None  # an anytime build's standing, shown as classes are proved
        self.progress = None
        self.outcomes = {i: [] for i in range(len(self.tasks))}  # every participant's outcome
        self.running = dict.fromkeys(range(len(self.tasks)), 0)  # participants now searching
        self.subtrees: dict = {}
        self.checkpoint = None  # a checkpoint.Checkpoint each rebuilt class is added to
        self.work_done = 0  # Σ size² of the classes rebuilt so far (the bar's time left)

    def show_progress(self, progress, todo: list[int], taken, anytime: Anytime | None):
        """Start ``progress``'s bar, count the classes ``taken`` from a checkpoint, and return
        what :func:`..concurrency.parallel.map_threads` reports each batch's answers to.  A bar
        that prices its parts (``weigh``: the CLI's) is given the classes ``todo`` at their
        size squared (an exact search's cost grows about so) and, with each batch, the work of
        the classes rebuilt since the last report; the taken ones cost this run nothing."""
        if progress is None:
            return None
        if hasattr(progress, "start"):
            progress.start(len(self.ctx.all_answers), f"optimal from {self.ctx.words.guesses[self.first]}")
        if not hasattr(progress, "weigh"):
            if taken:
                progress(sum(len(self.tasks[i][1]) for i in taken))
            return progress
        progress.weigh([len(self.tasks[i][1]) for i in todo], 2.0, None if anytime is None else anytime.time_limit)
        if taken:
            progress(sum(len(self.tasks[i][1]) for i in taken), work=0)
        reported = [0]

        def report(answers: int) -> None:
            with self.lock:
                done = self.work_done
            progress(answers, work=done - reported[0])
            reported[0] = done

        return report

    def run_batch(self, batch, lane: int) -> None:
        """Solve the classes of ``batch`` in turn on this thread (a shared one as one of
        its participants)."""
        for index in batch:
            if self.refused or self.halted:
                return
            if isinstance(index, OrbitNode):  # a node below a class's candidate, helped (join)
                index.work(self.lanes[lane], self._stopping)
                continue
            _, cls, follow = self.tasks[index]
            with self.lock:
                self.started.add(index)
                self.running[index] += 1
            if self.orbits is not None and len(cls) > SMALL_CLASS:
                node = self._orbit_node(index, lane)
                node.work(self.lanes[lane], self._stopping)
                outcome = node.outcome()
            else:
                outcome = self.solver.solve(
                    cls,
                    follow,
                    self.depth,
                    lane=self.lanes[lane],
                    shared=self.states[index] if index in self.shared else None,
                )
            with self.lock:
                if self.halted:
                    return
                self.outcomes[index].append(outcome)
                self.running[index] -= 1
                last = self.running[index] == 0 and index not in self.subtrees
                if last:
                    self.subtrees[index] = None  # claimed: this thread rebuilds it
            if last:
                self._finish(index, lane)

    def _orbit_node(self, index: int, lane: int) -> OrbitNode:
        """Class ``index``'s node searched over the first guess's orbits, made by its first
        participant and shared by every later one."""
        with self.lock:
            node = self.orbit_nodes.get(index)
            if node is None:
                _, cls, follow = self.tasks[index]
                node = OrbitNode(
                    self.solver, cls, follow, self.depth, self.orbits, below=self.below, lane=self.lanes[lane]
                )
                self.orbit_nodes[index] = node
            return node

    def _stop_participants(self) -> None:
        """Every running participant stops at its next candidate: of the shared classes, and
        of the nodes searched over orbits (those below them included)."""
        stop_shared(self.states)
        with self.lock:
            nodes = list(self.orbit_nodes.values())
        for node in nodes:
            node.halt()

    def _stopping(self) -> bool:
        """Whether the classes still searched should stop: the build stopped early, or a class
        proved that the first guess cannot finish in time."""
        return self.halted or bool(self.refused)

    def _finish(self, index: int, lane: int) -> None:
        """Rebuild a class's subtree from its best outcome, or refuse the first guess."""
        _, cls, follow = self.tasks[index]
        found = [
            ((o.cost, o.depth, solved_here(self.ctx, o.guess, cls) < 0, o.guess), o)
            for o in self.outcomes[index]
            if o.guess >= 0
        ]
        if not found:
            if not self.refused:  # else another class stopped this one: its outcome says nothing
                self.refused.append(index)
                self._stop_participants()
            return
        best = min(found, key=lambda f: f[0])[1]
        node = self.orbit_nodes.get(index)
        choices = None if node is None else node.children(best.guess)
        self.subtrees[index] = rebuild(self.solver, cls, follow, self.depth, best, choices, self.lanes[lane])
        with self.lock:
            self.work_done += len(cls) ** 2
        if self.checkpoint is not None:
            self.checkpoint.add(self.tasks[index][0], self.subtrees[index], best.cost)
        if self.anytime is not None:
            self.anytime.record(self.tasks[index][0], best.cost)
            if hasattr(self.progress, "note"):
                self.progress.note(self.anytime.standing())

    def join(self, lane: int):
        """A class for an idle thread to help: the started shared class (or class searched
        over orbits) with the most candidates unclaimed, if any.  Where classes are searched
        over orbits, else a node below one of their candidates (searched over orbits too)
        with candidates unclaimed, waiting for one while a class is still running: such
        nodes open and close many times a second."""
        while True:
            with self.lock:
                open_classes = [
                    (unclaimed(self.states[i]), len(self.tasks[i][1]), -i)
                    for i in self.started
                    if i in self.shared and self.running[i] > 0
                ]
                nodes = [(i, node) for i, node in self.orbit_nodes.items() if self.running[i] > 0]
            open_classes += [(node.unclaimed(), len(self.tasks[i][1]), -i) for i, node in nodes]
            best = max(open_classes, default=(0,))
            if self.refused or self.halted:
                return None
            if best[0] > 0:
                return (-best[2],)
            if not nodes:
                return None
            below = [node.nested_to_help() for _, node in nodes]
            helped = next((node for node in below if node is not None), None)
            if helped is not None:
                return (helped,)
            time.sleep(HELP_POLL_SECONDS)

    def stopped_root(self, anytime: Anytime, exc: BaseException) -> Node:
        """The tree after an early stop: proved subtrees where finished, the heuristic's
        elsewhere (:meth:`.anytime.Anytime.assemble`); a class found infeasible still refuses."""
        with self.lock:
            self.halted = True
            proved = {self.tasks[i][0]: node for i, node in self.subtrees.items() if node is not None}
        self._stop_participants()
        if self.refused:
            raise self._refusal(min(self.refused))
        anytime.stopped = "time limit" if isinstance(exc, TimeLimitReached) else "interrupted"
        anytime.stop_exception = exc
        root = Node(self.first, solved_here(self.ctx, self.first, self.ctx.all_answers))
        weights = self.cfg.settings.weights
        return anytime.assemble(root, proved, None if weights is None else weights.values)

    def root(self) -> Node:
        """The tree under the first guess, or the error naming a class that cannot finish."""
        if self.refused:
            raise self._refusal(min(self.refused))
        root = Node(self.first, solved_here(self.ctx, self.first, self.ctx.all_answers))
        for index, (code, _, _) in enumerate(self.tasks):
            if self.subtrees.get(index) is None:
                raise self._refusal(index)
            root.children.append((code, self.subtrees[index]))
        return root

    def _refusal(self, index: int) -> InfeasibleError:
        """The error for a first guess that cannot finish in time, naming one class that cannot."""
        return refusal(self.ctx, self.first, self.tasks[index], self.depth)


def refusal(ctx, first: int, task, depth: int) -> InfeasibleError:
    """The error for first guess ``first`` when class ``task`` = (code, answers, legal) cannot
    finish within ``depth`` further guesses: its feedback and, when few, its answers."""
    code, cls, _ = task
    word = ctx.words.guesses[first]
    shown = ", ".join(ctx.words.answers[a] for a in cls[:8]) + (", ..." if len(cls) > 8 else "")
    return InfeasibleError(
        f"no tree solves every answer within {depth + 1} guesses after {word!r}: "
        f"after {word} {ctx.game.format_code(int(code))}, the {len(cls)} answers left ({shown}) "
        f"need more than {depth} further guesses"
    )
