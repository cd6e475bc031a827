"""wordle-rank: exact values and bounds, resume after a kill, and the same results
in-process, on a Dask LocalCluster and on a scheduler started as its own process."""

import random
import signal
import subprocess
import sys
import time

import pytest

from sampled_lists import write_sampled_lists
from support.dask_cluster import start_cluster, stop_cluster
from wordle_compiler.concurrency.cluster import SerialExecutor
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.wordlists import load_word_lists
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
from wordle_compiler.ranking.results_log import read_ranking
from wordle_compiler.search import INF, Solver


@pytest.fixture(scope="module")
def small_lists(tmp_path_factory):
    """200 answers and 1200 guesses drawn with a fixed seed: seconds per ranking."""
    answers, guesses, _ = write_sampled_lists(tmp_path_factory.mktemp("lists"), 7, 200, 1100, 1000)
    return answers, guesses


def read_results(small_lists, path):
    """The decided words of a ranking of the small lists (normal mode, depth 6)."""
    return read_ranking(path, load_word_lists(*map(str, small_lists)))


def rank(small_lists, out, *extra, timeout=300):
    answers, guesses = small_lists
    cmd = [
        sys.executable,
        "-m",
        "wordle_compiler.cli.rank",
        "--answers",
        str(answers),
        "--guesses",
        str(guesses),
        "--top",
        "5",
        "-o",
        str(out),
        "--quiet",
        *extra,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


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


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_killed_and_resumed_equals_uninterrupted(small_lists, tmp_path, signum):
    whole = tmp_path / "whole.csv"
    assert rank(small_lists, whole).returncode == 0
    part = tmp_path / "part.csv"
    answers, guesses = small_lists
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--answers",
            str(answers),
            "--guesses",
            str(guesses),
            "--top",
            "5",
            "-o",
            str(part),
            "--quiet",
        ],
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


def _every_eighth_word(small_lists, tmp_path):
    firsts = tmp_path / "firsts.txt"  # a slice keeps each ranking within seconds
    firsts.write_text("\n".join(small_lists[1].read_text().split()[::8]) + "\n")
    return firsts


def test_jobs_on_a_local_cluster_agree(small_lists, tmp_path):
    one, local = tmp_path / "one.csv", tmp_path / "local.csv"
    firsts = _every_eighth_word(small_lists, tmp_path)
    assert rank(small_lists, one, "--first-words", str(firsts)).returncode == 0
    result = rank(small_lists, local, "--jobs", "2", "--first-words", str(firsts))
    assert result.returncode == 0, result.stderr
    assert one.read_bytes() == local.read_bytes()


@pytest.mark.slow  # a scheduler and two workers started as their own processes
def test_a_real_cluster_agrees_with_one_process(small_lists, tmp_path):
    one, remote = tmp_path / "one.csv", tmp_path / "remote.csv"
    firsts = _every_eighth_word(small_lists, tmp_path)
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


def test_selby_format_round_trips(small_lists, tmp_path):
    out = tmp_path / "r.txt"
    assert rank(small_lists, out, "--format", "selby").returncode == 0
    header, *lines = out.read_text().splitlines()
    assert header.startswith("# wordle-rank results; answers ")
    assert lines[0].split()[2].isdigit()
    assert float(lines[0].split()[1]) > 1
    assert any(line.split()[2].startswith(">=") for line in lines)
    csv = tmp_path / "r.csv"
    assert rank(small_lists, csv).returncode == 0
    assert sorted(read_results(small_lists, out), key=lambda r: r.word) == sorted(
        read_results(small_lists, csv), key=lambda r: r.word
    )


def test_published_top_ten_normal():
    """The published proved values (alex1770): our exact values for the same words."""
    published = {
        "salet": 7920,
        "reast": 7923,
        "crate": 7926,
        "trace": 7926,
        "slate": 7928,
        "crane": 7930,
        "carle": 7937,
        "slane": 7943,
        "carte": 7949,
        "torse": 7950,
    }
    spec = RankSpec()
    for word, value in published.items():
        assert evaluate_word(spec, word, 1 << 36).value == value


def test_second_words_are_ranked_by_the_fixed_opening_total(small_lists, tmp_path):
    """Each exact second word's total is the total of the optimal tree with that opening."""
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.core.wordlists import load_word_lists
    from wordle_compiler.pipeline.compile import compile_tree

    answers, guesses = small_lists
    words = load_word_lists(str(answers), str(guesses))
    first, seconds = words.guesses[0], list(words.guesses[1::97])
    out = tmp_path / "second.csv"
    (tmp_path / "seconds.txt").write_text("\n".join(seconds) + "\n")
    result = rank(
        small_lists, out, "--second-after", first, "--first-words", tmp_path / "seconds.txt", "--top", str(len(seconds))
    )
    assert result.returncode == 0, result.stderr
    header, _, *rows = out.read_text().splitlines()
    assert f"; second-after {first}; " in header
    ctx = Context.from_words(words)
    for row in rows:
        word, total, _, status, _check = row.split(",")
        if status == "exact":
            opened = compile_tree(
                BuildConfig(
                    strategy="optimal",
                    settings=Settings(answers=str(answers), guesses=str(guesses)),
                    opening=(first, word),
                ),
                ctx,
            )
            assert opened.report.total_guesses == int(total), word
    another = words.guesses[2]  # not among the ranked words
    other = rank(small_lists, out, "--second-after", another, "--first-words", tmp_path / "seconds.txt", "--resume")
    assert other.returncode == 2
    assert f"second-after {first}, not {another}" in other.stderr


def test_second_after_refuses_its_own_word_and_unknown_words(small_lists, tmp_path):
    _answers, guesses = small_lists
    first = guesses.read_text().split()[0]
    (tmp_path / "w.txt").write_text(first + "\n")
    assert (
        "the fixed first guess"
        in rank(small_lists, tmp_path / "r.csv", "--second-after", first, "--first-words", tmp_path / "w.txt").stderr
    )
    assert "not in the guess list" in rank(small_lists, tmp_path / "r.csv", "--second-after", "zzzzz").stderr


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


def test_top_all_gives_every_word_its_exact_optimum(small_lists, tmp_path):
    """--top all: each word's total is the one a single optimal build from it proves."""
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.core.wordlists import load_word_lists
    from wordle_compiler.pipeline.compile import compile_tree

    answers, guesses = small_lists
    firsts = _every_eighth_word(small_lists, tmp_path)
    out = tmp_path / "all.csv"
    result = rank(small_lists, out, "--top", "all", "--first-words", str(firsts))
    assert result.returncode == 0, result.stderr
    assert "no word was cut off" in result.stdout
    assert "warning" not in result.stderr
    rows = [line.split(",")[:-1] for line in out.read_text().splitlines()[2:]]
    assert {row[3] for row in rows} <= {"exact", "infeasible"}
    ctx = Context.from_words(load_word_lists(str(answers), str(guesses)))
    for word, total, _, status in rows[::9]:
        if status == "exact":
            built = compile_tree(
                BuildConfig(
                    strategy="optimal", settings=Settings(answers=str(answers), guesses=str(guesses)), start=word
                ),
                ctx,
            )
            assert built.report.total_guesses == int(total), word


def test_pairs_are_ranked_exactly_as_their_fixed_openings(small_lists, tmp_path):
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.core.wordlists import load_word_lists
    from wordle_compiler.pipeline.compile import compile_tree

    answers, guesses = small_lists
    words = load_word_lists(str(answers), str(guesses))
    pairs = [(words.guesses[i], words.guesses[j]) for i, j in ((0, 1), (5, 300), (700, 2), (900, 1100))]
    (tmp_path / "pairs.txt").write_text(
        f"{pairs[0][0]} {pairs[0][1]}\n{pairs[1][0]},{pairs[1][1]}\n"
        f"{pairs[2][0]}+{pairs[2][1]}\n\n{pairs[3][0]}  {pairs[3][1]}\n"
    )
    out = tmp_path / "pairs.csv"
    result = rank(small_lists, out, "--pairs", tmp_path / "pairs.txt", "--top", "4")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("best pair: ")
    ctx = Context.from_words(words)
    rows = {row.split(",")[0]: row.split(",")[:-1] for row in out.read_text().splitlines()[2:]}
    assert set(rows) == {f"{a}+{b}" for a, b in pairs}
    for first, second in pairs:
        built = compile_tree(
            BuildConfig(
                strategy="optimal",
                settings=Settings(answers=str(answers), guesses=str(guesses)),
                opening=(first, second),
            ),
            ctx,
        )
        assert rows[f"{first}+{second}"][1:4:2] == [str(built.report.total_guesses), "exact"]
    (tmp_path / "bad.txt").write_text(f"{pairs[0][0]} {pairs[0][0]}\n")
    bad = rank(small_lists, out, "--pairs", tmp_path / "bad.txt")
    assert bad.returncode == 2
    assert "line 1" in bad.stderr
    assert "two different words" in bad.stderr
    both = rank(small_lists, out, "--pairs", tmp_path / "pairs.txt", "--second-after", pairs[0][0])
    assert both.returncode == 2
    assert "not with --first-words or --second-after" in both.stderr


@pytest.mark.slow  # 50 random first words solved exactly (minutes), each also built on its own
def test_top_all_on_the_original_lists_equals_single_builds(tmp_path):
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.pipeline.compile import compile_tree

    ctx = Context.load()
    firsts = random.Random(50).sample(list(ctx.words.guesses), 50)
    (tmp_path / "firsts.txt").write_text("\n".join(firsts) + "\n")
    out = tmp_path / "all.csv"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--first-words",
            str(tmp_path / "firsts.txt"),
            "--top",
            "all",
            "--jobs",
            "2",
            "--quiet",
            "-o",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert result.returncode == 0, result.stderr
    rows = [line.split(",")[:-1] for line in out.read_text().splitlines()[2:]]
    assert sorted(row[0] for row in rows) == sorted(firsts)
    assert {row[3] for row in rows} == {"exact"}
    for word, total, _, _ in rows:
        assert compile_tree(BuildConfig(strategy="optimal", start=word), ctx).report.total_guesses == int(total)


@pytest.mark.slow  # a scheduler and two workers started as their own processes
def test_top_all_on_a_real_cluster_is_byte_identical_to_one_process(small_lists, tmp_path):
    one, remote = tmp_path / "one.csv", tmp_path / "remote.csv"
    firsts = _every_eighth_word(small_lists, tmp_path)
    assert rank(small_lists, one, "--top", "all", "--first-words", str(firsts)).returncode == 0
    address, processes = start_cluster(tmp_path, nthreads=1, nworkers=2)
    try:
        result = rank(small_lists, remote, "--top", "all", "--scheduler", address, "--first-words", str(firsts))
        assert result.returncode == 0, result.stderr
    finally:
        stop_cluster(processes)
    assert one.read_bytes() == remote.read_bytes()


def test_an_opening_table_entry_keeps_exact_values_one_cut_off_and_the_infeasible_words():
    from wordle_compiler.core.wordlists import WordLists
    from wordle_compiler.ranking.openings import table_entry

    words = WordLists(
        answers=("crane", "slate"), guesses=("crane", "fuzzy", "jazzy", "slate"), answers_name="t", guesses_name="t"
    )
    results = [
        WordResult("crane", 3, True),
        WordResult("slate", 3, True),
        WordResult("fuzzy", 5, False),
        WordResult("jazzy", INF, False),
    ]
    entry = table_entry(results, words, "hard", 6, "wordle-rank --mode hard", 1.5)
    assert entry["exact"] == {"crane": 3, "slate": 3}
    assert (entry["cutoff"], entry["infeasible"], entry["first_words"]) == (5, ["jazzy"], 4)
    assert "infeasible" not in table_entry([*results[:3], WordResult("jazzy", 5, False)], words, "hard", 6, "", None)
    with pytest.raises(ValueError, match="not canonical"):
        table_entry([*results[:3], WordResult("jazzy", 6, False)], words, "hard", 6, "", None)
    with pytest.raises(ValueError, match="3 of 4"):
        table_entry(results[:3], words, "hard", 6, "", None)
