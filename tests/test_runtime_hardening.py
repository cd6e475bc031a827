"""Hostile files: bounded memory and time, regular files only, no recursion anywhere."""

import os
import subprocess
import sys
import time
import tracemalloc
from array import array
from pathlib import Path

import msgpack
import pytest

from wordle_runtime import TreeFormatError
from wordle_runtime.format import pack_tree, read_tree_file, unpack_any, unpack_tree
from wordle_runtime.tree import Tree, default_tree_path

MIB = 1024 * 1024


@pytest.fixture(scope="module")
def doc():
    """The default tree as a plain msgpack document, to splice hostile parts into."""
    blob = pack_tree(read_tree_file(default_tree_path()))
    return msgpack.unpackb(blob, raw=False)


def _pack(doc, **changes):
    return msgpack.packb({**doc, **changes}, use_bin_type=True)


def _cost(blob):
    """(peak bytes the loader allocated, seconds, outcome) for loading ``blob``."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        began = time.perf_counter()
        try:
            unpack_tree(blob)
            outcome = "loaded"
        except TreeFormatError as exc:
            outcome = str(exc)
        seconds = time.perf_counter() - began
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    return peak, seconds, outcome


def _chain(n):
    """A valid format-1.0 tree that is a chain of ``n`` nodes, each solving one answer."""
    words = [
        f"{chr(97 + i // 26**3 % 26)}{chr(97 + i // 26**2 % 26)}{chr(97 + i // 26 % 26)}{chr(97 + i % 26)}z"
        for i in range(n)
    ]
    tree = {
        "node_guess": array("I", range(n)).tobytes(),
        "node_answer": array("i", range(n)).tobytes(),
        "child_start": array("I", [*list(range(n)), n - 1]).tobytes(),
        "edge_pattern": bytes(n - 1),
        "edge_child": array("I", range(1, n)).tobytes(),
    }
    return msgpack.packb(
        {
            "format": "wordle-tree",
            "format_version": [1, 0],
            "meta": {},
            "answers": words,
            "guesses": words,
            "tree": tree,
        },
        use_bin_type=True,
    )


MILLION = 1_000_000
HEAD = msgpack.packb({"format": "wordle-tree", "format_version": [1, 1]})
HOSTILE = {
    # the 4.4 GB case: meta made of a million empty maps
    "meta of empty maps": lambda doc: (
        b"\x83" + HEAD[1:] + msgpack.packb("meta") + b"\xdd" + MILLION.to_bytes(4, "big") + b"\x80" * MILLION
    ),
    "answers of nils": lambda doc: _pack(doc, answers=[None] * MILLION),
    "guesses of short strings": lambda doc: _pack(doc, guesses=["ab"] * MILLION),
    "unknown key of nils": lambda doc: _pack(doc, junk=[None] * (20 * MILLION)),
    "meta of short strings": lambda doc: _pack(doc, meta={**doc["meta"], "junk": ["ab"] * 5000}),
    "huge guess list": lambda doc: _pack(doc, guess_list=b"\x00" * (6 * MILLION)),
    "a key of a million empty maps": lambda doc: b"\x81\xdd" + MILLION.to_bytes(4, "big") + b"\x80" * MILLION + b"\x00",
    "declared but missing": lambda doc: b"\x83" + HEAD[1:] + msgpack.packb("meta") + b"\xdf\x7f\xff\xff\xff",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_files_cost_at_most_ten_times_their_size(doc, name):
    blob = HOSTILE[name](doc)
    peak, seconds, outcome = _cost(blob)
    assert peak <= 10 * len(blob) + MIB, f"{name}: {peak / MIB:.1f} MiB for {len(blob) / MIB:.1f} MiB ({outcome})"
    assert seconds < 10, f"{name}: {seconds:.1f} s"


@pytest.mark.long
def test_a_long_valid_chain_loads_in_bounded_memory_and_walks_without_recursion():
    n = 20_000  # 20,000 guesses deep: a recursive walk would overflow Python's stack
    blob = _chain(n)
    peak, seconds, outcome = _cost(blob)
    assert outcome == "loaded"
    assert peak <= 10 * len(blob) + MIB
    assert seconds < 10
    tree = Tree(unpack_tree(blob))
    assert tree.data.subtree_depth[0] == n
    assert tree.data.subtree_total[0] == n * (n + 1) // 2
    assert len(tree.subtree_answers(0)) == n
    position = tree.position([])
    assert position.max_guesses == n
    assert len(position.candidates) == n
    with pytest.raises(TreeFormatError, match="255"):
        pack_tree(tree.data)  # format 1.1 stores depths up to 255


def _next(*args):
    return subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", *args], capture_output=True, text=True, timeout=30
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "tree.fifo"
    os.mkfifo(fifo)
    began = time.monotonic()
    result = _next("--tree", str(fifo), "salet", "bbbbb")  # would hang forever if it opened and read
    assert time.monotonic() - began < 20
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"wordle-next: cannot read tree file {fifo}: it is not a regular file"
    ]


@pytest.mark.parametrize("path,reason", [("/dev/zero", "it is not a regular file"), ("/", "it is a directory")])
def test_devices_and_directories_are_refused(path, reason):
    if not os.path.exists(path):
        pytest.skip(f"no {path}")
    result = _next("--tree", path)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"wordle-next: cannot read tree file {path}: {reason}"]


def test_an_oversized_file_is_refused_before_reading(tmp_path):
    big = tmp_path / "big.wtree"
    with open(big, "wb") as fh:
        fh.truncate(512 * MIB + 1)  # sparse: no 512 MiB written
    result = _next("--tree", str(big))
    assert result.returncode == 2
    assert "over the 536870912-byte limit" in result.stderr  # any tree's: a multi-board tree's
    assert len(result.stderr.strip().splitlines()) == 1
    with pytest.raises(TreeFormatError, match="over the 67108864-byte limit"):
        read_tree_file(big)  # a single-board tree's


def test_a_single_board_tree_keeps_its_64_mib_limit_where_any_tree_is_read():
    top = msgpack.unpackb(Path(default_tree_path()).read_bytes())
    top["padding"] = bytes(64 * MIB)  # an unknown field, never decoded: only the size is wrong
    with pytest.raises(TreeFormatError, match="over the 67108864-byte limit"):
        unpack_any(msgpack.packb(top))
