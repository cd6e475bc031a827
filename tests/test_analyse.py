"""wordle-tree analyse: positions, moves and reviews against the naive minimiser (tiny
lists), the shipped opening table against the engine, and the CLI through subprocesses."""

import json
import random
import subprocess
import sys
from importlib import resources

import pytest

from naive import INF, naive_allowed, naive_optimal, naive_score
from test_optimal import tiny_context
from wordle_compiler.analysis.position import analyse_position, position_after, review_game, score_move
from wordle_compiler.core.config import Context
from wordle_compiler.ranking.first_words import RankSpec, evaluate_word
from wordle_runtime.history import HistoryError


def _naive_position(ctx, mode, history):
    answers = [a for a in ctx.words.answers if all(naive_score(g, a) == p for g, p in history)]
    legal = [w for w in ctx.words.guesses if naive_allowed(mode, history, w)]
    return answers, legal


def _history(ctx, rng, steps):
    """A random history of real feedback for a random secret."""
    secret = rng.choice(ctx.words.answers)
    words = rng.sample(list(ctx.words.guesses), steps)
    return [(w, naive_score(w, secret)) for w in words if w != secret][:steps]


@pytest.mark.parametrize("mode", ["normal", "hard"])
@pytest.mark.parametrize("seed", range(5))
def test_position_and_moves_equal_naive(mode, seed, monkeypatch):
    ctx = tiny_context(700 + seed, n_answers=18, n_extra=4)
    rng = random.Random(seed)
    history = _history(ctx, rng, 1)
    answers, legal = _naive_position(ctx, mode, history)
    if len(answers) < 2:
        pytest.skip("the random step solved too much")
    analysis = analyse_position(ctx, mode, history, top=3, max_depth=6)
    expected_best = naive_optimal(answers, legal, mode, 5)[0]
    assert analysis.best_total == expected_best
    values = {}
    for word in legal:
        sub = naive_optimal(answers, legal, mode, 4, start=word)[0]
        values[word] = sub if word in answers or len(answers) > 1 else 1
    third = sorted(v for v in values.values() if v < INF)[min(2, len(values) - 1)]
    assert sorted((m.word, m.total) for m in analysis.moves) == sorted(
        (w, v) for w, v in values.items() if v <= third)
    word = rng.choice(legal)
    report = score_move(analysis, word)
    assert report.move.total == values[word]
    assert report.rank == 1 + sum(v < values[word] for v in values.values())
    assert report.loss == pytest.approx((values[word] - expected_best) / len(answers))
    monkeypatch.setattr("wordle_compiler.analysis.position.RIVALS_PER_TASK", 2)  # many small tasks for the threads
    assert score_move(analysis, word, jobs=3) == report


def test_review_rows_are_consistent():
    ctx = tiny_context(801, n_answers=20, n_extra=5)
    secret = ctx.words.answers[7]
    first = ctx.words.guesses[0]
    history = [(first, naive_score(first, secret))]
    best = analyse_position(ctx, "normal", history, top=1).moves[0].word
    history += [(best, naive_score(best, secret))]
    if history[-1][1] != "ggggg":
        history.append((secret, "ggggg"))
    rows = review_game(ctx, "normal", history)
    assert [r.step for r in rows] == list(range(1, len(history) + 1))
    assert rows[1].loss == 0 and all(r.loss >= 0 for r in rows)
    assert rows[-1].actual_class == 1 and rows[-1].pattern == "ggggg"
    for row, (word, _) in zip(rows, history):
        assert row.word == word and row.best_total <= row.move_total


def test_hard_mode_rejects_an_illegal_history_step():
    ctx = Context.load("original")
    with pytest.raises(HistoryError, match="illegal in hard mode"):
        position_after(ctx, "hard", "salet bybbb brond bybbb")
    assert len(position_after(ctx, "normal", "salet bybbb brond bybbb").answers) >= 1


def test_shipped_opening_table_spot_checks():
    """The table's best values are exact optima, and a word it leaves out is proved to
    reach its cut-off (CI re-checks a few entries of every table each run)."""
    tables = json.loads(resources.files("wordle_trees").joinpath("openings.json").read_text())["rankings"]
    assert {(t["answers"], t["mode"]) for t in tables} >= {("original", "normal"), ("original", "hard"),
                                                        ("nyt-extended", "normal")}
    rng = random.Random(3)
    for table in tables:
        spec = RankSpec(answers=table["answers"], guesses=table["guesses"], mode=table["mode"],
                        max_depth=table["max_depth"])
        best, value = next(iter(table["exact"].items()))
        assert evaluate_word(spec, best, 1 << 36).value == value
        outside = rng.choice(["fuzzy", "jazzy", "mummy", "vivid"])
        assert outside not in table["exact"]
        result = evaluate_word(spec, outside, table["cutoff"])
        assert result.value >= table["cutoff"]


def run(*args):
    return subprocess.run([sys.executable, "-m", "wordle_compiler.cli.tree", "analyse", *args],
                          capture_output=True, text=True, timeout=300)


def test_cli_position_json_and_text():
    result = run("salet", "bbbbb", "--top", "3", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["answers_left"] == 221 and doc["best_total"] == 609
    assert doc["moves"][0] == {"word": "courd", "total": 609, "average": round(609 / 221, 5), "exact": True,
                               "possible": False}
    text = run("salet:bbbbb", "--move", "round")
    assert text.returncode == 0 and "move round: 612 guesses" in text.stdout and "rank" in text.stdout


def test_cli_opening_comes_from_the_table():
    result = run("--json", "--top", "3")
    doc = json.loads(result.stdout)
    assert doc["from_table"] and [m["word"] for m in doc["moves"]] == ["salet", "reast", "crate"]


def test_cli_review_and_errors():
    result = run("--review", "salet", "bybbb", "brond", "bybbb")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.strip().splitlines()) == 5  # header, rule, two moves, total
    bad = run("--mode", "hard", "salet", "bybbb", "brond", "bybbb")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr
    none = run("salet", "ggggb")
    assert none.returncode == 1 and "no answer fits" in none.stderr
