"""The runtime plays every game: tree files of format 2 (their ``game`` field), histories
in each game's notation, the mode's rules, and the walker on and off the tree.

The trees here are built by a simple rule (play the first answer still possible) with no
compiler: the runtime must read and walk any valid tree of its game."""

import pytest

from game_trees import first_candidate_tree
from wordle_runtime.format import TreeFormatError, pack_tree, unpack_tree
from wordle_runtime.game import DEFAULT_GAME, WORDLE, Game, mastermind, mastermind_codes
from wordle_runtime.history import HistoryError, NoAnswerError, parse_history
from wordle_runtime.tree import Tree


@pytest.fixture(scope="module")
def mastermind_tree():
    game = mastermind(3, 4)
    codes = mastermind_codes(game)
    return Tree(unpack_tree(pack_tree(first_candidate_tree(game, codes, codes))))


SIX = ["abacus", "banana", "citrus", "cobalt", "dancer", "eleven", "garden", "hunted", "ladder", "planet"]
SPANISH = ["aceña", "árbol", "cañón", "niños", "pared", "señor", "sueño", "tarde"]


@pytest.mark.parametrize("words", [SIX, SPANISH], ids=["six letters", "spanish"])
def test_a_wordle_game_of_any_length_and_alphabet_round_trips_and_plays(words):
    from wordle_runtime.game import alphabet_of

    game = Game(WORDLE, len(words[0]), alphabet_of(words))
    blob = pack_tree(first_candidate_tree(game, words, words))
    data = unpack_tree(blob)
    assert data.format_version == (2, 0)
    assert data.game == game
    assert data.answers == sorted(words)
    tree = Tree(data)
    for answer in words:  # every answer is reached by following the tree
        history = []
        while True:
            guess = tree.next_guess(history)
            code = game.score_code(guess, answer)
            history.append((guess, game.format_code(code)))
            if code == game.all_correct:
                break
        assert tree.position(history).solved
        assert history[-1][0] == answer


def test_mastermind_histories_in_both_notations(mastermind_tree):
    game = mastermind_tree.game
    first = mastermind_tree.first_guess
    secret = "321"
    code = game.score_code(first, secret)
    black, white = divmod(code, game.length + 1)
    notations = (
        f"{first} B{black}W{white}",
        f"{first} {black},{white}",
        f"{first}:{black},{white}",
        f"{first} {black}A{white}B",
        f"{first} {black}a{white}b",
    )
    for written in notations:
        position = mastermind_tree.position(written)
        assert secret in position.candidates
        assert position.on_tree
    own = "111" if first != "111" else "222"
    own_code = game.score_code(own, secret)
    off = mastermind_tree.position([(own, own_code)])
    assert not off.on_tree
    assert secret in off.candidates
    assert all(game.score_code(own, c) == own_code for c in off.candidates)


def test_mastermind_refuses_an_impossible_score(mastermind_tree):
    with pytest.raises(HistoryError, match="no guess of 3 pegs scores 2 black and 1 white"):
        mastermind_tree.position(f"{mastermind_tree.first_guess} B2W1")
    with pytest.raises(HistoryError, match="no guess of 3 pegs scores 2 black and 1 white"):
        mastermind_tree.position(f"{mastermind_tree.first_guess} 2A1B")
    with pytest.raises(HistoryError, match="expected black and white pegs as B2W1, 2,1 or 2A1B"):
        mastermind_tree.position(f"{mastermind_tree.first_guess} 2A1")
    with pytest.raises(HistoryError, match=r"is not 3 symbols long|not in the game's alphabet"):
        mastermind_tree.position("1111 B0W0")


def test_possible_mode_in_another_game_says_why():
    game = Game(WORDLE, 6)
    tree = Tree(unpack_tree(pack_tree(first_candidate_tree(game, SIX, SIX))))
    first = tree.first_guess
    answer = next(w for w in SIX if game.score_code(first, w) != game.all_correct)
    code = game.score_code(first, answer)
    other = next(w for w in SIX if game.score_code(first, w) != code and w != first)
    with pytest.raises(HistoryError, match="could not be the answer"):
        tree.position([(first, code), (other, 0)])


def test_a_six_letter_pattern_has_six_symbols():
    game = Game(WORDLE, 6)
    assert parse_history("abacus gybbbg", game) == [("abacus", game.parse_code("210002"))]
    with pytest.raises(HistoryError, match="expected 6 of"):
        parse_history("abacus gybbb", game)


def test_no_answer_fits_names_the_pattern_in_the_game_s_notation(mastermind_tree):
    first = mastermind_tree.first_guess
    codes = [c for c in range(mastermind_tree.game.n_codes) if mastermind_tree.game.possible_code(c)]
    with pytest.raises(NoAnswerError):  # noqa: PT012 - one of the codes fits no answer
        for code in codes:
            mastermind_tree.position([(first, code)])


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.pop("game"), "a format 2 file must have 'game'"),
        (
            lambda d: d.update(game={"rule": "wordle", "length": 5, "alphabet": "abcdefghijklmnopqrstuvwxyz"}),
            "which a format 1.x file holds",
        ),
        (lambda d: d.update(game={"rule": "wordle", "length": 99, "alphabet": "ab"}), "'game': a word length"),
        (lambda d: d.update(game=[1, 2]), "'game'"),
        (lambda d: d.update(answers=["1234", *d["answers"][1:]]), "is not a word of mastermind:3x4"),
    ],
)
def test_a_bad_game_field_is_one_line(mastermind_tree, change, message):
    import msgpack

    doc = msgpack.unpackb(pack_tree(mastermind_tree.data), raw=False)
    change(doc)
    with pytest.raises(TreeFormatError, match=message):
        unpack_tree(msgpack.packb(doc, use_bin_type=True))


def test_five_letter_wordle_files_keep_format_1():
    words = ["crane", "salet", "trace", "slate", "plate"]
    data = unpack_tree(pack_tree(first_candidate_tree(DEFAULT_GAME, words, words, mode="normal")))
    assert data.format_version == (1, 1)
    assert data.game is DEFAULT_GAME


def test_a_1x_reader_would_refuse_a_game_file(mastermind_tree):
    """The major version is what an older runtime checks first."""
    import msgpack

    doc = msgpack.unpackb(pack_tree(mastermind_tree.data), raw=False)
    assert doc["format_version"] == [2, 0]
    assert set(doc["game"]) == {"rule", "length", "alphabet"}
