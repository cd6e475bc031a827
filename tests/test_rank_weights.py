"""wordle-rank under answer weights: first words ranked by their weighted optimum."""

import random
import subprocess
import sys

import pytest

import wordle_compiler
from sampled_lists import write_sampled_lists
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.weights import read_weights
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.pipeline.compile import compile_tree


@pytest.fixture(scope="module")
def weighted_lists(tmp_path_factory):
    """120 answers, 600 guesses, and a weights file with a few heavy answers and some zeros."""
    folder = tmp_path_factory.mktemp("weighted")
    answers, guesses, _ = write_sampled_lists(folder, 11, 120, 500, 480)
    rng = random.Random(4)
    words = load_word_lists(str(answers), str(guesses)).answers
    weights = folder / "weights.txt"
    weights.write_text("".join(f"{w} {rng.choice([0, 1, 1, 2, 5, 40])}\n" for w in words))
    return answers, guesses, weights


def rank(lists, out, *extra):
    answers, guesses, weights = lists
    cmd = [
        sys.executable,
        "-m",
        "wordle_compiler.cli.rank",
        "--answers",
        str(answers),
        "--guesses",
        str(guesses),
        "--weights",
        str(weights),
        "-o",
        str(out),
        "--quiet",
        *extra,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def test_every_weighted_value_is_the_single_builds(weighted_lists, tmp_path):
    """--top all on a sample of first words: each row's weighted total is the weighted
    optimum a single build from that word proves, and its expected guesses that total
    over the weights' sum."""
    answers, guesses, weights_path = weighted_lists
    ctx = Context.from_words(load_word_lists(str(answers), str(guesses)))
    weights = read_weights(weights_path, list(ctx.words.answers))
    firsts = tmp_path / "firsts.txt"
    firsts.write_text("\n".join(ctx.words.guesses[::40]) + "\n")
    out = tmp_path / "r.csv"
    result = rank(weighted_lists, out, "--top", "all", "--first-words", str(firsts))
    assert result.returncode == 0, result.stderr
    lines = out.read_text().splitlines()
    assert f"weights sha256:{weights.sha256[:16]}" in lines[0]
    assert lines[1] == "word,weighted_total,expected_guesses,status,check"
    rows = [line.split(",")[:-1] for line in lines[2:]]
    assert len(rows) == len(ctx.words.guesses[::40])
    assert {r[3] for r in rows} <= {"exact", "infeasible"}
    for word, total, expected, status in rows[::3]:
        if status != "exact":
            continue
        built = compile_tree(
            BuildConfig(
                strategy="optimal",
                settings=Settings(answers=str(answers), guesses=str(guesses), weights=weights),
                start=word,
            ),
            ctx,
        )
        assert sum(w * d for w, d in zip(weights.values, built.report.depths, strict=True)) == int(total), word
        assert float(expected) == pytest.approx(int(total) / sum(weights.values), abs=1e-6)


@pytest.mark.long
def test_cut_off_words_and_resume_under_weights(weighted_lists, tmp_path):
    """--top 3: the best three exact, the rest at the proved cut-off; --resume with other
    weights is refused, with the same weights it gives the same file."""
    answers, guesses, weights_path = weighted_lists
    out = tmp_path / "r.csv"
    first = rank(weighted_lists, out, "--top", "3")
    assert first.returncode == 0, first.stderr
    text = out.read_text()
    statuses = [line.split(",")[3] for line in text.splitlines()[2:]]
    assert statuses.count("exact") >= 3
    assert set(statuses) <= {"exact", "lower-bound", "infeasible"}
    again = rank(weighted_lists, out, "--top", "3", "--resume")
    assert again.returncode == 0
    assert out.read_text() == text
    other = tmp_path / "other.txt"
    other.write_text(weights_path.read_text().replace(" 40\n", " 41\n"))
    refused = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--answers",
            str(answers),
            "--guesses",
            str(guesses),
            "--weights",
            str(other),
            "-o",
            str(out),
            "--top",
            "3",
            "--resume",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2
    assert "was made with weights" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


def test_the_api_ranks_by_expected_guesses(weighted_lists):
    answers, guesses, weights_path = weighted_lists
    words = load_word_lists(str(answers), str(guesses))
    rows = wordle_compiler.rank_first_words(
        answers=str(answers), guesses=str(guesses), weights=weights_path, first_words=list(words.guesses[:30]), top=2
    )
    best = rows[0]
    weights = read_weights(weights_path, list(words.answers))
    built = compile_tree(
        BuildConfig(
            strategy="optimal",
            settings=Settings(answers=str(answers), guesses=str(guesses), weights=weights),
            start=best.word,
        )
    )
    assert best.exact
    assert best.long_games is None
    assert best.total == sum(w * d for w, d in zip(weights.values, built.report.depths, strict=True))
    with pytest.raises(ValueError, match="objective 'total' only"):
        wordle_compiler.rank_first_words(
            answers=str(answers), guesses=str(guesses), weights=weights_path, objective="depth", max_depth=4
        )


@pytest.mark.parametrize(
    "extra,fragment", [(["--objective", "depth"], "--objective total"), (["--format", "selby"], "--format csv")]
)
def test_weights_refuse_other_objectives_and_formats(weighted_lists, tmp_path, extra, fragment):
    result = rank(weighted_lists, tmp_path / "r.csv", *extra)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
