"""The tree file format (spec: FORMAT.md): deterministic packing and a loader that trusts nothing.

Arrays (all little-endian ``bin`` blobs inside the ``tree`` map):

==============  =======  ==========  ===============================================
name            dtype    length      meaning
==============  =======  ==========  ===============================================
node_guess      uint32   n_nodes     index into ``guesses`` of the word played at the node
node_answer     int32    n_nodes     index into ``answers`` solved by that guess, or -1
child_start     uint32   n_nodes+1   CSR offsets: node i's edges are [start[i], start[i+1])
edge_pattern    uint8    n_edges     feedback code, strictly increasing per node, never 242
edge_child      uint32   n_edges     child node id, always greater than its parent's id
==============  =======  ==========  ===============================================
"""

from __future__ import annotations

import os
import sys
import warnings
from array import array

import msgpack

FORMAT_NAME = "wordle-tree"
FORMAT_VERSION = (1, 0)
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_META_DEPTH = 12
ALL_GREEN = 242

# name -> (array typecode, item size, signed)
ARRAYS = {
    "node_guess": ("I", 4),
    "node_answer": ("i", 4),
    "child_start": ("I", 4),
    "edge_pattern": ("B", 1),
    "edge_child": ("I", 4),
}
_warned_minor: set[tuple[int, int]] = set()


class TreeFormatError(ValueError):
    """The bytes are not a valid tree file; the message is one readable sentence."""


class TreeData:
    """A tree file's content, arrays as ``array.array`` (native order in memory).

    A plain class, not a dataclass: importing dataclasses would cost the cold start.
    """

    __slots__ = ("answers", "guesses", "node_guess", "node_answer", "child_start",
                 "edge_pattern", "edge_child", "meta", "format_version")

    def __init__(self, answers, guesses, node_guess, node_answer, child_start, edge_pattern,
                 edge_child, meta=None, format_version=FORMAT_VERSION):
        self.answers, self.guesses = answers, guesses
        self.node_guess, self.node_answer = node_guess, node_answer
        self.child_start, self.edge_pattern, self.edge_child = child_start, edge_pattern, edge_child
        self.meta = {} if meta is None else meta
        self.format_version = format_version

    @property
    def n_nodes(self) -> int:
        return len(self.node_guess)


def _sorted_keys(value):
    """Recursively sort map keys so the same content always packs to the same bytes."""
    if isinstance(value, dict):
        return {k: _sorted_keys(value[k]) for k in sorted(value)}
    if isinstance(value, (list, tuple)):
        return [_sorted_keys(v) for v in value]
    return value


def _to_le_bytes(values: array) -> bytes:
    if sys.byteorder == "big" and values.itemsize > 1:
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


def pack_tree(data: TreeData) -> bytes:
    """Serialise ``data``; same content → same bytes."""
    tree = {}
    for name, (typecode, itemsize) in ARRAYS.items():
        values = getattr(data, name)
        if not isinstance(values, array) or values.typecode != typecode or values.itemsize != itemsize:
            values = array(typecode, values)
        tree[name] = _to_le_bytes(values)
    doc = {
        "format": FORMAT_NAME,
        "format_version": list(FORMAT_VERSION),
        "meta": data.meta,
        "answers": list(data.answers),
        "guesses": list(data.guesses),
        "tree": tree,
    }
    return msgpack.packb(_sorted_keys(doc), use_bin_type=True)


def _reject_ext(code, payload):
    raise TreeFormatError(f"the file contains a msgpack extension type ({code}), which is not allowed")


def _fail(message: str):
    raise TreeFormatError(message)


def _check_meta(value, depth=0):
    if depth > MAX_META_DEPTH:
        _fail("the file's meta section is nested too deeply")
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                _fail("the file's meta section has a non-text key")
            _check_meta(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _check_meta(item, depth + 1)
    elif not (value is None or isinstance(value, (str, int, float, bool))):
        _fail(f"the file's meta section holds an unsupported value of type {type(value).__name__}")


def _word_list(doc, key) -> list[str]:
    words = doc.get(key)
    if not isinstance(words, list) or not words:
        _fail(f"'{key}' must be a non-empty list of words")
    # Whole-list checks run at C speed (this is most of a cold start's loading time);
    # only a failure walks the list to name the bad word.  No regex: importing re is slow.
    if set(map(type, words)) == {str} and set(map(len, words)) == {5}:
        joined = "".join(words)
        ok = joined.isascii() and joined.isalpha() and joined.islower()
    else:
        ok = False
    if not ok:
        for word in words:
            if not (isinstance(word, str) and len(word) == 5 and word.isascii() and word.isalpha()
                    and word.islower()):
                _fail(f"'{key}' holds {word!r}, which is not five letters a-z")
    if len(set(words)) != len(words):
        _fail(f"'{key}' lists a word twice")
    return words


def _read_array(tree, name) -> array:
    typecode, itemsize = ARRAYS[name]
    blob = tree.get(name)
    if not isinstance(blob, bytes):
        _fail(f"tree array '{name}' is missing or not binary")
    if len(blob) % itemsize:
        _fail(f"tree array '{name}' has {len(blob)} bytes, not a multiple of {itemsize}")
    values = array(typecode)
    if values.itemsize != itemsize:
        _fail(f"this platform's '{typecode}' arrays are not {itemsize} bytes wide")
    values.frombytes(blob)
    if sys.byteorder == "big" and itemsize > 1:
        values.byteswap()
    return values


def _check_structure(data: TreeData) -> None:
    n_nodes, n_answers, n_guesses = data.n_nodes, len(data.answers), len(data.guesses)
    if n_nodes == 0:
        _fail("the tree has no nodes")
    if len(data.node_answer) != n_nodes:
        _fail("'node_answer' and 'node_guess' differ in length")
    start, patterns, children = data.child_start, data.edge_pattern, data.edge_child
    if len(start) != n_nodes + 1:
        _fail("'child_start' must have one more entry than there are nodes")
    n_edges = len(patterns)
    if len(children) != n_edges:
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
    has_parent = bytearray(n_nodes)
    solved = bytearray(n_answers)
    node_guess, node_answer = data.node_guess, data.node_answer
    answers, guesses = data.answers, data.guesses
    if max(node_guess) >= n_guesses:
        _fail(f"a node plays guess #{max(node_guess)}, but there are only {n_guesses} guesses")
    if max(node_answer) >= n_answers or min(node_answer) < -1:
        _fail("a node's answer index is out of range")
    if n_edges and (max(patterns) >= ALL_GREEN or min(children) < 1 or max(children) >= n_nodes):
        _fail("an edge has an all-green or out-of-range pattern, or an out-of-range child")
    for node in range(n_nodes):
        answer = node_answer[node]
        lo, hi = start[node], start[node + 1]
        if answer >= 0:
            if solved[answer]:
                _fail(f"answer {answers[answer]!r} is solved at two nodes")
            if answers[answer] != guesses[node_guess[node]]:
                _fail(f"node {node} claims to solve {answers[answer]!r} by guessing "
                      f"{guesses[node_guess[node]]!r}")
            solved[answer] = 1
        elif hi == lo:
            _fail(f"node {node} is a leaf that solves no answer")
        previous = -1
        for edge in range(lo, hi):
            pattern = patterns[edge]
            child = children[edge]
            if pattern <= previous:
                _fail(f"node {node}'s patterns are not strictly increasing")
            previous = pattern
            if child <= node:
                _fail(f"node {node} has child {child}; children must come after their parents")
            if has_parent[child]:
                _fail(f"node {child} has two parents")
            has_parent[child] = 1
    missing = solved.count(0)
    if missing:
        first = data.answers[solved.index(0)]
        _fail(f"{missing} answer(s) are never solved by the tree (first: {first!r})")


def unpack_tree(blob: bytes) -> TreeData:
    """Parse and validate tree-file bytes; any problem raises :class:`TreeFormatError`."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        _fail("tree data must be bytes")
    if len(blob) > MAX_FILE_BYTES:
        _fail(f"the file is {len(blob)} bytes, over the {MAX_FILE_BYTES}-byte limit")
    try:
        doc = msgpack.unpackb(
            bytes(blob), raw=False, strict_map_key=True, ext_hook=_reject_ext, use_list=True,
            max_array_len=1_000_000, max_map_len=10_000,
        )
    except TreeFormatError:
        raise
    except Exception as exc:  # msgpack raises many types; all mean "not our format"
        raise TreeFormatError(f"not a tree file: the bytes are not valid msgpack ({type(exc).__name__})") from None
    if not isinstance(doc, dict):
        _fail("not a tree file: the top level is not a map")
    if doc.get("format") != FORMAT_NAME:
        _fail(f"not a tree file: format is {str(doc.get('format'))[:40]!r}, expected {FORMAT_NAME!r}")
    version = doc.get("format_version")
    if (not isinstance(version, list) or len(version) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in version)):
        _fail("'format_version' must be [major, minor]")
    major, minor = version
    if major != FORMAT_VERSION[0]:
        _fail(f"tree format version {major}.{minor} cannot be read by this runtime, "
              f"which reads version {FORMAT_VERSION[0]}.x")
    if minor > FORMAT_VERSION[1] and (major, minor) not in _warned_minor:
        _warned_minor.add((major, minor))
        warnings.warn(f"tree format {major}.{minor} is newer than this runtime's "
                      f"{FORMAT_VERSION[0]}.{FORMAT_VERSION[1]}; unknown fields are ignored", stacklevel=3)
    meta = doc.get("meta", {})
    if not isinstance(meta, dict):
        _fail("'meta' must be a map")
    _check_meta(meta)
    tree = doc.get("tree")
    if not isinstance(tree, dict):
        _fail("'tree' must be a map of arrays")
    data = TreeData(
        answers=_word_list(doc, "answers"),
        guesses=_word_list(doc, "guesses"),
        meta=meta,
        format_version=(major, minor),
        **{name: _read_array(tree, name) for name in ARRAYS},
    )
    _check_structure(data)
    return data


def read_tree_file(path) -> TreeData:
    """Read a file with the size cap checked before reading."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size > MAX_FILE_BYTES:
                _fail(f"{path} is {size} bytes, over the {MAX_FILE_BYTES}-byte limit")
            blob = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise TreeFormatError(f"cannot read tree file {path}: {exc.strerror or exc}") from None
    return unpack_tree(blob)
