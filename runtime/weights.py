"""Answer weights (format 1.2): how likely each answer is, as the tree was built under them.

A file's optional top-level ``weights`` is a ``bin`` of one little-endian uint32 per
answer, in ``answers`` order.  Their sum must be positive (a mean over weights that are
all zero means nothing) and at most :data:`MAX_WEIGHT_SUM` = 2³² − 1: then every node's
weight sum is itself a uint32, and every node's weighted guess total (at most 255 × the
sum, below 2⁴⁰) is an exact integer in a double, so the expected guesses are one exact
division.  The compiler's weights sum to about 2²⁸, far inside the bound.

The fingerprint (``meta.weights.sha256``) is compared by ``wordle-tree verify``, not by the
loader: ``meta`` is descriptive, the runtime uses only the array, and loading stays free
of hashing.
"""

from __future__ import annotations

import sys
from array import array

from .structure import TreeFormatError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Iterable

    from .structure import TreeData

WEIGHTS_VERSION = (1, 2)  # the first format version with ``weights``
MAX_WEIGHT_SUM = 2**32 - 1
_ITEM = 4  # bytes per weight (uint32)

__all__ = ["MAX_WEIGHT_SUM", "WEIGHTS_VERSION", "pack_weights", "read_weights", "weighted_sums"]


def _check(values: array[int], n_answers: int) -> array[int]:
    if len(values) != n_answers:
        raise TreeFormatError(
            f"'weights' holds {len(values)} weight(s) but the tree has {n_answers} answers "
            f"(one 4-byte weight per answer)"
        )
    total = sum(values)
    if total == 0:
        raise TreeFormatError("'weights' are all zero: at least one answer must have a positive weight")
    if total > MAX_WEIGHT_SUM:
        raise TreeFormatError(f"'weights' sum to {total}, over the limit of {MAX_WEIGHT_SUM} (2^32 - 1)")
    return values


def read_weights(payload: bytes | memoryview, n_answers: int, version: tuple[int, int]) -> array[int]:
    """The weights from a ``bin`` payload (bytes or memoryview), checked: one uint32 per
    answer, sum in 1 .. :data:`MAX_WEIGHT_SUM`, and a file of version 1.2 or later.

    The length is checked on the bytes before any array is built, so a hostile field
    costs nothing beyond the file's own size.  Raises :class:`TreeFormatError`.
    """
    if tuple(version) < WEIGHTS_VERSION:
        raise TreeFormatError(f"'weights' is a format 1.2 field, but the file says version {version[0]}.{version[1]}")
    if len(payload) != _ITEM * n_answers:
        raise TreeFormatError(
            f"'weights' has {len(payload)} bytes; the tree's {n_answers} answers need "
            f"{_ITEM * n_answers} (one 4-byte weight each)"
        )
    values = array("I")
    if values.itemsize != _ITEM:
        raise TreeFormatError(f"this platform's 'I' arrays are not {_ITEM} bytes wide")
    values.frombytes(payload)
    if sys.byteorder == "big":
        values.byteswap()
    return _check(values, n_answers)


def pack_weights(weights: Iterable[int], n_answers: int) -> bytes:
    """``weights`` (integers in answer order) as the field's bytes, after the loader's checks:
    a writer never writes what the loader would refuse.  Raises :class:`TreeFormatError`."""
    try:
        values = weights if isinstance(weights, array) and weights.typecode == "I" else array("I", weights)
    except (OverflowError, TypeError):
        raise TreeFormatError("every weight must be an integer from 0 to 2^32 - 1") from None
    if values.itemsize != _ITEM:
        raise TreeFormatError(f"this platform's 'I' arrays are not {_ITEM} bytes wide")
    _check(values, n_answers)
    if sys.byteorder == "big":
        values = array("I", values)
        values.byteswap()
    return values.tobytes()


def weighted_sums(data: TreeData) -> tuple[array[int], array[int]]:
    """Per node *i*: the weight of the answers solved at or below it, *W(i)*, and the weighted
    guess total *T(i)* = Σ weight × guesses from node *i* on (its own guess included).

    *W(i)* = [weight of the answer node *i* solves] + Σ *W(c)* and *T(i)* = *W(i)* + Σ *T(c)*
    over the children *c*: the recurrence of ``subtree_total`` with weights for counts.
    One loop over node ids from the last (children come after their parents), no recursion;
    ``data`` must already have passed ``check_structure``.  *W* fits a uint32 because the
    weights' sum does; *T* ≤ 255 × *W* needs 64 bits.
    """
    n_nodes = data.n_nodes
    weights, node_answer = data.weights, data.node_answer
    if weights is None:
        raise ValueError("the tree has no weights")
    start, children = data.child_start, data.edge_child
    weight = array("I", [0]) * n_nodes
    total = array("Q", [0]) * n_nodes
    for node in range(n_nodes - 1, -1, -1):
        answer = node_answer[node]
        below = weights[answer] if answer >= 0 else 0
        lo, hi = start[node], start[node + 1]
        if lo == hi:  # a leaf, most of the nodes: one guess for its one answer
            weight[node] = total[node] = below
            continue
        below_total = 0
        for child in children[lo:hi]:
            below += weight[child]
            below_total += total[child]
        weight[node] = below
        total[node] = below_total + below  # every answer below pays this node's guess
    return weight, total
