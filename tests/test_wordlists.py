import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_compiler.core.wordlists import WordListError, _canonical_words, load_word_lists, parse_words, read_word_file


def test_named_sets_sizes():
    original = load_word_lists("original")
    assert (len(original.answers), len(original.guesses)) == (2315, 12972)
    nyt = load_word_lists("nyt")
    assert (len(nyt.answers), len(nyt.guesses)) == (2309, 14855)
    assert len(load_word_lists("all").answers) == 12972
    assert len(load_word_lists("original", "answers").guesses) == 2315
    assert len(load_word_lists("improved", "improved").answers) == 4602


def test_shipped_lists_match_provenance_hashes():
    original = load_word_lists("original")
    # answers are sorted internally, so compare against the sorted-file hash of the guesses
    assert original.guesses_sha256 == "feacc549249b5dcb43e2799fbbcda14ebc33d55904fb15d043779104e60c1579"


def test_bad_line_names_file_and_line(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("crane\nslate\nab de\n")
    with pytest.raises(WordListError, match=r"words.txt, line 3: 'ab de' holds a blank"):
        read_word_file(path)


def test_words_of_another_length_than_the_first_are_refused(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("crane\nslate\nabacus\n")
    with pytest.raises(WordListError, match=r"line 3: 'abacus' has 6 symbols, where the list's words have 5"):
        read_word_file(path)


def test_any_length_and_alphabet_make_their_game(tmp_path):
    six = tmp_path / "six.txt"
    six.write_text("abacus\nbanana\nCitrus\n")
    lists = load_word_lists(str(six))
    assert lists.guesses_name == "answers"
    assert lists.answers == ("abacus", "banana", "citrus")
    assert (lists.game.length, lists.game.alphabet) == (6, "abcdefghijklmnopqrstuvwxyz")
    spanish = tmp_path / "es.txt"
    spanish.write_text("aceña\nÁrbol\nniño\u0301s\n".replace("niño\u0301s", "nin\u0303os"))
    lists = load_word_lists(str(spanish))
    assert lists.answers == ("aceña", "niños", "árbol")
    assert lists.game.length == 5
    assert lists.game.alphabet == "abcdefghijklmnopqrstuvwxyzáñ"  # code point order


def test_lists_of_two_lengths_are_one_line(tmp_path):
    six = tmp_path / "six.txt"
    six.write_text("abacus\nbanana\n")
    with pytest.raises(WordListError, match=r"the answers \(six.txt\) have 6 symbols and the guesses \(original\) 5"):
        load_word_lists(str(six), "original")


def test_mastermind_lists_are_every_code():
    from wordle_runtime.game import parse_game

    lists = load_word_lists(game=parse_game("mastermind:4x6"))
    assert len(lists.answers) == len(lists.guesses) == 1296
    assert lists.answers[:2] == ("1111", "1112")
    assert lists.answers_name == "mastermind:4x6"


def test_duplicates_dropped_with_warning(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("Crane\n crane \nslate\n")
    with pytest.warns(UserWarning, match="duplicate"):
        assert read_word_file(path) == ["crane", "slate"]


def test_answers_added_to_guesses_with_warning(tmp_path):
    answers = tmp_path / "a.txt"
    guesses = tmp_path / "g.txt"
    answers.write_text("crane\nzzzzz\n")
    guesses.write_text("crane\nslate\n")
    with pytest.warns(UserWarning, match="not in the guess list"):
        lists = load_word_lists(str(answers), str(guesses))
    assert "zzzzz" in lists.guesses


def test_unknown_list_is_clear():
    with pytest.raises(WordListError, match="no word list"):
        load_word_lists("nonsense-list")


# lines that are canonical words, near-misses of them, and blanks
_LINES = st.one_of(
    st.sampled_from(
        ["crane", "salet", "trace", "crane", "Crane", " plate", "plate ", "", "abcd", "abcdef", "p1ate", "caf\u00e9s"]
    ),
    st.text(alphabet="abcz", min_size=5, max_size=5),
)


@pytest.mark.long
@settings(max_examples=300, deadline=None)
@given(st.lists(_LINES, max_size=12), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_the_canonical_fast_path_reads_exactly_what_parse_words_reads(lines, newline, final):
    text = newline.join(lines) + (newline if final and lines else "")
    fast = _canonical_words(text)
    if fast is not None:
        assert fast == parse_words(text.splitlines(), "t")
        assert text == "".join(w + "\n" for w in fast)  # taken only for the canonical form


def test_shipped_lists_take_the_fast_path():
    from wordle_compiler.core.wordlists import NAMED_ANSWERS, NAMED_GUESSES, _named_file

    for filename in {**NAMED_ANSWERS, **NAMED_GUESSES}.values():
        if filename.startswith("games/"):
            continue  # the named games' lists: other lengths and alphabets (tests/test_named_games.py)
        text = _named_file(filename).read_text()
        assert _canonical_words(text) == parse_words(text.splitlines(), filename)


def test_the_builtin_sha256_is_hashlib_s():
    import hashlib

    from wordle_compiler.core.wordlists import sha256, sha256_of_words

    for data in (b"", b"salet\n", bytes(range(256)) * 300):
        assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert sha256_of_words(["crane", "salet"]) == hashlib.sha256(b"crane\nsalet\n").hexdigest()
