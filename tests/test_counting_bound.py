"""The counting bound (compiler/ext/volume.pxd): at most P^(t-1) answers are solved within t
guesses when no guess makes more than P classes, so s answers cost at least the depths of
the first s such slots.  It is checked against the least cost of every tree shape with at
most P classes a node (a brute-force minimum), and the engine built on it against the
naive minimiser on games whose feedback is coarse enough for it to bite."""

from __future__ import annotations

import math
import random
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from support.naive_checks import check_against_naive, check_weighted_against_naive
from wordle_compiler.ext._search import counting_bound, counting_capacity, counting_past_levels, counting_split_bounds
from wordle_runtime.game import mastermind, mastermind_codes


@cache
def cheapest_shape(answers: int, most_parts: int) -> int:
    """The least total depth of any tree over ``answers`` answers whose nodes each solve
    their guess's answer and have at most most_parts - 1 other classes, or solve none and
    have at most most_parts classes (every class non-empty)."""
    if answers == 1:
        return 1
    best = cheapest_parts(answers - 1, most_parts - 1, most_parts)
    best = min(best, *(cheapest_parts(answers, k, most_parts) for k in range(2, min(most_parts, answers) + 1)))
    return answers + best


@cache
def cheapest_parts(total: int, parts: int, most_parts: int) -> float:
    """The least sum of cheapest_shape over ``parts`` non-empty classes holding ``total``."""
    if parts == 0:
        return 0 if total == 0 else math.inf
    if total < parts:
        return math.inf
    return min(
        cheapest_shape(first, most_parts) + cheapest_parts(total - first, parts - 1, most_parts)
        for first in range(1, total - parts + 2)
    )


@given(st.integers(1, 60), st.integers(2, 6))
def test_no_tree_shape_costs_less_than_the_counting_bound(answers, most_parts):
    assert counting_bound(answers, most_parts) <= cheapest_shape(answers, most_parts)


@given(st.integers(1, 5000), st.integers(2, 40))
def test_the_counting_bound_is_the_two_and_three_level_bounds_where_those_hold(answers, most_parts):
    bound = counting_bound(answers, most_parts)
    if answers <= most_parts:
        assert bound == 2 * answers - 1
    elif answers <= most_parts**2:
        assert bound == 3 * answers - most_parts - 1
    else:
        assert bound > 3 * answers - most_parts - 1


def test_the_counting_bound_of_a_large_coarse_set():
    # Bulls and Cows' scores: 14; 1 at depth 1, 13 at 2, 182 at 3, the rest at 4
    assert counting_bound(1440, 14) == 1 + 2 * 13 + 3 * 182 + 4 * (1440 - 196)


@given(st.integers(2, 8), st.integers(1, 8))
def test_the_capacity_is_the_most_any_tree_shape_solves(most_parts, guesses):
    most = 1
    for _ in range(guesses - 1):
        most = max(1 + (most_parts - 1) * most, most_parts * most)
    assert counting_capacity(most_parts, guesses) == most


def counting_split_bound(answers: int, parts: int, in_set: bool, most_parts: int) -> int:
    out = np.empty(1, dtype=np.int64)
    counting_split_bounds(answers, np.array([parts]), np.array([int(in_set)]), most_parts, out)
    return int(out[0])


def compositions(total: int, parts: int):
    if parts == 1:
        yield (total,)
        return
    for first in range(1, total - parts + 2):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


@given(st.integers(1, 16), st.integers(2, 5), st.booleans(), st.data())
def test_a_guess_costs_at_least_its_even_split(answers, most_parts, in_set, data):
    parts = data.draw(st.integers(1, min(answers, most_parts)))
    assume(not (in_set and parts == 1 and answers > 1))  # an answer shows the others another code
    assume(in_set or parts > 1 or answers == 1)
    bound = counting_split_bound(answers, parts, in_set, most_parts)
    classes = parts - in_set
    if classes == 0:
        assert bound == answers
        return
    cheapest = min(
        sum(counting_bound(size, most_parts) for size in sizes) for sizes in compositions(answers - in_set, classes)
    )
    assert bound == answers + cheapest
    assert bound >= 3 * answers - parts - in_set


@given(st.integers(1, 400), st.integers(2, 12), st.booleans(), st.integers(1, 9), st.data())
def test_uniform_weights_add_what_the_unweighted_bound_adds(answers, most_parts, in_set, weight, data):
    """The weighted bound past two levels, with every weight w, is w times what the counting
    bound adds to 3n - k - [in set]: a uniform prior searches as the unweighted engine."""
    parts = data.draw(st.integers(1 + in_set, max(1 + in_set, min(answers, most_parts))))
    assume(parts <= answers and (in_set or parts > 1))
    top = np.arange(answers + 1, dtype=np.int64) * weight
    past = np.empty(1, dtype=np.int64)
    counting_past_levels(top, np.array([parts]), np.array([int(in_set)]), most_parts, past)
    added = counting_split_bound(answers, parts, in_set, most_parts) - (3 * answers - parts - in_set)
    assert int(past[0]) == weight * added


# whole Mastermind games where a node's classes outgrow its most classes (P = 5, 7, 8)
COARSE_GAMES = [mastermind(3, 2), mastermind(4, 2), mastermind(3, 3)]


@pytest.mark.long
@pytest.mark.parametrize("game", COARSE_GAMES, ids=lambda game: game.name)
@pytest.mark.parametrize("depth", [3, 4, 6])
def test_coarse_games_match_the_naive_minimiser(game, depth):
    codes = mastermind_codes(game)
    check_against_naive(game, codes, codes, depth)


@pytest.mark.slow
def test_a_game_larger_than_its_most_classes_squared_matches_the_naive_minimiser():
    """Mastermind 2x6: 36 codes, no guess makes more than 5 classes, so the counting bound
    (113) is above 3n - P - 1 (102) at the root; the optimum is 132."""
    game = mastermind(2, 6)
    codes = mastermind_codes(game)
    assert counting_bound(len(codes), 5) == 113
    check_against_naive(game, codes, codes, 5)


@pytest.mark.parametrize("seed", [0, *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(1, 12))])
@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_sets_larger_than_their_most_classes_squared_match_the_naive_minimiser(seed):
    """26 to 36 codes of Mastermind 2x6 (no guess makes more than 5 classes) within 4 to 6
    guesses: the engine's cut-offs by the counting bound bind here, and an inflated bound
    makes the engine miss the optimum."""
    game = mastermind(2, 6)
    codes = mastermind_codes(game)
    rng = random.Random(seed)
    answers = sorted(rng.sample(codes, rng.randint(26, 36)))
    depth = rng.choice([4, 5, 6])
    check_against_naive(game, answers, codes, depth)
    check_weighted_against_naive(game, answers, codes, depth, [rng.choice([1, 2, 3, 40]) for _ in answers], "normal")


@pytest.mark.long
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COARSE_GAMES), st.data(), st.integers(2, 6))
def test_coarse_subsets_match_the_naive_minimiser(game, data, depth):
    codes = mastermind_codes(game)
    answers = data.draw(st.lists(st.sampled_from(codes), min_size=5, max_size=16, unique=True))
    extra = data.draw(st.lists(st.sampled_from(codes), max_size=3, unique=True))
    check_against_naive(game, sorted(answers), sorted(set(answers) | set(extra)), depth)


@pytest.mark.long
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COARSE_GAMES), st.data(), st.integers(2, 6), st.integers(0, 10**6))
def test_coarse_weighted_sets_match_the_naive_minimiser(game, data, depth, seed):
    codes = mastermind_codes(game)
    answers = sorted(data.draw(st.lists(st.sampled_from(codes), min_size=5, max_size=16, unique=True)))
    rng = random.Random(seed)
    weights = [rng.choice([0, 1, 2, 50, 1000]) for _ in answers]
    weights[0] = max(weights[0], 1)
    for mode in ("normal", "possible"):
        check_weighted_against_naive(game, answers, codes, depth, weights, mode)
    check_weighted_against_naive(game, answers, answers, depth, weights, "possible")  # the members' bound
