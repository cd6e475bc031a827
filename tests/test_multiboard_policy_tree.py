"""A policy's whole Dordle tree (``wordle-compile --boards 2 --strategy entropy``): the same
figures as the policy's walk over every pair, the runtime's live move at every node, the
same bytes for any ``--jobs``, and the command line's refusals in one line."""

from __future__ import annotations

import random

import pytest

from clirun import one_line_error, run
from wordle_compiler.core.matrix import compute_matrix
from wordle_compiler.core.settings import Settings
from wordle_compiler.kinds import several
from wordle_compiler.multiboard.policy import TREE_POLICIES, table_for
from wordle_compiler.multiboard.policy_tree import policy_tree
from wordle_compiler.multiboard.treefile import boards_tree_data
from wordle_compiler.multiboard.whole import LOST_PAIR, walk_pairs
from wordle_compiler.treefiles.boards_verification import verify_boards
from wordle_runtime.boards import board_position, next_move
from wordle_runtime.boards_format import pack_boards_tree
from wordle_runtime.boards_structure import LOST, SOLVED, closed_marker
from wordle_runtime.boards_tree import BoardsTree
from wordle_runtime.format import unpack_any
from wordle_runtime.game import DEFAULT_GAME


def _lists(tmp_path, answers: int, guesses: int, seed: int = 3):
    """Answer and guess files drawn from the original lists (the answers, salet and crane
    among the guesses)."""
    words = Settings().load_words()
    rng = random.Random(seed)
    chosen = sorted(rng.sample(list(words.answers), answers))
    extra = sorted({"salet", "crane", *rng.sample(list(words.guesses), guesses)} - set(chosen))
    (tmp_path / "a.txt").write_text("\n".join(chosen) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(sorted(chosen + extra)) + "\n")
    return tmp_path / "a.txt", tmp_path / "g.txt"


@pytest.mark.long
@pytest.mark.parametrize("policy", TREE_POLICIES)
@pytest.mark.parametrize("limit", [7, 4])
def test_the_tree_s_figures_are_the_policy_s_walk_over_every_pair(tmp_path, policy, limit):
    answers_file, guesses_file = _lists(tmp_path, 45, 150)
    answers = answers_file.read_text().split()
    guesses = guesses_file.read_text().split()
    table = table_for((answers, guesses), compute_matrix(guesses, answers), DEFAULT_GAME, ("salet", limit))
    walk = walk_pairs(table, policy)
    tree = policy_tree(table, closed_marker(DEFAULT_GAME), policy)
    assert tree.lost == walk.histogram.get(LOST_PAIR, 0)
    assert tree.histogram == {g: n for g, n in walk.histogram.items() if g != LOST_PAIR}
    assert sum(tree.histogram.values()) + tree.lost == len(answers) * (len(answers) - 1)
    assert tree.moves_computed <= tree.n_nodes


def _loaded(tmp_path, policy: str = "entropy", objective: str = "total", limit: int = 7) -> BoardsTree:
    answers, guesses = _lists(tmp_path, 30, 120)
    settings = Settings(boards=2, answers=answers, guesses=guesses, objective=objective, max_depth=limit)
    result = several.build(settings, policy, start="crane")
    data = unpack_any(pack_boards_tree(boards_tree_data(result, settings.load_words(), settings, "crane")))
    verdict = verify_boards(data)
    assert verdict.ok, verdict.problems
    assert (verdict.total_guesses, verdict.lost) == (result.total_guesses, result.lost)
    return BoardsTree(data)


def _histories(tree: BoardsTree):
    """(node, its history as tokens) for every node, breadth-first."""
    data, marker = tree.data, closed_marker(tree.game)
    todo = [(0, [])]
    while todo:
        node, history = todo.pop(0)
        yield node, history
        word = tree.guesses[data.node_guess[node]]
        for edge in range(data.child_start[node], data.child_start[node + 1]):
            child = data.edge_child[edge]
            if child not in (SOLVED, LOST):
                shown = ",".join(tree.game.format_code(code) for code in data.row(edge) if code != marker)
                todo.append((child, [*history, word, shown]))


@pytest.mark.long
@pytest.mark.parametrize("policy", TREE_POLICIES)
def test_every_node_plays_the_runtime_s_live_move(tmp_path, policy):
    tree = _loaded(tmp_path, policy)
    guesses = list(tree.guess_list)
    checked = 0
    for node, history in _histories(tree):
        pairs = zip(history[::2], history[1::2], strict=True)
        steps = [(word, tuple(map(tree.game.parse_code, shown.split(",")))) for word, shown in pairs]
        position = board_position(tree.answers, steps, tree.game, 2)
        if policy == "entropy":  # the runtime's rules but the endgame: node for node
            assert next_move(position, guesses, tree.game, "crane", endgames=False)[0] == tree.next_guess(history)
        assert tree.node_of(history) == node
        checked += 1
    assert checked == tree.data.n_nodes


def test_a_policy_that_loses_pairs_is_a_tree_of_objective_win(tmp_path):
    tree = _loaded(tmp_path, "entropy", "win", 3)
    assert 0 < tree.stats["lost"] < tree.stats["tuples"]


@pytest.mark.long
def test_the_command_line_writes_verifies_and_walks_the_same_bytes_for_any_jobs(tmp_path):
    answers, guesses = _lists(tmp_path, 30, 120)
    lists = ("--boards", "2", "--answers", answers, "--guesses", guesses, "--start", "crane")
    outputs = []
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}.wtree"
        result = run("wordle-compile", *lists, "--jobs", jobs, "--quiet", "-o", out)
        assert result.returncode == 0, result.stderr
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    verified = run("wordle-tree", "verify", tmp_path / "jobs1.wtree")
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("OK: 2 boards, 870 tuples"), verified.stdout
    info = run("wordle-tree", "info", tmp_path / "jobs1.wtree")
    assert "entropy (heuristic)" in info.stdout
    first = run("wordle-next", "--tree", tmp_path / "jobs1.wtree")
    assert first.returncode == 0, first.stderr
    assert first.stdout.splitlines()[0] == "crane"


@pytest.mark.long
@pytest.mark.parametrize(
    "extra, code, fragment",
    [
        (("--boards", "4"), 2, "two boards (Dordle) only, not 4"),
        (("--strategy", "optimal", "--jobs", "2"), 2, "--jobs lays out a policy's tree"),
        (("-o", "tree.json"), 2, "not as JSON"),
        (("--strategy", "random"), 2, "entropy, most-parts or minimax"),
        (("--max-depth", "2"), 1, "unsolved within 2 guesses"),
    ],
)
def test_what_a_policy_tree_cannot_be_is_one_line(tmp_path, extra, code, fragment):
    answers, _ = _lists(tmp_path, 12, 10)
    result = run("wordle-compile", "--boards", "2", "--answers", answers, *extra, cwd=tmp_path)
    one_line_error(result, code, fragment)


def test_a_replay_takes_every_pair_a_policy_tree_holds():
    from wordle_compiler.multiboard.build import MAX_POLICY_TUPLES
    from wordle_compiler.treefiles.boards_verification import MAX_REPLAY_TUPLES

    assert MAX_REPLAY_TUPLES >= MAX_POLICY_TUPLES >= 2315 * 2314
