"""The kernels on every game whose codes fit a byte: the feedback matrix, the modes'
filters (hard mode's hint masks and its exact path alike), the endgame groups, the letter
scores and partition statistics, the matrix cache's key, and the gate that refuses the
games whose codes do not fit a byte."""

import itertools
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import (
    naive_allowed,
    naive_code,
    naive_endgame_groups,
    naive_letter_score,
    naive_partition_stats,
    naive_score,
)
from wordle_compiler.core import matrix_cache
from wordle_compiler.core.config import Context
from wordle_compiler.core.guess_stats import partition_stats
from wordle_compiler.core.matrix import compute_matrix
from wordle_compiler.core.modes import hard_mode_word_bits, hint_masks_fit, legal_after
from wordle_compiler.core.wordlists import WordListError, WordLists, letters_array, sha256
from wordle_compiler.ext import kernel_build
from wordle_compiler.ext._search import MODES
from wordle_compiler.search.endgame import endgame_groups
from wordle_compiler.strategies.letters import LETTER_ENTROPY, LETTER_LOCATED, LETTER_UNIQUE, letter_scores
from wordle_runtime.game import DEFAULT_GAME, ENGLISH_ALPHABET, MASTERMIND, WORDLE, Game, mastermind

CYRILLIC = "".join(sorted("абвгдеёжзийклмнопрстуфхцчшщъыьэюя"))  # 33 letters: beyond the hint masks' 32
# alphabets are in code point order (Game)
ALPHABETS = [
    "".join(sorted(symbols))
    for symbols in ("abcñü", "aæøå", ENGLISH_ALPHABET + "ñü", CYRILLIC, CYRILLIC + ENGLISH_ALPHABET + "æøå")
]


@st.composite
def games_and_words(draw, count=8, rules=(WORDLE, MASTERMIND)):
    """A game (Wordle of 2-8 letters over one of ALPHABETS, or a small Mastermind) and
    ``count`` of its words over a few of its symbols, from the alphabet's end: where a
    long alphabet's symbol numbers pass 32."""
    rule = draw(st.sampled_from(rules))
    if rule == MASTERMIND:
        game = mastermind(draw(st.integers(2, 8)), draw(st.integers(2, 9)))
    else:
        game = Game(WORDLE, draw(st.integers(2, 8)), draw(st.sampled_from(ALPHABETS)))
    pool = draw(st.lists(st.sampled_from(game.alphabet[-6:]), min_size=1, max_size=4, unique=True))
    word = st.text(alphabet="".join(pool), min_size=game.length, max_size=game.length)
    return game, draw(st.lists(word, min_size=count, max_size=count))


@pytest.mark.long
@settings(max_examples=300, deadline=None)
@given(games_and_words())
def test_the_matrix_is_the_games_rule(instance):
    game, words = instance
    guesses, answers = words[:4], words[4:]
    matrix = compute_matrix(guesses, answers, game)
    assert matrix.tolist() == [[game.score_code(g, a) for a in answers] for g in guesses]
    assert matrix.tolist() == [[naive_code(g, a, game) for a in answers] for g in guesses]


@pytest.mark.long
@settings(max_examples=300, deadline=None)
@given(games_and_words(count=10))
def test_the_modes_filters_keep_what_the_rule_keeps(instance):
    """The kernels' filters (core.modes.legal_after) and the engine's (hint masks where
    they fit the game, symbol by symbol elsewhere) keep exactly what the rule keeps."""
    game, words = instance
    played, answer, candidates = words[0], words[1], words[2:]
    letters = letters_array([played, *candidates], game)
    ctx = type("Lists", (), {"game": game, "guess_letters": letters})()  # what legal_after reads
    legal = np.arange(1, len(candidates) + 1, dtype=np.int64)
    code, pattern = game.score_code(played, answer), naive_score(played, answer, game)
    for mode in ("hard", "possible") if game.rule == WORDLE else ("possible",):
        expected = [c for c in candidates if naive_allowed(mode, [(played, pattern)], c, game)]
        assert [candidates[k - 1] for k in legal_after(ctx, mode, legal, 0, code)] == expected
        engine = _engine(letters, game, mode)
        assert [candidates[k - 1] for k in kernel_build(game).search.legal_after(engine, legal, 0, code)[0]] == expected


def _engine(letters, game, mode: str):
    """An engine over ``letters`` with no answers, for its filters."""
    n = len(letters)
    masks = mode == "hard" and hint_masks_fit(game)
    bits = hard_mode_word_bits(letters) if masks else np.zeros((1, 2), dtype=np.uint64)
    zobrist = np.arange(1, n + 1, dtype=np.uint64)
    return kernel_build(game).search.Engine(
        np.zeros((0, n), dtype=kernel_build(game).code_dtype),
        letters,
        bits,
        np.zeros(0, dtype=np.int64),
        np.zeros((0, game.length), dtype=np.int64),
        MODES[mode],
        zobrist[:0],
        zobrist[:0],
        zobrist,
        zobrist,
        game=game,
    )


def test_the_hint_masks_fit_only_the_games_they_can_hold():
    assert hint_masks_fit(DEFAULT_GAME)
    assert hint_masks_fit(Game(WORDLE, 4, "abcñü"))
    assert not hint_masks_fit(Game(WORDLE, 5, CYRILLIC))
    assert not hint_masks_fit(mastermind(4, 6))
    with pytest.raises(ValueError, match="hint masks"):
        hard_mode_word_bits(np.array([[32, 0, 1]], dtype=np.uint8))


@pytest.mark.long
@settings(max_examples=200, deadline=None)
@given(games_and_words(count=12))
def test_endgame_groups_of_any_length(instance):
    """Wordle's groups for any length; Mastermind has none (search/endgame.py says why)."""
    game, words = instance
    words = sorted(set(words))
    expected = naive_endgame_groups(words) if game.rule == WORDLE else [[-1] * game.length for _ in words]
    assert endgame_groups(words, game).tolist() == expected


@pytest.mark.long
@settings(max_examples=200, deadline=None)
@given(games_and_words(count=9, rules=(WORDLE,)), st.sampled_from([LETTER_UNIQUE, LETTER_LOCATED, LETTER_ENTROPY]))
def test_letter_scores_of_any_length_and_alphabet(instance, kind):
    game, words = instance
    guesses, answers = words[:4], words[4:]
    weights = [1 + i % 3 for i in range(len(answers))]
    scores = letter_scores(letters_array(guesses, game), np.arange(4), letters_array(answers, game), kind, weights)
    name = {LETTER_UNIQUE: "unique", LETTER_LOCATED: "located", LETTER_ENTROPY: "entropy"}[kind]
    assert scores.tolist() == [naive_letter_score(g, answers, weights, name) for g in guesses]


@pytest.mark.parametrize("game", [mastermind(4, 6), Game(WORDLE, 3, "aåæø")], ids=lambda game: game.name)
def test_partition_stats_know_the_games_all_correct_code(game):
    every = ["".join(word) for word in itertools.product(game.alphabet, repeat=game.length)]
    codes = every[:: max(1, len(every) // 20)]
    words = WordLists(tuple(codes), tuple(codes), "a", "g", game)
    ctx = Context.from_words(words, use_cache=False)
    stats, bits = partition_stats(ctx.matrix_by_answer(), ctx.all_guesses, ctx.all_answers, game)
    expected_stats, expected_bits = naive_partition_stats(ctx.matrix, ctx.all_guesses, ctx.all_answers, game)
    assert stats.tolist() == [list(row) for row in expected_stats]
    assert bits.tolist() == expected_bits
    assert stats[:, 3].tolist() == [1] * len(codes)  # every guess is an answer


def test_two_games_over_the_same_words_never_share_a_cache_file():
    codes = ("1122", "1212", "2211")
    as_mastermind = WordLists(codes, codes, "a", "g", mastermind(4, 2))
    as_wordle = WordLists(codes, codes, "a", "g", Game(WORDLE, 4, "12"))
    assert matrix_cache.cache_path(as_mastermind) != matrix_cache.cache_path(as_wordle)
    english = WordLists(("crane", "salet"), ("crane", "salet"), "a", "g")
    # five-letter Wordle over a-z keeps the name its files had before games had a key
    key = sha256(f"{english.guesses_sha256}:{english.answers_sha256}:{matrix_cache.KERNEL_VERSION}".encode())
    assert matrix_cache.cache_path(english).name == f"feedback-{key.hexdigest()[:32]}.npy"


def test_a_cached_matrix_is_checked_by_its_games_rule(tmp_path, monkeypatch):
    monkeypatch.setenv(matrix_cache.CACHE_ENV, str(tmp_path))
    codes = ("1123", "1213", "2311", "3321")
    words = WordLists(codes, codes, "a", "g", mastermind(4, 3))
    first = Context.from_words(words).matrix.copy()
    assert np.array_equal(Context.from_words(words).matrix, first)  # read back: its spot checks pass


def test_words_of_six_to_eight_letters_take_two_byte_codes():
    for length, word in ((6, "planet"), (7, "planets"), (8, "plantain")):
        other = word[::-1]
        words = WordLists(tuple(sorted((word, other))), tuple(sorted((word, other))), "a", "g", Game(WORDLE, length))
        matrix = Context.from_words(words, use_cache=False).matrix
        assert matrix.dtype == np.uint16
        assert matrix.tolist() == [[words.game.score_code(g, a) for a in words.answers] for g in words.guesses]
    assert kernel_build(DEFAULT_GAME).code_dtype == np.uint8
    assert kernel_build(mastermind(8, 9)).code_dtype == np.uint8


def test_words_of_nine_letters_have_more_codes_than_the_engine_plays():
    words = WordLists(("plantains",), ("plantains",), "a", "g", Game(WORDLE, 9, ENGLISH_ALPHABET))
    with pytest.raises(
        WordListError, match=r"^wordle:9 has 19,683 feedback codes; the engine plays games of at most 6,561$"
    ):
        Context.from_words(words, use_cache=False)


@pytest.mark.parametrize("length", [4, 6, 5])
def test_rows_filled_by_several_threads_at_once_hold_the_rule(length):
    """map_chunks lets the caller fill a chunk a paused helper still holds, so two threads
    can write the same rows at the same moment: each cell must end as the rule's code,
    whatever the other thread wrote there meanwhile (five letters over 33 symbols takes
    the general path too)."""
    from wordle_compiler.ext._kernels import RULE_NUMBERS

    alphabet = ENGLISH_ALPHABET if length != 5 else CYRILLIC
    rng = np.random.default_rng(length)
    words = sorted({"".join(rng.choice(list(alphabet), length, replace=False)) for _ in range(3000)})
    game = Game(WORDLE, length, alphabet)
    letters = letters_array(words, game)
    fill = kernel_build(game).kernels.fill_matrix_rows
    expected = compute_matrix(words[:64], words, game)
    for _ in range(20):
        out = np.zeros((len(words), len(words)), dtype=kernel_build(game).code_dtype)
        threads = [
            threading.Thread(target=fill, args=(letters, letters, out, 0, 64, RULE_NUMBERS[game.rule]))
            for _ in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert np.array_equal(out[:64], expected)


def test_the_kernel_build_is_chosen_in_one_place_and_carried_by_the_lists():
    """Only ``ext/__init__.py`` names the two builds' modules or their code limits; every
    other module reads the build the loaded lists carry, which pickles as its width."""
    import pickle
    from pathlib import Path

    import wordle_compiler

    root = Path(wordle_compiler.__file__).parent
    naming = [
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if any(name in path.read_text() for name in ("_kernels16", "_search16", "MAX_CODES"))
    ]
    assert naming == ["ext/__init__.py"]
    words = WordLists(("planet", "tenalp"), ("planet", "tenalp"), "a", "g", Game(WORDLE, 6))
    build = Context.from_words(words, use_cache=False).kernel_build
    assert build is words.kernel_build
    assert (build.width, build.code_dtype) == (2, np.dtype(np.uint16))
    assert pickle.loads(pickle.dumps(build)) is build
    assert pickle.loads(pickle.dumps(words)).kernel_build is build
