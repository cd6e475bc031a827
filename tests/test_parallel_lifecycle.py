"""Forked workers never outlive their parent, and Ctrl-C stops a parallel build at once."""

import os
import signal
import subprocess
import sys
import time

import pytest

BUILD = [sys.executable, "-m", "wordle_compiler.cli", "--strategy", "optimal", "--start", "plate", "--mode", "hard",
         "--max-depth", "5", "--quiet"]  # infeasible, proved after several seconds of search


def _children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(p) for p in fh.read().split()]
    except OSError:
        return []


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"
    except OSError:
        return False


def _start(tmp_path, jobs=2):
    """The build, once its workers run."""
    proc = subprocess.Popen(BUILD + ["--jobs", str(jobs), "-o", str(tmp_path / "t.wtree")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < jobs and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    workers = _children(proc.pid)
    if len(workers) < jobs:
        proc.kill()
        pytest.fail("the build never started its two workers")
    return proc, workers


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_kill_9_leaves_no_worker_behind(tmp_path):
    proc, workers = _start(tmp_path)
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    time.sleep(1.0)
    assert not [w for w in workers if _alive(w)], "a worker outlived its parent"
    out, err = proc.communicate(timeout=5)  # nothing holds the pipes open any more
    assert [p.name for p in tmp_path.iterdir()] == []


def test_ctrl_c_with_two_jobs_stops_within_a_second(tmp_path):
    proc, workers = _start(tmp_path)
    time.sleep(0.5)
    began = time.monotonic()
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    assert time.monotonic() - began <= 1.0
    assert proc.returncode == 130
    assert proc.stderr.read().decode().strip().splitlines()[-1].endswith("interrupted")
    time.sleep(0.3)
    assert not [w for w in workers if _alive(w)]
