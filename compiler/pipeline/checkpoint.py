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

**Writing** appends one record per class as it is proved, flushed at once (a killed
process loses none) and fsynced at most once a second and at the end; a resumed file is
first rewritten without a cut-short tail, atomically.
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import msgpack

from ..core.partition import Node
from ..util.files import OutputError, check_destination, read_regular_file, write_atomic

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
    return f"{results_header(ctx.words, settings)}; game {game.rule} {game.length} {game.alphabet}; first {first_word}"


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
    _file: object = field(default=None, repr=False)
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
        """Read the file's records for this build (``resume``) and open it for appending."""
        self.fingerprint = build_fingerprint(ctx, settings, first_word)
        path = Path(self.path)
        held: list[bytes] = []
        if self.resume and path.exists():
            limit = BYTES_PER_ANSWER * len(ctx.words.answers) + SLACK_BYTES
            held = self._read(read_regular_file(path, limit, "checkpoint"))
        header = msgpack.packb(
            {"format": FORMAT_NAME, "major": FORMAT_MAJOR, "minor": FORMAT_MINOR, "build": self.fingerprint},
            use_bin_type=True,
        )
        write_atomic(path, header + b"".join(held))
        self._file = open(path, "ab")  # noqa: SIM115 - appended to until close()
        self._synced = time.monotonic()

    def _read(self, data: bytes) -> list[bytes]:
        """The records of ``data`` (their packed bytes, kept as they were); the usable ones
        also go to ``_records`` for :meth:`taken`."""
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
        held = []
        while True:
            start = unpacker.tell()
            try:
                record = unpacker.unpack()
            except msgpack.OutOfData:
                break  # the end, or a record a kill cut short
            except ValueError:
                self.set_aside += 1
                break  # unreadable from here on
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
            held.append(data[start : unpacker.tell()])
        return held

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
            if self._file is None:
                return
            self._file.write(packed)
            self._file.flush()
            if time.monotonic() - self._synced >= FSYNC_SECONDS:
                os.fsync(self._file.fileno())
                self._synced = time.monotonic()

    def close(self) -> None:
        """Sync and close the file (again: nothing)."""
        with self._lock:
            if self._file is not None:
                self._file.flush()
                os.fsync(self._file.fileno())
                self._file.close()
                self._file = None


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
