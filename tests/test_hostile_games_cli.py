"""Hostile game settings through the real command lines: Mastermind sizes over the limits,
malformed ``--game`` values, hard mode where a game has none, ``--prior frequency`` where
the words have no frequencies, a ``-o`` file that is not a results file, and ``verify``'s
problem lines in each game's own notation."""

from __future__ import annotations

import re
import time

import pytest

from clirun import one_line_error, run

FRONT_DOORS = {
    "wordle-compile": ("wordle-compile", "--strategy", "first"),
    "wordle-rank": ("wordle-rank",),
    "wordle-tree analyse": ("wordle-tree", "analyse", "--top", "1"),
}
HARD = "has no hard mode"
NOT_WORDS = "this game's are not words"


def _front_door(name: str, tmp_path) -> tuple[str, ...]:
    """The command's program and arguments, its output in ``tmp_path``."""
    prog, *args = FRONT_DOORS[name]
    out = {"wordle-compile": ["-o", tmp_path / "out.wtree"], "wordle-rank": ["-o", tmp_path / "out.csv"]}
    return prog, *args, *out.get(name, [])


@pytest.mark.long
@pytest.mark.parametrize("name", FRONT_DOORS)
@pytest.mark.parametrize("spec, codes", [("mastermind:8x9", "43,046,721"), ("mastermind:6x6", "46,656")])
def test_a_mastermind_over_the_limits_is_refused_at_once(name, spec, codes, tmp_path):
    began = time.monotonic()
    result = run(*_front_door(name, tmp_path), "--game", spec)
    seconds = time.monotonic() - began
    one_line_error(result, 2, f"{spec} has {codes} codes", "40,000")
    assert seconds < 5, seconds  # counted, never made: 8x9's codes took 43 s and 3.4 GB
    assert list(tmp_path.iterdir()) == []


def test_the_api_refuses_a_mastermind_over_the_limits_when_settings_are_made():
    from wordle_compiler import Settings

    with pytest.raises(ValueError, match="16,777,216 codes"):
        Settings(game="mastermind:8x8")


DIGITS = "9" * 4301  # one more than Python's int() takes from a string


@pytest.mark.long
@pytest.mark.parametrize("name", FRONT_DOORS)
@pytest.mark.parametrize("spec", [f"mastermind:4x{DIGITS}", f"mastermind:{DIGITS}x6"])
def test_a_game_size_of_thousands_of_digits_is_a_short_usage_error(name, spec, tmp_path):
    line = one_line_error(run(*_front_door(name, tmp_path), "--game", spec), 2, "Mastermind takes 2-8 pegs and 2-10")
    assert len(line) < 200, line


@pytest.mark.long
@pytest.mark.parametrize(
    "spec, fragment",
    [
        ("mastermind:0x0", "not 0x0"),
        ("mastermind:4x", "unknown game"),
        ("mastermind:-1x6", "unknown game"),
        ("mastermind:4x-6", "unknown game"),
        ("mastermind:4x99999999999999", "not 4x99999999999999"),
        ("mastermind:9x4", "not 9x4"),
        (f"mastermind:{DIGITS}", "unknown game"),
    ],
)
def test_malformed_game_specs_are_one_line_usage_errors(spec, fragment, tmp_path):
    result = run("wordle-rank", "--game", spec, "-o", tmp_path / "out.csv", "--json")
    line = one_line_error(result, 2, fragment)
    assert len(line) < 200, line
    assert '"exit_code": 2' in result.stdout


def test_verify_checks_a_six_letter_tree_under_hard_mode():
    step, illegal = "[gyb]{6}", "'[a-z]{6}' is not a legal guess in hard mode"
    result = run("wordle-tree", "verify", "en6-optimal-normal", "--mode", "hard")
    assert result.returncode == 1, result.stderr  # its normal-mode guesses break hard mode
    assert "internal error" not in result.stderr
    problems = [line.strip() for line in result.stdout.splitlines() if "→" in line]
    assert problems, result.stdout
    assert all(re.fullmatch(rf"carnet {step}( [a-z]{{6}} {step})* → [a-z]{{6}}: {illegal}", p) for p in problems)
    assert run("wordle-tree", "verify", "en6-optimal-hard", "--mode", "hard").returncode == 0


@pytest.mark.long
@pytest.mark.parametrize(
    "game, opening, shown",
    [
        (["--game", "mastermind:3x3"], "112,333", r"112 B\dW\d → 333: '333'"),
        (["--answers", "two.txt", "--guesses", "all-two.txt"], "ab,ef", r"ab [gyb]{2} → ef: 'ef'"),
    ],
)
def test_verify_names_steps_in_the_games_own_notation(game, opening, shown, tmp_path):
    (tmp_path / "two.txt").write_text("ab\nba\nac\nca\nbc\ncb\nad\nda\nbd\ndb\ncd\ndc\n")
    (tmp_path / "all-two.txt").write_text("".join(a + b + "\n" for a in "abcdef" for b in "abcdef"))
    built = run("wordle-compile", *game, "--opening", opening, "-o", "t.wtree", "--quiet", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    result = run("wordle-tree", "verify", "t.wtree", "--mode", "possible", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    problems = [line.strip() for line in result.stdout.splitlines() if "→" in line]
    assert problems, result.stdout
    assert all(re.fullmatch(shown + " is not a legal guess in possible mode", p) for p in problems), problems


@pytest.mark.parametrize("name", FRONT_DOORS)
def test_mastermind_hard_mode_is_refused_before_any_output_is_touched(name, tmp_path):
    prog, *args = _front_door(name, tmp_path)
    kept = b"# wordle-rank results; kept byte for byte\n"
    for path in tmp_path.iterdir():
        path.unlink()
    for target in ("out.wtree", "out.csv"):
        (tmp_path / target).write_bytes(kept)
    result = run(prog, *args, "--game", "mastermind:3x3", "--mode", "hard", "--json")
    one_line_error(result, 2, f"mastermind:3x3 {HARD}")
    assert HARD in result.stdout
    assert [p.read_bytes() for p in sorted(tmp_path.iterdir())] == [kept, kept]


def test_verify_refuses_hard_mode_for_a_mastermind_tree():
    one_line_error(run("wordle-tree", "verify", "mastermind-4x6-optimal-normal", "--mode", "hard"), 2, HARD)


@pytest.mark.long
def test_a_file_that_is_not_a_results_file_survives_wordle_rank(tmp_path):
    notes = tmp_path / "notes.csv"
    content = "my notes, not a ranking\n"
    notes.write_text(content)
    args = ("wordle-rank", "--game", "mastermind:2x3", "-o", notes, "--quiet")
    one_line_error(run(*args), 2, "not a wordle-rank results file", "--force")
    one_line_error(run(*args, "--resume"), 2, "not resuming from it")
    assert notes.read_text() == content
    notes.write_text("no newline")  # no complete line, so no claim to resume from either
    one_line_error(run(*args, "--resume"), 2, "not a wordle-rank results file")
    assert notes.read_text() == "no newline"
    assert run(*args, "--force").returncode == 0
    assert notes.read_text().startswith("# wordle-rank results")


def test_a_selby_results_file_of_one_row_is_not_replaced_without_force(tmp_path):
    first = tmp_path / "first.txt"
    first.write_text("11\n")
    results = tmp_path / "ranked.txt"
    args = ("wordle-rank", "--game", "mastermind:2x3", "--first-words", first, "--format", "selby", "-o", results)
    assert run(*args, "--quiet").returncode == 0
    before = results.read_bytes()
    assert len(before.splitlines()) == 2  # the first line and one row
    one_line_error(run(*args, "--quiet"), 2, "already holds 1 row")
    assert results.read_bytes() == before


@pytest.mark.parametrize("name", FRONT_DOORS)
def test_prior_frequency_is_refused_for_mastermind(name, tmp_path):
    one_line_error(run(*_front_door(name, tmp_path), "--game", "mastermind:3x3", "--prior", "frequency"), 2, NOT_WORDS)
    assert list(tmp_path.iterdir()) == []


def test_prior_frequency_is_refused_when_verifying_a_mastermind_tree():
    result = run("wordle-tree", "verify", "mastermind-4x6-optimal-normal", "--prior", "frequency")
    one_line_error(result, 2, NOT_WORDS)


def test_prior_frequency_is_refused_for_lists_without_a_known_word(tmp_path):
    pytest.importorskip("wordfreq")
    (tmp_path / "odd.txt").write_text("qxzqj\njqzxq\nzqxjq\n")
    result = run(
        "wordle-compile",
        "--answers",
        "odd.txt",
        "--guesses",
        "answers",
        "--prior",
        "frequency",
        "-o",
        "t.wtree",
        cwd=tmp_path,
    )
    one_line_error(result, 2, "none of the 3 answers has one in wordfreq's 'en' words")
