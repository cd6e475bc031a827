"""wordle-compile's contract, through click's runner and a real subprocess."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import wordle_trees
from clirun import invoke as invoke_prog
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.settings import Settings
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.treefiles.artifact import save_tree
from wordle_runtime.format import pack_tree


def invoke(*args):
    return invoke_prog("wordle-compile", *args)


def test_json_contract(tmp_path):
    out = tmp_path / "t.wtree"
    result = invoke("--strategy", "minimax", "--start", "salet", "--json", "--quiet", "-o", str(out))
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    for key in [
        "strategy",
        "mode",
        "start",
        "answers",
        "total_guesses",
        "average",
        "max_depth",
        "histogram",
        "exceeding_max_depth",
        "proved_optimal",
        "seconds",
        "output",
    ]:
        assert key in doc
    assert doc["answers"] == 2315
    assert sum(doc["histogram"].values()) == 2315
    assert doc["proved_optimal"] is False
    assert out.exists()


def test_alias_and_default_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("--strategy", "max-eliminations", "--start", "salet", "--quiet")
    assert result.code == 0, result.err
    assert (tmp_path / "expected-size-salet-normal.wtree").exists()


def test_depth_violation_exits_1_and_keeps_existing_file(tmp_path):
    out = tmp_path / "t.wtree"
    out.write_bytes(b"previous")
    result = invoke("--strategy", "first", "--max-depth", "5", "--quiet", "-o", str(out))
    assert result.code == 1
    assert "need more than 5 guesses" in result.err
    assert len(result.err.splitlines()) == 1
    assert "--strategy optimal" in result.err
    assert "--allow-deeper" in result.err
    assert out.read_bytes() == b"previous"
    result = invoke("--strategy", "first", "--max-depth", "5", "--allow-deeper", "--quiet", "-o", str(out))
    assert result.code == 0
    assert out.read_bytes() != b"previous"


@pytest.mark.long
@pytest.mark.parametrize(
    "args,message",
    [
        (["--start", "zzzzz"], "not in the guess list"),
        (["--answers", "/no/such/file"], "no word list"),
        (["--strategy", "nope"], "Invalid value"),
        (["--opening", "salet"], "--opening takes two different words, W1,W2: got 'salet'"),
        (["--objective", "depth"], "heuristics have no objective"),
        (["--strategy", "optimal", "--objective", "depth"], "needs --start or --opening"),
        (["--strategy", "optimal", "--objective", "fewest"], "Invalid value for '--objective'"),
        (["--strategy", "optimal", "--start", "salet", "--objective", "fewest-deep"], "go together"),
        (["--strategy", "optimal", "--start", "salet", "--deep", "5"], "go together"),
        (
            ["--strategy", "optimal", "--start", "salet", "--objective", "fewest-deep", "--deep", "7"],
            "deep (K) must be a whole number from 2 to 6",
        ),
        (["--strategy", "optimal", "--objective", "fewest-deep", "--deep", "5"], "needs --start or --opening"),
        (
            ["--strategy", "optimal", "--start", "salet", "--objective", "fewest-deep", "--deep", "1"],
            "Invalid value for '--deep'",
        ),
        (["--strategy", "optimal", "--opening", "salet,crony", "--mode", "hard"], "'crony' is not a legal guess"),
    ],
)
def test_errors_are_one_line_exit_2(args, message):
    result = subprocess.run(
        [sys.executable, "-m", "wordle_compiler.cli.compile", *args, "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert message in lines[0]
    assert "Traceback" not in result.stderr


def test_opening_fixes_two_guesses(ctx):
    result = compile_tree(BuildConfig(strategy="entropy", opening=("learn", "sight")), ctx)
    data = result.data
    root_children = [data.edge_child[e] for e in range(data.child_start[0], data.child_start[1])]
    assert data.guesses[data.node_guess[0]] == "learn"
    assert {data.guesses[data.node_guess[c]] for c in root_children} == {"sight"}


def test_output_independent_of_jobs(ctx, tmp_path):
    cfg = BuildConfig(strategy="most-parts", start="salet")
    serial = pack_tree(compile_tree(cfg, ctx, jobs=1).data)
    parallel = pack_tree(compile_tree(cfg, ctx, jobs=2).data)
    assert serial == parallel


def test_optimal_serial_build_is_byte_identical_to_shipped(ctx, tmp_path):
    """The shipped tree was built with --jobs 2; a serial build gives the same bytes."""
    result = compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx, jobs=1)
    out = tmp_path / "s.wtree"
    save_tree(out, result.data)
    shipped = Path(wordle_trees.__file__).parent / "salet-optimal-normal.wtree"
    assert out.read_bytes() == shipped.read_bytes()


@pytest.fixture
def fresh_solvers():
    """No memo left over from earlier builds in this process: the threads do the work."""
    from wordle_compiler import search

    search.forget_solvers()
    yield
    search.forget_solvers()


@pytest.mark.parametrize(
    "start, mode, guesses, jobs",
    [
        ("salet", "normal", None, 2),
        ("salet", "normal", None, 3),
        ("salet", "hard", None, 2),
        ("plate", "possible", "answers", 2),
    ],
)
def test_optimal_threaded_builds_are_byte_identical_to_shipped(
    ctx, tmp_path, fresh_solvers, start, mode, guesses, jobs
):
    """Threads sharing one memo race on it; the tree must not notice."""
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode=mode, guesses=guesses), start=start)
    result = compile_tree(cfg, ctx if guesses is None else Context.load(Settings(guesses=guesses)), jobs=jobs)
    out = tmp_path / "t.wtree"
    save_tree(out, result.data)
    shipped = Path(wordle_trees.__file__).parent / f"{start}-optimal-{mode}.wtree"
    assert out.read_bytes() == shipped.read_bytes()


def test_stamp_is_the_only_nondeterminism(ctx):
    cfg = BuildConfig(strategy="entropy", start="salet")
    assert pack_tree(compile_tree(cfg, ctx).data) == pack_tree(compile_tree(cfg, ctx).data)
    assert "built_at" in compile_tree(cfg, ctx, stamp=True).data.meta


@pytest.mark.long
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_leaves_existing_file_intact(tmp_path, jobs):
    """SIGINT mid-compile: one line, exit 130, the old file untouched, no temp files."""
    import os
    import signal
    import time

    out = tmp_path / "t.wtree"
    out.write_bytes(b"previous")
    # fuzzy in hard mode keeps the search busy far longer than the wait below on two
    # threads, so the interrupt always lands mid-search
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.compile",
            "--strategy",
            "optimal",
            "--start",
            "fuzzy",
            "--mode",
            "hard",
            "--jobs",
            jobs,
            "-o",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # a shell may start us with SIGINT ignored, which the child would inherit
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.set_blocking(proc.stderr.fileno(), False)
    # the bar shows once a class is done, which may take the whole search: the wait is
    # well past start-up and inside the search
    seen, deadline = b"", time.monotonic() + 2.5
    while b"optimal from" not in seen and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.2)
        seen += proc.stderr.read() or b""
    assert proc.poll() is None, "the compile finished before it could be interrupted"
    began = time.monotonic()
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    stopped_after = time.monotonic() - began
    os.set_blocking(proc.stderr.fileno(), True)
    err = (seen + proc.stderr.read()).decode(errors="replace")
    assert proc.returncode == 130
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1].endswith("wordle-compile: interrupted")
    assert out.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["t.wtree"]
    # the search runs on daemon threads and the main thread only waits, so Ctrl-C acts at
    # once for any --jobs (the bound leaves a margin for a busy machine)
    assert stopped_after < 2.0, stopped_after


def test_infeasible_depth_exits_1_with_one_line():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.compile",
            "--strategy",
            "optimal",
            "--start",
            "salet",
            "--max-depth",
            "2",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "no tree solves every answer within 2 guesses" in lines[0]


def test_a_doomed_start_names_a_class_that_cannot_finish():
    """plate in hard mode within 5 guesses: refused at once (the endgame check), naming
    the feedback and the answers of a class no tree can finish in time."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.compile",
            "--strategy",
            "optimal",
            "--start",
            "plate",
            "--mode",
            "hard",
            "--max-depth",
            "5",
            "--quiet",
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    [line] = result.stderr.strip().splitlines()
    assert "within 5 guesses after 'plate': after plate bbygg, the 8 answers left (" in line
    assert "baste, caste, haste" in line
    assert line.endswith("need more than 4 further guesses")
    assert "Traceback" not in result.stderr
