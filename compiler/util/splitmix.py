"""Deterministic 64-bit words without ``numpy.random``, whose import alone is a noticeable
share of a short command's start-up: the exact build's
Zobrist tables and the matrix cache's spot checks need fixed pseudo-random numbers,
not a generator.  SplitMix64 (Steele, Lea and Flood 2014; the seeding step of Java's
``SplittableRandom`` and of xoshiro), vectorised over a counter."""

from __future__ import annotations

import numpy as np

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


def splitmix64(seed: int, count: int) -> np.ndarray:
    """``count`` words of the SplitMix64 sequence started at ``seed`` (``uint64[count]``)."""
    state = np.arange(1, count + 1, dtype=np.uint64) * _GAMMA + np.uint64(seed % 2**64)  # wraps mod 2^64
    state = (state ^ (state >> np.uint64(30))) * _MIX1
    state = (state ^ (state >> np.uint64(27))) * _MIX2
    return state ^ (state >> np.uint64(31))


def below(seed: int, count: int, bound: int) -> np.ndarray:
    """``count`` integers in ``[0, bound)`` (``int64``), from :func:`splitmix64`; the
    modulo bias is below 2^-40 for any bound under 2^24, plenty for picking cells."""
    return (splitmix64(seed, count) % np.uint64(bound)).astype(np.int64)
