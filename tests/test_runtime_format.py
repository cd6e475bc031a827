"""Format 1.1: the guess list, the mode, per-node subtree stats, and reading 1.0 files."""

from array import array

import msgpack
import pytest

from wordle_runtime import TreeFormatError, load
from wordle_runtime.format import PLAIN_VERSION, pack_tree, read_tree_file, unpack_tree
from wordle_runtime.rules import GuessList, code_word, word_code
from wordle_runtime.tree import Tree, default_tree_path

WORDS = ["aahed", "cigar", "rebut", "salet", "zymic"]


@pytest.fixture(scope="module")
def data():
    return read_tree_file(default_tree_path())


def _doc(blob):
    return msgpack.unpackb(blob, raw=False)


def _repack(doc):
    return msgpack.packb(doc, use_bin_type=True)


def test_word_codes_are_alphabetical_base26():
    assert word_code("aaaaa") == 0
    assert word_code("aahed") == 7 * 26**2 + 4 * 26 + 3
    assert word_code("zzzzz") == 26**5 - 1
    assert [code_word(word_code(w)) for w in WORDS] == WORDS
    assert sorted(WORDS, key=word_code) == sorted(WORDS)


def test_guess_list_bytes_round_trip_and_membership():
    guess_list = GuessList.from_words([*WORDS, "salet"])  # duplicates are dropped
    blob = guess_list.to_bytes()
    assert len(blob) == 3 * len(WORDS)
    assert blob[:3] == word_code("aahed").to_bytes(3, "big")
    again = GuessList.from_bytes(blob)
    assert again.words() == WORDS
    assert list(again) == WORDS
    assert "cigar" in again
    assert "cigas" not in again
    assert "CIGAR" not in again
    assert 5 not in again


@pytest.mark.parametrize(
    "blob,message",
    [
        (b"\x00\x00\x01\x00", "multiple of 3"),
        (b"", "1 to"),
        (b"\x00\x00\x02\x00\x00\x01", "strictly increasing"),
        (b"\x00\x00\x02\x00\x00\x02", "strictly increasing"),
        ((26**5).to_bytes(3, "big"), "not a five-letter word"),
    ],
)
def test_bad_guess_lists_are_refused(blob, message):
    with pytest.raises(ValueError, match=message):
        GuessList.from_bytes(blob)


def test_written_files_are_version_1_1_with_all_new_fields(data):
    blob = pack_tree(data)
    doc = _doc(blob)
    assert doc["format_version"] == list(PLAIN_VERSION) == [1, 1]  # no weights: still 1.1
    assert doc["mode"] == "normal"
    assert set(doc["tree"]) >= {"subtree_total", "subtree_depth"}
    again = unpack_tree(blob)
    assert pack_tree(again) == blob  # deterministic, byte-identical round trip
    assert again.subtree_total[0] == data.meta["stats"]["total_guesses"]
    assert again.subtree_depth[0] == data.meta["stats"]["max_depth"]


def _brute_force_stats(data):
    """Each node's (answers below, guess total, depth) by replaying every answer's path."""
    stats = {}
    parent = {}
    for node in range(data.n_nodes):
        for edge in range(data.child_start[node], data.child_start[node + 1]):
            parent[data.edge_child[edge]] = node
    for node in range(data.n_nodes):
        if data.node_answer[node] < 0:
            continue
        path = [node]
        while path[-1] in parent:
            path.append(parent[path[-1]])
        for guesses_from_there, ancestor in enumerate(path, start=1):
            count, total, depth = stats.get(ancestor, (0, 0, 0))
            stats[ancestor] = (count + 1, total + guesses_from_there, max(depth, guesses_from_there))
    return stats


def test_subtree_stats_match_a_brute_force_replay(data):
    loaded = unpack_tree(pack_tree(data))
    expected = _brute_force_stats(loaded)
    for node in range(loaded.n_nodes):
        assert (loaded.subtree_answers[node], loaded.subtree_total[node], loaded.subtree_depth[node]) == expected[
            node
        ], node


def test_position_reports_expected_guesses_from_the_stats(data):
    tree = Tree(unpack_tree(pack_tree(data)))
    root = tree.position([])
    assert root.expected_guesses == pytest.approx(7920 / 2315)
    assert root.max_guesses == 5
    after = tree.position("salet bbbbb")
    assert after.on_tree
    assert after.max_guesses <= 4
    assert after.expected_guesses * len(after.candidates) == pytest.approx(
        sum(len(_path_to(tree, answer)) for answer in after.candidates) - len(after.candidates)
    )
    assert tree.position("crane bbbbb").expected_guesses is None  # off the tree: no claim


def _path_to(tree, answer):
    """The guesses the tree plays for ``answer`` (via the public API)."""
    from wordle_runtime import score

    history = []
    while True:
        guess = tree.next_guess(history)
        if guess is None:
            return history
        history.append((guess, score(guess, answer)))


def _tamper(blob, fn):
    doc = _doc(blob)
    fn(doc)
    return _repack(doc)


def _set_stat(name, index, value, typecode):
    def fn(doc):
        values = array(typecode)
        values.frombytes(doc["tree"][name])
        values[index] = value
        doc["tree"][name] = values.tobytes()

    return fn


@pytest.mark.parametrize(
    "name,mutation,message",
    [
        ("total off by one", _set_stat("subtree_total", 0, 7921, "I"), "subtree_total"),
        ("depth wrong", _set_stat("subtree_depth", 5, 9, "B"), "subtree_depth"),
        ("stats missing", lambda d: d["tree"].pop("subtree_total"), "subtree_total"),
        ("stats ragged", lambda d: d["tree"].update(subtree_total=b"\x00" * 5), "multiple of 4"),
        ("mode missing", lambda d: d.pop("mode"), "'mode' and 'guess_list'"),
        ("guess list missing", lambda d: d.pop("guess_list"), "'mode' and 'guess_list'"),
        ("mode unknown", lambda d: d.update(mode="easy"), "'mode' must be one of"),
        ("mode disagrees with meta", lambda d: d.update(mode="hard"), "meta.mode says"),
        (
            "guess list unsorted",
            lambda d: d.update(guess_list=d["guess_list"][3:6] + d["guess_list"][:3]),
            "strictly increasing",
        ),
        ("guess list not binary", lambda d: d.update(guess_list=["salet"]), "not binary"),
        ("answers unsorted", lambda d: d.update(answers=d["answers"][::-1]), "alphabetical"),
        ("duplicate key", None, "twice"),
    ],
)
def test_tampered_1_1_files_are_refused(data, name, mutation, message):
    blob = pack_tree(data)
    if mutation is None:  # msgpack maps from Python dicts cannot repeat a key: splice one in
        assert blob[0] == 0x88  # fixmap of 8 entries
        blob = b"\x89" + blob[1:] + msgpack.packb("mode") + msgpack.packb("hard")
    else:
        blob = _tamper(blob, mutation)
    with pytest.raises(TreeFormatError, match=message):
        unpack_tree(blob)


def test_a_1_0_file_still_loads_and_plays(data):
    def to_1_0(doc):
        doc["format_version"] = [1, 0]
        for key in ("mode", "guess_list"):
            doc.pop(key)
        for key in ("subtree_total", "subtree_depth"):
            doc["tree"].pop(key)

    old = unpack_tree(_tamper(pack_tree(data), to_1_0))
    assert old.format_version == (1, 0)
    assert old.mode is None
    assert old.guess_list is None
    tree = Tree(old)
    assert tree.next_guess("salet bbbbb") == load().next_guess("salet bbbbb")
    assert tree.position([]).expected_guesses == pytest.approx(7920 / 2315)  # computed on load
    assert tree.position("qqqqq bbbbb").guess  # 1.0 has no guess list: any five letters pass


def test_newer_minor_with_unknown_fields_loads_with_a_warning(data):
    blob = _tamper(
        pack_tree(data),
        lambda d: (
            d.update(format_version=[1, 7], future={"x": [1] * 1000}),
            d["tree"].update(future_array=b"\x00" * 100),
        ),
    )
    with pytest.warns(UserWarning, match="newer"):
        assert unpack_tree(blob).n_nodes == data.n_nodes


def test_pack_refuses_what_the_loader_would(data):
    bad = unpack_tree(pack_tree(data))
    solving = [node for node in range(bad.n_nodes) if bad.node_answer[node] >= 0][:2]
    a, b = solving
    bad.node_answer[a], bad.node_answer[b] = bad.node_answer[b], bad.node_answer[a]
    with pytest.raises(TreeFormatError, match="claims to solve"):
        pack_tree(bad)
    bad = unpack_tree(pack_tree(data))
    bad.meta = dict(bad.meta, mode="easy")
    bad.mode = None
    with pytest.raises(TreeFormatError, match="mode"):
        pack_tree(bad)


def test_extension_types_are_refused_where_decoded_and_never_decoded_elsewhere(data):
    """A known field holding an ext type is refused; an unknown field is skipped undecoded,
    so an ext type inside it is never handed to any hook (FORMAT.md, "Container")."""
    ext = msgpack.ExtType(5, b"payload")
    in_meta = _tamper(pack_tree(data), lambda d: d["meta"].update(extra=ext))
    with pytest.raises(TreeFormatError, match="may hold only nil, bool, int, float, text"):
        unpack_tree(in_meta)
    in_mode = _tamper(pack_tree(data), lambda d: d.update(mode=ext))
    with pytest.raises(TreeFormatError, match="'mode' is not a valid value"):
        unpack_tree(in_mode)
    in_unknown = _tamper(pack_tree(data), lambda d: d.update(format_version=[1, 8], future=[ext]))
    with pytest.warns(UserWarning, match="newer"):
        assert unpack_tree(in_unknown).n_nodes == data.n_nodes
