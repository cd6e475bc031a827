"""Multi-board games as a game like the others: ``Settings(boards=K)`` (or ``game="quordle"``)
checked when made, and ``compile_tree``, ``analyse`` and ``rank_first_words`` on several
boards, against the exhaustive minimiser (tests/naive.py) and the command line's answers."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_compiler
from clirun import run
from naive import naive_boards
from wordle_compiler import BoardsAnalysis, BoardsRankedWord, BoardsResult, Settings
from wordle_compiler.core.games import named_game
from wordle_runtime.feedback import score

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]
POOL = sorted(["cigar", "rebut", "sissy", "humph", "awake", "blush", "focal", "evade", "light", "might", "night"])


@pytest.fixture
def lists(tmp_path):
    path = tmp_path / "answers.txt"
    path.write_text("\n".join(WORDS) + "\n")
    return str(path)


def test_named_board_games_are_the_original_lists_on_their_boards():
    quordle = Settings(game="quordle")
    assert (quordle.game, quordle.answers, quordle.guesses, quordle.boards, quordle.max_depth) == (
        None,
        "original",
        None,
        4,
        9,
    )
    assert Settings(game="dordle").boards == 2
    assert Settings(game=" Octordle ").boards == 8
    assert Settings(game="quordle", boards=4) == quordle == Settings(boards=4)
    assert Settings(boards=1) == Settings()
    assert Settings().boards == 1
    assert Settings(boards=2, max_depth=4).max_depth == 4


def test_boards_of_any_wordle_game():
    two = Settings(game="en6", boards=2)
    assert two.game == named_game("en6").game
    assert (two.answers, two.guesses, two.boards, two.max_depth) == ("en6", "en6", 2, 7)


@pytest.mark.parametrize(
    "given, fragment",
    [
        ({"game": "quordle", "boards": 2}, "quordle has 4 boards, not 2"),
        ({"boards": 33}, "boards must be a whole number from 1 to 32"),
        ({"boards": 0}, "boards must be a whole number"),
        ({"boards": True}, "boards must be a whole number"),
        ({"boards": "2"}, "boards must be a whole number"),
        ({"boards": 2, "mode": "hard"}, "normal mode"),
        ({"boards": 2, "objective": "depth"}, "multi-board objective is one of total, win"),
        ({"objective": "win"}, "objective 'win' is for multi-board games"),
        ({"boards": 2, "prior": "frequency"}, "no deep, weights or prior"),
        ({"boards": 2, "weights": {"cigar": 2}}, "no deep, weights or prior"),
        ({"game": "mastermind:4x6", "boards": 2}, "not Mastermind"),
    ],
)
def test_bad_boards_settings_are_one_value_error(given, fragment):
    with pytest.raises(ValueError, match=fragment):
        Settings(**given)


def test_a_keyword_must_agree_with_the_settings():
    with pytest.raises(ValueError, match=r"boards=2 disagrees with settings\.boards=4"):
        wordle_compiler.analyse("", settings=Settings(game="quordle"), boards=2)


def test_compile_tree_on_boards_is_the_commands_exact_tree(lists, tmp_path):
    result = wordle_compiler.compile_tree("optimal", settings=Settings(boards=2, answers=lists, guesses=lists))
    assert isinstance(result, BoardsResult)
    assert (result.lost, result.total_guesses) == naive_boards(sorted(WORDS), sorted(WORDS), 2, 7, "total")
    tree = tmp_path / "tree.json"
    done = run(
        "wordle-compile", "--boards", 2, "--answers", lists, "--guesses", lists, "--strategy", "optimal", "-o", tree
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(tree.read_text()) == result.document()
    fixed = wordle_compiler.compile_tree("optimal", boards=2, answers=lists, guesses=lists, start="humph")
    assert fixed.tree["guess"] == "humph"


@pytest.mark.parametrize(
    "call, fragment",
    [
        (lambda lists: wordle_compiler.compile_tree("random", boards=2, answers=lists), "exact \\(strategy optimal\\)"),
        (lambda lists: wordle_compiler.compile_tree("optimal", boards=2, answers=lists, jobs=2), "jobs lays out"),
        (
            lambda lists: wordle_compiler.compile_tree("entropy", boards=4, answers=lists),
            "two boards \\(Dordle\\) only",
        ),
        (lambda lists: wordle_compiler.compile_tree("optimal", game="dordle"), "at most 200,000"),
        (lambda lists: wordle_compiler.review("salet bbbbb,bbbbb", game="dordle"), "single-board"),
        (lambda lists: wordle_compiler.analyse("", boards=2, answers=lists, move="cigar", rank=True), "single-board"),
        (lambda lists: wordle_compiler.rank_first_words(game="dordle"), "at most 2,000"),
        (lambda lists: wordle_compiler.rank_first_words(boards=2, answers=lists, margin=1), "single-board rankings"),
    ],
)
def test_what_several_boards_refuse_is_one_value_error(lists, call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call(lists)


def test_analyse_on_boards_is_the_commands_analysis(lists):
    history = f"cigar ggggg,{score('cigar', 'humph')}"
    analysis = wordle_compiler.analyse(history, settings=Settings(boards=2, answers=lists, guesses=lists), move="humph")
    assert isinstance(analysis, BoardsAnalysis)
    assert analysis.exact
    assert analysis.tuples == 2
    assert analysis.played is not None
    assert analysis.played.word == "humph"
    asked = ("--boards", 2, "--answers", lists, "--guesses", lists, "--move", "humph", "--json")
    done = run("wordle-tree", "analyse", *asked, *history.split())
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == analysis.to_json()
    step = ("cigar", f"ggggg,{score('cigar', 'humph')}")
    steps = wordle_compiler.analyse([step], boards=2, answers=lists, guesses=lists)
    assert steps.moves == analysis.moves


def test_analyse_gives_the_policys_move_beyond_the_exact_limit():
    history = "salet bbygb,gbbyb,bbbbb,bbybb"
    analysis = wordle_compiler.analyse(history, settings=Settings(game="quordle"), top=3)
    assert not analysis.exact
    assert len(analysis.moves) == 1
    done = run("wordle-tree", "analyse", "--game", "quordle", *history.split(), "--json")
    assert json.loads(done.stdout) == analysis.to_json()


def test_rank_first_words_on_boards_is_wordle_rank(lists, tmp_path):
    ranked = wordle_compiler.rank_first_words(settings=Settings(boards=2, answers=lists, guesses=lists))
    assert all(isinstance(row, BoardsRankedWord) and row.exact for row in ranked)
    assert sorted(row.word for row in ranked) == sorted(WORDS)
    keys = [(row.lost, row.total, row.word) for row in ranked]
    assert keys == sorted(keys)
    assert ranked[0].total == naive_boards(sorted(WORDS), sorted(WORDS), 2, 7, "total")[1]
    done = run("wordle-rank", "--boards", 2, "--answers", lists, "--guesses", lists, "--json", "-o", tmp_path / "r.csv")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert [(row["word"], row["total"]) for row in doc["exact"]] == [(row.word, row.total) for row in ranked]
    chosen = wordle_compiler.rank_first_words(boards=2, answers=lists, guesses=lists, first_words=["sissy", "cigar"])
    assert [row.word for row in chosen] == [row.word for row in ranked if row.word in ("sissy", "cigar")]


@st.composite
def small_games(draw):
    boards = draw(st.sampled_from([2, 3]))
    answers = sorted(draw(st.lists(st.sampled_from(POOL), min_size=boards, max_size=6, unique=True)))
    extra = draw(st.lists(st.sampled_from(POOL), max_size=2, unique=True))
    return answers, sorted(set(answers) | set(extra)), boards, draw(st.integers(boards, boards + 2))


@pytest.mark.long
@settings(max_examples=40, deadline=None)
@given(small_games(), st.sampled_from(["total", "win"]))
def test_the_ranking_is_each_first_guess_exhaustively_minimised(game, objective):
    answers, guesses, boards, limit = game
    with tempfile.TemporaryDirectory() as folder:
        files = [Path(folder, name) for name in ("answers.txt", "guesses.txt")]
        for path, words in zip(files, (answers, guesses), strict=True):
            path.write_text("\n".join(words) + "\n")
        played = Settings(boards=boards, answers=files[0], guesses=files[1], max_depth=limit, objective=objective)
        ranked = wordle_compiler.rank_first_words(settings=played)
    assert len(ranked) == len(guesses)
    for row in ranked:
        value = naive_boards(answers, guesses, boards, limit, objective, first=row.word)
        assert (row.status == "infeasible") == (value is None)
        if value is not None:
            assert (row.lost, row.total) == value
    best = naive_boards(answers, guesses, boards, limit, objective)
    assert (None if ranked[0].total is None else (ranked[0].lost, ranked[0].total)) == best


@pytest.mark.long
def test_a_ranking_on_two_dask_workers_is_the_one_process_ranking(lists):
    played = Settings(boards=2, answers=lists, guesses=lists)
    alone = wordle_compiler.rank_first_words(settings=played, top="all")
    assert wordle_compiler.rank_first_words(settings=played, top="all", jobs=2) == alone
    assert len(alone) == len(WORDS)
