"""Flatten a built tree into the runtime's format (the runtime owns FORMAT.md) and
write it atomically (through :mod:`..util.files`, like every file we write)."""

from __future__ import annotations

from array import array

from wordle_runtime.format import TreeData, pack_tree
from wordle_runtime.rules import GuessList

from ..util.files import write_atomic


def flatten(root, ctx, meta: dict, weights=None) -> TreeData:
    """Breadth-first numbering: children always get larger ids than their parent,
    and each node's edges are contiguous (CSR).

    The full guess list goes into the file (format 1.1's ``guess_list``), so a reader can
    refuse a word the game would refuse and ``verify`` never needs a list from elsewhere.
    ``weights``: the answers' integer weights (answer order) the tree was built under, or
    None; with them the file is format 1.2 and readers speak in expected guesses under them.
    """
    game = ctx.words.game
    order = [root]  # breadth-first: a node's id is its place in this list
    child_start, edge_child = array("I", [0]), array("I")
    edge_pattern = array("B" if game.byte_codes else "H")
    for node in order:  # the list grows as it is walked
        for code, child in node.children:
            edge_pattern.append(code)
            edge_child.append(len(order))
            order.append(child)
        child_start.append(len(edge_pattern))
    used = {node.guess for node in order}
    local = {g: i for i, g in enumerate(sorted(used, key=ctx.words.guesses.__getitem__))}
    guess_words = [ctx.words.guesses[g] for g in local]
    node_guess = array("I", [local[node.guess] for node in order])
    node_answer = array("i", [node.answer for node in order])
    return TreeData(
        answers=list(ctx.words.answers),
        guesses=guess_words,
        node_guess=node_guess,
        node_answer=node_answer,
        child_start=child_start,
        edge_pattern=edge_pattern,
        edge_child=edge_child,
        meta=meta,
        guess_list=guess_list_of(ctx),
        weights=None if weights is None else array("I", weights),
        game=game,
    )


def guess_list_of(ctx) -> GuessList:
    """The context's guesses as the runtime's :class:`GuessList`, coded from the letter
    array in one numpy expression: ``GuessList.from_words`` checks and codes each word in
    Python, slow for a whole list, and these were checked when the list was read.  The
    list is alphabetical, so the codes must come out strictly increasing; if they do not,
    the words go through ``from_words`` after all."""
    import numpy as np

    game = ctx.words.game
    letters = getattr(ctx, "guess_letters", None)  # the importer's context has only the words
    if letters is not None and len(letters) and len(game.alphabet) ** game.length < 2**32:
        codes = np.zeros(len(letters), dtype=np.int64)
        for position in range(letters.shape[1]):
            codes = codes * len(game.alphabet) + letters[:, position]
        if np.all(codes[1:] > codes[:-1]):
            return GuessList(array("I", codes.tolist()), game)
    return GuessList.from_words(ctx.words.guesses, game)


def save_tree(path, data: TreeData) -> int:
    """Pack ``data`` and write it atomically (see :mod:`..util.files`); returns the byte count."""
    payload = pack_tree(data)
    write_atomic(path, payload)
    return len(payload)
