import numpy as np
import pytest

from wordle_compiler import feedback_matrix as fm
from wordle_compiler.wordlists import WordLists


@pytest.fixture
def small_words():
    words = ("abbey", "crane", "geese", "llama", "speed", "those")
    return WordLists(answers=words[:4], guesses=words, answers_name="t", guesses_name="t")


def test_cache_round_trip_and_corruption(tmp_path, monkeypatch, small_words):
    monkeypatch.setenv(fm.CACHE_ENV, str(tmp_path))
    first = fm.feedback_matrix(small_words)
    files = sorted(tmp_path.glob("feedback-*.npy"))
    assert len(files) == 1
    again = fm.feedback_matrix(small_words)
    assert isinstance(again, np.memmap) and np.array_equal(first, again)
    # flip one cell: the checksum no longer matches, so it is recomputed
    data = bytearray(files[0].read_bytes())
    data[-1] ^= 0x01
    files[0].write_bytes(bytes(data))
    assert fm._load_cached(files[0], small_words) is None
    assert np.array_equal(fm.feedback_matrix(small_words), first)
    # truncate: likewise
    files[0].write_bytes(files[0].read_bytes()[:40])
    assert np.array_equal(fm.feedback_matrix(small_words), first)
