"""The weighted partition pass (guess_stats.weighted_partition_stats) against a plain reading
of the matrix (tests/naive.py), equal weights against no weights, and its input checks; the
letter scores with answers counted by weight."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import naive_weighted_scores
from wordle_compiler.core import guess_stats
from wordle_compiler.core.guess_stats import LARGEST, PARTS, SUMSQ, weighted_partition_stats
from wordle_compiler.ext import _kernels
from wordle_compiler.strategies.letters import LETTER_ENTROPY, LETTER_LOCATED, LETTER_UNIQUE, letter_scores

N_GUESSES, N_ANSWERS = 12972, 2315


# -- the compiled weighted pass ------------------------------------------------------------------


def _check_pass(ctx, guesses, answers, weights):
    stats, bits = weighted_partition_stats(ctx.matrix_by_answer(), guesses, answers, weights)
    expected_stats, expected_bits = naive_weighted_scores(ctx.matrix, guesses, answers, weights)
    assert stats.tolist() == [list(row) for row in expected_stats]
    assert bits.tobytes() == np.array(expected_bits, dtype=np.float64).tobytes()
    total = sum(int(weights[a]) for a in answers)
    for g, b in zip(guesses[:5], bits[:5]):  # the formula is the entropy of the shares
        mass = {}
        for a in answers:
            mass[ctx.matrix[g, a]] = mass.get(ctx.matrix[g, a], 0) + int(weights[a])
        shannon = -sum(m / total * math.log2(m / total) for m in mass.values() if m) if total else 0.0
        assert abs(b - shannon) < 1e-9


@settings(max_examples=40, deadline=None)
@given(answers=st.lists(st.integers(0, N_ANSWERS - 1), min_size=1, max_size=200, unique=True),
       first=st.integers(0, N_GUESSES - 1), count=st.integers(1, 100),
       scattered=st.lists(st.integers(0, N_GUESSES - 1), min_size=1, max_size=70, unique=True),
       seed=st.integers(0, 2**32 - 1), zeros=st.floats(0, 1))
def test_the_weighted_pass_equals_a_plain_reading(ctx, answers, first, count, scattered, seed, zeros):
    """Consecutive guesses (normal mode) and scattered ones, weights with and without zeros:
    integers equal, entropy bits equal to the bit."""
    rng = np.random.default_rng(seed)
    weights = rng.integers(0, 1 << 20, N_ANSWERS) * (rng.random(N_ANSWERS) >= zeros)
    answers = np.array(answers, dtype=np.int32)
    _check_pass(ctx, np.arange(first, min(first + count, N_GUESSES), dtype=np.int32), answers, weights)
    _check_pass(ctx, np.array(scattered, dtype=np.int32), answers, weights)


@settings(max_examples=30, deadline=None)
@given(answers=st.lists(st.integers(0, N_ANSWERS - 1), min_size=1, max_size=300, unique=True),
       weight=st.integers(1, 1 << 28), first=st.integers(0, N_GUESSES - 300))
def test_equal_weights_give_the_unweighted_numbers(ctx, answers, weight, first):
    """Equal weights w: the class sizes times w, their squares times w², and the very same
    entropy bits (the pass divides the weights by their common divisor first)."""
    answers = np.array(answers, dtype=np.int32)
    guesses = np.arange(first, first + 300, dtype=np.int32)
    weight = min(weight, (1 << 31) // len(answers))
    stats, bits = guess_stats.partition_stats(ctx.matrix_by_answer(), guesses, answers)
    w_stats, w_bits = weighted_partition_stats(ctx.matrix_by_answer(), guesses, answers, np.full(N_ANSWERS, weight))
    assert np.array_equal(w_stats[:, PARTS], stats[:, PARTS]) and np.array_equal(w_stats[:, 3], stats[:, 3])
    assert np.array_equal(w_stats[:, LARGEST], stats[:, LARGEST] * weight)
    assert np.array_equal(w_stats[:, SUMSQ], stats[:, SUMSQ] * weight * weight)
    assert w_bits.tobytes() == bits.tobytes()


def test_the_weighted_pass_checks_its_inputs(ctx):
    MT, guesses, answers = ctx.matrix_by_answer(), ctx.all_guesses[:10], ctx.all_answers[:5]
    ones = np.ones(N_ANSWERS, dtype=np.int64)
    with pytest.raises(ValueError, match="one weight per answer"):
        weighted_partition_stats(MT, guesses, answers, ones[:-1])
    with pytest.raises(ValueError, match="negative"):
        weighted_partition_stats(MT, guesses, answers, np.where(np.arange(N_ANSWERS) == 3, -1, 1))
    with pytest.raises(ValueError, match="2\\^31"):
        weighted_partition_stats(MT, guesses, answers, ones << 30)
    with pytest.raises(IndexError):
        weighted_partition_stats(MT, guesses, np.array([0, N_ANSWERS], dtype=np.int32), ones)
    with pytest.raises(IndexError):
        weighted_partition_stats(MT, np.array([N_GUESSES], dtype=np.int32), answers, ones)
    stats, bits = weighted_partition_stats(MT, guesses, answers, np.zeros(N_ANSWERS, dtype=np.int64))
    assert (stats[:, PARTS] > 0).all() and not stats[:, [LARGEST, SUMSQ]].any() and not bits.any()


def test_the_split_weighted_pass_equals_the_serial_one(ctx, monkeypatch):
    weights = np.random.default_rng(1).integers(0, 1000, N_ANSWERS)
    answers = ctx.all_answers[::7]
    serial = weighted_partition_stats(ctx.matrix_by_answer(), ctx.all_guesses, answers, weights)
    monkeypatch.setattr(guess_stats, "THREADED_CELLS", 0)
    guess_stats.set_threads(3)
    try:
        split = weighted_partition_stats(ctx.matrix_by_answer(), ctx.all_guesses, answers, weights)
    finally:
        guess_stats.set_threads(1)
    assert np.array_equal(split[0], serial[0]) and split[1].tobytes() == serial[1].tobytes()


def test_letter_counts_by_weight(ctx):
    """Equal weights scale the unique and located scores and leave the shares unchanged;
    weights of 2 and 0 count an answer twice and not at all."""
    letters = ctx.guess_letters[ctx.answer_in_guesses[ctx.all_answers[:50]]]
    for kind, scale in ((LETTER_UNIQUE, 7.0), (LETTER_LOCATED, 7.0), (LETTER_ENTROPY, 1.0)):
        plain = letter_scores(ctx.guess_letters, ctx.all_guesses, letters, kind)
        assert np.array_equal(letter_scores(ctx.guess_letters, ctx.all_guesses, letters, kind, np.full(50, 7)),
                              plain * scale)
        doubled = np.concatenate([letters, letters[:10]])
        assert np.array_equal(letter_scores(ctx.guess_letters, ctx.all_guesses, letters, kind,
                                            np.r_[np.full(10, 2), np.ones(40, np.int64)]),
                              letter_scores(ctx.guess_letters, ctx.all_guesses, doubled, kind))
        assert np.array_equal(letter_scores(ctx.guess_letters, ctx.all_guesses, letters, kind,
                                            np.r_[np.zeros(10, np.int64), np.ones(40, np.int64)]),
                              letter_scores(ctx.guess_letters, ctx.all_guesses, letters[10:], kind))


def test_kernel_constant_matches_the_documented_bound():
    assert _kernels.MAX_SET_WEIGHT == 1 << 31
