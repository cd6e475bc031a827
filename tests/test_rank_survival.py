"""What a ranking's results survive: a real Dask cluster whose worker runs two tasks at
once, kills at random moments each followed by ``--resume``, a second ranking with the
same lists, and an edited row."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clirun import MODULES
from sampled_lists import write_sampled_lists
from support.dask_cluster import start_cluster as _start_cluster
from support.dask_cluster import stop_cluster as _stop


def _lists(folder: Path, n_answers: int, n_drawn: int, n_extra: int) -> Path:
    """Answers and guesses drawn with a fixed seed, and 20 first words among the guesses."""
    _, guesses, rng = write_sampled_lists(folder, 23, n_answers, n_drawn, n_extra)
    (folder / "first.txt").write_text("\n".join(sorted(rng.sample(guesses.read_text().split(), 20))) + "\n")
    return folder


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """120 answers and 320 guesses: a ranking in a fraction of a second."""
    return _lists(tmp_path_factory.mktemp("small-lists"), 120, 600, 200)


@pytest.fixture(scope="module")
def long_lists(tmp_path_factory):
    """1,200 answers and about 7,000 guesses: a short ranking, long enough to kill mid-run."""
    return _lists(tmp_path_factory.mktemp("long-lists"), 1200, 10000, 6000)


@pytest.fixture(scope="module")
def longer_lists(tmp_path_factory):
    """1,600 answers and about 6,600 guesses: a ranking long enough for twenty kills of a Dask run."""
    return _lists(tmp_path_factory.mktemp("longer-lists"), 1600, 10000, 5000)


def rank_command(lists, out, *extra):
    """wordle-rank --top all over the 20 first words, into ``out`` (None: the default name)."""
    output = [] if out is None else ["-o", str(out)]
    return [
        sys.executable,
        "-m",
        MODULES["wordle-rank"],
        "--answers",
        str(lists / "answers.txt"),
        "--guesses",
        str(lists / "guesses.txt"),
        "--first-words",
        str(lists / "first.txt"),
        "--top",
        "all",
        *output,
        "--quiet",
        *extra,
    ]


def rank(lists, out, *extra, cwd=None):
    return subprocess.run(rank_command(lists, out, *extra), capture_output=True, text=True, timeout=600, cwd=cwd)


def _serial_file(lists, folder) -> bytes:
    """The uninterrupted ``--jobs 1`` ranking's file, as bytes."""
    out = folder / "r.csv"
    result = rank(lists, out, "--jobs", "1")
    assert result.returncode == 0, result.stderr
    return out.read_bytes()


@pytest.fixture(scope="module")
def serial_file(lists, tmp_path_factory):
    return _serial_file(lists, tmp_path_factory.mktemp("serial"))


@pytest.fixture(scope="module")
def long_serial_file(long_lists, tmp_path_factory):
    return _serial_file(long_lists, tmp_path_factory.mktemp("long-serial"))


@pytest.fixture(scope="module")
def longer_serial_file(longer_lists, tmp_path_factory):
    return _serial_file(longer_lists, tmp_path_factory.mktemp("longer-serial"))


def decided_words(path: Path) -> set[str]:
    """The words a results file holds a complete row for."""
    if not path.exists():
        return set()
    lines = path.read_bytes().split(b"\n")[:-1]
    return {line.split(b",")[0].decode() for line in lines[2:]}


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_a_worker_with_two_threads_gives_the_serial_file(long_lists, long_serial_file, tmp_path):
    """Dask's default worker runs a task per thread at once: each thread has its own solver,
    so the file is the one ``--jobs 1`` writes, byte for byte."""
    address, processes = _start_cluster(tmp_path, nthreads=2)
    try:
        out = tmp_path / "cluster.csv"
        result = rank(long_lists, out, "--scheduler", address)
        assert result.returncode == 0, result.stderr
        assert out.read_bytes() == long_serial_file
    finally:
        _stop(processes)


def _kill_then_resume(lists, out, how, delay, jobs):
    """Run (resuming when a file exists), send ``how`` after ``delay`` seconds, and check that
    the file never held fewer decided words than before the run: (exit code, words after)."""
    before = decided_words(out)
    extra = ["--resume"] if out.exists() else []
    proc = subprocess.Popen(
        rank_command(lists, out, "--jobs", str(jobs), *extra),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + delay
    while time.monotonic() < deadline and proc.poll() is None:
        assert decided_words(out) >= before
        time.sleep(0.02)
    if proc.poll() is None:
        os.killpg(proc.pid, how) if how == signal.SIGKILL else proc.send_signal(how)
    _, err = proc.communicate(timeout=120)
    after = decided_words(out)
    assert after >= before, (how, delay, err)
    return proc.returncode, after


def _interrupted_until_done(lists, out, seed, kills, jobs, longest):
    rng = random.Random(seed)
    signals = [signal.SIGKILL, signal.SIGINT, signal.SIGTERM]
    for _ in range(kills):
        code, _ = _kill_then_resume(lists, out, rng.choice(signals), rng.uniform(0.2, longest), jobs)
        assert code in (0, 130, 143, -signal.SIGKILL), code
    final = rank(lists, out, "--jobs", str(jobs), "--resume")
    assert final.returncode == 0, final.stderr


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_kills_at_seeded_moments_then_resume_give_the_uninterrupted_file(long_lists, long_serial_file, tmp_path):
    """Six kills (SIGKILL, SIGINT or SIGTERM) of one process, each followed by --resume."""
    out = tmp_path / "r.csv"
    _interrupted_until_done(long_lists, out, seed=6, kills=6, jobs=1, longest=1.5)
    assert out.read_bytes() == long_serial_file


@pytest.mark.slow
def test_twenty_kills_of_a_dask_ranking_then_resume_give_the_uninterrupted_file(
    longer_lists, longer_serial_file, tmp_path
):
    """Twenty kills of ``--jobs 2`` at seeded moments (start-up included), each followed by --resume."""
    out = tmp_path / "r.csv"
    _interrupted_until_done(longer_lists, out, seed=20, kills=20, jobs=2, longest=6.0)
    assert out.read_bytes() == longer_serial_file


def test_a_finished_file_resumes_with_no_search(lists, serial_file, tmp_path):
    """Every row's check holds: nothing is proved again, no word is searched."""
    out = tmp_path / "r.csv"
    out.write_bytes(serial_file)
    result = rank(lists, out, "--resume", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["counters"].get("full_passes", 0) == 0
    assert out.read_bytes() == serial_file


def test_recheck_proves_every_row_again(lists, serial_file, tmp_path):
    out = tmp_path / "r.csv"
    out.write_bytes(serial_file)
    result = rank(lists, out, "--resume", "--recheck", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["counters"]["full_passes"] > 0
    assert out.read_bytes() == serial_file


def test_an_edited_row_is_caught_and_every_other_row_kept(lists, serial_file, tmp_path):
    """The best word's total made one lower, its check left as it was: the row fails its
    check, is proved again, and the contradiction is one line; every other row stays."""
    header, columns, best, *rest = serial_file.decode().splitlines()
    word, total, average, status, check = best.split(",")
    out = tmp_path / "r.csv"
    out.write_text("\n".join([header, columns, f"{word},{int(total) - 1},{average},{status},{check}", *rest]) + "\n")
    result = rank(lists, out, "--resume")
    assert result.returncode == 2, result.stderr
    assert "but the search proves" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert decided_words(out) == {line.split(",")[0] for line in rest}
    again = rank(lists, out, "--resume")
    assert again.returncode == 0, again.stderr
    assert out.read_bytes() == serial_file


def test_two_rankings_with_default_names_keep_both_files(lists, tmp_path):
    """First words from a file, then pairs: each default name says what was ranked."""
    (tmp_path / "p.txt").write_text(
        "# two openings\n"
        + "\n".join(
            " ".join(pair) for pair in zip(*[iter((lists / "first.txt").read_text().split()[:4])] * 2, strict=True)
        )
        + "\n"
    )
    first = rank(lists, None, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    pairs = subprocess.run(
        [
            sys.executable,
            "-m",
            MODULES["wordle-rank"],
            "--answers",
            str(lists / "answers.txt"),
            "--guesses",
            str(lists / "guesses.txt"),
            "--pairs",
            "p.txt",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert pairs.returncode == 0, pairs.stderr
    assert sorted(p.name for p in tmp_path.glob("ranking-*")) == [
        "ranking-answers-guesses-normal-pairs-p.csv",
        "ranking-answers-guesses-normal-words-first.csv",
    ]


def test_an_existing_file_is_refused_without_resume_or_force(lists, serial_file, tmp_path):
    out = tmp_path / "r.csv"
    out.write_bytes(serial_file)
    refused = rank(lists, out)
    assert refused.returncode == 2
    assert "--resume goes on from it, --force replaces it" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    assert out.read_bytes() == serial_file
    forced = rank(lists, out, "--force")
    assert forced.returncode == 0, forced.stderr
    assert out.read_bytes() == serial_file


def test_a_results_file_larger_than_the_ranking_writes_is_refused_in_bounded_memory(lists, serial_file, tmp_path):
    out = tmp_path / "r.csv"
    header, columns, *rows = serial_file.decode().splitlines()
    with open(out, "w") as file:
        file.write(f"{header}\n{columns}\n")
        file.writelines("\n".join(rows) + "\n" for _ in range(30_000))
    size = out.stat().st_size
    measured = (
        "import resource, subprocess, sys; code = subprocess.run(sys.argv[1:]).returncode; "
        "print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)"
    )
    result = subprocess.run(
        [sys.executable, "-c", measured, *rank_command(lists, out, "--resume")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    code, peak_bytes = map(int, result.stdout.split())
    assert code == 2, result.stderr
    assert "more than a ranking of these words writes" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert out.stat().st_size == size
    assert peak_bytes < 10 * size, (peak_bytes, size)


def test_a_contradicted_fewest_deep_claim_is_told_in_long_games_and_guesses(lists, tmp_path):
    out = tmp_path / "r.csv"
    fewest = ["--objective", "fewest-deep", "--deep", "3"]
    assert rank(lists, out, *fewest).returncode == 0
    header, columns, best, *rest = out.read_text().splitlines()
    word, long, total, average, _status, check = best.split(",")
    out.write_text(
        "\n".join([header, columns, f"{word},{long},{int(total) + 1},{average},lower-bound,{check}", *rest]) + "\n"
    )
    result = rank(lists, out, *fewest, "--resume")
    assert result.returncode == 2, result.stderr
    assert (
        f"gives {word} at least {long} long games and {int(total) + 1} guesses, but the search proves "
        f"{long} long games and {total} guesses exactly" in result.stderr
    ), result.stderr


@pytest.mark.slow
def test_a_cluster_that_loses_every_worker_ends_the_run_in_one_line(longer_lists, tmp_path):
    """The worker (and its nanny) killed mid-run: after the documented wait, one line, exit 2,
    and every word decided so far still in the file."""
    address, processes = _start_cluster(tmp_path, nthreads=1)
    worker, scheduler = processes
    try:
        out = tmp_path / "r.csv"
        env = {**os.environ, "WORDLE_TREE_WORKERLESS_SECONDS": "5"}
        proc = subprocess.Popen(
            rank_command(longer_lists, out, "--scheduler", address),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        time.sleep(3.0)
        os.killpg(worker.pid, signal.SIGKILL)
        began = time.monotonic()
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 2, err
        assert err.strip().splitlines() == [err.strip()]
        assert "no Dask worker has been connected for 5 s" in err
        assert time.monotonic() - began < 60
    finally:
        _stop([scheduler])
        worker.wait()
