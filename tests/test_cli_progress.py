"""Progress on stderr, through real processes: into a pipe, nothing from a job under five
seconds, then a plain line every five seconds whether or not a count moved, each saying its
time left (or that it is still estimating it); on a terminal (pexpect), the bar about a second
into the long phase, redrawn every second, and nothing from a sub-second job.  In this
process: the lines' cadence on a short clock, and the time left's phrases on a fake one."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import time

import pytest

from support.clock import ManualClock
from wordle_compiler.cli import progress
from wordle_compiler.cli.progress import PlainLines, Progress, TimeLeft

COMPILE = [sys.executable, "-m", "wordle_compiler.cli.compile", "--strategy", "optimal"]
# en4 from tale: its first count after the small classes comes with its largest class, 22 s
# into the build on the machine these tests were written on (8.8 s on a faster one)
LONG = [*COMPILE, "--game", "en4", "--start", "tale"]
QUICK = [*COMPILE, "--game", "mastermind:4x6", "--start", "1123"]  # under a second
ELAPSED = re.compile(r"\| (\d\d):(\d\d)(?:, |$)")


def _seconds(line: str) -> int:
    """The bar's own elapsed time in a drawn line."""
    found = ELAPSED.search(line)
    assert found, line
    return 60 * int(found.group(1)) + int(found.group(2))


@pytest.mark.long
def test_a_long_job_writes_a_plain_line_five_seconds_in_with_its_time_left(tmp_path):
    """A 7 s proof (--time-limit) into a pipe: its first line once the bar has run five seconds,
    though no class finishes between (the heartbeat's), saying how long is left at most."""
    began = time.monotonic()
    job = subprocess.Popen(
        [*LONG, "--time-limit", "7", "-o", tmp_path / "tale.wtree"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    stamped = [(time.monotonic() - began, line.rstrip("\n")) for line in job.stderr]
    assert job.wait(timeout=120) == 0
    bars = [(at, line) for at, line in stamped if line.startswith("optimal from tale: ")]
    assert bars, stamped
    assert 4 <= _seconds(bars[0][1]) <= 6, bars  # five seconds into the bar (its clock floored)
    for (before, _), (after, _) in itertools.pairwise(bars):
        assert 4.5 <= after - before <= 6.0, bars  # one line every five seconds
    for _, line in bars:
        assert re.search(r"(about|at most) \d+ s left \(time limit\)$", line), line
        assert "\r" not in line
        assert "\x1b" not in line
    assert stamped[-1][1].startswith("wordle-compile: stopped (time limit)"), stamped


def test_a_job_under_five_seconds_writes_no_progress_into_a_pipe(tmp_path):
    done = subprocess.run([*QUICK, "-o", tmp_path / "quick.wtree"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""


@pytest.mark.long
def test_on_a_terminal_the_bar_shows_a_second_in_and_not_for_a_sub_second_job(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    args = [str(a) for a in (*LONG, "-o", tmp_path / "tale.wtree")]
    child = pexpect.spawn(args[0], args[1:], encoding="utf-8", timeout=60, dimensions=(40, 160))
    try:
        drawn = r"optimal from tale: \d+/2354 answers [^\r]*estimating the time left"
        child.expect(drawn)
        first = _seconds(child.after)
        assert first <= 2, child.after  # a second into the bar, not at its next count
        child.expect(drawn)  # redrawn with no count between: its clock moves
        assert _seconds(child.after) > first
    finally:
        child.close(force=True)
    quick = pexpect.spawn(sys.executable, [str(a) for a in (*QUICK[1:], "-o", tmp_path / "quick.wtree")])
    quick.expect(pexpect.EOF, timeout=120)
    quick.close()
    assert quick.exitstatus == 0
    assert b"optimal from 1123" not in quick.before  # no bar flickers


def test_plain_lines_keep_their_cadence_while_no_count_comes(monkeypatch, capsys):
    monkeypatch.setattr(progress, "LOG_INTERVAL", 0.3)
    monkeypatch.setattr(PlainLines, "last_line", None)
    bar = Progress(quiet=False)
    bar.start(10, "waiting")
    bar.weigh([5, 5])
    time.sleep(1.05)
    bar.close()
    lines = capsys.readouterr().err.splitlines()
    assert 2 <= len(lines) <= 3, lines  # at 0.3, 0.6 and 0.9 s
    assert all(line.startswith("waiting: 0/10 answers |") for line in lines), lines
    assert all(line.endswith(", estimating the time left") for line in lines), lines


def test_a_quiet_progress_makes_no_bar():
    bar = Progress(quiet=True)
    bar.start(10, "quiet")
    bar.weigh([10])
    bar(5)
    assert bar.bar is None


def test_the_time_left_prices_each_class_at_its_size_squared():
    """A 30-answer class and ten of 10: after the large one, at 9 s, the small ones cost
    1000/900 of it: 10 s, where a rate over answers (30 of 130) would say 30 s."""
    clock = ManualClock(100.0)
    left = TimeLeft(30**2 + 10 * 10**2, 2.0, clock=clock)
    assert left.phrase() == "estimating the time left"
    clock.now += 9
    left.add(30)
    assert left.phrase() == "about 10 s left"
    clock.now += 9  # nothing more finished: the rate falls, the time left grows
    assert left.phrase() == "about 20 s left"
    left.add(10, work=0)  # a class taken from a checkpoint costs this run nothing
    assert left.phrase() == "about 20 s left"


def test_the_time_left_waits_for_a_share_of_the_work_and_respects_a_time_limit():
    clock = ManualClock(100.0)
    left = TimeLeft(1000, 1.0, limit=12, clock=clock)
    clock.now += 2
    left.add(40)  # 4% of the work: too little to tell
    assert left.phrase() == "at most 10 s left (time limit)"
    clock.now += 1
    left.add(60)  # 10% in 3 s: 27 s more, but the time limit ends it in 9
    assert left.phrase() == "about 9 s left (time limit)"
