"""One voice across the command lines, each rule through a real process: one --max-depth
range, --json and --quiet on the wordle-tree commands that write, one history syntax,
``-`` for standard input and output, a scaled picture said in one line, a grouped --help."""

import json
import re
import shutil
from pathlib import Path

import click
import pytest

import wordle_trees
from clirun import chain_list, one_line_error, run
from wordle_compiler.cli.compile import compile_command
from wordle_compiler.cli.rank import rank_command
from wordle_compiler.cli.tree import group
from wordle_compiler.core.settings import MAX_DEPTH_LIMIT

TREE = "salet-optimal-normal"
SHIPPED = Path(wordle_trees.__file__).parent
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is not installed")


CHAIN = ["--guesses", "answers", "--mode", "hard"]


# 1. one --max-depth range


def _max_depth(command):
    return next(p for p in command.params if p.name == "max_depth")


@pytest.mark.parametrize(
    "command",
    [compile_command, rank_command, group.commands["verify"], group.commands["import"], group.commands["analyse"]],
    ids=["compile", "rank", "verify", "import", "analyse"],
)
def test_every_max_depth_takes_the_one_range(command):
    kind = _max_depth(command).type
    assert isinstance(kind, click.IntRange)
    assert (kind.min, kind.max) == (1, MAX_DEPTH_LIMIT) == (1, 127)


@pytest.mark.long
@pytest.mark.parametrize(
    "prog,args",
    [
        ("wordle-compile", []),
        ("wordle-rank", []),
        ("wordle-tree", ["verify", TREE]),
        ("wordle-tree", ["import", "x.txt", "--from", "csv", "-o", "x.wtree"]),
        ("wordle-tree", ["analyse", "salet", "bbbbb"]),
    ],
)
def test_a_depth_over_the_range_is_one_line_naming_it(prog, args, tmp_path):
    one_line_error(run(prog, *args, "--max-depth", "128", cwd=tmp_path), 2, "--max-depth", "1<=x<=127")
    assert list(tmp_path.iterdir()) == []


def test_the_exact_engine_takes_a_deep_limit(tmp_path):
    """12 answers need 12 guesses: past the endgame bound's 8 remembered guesses, and a limit
    far above it changes nothing."""
    answers = chain_list(tmp_path, 12)
    result = run(
        "wordle-compile",
        "--strategy",
        "optimal",
        "--answers",
        answers,
        *CHAIN,
        "--max-depth",
        "64",
        "-o",
        tmp_path / "t.wtree",
        "--json",
        "--quiet",
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert (doc["max_depth"], doc["total_guesses"], doc["proved_optimal"]) == (12, 78, True)
    one_line_error(
        run(
            "wordle-compile",
            "--strategy",
            "optimal",
            "--answers",
            answers,
            *CHAIN,
            "--max-depth",
            "11",
            "-o",
            tmp_path / "u.wtree",
            "--quiet",
        ),
        1,
        "within 11 guesses",
    )


@pytest.mark.long
def test_a_tree_deeper_than_twenty_compiles_verifies_and_imports(tmp_path):
    answers, tree = chain_list(tmp_path, 22), tmp_path / "deep.wtree"
    built = run(
        "wordle-compile",
        "--strategy",
        "entropy",
        "--answers",
        answers,
        *CHAIN,
        "--max-depth",
        "22",
        "-o",
        tree,
        "--quiet",
    )
    assert built.returncode == 0, built.stderr
    assert run("wordle-tree", "verify", tree, "--max-depth", "64").returncode == 0
    text = tmp_path / "deep.csv"
    assert run("wordle-tree", "export", tree, "--format", "csv", "-o", text).returncode == 0
    back = run(
        "wordle-tree",
        "import",
        text,
        "--from",
        "csv",
        "--answers",
        answers,
        *CHAIN,
        "--max-depth",
        "22",
        "-o",
        tmp_path / "back.wtree",
        "--json",
    )
    assert back.returncode == 0, back.stderr
    assert json.loads(back.stdout)["max_depth"] == 22


# 2. --json and --quiet


def test_export_json_describes_the_file_written(tmp_path):
    out = tmp_path / "sub.dot"
    result = run("wordle-tree", "export", TREE, "salet", "bbbbb", "--format", "dot", "-o", out, "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc == {
        "output": str(out),
        "format": "dot",
        "bytes": out.stat().st_size,
        "history": "salet bbbbb",
        "guess": "courd",
        "answers": 221,
        "nodes": doc["nodes"],
    }
    cards = re.findall(r"^n\d+ \[", out.read_text(encoding="utf-8"), re.MULTILINE)
    assert doc["nodes"] == len(cards) < 221  # the guess cards drawn: at most 10 children each


def test_export_json_counts_what_each_file_holds(tmp_path):
    """The page holds the whole tree (it opens at the history); an outline cut by --depth the
    levels it writes."""
    page, outline = tmp_path / "sub.html", tmp_path / "sub.txt"
    html = run("wordle-tree", "export", TREE, "salet", "bbbbb", "--format", "html", "-o", page, "--json")
    assert html.returncode == 0, html.stderr
    embedded = re.search(r'<script id="tree-data" type="application/json">(.*?)</script>', page.read_text("utf-8"))
    held = json.loads(embedded.group(1))
    doc = json.loads(html.stdout)
    assert (doc["nodes"], doc["answers"]) == (len(held["guess"]), held["solves"].count("1"))
    assert (doc["history"], doc["guess"], held["start_path"]) == ("salet bbbbb", "courd", "salet:bbbbb")
    text = run(
        "wordle-tree", "export", TREE, "salet:bbbbb", "--format", "text", "--depth", "1", "-o", outline, "--json"
    )
    assert text.returncode == 0, text.stderr
    doc = json.loads(text.stdout)
    named = [line for line in outline.read_text("utf-8").splitlines() if "-> ..." not in line]
    assert doc["nodes"] == len(named) < doc["answers"] == 221


def test_json_needs_a_file_when_stdout_carries_the_bytes(tmp_path):
    for prog, args in [
        ("wordle-tree", ["export", TREE]),
        ("wordle-tree", ["export", TREE, "-o", "-"]),
        ("wordle-compile", ["-o", "-"]),
    ]:
        result = run(prog, *args, "--json", cwd=tmp_path)
        one_line_error(result, 2, "--json needs -o FILE")
        assert json.loads(result.stdout)["exit_code"] == 2


def test_import_json_with_a_failure_keeps_the_stats(tmp_path):
    text, out = tmp_path / "t.olson", tmp_path / "t.wtree"
    assert run("wordle-tree", "export", TREE, "--format", "olson", "-o", text).returncode == 0
    result = run("wordle-tree", "import", text, "--from", "olson", "--max-depth", "4", "-o", out, "--json")
    one_line_error(result, 1, "42 answer(s) need more than 4 guesses")
    doc = json.loads(result.stdout)
    assert doc["exit_code"] == 1
    assert doc["bytes"] == out.stat().st_size
    assert doc["nodes"] == 2437
    assert doc["max_depth"] == 5
    assert len(doc["exceeding_max_depth"]) == 42
    assert doc["output"] == str(out)


@pytest.mark.long
def test_quiet_silences_the_warnings_of_import_and_verify(tmp_path):
    answers, duplicated = chain_list(tmp_path, 6), chain_list(tmp_path, 6, duplicate=True)
    tree, text = tmp_path / "t.wtree", tmp_path / "t.selby"
    assert (
        run("wordle-compile", "--strategy", "optimal", "--answers", answers, *CHAIN, "-o", tree, "--quiet").returncode
        == 0
    )
    assert run("wordle-tree", "export", tree, "--format", "selby", "-o", text).returncode == 0
    for command in (
        ["import", text, "--from", "selby", "--answers", duplicated, *CHAIN, "-o", tmp_path / "b.wtree"],
        ["verify", tree, "--guesses", duplicated],
    ):
        loud = run("wordle-tree", *command)
        assert loud.returncode == 0
        assert loud.stderr.startswith("wordle-tree: warning: ")
        assert "dropped 1 duplicate word(s)" in loud.stderr
        assert len(loud.stderr.splitlines()) == 1
        quiet = run("wordle-tree", *command, "--quiet")
        assert quiet.returncode == 0
        assert quiet.stderr == ""
        assert quiet.stdout == loud.stdout


# 3. one history syntax
