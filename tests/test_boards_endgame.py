"""The multi-board policy's endgame (rule 3, ``wordle_runtime.boards_endgame``): its search
against the compiled exact search over the same words on random positions of 2 to 4 boards,
its work limit, and the rule as ``wordle-next`` plays and names it."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import wordle_compiler
from clirun import run
from wordle_compiler.core.matrix import compute_matrix
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.multiboard import exact
from wordle_runtime import boards, boards_endgame
from wordle_runtime.boards import ENDGAME, MOST_INFORMATION, board_position, next_move
from wordle_runtime.boards_endgame import endgame_move, endgame_tuples
from wordle_runtime.game import DEFAULT_GAME

POOL = [
    *("cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve", "heath"),
    *("dwarf", "model", "karma", "stink", "grade", "quiet", "bench", "light", "might", "night", "right"),
    *("sight", "tight", "fight", "baker", "maker", "taker", "wager"),
]


@st.composite
def endgames(draw):
    """Words to try, and a position as a history leaves it: each group of boards shares a
    set of answers, the sets disjoint, the boards in a random order; the guesses left."""
    words = draw(st.lists(st.sampled_from(POOL), min_size=5, max_size=10, unique=True))
    boards_open = draw(st.integers(2, 4))
    counts: list[int] = []
    while sum(counts) < boards_open:
        counts.append(draw(st.integers(1, min(2, boards_open - sum(counts)))))
    sizes = [draw(st.integers(count, count + 2)) for count in counts]
    if sum(sizes) > len(words):
        sizes = counts
    order = draw(st.permutations(words))
    starts = np.cumsum([0, *sizes])
    sets = [order[a:b] for a, b in itertools.pairwise(starts)]
    columns = [members for members, count in zip(sets, counts, strict=True) for _ in range(count)]
    columns = [columns[i] for i in draw(st.permutations(range(boards_open)))]
    left = draw(st.integers(boards_open, boards_open + 2))
    return words, columns, left


@settings(max_examples=120, deadline=None)
@given(endgames())
def test_the_endgame_is_the_exact_search_over_its_words(case):
    """Its cost is the compiled search's least cost over the same words (lost tuples first),
    and its move costs that much there."""
    words, columns, left = case
    tuples = endgame_tuples(columns)
    assume(tuples is not None)  # at most ENDGAME_TUPLES: an endgame
    answers = sorted(set().union(*columns))
    codes = compute_matrix(words, answers)
    shown = {w: dict(zip(answers, codes[g].tolist(), strict=True)) for g, w in enumerate(words)}
    move = endgame_move(tuples, words, shown, DEFAULT_GAME.all_correct, left)
    problem = exact.Problem(codes, DEFAULT_GAME.all_correct)
    rows = np.array([[answers.index(a) for a in t] for t in tuples], dtype=np.int32)
    best = exact.solve(problem, rows, left)
    if move is None:  # no word tells the tuples apart or solves a board
        assert all(len({shown[w][a] for t in tuples for a in t}) == 1 for w in words)
        assert not any(w in t for w in words for t in tuples)
        return
    word, cost = move
    assert cost == best
    assert exact.guess_cost(problem, rows, words.index(word), left, None) == best


def test_the_cost_of_a_lost_tuple_is_the_compiled_searchs():
    assert boards_endgame.LOST == exact.LOST


def test_past_its_work_the_endgame_gives_way_to_the_most_information(monkeypatch):
    answers = POOL[:14]
    steps = [("fight", (DEFAULT_GAME.parse_code("bbbbb"),) * 2)]
    position = board_position(answers, steps, DEFAULT_GAME, 2)
    assert endgame_tuples([position.candidates[b] for b in position.open_boards]) is not None
    assert next_move(position, answers, DEFAULT_GAME, "fight")[1] == ENDGAME
    monkeypatch.setattr(boards_endgame, "ENDGAME_WORK", 10)
    assert next_move(position, answers, DEFAULT_GAME, "fight")[1] == MOST_INFORMATION
    monkeypatch.setattr(boards_endgame, "ENDGAME_TUPLES", 3)
    assert endgame_tuples([position.candidates[b] for b in position.open_boards]) is None


def test_wordle_next_plays_and_names_the_endgame():
    """A seeded Dordle played by the policy to its first endgame move: the command line gives
    that move, with its reason."""
    lists = load_word_lists("original")
    answers, guesses = list(lists.answers), list(lists.guesses)
    secret = random.Random(7).sample(answers, 2)
    history: list[str] = []
    steps: list = []
    while True:
        position = board_position(answers, steps, DEFAULT_GAME, 2)
        guess, rule = next_move(position, guesses, DEFAULT_GAME, "salet")
        if rule == ENDGAME:
            break
        codes = tuple(DEFAULT_GAME.score_code(guess, secret[b]) for b in position.open_boards)
        steps.append((guess, codes))
        history += [guess, ",".join(DEFAULT_GAME.format_code(code) for code in codes)]
        assert len(steps) < boards.guess_limit(2)
    result = run("wordle-next", "--game", "dordle", *history, "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert (doc["guess"], doc["rule"]) == (guess, ENDGAME)
    lines = run("wordle-next", "--game", "dordle", *history).stdout.splitlines()
    assert lines[0] == guess
    assert lines[1].startswith("the fewest guesses over every tuple left")


def test_a_tree_of_the_endgame_policy_is_refused_in_one_line(tmp_path):
    """The endgame is searched live: a compiled policy tree plays the other policies."""
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(POOL[:6]) + "\n")
    with pytest.raises(ValueError, match=r"^the endgame policy searches its endgames live .*entropy"):
        wordle_compiler.compile_tree("endgame", boards=2, answers=answers)
