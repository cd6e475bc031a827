"""The depth-only search (Solver.feasible, search.classes_fit) against the naive minimiser,
and the published worst cases."""

import random

import numpy as np
import pytest

from naive import naive_optimal
from support.contexts import tiny_context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import class_tasks
from wordle_compiler.search import Solver, classes_fit, solver_for

INF = float("inf")


def naive_fits(answers, guesses, mode, depth, start=None):
    """Whether any tree solves ``answers`` within ``depth`` guesses (after ``start``, if given)."""
    return naive_optimal(answers, guesses, mode, depth, start=start)[0] != INF


CASES = [(mode, seed) for mode in ("normal", "hard", "possible") for seed in range(1, 7)]


def random_sets(mode, seed):
    """A tiny clustered list and four answer sets of it (the whole list first), with the mode's legal guesses."""
    ctx = tiny_context(seed * 7 + len(mode), n_answers=12 + 2 * seed, n_extra=2 + seed % 3, clustered=True)
    rng = random.Random(seed)
    subsets = [ctx.all_answers] + [
        np.sort(rng.sample(list(ctx.all_answers), rng.randint(3, len(ctx.all_answers)))) for _ in range(3)
    ]
    return ctx, subsets, initial_legal(ctx, mode)


@pytest.mark.long
@pytest.mark.parametrize("mode, seed", CASES)
def test_feasible_agrees_with_the_naive_minimiser(mode, seed):
    """Every depth 1-5, on the whole list and random subsets; a guess it returns starts a tree that fits."""
    ctx, subsets, legal = random_sets(mode, seed)
    words = ctx.words
    for answers in subsets:
        names = [words.answers[a] for a in answers]
        solver = Solver(ctx, mode)  # a fresh memo per set, so each answer is the search's own
        for depth in range(1, 6):
            guess = solver.feasible(answers, legal, depth)
            assert (guess >= 0) == naive_fits(names, words.guesses, mode, depth), (names, depth)
            if guess >= 0 and len(names) > 1:
                assert naive_fits(names, words.guesses, mode, depth - 1, start=words.guesses[guess])


def test_the_random_sets_need_the_search_both_ways():
    """The cases above include sets that fit and sets that do not with three or more
    guesses (past the closed forms), in every mode: the comparison is not one-sided."""
    for mode in ("normal", "hard", "possible"):
        seen = set()
        for _, seed in [case for case in CASES if case[0] == mode]:
            ctx, subsets, legal = random_sets(mode, seed)
            for answers in subsets:
                seen.update(Solver(ctx, mode).feasible(answers, legal, d) >= 0 for d in (3, 4))
        assert seen == {True, False}, mode


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_classes_fit_is_the_worst_case_of_a_fixed_first_guess(mode):
    ctx = tiny_context(99, n_answers=24, n_extra=3, clustered=True)
    words = ctx.words
    legal = initial_legal(ctx, mode)
    for first in words.guesses[:6]:
        tasks = class_tasks(ctx, mode, ctx.guess_index[first], ctx.all_answers, legal)
        for depth in range(5):
            fits = classes_fit(Solver(ctx, mode), tasks, depth)
            assert fits == naive_fits(words.answers, words.guesses, mode, depth, start=first)


def test_the_memo_keeps_depth_only_entries_apart_from_totals():
    """One solver answers both questions in any order with the same results."""
    ctx = tiny_context(5, n_answers=22, n_extra=2, clustered=True)
    legal = initial_legal(ctx, "normal")
    fresh = [Solver(ctx, "normal").feasible(ctx.all_answers, legal, d) >= 0 for d in range(1, 6)]
    shared = Solver(ctx, "normal")
    totals = [shared.solve(ctx.all_answers, legal, d).cost for d in range(1, 6)]
    assert [shared.feasible(ctx.all_answers, legal, d) >= 0 for d in range(1, 6)] == fresh
    assert [shared.solve(ctx.all_answers, legal, d).cost for d in range(1, 6)] == totals
    assert [t < 1 << 36 for t in totals] == fresh


@pytest.mark.parametrize("word, depth, fits", [("salet", 4, False), ("salet", 5, True), ("crane", 4, False)])
def test_published_worst_cases_on_the_original_lists(ctx, word, depth, fits):
    """Five guesses suffice from salet; no first word finishes every answer in four."""
    solver = solver_for(ctx, "normal")
    tasks = class_tasks(ctx, "normal", ctx.guess_index[word], ctx.all_answers, ctx.all_guesses)
    assert classes_fit(solver, tasks, depth - 1) == fits


def test_hard_mode_plate_cannot_finish_in_five(ctx):
    """The eight _aste/_aute answers after plate bbygg need more than four further guesses."""
    solver = solver_for(ctx, "hard")
    legal = initial_legal(ctx, "hard")
    tasks = class_tasks(ctx, "hard", ctx.guess_index["plate"], ctx.all_answers, legal)
    assert not classes_fit(solver, tasks, 4)
    assert classes_fit(solver, tasks, 5)


def test_bad_depths_are_refused(ctx):
    with pytest.raises(ValueError, match="depth must be"):
        solver_for(ctx, "normal").feasible(ctx.all_answers[:5], ctx.all_guesses, 200)
