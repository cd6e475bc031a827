"""Trees built under answer weights (format 1.2): the file keeps the weights, trees without
them keep their bytes, and wordle-next, wordle-tree info and verify speak in expected
guesses under the tree's own weights."""

import json
from array import array
from pathlib import Path

import msgpack
import pytest

from clirun import invoke, one_line_error, run
from support.weights import WEIGHTS_SOURCE
from wordle_compiler.core.settings import Settings
from wordle_runtime import score_code
from wordle_runtime.format import pack_tree, read_tree_file, unpack_tree
from wordle_runtime.tree import Tree

TREES = Path(__file__).resolve().parent.parent / "trees"


def _doc(blob):
    return msgpack.unpackb(blob, raw=False)


def _repack(doc):
    return msgpack.packb(doc, use_bin_type=True)


@pytest.fixture(scope="module")
def weighted_file(weighted_tree_bytes, tmp_path_factory):
    path = tmp_path_factory.mktemp("weighted") / "weighted.wtree"
    path.write_bytes(weighted_tree_bytes)
    return path


def _tampered(blob, folder, fn, name="tampered.wtree"):
    doc = _doc(blob)
    fn(doc)
    path = folder / name
    path.write_bytes(_repack(doc))
    return path


def _independent_expected(build, history):
    """Σ weight × guesses left / Σ weight over the answers that fit ``history``, from the
    compiler's replay (each answer's guesses) and the reference score: nothing of the
    runtime's per-node sums."""
    result, weights = build
    answers = result.data.answers
    left = [i for i, a in enumerate(answers) if all(score_code(g, a) == code for g, code in history)]
    weight = sum(weights.values[i] for i in left)
    if not weight:  # every answer left weighs 0: the plain mean
        return sum(result.report.depths[i] - len(history) for i in left) / len(left)
    return sum(weights.values[i] * (result.report.depths[i] - len(history)) for i in left) / weight


def _steps(tree, answer):
    """The (guess, code) steps the tree plays for ``answer``, the solving one included."""
    history = []
    while True:
        guess = tree.next_guess(history)
        history.append((guess, score_code(guess, answer)))
        if guess == answer:
            return history


# ----------------------------------------------------------------------------- the file


def test_a_weighted_tree_is_format_1_2_and_round_trips_byte_identical(weighted_build, weighted_tree_bytes):
    result, weights = weighted_build
    doc = _doc(weighted_tree_bytes)
    assert doc["format_version"] == [1, 2]
    assert set(doc) == {
        "format",
        "format_version",
        "meta",
        "answers",
        "guesses",
        "tree",
        "mode",
        "guess_list",
        "weights",
    }
    raw = doc["weights"]
    assert len(raw) == 4 * len(doc["answers"])
    assert [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)] == list(weights.values)
    data = unpack_tree(weighted_tree_bytes)
    assert data.format_version == (1, 2)
    assert list(data.weights) == list(weights.values)
    assert pack_tree(data) == weighted_tree_bytes
    assert data.meta["weights"] == {
        "source": WEIGHTS_SOURCE,
        "sha256": weights.sha256,
        "effective_answers": weights.summary()["effective_answers"],
    }
    assert data.meta["stats"]["expected_guesses"] == round(weights.expected_guesses(result.report.depths), 6)


def test_saving_again_keeps_the_weights(weighted_build, weighted_tree_bytes, tmp_path):
    from wordle_compiler import api

    result, _ = weighted_build
    assert api.save(result, tmp_path / "a.wtree") == len(weighted_tree_bytes)
    assert (tmp_path / "a.wtree").read_bytes() == weighted_tree_bytes
    api.save(read_tree_file(tmp_path / "a.wtree"), tmp_path / "b.wtree")  # a loaded tree, written again
    assert (tmp_path / "b.wtree").read_bytes() == weighted_tree_bytes


@pytest.mark.parametrize("name", sorted(p.name for p in TREES.glob("*.wtree")))
def test_shipped_trees_keep_their_bytes_and_version(name):
    """A shipped tree without weights stays 1.1; one built under weights is 1.2 with them;
    one of another game than five-letter Wordle over a-z is 2.0."""
    blob = (TREES / name).read_bytes()
    data = unpack_tree(blob)
    assert pack_tree(data) == blob
    if not data.game.is_default:
        assert data.format_version == (2, 0)
        assert data.weights is None
        return
    if "weights" in data.meta:
        assert data.format_version == (1, 2)
        assert len(data.weights) == len(data.answers)
        return
    assert data.weights is None
    assert data.subtree_weight is None
    assert data.format_version == (1, 1)
    assert "weights" not in _doc(blob)


def test_an_unweighted_build_is_still_1_1(small_tree_bytes):
    assert _doc(small_tree_bytes)["format_version"] == [1, 1]
    assert "expected_guesses" not in unpack_tree(small_tree_bytes).meta["stats"]


def test_weights_that_do_not_fit_the_answers_are_a_build_error(ctx):
    from wordle_compiler.core.config import BuildConfig
    from wordle_compiler.core.errors import BuildError
    from wordle_compiler.core.weights import Weights
    from wordle_compiler.pipeline.compile import compile_tree

    for values, message in [
        ((1, 2, 3), "give 3 answers, the answer list has 2315"),
        ((0,) * 2315, "sum from 1 to 4294967295"),
    ]:
        with pytest.raises(BuildError, match=message) as error:
            compile_tree(
                BuildConfig(strategy="most-parts", settings=Settings(weights=Weights(values, "x")), start="salet"), ctx
            )
        assert "\n" not in str(error.value)


# ----------------------------------------------------------------------------- the runtime


@pytest.mark.parametrize("history", [[], [("salet", 0)], [("salet", 1)], [("salet", 81)]])
def test_positions_give_the_expected_guesses_under_the_weights(weighted_build, weighted_tree_bytes, history):
    tree = Tree(unpack_tree(weighted_tree_bytes))
    position = tree.position(history)
    assert position.on_tree
    assert position.weighted is True
    assert position.expected_guesses == pytest.approx(_independent_expected(weighted_build, history), rel=1e-12)
    for answer in position.candidates[:40]:  # a level further, zero-weight classes included
        deeper = [*history, (position.guess, score_code(position.guess, answer))]
        if not tree.position(deeper).solved:
            assert tree.position(deeper).expected_guesses == pytest.approx(
                _independent_expected(weighted_build, deeper), rel=1e-12
            )


def test_the_root_agrees_with_meta(weighted_tree_bytes):
    tree = Tree(unpack_tree(weighted_tree_bytes))
    assert round(tree.position([]).expected_guesses, 6) == tree.meta["stats"]["expected_guesses"]


def _zero_weight_leaf(build, tree):
    """A history whose one remaining answer weighs 0 (the tree still to play it)."""
    result, weights = build
    for i, answer in enumerate(result.data.answers):
        if weights.values[i] == 0:
            history = _steps(tree, answer)[:-1]
            if tree.position(history).candidates == (answer,):
                return history, answer
    raise AssertionError("no zero-weight answer is alone at a node")


def test_answers_that_all_weigh_zero_fall_back_to_the_plain_mean(weighted_build, weighted_tree_bytes):
    tree = Tree(unpack_tree(weighted_tree_bytes))
    history, answer = _zero_weight_leaf(weighted_build, tree)
    position = tree.position(history)
    assert position.weighted is False
    assert position.expected_guesses == 1.0
    assert position.guess == answer
    assert tree.position([*history, (answer, 242)]).weighted is True  # solved: 0 guesses, whatever the weight
    off = tree.position("crane bbbbb")
    assert not off.on_tree
    assert off.weighted is False
    assert off.expected_guesses is None
    assert Tree(read_tree_file(TREES / "salet-optimal-normal.wtree")).position([]).weighted is None


def test_wordle_next_text_and_json_say_the_figure_is_under_the_weights(weighted_build, weighted_file):
    expected = _independent_expected(weighted_build, [("salet", 0)])
    result = run("wordle-next", "--tree", weighted_file, "salet", "bbbbb")
    assert result.returncode == 0, result.stderr
    guess, line = result.stdout.splitlines()
    assert f"(on the tree: {expected:.2f} guesses expected under the tree's weights, at most" in line
    out = json.loads(run("wordle-next", "--json", "--tree", weighted_file, "salet", "bbbbb").stdout)
    assert out["guess"] == guess
    assert out["weighted"] is True
    assert out["on_tree"]
    assert out["expected_guesses"] == pytest.approx(expected, rel=1e-12)
    off = json.loads(run("wordle-next", "--json", "--tree", weighted_file, "crane", "bbbbb").stdout)
    assert off["weighted"] is False
    assert off["expected_guesses"] is None
    plain = json.loads(run("wordle-next", "--json", "salet", "bbbbb").stdout)
    assert "weighted" not in plain  # a tree without weights prints the documented fields only


def test_wordle_next_says_when_every_answer_left_weighs_zero(weighted_build, weighted_tree_bytes, weighted_file):
    from wordle_runtime import format_history

    history, answer = _zero_weight_leaf(weighted_build, Tree(unpack_tree(weighted_tree_bytes)))
    words = format_history(history).split()
    text = run("wordle-next", "--tree", weighted_file, *words)
    assert text.returncode == 0
    assert text.stdout.splitlines() == [
        answer,
        (
            f"1 answer remains: {answer} (on the tree: 1.00 guesses expected with the answers left counted "
            "equally, as the tree's weights give them all 0, at most 1)"
        ),
    ]
    out = json.loads(run("wordle-next", "--json", "--tree", weighted_file, *words).stdout)
    assert out["weighted"] is False
    assert out["expected_guesses"] == 1.0


def test_interactive_play_shows_the_weighted_figure(weighted_build, weighted_tree_bytes):
    import io

    from wordle_runtime.play import play

    tree = Tree(unpack_tree(weighted_tree_bytes))
    out = io.StringIO()
    assert play(tree, [], io.StringIO("q\n"), out) == 0
    expected = _independent_expected(weighted_build, [])
    assert f"; {expected:.2f} guesses expected from here under the tree's weights (at most" in out.getvalue()


# ----------------------------------------------------------------------------- info and verify


def test_info_shows_the_weights(weighted_build, weighted_file):
    result, weights = weighted_build
    expected = weights.expected_guesses(result.report.depths)
    lines = invoke("wordle-tree", "info", weighted_file).out.splitlines()
    line = next(line for line in lines if line.startswith("weights "))
    assert line == (
        f"weights     {WEIGHTS_SOURCE} (sha256 {weights.sha256[:16]}…, about "
        f"{weights.summary()['effective_answers']:g} answers' worth), {expected:.4f} guesses "
        "expected under them"
    )
    assert "format      wordle-tree 1.2," in lines[1]
    doc = json.loads(invoke("wordle-tree", "info", weighted_file, "--json").out)
    assert doc["format_version"] == [1, 2]
    assert doc["weights"] == {
        "source": WEIGHTS_SOURCE,
        "sha256": weights.sha256[:16],
        "answers": 2315,
        "zero": sum(w == 0 for w in weights.values),
        "sha256_matches_meta": True,
        "effective_answers": weights.summary()["effective_answers"],
        "expected_guesses": round(expected, 6),
    }
    assert json.loads(invoke("wordle-tree", "info", "salet-optimal-normal", "--json").out)["weights"] is None


def test_verify_uses_the_trees_own_weights_unless_told_otherwise(weighted_build, weighted_file, tmp_path):
    result, weights = weighted_build
    own = invoke("wordle-tree", "verify", weighted_file, "--json")
    assert own.code == 0, own.err
    doc = json.loads(own.out)
    assert doc["ok"]
    assert doc["weighted"]["tree_weights"] is True
    assert doc["weighted"]["expected_guesses"] == round(weights.expected_guesses(result.report.depths), 6)
    text = invoke("wordle-tree", "verify", weighted_file).out.splitlines()
    assert text[-1].startswith(f"  weighted (the tree's weights, {WEIGHTS_SOURCE}, sha256 {weights.sha256[:16]}…")
    uniform = tmp_path / "uniform.txt"
    uniform.write_text("".join(f"{word} 1\n" for word in result.data.answers))
    other = json.loads(invoke("wordle-tree", "verify", weighted_file, "--weights", uniform, "--json").out)
    assert other["weighted"]["tree_weights"] is False
    assert other["weighted"]["expected_guesses"] == other["average"]


def _swap_two_weights(doc):
    values = array("I")
    values.frombytes(doc["weights"])
    first = next(i for i, w in enumerate(values) if w != values[0])
    values[0], values[first] = values[first], values[0]  # same sum, another fingerprint
    doc["weights"] = values.tobytes()


@pytest.mark.long
@pytest.mark.parametrize(
    "name,mutation,fragment",
    [
        (
            "meta names another fingerprint",
            lambda d: d["meta"]["weights"].update(sha256="0" * 64),
            "meta.weights.sha256 is 0000000000000000…, but the file's weights have",
        ),
        ("the weights changed under meta", _swap_two_weights, "meta.weights.sha256 is"),
        (
            "a wrong weighted claim",
            lambda d: d["meta"]["stats"].update(expected_guesses=1.5),
            "meta claims expected_guesses = 1.5, the replay measured",
        ),
        (
            "a wrong effective count",
            lambda d: d["meta"]["weights"].update(effective_answers=7),
            "meta claims weights.effective_answers = 7",
        ),
        (
            "meta describes weights the file lacks",
            lambda d: (d.pop("weights"), d.update(format_version=[1, 1])),
            "meta describes answer weights (meta.weights or stats.expected_guesses), but the file holds none",
        ),
    ],
)
def test_verify_fails_when_meta_disagrees_with_the_weights(weighted_tree_bytes, tmp_path, name, mutation, fragment):
    path = _tampered(weighted_tree_bytes, tmp_path, mutation)
    assert unpack_tree(path.read_bytes()).n_nodes  # the loader takes it: meta is descriptive
    line = one_line_error(run("wordle-tree", "verify", path), 1, "verification failed", fragment)
    assert line.startswith("wordle-tree: verification failed: ")
    result = run("wordle-tree", "verify", path, "--json")
    one_line_error(result, 1, fragment)
    doc = json.loads(result.stdout)
    assert doc["exit_code"] == 1
    assert not doc["ok"]
    assert any(fragment in p for p in doc["problems"])
    assert run("wordle-next", "--tree", path, "salet", "bbbbb").returncode == 0
