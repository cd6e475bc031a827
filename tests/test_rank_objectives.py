"""wordle-rank --objective depth (every word proved to fit the depth limit or not) and
--objective fewest-deep (the fewest long games, then the total)."""

import subprocess
import sys

import pytest

import wordle_compiler
from sampled_lists import write_sampled_lists
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.partition import class_tasks
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.search import Solver, classes_fit


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """100 answers and 1,100 guesses: about a fifth of the first words solve them all within three."""
    answers, guesses, _ = write_sampled_lists(tmp_path_factory.mktemp("lists"), 7, 100, 1100, 1000)
    return str(answers), str(guesses)


def rank_depth(lists, out, *extra):
    cmd = [
        sys.executable,
        "-m",
        "wordle_compiler.cli.rank",
        "--answers",
        lists[0],
        "--guesses",
        lists[1],
        "--objective",
        "depth",
        "--max-depth",
        "3",
        "-o",
        str(out),
        "--quiet",
        *extra,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


@pytest.mark.long
def test_each_word_fits_exactly_when_its_classes_do(lists, tmp_path):
    out = tmp_path / "d.csv"
    result = rank_depth(lists, out)
    assert result.returncode == 0, result.stderr
    lines = out.read_text().splitlines()
    assert "objective depth" in lines[0]
    assert lines[1] == "word,max_guesses,status,check"
    rows = [line.split(",")[:-1] for line in lines[2:]]
    ctx = Context.from_words(load_word_lists(*lists))
    assert sorted(w for w, _, _ in rows) == sorted(ctx.words.guesses)
    fit = {w for w, depth, status in rows if status == "feasible" and depth == "3"}
    assert 0 < len(fit) < len(rows)
    assert {s for _, _, s in rows} == {"feasible", "infeasible"}
    assert result.stdout.startswith(f"{len(fit)} of {len(rows)} first words solve every answer within 3 guesses")
    solver = Solver(ctx, "normal")  # the total-minimising search agrees, word by word (a sample)
    for word, _, status in rows[::25]:
        total = solver.guess_value(ctx.guess_index[word], ctx.all_answers, ctx.all_guesses, 3).cost
        assert (total < 1 << 36) == (status == "feasible"), word
    fresh = Solver(ctx, "normal")
    for word, _, status in rows[::7]:
        tasks = class_tasks(ctx, "normal", ctx.guess_index[word], ctx.all_answers, ctx.all_guesses)
        assert classes_fit(fresh, tasks, 2) == (status == "feasible"), word
    rows_api = wordle_compiler.rank_first_words(answers=lists[0], guesses=lists[1], objective="depth", max_depth=3)
    assert {r.word for r in rows_api if r.status == "feasible"} == fit
    assert {r.status for r in rows_api} == {"feasible", "infeasible"}
    assert all(r.total is None and r.long_games is None and not r.exact for r in rows_api)


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_two_workers_and_a_resume_give_the_same_file(lists, tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    assert rank_depth(lists, one).returncode == 0
    assert rank_depth(lists, two, "--jobs", "2").returncode == 0
    assert one.read_bytes() == two.read_bytes()
    lines = one.read_text().splitlines()
    two.write_text("\n".join(lines[:40]) + "\n" + lines[40][:5])  # a run killed mid-line
    resumed = rank_depth(lists, two, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert one.read_bytes() == two.read_bytes()


@pytest.mark.long
def test_a_total_ranking_file_is_not_resumed_and_depth_takes_no_top(lists, tmp_path):
    out = tmp_path / "d.csv"
    assert rank_depth(lists, out).returncode == 0
    total = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--answers",
            lists[0],
            "--guesses",
            lists[1],
            "--max-depth",
            "3",
            "-o",
            str(out),
            "--quiet",
            "--resume",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert total.returncode == 2
    assert "made with objective depth, not total" in total.stderr
    for extra in (["--top", "3"], ["--margin", "2"], ["--format", "selby"]):
        refused = rank_depth(lists, tmp_path / "x.csv", *extra)
        assert refused.returncode == 2
        assert (
            "--objective depth decides every word" in refused.stderr
            or "no rows for --objective depth" in refused.stderr
        )
    forged = out.read_text().replace(",3,infeasible", ",3,feasible", 1)
    out.write_text(forged)
    contradicted = rank_depth(lists, out, "--resume")
    assert contradicted.returncode == 2
    assert "the search proves" in contradicted.stderr


def test_no_first_word_solves_the_original_answers_within_three(tmp_path):
    """Every word refused: exit 1 (as whenever no word fits), the file saying so word by word."""
    words, out = tmp_path / "words.txt", tmp_path / "d.csv"
    words.write_text("salet\ncrane\nfuzzy\n")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--objective",
            "depth",
            "--max-depth",
            "3",
            "--first-words",
            str(words),
            "-o",
            str(out),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 1
    assert result.stderr.strip() == (
        f"wordle-rank: no first word solves every answer within 3 guesses (3 proved infeasible; results in {out})"
    )
    assert [line.rsplit(",", 1)[0] for line in out.read_text().splitlines()[2:]] == [
        "crane,3,infeasible",
        "fuzzy,3,infeasible",
        "salet,3,infeasible",
    ]


def rank_long_games(lists, out, *extra):
    cmd = [
        sys.executable,
        "-m",
        "wordle_compiler.cli.rank",
        "--answers",
        lists[0],
        "--guesses",
        lists[1],
        "--objective",
        "fewest-deep",
        "--deep",
        "4",
        "-o",
        str(out),
        "--quiet",
        *extra,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def test_fewest_deep_values_equal_single_builds(lists, tmp_path):
    """--top all: each word's long games and total are those of its own fewest-deep build."""
    ctx = Context.from_words(load_word_lists(*lists))
    words = tmp_path / "words.txt"
    words.write_text("\n".join(ctx.words.guesses[::150]) + "\n")
    out = tmp_path / "long.csv"
    result = rank_long_games(lists, out, "--first-words", str(words), "--top", "all")
    assert result.returncode == 0, result.stderr
    lines = out.read_text().splitlines()
    assert "objective fewest-deep; deep 4" in lines[0]
    assert lines[1] == "word,long_games,total,average,status,check"
    rows = [line.split(",")[:-1] for line in lines[2:]]
    assert len(rows) == len(ctx.words.guesses[::150])
    assert {r[4] for r in rows} == {"exact"}
    assert [(int(r[1]), int(r[2])) for r in rows] == sorted((int(r[1]), int(r[2])) for r in rows)
    for word, long, total, _, _ in rows:
        built = compile_tree(
            BuildConfig(
                strategy="optimal",
                settings=Settings(answers=lists[0], guesses=lists[1], objective="fewest-deep", deep=4),
                start=word,
            ),
            ctx,
        )
        histogram = built.data.meta["stats"]["histogram"]
        assert (sum(c for d, c in histogram.items() if int(d) >= 4), built.report.total_guesses) == (
            int(long),
            int(total),
        ), word
    api = wordle_compiler.rank_first_words(
        answers=lists[0],
        guesses=lists[1],
        objective="fewest-deep",
        deep=4,
        first_words=ctx.words.guesses[::150],
        top="all",
    )
    assert [(r.word, r.long_games, r.total, r.status) for r in api] == [
        (r[0], int(r[1]), int(r[2]), "exact") for r in rows
    ]
    other = rank_long_games(lists, out, "--first-words", str(words), "--resume")
    assert other.returncode == 0, other.stderr
    changed = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--answers",
            lists[0],
            "--guesses",
            lists[1],
            "--objective",
            "fewest-deep",
            "--deep",
            "5",
            "--first-words",
            str(words),
            "-o",
            str(out),
            "--quiet",
            "--resume",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert changed.returncode == 2
    assert "made with deep 4, not 5" in changed.stderr


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--objective", "fewest-deep"], "go together"),
        (["--deep", "4"], "go together"),
        (["--objective", "fewest-deep", "--deep", "7"], "beyond --max-depth 6"),
        (["--objective", "fewest-deep", "--deep", "4", "--format", "selby"], "no rows for --objective fewest-deep"),
    ],
)
def test_objective_options_that_clash_are_one_line(lists, tmp_path, extra, message):
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--answers",
            lists[0],
            "--guesses",
            lists[1],
            "-o",
            str(tmp_path / "x.csv"),
            "--quiet",
            *extra,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
    assert not (tmp_path / "x.csv").exists()
