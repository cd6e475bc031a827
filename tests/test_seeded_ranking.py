"""The global proof over Mastermind's classes of first guesses, seeded (proof.seeded):
the word with the cheapest heuristic tree solved first on every thread, its total the
ranking's cut-off from the start; against the plain ranking and every code's exact value."""

import pytest

from wordle_compiler.concurrency.cluster import SerialExecutor
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import tree_total
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.symmetry import first_guess_representatives
from wordle_compiler.pipeline.compile import build_heuristic, forced_guesses
from wordle_compiler.proof.first_level import solve_first_level
from wordle_compiler.proof.optimal import InfeasibleError, compile_optimal
from wordle_compiler.proof.seeded import SEED_STRATEGY, heuristic_totals, seeded_best_first
from wordle_compiler.ranking.first_words import RankSpec, WordResult, prove_best_first_word, use_context
from wordle_compiler.ranking.tasks import context_for
from wordle_compiler.search import forget_solvers, solver_for


def _game(pegs: int, colours: int, mode: str, max_depth: int):
    forget_solvers()
    settings = Settings(game=f"mastermind:{pegs}x{colours}", mode=mode, max_depth=max_depth)
    return Context.load(settings, use_cache=False), BuildConfig(strategy="optimal", settings=settings)


def _plain_tree(ctx, cfg):
    """The unseeded ranking's word (root-bound order, no cut-off until a word is exact) and its tree."""
    spec = RankSpec(cfg.settings)
    with use_context(spec, ctx):
        word, _ = prove_best_first_word(spec, SerialExecutor())
    solver = solver_for(ctx, cfg.settings.mode)
    return solve_first_level(ctx, cfg, solver, ctx.guess_index[word], 1)


@pytest.mark.long
@pytest.mark.parametrize(
    "pegs, colours, mode, max_depth",
    [(3, 4, "normal", 8), (3, 4, "possible", 8), (4, 3, "normal", 8), (4, 4, "possible", 8), (4, 4, "normal", 4)],
)
def test_the_seeded_proof_builds_the_plain_ranking_s_tree(pegs, colours, mode, max_depth):
    ctx, cfg = _game(pegs, colours, mode, max_depth)
    root, proved, label, _ = compile_optimal(ctx, cfg, forced_guesses(ctx, cfg), jobs=2)
    assert (proved, label) == (True, "global")
    assert root == _plain_tree(ctx, cfg)


def test_the_seed_is_the_cheapest_heuristic_tree_s_word():
    ctx, cfg = _game(4, 4, "normal", 8)
    words = first_guess_representatives(ctx.words, "normal", None)
    totals = heuristic_totals(ctx, cfg, words)
    assert set(totals) == set(words)
    for word in words:
        start = BuildConfig(strategy=SEED_STRATEGY, settings=cfg.settings, start=word)
        assert totals[word] == tree_total(build_heuristic(ctx, start, forced_guesses(ctx, start)))
    seeded = seeded_best_first(ctx, cfg, solver_for(ctx, "normal"), 1)
    assert seeded is not None
    first, root = seeded
    if root is not None:  # the seed won: it is the cheapest heuristic word, ties by the root-bound order
        assert min(totals.values()) == totals[ctx.words.guesses[first]]


def test_a_known_result_that_is_not_the_best_only_sets_the_first_cut_off():
    """The worst class's exact total as the known result: the ranking still proves the best word."""
    ctx, cfg = _game(3, 4, "normal", 8)
    spec = RankSpec(cfg.settings)
    solver = solver_for(ctx, "normal")
    answers, legal = ctx.all_answers, initial_legal(ctx, "normal")
    words = first_guess_representatives(ctx.words, "normal", None)
    values = {w: solver.guess_value(ctx.guess_index[w], answers, legal, 8).cost for w in words}
    worst = max(words, key=lambda w: values[w])
    best = min(words, key=lambda w: (values[w], w))
    assert values[worst] > values[best]
    with use_context(spec, ctx):
        word, total = prove_best_first_word(spec, SerialExecutor(), known=(WordResult(worst, values[worst], True),))
    assert (word, total) == (best, values[best])


def test_a_seed_that_cannot_finish_leaves_the_ranking_to_say_no_word_can():
    ctx, cfg = _game(4, 4, "normal", 3)
    with pytest.raises(InfeasibleError, match="no first word solves every answer within 3 guesses"):
        compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))


@pytest.mark.parametrize("pegs, colours, max_depth, seed", [(4, 4, 4, "1234"), (4, 3, 8, "1112")])
def test_a_seed_that_loses_gives_the_plain_ranking_s_tree(monkeypatch, pegs, colours, max_depth, seed):
    """The seed forced (the cheapest heuristic tree stands in for it): 1234 cannot finish
    4x4 within 4 guesses (only 1123 can, found with no cut-off), 1112 finishes 4x3 but
    not best; either way the tree is the best word's, not the seed's."""
    from wordle_compiler.proof import seeded

    ctx, cfg = _game(pegs, colours, "normal", max_depth)
    monkeypatch.setattr(seeded, "heuristic_totals", lambda ctx, cfg, words: {w: int(w != seed) for w in words})
    first, root = seeded.seeded_best_first(ctx, cfg, solver_for(ctx, "normal"), 1)
    assert root is None
    assert ctx.words.guesses[first] != seed
    built, *_ = compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))
    assert built == _plain_tree(ctx, cfg)
    assert ctx.words.guesses[built.guess] == "1123"


def test_games_without_classes_of_first_guesses_are_not_seeded():
    ctx, _ = _game(3, 4, "normal", 8)
    weighted = BuildConfig(strategy="optimal", settings=Settings(game="mastermind:3x4", weights={"111": 2}))
    assert seeded_best_first(ctx, weighted, solver_for(ctx, "normal"), 1) is None
    wordle = BuildConfig(strategy="optimal", settings=Settings())
    words = Context.load(wordle.settings)
    assert seeded_best_first(words, wordle, solver_for(words, "normal"), 1) is None


def test_a_borrowed_context_serves_its_block_only():
    """A build lends its lists to the ranking inside the block, nested blocks included;
    afterwards a spec loads the lists its settings name (not the last build's)."""
    spec = RankSpec(Settings(game="mastermind:3x4"))
    distinct = Context.load(Settings(game="mastermind:3x4:distinct"), use_cache=False)
    with use_context(spec, distinct):
        assert context_for(spec) is distinct
        with use_context(spec, distinct):
            assert context_for(spec) is distinct
        assert context_for(spec) is distinct
    assert len(context_for(spec).words.answers) == 4**3
