"""Absurdle: the adversary, the least-guesses search and the proof against plain-Python
references on small lists, and ``wordle-tree absurdle`` through its command line."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clirun import invoke, one_line_error, run
from naive import (
    naive_absurdle_keep,
    naive_absurdle_least,
    naive_absurdle_wins_within_three_under_some_rule,
)
from wordle_compiler.analysis.absurdle import Absurdle, tie_order
from wordle_compiler.core.config import Context
from wordle_compiler.core.wordlists import WordLists
from wordle_runtime import format_pattern
from wordle_runtime.game import Game

words5 = st.text(alphabet="abcdef", min_size=5, max_size=5)
words6 = st.text(alphabet="abcd", min_size=6, max_size=6)  # 729 codes: the two-byte kernels


def game_of(answers, guesses) -> tuple[Absurdle, WordLists]:
    game = Game(length=len(next(iter(answers))))
    words = WordLists(tuple(sorted(set(answers))), tuple(sorted(set(answers) | set(guesses))), "t", "t", game)
    return Absurdle.from_context(Context.from_words(words, use_cache=False)), words


def test_the_tie_order_reads_greens_then_yellows_then_the_pattern():
    order = tie_order(243, 5)
    assert order[0] == 0  # all grey first
    assert order[242] == 242  # all green last
    # one yellow before one green; read left to right, grey in the first place comes first
    yellow_first, yellow_second, green_first = 1, 3, 2  # ybbbb, bybbb, gbbbb
    assert order[yellow_second] < order[yellow_first] < order[green_first]


@pytest.mark.long
@settings(max_examples=150, deadline=None)
@given(st.lists(words5, min_size=2, max_size=14, unique=True), st.lists(words5, min_size=1, max_size=6))
def test_the_adversary_keeps_what_the_rule_keeps(answers, extra):
    game, words = game_of(answers, extra)
    every = game.all_answers()
    for guess in words.guesses:
        code, kept = game.keep(words.guesses.index(guess), every)
        pattern, members = naive_absurdle_keep(guess, list(words.answers))
        assert format_pattern(code) == pattern
        assert [words.answers[i] for i in kept] == members
    check_the_compiled_adversary(game, every)


@pytest.mark.long
@pytest.mark.parametrize("words", [words5, words6], ids=["one-byte codes", "two-byte codes"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_compiled_adversary_keeps_what_the_rule_keeps_at_any_set(words, data):
    answers = data.draw(st.lists(words, min_size=2, max_size=30, unique=True))
    game, _words = game_of(answers, data.draw(st.lists(words, max_size=5)))
    subset = data.draw(st.lists(st.sampled_from(range(len(game.answer_guess))), min_size=1, unique=True))
    check_the_compiled_adversary(game, np.array(sorted(subset), dtype=np.int64))


@pytest.mark.parametrize("width, n_codes, sizes", [(1, 243, (1, 40, 255, 256, 700)), (2, 729, (1, 300, 6561, 7000))])
def test_the_compiled_adversary_on_random_matrices_counts_what_numpy_counts(width, n_codes, sizes):
    from wordle_compiler.ext import build_of_width

    build, rng = build_of_width(width), np.random.default_rng(width)
    rank = np.full(build.max_codes, build.max_codes, dtype=np.int64)
    rank[:n_codes] = rng.permutation(n_codes)
    for n in sizes:  # sets of at least MAX_CODES answers take the kernel's other counting path
        by_answer = rng.integers(0, n_codes, size=(n + 3, 70), dtype=build.code_dtype)
        by_answer[:, 3] = 5  # one class only
        answers = np.sort(rng.choice(n + 3, n, replace=False)).astype(np.int64)
        first, m = 2, 60
        out = [np.empty(m, np.int64), np.empty(m, np.int64), np.empty(m, np.int64), np.empty(m, np.uint8)]
        build.kernels.adversary_keeps_into(by_answer, answers, rank, first, *out)
        for j in range(m):
            counts = np.bincount(by_answer[answers, first + j], minlength=n_codes)
            tied = np.flatnonzero(counts == counts.max())
            expected = int(tied[np.argmin(rank[tied])])
            assert (out[0][j], out[1][j], out[2][j]) == (expected, counts.max(), np.count_nonzero(counts))
            assert bool(out[3][j]) == (len(tied) == 1)


def check_the_compiled_adversary(game: Absurdle, answers: np.ndarray) -> None:
    kept = game.kept_sizes(answers)
    for guess in range(game.codes.shape[0]):
        code, members = game.keep(guess, answers)
        classes = np.bincount(game.codes[guess, answers], minlength=game.n_codes)
        assert (int(kept.codes[guess]), int(kept.sizes[guess])) == (code, len(members))
        assert int(kept.parts[guess]) == np.count_nonzero(classes)
        assert bool(kept.untied[guess]) == (np.count_nonzero(classes == classes.max()) == 1)


@settings(max_examples=60, deadline=None)
@given(st.lists(words5, min_size=2, max_size=9, unique=True), st.lists(words5, min_size=0, max_size=4))
def test_the_least_guesses_equal_the_exhaustive_search(answers, extra):
    game, words = game_of(answers, extra)
    expected = naive_absurdle_least(list(words.answers), list(words.guesses), 5)
    line = game.least_guesses(game.all_answers(), 5)
    assert (None if line is None else len(line)) == expected
    if line is not None:
        steps = game.replay(line, game.all_answers())
        assert format_pattern(steps[-1][0]) == "ggggg"
        assert all(format_pattern(code) != "ggggg" for code, _ in steps[:-1])


@pytest.mark.parametrize("words", [words5, words6], ids=["one-byte codes", "two-byte codes"])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_least_guesses_forcing_each_target_equal_the_exhaustive_search(words, data):
    answers = data.draw(st.lists(words, min_size=2, max_size=8, unique=True))
    game, words_ = game_of(answers, data.draw(st.lists(words, max_size=4)))
    for target, word in enumerate(words_.answers):
        game.memo.clear()
        expected = naive_absurdle_least(list(words_.answers), list(words_.guesses), 5, target=word)
        line = game.least_guesses(game.all_answers(), 5, target)
        assert (None if line is None else len(line)) == expected
        if line is not None:
            steps = game.replay(line, game.all_answers())
            assert all(target in kept for _code, kept in steps)
            assert [words_.answers[i] for i in steps[-1][1]] == [word]
            assert line[-1] == words_.guesses.index(word)


@pytest.mark.parametrize("words", [words5, words6], ids=["one-byte codes", "two-byte codes"])
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_the_table_of_every_target_gives_the_single_target_lines(words, data):
    from wordle_compiler.analysis.absurdle_table import challenge_table

    answers = data.draw(st.lists(words, min_size=1, max_size=9, unique=True))
    game, words_ = game_of(answers, data.draw(st.lists(words, max_size=4)))
    ctx = Context.from_words(words_, use_cache=False)
    rows = challenge_table(ctx, limit=6)
    assert [row.target for row in rows] == list(words_.answers)
    for target, row in enumerate(rows):
        game.memo.clear()
        line = game.least_guesses(game.all_answers(), 6, target)
        assert row.line == (None if line is None else [words_.guesses[g] for g in line])
        expected = naive_absurdle_least(list(words_.answers), list(words_.guesses), 6, target=row.target)
        assert row.least == expected
        assert row.at_least == (expected if expected is not None else 7)


@settings(max_examples=60, deadline=None)
@given(st.lists(words5, min_size=2, max_size=12, unique=True), st.lists(words5, min_size=0, max_size=5))
def test_the_proof_of_no_win_within_three_equals_the_plain_check(answers, extra):
    game, words = game_of(answers, extra)
    refuted = game.refute_three(game.all_answers())
    assert (len(refuted.winning) > 0) == naive_absurdle_wins_within_three_under_some_rule(
        list(words.answers), list(words.guesses)
    )


def test_a_line_without_ties_is_the_same_under_every_rule():
    game, _words = game_of(["abcde", "abcdf", "fedcb", "bacde", "eeeee"], ["aaaaa"])
    game.untied_only = True
    line = game.least_guesses(game.all_answers(), 5)
    assert line is not None
    assert game.ties_on_line(line, game.all_answers()) == 0


@pytest.mark.long
def test_the_command_line_replays_a_win_and_refuses_bad_guesses():
    won = invoke("wordle-tree", "absurdle", "--json", "aesir", "acold", "bungy", "motto")
    assert won.code == 0, won.err
    doc = json.loads(won.out)
    assert [step["pattern"] for step in doc["steps"]] == ["bbbbb", "bbybb", "bbbbb", "ggggg"]
    assert [step["kept"] for step in doc["steps"]] == [168, 20, 1, 1]
    assert doc["won"]
    one_line_error(run("wordle-tree", "absurdle", "aesir", "qqqqq"), 2, "'qqqqq' is not in the guess list")
    one_line_error(run("wordle-tree", "absurdle", "aesir", "acold", "bungy", "motto", "salet"), 2, "won at guess 4")


def test_the_command_line_finds_a_shortest_win_and_proves_the_least(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("abcde\nabcdf\nfedcb\nbacde\neeeee\nbbbbb\ncccca\n")
    found = invoke("wordle-tree", "absurdle", "--answers", answers, "--guesses", answers, "--json")
    assert found.code == 0, found.err
    line = json.loads(found.out)["line"]
    _game, words = game_of(answers.read_text().split(), [])
    assert len(line) == naive_absurdle_least(list(words.answers), list(words.guesses), 6)
    proved = invoke("wordle-tree", "absurdle", "--answers", answers, "--guesses", answers, "--prove", "--json")
    assert proved.code == 0, proved.err
    proof = json.loads(proved.out)["proof"]
    wins = naive_absurdle_wins_within_three_under_some_rule(list(words.answers), list(words.guesses))
    assert (proof["largest_classes_told_apart"] > 0) == wins


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--prove", "salet"], "give no guesses with it"),
        (["--max-guesses", "1", "salet"], "no win within 1 more guess"),
        (["--target", "scrum", "pleat"], "guess 1 (pleat, bbybb) rules out the target 'scrum'"),
        (["--target", "qqqqq"], "the target 'qqqqq' is not one of the answers"),
        (["--target", "motto", "--prove"], "--prove is of the game without a target"),
    ],
)
def test_the_command_line_refusals_are_one_line(args, fragment):
    code = 1 if "no win" in fragment or "rules out" in fragment else 2
    one_line_error(run("wordle-tree", "absurdle", *args), code, fragment)


@pytest.mark.long
@pytest.mark.parametrize("limit", [2, 6])
def test_challenge_mode_through_the_command_line_and_the_api(tmp_path, limit):
    import wordle_compiler

    answers = tmp_path / "answers.txt"
    answers.write_text("abcde\nabcdf\nfedcb\nbacde\neeeee\nbbbbb\ncccca\n")
    listed = sorted(answers.read_text().split())
    lists = ["--answers", answers, "--guesses", answers, "--max-guesses", str(limit)]
    for target in listed:
        expected = naive_absurdle_least(listed, listed, limit, target=target)
        if expected is None:
            refused = run("wordle-tree", "absurdle", *lists, "--target", target)
            one_line_error(refused, 1, f"no win within {limit} more guesses forcing {target!r}")
            continue
        found = invoke("wordle-tree", "absurdle", *lists, "--target", target, "--json")
        assert found.code == 0, found.err
        doc = json.loads(found.out)
        assert (doc["target"], len(doc["line"]), doc["line"][-1]) == (target, expected, target)
        result = wordle_compiler.absurdle(answers=answers, guesses=answers, target=target, max_guesses=limit, jobs=2)
        assert (result.line, result.target) == (doc["line"], target)


def test_the_table_of_every_target_through_the_command_line(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("abcde\nabcdf\nfedcb\nbacde\neeeee\nbbbbb\ncccca\n")
    listed = sorted(answers.read_text().split())
    lists = ["--answers", answers, "--guesses", answers]
    table = invoke("wordle-tree", "absurdle", *lists, "--all-targets", "--json")
    assert table.code == 0, table.err
    doc = json.loads(table.out)
    assert [row["target"] for row in doc["targets"]] == listed
    for row in doc["targets"]:
        single = json.loads(invoke("wordle-tree", "absurdle", *lists, "--target", row["target"], "--json").out)
        assert (row["line"], row["least"]) == (single["line"], len(single["line"]))
    assert sum(doc["least_counts"].values()) == len(listed)
    capped = run("wordle-tree", "absurdle", *lists, "--all-targets", "--max-guesses", "2")
    assert capped.returncode == 1
    assert "targets unsettled: raise --max-guesses or --time-limit" in capped.stderr
    assert "at least 3: no line within the limits" in capped.stdout
    one_line_error(run("wordle-tree", "absurdle", "--all-targets", "salet"), 2, "give no guesses, --target or --prove")


def test_the_search_stops_at_its_time_limit():
    answers = np.arange(3)
    game, _ = game_of(["abcde", "abcdf", "fedcb"], [])
    game.deadline = 0.0
    from wordle_compiler.analysis.absurdle import SearchStopped

    with pytest.raises(SearchStopped):
        game.least_guesses(answers, 4)


@pytest.mark.long  # the proof over every first and second guess of the original lists: a few seconds
def test_absurdle_on_the_original_lists_needs_four_guesses_under_every_tie_rule():
    proved = invoke("wordle-tree", "absurdle", "--prove", "--json", "--quiet")
    assert proved.code == 0, proved.err
    proof = json.loads(proved.out)["proof"]
    assert proof["smallest_largest_class"] == 168
    assert proof["largest_classes_told_apart"] == 0
    assert proof["least_guesses"] == 4
    assert proof["line"] == ["aesir", "acold", "bungy", "motto"]


def test_the_api_plays_what_the_command_line_plays(tmp_path):
    import wordle_compiler
    from wordle_compiler.analysis.absurdle_play import NoWinError

    answers = tmp_path / "answers.txt"
    answers.write_text("abcde\nabcdf\nfedcb\nbacde\neeeee\nbbbbb\ncccca\n")
    result = wordle_compiler.absurdle("eeeee", answers=answers, guesses=answers)
    assert result.steps[0][0] == "eeeee"
    assert not result.won
    assert result.line[-1] in answers.read_text().split()
    cli = json.loads(
        invoke("wordle-tree", "absurdle", "eeeee", "--answers", answers, "--guesses", answers, "--json").out
    )
    assert cli["line"] == result.line
    assert cli["steps"] == [{"guess": g, "pattern": p, "kept": k} for g, p, k in result.steps]
    with pytest.raises(ValueError, match="not in the guess list"):
        wordle_compiler.absurdle(["zzzzz"], answers=answers, guesses=answers)
    with pytest.raises(NoWinError):
        wordle_compiler.absurdle(answers=answers, guesses=answers, max_guesses=1)


@pytest.mark.long  # the proof over the 3,158 answers played today: about 7 s
def test_absurdle_on_the_answers_played_today_needs_four_guesses_under_every_tie_rule():
    proved = invoke("wordle-tree", "absurdle", "--prove", "--answers", "nyt-extended", "--json", "--quiet")
    assert proved.code == 0, proved.err
    proof = json.loads(proved.out)["proof"]
    assert (proof["smallest_largest_class"], proof["largest_classes_told_apart"]) == (222, 0)
    assert proof["least_guesses"] == 4
    assert proof["line"] == ["arsey", "cunit", "album", "dough"]


@pytest.mark.long  # challenge mode on the original lists: a target forced in four
def test_challenge_mode_forces_motto_in_four_on_the_original_lists():
    forced = invoke("wordle-tree", "absurdle", "--target", "motto", "--json", "--quiet")
    assert forced.code == 0, forced.err
    assert json.loads(forced.out)["line"] == ["aesir", "acold", "bungy", "motto"]


@pytest.mark.slow  # every line of four searched through before the line of five: about 40 s
def test_challenge_mode_needs_five_guesses_to_force_scrum():
    forced = invoke("wordle-tree", "absurdle", "--target", "scrum", "--jobs", "2", "--json", "--quiet")
    assert forced.code == 0, forced.err
    assert json.loads(forced.out)["line"] == ["atone", "phial", "famed", "araks", "scrum"]


@pytest.mark.long  # every line of the shipped table replayed: a few seconds
def test_every_line_of_the_shipped_challenge_table_forces_its_target():
    from importlib import resources

    from wordle_compiler.core.settings import Settings

    doc = json.loads(resources.files("wordle_trees").joinpath("absurdle-challenge.json").read_text())
    ctx = Context.load(Settings())
    assert (doc["answers"]["sha256"], doc["guesses"]["sha256"]) == (ctx.words.answers_sha256, ctx.words.guesses_sha256)
    game = Absurdle.from_context(ctx)
    rows = doc["targets"]
    assert [row["target"] for row in rows] == list(ctx.words.answers)
    unsettled = [row for row in rows if row["line"] is None]
    assert len(unsettled) == doc["unsettled"]
    assert all(row["least"] is None and row["at_least"] >= 5 for row in unsettled)
    for row in (row for row in rows if row["line"] is not None):
        target = ctx.words.answers.index(row["target"])
        steps = game.replay([ctx.guess_index[word] for word in row["line"]], game.all_answers())
        assert all(target in kept for _code, kept in steps)
        assert list(steps[-1][1]) == [target]
        assert row["line"][-1] == row["target"]
        assert len(row["line"]) == row["least"] == row["at_least"]
    counts = {str(k): sum(row["least"] == k for row in rows) for k in (4, 5, 6, 7)}
    assert {k: v for k, v in counts.items() if v} == doc["least_counts"]
    for row in [row for row in rows if row["line"] is not None][::400]:  # a sample: none is forced in fewer
        game.memo.clear()
        target = ctx.words.answers.index(row["target"])
        assert game.least_guesses(game.all_answers(), min(row["least"] - 1, 3), target) is None


@pytest.mark.long  # the refutation over the original lists runs before the limit is read
def test_a_proof_past_its_time_limit_keeps_what_it_proved():
    stopped = run("wordle-tree", "absurdle", "--prove", "--time-limit", "0.001", "--quiet")
    one_line_error(stopped, 1, "time limit")
    assert "no play wins within three guesses" in stopped.stdout
    assert "stopped at the time limit" in stopped.stdout
