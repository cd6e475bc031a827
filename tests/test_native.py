"""The ahead-of-time native module (compiler/native.py): same answers as numba's JIT,
no numba in a warm exact build, exact type matching, a fallback that says so, the GIL
released."""

import os
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import numpy as np
import pytest

import wordle_trees
from wordle_compiler import native
from wordle_compiler.jit import LazyKernel
from wordle_compiler.kernels import _partition_stats, letter_scores, split_by_codes
from wordle_compiler.search import Solver
from wordle_compiler.search.endgame import endgame_infeasible

SHIPPED = Path(wordle_trees.__file__).parent
NOT_NATIVE = pytest.mark.skipif(native.native_module() is None, reason=f"no native module: {native.unavailable_reason()}")


def _compile(tmp_path, name, *args, env=None, probe="", strategy="optimal"):
    out = tmp_path / f"{name}.wtree"
    code = ("import atexit, sys; from wordle_compiler.cli import main; "
            f"atexit.register(lambda: print({probe or repr('')})); "
            f"main(['--strategy', {strategy!r}, '-o', {str(out)!r}, '--quiet', *{list(args)!r}])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    return out.read_bytes(), result.stdout.strip().splitlines()[-1]  # the probe, after the summary


@NOT_NATIVE
def test_native_and_numba_build_the_same_bytes_as_the_shipped_tree(tmp_path):
    jit_env = {**os.environ, native.NATIVE_ENV: "0"}
    by_numba, numba_loaded = _compile(tmp_path, "jit", "--start", "salet", "--mode", "hard", env=jit_env,
                                      probe="'numba' in sys.modules")
    by_native, _ = _compile(tmp_path, "native", "--start", "salet", "--mode", "hard", "--jobs", "2")
    assert numba_loaded == "True"  # WORDLE_TREE_NATIVE=0 really ran numba's kernels
    assert by_native == by_numba == (SHIPPED / "salet-optimal-hard.wtree").read_bytes()


@NOT_NATIVE
def test_a_warm_exact_build_never_imports_numba(tmp_path):
    _compile(tmp_path, "first", "--start", "plate", "--mode", "possible", "--guesses", "answers")  # builds the module if needed
    data, loaded = _compile(tmp_path, "plate", "--start", "plate", "--mode", "possible", "--guesses", "answers",
                            probe="[m for m in sys.modules if m.split('.')[0] in ('numba', 'llvmlite') "
                                  "or m.startswith('numpy.random') or m in ('hashlib', '_hashlib')]")
    # nor numpy.random (13 ms): the Zobrist words come from splitmix; nor hashlib, which
    # loads OpenSSL (2.8 ms): the word lists' SHA-256 is the interpreter's own (wordlists.sha256)
    assert loaded == "[]"
    assert data == (SHIPPED / "plate-optimal-possible.wtree").read_bytes()


def test_tokens_are_the_types_numba_would_see(tmp_path):
    column = np.zeros((4, 3), dtype=np.uint8)
    frozen = np.zeros(5, dtype=np.uint8)
    frozen.flags.writeable = False
    path = tmp_path / "m.bin"
    path.write_bytes(bytes(6))
    mapped = np.memmap(path, dtype=np.uint8, mode="r")
    assert native._token(column) == "uint8:2" and native._token(frozen) == "uint8:1r"
    assert native._token(mapped) == "uint8:1r"
    assert native._token(column[:, 1]) is None  # not C-ordered: numba's "A" layout
    assert native._token(np.zeros(3, dtype=">i8")) is None  # not native byte order
    assert (native._token(3), native._token(True), native._token(np.uint64(3))) == ("int64", "bool", "uint64")
    assert native._token(np.int32(3)) is None and native._token([1]) is None
    # tokens are cached by flag bits: numpy's own flags agree with the bits read
    for array in (column, frozen, mapped, column[:, 1], column.T, np.zeros(3, dtype=">i8")):
        bits = array.flags.num
        assert bool(bits & native.C_CONTIGUOUS) == array.flags.c_contiguous
        assert bool(bits & native.ALIGNED) == array.flags.aligned
        assert bool(bits & native.WRITEABLE) == array.flags.writeable
    unaligned = np.frombuffer(bytes(17), dtype=np.uint8)[1:].view(np.int64)
    assert not unaligned.flags.aligned and native._token(unaligned) is None
    assert native._token(np.zeros(2, dtype=np.int64)) == "int64:1"  # same dtype, other flags


@NOT_NATIVE
def test_a_call_with_other_types_goes_to_numba_with_the_same_answer(ctx):
    assert isinstance(split_by_codes, LazyKernel)
    answers = np.arange(40, dtype=np.int64)
    codes = ctx.codes(ctx.guess_index["salet"], answers)
    native_answer = split_by_codes(codes, answers)
    strided_answer = split_by_codes(codes, np.repeat(answers, 2)[::2])  # not C-ordered: numba
    other_dtype = split_by_codes(codes.astype(np.int64), answers)  # no int64 codes signature: numba
    for a, b in zip(native_answer, split_by_codes.dispatcher(codes, answers)):
        assert np.array_equal(a, b)
    for a, b in zip(native_answer, strided_answer):
        assert np.array_equal(a, b)
    for a, b in zip(native_answer, other_dtype):
        assert np.array_equal(a, b)


@NOT_NATIVE
def test_endgame_kernel_native_equals_numba(ctx):
    solver = Solver(ctx, "normal")
    words = [w for w in ("fight", "light", "might", "night", "right", "sight", "tight", "wight", "eight")
             if w in ctx.words.answers]
    ight = np.array(sorted(ctx.words.answers.index(w) for w in words), dtype=np.int64)
    for depth in range(1, 6):
        args = (solver.matrix_t, solver.groups, ight, ctx.all_guesses.astype(np.int64), depth)
        assert endgame_infeasible(*args) == endgame_infeasible.dispatcher(*args)


@NOT_NATIVE
def test_partition_statistics_native_equal_numba(ctx):
    """The ranking's and the heuristics' serial statistics, on the cached answer-major matrix,
    for every guess in order (normal mode) and for a scattered subset (hard mode)."""
    answers = np.arange(0, len(ctx.words.answers), 3, dtype=np.int32)
    for guesses in (ctx.all_guesses, np.arange(0, len(ctx.words.guesses), 7, dtype=np.int32)):
        results = []
        for run in (_partition_stats, _partition_stats.dispatcher):
            stats, entropy = np.zeros((len(guesses), 4), dtype=np.int64), np.zeros(len(guesses))
            args = (ctx.matrix_by_answer(), guesses, answers, stats, entropy)
            assert tuple(map(native._token, args)) in native.EXPORTS["kernels:_partition_stats"]
            run(*args)
            results.append((stats, entropy))
        assert np.array_equal(results[0][0], results[1][0])
        assert results[0][1].tobytes() == results[1][1].tobytes()
    assert results[0][0][:, 0].max() > 100  # real partitions, not zeros


@NOT_NATIVE
@pytest.mark.parametrize("strategy", ["unique-letters", "located-letters", "letter-entropy"])
def test_letter_strategies_run_native_with_numba_s_bytes(tmp_path, strategy):
    """The letter scores are exported too: no numba, and the same tree as numba's."""
    assert isinstance(letter_scores, LazyKernel)
    run = ["--start", "salet", "--mode", "hard", "--allow-deeper"]
    native_tree, loaded = _compile(tmp_path, "n", *run, probe="'numba' in sys.modules", strategy=strategy)
    jit_tree, _ = _compile(tmp_path, "j", *run, env={**os.environ, native.NATIVE_ENV: "0"}, strategy=strategy)
    assert loaded == "False" and native_tree == jit_tree


def test_an_unbuildable_native_module_falls_back_to_numba_warning_once(tmp_path, monkeypatch):
    """A real failed build (the C compiler is /bin/false): one warning, a note, and then
    numba's JIT quietly in later processes (here: with this process's state reset)."""
    from wordle_compiler import native_build

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))  # where the native module goes; numba's own cache is set already
    monkeypatch.setenv("CC", "/bin/false")
    monkeypatch.delenv(native.NATIVE_ENV, raising=False)
    saved = dict(native._state)
    try:
        native._state.clear()
        with pytest.warns(RuntimeWarning, match="native kernels unavailable .*; using numba's JIT"):
            assert native.native_module() is None
        path = native_build.module_path()
        assert not path.exists() and native_build.failure_note(path).exists()
        native._state.clear()
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # the note: no second warning, no second build
            assert native.native_module() is None
        assert native.native_route(split_by_codes) is None
        assert native.unavailable_reason() == native_build.failure_note(path).read_text().strip()
    finally:
        native._state.clear()
        native._state.update(saved)


@NOT_NATIVE
def test_the_native_search_releases_the_gil(ctx):
    """While the search thread is inside the native kernel (trace's biggest class, about
    0.4 s), this thread still runs Python: with the GIL held it could not until the end."""
    solver = Solver(ctx, "normal")
    codes = ctx.codes(ctx.guess_index["trace"], ctx.all_answers)
    biggest = np.flatnonzero(codes == np.bincount(codes).argmax()).astype(np.int64)
    done = threading.Event()

    def search():
        solver.solve(biggest, ctx.all_guesses, 5)
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    time.sleep(0.05)  # the worker is in the kernel by now
    sum(range(300_000))  # needs the GIL
    still_searching = not done.is_set()
    worker.join()
    assert still_searching


def test_an_interrupted_build_leaves_no_note_and_stays_an_interrupt(tmp_path, monkeypatch):
    """Ctrl-C while numba compiles may come out as another error with the interrupt
    inside; it must not mark the module unbuildable for ever."""
    from wordle_compiler import native_build

    def interrupted_build(path, exports, export_name):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise SystemError("returned a result with an exception set")  # what numba raises

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(native_build, "_build", interrupted_build)
    (tmp_path / "wordle_native" / (native_build.module_path().name.split(".")[0] + "-x1")).mkdir(parents=True)
    with pytest.raises(KeyboardInterrupt):
        native_build.load_or_build(native.EXPORTS, native._export_name)
    path = native_build.module_path()
    assert not native_build.failure_note(path).exists()
    assert [p.name for p in path.parent.iterdir() if p.is_dir()] == []  # the killed build's folder went


def test_cache_clear_forgets_a_failed_native_build(tmp_path):
    """``wordle-tree cache`` shows why the native module is not used; ``--clear`` removes
    the note, so the next exact search tries to build again."""
    from clirun import run

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba"), "WORDLE_TREE_CACHE": str(tmp_path / "cache")}
    shown = run("wordle-tree", "cache", env=env)
    assert shown.returncode == 0 and "not built yet" in shown.stdout
    note = tmp_path / "numba" / "wordle_native" / "wordle_native_0123456789abcdef.cpython-311-x86_64-linux-gnu.so.failed"
    note.parent.mkdir(parents=True)
    note.write_text("CompileError: no C compiler\n")
    cleared = run("wordle-tree", "cache", "--clear", env=env)
    assert cleared.returncode == 0 and "forgot 1 failed native build(s)" in cleared.stdout
    assert not note.exists()
