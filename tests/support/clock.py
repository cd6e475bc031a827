"""A clock the tests move by hand, for code that takes its clock as an argument."""

from __future__ import annotations


class ManualClock:
    """Reads ``now``, which the test sets or advances."""

    def __init__(self, now: float = 0.0):
        self.now = now

    def __call__(self) -> float:
        return self.now
