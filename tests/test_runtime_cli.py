"""`wordle-next` through real processes: exit codes, one-line errors, --json errors,
--version, word and hard-mode checks, and Ctrl-C."""

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from wordle_runtime import __version__

README = Path(__file__).resolve().parent.parent / "README.md"


def _next(*args, **kwargs):
    return subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", *args], capture_output=True, text=True, timeout=60, **kwargs
    )


def _one_line_error(result, code):
    assert result.returncode == code, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("wordle-next: "), lines
    assert "Traceback" not in result.stderr, lines
    return lines[0]


def test_version():
    result = _next("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"wordle-next {__version__} (tree format 2.0)"


@pytest.mark.long
@pytest.mark.parametrize(
    "args,code,message",
    [
        (["qqqqq", "bbbbb"], 2, "step 1: 'qqqqq' is not in this tree's guess list"),
        (
            ["--tree", "salet-optimal-hard", "salet", "bybbb", "brond", "bybbb"],
            2,
            "step 2: 'brond' is not allowed in hard mode: it must contain 'a' (shown in 'salet')",
        ),
        (
            ["--tree", "salet-optimal-hard", "salet", "gbbbb", "crony", "bbbbb"],
            2,
            "step 2: 'crony' is not allowed in hard mode: the 1st letter must be 's' (green in 'salet')",
        ),
        (
            ["--tree", "plate-optimal-possible", "plate", "bbbbb", "salet", "bbbbb"],
            2,
            "step 2: 'salet' is not in this tree's guess list",
        ),
        (["salet", "ggggb"], 1, "step 1: no answer fits the history (salet ggggb)"),
        (["salet", "bbbbb", "zzzzz"], 2, "step 2: guess 'zzzzz' has no feedback pattern after it"),
        (
            ["--tree", "mastermind-5x8-optimal-normal"],
            2,
            (
                "no shipped tree or tree file named 'mastermind-5x8-optimal-normal': did you mean "
                "mastermind-5x6-optimal-normal or mastermind-4x7-optimal-normal or mastermind-4x6-optimal-normal "
                "or mastermind-5x8-optimal-possible? (wordle-next --list-trees lists the shipped trees)"
            ),
        ),
        (["--bogus"], 2, "unrecognized arguments: --bogus (see wordle-next --help)"),
    ],
)
def test_errors_are_one_line_and_json_errors_are_json(args, code, message):
    line = _one_line_error(_next(*args), code)
    assert line == f"wordle-next: {message}"
    result = _next("--json", *args)
    _one_line_error(result, code)
    assert json.loads(result.stdout) == {"error": message, "exit_code": code}


def test_legal_hard_mode_play_is_accepted():
    # 'cigar' keeps salet's yellow 'a': hard mode allows it, and the feedback decides
    result = _next("--json", "--tree", "salet-optimal-hard", "salet", "bybbb", "cigar", "bbbyb")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert not out["on_tree"]
    assert out["remaining"] >= 1
    assert "cigar" not in out["candidates"]


def test_json_on_the_tree_carries_the_subtree_stats():
    out = json.loads(_next("--json").stdout)
    assert out["guess"] == "salet"
    assert out["remaining"] == 2315
    assert out["expected_guesses"] == pytest.approx(7920 / 2315)
    assert out["max_guesses"] == 5


# Delivers SIGINT to the process itself at the moment wordle-next imports msgpack, i.e.
# in the middle of start-up, deterministically (a timer would race the interpreter).
SIGINT_DURING_IMPORT = """
import os, signal, sys
class InterruptOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == "msgpack":
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, InterruptOnImport())
sys.argv = ["wordle-next", "salet", "bbbbb"]
from wordle_runtime.cli import main
sys.exit(main())
"""


def test_ctrl_c_during_start_up_exits_130_without_a_traceback():
    result = subprocess.run([sys.executable, "-c", SIGINT_DURING_IMPORT], capture_output=True, text=True, timeout=60)
    assert result.returncode == 130, result
    assert result.stdout == ""
    assert result.stderr.strip() == "wordle-next: interrupted"


def test_ctrl_c_at_the_interactive_prompt_exits_130():
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordle_runtime.cli", "-i"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        seen = ""
        deadline = time.monotonic() + 30
        while "feedback for salet" not in seen and time.monotonic() < deadline:
            seen += proc.stdout.read(1)  # the prompt has no newline: read it char by char
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert err.strip() == "wordle-next: interrupted"


def test_readme_documents_the_runtime_exit_codes():
    """The README's "Errors and exit codes" table has the runtime's rows, with our codes."""
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Errors and exit codes") :]
    section = section[: section.index("\n## ", 1)] if "\n## " in section[1:] else section
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and "wordle-next" in cells[0] and cells[1].isdigit():
            rows[int(cells[1])] = cells[2]
    assert sorted(rows) == [0, 1, 2, 130]
    assert re.search("no answer fits", rows[1])
    assert re.search("bad", rows[2])
    assert "interrupt" in rows[130].lower()
    from wordle_runtime import cli

    assert (cli.EXIT_OK, cli.EXIT_NO_ANSWER, cli.EXIT_USAGE, cli.EXIT_INTERRUPTED) == (0, 1, 2, 130)


def test_a_newer_minor_version_warns_in_one_line(tmp_path):
    import msgpack

    from wordle_runtime.format import pack_tree, read_tree_file
    from wordle_runtime.tree import default_tree_path

    doc = msgpack.unpackb(pack_tree(read_tree_file(default_tree_path())), raw=False)
    path = tmp_path / "newer.wtree"
    path.write_bytes(msgpack.packb({**doc, "format_version": [1, 9], "future": [1, 2]}, use_bin_type=True))
    result = _next("--tree", str(path), "salet", "bbbbb")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == "courd"
    assert result.stderr.splitlines() == [
        "wordle-next: warning: tree format 1.9 is newer than this runtime's 1.2; unknown fields are ignored"
    ]


def test_every_runtime_module_imports_only_msgpack_and_the_standard_library():
    """Like tests/test_layering.py, but over every module (play's compiler hint only asks
    importlib whether wordle_compiler exists; it never imports it)."""
    code = (
        "import sys, pkgutil, importlib, wordle_runtime\n"
        "for m in pkgutil.iter_modules(wordle_runtime.__path__):\n"
        "    importlib.import_module('wordle_runtime.' + m.name)\n"
        "from wordle_runtime.hints import compiler_hint\n"
        "compiler_hint([('salet', 0)], wordle_runtime.load())\n"
        "bad = [m for m in ('numpy', 'click', 'networkx', 'tqdm', 'wordle_compiler') if m in sys.modules]\n"
        "print(bad)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_list_trees_columns_line_up_whatever_the_names():
    from wordle_runtime.tree import shipped_trees

    result = _next("--list-trees")
    assert result.returncode == 0, result.stderr
    header, *lines = result.stdout.splitlines()
    assert header.split("  ")[0].strip() == "name"
    assert [line.split()[0] for line in lines] == [name.removesuffix(".wtree") for name in shipped_trees()]
    starts = [header.index(label) for label in ("game/list", "mode", "first guess", "average")]
    for line in lines:
        assert all(line[start - 2 : start] == "  " and line[start] != " " for start in starts), line
    ends = [header.index(label) + len(label) for label in ("total", "max")]
    for line in lines:
        assert all(line[end - 1] != " " and line[end : end + 1] in ("", " ") for end in ends), line


@pytest.mark.long
@pytest.mark.parametrize(
    "name, game, mode, first",
    [
        ("salet-optimal-hard", "wordle", "hard", "salet"),
        ("es-optimal-normal", "es", "normal", "terco"),
        ("bulls-and-cows-optimal-normal", "bulls-and-cows", "normal", "0123"),
        ("mastermind-4x6-optimal-normal", "mastermind:4x6", "normal", "1123"),
        ("tarse-optimal-hard-nyt-extended", "nyt-extended", "hard", "tarse"),
    ],
)
def test_list_trees_shows_game_mode_and_first_guess(name, game, mode, first):
    rows = {line.split()[0]: line.split()[1:4] for line in _next("--list-trees").stdout.splitlines()[1:]}
    assert rows[name] == [game, mode, first]


@pytest.mark.parametrize(
    "typed, meant",
    [
        ("es", "did you mean es-optimal-hard or es-optimal-normal?"),
        ("ES.wtree", "did you mean es-optimal-hard or es-optimal-normal?"),
        ("salet-optimal-harf", "did you mean salet-optimal-hard"),
        ("possible", "did you mean mastermind-5x8-optimal-possible or plate-optimal-possible?"),
    ],
)
def test_a_tree_name_that_names_nothing_suggests_the_shipped_ones(typed, meant):
    line = _one_line_error(_next("--tree", typed, "salet", "bbbbb"), 2)
    assert meant in line
    assert line.endswith("(wordle-next --list-trees lists the shipped trees)")


def test_a_single_board_game_named_to_game_points_to_its_trees():
    line = _one_line_error(_next("--game", "es"), 2)
    assert line.endswith("a single-board game is its tree's (--tree es-optimal-hard or --tree es-optimal-normal)")


def test_bulls_and_cows_takes_the_players_notation():
    written = _next("--tree", "bulls-and-cows-optimal-normal", "0123", "1A2B")
    pegs = _next("--tree", "bulls-and-cows-optimal-normal", "0123", "B1W2")
    assert written.returncode == 0, written.stderr
    assert written.stdout == pegs.stdout
