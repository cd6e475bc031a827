"""The reference feedback rule, pattern notations, and the matrix kernel against both."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import naive_score
from wordle_compiler.core.matrix import compute_matrix
from wordle_compiler.core.wordlists import load_word_lists
from wordle_runtime import format_pattern, parse_pattern, score, score_code

# Each row checked by hand against the rule: greens first, then left to right a
# non-green letter is yellow while the answer has an unused non-green copy.
HAND_CHECKED = [
    ("speed", "abide", "bbyby"),
    ("error", "elder", "gbbbg"),
    ("aaaaa", "abcde", "gbbbb"),
    ("spasm", "stage", "gbgbb"),
    ("recur", "ulcer", "bygyg"),
    ("abbey", "babes", "yyggb"),
    ("llama", "hello", "yybbb"),
    ("hello", "llama", "bbyyb"),
    ("geese", "those", "bbbgg"),
    ("those", "geese", "bbbgg"),
    ("eerie", "elder", "gyybb"),
    ("sissy", "kiosk", "bgbgb"),
    ("kiosk", "sissy", "bgbgb"),
    ("mamma", "maxim", "ggybb"),
    ("maxim", "mamma", "ggbby"),
    ("crane", "crane", "ggggg"),
    ("aback", "abase", "gggbb"),
    ("added", "daddy", "yygby"),
    ("daddy", "added", "yygyb"),
    ("otter", "tatty", "bygbb"),
    ("tatty", "otter", "ybgbb"),
    ("array", "ready", "yybbg"),
    ("loose", "lasso", "gybgb"),
    ("lasso", "loose", "gbbgy"),
    ("aaaaa", "aaaaa", "ggggg"),
    ("abcde", "aaaaa", "gbbbb"),
    ("eeeee", "speed", "bbggb"),
    ("speed", "eeeee", "bbggb"),
    ("steel", "leets", "yygyy"),
    ("niece", "eerie", "byybg"),
    ("lever", "revel", "ygggy"),
    ("abbey", "keeps", "bbbyb"),
    ("zzzaz", "azzzz", "yggyg"),
    ("banal", "annal", "byggg"),
    ("annal", "banal", "ybggg"),
]


@pytest.mark.parametrize("guess,answer,expected", HAND_CHECKED)
def test_score_hand_checked(guess, answer, expected):
    assert score(guess, answer) == expected
    assert compute_matrix([guess], [answer])[0, 0] == parse_pattern(expected)


def test_score_rejects_wrong_length():
    with pytest.raises(ValueError, match="must have 5 letters"):
        score("abc", "abcde")


@pytest.mark.parametrize(
    "text",
    [
        "gybbg",
        "GYBBG",
        "21002",
        "2 1 0 0 2".replace(" ", ""),
        "gy__g",
        "gy..g",
        "gy-bg",
        "\U0001f7e9\U0001f7e8\u2b1b\u2b1c\U0001f7e9",
    ],
)
def test_parse_pattern_notations(text):
    assert parse_pattern(text) == parse_pattern("gybbg")


def test_pattern_encoding_is_base3_first_letter_least_significant():
    assert parse_pattern("ggggg") == 242
    assert parse_pattern("bbbbb") == 0
    assert parse_pattern("ybbbb") == 1
    assert parse_pattern("gbbbb") == 2
    assert parse_pattern("bbbbg") == 2 * 81


@pytest.mark.parametrize("bad", ["", "gyb", "gybbgg", "gxbbg", "abcde", "3333 3", "🟥🟩🟩🟩🟩"])
def test_parse_pattern_rejects_with_accepted_notations(bad):
    with pytest.raises(ValueError, match="expected 5 of"):
        parse_pattern(bad)


@pytest.mark.parametrize("bad", [-1, 243, 1.5, True, "1"])
def test_format_pattern_rejects(bad):
    with pytest.raises(ValueError, match="a pattern code is an integer from 0 to 242"):
        format_pattern(bad)


@given(st.integers(0, 242))
def test_format_parse_round_trip(code):
    assert parse_pattern(format_pattern(code)) == code


small_words = st.text(alphabet="abce", min_size=5, max_size=5)


@settings(max_examples=400, deadline=None)
@given(small_words, small_words)
def test_score_matches_naive_on_repeats(guess, answer):
    assert score(guess, answer) == naive_score(guess, answer)


@settings(max_examples=60, deadline=None)
@given(st.lists(small_words, min_size=1, max_size=12), st.lists(small_words, min_size=1, max_size=12))
def test_matrix_kernel_equals_reference(guesses, answers):
    matrix = compute_matrix(guesses, answers)
    for gi, g in enumerate(guesses):
        for ai, a in enumerate(answers):
            assert matrix[gi, ai] == score_code(g, a)


def test_matrix_kernel_on_real_list_sample():
    words = load_word_lists()
    rng = random.Random(7)
    guesses = rng.sample(words.guesses, 400)
    answers = rng.sample(words.answers, 300)
    matrix = compute_matrix(guesses, answers)
    expected = np.array([[score_code(g, a) for a in answers] for g in guesses], dtype=np.uint8)
    assert np.array_equal(matrix, expected)
