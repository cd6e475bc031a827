"""Find, build and load the native module of :mod:`.native` (see its docstring).

The build runs numba's ahead-of-time compiler in this process, once per key, under an
exclusive lock on a file beside the module; it writes into a temporary folder and
renames the finished module into place, so a reader never sees half a file (a folder
left by a killed build is removed by the next one).  A build that fails leaves a note
(``.failed``) so that later processes go straight to numba's JIT instead of failing
again; not one stopped by Ctrl-C (which stays an interrupt) or by an ``OSError`` such
as a full disk (which may pass).
"""

from __future__ import annotations

import fcntl
import functools
import importlib.machinery
import importlib.util
import os
import platform
import sys
import warnings
from pathlib import Path

import numpy as np

from . import jit
from .wordlists import sha256

PREFIX = "wordle_native_"
COMPILED_FOR_BUILD: set[str] = set()  # "module:kernel" that numba compiled for a build in this process
_HERE = Path(__file__).resolve().parent


def _file_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b"?"


def package_stamp(name: str) -> bytes:
    """A package's version file (numba, llvmlite), read without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return b"none"
    return _file_bytes(Path(next(iter(spec.submodule_search_locations))) / "_version.py")


def _cpu() -> bytes:
    """What the machine code is compiled for (pycc's ``target_cpu = "host"``)."""
    lines = [line for line in _file_bytes(Path("/proc/cpuinfo")).splitlines()
             if line.startswith((b"flags", b"model name"))][:2]
    return b"|".join(lines) + platform.machine().encode()


@functools.cache  # read once per process: the sources, versions and CPU do not change under it
def native_key() -> str:
    """16 hex digits naming the module: the kernel sources, the export table and this build, numba,
    llvmlite, numpy, Python and the CPU."""
    digest = sha256()
    for name in (*jit.KERNEL_MODULES, "native", "native_build", "jit"):
        digest.update(name.encode() + b"\0" + _file_bytes(_HERE / (name.replace(".", "/") + ".py")))
    for part in (package_stamp("numba"), package_stamp("llvmlite"), np.__version__.encode(),
                 sys.version.encode(), _cpu()):
        digest.update(b"\0" + part)
    return digest.hexdigest()[:16]


def native_dir() -> Path:
    """Where native modules live: beside numba's cache for these kernels."""
    env = os.environ.get("NUMBA_CACHE_DIR")
    if env:
        return Path(env) / "wordle_native"
    in_tree = _HERE / "__pycache__"
    try:
        in_tree.mkdir(exist_ok=True)
        if os.access(in_tree, os.W_OK):
            return in_tree
    except OSError:
        pass
    from .feedback_matrix import cache_dir

    return cache_dir() / "native"


def can_load() -> bool:
    """Whether the native module for this installation is built (or failed to build:
    then nothing is left to compile either)."""
    path = module_path()
    return path.exists() or failure_note(path).exists()


def failure_note(path: Path) -> Path:
    """The note a failed build of the module at ``path`` leaves beside it."""
    return path.with_name(path.name + ".failed")


def module_path(key: str | None = None) -> Path:
    """The native module's file for ``key`` (default: this installation's)."""
    name = PREFIX + (key or native_key())
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return native_dir() / (name + suffix)


def _load(path: Path):
    name = path.name.split(".", 1)[0]
    loader = importlib.machinery.ExtensionFileLoader(name, str(path))
    spec = importlib.util.spec_from_file_location(name, str(path), loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class NativeUnavailable(RuntimeError):
    """No native module here; ``fresh`` when this process's own build attempt just failed
    (worth a warning), not when an earlier one's note said so."""

    def __init__(self, reason: str, fresh: bool):
        super().__init__(reason)
        self.fresh = fresh


def load_or_build(exports: dict, export_name) -> object:
    """The native module, loaded, built first if needed; raises :class:`NativeUnavailable`."""
    path = module_path()
    failed = failure_note(path)
    if not path.exists():
        if failed.exists():
            raise NativeUnavailable(failed.read_text(encoding="utf-8", errors="replace").strip(), fresh=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path.with_name(path.name + ".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another process may be building it
            if not path.exists():
                import shutil  # here, as tempfile in _build: shutil imports bz2, lzma and zlib (3 ms)

                for stale in path.parent.glob(path.name.split(".", 1)[0] + "-*"):
                    shutil.rmtree(stale, ignore_errors=True)  # a killed build's folder: we hold the lock
                try:
                    _build(path, exports, export_name)
                except Exception as exc:  # noqa: BLE001 - any failure means: use the JIT
                    if _interrupted(exc):
                        raise KeyboardInterrupt from exc
                    reason = f"{type(exc).__name__}: {exc}".splitlines()[0][:300]
                    if not isinstance(exc, OSError):  # a full disk may pass; a compiler does not appear
                        failed.write_text(reason + "\n", encoding="utf-8")
                    raise NativeUnavailable(reason, fresh=True) from exc
                _remove_older(path)
    return _load(path)


def _interrupted(exc: BaseException) -> bool:
    """Whether Ctrl-C caused ``exc``: numba, interrupted while compiling, may re-raise it
    as another error (a SystemError "returned a result with an exception set")."""
    seen = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, KeyboardInterrupt):
            return True
        seen.add(id(exc))
        exc = exc.__cause__ or exc.__context__
    return False


def _build(path: Path, exports: dict, export_name) -> None:
    """numba.pycc over the listed kernels, with real numba dispatchers for their callees."""
    jit.jit_everything()
    from numba.core import types

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pycc's pending-deprecation notice
        from numba.pycc import CC
        from numba.pycc import compiler as pycc_compiler

    by_name = {k.local_name: k for k in jit.kernels()}
    module_name = path.name.split(".", 1)[0]
    cc = CC(module_name, source_module=__name__)
    cc.output_file = path.name
    cc.target_cpu = "host"
    for qualified, signatures in exports.items():
        kernel = by_name[qualified]
        for index, signature in enumerate(signatures):
            argtypes = tuple(_numba_type(types, token) for token in signature)
            cc.export(export_name(kernel, index), argtypes)(_forwarder(kernel, len(argtypes)))
    compiled_before = _compiled_kernels()
    plain_flags = pycc_compiler.Flags
    import shutil
    import tempfile  # here: loading a built module never needs it

    work = Path(tempfile.mkdtemp(prefix=module_name + "-", dir=path.parent))
    try:
        pycc_compiler.Flags = _nogil_flags(plain_flags)
        cc.output_dir = str(work)
        cc.compile()
        os.replace(work / path.name, path)
        COMPILED_FOR_BUILD.update(_compiled_kernels() - compiled_before)
    finally:
        pycc_compiler.Flags = plain_flags
        shutil.rmtree(work, ignore_errors=True)


def _compiled_kernels() -> set[str]:
    return {k.qualified for k in jit.kernels() if k._dispatcher is not None and k._dispatcher.signatures}


def _forwarder(kernel, arity: int):
    """A function that only calls ``kernel``'s numba dispatcher: pycc compiles this, and
    numba compiles the kernel itself, as its JIT would (or loads it from its cache),
    linking that code into the module.  Exporting the kernel's own Python function would
    compile its body twice, and a recursive kernel (solve_node) cannot be: its recursive
    call asks its dispatcher for the very signature pycc is typing."""
    names = ", ".join(f"a{i}" for i in range(arity))
    namespace = {"kernel": kernel.dispatcher}
    exec(f"def forward({names}):\n    return kernel({names})\n", namespace)  # noqa: S102 - fixed text
    return namespace["forward"]


def _nogil_flags(base):
    """pycc's compile flags, plus releasing the GIL in the exported wrappers (``nogil``)."""
    class NoGilFlags(base):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.release_gil = True

    return NoGilFlags


def _numba_type(types, token: str):
    kind, _, rest = token.partition(":")
    scalar = getattr(types, "boolean" if kind == "bool" else kind)
    if not rest:
        return scalar
    readonly = rest.endswith("r")
    return types.Array(scalar, int(rest.rstrip("r")), "C", readonly=readonly)


def forget_failed_builds() -> int:
    """Delete the notes of failed native builds (``wordle-tree cache --clear``), so that the
    next exact search tries to build again; returns how many there were."""
    forgotten = 0
    for note in native_dir().glob(PREFIX + "*.failed"):
        try:
            note.unlink()
            forgotten += 1
        except OSError:
            pass
    return forgotten


def _remove_older(keep: Path) -> None:
    """Native modules and notes of other keys in the same folder (edited sources, upgrades)."""
    for other in keep.parent.glob(PREFIX + "*"):
        if other.name.split(".", 1)[0] != keep.name.split(".", 1)[0] and other.is_file():
            try:
                other.unlink()
            except OSError:
                pass
