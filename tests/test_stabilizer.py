"""Mastermind's symmetries below played guesses: the orbits equal those of the whole
stabilizer found by brute force, and a node searched over one guess per orbit gives exactly
what the engine's full search gives (total, depth and guess), in every symmetric mode."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from wordle_compiler.core.config import Context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import class_tasks
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.symmetry import OrbitLevels, guess_orbits
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.search import OrbitNode, Solver


def _brute_orbits(words, fixed: list[str], weight_of=None) -> np.ndarray:
    """Each guess's least index over its orbit, from every (peg permutation, colour renaming)
    pair that maps each fixed code to itself (and every code onto one of its weight)."""
    alphabet, index = words.game.alphabet, {w: i for i, w in enumerate(words.guesses)}
    least = np.arange(len(words.guesses))
    for order in itertools.permutations(range(words.game.length)):
        for renaming in itertools.permutations(alphabet):
            table = dict(zip(alphabet, renaming, strict=True))

            def image(code: str, order=order, table=table) -> str:
                return "".join(table[code[source]] for source in order)

            kept = weight_of is None or all(weight_of(image(word)) == weight_of(word) for word in index)
            if kept and all(image(code) == code for code in fixed):
                for word, i in index.items():
                    least[i] = min(least[i], index[image(word)])
    return least


@pytest.mark.parametrize(
    "game, fixed",
    [
        ("mastermind:3x4", ["112"]),
        ("mastermind:3x4", ["123"]),
        ("mastermind:3x4", ["111", "123"]),
        ("mastermind:4x3", ["1122"]),
        ("mastermind:2x5", ["12", "34"]),
        ("mastermind:3x4", []),
    ],
)
def test_orbits_are_the_whole_stabilizers(game, fixed):
    words = Settings(game=game).load_words()
    orbits = guess_orbits(words, "normal", None, [words.guesses.index(code) for code in fixed])
    assert orbits is not None
    assert np.array_equal(orbits, _brute_orbits(words, fixed))


def test_no_orbits_where_the_game_has_no_symmetry_and_fewer_under_weights():
    from wordle_compiler.core.weights import integer_weights

    mastermind = Settings(answers="mastermind:3x4").load_words()
    uneven = integer_weights([1 + i % 3 for i in range(len(mastermind.answers))], "test")
    even = integer_weights([2] * len(mastermind.answers), "test")
    assert guess_orbits(load_word_lists("original"), "normal", None, [0]) is None
    kept = guess_orbits(mastermind, "normal", uneven, [0])  # only the renamings that keep the weights
    brute = _brute_orbits(mastermind, ["111"], dict(zip(mastermind.answers, uneven.values, strict=True)).get)
    assert kept is not None
    assert all(brute[kept[i]] == brute[i] for i in range(len(kept)))
    assert guess_orbits(mastermind, "normal", even, [0]) is not None
    assert guess_orbits(mastermind, "hard", None, [0]) is None


def test_weights_keep_the_renamings_that_keep_them():
    """One rule: a renaming is a symmetry when every code weighs what its image weighs."""
    from wordle_compiler.core.symmetry import first_guess_representatives
    from wordle_compiler.core.weights import integer_weights

    words = Settings(answers="mastermind:3x4").load_words()

    def weight_of(code: str) -> int:
        return 2 if "4" in code else 1

    with_four = integer_weights([weight_of(code) for code in words.answers], "test")
    by_class = integer_weights([len(set(code)) for code in words.answers], "test")
    assert first_guess_representatives(words, "normal", with_four) is None  # 111 and 444 weigh apart
    assert first_guess_representatives(words, "normal", by_class) == first_guess_representatives(words, "normal", None)
    for fixed in (["111"], ["112"], ["123"]):
        at = [words.guesses.index(code) for code in fixed]
        orbits = guess_orbits(words, "normal", with_four, at)
        brute = _brute_orbits(words, fixed, weight_of)
        assert orbits is not None
        assert all(brute[orbits[i]] == brute[i] for i in range(len(orbits)))  # within a symmetry's orbit
        assert np.array_equal(guess_orbits(words, "normal", by_class, at), _brute_orbits(words, fixed))
    assert np.array_equal(guess_orbits(words, "normal", with_four, [0]), _brute_orbits(words, ["111"], weight_of))


@pytest.mark.long
@pytest.mark.parametrize("levels", [0, 1, 2])
@pytest.mark.parametrize("mode", ["normal", "possible"])
@pytest.mark.parametrize(
    "game, first", [("mastermind:4x4", "1123"), ("mastermind:4x4", "1122"), ("mastermind:3x6", "123")]
)
def test_a_node_over_one_guess_per_orbit_is_the_full_search(game, first, mode, levels, monkeypatch):
    from wordle_compiler.search import symmetric

    ctx = Context.load(Settings(game=game))
    guess = ctx.guess_index[first]
    orbits = guess_orbits(ctx.words, mode, None, [guess])
    # levels > 0: each candidate's children (and theirs) over the orbits of the group fixing it too
    below = OrbitLevels(ctx.words, mode, None, (guess,), levels) if levels else None
    monkeypatch.setattr(symmetric, "LARGE_CHILD", 2)

    solver, plain = Solver(ctx, mode), Solver(ctx, mode)
    for _, answers, legal in class_tasks(ctx, mode, guess, ctx.all_answers, initial_legal(ctx, mode)):
        for depth in (2, 3, 5):
            expected = plain.solve(answers, legal, depth)
            assert OrbitNode(solver, answers, legal, depth, orbits, below=below).solve()[0] == expected
            if expected.feasible and expected.cost > 2:
                cut = OrbitNode(solver, answers, legal, depth, orbits, expected.cost - 1, below).solve()[0]
                assert cut.guess == -1
                assert expected.cost - 1 <= cut.cost <= expected.cost


@pytest.mark.parametrize("mode", ["normal", "possible"])
def test_a_compiled_mastermind_tree_is_the_same_bytes_with_and_without_its_symmetry(monkeypatch, mode):
    from wordle_compiler.core.config import BuildConfig
    from wordle_compiler.pipeline.compile import compile_tree
    from wordle_compiler.proof import first_level
    from wordle_compiler.search import symmetric
    from wordle_runtime.format import pack_tree

    settings = Settings(answers="mastermind:4x5", max_depth=7, mode=mode)
    cfg = BuildConfig(strategy="optimal", settings=settings, start="1123")
    monkeypatch.setattr(symmetric, "LARGE_CHILD", 24)  # this small game's classes below the second guess too
    with_symmetry = compile_tree(cfg, Context.load(settings))
    two_threads = compile_tree(cfg, Context.load(settings), jobs=2)  # threads share the classes' nodes
    assert pack_tree(two_threads.data) == pack_tree(with_symmetry.data)
    monkeypatch.setattr(symmetric, "LARGE_CHILD", 1 << 30)  # the first guess's symmetries only
    first_level_only = compile_tree(cfg, Context.load(settings))
    monkeypatch.setattr(first_level, "guess_orbits", lambda *args: None)
    without = compile_tree(cfg, Context.load(settings))
    assert pack_tree(with_symmetry.data) == pack_tree(without.data) == pack_tree(first_level_only.data)
    assert with_symmetry.counters["nodes"] < first_level_only.counters["nodes"] < without.counters["nodes"]


def _orbit_classes(game: str, first: str, mode: str):
    ctx = Context.load(Settings(game=game))
    guess = ctx.guess_index[first]
    orbits = guess_orbits(ctx.words, mode, None, [guess])
    return ctx, orbits, class_tasks(ctx, mode, guess, ctx.all_answers, initial_legal(ctx, mode))


@pytest.mark.parametrize("mode", ["normal", "possible"])
def test_a_node_the_engine_searches_over_orbits_gives_one_thread_s_outcome_to_two(mode):
    import threading

    ctx, orbits, tasks = _orbit_classes("mastermind:4x5", "1123", mode)
    plain = Solver(ctx, mode)
    for _, answers, legal in sorted(tasks, key=lambda t: -len(t[1]))[:4]:
        expected = plain.solve(answers, legal, 5)
        solver = Solver(ctx, mode)
        node = OrbitNode(solver, answers, legal, 5, orbits)
        assert node.state is not None  # no ``below``: the engine claims its candidates
        with solver.lanes(2) as lanes:
            threads = [threading.Thread(target=node.work, args=(lane,)) for lane in lanes]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        assert len(node.found) == 2
        assert node.outcome() == expected


def test_a_halted_node_stops_its_engine_search_and_proves_nothing():
    ctx, orbits, tasks = _orbit_classes("mastermind:4x5", "1123", "normal")
    _, answers, legal = max(tasks, key=lambda t: len(t[1]))
    node = OrbitNode(Solver(ctx, "normal"), answers, legal, 5, orbits)
    node.halt()
    assert node.unclaimed() == 0
    stopped, choices = node.solve(stop=lambda: True)
    assert stopped.guess == -1
    assert choices is None
    assert node.found == []  # a halted node is never searched


def test_the_engine_refuses_flags_that_are_not_one_per_guess():
    ctx, _orbits, tasks = _orbit_classes("mastermind:3x4", "123", "normal")
    _, answers, legal = tasks[0]
    with pytest.raises(ValueError, match="one flag per guess"):
        Solver(ctx, "normal").solve(answers, legal, 4, only=np.ones(len(ctx.words.guesses) - 1, dtype=np.uint8))


def test_the_last_level_of_orbits_leaves_the_nodes_below_to_the_engine():
    words = Context.load(Settings(game="mastermind:4x5")).words
    first = words.guesses.index("1123")
    one_level = OrbitLevels(words, "normal", None, (first,), 1)(words.guesses.index("1145"))
    assert one_level is not None
    assert one_level[1] is None
    two_levels = OrbitLevels(words, "normal", None, (first,), 2)(words.guesses.index("1145"))
    assert two_levels is not None
    assert two_levels[1] is not None
