"""The exact engine's kernels (and the heuristics' serial ones) compiled ahead of time
into one extension module.

numba compiles each kernel on first use and, warm, loads its machine code from its
cache; either way every process imports numba first: 0.1 s of import, about 55 MiB,
and LLVM to link the cached code (about 45 MiB more), for kernels that then run for a
fraction of a second.  The kernels that the exact engine calls from Python are
therefore also built, once, with numba's ahead-of-time compiler (``numba.pycc``) into
an ordinary extension module of machine code (the same numba source, the same numba
compiler, for this machine's CPU), which later processes import in a millisecond
without numba.

The module is named after a key of everything it depends on (the kernel sources, the
export table and the build code, numba, llvmlite, numpy, Python, the CPU), so an edit or an upgrade builds a new one; it lives
with numba's own cache (``$NUMBA_CACHE_DIR`` if set, else ``__pycache__`` in this
package when writable, else the matrix cache folder).  Building it is part of the first
run's compile (the command lines say so first: 28-31 s in all, against 21-22 s for
numba's compile alone), under a file lock, so processes started together build it once.

A call goes to the native module only when every argument has exactly the type of
one of the signatures below (dtype, dimensions, C order, writable or not; a Python
int as int64); any other call, every kernel not listed, and everything when
``WORDLE_TREE_NATIVE=0`` or when the module cannot be built (no C compiler, no
``numba.pycc``) go to numba as before.  The exported functions release the GIL, as
the search kernel does under numba (``--jobs`` threads).
"""

from __future__ import annotations

import os
import threading
import warnings

import numpy as np

NATIVE_ENV = "WORDLE_TREE_NATIVE"  # "0": numba's JIT only

# Kernels called from Python by the exact engine (and the ranking's and the heuristic
# strategies' serial kernels), with the argument types they are called with.  Tokens:
# dtype:ndim for C-ordered arrays (r: read-only), or a scalar type.
_U1_2, _U8_2, _I8_2, _I8, _U8 = "uint8:2", "uint64:2", "int64:2", "int64:1", "uint64:1"
_SOLVE = (_U1_2, _U1_2, _U8_2, _I8, _I8_2, "int64", _I8, "uint64", "uint64", _I8, "uint64", "uint64", "int64",
          "int64", "int64", "int64", _U8, _U8, _U8, _U8, _U8_2, _I8, "int64", "int64", _I8, "uint8:1")
_REBUILD = (_U1_2, _U1_2, _U8_2, _I8, "int64", _I8, "uint64", "uint64", _I8, "uint64", "uint64", "int64", "int64",
            _U8, _U8, _U8, _U8, _U8_2, _I8)
_GUESS = (_U1_2, _U1_2, _U8_2, _I8, _I8_2, "int64", _I8, _I8, "uint64", "uint64", "int64", "int64", "int64", "int64",
          _U8, _U8, _U8, _U8, _U8_2, _I8, _I8, "uint8:1")
EXPORTS = {
    "search.kernel:solve_node": [_SOLVE],
    "search.guess:guess_value_node": [_GUESS],
    "search.rebuild:rebuild_subtree": [_REBUILD],
    "search.memo:memo_reserve": [(_U8_2, _I8, "int64")],
    "search.passes:score_by_histogram": [(_U1_2, _U1_2, _I8, _I8, _I8, _I8, _I8, _I8, "uint8:1")],
    "search.passes:score_by_pairs": [(_U1_2, _I8, _I8, _I8, "bool", _I8, _I8, _I8, "uint8:1")],
    "search.endgame:endgame_infeasible": [(_U1_2, _I8_2, _I8, _I8, "int64")],
    "kernels:split_by_codes": [("uint8:1", ints) for ints in ("int32:1", "int64:1")],
    "kernels:hard_mode_filter": [(_U1_2, ints, "int64", "int64") for ints in ("int32:1", "int64:1")],
    "kernels:possible_filter": [(_U1_2, ints, "int64", "int64") for ints in ("int32:1", "int64:1")],
    # the serial partition statistics (the ranking's bounds, the heuristic strategies) and
    # the letter-frequency strategies' scores
    "kernels:_partition_stats": [(_U1_2, "int32:1", "int32:1", "int64:2", "float64:1")],
    "kernels:letter_scores": [(_U1_2, legal, _U1_2, "int64") for legal in ("int32:1", "int64:1")],
    "kernels:first_perfect_splitter": [(_U1_2, _I8, _I8)],
    # the matrix cache files' checksum (answer-major files are mapped copy-on-write, the others read-only)
    "feedback_matrix:xor_and_sum": [("uint64:1",), ("uint64:1r",)],
}
_SCALARS = {bool: "bool", np.bool_: "bool", int: "int64", np.int64: "int64", np.uint64: "uint64"}

_state: dict = {}
_lock = threading.Lock()


# numpy's flag bits (NPY_ARRAY_C_CONTIGUOUS, _ALIGNED, _WRITEABLE), read as ``flags.num``
C_CONTIGUOUS, ALIGNED, WRITEABLE = 0x1, 0x100, 0x400
_ARRAY_BITS = C_CONTIGUOUS | ALIGNED | WRITEABLE
_array_tokens: dict = {}  # (dtype, ndim, flag bits) -> token or None


def _token(value) -> str | None:
    """The signature token numba would type ``value`` as, or None for anything else.

    Arrays are looked up by (dtype, ndim, flag bits): every argument of every routed
    call passes here, and formatting ``dtype.name`` each time cost 31 us per call of
    ``solve_node`` (1.6 us an argument), more than a small class's whole search."""
    kind = type(value)
    if kind is np.ndarray or kind is np.memmap:  # numba types a memmap as the array it is
        key = (value.dtype, value.ndim, value.flags.num & _ARRAY_BITS)
        try:
            return _array_tokens[key]
        except KeyError:
            token = _array_tokens[key] = _array_token(*key)
            return token
    return _SCALARS.get(kind)


def _array_token(dtype, ndim: int, bits: int) -> str | None:
    if bits & (C_CONTIGUOUS | ALIGNED) != C_CONTIGUOUS | ALIGNED or not dtype.isnative:
        return None
    return f"{dtype.name}:{ndim}{'' if bits & WRITEABLE else 'r'}"


def enabled() -> bool:
    """False when ``WORDLE_TREE_NATIVE=0`` (numba's JIT for everything)."""
    return os.environ.get(NATIVE_ENV, "1") != "0"


def native_route(kernel):
    """The callable for ``kernel``'s calls from Python: the native function matching the
    call's argument types, else numba's dispatcher; None when ``kernel`` has no native
    export or no native module can be had."""
    signatures = EXPORTS.get(kernel.local_name)
    if signatures is None or not enabled():
        return None
    module = native_module()
    if module is None:
        return None
    variants = {sig: getattr(module, _export_name(kernel, i)) for i, sig in enumerate(signatures)}

    def route(*args):
        native = variants.get(tuple(map(_token, args)))
        return native(*args) if native is not None else kernel.dispatcher(*args)

    return route


def _export_name(kernel, index: int) -> str:
    return f"{kernel.__name__}__{index}"


def native_module():
    """The loaded native module (built first if this installation has none yet), or
    None when it cannot be had; the reason is then in :func:`unavailable_reason`, and
    the process whose build failed gives it as a warning (shown unless ``--quiet``; later
    processes read the build's note and use numba quietly, and ``wordle-tree cache``
    shows the reason)."""
    if "module" in _state:
        return _state["module"]
    with _lock:
        if "module" not in _state:
            from .native_build import NativeUnavailable, load_or_build

            try:
                _state["module"] = load_or_build(EXPORTS, _export_name)
            except (NativeUnavailable, OSError, ImportError) as exc:
                _state["module"], _state["reason"] = None, str(exc)
                if getattr(exc, "fresh", True):  # later runs read the note and stay quiet
                    warnings.warn(f"native kernels unavailable ({exc}); using numba's JIT", RuntimeWarning,
                                  stacklevel=2)
    return _state["module"]


def in_use() -> bool:
    """Whether this process has loaded the native module."""
    return _state.get("module") is not None


def unavailable_reason() -> str | None:
    """Why this process runs its kernels through numba only (None if it does not)."""
    return _state.get("reason") if enabled() else f"{NATIVE_ENV}=0"
