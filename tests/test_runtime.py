"""Runtime API and the `wordle-next` CLI, from the shipped default tree."""

import json
import subprocess
import sys

import pytest

from wordle_runtime import HistoryError, load, parse_history, score
from wordle_runtime.cli import main as next_main
from wordle_runtime.tree import choose_off_tree, pattern_is_possible


@pytest.fixture(scope="module")
def tree():
    return load(None)


def test_default_tree_first_guess_and_stats(tree):
    assert tree.next_guess([]) == tree.first_guess
    assert tree.stats["answers"] == 2315
    assert len(tree.candidates([])) == 2315


def test_walk_solves_every_answer(tree):
    for answer in tree.answers[::37]:
        history = []
        for _ in range(10):
            guess = tree.next_guess(history)
            if guess is None:
                break
            history.append((guess, score(guess, answer)))
        assert history[-1] == (answer, "ggggg")


def test_candidates_match_score_filter(tree):
    first = tree.first_guess
    history = [(first, "bbbbb")]
    expected = sorted(a for a in tree.answers if score(first, a) == "bbbbb")
    assert tree.candidates(history) == expected
    assert tree.position(history).on_tree


def test_off_tree_history_filters_and_chooses(tree):
    history = [("crane", "bbbbb")]
    position = tree.position(history)
    assert not position.on_tree
    assert list(position.candidates) == sorted(a for a in tree.answers if score("crane", a) == "bbbbb")
    assert position.guess in position.candidates


def test_off_tree_rule_prefers_smaller_expected_size():
    # 'aabbb' splits these three answers apart; the alphabetical first does too.
    words = ["catch", "hatch", "match"]
    assert choose_off_tree(words) == "catch"


def test_history_errors(tree):
    with pytest.raises(HistoryError, match="impossible"):
        tree.position([("speed", "bbbyy")])  # second e yellow after first e gray
    with pytest.raises(HistoryError, match="no answer fits"):
        tree.position([(tree.first_guess, "ggggb")])
    with pytest.raises(HistoryError, match="five-letter"):
        tree.position([("sal", "bbbbb")])


@pytest.mark.parametrize("guess,code", [("speed", "bbbyy"), ("geese", "bbbbb")])
def test_pattern_possibility(guess, code):
    from wordle_runtime import parse_pattern

    possible = pattern_is_possible(guess, parse_pattern(code))
    assert possible == (code == "bbbbb")


def test_every_real_pattern_is_possible():
    for guess, answer in [("speed", "abide"), ("mamma", "maxim"), ("added", "daddy")]:
        from wordle_runtime import score_code

        assert pattern_is_possible(guess, score_code(guess, answer))


def test_parse_history_forms():
    from wordle_runtime import parse_pattern

    assert parse_history(["salet", "bbybb", "crane:ggbbb", "plate=02100"]) == [
        ("salet", parse_pattern("bbybb")),
        ("crane", parse_pattern("ggbbb")),
        ("plate", parse_pattern("02100")),
    ]
    with pytest.raises(HistoryError):
        parse_history(["salet"])


def test_cli_in_process(capsys, tree):
    assert next_main(["--json", f"{tree.first_guess}:bbbbb"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["on_tree"]
    assert out["remaining"] == len(tree.candidates([(tree.first_guess, "bbbbb")]))
    assert next_main([tree.first_guess, "ggggb"]) == 1
    assert "no answer fits" in capsys.readouterr().err


def _run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", *args], input=stdin, capture_output=True, text=True, timeout=60
    )


def test_cli_subprocess_default_and_errors(tmp_path, tree):
    result = _run()
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == tree.first_guess
    bad = tmp_path / "bad.wtree"
    bad.write_bytes(b"\x93\x01\x02")
    result = _run("--tree", str(bad))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
    result = _run("salet", "qqqqq")
    assert result.returncode == 2
    assert "bad feedback pattern" in result.stderr


def test_interactive_game_with_typo(tree):
    answer = "cigar"
    history, feedback = [], []
    for _ in range(8):
        guess = tree.next_guess(history)
        if guess is None:
            break
        pattern = score(guess, answer)
        history.append((guess, pattern))
        feedback.append(pattern)
    stdin = "not-a-pattern\n" + "\n".join(feedback) + "\n"
    result = _run("-i", stdin=stdin)
    assert result.returncode == 0, result.stderr
    assert "try again" in result.stdout
    assert f"solved in {len(feedback)}: cigar" in result.stdout


def test_shipped_trees_by_name(capsys):
    from wordle_runtime.tree import shipped_trees

    assert "salet-optimal-hard.wtree" in shipped_trees()
    hard = load("salet-optimal-hard")
    assert hard.meta["mode"] == "hard"
    assert hard.first_guess == "salet"
    assert load("plate-optimal-normal.wtree").first_guess == "plate"
    assert next_main(["--list-trees"]) == 0
    listed = capsys.readouterr().out.splitlines()[1:]
    assert len(listed) == len(shipped_trees())
    assert any(line.startswith("salet-optimal-normal") and line.endswith("(default)") for line in listed)
    assert next_main(["--tree", "no-such-tree"]) == 2
