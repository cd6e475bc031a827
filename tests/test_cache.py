import json
import os

import numpy as np
import pytest

from clirun import run
from wordle_compiler.core import matrix as fm
from wordle_compiler.core import matrix_cache
from wordle_compiler.core.wordlists import WordLists


@pytest.fixture
def small_words():
    words = ("abbey", "crane", "geese", "llama", "speed", "those")
    return WordLists(answers=words[:4], guesses=words, answers_name="t", guesses_name="t")


def test_cache_round_trip_and_corruption(tmp_path, monkeypatch, small_words):
    monkeypatch.setenv(matrix_cache.CACHE_ENV, str(tmp_path))
    first = fm.feedback_matrix(small_words)
    files = sorted(tmp_path.glob("feedback-*.npy"))
    assert len(files) == 1
    again = fm.feedback_matrix(small_words)
    assert isinstance(again, np.memmap)
    assert np.array_equal(first, again)
    # flip one cell: the checksum no longer matches, so it is recomputed
    data = bytearray(files[0].read_bytes())
    data[-1] ^= 0x01
    files[0].write_bytes(bytes(data))
    assert matrix_cache.load_cached(files[0], small_words) is None
    assert np.array_equal(fm.feedback_matrix(small_words), first)
    # truncate: likewise
    files[0].write_bytes(files[0].read_bytes()[:40])
    assert np.array_equal(fm.feedback_matrix(small_words), first)


def test_answer_major_layout_is_cached_checked_and_mapped_read_only(tmp_path, monkeypatch, small_words):
    monkeypatch.setenv(matrix_cache.CACHE_ENV, str(tmp_path))
    matrix = fm.feedback_matrix(small_words)
    first = fm.answer_major_matrix(small_words, lambda: matrix)
    assert first.shape == (4, 6)
    assert np.array_equal(first, np.asarray(matrix).T)
    path = tmp_path / (matrix_cache.cache_path(small_words).stem + matrix_cache.BY_ANSWER + ".npy")
    assert path.is_file()
    assert path.with_suffix(".sum").is_file()

    def not_needed():
        raise AssertionError("an intact answer-major file must not load the guess-major matrix")

    again = fm.answer_major_matrix(small_words, not_needed)
    assert isinstance(again, np.memmap)
    assert np.array_equal(again, first)
    assert not again.flags.writeable  # the kernels take read-only matrices; nothing writes the file
    # a flipped cell fails the checksum; the transposed shape is refused
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))
    assert matrix_cache.load_cached(path, small_words, by_answer=True) is None
    assert np.array_equal(fm.answer_major_matrix(small_words, lambda: matrix), first)
    assert matrix_cache.load_cached(path, small_words, by_answer=False) is None
    layouts = sorted((e["layout"], e["shape"]) for e in matrix_cache.cache_entries())
    assert layouts == [("by answer", (4, 6)), ("by guess", (6, 4))]


def test_a_context_without_the_cache_writes_no_layout_file(tmp_path, monkeypatch, small_words):
    from wordle_compiler.core.config import Context

    monkeypatch.setenv(matrix_cache.CACHE_ENV, str(tmp_path))
    ctx = Context.from_words(small_words, use_cache=False)
    assert np.array_equal(ctx.matrix_by_answer(), ctx.matrix.T)
    assert ctx.matrix_by_answer() is ctx.matrix_by_answer()
    assert list(tmp_path.iterdir()) == []
    cached = Context.from_words(small_words)
    assert np.array_equal(cached.matrix_by_answer(), ctx.matrix.T)
    assert [p.name.endswith(f"{matrix_cache.BY_ANSWER}.npy") for p in tmp_path.glob("*.npy")] == [
        True
    ]  # only the builds' layout
    # a build's codes come from the cached answer-major layout alone (the guess-major one is
    # never loaded), and equal the guess-major matrix's, in the order of the answers asked for
    fresh = Context.from_words(small_words)
    answers = np.array([3, 0, 2], dtype=np.int32)
    assert all(np.array_equal(fresh.codes(g, answers), ctx.matrix[g][answers]) for g in range(len(small_words.guesses)))
    codes = fresh.codes(1, answers)
    assert codes.flags.c_contiguous
    assert type(codes) is np.ndarray
    assert fresh._by_guess is None


def test_a_prefetched_matrix_is_the_cached_one_and_a_damaged_file_is_still_refused(tmp_path, monkeypatch, small_words):
    from wordle_compiler.core.config import Context

    monkeypatch.setenv(matrix_cache.CACHE_ENV, str(tmp_path))
    expected = Context.from_words(small_words).matrix_by_answer().copy()  # computed and cached
    ctx = Context.from_words(small_words)
    ctx.prefetch_by_answer()
    thread = ctx._prefetch.thread
    assert thread.daemon
    assert np.array_equal(ctx.matrix_by_answer(), expected)
    assert not thread.is_alive()
    assert isinstance(ctx.matrix_by_answer(), np.memmap)
    assert ctx._by_guess is None
    # a damaged answer-major file: the prefetch finds nothing, and first use recomputes it
    path = next(p for p in tmp_path.glob("*.npy") if p.name.endswith(f"{matrix_cache.BY_ANSWER}.npy"))
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))
    damaged = Context.from_words(small_words)
    damaged.prefetch_by_answer()
    assert np.array_equal(damaged.matrix_by_answer(), expected)
    assert matrix_cache.load_cached(path, small_words, by_answer=True) is not None  # rewritten intact
    # no prefetch when the cache is not to be read
    for skipped in (
        Context.from_words(small_words, use_cache=False),
        Context.from_words(small_words, refresh_cache=True),
    ):
        skipped.prefetch_by_answer()
        assert skipped._prefetch is None


@pytest.mark.parametrize("size", [0, 7, 8, 4096 + 5])
def test_the_checksum_is_the_same_from_the_kernel_and_from_numpy(size):
    """Files written by numpy's two passes stay valid when the one-pass kernel checks them
    (and back), writable or read-only, whatever the length's remainder mod 8."""
    data = np.frombuffer(np.random.default_rng(size).bytes(size), dtype=np.uint8).copy()
    words = data[: size - size % 8].view(np.uint64)
    reference = (
        f"{int(np.bitwise_xor.reduce(words)) if words.size else 0:x}-"
        f"{int(words.sum(dtype=np.uint64)) if words.size else 0:x}-{data[size - size % 8 :].tobytes().hex()}"
    )
    if words.size:
        assert tuple(int(v) for v in matrix_cache.xor_and_sum(words)) == (
            int(np.bitwise_xor.reduce(words)),
            int(words.sum(dtype=np.uint64)),
        )
    for flag in (True, False):
        data.flags.writeable = flag
        assert matrix_cache.checksum(data) == reference


@pytest.mark.long
@pytest.mark.parametrize(
    "chosen, source, said",
    [
        (
            {"WORDLE_TREE_CACHE": "{tmp}/own", "XDG_CACHE_HOME": "{tmp}/xdg"},
            "WORDLE_TREE_CACHE",
            "from $WORDLE_TREE_CACHE",
        ),
        (
            {"WORDLE_TREE_CACHE": "", "XDG_CACHE_HOME": "{tmp}/xdg"},
            "XDG_CACHE_HOME",
            "under $XDG_CACHE_HOME; set $WORDLE_TREE_CACHE to move it",
        ),
        ({"XDG_CACHE_HOME": "{tmp}/xdg"}, "XDG_CACHE_HOME", "under $XDG_CACHE_HOME; set $WORDLE_TREE_CACHE to move it"),
        ({"XDG_CACHE_HOME": ""}, "default", "default; set $WORDLE_TREE_CACHE to move it"),
        ({}, "default", "default; set $WORDLE_TREE_CACHE to move it"),
    ],
)
def test_the_cache_command_says_where_its_location_came_from(tmp_path, chosen, source, said):
    """``wordle-tree cache`` as a real process names the variable that chose its folder (an empty
    one chooses nothing), the text and the JSON alike; with none, the default under ~/.cache."""
    env = {k: v for k, v in os.environ.items() if k not in ("WORDLE_TREE_CACHE", "XDG_CACHE_HOME")}
    env.update({key: value.format(tmp=tmp_path) for key, value in chosen.items()}, HOME=str(tmp_path / "home"))
    folder = {
        "WORDLE_TREE_CACHE": tmp_path / "own",
        "XDG_CACHE_HOME": tmp_path / "xdg" / "wordle-tree",
        "default": tmp_path / "home" / ".cache" / "wordle-tree",
    }[source]
    text = run("wordle-tree", "cache", env=env, timeout=60)
    assert text.returncode == 0, text.stderr
    assert text.stdout.splitlines()[0].split(None, 1)[1] == f"{folder} ({said})"
    doc = json.loads(run("wordle-tree", "cache", "--json", env=env, timeout=60).stdout)
    assert (doc["location"], doc["source"]) == (str(folder), source)
    cleared = json.loads(run("wordle-tree", "cache", "--clear", "--json", env=env, timeout=60).stdout)
    assert (cleared["location"], cleared["source"]) == (str(folder), source)
