"""The fixed pseudo-random words behind the Zobrist tables and the cache's spot checks."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from wordle_compiler.util.splitmix import below, splitmix64

MASK = 2**64 - 1


def scalar_splitmix64(seed: int, count: int) -> list[int]:
    """SplitMix64 one word at a time, in Python integers (the published algorithm)."""
    out, state = [], seed
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


def test_the_published_first_words_for_seed_zero():
    assert [int(x) for x in splitmix64(0, 3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@given(st.integers(0, MASK), st.integers(0, 40))
def test_the_vectorised_words_are_the_scalar_ones(seed, count):
    words = splitmix64(seed, count)
    assert words.dtype == np.uint64
    assert [int(x) for x in words] == scalar_splitmix64(seed, count)


@given(st.integers(0, 2**32), st.integers(1, 2**24))
def test_below_stays_in_range(seed, bound):
    picks = below(seed, 64, bound)
    assert picks.dtype == np.int64
    assert picks.min() >= 0
    assert picks.max() < bound
