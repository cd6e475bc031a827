"""Hostile and careless inputs: word lists over the limits,
text files that would need recursion, meta that names files or holds the wrong types."""

import itertools
import json
import string
import subprocess
import sys
from array import array

import msgpack
import pytest

from clirun import invoke, one_line_error, run
from wordle_compiler.util import files as outputs
from wordle_compiler.util import iterjson
from wordle_runtime.format import TreeData, pack_tree


def _words(n):
    letters = string.ascii_lowercase
    return ["".join(p) for p in itertools.islice(itertools.product(letters, repeat=5), n)]


def test_word_list_over_the_word_limit(tmp_path):
    path = tmp_path / "big.txt"
    path.write_text("\n".join(_words(40_001)) + "\n")
    one_line_error(run("wordle-compile", "--answers", path, "--guesses", path), 2, "more than 40,000 words")


def test_word_list_over_the_byte_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)  # sparse, like the 50 MB list of the report
    one_line_error(run("wordle-compile", "--answers", path), 2, "over the 1,048,576-byte limit")
    one_line_error(run("wordle-compile", "--answers", "/dev/zero"), 2, "not a regular file")


def test_matrix_over_the_cell_limit(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join(_words(36_000)) + "\n")
    one_line_error(
        run("wordle-compile", "--answers", "all", "--guesses", path), 2, "1,296 MB feedback matrix", "1,200 MB limit"
    )


def test_bench_with_an_empty_list(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    one_line_error(run("wordle-tree", "bench", "--answers", empty), 2, "the word list is empty")


@pytest.mark.long
@pytest.mark.parametrize(
    "fmt,text,fragment",
    [
        ("selby", "salet BBBBB1 courd BBBBB\u00b2\n", "line 1: courd BBBBB\u00b2 is not 'word PATTERN2'"),
        ("selby", "salet BBBBB\u0661\n", "line 1"),  # an Arabic-Indic one
        ("csv", "sal\u00e9t,cigar\n", "line 1: expected comma-separated five-letter words"),
        ("olson", '{"guess": 5, "map": {}}', "at root: expected"),
        ("olson", '{"guess": "salet", "map": {"00000": ["cigar"]}}', "at root>salet>00000"),
        ("olson", '{"guess": "salet", "map": {"00000": "cigar"', "not valid JSON"),
    ],
)
def test_malformed_text_imports_are_one_line(fmt, text, fragment, tmp_path):
    path = tmp_path / f"bad.{fmt}"
    path.write_text(text, encoding="utf-8")
    one_line_error(run("wordle-tree", "import", path, "--from", fmt, "-o", tmp_path / "o.wtree"), 2, fragment)
    assert not (tmp_path / "o.wtree").exists()


def test_olson_nested_2000_deep_is_parsed_without_recursion(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"guess":"salet","map":{"00000":' * 2000 + '"zzzzz"' + "}}" * 2000)
    line = one_line_error(
        run("wordle-tree", "import", path, "--from", "olson", "-o", tmp_path / "o.wtree"), 2, "1994 more steps"
    )
    assert len(line) < 300


def test_iterative_json_parser_matches_json():
    docs = [
        '{"a": [1, -2.5e3, "x\\u00e9\\n", true, false, null, {}], "b": {"c": []}}',
        "[]",
        '"s"',
        "0",
        '{"a": 1, "a": 2}',
        '[1.5, -0, 12345678901234567890]',
    ]
    for doc in docs:
        assert iterjson.loads(doc) == json.loads(doc)
    for bad in ["[1,2", '{"a" 1}', "", "[1] 2", '{"a":1,}', '["\\x"]', "01", "[\u0661]", "NaN"]:
        with pytest.raises(iterjson.JsonError):
            iterjson.loads(bad)
    deep = iterjson.loads("[" * 100_000 + "]" * 100_000)
    for _ in range(99_999):
        deep = deep[0]
    assert deep == []


def _chain(n: int) -> TreeData:
    """A structurally valid tree n guesses deep: node i plays and solves answer i."""
    words = _words(n)
    return TreeData(
        answers=words,
        guesses=words,
        node_guess=array("I", range(n)),
        node_answer=array("i", range(n)),
        child_start=array("I", [*list(range(n)), n - 1]),
        edge_pattern=array("B", [0] * (n - 1)),
        edge_child=array("I", range(1, n)),
        meta={"mode": "normal"},
    )


@pytest.mark.long
@pytest.mark.parametrize(
    "command",
    [
        ["export", "--format", "text"],
        ["export", "--format", "olson"],
        ["export", "--format", "selby", "--hollow"],
        ["export", "--format", "csv"],
        ["verify"],
        ["info"],
    ],
)
def test_deep_trees_need_no_recursion(command, tmp_path):
    """A 250-deep chain under a recursion limit of 150: only iterative walks get through."""
    path = tmp_path / "chain.wtree"
    path.write_bytes(pack_tree(_chain(250)))
    code = (
        "import sys; sys.setrecursionlimit(150); from wordle_compiler.cli.tree import main; "
        f"main({[command[0], str(path), *command[1:]]!r})"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "Traceback" not in result.stderr, result.stderr[-500:]
    assert "Recursion" not in result.stderr, result.stderr[-500:]
    if command == ["verify"]:  # the chain's patterns are not Wordle's: verify says so, in one line
        one_line_error(result, 1, "verification failed")
    else:
        assert result.returncode == 0, result.stderr
    if command[-1] == "text":
        assert result.stdout.count("\n") == 250
        assert result.stdout.splitlines()[-1].endswith("-> aaajp")


def _hostile_v10_file(path, meta):
    """A format 1.0 file (no stored guess list) whose meta says what we like."""
    doc = msgpack.unpackb(pack_tree(_chain(3)), raw=False)
    doc["format_version"] = [1, 0]
    for key in ("mode", "guess_list"):
        doc.pop(key)
    for key in ("subtree_total", "subtree_depth"):
        doc["tree"].pop(key)
    doc["meta"] = meta
    path.write_bytes(msgpack.packb(doc, use_bin_type=True))


def test_meta_never_names_a_file_for_us_to_open(tmp_path, monkeypatch):
    path = tmp_path / "t.wtree"
    _hostile_v10_file(
        path,
        {
            "config": {"answers": "/etc/passwd", "guesses": "/dev/zero"},
            "word_lists": {"guesses": {"name": "/etc/passwd", "count": 1, "sha256": "0" * 64}},
        },
    )
    opened = []
    real = outputs.read_regular_file
    monkeypatch.setattr(outputs, "read_regular_file", lambda p, *a, **k: opened.append(str(p)) or real(p, *a, **k))
    for command in (["verify", path, "--max-depth", "3"], ["info", path]):
        result = invoke("wordle-tree", *command)
        assert "root:" not in result.out + result.err
        assert "Traceback" not in result.err
        assert result.code in (0, 1), result.err
    assert all(p == str(path) for p in opened), opened  # only the tree file itself was read
    assert "a list we do not ship" in invoke("wordle-tree", "verify", path, "--max-depth", "3").out


BAD_METAS = [
    {"stats": [1, 2]},
    {"stats": {"histogram": "x", "total_guesses": "many"}},
    {"config": "salet"},
    {"config": {"mode": "bogus", "max_depth": True}},
    {"word_lists": {"guesses": 7}},
    {"mode": ["hard"]},
    {"config": {"max_depth": 10**12, "seed": "s"}},
    {"strategy": {"a": 1}},
    {"compiler": []},
]


@pytest.mark.parametrize("meta", BAD_METAS)
def test_wrong_types_in_meta_never_crash_verify_or_info(meta):
    """The loader rejects most of these (one line, exit 2); info and verify must not crash on
    any of them even so, because not every TreeData comes through the loader."""
    from wordle_compiler.cli.tree_report import info_doc, info_lines
    from wordle_compiler.treefiles.verification import verify_data

    data = _chain(3)
    data.meta = meta
    verdict = verify_data(data)
    assert verdict.mode in ("normal", "hard", "possible")
    assert 1 <= verdict.max_depth <= 64
    assert all(isinstance(line, str) for line in info_lines(info_doc("t", "t", data, 0)))
    json.dumps(verdict.as_dict())
