"""The mutated inputs benchmarks/fuzz_loader.py feeds the tree loader, derived from one tree
file: byte mutations and ``meta`` mutations (its docstring lists them)."""

from __future__ import annotations

import json
import math
import random

import msgpack

HOSTILE_HEADERS = [
    b"\xdd\xff\xff\xff\xff",
    b"\xc6\xff\xff\xff\xf0",
    b"\xdf\x7f\xff\xff\xff",
    b"\xc7\x05\x01",
    b"\xd9\xff",
    b"\x91" * 64,
]
ODD_VALUES = [
    None,
    True,
    0,
    -1,
    2**64 - 1,
    -(2**63),
    1.5,
    math.nan,
    math.inf,
    -0.0,
    "",
    "x" * 2000,
    "/etc/passwd",
    "/dev/zero",
    "../../secret",
    "é🟩\u0000",
    b"raw",
    [],
    {},
    [1, "a", None],
    {"k": {"k": {"k": 1}}},
    "salet",
    ["salet", "crane"],
    255,
    256,
    "best of 99 first words",
    "imported from csv",
    "hard",
    "possible",
    "bogus",
]


def mutate_bytes(blob: bytes, rng: random.Random) -> bytes:
    """Flips, overwrites, a truncation, a splice or an inserted hostile msgpack header."""
    data = bytearray(blob)
    kind = rng.randrange(5)
    if kind == 0:
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == 1:
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == 2:
        data = data[: rng.randrange(len(data))]
    elif kind == 3:
        at = rng.randrange(len(data))
        data[at:at] = rng.choice(HOSTILE_HEADERS)
    else:
        a, b = sorted(rng.randrange(len(data)) for _ in range(2))
        data[a:a] = data[a:b]
    return bytes(data)


def _meta_paths(meta) -> list[list]:
    """Every key path in ``meta`` (iterative)."""
    paths, stack = [], [([], meta)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                paths.append([*path, key])
                stack.append(([*path, key], item))
    return paths


def _odd_value(rng: random.Random):
    kind = rng.randrange(6)
    if kind == 0:  # deep nesting
        value = 1
        for _ in range(rng.randint(1, 40)):
            value = [value] if rng.random() < 0.5 else {"d": value}
        return value
    if kind == 1:  # a long list or a big map
        n = rng.choice([10, 300, 5000, 100_000])
        return (
            [rng.choice([None, 1, "ab", {}]) for _ in range(n)]
            if rng.random() < 0.5
            else {f"k{i}": i for i in range(n)}
        )
    if kind == 2:
        return "y" * rng.choice([100, 1025, 20_000, 1_000_000])
    return rng.choice(ODD_VALUES)


def mutate_meta(doc: dict, rng: random.Random) -> bytes:
    """A copy of ``doc`` with its meta changed in type, size or nesting; packed raw, so the
    loader (not pack_tree) is what judges it."""
    meta = json.loads(json.dumps(doc["meta"]))
    paths = _meta_paths(meta)
    op = rng.randrange(5)
    if op == 0 and paths:  # a key that exists, given an odd value
        path = rng.choice(paths)
        holder = meta
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = _odd_value(rng)
    elif op == 1 and paths:  # a key deleted
        path = rng.choice(paths)
        holder = meta
        for key in path[:-1]:
            holder = holder[key]
        holder.pop(path[-1], None)
    elif op == 2:  # a new key at the top or inside a map
        holders = [meta] + [h for h in _containers(meta) if isinstance(h, dict)]
        rng.choice(holders)[rng.choice(["extra", "future", "config", "stats", "mode"])] = _odd_value(rng)
    elif op == 3:  # meta itself replaced
        meta = _odd_value(rng)
    else:  # in-schema values: these load, and then the commands meet them
        choice = rng.randrange(4)
        if choice == 0:
            meta["optimality"] = rng.choice(["heuristic", "best of 3 first words", "imported from selby"])
        elif choice == 1:
            meta.setdefault("stats", {})["total_guesses"] = rng.randrange(2**32)
        elif choice == 2:
            meta.setdefault("config", {})["answers"] = rng.choice(["/etc/passwd", "/dev/zero", "nyt", "x" * 1024])
        else:
            meta.setdefault("stats", {})["histogram"] = {str(rng.randrange(1000)): rng.randrange(10)}
    return msgpack.packb({**doc, "meta": meta}, use_bin_type=True)


def _containers(value):
    stack, found = [value], []
    while stack:
        item = stack.pop()
        if isinstance(item, (dict, list)):
            found.append(item)
            stack.extend(item.values() if isinstance(item, dict) else item)
    return found
