"""The game definition (``wordle_runtime.game``): rules, codes, notations, words."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_runtime.feedback import score_code
from wordle_runtime.game import (
    DEFAULT_GAME,
    ENGLISH_ALPHABET,
    MASTERMIND,
    WORDLE,
    Game,
    GameError,
    alphabet_of,
    game_from_fields,
    mastermind,
    mastermind_codes,
    normalise_word,
    parse_game,
)

FIVE = st.text(alphabet="abcdeyz", min_size=5, max_size=5)


@settings(max_examples=500, deadline=None)
@given(FIVE, FIVE)
def test_five_letter_wordle_scores_as_the_runtime_does(guess, answer):
    assert DEFAULT_GAME.score_code(guess, answer) == score_code(guess, answer)


def _naive_wordle(guess: str, answer: str) -> int:
    """The rule as a person states it: greens, then each yellow takes one unused copy."""
    marks = [2 if g == a else 0 for g, a in zip(guess, answer, strict=True)]
    left = [a for g, a in zip(guess, answer, strict=True) if g != a]
    for i, g in enumerate(guess):
        if marks[i] == 0 and g in left:
            marks[i] = 1
            left.remove(g)
    return sum(m * 3**i for i, m in enumerate(marks))


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 8).flatmap(lambda n: st.tuples(*[st.text(alphabet="aáñßжё", min_size=n, max_size=n)] * 2)))
def test_wordle_of_any_length_and_alphabet_follows_the_rule(pair):
    guess, answer = pair
    game = Game(WORDLE, len(guess), "".join(sorted("aáñßжё")))
    code = game.score_code(guess, answer)
    assert code == _naive_wordle(guess, answer)
    assert (code == game.all_correct) == (guess == answer)
    assert game.format_code(code) == "".join("byg"[(code // 3**i) % 3] for i in range(len(guess)))


def test_mastermind_scores_black_and_white_pegs():
    game = mastermind(4, 6)
    assert (game.n_codes, game.all_correct) == (25, 20)
    assert game.format_code(game.score_code("1122", "1223")) == "B2W1"
    assert game.format_code(game.score_code("1234", "4321")) == "B0W4"
    assert game.format_code(game.score_code("1122", "1122")) == "B4W0"
    assert game.format_code(game.score_code("1111", "2222")) == "B0W0"


def test_mastermind_4x6_has_its_fourteen_possible_scores():
    game = mastermind(4, 6)
    codes = mastermind_codes(game)
    assert len(codes) == 1296
    seen = {game.score_code(g, a) for g, a in itertools.product(codes[::37], codes)}
    possible = {c for c in range(game.n_codes) if game.possible_code(c)}
    assert seen <= possible
    assert len(possible) == 14


def test_games_by_name_and_from_a_tree_file():
    assert parse_game("wordle") == DEFAULT_GAME
    assert DEFAULT_GAME.is_default
    super_mastermind = parse_game("Mastermind:5x8")
    assert (super_mastermind.rule, super_mastermind.length, super_mastermind.alphabet) == (MASTERMIND, 5, "12345678")
    assert super_mastermind.name == "mastermind:5x8"
    assert not super_mastermind.is_default
    assert game_from_fields(super_mastermind.to_fields()) == super_mastermind
    assert hash(game_from_fields(DEFAULT_GAME.to_fields())) == hash(DEFAULT_GAME)
    six = Game(WORDLE, 6, ENGLISH_ALPHABET)
    assert six.name == "wordle:6"
    assert not six.byte_codes
    assert DEFAULT_GAME.byte_codes


@pytest.mark.parametrize(
    "rule, length, alphabet, message",
    [
        ("scrabble", 5, "ab", "unknown feedback rule"),
        (WORDLE, 1, "ab", "from 2 to"),
        (WORDLE, 11, "ab", "from 2 to"),
        (WORDLE, 5, "aa", "repeats"),
        (WORDLE, 5, "", "empty"),
        (WORDLE, 5, " ab", "blank"),
        (WORDLE, 5, "ba", "code point order"),
        (WORDLE, 5, "".join(map(chr, range(0x400, 0x441))), "at most 64"),
        (MASTERMIND, 9, "123", "pegs"),
        (WORDLE, True, "ab", "whole number"),
    ],
)
def test_an_unplayable_game_is_one_line(rule, length, alphabet, message):
    with pytest.raises(GameError, match=message):
        Game(rule, length, alphabet)


@pytest.mark.parametrize(
    "text",
    ["mastermind", "mastermind:4", "mastermind:4x", "mastermind:1x6", "mastermind:4x11", "mastermind:４x6", "chess"],  # noqa: RUF001 - a fullwidth digit, refused
)
def test_a_bad_game_name_is_refused(text):
    with pytest.raises(GameError):
        parse_game(text)


def test_a_game_is_frozen():
    with pytest.raises(AttributeError):
        DEFAULT_GAME.length = 6


def test_words_are_normalised_without_changing_their_length():
    assert normalise_word(" CRANE ") == "crane"
    assert normalise_word("STRAßE") == "straße"  # ß stays one letter
    assert normalise_word("nin\u0303o") == "niño"  # NFC joins the combining tilde
    assert normalise_word("\u0130stan") == "\u0130stan"  # İ's lower case is two characters: kept


def test_the_alphabet_of_a_list():
    assert alphabet_of(["crane", "salet"]) == ENGLISH_ALPHABET
    assert alphabet_of(["aceña"]) == ENGLISH_ALPHABET + "ñ"
    assert alphabet_of(["ёлка", "ежик"]) == "".join(sorted(set("ёлкаежик")))
    assert alphabet_of(["1+2=3"]) == "+123="
