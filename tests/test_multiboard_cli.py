"""Multi-board games through real processes: ``wordle-next --game quordle`` / ``--boards K``
and ``wordle-compile --boards K``, answers and one-line errors."""

from __future__ import annotations

import json

import pytest

from clirun import one_line_error, run
from naive import naive_boards
from wordle_runtime.feedback import score


def _next(*args):
    return run("wordle-next", *args, timeout=60)


def test_quordle_opens_with_the_trees_first_guess_and_plays_mid_game():
    opening = _next("--game", "quordle", "--json")
    assert opening.returncode == 0, opening.stderr
    doc = json.loads(opening.stdout)
    assert doc["guess"] == "salet"
    assert doc["rule"] == "opening"
    assert [board["remaining"] for board in doc["boards"]] == [2315] * 4
    middle = _next("--game", "quordle", "salet", "bbygb,gbbyb,bbbbb,ybbbb", "--json")
    doc = json.loads(middle.stdout)
    assert doc["rule"] == "most information"
    assert doc["guesses_left"] == 8
    assert all(board["remaining"] > 1 for board in doc["boards"])


def test_a_solved_board_drops_out_of_later_steps_and_its_word_out_of_the_others():
    first = _next("--boards", "2", "--json", "cigar", "ggggg,bbbbb")
    doc = json.loads(first.stdout)
    assert doc["boards"][0]["solved"] == "cigar"
    assert "cigar" not in doc["boards"][1]["candidates"]
    shown = score(doc["guess"], "humph")  # humph shares no letter with cigar: board 2's bbbbb fits it
    text = _next("--game", "dordle", "cigar", "ggggg,bbbbb", doc["guess"], shown)
    assert text.returncode == 0, text.stderr
    assert "board 1: solved: cigar" in text.stdout
    assert "guess 3 of 7" in text.stdout


@pytest.mark.long
def test_the_last_answers_are_played_and_said_to_be_proved():
    steps = ["cigar", "ggggg,bbbbb"]
    doc = json.loads(_next("--game", "dordle", "--json", *steps).stdout)
    while not doc["solved"] and doc["rule"] != "last candidate":
        word = doc["guess"]
        target = "humph" if "humph" in doc["boards"][1]["candidates"] else doc["boards"][1]["candidates"][0]
        steps += [word, score(word, target)]
        doc = json.loads(_next("--game", "dordle", "--json", *steps).stdout)
    assert doc["proved"] is True
    assert doc["boards"][1]["remaining"] == 1


@pytest.mark.parametrize(
    "args, fragments",
    [
        (("--game", "quordle", "salet", "bbbbb,bbbbb"), ["2 patterns for 4 open boards"]),
        (("--game", "sixordle"), ["dordle, quordle, octordle, sedecordle, duotrigordle"]),
        (("--game", "quordle", "--boards", "2"), ["quordle has 4 boards, not 2"]),
        (("--boards", "33"), ["2 to 32 boards"]),
        (("--boards", "2", "zzzzz", "bbbbb,bbbbb"), ["not in the guess list"]),
        (("--boards", "2", "-i"), ["interactive play is single-board"]),
        (("--boards", "2", "--tree", "mastermind-4x6-optimal-normal"), ["not Mastermind"]),
    ],
)
def test_bad_multi_board_input_is_one_line_and_exit_2(args, fragments):
    one_line_error(_next(*args), 2, *fragments)


def test_an_impossible_history_is_exit_1():
    one_line_error(_next("--boards", "2", "cigar", "ggggg,ggggg"), 1, "cannot solve two boards")
    one_line_error(_next("--boards", "2", "zymic", "ggggg,bbbbb"), 1, "board 1 cannot be 'zymic': it is not an answer")


WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]


@pytest.mark.parametrize("boards, objective, limit", [(2, "total", 7), (3, "win", 3), (2, "win", 3)])
def test_compile_boards_equals_the_exhaustive_minimiser(tmp_path, boards, objective, limit):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    result = run(
        "wordle-compile",
        "--boards", boards, "--answers", answers, "--guesses", answers, "--strategy", "optimal",
        "--objective", objective, "--max-depth", limit, "--json", "-o", tmp_path / "tree.json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert (doc["lost"], doc["total_guesses"]) == naive_boards(sorted(WORDS), sorted(WORDS), boards, limit, objective)
    tree = json.loads((tmp_path / "tree.json").read_text())
    assert tree["tree"]["guess"] == doc["first_guess"]


@pytest.mark.long
@pytest.mark.parametrize(
    "args, code, fragment",
    [
        (("--game", "quordle", "--strategy", "optimal"), 2, "at most 200,000"),
        (("--boards", "2", "--strategy", "random"), 2, "exact (strategy optimal) or a policy's whole tree"),
        (("--boards", "2", "--answers", "ANSWERS", "--strategy", "optimal", "--jobs", "2"), 2, "--jobs lays out"),
        (("--boards", "2", "--answers", "ANSWERS", "--strategy", "optimal", "--max-depth", "2"), 1, "cannot be solved"),
    ],
)
def test_compile_boards_errors_are_one_line(tmp_path, args, code, fragment):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    args = [str(answers) if a == "ANSWERS" else a for a in args]
    one_line_error(run("wordle-compile", *args), code, fragment)


def test_analyse_values_a_position_as_the_exhaustive_minimiser(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    lists = ("--answers", answers, "--guesses", answers)
    result = run("wordle-tree", "analyse", "--boards", "2", *lists, "--json", "--max-depth", "7")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["exact"] is True
    assert doc["tuples"] == 30
    assert doc["moves"][0]["guesses"] == naive_boards(sorted(WORDS), sorted(WORDS), 2, 7, "total")[1]
    shown = score("cigar", "humph")
    middle = run("wordle-tree", "analyse", "--boards", "2", *lists, "cigar", f"ggggg,{shown}", "--move", "humph")
    assert middle.returncode == 0, middle.stderr
    assert "2 tuples of distinct answers, 1 open board (2 answers), 6 guesses left" in middle.stdout
    assert "humph: 3 guesses in all, 0.0000 more per tuple than the best" in middle.stdout


def test_analyse_gives_the_policys_move_when_the_tuples_are_too_many():
    result = run("wordle-tree", "analyse", "--game", "quordle", "salet", "bbygb,gbbyb,bbbbb,bbybb")
    assert result.returncode == 0, result.stderr
    assert "more tuples than an exact analysis takes" in result.stdout
    assert "(heuristic)" in result.stdout
    one_line_error(run("wordle-tree", "analyse", "--game", "quordle", "--review"), 2, "single-board")


SIX = ["abacus", "abbess", "abduct", "abject", "abjure"]


def test_compile_and_analyse_boards_of_a_named_game(tmp_path):
    from wordle_compiler.core.games import named_game

    six = tmp_path / "six.txt"
    six.write_text("\n".join(SIX) + "\n")
    lists = ("--game", "en6", "--boards", 2, "--answers", six, "--guesses", six)
    result = run("wordle-compile", *lists, "--strategy", "optimal", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["game"] == "wordle:6"
    expected = naive_boards(SIX, SIX, 2, 7, "total", named_game("en6").game)
    assert (doc["lost"], doc["total_guesses"]) == expected
    analysed = run("wordle-tree", "analyse", *lists, "--json")
    assert analysed.returncode == 0, analysed.stderr
    assert json.loads(analysed.stdout)["moves"][0]["guesses"] == expected[1]


def test_rank_boards_prints_the_table_and_writes_the_results_file(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    lists = ("--boards", 2, "--answers", answers, "--guesses", answers)
    text = run("wordle-rank", *lists, "--top", 2, "--objective", "win", "--max-depth", 3, cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    best = naive_boards(sorted(WORDS), sorted(WORDS), 2, 3, "win")
    assert lines[0].startswith(f"best first word: rebut, {best[0]} tuples unsolved, {best[1]} guesses in all")
    assert lines[2].split() == ["rebut", str(best[0]), str(best[1]), f"{best[1] / 30:.5f}"]
    assert "… and 4 more" in text.stdout
    results = (tmp_path / "ranking-answers-answers-normal-boards2-depth3-win.csv").read_text().splitlines()
    assert "; boards 2;" in results[0]
    assert results[0].endswith("; complete yes")
    assert results[1] == "word,lost,total,average,status,check"
    assert [line.split(",")[0] for line in results[2:]][:1] == ["rebut"]
    assert len(results) == 8
    again = run("wordle-rank", *lists, "--objective", "win", "--max-depth", 3, cwd=tmp_path)
    one_line_error(again, 2, "already holds 6 rows", "--force")


@pytest.mark.long
@pytest.mark.parametrize(
    "args, code, fragment",
    [
        (("--game", "dordle"), 2, "an exact multi-board ranking takes at most 2,000"),
        (("--game", "quordle", "--boards", 2), 2, "quordle has 4 boards, not 2"),
        (("--boards", 2, "--answers", "ANSWERS", "--second-after", "cigar"), 2, "--second-after is for single-board"),
        (("--boards", 2, "--answers", "ANSWERS", "--format", "selby"), 2, "--format selby is for single-board"),
        (("--boards", 2, "--answers", "ANSWERS", "--mode", "hard"), 2, "normal mode"),
        (("--answers", "ANSWERS", "--objective", "win"), 2, "--objective win is for multi-board games"),
    ],
)
def test_rank_boards_errors_are_one_line(tmp_path, args, code, fragment):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    args = [str(answers) if a == "ANSWERS" else a for a in args]
    one_line_error(run("wordle-rank", *args, cwd=tmp_path), code, fragment)
    as_json = run("wordle-rank", *args, "--json", cwd=tmp_path)
    assert json.loads(as_json.stdout)["exit_code"] == code
