"""wordle-rank's tables: the published values, second words, pairs, `--top all` against
single builds, the Selby format and the opening table entry."""

import random
import subprocess
import sys

import pytest

from support.dask_cluster import start_cluster, stop_cluster
from support.small_ranking import every_eighth_word, rank, read_results, write_small_lists
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.ranking.first_words import (
    RankSpec,
    WordResult,
    evaluate_word,
)
from wordle_compiler.search import INF


@pytest.fixture(scope="module")
def small_lists(tmp_path_factory):
    return write_small_lists(tmp_path_factory.mktemp("lists"))


@pytest.mark.long
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


@pytest.mark.long
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


def test_top_all_gives_every_word_its_exact_optimum(small_lists, tmp_path):
    """--top all: each word's total is the one a single optimal build from it proves."""
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.pipeline.compile import compile_tree

    answers, guesses = small_lists
    firsts = every_eighth_word(small_lists, tmp_path)
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


@pytest.mark.slow  # 8 random first words solved exactly (minutes), each also built on its own
def test_top_all_on_the_original_lists_equals_single_builds(tmp_path):
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.pipeline.compile import compile_tree

    ctx = Context.load()
    firsts = random.Random(50).sample(list(ctx.words.guesses), 8)
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
    firsts = every_eighth_word(small_lists, tmp_path)
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
