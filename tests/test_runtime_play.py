"""`wordle-next -i` in a real pseudo-terminal: the player's own guesses, a bad pattern
corrected at the prompt, leaving the tree, a finished game, the undo / list / help
commands, refusals worded as the one-shot command words them, and Ctrl-C giving the
terminal back; and the same game through plain files."""

import io
import re
import shlex
import shutil
import subprocess
import sys

import pytest

from clirun import run
from wordle_runtime import format_history, load, parse_pattern, score
from wordle_runtime.hints import HELP_TEXT, help_text
from wordle_runtime.play import play

pexpect = pytest.importorskip("pexpect")

ANSWER = "cigar"
PROMPT = "feedback for salet, or your own guess: "
START = "2315 answers possible; 3.42 guesses expected from here (at most 5)"


def _spawn(*args):
    child = pexpect.spawn(
        sys.executable, ["-m", "wordle_runtime.cli", "-i", *args], encoding="utf-8", timeout=30, dimensions=(40, 200)
    )
    child.delaybeforesend = None
    return child


def _follow_suggestions(child, tree, history) -> int:
    """Answer the runtime's suggestions with ANSWER's feedback until solved; the prompts answered."""
    asked = 0
    for _ in range(6):
        index = child.expect([r"play: ([a-z]{5})", r"solved in (\d+): ([a-z]{5})"])
        if index == 1:
            break
        guess = child.match.group(1)
        assert guess == tree.next_guess(history)
        child.expect_exact(f"feedback for {guess}, or your own guess: ")
        child.sendline(score(guess, ANSWER))
        asked += 1
        history.append((guess, parse_pattern(score(guess, ANSWER))))
    assert child.match.group(2) == ANSWER
    assert int(child.match.group(1)) == len(history)
    return asked


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
        child.expect_exact(
            f"hint: for the exact analysis of this position, run: wordle-tree analyse {format_history(history)}"
        )
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
        _follow_suggestions(child, tree, history)
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
        child.expect(
            re.escape("'brond' is not allowed in hard mode: it must contain 'a' (shown in 'salet')") + ".*try again"
        )
        child.sendline("qqqqq")
        child.expect_exact("'qqqqq' is not in this tree's guess list; try again")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def _position_line(child) -> str:
    child.expect(r"(\d+ answers? possible[^\r\n]*)\r\n")
    return child.match.group(1)


def test_undo_takes_back_steps_down_to_the_empty_game():
    child = _spawn("salet", "bybbb")  # undo may take back the command line's steps too
    try:
        after = _position_line(child)
        assert after.startswith("102 answers possible; 2.55 guesses expected")
        child.expect_exact("feedback for brond, or your own guess: ")
        child.sendline("crane")  # at the word's own prompt, undo forgets the word
        child.expect_exact("feedback for crane: ")
        child.sendline("undo")
        child.expect_exact("feedback for brond, or your own guess: ")
        child.sendline("back")
        child.expect_exact("took back salet bybbb")
        assert _position_line(child) == START
        child.expect_exact(PROMPT)
        child.sendline("u")
        child.expect_exact("nothing to undo")
        child.expect_exact(PROMPT)
        child.sendline("bybbb")
        assert _position_line(child) == after
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_a_game_with_a_wrong_feedback_taken_back_finishes():
    tree = load()
    wrong = next(score("salet", a) for a in tree.answers if score("salet", a) != score("salet", ANSWER))
    child = _spawn()
    transcript = io.StringIO()
    child.logfile_read = transcript
    asked = 0
    try:
        child.expect_exact(PROMPT)
        child.sendline(wrong)
        asked += 1
        assert _position_line(child) != START
        child.expect_exact("or your own guess: ")
        child.sendline("undo")
        asked += 1
        child.expect_exact(f"took back salet {wrong}")
        assert _position_line(child) == START
        history = []
        asked += _follow_suggestions(child, tree, history)
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    # readline writes each prompt once, like the plain-file path
    assert transcript.getvalue().count("or your own guess: ") == asked


def test_list_prints_every_remaining_answer_then_the_same_prompt():
    answers = load().candidates([])
    child = _spawn()
    try:
        child.expect_exact(PROMPT)
        child.sendline("ls")
        child.expect_exact("2315 answers possible:\r\n")
        child.expect_exact(PROMPT)
        lines = child.before.splitlines()
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    listed = [word for line in lines for word in line.split()]
    assert listed == answers
    assert ANSWER in listed
    assert all(len(line) < 200 for line in lines)  # wrapped to the 200-column terminal
    assert len(lines) == -(-len(answers) // (200 // 6))


def test_help_names_the_commands_and_prompts_again():
    child = _spawn()
    try:
        child.expect_exact(PROMPT)
        child.sendline("?")
        for line in HELP_TEXT.splitlines():
            child.expect_exact(line)
        child.expect_exact(PROMPT)
        child.sendline("help")
        child.expect_exact("undo, u, back")
        child.expect_exact(PROMPT)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    for name in ("undo", "list", "help", "q"):
        assert re.search(rf"^  {re.escape(name)}\b", HELP_TEXT, re.MULTILINE), name


def _small_class_step(tree):
    """(guess, feedback code) for a guess of the tree other than its first, whose feedback
    leaves the fewest answers above one: a step off the tree whose analysis is quick."""
    game, own = tree.game, next(word for word in tree.guesses if word != tree.first_guess)
    sizes = {}
    for answer in tree.answers:
        code = game.score_code(own, answer)
        sizes[code] = sizes.get(code, 0) + 1
    return own, min((size, code) for code, size in sizes.items() if size > 1)[1]


@pytest.mark.long
@pytest.mark.parametrize("name", ["en6-optimal-hard", "nerdle-mini-optimal-normal", "mastermind-4x6-optimal-normal"])
def test_the_off_tree_hint_runs_as_printed(name):
    tree = load(name)
    own, code = _small_class_step(tree)
    left = len(tree.candidates([(own, code)]))
    child = _spawn("--tree", name)
    try:
        child.expect_exact(f"feedback for {tree.first_guess}, or your own guess: ")
        child.sendline(f"{own} {tree.game.format_code(code)}")
        child.expect_exact("you left the tree")
        child.expect(r"hint: for the exact analysis of this position, run: ([^\r\n]+)\r\n")
        command = child.match.group(1)
        child.expect_exact(f"{left} answers possible")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    prog, *args = shlex.split(command)
    assert prog == "wordle-tree"
    result = run(prog, *args, "--top", "1")
    assert result.returncode == 0, (command, result.stderr)
    assert result.stdout.startswith(f"{left} answers left")


@pytest.mark.parametrize("name", ["en6-optimal-normal", "nerdle-optimal-normal", "mastermind-4x6-optimal-normal"])
def test_help_shows_entries_of_the_trees_own_game(name):
    tree = load(name)
    child = _spawn("--tree", name)
    try:
        child.expect_exact("or your own guess: ")
        child.sendline("help")
        child.expect_exact("\r\nAt the prompt, type:\r\n")
        shown = ["At the prompt, type:"]
        for _ in help_text(tree).splitlines()[1:]:
            child.expect(r"([^\r\n]*)\r\n")
            shown.append(child.match.group(1))
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert shown == help_text(tree).splitlines()
    pattern, own_entry, own = (line.split()[:2] for line in shown[1:4])
    assert tree.game.parse_code(pattern[0]) >= 0
    assert own_entry[0] == own[0]
    assert tree.is_guess_allowed(own[0])
    assert len(own[0]) == tree.game.length
    assert tree.game.parse_code(own_entry[1]) >= 0
    assert "crane" not in "\n".join(shown)


HARD = ["--tree", "salet-optimal-hard"]


@pytest.mark.long
@pytest.mark.parametrize(
    "start,entries,prompt,one_shot",
    [
        ([], ["gybbx"], PROMPT, ["salet", "gybbx"]),  # a mistyped pattern for the suggestion
        ([], ["crane", "gyxbb"], "feedback for crane: ", ["crane", "gyxbb"]),
        ([], ["pilot gyxbb"], PROMPT, ["pilot", "gyxbb"]),
        ([], ["qqqqq"], PROMPT, ["qqqqq", "bbbbb"]),  # a word not in the guess list
        ([], ["zzzzz bbbbb"], PROMPT, ["zzzzz", "bbbbb"]),
        ([], ["ggggb"], PROMPT, ["salet", "ggggb"]),  # no answer fits
        (
            [*HARD, "salet", "bybbb"],
            ["brond"],
            "feedback for adorn, or your own guess: ",
            ["salet", "bybbb", "brond", "bybbb"],
        ),
        (
            [*HARD, "salet", "gbbbb"],
            ["crony bbbbb"],
            "feedback for spunk, or your own guess: ",
            ["salet", "gbbbb", "crony", "bbbbb"],
        ),
    ],
)
def test_a_refusal_gives_the_one_shot_commands_reason(start, entries, prompt, one_shot):
    options = [arg for arg in start if arg.startswith("--") or arg.endswith("hard")]
    result = subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", *options, *one_shot], capture_output=True, text=True, timeout=60
    )
    assert result.returncode in (1, 2), result
    assert result.stderr.startswith("wordle-next: step "), result
    reason = result.stderr.strip().removeprefix("wordle-next: ")
    child = _spawn(*start)
    try:
        for index, entry in enumerate(entries):
            child.expect_exact(prompt if index else "or your own guess: ")
            child.sendline(entry)
        child.expect_exact(f"\r\n  {reason}; try again\r\n{prompt}")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


@pytest.mark.skipif(shutil.which("stty") is None or shutil.which("sh") is None, reason="needs sh and stty")
def test_ctrl_c_at_the_prompt_exits_130_and_gives_the_terminal_back():
    # the shell outlives the Ctrl-C (a trap with a command is not inherited) to read the terminal
    script = 'trap : INT; "$0" -m wordle_runtime.cli -i; echo "exit=$?"; stty -a'
    child = pexpect.spawn("sh", ["-c", script, sys.executable], encoding="utf-8", timeout=30)
    try:
        child.expect_exact(PROMPT)
        child.sendintr()
        child.expect_exact("wordle-next: interrupted")
        child.expect_exact("exit=130")
        child.expect(pexpect.EOF)
        settings = set(re.split(r"[\s;]+", child.before))
    finally:
        child.close(force=True)
    assert {"echo", "icanon"} <= settings, "readline left the terminal without echo or line mode"


def test_plain_files_get_each_prompt_once_and_ten_words_a_line():
    out = io.StringIO()
    entries = ["undo", "crane", "u", "bybbb", "list", "back", "q"]
    assert play(load(), [], io.StringIO("\n".join(entries) + "\n"), out) == 0
    text = out.getvalue()
    assert text.count(PROMPT) == 4
    assert text.count("feedback for crane: ") == 1
    assert text.count("feedback for brond, or your own guess: ") == 2
    assert f"{PROMPT}nothing to undo\n" in text
    assert text.count(START) == 2
    listed = text.split("102 answers possible:\n", 1)[1].split("\nfeedback for brond")[0].splitlines()
    assert [len(line.split()) for line in listed] == [10] * 10 + [2]
    assert listed[0].split() == load().candidates([("salet", parse_pattern("bybbb"))])[:10]


def test_leaving_the_tree_with_one_answer_left_says_it_is_proved_best():
    child = _spawn("salet", "bbybb", "crony", "bbggb")
    try:
        child.expect_exact("you left the tree; one answer is left, blond: proved best, solved in 1 more")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
