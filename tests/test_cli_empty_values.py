"""An option or history word given as an empty string is an error (one line, exit 2), not
"no value"; a directory where a tree file is expected is named as such; control
characters stored in a tree's meta never reach the terminal."""

import pytest

from clirun import run

TREE = "salet-optimal-normal"


@pytest.mark.long
@pytest.mark.parametrize(
    "prog, args, message",
    [
        ("wordle-tree", ["verify", TREE, "--guesses", ""], "Invalid value for '--guesses': must not be empty"),
        (
            "wordle-tree",
            ["export", TREE, "--format", "dot", "--highlight", ""],
            "Invalid value for '--highlight': must not be empty",
        ),
        ("wordle-tree", ["analyse", "salet:bbbbb", "--move", ""], "Invalid value for '--move': must not be empty"),
        ("wordle-tree", ["analyse", "--review"], "--review needs the game's HISTORY"),
        ("wordle-tree", ["analyse", "salet", ""], "the history has an empty word or pattern"),
        ("wordle-next", [""], "the history has an empty word or pattern"),
        ("wordle-next", ["salet", " "], "the history has an empty word or pattern"),
        ("wordle-tree", ["info", "/"], "cannot read tree file /: it is a directory, not a regular file"),
    ],
)
def test_empty_values_and_directories_are_one_line_exit_2(prog, args, message):
    result = run(prog, *args)
    assert result.returncode == 2, result
    assert result.stderr.strip().splitlines() == [f"{prog}: " + result.stderr.strip().split(": ", 1)[1]]
    assert message in result.stderr
    assert result.stdout == ""


def test_control_characters_in_meta_are_shown_escaped(tmp_path):
    from pathlib import Path

    import wordle_trees
    from wordle_runtime.format import pack_tree, unpack_tree

    data = unpack_tree((Path(wordle_trees.__file__).parent / f"{TREE}.wtree").read_bytes())
    data.meta = {**data.meta, "compiler": {**data.meta["compiler"], "name": "wordle\x07tree\x1b[31m"}}
    path = tmp_path / "bel.wtree"
    path.write_bytes(pack_tree(data))
    result = run("wordle-tree", "info", path)
    assert result.returncode == 0, result.stderr
    assert "\x07" not in result.stdout
    assert "\x1b" not in result.stdout
    assert "wordle\\x07tree\\x1b[31m" in result.stdout


@pytest.mark.parametrize(
    "prog, args",
    [
        ("wordle-next", ["salet:" + "b" * 100_000]),
        ("wordle-tree", ["analyse", "salet:" + "b" * 100_000]),
        ("wordle-compile", ["--answers", "/proc/self/environ", "--quiet"]),
    ],
)
def test_errors_quote_at_most_a_few_hundred_characters_of_the_input(prog, args, tmp_path):
    result = run(prog, *args, cwd=tmp_path)
    assert result.returncode == 2, result
    assert len(result.stderr.strip().splitlines()) == 1
    assert len(result.stderr) <= 420
