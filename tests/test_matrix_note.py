"""A large feedback matrix is announced, once, before it is first computed."""

import os

import pytest

from clirun import run
from wordle_compiler.core import matrix_cache
from wordle_compiler.core.wordlists import load_word_lists

NOTE = "computing the feedback matrix once"


def test_a_large_uncached_matrix_has_a_note_and_a_small_or_cached_one_none(tmp_path, monkeypatch):
    monkeypatch.setenv(matrix_cache.CACHE_ENV, str(tmp_path))
    en6 = load_word_lists("en6", "en6")  # 15,786 x 4,562 two-byte codes: 137 MiB
    note = matrix_cache.first_matrix_note(en6)
    assert note is not None
    assert "15,786 guesses x 4,562 answers" in note
    assert "137 MiB" in note
    assert str(tmp_path) in note
    assert matrix_cache.first_matrix_note(load_word_lists("nerdle-mini", "nerdle-mini")) is None  # 85 KB
    matrix_cache.cache_path(en6, by_answer=True).write_bytes(b"")
    assert matrix_cache.first_matrix_note(en6) is None


@pytest.mark.long
def test_analyse_says_once_why_its_first_run_of_a_large_game_takes_seconds(tmp_path):
    env = {**os.environ, matrix_cache.CACHE_ENV: str(tmp_path)}
    first = run("wordle-tree", "analyse", "--game", "en6", "carnet", "bbbbbb", env=env)
    assert first.returncode == 0, first.stderr
    assert first.stderr.count(NOTE) == 1
    assert "113 answers left" in first.stdout
    again = run("wordle-tree", "analyse", "--game", "en6", "carnet", "bbbbbb", env=env)
    assert again.returncode == 0
    assert NOTE not in again.stderr
    assert again.stdout.splitlines()[:-1] == first.stdout.splitlines()[:-1]  # the last line is the time


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_compile_announces_the_matrix_and_quiet_silences_it(tmp_path):
    env = {**os.environ, matrix_cache.CACHE_ENV: str(tmp_path)}
    args = ("--game", "en6", "--strategy", "minimax", "--start", "carnet", "-o", tmp_path / "t.wtree")
    quiet = run("wordle-compile", *args, "--quiet", env=env)
    assert quiet.returncode == 0
    assert quiet.stderr == ""
    for path in tmp_path.glob("feedback-*"):
        path.unlink()
    loud = run("wordle-compile", *args, env=env)
    assert loud.returncode == 0, loud.stderr
    assert loud.stderr.count(NOTE) == 1
