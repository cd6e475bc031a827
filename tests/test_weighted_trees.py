"""Trees built under answer weights (format 1.2): the file keeps the weights, and trees
without them keep their bytes."""

from pathlib import Path

import msgpack
import pytest

from conftest import WEIGHTS_SOURCE
from wordle_runtime.format import pack_tree, read_tree_file, unpack_tree

TREES = Path(__file__).resolve().parent.parent / "trees"


def _doc(blob):
    return msgpack.unpackb(blob, raw=False)


# ----------------------------------------------------------------------------- the file

def test_a_weighted_tree_is_format_1_2_and_round_trips_byte_identical(weighted_build, weighted_tree_bytes):
    result, weights = weighted_build
    doc = _doc(weighted_tree_bytes)
    assert doc["format_version"] == [1, 2]
    assert set(doc) == {"format", "format_version", "meta", "answers", "guesses", "tree", "mode", "guess_list",
                        "weights"}
    raw = doc["weights"]
    assert len(raw) == 4 * len(doc["answers"])
    assert [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)] == list(weights.values)
    data = unpack_tree(weighted_tree_bytes)
    assert data.format_version == (1, 2) and list(data.weights) == list(weights.values)
    assert pack_tree(data) == weighted_tree_bytes
    assert data.meta["weights"] == {"source": WEIGHTS_SOURCE, "sha256": weights.sha256,
                                    "effective_answers": weights.summary()["effective_answers"]}
    assert data.meta["stats"]["expected_guesses"] == round(weights.expected_guesses(result.report.depths), 6)


def test_saving_again_keeps_the_weights(weighted_build, weighted_tree_bytes, tmp_path):
    from wordle_compiler import api

    result, _ = weighted_build
    assert api.save(result, tmp_path / "a.wtree") == len(weighted_tree_bytes)
    assert (tmp_path / "a.wtree").read_bytes() == weighted_tree_bytes
    api.save(read_tree_file(tmp_path / "a.wtree"), tmp_path / "b.wtree")  # a loaded tree, written again
    assert (tmp_path / "b.wtree").read_bytes() == weighted_tree_bytes


@pytest.mark.parametrize("name", sorted(p.name for p in TREES.glob("*.wtree")))
def test_trees_without_weights_keep_their_bytes(name):
    blob = (TREES / name).read_bytes()
    data = unpack_tree(blob)
    assert data.weights is None and data.subtree_weight is None and data.format_version == (1, 1)
    assert pack_tree(data) == blob
    assert "weights" not in _doc(blob) and "weights" not in data.meta


def test_an_unweighted_build_is_still_1_1(small_tree_bytes):
    assert _doc(small_tree_bytes)["format_version"] == [1, 1]
    assert "expected_guesses" not in unpack_tree(small_tree_bytes).meta["stats"]


def test_weights_that_do_not_fit_the_answers_are_a_build_error(ctx):
    from wordle_compiler.core.config import BuildConfig
    from wordle_compiler.core.errors import BuildError
    from wordle_compiler.core.weights import Weights
    from wordle_compiler.pipeline.compile import compile_tree

    for values, message in [((1, 2, 3), "give 3 answers, the answer list has 2315"),
                            ((0,) * 2315, "sum from 1 to 4294967295")]:
        with pytest.raises(BuildError, match=message) as error:
            compile_tree(BuildConfig(strategy="most-parts", start="salet", weights=Weights(values, "x")), ctx)
        assert "\n" not in str(error.value)
