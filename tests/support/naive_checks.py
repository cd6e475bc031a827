"""The engine's optimum on a whole game or a few of its words, checked against the naive
minimiser (tests/naive.py)."""

from __future__ import annotations

from naive import INF, naive_optimal
from wordle_compiler.core.config import Context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.wordlists import WordLists
from wordle_compiler.search import Solver
from wordle_runtime.game import WORDLE


def context(game, answers, guesses) -> Context:
    """The lists' context, its matrix computed afresh (never the cache)."""
    return Context.from_words(WordLists(tuple(answers), tuple(guesses), "a", "g", game), use_cache=False)


def modes_of(game) -> list[str]:
    """The modes the game plays: Mastermind has no hard mode."""
    return ["normal", "hard", "possible"] if game.rule == WORDLE else ["normal", "possible"]


def check_against_naive(game, answers, guesses, depth: int) -> None:
    """In every mode, the engine's (total, depth) within ``depth`` guesses is the naive
    minimiser's, and both find the same sets infeasible."""
    ctx = context(game, answers, guesses)
    for mode in modes_of(game):
        outcome = Solver(ctx, mode).solve(ctx.all_answers, ctx.all_guesses, depth)
        total, deepest = naive_optimal(answers, guesses, mode, depth, game=game)
        if total == INF:
            assert not outcome.feasible, (mode, depth)
        else:
            assert (outcome.cost, outcome.depth) == (total, deepest), (mode, depth)


def check_weighted_against_naive(game, answers, guesses, depth: int, weights: list[int], mode: str) -> None:
    """The same under integer weights (one per answer), in one mode."""
    ctx = context(game, answers, guesses)
    outcome = Solver(ctx, mode, weights=weights).solve(ctx.all_answers, initial_legal(ctx, mode), depth)
    cost, deepest = naive_optimal(
        answers, guesses, mode, depth, weights=dict(zip(answers, weights, strict=True)), game=game
    )
    if cost == INF:
        assert not outcome.feasible, (mode, depth)
    else:
        assert (outcome.cost, outcome.depth) == (cost, deepest), (mode, depth)
