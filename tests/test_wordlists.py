import pytest

from wordle_compiler.wordlists import WordListError, load_word_lists, read_word_file


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
    path.write_text("crane\nslate\nab1de\n")
    with pytest.raises(WordListError, match=r"words.txt, line 3"):
        read_word_file(path)


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
