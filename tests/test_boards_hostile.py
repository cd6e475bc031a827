"""Hostile input on the multi-board path, through real processes: every case is one line and
its documented exit code (2: bad input; 1: no answer fits, or the game is over), or works as
a single board works."""

from __future__ import annotations

import pytest

from clirun import one_line_error, run, run_binary
from wordle_runtime.format import unpack_any

SIX = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]
# Three boards whose clues leave them two words between them (brain, brawn).
CROWDED = ["salet", "bybbb,bybbb,bybbb,bbbbb", "brond", "ggbyb,ggbyb,ggbyb,bbbbb"]


@pytest.fixture
def six(tmp_path):
    path = tmp_path / "six.txt"
    path.write_text("\n".join(SIX) + "\n")
    return path


@pytest.mark.long
@pytest.mark.parametrize(
    "option",
    [
        ["--stats"],
        ["--seed", "3"],
        ["--width", "4"],
        ["--candidates", "3"],
        ["--checkpoint", "c.ckpt"],
        ["--resume"],
        ["--workers", "2"],
        ["--scheduler", "tcp://127.0.0.1:1"],
        ["--memo-mb", "5"],
        ["--stamp"],
        ["--allow-deeper"],
    ],
)
def test_a_multi_board_build_refuses_what_it_does_not_take(option, six, tmp_path):
    result = run("wordle-compile", "--boards", "2", "--answers", six, "--strategy", "optimal", *option, cwd=tmp_path)
    one_line_error(result, 2, f"{option[0]} is for single-board builds")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["six.txt"]


def test_a_multi_board_tree_to_standard_output(six, tmp_path):
    (tmp_path / "-").write_text("keep me")
    args = ("--boards", "2", "--answers", six, "--strategy", "optimal", "-o", "-")
    result = run_binary("wordle-compile", *args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert unpack_any(result.stdout).boards == 2
    assert "wrote the tree to standard output" in result.stderr.decode()
    assert (tmp_path / "-").read_text() == "keep me"


@pytest.mark.long
@pytest.mark.parametrize(
    "args, code, fragment",
    [
        (
            ["--game", "quordle", "salet", "bybyb,bbbgb,ybybb,bbbbg", "--max-depth", "1"],
            1,
            "the game is over: the history used 1 of its 1 guesses with 4 boards open",
        ),
        (CROWDED, 1, "boards 1, 2 and 3 have only 2 candidates between them (brain, brawn;"),
        (["--game", "dordle", ""], 2, "the history has an empty word or pattern"),
        (
            ["--game", "quordle", "salet", "bybyb", "bbbgb", "ybybb", "bbbbg"],
            2,
            (
                "'bbbgb' is a pattern where a guess should be: a step's 4 patterns are joined by commas "
                "(salet bybyb,bbbgb,ybybb,bbbbg)"
            ),
        ),
        (
            ["--game", "dordle", "crane", "ggggg,bbbbb", "slate", "ggggg"],
            1,
            "board 2 cannot be 'slate': it does not fit the board's earlier patterns",
        ),
    ],
)
def test_analyse_refuses_a_position_no_game_reaches(args, code, fragment):
    history = args if args[0].startswith("--") else ["--game", "quordle", *args]
    one_line_error(run("wordle-tree", "analyse", *history), code, fragment)


def test_the_next_move_refuses_what_analyse_refuses(six):
    one_line_error(run("wordle-next", "--game", "quordle", *CROWDED), 1, "have only 2 candidates between them")
    one_line_error(run("wordle-next", "--game", "dordle", ""), 2, "the history has an empty word or pattern")
    spent = ["salet", "bbbbb,bbbbb"] * 7
    one_line_error(run("wordle-next", "--game", "dordle", *spent), 1, "the 7 guesses are spent with 2 boards open")


def test_more_boards_than_answers_and_a_hard_mode_tree_are_refused(six, tmp_path):
    one_line_error(
        run("wordle-tree", "analyse", "--game", "octordle", "--answers", six),
        2,
        "8 boards need 8 different answers; the answer list has 6",
    )
    tree = tmp_path / "six.wtree"
    built = run("wordle-compile", "--strategy", "optimal", "--start", "cigar", "--answers", six, "-o", tree)
    assert built.returncode == 0, built.stderr
    one_line_error(run("wordle-next", "--tree", tree, "--boards", "8"), 2, "8 boards need 8 different answers")
    one_line_error(
        run("wordle-next", "--game", "dordle", "--tree", "salet-optimal-hard", "salet", "bbbbb,bbbbb"),
        2,
        "multi-board games are played in normal mode; this tree plays hard mode",
    )


def test_a_move_in_capitals_is_the_same_move(six):
    position = ["--game", "dordle", "--answers", six, "--max-depth", "2", "cigar", "bbbbb,bbbbb"]
    lower = run("wordle-tree", "analyse", *position, "--move", "humph")
    upper = run("wordle-tree", "analyse", *position, "--move", "HUMPH")
    assert upper.returncode == 0, upper.stderr
    assert upper.stdout == lower.stdout
    assert ", 1 guess left\n" in upper.stdout
