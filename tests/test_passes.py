"""The two full-pass kernels against a plain numpy count, on the real matrix.

The naive-minimiser tests use tiny lists, where every pass is by pairs; these draw
sets of every size the search meets (up to the whole list) and guess lists that are
all guesses (normal mode) or a sorted subset (hard mode), including lengths that
are not a multiple of the histogram's chunk.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordle_compiler.search import Solver
from wordle_compiler.search.passes import HIST_CHUNK, scratch_bytes
from wordle_runtime.feedback import ALL_GREEN


@pytest.fixture(scope="module")
def engine(ctx):
    return Solver(ctx, "normal").engine


def expected(ctx, S, L):
    """parts, Σc² and 'the guess is in S' per guess of L, counted with numpy."""
    parts, sumsq, in_set = [], [], []
    for g in L:
        counts = np.bincount(ctx.matrix[g, S], minlength=243)
        parts.append(np.count_nonzero(counts))
        sumsq.append(int((counts.astype(np.int64) ** 2).sum()))
        in_set.append(int(counts[ALL_GREEN] > 0))
    return np.array(parts), np.array(sumsq), np.array(in_set)


@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_both_passes_count_like_numpy(ctx, engine, data):
    n_answers, n_guesses = len(ctx.words.answers), len(ctx.words.guesses)
    n = data.draw(st.sampled_from([1, 2, 7, 47, 48, 49, 150, 400, n_answers]), label="n")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    rng = np.random.default_rng(seed)
    S = np.sort(rng.choice(n_answers, n, replace=False)).astype(np.int64)
    identity = data.draw(st.booleans(), label="all guesses")
    if identity:
        L = np.arange(n_guesses, dtype=np.int64)
    else:  # a hard-mode-like legal list: any length, often not a multiple of the chunk
        m = data.draw(st.sampled_from([1, HIST_CHUNK - 1, HIST_CHUNK, HIST_CHUNK + 1, 700]), label="m")
        L = np.sort(rng.choice(n_guesses, m, replace=False)).astype(np.int64)
    L_check = L if len(L) <= 800 else L[rng.choice(len(L), 800, replace=False)]
    want = expected(ctx, S, L_check)
    where = np.searchsorted(L, L_check)
    scratch = np.empty(scratch_bytes(ctx), dtype=np.uint8)
    kernels = [lambda out: engine.score(S, L, *out, scratch, pass_kind="histogram")]
    if n < 256 and n * len(L) <= len(scratch):  # the pairs pass's domain: its rows fit, counts < 256
        kernels.append(lambda out: engine.score(S, L, *out, scratch, pass_kind="pairs"))
    for run in kernels:
        scratch[:] = 0xAB  # whatever the other kernel left there
        out = tuple(np.full(len(L), -1, dtype=np.int64) for _ in range(3))
        run(out)
        for got, exp in zip(out, want, strict=True):
            np.testing.assert_array_equal(got[where], exp)
