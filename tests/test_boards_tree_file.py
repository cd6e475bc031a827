"""Multi-board trees in the tree file (format 3.0, FORMAT.md "Changes in 3.0"): written by
``wordle-compile --boards K -o FILE.wtree``, read back by the runtime's loader, walked by
``wordle-next --tree``, read by ``wordle-tree info``, ``verify`` and ``export``; every
corruption refused in one line; single-board files keep their bytes."""

from __future__ import annotations

import itertools
import json
import re
from array import array

import msgpack
import pytest

from clirun import one_line_error, run, run_binary
from wordle_runtime import TreeFormatError
from wordle_runtime.boards_format import pack_boards_tree
from wordle_runtime.boards_structure import LOST, SOLVED, BoardsTreeData
from wordle_runtime.boards_tree import BoardsTree, load_any
from wordle_runtime.feedback import score
from wordle_runtime.format import pack_tree, read_tree_file, unpack_any, unpack_tree
from wordle_runtime.tree import Tree, load, resolve_tree, shipped_trees

WORDS = ["cigar", "rebut", "sissy", "humph", "awake", "blush"]


def _compile(tmp_path, name, *extra):
    """``wordle-compile --boards 2`` over :data:`WORDS` to ``tmp_path / name``: (path, figures)."""
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    lists = ("--answers", answers, "--guesses", answers)
    out = tmp_path / name
    done = run(
        "wordle-compile", "--boards", 2, *lists, "--strategy", "optimal", "--json", "-o", out, *extra, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    return out, json.loads(done.stdout)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return _compile(tmp_path_factory.mktemp("boards"), "dordle.wtree")


@pytest.fixture(scope="module")
def lossy(tmp_path_factory):
    """Three boards in three guesses, objective win: some tuples are lost."""
    return _compile(
        tmp_path_factory.mktemp("lossy"), "lossy.wtree", "--boards", 3, "--objective", "win", "--max-depth", 3
    )


def _doc(path):
    return msgpack.unpackb(path.read_bytes(), raw=False)


# --- the file and its loader -----------------------------------------------------------------


def test_the_file_is_format_3_and_round_trips_byte_for_byte(built):
    path, figures = built
    blob = path.read_bytes()
    doc = _doc(path)
    assert doc["format_version"] == [3, 0]
    assert (doc["boards"], doc["limit"], doc["objective"], doc["mode"]) == (2, 7, "total", "normal")
    assert doc["answers"] == sorted(WORDS)
    data = unpack_any(blob)
    assert isinstance(data, BoardsTreeData)
    again = pack_boards_tree(data)
    assert again == blob
    twice = unpack_any(again)
    for name in ("node_guess", "child_start", "edge_pattern", "edge_child", "edge_tuples", "subtree_total"):
        assert getattr(twice, name) == getattr(data, name), name
    assert (data.subtree_solved[0], data.subtree_lost[0]) == (figures["solved"], figures["lost"]) == (30, 0)
    assert data.subtree_total[0] == figures["total_guesses"]
    assert data.subtree_depth[0] == figures["max_guesses"]


def test_the_same_build_writes_the_same_bytes(tmp_path):
    first, _ = _compile(tmp_path, "first.wtree")
    second, _ = _compile(tmp_path, "second.wtree")
    assert first.read_bytes() == second.read_bytes()
    assert pack_boards_tree(unpack_any(first.read_bytes())) == first.read_bytes()


def test_a_lost_tuple_is_an_end_of_the_arrays(lossy):
    path, figures = lossy
    data = unpack_any(path.read_bytes())
    assert figures["lost"] > 0
    assert data.subtree_lost[0] == figures["lost"]
    assert data.subtree_solved[0] == figures["solved"]
    assert data.subtree_total[0] == figures["total_guesses"]  # a lost tuple counts all 3 guesses
    lost_edges = [e for e in range(data.n_edges) if data.edge_child[e] == LOST]
    assert sum(data.edge_tuples[e] for e in lost_edges) == figures["lost"]
    assert SOLVED in data.edge_child


def test_a_single_board_reader_refuses_a_multi_board_tree_in_one_line(built):
    path, _ = built
    for read in (lambda: unpack_tree(path.read_bytes()), lambda: read_tree_file(path), lambda: load(str(path))):
        with pytest.raises(TreeFormatError, match=r"multi-board tree \(format 3\.0\)") as caught:
            read()
        assert "\n" not in str(caught.value)


def test_a_2_0_reader_refuses_3_0_as_another_major_version(built, monkeypatch):
    from wordle_runtime import header

    monkeypatch.setattr(header, "NEWEST_MINOR", {1: 2, 2: 0})
    with pytest.raises(TreeFormatError, match=r"tree format version 3\.0 cannot be read by this runtime"):
        unpack_any(built[0].read_bytes())


def _edit(doc, name, change, typecode="I"):
    """``doc`` with its tree array ``name`` changed in place by ``change``."""
    values = array(typecode)
    values.frombytes(doc["tree"][name])
    change(values)
    doc["tree"][name] = values.tobytes()
    return doc


def _child_edge(data, parent_at_least=0):
    """(parent, edge) of the first edge that leads to a node, from a parent of id ≥ ``parent_at_least``."""
    for node in range(parent_at_least, data.n_nodes):
        for edge in range(data.child_start[node], data.child_start[node + 1]):
            if data.edge_child[edge] not in (SOLVED, LOST):
                return node, edge
    raise AssertionError("no inner edge")


def _hard(doc):
    """``doc`` in hard mode, its meta saying nothing of the mode."""
    doc["mode"] = "hard"
    doc["meta"].pop("mode")
    doc["meta"]["config"].pop("mode")
    return doc


def _corruptions(path):
    data = unpack_any(path.read_bytes())
    _, edge = _child_edge(data)
    parent, deep_edge = _child_edge(data, 1)
    k = data.boards

    def same_row(values):
        values[k : 2 * k] = values[0:k]

    return {
        "truncated": (None, "truncated"),
        "child out of range": (
            _edit(_doc(path), "edge_child", lambda v: v.__setitem__(edge, data.n_nodes + 5)),
            "below",
        ),
        "child not after its parent": (
            _edit(_doc(path), "edge_child", lambda v: v.__setitem__(deep_edge, parent)),
            "greater than its parent",
        ),
        "wrong stored total": (
            _edit(_doc(path), "subtree_total", lambda v: v.__setitem__(0, v[0] + 1)),
            "'subtree_total' does not match",
        ),
        "rows not increasing": (_edit(_doc(path), "edge_pattern", same_row, "B"), "not strictly increasing"),
        "one board": ({**_doc(path), "boards": 1}, "from 2 to 32, not 1"),
        "33 boards": ({**_doc(path), "boards": 33}, "from 2 to 32, not 33"),
        "edge tuples": (_edit(_doc(path), "edge_tuples", lambda v: v.__setitem__(edge, v[edge] + 1)), "carries"),
        "hard mode": (_hard(_doc(path)), "played in normal mode, not hard"),
        "weights": ({**_doc(path), "weights": b"\x01\x00\x00\x00" * len(WORDS)}, "no 'weights'"),
    }


CORRUPTIONS = [  # the keys of _corruptions
    "truncated", "child out of range", "child not after its parent", "wrong stored total", "rows not increasing",
    "one board", "33 boards", "edge tuples", "hard mode", "weights",
]  # fmt: skip


@pytest.mark.parametrize("name", CORRUPTIONS)
def test_a_corrupt_file_is_one_tree_format_error(built, tmp_path, name):
    path, _ = built
    doc, fragment = _corruptions(path)[name]
    blob = path.read_bytes()[:-7] if doc is None else msgpack.packb(doc, use_bin_type=True)
    with pytest.raises(TreeFormatError, match=fragment) as caught:
        unpack_any(blob)
    assert "\n" not in str(caught.value)


@pytest.mark.long
@pytest.mark.parametrize("name", ["truncated", "child not after its parent", "33 boards"])
def test_the_command_lines_refuse_a_corrupt_file_with_exit_2(built, tmp_path, name):
    path, _ = built
    doc, fragment = _corruptions(path)[name]
    bad = tmp_path / "bad.wtree"
    bad.write_bytes(path.read_bytes()[:-7] if doc is None else msgpack.packb(doc, use_bin_type=True))
    one_line_error(run("wordle-next", "--tree", bad), 2, fragment)
    one_line_error(run("wordle-tree", "verify", bad), 2, fragment)
    one_line_error(run("wordle-tree", "info", bad), 2, fragment)


@pytest.mark.long
def test_every_shipped_single_board_tree_keeps_its_bytes():
    for name in shipped_trees():
        path = resolve_tree(name)
        with open(path, "rb") as fh:
            blob = fh.read()
        assert pack_tree(read_tree_file(path)) == blob, name
        assert isinstance(load_any(name), Tree)


# --- wordle-next --tree ----------------------------------------------------------------------


def _play(tree, answers):
    """Play ``answers`` (one per board) on ``tree`` through ``BoardsTree.position``: the guesses
    it takes, every move on the tree."""
    tokens = []
    while True:
        position = tree.position(tokens)
        if position.solved:
            return len(tokens) // 2
        assert position.on_tree, (answers, tokens)
        open_boards = [b for b in range(len(answers)) if position.board.solved_by[b] is None]
        shown = (tree.game.format_code(tree.game.score_code(position.guess, answers[b])) for b in open_boards)
        tokens += [position.guess, ",".join(shown)]


def test_the_walker_plays_every_tuple_as_the_compile_counted(built):
    path, figures = built
    tree = load_any(str(path))
    assert isinstance(tree, BoardsTree)
    histogram = {}
    for answers in itertools.permutations(WORDS, 2):
        guesses = _play(tree, answers)
        histogram[str(guesses)] = histogram.get(str(guesses), 0) + 1
    assert histogram == figures["histogram"]
    assert tree.stats["total_guesses"] == figures["total_guesses"]


def _history_through(tree, edge):
    """The tokens of the history that walks ``tree`` from the root along ``edge``."""
    data = tree.data
    marker = 255  # five-letter Wordle: uint8 rows
    steps, at = [], edge
    while True:
        node = next(n for n in range(data.n_nodes) if data.child_start[n] <= at < data.child_start[n + 1])
        label = ",".join(tree.game.format_code(code) for code in data.row(at) if code != marker)
        steps.append([tree.guesses[data.node_guess[node]], label])
        if node == 0:
            return [token for step in reversed(steps) for token in step]
        at = next(e for e in range(data.n_edges) if data.edge_child[e] == node)


def test_a_lost_edge_leaves_the_tree_for_the_policy(lossy):
    tree = load_any(str(lossy[0]))
    lost = next(e for e in range(tree.data.n_edges) if tree.data.edge_child[e] == LOST)
    position = tree.position(_history_through(tree, lost))
    assert not position.on_tree
    assert position.lost
    assert position.guess is not None
    solved = next(e for e in range(tree.data.n_edges) if tree.data.edge_child[e] == SOLVED)
    done = tree.position(_history_through(tree, solved))
    assert done.solved
    assert done.on_tree
    assert done.guess is None


def test_wordle_next_follows_the_tree_and_answers_off_it(built):
    path, _ = built
    tree = load_any(str(path))
    first = run("wordle-next", "--tree", path)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert lines[0] == tree.first_guess
    assert "the tree's move (on the tree: 30 tuples" in lines[1]
    target = ("sissy", "cigar")
    history = [tree.first_guess, ",".join(score(tree.first_guess, a) for a in target)]
    step = run("wordle-next", "--tree", path, *history, "--json")
    assert step.returncode == 0, step.stderr
    doc = json.loads(step.stdout)
    assert doc["on_tree"] is True
    assert doc["guess"] == tree.position(history).guess
    assert doc["tuples"] == tree.position(history).tuples
    own = next(w for w in WORDS if w != tree.first_guess)
    off = run("wordle-next", "--tree", path, own, ",".join(score(own, a) for a in target))
    assert off.returncode == 0, off.stderr
    assert ", off the tree; guess 2 of 7" in off.stdout.splitlines()[1]


@pytest.mark.parametrize(
    "args, code, fragment",
    [
        (("cigar", "ggggg,ggggg"), 1, "cannot solve two boards"),
        (("zymic", "bbbbb,bbbbb"), 2, "not in the guess list"),
        (("cigar", "bbbbb"), 2, "1 pattern for 2 open boards"),
        (("--boards", "4"), 2, "the tree plays 2 boards, not 4"),
        (("-i",), 2, "interactive play is single-board"),
    ],
)
def test_wordle_next_errors_on_a_multi_board_tree_are_one_line(built, args, code, fragment):
    one_line_error(run("wordle-next", "--tree", built[0], *args), code, fragment)


# --- wordle-tree info, verify, export --------------------------------------------------------


@pytest.mark.long
def test_verify_replays_every_tuple_and_info_shows_the_figures(built):
    path, figures = built
    verified = run("wordle-tree", "verify", path, "--json")
    assert verified.returncode == 0, verified.stderr
    doc = json.loads(verified.stdout)
    assert doc["ok"] is True
    assert (doc["tuples"], doc["solved"], doc["lost"]) == (30, 30, 0)
    assert doc["histogram"] == figures["histogram"]
    assert doc["total_guesses"] == figures["total_guesses"]
    text = run("wordle-tree", "verify", path)
    assert text.returncode == 0, text.stderr
    assert text.stdout.startswith("OK: 2 boards, 30 tuples: 30 solved, 0 lost")
    info = run("wordle-tree", "info", path)
    assert info.returncode == 0, info.stderr
    assert "wordle-tree 3.0 (multi-board)" in info.stdout
    assert "30 ordered tuples of distinct answers: 30 solved, 0 lost" in info.stdout
    assert f"total {figures['total_guesses']} guesses, average {figures['average']:.4f}" in info.stdout
    assert f"first guess {figures['first_guess']}" in info.stdout
    as_json = json.loads(run("wordle-tree", "info", path, "--json").stdout)
    assert as_json["boards"]["first_guess"] == figures["first_guess"]
    assert as_json["boards"]["tuples"] == 30


def test_verify_of_a_lossy_tree(lossy):
    path, figures = lossy
    doc = json.loads(run("wordle-tree", "verify", path, "--json").stdout)
    assert doc["ok"] is True
    assert (doc["lost"], doc["total_guesses"]) == (figures["lost"], figures["total_guesses"])


def test_verify_fails_when_meta_claims_other_figures(built, tmp_path):
    doc = _doc(built[0])
    doc["meta"]["stats"]["total_guesses"] += 1
    bad = tmp_path / "bad.wtree"
    bad.write_bytes(msgpack.packb(doc, use_bin_type=True))
    one_line_error(run("wordle-tree", "verify", bad), 1, "meta claims total_guesses")


def test_verify_refuses_weights_and_other_modes(built):
    one_line_error(run("wordle-tree", "verify", built[0], "--mode", "hard"), 2, "normal mode")
    one_line_error(run("wordle-tree", "verify", built[0], "--prior", "frequency"), 2, "single-board trees")


def test_export_writes_a_csv_row_per_path_and_a_dot_node_per_node(built, tmp_path):
    path, figures = built
    data = unpack_any(path.read_bytes())
    csv = run("wordle-tree", "export", path, "--format", "csv")
    assert csv.returncode == 0, csv.stderr
    rows = csv.stdout.splitlines()
    assert rows[0] == "history,end,tuples,guesses"
    ends = [e for e in range(data.n_edges) if data.edge_child[e] in (SOLVED, LOST)]
    assert len(rows) - 1 == len(ends)
    assert sum(int(row.rsplit(",", 2)[1]) for row in rows[1:]) == 30
    assert all(row.startswith(f'"{figures["first_guess"]} ') for row in rows[1:])
    dot = run("wordle-tree", "export", path, "--format", "dot", "-o", tmp_path / "t.dot", "--json")
    assert dot.returncode == 0, dot.stderr
    assert json.loads(dot.stdout)["nodes"] == data.n_nodes
    text = (tmp_path / "t.dot").read_text()
    assert len(re.findall(r"^  n\d+ \[label=", text, re.MULTILINE)) == data.n_nodes
    one_line_error(run("wordle-tree", "export", path, "--format", "text"), 2, "exports as csv, dot")
    one_line_error(run("wordle-tree", "export", path, "zymic", "bbbbb,bbbbb", "--format", "csv"), 2, "history")


def test_a_tree_goes_to_standard_output_and_back_through_standard_input(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS) + "\n")
    out = run_binary("wordle-compile", "--boards", 2, "--answers", answers, "--strategy", "optimal", "-o", "-")
    assert out.returncode == 0, out.stderr
    assert "wrote the tree to standard output" in out.stderr.decode()
    assert isinstance(unpack_any(out.stdout), BoardsTreeData)
    verified = run_binary("wordle-tree", "verify", "-", stdin=out.stdout)
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.decode().startswith("OK: 2 boards, 30 tuples")


def test_a_game_of_more_than_256_codes_has_two_byte_rows(tmp_path):
    six = ["abacus", "abbess", "abduct", "abject", "abjure"]
    answers = tmp_path / "six.txt"
    answers.write_text("\n".join(six) + "\n")
    lists = ("--game", "en6", "--boards", 2, "--answers", answers, "--guesses", answers)
    built = run("wordle-compile", *lists, "--strategy", "optimal", "--json", "-o", tmp_path / "six.wtree")
    assert built.returncode == 0, built.stderr
    data = unpack_any((tmp_path / "six.wtree").read_bytes())
    assert data.edge_pattern.itemsize == 2
    assert data.game.length == 6
    assert len(_doc(tmp_path / "six.wtree")["tree"]["edge_pattern"]) == 2 * 2 * data.n_edges
    assert run("wordle-tree", "verify", tmp_path / "six.wtree").returncode == 0
    tree = load_any(str(tmp_path / "six.wtree"))
    histogram = {}
    for pair in itertools.permutations(six, 2):
        guesses = _play(tree, pair)
        histogram[str(guesses)] = histogram.get(str(guesses), 0) + 1
    assert histogram == json.loads(built.stdout)["histogram"]
