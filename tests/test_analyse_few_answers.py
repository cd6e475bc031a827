"""One or two answers left: the best moves are the answers, the guesses that cannot be the
answer are summed up (``other_guesses``) instead of listed as thousands of ties, and a
single answer is said to be the proved best move.  The engine against the naive minimiser
on tiny lists (modes, weights, fewest-deep), then ``wordle-tree analyse`` through real
processes: its text, its JSON and a review of moves played with one answer left."""

import json
import random

import pytest

from clirun import run
from naive import INF, naive_allowed, naive_optimal, naive_score
from support.contexts import tiny_context
from wordle_compiler.analysis.best import analyse_position
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.weights import integer_weights
from wordle_compiler.search import DEEP_COST

ONE_LEFT = ("salet", "bbybb", "courd", "gyybg")  # leaves cloud
TWO_LEFT = ("salet", "bbybb", "crony", "gbgbb")  # leaves clock and cloud


def few_answer_histories(ctx, most=6):
    """Up to ``most`` one-step histories of ``ctx`` per count, leaving one answer and two."""
    found = {1: {}, 2: {}}
    for guess in ctx.words.guesses:
        for secret in ctx.words.answers:
            history = [(guess, naive_score(guess, secret))]
            left = [a for a in ctx.words.answers if naive_score(guess, a) == history[0][1]]
            if history[0][1] != "ggggg" and len(left) in found and len(found[len(left)]) < most:
                found[len(left)].setdefault(tuple(left), history)
    return [h for by_left in found.values() for h in by_left.values()]


def naive_values(ctx, mode, history, **options):
    """{legal word: its naive exact total here} (fewest-deep: DEEP_COST * long games + total)."""
    answers = [a for a in ctx.words.answers if all(naive_score(g, a) == p for g, p in history)]
    legal = [w for w in ctx.words.guesses if naive_allowed(mode, history, w)]
    values = {}
    for word in legal:
        found = naive_optimal(answers, legal, mode, 4, start=word, **options)
        values[word] = found[0] * DEEP_COST + found[1] if "deep" in options else found[0]
    return answers, values


@pytest.mark.parametrize("mode", ["normal", "hard"])
@pytest.mark.parametrize("how", ["unweighted", "weighted", "fewest-deep"])
@pytest.mark.parametrize("top", [1, 3])
def test_the_answers_are_listed_and_the_other_guesses_summed_up(mode, how, top):
    ctx = tiny_context(731, n_answers=18, n_extra=4)
    settings, options = Settings(mode=mode), {}
    if how == "weighted":
        rng = random.Random(5)
        weights = integer_weights([rng.choice([1, 3, 20]) for _ in ctx.words.answers], "test")
        settings, options = (
            Settings(mode=mode, weights=weights),
            {"weights": dict(zip(ctx.words.answers, weights.values, strict=True))},
        )
    elif how == "fewest-deep":  # K = 3: the second guess from here is a long game's
        settings, options = Settings(mode=mode, objective="fewest-deep", deep=3), {"deep": 2}
    histories = few_answer_histories(ctx)
    assert {len(h) for h in histories} == {1}
    seen = set()
    for history in histories:
        answers, values = naive_values(ctx, mode, history, **options)
        seen.add(len(answers))
        analysis = analyse_position(ctx, settings, history, top=top)
        listed = sorted((values[a], a) for a in answers)
        cutoff = listed[min(top, len(listed)) - 1][0]
        assert [(m.total, m.word) for m in analysis.moves] == [(v, a) for v, a in listed if v <= cutoff]
        assert analysis.best_total == min(values.values())  # an answer is a best move
        rest = [v for w, v in values.items() if w not in answers]
        expected = (len(rest), min(rest)) if rest and min(rest) < INF else None
        assert (analysis.others and (analysis.others.count, analysis.others.total)) == expected, history
        if len(answers) == 1 and rest:  # every other guess costs one guess more, for the one answer
            assert set(rest) == {min(rest)}
    assert seen == {1, 2}


def analyse(*args):
    result = run("wordle-tree", "analyse", *args, "--quiet")
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_one_answer_left_is_the_proved_best_move_with_nothing_tied_listed():
    lines = analyse(*ONE_LEFT).splitlines()
    assert lines[:6] == [
        "1 answer left: cloud",
        "position: best play needs 1 guess in all, 1.0000 on average from here (this guess included)",
        "play cloud, the only answer left: proved best, solved in 1 more guess",
        "best moves (exact totals; * = can be the answer):",
        "   1. cloud*      1  1.0000",
        "  the other 12,971 guesses cannot be the answer: each needs 2 (2.0000 on average)",
    ]
    assert len(lines) == 7  # then the time
    moved = analyse(*ONE_LEFT, "--move", "crane")
    assert "move crane: 2 guesses in all (2.0000 on average), loses 1.0000 guesses on average" in moved
    assert "tied" not in moved


def test_one_answer_left_as_json():
    doc = json.loads(analyse(*ONE_LEFT, "--top", "5", "--json"))
    assert doc["answers_left"] == 1
    assert doc["answers"] == ["cloud"]
    assert (doc["best_total"], doc["best_average"]) == (1, 1.0)
    assert doc["moves"] == [{"word": "cloud", "total": 1, "average": 1.0, "exact": True, "possible": True}]
    assert doc["other_guesses"] == {"moves": 12971, "total": 2, "average": 2.0}
    ranked = json.loads(analyse(*ONE_LEFT, "--move", "crane", "--rank", "--json"))
    assert ranked["moves"] == doc["moves"]
    assert ranked["move"] == {
        "word": "crane",
        "total": 2,
        "average": 2.0,
        "exact": True,
        "possible": False,
        "rank": 2,
        "rank_at_least": False,
        "loss": 1.0,
    }
    answer = json.loads(analyse(*ONE_LEFT, "--move", "cloud", "--json"))["move"]
    assert (answer["total"], answer["rank"], answer["loss"]) == (1, None, 0.0)


def test_one_answer_left_under_fewest_deep_counts_its_long_game():
    """cloud guessed third is a long game for K = 3 (every other guess: cloud fourth, long too)
    and not for K = 4 (every other guess makes it one)."""
    doc = json.loads(analyse(*ONE_LEFT, "--objective", "fewest-deep", "--deep", "3", "--json"))
    assert (doc["best_long_games"], doc["best_total"]) == (1, 1)
    assert doc["moves"][0]["long_games"] == 1
    assert doc["other_guesses"] == {"moves": 12971, "total": 2, "average": 2.0, "long_games": 1}
    doc = json.loads(analyse(*ONE_LEFT, "--objective", "fewest-deep", "--deep", "4", "--json"))
    assert (doc["best_long_games"], doc["other_guesses"]["long_games"]) == (0, 1)


def test_two_answers_left_lists_them_and_sums_up_the_rest():
    lines = analyse(*TWO_LEFT).splitlines()
    assert lines[3:6] == [
        "   1. clock*      3  1.5000",
        "   2. cloud*      3  1.5000",
        "  the other 12,970 guesses cannot be the answer: the best of them needs 4 (2.0000 on average)",
    ]
    assert "proved best" not in lines[2]
    assert "tied" not in "\n".join(lines)
    doc = json.loads(analyse(*TWO_LEFT, "--json"))
    assert [m["word"] for m in doc["moves"]] == ["clock", "cloud"]
    assert doc["other_guesses"] == {"moves": 12970, "total": 4, "average": 2.0}
    hard = json.loads(analyse("--mode", "hard", "salet", "bbybb", "clock", "gggbb", "--json"))
    assert [m["word"] for m in hard["moves"]] == ["cloud", "clown"]
    assert hard["other_guesses"] == {"moves": 27, "total": 4, "average": 2.0}  # what hard mode allows


def test_more_answers_left_have_no_summary():
    doc = json.loads(analyse("salet", "bbbbb", "--top", "3", "--json"))
    assert "other_guesses" not in doc


def test_a_review_of_moves_played_with_one_or_two_answers_left():
    rows = json.loads(analyse(*TWO_LEFT, "clock", "gggbb", "crane", "gbbbb", "cloud", "ggggg", "--json"))["review"]
    clock, crane, cloud = rows[2:]
    assert (clock["answers_before"], clock["best_total"], clock["move_total"], clock["loss"]) == (2, 3, 3, 0.0)
    assert clock["luck"] == -0.5  # cloud was left: one more guess, where on average half of one is needed
    assert (crane["answers_before"], crane["best_move"], crane["move_total"], crane["loss"]) == (1, "cloud", 2, 1.0)
    assert crane["luck"] == 0.0  # one answer left: nothing to be lucky about
    assert (cloud["best_move"], cloud["loss"], cloud["luck"]) == ("cloud", 0.0, 0.0)
    text = analyse(*TWO_LEFT, "clock", "gggbb", "crane", "gbbbb", "cloud", "ggggg")
    assert "   4  crane  gbbbb       1  cloud        1.0000  2.0000  1.000" in text
