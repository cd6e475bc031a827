"""The API's settings are checked before any work: ``ValueError`` naming the setting, never an
``IndexError``, ``KeyError`` or a sentinel number in the results."""

import pytest

import wordle_compiler
from wordle_compiler.pipeline.run import make_config


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"top": 0}, "top"),
        ({"top": -1}, "top"),
        ({"top": 2.5}, "top"),
        ({"margin": -1}, "margin"),
        ({"top": 3, "margin": 2}, "top and margin"),
        ({"first_words": "salet"}, "first_words"),
        ({"first_words": ["qqqqq"]}, "first_words"),
        ({"first_words": [3]}, "first_words"),
        ({"max_depth": 0}, "max_depth"),
        ({"max_depth": 128}, "max_depth"),
        ({"jobs": 0}, "jobs"),
        ({"jobs": 10**6}, "jobs"),
        ({"jobs": 2, "scheduler": "tcp://127.0.0.1:1"}, "jobs and scheduler"),
        ({"mode": "easy"}, "mode"),
        ({"objective": "fewest"}, "objective"),
        ({"objective": "depth", "top": 3}, "no top or margin"),
        ({"objective": "depth", "margin": 1}, "no top or margin"),
        ({"objective": "fewest-deep"}, "go together"),
        ({"deep": 4}, "go together"),
        ({"objective": "fewest-deep", "deep": 7}, "deep"),
    ],
)
def test_rank_first_words_refuses_bad_settings(kwargs, name):
    with pytest.raises(ValueError, match=name):
        wordle_compiler.rank_first_words(**kwargs)


def test_rank_first_words_says_none_for_words_that_cannot_finish():
    rows = wordle_compiler.rank_first_words(first_words=["salet", "crane"], max_depth=2)
    assert rows == [
        wordle_compiler.RankedWord("crane", None, None, "infeasible"),
        wordle_compiler.RankedWord("salet", None, None, "infeasible"),
    ]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"objective": "fewest-deep"}, "go together"),
        ({"deep": 5}, "go together"),
        ({"objective": "fewest-deep", "deep": 7}, "deep"),
        ({"objective": "fewest-deep", "deep": 1}, "deep"),
        ({"objective": "fewest-deep", "deep": "5"}, "deep"),
        ({"objective": "least"}, "objective"),
    ],
)
def test_objectives_are_checked(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_config("optimal", wordle_compiler.Settings(**kwargs), start="salet")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"mode": "easy"}, "mode 'easy' is not one of"),
        ({"max_depth": 0}, "max_depth must be a whole number from 1 to 127"),
        ({"max_depth": 128}, "max_depth"),
        ({"max_depth": 6.0}, "max_depth"),
        ({"objective": "least"}, "objective 'least' is not one of"),
        ({"objective": "fewest-deep"}, "go together"),
        ({"deep": 5}, "go together"),
        ({"objective": "fewest-deep", "deep": 7}, r"deep \(K\) must be a whole number from 2 to 6"),
        ({"objective": "fewest-deep", "deep": 1}, "deep"),
        ({"objective": "fewest-deep", "deep": 5, "prior": "frequency"}, "weights do not go with objective fewest-deep"),
        ({"weights": {"cigar": 1}, "prior": "frequency"}, "weights and prior are alternatives"),
        ({"prior": "zipf"}, "prior 'zipf' is not one of: frequency"),
        ({"weights": 3}, "weights must be a mapping"),
        ({"answers": ""}, "answers must be a word list's name or a file path"),
        ({"guesses": 5}, "guesses must be"),
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"game": "mastermind:4x11"}, "colours"),
        ({"game": 4}, "game must be a Game"),
        ({"game": "mastermind:4x6", "answers": "nyt"}, "plays every code as answer and guess"),
    ],
)
def test_settings_are_checked_when_made(kwargs, message):
    """One ValueError naming the setting, from the Settings value and from each function's keywords."""
    with pytest.raises(ValueError, match=message):
        wordle_compiler.Settings(**kwargs)
    with pytest.raises(ValueError, match=message):
        wordle_compiler.analyse("salet bbbbb", **kwargs)
    with pytest.raises(ValueError, match=message):
        wordle_compiler.compile_tree("optimal", start="salet", **kwargs)


@pytest.mark.parametrize("kwargs", [{"top": 0}, {"top": 1.5}, {"jobs": 0}, {"jobs": 10**6}])
def test_analyse_refuses_bad_numbers(kwargs):
    with pytest.raises(ValueError, match=next(iter(kwargs))):
        wordle_compiler.analyse("salet bbbbb", **kwargs)


@pytest.mark.parametrize("jobs", [0, -1, 10**6, 1.5, True])
def test_compile_tree_refuses_bad_jobs(jobs):
    with pytest.raises(ValueError, match="jobs"):
        wordle_compiler.compile_tree("first", start="salet", jobs=jobs)


@pytest.mark.parametrize("seed", ["x", 1 << 64, -(1 << 63) - 1, 2.0])
def test_a_seed_that_cannot_be_stored_is_refused(seed):
    with pytest.raises(ValueError, match="seed"):
        make_config("random", seed=seed)


@pytest.mark.long
@pytest.mark.parametrize(
    "args",
    [
        ["--seed", str(1 << 64)],
        ["--seed", "-9223372036854775809"],
        ["--memo-mb", "nan"],
        ["--memo-mb", "65536"],
        ["--memo-mb", "0"],
    ],
)
def test_numbers_out_of_range_on_the_command_line_are_one_line_exit_2(args, tmp_path):
    from clirun import run

    result = run("wordle-compile", "--strategy", "random", "--start", "salet", *args, "-o", tmp_path / "t.wtree")
    assert result.returncode == 2, result
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "t.wtree").exists()
