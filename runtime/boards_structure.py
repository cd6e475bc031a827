"""A multi-board tree's in-memory form (tree format 3.0, FORMAT.md "Changes in 3.0") and the
structural rules its writer and its loader both enforce.

A node is a guess; its edges are the pattern rows that guess can show, one code per board of
the game (a board closed before the node carries :func:`closed_marker`), strictly increasing
within the node.  An edge leads to a child node (a larger id), or ends the game:
:data:`SOLVED` when its row closes the last open board, :data:`LOST` when the boards it
leaves open outnumber the guesses left.  Each edge carries the number of tuples of distinct
answers that follow it.

:func:`check_boards` walks the nodes twice, never recursing: forwards (ids rise from parent
to child) for each node's closed boards and guess number, then backwards for the per-node
stats, each child seen before its parent.
"""

from __future__ import annotations

from array import array
from itertools import pairwise

from .game import DEFAULT_GAME, Game
from .structure import TreeFormatError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, NoReturn

    from .rules import GuessList

SOLVED = 0  # edge_child: the row closes every board (no node has id 0 as a child)
LOST = 2**32 - 1  # edge_child: the boards left open outnumber the guesses left
MAX_LIMIT = 255  # the guesses a game allows; subtree_depth is stored as uint8
OBJECTIVES = ("total", "win")
# name -> (array typecode, item size); edge_pattern is uint16 when the game's codes need it
BOARD_ARRAYS = {
    "node_guess": ("I", 4),
    "child_start": ("I", 4),
    "edge_pattern": ("B", 1),
    "edge_child": ("I", 4),
    "edge_tuples": ("I", 4),
}
BOARD_STAT_ARRAYS = {
    "subtree_solved": ("I", 4),
    "subtree_lost": ("I", 4),
    "subtree_total": ("I", 4),
    "subtree_depth": ("B", 1),
}


def closed_marker(game: Game) -> int:
    """The code of a board closed before the node: the largest value of the pattern's type
    (255, or 65,535 when the game has more than 256 codes), never a code of the game."""
    return 0xFF if game.byte_codes else 0xFFFF


class BoardsTreeData:
    """A multi-board tree file's content, arrays as ``array.array`` (native order in memory).

    Writers fill the words, ``boards``, ``limit``, ``objective``, the five arrays of
    :data:`BOARD_ARRAYS` (``edge_pattern`` holds ``boards`` codes per edge, row after row),
    ``meta``, ``game`` and ``guess_list``.  The loader (and :func:`check_boards`) also fills
    the per-node stats: ``subtree_solved[i]`` and ``subtree_lost[i]`` tuples reach node *i*
    and are solved or lost below it, ``subtree_total[i]`` guesses they take from node *i* on
    (its own guess included, a lost tuple every guess left), ``subtree_depth[i]`` the most
    guesses a solved one needs from there (0 when none is), and ``node_depth[i]`` the number
    of node *i*'s guess in the game (1 at the root).
    """

    __slots__ = (
        "answers",
        "boards",
        "child_start",
        "edge_child",
        "edge_pattern",
        "edge_tuples",
        "format_version",
        "game",
        "guess_list",
        "guesses",
        "limit",
        "meta",
        "mode",
        "node_depth",
        "node_guess",
        "objective",
        "subtree_depth",
        "subtree_lost",
        "subtree_solved",
        "subtree_total",
    )

    answers: list[str]
    guesses: list[str]
    boards: int
    limit: int
    objective: str
    node_guess: array[int]
    child_start: array[int]
    edge_pattern: array[int]
    edge_child: array[int]
    edge_tuples: array[int]
    meta: dict[str, Any]
    format_version: tuple[int, int]
    mode: str
    guess_list: GuessList | Sequence[str] | None
    game: Game
    subtree_solved: array[int] | None
    subtree_lost: array[int] | None
    subtree_total: array[int] | None
    subtree_depth: array[int] | None
    node_depth: array[int] | None

    def __init__(  # noqa: PLR0913 - the record itself: one parameter per field of the format (FORMAT.md)
        self,
        words: tuple[list[str], list[str]],
        game_plan: tuple[int, int, str],
        node_guess: array[int],
        child_start: array[int],
        edge_pattern: array[int],
        edge_child: array[int],
        edge_tuples: array[int],
        meta: dict[str, Any] | None = None,
        game: Game = DEFAULT_GAME,
        guess_list: GuessList | Sequence[str] | None = None,
    ) -> None:
        """``words``: (answers, guesses played); ``game_plan``: (boards, limit, objective)."""
        self.answers, self.guesses = words
        self.boards, self.limit, self.objective = game_plan
        self.node_guess, self.child_start = node_guess, child_start
        self.edge_pattern, self.edge_child, self.edge_tuples = edge_pattern, edge_child, edge_tuples
        self.meta = {} if meta is None else meta
        self.game, self.guess_list, self.mode = game, guess_list, "normal"
        self.format_version = (3, 0)
        self.subtree_solved = self.subtree_lost = self.subtree_total = self.subtree_depth = None
        self.node_depth = None

    @property
    def n_nodes(self) -> int:
        """The number of nodes (node 0 is the root)."""
        return len(self.node_guess)

    @property
    def n_edges(self) -> int:
        """The number of edges (rows of ``edge_pattern``)."""
        return len(self.edge_child)

    @property
    def tuples(self) -> int:
        """The ordered tuples of ``boards`` distinct answers the tree plays (all of them)."""
        from math import perm

        return perm(len(self.answers), self.boards)

    def row(self, edge: int) -> list[int]:
        """Edge ``edge``'s pattern row: one code per board, :func:`closed_marker` for a closed one."""
        return self.edge_pattern[edge * self.boards : (edge + 1) * self.boards].tolist()


def _fail(message: str) -> NoReturn:
    raise TreeFormatError(message)


def check_settings(data: BoardsTreeData) -> None:
    """The top-level numbers: 2-32 boards, a limit of 1-255 guesses, a known objective,
    enough answers for the boards, a Wordle-rule game and normal mode."""
    from .boards import MAX_BOARDS, MIN_BOARDS

    boards, limit = data.boards, data.limit
    if isinstance(boards, bool) or not isinstance(boards, int) or not MIN_BOARDS <= boards <= MAX_BOARDS:
        _fail(f"'boards' must be a whole number from {MIN_BOARDS} to {MAX_BOARDS}, not {str(boards)[:20]}")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        _fail(f"'limit' must be a whole number of guesses from 1 to {MAX_LIMIT}, not {str(limit)[:20]}")
    if data.objective not in OBJECTIVES:
        _fail(f"'objective' must be one of {', '.join(OBJECTIVES)}")
    if data.game.rule != "wordle":
        _fail("a multi-board tree plays a Wordle-rule game, not Mastermind")
    if data.mode != "normal":
        _fail("a multi-board tree is played in normal mode")
    if len(data.answers) < boards:
        _fail(f"{boards} boards need {boards} distinct answers; the file has {len(data.answers)}")


def _check_lengths(data: BoardsTreeData) -> None:
    n_nodes, n_edges = data.n_nodes, data.n_edges
    if n_nodes == 0 or n_edges == 0:
        _fail("the tree has no nodes or no edges")
    start = data.child_start
    if len(start) != n_nodes + 1:
        _fail("'child_start' must have one more entry than there are nodes")
    if len(data.edge_tuples) != n_edges or len(data.edge_pattern) != n_edges * data.boards:
        _fail("'edge_pattern', 'edge_child' and 'edge_tuples' disagree on the number of edges")
    if start[0] != 0 or start[n_nodes] != n_edges:
        _fail("'child_start' must begin at 0 and end at the number of edges")
    if any(a >= b for a, b in pairwise(start)):
        _fail("'child_start' must rise at every node: each node has at least one edge")
    if max(data.node_guess) >= len(data.guesses):
        _fail(f"a node plays guess #{max(data.node_guess)}, but there are only {len(data.guesses)} guesses")
    if min(data.edge_tuples) == 0:
        _fail("an edge carries no tuple")


def _row_closes(game: tuple[int, int, int], node: int, closed: int, edge: int, row: list[int]) -> int:
    """The boards closed after edge ``edge``'s ``row`` (a bit per board), checking the row
    against ``closed``, the boards closed before node ``node``'s guess; ``game``: (the closed
    marker, the code of all correct, the number of codes)."""
    marker, done, n_codes = game
    after, solved = closed, 0
    for board, code in enumerate(row):
        was_closed = closed >> board & 1
        if code == marker:
            if not was_closed:
                _fail(f"edge {edge} of node {node} marks board {board + 1} closed, but it is open there")
        elif was_closed:
            _fail(f"edge {edge} of node {node} gives closed board {board + 1} a pattern")
        elif code >= n_codes:
            _fail(f"edge {edge} of node {node} has pattern code {code}, past the game's {n_codes} codes")
        elif code == done:
            after |= 1 << board
            solved += 1
    if solved > 1:
        _fail(f"edge {edge} of node {node} solves {solved} boards with one guess (the answers are distinct)")
    return after


def _ends(data: BoardsTreeData, node: int, edge: int, closed_after: int, left: int) -> bool:
    """Whether edge ``edge`` of ``node`` ends the game, checking its end against its row
    (``closed_after``: the boards closed after it) and ``left``, the guesses left after
    the node's guess."""
    child = data.edge_child[edge]
    everything = (1 << data.boards) - 1
    if child == SOLVED or closed_after == everything:
        if child != SOLVED or closed_after != everything:
            _fail(f"edge {edge} of node {node} must end solved exactly when its row closes every board")
        return True
    still_open = data.boards - closed_after.bit_count()
    if child == LOST:
        if still_open <= left:
            _fail(f"edge {edge} of node {node} is lost with {still_open} boards open and {left} guesses left")
        if data.objective == "total":
            _fail(f"edge {edge} of node {node} is lost, but objective total loses no tuple")
        return True
    if still_open > left:
        _fail(f"edge {edge} of node {node} leads on with {still_open} boards open and {left} guesses left")
    if not node < child < data.n_nodes:
        _fail(f"node {node} has child {child}; a child's id is greater than its parent's, below {data.n_nodes}")
    return False


def _walk_down(data: BoardsTreeData) -> array[int]:
    """Forward pass: every edge checked against its node's closed boards and guess number;
    returns each node's guess number (``node_depth``)."""
    n_nodes, limit, boards = data.n_nodes, data.limit, data.boards
    start, children, patterns = data.child_start, data.edge_child, data.edge_pattern
    game = (closed_marker(data.game), data.game.all_correct, data.game.n_codes)
    closes: dict[tuple[int, bytes], int] = {}  # (closed, row) -> closed after: each checked once
    closed_in = [0] * n_nodes  # a bit per board closed before the node's guess (Python ints: 32 boards)
    depth = array("H", [0]) * n_nodes
    depth[0] = 1
    for node in range(n_nodes):
        if node and not depth[node]:
            _fail(f"node {node} has no parent")
        closed, left = closed_in[node], limit - depth[node]  # the guesses left after this one
        previous: array[int] | None = None
        for edge in range(start[node], start[node + 1]):
            row = patterns[edge * boards : (edge + 1) * boards]
            if previous is not None and row <= previous:
                _fail(f"node {node}'s pattern rows are not strictly increasing")
            previous = row
            key = (closed, row.tobytes())
            after = closes.get(key)
            if after is None:
                after = closes[key] = _row_closes(game, node, closed, edge, row.tolist())
            if _ends(data, node, edge, after, left):
                continue
            child = children[edge]
            if depth[child]:
                _fail(f"node {child} has two parents")
            depth[child], closed_in[child] = depth[node] + 1, after
    return depth


def check_boards(data: BoardsTreeData) -> None:
    """Check the structural rules of FORMAT.md (format 3.0) and fill the per-node stats
    (``subtree_*`` and ``node_depth``); :class:`TreeFormatError` (one sentence) otherwise."""
    check_settings(data)
    _check_lengths(data)
    depth = _walk_down(data)
    n_nodes, limit = data.n_nodes, data.limit
    start, children, carried = data.child_start, data.edge_child, data.edge_tuples
    solved, lost, total = (array("I", [0]) * n_nodes for _ in range(3))
    deepest = array("B", [0]) * n_nodes
    try:
        for node in range(n_nodes - 1, -1, -1):
            won = gone = below = most = reached = 0
            left = limit - depth[node]
            for edge in range(start[node], start[node + 1]):
                child, count = children[edge], carried[edge]
                reached += count
                if child == SOLVED:
                    won, most = won + count, max(most, 1)
                elif child == LOST:
                    gone, below = gone + count, below + count * left
                else:
                    if solved[child] + lost[child] != count:
                        _fail(f"edge {edge} carries {count} tuples, but node {child} below it plays another number")
                    won, gone, below = won + solved[child], gone + lost[child], below + total[child]
                    most = max(most, deepest[child] + 1 if solved[child] else 0)
            solved[node], lost[node], total[node], deepest[node] = won, gone, below + reached, most
    except OverflowError:
        _fail("a subtree's tuple or guess count does not fit in 32 bits")
    if solved[0] + lost[0] != data.tuples:
        _fail(
            f"the tree plays {solved[0] + lost[0]} tuples, but {len(data.answers)} answers on {data.boards} "
            f"boards make {data.tuples} ordered tuples of distinct answers"
        )
    data.subtree_solved, data.subtree_lost, data.subtree_total, data.subtree_depth = solved, lost, total, deepest
    data.node_depth = depth
