"""Flatten a built tree into the runtime's format (the runtime owns FORMAT.md) and
write it atomically."""

from __future__ import annotations

import os
import tempfile
from array import array
from collections import deque
from pathlib import Path

from wordle_runtime.format import TreeData, pack_tree


def flatten(root, ctx, meta: dict) -> TreeData:
    """Breadth-first numbering: children always get larger ids than their parent,
    and each node's edges are contiguous (CSR)."""
    used = set()
    stack = [root]
    while stack:
        node = stack.pop()
        used.add(node.guess)
        stack.extend(child for _, child in node.children)
    guess_words = sorted(ctx.words.guesses[g] for g in used)
    local = {word: i for i, word in enumerate(guess_words)}

    node_guess, node_answer = array("I"), array("i")
    child_start, edge_pattern, edge_child = array("I", [0]), array("B"), array("I")
    queue = deque([root])
    next_id = 1
    while queue:
        node = queue.popleft()
        node_guess.append(local[ctx.words.guesses[node.guess]])
        node_answer.append(node.answer)
        for code, child in node.children:
            edge_pattern.append(code)
            edge_child.append(next_id)
            next_id += 1
            queue.append(child)
        child_start.append(len(edge_pattern))
    return TreeData(
        answers=list(ctx.words.answers),
        guesses=guess_words,
        node_guess=node_guess,
        node_answer=node_answer,
        child_start=child_start,
        edge_pattern=edge_pattern,
        edge_child=edge_child,
        meta=meta,
    )


def write_atomic(path: str | os.PathLike, payload: bytes) -> None:
    """Write to a temporary file in the same folder, fsync, then rename over ``path``."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.fchmod(fd, 0o666 & ~umask)  # mkstemp makes 0600; a tree file is meant to be shared
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_tree(path, data: TreeData) -> int:
    payload = pack_tree(data)
    write_atomic(path, payload)
    return len(payload)
