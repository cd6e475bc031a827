"""The exact multi-board search's bounds and prunings against an exhaustive minimiser on
random positions of 2 to 4 boards (sets equal or disjoint, as histories leave them): the
values, each guess's bound against its cost, the guess tables' sums, the board order left
out of the key, the word every tuple holds played first, with and without the one-board
engine."""

from __future__ import annotations

import itertools
import time
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import naive_score, solved_pattern
from wordle_compiler.core.matrix import compute_matrix
from wordle_compiler.multiboard import exact
from wordle_runtime.game import DEFAULT_GAME

WORDS = sorted(
    [
        *("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath"),
        *("dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "abate", "feign", "major", "death"),
    ]
)
RHYMES = sorted(["light", "might", "night", "right", "sight", "tight", "fight", "baker", "maker", "taker", "wager"])


@st.composite
def positions(draw):
    """A random list, and a position over it: groups of boards sharing a set, the sets
    disjoint, the boards in a random order; its tuples (answer indices) and the guesses left."""
    pool = draw(st.sampled_from([WORDS, RHYMES, WORDS[:6] + RHYMES[:6]]))
    answers = sorted(draw(st.lists(st.sampled_from(pool), min_size=4, max_size=9, unique=True)))
    extra = draw(st.lists(st.sampled_from(WORDS), max_size=3, unique=True))
    guesses = sorted(set(answers) | set(extra))
    boards = draw(st.integers(2, 4))
    counts: list[int] = []
    while sum(counts) < boards:
        counts.append(draw(st.integers(1, min(2, boards - sum(counts)))))
    sizes = [draw(st.integers(count, count + (1 if boards > 3 else 2))) for count in counts]
    if sum(sizes) > len(answers):
        sizes = counts
    order = draw(st.permutations(range(len(answers))))
    starts = np.cumsum([0, *sizes])
    sets = [sorted(order[a:b]) for a, b in itertools.pairwise(starts)]
    columns = [words for words, count in zip(sets, counts, strict=True) for _ in range(count)]
    columns = [columns[i] for i in draw(st.permutations(range(boards)))]
    rows = [t for t in itertools.product(*columns) if len(set(t)) == len(t)]
    tuples = np.array(rows, dtype=np.int32).reshape(len(rows), boards)
    left = draw(st.integers(boards, boards + 2))
    return answers, guesses, tuples, left


def naive_value(answers, guesses, tuples, left):
    """The least cost of the tuples (answer indices) by trying every guess at every position:
    lost tuples times :data:`exact.LOST` plus the guesses, a lost tuple counting all left."""
    done = solved_pattern()

    @cache
    def value(position: frozenset, left: int) -> tuple[int, int]:
        if left == 0:
            return (len(position), 0)
        best = (len(position), len(position) * left)
        for guess in guesses:
            parts: dict = {}
            for secret in position:
                shown = tuple(naive_score(guess, answers[a]) for a in secret)
                rest = tuple(a for a, p in zip(secret, shown, strict=True) if p != done)
                if rest:
                    parts.setdefault(shown, set()).add(rest)
            below = [value(frozenset(part), left - 1) for part in parts.values()]
            best = min(best, (sum(b[0] for b in below), len(position) + sum(b[1] for b in below)))
        return best

    lost, total = value(frozenset(map(tuple, tuples.tolist())), left)
    return lost * exact.LOST + total


def naive_one_board(answers, guesses):
    """A one-board valuer (:data:`exact.OneBoard`) by the exhaustive minimiser: exact, None
    when some answer cannot be solved within the guesses left."""

    def one_board(words: np.ndarray, left: int, beta: int | None) -> int | None:
        cost = naive_value(answers, guesses, np.array(words, dtype=np.int32).reshape(-1, 1), left)
        return None if cost >= exact.LOST else cost

    return one_board


def _problem(answers, guesses, one_board=None):
    return exact.Problem(compute_matrix(guesses, answers), DEFAULT_GAME.all_correct, one_board=one_board)


@settings(max_examples=60, deadline=None)
@given(positions(), st.booleans())
def test_the_search_is_the_exhaustive_minimum(position, with_engine):
    answers, guesses, tuples, left = position
    engine = naive_one_board(answers, guesses) if with_engine else None
    problem = _problem(answers, guesses, engine)
    value = exact.solve(problem, tuples, left)
    assert value == naive_value(answers, guesses, tuples, left)
    assert exact.lower_bound(tuples, left) <= value <= exact.all_lost(len(tuples), left)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_every_guess_bound_is_at_most_its_cost(position):
    answers, guesses, tuples, left = position
    problem = _problem(answers, guesses)
    sets = problem.position(tuples)
    value = exact.solve(problem, tuples, left)
    ranked = exact.ranked_guesses(problem, tuples, left)
    costs = [exact.guess_cost(problem, tuples, guess, left, None) for guess, _ in ranked]
    assert all(bound <= cost for (_, bound), cost in zip(ranked, costs, strict=True))
    assert problem.kernel.static_bound(sets, left) == exact.lower_bound(tuples, left) <= value
    if ranked:
        assert min(costs) == value
        assert value == costs[[guess for guess, _ in ranked].index(exact.best_guess(problem, tuples, left))]
        first = next(i for i, cost in enumerate(costs) if cost == value)  # the tie rule
        assert ranked[first][0] == exact.best_guess(problem, tuples, left)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_the_sum_of_the_most_held_bounds_the_parts_and_is_theirs_on_disjoint_sets(position):
    answers, guesses, tuples, _ = position
    problem = _problem(answers, guesses)
    sets = problem.position(tuples)
    for guess in range(len(guesses)):
        held, closes = problem.kernel.guess_figures(sets, guess)
        parts = problem.kernel.parts(sets, guess)
        hits = sum(weight * part.hits for part, weight in parts)
        assert hits <= held <= len(tuples)
        if all(count == 1 for _, count in sets.groups):
            assert hits == held
        word = answers.index(guesses[guess]) if guesses[guess] in answers else -1
        assert closes == int((tuples == word).any(axis=1).sum())


@settings(max_examples=40, deadline=None)
@given(positions(), st.randoms(use_true_random=False))
def test_the_boards_order_leaves_the_value_and_the_move(position, rng):
    answers, guesses, tuples, left = position
    columns = list(range(tuples.shape[1]))
    rng.shuffle(columns)
    problem = _problem(answers, guesses)
    value = exact.solve(problem, tuples, left)
    shuffled = np.ascontiguousarray(tuples[:, columns])
    fresh = _problem(answers, guesses)
    assert exact.solve(fresh, shuffled, left) == value
    if value < exact.LOST and exact.ranked_guesses(problem, tuples, left):
        assert exact.best_guess(fresh, shuffled, left) == exact.best_guess(problem, tuples, left)


@pytest.mark.long
@settings(max_examples=40, deadline=None)
@given(positions())
def test_a_word_every_tuple_holds_is_played_first_and_is_best(position):
    answers, guesses, tuples, left = position
    problem = _problem(answers, guesses)
    forced = problem.held_by_all(tuples)
    if forced is None or tuples.shape[1] > left:
        return
    value = exact.solve(problem, tuples, left)
    assert exact.best_guess(problem, tuples, left) == forced
    assert exact.guess_cost(_problem(answers, guesses), tuples, forced, left, None) == value
    assert exact.ranked_guesses(problem, tuples, left)[0][0] == forced


def test_a_board_with_one_candidate_is_guessed_first_in_a_real_position():
    answers = sorted(["goose", "moose", "noose", "lithe", "block", "blond", "blown", "clock", "clown"])
    problem = _problem(answers, answers)
    index = {word: i for i, word in enumerate(answers)}
    sets = [["goose", "moose", "noose"], ["lithe"], ["block", "blond", "blown", "clock", "clown"]]
    tuples = np.array(list(itertools.product(*[[index[w] for w in words] for words in sets])), dtype=np.int32)
    value = exact.solve(problem, tuples, 6)
    assert answers[exact.best_guess(problem, tuples, 6)] == "lithe"
    assert value == naive_value(answers, answers, tuples, 6)


def test_tuples_that_are_not_every_tuple_over_their_sets_are_refused():
    answers = WORDS[:6]
    problem = _problem(answers, answers)
    with pytest.raises(ValueError, match="not every tuple"):
        exact.solve(problem, np.array([[0, 1], [2, 3]], dtype=np.int32), 4)  # (0, 3) and (2, 1) missing
    with pytest.raises(ValueError, match="not every tuple"):
        exact.solve(problem, np.array([[0, 1], [1, 2], [0, 2]], dtype=np.int32), 4)  # {0, 1} and {1, 2} overlap
    assert problem.position(np.array([[0, 1], [1, 0]], dtype=np.int32)).tuples == 2


def test_a_deadline_stops_the_search_and_keeps_the_memo_sound():
    answers = WORDS[:10]
    tuples = np.array(list(itertools.permutations(range(len(answers)), 3)), dtype=np.int32)
    problem = _problem(answers, answers)
    problem.deadline = time.monotonic() - 1
    with pytest.raises(exact.SearchStopped):
        exact.solve(problem, tuples, 6)
    problem.deadline = None
    assert exact.solve(problem, tuples, 6) == exact.solve(_problem(answers, answers), tuples, 6)


@settings(max_examples=20, deadline=None)
@given(positions())
def test_the_two_byte_build_searches_alike(position):
    answers, guesses, tuples, left = position
    narrow = _problem(answers, guesses)
    wide = exact.Problem(compute_matrix(guesses, answers).astype(np.uint16), DEFAULT_GAME.all_correct)
    assert type(wide.kernel).__module__.endswith("_tuples16")
    assert exact.solve(wide, tuples, left) == exact.solve(narrow, tuples, left)
    assert exact.ranked_guesses(wide, tuples, left) == exact.ranked_guesses(narrow, tuples, left)
    assert wide.nodes == narrow.nodes
