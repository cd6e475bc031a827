"""Memory of `wordle-tree export --format text` on large format-1.0 files.

A 1.0 file stores no depth, and the outline indents each line by its depth, so a deep
enough 1.0 chain would make an outline (and memory) that grows with the square of the
file.  The text formats whose lines grow with the depth (text, selby, csv) write at most
255 levels, the depth a 1.1 file can hold; the export's peak memory, measured on real
processes, grows linearly with the file."""

import itertools
import string
import subprocess
import sys
from array import array

import msgpack
import pytest

from clirun import one_line_error, run


def write_1_0_tree(path, n_nodes: int, fan: int) -> int:
    """A structurally valid format-1.0 tree of ``n_nodes`` nodes, each solving its own word,
    numbered breadth first with up to ``fan`` children per node (fan 1: a chain as deep as
    it is long); returns the file's size."""
    words = ["".join(t) for t in itertools.islice(itertools.product(string.ascii_lowercase, repeat=5), n_nodes)]
    start, children, patterns, next_child = [0], [], [], 1
    for _ in range(n_nodes):
        count = min(fan, n_nodes - next_child)
        children.extend(range(next_child, next_child + count))
        patterns.extend(range(count))
        next_child += count
        start.append(len(children))
    arrays = {
        "node_guess": array("I", range(n_nodes)),
        "node_answer": array("i", range(n_nodes)),
        "child_start": array("I", start),
        "edge_pattern": array("B", patterns),
        "edge_child": array("I", children),
    }
    if sys.byteorder == "big":
        for values in arrays.values():
            values.byteswap()
    doc = {
        "format": "wordle-tree",
        "format_version": [1, 0],
        "meta": {},
        "answers": words,
        "guesses": words,
        "tree": {name: values.tobytes() for name, values in arrays.items()},
    }
    path.write_bytes(msgpack.packb(doc, use_bin_type=True))
    return path.stat().st_size


def peak_kib(*args) -> tuple[int, int]:
    """(exit code, peak resident set in KiB) of ``wordle-tree ARGS`` run in a fresh process,
    so that RUSAGE_CHILDREN sees that one command alone."""
    probe = (
        "import resource, subprocess, sys\n"
        "done = subprocess.run([sys.executable, '-m', 'wordle_compiler.cli.tree', *sys.argv[1:]],"
        " capture_output=True)\n"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, *map(str, args)], capture_output=True, text=True, timeout=300, check=True
    )
    code, kib = result.stdout.split()
    return int(code), int(kib)


@pytest.fixture(scope="module")
def baseline_kib(tmp_path_factory) -> int:
    """The export's peak for a two-node tree: the interpreter and its imports."""
    folder = tmp_path_factory.mktemp("tiny")
    write_1_0_tree(folder / "tiny.wtree", 2, 1)
    code, kib = peak_kib("export", folder / "tiny.wtree", "--format", "text", "-o", folder / "tiny.txt")
    assert code == 0
    return kib


@pytest.mark.long
@pytest.mark.parametrize("fmt", ["text", "selby", "csv"])
def test_a_text_export_of_a_1_0_chain_deeper_than_255_is_one_line(tmp_path, baseline_kib, fmt):
    """20,000 nodes, one under the other (580 KB): its outline alone would be 800 MB.  The
    file still loads (the runtime walks any depth); the formats whose lines grow with the
    depth refuse it, within ten times the file's size in memory."""
    size = write_1_0_tree(tmp_path / "chain.wtree", 20_000, 1)
    code, kib = peak_kib("export", tmp_path / "chain.wtree", "--format", fmt, "-o", tmp_path / "out.txt")
    assert code == 2
    assert not (tmp_path / "out.txt").exists()
    assert (kib - baseline_kib) * 1024 <= 10 * size, (kib, baseline_kib, size)
    result = run("wordle-tree", "export", tmp_path / "chain.wtree", "--format", fmt)
    one_line_error(result, 2, "20000 guesses deep", "at most 255 levels", "--format olson")


def test_a_deep_1_0_chain_still_loads_and_exports_where_the_format_allows(tmp_path):
    write_1_0_tree(tmp_path / "chain.wtree", 20_000, 1)
    assert run("wordle-tree", "info", tmp_path / "chain.wtree").returncode == 0
    olson = run("wordle-tree", "export", tmp_path / "chain.wtree", "--format", "olson")
    assert olson.returncode == 0
    assert olson.stdout.count('"guess"') == 19_999
    shallow = run("wordle-tree", "export", tmp_path / "chain.wtree", "--format", "text", "--depth", "3")
    assert shallow.returncode == 0
    assert shallow.stdout.splitlines()[-1] == "|   " * 3 + "|--- bbbbb -> ... (19996 answers)"


def test_a_chain_255_deep_is_the_deepest_outline(tmp_path):
    write_1_0_tree(tmp_path / "chain.wtree", 255, 1)
    result = run("wordle-tree", "export", tmp_path / "chain.wtree", "--format", "text")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 255
    assert lines[-1] == "|   " * 253 + "|--- bbbbb -> aaaju"
    write_1_0_tree(tmp_path / "deeper.wtree", 256, 1)
    one_line_error(run("wordle-tree", "export", tmp_path / "deeper.wtree"), 2, "256 guesses deep")


@pytest.mark.long
def test_text_export_memory_grows_linearly_with_the_file(tmp_path, baseline_kib):
    """Bushy 1.0 trees of 50,000 and 100,000 nodes (1.45 and 2.9 MB): the export's memory
    above the interpreter's is about ten times the file (measured 9.5 and 9.9: the words
    as Python strings, the arrays, and the outline held twice), and doubles with it."""
    grown = []
    for n_nodes in (50_000, 100_000):
        tree = tmp_path / f"bushy{n_nodes}.wtree"
        size = write_1_0_tree(tree, n_nodes, 40)
        code, kib = peak_kib("export", tree, "--format", "text", "-o", tmp_path / "out.txt")
        assert code == 0
        grown.append((kib - baseline_kib) * 1024)
        assert grown[-1] <= 12 * size, (n_nodes, kib, baseline_kib, size)
    assert grown[1] <= 2.5 * grown[0], grown
    lines = (tmp_path / "out.txt").read_text().splitlines()
    assert len(lines) == 100_000
    assert lines[0] == "aaaaa (100000 answers)"
