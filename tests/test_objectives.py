"""--objective fewest-deep against the naive minimiser, and on the original lists."""

import pytest

from naive import naive_optimal
from test_optimal import tiny_context, worst_start
from wordle_compiler.core.config import BuildConfig
from wordle_compiler.core.errors import BuildError
from wordle_compiler.pipeline.compile import compile_tree


def long_games(result, k: int) -> int:
    """Answers the built tree needs K or more guesses for."""
    return sum(count for depth, count in result.data.meta["stats"]["histogram"].items() if int(depth) >= k)


@pytest.mark.parametrize("mode", ["normal", "hard", "possible"])
@pytest.mark.parametrize("seed", range(4))
def test_fewest_deep_is_the_fewest_long_games_then_the_least_total(mode, seed):
    """Every K from 2 to the depth limit, limits 4, 6 and 8, a fixed start or a fixed opening."""
    ctx = tiny_context(seed * 17 + len(mode), n_answers=16 + 2 * seed, n_extra=2 + seed % 3, clustered=True)
    words = ctx.words
    checked = 0
    for max_depth in (4, 6, 8):
        for fixed, naive_fixed in [({"start": worst_start(ctx)}, {"start": worst_start(ctx)}),
                                   ({"opening": (words.answers[-1], words.answers[0])},
                                    {"start": words.answers[-1], "second": words.answers[0]})]:
            for k in range(2, max_depth + 1):
                config = BuildConfig(strategy="optimal", mode=mode, objective="fewest-deep", deep=k,
                                     max_depth=max_depth, **fixed)
                long, total, depth = naive_optimal(words.answers, words.guesses, mode, max_depth - 1, deep=k,
                                                   **naive_fixed)
                if total == float("inf"):
                    with pytest.raises(BuildError):
                        compile_tree(config, ctx)
                    continue
                result = compile_tree(config, ctx)
                assert (long_games(result, k), result.report.total_guesses, result.report.max_depth) == \
                    (long, total, depth), (max_depth, fixed, k)
                checked += 1
    assert checked


def test_fewest_deep_can_cost_guesses_in_all(ctx):
    """From salet, the fewest-total tree (7920) leaves 42 answers to a fifth guess; the
    fewest-deep tree leaves fewer and pays for it in total guesses."""
    by_total = compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx)
    by_deep = compile_tree(BuildConfig(strategy="optimal", start="salet", objective="fewest-deep", deep=5), ctx)
    assert (long_games(by_total, 5), by_total.report.total_guesses) == (42, 7920)
    assert long_games(by_deep, 5) < 42 and by_deep.report.total_guesses > 7920
    assert by_deep.data.meta["config"]["objective"] == "fewest-deep" and by_deep.data.meta["config"]["deep"] == 5
    assert "deep" not in by_total.data.meta["config"]
