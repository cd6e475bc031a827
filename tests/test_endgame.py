"""The endgame cut-off (``search/endgame.py``) against the naive minimiser: it only ever
refuses sets that truly cannot be finished in time, and it does refuse the classic ones."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import INF, naive_endgame_count, naive_endgame_groups, naive_optimal
from support.contexts import tiny_context
from wordle_compiler.core.config import Context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import class_tasks
from wordle_compiler.core.wordlists import WordLists
from wordle_compiler.search import Solver
from wordle_compiler.search.endgame import MIN_GROUP, endgame_groups

IGHT = ["eight", "fight", "light", "might", "night", "right", "sight", "tight"]


def context(answers, guesses):
    lists = WordLists(
        answers=tuple(sorted(answers)),
        guesses=tuple(sorted(set(guesses) | set(answers))),
        answers_name="tiny",
        guesses_name="tiny",
    )
    return Context.from_words(lists, use_cache=False)


def refuted(ctx, answers, guesses, depth, mode="normal"):
    solver = Solver(ctx, mode)
    S = np.array(sorted(ctx.words.answers.index(w) for w in answers), dtype=np.int64)
    L = np.array(sorted(ctx.guess_index[w] for w in guesses), dtype=np.int64)
    return solver.engine.endgame_infeasible(S, L, depth)


def test_groups_are_four_letters_in_place_shared_by_enough_answers():
    words = [*IGHT, "maces", "makes", "males", "manes", "mates", "bills", "fills"]
    groups = endgame_groups(words)
    ight = {groups[words.index(w), 0] for w in IGHT}
    assert len(ight) == 1
    assert ight != {-1}
    assert len({groups[words.index(w), 2] for w in ["maces", "makes", "males", "manes", "mates"]}) == 1
    assert (groups[words.index("bills")] == -1).all()  # "_ills" has 2 members here, below MIN_GROUP
    assert MIN_GROUP == 4
    assert (groups[words.index("eight"), 1:] == -1).all()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcz", min_size=5, max_size=5), max_size=60, unique=True))
def test_groups_equal_the_naive_dict_on_small_alphabets(words):
    assert endgame_groups(words).tolist() == (naive_endgame_groups(words) or np.empty((0, 5)).tolist())


def test_groups_equal_the_naive_dict_on_the_shipped_answers(ctx):
    assert endgame_groups(ctx.words.answers).tolist() == naive_endgame_groups(ctx.words.answers)


def test_one_letter_per_guess_cannot_finish_eight_words_in_three():
    """Each of these guesses tells apart only its own first letter, so 8 words need 7
    guesses before the last: refused for 3 and for 7, not for 8 (the naive agrees)."""
    ctx = context(IGHT, IGHT)
    assert refuted(ctx, IGHT, IGHT, 3)
    assert naive_optimal(IGHT, IGHT, "normal", 3)[0] == INF
    assert refuted(ctx, IGHT, IGHT, 7)
    assert not refuted(ctx, IGHT, IGHT, 8)
    assert naive_optimal(IGHT, IGHT, "normal", 8)[0] < INF


def test_a_guess_that_tests_many_letters_lifts_the_refusal():
    """``flmns`` tells f, l, m, n, s apart at once (yellow in different places)."""
    ctx = context(IGHT, [*IGHT, "flmns", "egrtz"])
    assert not refuted(ctx, IGHT, [*IGHT, "flmns", "egrtz"], 3)
    assert naive_optimal(IGHT, [*IGHT, "flmns", "egrtz"], "normal", 3)[0] < INF
    assert refuted(ctx, IGHT, [*IGHT, "flmns"], 2)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), depth=st.integers(2, 4), mode=st.sampled_from(["normal", "hard"]), data=st.data())
def test_a_refusal_is_always_right(seed, depth, mode, data):
    """Whenever the cut refuses a set, no tree over those guesses finishes it in time
    (hard mode only ever narrows the guesses, so the same holds there)."""
    ctx = tiny_context(seed, n_answers=8 + seed % 6, n_extra=seed % 5, clustered=True)
    answers = data.draw(st.lists(st.sampled_from(ctx.words.answers), min_size=3, unique=True))
    guesses = data.draw(st.lists(st.sampled_from(ctx.words.guesses), min_size=1, unique=True))
    if refuted(ctx, answers, guesses, depth, mode):
        assert naive_optimal(answers, guesses, mode, depth)[0] == INF
    if refuted_with_members_search(ctx, answers, guesses, depth, mode):
        assert naive_optimal(answers, guesses, mode, depth)[0] == INF


@pytest.mark.long
@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), every_guess=st.booleans(), data=st.data())
def test_the_count_equals_its_definition(seed, every_guess, data):
    """The kernel's count (which passes over guesses that cannot split off enough members
    to matter) gives the verdict of its definition, guess by guess over the whole list, at
    every depth up to the eight guesses it remembers."""
    ctx = tiny_context(seed, n_answers=10 + seed % 12, n_extra=seed % 7, clustered=True)
    answers = data.draw(st.lists(st.sampled_from(ctx.words.answers), min_size=3, unique=True))
    guesses = ctx.words.guesses if every_guess else data.draw(st.lists(st.sampled_from(ctx.words.guesses), min_size=1))
    for depth in range(2, 11):
        expected = naive_endgame_count(sorted(answers), guesses, depth, list(ctx.words.answers))
        assert refuted(ctx, answers, guesses, depth) == expected, depth


def refuted_with_members_search(ctx, answers, guesses, depth, mode):
    S = sorted(ctx.words.answers.index(w) for w in answers)
    return Solver(ctx, mode).refuted_by_endgame(S, sorted(ctx.guess_index[w] for w in guesses), depth)


def test_a_search_of_the_group_alone_refuses_what_the_count_cannot(ctx):
    """agist in hard mode on the original lists leaves eleven answers (eight of them
    _ight) with 34 legal guesses: the count finds enough guesses that split the group,
    but played in turn they narrow the list, and a search of the eight alone proves that
    five guesses cannot finish them; so neither can they finish the eleven."""
    tasks = class_tasks(ctx, "hard", ctx.guess_index["agist"], ctx.all_answers, initial_legal(ctx, "hard"))
    cls, follow = next((cls, follow) for code, cls, follow in tasks if len(cls) == 11 and len(follow) == 34)
    solver = Solver(ctx, "hard")
    assert not solver.engine.endgame_infeasible(cls, follow, 5)
    assert solver.refuted_by_endgame(cls, follow, 5)
    assert solver.feasible(cls, follow, 5) == -1
    assert not solver.solve(cls, follow, 5).feasible
    assert solver.feasible(cls, follow, 6) >= 0


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_the_search_uses_the_cut_and_agrees_with_the_naive_minimiser(mode):
    """crane tells apart e, n and r; every other guess only its own first letter."""
    ctx = context([*IGHT, "crane"], [*IGHT, "crane"])
    solver = Solver(ctx, mode)
    for depth in (4, 5, 6, 7):
        outcome = solver.solve(ctx.all_answers, ctx.all_guesses, depth)
        total, deepest = naive_optimal(list(ctx.words.answers), list(ctx.words.guesses), mode, depth)
        assert (outcome.cost, outcome.depth) == (total, deepest) if total < INF else not outcome.feasible
    assert solver.stats()["endgame_cuts"] > 0


def test_a_doomed_first_guess_is_refused_before_any_search():
    """plate in hard mode within 5 guesses: one class holds baste, caste, haste, taste,
    waste with few legal guesses left, so guess_value answers with no full pass."""
    ctx = Context.load()
    solver = Solver(ctx, "hard")
    outcome = solver.guess_value(ctx.guess_index["plate"], ctx.all_answers, initial_legal(ctx, "hard"), 5)
    assert not outcome.feasible
    assert outcome.guess == -1
    assert solver.stats()["full_passes"] == 0
