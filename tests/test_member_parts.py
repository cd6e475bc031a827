"""The members' bound (compiler/ext/passes.pxd ``members_most_parts``): in possible mode on a
list of the answers alone, every guess legal at a class is one of its answers, so the most
classes its own answers make of it bounds every guess there and below, and the counting
bound with that count is a lower bound on the class.  Checked against the naive minimiser
where it binds (under weights: test_counting_bound's coarse weighted sets), and by its
counters where it should."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naive import INF, naive_code, naive_optimal
from support.naive_checks import context
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.settings import Settings, deep_level
from wordle_compiler.ext._search import class_floor_probe, counting_bound
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.search import DEEP_COST, Solver
from wordle_runtime.game import mastermind, mastermind_codes

# few scores and many codes: classes past a handful of answers, where most members split them poorly
GAMES = [mastermind(3, 3), mastermind(4, 2), mastermind(3, 4), mastermind(4, 3)]


def members_most_parts(answers, game) -> int:
    """The most classes any of ``answers`` makes of them, by the naive rule."""
    return max(len({naive_code(guess, answer, game) for answer in answers}) for guess in answers)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.data())
def test_the_class_bound_is_the_counting_bound_of_its_members_and_never_above_the_optimum(game, data):
    codes = mastermind_codes(game)
    answers = sorted(data.draw(st.lists(st.sampled_from(codes), min_size=3, max_size=14, unique=True)))
    ctx = context(game, answers, answers)
    engine = Solver(ctx, "possible").engine
    parent_parts = data.draw(st.integers(members_most_parts(answers, game), game.n_codes))
    members = class_floor_probe(engine, ctx.all_answers, parent_parts, True)
    assert members == counting_bound(len(answers), members_most_parts(answers, game))
    assert members >= class_floor_probe(engine, ctx.all_answers, parent_parts, False)
    assert members <= naive_optimal(answers, answers, "possible", 8, game=game)[0]
    assert class_floor_probe(engine, ctx.all_answers, parent_parts, True) == members  # from the table


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.data(), st.integers(2, 7))
def test_possible_mode_on_the_answers_alone_matches_the_naive_minimiser(game, data, depth):
    codes = mastermind_codes(game)
    answers = sorted(data.draw(st.lists(st.sampled_from(codes), min_size=3, max_size=22, unique=True)))
    ctx = context(game, answers, answers)
    outcome = Solver(ctx, "possible").solve(ctx.all_answers, ctx.all_guesses, depth)
    total, deepest = naive_optimal(answers, answers, "possible", depth, game=game)
    if total == INF:
        assert not outcome.feasible
    else:
        assert (outcome.cost, outcome.depth) == (total, deepest)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES[:2]), st.data(), st.integers(3, 6))
def test_fewest_long_games_on_the_answers_alone_match_the_naive_minimiser(game, data, max_depth):
    codes = mastermind_codes(game)
    answers = sorted(data.draw(st.lists(st.sampled_from(codes), min_size=3, max_size=16, unique=True)))
    k = data.draw(st.integers(2, max_depth))
    ctx = context(game, answers, answers)
    solver = Solver(ctx, "possible", deep_level=deep_level(max_depth, k))
    outcome = solver.solve(ctx.all_answers, ctx.all_guesses, max_depth)
    long, total, deepest = naive_optimal(answers, answers, "possible", max_depth, deep=k, game=game)
    if total == INF:
        assert not outcome.feasible
    else:
        assert (outcome.cost // DEEP_COST, outcome.cost % DEEP_COST, outcome.depth) == (long, total, deepest)


def test_the_bound_spares_most_of_the_search_on_mastermind_4x7():
    """Mastermind 4x7 playing only codes still possible, from 1123, within eight guesses:
    300,165 nodes with the parent's count alone (the counting bound), fewer than half
    with the members' count; the same optimum."""
    played = Settings(game="mastermind:4x7", mode="possible", max_depth=8)
    ctx = Context.from_words(played.load_words())
    result = compile_tree(BuildConfig(strategy="optimal", settings=played, start="1123"), ctx)
    assert result.report.total_guesses == 11362
    assert result.counters["nodes"] < 150_000
