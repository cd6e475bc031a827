"""wordle-rank: exact values and bounds, resume after a kill, and the same results
in-process, on a Dask LocalCluster and on a scheduler started as its own process."""

import random
import signal
import subprocess
import sys
import time

import pytest

from support.dask_cluster import start_cluster, stop_cluster
from support.small_ranking import every_eighth_word, rank, rank_command, read_results, write_small_lists
from wordle_compiler.concurrency.cluster import SerialExecutor
from wordle_compiler.core.settings import Settings
from wordle_compiler.ranking.eta import sample_words
from wordle_compiler.ranking.first_words import (
    Ranking,
    RankSpec,
    WordResult,
    context_for,
    evaluate_word,
    heuristic_order,
    run_ranking,
)
from wordle_compiler.search import INF, Solver


@pytest.fixture(scope="module")
def small_lists(tmp_path_factory):
    return write_small_lists(tmp_path_factory.mktemp("lists"))


@pytest.mark.long
def test_values_are_exact_below_the_cutoff_and_bounds_above(small_lists, tmp_path):
    out = tmp_path / "r.csv"
    result = rank(small_lists, out)
    assert result.returncode == 0, result.stderr
    rows = read_results(small_lists, out)
    answers, guesses = small_lists
    spec = RankSpec(settings=Settings(answers=str(answers), guesses=str(guesses)))
    ctx = context_for(spec)
    assert len(rows) == len(ctx.words.guesses)
    solver = Solver(ctx, "normal")
    exact = [r for r in rows if r.exact]
    assert len(exact) >= 5
    cutoff = sorted(r.value for r in exact)[4] + 1
    for r in exact:
        value = solver.guess_value(ctx.guess_index[r.word], ctx.all_answers, ctx.all_guesses, 6).cost
        assert value == r.value < cutoff
    for r in random.Random(1).sample([r for r in rows if not r.exact], 25):
        assert r.value == cutoff
        assert solver.guess_value(ctx.guess_index[r.word], ctx.all_answers, ctx.all_guesses, 6).cost >= cutoff
    assert result.stdout.startswith(f"best first word: {min(exact, key=lambda r: (r.value, r.word)).word}, ")


def test_a_cut_off_word_reports_a_true_bound():
    spec = RankSpec()
    result = evaluate_word(spec, "fuzzy", 7950)
    assert not result.exact
    assert result.value >= 7950
    assert evaluate_word(spec, "salet", 8000) == WordResult("salet", 7920, True)


def test_ranking_cutoff_rules():
    ranking = Ranking(top=2)
    for word, value in [("a", 10), ("b", 12), ("c", 12), ("d", 15)]:
        ranking.add(WordResult(word, value, True))
    assert ranking.cutoff() == 13  # ties at the K-th are kept exact
    assert [row[0] for row in ranking.final_rows() if row[2]] == ["a", "b", "c"]
    margin = Ranking(top=None, margin=3)
    margin.add(WordResult("a", 10, True))
    assert margin.cutoff() == 14


def test_a_word_decided_again_replaces_its_earlier_result_in_the_cut_off_and_the_best():
    ranking = Ranking(top=2)
    for word, value in [("b", 10), ("a", 10), ("c", 12)]:
        ranking.add(WordResult(word, value, True))
    assert (ranking.best().word, ranking.cutoff(), ranking.exact_count()) == ("a", 11, 3)  # ties: alphabetical
    ranking.add(WordResult("a", 14, False))  # the same word proved again, now a bound
    assert (ranking.best().word, ranking.cutoff(), ranking.exact_count()) == ("b", 13, 2)
    ranking.add(WordResult("c", 9, True))
    assert (ranking.best().word, ranking.cutoff(), ranking.exact_count()) == ("c", 11, 2)
    assert ranking.wanted_before_cutoff() == 1 << 30


@pytest.mark.long
@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_killed_and_resumed_equals_uninterrupted(small_lists, tmp_path, signum):
    whole = tmp_path / "whole.csv"
    assert rank(small_lists, whole).returncode == 0
    part = tmp_path / "part.csv"
    proc = subprocess.Popen(
        rank_command(small_lists, part),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if part.exists() and part.read_text().count("\n") > 40:
            break
        time.sleep(0.005)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=60)
    if signum == signal.SIGTERM:  # unwound like Ctrl-C: one line
        assert (proc.returncode, err) == (143, "wordle-rank: terminated\n")
    decided = len(read_results(small_lists, part))
    assert 0 < decided < 1200, "the kill should land mid-run"
    resumed = rank(small_lists, part, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert part.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize("max_depth", [6, 2], ids=["cut-off", "every-word-infeasible"])
def test_early_words_wait_for_a_cutoff_and_change_nothing(small_lists, max_depth):
    answers, guesses = small_lists
    spec = RankSpec(settings=Settings(answers=str(answers), guesses=str(guesses), max_depth=max_depth))
    ctx = context_for(spec)
    words = heuristic_order(ctx, spec, list(ctx.words.guesses))[::4]
    early = sample_words(words)
    assert early
    plain, sampled = Ranking(top=5), Ranking(top=5)
    run_ranking(spec, words, plain, SerialExecutor())
    seen = []  # (word, cut-off once it is decided): the cut-off the next word is submitted with
    run_ranking(spec, words, sampled, SerialExecutor(), lambda r: seen.append((r.word, sampled.cutoff())), early=early)
    assert sampled.final_rows() == plain.final_rows()
    assert sorted(word for word, _ in seen) == sorted(words)
    order = [word for word, _ in seen]
    first = min(order.index(word) for word in early)
    if max_depth == 6:
        assert seen[first - 1][1] < INF, "an early word went out before there was a cut-off"
        assert max(order.index(word) for word in early) == first + len(early) - 1
    else:
        assert plain.cutoff() == INF
        assert first == len(words) - len(early)


def test_with_every_word_exact_the_early_words_go_first(small_lists):
    """--top all: no cut-off can come before the last word, so waiting for one would leave
    the estimate without its sample until the end."""
    answers, guesses = small_lists
    spec = RankSpec(settings=Settings(answers=str(answers), guesses=str(guesses)))
    ctx = context_for(spec)
    words = heuristic_order(ctx, spec, list(ctx.words.guesses))[::24]  # 50 words, each solved exactly
    early = words[3::7]  # a sample from across the order
    plain, sampled = Ranking(top=len(words)), Ranking(top=len(words))
    run_ranking(spec, words, plain, SerialExecutor())
    seen = []
    run_ranking(spec, words, sampled, SerialExecutor(), lambda r: seen.append(r.word), early=early)
    assert seen[: len(early)] == early
    assert sampled.final_rows() == plain.final_rows()
    assert all(exact for _, _, exact in plain.final_rows())


def test_progress_shows_the_estimated_time_left(small_lists, tmp_path):
    firsts = tmp_path / "firsts.txt"
    firsts.write_text("\n".join(small_lists[1].read_text().split()[::4]) + "\n")
    answers, guesses = small_lists
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--answers",
            str(answers),
            "--guesses",
            str(guesses),
            "--first-words",
            str(firsts),
            "-o",
            str(tmp_path / "r.csv"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    last = result.stderr.replace("\r", "\n").strip().splitlines()[-1]
    assert "300/300 words" in last, last
    assert last.endswith("every word decided"), last


@pytest.mark.long
def test_jobs_on_a_local_cluster_agree(small_lists, tmp_path):
    one, local = tmp_path / "one.csv", tmp_path / "local.csv"
    firsts = every_eighth_word(small_lists, tmp_path)
    assert rank(small_lists, one, "--first-words", str(firsts)).returncode == 0
    result = rank(small_lists, local, "--jobs", "2", "--first-words", str(firsts))
    assert result.returncode == 0, result.stderr
    assert one.read_bytes() == local.read_bytes()


@pytest.mark.slow  # a scheduler and two workers started as their own processes
def test_a_real_cluster_agrees_with_one_process(small_lists, tmp_path):
    one, remote = tmp_path / "one.csv", tmp_path / "remote.csv"
    firsts = every_eighth_word(small_lists, tmp_path)
    assert rank(small_lists, one, "--first-words", str(firsts)).returncode == 0
    address, processes = start_cluster(tmp_path, nthreads=1, nworkers=2)
    try:
        result = rank(small_lists, remote, "--scheduler", address, "--first-words", str(firsts))
        assert result.returncode == 0, result.stderr
    finally:
        stop_cluster(processes)
    assert one.read_bytes() == remote.read_bytes()


@pytest.mark.slow  # a scheduler killed under a running ranking, then the ranking resumed
def test_a_scheduler_killed_mid_run_is_one_line_and_resume_goes_on(small_lists, tmp_path):
    out, whole = tmp_path / "r.csv", tmp_path / "whole.csv"
    address, processes = start_cluster(tmp_path, nthreads=1, nworkers=2)
    try:
        answers, guesses = small_lists
        ranking = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "wordle_compiler.cli.rank",
                "--answers",
                str(answers),
                "--guesses",
                str(guesses),
                "--mode",
                "hard",
                "--top",
                "5",
                "-o",
                str(out),
                "--quiet",
                "--scheduler",
                address,
            ],
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 3):
            time.sleep(0.05)
        processes[1].kill()  # the scheduler, while words are being decided
        _, err = ranking.communicate(timeout=60)
    finally:
        stop_cluster(processes)
    assert ranking.returncode == 2, err
    assert err.count("\n") == 1, err
    assert f"lost the connection to the Dask scheduler at {address} mid-run" in err
    assert "--resume" in err
    kept = out.read_text().splitlines()
    assert kept[0].startswith("# wordle-rank results")
    assert len(kept) >= 3
    assert rank(small_lists, out, "--mode", "hard", "--resume").returncode == 0
    assert rank(small_lists, whole, "--mode", "hard").returncode == 0
    assert out.read_bytes() == whole.read_bytes()


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_two_jobs_never_solve_more_words_without_a_cut_off(tmp_path):
    """Seven words, the best three exact: with two workers the poor words must still wait
    for the cut-off, so the work (full passes, noise-free) stays that of one process."""
    import json

    words = tmp_path / "seven.txt"
    words.write_text("adieu\ncrane\nsalet\nfuzzy\njazzy\nmamma\ntrace\n")
    passes, files = {}, {}
    for jobs in (1, 2):
        out = tmp_path / f"r{jobs}.csv"
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "wordle_compiler.cli.rank",
                "--first-words",
                str(words),
                "--top",
                "3",
                "--jobs",
                str(jobs),
                "--quiet",
                "--json",
                "-o",
                str(out),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        passes[jobs] = json.loads(result.stdout)["counters"]["full_passes"]
        files[jobs] = out.read_bytes()
    assert files[1] == files[2]
    assert passes[2] <= 1.5 * passes[1], passes  # 629,170 against 5,501 when every word went out at once


@pytest.mark.long
def test_words_their_own_classes_prove_infeasible_are_reported_so_for_any_jobs(tmp_path):
    """Hard mode on the original lists: agist and five more leave a class whose endgame
    group cannot be finished (the count, or a search of the group's members alone, shows
    it), so they are reported infeasible although they are decided after the cut-off, the
    same with two workers and after --resume, which proves each claim again."""
    doomed = ["agist", "agued", "ahing", "angst", "anode", "archi"]
    words = tmp_path / "ten.txt"
    words.write_text("\n".join(["salet", "crane", "trace", "slate", *doomed]) + "\n")
    files = {}
    for jobs in (1, 2):
        out = tmp_path / f"r{jobs}.csv"
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "wordle_compiler.cli.rank",
                "--mode",
                "hard",
                "--first-words",
                str(words),
                "--top",
                "1",
                "--jobs",
                str(jobs),
                "--quiet",
                "-o",
                str(out),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        files[jobs] = out.read_bytes()
    assert files[1] == files[2]
    rows = {line.split(",")[0]: line.split(",")[1:-1] for line in files[1].decode().splitlines()[2:]}
    assert rows["salet"] == ["8122", "3.508423", "exact"]
    assert rows["crane"][2] == "lower-bound"
    assert all(rows[word] == ["", "", "infeasible"] for word in doomed)
    resumed = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--mode",
            "hard",
            "--first-words",
            str(words),
            "--top",
            "1",
            "--resume",
            "--quiet",
            "-o",
            str(tmp_path / "r1.csv"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert (tmp_path / "r1.csv").read_bytes() == files[1]


@pytest.mark.long
def test_each_csv_line_says_exact_lower_bound_or_infeasible(small_lists, tmp_path):
    out = tmp_path / "r.csv"
    assert rank(small_lists, out, "--top", "3").returncode == 0
    rows = [line.split(",")[:-1] for line in out.read_text().splitlines()[2:]]
    statuses = {row[3] for row in rows}
    assert statuses <= {"exact", "lower-bound", "infeasible"}
    assert {"exact", "lower-bound"} <= statuses
    cutoff = {int(row[1]) for row in rows if row[3] == "lower-bound"}
    assert len(cutoff) == 1
    assert all(int(row[1]) < min(cutoff) for row in rows if row[3] == "exact")
