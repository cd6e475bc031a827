"""An exact multi-board tree as a tree file (format 3.0, FORMAT.md "Changes in 3.0"): the
nested tree of :class:`.build.BoardsResult` flattened into the runtime's arrays, with its
``meta``, and packed by the runtime's :func:`~wordle_runtime.boards_format.pack_boards_tree`.

Flattening walks the nested tree breadth-first (children get larger ids than their parents)
with the tuples that reach each node, so every edge carries its count of tuples; the walk
finds each edge's row by scoring, and a row the nested tree lacks is an internal error.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING, Any

import numpy as np

from wordle_runtime.boards import codes_of
from wordle_runtime.boards_structure import LOST, SOLVED, BoardsTreeData, closed_marker
from wordle_runtime.digests import guess_list_sha256, words_sha256
from wordle_runtime.rules import GuessList

from .build import all_tuples

if TYPE_CHECKING:
    from wordle_runtime.game import Game

    from ..core.settings import Settings
    from ..core.wordlists import WordLists
    from .build import BoardsResult

# The end of a nested tree's edge, as the arrays hold it.
ENDS = {"solved": SOLVED, "lost": LOST}


class _Codes:
    """Each guess's codes against the answers (``int32``), scored once by the runtime's rule."""

    def __init__(self, answers: list[str], game: Game) -> None:
        self.answers, self.game, self.rows = answers, game, {}

    def __getitem__(self, word: str) -> np.ndarray:
        if word not in self.rows:
            shown = codes_of(word, self.answers, self.game)
            self.rows[word] = np.array([shown[answer] for answer in self.answers], dtype=np.int32)
        return self.rows[word]


def flatten_boards(result: BoardsResult, game: Game) -> tuple[list[str], array, array, array, array, array]:
    """(the words played, alphabetical; node_guess, child_start, edge_pattern, edge_child,
    edge_tuples) of ``result``'s nested tree over its answers, every ordered tuple of
    ``result.boards`` distinct answers walked through it."""
    answers = list(result.words[0])
    codes, marker, done = _Codes(answers, game), closed_marker(game), game.all_correct
    order: list[tuple[dict, np.ndarray, np.ndarray]] = [
        (result.tree, all_tuples(len(answers), result.boards), np.zeros(result.boards, dtype=bool))
    ]
    words: list[str] = []
    child_start, edge_child, edge_tuples = array("I", [0]), array("I"), array("I")
    edge_pattern = array("B" if game.byte_codes else "H")
    for node, tuples, closed in order:  # the list grows as it is walked
        words.append(node["guess"])
        shown = codes[node["guess"]][tuples]
        shown[:, closed] = marker
        groups: dict[tuple[int, ...], list[int]] = {}
        for i, row in enumerate(map(tuple, shown.tolist())):
            groups.setdefault(row, []).append(i)
        if len(groups) != len(node["next"]):
            raise RuntimeError(f"the multi-board tree's edges after {node['guess']} are not the tuples' patterns")
        for row in sorted(groups):  # rows strictly increasing within the node
            label = ",".join(game.format_code(code) for code in row if code != marker)
            below = node["next"].get(label)
            if below is None:
                raise RuntimeError(f"the multi-board tree has no edge {label} after {node['guess']}")
            members = tuples[np.array(groups[row])]
            edge_pattern.extend(row)
            edge_tuples.append(len(members))
            if isinstance(below, str):
                edge_child.append(ENDS[below])
                continue
            edge_child.append(len(order))
            order.append((below, members, closed | (np.array(row) == done)))
        child_start.append(len(edge_child))
    played = sorted(set(words))
    index = {word: i for i, word in enumerate(played)}
    return played, array("I", [index[word] for word in words]), child_start, edge_pattern, edge_child, edge_tuples


def boards_meta(result: BoardsResult, settings: Settings, start: str | None, guess_list: GuessList) -> dict[str, Any]:
    """The tree file's ``meta``: strategy, settings, word lists (name, count, sha256),
    compiler and the build's figures (``stats``: tuples, solved, lost, total guesses,
    average, the most guesses a solved tuple needs and the histogram of guesses)."""
    from .. import __version__

    figures = result.to_json()
    config = {
        "strategy": result.strategy,
        "mode": "normal",
        "answers": str(settings.answers),
        "guesses": None if settings.guesses is None else str(settings.guesses),
        "start": start,
        "max_depth": result.limit,
        "objective": result.objective,
        "boards": result.boards,
    }
    stats = {key: figures[key] for key in ("tuples", "solved", "lost", "total_guesses", "average", "histogram")}
    stats["max_depth"] = max(result.histogram, default=0)
    stats["proved_optimal"] = result.proved_optimal
    if not result.proved_optimal:
        optimality = "heuristic"
    else:
        optimality = "global" if start is None else "proved optimal for the fixed first guess"
    return {
        "strategy": result.strategy,
        "optimality": optimality,
        "mode": "normal",
        "max_depth": result.limit,
        "config": {key: value for key, value in config.items() if value is not None},
        "word_lists": {
            "answers": {
                "name": result.lists[0],
                "count": len(result.words[0]),
                "sha256": words_sha256(sorted(result.words[0])),
            },
            "guesses": {"name": result.lists[1], "count": len(guess_list), "sha256": guess_list_sha256(guess_list)},
        },
        "compiler": {"name": "wordle-tree", "version": __version__},
        "stats": {"boards": result.boards, **stats},
    }


def boards_tree_data(result: BoardsResult, words: WordLists, settings: Settings, start: str | None) -> BoardsTreeData:
    """``result`` (built over ``words``, as ``settings`` and ``start`` asked) as the runtime's
    :class:`BoardsTreeData`, ready for :func:`~wordle_runtime.boards_format.pack_boards_tree`."""
    game = words.game
    played, *arrays = flatten_boards(result, game) if result.flat is None else result.flat.tree_arrays(result.words[1])
    guess_list = GuessList.from_words(words.guesses, game)
    return BoardsTreeData(
        (sorted(result.words[0]), played),
        (result.boards, result.limit, result.objective),
        *arrays,
        meta=boards_meta(result, settings, start, guess_list),
        game=game,
        guess_list=guess_list,
    )
