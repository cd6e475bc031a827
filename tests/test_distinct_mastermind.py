"""Mastermind over the codes of different colours (``mastermind:PxC:distinct``; Bulls and
Cows is ``mastermind:4x10:distinct``, also called ``bulls-and-cows``): the code lists, the
scores against tests/naive.py, the exact engine against the exhaustive minimiser, the
first-guess symmetry, trees played through ``wordle-next``, and bad specs through the
real command lines."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import math
import random

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wordle_runtime
from clirun import one_line_error, run
from naive import INF, naive_code, naive_optimal
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.games import game_title
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import tree_total
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.symmetry import first_guess_representatives
from wordle_compiler.pipeline.compile import forced_guesses
from wordle_compiler.proof.optimal import compile_optimal
from wordle_compiler.search import forget_solvers, solver_for
from wordle_runtime.cli import main as next_main
from wordle_runtime.game import code_count, mastermind, mastermind_codes
from wordle_runtime.hints import analyse_options

SIZES = [(p, c) for p in range(2, 5) for c in range(p, 11)]


@pytest.mark.parametrize("pegs, colours", SIZES)
def test_the_distinct_codes_are_every_code_without_a_repeated_colour(pegs, colours):
    game = mastermind(pegs, colours)
    codes = mastermind_codes(game, distinct=True)
    assert len(codes) == math.factorial(colours) // math.factorial(colours - pegs) == code_count(game, True)
    assert codes == sorted(set(codes))
    assert all(len(set(code)) == pegs for code in codes)
    assert codes == [code for code in mastermind_codes(game) if len(set(code)) == pegs]


def test_ten_colours_are_the_digits_0_to_9_and_fewer_keep_1_to_c():
    assert mastermind(4, 10).alphabet == "0123456789"
    assert [mastermind(4, c).alphabet for c in (2, 6, 9)] == ["12", "123456", "123456789"]
    words = Settings(answers="mastermind:4x10:distinct").load_words()
    assert (len(words.answers), words.answers[0], words.answers[-1]) == (5040, "0123", "9876")
    assert words.answers == words.guesses
    assert words.answers_name == words.guesses_name == "mastermind:4x10:distinct"


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SIZES))
def test_scores_match_the_naive_rule(rng, size):
    game = mastermind(*size)
    codes = mastermind_codes(game, distinct=True)
    guess, answer = rng.choice(codes), rng.choice(codes)
    assert game.score_code(guess, answer) == naive_code(guess, answer, game)


def test_the_feedback_matrix_matches_the_naive_rule():
    ctx = Context.from_words(Settings(answers="mastermind:3x5:distinct").load_words(), use_cache=False)
    words, game = ctx.words, ctx.game
    for g, a in itertools.product(range(len(words.guesses)), range(len(words.answers))):
        assert int(ctx.matrix[g, a]) == naive_code(words.guesses[g], words.answers[a], game)


@pytest.mark.long
@pytest.mark.parametrize("spec", ["mastermind:3x4:distinct", "mastermind:2x5:distinct", "mastermind:2x4:distinct"])
@pytest.mark.parametrize("depth", [3, 4, 5])
def test_the_exact_engine_equals_the_naive_optimum(spec, depth):
    forget_solvers()
    words = Settings(answers=spec).load_words()
    ctx = Context.from_words(words, use_cache=False)
    for mode in ("normal", "possible"):
        outcome = solver_for(ctx, mode).solve(ctx.all_answers, initial_legal(ctx, mode), depth)
        total, deepest = naive_optimal(words.answers, words.guesses, mode, depth, game=ctx.game)
        if total == INF:
            assert not outcome.feasible, (mode, depth)
        else:
            assert (outcome.cost, outcome.depth) == (total, deepest), (mode, depth)


@pytest.mark.parametrize("start", ["123", pytest.param("531", marks=pytest.mark.slow)])  # 5-7 s each
@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_the_optimal_pipeline_equals_the_naive_optimum_from_a_first_guess(start):
    forget_solvers()
    words = Settings(answers="mastermind:3x5:distinct").load_words()
    ctx = Context.from_words(words, use_cache=False)
    cfg = BuildConfig(strategy="optimal", settings=Settings(max_depth=5), start=start)
    root, proved, _, _ = compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))
    assert proved
    total = naive_optimal(words.answers, words.guesses, "normal", 4, start=start, game=ctx.game)[0]
    assert tree_total(root) == total


def test_every_first_guess_is_one_class_and_the_global_proof_takes_the_first():
    forget_solvers()
    words = Settings(answers="mastermind:3x4:distinct").load_words()
    assert first_guess_representatives(words, "normal", None) == ["123"]
    bulls_and_cows = Settings(answers="mastermind:4x10:distinct").load_words()
    assert first_guess_representatives(bulls_and_cows, "possible", None) == ["0123"]
    ctx = Context.from_words(words, use_cache=False)
    solver = solver_for(ctx, "normal")
    legal = initial_legal(ctx, "normal")
    outcomes = [solver.guess_value(g, ctx.all_answers, legal, 6) for g in range(len(words.guesses))]
    values = {(outcome.cost, outcome.depth) for outcome in outcomes}
    assert len(values) == 1  # the symmetry itself: every code is worth the same
    cfg = BuildConfig(strategy="optimal", settings=Settings(max_depth=6))
    root, proved, label, _ = compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))
    assert (proved, label, words.guesses[root.guess]) == (True, "global", "123")
    assert tree_total(root) == values.pop()[0]


def test_a_game_of_one_class_of_first_guesses_costs_what_that_class_costs(tmp_path):
    """Without --start the proof solves the one class's code once: the same search, node
    for node, and the same tree as --start with that code."""
    runs = {}
    for start in ((), ("--start", "1234")):
        out = tmp_path / f"tree{len(start)}.wtree"
        game = ("--game", "mastermind:4x6:distinct", "--strategy", "optimal", "--jobs", "1")
        result = run("wordle-compile", *game, *start, "--stats", "--quiet", "-o", out)
        assert result.returncode == 0, result.stderr
        counters = [line for line in result.stderr.splitlines() if "search:" in line]
        tree = msgpack.unpackb(out.read_bytes())
        runs[start] = (counters, tree.pop("meta").pop("optimality"), tree)
    assert len(runs[()][0]) == 1
    (counters, label, tree), (start_counters, start_label, start_tree) = runs.values()
    assert (counters, tree) == (start_counters, start_tree)
    assert (label, start_label) == ("global", "proved optimal for the fixed first guess")


def test_bulls_and_cows_names_the_distinct_codes_in_the_api():
    assert Settings(game="bulls-and-cows").lists() == ("mastermind:4x10:distinct", None)
    assert Settings(game="Mastermind:3x5:DISTINCT").lists() == ("mastermind:3x5:distinct", None)
    assert Settings(game="mastermind:3x5").lists() == ("mastermind:3x5", None)
    assert not Settings(game="mastermind:3x5:distinct").agrees("game", "mastermind:3x5")
    assert Settings(game="bulls-and-cows").agrees("game", "mastermind:4x10:distinct")


def _play(tree: str, answer: str, game) -> list[str]:
    """The guesses ``wordle-next`` gives for ``answer``, each asked with the history so far."""
    history: list[str] = []
    while True:
        out = _next_json(["--tree", tree, *history])
        assert answer in out["candidates"], (history, out)
        if out["guess"] == answer:
            return [*history[::2], answer]
        history += [out["guess"], game.format_code(game.score_code(out["guess"], answer))]
        assert len(history) < 20, history


def _next_json(argv: list[str]) -> dict:
    """``wordle-next --json argv`` run in this process, its answer read."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert next_main(["--json", *argv]) == 0
    return json.loads(buffer.getvalue())


@pytest.mark.long
def test_a_distinct_tree_plays_every_answer_through_wordle_next(tmp_path):
    tree = tmp_path / "distinct.wtree"
    built = run("wordle-compile", "--game", "mastermind:3x5:distinct", "--strategy", "optimal", "-o", tree, "--json")
    assert built.returncode == 0, built.stderr
    report = json.loads(built.stdout)
    words = Settings(answers="mastermind:3x5:distinct").load_words()
    lengths = [len(_play(str(tree), answer, words.game)) for answer in words.answers]
    assert sum(lengths) == report["total_guesses"]
    assert max(lengths) == report["max_depth"]
    first = report["start"]
    shown = run("wordle-next", "--tree", tree, first, "B0W1", "--json")
    assert shown.returncode == 0, shown.stderr
    expected = [c for c in words.answers if len(set(c) & set(first)) == 1 and all(map(str.__ne__, c, first))]
    assert json.loads(shown.stdout)["candidates"] == expected
    one_line_error(run("wordle-next", "--tree", tree, "112", "B1W0"), 2, "not in this tree's guess list")
    info = run("wordle-tree", "info", tree).stdout
    assert "game        mastermind:3x5:distinct (mastermind, 3 different symbols over 12345)" in info


def test_info_names_the_shipped_bulls_and_cows_tree_as_players_know_it():
    """By the name --game takes and its title, not as the file's ``game`` alone (every code of
    Mastermind 4×10); plain Mastermind keeps its own name."""
    result = run("wordle-tree", "info", "bulls-and-cows-optimal-normal")
    assert result.returncode == 0, result.stderr
    game = next(line for line in result.stdout.splitlines() if line.startswith("game "))
    assert game.split(None, 1)[1] == (
        "bulls-and-cows (Bulls and Cows: mastermind:4x10:distinct, 4 different symbols over 0123456789)"
    )
    doc = json.loads(run("wordle-tree", "info", "bulls-and-cows-optimal-normal", "--json").stdout)["game"]
    assert doc == {
        "name": "bulls-and-cows",
        "title": "Bulls and Cows",
        "codes": "mastermind:4x10:distinct",
        "distinct": True,
        "rule": "mastermind",
        "length": 4,
        "alphabet": "0123456789",
    }
    every = json.loads(run("wordle-tree", "info", "mastermind-4x6-optimal-normal", "--json").stdout)["game"]
    assert (every["name"], every["title"], every["codes"], every["distinct"]) == (
        "mastermind:4x6",
        "Mastermind 4×6",
        "mastermind:4x6",
        False,
    )


@pytest.mark.long
def test_bulls_and_cows_compiles_and_plays_from_its_alias(tmp_path):
    tree = tmp_path / "bulls.wtree"
    args = ("--game", "bulls-and-cows", "--strategy", "entropy", "--start", "0123", "--max-depth", "8")
    built = run("wordle-compile", *args, "-o", tree, "--json")
    assert built.returncode == 0, built.stderr
    assert json.loads(built.stdout)["answers"] == 5040
    step = run("wordle-next", "--tree", tree, "0123", "B1W2", "--json")
    assert step.returncode == 0, step.stderr
    candidates = json.loads(step.stdout)["candidates"]
    game = mastermind(4, 10)
    expected = [c for c in mastermind_codes(game, True) if game.format_code(game.score_code("0123", c)) == "B1W2"]
    assert candidates == expected
    one_line_error(run("wordle-next", "--tree", tree, "0012", "B1W0"), 2, "not in this tree's guess list")
    loaded = wordle_runtime.load(tree)
    assert analyse_options(loaded)[:2] == ["--game", "mastermind:4x10:distinct"]
    assert game_title(loaded.game, [loaded.meta["word_lists"]["guesses"]["name"]]) == "Bulls and Cows"


FRONT_DOORS = {
    "wordle-compile": ("wordle-compile", "--strategy", "first"),
    "wordle-rank": ("wordle-rank",),
    "wordle-tree analyse": ("wordle-tree", "analyse", "--top", "1"),
}


@pytest.mark.long
@pytest.mark.parametrize("door", FRONT_DOORS)
@pytest.mark.parametrize(
    "spec, fragment",
    [
        ("mastermind:5x4:distinct", "needs at least as many colours as pegs"),
        ("mastermind:4x10:other", "unknown Mastermind variant 'other'"),
        ("mastermind:4x6:", "unknown Mastermind variant ''"),
        ("mastermind:4x11:distinct", "2-10 colours"),
        ("mastermind:8x10:distinct", "1,814,400 codes"),
    ],
)
def test_a_bad_distinct_spec_is_one_line(door, spec, fragment, tmp_path):
    out = {"wordle-compile": ["-o", tmp_path / "out.wtree"], "wordle-rank": ["-o", tmp_path / "out.csv"]}
    one_line_error(run(*FRONT_DOORS[door], *out.get(door, []), "--game", spec), 2, fragment)
    assert list(tmp_path.iterdir()) == []


def test_random_histories_agree_with_the_runtime_tree(tmp_path):
    """Any code of the distinct list may be played off the tree; the candidates left are
    the codes every step's score allows."""
    tree = tmp_path / "t.wtree"
    built = run("wordle-compile", "--game", "mastermind:3x6:distinct", "--strategy", "entropy", "-o", tree)
    assert built.returncode == 0, built.stderr
    game = mastermind(3, 6)
    codes = mastermind_codes(game, True)
    rng = random.Random(7)
    for _ in range(20):
        answer, steps = rng.choice(codes), rng.sample(codes, 2)
        history = [x for g in steps for x in (g, game.format_code(game.score_code(g, answer)))]
        expected = [c for c in codes if all(game.score_code(g, c) == game.score_code(g, answer) for g in steps)]
        assert _next_json(["--tree", str(tree), *history])["candidates"] == expected
