"""``wordle-tree verify`` for a multi-board tree file (format 3.0): every ordered tuple of
``boards`` distinct answers replayed through the tree with the reference score.

The loader has checked the structure: rows against each node's closed boards, ends against
the guesses left, the tuple counts adding up from the edges to the root, the stored stats.
The replay checks what only the answers can tell: that each tuple's patterns are an edge of
every node it reaches, that it ends solved within the limit or counted lost exactly where the
file says, with each edge carrying exactly the tuples that follow it; that every guess is in
the guess list; and that ``meta.stats`` claims the figures the replay measures.

The tuples of a node are walked together (numpy arrays of answer indices, one column per
board); each guess is scored once against every answer by the reference rule, and a node's
tuples are grouped by their pattern rows, so a tuple costs a dictionary step per node.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Container
from dataclasses import dataclass, field

import numpy as np

from wordle_runtime.boards_structure import LOST, SOLVED, BoardsTreeData, closed_marker
from wordle_runtime.feedback import score_code
from wordle_runtime.game import DEFAULT_GAME

from . import metaview

MAX_REPLAY_TUPLES = 6_000_000  # a policy's whole Dordle tree: 5,356,910 pairs of the original answers
MAX_PROBLEMS = 50


@dataclass
class BoardsVerdict:
    """What ``wordle-tree verify`` reports of a multi-board tree: the replay's figures (tuples
    solved and lost, guesses in all, a lost tuple counting every guess of the limit, the
    histogram of guesses per solved tuple), the depth checked (``max_depth``, the limit unless
    ``--max-depth`` is given) and the solved tuples needing more, problems and notes."""

    boards: int
    limit: int
    objective: str
    max_depth: int
    tuples: int = 0
    solved: int = 0
    lost: int = 0
    total_guesses: int = 0
    histogram: dict[int, int] = field(default_factory=dict)
    exceeding_max_depth: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when nothing failed and no solved tuple needs more than ``max_depth`` guesses."""
        return not self.problems and not self.exceeding_max_depth

    @property
    def average(self) -> float:
        """Guesses per tuple (0.0 for none)."""
        return self.total_guesses / self.tuples if self.tuples else 0.0

    def stats(self) -> dict:
        """The replay's figures as ``meta["stats"]`` holds them."""
        return {
            "boards": self.boards,
            "tuples": self.tuples,
            "solved": self.solved,
            "lost": self.lost,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 6),
            "max_depth": max(self.histogram, default=0),
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
        }

    def add(self, problem: str) -> None:
        """Record a failed check (the first :data:`MAX_PROBLEMS`, then a count)."""
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(problem)
        elif len(self.problems) == MAX_PROBLEMS:
            self.problems.append("… and more problems")

    def as_dict(self) -> dict:
        """The verdict as ``wordle-tree verify --json`` prints it."""
        return {
            "ok": self.ok,
            "limit": self.limit,
            "objective": self.objective,
            "max_depth_limit": self.max_depth,
            **self.stats(),
            "exceeding_max_depth": self.exceeding_max_depth,
            "problems": self.problems,
            "notes": self.notes,
        }


class _Replay:
    """The tree's arrays as the replay reads them: each node's rows by pattern, its parent
    edge (for the history that names it), and the reference codes of each guess."""

    def __init__(self, data: BoardsTreeData) -> None:
        self.data = data
        self.parent_edge = [-1] * data.n_nodes
        self.edge_node = [0] * data.n_edges
        for node in range(data.n_nodes):
            for edge in range(data.child_start[node], data.child_start[node + 1]):
                self.edge_node[edge] = node
                child = data.edge_child[edge]
                if child not in (SOLVED, LOST):
                    self.parent_edge[child] = edge
        game = data.game
        score = score_code if game is DEFAULT_GAME else game.score_code
        self.codes = {
            word: np.array([score(word, answer) for answer in data.answers], dtype=np.int64)
            for word in {data.guesses[g] for g in data.node_guess}
        }

    def word(self, node: int) -> str:
        """The word played at ``node``."""
        return self.data.guesses[self.data.node_guess[node]]

    def label(self, edge: int) -> str:
        """An edge's patterns as the history notation writes them (open boards only)."""
        data = self.data
        marker = closed_marker(data.game)
        return ",".join(data.game.format_code(code) for code in data.row(edge) if code != marker)

    def where(self, node: int) -> str:
        """``salet bybyb,bbbgb → humph``: the history reaching ``node``, then its guess."""
        steps = []
        at = node
        while self.parent_edge[at] >= 0:
            edge = self.parent_edge[at]
            at = self.edge_node[edge]
            steps.append(f"{self.word(at)} {self.label(edge)}")
        history = " ".join(reversed(steps))
        return f"{history} → {self.word(node)}" if history else f"{self.word(node)} (the first guess)"


def all_tuples(answers: int, boards: int) -> np.ndarray:
    """Every ordered tuple of ``boards`` distinct answer indices (``int32[N, boards]``)."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.permutations(range(answers), boards)), dtype=np.int32)
    return flat.reshape(-1, boards)


def verify_boards(
    data: BoardsTreeData, max_depth: int | None = None, allowed: Container[str] | None = None
) -> BoardsVerdict:
    """Replay every tuple of ``data`` (a loaded multi-board tree) and check the file's claims;
    ``max_depth``: the most guesses a solved tuple may need (default: the file's limit);
    ``allowed``: the guess list to check the tree's words against (default: the file's own)."""
    verdict = BoardsVerdict(data.boards, data.limit, data.objective, max_depth or data.limit)
    count = math.perm(len(data.answers), data.boards)
    if count > MAX_REPLAY_TUPLES:
        verdict.add(f"{count:,} tuples are more than a replay takes ({MAX_REPLAY_TUPLES:,}): nothing was checked")
        return verdict
    replay = _Replay(data)
    allowed = data.guess_list if allowed is None else allowed
    for node in range(data.n_nodes):
        if allowed is not None and replay.word(node) not in allowed:
            verdict.add(f"{replay.where(node)}: {replay.word(node)!r} is not in the guess list")
    carried = _walk(replay, all_tuples(len(data.answers), data.boards), verdict)
    for edge in np.flatnonzero(carried != np.array(data.edge_tuples, dtype=np.int64)).tolist()[:MAX_PROBLEMS]:
        node = replay.edge_node[edge]
        verdict.add(
            f"after {replay.where(node)}, the edge {replay.label(edge)} carries {data.edge_tuples[edge]:,} "
            f"tuples in the file, {int(carried[edge]):,} in the replay"
        )
    verdict.problems += _claims(data, verdict)
    return verdict


def _walk(replay: _Replay, tuples: np.ndarray, verdict: BoardsVerdict) -> np.ndarray:
    """Send every tuple down the tree, filling ``verdict``'s figures; returns the tuples the
    replay sent along each edge."""
    data = replay.data
    marker, done = closed_marker(data.game), data.game.all_correct
    carried = np.zeros(data.n_edges, dtype=np.int64)
    verdict.tuples = len(tuples)
    stack = [(0, np.arange(len(tuples)), np.zeros(data.boards, dtype=bool), 1)]
    while stack:
        node, members, closed, depth = stack.pop()
        shown = replay.codes[replay.word(node)][tuples[members]]
        shown[:, closed] = marker
        rows = {tuple(data.row(edge)): edge for edge in range(data.child_start[node], data.child_start[node + 1])}
        groups: dict[tuple[int, ...], list[int]] = {}
        for i, row in enumerate(map(tuple, shown.tolist())):
            groups.setdefault(row, []).append(i)
        for row, indices in groups.items():
            part = members[np.array(indices)]
            edge = rows.get(row)
            if edge is None:
                names = ", ".join(data.answers[a] for a in tuples[part[0]])
                verdict.add(
                    f"{len(part):,} tuple(s) ({names} first) reach {replay.where(node)} and show patterns "
                    "the tree has no edge for"
                )
                continue
            carried[edge] = len(part)
            child = data.edge_child[edge]
            if child == SOLVED:
                verdict.solved += len(part)
                verdict.total_guesses += depth * len(part)
                verdict.histogram[depth] = verdict.histogram.get(depth, 0) + len(part)
                if depth > verdict.max_depth:
                    verdict.exceeding_max_depth += len(part)
            elif child == LOST:
                verdict.lost += len(part)
                verdict.total_guesses += data.limit * len(part)
            else:
                stack.append((child, part, closed | (np.array(row) == done), depth + 1))
    return carried


def _claims(data: BoardsTreeData, verdict: BoardsVerdict) -> list[str]:
    """What ``meta.stats`` claims and the replay contradicts, and a lost tuple under
    objective total."""
    problems = []
    if data.objective == "total" and verdict.lost:
        problems.append(f"objective total, but {verdict.lost:,} tuples are lost")
    claimed = metaview.get(data.meta, "stats", kind=dict)
    if claimed is None:
        return problems
    measured = verdict.stats()
    keys = ("boards", "tuples", "solved", "lost", "total_guesses", "max_depth", "histogram")
    problems += [
        f"meta claims {key} = {metaview.shown(claimed[key])}, the replay measured {measured[key]}"
        for key in keys
        if key in claimed and claimed[key] != measured[key]
    ]
    return problems
