"""The uneven answer weights of the weighted-tree tests: every seventh answer weighs 0, so a
tree built under them exercises format 1.2's ``weights`` and the zero-weight fallback."""

from __future__ import annotations

# The source name the weights carry into a tree's meta (as a weights file's would).
WEIGHTS_SOURCE = "file test-weights.txt"


def raw_test_weights(n_answers: int) -> list[int]:
    """The raw weight of each answer (answer order) behind the ``weighted_build`` fixture."""
    return [0 if i % 7 == 0 else 1 + i % 5 for i in range(n_answers)]
