"""`wordle-next -i` in a real pseudo-terminal: the player's own guesses, a bad pattern
corrected at the prompt, leaving the tree, and a finished game."""

import re
import sys

import pytest

from wordle_runtime import format_history, load, parse_pattern, score

pexpect = pytest.importorskip("pexpect")

ANSWER = "cigar"


def _spawn(*args):
    child = pexpect.spawn(sys.executable, ["-m", "wordle_runtime.cli", "-i", *args], encoding="utf-8",
                          timeout=30, dimensions=(40, 200))
    child.delaybeforesend = None
    return child


def test_a_game_with_own_guesses_a_bad_pattern_and_a_finish():
    tree = load()
    child = _spawn()
    try:
        child.expect_exact("2315 answers possible; 3.42 guesses expected from here (at most 5)")
        child.expect_exact("play: salet")
        # 1. the player's own word, then its pattern at a second prompt, mistyped once
        child.expect_exact("feedback for salet, or your own guess: ")
        child.sendline("crane")
        child.expect_exact("feedback for crane: ")
        child.sendline("gyxbb")
        child.expect_exact("bad feedback pattern 'gyxbb'")
        child.expect_exact("try again")
        child.expect_exact("feedback for crane: ")
        first = score("crane", ANSWER)
        child.sendline(first)
        child.expect_exact("you left the tree")
        history = [("crane", parse_pattern(first))]
        child.expect_exact(f"hint: for the exact analysis of this position, run: wordle-tree analyse "
                           f"{format_history(history)}")
        remaining = tree.candidates(history)
        child.expect_exact(f"{len(remaining)} answers possible")
        # 2. a word and pattern on one line, first with a bad pattern, then right
        child.expect_exact("or your own guess: ")
        child.sendline("pilot gyxbb")
        child.expect_exact("bad feedback pattern 'gyxbb'")
        child.expect_exact("or your own guess: ")
        second = score("pilot", ANSWER).translate(str.maketrans("byg", "012"))
        child.sendline(f"pilot={second}")
        history.append(("pilot", parse_pattern(second)))
        # 3. from here, follow the runtime's suggestions to the end
        for _ in range(6):
            index = child.expect([r"play: ([a-z]{5})", r"solved in (\d+): ([a-z]{5})"])
            if index == 1:
                break
            guess = child.match.group(1)
            assert guess == tree.next_guess(history)
            child.expect_exact(f"feedback for {guess}, or your own guess: ")
            feedback = score(guess, ANSWER)
            child.sendline(feedback)
            history.append((guess, parse_pattern(feedback)))
        assert child.match.group(2) == ANSWER and int(child.match.group(1)) == len(history)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_illegal_own_guesses_are_refused_and_reprompted():
    child = _spawn("--tree", "salet-optimal-hard")
    try:
        child.expect_exact("feedback for salet, or your own guess: ")
        child.sendline("bybbb")  # salet's 'a' is yellow
        child.expect_exact("feedback for ")
        child.sendline("brond")  # hard mode: must contain 'a'
        child.expect(re.escape("'brond' is not allowed in hard mode: it must contain 'a' (shown in 'salet')")
                     + ".*try again")
        child.sendline("qqqqq")
        child.expect_exact("'qqqqq' is not in this tree's guess list; try again")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
