"""``wordle-compile --checkpoint FILE``: the classes below a fixed first guess, kept in a file
as the exact search proves them, so that a stopped build goes on (``--resume``) without
proving any of them again.

**The file** is a sequence of msgpack values (docs/engine.md, "Checkpoints"): first a header
map ``{"format": FORMAT_NAME, "major": 1, "minor": 0, "build": FINGERPRINT}``, then one map
per proved class ``{"code": feedback code, "cost": its optimal total, "tree": subtree,
"check": 16 hex digits}``.  The fingerprint names what is built (the lists by name and
hash, the game, mode, depth limit, objective, weights and the first guess): a file made for
another build is refused.  A subtree is ``[guess, answer, [[code, subtree], ...]]``, the
guess an index into the guess list, the answer the index of the answer it solves or -1.
The check is sha256 over the fingerprint and the record's packed ``code``, ``cost`` and
``tree``: a record this program wrote.

**Reading never trusts the file**: its size is capped, the header must be this format's
and this build's, and each record is bounds-checked and replayed (every answer of its class
reaches its own leaf within the depth left, along the feedback it gets, and the total is
the cost stated).  A record that fails any of that, or its check, is set aside and its
class proved again; a record cut short by a kill ends the file.

**Writing** appends one record per class as it is proved, written at once (a killed
process loses none) and fsynced at most once a second and at the end.  The file is locked
(``flock``) while a build has it open, so a second build on it is refused in one line; a
resumed file is first cut back to its last whole record.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import stat
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import msgpack

from ..core.partition import Node
from ..strategies.table import strategy_named
from ..util.files import OutputError, check_destination

FORMAT_NAME = "wordle-tree checkpoint"
FORMAT_MAJOR, FORMAT_MINOR = 1, 0
CHECK_DIGITS = 16
FSYNC_SECONDS = 1.0
# A subtree holds at most a node per answer and a child link per node, each a few bytes:
# a file over this many bytes per answer is not a checkpoint of this game.
BYTES_PER_ANSWER = 64
SLACK_BYTES = 1 << 20


class CheckpointError(ValueError):
    """A checkpoint file that cannot be used for this build (one line)."""


@dataclass
class Proving:
    """How the classes below a fixed first guess are proved beyond this process's threads:
    ``checkpoint`` keeps each class as it is proved; ``scheduler`` (a Dask address) or
    ``workers`` (a LocalCluster's processes, when more than 0) prove them on Dask, one class
    per task (:mod:`.cluster_level`)."""

    checkpoint: Checkpoint | None = None
    scheduler: str | None = None
    workers: int = 0
    memo_mb: float | None = None  # each worker's memo cap (--memo-mb; None: the engine's default)
    counters: dict = field(default_factory=dict)  # the cluster's tasks' engine counters, summed

    @property
    def on_cluster(self) -> bool:
        """Whether the classes go to Dask."""
        return self.scheduler is not None or self.workers > 0


def build_fingerprint(ctx, settings, first_word: str) -> str:
    """What a checkpoint was made for: the lists, game, mode, depth limit, objective and
    weights of ``settings`` and the first guess."""
    from ..ranking.results import results_header

    game = ctx.game
    # the ranking's own description of the lists and settings, without its file's title and version
    fields = [f for f in results_header(ctx.words, settings).split("; ")[1:] if not f.startswith("version")]
    fields += [f"game {game.rule} {game.length} {game.alphabet}", f"first {first_word}"]
    return "; ".join(fields)


def encode_subtree(node: Node) -> list:
    """``node`` as nested lists (the module docstring's subtree)."""
    return [int(node.guess), int(node.answer), [[int(code), encode_subtree(child)] for code, child in node.children]]


def record_check(fingerprint: str, code: int, cost: int, tree: list) -> str:
    """The check of one record (module docstring)."""
    packed = msgpack.packb([code, cost, tree], use_bin_type=True)
    return hashlib.sha256(fingerprint.encode() + b"\n" + packed).hexdigest()[:CHECK_DIGITS]


@dataclass
class Checkpoint:
    """One build's checkpoint file: :meth:`open` reads what it holds (``resume``) and starts
    writing; :meth:`taken` gives the classes it proved; :meth:`add` appends a class."""

    path: Path
    resume: bool = False
    fingerprint: str = ""
    set_aside: int = 0  # records read and not used (a failed check or replay)
    notify: Callable[[str], None] | None = None  # told, in one line, what a resume took
    _records: dict = field(default_factory=dict, repr=False)  # code -> [(cost, tree lists)], in file order
    _fd: int | None = field(default=None, repr=False)  # open, appended to and locked until close()
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _synced: float = 0.0

    def check_destination(self) -> None:
        """Before any work: the file can be written, and exists only when resumed."""
        try:
            target = check_destination(self.path, "checkpoint")
        except OutputError as exc:
            raise CheckpointError(str(exc)) from None
        if target.exists() and not self.resume:
            raise CheckpointError(f"{self.path} exists: --resume goes on from it (or remove it)")

    def open(self, ctx, settings, first_word: str) -> None:
        """Lock the file (one build at a time), read its records for this build (``resume``)
        and drop a tail a kill cut short, or write the header of a new file; then append."""
        self.fingerprint = build_fingerprint(ctx, settings, first_word)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise CheckpointError(f"{self.path} is not a regular file")
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise CheckpointError(f"{self.path} is in use by another build") from None
            size = os.fstat(fd).st_size
            if size and not self.resume:
                raise CheckpointError(f"{self.path} exists: --resume goes on from it (or remove it)")
            if size > BYTES_PER_ANSWER * len(ctx.words.answers) + SLACK_BYTES:
                raise CheckpointError(f"{self.path} is larger than a checkpoint of this game can be")
            if size:
                end = self._read(os.pread(fd, size, 0))
                if end < size:
                    os.ftruncate(fd, end)
            else:
                header = {
                    "format": FORMAT_NAME,
                    "major": FORMAT_MAJOR,
                    "minor": FORMAT_MINOR,
                    "build": self.fingerprint,
                }
                _write_all(fd, msgpack.packb(header, use_bin_type=True))
                os.fsync(fd)
            os.lseek(fd, 0, os.SEEK_END)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        self._synced = time.monotonic()

    def _read(self, data: bytes) -> int:
        """Where the readable records of ``data`` end (the rest a kill cut short, or not
        msgpack); the usable ones go to ``_records`` for :meth:`taken`."""
        unpacker = msgpack.Unpacker(use_list=True, raw=False, strict_map_key=True, max_buffer_size=len(data) + 1)
        unpacker.feed(data)
        try:
            header = unpacker.unpack()
        except (msgpack.OutOfData, ValueError, msgpack.ExtraData) as exc:
            raise CheckpointError(f"{self.path} is not a wordle-tree checkpoint ({exc.__class__.__name__})") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT_NAME:
            raise CheckpointError(f"{self.path} is not a wordle-tree checkpoint")
        if header.get("major") != FORMAT_MAJOR:
            raise CheckpointError(
                f"{self.path} is a checkpoint of format {header.get('major')}, this reads {FORMAT_MAJOR}"
            )
        if header.get("build") != self.fingerprint:
            raise CheckpointError(
                f"{self.path} holds the classes of another build ({header.get('build')!s:.200}); "
                "remove it or name another file"
            )
        end = unpacker.tell()
        while True:
            try:
                record = unpacker.unpack()
            except msgpack.OutOfData:
                break  # the end, or a record a kill cut short
            except ValueError:
                self.set_aside += 1
                break  # unreadable from here on
            end = unpacker.tell()
            if not isinstance(record, dict) or set(record) != {"code", "cost", "tree", "check"}:
                self.set_aside += 1
                continue
            code, cost, tree, check = record["code"], record["cost"], record["tree"], record["check"]
            if not (isinstance(code, int) and isinstance(cost, int) and isinstance(check, str)):
                self.set_aside += 1
                continue
            try:
                good = check == record_check(self.fingerprint, code, cost, tree)
            except (TypeError, ValueError, OverflowError):
                good = False
            if not good:
                self.set_aside += 1
                continue
            self._records.setdefault(code, []).append((cost, tree))
        return end

    def taken(self, ctx, tasks: list, depth: int, weights=None) -> dict[int, tuple[Node, int]]:
        """The classes of ``tasks`` ((code, answers, legal) each) the file proved, as
        {task index: (subtree, cost)}: each replayed (module docstring) within ``depth``
        guesses; one that fails is set aside."""
        found = {}
        for index, (code, cls, _) in enumerate(tasks):
            for cost, tree in self._records.pop(code, ()):
                node = replayed_subtree(ctx, tree, cls, depth, weights)
                if node is not None and node[1] == cost and index not in found:
                    found[index] = (node[0], cost)
                elif node is None or node[1] != cost:
                    self.set_aside += 1
        self.set_aside += sum(len(v) for v in self._records.values())  # codes the first guess does not leave
        self._records.clear()
        if self.notify is not None and self.resume:
            aside = f"; {self.set_aside} set aside (their classes are proved again)" if self.set_aside else ""
            self.notify(f"{len(found)} of {len(tasks)} classes taken from {self.path}{aside}")
        return found

    def add(self, code: int, node: Node, cost: int) -> None:
        """Append class ``code``'s proved subtree and total (thread-safe)."""
        tree = encode_subtree(node)
        record = {"code": int(code), "cost": int(cost), "tree": tree}
        record["check"] = record_check(self.fingerprint, record["code"], record["cost"], tree)
        packed = msgpack.packb(record, use_bin_type=True)
        with self._lock:
            if self._fd is None:
                return
            _write_all(self._fd, packed)
            if time.monotonic() - self._synced >= FSYNC_SECONDS:
                os.fsync(self._fd)
                self._synced = time.monotonic()

    def close(self) -> None:
        """Sync, unlock and close the file (again: nothing)."""
        with self._lock:
            if self._fd is not None:
                try:
                    os.fsync(self._fd)
                finally:
                    os.close(self._fd)
                    self._fd = None


def _write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` at ``fd``'s position (one record, or the header)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def replayed_subtree(ctx, tree, answers, depth: int, weights=None) -> tuple[Node, int] | None:
    """(the subtree ``tree`` encodes, its total) when it solves exactly ``answers`` (answer
    indices), each within ``depth`` guesses along the feedback it gets; None otherwise."""
    n_guesses, n_answers = len(ctx.words.guesses), len(ctx.words.answers)
    total = 0

    def walk(item, left, level) -> Node | None:
        nonlocal total
        if level > depth or not (isinstance(item, list) and len(item) == 3):
            return None
        guess, answer, children = item
        if not (isinstance(guess, int) and 0 <= guess < n_guesses and isinstance(answer, int)):
            return None
        if not (-1 <= answer < n_answers and isinstance(children, list)):
            return None
        solved = left[ctx.answer_in_guesses[left] == guess]
        if (answer < 0) != (len(solved) == 0) or (answer >= 0 and int(solved[0]) != answer):
            return None
        if answer >= 0:
            total += level * (1 if weights is None else int(weights[answer]))
            left = left[left != answer]
        codes = ctx.codes(guess, left)
        node = Node(guess, answer)
        expected = sorted({int(c) for c in codes})
        if [c[0] if isinstance(c, list) and len(c) == 2 else None for c in children] != expected:
            return None
        for code, child in children:
            sub = walk(child, left[codes == code], level + 1)
            if sub is None:
                return None
            node.children.append((code, sub))
        return node

    import numpy as np

    root = walk(tree, np.asarray(answers), 1)
    return None if root is None else (root, total)


def proving_for(
    cfg,
    checkpoint: str | os.PathLike | None,
    resume: bool,
    scheduler: str | None,
    workers: int | None,
    notify: Callable[[str], None] | None = None,
) -> Proving | None:
    """The :class:`Proving` of ``--checkpoint``/``--resume``/``--scheduler``/``--workers``
    (None without them): a one-line ``ValueError`` unless the build is optimal from one
    ``--start`` for the total, with at most one cluster and ``resume`` only with a file.
    The checkpoint's destination is checked before any work; ``notify(text)`` hears in one
    line what a resume took."""
    from ..concurrency.cluster import scheduler_address
    from ..core.settings import MAX_JOBS, check_whole

    if not isinstance(resume, bool):
        raise CheckpointError(f"resume must be True or False, not {resume!r}")
    if checkpoint is None and scheduler is None and workers is None:
        if resume:
            raise CheckpointError("--resume goes on from a --checkpoint FILE: name it")
        return None
    if not strategy_named(cfg.strategy).exact or not cfg.start or cfg.opening or cfg.settings.objective != "total":
        raise CheckpointError(
            "--checkpoint, --scheduler and --workers need --strategy optimal with --start (not --opening), "
            "objective total"
        )
    if scheduler is not None and workers is not None:
        raise CheckpointError("--scheduler and --workers are two clusters: give one")
    if resume and checkpoint is None:
        raise CheckpointError("--resume goes on from a --checkpoint FILE: name it")
    if workers is not None:
        check_whole("workers", workers, 1, MAX_JOBS)
    address = None if scheduler is None else scheduler_address(scheduler)
    kept = None if checkpoint is None else Checkpoint(Path(checkpoint), resume=resume, notify=notify)
    if kept is not None:
        kept.check_destination()
    return Proving(checkpoint=kept, scheduler=address, workers=workers or 0)
