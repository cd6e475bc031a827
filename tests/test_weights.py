"""Weights per answer: the file format, the integer rule, the frequency prior, and the
expected guesses `wordle-tree verify` reports under them."""

import json
import math
import subprocess
import sys

import pytest

from wordle_compiler.core.weights import WEIGHT_TOTAL, WeightsError, frequency_prior, integer_weights, read_weights

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake"]


def weights_file(tmp_path, text, name="w.txt"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_both_line_forms_comments_and_the_integer_rule(tmp_path):
    path = weights_file(tmp_path, "# likely answers\ncigar 3\nrebut,1\n\nsissy 0  # never\nHUMPH 2.5\nawake 1.5\n")
    weights = read_weights(path, ANSWERS)
    raw = [3, 1, 0, 2.5, 1.5]
    assert weights.values == tuple(round(w / 8 * WEIGHT_TOTAL) for w in raw)
    assert abs(sum(weights.values) - WEIGHT_TOTAL) <= len(ANSWERS)
    assert weights.summary()["zero"] == 1
    assert weights.source == "file w.txt"


def test_scaled_weights_give_the_same_integers_and_equal_ones_equal_integers():
    raw = [0.3, 1.7, 2.0, 5.25, 0.0]
    assert integer_weights(raw, "a").values == integer_weights([w * 7 for w in raw], "b").values
    assert len(set(integer_weights([4.0] * 5, "u").values)) == 1
    uniform = integer_weights([1] * 4, "u")
    assert uniform.expected_guesses([1, 2, 3, 4]) == 2.5


@pytest.mark.parametrize(
    "text, message",
    [
        ("cigar 1\nrebut 1\nsissy 1\nhumph 1\nzzzzz 1\n", "'zzzzz' is not one of the 5 answers"),
        ("cigar 1\ncigar 2\n", "'cigar' is given a second time"),
        ("cigar -1\n", "is not a finite weight of zero or more"),
        ("cigar nan\n", "is not a finite weight"),
        ("cigar inf\n", "is not a finite weight"),
        ("cigar lots\n", "'lots' is not a number"),
        ("cigar 1 2\n", "is not 'word weight'"),
        ("cigar 1\n", "leaves out 4 answer(s) (rebut, sissy, humph, awake)"),
        ("cigar 0\nrebut 0\nsissy 0\nhumph 0\nawake 0\n", "every weight is zero"),
    ],
)
def test_bad_files_are_one_line(tmp_path, text, message):
    with pytest.raises(WeightsError) as error:
        read_weights(weights_file(tmp_path, text), ANSWERS)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_missing_answers_can_get_one_chosen_weight(tmp_path):
    weights = read_weights(weights_file(tmp_path, "cigar 4\n"), ANSWERS, missing=1.0)
    assert weights.values == tuple(round(w / 8 * WEIGHT_TOTAL) for w in [4, 1, 1, 1, 1])


def test_the_frequency_prior_follows_word_frequency():
    pytest.importorskip("wordfreq")
    from wordfreq import zipf_frequency

    words = ["about", "their", "cigar", "humph", "xylyl", "zymic", "would", "awake"]
    weights = frequency_prior(words, width=10, common=3)
    order = sorted(range(len(words)), key=lambda i: (-zipf_frequency(words[i], "en"), words[i]))
    values = [weights.values[i] for i in order]
    assert values == sorted(values, reverse=True)
    assert values[0] > 3 * values[-1]
    assert frequency_prior(words, width=10, common=3) == weights  # deterministic
    flat = frequency_prior(words, width=0.01, common=3)
    assert max(flat.values) - min(flat.values) <= 0.01 * max(flat.values)


def verify(*args):
    return subprocess.run(
        [sys.executable, "-m", "wordle_compiler.cli.tree", "verify", *args], capture_output=True, text=True, timeout=120
    )


def test_verify_reports_the_expected_guesses_under_the_weights(tmp_path):
    from wordle_compiler.core.wordlists import load_word_lists

    answers = load_word_lists("original").answers
    uniform = weights_file(tmp_path, "".join(f"{w} 2\n" for w in answers), "uniform.txt")
    result = verify("salet-optimal-normal", "--weights", str(uniform), "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["weighted"]["expected_guesses"] == round(7920 / 2315, 6) == doc["average"]
    skewed = weights_file(tmp_path, "".join(f"{w} {1 + (i % 3 == 0) * 9}\n" for i, w in enumerate(answers)))
    text = verify("salet-optimal-normal", "--weights", str(skewed))
    assert text.returncode == 0
    assert "expected guesses" in text.stdout.splitlines()[-1]
    depths = _salet_depths(answers)
    raw = [1 + (i % 3 == 0) * 9 for i in range(len(answers))]
    expected = sum(r * d for r, d in zip(raw, depths, strict=True)) / sum(raw)
    shown = float(text.stdout.splitlines()[-1].split(": ")[-1].split()[0])
    assert math.isclose(shown, expected, abs_tol=1e-4)


def _salet_depths(answers):
    """Each answer's guesses on the shipped salet tree, from the runtime's own walk."""
    import wordle_runtime
    from wordle_runtime.feedback import score_code

    tree = wordle_runtime.load("salet-optimal-normal")
    depths = []
    for answer in answers:
        history = []
        while True:
            guess = tree.next_guess(history)
            history.append((guess, score_code(guess, answer)))
            if guess == answer:
                break
        depths.append(len(history))
    return depths


@pytest.mark.parametrize(
    "args, message",
    [
        (["--weights", "w.txt", "--prior", "frequency"], "--weights and --prior are alternatives"),
        (["--weight-missing", "1"], "--weight-missing goes with --weights FILE"),
        (["--weights", "nope.txt"], "nope.txt"),
        (["--prior", "zipf"], "Invalid value for '--prior'"),
    ],
)
def test_weight_options_that_clash_are_one_line(tmp_path, args, message):
    weights_file(tmp_path, "cigar 1\n")
    result = subprocess.run(
        [sys.executable, "-m", "wordle_compiler.cli.tree", "verify", "salet-optimal-normal", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert message in result.stderr
