"""Mode rules: hand-made cases, and the compiled filters against the plain-Python rules."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import naive_allowed, naive_score
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.wordlists import WordLists, letters_array
from wordle_compiler.ext._kernels import hard_mode_filter, possible_filter
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.treefiles.verification import hard_mode_allows, verify_tree
from wordle_runtime import parse_pattern, score_code


@pytest.mark.parametrize(
    "history,word,allowed",
    [
        # greens stay in place
        ([("crane", "gbbbb")], "cloud", True),
        ([("crane", "gbbbb")], "black", False),
        # a yellow letter must be used; it may stay where it was
        ([("crane", "bybbb")], "rrrrr", True),
        ([("crane", "bybbb")], "sloth", False),
        # grays may be reused
        ([("crane", "gbbbb")], "crane", True),
        # two yellows of one letter in one guess: the word needs two of it
        ([("eerie", "yybbb")], "sheep", True),
        ([("eerie", "yybbb")], "slept", False),
        # green + yellow of the same letter count together
        ([("geese", "bgybb")], "berth", False),
        ([("geese", "bgybb")], "seven", True),
        ([("geese", "bgybb")], "breed", False),  # e must stay second
        ([("geese", "bgybb")], "beech", True),
    ],
)
def test_hard_mode_rule(history, word, allowed):
    coded = [(g, parse_pattern(p)) for g, p in history]
    assert hard_mode_allows(coded, word) is allowed
    assert naive_allowed("hard", history, word) is allowed
    letters = letters_array([history[0][0], word])
    kept = hard_mode_filter(letters, np.array([1], dtype=np.int32), 0, coded[0][1])
    assert (len(kept) == 1) is allowed


words5 = st.text(alphabet="abcde", min_size=5, max_size=5)


@settings(max_examples=300, deadline=None)
@given(words5, words5, words5)
def test_filters_match_reference_rules(played, answer, candidate):
    code = score_code(played, answer)
    letters = letters_array([played, candidate])
    legal = np.array([1], dtype=np.int32)
    hard = len(hard_mode_filter(letters, legal, 0, code)) == 1
    possible = len(possible_filter(letters, legal, 0, code)) == 1
    pattern = naive_score(played, answer)
    assert hard == naive_allowed("hard", [(played, pattern)], candidate)
    assert possible == naive_allowed("possible", [(played, pattern)], candidate)


@settings(max_examples=300, deadline=None)
@given(words5, words5, st.lists(words5, min_size=1, max_size=12))
def test_the_search_filter_by_masks_matches_the_rule(played, answer, candidates):
    """The engine's hard-mode filter (two masks per guess, letter by letter only when a
    letter is needed three times) keeps exactly what the rule keeps, in order."""
    from wordle_compiler.core.modes import hard_mode_word_bits
    from wordle_compiler.ext._search import Engine, legal_after

    letters = letters_array([played, *candidates])
    legal = np.arange(1, len(candidates) + 1, dtype=np.int64)
    code = score_code(played, answer)
    zobrist = np.arange(1, len(candidates) + 2, dtype=np.uint64)
    no_answers = np.zeros((0, len(candidates) + 1), dtype=np.uint8)
    engine = Engine(
        no_answers,
        letters,
        hard_mode_word_bits(letters),
        np.zeros(0, dtype=np.int64),
        np.zeros((0, 5), dtype=np.int64),
        1,
        zobrist[:0],
        zobrist[:0],
        zobrist,
        zobrist,
    )
    kept, _, _ = legal_after(engine, legal, 0, code)
    pattern = naive_score(played, answer)
    assert [candidates[k - 1] for k in kept] == [c for c in candidates if naive_allowed("hard", [(played, pattern)], c)]


def tiny(answers, extra=()):
    words = WordLists(tuple(sorted(answers)), tuple(sorted(set(answers) | set(extra))), "t", "t")
    return Context.from_words(words, use_cache=False)


def test_possible_mode_never_plays_an_inconsistent_word():
    # 'fight light might night sight' are separated in one guess by the non-answer 'flmns'-like
    # probe in normal mode; possible mode may only play consistent words.
    ctx = tiny(["fight", "light", "might", "night", "sight"], extra=["flums"])
    normal = compile_tree(BuildConfig(strategy="minimax", start="fight"), ctx)
    possible = compile_tree(BuildConfig(strategy="minimax", settings=Settings(mode="possible"), start="fight"), ctx)
    assert "flums" in normal.data.guesses  # separates light/might/sight with one probe
    assert "flums" not in possible.data.guesses
    assert verify_tree(possible.data, "possible").ok
    # hand count: after fight, possible mode must try the 4 others one by one: 1+2+3+4+5
    assert possible.report.total_guesses == 1 + 2 + 3 + 4 + 5


@pytest.mark.long
@pytest.mark.parametrize("mode", ["normal", "hard", "possible"])
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
def test_every_strategy_and_mode_verifies(strategy, mode, ctx):
    if strategy == "lookahead" and mode == "normal":
        cfg = BuildConfig(strategy=strategy, settings=Settings(mode=mode), start="salet", width=5)
    else:
        cfg = BuildConfig(strategy=strategy, settings=Settings(mode=mode), start="salet")
    result = compile_tree(cfg, ctx)
    report = verify_tree(result.data, mode, ctx.words.guesses, 20)
    assert report.failures == []
    assert report.answers == 2315


def test_verifier_catches_an_illegal_hard_mode_guess(ctx):
    normal = compile_tree(BuildConfig(strategy="entropy", start="salet"), ctx)
    report = verify_tree(normal.data, "hard", ctx.words.guesses, 6)
    assert any("not a legal guess in hard mode" in f for f in report.failures)
