"""wordle-tree analyse under answer weights: values, losses and luck in expected guesses."""

import json
import random
import subprocess
import sys

import pytest

from naive import naive_optimal, naive_score
from support.contexts import tiny_context
from wordle_compiler.analysis.best import analyse_position
from wordle_compiler.analysis.moves import analyse_move
from wordle_compiler.analysis.review import review_game
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.weights import integer_weights


def weighted_context(seed):
    ctx = tiny_context(seed, n_answers=14, n_extra=4, clustered=True)
    rng = random.Random(seed)
    weights = integer_weights([rng.choice([0, 1, 3, 20]) or 0.5 for _ in ctx.words.answers], "test")
    return ctx, weights, dict(zip(ctx.words.answers, weights.values, strict=True))


def naive_after(ctx, by_word, history, depth, start=None):
    """The naive weighted optimum of the answers that fit ``history`` (normal mode)."""
    left = [a for a in ctx.words.answers if all(naive_score(g, a) == p for g, p in history)]
    return left, naive_optimal(left, ctx.words.guesses, "normal", depth, start=start, weights=by_word)[0]


@pytest.mark.parametrize("seed", range(3))
def test_position_and_move_values_are_the_weighted_optima(seed):
    ctx, weights, by_word = weighted_context(seed)
    opening = analyse_position(ctx, Settings(weights=weights), (), top=3)
    assert opening.best_total == naive_after(ctx, by_word, [], 6)[1]
    first = opening.moves[0].word
    pattern = naive_score(first, ctx.words.answers[-1])
    if pattern == "ggggg":
        return
    history = [(first, pattern)]
    left, best = naive_after(ctx, by_word, history, 5)
    analysis = analyse_position(ctx, Settings(weights=weights), f"{first} {pattern}", top=2)
    assert analysis.best_total == best
    assert analysis.weight == sum(by_word[a] for a in left)
    word = ctx.words.guesses[-1]
    _, report = analyse_move(ctx, Settings(weights=weights), f"{first} {pattern}", word)
    move_total = naive_after(ctx, by_word, history, 5, start=word)[1]
    assert report.move.total == move_total
    assert report.loss == pytest.approx((move_total - best) / max(analysis.weight, 1))


@pytest.mark.parametrize("seed", range(3))
def test_a_review_counts_loss_and_luck_in_expected_guesses(seed):
    """Each row: the best and the played move's weighted totals over the answers left,
    the loss per unit of weight, and the luck: the move's expected further guesses minus
    the optimum of the class the feedback left, per unit of its weight."""
    ctx, weights, by_word = weighted_context(seed)
    answer = ctx.words.answers[seed]
    guesses = [ctx.words.guesses[-1], ctx.words.guesses[0], answer]
    history = [(g, naive_score(g, answer)) for g in guesses]
    history = history[: [p for _, p in history].index("ggggg") + 1]
    rows = review_game(ctx, Settings(weights=weights), " ".join(f"{g} {p}" for g, p in history))
    assert len(rows) == len(history)
    for i, row in enumerate(rows):
        left, best = naive_after(ctx, by_word, history[:i], 6 - i)
        weight = max(sum(by_word[a] for a in left), 1)
        move = naive_after(ctx, by_word, history[:i], 6 - i, start=history[i][0])[1]
        assert (row.best_total, row.move_total, row.weight_before) == (best, move, weight)
        assert row.loss == pytest.approx((move - best) / weight)
        after, further = naive_after(ctx, by_word, history[: i + 1], 5 - i)
        further = 0 if history[i][1] == "ggggg" else further / max(sum(by_word[a] for a in after), 1)
        played = move - sum(by_word[a] for a in left)
        assert row.luck == pytest.approx(played / weight - further)


def test_the_command_line_speaks_in_expected_guesses():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.tree",
            "analyse",
            "salet",
            "bbbbb",
            "--top",
            "2",
            "--prior",
            "frequency",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["weights"]["source"].startswith("prior frequency")
    assert doc["best_average"] == round(doc["best_total"] / doc["weights"]["weight_left"], 5)
    refused = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.tree",
            "analyse",
            "salet",
            "bbbbb",
            "--prior",
            "frequency",
            "--objective",
            "depth",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2
    assert "--objective total only" in refused.stderr


def test_the_api_takes_weights_for_analyse_and_review():
    import wordle_compiler

    analysis = wordle_compiler.analyse("salet bbbbb", top=1, prior="frequency")
    assert analysis.moves[0].word == "courd"
    assert analysis.best_total / analysis.weight == pytest.approx(2.75478, 1e-5)
    rows = wordle_compiler.review("salet bbybb crony bybbg", prior="frequency")
    assert rows[0].weight_before == sum(analysis.position.weights.values)
    assert rows[0].loss == 0
    with pytest.raises(ValueError, match="objective 'total' only"):
        wordle_compiler.analyse("salet bbbbb", prior="frequency", objective="depth")
