"""A tree file's own word lists against the sha256 its ``meta.word_lists`` stores (FORMAT.md,
rule 12 and "The guess list's hash"): one letter flipped in a copy of a shipped tree, found
by its bytes, makes ``wordle-tree verify`` and ``info`` fail in one line (exit 2, as a
corrupt file), and the loader refuse a flipped answer; every shipped tree and every tree the
compiler writes, from custom lists too, passes."""

from __future__ import annotations

import hashlib
import json

import msgpack
import pytest

import wordle_compiler
from clirun import one_line_error, run
from wordle_compiler.treefiles.verification import word_lists_problem
from wordle_runtime.digests import guess_list_sha256, words_sha256
from wordle_runtime.format import TreeFormatError, pack_tree, read_tree_file, unpack_tree
from wordle_runtime.rules import word_code
from wordle_runtime.tree import resolve_tree, shipped_trees

SOURCE = "salet-optimal-hard"


def _hash(words) -> str:
    """The sha256 of ``words`` as FORMAT.md defines it, computed here with hashlib."""
    return hashlib.sha256("".join(f"{w}\n" for w in words).encode("utf-8")).hexdigest()


def _one_place(blob: bytes, part: bytes) -> int:
    at = blob.find(part)
    assert at >= 0
    assert blob.find(part, at + 1) < 0, "the bytes must occur exactly once"
    return at


@pytest.fixture(scope="module")
def source():
    path = resolve_tree(SOURCE)
    with open(path, "rb") as fh:
        blob = fh.read()
    return blob, unpack_tree(blob)


@pytest.fixture(scope="module")
def flipped_guess(source, tmp_path_factory):
    """A copy whose guess list says ``kletv`` where it said ``klett`` (one byte of a 3-byte
    code), and the two hashes the message must name."""
    blob, data = source
    codes = data.guess_list.codes
    old, new = word_code("klett"), word_code("kletv")
    i = codes.index(old)
    assert codes[i - 1] < new < codes[i + 1]  # still strictly increasing: only the hash can tell
    at = _one_place(blob, data.guess_list.to_bytes()) + 3 * i
    assert blob[at : at + 3] == old.to_bytes(3, "big")
    path = tmp_path_factory.mktemp("flipped") / "guess.wtree"
    path.write_bytes(blob[:at] + new.to_bytes(3, "big") + blob[at + 3 :])
    words = [w if w != "klett" else "kletv" for w in data.guess_list]
    return path, data.meta["word_lists"]["guesses"]["sha256"], _hash(words)


@pytest.fixture(scope="module")
def flipped_answer(source, tmp_path_factory):
    """A copy whose ``answers`` have one letter changed (the first answer whose last letter
    can move one place on and stay in order), and the two hashes the message must name."""
    blob, data = source
    answers = list(data.answers)
    i = next(i for i, w in enumerate(answers[:-1]) if w[-1] != "z" and w[:-1] + chr(ord(w[-1]) + 1) < answers[i + 1])
    flipped = answers[i][:-1] + chr(ord(answers[i][-1]) + 1)
    packed = msgpack.packb(answers)
    header = len(packed) - 6 * len(answers)  # each word: 0xa5 and five letters
    at = _one_place(blob, packed) + header + 6 * i
    assert blob[at : at + 6] == b"\xa5" + answers[i].encode()
    path = tmp_path_factory.mktemp("flipped") / "answer.wtree"
    path.write_bytes(blob[: at + 1] + flipped.encode() + blob[at + 6 :])
    changed = [*answers[:i], flipped, *answers[i + 1 :]]
    return path, data.meta["word_lists"]["answers"]["sha256"], _hash(changed)


@pytest.mark.parametrize("command", ["verify", "info"])
def test_a_flipped_guess_list_word_fails_verify_and_info_in_one_line(flipped_guess, command):
    path, stored, computed = flipped_guess
    assert stored != computed
    result = run("wordle-tree", command, path)
    line = one_line_error(result, 2, "the guess list", "meta.word_lists.guesses.sha256", stored[:16], computed[:16])
    assert stored not in line  # the first 16 digits, not all 64
    assert computed not in line
    assert result.stdout == ""  # info prints nothing of the stale file, verify no verdict


@pytest.mark.parametrize("command", ["verify", "info"])
def test_with_json_the_failure_is_one_error_object(flipped_guess, command):
    path, stored, computed = flipped_guess
    result = run("wordle-tree", command, path, "--json")
    one_line_error(result, 2, stored[:16], computed[:16])
    doc = json.loads(result.stdout)
    assert doc["exit_code"] == 2
    assert stored[:16] in doc["error"]
    assert computed[:16] in doc["error"]


@pytest.mark.parametrize(
    "prog, args",
    [("wordle-tree", ["verify"]), ("wordle-tree", ["info"]), ("wordle-next", ["salet", "bbbbb", "--tree"])],
)
def test_a_flipped_answer_is_refused_by_every_reader(flipped_answer, prog, args):
    path, stored, computed = flipped_answer
    result = run(prog, *args, path)
    one_line_error(result, 2, "the answer list", "meta.word_lists.answers.sha256", stored[:16], computed[:16])


def test_the_api_refuses_both_flips(flipped_guess, flipped_answer):
    for path, _, computed in (flipped_guess, flipped_answer):
        with pytest.raises(TreeFormatError, match=computed[:16]):
            wordle_compiler.verify(path)


def test_the_writer_refuses_answers_that_do_not_match_their_hash(source):
    _, data = source
    data = unpack_tree(pack_tree(data))
    lists = data.meta["word_lists"]
    data.meta = {**data.meta, "word_lists": {**lists, "answers": {**lists["answers"], "sha256": "0" * 64}}}
    with pytest.raises(TreeFormatError, match="the answer list"):
        pack_tree(data)


@pytest.mark.long
def test_every_shipped_tree_s_lists_match_their_stored_hashes():
    for name in shipped_trees():
        data = read_tree_file(resolve_tree(name))
        lists = data.meta["word_lists"]
        assert lists["answers"]["sha256"] == words_sha256(data.answers) == _hash(data.answers), name
        assert lists["guesses"]["sha256"] == guess_list_sha256(data.guess_list), name
        assert lists["guesses"]["sha256"] == _hash(sorted(data.guess_list)), name
        assert word_lists_problem(data) is None, name


@pytest.mark.parametrize("name", [SOURCE, "bulls-and-cows-optimal-normal"])
def test_untouched_trees_pass_verify_and_info(name):
    verified = run("wordle-tree", "verify", name)
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("OK:")
    info = run("wordle-tree", "info", name, "--json")
    assert info.returncode == 0, info.stderr
    assert all(entry["checked"] for entry in json.loads(info.stdout)["word_lists"].values())


CUSTOM = {
    "five letters a-z": (["cigar", "rebut", "sissy", "humph", "awake"], ["cigar", "rebut", "blush", "focal"]),
    "another alphabet": (["añejo", "señor", "sueño", "otoño", "pared"], ["tarde", "niños", "añejo"]),
}


@pytest.mark.long
@pytest.mark.parametrize("lists", CUSTOM.values(), ids=list(CUSTOM))
def test_a_tree_built_from_custom_lists_verifies(lists, tmp_path):
    answers, guesses = lists
    (tmp_path / "answers.txt").write_text("\n".join(answers) + "\n", encoding="utf-8")
    (tmp_path / "guesses.txt").write_text("\n".join(guesses) + "\n", encoding="utf-8")
    tree = tmp_path / "custom.wtree"
    built = run(
        "wordle-compile",
        "--answers",
        tmp_path / "answers.txt",
        "--guesses",
        tmp_path / "guesses.txt",
        "-o",
        tree,
        "--quiet",
    )
    assert built.returncode == 0, built.stderr
    data = read_tree_file(tree)
    lists = data.meta["word_lists"]
    assert lists["answers"]["sha256"] == _hash(sorted(answers))
    # the answers missing from the guesses are added to them, in the file and in the hash
    assert lists["guesses"]["sha256"] == _hash(sorted(set(guesses) | set(answers)))
    verified = run("wordle-tree", "verify", tree)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    info = run("wordle-tree", "info", tree)
    assert info.returncode == 0, info.stderr
    assert lists["guesses"]["sha256"][:16] in info.stdout
