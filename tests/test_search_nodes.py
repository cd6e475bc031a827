"""The engine's node lists, keys and candidate order: hard-mode lists, the last two guesses,
partition signatures, against the naive minimiser."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from naive import INF, naive_optimal
from support.contexts import tiny_context
from wordle_compiler.core.modes import legal_after
from wordle_compiler.search import INF as ENGINE_INF
from wordle_compiler.search import Solver


def test_partition_signatures_are_a_growing_hash_set():
    """Each distinct signature is new once and a duplicate afterwards, across the
    table's doublings; a full table stops recording (skips fewer, never wrongly)."""
    from wordle_compiler.ext import _search as candidates
    from wordle_compiler.ext._search import seen_partition

    rng = np.random.default_rng(3)
    sigs = rng.integers(0, 2**63, (3000, 2), dtype=np.uint64) * np.uint64(2)
    sigs[0] = (0, 5)  # a zero first word is stored as 1 and still matches itself
    table, count = np.zeros((64, 2), dtype=np.uint64), 0
    for sig in sigs:
        seen, table, count = seen_partition(table, count, sig)
        assert not seen
    assert count == len(sigs)
    assert table.shape[0] == 8192
    for sig in sigs:
        assert seen_partition(table, count, sig)[0]
    full = np.zeros((candidates.PARTITION_SLOTS, 2), dtype=np.uint64)
    seen, same, count = seen_partition(full, candidates.PARTITION_SLOTS // 2, sigs[1])
    assert not seen
    assert same is full
    assert count == candidates.PARTITION_SLOTS // 2


def test_candidate_groups_sorted_when_reached_give_the_full_sort():
    from wordle_compiler.ext._search import group_keys_by_bound, sort_key_group

    rng = np.random.default_rng(11)
    keys = (rng.integers(40, 60, 500) << 41) | rng.integers(0, 1 << 40, 500)
    order = group_keys_by_bound(keys.astype(np.int64))
    bounds = order >> 41
    assert (np.diff(bounds) >= 0).all()
    assert sorted(order) == sorted(keys)
    start = 0
    while start < len(order):
        start = sort_key_group(order, start)
    assert (order == np.sort(keys)).all()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["normal", "hard", "possible"]), data=st.data())
def test_last_two_guesses_tells_unsplittable_from_not_allowed(seed, mode, data):
    """The first guess of L (in order) that splits the set and that the mode allows after
    ``played``; else -1 when no guess of L splits it at all (what the kernel caches per
    node as unsplittable, whatever was played), -2 when only disallowed guesses do.  The
    scan over a d = 3 node's gathered rows gives the same answer, for any list."""
    from wordle_compiler.ext._search import last_two

    ctx = tiny_context(seed, n_answers=12, n_extra=3 + seed % 5)
    solver = Solver(ctx, mode)
    node = np.array(sorted(data.draw(st.sets(st.sampled_from(range(12)), min_size=3, max_size=9))), dtype=np.int64)
    lo = data.draw(st.integers(0, len(node) - 3))
    hi = data.draw(st.integers(lo + 3, len(node)))
    answers = node[lo:hi]
    played = data.draw(st.sampled_from(range(len(ctx.words.guesses)))) if mode != "normal" else -1
    code = int(ctx.matrix[played, answers[0]]) if played >= 0 else 0
    everyone = list(range(len(ctx.words.guesses)))
    legal = np.array(
        data.draw(st.one_of(st.just(everyone), st.lists(st.sampled_from(everyone), unique=True))), dtype=np.int64
    )
    allowed = set(legal_after(ctx, mode, legal, played, code)) if played >= 0 else set(legal)
    splits = [g for g in legal if len({int(ctx.matrix[g, a]) for a in answers}) == len(answers)]
    expected = next((g for g in splits if g in allowed), -1 if not splits else -2)
    assert last_two(solver.engine, node, lo, hi, legal, played, code) == expected
    assert last_two(solver.engine, node, lo, hi, legal, played, code, gathered=True) == expected


def test_last_two_guesses_follows_every_guess_in_the_order_given():
    """Every guess, reordered, is still read in the order given (the in-place scan of the
    matrix's rows is only for every guess in index order)."""
    from wordle_compiler.ext._search import last_two

    ctx = tiny_context(0, n_answers=12, n_extra=3)
    solver = Solver(ctx, "normal")
    node = np.arange(3, dtype=np.int64)
    everyone = np.arange(len(ctx.words.guesses), dtype=np.int64)
    splits = [int(g) for g in everyone if len({int(ctx.matrix[g, a]) for a in node}) == 3]
    assert len(splits) >= 2
    reordered = np.array([splits[1]] + [g for g in everyone if g != splits[1]], dtype=np.int64)
    assert last_two(solver.engine, node, 0, 3, everyone, -1, 0) == splits[0]
    for gathered in (False, True):
        assert last_two(solver.engine, node, 0, 3, reordered, -1, 0, gathered=gathered) == splits[1]


def _node_list(solver, answers, legal, played, code):
    from wordle_compiler.ext._search import legal_after as engine_legal_after

    kept, lh1, lh2 = engine_legal_after(
        solver.engine,
        np.asarray(legal, dtype=np.int64),
        played,
        code,
        answers=np.asarray(sorted(answers), dtype=np.int64),
    )
    return [int(g) for g in kept], (lh1, lh2)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_hard_mode_node_drops_only_guesses_that_play_alike(seed, data):
    """A hard-mode node keeps, in order, the first of the allowed guesses that differ only
    in letters none of its answers has: each one it drops shows every answer the pattern
    an earlier kept guess shows, and every hint its answers can give later allows both or
    neither."""
    ctx = tiny_context(seed, n_answers=10, n_extra=4 + seed % 6, alphabet="abcdefghijklmn")
    solver = Solver(ctx, "hard")
    guesses = list(range(len(ctx.words.guesses)))
    answers = sorted(data.draw(st.sets(st.sampled_from(range(10)), min_size=1, max_size=10)))
    legal = data.draw(st.lists(st.sampled_from(guesses), unique=True))
    played = data.draw(st.sampled_from([-1, *guesses]))
    code = int(ctx.matrix[played, answers[0]]) if played >= 0 else 0
    allowed = (
        [int(g) for g in legal_after(ctx, "hard", np.asarray(legal, dtype=np.int64), played, code)]
        if played >= 0
        else legal
    )
    kept, _ = _node_list(solver, answers, legal, played, code)
    letters = set("".join(ctx.words.answers[a] for a in answers))

    def shape(g):  # the guess with the letters no answer has blotted out
        return "".join(x if x in letters else "*" for x in ctx.words.guesses[g])

    first_of_shape = {}
    for g in allowed:
        first_of_shape.setdefault(shape(g), g)
    assert kept == list(first_of_shape.values())
    hints = {(p, int(ctx.matrix[p, a])) for p in guesses for a in answers}
    for g in allowed:
        twin = first_of_shape[shape(g)]
        assert all(ctx.matrix[g, a] == ctx.matrix[twin, a] for a in answers)
        for p, shown in hints:
            assert len(legal_after(ctx, "hard", np.array([g, twin], dtype=np.int64), p, shown)) != 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_hard_mode_node_list_is_the_same_by_any_path(seed, data):
    """A node's list, and so its memo key, is the same whether its parent dropped its own
    duplicates or not: the parent's duplicates are duplicates for any subset of its
    answers too."""
    ctx = tiny_context(seed, n_answers=12, n_extra=4 + seed % 6, alphabet="abcdefghijklmn")
    solver = Solver(ctx, "hard")
    guesses = list(range(len(ctx.words.guesses)))
    parent = sorted(data.draw(st.sets(st.sampled_from(range(12)), min_size=2, max_size=12)))
    first = data.draw(st.sampled_from(guesses))
    first_code = int(ctx.matrix[first, parent[0]])
    then = data.draw(st.sampled_from(guesses))
    code = int(ctx.matrix[then, parent[-1]])
    child = [a for a in parent if int(ctx.matrix[then, a]) == code]
    parent_list, _ = _node_list(solver, parent, guesses, first, first_code)
    full = [int(g) for g in legal_after(ctx, "hard", np.asarray(guesses, dtype=np.int64), first, first_code)]
    assert _node_list(solver, child, parent_list, then, code) == _node_list(solver, child, full, then, code)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["normal", "hard", "possible"]), data=st.data())
def test_a_search_over_any_list_of_guesses_equals_the_naive_minimiser(seed, mode, data):
    """A list that is not every guess in index order (guesses that are not answers left
    out, the rest shuffled): the same total and depth as the naive minimiser over those
    guesses, in every mode."""
    ctx = tiny_context(seed, n_answers=9, n_extra=4)
    answers = [ctx.guess_index[w] for w in ctx.words.answers]
    extra = [g for g in range(len(ctx.words.guesses)) if g not in answers]
    kept = answers + data.draw(st.lists(st.sampled_from(extra), unique=True)) if extra else answers
    keep = data.draw(st.permutations(kept))
    legal = np.array(keep, dtype=np.int64)
    outcome = Solver(ctx, mode).solve(ctx.all_answers, legal, 4)
    total, deepest = naive_optimal(ctx.words.answers, [ctx.words.guesses[g] for g in keep], mode, 4)
    if total == INF:
        assert outcome.cost >= ENGINE_INF
        assert outcome.guess == -1
    else:
        assert (outcome.cost, outcome.depth) == (total, deepest)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(["normal", "hard"]), data=st.data())
def test_node_keys_are_the_sorted_answers_and_the_zobrist_sums(seed, mode, data):
    ctx = tiny_context(seed, n_answers=12, n_extra=3)
    solver = Solver(ctx, mode)
    answers = data.draw(st.lists(st.sampled_from(list(ctx.all_answers)), unique=True, max_size=12))
    legal = data.draw(st.lists(st.sampled_from(list(ctx.all_guesses)), unique=True, max_size=15))
    S, h1, h2, L, lh1, lh2 = solver.engine.node_keys(answers, legal, mode == "hard")
    expected = np.sort(np.asarray(answers, dtype=np.int64))
    assert S.tolist() == expected.tolist()
    assert L.tolist() == list(legal)
    assert h1 == int(solver.z1[expected].sum(dtype=np.uint64))
    assert h2 == int(solver.z2[expected].sum(dtype=np.uint64))
    list_sums = (int(solver.zg1[L].sum(dtype=np.uint64)), int(solver.zg2[L].sum(dtype=np.uint64)))
    assert (lh1, lh2) == (list_sums if mode == "hard" else (0, 0))


@pytest.mark.parametrize("answers, legal", [([0, -1], [0]), ([0, 12], [0]), ([0], [-3]), ([0], [15])])
def test_node_keys_refuse_indices_out_of_range(answers, legal):
    ctx = tiny_context(5, n_answers=12, n_extra=3)
    with pytest.raises(IndexError):
        Solver(ctx, "hard").engine.node_keys(answers, legal, True)


def test_every_guess_in_order_becomes_the_engines_own_list():
    ctx = tiny_context(6, n_answers=12, n_extra=3)
    engine = Solver(ctx, "normal").engine
    own = engine.legal_list(np.arange(len(ctx.words.guesses)))
    assert engine.legal_list(list(range(len(ctx.words.guesses)))) is own
    assert engine.legal_list(own) is own
    assert engine.legal_list([1, 0, *list(range(2, len(ctx.words.guesses)))]) is not own
