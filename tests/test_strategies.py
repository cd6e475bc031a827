"""The partition strategies' shortcut (strategies._partition_choice): when a possible answer
gives every remaining answer its own feedback, it is the guess a full pass over every
legal guess would pick; the check itself (kernels.first_perfect_splitter) against a plain
Python reading of the matrix."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_compiler.core.guess_stats import LARGEST, PARTS, SUMSQ, first_perfect_splitter, partition_stats
from wordle_compiler.core.modes import legal_after
from wordle_compiler.strategies.heuristic import _least_sumsq, _pick, _possible
from wordle_compiler.strategies.table import node_rule

# each partition strategy's score, as the full pass computes it (lowest wins)
FULL_PASS_SCORES = {
    "minimax": lambda stats, bits: stats[:, LARGEST],
    "entropy": lambda stats, bits: -np.round(bits, 12),
    "expected-size": lambda stats, bits: stats[:, SUMSQ],
    "most-parts": lambda stats, bits: -stats[:, PARTS],
}


def _position(ctx, mode, played, answer, keep):
    """The answers left (a random part of them, at least two when there are two) and the
    legal guesses after ``played`` showed the feedback it gives ``answer``."""
    row = ctx.codes(played, ctx.all_answers)
    code = int(row[answer])
    left = ctx.all_answers[row == code]
    if len(left) > 2:
        left = np.sort(np.unique(np.concatenate([left[[i % len(left) for i in keep]], left[:1]])))
    legal = legal_after(ctx, mode, ctx.all_guesses, played, code)
    return left, legal


@settings(max_examples=60, deadline=None)
@given(
    mode=st.sampled_from(["normal", "hard", "possible"]),
    played=st.integers(0, 12971),
    answer=st.integers(0, 2314),
    keep=st.lists(st.integers(0, 10_000), min_size=1, max_size=12),
)
def test_partition_strategies_pick_what_a_full_pass_picks(ctx, mode, played, answer, keep):
    answers, legal = _position(ctx, mode, played, answer, keep)
    if len(answers) < 2:
        return  # one answer: the builder plays it without asking a strategy
    stats, bits = partition_stats(ctx.matrix_by_answer(), legal, answers)
    for name, score in FULL_PASS_SCORES.items():
        assert node_rule(name)(ctx, answers, legal, None) == _pick(ctx, legal, answers, score(stats, bits)), name


@settings(max_examples=60, deadline=None)
@given(
    mode=st.sampled_from(["normal", "hard", "possible"]),
    played=st.integers(0, 12971),
    answer=st.integers(0, 2314),
    keep=st.lists(st.integers(0, 10_000), min_size=1, max_size=12),
)
def test_lookaheads_least_sum_of_squares_is_the_full_pass_minimum(ctx, mode, played, answer, keep):
    """The lookahead's second-guess score: its shortcut (n when a possible answer splits the
    set perfectly) gives what the full pass gives."""
    answers, legal = _position(ctx, mode, played, answer, keep)
    stats, _ = partition_stats(ctx.matrix_by_answer(), legal, answers)
    assert _least_sumsq(ctx, answers, legal) == stats[:, SUMSQ].min()


@settings(max_examples=100, deadline=None)
@given(
    answers=st.lists(st.integers(0, 2314), max_size=60, unique=True),
    legal=st.lists(st.integers(0, 12971), max_size=400, unique=True),
)
def test_possible_answers_among_the_legal_guesses(ctx, answers, legal):
    """The lookup in the ascending legal list equals the plain intersection (and every guess
    legal, the possible answers themselves)."""
    answers, legal = np.array(answers, dtype=np.int32), np.array(sorted(legal), dtype=np.int32)
    expected = np.intersect1d(legal, ctx.answer_in_guesses[answers])
    assert np.array_equal(_possible(ctx, answers, legal), expected)
    assert np.array_equal(_possible(ctx, answers, ctx.all_guesses), np.sort(ctx.answer_in_guesses[answers]))


def _first_perfect_splitter_by_hand(matrix, candidates, answers):
    for guess in candidates:
        if len({int(matrix[guess, a]) for a in answers}) == len(answers):
            return int(guess)
    return -1


@settings(max_examples=80, deadline=None)
@given(
    candidates=st.lists(st.integers(0, 12971), max_size=20),
    answers=st.lists(st.integers(0, 2314), min_size=1, max_size=40, unique=True),
)
def test_first_perfect_splitter_matches_a_plain_reading(ctx, candidates, answers):
    candidates, answers = np.array(candidates, dtype=np.int64), np.array(sorted(answers), dtype=np.int64)
    expected = _first_perfect_splitter_by_hand(ctx.matrix, candidates, answers)
    assert first_perfect_splitter(ctx.matrix_by_answer(), candidates, answers) == expected


def test_first_perfect_splitter_cases(ctx):
    answers = ctx.all_answers.astype(np.int64)
    everyone = ctx.all_guesses.astype(np.int64)
    assert first_perfect_splitter(ctx.matrix_by_answer(), everyone, answers[:244]) == -1  # more answers than codes
    pair = answers[[0, 1]]
    first_of_pair = int(ctx.answer_in_guesses[pair].min())
    assert (
        first_perfect_splitter(ctx.matrix_by_answer(), ctx.answer_in_guesses[pair].astype(np.int64), pair)
        == first_of_pair
    )
    assert first_perfect_splitter(ctx.matrix_by_answer(), everyone[:0], pair) == -1  # no candidate
