"""A tree's in-memory form and the structural rules every reader and writer enforces.

:func:`check_structure` is shared by the loader and by ``pack_tree``: one pass over the
nodes, from the last to the root, that checks FORMAT.md's rules 5-9 and computes the
per-node subtree stats on the way (children always have larger ids than their parent,
so walking ids downwards sees every child before its parent; no recursion).
"""

from __future__ import annotations

from array import array

from .game import DEFAULT_GAME, Game

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn

    from .rules import GuessList

MAX_DEPTH = 255  # subtree_depth is stored as uint8

# name -> (array typecode, item size)
ARRAYS = {
    "node_guess": ("I", 4),
    "node_answer": ("i", 4),
    "child_start": ("I", 4),
    "edge_pattern": ("B", 1),
    "edge_child": ("I", 4),
}
# Format 1.1: per-node subtree stats, computed by pack_tree and re-checked on load.
STAT_ARRAYS = {
    "subtree_total": ("I", 4),
    "subtree_depth": ("B", 1),
}


class TreeFormatError(ValueError):
    """The bytes are not a valid tree file; the message is one readable sentence."""


class TreeData:
    """A tree file's content, arrays as ``array.array`` (native order in memory).

    Writers fill the words, the arrays and ``meta`` (and, for format 1.1, may set ``mode``
    and ``guess_list``; for 1.2, ``weights``: one integer per answer, in answer order, or
    None when every answer is equally likely).  The loader also fills the subtree stats:
    for node *i*, ``subtree_answers[i]`` answers are solved below it (itself included),
    ``subtree_total[i]`` guesses are needed for them counting from node *i*'s own guess,
    and ``subtree_depth[i]`` is the most guesses any of them needs from there; with
    weights, ``subtree_weight[i]`` is those answers' weight and ``subtree_weighted_total[i]``
    the sum of weight × guesses (both None without weights).
    A plain class, not a dataclass: importing dataclasses would cost the cold start.
    """

    __slots__ = (
        "answers",
        "child_start",
        "edge_child",
        "edge_pattern",
        "format_version",
        "game",
        "guess_list",
        "guesses",
        "meta",
        "mode",
        "node_answer",
        "node_guess",
        "subtree_answers",
        "subtree_depth",
        "subtree_total",
        "subtree_weight",
        "subtree_weighted_total",
        "weights",
    )

    answers: list[str]
    guesses: list[str]
    node_guess: array[int]
    node_answer: array[int]
    child_start: array[int]
    edge_pattern: array[int]
    edge_child: array[int]
    meta: dict[str, Any]  # FORMAT.md's schema, checked by :func:`.meta.check_meta` on load
    format_version: tuple[int, int]
    mode: str | None
    guess_list: GuessList | Sequence[str] | None
    weights: array[int] | None
    game: Game
    subtree_answers: array[int] | None
    subtree_total: array[int] | None
    subtree_depth: array[int] | None
    subtree_weight: array[int] | None
    subtree_weighted_total: array[int] | None

    def __init__(  # noqa: PLR0913 - the record itself: one parameter per field of the format (FORMAT.md)
        self,
        answers: list[str],
        guesses: list[str],
        node_guess: array[int],
        node_answer: array[int],
        child_start: array[int],
        edge_pattern: array[int],
        edge_child: array[int],
        meta: dict[str, Any] | None = None,
        format_version: tuple[int, int] = (1, 1),
        mode: str | None = None,
        guess_list: GuessList | Sequence[str] | None = None,
        weights: array[int] | None = None,
        game: Game = DEFAULT_GAME,
    ) -> None:
        self.answers, self.guesses = answers, guesses
        self.node_guess, self.node_answer = node_guess, node_answer
        self.child_start, self.edge_pattern, self.edge_child = child_start, edge_pattern, edge_child
        self.meta = {} if meta is None else meta
        self.format_version = format_version
        self.mode, self.guess_list, self.weights = mode, guess_list, weights
        self.game = game  # format 2: the file's own game; every 1.x file plays five-letter Wordle
        self.subtree_answers = self.subtree_total = self.subtree_depth = None
        self.subtree_weight = self.subtree_weighted_total = None

    @property
    def n_nodes(self) -> int:
        """The number of nodes (node 0 is the root)."""
        return len(self.node_guess)


class SubtreeStats:
    """Per-node answers below, guess totals and depths (arrays indexed by node id)."""

    __slots__ = ("count", "depth", "total")

    def __init__(self, count: array[int], total: array[int], depth: array[int]) -> None:
        self.count, self.total, self.depth = count, total, depth


def _fail(message: str) -> NoReturn:
    raise TreeFormatError(message)


def _check_lengths(data: TreeData) -> tuple[int, int]:
    n_nodes = data.n_nodes
    if n_nodes == 0:
        _fail("the tree has no nodes")
    if len(data.node_answer) != n_nodes:
        _fail("'node_answer' and 'node_guess' differ in length")
    start = data.child_start
    if len(start) != n_nodes + 1:
        _fail("'child_start' must have one more entry than there are nodes")
    n_edges = len(data.edge_pattern)
    if len(data.edge_child) != n_edges:
        _fail("'edge_pattern' and 'edge_child' differ in length")
    if start[0] != 0 or start[n_nodes] != n_edges:
        _fail("'child_start' must begin at 0 and end at the number of edges")
    if n_edges != n_nodes - 1:
        _fail(f"a tree of {n_nodes} nodes has {n_nodes - 1} edges, not {n_edges}")
    previous_offset = 0
    for offset in start:
        if offset < previous_offset or offset > n_edges:
            _fail("'child_start' offsets must rise monotonically up to the number of edges")
        previous_offset = offset
    if max(data.node_guess) >= len(data.guesses):
        _fail(f"a node plays guess #{max(data.node_guess)}, but there are only {len(data.guesses)} guesses")
    if max(data.node_answer) >= len(data.answers) or min(data.node_answer) < -1:
        _fail("a node's answer index is out of range")
    game = data.game
    if n_edges and (
        max(data.edge_pattern) >= game.n_codes
        or min(data.edge_child) < 1
        or max(data.edge_child) >= n_nodes
        or (game.all_correct != game.n_codes - 1 and game.all_correct in data.edge_pattern)
        or max(data.edge_pattern) == game.all_correct
    ):
        _fail("an edge has an all-correct or out-of-range pattern, or an out-of-range child")
    return n_nodes, n_edges


def check_structure(data: TreeData) -> SubtreeStats:
    """Check rules 5-9 of FORMAT.md and return the per-node subtree stats.

    Hot at every cold start, so whole-array checks run at C speed (``max``, slices) and
    a leaf, most of a tree's nodes, costs a few bytecodes.  Nothing here allocates more
    than a few bytes per node (no sets or lists of node ids): see the memory bound.
    """
    n_nodes, _ = _check_lengths(data)
    start, patterns, children = data.child_start, data.edge_pattern, data.edge_child
    node_guess, node_answer = data.node_guess, data.node_answer
    answers, guesses = data.answers, data.guesses
    has_parent = bytearray(n_nodes)
    solved = bytearray(len(answers))
    count = array("I", [0]) * n_nodes
    total = array("I", [0]) * n_nodes
    depth = array("I", [0]) * n_nodes
    try:
        for node in range(n_nodes - 1, -1, -1):
            answer = node_answer[node]
            lo, hi = start[node], start[node + 1]
            below = 0
            if answer >= 0:
                if solved[answer]:
                    _fail(f"answer {answers[answer]!r} is solved at two nodes")
                solved[answer] = 1
                if answers[answer] != guesses[node_guess[node]]:
                    _fail(f"node {node} claims to solve {answers[answer]!r} by guessing {guesses[node_guess[node]]!r}")
                if lo == hi:
                    count[node] = total[node] = depth[node] = 1
                    continue
                below = 1
            elif lo == hi:
                _fail(f"node {node} is a leaf that solves no answer")
            kids = children[lo:hi]
            if min(kids) <= node:
                _fail(f"node {node} has child {min(kids)}; children must come after their parents")
            codes = patterns[lo:hi].tolist()
            if hi - lo > 1 and (codes != sorted(codes) or len(set(codes)) != len(codes)):
                _fail(f"node {node}'s patterns are not strictly increasing")
            below_total = deepest = 0
            for child in kids:
                if has_parent[child]:
                    _fail(f"node {child} has two parents")
                has_parent[child] = 1
                below += count[child]
                below_total += total[child]
                deepest = max(deepest, depth[child])
            count[node] = below
            total[node] = below_total + below  # every answer below pays this node's guess
            depth[node] = deepest + 1
    except OverflowError:
        _fail("a subtree's guess total does not fit in 32 bits")
    missing = solved.count(0)
    if missing:
        _fail(f"{missing} answer(s) are never solved by the tree (first: {answers[solved.index(0)]!r})")
    return SubtreeStats(count, total, depth)
