"""wordle-tree info/verify/export/import: round trips, rendering, one-line errors."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import wordle_trees
from clirun import invoke, one_line_error
from wordle_compiler.core.settings import Settings
from wordle_runtime.format import read_tree_file

SHIPPED = Path(wordle_trees.__file__).parent
DEFAULT = SHIPPED / "salet-optimal-normal.wtree"
HARD = SHIPPED / "salet-optimal-hard.wtree"


class _Result:
    """click-runner-like view of an in-process run (exit_code, output = stdout)."""

    def __init__(self, outcome):
        self.exit_code, self.output, self.err = outcome.code, outcome.out, outcome.err
        self.returncode = outcome.code


def run(*args):
    return _Result(invoke("wordle-tree", *args))


def test_info_json():
    result = run("info", DEFAULT, "--json")
    assert result.exit_code == 0, result.err
    doc = json.loads(result.output)
    assert doc["stats"]["total_guesses"] == 7920
    assert doc["format_version"][0] == 1
    assert doc["word_lists"]["answers"]["count"] == 2315


def test_verify_ok_and_failures(tmp_path):
    assert run("verify", DEFAULT).exit_code == 0
    result = run("verify", DEFAULT, "--max-depth", "4", "--json")
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert doc["exceeding_max_depth"]
    assert not doc["ok"]
    assert "error" in doc
    # the normal-mode tree breaks hard-mode rules somewhere
    hard = run("verify", DEFAULT, "--mode", "hard")
    assert hard.exit_code == 1
    assert "→" in hard.output


def test_verify_catches_a_false_claim(tmp_path):
    from wordle_compiler.treefiles.artifact import save_tree

    data = read_tree_file(DEFAULT)
    data.meta["stats"]["total_guesses"] = 7919
    forged = tmp_path / "forged.wtree"
    save_tree(forged, data)
    result = run("verify", forged)
    assert result.exit_code == 1
    assert "meta claims total_guesses = 7919" in result.output
    assert "meta claims total_guesses = 7919" in result.err


def test_verify_names_the_first_wrong_step_from_the_root():
    from wordle_compiler.treefiles.verification import verify_tree

    data = read_tree_file(DEFAULT)
    start, children, patterns = data.child_start, data.edge_child, data.edge_pattern
    second = children[start[0]]  # the first guess's first child, and that child's first edge
    edge = start[second]
    below, stack = [], [children[edge]]  # the answers under that edge
    while stack:
        node = stack.pop()
        if data.node_answer[node] >= 0:
            below.append(data.answers[data.node_answer[node]])
        stack.extend(children[start[node] : start[node + 1]])
    used = set(patterns[start[second] : start[second + 1]])
    patterns[edge] = next(code for code in range(243) if code not in used)  # a code none of them shows
    report = verify_tree(data, "normal", None, 6)
    second_guess = data.guesses[data.node_guess[second]]
    named = [p for p in report.failures if " is not solved: " in p]
    assert named
    assert len(below) >= len(named)
    assert report.answers == 2315
    assert all(f"but {second_guess} against " in p and p.split("'")[1] in below for p in named)
    assert report.total_guesses < 7920  # the answers that failed are not counted


@pytest.mark.long
@pytest.mark.parametrize("fmt,extra", [("selby", []), ("selby", ["--hollow"]), ("csv", []), ("olson", [])])
@pytest.mark.parametrize("source,mode", [(DEFAULT, "normal"), (HARD, "hard")])
def test_round_trip(fmt, extra, source, mode, tmp_path):
    text = tmp_path / f"tree.{fmt}"
    assert run("export", source, "--format", fmt, *extra, "-o", text).exit_code == 0
    back = tmp_path / "back.wtree"
    result = run("import", text, "--from", fmt, "--mode", mode, "-o", back)
    assert result.exit_code == 0, result.output
    original, imported = read_tree_file(source), read_tree_file(back)
    for name in ["node_guess", "node_answer", "child_start", "edge_pattern", "edge_child"]:
        assert getattr(original, name) == getattr(imported, name), name
    assert original.guesses == imported.guesses
    assert original.answers == imported.answers
    for key in ["answers", "total_guesses", "average", "max_depth", "histogram"]:
        assert original.meta["stats"][key] == imported.meta["stats"][key]


def test_text_export_truncates_and_follows_path():
    result = run("export", DEFAULT, "--format", "text", "--path", "salet:bbbbb", "--depth", "1")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("courd (221 answers)")
    assert any("-> ... (" in line for line in lines)
    assert any(line.endswith("(1 answer)") for line in lines)
    assert "(1 answers)" not in result.output


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_svg_render_contains_words(tmp_path):
    out = tmp_path / "top.svg"
    result = run("export", DEFAULT, "--format", "svg", "--depth", "1", "-o", out)
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert svg.lstrip().startswith("<?xml") or "<svg" in svg
    for letter_tile in [">S<", ">A<", ">L<"]:  # the salet tiles
        assert letter_tile in svg
    # the cut-off phrasing is plain: "221 answers left", "72 patterns below, not drawn"
    assert "221 answers left" in svg
    assert "72 patterns below, not drawn" in svg


def test_dot_is_written_by_networkx_pydot():
    result = run("export", DEFAULT, "--format", "dot", "--depth", "1")
    assert result.exit_code == 0
    assert result.output.startswith("strict digraph")
    assert "<TABLE" in result.output


def test_missing_graphviz_is_one_line(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    result = run("export", DEFAULT, "--format", "svg")
    assert result.exit_code == 2
    assert "Graphviz 'dot' is not installed" in result.err


BAD_INPUTS = [
    ("selby", "salet BBBBB1 courd BBBBB2 nymph GGGGG3\nsalet BBBBB1 courd XXBBB2 nymph GGGGG3\n", "line 2"),
    ("selby", "salet GGGGB1 cigar GGGGG2\n", "line 1: salet against cigar gives"),
    ("csv", "salet,cigar\nsalet,cigar\n", "line 2: 'cigar' is solved twice"),
    ("csv", "salet,courd,qwxyz\n", "line 1"),
    ("csv", "salet,cigar\ncrane,rebut\n", "line 2: guess 1 is 'crane'"),
    ("csv", "salet,cigar\n", "answer(s) are missing"),
    ("olson", '{"guess": "salet", "map": {"00000": "zzzzz"}}', "not in the answer list"),
    ("olson", "{not json", "line 1: not valid JSON"),
]


@pytest.mark.long
@pytest.mark.parametrize("fmt,text,message", BAD_INPUTS)
def test_bad_imports_are_one_line(fmt, text, message, tmp_path):
    path = tmp_path / f"bad.{fmt}"
    path.write_text(text)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.tree",
            "import",
            str(path),
            "--from",
            fmt,
            "-o",
            str(tmp_path / "out.wtree"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    one_line_error(result, 2, message)
    assert not (tmp_path / "out.wtree").exists()


def test_corrupt_file_is_one_line(tmp_path):
    bad = tmp_path / "bad.wtree"
    bad.write_bytes(DEFAULT.read_bytes()[:1000])
    result = subprocess.run(
        [sys.executable, "-m", "wordle_compiler.cli.tree", "info", str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    one_line_error(result, 2, "bad.wtree")


def test_bench_rows():
    result = run("bench", "--strategies", "minimax,most-parts", "--start", "salet", "--repeat", "1", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["strategy"] for r in rows] == ["minimax", "most-parts"]
    assert all(r["answers"] == 2315 and r["start"] == "salet" for r in rows)


def test_verify_uses_the_lists_the_tree_was_built_with(tmp_path):
    """A tree on the NYT lists verifies against the NYT guesses, not the default ones."""
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.pipeline.compile import compile_tree
    from wordle_compiler.treefiles.artifact import save_tree

    ctx = Context.load(Settings(answers="nyt"))
    result = compile_tree(
        BuildConfig(strategy="most-parts", settings=Settings(answers="nyt", mode="hard"), start="salet"), ctx
    )
    path = tmp_path / "nyt.wtree"
    save_tree(path, result.data)
    assert run("verify", path, "--max-depth", "20").exit_code == 0  # a heuristic hard tree runs deep
    against_original = run("verify", path, "--guesses", "original", "--max-depth", "20", "--json")
    doc = json.loads(against_original.output)
    assert against_original.exit_code == 1
    assert not doc["ok"]
    assert all("not in the guess list" in p for p in doc["problems"])


def test_the_guess_list_coded_from_letters_equals_the_runtime_own_coding():
    from types import SimpleNamespace

    from wordle_compiler.core.config import Context
    from wordle_compiler.core.wordlists import letters_array
    from wordle_compiler.treefiles.artifact import guess_list_of
    from wordle_runtime.rules import GuessList

    for answers, guesses in (("original", None), ("nyt-extended", "nyt")):
        ctx = Context.load(Settings(answers=answers, guesses=guesses))
        assert guess_list_of(ctx).codes == GuessList.from_words(ctx.words.guesses).codes
    # out of order (never so in a real context): the words are coded one by one instead
    words = ("crane", "abbey", "those")
    from wordle_runtime.game import DEFAULT_GAME

    unsorted = SimpleNamespace(
        words=SimpleNamespace(guesses=words, game=DEFAULT_GAME), guess_letters=letters_array(words)
    )
    assert guess_list_of(unsorted).codes == GuessList.from_words(words).codes
