"""The feedback matrix ``uint8[n_guesses, n_answers]`` and its on-disk cache.

Cell (g, a) is the pattern code (see FORMAT.md) of guess g against answer a.  The
exact search reads the same codes answers × guesses (one answer's codes for every
guess, sequentially); that layout has a cache file of its own, so a build maps it
instead of transposing 30 MB first (:func:`answer_major_matrix`).
The kernel (``ext/_feedback.pyx``) fills rows of guesses on threads, without the GIL.
"""

from __future__ import annotations

import mmap
import os
import threading
import warnings
from pathlib import Path

import numpy as np

from ..ext._kernels import fill_matrix_rows, xor_and_sum
from ..util.files import OutputError, clean_stale, write_atomic
from ..util.splitmix import below
from .wordlists import WordLists, letters_array, sha256

# Bump when the kernel's output could change; it is part of the cache key.
KERNEL_VERSION = 1
CACHE_ENV = "WORDLE_TREE_CACHE"
BY_ANSWER = "-by-answer"  # the file name's mark of the answers × guesses layout
_SPOT_CHECKS = 256


# Row blocks of the matrix kernel, filled by up to MATRIX_THREADS threads.
MATRIX_CHUNKS = 16
MATRIX_THREADS = min(os.cpu_count() or 1, 8)


def compute_matrix(guesses, answers) -> np.ndarray:
    """Compute the matrix for word sequences (no cache)."""
    from ..concurrency.parallel import map_chunks

    out = np.empty((len(guesses), len(answers)), dtype=np.uint8)
    guess_letters, answer_letters = letters_array(guesses), letters_array(answers)
    rows = len(guesses)
    chunks = max(1, min(MATRIX_CHUNKS, rows // 256))

    def fill(i: int) -> bool:  # a chunk may be filled twice (see map_chunks): same bytes
        fill_matrix_rows(guess_letters, answer_letters, out, i * rows // chunks, (i + 1) * rows // chunks)
        return True

    if chunks == 1 or MATRIX_THREADS == 1:
        for i in range(chunks):
            fill(i)
    else:
        map_chunks(fill, chunks, MATRIX_THREADS)
    return out


def cache_dir() -> Path:
    """Folder of cached matrices: ``$WORDLE_TREE_CACHE`` if set, else ``wordle-tree`` under
    ``$XDG_CACHE_HOME`` (default ``~/.cache``)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "wordle-tree"


def _cache_path(words: WordLists, by_answer: bool = False) -> Path:
    key = sha256(
        f"{words.guesses_sha256}:{words.answers_sha256}:{KERNEL_VERSION}".encode()
    ).hexdigest()[:32]
    return cache_dir() / f"feedback-{key}{BY_ANSWER if by_answer else ''}.npy"


def _checksum(matrix: np.ndarray) -> str:
    """Cheap whole-file check (xor and sum of 64-bit words) that catches corruption."""
    flat = np.ascontiguousarray(matrix).reshape(-1)
    usable = flat.size - flat.size % 8
    words = flat[:usable].view(np.uint64)
    tail = flat[usable:].tobytes().hex()
    if words.size and words.flags.aligned:
        xor, total = xor_and_sum(words)  # one pass, and no GIL held (see CacheCheck)
    else:
        xor, total = (np.bitwise_xor.reduce(words), words.sum(dtype=np.uint64)) if words.size else (0, 0)
    return f"{int(xor):x}-{int(total):x}-{tail}"


def spot_check_cells(n_guesses: int, n_answers: int):
    """The (guess indices, answer indices) of the cells :func:`_spot_check` compares: fixed,
    so a test can alter a cached matrix everywhere else."""
    return below(0, _SPOT_CHECKS, n_guesses), below(1, _SPOT_CHECKS, n_answers)


def _spot_check(matrix: np.ndarray, words: WordLists) -> bool:
    """Compare a few deterministic cells against the pure-Python reference (the cells read
    in one gather: one by one, a memmap's indexing took 1 ms for the 256)."""
    from wordle_runtime.feedback import score_code

    gs, as_ = spot_check_cells(*matrix.shape)
    cells = np.asarray(matrix)[gs, as_].tolist()
    guesses, answers = words.guesses, words.answers
    return all(cell == score_code(guesses[g], answers[a]) for cell, g, a in zip(cells, gs.tolist(), as_.tolist()))


def _open_cached(path: Path, words: WordLists, by_answer: bool = False):
    """(the cached matrix at ``path`` mapped, its recorded checksum) when the file opens
    with the right dtype and shape, else None; nothing is read beyond the header.

    Both layouts are mapped read-only: the kernels never write a matrix."""
    try:
        matrix = np.load(path, mmap_mode="r", allow_pickle=False)
        expected = path.with_suffix(".sum").read_text().strip()
    except (OSError, ValueError, EOFError):
        return None
    shape = (len(words.guesses), len(words.answers))
    if matrix.dtype != np.uint8 or matrix.shape != (shape[::-1] if by_answer else shape):
        return None
    return matrix, expected


def _intact(matrix: np.ndarray, expected: str, checksum: str | None, words: WordLists, by_answer: bool) -> bool:
    return checksum == expected and _spot_check(matrix.T if by_answer else matrix, words)


def _load_cached(path: Path, words: WordLists, by_answer: bool = False) -> np.ndarray | None:
    """The cached matrix at ``path`` if its shape, checksum and spot checks hold, else None.

    The guess-major file's pages are handed back once checked (clean file pages: whatever
    is read later faults in again from the page cache), so an exact build, which reads it
    for a row or two, does not hold it in memory beside the answer-major one."""
    opened = _open_cached(path, words, by_answer)
    if opened is None or not _intact(*opened, _checksum(opened[0]), words, by_answer):
        return None
    if not by_answer:
        _release_pages(opened[0])
    return opened[0]


class CacheCheck:
    """The answer-major cache file of ``words`` opened, and its whole-file checksum computed
    on a thread meanwhile; :meth:`result` waits for it.  Only the checksum runs on the
    thread, in a compiled kernel that holds no GIL: numpy's sum held the GIL throughout
    and its xor took it back for every chunk, and with the file's opening and the spot
    checks on the thread too, the caller's own set-up waited for the GIL up to 5 ms at a
    time (the interpreter's switch interval)."""

    def __init__(self, words: WordLists):
        self.words = words
        self.thread = None
        self._opened = _open_cached(_cache_path(words, True), words, True)
        self._sum = None
        if self._opened is not None:
            self.thread = threading.Thread(target=self._checksum, daemon=True, name="matrix-prefetch")
            self.thread.start()

    def _checksum(self) -> None:
        try:
            self._sum = _checksum(self._opened[0])
        except Exception:  # noqa: BLE001 - no checksum: the file is not taken, first use loads it again
            pass

    def result(self) -> np.ndarray | None:
        """The matrix if the file is intact (shape, checksum, spot checks), else None."""
        if self._opened is None:
            return None
        self.thread.join()
        return self._opened[0] if _intact(*self._opened, self._sum, self.words, True) else None


def _release_pages(matrix: np.ndarray) -> None:
    mapping = getattr(matrix, "_mmap", None)
    if mapping is not None:
        mapping.madvise(mmap.MADV_DONTNEED)


CACHE_PREFIX = "feedback-"


def _write_cached(path: Path, matrix: np.ndarray) -> None:
    """Write the matrix and its checksum through the shared atomic writer (which also
    removes temporary files left in the cache folder by a killed run)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # The checksum goes first: a matrix without its checksum is never trusted.
    write_atomic(path.with_suffix(".sum"), _checksum(matrix).encode(), stale_prefix=CACHE_PREFIX)
    write_atomic(path, lambda fh: np.save(fh, matrix, allow_pickle=False), stale_prefix=CACHE_PREFIX)


def feedback_matrix(words: WordLists, use_cache: bool = True, refresh: bool = False,
                    keep: bool = True) -> np.ndarray:
    """The matrix for ``words``: from the cache when it is intact, else computed and cached
    (unless ``keep`` is false: the builds read only the answer-major layout, which is made
    from this one, so caching this one too would only double the cache's size).

    ``refresh`` recomputes it and rewrites the cache: the retry after a built tree failed
    verification, when a cache that passed its checks may still have been tampered with.
    """
    if not use_cache:
        return compute_matrix(words.guesses, words.answers)
    return _cached(words, False, refresh, lambda: compute_matrix(words.guesses, words.answers), write=keep)


def answer_major_matrix(words: WordLists, guess_major, use_cache: bool = True,
                        refresh: bool = False) -> np.ndarray:
    """The matrix of ``words`` laid out answers × guesses: from its own cache file when
    intact, else ``guess_major()`` (which returns the guess-major matrix, so it is loaded
    only when needed) transposed by :func:`answer_major`, and cached.  ``use_cache`` and
    ``refresh`` as for :func:`feedback_matrix`."""
    if not use_cache:
        return answer_major(guess_major())
    return _cached(words, True, refresh, lambda: answer_major(guess_major()))


def _cached(words: WordLists, by_answer: bool, refresh: bool, compute, write: bool = True) -> np.ndarray:
    path = _cache_path(words, by_answer)
    cached = None if refresh else _load_cached(path, words, by_answer)
    if cached is not None:
        return cached
    matrix = compute()
    if write:
        try:
            _write_cached(path, matrix)
        except (OSError, OutputError) as exc:  # not an error: the matrix is computed again next time
            _warn_unwritable(path.parent, exc)
    return matrix


_warned_folders: set = set()


def _warn_unwritable(folder: Path, exc: Exception) -> None:
    """Say once per process and folder that the cache cannot be written (a shared install,
    a read-only home): the builds still work, computing the matrix in memory each run."""
    if folder in _warned_folders:
        return
    _warned_folders.add(folder)
    reason = getattr(exc, "strerror", None) or str(exc)
    warnings.warn(f"cannot write the matrix cache in {folder} ({reason}); the matrix is computed in memory "
                  f"each run (set {CACHE_ENV} to a writable folder to keep it)", RuntimeWarning, stacklevel=2)


def answer_major(matrix: np.ndarray, rows_per_chunk: int = 256) -> np.ndarray:
    """``matrix`` copied answers × guesses, block by block.  When ``matrix`` is the cache
    file mapped read-only, its pages are handed back to the OS as each block is copied
    (they are clean file pages, so they simply fault in again if read), which keeps the
    peak at one matrix, not two."""
    n_guesses, n_answers = matrix.shape
    out = np.empty((n_answers, n_guesses), dtype=np.uint8)
    mapping = getattr(matrix, "_mmap", None)
    # where the array's bytes start inside the mapping (numpy maps from an aligned offset)
    base = getattr(matrix, "offset", 0) % mmap.ALLOCATIONGRANULARITY
    for first in range(0, n_guesses, rows_per_chunk):
        stop = min(n_guesses, first + rows_per_chunk)
        out[:, first:stop] = matrix[first:stop].T
        if mapping is not None:
            begin = -(-(base + first * n_answers) // mmap.PAGESIZE) * mmap.PAGESIZE  # whole pages only
            end = (base + stop * n_answers) // mmap.PAGESIZE * mmap.PAGESIZE
            if end > begin:
                mapping.madvise(mmap.MADV_DONTNEED, begin, end - begin)
    return out


def cache_entries() -> list[dict]:
    """The matrix files in the cache folder: name, bytes (with the checksum), shape and
    layout (``by guess``: guesses × answers; ``by answer``: answers × guesses)."""
    folder = cache_dir()
    entries = []
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return entries
    for name in names:
        if not (name.startswith(CACHE_PREFIX) and name.endswith(".npy")):
            continue
        path = folder / name
        size = sum(p.stat().st_size for p in (path, path.with_suffix(".sum")) if p.is_file())
        try:
            shape = tuple(np.load(path, mmap_mode="r", allow_pickle=False).shape)
        except (OSError, ValueError, EOFError):
            shape = None
        layout = "by answer" if name.endswith(f"{BY_ANSWER}.npy") else "by guess"
        entries.append({"file": name, "bytes": size, "shape": shape, "layout": layout})
    return entries


def clear_cache() -> tuple[int, int, list[str]]:
    """Delete the matrix files of ours (and stale temporary files): (files removed, bytes
    freed, the reasons for files that could not be removed, e.g. another user's cache).

    Only names this module writes are touched: ``$WORDLE_TREE_CACHE`` may be a shared folder.
    """
    folder = cache_dir()
    clean_stale(folder, prefix=CACHE_PREFIX)
    removed = freed = 0
    failures: list[str] = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed, freed, failures
    for name in sorted(names):
        if name.startswith(CACHE_PREFIX) and name.endswith((".npy", ".sum")):
            path = folder / name
            try:
                size = path.stat().st_size
                path.unlink()
            except FileNotFoundError:
                continue  # removed meanwhile (another clear)
            except OSError as exc:
                failures.append(exc.strerror or str(exc))
                continue
            removed, freed = removed + 1, freed + size
    return removed, freed, failures
