"""Weights at the edges of what a number can be: weights up to the largest double (their sum
overflows), a prior sigmoid steep enough to overflow ``exp``, and numbers written in other
notations than plain ASCII decimal ("1_000", Arabic-Indic or fullwidth digits), through
every command that takes weights, as real processes."""

import re

import pytest

from clirun import one_line_error, run
from sampled_lists import write_sampled_lists
from wordle_compiler.core.weights import WEIGHT_TOTAL, WeightsError, frequency_prior, integer_weights, read_weights


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """40 answers and 190 guesses, a tree built on them, and a few first words to rank."""
    folder = tmp_path_factory.mktemp("lists")
    answers, guesses, _ = write_sampled_lists(folder, 7, 40, 300, 150)
    (folder / "firsts.txt").write_text("\n".join(guesses.read_text().split()[::25]) + "\n")
    tree = folder / "entropy.wtree"
    built = run(
        "wordle-compile", "--strategy", "entropy", "--answers", answers, "--guesses", guesses, "-o", tree, "--quiet"
    )
    assert built.returncode == 0, built.stderr
    return folder


def _commands(folder):
    """Each command that takes weights, with what it needs besides them, on the small lists."""
    lists = ["--answers", folder / "answers.txt", "--guesses", folder / "guesses.txt"]
    return {
        "wordle-compile": ["wordle-compile", "--strategy", "optimal", *lists, "--quiet", "-o", "tree.wtree"],
        "wordle-rank": [
            "wordle-rank",
            *lists,
            "--first-words",
            folder / "firsts.txt",
            "--top",
            "all",
            "--quiet",
            "-o",
            "ranked.csv",
        ],
        "wordle-tree analyse": ["wordle-tree", "analyse", *lists, "--quiet"],
        "wordle-tree verify": ["wordle-tree", "verify", folder / "entropy.wtree"],
    }


def _weights_dir(folder, tmp_path, name, weight):
    """A folder holding ``w.txt``: every answer of the lists with ``weight``."""
    place = tmp_path / name
    place.mkdir()
    words = (folder / "answers.txt").read_text().split()
    (place / "w.txt").write_text("".join(f"{word} {weight}\n" for word in words))
    return place


def _outputs(place, result) -> list:
    """What a run wrote (the tree, the results file), or else what it printed, less the
    line that times it."""
    written = [(place / name).read_bytes() for name in ("tree.wtree", "ranked.csv") if (place / name).exists()]
    return written or [line for line in result.stdout.splitlines() if not re.fullmatch(r"\([0-9.]+ s\)", line)]


@pytest.mark.long
@pytest.mark.parametrize("command", ["wordle-compile", "wordle-rank", "wordle-tree analyse", "wordle-tree verify"])
def test_weights_near_the_largest_double_act_as_any_equal_weights(lists, tmp_path, command):
    """40 weights of 1e308 sum past the largest double; they are still all equal, so every
    command gives exactly what weights of 1 give (the same integers, the same bytes)."""
    prog, *args = _commands(lists)[command]
    outcomes = []
    for name, weight in (("huge", "1e308"), ("ones", "1")):
        place = _weights_dir(lists, tmp_path, name, weight)
        result = run(prog, *args, "--weights", "w.txt", cwd=place)
        assert result.returncode == 0, result.stderr
        outcomes.append(_outputs(place, result))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("huge", ["1e305", "1.7976931348623157e308"])
def test_a_few_huge_weights_leave_the_others_next_to_nothing(lists, tmp_path, huge):
    """Two answers of a huge weight and the rest of weight 1 (--weight-missing): the others'
    share rounds to 0, and the expected guesses are those of the two heavy answers."""
    words = (lists / "answers.txt").read_text().split()
    (tmp_path / "w.txt").write_text(f"{words[0]} {huge}\n{words[1]} {huge}\n")
    result = run(
        "wordle-compile",
        "--strategy",
        "entropy",
        "--answers",
        lists / "answers.txt",
        "--guesses",
        lists / "guesses.txt",
        "--weights",
        "w.txt",
        "--weight-missing",
        "1",
        "--json",
        "-o",
        "t.wtree",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    weights = read_weights(tmp_path / "w.txt", words, missing=1.0)
    assert weights.values[:2] == (WEIGHT_TOTAL // 2, WEIGHT_TOTAL // 2)
    assert not any(weights.values[2:])


def test_the_integer_rule_is_unchanged_below_overflow_and_scales_past_it():
    """Scaling by a power of two is exact, so ordinary weights keep their integers, and
    weights too large to sum give the integers of the same weights scaled down."""
    raw = [0.3, 1.7, 2.0, 5.25, 0.0, 1e-3]
    total = sum(raw)
    assert integer_weights(raw, "a").values == tuple(round(w / total * WEIGHT_TOTAL) for w in raw)
    assert integer_weights([w * 2.0**1000 for w in raw], "b").values == integer_weights(raw, "a").values
    assert integer_weights([1e308] * 5 + [1.0], "c").values == (WEIGHT_TOTAL // 5,) * 5 + (0,)
    with pytest.raises(WeightsError, match="finite number of zero or more"):
        integer_weights([1.0, float("inf")], "d")


def test_a_steep_prior_does_not_overflow(tmp_path):
    """--prior-width 1000 --prior-common 1: e^x spans e^±1000; the sigmoid is taken where it
    is finite, and every command that takes the prior runs."""
    pytest.importorskip("wordfreq")
    result = run(
        "wordle-tree",
        "verify",
        "salet-optimal-normal",
        "--prior",
        "frequency",
        "--prior-width",
        "1000",
        "--prior-common",
        "1",
    )
    assert result.returncode == 0, result.stderr
    assert "expected guesses" in result.stdout
    steep = frequency_prior(["about", "their", "cigar", "humph", "xylyl"], width=1000, common=1)
    assert steep.values[0] > 0
    assert sum(steep.values) == pytest.approx(WEIGHT_TOTAL, abs=5)


@pytest.mark.long
@pytest.mark.parametrize("text", ["1_000", "١٢", "１２", "1e", "0x10", "½", "1 000"])  # noqa: RUF001 - refused digits
def test_a_weight_is_plain_ascii_decimal(tmp_path, text):
    """float() takes "1_000" and the digits of every script; a weights file does not, and
    the one error line names the line."""
    (tmp_path / "w.txt").write_text(f"cigar 1\nrebut {text}\n")
    result = run(
        "wordle-tree", "verify", "salet-optimal-normal", "--weights", "w.txt", "--weight-missing", "1", cwd=tmp_path
    )
    if text == "1 000":
        one_line_error(result, 2, "line 2", "is not 'word weight'")
    else:
        one_line_error(result, 2, "line 2", f"{text!r} is not a number in decimal notation")


@pytest.mark.parametrize("text", ["2", "0.25", ".5", "3.", "1e-3", "1E+3", "+2", "007"])
def test_ordinary_decimal_weights_are_read(tmp_path, text):
    (tmp_path / "w.txt").write_text(f"cigar {text}\n")
    weights = read_weights(tmp_path / "w.txt", ["cigar", "rebut"], missing=1.0)
    assert weights.values[0] == round(float(text) / (float(text) + 1) * WEIGHT_TOTAL)


@pytest.mark.long
@pytest.mark.parametrize("option", ["--weight-missing", "--prior-width", "--prior-common"])
@pytest.mark.parametrize("text", ["1_000", "١٢", "１２"])  # noqa: RUF001 - refused digits
def test_numeric_weight_options_are_plain_ascii_decimal(option, text):
    """The weights options refuse what int() and float() would take beyond ASCII decimal."""
    extra = ["--weights", "w.txt"] if option == "--weight-missing" else ["--prior", "frequency"]
    result = run("wordle-tree", "verify", "salet-optimal-normal", *extra, f"{option}={text}")
    one_line_error(result, 2, option, "not a")


@pytest.mark.parametrize("option", ["--top", "--jobs"])
def test_analyse_counts_are_plain_ascii_digits(option):
    result = run("wordle-tree", "analyse", "salet", "bbbbb", f"{option}=١")  # noqa: RUF001 - an Arabic-Indic one
    one_line_error(result, 2, option, "is not a whole number")


@pytest.mark.long
@pytest.mark.parametrize(
    "command, option",
    [
        ("wordle-compile", "--max-depth"),
        ("wordle-compile", "--jobs"),
        ("wordle-compile", "--memo-mb"),
        ("wordle-rank", "--jobs"),
        ("wordle-rank", "--margin"),
        ("wordle-rank", "--top"),
    ],
)
def test_every_numeric_option_takes_only_plain_digits(command, option):
    result = run(command, option, "\uff16")
    assert result.returncode == 2, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "'\uff16'" in result.stderr
