"""The compiled kernels (compiler/ext): built at install, no JIT anywhere, the GIL
released during a search, Ctrl-C honoured inside a search, and inputs checked at the
boundary."""

import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

from clirun import MODULES
from wordle_compiler.ext import _kernels, _kernels16, _search, _search16, _tuples, _tuples16
from wordle_compiler.search import Solver


@pytest.mark.parametrize("module", [_kernels, _search, _tuples, _kernels16, _search16, _tuples16])
def test_the_kernels_are_compiled_extension_modules(module):
    assert module.__file__.endswith((".so", ".pyd")), module.__file__


def _trace_biggest_class(ctx):
    codes = ctx.codes(ctx.guess_index["trace"], ctx.all_answers)
    return np.flatnonzero(codes == np.bincount(codes).argmax()).astype(np.int64)


def test_the_search_releases_the_gil(ctx):
    """While a thread is inside the search (trace's biggest class), this thread still runs
    Python: with the GIL held it could not until the search ended."""
    solver = Solver(ctx, "normal")
    done = threading.Event()

    def search():
        solver.solve(_trace_biggest_class(ctx), ctx.all_guesses, 5)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    time.sleep(0.05)  # the worker is in the kernel by now
    sum(range(300_000))  # needs the GIL
    still_searching = not done.is_set()
    worker.join()
    assert still_searching


def test_ctrl_c_stops_a_search_on_the_main_thread_and_the_solver_stays_exact(ctx):
    """SIGINT while the kernel runs on the main thread: KeyboardInterrupt within a second,
    and nothing half-proved left in the memo (the same solver then answers exactly)."""
    solver = Solver(ctx, "hard")
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            solver.solve(ctx.all_answers, ctx.all_guesses, 6)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 1.3
    subset = _trace_biggest_class(ctx)[:60]
    assert solver.solve(subset, ctx.all_guesses, 4) == Solver(ctx, "hard").solve(subset, ctx.all_guesses, 4)


@pytest.mark.long
def test_ctrl_c_stops_a_jobs_1_exact_build_within_a_second(tmp_path):
    """wordle-compile --jobs 1 spends seconds in one kernel call (perea in hard mode): a
    Ctrl-C there ends the command within a second, 130, one line, nothing written."""
    out = tmp_path / "t.wtree"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            MODULES["wordle-compile"],
            "--strategy",
            "optimal",
            "--start",
            "perea",
            "--mode",
            "hard",
            "--jobs",
            "1",
            "--quiet",
            "-o",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(2.0)  # past the imports and the matrix: inside the search
    assert proc.poll() is None, proc.communicate()
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - sent < 1.0
    assert proc.returncode == 130, err
    assert err.strip().splitlines() == ["wordle-compile: interrupted"], err
    assert not out.exists()


def test_the_engine_checks_what_it_is_given(ctx):
    solver = Solver(ctx, "normal")
    with pytest.raises(IndexError):
        solver.solve([len(ctx.words.answers)], ctx.all_guesses, 3)
    with pytest.raises(IndexError):
        solver.solve([0, 1], [-1], 3)
    with pytest.raises(IndexError):
        solver.guess_value(len(ctx.words.guesses), [0, 1], ctx.all_guesses, 3)
    memo, counters, shared = (
        np.zeros((64, 3), np.uint64),
        np.zeros(len(_search.STAT_NAMES), np.int64),
        np.zeros(8, np.int64),
    )
    with pytest.raises(ValueError, match="power of two"):
        _search.Workspace(memo, counters, shared, solver.scratch)  # no active rows set
    counters[_search.STAT_NAMES.index("memo_rows")] = 128  # more rows than the table has
    with pytest.raises(ValueError, match="power of two"):
        _search.Workspace(memo, counters, shared, solver.scratch)
    with pytest.raises(ValueError, match="wrong shape"):
        _search.Workspace(np.zeros((64, 2), np.uint64), counters, shared, solver.scratch)
    with pytest.raises(IndexError):
        _kernels.first_perfect_splitter(ctx.matrix_by_answer(), np.array([10**6]), np.array([0, 1]))
    with pytest.raises(ValueError, match="out of range"):
        _kernels.fill_matrix_rows(ctx.guess_letters, ctx.guess_letters, np.zeros((2, 2), np.uint8), 0, 5)
