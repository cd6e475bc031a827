"""The exact search against the naive reference, and the published figures."""

import pytest

from naive import naive_optimal
from support.contexts import tiny_context, worst_start
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.errors import BuildError
from wordle_compiler.core.settings import Settings
from wordle_compiler.pipeline.compile import compile_tree


def optimal_total_and_depth(ctx, mode, max_depth, start=None, opening=()):
    """(total, depth) of the optimal tree below a fixed start or two-word opening."""
    result = compile_tree(
        BuildConfig(
            strategy="optimal", settings=Settings(mode=mode, max_depth=max_depth), start=start, opening=opening
        ),
        ctx,
    )
    assert result.proved_optimal
    return result.report.total_guesses, result.report.max_depth


def assert_agrees_with_naive(ctx, mode, first, second=None):
    """The engine and the naive minimiser agree at depth limits 3, 4 and 6: the same total,
    and the tie-break's depth (the shallowest minimum-total tree), or both find no tree."""
    fixed = {"start": first} if second is None else {"opening": (first, second)}
    for max_depth in (3, 4, 6):
        expected = naive_optimal(ctx.words.answers, ctx.words.guesses, mode, max_depth - 1, start=first, second=second)
        if expected[0] == float("inf"):
            with pytest.raises(BuildError):
                optimal_total_and_depth(ctx, mode, max_depth, **fixed)
        else:
            assert optimal_total_and_depth(ctx, mode, max_depth, **fixed) == expected


@pytest.mark.long
@pytest.mark.parametrize("mode", ["normal", "hard", "possible"])
@pytest.mark.parametrize("seed", range(8))
def test_search_equals_naive_minimiser(mode, seed):
    ctx = tiny_context(seed * 7 + len(mode), n_answers=14 + 2 * seed, n_extra=2 + seed % 3, clustered=seed % 4 != 0)
    for start in [worst_start(ctx), ctx.words.answers[-1]]:
        assert_agrees_with_naive(ctx, mode, start)


@pytest.mark.parametrize("mode", ["normal", "hard", "possible"])
@pytest.mark.parametrize("seed", range(6))
def test_a_fixed_opening_equals_the_naive_minimiser(mode, seed):
    ctx = tiny_context(seed * 11 + len(mode), n_answers=14 + 2 * seed, n_extra=2 + seed % 3, clustered=seed % 3 != 0)
    words = ctx.words
    for first, second in [
        (worst_start(ctx), words.answers[0]),
        (words.answers[-1], words.guesses[len(words.guesses) // 2]),
    ]:
        if first != second:
            assert_agrees_with_naive(ctx, mode, first, second)


def test_parse_clint_is_the_published_8302():
    """The reference author's best fixed pair for the 2309 NYT answers and the 12972 guesses."""
    ctx = Context.load(Settings(answers="nyt", guesses="original"))
    result = compile_tree(
        BuildConfig(
            strategy="optimal", settings=Settings(answers="nyt", guesses="original"), opening=("parse", "clint")
        ),
        ctx,
    )
    assert result.report.total_guesses == 8302
    assert result.report.max_depth <= 6


def test_optimal_is_no_worse_than_heuristics(ctx):
    optimal = compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx)
    assert optimal.proved_optimal
    for name in ["entropy", "most-parts", "minimax"]:
        heuristic = compile_tree(BuildConfig(strategy=name, start="salet"), ctx)
        assert optimal.report.total_guesses <= heuristic.report.total_guesses


def test_salet_normal_is_7920(ctx):
    result = compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx)
    assert result.report.total_guesses == 7920
    assert round(result.report.average, 4) == 3.4212
    assert result.data.meta["stats"]["proved_optimal"] is True


def test_infeasible_depth_is_a_clear_error(ctx):
    with pytest.raises(BuildError, match="within 2 guesses"):
        compile_tree(BuildConfig(strategy="optimal", settings=Settings(max_depth=2), start="salet"), ctx)


FIGURES = [
    ("plate", "normal", None, 6, 7989),
    ("salet", "hard", None, 6, 8122),
    ("plate", "hard", None, 6, 8183),
    ("plate", "possible", "answers", 6, 8227),
    ("palet", "hard", None, 5, 8206),
]


@pytest.mark.slow
@pytest.mark.parametrize("start,mode,guesses,depth,total", FIGURES)
def test_published_figures(start, mode, guesses, depth, total):
    ctx = Context.load(Settings(guesses=guesses))
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode=mode, guesses=guesses, max_depth=depth), start=start)
    result = compile_tree(cfg, ctx)
    assert result.report.total_guesses == total
    assert result.proved_optimal


@pytest.mark.parametrize("seed", range(4))
def test_best_of_k_first_words_is_the_best_fixed_start(seed):
    from wordle_compiler.proof.optimal import rank_first_guesses

    ctx = tiny_context(100 + seed, n_answers=20, n_extra=6)
    k = 4
    result = compile_tree(BuildConfig(strategy="optimal", candidates=k), ctx)
    assert not result.proved_optimal
    assert result.optimality == f"best of {k} first words"
    firsts = [ctx.words.guesses[g] for g in rank_first_guesses(ctx, ctx.all_guesses, k)]
    fixed = {w: optimal_total_and_depth(ctx, "normal", 6, start=w) for w in firsts}
    best = min(fixed.values())
    assert (result.report.total_guesses, result.report.max_depth) == best
    assert result.data.meta["config"]["start"] in [w for w, v in fixed.items() if v == best]


@pytest.mark.parametrize("mode", ["normal", "hard", "possible"])
@pytest.mark.parametrize("seed", range(5))
def test_objective_depth_is_the_least_worst_case_then_the_least_total(mode, seed):
    """Against the naive minimiser: the smallest depth limit with any tree, and the least
    total within it; an opening's second guess fixed or not."""
    ctx = tiny_context(seed * 13 + len(mode), n_answers=16 + 2 * seed, n_extra=2 + seed % 3, clustered=True)
    words = ctx.words
    for fixed, naive_fixed in [
        ({"start": worst_start(ctx)}, {"start": worst_start(ctx)}),
        ({"opening": (words.answers[-1], words.answers[0])}, {"start": words.answers[-1], "second": words.answers[0]}),
    ]:
        feasible = [
            (d, naive_optimal(words.answers, words.guesses, mode, d - 1, **naive_fixed)[0]) for d in range(2, 7)
        ]
        least = next(((d, total) for d, total in feasible if total != float("inf")), None)
        config = BuildConfig(strategy="optimal", settings=Settings(mode=mode, objective="depth", max_depth=6), **fixed)
        if least is None:
            with pytest.raises(BuildError):
                compile_tree(config, ctx)
            continue
        result = compile_tree(config, ctx)
        assert (result.report.max_depth, result.report.total_guesses) == least
        assert result.data.meta["config"]["objective"] == "depth"
        assert result.data.meta["max_depth"] == 6


def test_salet_needs_five_guesses_at_worst_and_the_total_stays_7920(ctx):
    result = compile_tree(BuildConfig(strategy="optimal", settings=Settings(objective="depth"), start="salet"), ctx)
    assert (result.report.max_depth, result.report.total_guesses) == (5, 7920)
    assert "objective" not in compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx).data.meta["config"]


def test_plate_trades_one_guess_in_all_for_a_worst_case_of_five(ctx):
    """The fewest guesses in all from plate (7989, the shipped tree) needs six at worst;
    five suffice for a tree one guess longer in all."""
    by_total = compile_tree(BuildConfig(strategy="optimal", start="plate"), ctx)
    by_depth = compile_tree(BuildConfig(strategy="optimal", settings=Settings(objective="depth"), start="plate"), ctx)
    assert (by_total.report.max_depth, by_total.report.total_guesses) == (6, 7989)
    assert (by_depth.report.max_depth, by_depth.report.total_guesses) == (5, 7990)
