"""Forked workers never outlive their parent, and Ctrl-C stops a parallel build at once.

The heuristic strategies fork worker processes (``--jobs``); the optimal search runs
on threads of one process instead (its Ctrl-C test is in test_compile_cli)."""

import os
import signal
import subprocess
import sys
import time

import pytest

# Far more work than any test lets it do (the first guess fixed, so workers fork at once);
# every test stops it within seconds.  A quicker strategy (entropy) could end before a test
# interrupts it.
HEURISTIC = [
    sys.executable,
    "-m",
    "wordle_compiler.cli.compile",
    "--strategy",
    "lookahead",
    "--start",
    "lares",
    "--answers",
    "all",
    "--allow-deeper",
    "--quiet",
]


def _children(pid):
    """Child processes started by any thread of ``pid`` (Dask's nannies start workers
    from their event-loop thread)."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as fh:
                found += [int(p) for p in fh.read().split()]
        except OSError:
            pass
    return found


def _alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split()[2] != "Z"
    except OSError:
        return False


def _start(tmp_path, command, jobs=2):
    """A build started with Ctrl-C's default action restored."""
    return subprocess.Popen(
        [*command, "--jobs", str(jobs), "-o", str(tmp_path / "t.wtree")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _start_forking(tmp_path, jobs=2):
    """The heuristic build, once its forked workers run."""
    proc = _start(tmp_path, HEURISTIC, jobs)
    deadline = time.monotonic() + 60
    while len(_children(proc.pid)) < jobs and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    workers = _children(proc.pid)
    if len(workers) < jobs:
        proc.kill()
        pytest.fail("the build never started its two workers")
    return proc, workers


@pytest.mark.long
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_kill_9_leaves_no_worker_behind(tmp_path):
    proc, workers = _start_forking(tmp_path)
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    time.sleep(1.0)
    assert not [w for w in workers if _alive(w)], "a worker outlived its parent"
    proc.communicate(timeout=5)  # returns: nothing holds the pipes open any more
    assert [p.name for p in tmp_path.iterdir()] == []


def _interrupt_within_a_second(proc, tmp_path):
    began = time.monotonic()
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=30)
    assert time.monotonic() - began <= 1.0
    assert proc.returncode == 130
    assert proc.stderr.read().decode().strip().splitlines()[-1].endswith("interrupted")
    assert [p.name for p in tmp_path.iterdir()] == []


def test_ctrl_c_with_two_forked_jobs_stops_within_a_second(tmp_path):
    proc, workers = _start_forking(tmp_path)
    time.sleep(0.5)
    _interrupt_within_a_second(proc, tmp_path)
    time.sleep(0.3)
    assert not [w for w in workers if _alive(w)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_kill_9_of_wordle_rank_leaves_no_dask_worker(tmp_path):
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.rank",
            "--mode",
            "hard",
            "--jobs",
            "2",
            "--quiet",
            "-o",
            str(tmp_path / "r.csv"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and proc.poll() is None:
        if (tmp_path / "r.csv").exists() and (tmp_path / "r.csv").read_text().count("\n") > 1:
            break  # the workers are computing
        time.sleep(0.1)
    workers = _children(proc.pid)
    assert len(workers) >= 2
    assert proc.poll() is None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    time.sleep(2.0)
    assert not [w for w in workers if _alive(w)], "a Dask worker outlived wordle-rank"


@pytest.mark.long
def test_ctrl_c_with_scoring_threads_stops_within_a_second(tmp_path):
    """--threads: the helper threads are daemons and the caller computes its own chunks,
    so Ctrl-C lands between two chunks and the process exits with no thread to wait for."""
    proc = _start(tmp_path, [*HEURISTIC, "--threads", "2"], jobs=1)
    time.sleep(1.5)  # past start-up, inside the passes over 12,972 guesses
    assert proc.poll() is None, "the build finished before it could be interrupted"
    _interrupt_within_a_second(proc, tmp_path)


RANK_2 = [sys.executable, "-m", "wordle_compiler.cli.rank", "--jobs", "2", "--quiet", "--force", "-o", "r.csv"]
# wordle-compile proving the best first word on a Dask LocalCluster (no --start)
GLOBAL_OPTIMAL_2 = [
    sys.executable,
    "-m",
    "wordle_compiler.cli.compile",
    "--strategy",
    "optimal",
    "--jobs",
    "2",
    "--quiet",
    "-o",
    "t.wtree",
]


def _in_group(pgid):
    """Processes (not zombies) of process group ``pgid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(int(entry))
    return found


def _ctrl_c_to_the_group(command, delay, cwd):
    """Ctrl-C as a terminal sends it, to the whole process group (Dask's forkserver and
    workers included) ``delay`` seconds in: (exit code, stderr, processes of the run
    still alive a moment after it exited)."""
    proc = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    deadline = time.monotonic() + 5
    while _in_group(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    return proc.returncode, err, _in_group(proc.pid)


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_ctrl_c_to_a_dask_ranking_is_one_line_and_leaves_no_worker(tmp_path):
    code, err, left = _ctrl_c_to_the_group(RANK_2, 6.0, tmp_path)
    assert (code, err, left) == (130, "wordle-rank: interrupted\n", [])


@pytest.mark.long
@pytest.mark.parametrize("delay", [0.3, 0.7, 1.2])
def test_ctrl_c_while_the_dask_workers_start_is_one_line(tmp_path, delay):
    code, err, left = _ctrl_c_to_the_group(RANK_2, delay, tmp_path)
    assert (code, err, left) == (130, "wordle-rank: interrupted\n", [])


@pytest.mark.slow
@pytest.mark.parametrize("command, prog", [(RANK_2, "wordle-rank"), (GLOBAL_OPTIMAL_2, "wordle-compile")])
def test_twenty_ctrl_c_at_random_moments_are_one_line_each(tmp_path, command, prog):
    import random

    delays = random.Random(20).sample(range(5, 400), 20)  # 0.05 s to 4 s, start-up included
    outcomes = [_ctrl_c_to_the_group(command, centiseconds / 100, tmp_path) for centiseconds in delays]
    bad = [(d, o) for d, o in zip(delays, outcomes, strict=True) if o != (130, f"{prog}: interrupted\n", [])]
    assert not bad, bad
