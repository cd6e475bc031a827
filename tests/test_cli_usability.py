"""A newcomer's first hour with wordle-compile and wordle-tree: versions, complete
help, shipped trees by name, honest names and labels, notices, the cache, one notation."""

import json
import os
import subprocess
import sys

import click
import numpy as np
import pytest

import wordle_compiler
from clirun import MODULES, invoke, one_line_error, run
from wordle_compiler.cli.compile import compile_command, default_output
from wordle_compiler.cli.tree import group
from wordle_compiler.core import matrix as fm
from wordle_compiler.core import matrix_cache
from wordle_compiler.core.config import BuildConfig
from wordle_compiler.core.settings import Settings


@pytest.mark.parametrize("prog", ["wordle-compile", "wordle-tree"])
def test_version(prog):
    result = run(prog, "--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"{prog} {wordle_compiler.__version__}"


def _commands():
    from wordle_compiler.cli.rank import rank_command

    yield "wordle-compile", compile_command
    yield "wordle-rank", rank_command
    for name, command in group.commands.items():
        yield f"wordle-tree {name}", command


@pytest.mark.parametrize("name,command", list(_commands()), ids=[n for n, _ in _commands()])
def test_every_option_has_help(name, command):
    for param in command.params:
        if isinstance(param, click.Option):
            assert param.help, f"{name} {param.opts[0]} has no help text"


def test_group_help_is_not_truncated():
    result = run("wordle-tree", "--help")
    assert result.returncode == 0
    commands = result.stdout.split("Inspect:")[1]  # the first section of commands
    assert "..." not in commands
    for name in group.commands:
        assert f"  {name} " in commands


def test_readme_lists_every_option_of_every_command():
    with open(os.path.join(os.path.dirname(__file__), "..", "README.md"), encoding="utf-8") as fh:
        readme = fh.read()
    for name, command in _commands():
        section = readme.split(f"## {name.split()[0]}\n", 1)[1].split("\n## ", 1)[0]
        for param in command.params:
            if isinstance(param, click.Option):
                assert any(opt in section for opt in param.opts), f"README misses {name} {param.opts}"


@pytest.mark.parametrize("command", [["info"], ["verify"], ["export", "--format", "csv"]])
def test_shipped_trees_by_name(command):
    result = invoke("wordle-tree", command[0], "salet-optimal-hard", *command[1:])
    assert result.code == 0, result.err


def test_info_labels_every_field_and_only_applicable_settings(tmp_path):
    lines = invoke("wordle-tree", "info", "salet-optimal-normal").out.splitlines()
    labels = [line.split()[0] for line in lines]
    assert labels == [
        "file",
        "format",
        "strategy",
        "mode",
        "depth",
        "start",
        "answers",
        "guesses",
        "stats",
        "histogram",
        "compiler",
    ]
    assert sum(line.startswith("answers") for line in lines) == 1
    text = "\n".join(lines)
    for absent in ("width", "seed", "candidates"):
        assert absent not in text
    out = tmp_path / "look.wtree"
    assert (
        invoke(
            "wordle-compile", "--strategy", "lookahead", "--width", "3", "--start", "salet", "--quiet", "-o", out
        ).code
        == 0
    )
    text = invoke("wordle-tree", "info", out).out
    assert "\nwidth       3\n" in text
    assert "seed" not in text
    assert "candidates" not in text


def test_text_export_plural_and_reading_order():
    out = invoke("wordle-tree", "export", "salet-optimal-normal", "--format", "text", "--depth", "0").out
    lines = out.splitlines()
    patterns = [line.split()[1] for line in lines[1:]]
    key = {"b": "0", "y": "1", "g": "2"}
    assert patterns == sorted(patterns, key=lambda p: "".join(key[c] for c in p))  # bbbbb, bbbby, bbbbg, ...
    assert patterns[:3] == ["bbbbb", "bbbby", "bbbbg"]
    assert "(1 answers)" not in out
    assert any(line.endswith("(1 answer)") for line in lines)


@pytest.mark.parametrize(
    "path",
    [
        "salet bbbbb courd bbbyb",
        "salet:bbbbb,courd:bbbyb",
        "salet=00000 courd=00010",
        "salet \u2b1b\u2b1b\u2b1b\u2b1b\u2b1b courd \u2b1b\u2b1b\u2b1b\U0001f7e8\u2b1b",
        "SALET BBBBB, courd:__-y.",
    ],
)
def test_export_path_takes_every_wordle_next_notation(path):
    result = invoke("wordle-tree", "export", "salet-optimal-normal", "--format", "text", "--path", path)
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == "baggy (6 answers)"


def test_default_names_encode_what_changes_the_tree():
    def name(strategy, start=None, opening=(), candidates=None, seed=0, width=50, **settings):
        cfg = BuildConfig(strategy, Settings(**settings), start, opening, seed, width, candidates)
        return default_output(cfg, start or "salet")

    assert name(strategy="optimal", start="salet") == "optimal-salet-normal.wtree"
    assert name(strategy="optimal") == "optimal-salet-global-normal.wtree"
    assert name(strategy="optimal", candidates=10) == "optimal-salet-best-of-10-normal.wtree"
    assert name(strategy="optimal", candidates=3) == "optimal-salet-best-of-3-normal.wtree"
    assert name(strategy="entropy", opening=("crane", "doilt")) == "entropy-crane-doilt-normal.wtree"
    assert name(strategy="entropy", start="crane") == "entropy-crane-normal.wtree"
    assert (
        name(strategy="minimax", start="lares", answers="all", max_depth=7)
        == "minimax-lares-normal-answers-all-depth-7.wtree"
    )
    assert (
        name(strategy="optimal", start="plate", mode="possible", guesses="answers")
        == "optimal-plate-possible-guesses-answers.wtree"
    )
    assert (
        name(strategy="entropy", start="salet", answers="nyt", guesses="nyt")
        == "entropy-salet-normal-answers-nyt.wtree"
    )  # nyt's own guesses are the default pairing
    assert name(strategy="random", seed=4) == "random-salet-normal-seed-4.wtree"
    assert name(strategy="lookahead", width=5) == "lookahead-salet-normal-width-5.wtree"
    assert name(strategy="entropy", answers="/tmp/my list.txt") == "entropy-salet-normal-answers-my_list.wtree"


def test_opening_build_writes_its_own_name(tmp_path):
    result = run("wordle-compile", "--opening", "crane,doilt", "--quiet", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["entropy-crane-doilt-normal.wtree"]
    assert result.stdout.splitlines()[-1].startswith("next: wordle-next --tree entropy-crane-doilt-normal.wtree")


@pytest.mark.long
def test_cache_command(tmp_path):
    env = {**os.environ, matrix_cache.CACHE_ENV: str(tmp_path)}
    result = run("wordle-tree", "cache", env=env)
    assert result.returncode == 0
    assert f"location    {tmp_path}" in result.stdout
    assert "0 matrix files" in result.stdout
    assert (
        run(
            "wordle-compile",
            "--strategy",
            "first",
            "--start",
            "salet",
            "--allow-deeper",
            "--quiet",
            "-o",
            tmp_path / "t.wtree",
            env=env,
        ).returncode
        == 0
    )
    doc = json.loads(run("wordle-tree", "cache", "--json", env=env).stdout)
    # the builds' one layout, answers x guesses (the guess-major one it is made from is not kept)
    assert [e["shape"] for e in doc["entries"]] == [[2315, 12972]]
    assert doc["bytes"] > 30_000_000
    assert "removed 2 file(s)" in run("wordle-tree", "cache", "--clear", env=env).stdout
    assert list(tmp_path.glob("feedback-*")) == []


@pytest.mark.long
def test_a_tampered_matrix_cache_is_recomputed_once(tmp_path):
    """Cells altered and the checksum recomputed: the cache's own checks pass, the built tree
    fails the replay, and the build says so, recomputes the matrix and succeeds."""
    from wordle_compiler.core.wordlists import load_word_lists

    env = {**os.environ, matrix_cache.CACHE_ENV: str(tmp_path)}
    args = ["--strategy", "minimax", "--start", "salet", "-o", tmp_path / "t.wtree"]
    assert run("wordle-compile", *args, "--quiet", env=env).returncode == 0
    words = load_word_lists()
    path = next(tmp_path.glob("feedback-*.npy"))  # the one layout a build reads: answers x guesses
    matrix = np.load(path)
    column = words.guesses.index("salet")
    matrix[:, column] = np.roll(matrix[:, column], 1)  # salet's feedback shifted by one answer
    np.save(path, matrix)
    path.with_suffix(".sum").write_text(matrix_cache.checksum(matrix))
    assert matrix_cache.load_cached(path, words, by_answer=True) is not None  # the tampering passes the cache's checks
    result = run("wordle-compile", *args, env=env)
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if "cache" in line]
    assert len(notes) == 1
    assert "recomputing it without the cache and retrying once" in notes[0]
    assert invoke("wordle-tree", "verify", tmp_path / "t.wtree").code == 0
    again = run("wordle-compile", *args, env=env)  # the cache was rewritten
    assert again.returncode == 0
    assert "cache" not in again.stderr
    assert "compiling search kernels" not in again.stderr  # warm: no notice (no --quiet here)


@pytest.mark.long
def test_a_tampered_answer_major_cache_is_recomputed_once(tmp_path):
    """The exact search's own layout, answers swapped in pairs (their checksum recomputed,
    the spot-checked answers left alone): the search's choices no longer make a tree, which
    the rebuild detects (it used to loop, growing without bound); the build recomputes the
    matrix and writes the shipped tree's bytes."""
    from pathlib import Path

    import wordle_trees
    from wordle_compiler.core.wordlists import load_word_lists

    env = {**os.environ, matrix_cache.CACHE_ENV: str(tmp_path)}
    args = ["--strategy", "optimal", "--start", "salet", "-o", tmp_path / "t.wtree"]
    assert run("wordle-compile", *args, "--quiet", env=env).returncode == 0
    words = load_word_lists()
    path = next(tmp_path.glob(f"feedback-*{matrix_cache.BY_ANSWER}.npy"))
    matrix = np.load(path)
    checked = set(matrix_cache.spot_check_cells(len(words.guesses), len(words.answers))[1].tolist())
    free = [a for a in range(len(words.answers)) if a not in checked]
    first, second = free[0:-1:2], free[1::2]
    matrix[first + second] = matrix[second + first]
    np.save(path, matrix)
    path.with_suffix(".sum").write_text(matrix_cache.checksum(matrix))
    assert matrix_cache.load_cached(path, words, by_answer=True) is not None  # passes the cache's checks
    result = run("wordle-compile", *args, env=env)
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if "cache" in line]
    assert len(notes) == 1
    assert "recomputing it without the cache and retrying once" in notes[0]
    shipped = Path(wordle_trees.__file__).parent / "salet-optimal-normal.wtree"
    assert (tmp_path / "t.wtree").read_bytes() == shipped.read_bytes()
    assert matrix_cache.load_cached(path, words, by_answer=True) is not None  # rewritten
    assert np.array_equal(np.load(path), fm.compute_matrix(words.guesses, words.answers).T)
    assert not path.with_name(path.name.replace(matrix_cache.BY_ANSWER, "")).exists()  # no build keeps the other layout


def test_too_deep_heuristic_build_hints_at_the_way_out():
    result = run("wordle-compile", "--mode", "hard", "--quiet")
    one_line_error(result, 1, "need more than 6 guesses", "--strategy optimal", "--allow-deeper", "--max-depth")


def test_verify_names_nodes_by_history_and_cuts_long_lists():
    result = invoke("wordle-tree", "verify", "salet-optimal-normal", "--mode", "hard")
    lines = result.out.splitlines()
    assert result.code == 1
    assert "  salet bybbb → brond: 'brond' is not a legal guess in hard mode" in lines
    assert len(lines) == 22
    assert lines[-1].startswith("  … and ")
    assert lines[-1].endswith(" more problems")


def test_bench_prints_each_row_as_it_finishes():
    """The minimax row arrives while lookahead (seconds) is still being built."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            MODULES["wordle-tree"],
            "bench",
            "--strategies",
            "minimax,lookahead",
            "--start",
            "salet",
            "--repeat",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        header, rule, row = (proc.stdout.readline() for _ in range(3))
        still_running = proc.poll() is None
    finally:
        proc.kill()
        proc.communicate()
    assert header.split()[:2] == ["strategy", "start"]
    assert set(rule.strip()) == {"-"}
    assert row.split()[:3] == ["minimax", "salet", "normal"]
    assert still_running
