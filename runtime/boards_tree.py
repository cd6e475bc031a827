"""The multi-board walker: "what do I play next?" on a multi-board tree file (format 3.0).

A history is written as ``wordle-next --boards`` takes it (``salet bybyb,bbbgb humph
ggggg,bbbyb``: a guess, then one pattern per board still open, joined by commas).  On the
tree, every step is the tree's own guess and its patterns are an edge of the node: the move
is the tree's, with the node's figures (tuples left, expected and most guesses, tuples
lost).  The first guess the tree did not play, and an edge on which the tree counts its
tuples lost, leave the tree: the move is then the live policy's (:mod:`.boards`), as a
single-board tree leaves its off-tree positions to the off-tree rule.  Patterns that no
tuple of distinct answers can show are :class:`NoAnswerError` (exit 1 in ``wordle-next``).
"""

from __future__ import annotations

from bisect import bisect_left

from .boards_structure import LOST, SOLVED, BoardsTreeData, closed_marker
from .format import TreeData, read_any_tree_file, unpack_any
from .history import HistoryError, NoAnswerError
from .tree import Tree, default_tree_path, resolve_tree

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    import os
    from collections.abc import Sequence

    from .boards import BoardsPosition, Step

TREE_MOVE = "tree"  # BoardsTreePosition.rule on the tree

__all__ = ["BoardsTree", "BoardsTreePosition", "load_any"]


class BoardsTreePosition:
    """Where a multi-board history leads on a tree.

    ``guess``: the next guess (None once every board is solved); ``rule``: :data:`TREE_MOVE`
    on the tree, else the policy's rule (``"solved"`` when done); ``on_tree``: every step so
    far was the tree's (and the tree still plays, or solved the last board); ``lost``: the
    history left the tree on an edge where the tree counts its tuples lost; ``board``: each
    board's candidates (:class:`.boards.BoardsPosition`); ``guesses_left``: under the tree's
    limit.  On the tree, ``tuples`` (the tuples of distinct
    answers still possible), ``expected_guesses`` (their mean guesses from here, the next
    included; a lost tuple counts every guess left), ``max_guesses`` (the most a solved one
    needs, None when none is solved) and ``lost_tuples`` (those the tree does not solve
    within the limit); off the tree all four are None.
    """

    __slots__ = (
        "board",
        "expected_guesses",
        "guess",
        "guesses_left",
        "lost",
        "lost_tuples",
        "max_guesses",
        "on_tree",
        "rule",
        "tuples",
    )

    def __init__(self, guess: str | None, rule: str, board: BoardsPosition, guesses_left: int, on_tree: bool) -> None:
        self.guess, self.rule, self.board, self.guesses_left = guess, rule, board, guesses_left
        self.on_tree = on_tree
        self.lost = False
        self.tuples: int | None = None
        self.expected_guesses: float | None = None
        self.max_guesses: int | None = None
        self.lost_tuples: int | None = None

    @property
    def solved(self) -> bool:
        """Whether every board is solved."""
        return self.board.solved

    def __repr__(self) -> str:
        return f"BoardsTreePosition(guess={self.guess!r}, rule={self.rule!r}, on_tree={self.on_tree})"


class BoardsTree:
    """A validated multi-board tree (FORMAT.md, "Changes in 3.0").

    >>> tree = load_any("dordle.wtree")                 # doctest: +SKIP
    >>> tree.next_guess("salet bybyb,bbbgb")            # doctest: +SKIP
    'humph'
    """

    def __init__(self, data: BoardsTreeData) -> None:
        solved, lost, total, depth = data.subtree_solved, data.subtree_lost, data.subtree_total, data.subtree_depth
        if solved is None or lost is None or total is None or depth is None:
            raise ValueError("a BoardsTree walks loaded data: unpack_any and check_boards fill its stats")
        self._solved, self._lost, self._total, self._depth = solved, lost, total, depth
        self.data = data
        self.answers, self.guesses, self.meta = data.answers, data.guesses, data.meta
        self.boards, self.limit, self.objective = data.boards, data.limit, data.objective
        self.game, self.guess_list = data.game, data.guess_list
        self._marker = closed_marker(data.game)

    @property
    def first_guess(self) -> str:
        """The word the tree opens with."""
        return self.guesses[self.data.node_guess[0]]

    @property
    def stats(self) -> dict[str, int | float]:
        """The tree's figures, from the loader's per-node stats (checked on load): tuples,
        solved, lost, total guesses (a lost tuple counts every guess of the limit), the
        average per tuple and the most guesses a solved tuple needs."""
        tuples = self._solved[0] + self._lost[0]
        return {
            "tuples": tuples,
            "solved": self._solved[0],
            "lost": self._lost[0],
            "total_guesses": self._total[0],
            "average": self._total[0] / tuples,
            "max_guesses": self._depth[0],
        }

    def edge_of(self, node: int, row: Sequence[int]) -> int | None:
        """The edge of ``node`` whose pattern row (one code per board, closed boards marked)
        is ``row``, or None (a binary search: a node's rows are strictly increasing)."""
        data = self.data
        lo, hi = data.child_start[node], data.child_start[node + 1]
        wanted = list(row)
        edge = bisect_left(range(lo, hi), wanted, key=data.row) + lo
        return edge if edge < hi and data.row(edge) == wanted else None

    def next_guess(self, history: str | Sequence[str] = ()) -> str | None:
        """The next guess after ``history`` (a string or its tokens), or None once every
        board is solved.  Raises :class:`HistoryError`.  On the tree it is a walk of its
        edges alone (microseconds, whatever the number of answers): a node the history
        reaches holds a tuple that fits it."""
        from .boards import parse_board_history

        tokens = history.split() if isinstance(history, str) else list(history)
        node, _ = self._walk(parse_board_history(tokens, self.game, self.boards))
        if node is not None:
            return self.guesses[self.data.node_guess[node]]
        return self.position(tokens).guess

    def position(self, history: str | Sequence[str] = ()) -> BoardsTreePosition:
        """Walk the tree; leave it for the policy at the first guess it did not play (or on an
        edge it counts lost).  :class:`HistoryError` for a malformed history or a word not in
        the guess list, :class:`NoAnswerError` (a subclass) when no tuple fits."""
        from .boards import DONE, board_position, next_move, parse_board_history

        tokens = history.split() if isinstance(history, str) else list(history)
        steps = parse_board_history(tokens, self.game, self.boards)
        listed = self.guess_list
        for number, (word, _) in enumerate(steps, start=1):
            if listed is not None and word not in listed:
                raise HistoryError(f"step {number}: {word!r} is not in the guess list")
        node, end = self._walk(steps)
        board = board_position(self.answers, steps, self.game, self.boards)  # NoAnswerError when nothing fits
        left = self.limit - len(steps)
        if end == "solved" and not board.solved:
            raise NoAnswerError("the tree ends solved where the history leaves a board open")
        if board.solved:
            return BoardsTreePosition(None, DONE, board, left, end == "solved")
        if left <= 0:
            raise NoAnswerError(f"the {self.limit} guesses are spent with {len(board.open_boards)} boards open")
        if node is not None:
            return self._on_tree(node, board, left)
        guesses = list(listed) if listed is not None else list(self.answers)
        guess, rule = next_move(board, guesses, self.game, self.first_guess)
        position = BoardsTreePosition(guess, rule, board, left, False)
        position.lost = end == "lost"
        return position

    def node_of(self, history: str | Sequence[str] = ()) -> int:
        """The node ``history`` reaches, every step the tree's own; :class:`HistoryError` when
        it leaves the tree or ends the game, :class:`NoAnswerError` when no tuple fits it."""
        from .boards import parse_board_history

        tokens = history.split() if isinstance(history, str) else list(history)
        node, end = self._walk(parse_board_history(tokens, self.game, self.boards))
        if node is None:
            how = "ends the game" if end is not None else "leaves the tree (a guess it does not play)"
            raise HistoryError(f"the history {how}: no node of the tree is there")
        return node

    def _walk(self, steps: list[Step]) -> tuple[int | None, str | None]:
        """(the node the steps reach, None off the tree or past its end; how the tree ended
        them: ``"solved"``, ``"lost"`` or None).  Patterns the tree does not hold after its
        own guess fit no tuple: :class:`NoAnswerError`."""
        data, done = self.data, self.game.all_correct
        node, closed = 0, [False] * self.boards
        for number, (word, codes) in enumerate(steps, start=1):
            if self.guesses[data.node_guess[node]] != word:
                return None, None
            shown = iter(codes)
            row = [self._marker if was else next(shown) for was in closed]
            edge = self.edge_of(node, row)
            if edge is None:
                from .boards import board_position

                board_position(self.answers, steps[:number], self.game, self.boards)  # names what does not fit
                raise NoAnswerError(f"step {number}: no tuple of the tree's answers shows these patterns")
            child = data.edge_child[edge]
            if child == SOLVED:
                return None, "solved"
            if child == LOST:
                return None, "lost"
            node, closed = child, [was or code == done for was, code in zip(closed, row, strict=True)]
        return node, None

    def _on_tree(self, node: int, board: BoardsPosition, left: int) -> BoardsTreePosition:
        """The tree's move at ``node``, with the node's figures."""
        position = BoardsTreePosition(self.guesses[self.data.node_guess[node]], TREE_MOVE, board, left, True)
        position.tuples = self._solved[node] + self._lost[node]
        position.expected_guesses = self._total[node] / position.tuples
        position.max_guesses = self._depth[node] or None
        position.lost_tuples = self._lost[node]
        return position


def load_any(name_or_path: str | os.PathLike[str] | bytes | bytearray | memoryview | None = None) -> Tree | BoardsTree:
    """Load any tree and validate it completely: a multi-board tree (format 3) as a
    :class:`BoardsTree`, any other as a :class:`.tree.Tree`.  ``name_or_path`` as
    :func:`.tree.load` takes it; :class:`TreeFormatError` (one line) for a bad file."""
    source = name_or_path
    if source is None:
        source = default_tree_path()
    elif isinstance(source, str):
        source = resolve_tree(source)
    data = unpack_any(source) if isinstance(source, (bytes, bytearray, memoryview)) else read_any_tree_file(source)
    return Tree(data) if isinstance(data, TreeData) else BoardsTree(data)
