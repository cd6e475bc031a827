"""One voice across the command lines, each rule through a real process: one --max-depth
range, --json and --quiet on the wordle-tree commands that write, one history syntax,
``-`` for standard input and output, a scaled picture said in one line, a grouped --help."""

import json
import os
import pty
import re
import shutil
import string
import subprocess
import sys
from pathlib import Path

import click
import pytest

import wordle_trees
from clirun import MODULES, one_line_error, run
from wordle_compiler.cli.compile import compile_command
from wordle_compiler.cli.rank import rank_command
from wordle_compiler.cli.tree import group
from wordle_compiler.core.settings import MAX_DEPTH_LIMIT
from wordle_runtime.format import read_tree_file, unpack_tree

TREE = "salet-optimal-normal"
SHIPPED = Path(wordle_trees.__file__).parent
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is not installed")


def _proc(prog, *args, stdin=None, **kwargs):
    """``prog args`` as a process with binary stdout (a tree file may come out of it)."""
    return subprocess.run(
        [sys.executable, "-m", MODULES[prog], *map(str, args)], input=stdin, capture_output=True, timeout=300, **kwargs
    )


def _chain(tmp_path, n, duplicate=False):
    """``n`` answers that differ only in the first letter: in hard mode with these words as the
    guesses, each guess rules out one answer, so the best tree needs n guesses."""
    words = [c + "bcde" for c in string.ascii_lowercase if c not in "bcde"][:n]
    path = tmp_path / f"chain{n}{'-dup' if duplicate else ''}.txt"
    path.write_text("\n".join(words + words[:1] * duplicate) + "\n")
    return path


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
    assert (kind.min, kind.max) == (1, MAX_DEPTH_LIMIT) == (1, 64)


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
    one_line_error(run(prog, *args, "--max-depth", "65", cwd=tmp_path), 2, "--max-depth", "1<=x<=64")
    assert list(tmp_path.iterdir()) == []


def test_the_exact_engine_takes_a_deep_limit(tmp_path):
    """12 answers need 12 guesses: past the endgame bound's 8 remembered guesses, and a limit
    far above it changes nothing."""
    answers = _chain(tmp_path, 12)
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


def test_a_tree_deeper_than_twenty_compiles_verifies_and_imports(tmp_path):
    answers, tree = _chain(tmp_path, 22), tmp_path / "deep.wtree"
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


def test_quiet_silences_the_warnings_of_import_and_verify(tmp_path):
    answers, duplicated = _chain(tmp_path, 6), _chain(tmp_path, 6, duplicate=True)
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


def test_compile_to_stdout_then_verify_and_info_from_stdin(tmp_path):
    answers = _chain(tmp_path, 6)
    built = _proc("wordle-compile", "--strategy", "optimal", "--answers", answers, *CHAIN, "-o", "-", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert unpack_tree(built.stdout).meta["stats"]["total_guesses"] == 21
    assert b"-> standard output" in built.stderr
    assert list(tmp_path.iterdir()) == [answers]
    verified = _proc("wordle-tree", "verify", "-", stdin=built.stdout)
    assert verified.returncode == 0
    assert verified.stdout.startswith(b"OK: 6 answers, total 21")
    info = _proc("wordle-tree", "info", "-", stdin=built.stdout)
    assert info.stdout.startswith(b"file        standard input\n")
    quiet = _proc("wordle-compile", "--strategy", "optimal", "--answers", answers, *CHAIN, "-o", "-", "--quiet")
    assert quiet.stderr == b""
    assert quiet.stdout == built.stdout


def test_import_reads_stdin_and_writes_stdout(tmp_path):
    selby = _proc("wordle-tree", "export", TREE, "--format", "selby", "-o", "-")
    assert selby.stdout == _proc("wordle-tree", "export", TREE, "--format", "selby").stdout
    imported = _proc("wordle-tree", "import", "-", "--from", "selby", "-o", "-", stdin=selby.stdout)
    assert imported.returncode == 0, imported.stderr
    assert imported.stderr.decode().endswith("max depth 5 -> standard output\n")
    assert unpack_tree(imported.stdout).node_guess == read_tree_file(SHIPPED / f"{TREE}.wtree").node_guess
    garbage = _proc("wordle-tree", "import", "-", "--from", "selby", "-o", tmp_path / "x.wtree", stdin=b"\xff\xfe")
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
    sections = [text.index(f"\n{title}:\n") for title in ("Inspect", "Convert", "Maintain")]
    assert sections == sorted(sections)
    assert "Commands:" not in text
    assert "Other:" not in text
    listed = [
        line.split()[0]
        for line in text.splitlines()
        if line.startswith("  ") and line.split() and line.split()[0] in group.commands
    ]
    assert listed == ["info", "verify", "analyse", "serve", "export", "import", "bench", "cache"]
    rows = [line for line in text.splitlines() if line[2:].split(" ", 1)[0] in group.commands]
    assert len({line.index(line.split()[1]) for line in rows}) == 1  # the texts line up
