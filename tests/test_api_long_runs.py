"""``compile_tree``'s keywords for long exact builds: ``memo_mb``, ``time_limit`` and
``anytime``, ``checkpoint`` and ``resume``, ``workers`` and ``scheduler``, the options
``wordle-compile`` has, with the same checks and the same trees."""

from __future__ import annotations

import math

import msgpack
import pytest

import wordle_compiler
from wordle_runtime.format import pack_tree
from wordle_runtime.meta import STOPPED_OPTIMALITY

# Mastermind 4x7's optimum from 1123, the shipped tree's total (trees/manifest.json)
OPTIMUM_4X7_FROM_1123 = 11228
SMALL = {"strategy": "optimal", "game": "mastermind:4x6", "start": "1123"}


@pytest.mark.parametrize("memo_mb", [0, -1, 1 << 20, math.nan, True, "64"])
def test_a_memo_cap_out_of_range_is_refused(memo_mb):
    with pytest.raises(ValueError, match="memo_mb must be a number of megabytes from 1 to 16384"):
        wordle_compiler.compile_tree(**SMALL, memo_mb=memo_mb)


@pytest.mark.parametrize("time_limit", [0, -1, 1e9, math.nan, True, "5"])
def test_a_time_limit_out_of_range_is_refused(time_limit):
    with pytest.raises(ValueError, match=r"--time-limit takes seconds from 0\.001 to 1e"):
        wordle_compiler.compile_tree(**SMALL, time_limit=time_limit)


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"anytime": "optimal"}, "--anytime takes one of"),
        ({"anytime": "most-parts", "start": None}, "need --strategy optimal with --start"),
        ({"time_limit": 5, "strategy": "entropy"}, "need --strategy optimal with --start"),
        ({"resume": True}, "--resume goes on from a --checkpoint FILE"),
        ({"resume": "yes", "checkpoint": "x.ckpt"}, "resume must be True or False"),
        ({"workers": 2, "scheduler": "tcp://127.0.0.1:8786"}, "two clusters"),
        ({"workers": 0}, "workers must be a whole number from 1 to 256"),
        ({"scheduler": "udp://nowhere"}, "--scheduler takes tcp://HOST:PORT"),
        ({"workers": 1, "objective": "depth"}, "objective total"),
        ({"workers": 1, "time_limit": 5}, "not a cluster's"),
    ],
)
def test_long_run_keywords_that_do_not_fit_are_one_line(kwargs, fragment, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=fragment) as caught:
        wordle_compiler.compile_tree(**{**SMALL, **kwargs})
    assert "\n" not in str(caught.value)


def test_a_time_limit_returns_a_verified_tree_and_its_proved_lower_bound():
    result = wordle_compiler.compile_tree(
        "optimal", game="mastermind:4x7", start="1123", time_limit=0.001, anytime="most-parts", memo_mb=16
    )
    total = result.stats["total_guesses"]
    assert result.stopped == "time limit"
    assert not result.proved_optimal
    assert result.optimality == f"{STOPPED_OPTIMALITY}{result.lower_bound}"
    assert 2401 * 2 <= result.lower_bound <= OPTIMUM_4X7_FROM_1123 <= total
    assert wordle_compiler.verify(result).ok


def test_a_build_that_finishes_reports_no_stop_and_no_bound():
    result = wordle_compiler.compile_tree(**SMALL, time_limit=600, memo_mb=8)
    assert result.proved_optimal
    assert result.stopped is None
    assert result.lower_bound is None
    assert result.stats["total_guesses"] == 5625  # the shipped 4x6 tree's total (trees/manifest.json)


def test_a_checkpoint_keeps_every_class_and_a_resume_gives_the_same_tree(tmp_path):
    path = tmp_path / "run.ckpt"
    first = wordle_compiler.compile_tree(**SMALL, checkpoint=path)
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(path.read_bytes())
    header, *records = list(unpacker)
    assert header["format"] == "wordle-tree checkpoint"
    assert "first 1123" in header["build"]
    assert sum(1 for r in records if r["cost"] > 0) == len(records) > 1
    resumed = wordle_compiler.compile_tree(**SMALL, checkpoint=path, resume=True)
    assert pack_tree(resumed.data) == pack_tree(first.data)
    with pytest.raises(ValueError, match="exists: --resume goes on from it"):
        wordle_compiler.compile_tree(**SMALL, checkpoint=path)


@pytest.mark.slow
def test_a_local_cluster_through_the_api_gives_the_threads_tree(tmp_path):
    threads = wordle_compiler.compile_tree(**SMALL, jobs=2)
    cluster = wordle_compiler.compile_tree(**SMALL, workers=2, checkpoint=tmp_path / "c.ckpt")
    assert pack_tree(cluster.data) == pack_tree(threads.data)
