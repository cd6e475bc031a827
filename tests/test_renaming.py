"""Renamings of the symbols that fix a node (compiler/ext/renaming.pxd): the guesses the
search leaves out are exactly those that a renaming within the node's blocks of
interchangeable symbols maps onto a lower guess (checked against every permutation of the
alphabet), and leaving them out never changes a tree, in any mode, objective or weighting."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support.naive_checks import context
from wordle_compiler.core.config import Context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import class_tasks
from wordle_compiler.core.settings import Settings
from wordle_compiler.ext._search import twin_guesses
from wordle_compiler.search import Solver
from wordle_runtime.game import WORDLE, Game

GAMES = ("mastermind:3x4", "mastermind:2x5", "mastermind:3x5:distinct")


def _context(game: str) -> Context:
    return Context.load(Settings(game=game))


def _history_node(ctx, mode: str, played: list[int], codes: list[int]):
    """The answers and legal guesses after ``played`` showed ``codes`` (each code taken
    modulo the classes left, so any draw is a node)."""
    answers, legal = ctx.all_answers, initial_legal(ctx, mode)
    for guess, draw in zip(played, codes, strict=False):
        tasks = class_tasks(ctx, mode, guess, answers, legal)
        if not tasks:
            break
        _, answers, legal = tasks[draw % len(tasks)]
    return answers, legal


def _expected_twins(ctx, answers, legal, weights) -> np.ndarray:
    """By brute force: the permutations of the alphabet that map the answers, the legal
    guesses and the weights onto themselves; the blocks their transpositions join; and for
    each legal guess whether a renaming within those blocks reaches a lower guess."""
    words, alphabet = ctx.words, ctx.game.alphabet
    index = {w: i for i, w in enumerate(words.guesses)}
    answer_set = {words.answers[a] for a in answers}
    legal_set = {words.guesses[g] for g in legal}
    weight_of = {words.answers[a]: (1 if weights is None else weights[a]) for a in answers}

    def fixes(table) -> bool:
        renamed = {"".join(table[s] for s in w): w for w in answer_set}
        return (
            renamed.keys() == answer_set
            and all(weight_of[new] == weight_of[old] for new, old in renamed.items())
            and {"".join(table[s] for s in w) for w in legal_set} == legal_set
        )

    block = {s: s for s in alphabet}
    for x, y in itertools.combinations(alphabet, 2):
        table = dict(zip(alphabet, alphabet, strict=True)) | {x: y, y: x}
        if fixes(table):
            old, new = max(block[x], block[y]), min(block[x], block[y])
            block = {s: new if b == old else b for s, b in block.items()}
    within = [
        dict(zip(alphabet, image, strict=True))
        for image in itertools.permutations(alphabet)
        if all(block[s] == block[t] for s, t in zip(alphabet, image, strict=True))
    ]
    for table in within:  # every renaming within the blocks fixes the node
        assert fixes(table)
    return np.array(
        [min(index["".join(t[s] for s in words.guesses[g])] for t in within) < g for g in legal], dtype=bool
    )


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    mode=st.sampled_from(["normal", "possible"]),
    played=st.lists(st.integers(0, 10_000), min_size=0, max_size=2),
    codes=st.lists(st.integers(0, 100), min_size=2, max_size=2),
    weighting=st.sampled_from(["none", "even", "uneven"]),
)
def test_twins_are_the_guesses_a_renaming_within_blocks_lowers(game, mode, played, codes, weighting):
    ctx = _context(game)
    n = len(ctx.words.answers)
    weights = {"none": None, "even": [3] * n, "uneven": [1 + i % 2 for i in range(n)]}[weighting]
    played = [p % len(ctx.words.guesses) for p in played]
    answers, legal = _history_node(ctx, mode, played, codes)
    solver = Solver(ctx, mode, weights=weights)
    found = twin_guesses(solver.engine, answers, legal)
    if len(answers) < 2:  # nothing to search: the kernel does not look
        assert not found.any()
    else:
        assert np.array_equal(found, _expected_twins(ctx, answers, legal, weights))


def test_a_fresh_game_has_one_guess_per_pattern_of_colours():
    """Mastermind 3x4 at the start: every renaming fixes the node, so the guesses tried are
    the lowest of each pattern of repeats (111, 112, 121, 122, 123)."""
    ctx = _context("mastermind:3x4")
    solver = Solver(ctx, "normal")
    kept = ~twin_guesses(solver.engine, ctx.all_answers, ctx.all_guesses)
    assert [ctx.words.guesses[g] for g in np.flatnonzero(kept)] == ["111", "112", "121", "122", "123"]


def test_no_twins_where_the_lists_are_not_closed_under_renaming():
    from wordle_compiler.core.wordlists import load_word_lists

    words = load_word_lists("original")
    ctx = Context.from_words(words)
    found = twin_guesses(Solver(ctx, "normal").engine, ctx.all_answers[:50], ctx.all_guesses)
    assert not found.any()


def _trees(ctx, mode, depth, weights=None, deep_level=0):
    """The optimal tree with the twins left out and with every guess tried, and the first
    solver's count of twins left out."""
    legal = initial_legal(ctx, mode)
    with_twins = Solver(ctx, mode, weights=weights, deep_level=deep_level)
    every = Solver(ctx, mode, weights=weights, deep_level=deep_level, renaming=False)
    found = with_twins.tree(ctx.all_answers, legal, depth)
    assert every.stats()["renaming_twins"] == 0
    return found, every.tree(ctx.all_answers, legal, depth), with_twins.stats()["renaming_twins"]


@pytest.mark.long
@pytest.mark.parametrize("mode", ["normal", "possible"])
@pytest.mark.parametrize("game, depth", [("mastermind:4x4", 6), ("mastermind:3x6", 6), ("mastermind:3x5:distinct", 5)])
def test_leaving_twins_out_keeps_the_tree(game, depth, mode):
    ctx = _context(game)
    found, every, twins = _trees(ctx, mode, depth)
    assert found == every
    assert twins > 0


@pytest.mark.parametrize("weighting", ["even", "uneven"])
def test_leaving_twins_out_keeps_the_weighted_tree(weighting):
    ctx = _context("mastermind:3x5")
    n = len(ctx.words.answers)
    weights = [5] * n if weighting == "even" else [1 + (i * 7) % 5 for i in range(n)]
    found, every, twins = _trees(ctx, "normal", 6, weights=weights)
    assert found == every
    if weighting == "even":
        assert twins > 0


def test_leaving_twins_out_keeps_the_fewest_deep_tree():
    ctx = _context("mastermind:3x5")
    found, every, twins = _trees(ctx, "normal", 5, deep_level=2)
    assert found == every
    assert twins > 0


def test_wordle_lists_closed_under_renaming_have_twins_too():
    """Wordle's rule keeps its scores under renaming as well: every three-letter word over
    a, b, c plays like Mastermind's codes."""
    game = Game(WORDLE, 3, "abc")
    words = ["".join(w) for w in itertools.product("abc", repeat=3)]
    ctx = context(game, words, words)
    for mode in ("normal", "hard", "possible"):
        found, every, twins = _trees(ctx, mode, 5)
        assert found == every
        assert twins > 0


def test_a_renaming_must_keep_the_legal_list_too():
    """Every renaming fixes Mastermind 3x4's whole code set, but with 113 the only legal
    guess, exchanging 2 and 3 would make it 112, which is not legal: 113 is tried."""
    ctx = _context("mastermind:3x4")
    engine = Solver(ctx, "normal").engine
    lone = np.array([ctx.guess_index["113"]])
    assert twin_guesses(engine, ctx.all_answers, ctx.all_guesses)[lone[0]]
    assert not twin_guesses(engine, ctx.all_answers, lone).any()
    assert np.array_equal(_expected_twins(ctx, ctx.all_answers, lone, None), [False])


@pytest.mark.parametrize("mode", ["normal", "possible"])
@pytest.mark.parametrize("game", ["mastermind:4x4", "mastermind:4x6:distinct"])
def test_the_depth_only_search_finds_the_same_guess(game, mode):
    """The first guess whose classes all fit, in every class of the first code and at
    every depth from hopeless to easy, with the twins left out and with every guess tried."""
    ctx = _context(game)
    with_twins, every = Solver(ctx, mode), Solver(ctx, mode, renaming=False)
    for _, answers, legal in class_tasks(ctx, mode, 0, ctx.all_answers, initial_legal(ctx, mode)):
        for depth in range(1, 5):
            assert with_twins.feasible(answers, legal, depth) == every.feasible(answers, legal, depth)
    assert with_twins.stats()["renaming_twins"] > 0
