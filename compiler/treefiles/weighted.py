"""A tree file's own answer weights (format 1.2), as the compiler's :class:`Weights`, and
the checks of what ``meta`` claims about them.

The file's ``weights`` array is what readers use; ``meta.weights`` (source, fingerprint,
effective answers) and ``meta.stats.expected_guesses`` only describe it, so they are
compared here, by ``wordle-tree verify``, as the other claims in ``meta`` are.
"""

from __future__ import annotations

from ..core.weights import Weights
from . import metaview

UNRECORDED_SOURCE = "source not recorded"


def tree_weights(data) -> Weights | None:
    """The weights stored in ``data`` (a loaded tree file) with the source its ``meta`` names,
    or None for a tree without weights."""
    values = getattr(data, "weights", None)
    if values is None:
        return None
    source = metaview.get(data.meta, "weights", "source", kind=str) or UNRECORDED_SOURCE
    return Weights(tuple(values), source)


def weights_doc(data) -> dict | None:
    """What ``wordle-tree info`` shows of a tree's weights: the source, the fingerprint
    computed from the array (16 hex digits) and whether ``meta`` names the same one, the
    effective number of answers, and the expected guesses at the root under them (from
    the loader's per-node sums; None if every weight is 0); None for a tree without weights."""
    weights = tree_weights(data)
    if weights is None:
        return None
    claimed = metaview.get(data.meta, "weights", "sha256", kind=str)
    weight, total = data.subtree_weight, data.subtree_weighted_total
    if weight is None:  # a TreeData that did not come through the loader
        from wordle_runtime.weights import weighted_sums

        weight, total = weighted_sums(data)
    expected = total[0] / weight[0] if weight[0] else None
    return {
        **weights.summary(),
        "sha256_matches_meta": None if claimed is None else claimed == weights.sha256,
        "expected_guesses": None if expected is None else round(expected, 6),
    }


def weight_claims(data, report) -> list[str]:
    """What ``meta`` claims about the weights and the replay (``report``) contradicts: the
    fingerprint, the effective answers and the weighted expected guesses; meta describing
    weights that the file does not hold."""
    weights = tree_weights(data)
    claimed = metaview.get(data.meta, "weights", kind=dict)
    claimed_expected = metaview.get(data.meta, "stats", "expected_guesses")
    if weights is None:
        if claimed is not None or claimed_expected is not None:
            return ["meta describes answer weights (meta.weights or stats.expected_guesses), but the file holds none"]
        return []
    problems = []
    sha = metaview.get(claimed, "sha256", kind=str)
    if sha is not None and sha != weights.sha256:
        problems.append(
            f"meta.weights.sha256 is {sha[:16]}…, but the file's weights have "
            f"{weights.sha256[:16]}… (sha256 of the decimal weights joined by commas)"
        )
    effective = metaview.get(claimed, "effective_answers")
    if effective is not None and effective != weights.summary()["effective_answers"]:
        problems.append(
            f"meta claims weights.effective_answers = {metaview.shown(effective)}, the file's "
            f"weights give {weights.summary()['effective_answers']}"
        )
    if claimed_expected is not None and not report.failures and sum(weights.values):
        measured = round(weights.expected_guesses(report.depths), 6)
        if claimed_expected != measured:
            problems.append(
                f"meta claims expected_guesses = {metaview.shown(claimed_expected)}, the replay "
                f"measured {measured} under the file's weights"
            )
    return problems
