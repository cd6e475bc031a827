"""Anytime exact builds: a stopped search leaves a verified tree and an admissible lower bound;
one that finishes is the ordinary proved tree, byte for byte."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clirun import MODULES, one_line_error, run
from naive import naive_optimal
from support.contexts import tiny_context, worst_start
from wordle_compiler.core.config import BuildConfig
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import Node, class_tasks, solved_here, tree_total
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.weights import integer_weights
from wordle_compiler.pipeline.compile import compile_tree
from wordle_compiler.proof.anytime import Anytime
from wordle_compiler.search import solver_for
from wordle_runtime.format import pack_tree


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    mode=st.sampled_from(["normal", "hard", "possible"]),
    quick=st.sampled_from(["most-parts", "rollout"]),
    data=st.data(),
)
def test_any_mix_of_proved_and_heuristic_classes_bounds_the_optimum(seed, mode, quick, data):
    """Whichever classes a stop leaves unproved: lower bound <= the naive optimum <= the tree's total."""
    ctx = tiny_context(seed, n_answers=12 + seed % 7, n_extra=2 + seed % 3, clustered=seed % 3 != 0)
    first = worst_start(ctx)
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode=mode, max_depth=8), start=first)
    exact = compile_tree(cfg, ctx)
    optimum = naive_optimal(ctx.words.answers, ctx.words.guesses, mode, 7, start=first)[0]
    assert exact.report.total_guesses == optimum
    solver = solver_for(ctx, mode)
    index = ctx.guess_index[first]
    tasks = class_tasks(ctx, mode, index, ctx.all_answers, initial_legal(ctx, mode))
    anytime = Anytime(strategy=quick)
    anytime.prepare(ctx, cfg, solver, tasks)
    kept = data.draw(st.sets(st.sampled_from(sorted(anytime.fallback)))) if anytime.fallback else set()
    depth = cfg.settings.max_depth - 1
    proved = {code: solver.tree(cls, legal, depth)[1] for code, cls, legal in tasks if code in kept}
    root = anytime.assemble(Node(index, solved_here(ctx, index, ctx.all_answers)), proved)
    total = tree_total(root)
    assert anytime.lower_bound <= optimum <= total
    assert anytime.proved_classes == len(kept)
    if len(kept) == len(anytime.fallback):
        assert anytime.lower_bound == total == optimum


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["normal", "possible"]), data=st.data())
def test_under_weights_any_mix_of_classes_bounds_the_weighted_optimum(seed, mode, data):
    """The same with integer weights: every class's bound is on the weights' scale, so the
    bound <= the naive weighted optimum <= the tree's weighted total."""
    ctx = tiny_context(seed, n_answers=12 + seed % 7, n_extra=2 + seed % 3, clustered=seed % 3 != 0)
    rng = random.Random(seed)
    weights = integer_weights([rng.choice([1, 2, 5, 40]) for _ in ctx.words.answers], "test")
    first = worst_start(ctx)
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode=mode, max_depth=8, weights=weights), start=first)
    by_answer = dict(zip(ctx.words.answers, weights.values, strict=True))
    optimum = naive_optimal(ctx.words.answers, ctx.words.guesses, mode, 7, start=first, weights=by_answer)[0]
    solver = solver_for(ctx, mode, weights=weights)
    index = ctx.guess_index[first]
    tasks = class_tasks(ctx, mode, index, ctx.all_answers, initial_legal(ctx, mode))
    anytime = Anytime()
    anytime.prepare(ctx, cfg, solver, tasks)
    kept = data.draw(st.sets(st.sampled_from(sorted(anytime.fallback)))) if anytime.fallback else set()
    proved = {
        code: solver.tree(cls, legal, cfg.settings.max_depth - 1)[1] for code, cls, legal in tasks if code in kept
    }
    root = anytime.assemble(Node(index, solved_here(ctx, index, ctx.all_answers)), proved, list(weights.values))
    assert anytime.lower_bound <= optimum <= tree_total(root, 1, list(weights.values))


class CountingBar:
    """A bar as the command line's (``start``, then counts), keeping what it was told."""

    def __init__(self):
        self.started: list[tuple[int, str]] = []
        self.counts: list[int] = []

    def start(self, total: int, label: str) -> None:
        self.started.append((total, label))

    def __call__(self, n: int) -> None:
        self.counts.append(n)


def test_the_quick_tree_shows_its_progress_class_by_class_largest_first():
    """The quick tree can take minutes (the depth-only search fits a large class): its own
    bar counts every class's answers, the largest class first, and the trees are the same."""
    ctx = tiny_context(7, n_answers=30, n_extra=3, clustered=True)
    first = worst_start(ctx)
    cfg = BuildConfig(strategy="optimal", settings=Settings(mode="hard", max_depth=8), start=first)
    solver = solver_for(ctx, "hard")
    tasks = class_tasks(ctx, "hard", ctx.guess_index[first], ctx.all_answers, initial_legal(ctx, "hard"))
    bar, silent = CountingBar(), Anytime()
    shown = Anytime()
    shown.prepare(ctx, cfg, solver, tasks, bar)
    silent.prepare(ctx, cfg, solver, tasks)
    assert bar.started == [(sum(len(cls) for _, cls, _ in tasks), "quick tree (most-parts)")]
    assert bar.counts == sorted((len(cls) for _, cls, _ in tasks), reverse=True)
    assert shown.costs == silent.costs
    assert shown.floors == silent.floors


def test_a_search_that_finishes_is_the_proved_tree_byte_for_byte(ctx):
    plain = compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx)
    anytime = Anytime(time_limit=600)
    kept = compile_tree(BuildConfig(strategy="optimal", start="salet"), ctx, anytime=anytime)
    assert anytime.stopped is None
    assert kept.lower_bound is None
    assert kept.proved_optimal
    assert kept.optimality == plain.optimality
    assert pack_tree(kept.data) == pack_tree(plain.data)
    total = plain.report.total_guesses
    assert anytime.standing() == f"tree {total:,} >= {total:,}"  # the progress bar's last word


def test_a_time_limit_stops_the_search_with_a_verified_tree_and_its_bound(ctx):
    anytime = Anytime(time_limit=0.05)
    stopped = compile_tree(
        BuildConfig(strategy="optimal", settings=Settings(mode="hard"), start="salet"), ctx, anytime=anytime
    )
    assert anytime.stopped == "time limit"
    assert not stopped.proved_optimal
    assert stopped.report.failures == []
    assert stopped.report.ok
    assert stopped.lower_bound == anytime.lower_bound <= 8122 <= stopped.report.total_guesses  # salet hard: 8122
    assert stopped.data.meta["optimality"] == f"stopped before the proof, lower bound {anytime.lower_bound}"
    assert stopped.data.meta["stats"]["proved_optimal"] is False


def test_anytime_is_refused_in_one_line_where_it_has_no_meaning(tmp_path):
    for extra in (["--strategy", "entropy", "--start", "salet"], ["--strategy", "optimal"]):
        done = run("wordle-compile", *extra, "--time-limit", "5", "-o", tmp_path / "t.wtree")
        one_line_error(done, 2, "--anytime and --time-limit need --strategy optimal with --start")
    assert not (tmp_path / "t.wtree").exists()


def test_the_command_line_writes_the_stopped_tree_and_reports_its_bound(tmp_path):
    out = tmp_path / "t.wtree"
    args = ("--strategy", "optimal", "--start", "salet", "--mode", "hard", "--time-limit", "0.05", "-o", out)
    done = run("wordle-compile", *args, "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["proved_optimal"] is False
    assert doc["lower_bound"] <= 8122 <= doc["total_guesses"]
    assert "stopped (time limit)" in done.stderr
    verified = run("wordle-tree", "verify", out)
    assert verified.returncode == 0, verified.stderr


@pytest.mark.long
@pytest.mark.parametrize("signum", [signal.SIGINT, pytest.param(signal.SIGTERM, marks=pytest.mark.slow)])
def test_ctrl_c_writes_the_best_tree_so_far_and_exits_as_interrupted(tmp_path, signum):
    """Stopped by a signal mid-search (Bulls and Cows' exact search from 0123 takes minutes):
    the heuristic tree with every class proved by then, verified, and a lower bound."""
    out = tmp_path / "t.wtree"
    args = ["--game", "bulls-and-cows", "--strategy", "optimal", "--start", "0123", "--max-depth", "7", "--anytime"]
    args += ["-o", str(out)]
    process = subprocess.Popen(
        [sys.executable, "-m", MODULES["wordle-compile"], *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    time.sleep(4 + random.random())
    process.send_signal(signum)
    _out_text, err_text = process.communicate(timeout=60)
    assert process.returncode == (130 if signum == signal.SIGINT else 143), err_text
    assert "Traceback" not in err_text
    assert "before the proof: this tree" in err_text
    assert "proved lower bound" in err_text
    assert out.exists()
    verified = run("wordle-tree", "verify", out, "--json")
    assert verified.returncode == 0, verified.stderr


@pytest.mark.long
def test_a_rollout_quick_tree_stands_in_for_the_classes_not_proved(tmp_path):
    out = tmp_path / "t.wtree"
    args = ("--game", "mastermind:4x6", "--strategy", "optimal", "--start", "1123", "-o", out, "--json")
    done = run("wordle-compile", *args, "--anytime", "rollout", "--time-limit", "0.001")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["lower_bound"] <= 5625 <= doc["total_guesses"]  # 4x6 from 1123: 5,625
    assert run("wordle-tree", "verify", out).returncode == 0
    refused = run("wordle-compile", *args, "--anytime", "optimal")
    assert refused.returncode == 2
