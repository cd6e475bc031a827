"""The heuristics' and the ranking's partition statistics (kernels.partition_stats, which
reads the answer-major matrix 64 guesses at a time) against a plain reading of the
guess-major matrix, class by class (tests/naive.py): integers equal, entropy to the bit."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import naive_partition_stats
from wordle_compiler.core.guess_stats import partition_stats

N_GUESSES, N_ANSWERS = 12972, 2315


def _check(ctx, guesses, answers):
    stats, bits = partition_stats(ctx.matrix_by_answer(), guesses, answers)
    expected_stats, expected_bits = naive_partition_stats(ctx.matrix, guesses, answers)
    assert stats.tolist() == [list(row) for row in expected_stats]
    assert bits.tobytes() == np.array(expected_bits, dtype=np.float64).tobytes()


@settings(max_examples=60, deadline=None)
@given(
    answers=st.lists(st.integers(0, N_ANSWERS - 1), min_size=1, max_size=400, unique=True),
    first=st.integers(0, N_GUESSES - 1),
    count=st.integers(1, 200),
)
def test_consecutive_guesses_equal_a_plain_reading(ctx, answers, first, count):
    """Every guess in order, as in normal mode: chunks of 64 read straight from each row,
    the last one short; answers in any order."""
    guesses = np.arange(first, min(first + count, N_GUESSES), dtype=np.int32)
    _check(ctx, guesses, np.array(answers, dtype=np.int32))


@settings(max_examples=60, deadline=None)
@given(
    answers=st.lists(st.integers(0, N_ANSWERS - 1), min_size=1, max_size=400, unique=True),
    guesses=st.lists(st.integers(0, N_GUESSES - 1), min_size=1, max_size=150, unique=True),
)
def test_scattered_guesses_equal_a_plain_reading(ctx, answers, guesses):
    """A subset of the guesses, as hard mode leaves (sorted), or in a user's order (the
    ranking's first words): read through their indices."""
    _check(ctx, np.array(sorted(guesses), dtype=np.int32), np.array(answers, dtype=np.int32))
    _check(ctx, np.array(guesses, dtype=np.int32), np.array(answers, dtype=np.int32))


@settings(max_examples=30, deadline=None)
@given(
    answers=st.lists(st.integers(0, N_ANSWERS - 1), min_size=1, max_size=100, unique=True),
    first=st.integers(0, N_GUESSES - 64),
    swap=st.integers(1, 62),
)
def test_a_run_of_guesses_out_of_order_is_not_read_as_consecutive(ctx, answers, first, swap):
    """First and last of the chunk in place, two inside swapped: not first, first + 1, ..."""
    guesses = np.arange(first, first + 64, dtype=np.int32)
    guesses[[swap, swap + 1]] = guesses[[swap + 1, swap]]
    _check(ctx, guesses, np.array(answers, dtype=np.int32))


def test_every_answer_and_one_answer(ctx):
    """The whole answer list (every class of every code, up to 2315 in one histogram slot
    when a guess shares no letter with most answers) and a single answer (entropy 0)."""
    guesses = np.array([0, 1, ctx.guess_index["salet"], ctx.guess_index["fuzzy"], N_GUESSES - 1], dtype=np.int32)
    _check(ctx, guesses, ctx.all_answers)
    _check(ctx, guesses, ctx.all_answers[5:6])
    stats, bits = partition_stats(ctx.matrix_by_answer(), guesses, ctx.all_answers[:0])
    assert stats.shape == (5, 4)
    assert not stats.any()
    assert not bits.any()
