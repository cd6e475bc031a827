"""``--checkpoint FILE``: the classes below a fixed first guess are kept as they are proved; a
resumed build proves none of them again, trusts nothing in the file it cannot replay, and
writes the same bytes as a build that was never stopped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clirun import MODULES, one_line_error, run
from support.contexts import tiny_context, worst_start
from support.dask_cluster import start_cluster, stop_cluster
from wordle_compiler.core.config import BuildConfig
from wordle_compiler.core.settings import Settings
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.proof.checkpoint import Checkpoint, Proving, record_check
from wordle_runtime.format import pack_tree


def _build(ctx, cfg, path=None, resume=False):
    """(tree bytes, nodes searched, the checkpoint) of ``cfg`` on ``ctx``, kept in ``path``."""
    checkpoint = None if path is None else Checkpoint(path, resume=resume)
    proving = None if checkpoint is None else Proving(checkpoint=checkpoint)
    result = compile_tree(cfg, ctx, proving=proving)
    return pack_tree(result.data), result.counters["nodes"], checkpoint


def _records(path) -> list:
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(path.read_bytes())
    return list(unpacker)


def _write(path, values) -> None:
    path.write_bytes(b"".join(msgpack.packb(v, use_bin_type=True) for v in values))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["normal", "hard", "possible"]), cut=st.floats(0, 1))
def test_a_checkpoint_cut_anywhere_resumes_to_the_same_bytes(tmp_path_factory, seed, mode, cut):
    """A file cut at any byte after its header (a kill mid-append; the header is written
    atomically) keeps every whole record; the resumed build searches only the classes it
    lost and writes the uninterrupted build's bytes."""
    ctx = tiny_context(seed, n_answers=14 + seed % 9, n_extra=3, clustered=seed % 2 == 0)
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode=mode, max_depth=8), start=worst_start(ctx))
    path = tmp_path_factory.mktemp("ckpt") / "classes.ckpt"
    plain, nodes, _ = _build(ctx, cfg)
    kept, _, _ = _build(ctx, cfg, path)
    assert kept == plain
    data = path.read_bytes()
    head = len(msgpack.packb(_records(path)[0], use_bin_type=True))
    path.write_bytes(data[: head + int(cut * (len(data) - head))])
    resumed, resumed_nodes, checkpoint = _build(ctx, cfg, path, resume=True)
    assert resumed == plain
    assert checkpoint.set_aside == 0
    assert resumed_nodes <= nodes
    if cut == 1:
        assert resumed_nodes == 0


def test_records_that_fail_their_check_or_replay_are_proved_again(tmp_path):
    """A flipped byte, a record whose subtree misplaces an answer (its check recomputed), a code
    the first guess does not leave: each is set aside and its class proved again."""
    ctx = tiny_context(7, n_answers=20, n_extra=3)
    cfg = BuildConfig(strategy="optimal", settings=Settings(max_depth=8), start=worst_start(ctx))
    path = tmp_path / "classes.ckpt"
    plain, _, checkpoint = _build(ctx, cfg, path)
    header, *records = _records(path)
    assert len(records) >= 2
    fingerprint = header["build"]
    flipped = dict(records[0], cost=records[0]["cost"] + 1)  # the old check no longer holds
    wrong = dict(records[1])
    guess, answer, children = wrong["tree"]
    wrong["tree"] = (
        [guess, answer, children[::-1]] if len(children) > 1 else [guess, -1 if answer >= 0 else 0, children]
    )
    wrong["check"] = record_check(fingerprint, wrong["code"], wrong["cost"], wrong["tree"])
    stray = {"code": 10**6, "cost": 1, "tree": [0, -1, []]}
    stray["check"] = record_check(fingerprint, stray["code"], stray["cost"], stray["tree"])
    _write(path, [header, flipped, wrong, stray, *records[2:]])
    resumed, resumed_nodes, checkpoint = _build(ctx, cfg, path, resume=True)
    assert resumed == plain
    assert checkpoint.set_aside == 3
    assert resumed_nodes > 0
    # the classes proved again are in the file now: a second resume searches nothing
    again, again_nodes, _ = _build(ctx, cfg, path, resume=True)
    assert again == plain
    assert again_nodes == 0


def _cli_build(tmp_path, *extra):
    return run(
        "wordle-compile",
        "--game",
        "mastermind:4x6",
        "--strategy",
        "optimal",
        "--start",
        "1122",
        "--quiet",
        *extra,
    )


@pytest.mark.long
def test_a_checkpoint_of_another_build_or_an_unasked_resume_is_refused(tmp_path):
    path = tmp_path / "c.ckpt"
    first = _cli_build(tmp_path, "--checkpoint", path, "-o", tmp_path / "a.wtree")
    assert first.returncode == 0, first.stderr
    one_line_error(_cli_build(tmp_path, "--checkpoint", path, "-o", tmp_path / "b.wtree"), 2, "exists", "--resume")
    other = run(
        "wordle-compile",
        *("--game", "mastermind:4x6", "--strategy", "optimal", "--start", "1123", "--quiet"),
        *("--checkpoint", path, "--resume", "-o", tmp_path / "b.wtree"),
    )
    one_line_error(other, 2, "another build")
    path.write_bytes(b"\x93not a checkpoint")
    one_line_error(_cli_build(tmp_path, "--checkpoint", path, "--resume", "-o", tmp_path / "b.wtree"), 2, "checkpoint")
    assert not (tmp_path / "b.wtree").exists()


@pytest.mark.long
@pytest.mark.parametrize(
    "args, fragment",
    [
        (("--resume",), "--checkpoint"),
        (("--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"), "give one"),
        (("--scheduler", "http://host"), "tcp://"),
        (("--workers", "2", "--time-limit", "5"), "cluster"),
    ],
)
def test_proving_options_that_do_not_fit_are_one_line(tmp_path, args, fragment):
    one_line_error(_cli_build(tmp_path, *args, "-o", tmp_path / "x.wtree"), 2, fragment)


def test_proving_options_need_one_first_guess(tmp_path):
    result = run("wordle-compile", "--strategy", "optimal", "--checkpoint", tmp_path / "c", "--quiet")
    one_line_error(result, 2, "--start")


@pytest.mark.long
def test_a_local_cluster_writes_the_threads_bytes_and_fills_the_checkpoint(tmp_path):
    """``--workers 2`` (a real LocalCluster) proves each class as one task: the tree is the
    threaded build's, byte for byte, and a resume from its checkpoint searches nothing."""
    threads = _cli_build(tmp_path, "--jobs", "2", "-o", tmp_path / "threads.wtree")
    assert threads.returncode == 0, threads.stderr
    path = tmp_path / "c.ckpt"
    cluster = _cli_build(tmp_path, "--workers", "2", "--checkpoint", path, "-o", tmp_path / "cluster.wtree")
    assert cluster.returncode == 0, cluster.stderr
    assert (tmp_path / "cluster.wtree").read_bytes() == (tmp_path / "threads.wtree").read_bytes()
    resumed = _cli_build(tmp_path, "--checkpoint", path, "--resume", "--stats", "-o", tmp_path / "resumed.wtree")
    assert resumed.returncode == 0, resumed.stderr
    assert "nodes 0," in resumed.stderr
    assert (tmp_path / "resumed.wtree").read_bytes() == (tmp_path / "threads.wtree").read_bytes()


@pytest.mark.long
def test_a_class_that_cannot_finish_refuses_on_a_cluster_as_on_threads(tmp_path):
    threads = _cli_build(tmp_path, "--max-depth", "3", "-o", tmp_path / "t.wtree")
    cluster = _cli_build(tmp_path, "--max-depth", "3", "--workers", "2", "-o", tmp_path / "c.wtree")
    one_line_error(threads, 1, "within 3 guesses after '1122'", "need more than 2 further guesses")
    one_line_error(cluster, 1, "within 3 guesses after '1122'", "need more than 2 further guesses")


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_a_killed_build_loses_no_proved_class(tmp_path):
    """SIGKILL mid-proof: every class written before the kill is whole, the resumed build
    proves only the others and writes the uninterrupted build's bytes."""
    args = ["--game", "mastermind:4x7", "--strategy", "optimal", "--start", "1123", "--quiet"]
    path = tmp_path / "c.ckpt"
    proc = subprocess.Popen(
        [sys.executable, "-m", MODULES["wordle-compile"], *args, "--checkpoint", str(path), "-o", str(tmp_path / "k")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not path.exists() or len(_records(path)) < 3):
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    held = len(_records(path)) - 1
    assert held >= 2
    resumed = run("wordle-compile", *args, "--checkpoint", path, "--resume", "-o", tmp_path / "r.wtree")
    assert resumed.returncode == 0, resumed.stderr
    whole = run("wordle-compile", *args, "-o", tmp_path / "w.wtree")
    assert whole.returncode == 0, whole.stderr
    assert (tmp_path / "r.wtree").read_bytes() == (tmp_path / "w.wtree").read_bytes()
    assert len(_records(path)) - 1 >= held
    assert not (tmp_path / "k").exists()


@pytest.mark.long
def test_a_resume_says_what_it_took_unless_quiet(tmp_path):
    path = tmp_path / "c.ckpt"
    assert _cli_build(tmp_path, "--checkpoint", path, "-o", tmp_path / "a.wtree").returncode == 0
    header, *records = _records(path)
    _write(path, [header, dict(records[0], cost=records[0]["cost"] + 1), *records[1:]])
    args = ("--game", "mastermind:4x6", "--strategy", "optimal", "--start", "1122", "--checkpoint", path, "--resume")
    loud = run("wordle-compile", *args, "-o", tmp_path / "b.wtree")
    assert loud.returncode == 0, loud.stderr
    said = [line for line in loud.stderr.splitlines() if "taken from" in line]
    took = f"{len(records) - 1} of {len(records)} classes taken from {path}"
    assert said == [f"wordle-compile: {took}; 1 set aside (their classes are proved again)"]
    quiet = _cli_build(tmp_path, "--checkpoint", path, "--resume", "-o", tmp_path / "c.wtree")
    assert quiet.returncode == 0
    assert quiet.stderr == ""


@pytest.mark.slow  # a scheduler and a two-thread worker started as their own processes
def test_a_real_cluster_proves_the_classes_and_a_resume_takes_them(tmp_path):
    """``--scheduler`` with a real ``dask scheduler`` and ``dask worker --nthreads 2``: the
    tree is the threaded build's bytes, the checkpoint holds every class, and a resume on
    this machine alone searches nothing."""
    args = ["--game", "mastermind:4x7", "--strategy", "optimal", "--start", "1123", "--quiet"]
    threads = run("wordle-compile", *args, "--jobs", "2", "-o", tmp_path / "threads.wtree")
    assert threads.returncode == 0, threads.stderr
    address, processes = start_cluster(tmp_path, nthreads=2)
    path = tmp_path / "c.ckpt"
    try:
        remote = run("wordle-compile", *args, "--scheduler", address, "--checkpoint", path, "-o", tmp_path / "r.wtree")
        assert remote.returncode == 0, remote.stderr
    finally:
        stop_cluster(processes)
    assert (tmp_path / "r.wtree").read_bytes() == (tmp_path / "threads.wtree").read_bytes()
    resumed = run("wordle-compile", *args, "--checkpoint", path, "--resume", "--stats", "-o", tmp_path / "again.wtree")
    assert resumed.returncode == 0, resumed.stderr
    assert "nodes 0," in resumed.stderr
    assert (tmp_path / "again.wtree").read_bytes() == (tmp_path / "threads.wtree").read_bytes()


@pytest.mark.long
def test_a_second_build_on_a_checkpoint_in_use_is_refused(tmp_path):
    """The file is locked while a build appends to it: a second build is one line, exit 2,
    and the first one finishes with every class in the file."""
    args = ["--game", "mastermind:4x7", "--strategy", "optimal", "--start", "1123", "--quiet"]
    path = tmp_path / "c.ckpt"
    first = subprocess.Popen(
        [sys.executable, "-m", MODULES["wordle-compile"], *args, "--checkpoint", str(path), "-o", str(tmp_path / "a")],
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not path.exists() or not _records(path)):
        time.sleep(0.02)
    second = run("wordle-compile", *args, "--checkpoint", path, "--resume", "-o", tmp_path / "b")
    _, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    one_line_error(second, 2, "in use by another build")
    resumed = run("wordle-compile", *args, "--checkpoint", path, "--resume", "--stats", "-o", tmp_path / "c")
    assert "nodes 0," in resumed.stderr
