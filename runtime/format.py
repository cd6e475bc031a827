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
2.0 file with one line, as it refuses any other major version.

Memory: the loader never lets msgpack build more than a field's own size allows.  It first
walks the container with ``Unpacker.skip`` (which builds nothing) to find each field's byte
span, then decodes each known field on its own with limits sized from that span; unknown
fields are never decoded.
"""

from __future__ import annotations

import os
import stat
import warnings
from array import array

import msgpack

from .digests import answers_problem
from .fields import decode, game_words, le_bytes, payload_of, read_array, reject_ext, sorted_keys, word_list
from .game import DEFAULT_GAME, GameError, game_from_fields
from .meta import MAX_META_BYTES, MAX_META_CONTAINERS, MODES, MetaError, check_meta
from .rules import GuessList
from .structure import ARRAYS, MAX_DEPTH, STAT_ARRAYS, TreeData, TreeFormatError, check_structure

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from typing import Any, NoReturn

    from .fields import Span
    from .game import Game

FORMAT_NAME = "wordle-tree"
FORMAT_VERSION = (2, 0)  # the newest version this runtime reads and writes
NEWEST_MINOR = {1: 2, 2: 0}  # per major version read, the newest minor known
PLAIN_VERSION = (1, 1)  # what a tree without weights is written as, so its bytes never change
GAME_VERSION = (2, 0)  # what a tree of any other game than five-letter Wordle over a-z is written as
_GAME_FIELD_BYTES = 1024  # rule, length and up to 64 symbols of up to 4 bytes
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_KEYS = 64  # entries in the top-level map and in the ``tree`` map
_SMALL_FIELD_BYTES = 64  # ``format``, ``format_version`` and ``mode`` are tiny
_warned_minor: set[tuple[int, int]] = set()

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "PLAIN_VERSION",
    "TreeData",
    "TreeFormatError",
    "pack_tree",
    "read_tree_file",
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


def _spans(blob: bytes) -> tuple[dict[str, Span], dict[str, Span] | None]:
    """Byte spans ``(start, end)`` of each top-level field and of each entry of ``tree``
    (None when there is no ``tree`` map).

    ``Unpacker.skip`` walks a value without building it, so this costs no memory beyond
    the unpacker's copy of the bytes, whatever the file declares.
    """
    # The limits apply to what ``unpack`` builds (only the keys here: short strings, so no
    # container may be built); ``skip`` and ``read_map_header`` ignore them.
    unpacker = msgpack.Unpacker(
        raw=False,
        strict_map_key=True,
        ext_hook=reject_ext,
        max_buffer_size=max(len(blob), 1),
        max_str_len=64,
        max_bin_len=0,
        max_array_len=0,
        max_map_len=0,
        max_ext_len=0,
    )
    unpacker.feed(blob)
    top: dict[str, Span] = {}
    tree: dict[str, Span] | None = None
    try:
        n_keys = unpacker.read_map_header()
        if n_keys > MAX_KEYS:
            _fail(f"the top-level map has {n_keys} entries, over the limit of {MAX_KEYS}")
        for _ in range(n_keys):
            key = _key(unpacker, top, "the top level")
            at = unpacker.tell()
            if key == "tree" and at < len(blob) and _is_map_header(blob[at]):
                tree = {}  # a map: its entries' spans go in ``tree``
                n_arrays = unpacker.read_map_header()
                if n_arrays > MAX_KEYS:
                    _fail(f"'tree' has {n_arrays} entries, over the limit of {MAX_KEYS}")
                for _ in range(n_arrays):
                    name = _key(unpacker, tree, "'tree'")
                    start = unpacker.tell()
                    unpacker.skip()
                    tree[name] = (start, unpacker.tell())
                top[key] = (at, unpacker.tell())
                continue
            start = unpacker.tell()
            unpacker.skip()
            top[key] = (start, unpacker.tell())
        if unpacker.tell() != len(blob):
            _fail("not a tree file: there are bytes after the top-level map")
    except TreeFormatError:
        raise
    except msgpack.OutOfData:
        _fail("not a tree file: the bytes end in the middle of a value (truncated?)")
    except Exception as exc:  # noqa: BLE001 - msgpack raises many types; all mean "not our format"
        _fail(f"not a tree file: the bytes are not valid msgpack ({type(exc).__name__})")
    return top, tree


def _is_map_header(byte: int) -> bool:
    return 0x80 <= byte <= 0x8F or byte in (0xDE, 0xDF)


def _key(unpacker: msgpack.Unpacker, seen: dict[str, Span], where: str) -> str:
    key = unpacker.unpack()
    if not isinstance(key, str) or len(key) > 64:
        _fail(f"{where} has a key that is not a short text string")
    if key in seen:
        _fail(f"{where} has the key {key!r} twice")
    return key


def _meta(blob: bytes, span: Span | None, game: Game = DEFAULT_GAME) -> dict[str, Any]:
    """``meta``, decoded within :data:`MAX_META_BYTES` and container caps, then schema-checked."""
    if span is None:
        return {}
    built = [0]

    def count(container: object) -> object:
        """msgpack calls this for each map and list it builds: stop past the cap."""
        built[0] += 1
        if built[0] > MAX_META_CONTAINERS:
            _fail(f"'meta' holds more than {MAX_META_CONTAINERS} maps and lists")
        return container

    meta: dict[str, Any] = decode(
        blob,
        span,
        "'meta'",
        MAX_META_BYTES,
        max_bin_len=0,
        object_hook=count,
        list_hook=count,
        invalid="may hold only nil, bool, int, float, text, lists and maps",
    )
    try:
        check_meta(meta, None if game is DEFAULT_GAME else game)
    except MetaError as exc:
        _fail(str(exc))
    return meta


def _version(blob: bytes, top: dict[str, Span]) -> tuple[int, int]:
    if "format" not in top:
        _fail(f"not a tree file: it has no 'format' field (expected {FORMAT_NAME!r})")
    name = decode(blob, top["format"], "'format'", _SMALL_FIELD_BYTES)
    if name != FORMAT_NAME:
        _fail(f"not a tree file: format is {str(name)[:40]!r}, expected {FORMAT_NAME!r}")
    version = (
        decode(blob, top["format_version"], "'format_version'", _SMALL_FIELD_BYTES) if "format_version" in top else None
    )
    if (
        not isinstance(version, list)
        or len(version) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31 for v in version)
    ):
        _fail("'format_version' must be [major, minor]")
    major, minor = version
    if major not in NEWEST_MINOR:
        _fail(
            f"tree format version {major}.{minor} cannot be read by this runtime, "
            f"which reads versions {' and '.join(f'{m}.x' for m in NEWEST_MINOR)}"
        )
    if minor > NEWEST_MINOR[major] and (major, minor) not in _warned_minor:
        _warned_minor.add((major, minor))
        warnings.warn(
            f"tree format {major}.{minor} is newer than this runtime's "
            f"{major}.{NEWEST_MINOR[major]}; unknown fields are ignored",
            stacklevel=4,
        )
    return major, minor


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


def _game_rules(
    blob: bytes, top: dict[str, Span], meta: dict[str, Any], game: Game = DEFAULT_GAME
) -> tuple[str, GuessList]:
    """Format 1.1's ``mode`` and ``guess_list`` (both required from 1.1 on)."""
    if "mode" not in top or "guess_list" not in top:
        _fail("a format 1.1 file must have 'mode' and 'guess_list'")
    mode = decode(blob, top["mode"], "'mode'", _SMALL_FIELD_BYTES)
    if mode not in MODES:
        _fail(f"'mode' must be one of {', '.join(MODES)}")
    if "mode" in meta and meta["mode"] != mode:
        _fail(f"'mode' is {mode!r} but meta.mode says {meta['mode']!r}")
    try:
        guess_list = GuessList.from_bytes(payload_of(blob, top["guess_list"], "'guess_list'"), game)
    except ValueError as exc:
        _fail(str(exc))
    return mode, guess_list


def _tree_bytes(blob: object) -> bytes:
    """``blob`` as bytes, if it can be a tree file at all (size cap, a map at the top)."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        _fail("tree data must be bytes")
    if not isinstance(blob, bytes):
        blob = bytes(blob)
    if len(blob) > MAX_FILE_BYTES:
        _fail(f"the file is {len(blob)} bytes, over the {MAX_FILE_BYTES}-byte limit")
    if not blob or not _is_map_header(blob[0]):
        _fail("not a tree file: the top level is not a map")
    return blob


def unpack_tree(blob: bytes | bytearray | memoryview) -> TreeData:
    """Parse and validate tree-file bytes; any problem raises :class:`TreeFormatError`."""
    blob = _tree_bytes(blob)
    top, tree_spans = _spans(blob)
    major, minor = _version(blob, top)
    game = _game(blob, top, major)
    meta = _meta(blob, top.get("meta"), game)
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
        data.mode, data.guess_list = _game_rules(blob, top, meta, game)
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
    """Read and validate a tree file.

    Only a regular file is opened for reading: the path is opened non-blocking (so a FIFO
    cannot hang us) and checked with ``fstat`` before any byte is read, as is the size cap.
    """
    fd: int | None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise TreeFormatError(f"cannot read tree file {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            _fail(f"cannot read tree file {path}: it is {kind}")
        if info.st_size > MAX_FILE_BYTES:
            _fail(f"{path} is {info.st_size} bytes, over the {MAX_FILE_BYTES}-byte limit")
        with os.fdopen(fd, "rb", closefd=True) as fh:
            fd = None
            blob = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise TreeFormatError(f"cannot read tree file {path}: {exc.strerror or exc}") from None
    finally:
        if fd is not None:
            os.close(fd)
    return unpack_tree(blob)
