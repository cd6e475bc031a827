"""map_chunks (``--threads``): results in chunk order, the caller never waits for a
paused helper, errors reach the caller, forked workers get helpers of their own; and the
split partition pass equals the serial one bit for bit."""

import multiprocessing
import threading
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clirun import run
from wordle_compiler.concurrency.parallel import map_chunks
from wordle_compiler.core import guess_stats as kernels


@pytest.mark.parametrize("threads", [1, 2, 4])
@pytest.mark.parametrize("n_chunks", [0, 1, 7, 40])
def test_results_follow_chunk_order(threads, n_chunks):
    assert map_chunks(lambda i: i * i, n_chunks, threads) == [i * i for i in range(n_chunks)]


def test_helpers_take_chunks_when_they_are_free():
    caller, lanes = threading.get_ident(), set()

    def slow(i):
        lanes.add(threading.get_ident())
        time.sleep(0.01)
        return i

    assert map_chunks(slow, 16, 2) == list(range(16))
    assert caller in lanes
    assert len(lanes) == 2


def test_the_caller_never_waits_for_a_paused_helper():
    caller, release, paused = threading.get_ident(), threading.Event(), []

    def helper_paused(i):
        if threading.get_ident() != caller:
            paused.append(i)
            release.wait(10)  # a helper descheduled for good, as on a busy machine
        else:
            time.sleep(0.01)  # slow enough that the helpers take chunks too
        return -i

    began = time.perf_counter()
    try:
        assert map_chunks(helper_paused, 8, 3) == [-i for i in range(8)]
        assert time.perf_counter() - began < 5  # the caller computed the helpers' chunks itself
        assert paused  # and the helpers had taken some
    finally:
        release.set()
    time.sleep(0.05)  # the late helpers' results go nowhere
    assert map_chunks(lambda i: i + 1, 6, 3) == list(range(1, 7))


def test_a_chunk_failing_only_in_a_helper_is_computed_again_by_the_caller():
    caller = threading.get_ident()

    def fails_off_the_caller(i):
        if threading.get_ident() != caller:
            raise RuntimeError("helper")
        time.sleep(0.002)  # leave the helpers time to take (and fail) some chunks
        return i

    assert map_chunks(fails_off_the_caller, 12, 2) == list(range(12))


def test_a_chunk_failing_everywhere_raises_in_the_caller():
    def fail_on_five(i):
        if i == 5:
            raise ValueError("chunk five")
        return i

    with pytest.raises(ValueError, match="chunk five"):
        map_chunks(fail_on_five, 8, 2)


def _in_forked_child(queue) -> None:
    lanes = set()

    def note(i):
        lanes.add(threading.get_ident())
        time.sleep(0.01)
        return i

    queue.put((map_chunks(note, 12, 2), len(lanes)))


def test_a_forked_worker_starts_helpers_of_its_own():
    map_chunks(lambda i: i, 4, 2)  # this process's helpers exist; a fork copies none of them
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_in_forked_child, args=(queue,))
    child.start()
    results, lanes = queue.get(timeout=30)
    child.join(30)
    assert results == list(range(12))
    assert lanes == 2
    assert child.exitcode == 0


@settings(max_examples=40, deadline=None)
@given(
    answers=st.lists(st.integers(0, 2314), min_size=1, max_size=300, unique=True),
    first=st.integers(0, 12971),
    count=st.integers(1, 12972),
    threads=st.integers(2, 5),
)
def test_the_split_pass_equals_the_serial_pass(ctx, monkeypatch_module, answers, first, count, threads):
    answers = np.array(sorted(answers), dtype=np.int32)
    guesses = np.arange(first, min(first + count, 12972), dtype=np.int32)
    kernels.set_threads(1)
    serial = kernels.partition_stats(ctx.matrix_by_answer(), guesses, answers)
    kernels.set_threads(threads)
    try:
        split = kernels.partition_stats(ctx.matrix_by_answer(), guesses, answers)
    finally:
        kernels.set_threads(1)
    assert np.array_equal(split[0], serial[0])
    assert split[1].tobytes() == serial[1].tobytes()


@pytest.fixture(scope="module")
def monkeypatch_module():
    """Every pass split (the threshold off), for the hypothesis test above."""
    saved = kernels.THREADED_CELLS
    kernels.THREADED_CELLS = 0
    yield
    kernels.THREADED_CELLS = saved


@pytest.mark.long
def test_threads_do_not_change_a_heuristic_tree(tmp_path):
    trees = []
    for threads in ("1", "3"):
        out = tmp_path / f"t{threads}.wtree"
        result = run(
            "wordle-compile",
            "--strategy",
            "minimax",
            "--start",
            "salet",
            "--threads",
            threads,
            "--quiet",
            "-o",
            str(out),
        )
        assert result.returncode == 0, result.stderr
        trees.append(out.read_bytes())
    assert trees[0] == trees[1]
