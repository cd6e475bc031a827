"""The feedback matrix's cache files: where they live, the checks that make a cached file
trustworthy (shape, whole-file checksum, spot checks against the reference scorer), atomic
writes, and the cache's administration (``wordle-tree cache``).

Each layout (guesses × answers, answers × guesses) has a file of its own, keyed by the two
lists' hashes, :data:`KERNEL_VERSION` and the game (:func:`cache_path`); a file that fails a
check is never used.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import threading
import warnings
from pathlib import Path

import numpy as np

from ..ext._kernels import xor_and_sum
from ..util.files import clean_stale, write_atomic
from ..util.splitmix import below
from .wordlists import WordLists, sha256

# Part of the cache key: bump it when the kernel's output could change, or when files an
# earlier kernel wrote may hold wrong cells, so that no such file is ever read.
KERNEL_VERSION = 2
CACHE_ENV = "WORDLE_TREE_CACHE"
XDG_ENV = "XDG_CACHE_HOME"
BY_ANSWER = "-by-answer"  # the file name's mark of the answers × guesses layout
_SPOT_CHECKS = 256


def cache_location() -> tuple[Path, str]:
    """The folder of cached matrices and what chose it: ``$WORDLE_TREE_CACHE`` if set
    (:data:`CACHE_ENV`), else ``wordle-tree`` under ``$XDG_CACHE_HOME`` (:data:`XDG_ENV`), else
    under ``~/.cache`` (``"default"``)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env), CACHE_ENV
    xdg = os.environ.get(XDG_ENV)
    if xdg:
        return Path(xdg) / "wordle-tree", XDG_ENV
    return Path(os.path.expanduser("~")) / ".cache" / "wordle-tree", "default"


def cache_dir() -> Path:
    """Folder of cached matrices (:func:`cache_location`)."""
    return cache_location()[0]


def cache_path(words: WordLists, by_answer: bool = False) -> Path:
    """The cache file of the matrix of ``words`` in one layout.  The key hashes both lists,
    the kernel version and the game's rule, length and alphabet, so two games over the same
    words never share a file; five-letter Wordle over a-z, the game every key named before
    games had one, leaves the game out, so its files keep their names."""
    game = words.game
    fields = f"{words.guesses_sha256}:{words.answers_sha256}:{KERNEL_VERSION}"
    if not game.is_default:
        fields += f":{game.rule}:{game.length}:{game.alphabet}"
    key = sha256(fields.encode("utf-8")).hexdigest()[:32]
    return cache_dir() / f"feedback-{key}{BY_ANSWER if by_answer else ''}.npy"


# A matrix at least this large is announced before it is computed (a few seconds of work).
ANNOUNCED_MATRIX_BYTES = 64 * 2**20


def first_matrix_note(words: WordLists) -> str | None:
    """One line saying that the feedback matrix of ``words`` is about to be computed and
    cached, when it is large (:data:`ANNOUNCED_MATRIX_BYTES`) and no intact-looking cache
    file of the layout the searches read exists yet; None otherwise."""
    cells = len(words.guesses) * len(words.answers)
    size = cells * words.kernel_build.width
    if size < ANNOUNCED_MATRIX_BYTES or cache_path(words, by_answer=True).exists():
        return None
    return (
        f"computing the feedback matrix once: {len(words.guesses):,} guesses x {len(words.answers):,} answers "
        f"({size / 2**20:,.0f} MiB, cached in {cache_dir()}; later runs read it)"
    )


def checksum(matrix: np.ndarray) -> str:
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
    """Compare a few deterministic cells against the pure-Python reference, the game's own
    rule (the cells read in one gather, since a memmap's indexing one cell at a time is slow)."""
    gs, as_ = spot_check_cells(*matrix.shape)
    cells = np.asarray(matrix)[gs, as_].tolist()
    guesses, answers, score_code = words.guesses, words.answers, words.game.score_code
    return all(
        cell == score_code(guesses[g], answers[a]) for cell, g, a in zip(cells, gs.tolist(), as_.tolist(), strict=True)
    )


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
    if matrix.dtype != words.kernel_build.code_dtype or matrix.shape != (shape[::-1] if by_answer else shape):
        return None
    return matrix, expected


def _intact(matrix: np.ndarray, expected: str, checksum: str | None, words: WordLists, by_answer: bool) -> bool:
    return checksum == expected and _spot_check(matrix.T if by_answer else matrix, words)


def load_cached(path: Path, words: WordLists, by_answer: bool = False) -> np.ndarray | None:
    """The cached matrix at ``path`` if its shape, checksum and spot checks hold, else None.

    The guess-major file's pages are handed back once checked (clean file pages: whatever
    is read later faults in again from the page cache), so an exact build, which reads it
    for a row or two, does not hold it in memory beside the answer-major one."""
    opened = _open_cached(path, words, by_answer)
    if opened is None or not _intact(*opened, checksum(opened[0]), words, by_answer):
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
        self._opened = _open_cached(cache_path(words, True), words, True)
        self._sum = None
        if self._opened is not None:
            self.thread = threading.Thread(target=self.checksum, daemon=True, name="matrix-prefetch")
            self.thread.start()

    def checksum(self) -> None:
        # any failure leaves no checksum: the file is not taken, first use loads the matrix again
        with contextlib.suppress(Exception):
            self._sum = checksum(self._opened[0])

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


def write_cached(path: Path, matrix: np.ndarray) -> None:
    """Write the matrix and its checksum through the shared atomic writer (which also
    removes temporary files left in the cache folder by a killed run)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # The checksum goes first: a matrix without its checksum is never trusted.
    write_atomic(path.with_suffix(".sum"), checksum(matrix).encode(), stale_prefix=CACHE_PREFIX)
    write_atomic(path, lambda fh: np.save(fh, matrix, allow_pickle=False), stale_prefix=CACHE_PREFIX)


_warned_folders: set = set()


def warn_unwritable(folder: Path, exc: Exception) -> None:
    """Say once per process and folder that the cache cannot be written (a shared install,
    a read-only home): the builds still work, computing the matrix in memory each run."""
    if folder in _warned_folders:
        return
    _warned_folders.add(folder)
    reason = getattr(exc, "strerror", None) or str(exc)
    warnings.warn(
        f"cannot write the matrix cache in {folder} ({reason}); the matrix is computed in memory "
        f"each run (set {CACHE_ENV} to a writable folder to keep it)",
        RuntimeWarning,
        stacklevel=2,
    )


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
