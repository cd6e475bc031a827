"""--objective fewest-deep against the naive minimiser and on the original lists, and the
objectives in wordle-tree analyse."""

import pytest

import wordle_compiler
from naive import naive_optimal
from support.contexts import tiny_context, worst_start
from wordle_compiler.core.config import BuildConfig
from wordle_compiler.core.errors import BuildError
from wordle_compiler.core.settings import Settings
from wordle_compiler.pipeline.compile import compile_tree


def long_games(result, k: int) -> int:
    """Answers the built tree needs K or more guesses for."""
    return sum(count for depth, count in result.data.meta["stats"]["histogram"].items() if int(depth) >= k)


@pytest.mark.long
@pytest.mark.parametrize("mode", ["normal", "hard", "possible"])
@pytest.mark.parametrize("seed", range(4))
def test_fewest_deep_is_the_fewest_long_games_then_the_least_total(mode, seed):
    """Every K from 2 to the depth limit, limits 4, 6 and 8, a fixed start or a fixed opening."""
    ctx = tiny_context(seed * 17 + len(mode), n_answers=16 + 2 * seed, n_extra=2 + seed % 3, clustered=True)
    words = ctx.words
    checked = 0
    for max_depth in (4, 6, 8):
        for fixed, naive_fixed in [
            ({"start": worst_start(ctx)}, {"start": worst_start(ctx)}),
            (
                {"opening": (words.answers[-1], words.answers[0])},
                {"start": words.answers[-1], "second": words.answers[0]},
            ),
        ]:
            for k in range(2, max_depth + 1):
                settings = Settings(mode=mode, objective="fewest-deep", deep=k, max_depth=max_depth)
                config = BuildConfig(strategy="optimal", settings=settings, **fixed)
                long, total, depth = naive_optimal(
                    words.answers, words.guesses, mode, max_depth - 1, deep=k, **naive_fixed
                )
                if total == float("inf"):
                    with pytest.raises(BuildError):
                        compile_tree(config, ctx)
                    continue
                result = compile_tree(config, ctx)
                assert (long_games(result, k), result.report.total_guesses, result.report.max_depth) == (
                    long,
                    total,
                    depth,
                ), (max_depth, fixed, k)
                checked += 1
    assert checked


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_fewest_deep_can_cost_guesses_in_all(ctx):
    """From salet, the fewest-total tree (7920) leaves 42 answers to a fifth guess; the
    fewest-deep tree leaves fewer and pays for it in total guesses."""
    by_total = compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx)
    by_deep = compile_tree(
        BuildConfig(strategy="optimal", settings=Settings(objective="fewest-deep", deep=5), start="salet"), ctx
    )
    assert (long_games(by_total, 5), by_total.report.total_guesses) == (42, 7920)
    assert long_games(by_deep, 5) < 42
    assert by_deep.report.total_guesses > 7920
    assert by_deep.data.meta["config"]["objective"] == "fewest-deep"
    assert by_deep.data.meta["config"]["deep"] == 5
    assert "deep" not in by_total.data.meta["config"]


@pytest.mark.long
def test_analyse_depth_is_the_least_worst_case_then_the_least_total(ctx):
    """The total search as the oracle: the position's and the move's least worst case are
    the smallest depth with any tree, and the totals are the least within it."""
    from wordle_compiler.analysis.position import position_after
    from wordle_compiler.search import INF, Solver

    for history, word in [("salet bbbbb", "fuzzy"), ("crane bbbbb", "pilot"), ("salet bbybb", "courd")]:
        analysis = wordle_compiler.analyse(history, top=2, move=word, objective="depth")
        report = analysis.report
        position = position_after(ctx, Settings(), history)
        solver = Solver(ctx, "normal")
        costs = [solver.solve(position.answers, position.legal, d).cost for d in range(1, position.depth_left + 1)]
        worst = next(d for d, cost in enumerate(costs, start=1) if cost < INF)
        assert (analysis.worst, analysis.best_total) == (worst, costs[worst - 1])
        guess = ctx.guess_index[word]
        move_costs = [
            solver.guess_value(guess, position.answers, position.legal, d).cost
            for d in range(1, position.depth_left + 1)
        ]
        move_worst = next(d for d, cost in enumerate(move_costs, start=1) if cost < INF)
        assert (report.move.worst, report.move.total) == (move_worst, move_costs[move_worst - 1])


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_analyse_fewest_deep_counts_long_games_first(ctx):
    """The position's value is that of the fewest-deep build from salet below bbbbb (each
    class of a fixed first guess is solved on its own), and a move's from the same search;
    ``Analysis.split`` gives a value's (long games, guesses)."""
    analysis = wordle_compiler.analyse("salet bbbbb", top=3, objective="fewest-deep", deep=5)
    assert analysis.report is None
    data = compile_tree(
        BuildConfig(strategy="optimal", settings=Settings(objective="fewest-deep", deep=5), start="salet"), ctx
    ).data
    edges = range(data.child_start[0], data.child_start[1])
    below = next(data.edge_child[e] for e in edges if data.edge_pattern[e] == 0)  # bbbbb
    depths, stack = [], [(below, 2)]  # the guess after salet is the game's second
    while stack:
        node, level = stack.pop()
        if data.node_answer[node] >= 0:
            depths.append(level)
        stack.extend((data.edge_child[e], level + 1) for e in range(data.child_start[node], data.child_start[node + 1]))
    assert len(depths) == analysis.n == 221
    long, total = analysis.split(analysis.best_total)
    assert (long, total) == (sum(d >= 5 for d in depths), sum(d - 1 for d in depths))
    keys = [analysis.split(m.total) for m in analysis.moves]
    assert keys == sorted(keys)
    assert keys[0] == (long, total)
    report = wordle_compiler.analyse("salet bbbbb", move="courd", objective="fewest-deep", deep=5).report
    assert report.move.total > analysis.best_total
    assert report.loss == (analysis.split(report.move.total)[1] - total) / 221


@pytest.mark.long
@pytest.mark.parametrize(
    "args, message",
    [
        (["--objective", "depth"], "the opening under --objective depth is a ranking of every first word"),
        (["salet", "bbbbb", "--objective", "fewest-deep"], "go together"),
        (["salet", "bbbbb", "crony", "ggggg", "--objective", "depth"], "--review reports loss and luck"),
        (["salet", "bbbbb", "--objective", "depth", "--move", "crony", "--rank"], "not with --objective depth"),
        (["salet", "bbbbb", "--objective", "fewest-deep", "--deep", "7"], "beyond --max-depth 6"),
    ],
)
def test_analyse_objective_clashes_are_one_line(args, message):
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "wordle_compiler.cli.tree", "analyse", *args, "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
