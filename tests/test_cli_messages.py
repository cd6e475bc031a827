"""What the command lines say and read, as real processes: bare ``wordle-tree`` prints its
help; control characters in a file name are escaped on the one error line; a word list or
text file that starts with a byte-order mark is read; ``--opening`` with one word is one
plain line; a word list's warning is given once."""

import json
import subprocess
import sys

import pytest

from clirun import MODULES, one_line_error, run

WORDS = ["awake", "cigar", "humph", "rebut", "sissy"]
BOM = "\ufeff"
# a name a terminal would act on: a colour change, then a new line
HOSTILE = "bad\x1b[31mname\nx"
HOSTILE_SHOWN = "bad\\x1b[31mname\\nx"


def _words_file(path, words=WORDS, prefix=""):
    path.write_text(prefix + "".join(w + "\n" for w in words), encoding="utf-8")
    return path


def test_bare_wordle_tree_prints_its_help_on_stderr_with_exit_2():
    result = run("wordle-tree")
    help_text = run("wordle-tree", "--help").stdout
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == help_text
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert lines[0].startswith("Usage: wordle-tree")
    assert "Inspect:" in lines
    for name in ("info", "verify", "analyse", "export", "import", "bench", "cache"):
        assert any(line.startswith(f"  {name} ") for line in lines), name


@pytest.mark.long
def test_the_other_commands_without_arguments_still_run_their_default_job(tmp_path):
    """wordle-next answers the empty history; wordle-compile builds the default tree
    (wordle-rank's default job is a full ranking: too long for here)."""
    result = subprocess.run([sys.executable, "-m", MODULES["wordle-next"]], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == "salet"
    result = run("wordle-compile", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    written = [p.name for p in tmp_path.iterdir()]
    assert len(written) == 1
    assert written[0].startswith("entropy-")
    assert written[0].endswith("-normal.wtree")


@pytest.fixture
def hostile_folder(tmp_path):
    folder = tmp_path / "dir"
    folder.mkdir()
    return folder


def _no_control_characters(text: str) -> None:
    assert "\x1b" not in text, text
    assert all(ch.isprintable() for line in text.splitlines() for ch in line), text


def test_wordle_next_escapes_a_file_name(hostile_folder):
    tree = hostile_folder / HOSTILE
    tree.mkdir()  # a real directory where the tree file should be
    result = run("wordle-next", "--tree", tree, "salet", "bbbbb")
    line = one_line_error(result, 2, f"{HOSTILE_SHOWN}: it is a directory")
    _no_control_characters(result.stderr)
    assert line == f"wordle-next: cannot read tree file {hostile_folder!s}/{HOSTILE_SHOWN}: it is a directory"


def test_wordle_compile_escapes_a_word_list_name(hostile_folder):
    answers = _words_file(hostile_folder / HOSTILE, ["cigar", "xx"])
    result = run("wordle-compile", "--answers", answers, "--quiet", cwd=hostile_folder)
    one_line_error(result, 2, f"{HOSTILE_SHOWN}, line 2: 'xx' has 2 symbols, where the list's words have 5")
    _no_control_characters(result.stderr)


def test_wordle_tree_escapes_a_tree_file_name_also_in_json(hostile_folder):
    tree = hostile_folder / HOSTILE
    tree.write_bytes(b"not a tree")
    result = run("wordle-tree", "info", tree, "--json")
    line = one_line_error(result, 2, f"{HOSTILE_SHOWN}: not a tree file")
    _no_control_characters(result.stderr)
    assert json.loads(result.stdout)["error"] in line


def test_a_warning_escapes_the_file_name(hostile_folder):
    answers = _words_file(hostile_folder / HOSTILE, [*WORDS, "cigar"])
    result = run("wordle-compile", "--answers", answers, "--guesses", answers, "-o", hostile_folder / "t.wtree")
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert warnings == [f"wordle-compile: warning: {hostile_folder}/{HOSTILE_SHOWN}: dropped 1 duplicate word(s)"]
    _no_control_characters(result.stderr)


def test_a_word_list_with_a_byte_order_mark_is_read(tmp_path):
    words = _words_file(tmp_path / "bom.txt", prefix=BOM)
    result = run(
        "wordle-compile", "--answers", words, "--guesses", words, "-o", tmp_path / "t.wtree", "--json", "--quiet"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["answers"] == len(WORDS)


def test_a_text_import_with_a_byte_order_mark_is_read(tmp_path):
    words = _words_file(tmp_path / "words.txt")
    tree = tmp_path / "t.wtree"
    built = run("wordle-compile", "--answers", words, "--guesses", words, "-o", tree, "--quiet")
    assert built.returncode == 0, built.stderr
    csv = run("wordle-tree", "export", tree, "--format", "csv").stdout
    (tmp_path / "tree.csv").write_text(BOM + csv, encoding="utf-8")
    result = run(
        "wordle-tree",
        "import",
        tmp_path / "tree.csv",
        "--from",
        "csv",
        "--answers",
        words,
        "--guesses",
        words,
        "-o",
        tmp_path / "back.wtree",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["answers"] == len(WORDS)


def test_wordle_next_plays_from_input_that_starts_with_a_byte_order_mark():
    result = subprocess.run(
        [sys.executable, "-m", MODULES["wordle-next"], "-i"],
        input=f"{BOM}salet bbbbb\nq\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "play: courd" in result.stdout
    assert "try again" not in result.stdout


@pytest.mark.long
@pytest.mark.parametrize("value", ["salet", "salet,salet", "salet,courd,crane", ",salet"])
def test_an_opening_that_is_not_two_different_words_is_one_plain_line(value):
    result = run("wordle-compile", "--opening", value, "--quiet")
    line = one_line_error(result, 2)
    assert line == f"wordle-compile: --opening takes two different words, W1,W2: got {value!r}"
    assert "(" not in line


@pytest.mark.parametrize("quiet", [False, True])
def test_a_duplicate_word_warning_is_given_once_with_weights(quiet, tmp_path):
    answers = _words_file(tmp_path / "dup.txt", [*WORDS, "cigar"])
    weights = tmp_path / "weights.txt"
    weights.write_text("".join(f"{w} {i + 1}\n" for i, w in enumerate(WORDS)))
    result = run(
        "wordle-compile",
        "--answers",
        answers,
        "--guesses",
        answers,
        "--weights",
        weights,
        "-o",
        tmp_path / "t.wtree",
        *(["--quiet"] if quiet else []),
    )
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "duplicate" in line]
    assert warnings == ([] if quiet else [f"wordle-compile: warning: {answers}: dropped 1 duplicate word(s)"])
