"""The tree file format (spec: FORMAT.md): deterministic packing and a loader that trusts nothing.

Arrays (all little-endian ``bin`` blobs inside the ``tree`` map):

==============  =======  ==========  ===============================================
name            dtype    length      meaning
==============  =======  ==========  ===============================================
node_guess      uint32   n_nodes     index into ``guesses`` of the word played at the node
node_answer     int32    n_nodes     index into ``answers`` solved by that guess, or -1
child_start     uint32   n_nodes+1   CSR offsets: node i's edges are [start[i], start[i+1])
edge_pattern    uint8    n_edges     feedback code, strictly increasing per node, never all correct
                                     (242); uint16 in a format 2 file whose game has over 256 codes
edge_child      uint32   n_edges     child node id, always greater than its parent's id
subtree_total   uint32   n_nodes     (1.1) guesses from this node on, summed over its answers
subtree_depth   uint8    n_nodes     (1.1) the most guesses from this node on
==============  =======  ==========  ===============================================

The optional top-level ``weights`` (format 1.2, :mod:`.weights`) holds one uint32 per answer.
Format 2.0 adds the top-level ``game`` (:mod:`.game`: rule, length, alphabet) for every game
but five-letter Wordle over a-z, whose files stay 1.x byte for byte; a 1.x reader refuses a
2.0 file with one line, as it refuses any other major version.  Format 3.0 holds a
multi-board tree (:mod:`.boards_format`): :func:`unpack_any` and :func:`read_any_tree_file`
read it, :func:`unpack_tree` and :func:`read_tree_file` (single-board trees) refuse it in
one line, and a 2.0 reader refuses it as another major version.

Memory: the loader never lets msgpack build more than a field's own size allows.  It first
walks the container with ``Unpacker.skip`` (which builds nothing) to find each field's byte
span, then decodes each known field on its own with limits sized from that span; unknown
fields are never decoded.
"""

from __future__ import annotations

import os
from array import array

import msgpack

from .digests import answers_problem
from .fields import (
    decode,
    field_spans,
    game_words,
    le_bytes,
    payload_of,
    read_array,
    read_file_bytes,
    sorted_keys,
    word_list,
)
from .game import DEFAULT_GAME, GameError, game_from_fields
from .header import (
    FORMAT_NAME,
    MAX_BOARDS_FILE_BYTES,
    MAX_FILE_BYTES,
    check_size,
    read_meta,
    read_rules,
    read_version,
    tree_bytes,
)
from .meta import MODES
from .rules import GuessList
from .structure import ARRAYS, MAX_DEPTH, STAT_ARRAYS, TreeData, TreeFormatError, check_structure

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from typing import Any, NoReturn

    from .boards_structure import BoardsTreeData
    from .fields import Span
    from .game import Game

FORMAT_VERSION = (2, 0)  # the newest single-board version this runtime reads and writes
BOARDS_MAJOR = 3  # a multi-board tree (:mod:`.boards_format`), read by :func:`unpack_any`
PLAIN_VERSION = (1, 1)  # what a tree without weights is written as, so its bytes never change
GAME_VERSION = (2, 0)  # what a tree of any other game than five-letter Wordle over a-z is written as
_GAME_FIELD_BYTES = 1024  # rule, length and up to 64 symbols of up to 4 bytes

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_BOARDS_FILE_BYTES",
    "MAX_FILE_BYTES",
    "PLAIN_VERSION",
    "TreeData",
    "TreeFormatError",
    "pack_tree",
    "read_any_tree_file",
    "read_tree_file",
    "unpack_any",
    "unpack_tree",
]


def _fail(message: str) -> NoReturn:
    raise TreeFormatError(message)


def pack_tree(data: TreeData) -> bytes:
    """Serialise ``data``; the same content always gives the same bytes.

    A tree with ``data.weights`` is written as format 1.2 with its ``weights`` field; any
    other as format 1.1, so a 1.1 reader still reads it without a warning.  The structure
    is checked first (a writer never writes what the loader would refuse), and the
    per-node subtree stats are computed from the arrays.  The mode comes from
    ``data.mode``, else ``meta["mode"]``, else "normal"; the guess list from
    ``data.guess_list`` (a :class:`GuessList` or words), else the tree's own words.
    """
    stats = check_structure(data)
    problem = answers_problem(data.answers, data.meta)  # the loader would refuse it
    if problem:
        _fail(problem)
    if stats.depth[0] > MAX_DEPTH:
        _fail(f"the tree is {stats.depth[0]} guesses deep; the format stores at most {MAX_DEPTH}")
    mode = data.mode or data.meta.get("mode") or "normal"
    if mode not in MODES:
        _fail(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    guess_list = data.guess_list
    if guess_list is None:
        guess_list = list(data.answers) + list(data.guesses)
    game = data.game
    if not isinstance(guess_list, GuessList):
        guess_list = GuessList.from_words(guess_list, game)
    tree: dict[str, bytes] = {}
    for name, (typecode, itemsize) in _arrays(game).items():
        values = getattr(data, name)
        if not isinstance(values, array) or values.typecode != typecode or values.itemsize != itemsize:
            values = array(typecode, values)
        tree[name] = le_bytes(values)
    tree["subtree_total"] = le_bytes(array("I", stats.total))
    tree["subtree_depth"] = array("B", stats.depth).tobytes()
    doc: dict[str, Any] = {
        "format": FORMAT_NAME,
        "format_version": list(PLAIN_VERSION),
        "meta": sorted_keys(data.meta),  # the only nested map: its keys sorted at every level
        "mode": mode,
        "guess_list": guess_list.to_bytes(),
        "answers": list(data.answers),
        "guesses": list(data.guesses),
        "tree": {name: tree[name] for name in sorted(tree)},
    }
    if data.weights is not None:
        from .weights import WEIGHTS_VERSION, pack_weights

        doc["weights"] = pack_weights(data.weights, len(data.answers))  # checked as the loader checks
        doc["format_version"] = list(WEIGHTS_VERSION)
    if game is not DEFAULT_GAME:
        doc["game"] = dict(sorted(game.to_fields().items()))
        doc["format_version"] = list(GAME_VERSION)
    # sorted keys here too, without walking the 15,000 words of the lists
    return msgpack.packb({key: doc[key] for key in sorted(doc)}, use_bin_type=True)


def _arrays(game: Game) -> dict[str, tuple[str, int]]:
    """The tree arrays' (typecode, item size) for ``game``: patterns take two bytes when its
    codes do not fit one."""
    if game.byte_codes:
        return ARRAYS
    return {**ARRAYS, "edge_pattern": ("H", 2)}


def _game(blob: bytes, top: dict[str, Span], major: int) -> Game:
    """Format 2's required ``game``; every 1.x file plays five-letter Wordle over a-z."""
    if major < 2:
        return DEFAULT_GAME
    if "game" not in top:
        _fail("a format 2 file must have 'game'")
    fields = decode(blob, top["game"], "'game'", _GAME_FIELD_BYTES)
    try:
        game = game_from_fields(fields)
    except GameError as exc:
        _fail(f"'game': {exc}")
    if game is DEFAULT_GAME:
        _fail("'game' is five-letter Wordle over a-z, which a format 1.x file holds")
    return game


def unpack_tree(blob: bytes | bytearray | memoryview) -> TreeData:
    """Parse and validate the bytes of a single-board tree file; any problem raises
    :class:`TreeFormatError`, a multi-board tree (format 3) too (:func:`unpack_any` reads it)."""
    blob = tree_bytes(blob)
    top, tree_spans = field_spans(blob)
    major, minor = read_version(blob, top)
    if major == BOARDS_MAJOR:
        _fail(
            f"the file is a multi-board tree (format {major}.{minor}), and this reader takes single-board "
            "trees (wordle-next --tree and wordle-tree info, verify and export read both)"
        )
    return _unpack_single(blob, top, tree_spans, major, minor)


def unpack_any(blob: bytes | bytearray | memoryview) -> TreeData | BoardsTreeData:
    """Parse and validate the bytes of any tree file: a multi-board tree (format 3) as
    :class:`BoardsTreeData`, any other as :class:`TreeData`."""
    blob = tree_bytes(blob, MAX_BOARDS_FILE_BYTES)
    top, tree_spans = field_spans(blob)
    major, minor = read_version(blob, top)
    if major == BOARDS_MAJOR:
        from .boards_format import unpack_boards

        return unpack_boards(blob, top, tree_spans, minor)
    check_size(len(blob))  # a single-board tree keeps its own, smaller limit
    return _unpack_single(blob, top, tree_spans, major, minor)


def _unpack_single(
    blob: bytes, top: dict[str, Span], tree_spans: dict[str, Span] | None, major: int, minor: int
) -> TreeData:
    """A format 1 or 2 file's tree, validated, once the container and version are checked."""
    game = _game(blob, top, major)
    meta = read_meta(blob, top.get("meta"), game)
    if tree_spans is None:
        _fail("'tree' must be a map of arrays")
    layout = _arrays(game)
    node_guess, node_answer, child_start, edge_pattern, edge_child = (
        read_array(blob, tree_spans, name, *layout[name]) for name in ARRAYS
    )
    if game is DEFAULT_GAME:
        answers, guesses = (word_list(blob, top.get(key), key) for key in ("answers", "guesses"))
    else:
        answers, guesses = (game_words(blob, top.get(key), key, game) for key in ("answers", "guesses"))
    problem = answers_problem(answers, meta)  # before the structure: an edited word is named as such
    if problem:
        _fail(problem)
    arrays = (node_guess, node_answer, child_start, edge_pattern, edge_child)
    data = TreeData(answers, guesses, *arrays, meta=meta, format_version=(major, minor), game=game)
    rules_known = major >= 2 or minor >= 1  # mode, guess_list and the subtree stats
    if rules_known:
        data.mode, data.guess_list = read_rules(blob, top, meta, game)
    if "weights" in top:  # imported only here: loading a file without weights never needs it
        from .weights import read_weights

        data.weights = read_weights(payload_of(blob, top["weights"], "'weights'"), len(data.answers), (major, minor))
    stats = check_structure(data)
    if rules_known:
        for name, (typecode, itemsize) in STAT_ARRAYS.items():
            stored = read_array(blob, tree_spans, name, typecode, itemsize)
            if stored != getattr(stats, name[len("subtree_") :]):
                _fail(f"tree array '{name}' does not match the tree (recomputed on load)")
    data.subtree_answers, data.subtree_total, data.subtree_depth = stats.count, stats.total, stats.depth
    if data.weights is not None:  # only then: a file without weights costs nothing more
        from .weights import weighted_sums

        data.subtree_weight, data.subtree_weighted_total = weighted_sums(data)
    return data


def read_tree_file(path: str | os.PathLike[str]) -> TreeData:
    """Read and validate a single-board tree file (:func:`read_any_tree_file` reads a
    multi-board one too).

    Only a regular file is opened for reading: the path is opened non-blocking (so a FIFO
    cannot hang us) and checked with ``fstat`` before any byte is read, as is the size cap.
    """
    return unpack_tree(read_file_bytes(path, MAX_FILE_BYTES))


def read_any_tree_file(path: str | os.PathLike[str]) -> TreeData | BoardsTreeData:
    """Read and validate any tree file, as :func:`read_tree_file` does: a multi-board tree
    (format 3) as :class:`BoardsTreeData`, any other as :class:`TreeData`."""
    return unpack_any(read_file_bytes(path, MAX_BOARDS_FILE_BYTES))
