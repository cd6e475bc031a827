"""The one history parser (wordle_runtime.parse_history) and the shapes Tree accepts."""

import subprocess
import sys

import pytest

from wordle_runtime import HistoryError, format_history, load, parse_history, parse_pattern
from wordle_runtime.game import WORDLE, Game

SALET_BBBBB = [("salet", 0)]
TWO_STEPS = [("salet", 0), ("courd", parse_pattern("bbbyb"))]


@pytest.mark.parametrize(
    "history",
    [
        "salet bbbbb courd bbbyb",
        "salet:bbbbb courd:bbbyb",
        "salet=00000 courd=00010",
        "salet:bbbbb,courd:bbbyb",  # export --path's old notation
        "SALET BBBBB courd ..._.-".replace("..._.-", "bbbyb"),
        "salet ⬛⬛⬛⬛⬛ courd ⬜⬜⬜🟨⬜",
        "salet ⬛️⬛️⬛️⬛️⬛️ courd bbbyb",  # emoji with variation selectors, as phones paste them
        "salet: bbbbb courd = bbbyb",
        ["salet", "bbbbb", "courd", "bbbyb"],
        ["salet:bbbbb", "courd=00010"],
        [("salet", "bbbbb"), ("courd", "bbbyb")],
        [["salet", "00000"], ["courd", parse_pattern("bbbyb")]],
        [("salet", "bbbbb"), "courd bbbyb"],
    ],
)
def test_every_notation_gives_the_same_steps(history):
    assert parse_history(history) == TWO_STEPS


def test_empty_histories():
    assert parse_history(None) == parse_history("") == parse_history([]) == []


@pytest.mark.parametrize(
    "history,message",
    [
        ("salet", "has no feedback pattern"),
        ("salet crane:bbbbb", "'salet' has no feedback pattern"),
        ("salet qqqqq", "bad feedback pattern"),
        ("sal bbbbb", "not a five-letter word"),
        ("sälet bbbbb", "not a five-letter word"),
        ([("salet", 243)], "outside 0..242"),
        ([("salet", True)], "pattern"),
        ([("salet", "bbbbb", "x")], "a step is (guess, pattern)"),
        ([3.5], "neither text nor"),
        ("salet yyyyg least ggggg zzzzz ggggg", "step 3: the game ended at step 2"),
        ("least ggggg least ggggg", "ended at step 1"),
    ],
)
def test_malformed_histories_raise_one_line(history, message):
    with pytest.raises(HistoryError) as info:
        parse_history(history)
    assert message in str(info.value)
    assert "\n" not in str(info.value)


def test_format_history_round_trips():
    steps = parse_history("salet bybbb crony 🟩⬛⬛⬛🟨")
    assert format_history(steps) == "salet bybbb crony gbbby"
    assert parse_history(format_history(steps)) == steps


def test_tree_accepts_every_history_shape():
    tree = load()
    expected = tree.next_guess([("salet", "bbbbb")])
    for shape in ("salet bbbbb", ["salet", "bbbbb"], ["salet:bbbbb"], [("salet", 0)], [["salet", "00000"]]):
        assert tree.next_guess(shape) == expected
        assert tree.position(shape).guess == expected
    assert tree.next_guess("least ggggg") is None  # solved, off the tree


def test_cli_rejects_steps_after_all_green_with_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", "salet", "yyyyg", "least", "ggggg", "zzzzz", "ggggg"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result
    assert result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "wordle-next: step 3: the game ended at step 2 (least ggggg), so nothing may follow it"
    ]


def test_a_history_is_capped_at_the_longest_game_the_format_can_hold():
    from wordle_runtime.history import MAX_STEPS

    assert len(parse_history(" ".join(["crane bbbbb"] * MAX_STEPS))) == MAX_STEPS
    for shape in (
        " ".join(["crane bbbbb"] * (MAX_STEPS + 1)),
        [("crane", 0)] * (MAX_STEPS + 1),
        ["crane", "bbbbb"] * 64000,
    ):
        with pytest.raises(HistoryError, match=f"more than {MAX_STEPS} steps"):
            parse_history(shape)


def test_a_huge_history_on_the_command_line_is_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", *(["crane", "bbbbb"] * 20000)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "more than 255 steps" in result.stderr


def test_a_separator_that_is_a_symbol_of_the_game_belongs_to_the_word():
    nerdle = Game(WORDLE, 8, "*+-/0123456789=")
    assert parse_history("48-32=16 ybyybyyb 12+35=47:gggggggg", nerdle) == [("48-32=16", 1009), ("12+35=47", 6560)]
    assert parse_history("salet=00100") == [("salet", 9)]  # '=' is no letter of English Wordle
