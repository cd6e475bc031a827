"""The loader never trusts a file: hostile inputs raise TreeFormatError and nothing else."""

import random
from array import array
from contextlib import suppress

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordle_runtime import TreeFormatError
from wordle_runtime.format import FORMAT_VERSION, pack_tree, unpack_tree


def _doc(blob):
    return msgpack.unpackb(blob, raw=False)


def _repack(doc):
    return msgpack.packb(doc, use_bin_type=True)


def test_round_trip_is_byte_identical(small_tree_bytes):
    data = unpack_tree(small_tree_bytes)
    assert pack_tree(data) == small_tree_bytes


@pytest.mark.long
def test_truncations_and_bit_flips(small_tree_bytes):
    rng = random.Random(1234)
    blob = small_tree_bytes
    for cut in list(range(200)) + [rng.randrange(len(blob)) for _ in range(300)]:
        with pytest.raises(TreeFormatError):
            unpack_tree(blob[:cut])
    for _ in range(1500):
        mutated = bytearray(blob)
        for _ in range(rng.randint(1, 4)):
            mutated[rng.randrange(len(mutated))] ^= 1 << rng.randrange(8)
        with suppress(TreeFormatError):  # a flip inside a word or meta value may still be a valid file
            unpack_tree(bytes(mutated))


def _mutate(blob, fn):
    doc = _doc(blob)
    fn(doc)
    return _repack(doc)


def _set_array(name, values, typecode):
    def fn(doc):
        doc["tree"][name] = array(typecode, values).tobytes()

    return fn


HOSTILE = {
    "not a map": lambda b: _repack([1, 2, 3]),
    "foreign format": lambda b: _mutate(b, lambda d: d.update(format="other")),
    "major version": lambda b: _mutate(b, lambda d: d.update(format_version=[FORMAT_VERSION[0] + 1, 0])),
    "bad version type": lambda b: _mutate(b, lambda d: d.update(format_version="1.0")),
    "int keys": lambda b: msgpack.packb({1: 2}),
    "ext type": lambda b: msgpack.packb({"format": msgpack.ExtType(5, b"xx")}),
    "huge declared array": lambda b: b"\xdd\xff\xff\xff\xff",
    "huge declared bin": lambda b: b"\xc6\xff\xff\xff\xf0abc",
    "deep nesting": lambda b: b"\x91" * 100_000 + b"\x00",
    "meta deep": lambda b: _mutate(b, lambda d: d.update(meta={"a": [[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]})),
    "answers not words": lambda b: _mutate(b, lambda d: d.update(answers=["ab", "cdefg"])),
    "duplicate answers": lambda b: _mutate(b, lambda d: d.update(answers=d["answers"][:1] * 2)),
    "tree missing": lambda b: _mutate(b, lambda d: d.pop("tree")),
    "array wrong type": lambda b: _mutate(b, lambda d: d["tree"].update(node_guess=[0, 1])),
    "ragged array": lambda b: _mutate(b, lambda d: d["tree"].update(node_guess=b"\x00\x00\x00")),
    "child before parent": lambda b: _mutate(
        b, lambda d: d["tree"].update(edge_child=array("I", [0] * (len(d["tree"]["edge_child"]) // 4)).tobytes())
    ),
    "out of range guess": lambda b: _mutate(
        b, lambda d: d["tree"].update(node_guess=array("I", [10**6] * (len(d["tree"]["node_guess"]) // 4)).tobytes())
    ),
    "offsets not monotone": lambda b: _mutate(
        b,
        lambda d: d["tree"].update(
            child_start=array("I", [0] + [7] * (len(d["tree"]["child_start"]) // 4 - 2) + [3]).tobytes()
        ),
    ),
    "all-green edge": lambda b: _mutate(
        b, lambda d: d["tree"].update(edge_pattern=bytes([242]) + d["tree"]["edge_pattern"][1:])
    ),
    "answer solved twice": lambda b: _mutate(
        b, lambda d: d["tree"].update(node_answer=array("i", [0] * (len(d["tree"]["node_answer"]) // 4)).tobytes())
    ),
    "empty": lambda b: b"",
    "cycle": lambda b: _cycle(b),  # noqa: PLW0108 - _cycle is defined further down
}


def _cycle(blob):
    doc = _doc(blob)
    children = array("I")
    children.frombytes(doc["tree"]["edge_child"])
    children[-1] = 1  # second parent for node 1 / points back up the tree
    doc["tree"]["edge_child"] = children.tobytes()
    return _repack(doc)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_files(name, small_tree_bytes):
    with pytest.raises(TreeFormatError):
        unpack_tree(HOSTILE[name](small_tree_bytes))


def test_newer_minor_loads_with_one_warning(small_tree_bytes):
    blob = _mutate(small_tree_bytes, lambda d: d.update(format_version=[1, 99], extra=1))
    with pytest.warns(UserWarning, match="newer"):
        unpack_tree(blob)


# ----------------------------------------------------------------------------- weights (1.2)


def _set_weights(values):
    def fn(doc):
        doc["weights"] = array("I", values).tobytes()

    return fn


def _n_answers(doc):
    return len(doc["answers"])


BAD_WEIGHTS = {
    "one weight short": (
        lambda d: _set_weights([1] * (_n_answers(d) - 1))(d),
        "'weights' has 9256 bytes; the tree's 2315 answers need 9260 (one 4-byte weight each)",
    ),
    "one weight too many": (lambda d: _set_weights([1] * (_n_answers(d) + 1))(d), "'weights' has 9264 bytes"),
    "not a whole weight": (lambda d: d.update(weights=d["weights"] + b"\x00"), "'weights' has 9261 bytes"),
    "in a 1.1 file": (
        lambda d: d.update(format_version=[1, 1]),
        "'weights' is a format 1.2 field, but the file says version 1.1",
    ),
    "in a 1.0 file": (lambda d: d.update(format_version=[1, 0]), "'weights' is a format 1.2 field"),
    "all zero": (
        lambda d: _set_weights([0] * _n_answers(d))(d),
        "'weights' are all zero: at least one answer must have a positive weight",
    ),
    "sum past 2^32 - 1": (
        lambda d: _set_weights([2**31] * _n_answers(d))(d),
        f"'weights' sum to {2315 * 2**31}, over the limit of 4294967295 (2^32 - 1)",
    ),
    "sum just past the bound": (
        lambda d: _set_weights([2**32 - 1, 1] + [0] * (_n_answers(d) - 2))(d),
        "over the limit of 4294967295",
    ),
    "a list, not bin": (lambda d: d.update(weights=[1] * _n_answers(d)), "'weights' is not binary"),
    "text, not bin": (lambda d: d.update(weights="1,2,3"), "'weights' is not binary"),
    "oversized": (lambda d: d.update(weights=b"\x01" * (8 * 1024 * 1024)), "'weights' has 8388608 bytes"),
}


@pytest.mark.parametrize("name", sorted(BAD_WEIGHTS))
def test_malformed_weights_are_refused_in_one_line(name, weighted_tree_bytes):
    mutation, message = BAD_WEIGHTS[name]
    with pytest.raises(TreeFormatError) as error:
        unpack_tree(_mutate(weighted_tree_bytes, mutation))
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_weights_at_the_bound_load(weighted_tree_bytes):
    """A sum of exactly 2^32 - 1 is the largest allowed, and a 1.2 file may leave weights out."""
    bound = _mutate(weighted_tree_bytes, lambda d: _set_weights([2**32 - 1] + [0] * (_n_answers(d) - 1))(d))
    data = unpack_tree(bound)
    guesses, rest = divmod(data.subtree_weighted_total[0], 2**32 - 1)  # all the weight on one answer
    assert data.subtree_weight[0] == 2**32 - 1
    assert rest == 0
    assert 1 <= guesses <= 6
    without = unpack_tree(_mutate(weighted_tree_bytes, lambda d: d.pop("weights")))
    assert without.format_version == (1, 2)
    assert without.weights is None
    assert without.subtree_weight is None


@pytest.mark.long
def test_weighted_truncations_and_bit_flips(weighted_tree_bytes):
    """Cuts and flips anywhere, the weights included: refused with TreeFormatError or loaded."""
    rng = random.Random(99)
    blob = weighted_tree_bytes
    start = blob.index(b"weights")
    for cut in list(range(start, start + 40)) + [rng.randrange(len(blob)) for _ in range(200)]:
        with pytest.raises(TreeFormatError):
            unpack_tree(blob[:cut])
    for _ in range(800):
        mutated = bytearray(blob)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(start, len(mutated)) if rng.random() < 0.5 else rng.randrange(len(mutated))
            mutated[at] ^= 1 << rng.randrange(8)
        try:
            data = unpack_tree(bytes(mutated))
        except TreeFormatError:
            continue
        if data.weights is not None:
            assert 0 < sum(data.weights) <= 2**32 - 1
            assert len(data.weights) == len(data.answers)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes(blob):
    with pytest.raises(TreeFormatError):
        unpack_tree(blob)


json_like = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=8) | st.binary(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=20,
)


@pytest.mark.long
@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["format", "format_version", "meta", "answers", "guesses", "tree"]), json_like, max_size=6
    )
)
def test_random_structures(doc):
    with pytest.raises(TreeFormatError):
        unpack_tree(msgpack.packb(doc, use_bin_type=True))


# ----------------------------------------------------------------------------- meta

META_KEYS = [
    "strategy",
    "config",
    "mode",
    "max_depth",
    "optimality",
    "word_lists",
    "compiler",
    "stats",
    "built_at",
    "weights",
    "extra",
]
meta_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=12)
    | st.binary(max_size=4)
    | st.sampled_from(["normal", "hard", "optimal", "heuristic", "/etc/passwd", "salet"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    *META_KEYS,
                    "answers",
                    "guesses",
                    "histogram",
                    "start",
                    "opening",
                    "name",
                    "sha256",
                    "source",
                    "effective_answers",
                    "expected_guesses",
                ]
            ),
            children,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def default_doc():
    from wordle_runtime.format import read_tree_file
    from wordle_runtime.tree import default_tree_path

    return _doc(pack_tree(read_tree_file(default_tree_path())))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(meta=st.dictionaries(st.sampled_from(META_KEYS), meta_values, max_size=5) | meta_values)
def test_random_meta_loads_or_is_refused_and_the_runtime_cli_copes(default_doc, tmp_path, meta):
    """Any meta: the loader raises only TreeFormatError; a file that loads has a meta of
    the schema's types, and wordle-next on it exits with a documented code."""
    from wordle_runtime.cli import main as next_main
    from wordle_runtime.meta import check_meta

    blob = _repack({**default_doc, "meta": meta})
    try:
        data = unpack_tree(blob)
    except TreeFormatError:
        return
    check_meta(data.meta)
    path = tmp_path / "meta.wtree"
    path.write_bytes(blob)
    assert next_main(["--tree", str(path), "salet", "bbbbb"]) in (0, 1, 2)
