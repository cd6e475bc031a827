"""The exact engine's API against the naive minimiser, and its parallel and memory paths."""

import subprocess
import sys
import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import INF, naive_optimal
from support.contexts import tiny_context
from wordle_compiler.core.modes import legal_after
from wordle_compiler.core.partition import solved_here
from wordle_compiler.ext._search import SHARED_COUNT, SHARED_NEXT
from wordle_compiler.search import INF as ENGINE_INF
from wordle_compiler.search import STAT_NAMES, Solver, shared_states, unclaimed


def naive_value(ctx, mode, depth, answers=None):
    words = [ctx.words.answers[a] for a in (answers if answers is not None else ctx.all_answers)]
    return naive_optimal(words, ctx.words.guesses, mode, depth)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    mode=st.sampled_from(["normal", "hard", "possible"]),
    depth=st.integers(2, 5),
    clustered=st.booleans(),
)
def test_solve_equals_naive(seed, mode, depth, clustered):
    ctx = tiny_context(seed, n_answers=10 + seed % 7, n_extra=seed % 4, clustered=clustered)
    solver = Solver(ctx, mode)
    outcome = solver.solve(ctx.all_answers, ctx.all_guesses, depth)
    total, deepest = naive_value(ctx, mode, depth)
    if total == INF:
        assert outcome.cost >= ENGINE_INF
        assert outcome.guess == -1
    else:
        assert (outcome.cost, outcome.depth) == (total, deepest)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), beta_offset=st.integers(-6, 3))
def test_a_cut_off_solve_is_a_true_lower_bound(seed, beta_offset):
    """Below beta the value is exact; at or above, the result is a bound >= beta."""
    ctx = tiny_context(seed, n_answers=14, n_extra=2)
    exact = Solver(ctx, "normal").solve(ctx.all_answers, ctx.all_guesses, 5).cost
    beta = exact + beta_offset
    outcome = Solver(ctx, "normal").solve(ctx.all_answers, ctx.all_guesses, 5, beta)
    if exact < beta:
        assert outcome.cost == exact
    else:
        assert beta <= outcome.cost <= exact
        assert outcome.guess == -1


@pytest.mark.parametrize("mode", ["normal", "hard"])
@pytest.mark.parametrize("seed", range(4))
def test_guess_value_is_the_forced_start_optimum(mode, seed):
    ctx = tiny_context(300 + seed, n_answers=16, n_extra=3)
    solver = Solver(ctx, mode)
    for guess in (0, len(ctx.words.guesses) // 2):
        outcome = solver.guess_value(guess, ctx.all_answers, ctx.all_guesses, 5)
        words = list(ctx.words.answers)
        expected = naive_optimal(words, ctx.words.guesses, mode, 4, start=ctx.words.guesses[guess])
        assert (outcome.cost, outcome.depth) == expected


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    mode=st.sampled_from(["normal", "hard", "possible"]),
    depth=st.integers(2, 5),
    pick=st.integers(0, 10_000),
    beta_offset=st.one_of(st.none(), st.integers(-5, 2)),
    exact_parts=st.booleans(),
)
def test_guess_value_equals_naive_below_beta_and_bounds_above(seed, mode, depth, pick, beta_offset, exact_parts):
    """The one-kernel guess value (search/guess.py) against the naive minimiser started
    from that guess: exact below beta, a true lower bound >= beta at or above it, with or
    without the position's own most_parts."""
    ctx = tiny_context(seed, n_answers=9 + seed % 8, n_extra=seed % 4, clustered=seed % 2 == 0)
    solver = Solver(ctx, mode)
    guess = pick % len(ctx.words.guesses)
    total, deepest = naive_optimal(
        list(ctx.words.answers), ctx.words.guesses, mode, depth - 1, start=ctx.words.guesses[guess]
    )
    beta = ENGINE_INF if beta_offset is None or total == INF else total + beta_offset
    most_parts = None
    if exact_parts:
        bound, _, in_set, _ = solver.guess_bounds(ctx.all_answers, ctx.all_guesses)
        most_parts = int((3 * len(ctx.all_answers) - bound - in_set).max())
    outcome = solver.guess_value(guess, ctx.all_answers, ctx.all_guesses, depth, beta, most_parts=most_parts)
    if total == INF:
        assert outcome.cost >= ENGINE_INF
        assert outcome.guess == -1
    elif total < beta:
        assert (outcome.cost, outcome.depth, outcome.guess) == (total, deepest, guess)
    else:
        assert beta <= outcome.cost <= total
        assert outcome.guess == -1


def _key(ctx, answers, o):
    return (o.cost, o.depth, solved_here(ctx, o.guess, answers) < 0, o.guess)


@pytest.mark.parametrize("seed", range(4))
def test_a_lone_participant_of_a_shared_node_is_the_serial_search(seed):
    ctx = tiny_context(500 + seed, n_answers=18, n_extra=4)
    serial = Solver(ctx, "normal").solve(ctx.all_answers, ctx.all_guesses, 5)
    state = shared_states(1)[0]
    alone = Solver(ctx, "normal").solve(ctx.all_answers, ctx.all_guesses, 5, shared=state)
    assert (alone.cost, alone.depth, alone.guess) == (serial.cost, serial.depth, serial.guess)
    assert unclaimed(state) == 0
    assert state[SHARED_COUNT] > 0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 5), st.integers(0, 400))
def test_a_participant_that_joins_late_never_beats_the_serial_choice(seed, claimed):
    """A participant that finds the first ``claimed`` candidates taken evaluates the
    rest only; what it finds is never better than the node's true optimum, and it is
    that optimum once nothing before the serial choice was taken."""
    ctx = tiny_context(500 + seed, n_answers=18, n_extra=4)
    serial = Solver(ctx, "normal").solve(ctx.all_answers, ctx.all_guesses, 5)
    state = shared_states(1)[0]
    state[SHARED_NEXT] = claimed
    late = Solver(ctx, "normal").solve(ctx.all_answers, ctx.all_guesses, 5, shared=state)
    if late.guess >= 0:
        assert _key(ctx, ctx.all_answers, late) >= _key(ctx, ctx.all_answers, serial)
    if claimed == 0:
        assert late.guess == serial.guess


def test_threads_sharing_a_node_find_the_serial_choice():
    """Two threads on one node at once (trace's first-level classes of 40-65 answers,
    a few ms each): the best of their outcomes is the serial search's choice."""
    from wordle_compiler.core.config import Context
    from wordle_compiler.core.partition import class_tasks

    ctx = Context.load()
    tasks = class_tasks(ctx, "normal", ctx.guess_index["trace"], ctx.all_answers, ctx.all_guesses)
    for _, cls, follow in [t for t in tasks if 40 <= len(t[1]) <= 65][:4]:
        serial = Solver(ctx, "normal").solve(cls, follow, 5)
        solver, state, found = Solver(ctx, "normal"), shared_states(1)[0], []
        start = threading.Barrier(2)
        with solver.lanes(2) as lanes:

            def participate(lane):  # joined below, within this iteration of the loop
                start.wait()  # noqa: B023 - this iteration's barrier
                found.append(solver.solve(cls, follow, 5, shared=state, lane=lanes[lane]))  # noqa: B023

            threads = [threading.Thread(target=participate, args=(lane,)) for lane in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        best = min((o for o in found if o.guess >= 0), key=lambda o: _key(ctx, cls, o))
        assert (best.cost, best.depth, best.guess) == (serial.cost, serial.depth, serial.guess)


def test_a_tiny_memo_evicts_but_stays_exact():
    ctx = tiny_context(77, n_answers=22, n_extra=4)
    roomy = Solver(ctx, "hard")
    cramped = Solver(ctx, "hard")
    cramped.memo = np.zeros((16, 3), dtype=np.uint64)  # 16 rows: constant eviction
    cramped.counters[STAT_NAMES.index("memo_rows")] = 16
    a = roomy.tree(ctx.all_answers, ctx.all_guesses, 5)
    b = cramped.tree(ctx.all_answers, ctx.all_guesses, 5)
    assert a[0] == b[0]
    assert _shape(a[1]) == _shape(b[1])
    assert cramped.stats()["memo_rows"] == 16


def test_rebuild_after_losing_the_memo_gives_the_same_tree():
    ctx = tiny_context(78, n_answers=24, n_extra=4)
    solver = Solver(ctx, "normal")
    cost, node = solver.tree(ctx.all_answers, ctx.all_guesses, 5)
    solver.memo[:] = 0  # every entry evicted: the rebuild falls back to node-by-node solves
    assert solver.tree(ctx.all_answers, ctx.all_guesses, 5)[0] == cost
    assert _shape(solver._tree_node_by_node(ctx.all_answers, ctx.all_guesses, 5, node.guess)) == _shape(node)


def test_the_memo_grows_from_small(ctx):
    solver = Solver(ctx, "normal")
    answers = np.arange(0, 400, dtype=np.int64)
    solver.solve(answers, ctx.all_guesses, 5)
    stats = solver.stats()
    assert stats["memo_rows"] >= 2 * stats["memo_entries"] > 0
    assert stats["full_passes"] > 0
    assert stats["pairs_scored"] > 0


def test_the_search_runs_in_a_fresh_process(ctx):
    Solver(ctx, "normal").solve(np.arange(30), ctx.all_guesses, 5)
    code = (
        "from wordle_compiler.core.config import Context; from wordle_compiler.search import Solver;"
        "import numpy as np; c = Context.load(); s = Solver(c, 'hard');"
        "print(s.solve(np.arange(30), c.all_guesses, 5).cost)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert int(result.stdout) > 0


@pytest.mark.parametrize("seed", range(5))
def test_hard_mode_legal_sets_key_the_memo(seed):
    """The same answers with different legal guesses are different positions: a memo
    filled by the first solve must not leak into the second."""
    ctx = tiny_context(91 + seed, n_answers=12, n_extra=5)
    shared = Solver(ctx, "hard")
    shared.solve(ctx.all_answers, ctx.all_guesses, 4)
    for played in range(0, len(ctx.words.guesses), 3):
        narrow = legal_after(ctx, "hard", ctx.all_guesses, played, 2 * 81 + 2 * 27)  # greens at 4 and 5
        assert shared.solve(ctx.all_answers, narrow, 4) == Solver(ctx, "hard").solve(ctx.all_answers, narrow, 4)


def _shape(node):
    return (node.guess, node.answer, [(code, _shape(child)) for code, child in node.children])


def test_a_torn_memo_row_reads_as_a_miss():
    """A row another thread is rewriting (key of one entry, payload of another) fails
    its check word and reads as no entry, never as a wrong value."""
    from wordle_compiler.ext._search import memo_find_entry as memo_find
    from wordle_compiler.ext._search import memo_store_entry as memo_store
    from wordle_compiler.ext._search import payload_value as entry_value

    memo = np.zeros((64, 3), dtype=np.uint64)
    stats = np.zeros(len(STAT_NAMES), dtype=np.int64)
    stats[STAT_NAMES.index("memo_rows")] = 64
    k1, k2 = np.uint64(0x1234_5678_9ABC_DEF1), np.uint64(0x0FED_CBA9_8765_4321)
    memo_store(memo, stats, k1, k2, 57, True, 9, 3)
    row = int(np.nonzero(memo[:, 0] == k1)[0][0])
    assert entry_value(memo_find(memo, stats, k1, k2)) == 57
    memo[row, 2] ^= np.uint64(1 << 30)  # the payload of a different entry, half written
    assert memo_find(memo, stats, k1, k2) == 0
    memo[row, 2] ^= np.uint64(1 << 30)
    assert entry_value(memo_find(memo, stats, k1, k2)) == 57


def test_a_full_probe_window_grows_the_memo_below_its_cap_and_evicts_only_at_it():
    """Keys sharing one home slot fill its probe window long before the table is half
    full; below the cap the table grows instead of dropping an entry, at the cap the
    home slot is replaced (and counted)."""
    from wordle_compiler.ext._search import MEMO_PROBES as PROBES
    from wordle_compiler.ext._search import memo_find_entry as memo_find
    from wordle_compiler.ext._search import memo_store_entry as memo_store
    from wordle_compiler.ext._search import payload_value as entry_value

    def store_colliding(capacity, count):
        memo = np.zeros((capacity, 3), dtype=np.uint64)
        stats = np.zeros(len(STAT_NAMES), dtype=np.int64)
        stats[STAT_NAMES.index("memo_rows")] = 64
        keys = [(np.uint64((i << 6) | 5), np.uint64(1000 + i)) for i in range(count)]  # home slot 5 of 64
        for value, (k1, k2) in enumerate(keys, start=1):
            memo_store(memo, stats, k1, k2, value, True, 0, 1)
        return memo, stats, keys

    count = PROBES + 4  # 20 entries in a 64-row table: under a third full
    memo, stats, keys = store_colliding(1 << 12, count)
    assert stats[STAT_NAMES.index("memo_evictions")] == 0
    assert stats[STAT_NAMES.index("memo_grows")] >= 1
    assert stats[STAT_NAMES.index("memo_rows")] > 64
    assert [entry_value(memo_find(memo, stats, k1, k2)) for k1, k2 in keys] == list(range(1, count + 1))
    memo, stats, keys = store_colliding(64, count)  # the cap is the table: no growth possible
    assert stats[STAT_NAMES.index("memo_rows")] == 64
    assert stats[STAT_NAMES.index("memo_evictions")] == count - PROBES
    assert entry_value(memo_find(memo, stats, *keys[-1])) == count  # the newest replaced its home slot


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_threads_racing_on_one_memo_stay_exact(ctx, mode):
    """Two threads solve overlapping answer sets at once over one shared memo (lanes);
    every result equals a fresh serial solve, and the lanes' work is counted."""
    from wordle_compiler.concurrency import parallel

    rng = np.random.default_rng(5)
    pool = rng.choice(len(ctx.words.answers), 160, replace=False)
    sets = [np.sort(rng.choice(pool, int(rng.integers(20, 60)), replace=False)) for _ in range(24)]
    shared = Solver(ctx, mode)
    with shared.lanes(2) as lanes:
        assert lanes[0].table.shape[0] == shared.stats()["memo_rows"]  # fixed while threads run
        got = parallel.map_threads(lambda s, lane: shared.solve(s, ctx.all_guesses, 4, lane=lanes[lane]), sets, 2)
    serial = Solver(ctx, mode)
    assert got == [serial.solve(s, ctx.all_guesses, 4) for s in sets]
    stats = shared.stats()
    assert stats["full_passes"] >= serial.stats()["full_passes"] // 2 > 0
    assert 0 < stats["memo_entries"] <= stats["memo_rows"]


def test_one_lane_is_the_serial_solver(ctx):
    solver = Solver(ctx, "normal")
    with solver.lanes(1) as (lane,):
        assert lane.table is solver.memo
        assert lane.counters is solver.counters
