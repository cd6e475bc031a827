"""A multi-board position with one board open is valued by the single-board engine: its
values equal the multi-board exact search's on the same position."""

from __future__ import annotations

import json

import pytest

from clirun import run
from sampled_lists import write_sampled_lists
from wordle_compiler.analysis.boards import analyse_boards, played_lists
from wordle_compiler.core.settings import Settings
from wordle_compiler.multiboard.position import SearchAids, analyse_position, move_value
from wordle_runtime.boards import board_position, parse_board_history


def _one_open_histories(played, rng, count):
    """Dordle histories whose first guess solves board 1, board 2 showing what it shows."""
    found = []
    while len(found) < count:
        first, second = rng.sample(played.answers, 2)
        shown = played.game.format_code(played.game.score_code(first, second))
        found.append([first, f"{played.game.format_code(played.game.all_correct)},{shown}"])
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_open_board_equals_the_multi_board_search(tmp_path, seed):
    answers, guesses, rng = write_sampled_lists(tmp_path, seed, n_answers=60, n_drawn=400, n_extra=120)
    for max_depth in (7, 3, 2):
        settings = Settings(answers=str(answers), guesses=str(guesses), boards=2, max_depth=max_depth)
        played = played_lists(*settings.lists(), settings.game)
        for history in _one_open_histories(played, rng, 4):
            ours = analyse_boards(settings, history, top=3)
            steps = parse_board_history(history, played.game, 2)
            position = board_position(played.answers, steps, played.game, 2)
            left = max_depth - 1
            theirs = analyse_position(position, played, 3, left)
            assert ours.tuples == theirs.tuples == len(position.candidates[1])
            assert (ours.moves[0].guesses, ours.moves[0].lost) == (theirs.moves[0].guesses, theirs.moves[0].lost)
            for move in ours.moves:
                assert move_value(position, played, move.word, left) == move, (history, max_depth)


@pytest.mark.long
def test_a_solved_board_leaves_the_single_board_analysis():
    """``wordle-tree analyse --game dordle lymph ggggg,bybbb`` answers as ``analyse lymph bybbb``."""
    boards = run("wordle-tree", "analyse", "--game", "dordle", "lymph", "ggggg,bybbb", "--top", "3", "--json")
    single = run("wordle-tree", "analyse", "lymph", "bybbb", "--top", "3", "--json")
    assert boards.returncode == 0, boards.stderr
    ours, theirs = json.loads(boards.stdout), json.loads(single.stdout)
    assert ours["exact"]
    assert ours["tuples"] == 182
    assert [(m["word"], m["guesses"]) for m in ours["moves"]] == [(m["word"], m["total"]) for m in theirs["moves"][:3]]


@pytest.mark.parametrize("seed", [4, 5])
def test_the_single_board_engine_below_equals_the_multi_board_search(tmp_path, seed):
    """Positions of two and three open boards: the search that values its one-board positions
    with the single-board engine finds the same costs as the one that searches them itself."""
    from wordle_compiler.analysis.one_board import board_context, one_board_values

    answers, guesses, rng = write_sampled_lists(tmp_path, seed, n_answers=40, n_drawn=300, n_extra=80)
    compared = 0
    for boards, max_depth in ((2, 7), (2, 3), (3, 8)):
        settings = Settings(answers=str(answers), guesses=str(guesses), boards=boards, max_depth=max_depth)
        played = played_lists(*settings.lists(), settings.game)
        one_board = one_board_values(board_context(*settings.lists(), settings.game))
        for _ in range(6):
            first = rng.choice(played.guesses)
            secret = rng.sample(played.answers, boards)
            shown = ",".join(played.game.format_code(played.game.score_code(first, a)) for a in secret)
            steps = parse_board_history([first, shown], played.game, boards)
            position = board_position(played.answers, steps, played.game, boards)
            if len(position.open_boards) < 2:
                continue
            plain = analyse_position(position, played, 3, max_depth - 1)
            if not plain.exact:
                continue
            helped = analyse_position(position, played, 3, max_depth - 1, SearchAids(one_board))
            assert helped.moves == plain.moves, (first, shown, max_depth)
            compared += 1
    assert compared >= 6


@pytest.mark.long
def test_a_search_past_its_time_limit_gives_the_policys_move_with_the_tuples_counted():
    settings = Settings(game="dordle")
    played = played_lists(*settings.lists(), settings.game)
    history = ["salet", "bbbgb,byyyb", "dinar", "bbbbg,bbbyb"]  # 435 tuples: more than a second of search
    position = board_position(played.answers, parse_board_history(history, played.game, 2), played.game, 2)
    reports = []
    aids = SearchAids(time_limit=0.5, report=lambda *r: reports.append(r))
    stopped = analyse_position(position, played, 3, aids=aids, move="chomp")
    assert (stopped.exact, stopped.tuples, len(stopped.moves)) == (False, 435, 1)
    assert stopped.moves[0].guesses == -1
    assert stopped.played is None
    assert all(done <= of for done, of in reports)
