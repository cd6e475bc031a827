"""A longer fuzz run of the tree loader than CI's bounded one.

    python benchmarks/fuzz_loader.py [--seconds 300] [--seed 1]

Mutates the shipped default tree (bit flips, byte overwrites, truncations, splices,
inserted msgpack headers with huge lengths) and asserts that the loader either
accepts the bytes or raises TreeFormatError, and that nothing else ever escapes.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import wordle_trees
from wordle_runtime import TreeFormatError
from wordle_runtime.format import unpack_tree

HOSTILE_HEADERS = [b"\xdd\xff\xff\xff\xff", b"\xc6\xff\xff\xff\xf0", b"\xdf\x7f\xff\xff\xff",
                   b"\xc7\x05\x01", b"\xd9\xff", b"\x91" * 64]


def mutate(blob: bytes, rng: random.Random) -> bytes:
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    folder = Path(wordle_trees.__file__).parent
    blob = (folder / (folder / "DEFAULT").read_text().strip()).read_bytes()
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.seconds
    tried = accepted = rejected = 0
    while time.monotonic() < deadline:
        candidate = mutate(blob, rng)
        tried += 1
        try:
            unpack_tree(candidate)
            accepted += 1
        except TreeFormatError:
            rejected += 1
        # anything else propagates and fails the run, with the seed to reproduce it
    print(f"{tried} mutated files in {args.seconds:.0f} s: {rejected} rejected with TreeFormatError, "
          f"{accepted} still valid (e.g. a flipped letter in a meta string); nothing else raised")


if __name__ == "__main__":
    main()
