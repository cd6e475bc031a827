"""The native module against numba's JIT: whole processes, interleaved, same run.

    python benchmarks/native_ab.py [--pairs 5]

Each row runs the same command with the native module (the default) and with
``WORDLE_TREE_NATIVE=0`` (numba's JIT for every kernel) alternately, after one warm-up
run of each, and prints both medians, their ratio and both peak RSS (``/usr/bin/time
-f %M``, else ``ru_maxrss`` of the children).  The trees written both ways must be the
same bytes.  Results go to benchmarks/results/native_ab.json and the previous run's
ratios are shown.  A benchmark, not a test: never run it beside other heavy work.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "native_ab.json"
COMPILE = ["wordle-compile", "--strategy", "optimal", "--quiet"]
ROWS = {
    "salet": [*COMPILE, "--start", "salet"],
    "trace": [*COMPILE, "--start", "trace"],
    "trace --jobs 2": [*COMPILE, "--start", "trace", "--jobs", "2"],
    "salet hard": [*COMPILE, "--start", "salet", "--mode", "hard"],
    "entropy (default build)": ["wordle-compile", "--quiet"],
    "analyse salet:bbbbb --top 3": ["wordle-tree", "analyse", "salet:bbbbb", "--top", "3"],
}


def run(cmd: list[str], native: bool) -> tuple[float, float]:
    """Wall seconds and peak RSS in MiB of one whole process."""
    env = {**os.environ, "WORDLE_TREE_NATIVE": "1" if native else "0"}
    timer = ["/usr/bin/time", "-f", "%M"] if os.path.exists("/usr/bin/time") else []
    began = time.perf_counter()
    done = subprocess.run([*timer, *cmd], env=env, capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - began
    if timer:
        return seconds, int(done.stderr.strip().splitlines()[-1]) / 1024
    import resource

    return seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest child so far


def measure(cmd: list[str], pairs: int, tmp: Path) -> dict:
    """``pairs`` interleaved runs each way (after a warm-up of each); for a build, whether
    the two trees are the same bytes (None for a command that writes no tree)."""
    writes = cmd[0] == "wordle-compile"
    outputs = {native: tmp / f"{'native' if native else 'jit'}.wtree" for native in (True, False)}
    timings = {True: [], False: []}
    for repeat in range(pairs + 1):
        for native in (True, False):
            result = run(cmd + (["-o", str(outputs[native])] if writes else []), native)
            if repeat:  # the first of each is the warm-up
                timings[native].append(result)
    row = {side: {"seconds": statistics.median(t for t, _ in timings[native]),
                  "mib": max(m for _, m in timings[native])} for side, native in (("native", True), ("jit", False))}
    row["ratio"] = row["native"]["seconds"] / row["jit"]["seconds"]
    row["same_bytes"] = outputs[True].read_bytes() == outputs[False].read_bytes() if writes else None
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args(argv)
    previous = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    results = {}
    print(f"# {os.cpu_count()} CPUs, medians of {args.pairs} interleaved pairs, whole processes")
    print(f"{'row':30} {'native s':>9} {'jit s':>7} {'ratio':>6} {'native MiB':>10} {'jit MiB':>8} "
          f"{'same':>5} {'prev ratio':>10}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, cmd in ROWS.items():
            row = measure(cmd, args.pairs, Path(tmp))
            results[name] = row
            before = previous.get(name, {}).get("ratio")
            print(f"{name:30} {row['native']['seconds']:9.2f} {row['jit']['seconds']:7.2f} {row['ratio']:6.2f} "
                  f"{row['native']['mib']:10.0f} {row['jit']['mib']:8.0f} { {True: 'yes', False: 'NO', None: '-'}[row['same_bytes']]:>5} "
                  f"{before if before is None else round(before, 2)!s:>10}", flush=True)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    return 0 if all(r["same_bytes"] is not False for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
