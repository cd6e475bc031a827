"""Strict hard mode: its four rules, written out letter by letter (``naive.naive_allowed``),
allow exactly the guesses that could still be the answer, so ``--mode strict`` is possible
mode under another name, in every command and the API."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clirun import invoke, run
from naive import naive_allowed, naive_score
from wordle_compiler.core.settings import MODE_ALIASES, Settings
from wordle_compiler.core.wordlists import letters_array, load_word_lists
from wordle_compiler.ext._kernels import possible_filter
from wordle_runtime import score_code


@pytest.mark.parametrize(
    "history,word,hard,strict",
    [
        # a yellow letter is used, but not where it was yellow
        ([("crane", "bybbb")], "rrrrr", True, False),
        ([("crane", "bybbb")], "rusty", True, True),
        # a grey letter is not played again
        ([("crane", "gbbbb")], "cloud", True, True),
        ([("crane", "gbbbb")], "clear", True, False),
        # a letter shown yellow once and grey once is in the word exactly once
        ([("speed", "bbybb")], "olive", True, True),
        ([("speed", "bbybb")], "enter", True, False),
        # a grey copy of a green letter: no other copy, and not in the grey copy's place
        ([("geese", "bgbbb")], "often", False, False),
        ([("geese", "bgbbb")], "hello", True, True),
        ([("geese", "bgbbb")], "beech", True, False),
    ],
)
def test_strict_rules_by_hand(history, word, hard, strict):
    assert naive_allowed("hard", history, word) is hard
    assert naive_allowed("strict", history, word) is strict
    assert naive_allowed("possible", history, word) is strict


words5 = st.text(alphabet="abcde", min_size=5, max_size=5)


@settings(max_examples=400, deadline=None)
@given(words5, st.lists(words5, min_size=1, max_size=3), words5)
def test_strict_rules_allow_exactly_the_words_that_could_be_the_answer(answer, played, candidate):
    """Histories the game can show (every step scored against one answer), over five
    letters so that repeated letters are common: the rules, possible mode's plain rule and
    the compiled filter agree."""
    history = [(guess, naive_score(guess, answer)) for guess in played]
    strict = naive_allowed("strict", history, candidate)
    assert strict == naive_allowed("possible", history, candidate)
    letters = letters_array([*played, candidate])
    legal = np.array([len(played)], dtype=np.int32)
    for step, guess in enumerate(played):
        legal = possible_filter(letters, legal, step, score_code(guess, answer))
    assert (len(legal) == 1) == strict


def test_on_the_original_lists_the_rules_and_the_filter_keep_the_same_guesses():
    words = load_word_lists("original", "original")
    letters = letters_array(words.guesses)
    index = {word: i for i, word in enumerate(words.guesses)}
    rng = random.Random(7)
    for _ in range(6):
        answer = rng.choice(words.answers)
        played = [rng.choice(words.guesses) for _ in range(2)]
        history = [(guess, naive_score(guess, answer)) for guess in played]
        legal = np.arange(len(words.guesses), dtype=np.int32)
        for guess in played:
            legal = possible_filter(letters, legal, index[guess], score_code(guess, answer))
        kept = {words.guesses[i] for i in legal}
        assert kept == {word for word in words.guesses if naive_allowed("strict", history, word)}
        assert answer in kept


def test_strict_is_possible_mode_in_the_settings():
    assert MODE_ALIASES == {"strict": "possible"}
    assert Settings(mode="strict").mode == "possible"
    assert Settings(mode="strict") == Settings(mode="possible")


@pytest.fixture(scope="module")
def small_lists(tmp_path_factory):
    folder = tmp_path_factory.mktemp("strict")
    words = load_word_lists("original", "original")
    answers = folder / "answers.txt"
    answers.write_text("\n".join(words.answers[::60]) + "\n")
    guesses = folder / "guesses.txt"
    guesses.write_text("\n".join(sorted(set(words.answers[::60]) | set(words.guesses[::400]))) + "\n")
    return folder, answers, guesses


def test_every_command_takes_strict_as_possible(small_lists):
    folder, answers, guesses = small_lists
    lists = ["--answers", answers, "--guesses", guesses, "--strategy", "optimal"]
    trees = {}
    for mode in ("strict", "possible"):
        trees[mode] = folder / f"{mode}.wtree"
        done = invoke("wordle-compile", *lists, "--mode", mode, "-o", trees[mode])
        assert done.code == 0, done.err
    assert trees["strict"].read_bytes() == trees["possible"].read_bytes()
    verified = invoke("wordle-tree", "verify", trees["strict"], "--mode", "strict")
    assert verified.code == 0
    assert "possible mode" in verified.out
    ranked = run(
        "wordle-rank",
        "--mode",
        "strict",
        "--answers",
        answers,
        "--guesses",
        guesses,
        "--top",
        "1",
        "-o",
        folder / "ranked.csv",
        "--quiet",
    )
    assert ranked.returncode == 0, ranked.stderr
    assert "mode possible" in (folder / "ranked.csv").read_text().splitlines()[0]


def test_the_api_verifies_under_strict(small_lists):
    from wordle_compiler import api

    _folder, answers, guesses = small_lists
    built = api.compile_tree("optimal", answers=str(answers), guesses=str(guesses), mode="strict")
    assert built.data.meta["mode"] == "possible"
    assert api.verify(built, mode="strict").ok
