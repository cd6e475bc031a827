"""The exact engine on every game it plays (Wordle of 2-7 letters over any
alphabet, Mastermind), against the exhaustive minimiser of tests/naive.py: random tiny
instances in every mode the game has, within depth limits; and Mastermind 4x6, whose
optimum is published (Koyama & Lai, 1993: 5,625 guesses over the 1,296 secrets)."""

import itertools
import os
import random
import tempfile
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from naive import INF, naive_optimal
from support.naive_checks import check_against_naive, context, modes_of
from wordle_compiler.api import compile_tree
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.errors import BuildError
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import tree_total
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.wordlists import WordLists, load_word_lists
from wordle_compiler.pipeline.compile import build_heuristic, forced_guesses
from wordle_compiler.proof.optimal import compile_optimal
from wordle_compiler.search import Solver, forget_solvers
from wordle_runtime.game import ENGLISH_ALPHABET, MASTERMIND, WORDLE, Game, mastermind, mastermind_codes

# Alphabets with letters outside ASCII; the last has more than 32 symbols, so hard mode
# tests its hints symbol by symbol (the hint masks cannot hold them) and symbol sets use
# all 64 bits.
ALPHABETS = ["".join(sorted(symbols)) for symbols in ("abcñü", "aæøå", "жёлкаеи", ENGLISH_ALPHABET + "ñüæøåßéжёлка")]


@st.composite
def wordle_instances(draw):
    """(game, answers, guesses): a few words of one length over a few symbols of an
    alphabet (often with repeated letters), the guesses holding every answer."""
    alphabet = draw(st.sampled_from(ALPHABETS))
    length = draw(st.integers(2, 7))
    # the symbols the words use: a few, from the alphabet's end when it is long (numbers >= 32)
    pool = draw(st.lists(st.sampled_from(alphabet[-8:]), min_size=2, max_size=4, unique=True))
    word = st.text(alphabet="".join(pool), min_size=length, max_size=length)
    answers = draw(st.lists(word, min_size=1, max_size=9, unique=True))
    extra = draw(st.lists(word, max_size=5, unique=True))
    return Game(WORDLE, length, alphabet), sorted(answers), sorted(set(answers) | set(extra))


@st.composite
def mastermind_instances(draw):
    """(game, answers, guesses): some codes of a small Mastermind, the guesses holding
    every answer."""
    game = mastermind(draw(st.integers(2, 4)), draw(st.integers(2, 4)))
    codes = mastermind_codes(game)
    answers = draw(st.lists(st.sampled_from(codes), min_size=1, max_size=10, unique=True))
    extra = draw(st.lists(st.sampled_from(codes), max_size=6, unique=True))
    return game, sorted(answers), sorted(set(answers) | set(extra))


@pytest.mark.long
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(wordle_instances(), st.integers(1, 5))
def test_wordle_of_any_length_and_alphabet_matches_the_naive_minimiser(instance, depth):
    check_against_naive(*instance, depth)


@pytest.mark.long
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mastermind_instances(), st.integers(1, 5))
def test_mastermind_matches_the_naive_minimiser(instance, depth):
    check_against_naive(*instance, depth)


def replay_total(ctx, root, max_depth: int) -> int:
    """The guesses a tree takes over every answer, each game played through it by the
    game's own rule (``Game.score_code``); an assertion when a game is lost or too long."""
    words, game, total = ctx.words, ctx.game, 0
    for secret in words.answers:
        node, guesses = root, 1
        while words.guesses[node.guess] != secret:
            code = game.score_code(words.guesses[node.guess], secret)
            node = dict(node.children)[code]
            guesses += 1
        assert guesses <= max_depth, secret
        total += guesses
    return total


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(wordle_instances(), mastermind_instances()), st.data())
def test_the_optimal_pipeline_builds_the_naive_optimum_from_a_first_guess(instance, data):
    game, answers, guesses = instance
    mode = data.draw(st.sampled_from(modes_of(game)))
    start = data.draw(st.sampled_from(guesses))
    ctx = context(game, answers, guesses)
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode=mode, max_depth=4), start=start)
    expected = naive_optimal(answers, guesses, mode, 3, start=start, game=game)[0]
    forget_solvers()
    if expected == INF:
        with pytest.raises(BuildError):
            compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))
        return
    root, proved, _, _ = compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))
    assert proved
    assert tree_total(root) == expected == replay_total(ctx, root, 4)


def some_words(game, count: int, seed: int = 0) -> list[str]:
    """``count`` of the game's words (every code, for Mastermind), drawn with a fixed seed."""
    if game.rule == MASTERMIND:
        return mastermind_codes(game)
    every = ["".join(word) for word in itertools.product(game.alphabet, repeat=game.length)]
    return sorted(random.Random(seed).sample(every, min(count, len(every))))


@pytest.mark.parametrize(
    "game", [Game(WORDLE, 3, "abcæ"), Game(WORDLE, 4, "ажклё"), mastermind(3, 4)], ids=lambda game: game.name
)
@pytest.mark.parametrize(
    "strategy",
    [
        "minimax",
        "entropy",
        "expected-size",
        "most-parts",
        "unique-letters",
        "located-letters",
        "letter-entropy",
        "random",
        "first",
        "lookahead",
    ],
)
def test_every_heuristic_builds_a_tree_that_wins_every_game(game, strategy):
    words = some_words(game, 60)
    ctx = context(game, words, words)
    for mode in modes_of(game):
        root = build_heuristic(ctx, BuildConfig(strategy=strategy, settings=Settings(mode=mode), width=5), ())
        replay_total(ctx, root, 40)


def test_mastermind_has_no_hard_mode():
    ctx = context(mastermind(2, 3), mastermind_codes(mastermind(2, 3)), mastermind_codes(mastermind(2, 3)))
    for refusal in (
        lambda: Solver(ctx, "hard"),
        lambda: initial_legal(ctx, "hard"),
        lambda: build_heuristic(ctx, BuildConfig(strategy="entropy", settings=Settings(mode="hard")), ()),
    ):
        with pytest.raises(BuildError, match=r"^mastermind:2x3 has no hard mode: [^\n]*$"):
            refusal()


@pytest.fixture(scope="module")
def classic():
    """Mastermind with four pegs and six colours: every code a secret and a guess."""
    return Context.from_words(load_word_lists(game=mastermind(4, 6)), use_cache=False)


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_the_classic_mastermind_matrix_is_the_rule_for_every_pair(classic):
    words, score = classic.words, classic.game.score_code
    expected = np.array([[score(g, a) for a in words.answers] for g in words.guesses], dtype=np.uint8)
    assert np.array_equal(classic.matrix, expected)
    assert np.array_equal(classic.matrix_by_answer(), expected.T)


@pytest.mark.parametrize("start, total, depth", [("1122", 5702, 5), ("1123", 5625, 6)])
def test_the_classic_mastermind_optimum_from_a_first_guess(classic, start, total, depth):
    """1123 first reaches the published optimum over all first guesses (5,625, at most six
    guesses); Knuth's 1122 needs 5,702, with at most five.  Fast enough for the default suite."""
    forget_solvers()
    began = time.perf_counter()
    cfg = BuildConfig(strategy="optimal", settings=Settings(max_depth=8), start=start)
    root, proved, _, _ = compile_optimal(classic, cfg, forced_guesses(classic, cfg))
    assert proved
    assert tree_total(root) == total == replay_total(classic, root, depth)
    assert time.perf_counter() - began < 60


def tree_shape(node) -> tuple:
    """A tree as nested tuples: (guess, answer, ((code, child), ...))."""
    return node.guess, node.answer, tuple((code, tree_shape(child)) for code, child in node.children)


@pytest.mark.long
def test_hard_mode_without_hint_masks_builds_the_same_tree(ctx):
    """The original lists as a game of 40 symbols, which the hint masks cannot hold: hard
    mode tests every hint symbol by symbol, and builds the very tree of the masks."""
    wide = Game(WORDLE, 5, ENGLISH_ALPHABET + "абвгдежзийклм")
    words = ctx.words
    wide_ctx = Context.from_words(WordLists(words.answers, words.guesses, "a", "g", wide), use_cache=False)
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode="hard"), start="salet")
    masks, masks_proved, _, masks_counters = compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))
    exact, exact_proved, _, exact_counters = compile_optimal(wide_ctx, cfg, forced_guesses(wide_ctx, cfg))
    assert masks_proved
    assert exact_proved
    assert tree_shape(masks) == tree_shape(exact)
    assert masks_counters == exact_counters
    assert tree_total(masks) == 8122


# whole Mastermind games small enough for the naive minimiser (at most nine codes)
TINY_MASTERMINDS = st.sampled_from([mastermind(2, 2), mastermind(2, 3), mastermind(3, 2)]).map(
    lambda game: (game, mastermind_codes(game), mastermind_codes(game))
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(wordle_instances(), TINY_MASTERMINDS), st.data())
def test_wordle_compile_builds_the_naive_optimum_through_the_api(instance, data):
    """``compile_tree`` (what ``wordle-compile --strategy optimal`` runs) on lists written
    to files, or on a whole Mastermind (``--game``): the game is read from them, and the
    tree is verified by the game's rule."""
    game, answers, guesses = instance
    if game.rule == MASTERMIND:
        spec = {"answers": game.name}
    else:
        folder = tempfile.mkdtemp()
        for name, words in (("answers", answers), ("guesses", guesses)):
            with open(os.path.join(folder, name + ".txt"), "w", encoding="utf-8") as lists:
                lists.write("".join(word + "\n" for word in words))
        spec = {name: os.path.join(folder, name + ".txt") for name in ("answers", "guesses")}
    game = Settings(**spec).load_words().game
    mode, start = data.draw(st.sampled_from(modes_of(game))), data.draw(st.sampled_from(guesses))
    expected = naive_optimal(answers, guesses, mode, 3, start=start, game=game)[0]
    if expected == INF:
        with pytest.raises(BuildError):
            compile_tree("optimal", start=start, mode=mode, max_depth=4, **spec)
        return
    result = compile_tree("optimal", start=start, mode=mode, max_depth=4, **spec)
    assert result.ok
    assert result.proved_optimal
    assert result.stats["total_guesses"] == expected


def test_wordle_compile_proves_the_classic_mastermind_from_1122():
    """``wordle-compile --game mastermind:4x6 --strategy optimal --start 1122``, as the API runs it."""
    result = compile_tree("optimal", start="1122", answers="mastermind:4x6", max_depth=8)
    assert result.proved_optimal
    assert result.stats["total_guesses"] == 5702
    assert result.stats["max_depth"] == 5
    with pytest.raises(ValueError, match="mastermind:4x6 has no hard mode"):
        compile_tree("optimal", start="1122", answers="mastermind:4x6", mode="hard")
