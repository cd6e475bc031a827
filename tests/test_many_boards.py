"""Sedecordle (16 boards, 21 guesses) and Duotrigordle (32 boards, 37 guesses): the named
games and the range of ``--boards`` (2 to 32) in the runtime, in the compiler's settings and
through every command line as a real process; and the runtime's shared scoring of a move
(:func:`wordle_runtime.boards.codes_of`) against the game's own rule."""

from __future__ import annotations

import itertools
import json

import pytest

from clirun import one_line_error, run
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.wordlists import load_word_lists
from wordle_runtime.boards import (
    BOARD_GAMES,
    MAX_BOARDS,
    MIN_BOARDS,
    boards_of,
    boards_problem,
    codes_of,
    guess_limit,
    parse_board_history,
)
from wordle_runtime.game import DEFAULT_GAME, parse_game
from wordle_runtime.history import HistoryError

# Sixteen answers and salet's pattern on each (a Sedecordle's first step).
SIXTEEN = [
    "prose",
    "steer",
    "super",
    "lunch",
    "shame",
    "grunt",
    "snout",
    "adobe",
    "scram",
    "joust",
    "helix",
    "grill",
    "agora",
    "mecca",
    "minty",
    "parer",
]
SALET_16 = "ybbyb,gbbgy,gbbgb,bbybb,gybyb,bbbbg,gbbbg,bybyb,gybbb,ybbbg,bbgyb,bbybb,bybbb,bybyb,bbbby,bgbgb"


def test_the_runtime_names_five_games_and_takes_2_to_32_boards():
    assert BOARD_GAMES == {"dordle": 2, "quordle": 4, "octordle": 8, "sedecordle": 16, "duotrigordle": 32}
    assert (MIN_BOARDS, MAX_BOARDS) == (2, 32)
    assert [guess_limit(boards) for boards in BOARD_GAMES.values()] == [7, 9, 13, 21, 37]
    assert boards_of(" Sedecordle ", None) == (None, 16)
    assert boards_of("duotrigordle", 32) == (None, 32)
    assert boards_of(None, 32) == (None, 32)
    assert boards_problem(32) is None
    assert boards_problem(33) == "a multi-board game has 2 to 32 boards, not 33"
    with pytest.raises(ValueError, match="duotrigordle has 32 boards, not 16"):
        boards_of("duotrigordle", 16)
    with pytest.raises(ValueError, match="from 1 to 32"):
        boards_of(None, 33)


def test_the_compilers_settings_play_the_named_games_on_the_original_lists():
    sedecordle = Settings(game="sedecordle")
    assert (sedecordle.game, sedecordle.answers, sedecordle.boards, sedecordle.max_depth) == (None, "original", 16, 21)
    assert Settings(game="DUOTRIGORDLE") == Settings(boards=32)
    assert Settings(boards=32).max_depth == 37
    with pytest.raises(ValueError, match="boards must be a whole number from 1 to 32"):
        Settings(boards=33)


def test_a_sedecordle_history_takes_one_pattern_per_open_board_and_21_steps():
    steps = parse_board_history(["salet", SALET_16], DEFAULT_GAME, 16)
    assert len(steps) == 1
    assert len(steps[0][1]) == 16
    with pytest.raises(HistoryError, match="15 patterns for 16 open boards"):
        parse_board_history(["salet", SALET_16[6:]], DEFAULT_GAME, 16)
    with pytest.raises(HistoryError, match="the history has 22 steps; a 16-board game allows 21"):
        parse_board_history(["salet", ",".join(["bbbbb"] * 16)] * 22, DEFAULT_GAME, 16)


def test_a_moves_codes_are_the_games_own_scores():
    words = load_word_lists("original")
    answers = list(words.answers)[::8]
    for guess in [*list(words.guesses)[::61], "geese", "mamma", "salet", "xylyl"]:  # repeated letters too
        codes = codes_of(guess, answers, DEFAULT_GAME)
        assert codes == {answer: DEFAULT_GAME.score_code(guess, answer) for answer in answers}, guess
    mastermind = parse_game("mastermind:4x6")
    every = ["".join(code) for code in itertools.product("123456", repeat=4)]
    for guess in every[::97]:
        assert codes_of(guess, every, mastermind) == {code: mastermind.score_code(guess, code) for code in every}


@pytest.mark.parametrize(
    "command, fragment",
    [
        (("wordle-next",), "a multi-board game has 2 to 32 boards, not 33"),
        (("wordle-tree", "analyse"), "33 is not in the range 2<=x<=32"),
        (("wordle-compile",), "33 is not in the range 2<=x<=32"),
        (("wordle-rank",), "33 is not in the range 2<=x<=32"),
    ],
)
def test_33_boards_are_refused_in_one_line_with_exit_2(tmp_path, command, fragment):
    one_line_error(run(*command, "--boards", "33", cwd=tmp_path), 2, fragment)


def test_32_boards_are_played_and_analysed():
    played = run("wordle-next", "--boards", "32", "--json")
    assert played.returncode == 0, played.stderr
    doc = json.loads(played.stdout)
    assert (doc["guess"], doc["rule"], doc["guesses_left"]) == ("salet", "opening", 37)
    assert [board["remaining"] for board in doc["boards"]] == [2315] * 32
    analysed = run("wordle-tree", "analyse", "--game", "duotrigordle", "--json")
    assert analysed.returncode == 0, analysed.stderr
    doc = json.loads(analysed.stdout)
    assert (doc["exact"], doc["guesses_left"], doc["candidates"]) == (False, 37, [2315] * 32)
    assert doc["moves"][0]["word"] == "salet"


def test_a_sedecordle_position_is_answered_with_its_guess_count():
    result = run("wordle-next", "--game", "sedecordle", "salet", SALET_16)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "the most information over the open boards (heuristic); guess 2 of 21"
    assert len(lines) == 2 + 16
    assert lines[3] == "board 2: 3 answers remain: steed steep steer"
    with_json = json.loads(run("wordle-next", "--game", "sedecordle", "salet", SALET_16, "--json").stdout)
    assert with_json["guess"] == lines[0]
    assert with_json["guesses_left"] == 20
    assert all(word in board["candidates"] for word, board in zip(SIXTEEN, with_json["boards"], strict=True))


@pytest.mark.parametrize(
    "args, fragment",
    [
        (("wordle-compile", "--game", "sedecordle", "--strategy", "optimal"), "about 6.5e53 tuples of 16 distinct"),
        (("wordle-rank", "--game", "duotrigordle"), "about 3.7e107 tuples of 32 distinct answers out of 2315"),
    ],
)
def test_the_exact_commands_take_the_named_games_and_refuse_their_tuples(tmp_path, args, fragment):
    one_line_error(run(*args, cwd=tmp_path), 2, fragment)
