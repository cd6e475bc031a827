"""Whether this build will have to compile numba kernels first (a cold cache), cheaply.

numba compiles a kernel on its first call and caches the machine code on disk; the first
build after an install or upgrade spends several seconds compiling with nothing to show.
``wordle-compile`` says so on stderr before it starts.

How "cold" is decided, without knowing which kernels a strategy uses: after every build
we note, per kind of build (strategy, mode, fixed start or not), the numba functions that
ran in the process (a dispatcher with signatures).  Before a build, those functions' own
cache indexes are read (numba's ``_load_index``: a small pickle each, about a millisecond
in all).  The cache is cold when no note exists for this kind of build, or when one of the
noted functions has no usable cache entry (a new numba or Python version, an edited
source file, a deleted cache).  A build that ran the native module (:mod:`.native`) notes
``native`` instead of those functions, and is cold when that module is not built yet.  The
notes live in the matrix cache folder.
"""

from __future__ import annotations

import importlib
import json
import sys

NOTES_FILE = "jit-notes.json"
_PACKAGE = "wordle_compiler"


NATIVE = "native"  # a note's entry for the native module (see .native)


def _key(strategy: str, mode: str, fixed_start: bool) -> str:
    from .native_build import package_stamp
    from .wordlists import sha256

    numba = sha256(package_stamp("numba")).hexdigest()[:12]  # numba's version, without importing it
    python = ".".join(map(str, sys.version_info[:2]))
    return f"{strategy}|{mode}|{'start' if fixed_start else 'own'}|numba {numba}|py {python}"


def _notes_path():
    from .feedback_matrix import cache_dir

    return cache_dir() / NOTES_FILE


def _read_notes() -> dict:
    try:
        notes = json.loads(_notes_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return notes if isinstance(notes, dict) else {}


def _has_cache_entry(name: str) -> bool:
    if name == NATIVE:
        from .native import enabled
        from .native_build import can_load

        return not enabled() or can_load()
    module_name, _, attr = name.rpartition(":")
    try:
        dispatcher = getattr(importlib.import_module(module_name), attr)
        dispatcher = getattr(dispatcher, "dispatcher", dispatcher)  # a LazyKernel not jitted yet
        return bool(dispatcher._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - renamed kernel or another numba: treat as not cached
        return False


def kernels_cold(strategy: str, mode: str, fixed_start: bool) -> bool:
    """True when this kind of build has never run here, or its kernels are not cached."""
    try:
        names = _read_notes().get(_key(strategy, mode, fixed_start))
    except ImportError:
        return False
    if not isinstance(names, list) or not names:
        return True
    return not all(isinstance(n, str) and _has_cache_entry(n) for n in names)


def _used_dispatchers() -> list[str]:
    used = []
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith(_PACKAGE):
            continue
        for attr, value in list(vars(module).items()):
            cache = getattr(value, "_cache", None)
            if cache is None or not hasattr(cache, "_cache_file"):
                continue  # not a numba dispatcher with cache=True
            if getattr(value, "__module__", None) == module_name and getattr(value, "signatures", None):
                used.append(f"{module_name}:{attr}")
    from .native import in_use
    from .native_build import COMPILED_FOR_BUILD

    # kernels numba compiled only to be linked into a native module built here are not
    # run by numba in later processes: checking their caches would import numba for nothing
    return sorted((set(used) - COMPILED_FOR_BUILD) | ({NATIVE} if in_use() else set()))


def note_build(strategy: str, mode: str, fixed_start: bool) -> None:
    """Record the kernels this process ran, for the next build's :func:`kernels_cold`."""
    from .outputs import OutputError, write_atomic

    used = _used_dispatchers()
    if not used:
        return  # e.g. every subtree was solved in worker processes
    notes = _read_notes()
    key = _key(strategy, mode, fixed_start)
    if notes.get(key) == used:
        return
    notes[key] = used
    try:
        path = _notes_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, (json.dumps(notes, indent=1, sort_keys=True) + "\n").encode())
    except (OSError, OutputError):
        pass  # a read-only cache folder only costs a repeated notice
