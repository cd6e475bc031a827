"""One voice across the command lines, each rule through a real process: one history syntax,
``-`` for standard input and output, binary streams never to or from a terminal, a scaled
picture said in one line, a grouped --help."""

import os
import pty
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import wordle_trees
from clirun import MODULES, chain_list, one_line_error, run, run_binary
from wordle_compiler.cli.tree import group
from wordle_runtime.format import read_tree_file, unpack_tree

TREE = "salet-optimal-normal"
SHIPPED = Path(wordle_trees.__file__).parent
CHAIN = ["--guesses", "answers", "--mode", "hard"]
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is not installed")


@pytest.mark.long
@pytest.mark.parametrize(
    "history",
    [
        ["salet", "bbbbb", "courd", "bbbyb"],
        ["salet bbbbb courd bbbyb"],
        ["salet:bbbbb,courd:bbbyb"],
        ["salet=00000", "courd", "00010"],
        ["--path", "salet bbbbb courd bbbyb"],
        ["--path", "salet:bbbbb,courd=00010"],
    ],
)
def test_export_takes_the_history_as_words_or_as_path(history):
    result = run("wordle-tree", "export", TREE, *history, "--format", "text")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "baggy (6 answers)"


@pytest.mark.long
@pytest.mark.parametrize(
    "args,fragments",
    [
        (["salet", "bbbbb", "--path", "salet bbbbb"], ["words after FILE or as --path, not both"]),
        (["salet", "qqqqq"], ["history: step 1: bad feedback pattern 'qqqqq'"]),
        (["salet"], ["history: step 1: guess 'salet' has no feedback pattern"]),
        (["crane", "bbbbb"], ["history step 1: the tree plays 'salet' here, not 'crane'"]),
        (["salet", ""], ["empty word or pattern"]),
        (["--path", ""], ["--path", "must not be empty"]),
    ],
)
def test_a_bad_history_is_one_line_naming_where_it_was_given(args, fragments):
    one_line_error(run("wordle-tree", "export", TREE, *args), 2, *fragments)


# 4. '-' for standard input and output


@pytest.mark.long
def test_compile_to_stdout_then_verify_and_info_from_stdin(tmp_path):
    answers = chain_list(tmp_path, 6)
    built = run_binary("wordle-compile", "--strategy", "optimal", "--answers", answers, *CHAIN, "-o", "-", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert unpack_tree(built.stdout).meta["stats"]["total_guesses"] == 21
    assert b"-> standard output" in built.stderr
    assert list(tmp_path.iterdir()) == [answers]
    verified = run_binary("wordle-tree", "verify", "-", stdin=built.stdout)
    assert verified.returncode == 0
    assert verified.stdout.startswith(b"OK: 6 answers, total 21")
    info = run_binary("wordle-tree", "info", "-", stdin=built.stdout)
    assert info.stdout.startswith(b"file        standard input\n")
    quiet = run_binary("wordle-compile", "--strategy", "optimal", "--answers", answers, *CHAIN, "-o", "-", "--quiet")
    assert quiet.stderr == b""
    assert quiet.stdout == built.stdout


@pytest.mark.long
def test_import_reads_stdin_and_writes_stdout(tmp_path):
    selby = run_binary("wordle-tree", "export", TREE, "--format", "selby", "-o", "-")
    assert selby.stdout == run_binary("wordle-tree", "export", TREE, "--format", "selby").stdout
    imported = run_binary("wordle-tree", "import", "-", "--from", "selby", "-o", "-", stdin=selby.stdout)
    assert imported.returncode == 0, imported.stderr
    assert imported.stderr.decode().endswith("max depth 5 -> standard output\n")
    assert unpack_tree(imported.stdout).node_guess == read_tree_file(SHIPPED / f"{TREE}.wtree").node_guess
    garbage = run_binary("wordle-tree", "import", "-", "--from", "selby", "-o", tmp_path / "x.wtree", stdin=b"\xff\xfe")
    one_line_error(_decoded(garbage), 2, "cannot read standard input: it is not UTF-8 text")


def _decoded(result):
    return subprocess.CompletedProcess(result.args, result.returncode, result.stdout.decode(), result.stderr.decode())


def _on_a_terminal(prog, *args, stream, cwd):
    """Run in ``cwd`` with ``stream`` a pseudo-terminal; returns the decoded result."""
    main, replica = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", MODULES[prog], *map(str, args)],
            cwd=cwd,
            stdin=replica if stream == "stdin" else subprocess.DEVNULL,
            stdout=replica if stream == "stdout" else subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(replica)
        os.close(main)
    return result


@pytest.mark.long
@pytest.mark.parametrize(
    "prog,args,stream,fragments",
    [
        ("wordle-compile", ["-o", "-"], "stdout", ["refusing to write the tree file (binary) to a terminal"]),
        (
            "wordle-tree",
            ["import", "x.csv", "--from", "csv", "-o", "-"],
            "stdout",
            ["refusing to write the tree file (binary) to a terminal"],
        ),
        (
            "wordle-tree",
            ["export", TREE, "--format", "png", "-o", "-"],
            "stdout",
            ["refusing to write PNG (binary) to a terminal"],
        ),
        (
            "wordle-tree",
            ["import", "-", "--from", "csv", "-o", "x.wtree"],
            "stdin",
            ["'-' reads the file from standard input, which is a terminal"],
        ),
        ("wordle-tree", ["info", "-"], "stdin", ["'-' reads the tree file from standard input, which is a terminal"]),
    ],
)
def test_binary_to_a_terminal_and_reading_a_terminal_are_refused(prog, args, stream, fragments, tmp_path):
    result = _on_a_terminal(prog, *args, stream=stream, cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert all(f in result.stderr for f in fragments), result.stderr
    assert list(tmp_path.iterdir()) == []  # refused before any work


def test_rank_refuses_a_dash_for_its_results_file(tmp_path):
    one_line_error(run("wordle-rank", "-o", "-", cwd=tmp_path), 2, "'-' is not taken here", "--resume")
    assert list(tmp_path.iterdir()) == []


# 5. a picture Graphviz scales down


@pytest.mark.long
@needs_dot
def test_a_scaled_picture_is_one_warning_unless_quiet(tmp_path):
    out = tmp_path / "full.png"
    loud = run("wordle-tree", "export", TREE, "--format", "png", "-o", out)
    assert loud.returncode == 0
    assert out.stat().st_size > 0
    line = one_line_error(
        loud, 0, "wordle-tree: warning: the picture is too large for a bitmap", "--depth or --path", "--format svg"
    )
    assert re.search(r"Graphviz scaled it to \d+% of its size \(\d[\d,]*×32,767 px\)", line), line
    quiet = run("wordle-tree", "export", TREE, "--format", "png", "-o", out, "--quiet")
    assert quiet.returncode == 0
    assert quiet.stderr == ""
    small = run("wordle-tree", "export", TREE, "--format", "png", "--depth", "1", "-o", tmp_path / "top.png")
    assert small.returncode == 0
    assert small.stderr == ""


# 6. a grouped --help


def test_group_help_lists_the_commands_by_purpose_one_line_each():
    result = run("wordle-tree", "--help")
    assert result.returncode == 0
    text = result.stdout
    sections = [text.index(f"\n{title}:\n") for title in ("Inspect", "Convert", "Maintain", "Games")]
    assert sections == sorted(sections)
    assert "Commands:" not in text
    assert "Other:" not in text
    listed = [
        line.split()[0]
        for line in text.splitlines()
        if line.startswith("  ") and line.split() and line.split()[0] in group.commands
    ]
    assert listed == ["info", "verify", "analyse", "serve", "export", "import", "bench", "cache", "absurdle"]
    rows = [line for line in text.splitlines() if line[2:].split(" ", 1)[0] in group.commands]
    assert len({line.index(line.split()[1]) for line in rows}) == 1  # the texts line up
