"""A policy's whole Dordle tree over every ordered pair of distinct answers, in the arrays of
the multi-board tree format (3.0, FORMAT.md "Changes in 3.0").

The tree is the one :mod:`.whole` walks (the same positions, moves and children), laid out
breadth-first: a node's children get the next free ids as its edges are written, so every
child's id is greater than its parent's and each node's edges are one run.  A node is a
position, its open boards' candidates in board order; an edge is a row of codes (a board
closed before the node shows :func:`~wordle_runtime.boards_structure.closed_marker`), with
the pairs that follow it.  The same position reached by two histories is two nodes (the
format has one parent per node), but its move is computed once.

Each of the opening's parts is laid out on its own (in forked workers when ``processes`` >
1: :func:`~wordle_compiler.concurrency.parallel.map_ordered`), and the parts' blocks are
joined behind the root in its edges' order, their ids shifted: the same bytes for any
number of processes.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field

import numpy as np

from wordle_runtime.boards_structure import LOST, SOLVED

from .policy import Table, exclude_known, policy_move
from .whole import pair_count

# An open board: (its index in the game, its candidates as answer indices).
OpenBoard = tuple[int, np.ndarray]


@dataclass
class PolicyTree:
    """A policy tree's arrays (``node_guess`` holds guess rows of the table's guess list)
    and its figures: pairs per guess count solved by it, and the pairs lost."""

    marker: int
    node_guess: array = field(default_factory=lambda: array("I"))
    child_start: array = field(default_factory=lambda: array("I", [0]))
    edge_pattern: array = field(init=False)
    edge_child: array = field(default_factory=lambda: array("I"))
    edge_tuples: array = field(default_factory=lambda: array("I"))
    histogram: dict[int, int] = field(default_factory=dict)
    lost: int = 0
    moves_computed: int = 0

    def __post_init__(self) -> None:
        self.edge_pattern = array("B" if self.marker == 0xFF else "H")

    @property
    def n_nodes(self) -> int:
        """The nodes laid out."""
        return len(self.node_guess)

    @property
    def total(self) -> int:
        """Guesses over the solved pairs (lost pairs are counted apart, in :attr:`lost`)."""
        return sum(guesses * count for guesses, count in self.histogram.items())

    def tree_arrays(self, guesses: list[str]) -> tuple[list[str], array, array, array, array, array]:
        """(the words played, alphabetical; node_guess as indices into them, child_start,
        edge_pattern, edge_child, edge_tuples): the tree file's arrays (``guesses``: the
        guess list the rows index)."""
        rows = np.frombuffer(self.node_guess, dtype=np.uint32)
        played_rows = np.unique(rows)
        played = sorted(guesses[row] for row in played_rows.tolist())
        place = {word: i for i, word in enumerate(played)}
        index = np.array([place[guesses[row]] for row in played_rows.tolist()], dtype=np.uint32)
        node_guess = array("I", index[np.searchsorted(played_rows, rows)].tobytes())
        return played, node_guess, self.child_start, self.edge_pattern, self.edge_child, self.edge_tuples

    def append_block(self, block: PolicyTree) -> None:
        """Lay ``block`` (a tree laid out from id 0) after this tree's nodes and edges, its ids
        shifted by the nodes here."""
        shift, edges = self.n_nodes, len(self.edge_child)
        self.node_guess.extend(block.node_guess)
        self.child_start.extend(array("I", (start + edges for start in block.child_start[1:])))
        self.edge_pattern.extend(block.edge_pattern)
        self.edge_child.extend(array("I", (c if c in (SOLVED, LOST) else c + shift for c in block.edge_child)))
        self.edge_tuples.extend(block.edge_tuples)
        for guesses, count in block.histogram.items():
            self.histogram[guesses] = self.histogram.get(guesses, 0) + count
        self.lost += block.lost
        self.moves_computed += block.moves_computed


@dataclass
class _Edge:
    """One edge out of a node: its row, the pairs following it and the position below (no
    open board: the edge solves the pair's last board)."""

    row: tuple[int, ...]
    pairs: int
    below: list[OpenBoard]


def policy_tree(table: Table, marker: int, policy: str = "entropy", processes: int = 1, progress=None) -> PolicyTree:
    """The policy's tree over every ordered pair of distinct answers of ``table`` (two
    boards), opening with ``table.opening``, within ``table.limit`` guesses: a pair the
    policy leaves unsolved ends on a lost edge where its open boards outnumber the guesses
    left.  ``marker``: the code of a closed board (the game's
    :func:`~wordle_runtime.boards_structure.closed_marker`); ``progress``: with ``start(total,
    label, unit)`` and ``weigh(sizes, power)`` when it has them, then called with the pairs of
    each opening part laid out."""
    from ..concurrency.parallel import map_ordered

    everything = np.arange(table.codes.shape[1])
    tree = PolicyTree(marker)
    tree.node_guess.append(table.opening)
    tree.moves_computed += 1
    edges = _edges(table, marker, [(0, everything), (1, everything)], table.opening)
    ends = [_end(tree, edge, 0, table.limit) for edge in edges]
    parts = [edge for edge, end in zip(edges, ends, strict=True) if end is None]
    if progress is not None and hasattr(progress, "start"):
        progress.start(sum(edge.pairs for edge in parts), f"laying out the {policy} policy's tree", unit="pairs")
        progress.weigh([edge.pairs for edge in parts], power=1.0)
    blocks = map_ordered(
        lambda edge: _laid_out(table, marker, policy, edge.below, 1),
        parts,
        processes,
        weights=[edge.pairs for edge in parts],
        progress=progress,
    )
    first_ids = iter(_block_starts(blocks))
    for edge, end in zip(edges, ends, strict=True):  # the blocks follow the root in its edges' order
        tree.edge_pattern.extend(edge.row)
        tree.edge_tuples.append(edge.pairs)
        tree.edge_child.append(next(first_ids) if end is None else end)
    tree.child_start.append(len(tree.edge_child))
    for block in blocks:
        tree.append_block(block)
    return tree


def _block_starts(blocks: list[PolicyTree]) -> list[int]:
    """The id each block's first node takes behind the root (node 0)."""
    starts, at = [], 1
    for block in blocks:
        starts.append(at)
        at += block.n_nodes
    return starts


def _end(tree: PolicyTree, edge: _Edge, used: int, limit: int) -> int | None:
    """The edge's end when it ends the game (counting its pairs in ``tree``'s figures), or
    None when a node follows it; ``used``: the guesses played with the edge's node's."""
    if not edge.below:
        tree.histogram[used + 1] = tree.histogram.get(used + 1, 0) + edge.pairs
        return SOLVED
    if len(edge.below) > limit - used - 1:
        tree.lost += edge.pairs
        return LOST
    return None


def _laid_out(table: Table, marker: int, policy: str, start: list[OpenBoard], used: int) -> PolicyTree:
    """The subtree at position ``start`` (reached after ``used`` guesses), laid out
    breadth-first from id 0."""
    tree = PolicyTree(marker)
    moves: dict[tuple[bytes, ...], int] = {}
    queue: list[tuple[list[OpenBoard], int] | None] = [(start, used)]
    at = 0
    while at < len(queue):
        opens, played = queue[at]  # type: ignore[misc]
        queue[at] = None  # laid out: its candidates are not needed again
        at += 1
        key = tuple(words.tobytes() for _, words in opens)
        guess = moves.get(key)
        if guess is None:
            guess = moves[key] = policy_move(table, [words for _, words in opens], played, policy)
            tree.moves_computed += 1
        tree.node_guess.append(guess)
        for edge in _edges(table, marker, opens, guess):
            tree.edge_pattern.extend(edge.row)
            tree.edge_tuples.append(edge.pairs)
            end = _end(tree, edge, played, table.limit)
            if end is None:
                end = len(queue)
                queue.append((edge.below, played + 1))
            tree.edge_child.append(end)
        tree.child_start.append(len(tree.edge_child))
    return tree


def _edges(table: Table, marker: int, opens: list[OpenBoard], guess: int) -> list[_Edge]:
    """The edges of a node playing ``guess`` at position ``opens``, rows increasing: each
    combination of the open boards' parts that holds a pair, with the position below it
    (the runtime's rules: a solved board's answer and lone candidates leave the others)."""
    done = table.all_correct
    split = []
    for _, words in opens:
        codes = table.codes[guess, words]
        split.append([(int(code), words[codes == code]) for code in np.unique(codes)])
    if len(opens) == 1:
        board = opens[0][0]
        edges = []
        for code, words in split[0]:
            row = (code, marker) if board == 0 else (marker, code)
            edges.append(_Edge(row, len(words), [] if code == done else [(board, words)]))
        return edges
    answer_of_guess = np.flatnonzero(table.answer_rows == guess)
    edges = []
    for code_a, words_a in split[0]:
        for code_b, words_b in split[1]:
            if code_a == done and code_b == done:
                continue  # one guess is no two boards' answer
            if done in (code_a, code_b):
                board, rest = (1, words_b) if code_a == done else (0, words_a)
                rest = rest[~np.isin(rest, answer_of_guess)]
                if len(rest):
                    edges.append(_Edge((code_a, code_b), len(rest), [(board, rest)]))
                continue
            child = [words_a, words_b]
            exclude_known(child, [0, 1], set())
            pairs = pair_count(child)
            if pairs:
                edges.append(_Edge((code_a, code_b), pairs, [(0, child[0]), (1, child[1])]))
    return edges
