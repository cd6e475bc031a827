"""Tree format 3.0: a multi-board tree in the flat file (spec: FORMAT.md, "Changes in 3.0").

A 3.0 file holds the top-level fields of a 2.0 file (``game`` required, any Wordle-rule
game, five-letter a-z included) and ``boards``, ``limit`` and ``objective``; its ``tree``
map holds the arrays of :mod:`.boards_structure`.  :func:`pack_boards_tree` writes the same
bytes for the same tree; :func:`unpack_boards` is what :func:`.format.unpack_any` calls for
a file of major version 3, after the container, the version and the size caps are checked.
"""

from __future__ import annotations

from array import array

import msgpack

from .boards_structure import BOARD_ARRAYS, BOARD_STAT_ARRAYS, BoardsTreeData, check_boards
from .digests import answers_problem
from .fields import decode, game_words, le_bytes, read_array, sorted_keys
from .game import GameError, game_from_fields
from .header import FORMAT_NAME, read_meta, read_rules
from .header import fail as _fail
from .rules import GuessList

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from typing import Any

    from .fields import Span
    from .game import Game

BOARDS_VERSION = (3, 0)  # what every multi-board tree is written as
_GAME_FIELD_BYTES = 1024  # rule, length and up to 64 symbols of up to 4 bytes
_NUMBER_BYTES = 16  # ``boards``, ``limit`` and ``objective`` are tiny

__all__ = ["BOARDS_VERSION", "BoardsTreeData", "pack_boards_tree", "unpack_boards"]


def _layout(game: Game) -> dict[str, tuple[str, int]]:
    """The tree arrays' (typecode, item size): patterns take two bytes when the game's codes
    do not fit one."""
    if game.byte_codes:
        return BOARD_ARRAYS
    return {**BOARD_ARRAYS, "edge_pattern": ("H", 2)}


def pack_boards_tree(data: BoardsTreeData) -> bytes:
    """Serialise a multi-board tree as format 3.0; the same content always gives the same
    bytes.  The structure is checked first (a writer never writes what the loader would
    refuse) and the per-node stats are computed from the arrays; the guess list comes from
    ``data.guess_list`` (a :class:`GuessList` or words), else the tree's own words."""
    check_boards(data)
    problem = answers_problem(data.answers, data.meta)
    if problem:
        _fail(problem)
    game = data.game
    guess_list = data.guess_list
    if guess_list is None:
        guess_list = list(data.answers) + list(data.guesses)
    if not isinstance(guess_list, GuessList):
        guess_list = GuessList.from_words(guess_list, game)
    tree: dict[str, bytes] = {}
    for name, (typecode, itemsize) in {**_layout(game), **BOARD_STAT_ARRAYS}.items():
        values = getattr(data, name)
        if not isinstance(values, array) or values.typecode != typecode or values.itemsize != itemsize:
            values = array(typecode, values)
        tree[name] = le_bytes(values)
    doc: dict[str, Any] = {
        "format": FORMAT_NAME,
        "format_version": list(BOARDS_VERSION),
        "meta": sorted_keys(data.meta),
        "mode": "normal",
        "game": dict(sorted(game.to_fields().items())),
        "boards": data.boards,
        "limit": data.limit,
        "objective": data.objective,
        "guess_list": guess_list.to_bytes(),
        "answers": list(data.answers),
        "guesses": list(data.guesses),
        "tree": {name: tree[name] for name in sorted(tree)},
    }
    return msgpack.packb({key: doc[key] for key in sorted(doc)}, use_bin_type=True)


def _game(blob: bytes, top: dict[str, Span]) -> Game:
    """Format 3's required ``game``: any Wordle-rule game (five-letter a-z too)."""
    if "game" not in top:
        _fail("a format 3 file must have 'game'")
    fields = decode(blob, top["game"], "'game'", _GAME_FIELD_BYTES)
    try:
        return game_from_fields(fields)
    except GameError as exc:
        _fail(f"'game': {exc}")


def _number(blob: bytes, top: dict[str, Span], key: str) -> Any:
    """A small top-level value (``boards``, ``limit``, ``objective``), checked by the caller."""
    if key not in top:
        _fail(f"a format 3 file must have '{key}'")
    return decode(blob, top[key], f"'{key}'", _NUMBER_BYTES)


def unpack_boards(blob: bytes, top: dict[str, Span], tree_spans: dict[str, Span] | None, minor: int) -> BoardsTreeData:
    """A format 3 file's tree, validated (``top`` and ``tree_spans``: the fields' byte spans,
    the container already checked); any problem raises :class:`TreeFormatError`."""
    if "weights" in top:
        _fail("a multi-board tree has no 'weights': every tuple counts alike")
    game = _game(blob, top)
    meta = read_meta(blob, top.get("meta"), game)
    if tree_spans is None:
        _fail("'tree' must be a map of arrays")
    answers, guesses = (game_words(blob, top.get(key), key, game) for key in ("answers", "guesses"))
    problem = answers_problem(answers, meta)  # before the structure: an edited word is named as such
    if problem:
        _fail(problem)
    plan = (_number(blob, top, "boards"), _number(blob, top, "limit"), _number(blob, top, "objective"))
    layout = _layout(game)
    node_guess, child_start, edge_pattern, edge_child, edge_tuples = (
        read_array(blob, tree_spans, name, *layout[name]) for name in BOARD_ARRAYS
    )
    arrays = (node_guess, child_start, edge_pattern, edge_child, edge_tuples)
    data = BoardsTreeData((answers, guesses), plan, *arrays, meta=meta, game=game)
    data.format_version = (BOARDS_VERSION[0], minor)
    mode, data.guess_list = read_rules(blob, top, meta, game)
    if mode != "normal":
        _fail(f"a multi-board tree is played in normal mode, not {mode}")
    check_boards(data)
    for name, (typecode, itemsize) in BOARD_STAT_ARRAYS.items():
        if read_array(blob, tree_spans, name, typecode, itemsize) != getattr(data, name):
            _fail(f"tree array '{name}' does not match the tree (recomputed on load)")
    return data
