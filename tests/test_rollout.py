"""--strategy rollout: never worse than its base heuristic (entropy), never better than the optimum,
exact on small sets, the same tree for any --jobs, and refused with weights."""

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from sampled_lists import write_sampled_lists
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.settings import Settings
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.strategies.rollout import BASE, EXACT_UPTO
from wordle_runtime.format import pack_tree


def _build(ctx, lists: Settings, strategy: str, width: int = 50, jobs: int = 1):
    return compile_tree(BuildConfig(strategy=strategy, settings=lists, width=width), ctx, jobs=jobs)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n_answers=st.integers(EXACT_UPTO + 5, 90),
    width=st.integers(1, 6),
    mode=st.sampled_from(["normal", "hard"]),
)
def test_rollout_lies_between_the_optimum_and_its_base(tmp_path_factory, seed, n_answers, width, mode):
    answers, guesses, _ = write_sampled_lists(tmp_path_factory.mktemp("lists"), seed, n_answers, 400, 60)
    lists = Settings(answers=str(answers), guesses=str(guesses), mode=mode, max_depth=8)
    ctx = Context.load(lists)
    rollout = _build(ctx, lists, "rollout", width)
    base = _build(ctx, lists, BASE)
    best = _build(ctx, lists, "optimal")
    total = rollout.report.total_guesses
    assert not rollout.report.failures
    assert best.report.total_guesses <= total <= base.report.total_guesses


def test_rollout_is_exact_when_every_set_is_small(tmp_path):
    answers, guesses, _ = write_sampled_lists(tmp_path, 7, EXACT_UPTO - 2, 300, 80)
    lists = Settings(answers=str(answers), guesses=str(guesses))
    ctx = Context.load(lists)
    rollout = _build(ctx, lists, "rollout", 4)
    start = rollout.data.meta["config"]["start"]
    exact = compile_tree(BuildConfig(strategy="optimal", settings=lists, start=start), ctx)
    assert rollout.report.total_guesses == exact.report.total_guesses


def test_rollout_tree_is_the_same_for_any_jobs():
    lists = Settings(game="mastermind:4x4")
    ctx = Context.load(lists)
    one = _build(ctx, lists, "rollout", 3, jobs=1)
    two = _build(ctx, lists, "rollout", 3, jobs=2)
    assert pack_tree(one.data) == pack_tree(two.data)


def _run(module: str, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", f"wordle_compiler.cli.{module}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout)


def test_rollout_refuses_weights_in_one_line(tmp_path):
    out = str(tmp_path / "r.wtree")
    done = _run("compile", "--strategy", "rollout", "--prior", "frequency", "--answers", "nyt-extended", "-o", out)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0
    assert "rollout counts every answer once" in done.stderr


def test_rollout_from_the_command_line_writes_a_verified_tree(tmp_path):
    out = str(tmp_path / "r.wtree")
    options = ["--strategy", "rollout", "--width", "5", "--start", "1123", "--quiet", "--json", "-o", out]
    done = _run("compile", "--game", "mastermind:4x5", *options)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["strategy"] == "rollout"
    assert doc["start"] == "1123"
    verified = _run("tree", "verify", out, "--json")
    assert verified.returncode == 0, verified.stdout + verified.stderr
