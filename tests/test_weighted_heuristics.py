"""The heuristic strategies under a prior (``BuildConfig.weights``): the weighted partition
pass against a plain reading of the matrix, every strategy's choice against a slow
reference that scores every guess (tests/naive.py), equal weights against no weights,
sets that weigh nothing, the perfect-splitter shortcut where weights make it wrong, and
whole builds."""

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import naive_weighted_choice, naive_weighted_scores
from sampled_lists import DATA, write_sampled_lists
from wordle_compiler.core import guess_stats
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.errors import BuildError
from wordle_compiler.core.guess_stats import LARGEST, PARTS, SUMSQ, weighted_partition_stats
from wordle_compiler.core.modes import legal_after
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.weights import Weights, integer_weights
from wordle_compiler.core.wordlists import WordLists, load_word_lists
from wordle_compiler.ext import _kernels
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.strategies.heuristic import _pick, _stats, possible_splitter
from wordle_compiler.strategies.letters import LETTER_ENTROPY, LETTER_LOCATED, LETTER_UNIQUE, letter_scores
from wordle_compiler.strategies.prior import prior_for
from wordle_compiler.strategies.table import NODE_RULES, node_rule

N_GUESSES, N_ANSWERS = 12972, 2315
PARTITION = ("minimax", "entropy", "expected-size", "most-parts")
SCORED = (*PARTITION, "unique-letters", "located-letters", "letter-entropy", "lookahead")
FULL_PASS_SCORES = {
    "minimax": lambda stats, bits: stats[:, LARGEST],
    "entropy": lambda stats, bits: -np.round(bits, 12),
    "expected-size": lambda stats, bits: stats[:, SUMSQ],
    "most-parts": lambda stats, bits: -stats[:, PARTS],
}

_answers = (DATA / "answers-original.txt").read_text().split()
# Families of answers that differ in one or two letters: many ties, few perfect splitters.
FAMILIES = [w for w in _answers if w.endswith(("ight", "ound", "atch", "ower", "ill")) or w.startswith("sha")]
PROBES = random.Random(3).sample((DATA / "allowed-original.txt").read_text().split(), 40)

weight_values = st.one_of(st.integers(0, 3), st.integers(0, 1 << 22))


def context(answers, extra=()):
    words = WordLists(tuple(sorted(answers)), tuple(sorted(set(answers) | set(extra))), "tiny", "tiny")
    return Context.from_words(words, use_cache=False)


def weighted(values, strategy="entropy", mode="normal", **kwargs):
    weights = Weights(tuple(int(v) for v in values), "test")
    return BuildConfig(strategy=strategy, settings=Settings(mode=mode, weights=weights), **kwargs)


@st.composite
def positions(draw):
    """Tiny lists, a remaining set of at least two of their answers, ascending legal guesses,
    and a weight per answer."""
    answers = draw(st.lists(st.sampled_from(FAMILIES + PROBES[:10]), min_size=2, max_size=9, unique=True))
    extra = draw(st.lists(st.sampled_from(PROBES), max_size=8, unique=True))
    ctx = context(answers, extra)
    n = len(ctx.words.answers)
    remaining = sorted(draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=n, unique=True)))
    everyone = draw(st.booleans())
    legal = (
        ctx.all_guesses
        if everyone
        else np.array(
            sorted(
                draw(
                    st.lists(
                        st.integers(0, len(ctx.words.guesses) - 1),
                        min_size=1,
                        max_size=len(ctx.words.guesses),
                        unique=True,
                    )
                )
            ),
            dtype=np.int32,
        )
    )
    weights = draw(st.lists(weight_values, min_size=n, max_size=n))
    return ctx, np.array(remaining, dtype=np.int32), legal, weights


def naive_pick(ctx, strategy, answers, legal, weights, mode="normal", width=50):
    words = ctx.words
    by_word = dict(zip(words.answers, weights, strict=True))
    chosen = naive_weighted_choice(
        strategy, [words.answers[a] for a in answers], [words.guesses[g] for g in legal], by_word, mode, width
    )
    return ctx.guess_index[chosen]


# -- the compiled weighted pass ------------------------------------------------------------------


def _check_pass(ctx, guesses, answers, weights):
    stats, bits = weighted_partition_stats(ctx.matrix_by_answer(), guesses, answers, weights)
    expected_stats, expected_bits = naive_weighted_scores(ctx.matrix, guesses, answers, weights)
    assert stats.tolist() == [list(row) for row in expected_stats]
    assert bits.tobytes() == np.array(expected_bits, dtype=np.float64).tobytes()
    total = sum(int(weights[a]) for a in answers)
    for g, b in zip(guesses[:5], bits[:5], strict=True):  # the formula is the entropy of the shares
        mass = {}
        for a in answers:
            mass[ctx.matrix[g, a]] = mass.get(ctx.matrix[g, a], 0) + int(weights[a])
        shannon = -sum(m / total * math.log2(m / total) for m in mass.values() if m) if total else 0.0
        assert abs(b - shannon) < 1e-9


@settings(max_examples=40, deadline=None)
@given(
    answers=st.lists(st.integers(0, N_ANSWERS - 1), min_size=1, max_size=200, unique=True),
    first=st.integers(0, N_GUESSES - 1),
    count=st.integers(1, 100),
    scattered=st.lists(st.integers(0, N_GUESSES - 1), min_size=1, max_size=70, unique=True),
    seed=st.integers(0, 2**32 - 1),
    zeros=st.floats(0, 1),
)
def test_the_weighted_pass_equals_a_plain_reading(ctx, answers, first, count, scattered, seed, zeros):
    """Consecutive guesses (normal mode) and scattered ones, weights with and without zeros:
    integers equal, entropy bits equal to the bit."""
    rng = np.random.default_rng(seed)
    weights = rng.integers(0, 1 << 20, N_ANSWERS) * (rng.random(N_ANSWERS) >= zeros)
    answers = np.array(answers, dtype=np.int32)
    _check_pass(ctx, np.arange(first, min(first + count, N_GUESSES), dtype=np.int32), answers, weights)
    _check_pass(ctx, np.array(scattered, dtype=np.int32), answers, weights)


@settings(max_examples=30, deadline=None)
@given(
    answers=st.lists(st.integers(0, N_ANSWERS - 1), min_size=1, max_size=300, unique=True),
    weight=st.integers(1, 1 << 28),
    first=st.integers(0, N_GUESSES - 300),
)
def test_equal_weights_give_the_unweighted_numbers(ctx, answers, weight, first):
    """Equal weights w: the class sizes times w, their squares times w², and the very same
    entropy bits (the pass divides the weights by their common divisor first)."""
    answers = np.array(answers, dtype=np.int32)
    guesses = np.arange(first, first + 300, dtype=np.int32)
    weight = min(weight, (1 << 31) // len(answers))
    stats, bits = guess_stats.partition_stats(ctx.matrix_by_answer(), guesses, answers)
    w_stats, w_bits = weighted_partition_stats(ctx.matrix_by_answer(), guesses, answers, np.full(N_ANSWERS, weight))
    assert np.array_equal(w_stats[:, PARTS], stats[:, PARTS])
    assert np.array_equal(w_stats[:, 3], stats[:, 3])
    assert np.array_equal(w_stats[:, LARGEST], stats[:, LARGEST] * weight)
    assert np.array_equal(w_stats[:, SUMSQ], stats[:, SUMSQ] * weight * weight)
    assert w_bits.tobytes() == bits.tobytes()


def test_the_weighted_pass_checks_its_inputs(ctx):
    MT, guesses, answers = ctx.matrix_by_answer(), ctx.all_guesses[:10], ctx.all_answers[:5]
    ones = np.ones(N_ANSWERS, dtype=np.int64)
    with pytest.raises(ValueError, match="one weight per answer"):
        weighted_partition_stats(MT, guesses, answers, ones[:-1])
    with pytest.raises(ValueError, match="negative"):
        weighted_partition_stats(MT, guesses, answers, np.where(np.arange(N_ANSWERS) == 3, -1, 1))
    with pytest.raises(ValueError, match="2\\^31"):
        weighted_partition_stats(MT, guesses, answers, ones << 30)
    with pytest.raises(IndexError):
        weighted_partition_stats(MT, guesses, np.array([0, N_ANSWERS], dtype=np.int32), ones)
    with pytest.raises(IndexError):
        weighted_partition_stats(MT, np.array([N_GUESSES], dtype=np.int32), answers, ones)
    stats, bits = weighted_partition_stats(MT, guesses, answers, np.zeros(N_ANSWERS, dtype=np.int64))
    assert (stats[:, PARTS] > 0).all()
    assert not stats[:, [LARGEST, SUMSQ]].any()
    assert not bits.any()
    with pytest.raises(BuildError, match="2 values for the 2315 answers"):
        prior_for(ctx, answers, weighted([1, 1]))


def test_the_split_weighted_pass_equals_the_serial_one(ctx, monkeypatch):
    weights = np.random.default_rng(1).integers(0, 1000, N_ANSWERS)
    answers = ctx.all_answers[::7]
    serial = weighted_partition_stats(ctx.matrix_by_answer(), ctx.all_guesses, answers, weights)
    monkeypatch.setattr(guess_stats, "THREADED_CELLS", 0)
    guess_stats.set_threads(3)
    try:
        split = weighted_partition_stats(ctx.matrix_by_answer(), ctx.all_guesses, answers, weights)
    finally:
        guess_stats.set_threads(1)
    assert np.array_equal(split[0], serial[0])
    assert split[1].tobytes() == serial[1].tobytes()


def test_letter_counts_by_weight(ctx):
    """Equal weights scale the unique and located scores and leave the shares unchanged;
    weights of 2 and 0 count an answer twice and not at all."""
    letters = ctx.guess_letters[ctx.answer_in_guesses[ctx.all_answers[:50]]]
    for kind, scale in ((LETTER_UNIQUE, 7.0), (LETTER_LOCATED, 7.0), (LETTER_ENTROPY, 1.0)):
        plain = letter_scores(ctx.guess_letters, ctx.all_guesses, letters, kind)
        assert np.array_equal(
            letter_scores(ctx.guess_letters, ctx.all_guesses, letters, kind, np.full(50, 7)), plain * scale
        )
        doubled = np.concatenate([letters, letters[:10]])
        assert np.array_equal(
            letter_scores(
                ctx.guess_letters, ctx.all_guesses, letters, kind, np.r_[np.full(10, 2), np.ones(40, np.int64)]
            ),
            letter_scores(ctx.guess_letters, ctx.all_guesses, doubled, kind),
        )
        assert np.array_equal(
            letter_scores(
                ctx.guess_letters, ctx.all_guesses, letters, kind, np.r_[np.zeros(10, np.int64), np.ones(40, np.int64)]
            ),
            letter_scores(ctx.guess_letters, ctx.all_guesses, letters[10:], kind),
        )


# -- the strategies' choices -----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(position=positions())
def test_weighted_choices_are_the_naive_ones(position):
    """Every scoring strategy against a reference that scores every legal guess by the
    definitions (zero weights, sets that weigh nothing and ties included)."""
    ctx, answers, legal, weights = position
    for name in SCORED:
        cfg = weighted(weights, name, width=3)
        expected = naive_pick(ctx, name, answers, legal, weights, width=3)
        assert node_rule(name)(ctx, answers, legal, cfg) == expected, name


@settings(max_examples=25, deadline=None)
@given(position=positions(), width=st.integers(1, 6))
def test_weighted_lookahead_in_hard_mode_is_the_naive_one(position, width):
    ctx, answers, _, weights = position
    cfg = weighted(weights, "lookahead", width=width, mode="hard")
    expected = naive_pick(ctx, "lookahead", answers, ctx.all_guesses, weights, "hard", width)
    assert node_rule("lookahead")(ctx, answers, ctx.all_guesses, cfg) == expected


@settings(max_examples=40, deadline=None)
@given(position=positions(), weight=st.integers(1, 1 << 28))
def test_equal_weights_choose_as_no_weights(position, weight):
    """Exact for every strategy, entropy included: its bits are the same to the bit."""
    ctx, answers, legal, _ = position
    weight = min(weight, (1 << 31) // len(ctx.words.answers))
    for name in NODE_RULES:
        plain = node_rule(name)(ctx, answers, legal, BuildConfig(strategy=name, width=3))
        assert (
            node_rule(name)(ctx, answers, legal, weighted([weight] * len(ctx.words.answers), name, width=3)) == plain
        ), name


@settings(max_examples=30, deadline=None)
@given(position=positions())
def test_a_set_that_weighs_nothing_is_chosen_for_as_without_weights(position):
    ctx, answers, legal, weights = position
    weights = [0 if a in set(answers.tolist()) else w for a, w in enumerate(weights)]
    for name in NODE_RULES:
        plain = node_rule(name)(ctx, answers, legal, BuildConfig(strategy=name, width=3))
        assert node_rule(name)(ctx, answers, legal, weighted(weights, name, width=3)) == plain, name


def _real_position(ctx, mode, played, answer, keep):
    row = ctx.codes(played, ctx.all_answers)
    left = ctx.all_answers[row == row[answer]]
    if len(left) > 2:
        left = np.sort(np.unique(left[[i % len(left) for i in keep]]))
    return left, legal_after(ctx, mode, ctx.all_guesses, played, int(row[answer]))


@settings(max_examples=40, deadline=None)
@given(
    mode=st.sampled_from(["normal", "hard"]),
    played=st.integers(0, N_GUESSES - 1),
    answer=st.integers(0, N_ANSWERS - 1),
    keep=st.lists(st.integers(0, 10_000), min_size=2, max_size=10),
    values=st.lists(st.integers(0, 12), min_size=10, max_size=10),
)
def test_on_the_real_lists_the_shortcut_picks_what_a_full_pass_picks(ctx, mode, played, answer, keep, values):
    """The partition strategies (with their perfect-splitter shortcut where it is proved
    exact) against the full weighted pass, on real positions, and uniform weights (the
    integer rule's, equal for every answer) against no weights."""
    answers, legal = _real_position(ctx, mode, played, answer, keep)
    if len(answers) < 2:
        return
    weights = np.ones(N_ANSWERS, dtype=np.int64)
    weights[answers] = [values[i % len(values)] for i in range(len(answers))]
    cfg, uniform = (
        weighted(weights),
        BuildConfig(settings=Settings(weights=integer_weights([1] * N_ANSWERS, "uniform"))),
    )
    prior = prior_for(ctx, answers, cfg)
    for name, score in FULL_PASS_SCORES.items():
        rule = None if name == "most-parts" else prior  # most-parts does not weigh
        by_score = _pick(ctx, legal, answers, score(*_stats(ctx, answers, legal, rule)), rule)
        assert node_rule(name)(ctx, answers, legal, cfg) == by_score, name
        assert node_rule(name)(ctx, answers, legal, uniform) == node_rule(name)(ctx, answers, legal, None), name


@pytest.mark.parametrize(
    "name, words, weights, pick, splitter",
    [
        # taint weighs nothing: tunic, which leaves it with tying, scores as well as tying's
        # perfect split, and is the heavier possible answer
        ("entropy", ("taint", "tunic", "tying"), (0, 2, 1), "tunic", "tying"),
        ("expected-size", ("taint", "tunic", "tying"), (0, 2, 1), "tunic", "tying"),
        ("minimax", ("allot", "batty", "faint", "stash"), (1, 0, 2, 10), "stash", "faint"),
        # no weight is zero, but 1 + 1 < 10: leaving taint with tying costs minimax nothing
        ("minimax", ("taint", "tunic", "tying"), (1, 10, 1), "tunic", "taint"),
    ],
)
def test_where_weights_make_the_shortcut_wrong_the_full_pass_decides(ctx, name, words, weights, pick, splitter):
    answers = np.array([ctx.words.answers.index(w) for w in words], dtype=np.int32)
    values = np.ones(N_ANSWERS, dtype=np.int64)
    values[answers] = weights
    cfg = weighted(values, name)
    prior = prior_for(ctx, answers, cfg)
    assert ctx.words.guesses[possible_splitter(ctx, answers, ctx.all_guesses, prior)] == splitter
    stats, bits = _stats(ctx, answers, ctx.all_guesses, prior)
    assert ctx.words.guesses[_pick(ctx, ctx.all_guesses, answers, FULL_PASS_SCORES[name](stats, bits), prior)] == pick
    assert ctx.words.guesses[node_rule(name)(ctx, answers, ctx.all_guesses, cfg)] == pick


def test_of_two_answers_the_likelier_is_played_first(ctx):
    answers = np.array([ctx.words.answers.index("fight"), ctx.words.answers.index("light")], dtype=np.int32)
    values = np.ones(N_ANSWERS, dtype=np.int64)
    values[answers] = (1, 5)
    for name in (*PARTITION, "lookahead"):
        chosen = node_rule(name)(ctx, answers, ctx.all_guesses, weighted(values, name))
        assert ctx.words.guesses[chosen] == ("fight" if name == "most-parts" else "light"), name


# -- whole builds ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sampled(tmp_path_factory):
    answers, guesses, _ = write_sampled_lists(tmp_path_factory.mktemp("lists"), 5, 60, 300, 120)
    ctx = Context.from_words(load_word_lists(str(answers), str(guesses)), use_cache=False)
    return str(answers), str(guesses), ctx


def _tree(result):
    data = result.data
    return [list(a) for a in (data.node_guess, data.node_answer, data.child_start, data.edge_pattern, data.edge_child)]


@pytest.mark.parametrize("name", sorted(NODE_RULES))
def test_weighted_builds_solve_every_answer(sampled, name):
    """Every heuristic under a skewed prior with zero weights: a verified tree that solves
    every answer; under equal weights, the very tree built without weights."""
    answers, guesses, ctx = sampled
    n = len(ctx.words.answers)
    rng = random.Random(9)
    skewed = integer_weights([rng.choice((0, 0, 1, 5, 40)) for _ in range(n)], "skewed")
    common = {"strategy": name, "width": 5}
    lists = {"answers": answers, "guesses": guesses}
    result = compile_tree(BuildConfig(**common, settings=Settings(**lists, weights=skewed)), ctx)
    assert not result.report.failures
    assert result.report.answers == n
    assert min(result.report.depths) >= 1
    plain = compile_tree(BuildConfig(**common, settings=Settings(**lists)), ctx)
    uniform_weights = integer_weights([1] * n, "uniform")
    uniform = compile_tree(BuildConfig(**common, settings=Settings(**lists, weights=uniform_weights)), ctx)
    assert _tree(uniform) == _tree(plain)
    if name in (*PARTITION[:3], "lookahead"):  # the prior reaches the strategy
        assert _tree(result) != _tree(plain)


def test_kernel_constant_matches_the_documented_bound():
    assert _kernels.MAX_SET_WEIGHT == 1 << 31
