"""Multi-board games: the exact search against the exhaustive minimiser (tests/naive.py),
both objectives; the policy over the matrix against the runtime's."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import naive_boards
from wordle_compiler.core.matrix import compute_matrix
from wordle_compiler.multiboard.build import BoardsError, build_boards
from wordle_compiler.multiboard.exact import LOST, Problem, all_lost, guess_cost, lower_bound, ranked_guesses, solve
from wordle_compiler.multiboard.policy import POLICIES, play, table_for
from wordle_compiler.multiboard.whole import LOST_PAIR, Walk, opening_parts, walk_from, walk_pairs
from wordle_runtime import boards as runtime_boards
from wordle_runtime.boards import board_position, next_move, parse_board_history
from wordle_runtime.game import DEFAULT_GAME
from wordle_runtime.history import HistoryError, NoAnswerError

WORDS = sorted(
    [
        "cigar",
        "rebut",
        "sissy",
        "humph",
        "awake",
        "blush",
        "focal",
        "evade",
        "naval",
        "serve",
        "heath",
        "dwarf",
        "model",
        "karma",
        "stink",
        "grade",
        "quiet",
        "bench",
        "abate",
        "feign",
        "major",
        "death",
        "fresh",
        "crust",
        "stool",
        "colon",
        "abase",
        "marry",
        "react",
        "batty",
        "pride",
        "floss",
    ]
)


# Words alike in four letters: a tight limit leaves some tuples unsolved.
RHYMES = sorted(["light", "might", "night", "right", "sight", "tight", "fight", "baker", "maker", "taker", "wager"])


@st.composite
def boards_problems(draw):
    boards = draw(st.sampled_from([2, 2, 3]))
    n = draw(st.integers(boards, 8 if boards == 2 else 6))
    pool = draw(st.sampled_from([WORDS, RHYMES]))
    answers = sorted(draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True)))
    extra = draw(st.lists(st.sampled_from(WORDS), max_size=3, unique=True))
    guesses = sorted(set(answers) | set(extra))
    limit = draw(st.integers(boards, boards + 3))
    return answers, guesses, boards, limit


@pytest.mark.long
@settings(max_examples=60, deadline=None)
@given(boards_problems(), st.sampled_from(["total", "win"]))
def test_the_exact_tree_is_the_exhaustive_minimum(problem, objective):
    answers, guesses, boards, limit = problem
    expected = naive_boards(answers, guesses, boards, limit, objective)
    codes = compute_matrix(guesses, answers)
    try:
        result = build_boards(codes, (answers, guesses), DEFAULT_GAME, (boards, limit, objective), None)
    except BoardsError:
        assert objective == "total"
        assert expected is None
        return
    assert (result.lost, result.total_guesses) == expected
    assert sum(result.histogram.values()) == result.tuples - result.lost
    assert sum(g * c for g, c in result.histogram.items()) + result.lost * limit == result.total_guesses


@settings(max_examples=40, deadline=None)
@given(boards_problems())
def test_the_lower_bound_never_passes_the_value(problem):
    answers, guesses, boards, limit = problem
    problem_ = Problem(compute_matrix(guesses, answers), DEFAULT_GAME.all_correct)
    tuples = np.array(list(itertools.permutations(range(len(answers)), boards)), dtype=np.int32)
    value = solve(problem_, tuples, limit)
    assert lower_bound(tuples, limit) <= value
    assert all_lost(len(tuples), limit) >= value
    ranked = ranked_guesses(problem_, tuples, limit)  # each guess's bound one guess ahead
    assert all(bound <= guess_cost(problem_, tuples, guess, limit, None) for guess, bound in ranked)
    assert min((bound for _, bound in ranked), default=value) <= value


def test_a_tight_limit_loses_the_fewest_tuples():
    answers = sorted(["light", "might", "night", "right", "sight", "tight", "fight"])
    codes = compute_matrix(answers, answers)
    result = build_boards(codes, (answers, answers), DEFAULT_GAME, (2, 5, "win"), None)
    assert (result.lost, result.total_guesses) == naive_boards(answers, answers, 2, 5, "win")
    assert 0 < result.lost < result.tuples
    with pytest.raises(BoardsError, match="cannot be solved within 5 guesses"):
        build_boards(codes, (answers, answers), DEFAULT_GAME, (2, 5, "total"), None)


def test_a_fixed_first_guess_is_played_first():
    answers = WORDS[:6]
    codes = compute_matrix(answers, answers)
    free = build_boards(codes, (answers, answers), DEFAULT_GAME, (2, 7, "total"), None)
    fixed = build_boards(codes, (answers, answers), DEFAULT_GAME, (2, 7, "total"), answers[-1])
    assert fixed.tree["guess"] == answers[-1]
    assert fixed.total_guesses >= free.total_guesses
    assert free.total_guesses < LOST


@pytest.mark.parametrize("budget", [250_000, 60])
@pytest.mark.parametrize("policy", ["endgame", "entropy"])
def test_the_matrix_policy_plays_the_runtimes_moves(monkeypatch, budget, policy):
    """``endgame`` is the runtime's live policy, ``entropy`` the same without rule 3; the
    answers are in no order (an endgame's tuples are the runtime's words, not indices)."""
    monkeypatch.setattr(runtime_boards, "WORK_BUDGET", budget)  # 60: a pool of the best split scores
    rng = random.Random(5)
    answers = rng.sample(WORDS, 24)
    codes = compute_matrix(answers, answers)
    rules = set()
    for boards in (2, 4):
        table = table_for((answers, answers), codes, DEFAULT_GAME, (answers[0], boards + 5))
        for _ in range(10):
            secret = tuple(rng.sample(range(len(answers)), boards))
            solved, played = play(table, secret, policy)
            assert solved
            steps = []
            for row in played:
                position = board_position(answers, steps, DEFAULT_GAME, boards)
                guess, rule = next_move(position, answers, DEFAULT_GAME, answers[0], endgames=policy == "endgame")
                assert guess == answers[row]
                rules.add(rule)
                shown = tuple(DEFAULT_GAME.score_code(answers[row], answers[secret[b]]) for b in position.open_boards)
                steps.append((answers[row], shown))
            assert board_position(answers, steps, DEFAULT_GAME, boards).solved
    assert ("endgame" in rules) == (policy == "endgame")


@pytest.mark.parametrize("policy", POLICIES)
def test_every_policy_solves_easy_games(policy):
    answers = WORDS[:12]
    codes = compute_matrix(answers, answers)
    table = table_for((answers, answers), codes, DEFAULT_GAME, (answers[3], 7))
    assert all(play(table, (a, b), policy)[0] for a in range(12) for b in range(12) if a != b)


def test_a_history_gives_one_pattern_per_open_board():
    steps = parse_board_history(["cigar", "ggggg,bbbbb", "rebut:bybbb"], DEFAULT_GAME, 2)
    assert steps[1] == ("rebut", (DEFAULT_GAME.parse_code("bybbb"),))
    position = board_position(WORDS, steps, DEFAULT_GAME, 2)
    assert position.solved_by == ["cigar", None]
    assert "cigar" not in position.candidates[1]
    with pytest.raises(HistoryError, match="2 patterns for 1 open board"):
        parse_board_history(["cigar", "ggggg,bbbbb", "rebut", "bbbbb,bbbbb"], DEFAULT_GAME, 2)
    with pytest.raises(HistoryError, match="step 1"):
        parse_board_history(["cigar"], DEFAULT_GAME, 2)
    anagram = DEFAULT_GAME.parse_code("yyyyy")
    with pytest.raises(NoAnswerError, match="no answer fits board 2"):
        board_position(WORDS, [("cigar", (0, anagram))], DEFAULT_GAME, 2)
    with pytest.raises(NoAnswerError, match="cannot solve two boards"):
        board_position(WORDS, [("cigar", (DEFAULT_GAME.all_correct,) * 2)], DEFAULT_GAME, 2)


def test_the_policys_walk_over_every_pair_equals_playing_each_pair():
    answers = sorted(random.Random(3).sample(WORDS + RHYMES, 24))
    table = table_for((answers, answers), compute_matrix(answers, answers), DEFAULT_GAME, (answers[0], 5))
    walk = walk_pairs(table)
    played = {}
    for secret in itertools.permutations(range(len(answers)), 2):
        solved, guesses = play(table, secret, "entropy")
        key = len(guesses) if solved else LOST_PAIR
        played[key] = played.get(key, 0) + 1
    assert walk.histogram == played
    assert walk.pairs == len(answers) * (len(answers) - 1)
    merged: dict[int, int] = {}  # the same walk part by part below the opening (an answer here)
    below = Walk(table.limit)
    for sets in opening_parts(table, 0):
        for guesses, count in walk_from(table, "entropy", sets, 1, below).items():
            merged[guesses] = merged.get(guesses, 0) + count
    assert merged == walk.histogram


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 8), st.integers(1, 40), st.integers(0, 2**32))
def test_wide_pattern_rows_keep_their_order_and_equality(width, rows, seed):
    from wordle_compiler.multiboard.exact import row_keys

    shown = np.random.default_rng(seed).integers(0, 3, size=(rows, width)).astype(np.uint16) * 300
    narrow, wide = row_keys(shown, 1 << 10), row_keys(shown, 1 << 16)  # digits for up to 6 boards, ranks beyond
    as_rows = [tuple(r) for r in shown.tolist()]
    for keys in (narrow, wide):
        for i in range(rows):
            for j in range(rows):
                assert (keys[i] < keys[j]) == (as_rows[i] < as_rows[j])
