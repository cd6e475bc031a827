"""Benchmarks (not tests): prints a table and compares with the previous run.

    python benchmarks/bench.py [--quick] [--only NAME ...]

Each row: what was run, answers, total guesses, average, max depth, seconds (best
of the repeats, warm: the matrix cache filled, unless the row says cold), and peak
memory in MiB.  Rows marked (warm)/(cold) and the Sørensen row are separate
`wordle-compile` processes with their own peak RSS; in-process rows show this
process's peak so far.  Results go to benchmarks/results/last.json, and the
previous run's seconds are shown beside.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "last.json"


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(fn, repeats=3):
    best, value = None, None
    for _ in range(repeats):
        began = time.perf_counter()
        value = fn()
        elapsed = time.perf_counter() - began
        best = elapsed if best is None else min(best, elapsed)
    return best, value


def bench_matrix(rows):
    import numpy as np

    from wordle_compiler.core.matrix import compute_matrix, feedback_matrix
    from wordle_compiler.core.wordlists import load_word_lists

    words = load_word_lists()
    compute_matrix(words.guesses[:5], words.answers[:5])  # compile
    t, _ = timed(lambda: compute_matrix(words.guesses, words.answers), 5)
    rows.append(("matrix 12972x2315", "", "", "", "", t))
    t, _ = timed(lambda: compute_matrix(words.guesses, words.guesses), 3)
    rows.append(("matrix 12972x12972", "", "", "", "", t))
    feedback_matrix(words)  # make sure the cache exists
    t, _ = timed(lambda: np.asarray(feedback_matrix(words)).shape, 5)
    rows.append(("matrix cache load 12972x2315", "", "", "", "", t))


def bench_runtime(rows):
    import wordle_runtime

    tree = wordle_runtime.load(None)
    first = tree.first_guess
    second = tree.next_guess([(first, "bbbbb")])
    history = [(first, "bbbbb"), (second, "bbbbb")]
    n = 200_000
    began = time.perf_counter()
    for _ in range(n):
        tree.next_guess(history)
    per_call = (time.perf_counter() - began) / n
    rows.append(("runtime next_guess, 2-step history (us/call)", "", "", "", "", per_call * 1e6))

    def cold(cmd):
        best = None
        for _ in range(15):
            began = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True)
            t = time.perf_counter() - began
            best = t if best is None else min(best, t)
        return best

    exe = str(Path(sys.executable).with_name("wordle-next"))
    t_next = cold([exe, first, "bbbbb"])
    t_msgpack = cold([sys.executable, "-c", "import msgpack"])
    rows.append(("cold wordle-next (s)", "", "", "", "", t_next))
    rows.append(("cold python -c 'import msgpack' (s)", "", "", "", "", t_msgpack))
    rows.append(("cold-start ratio", "", "", "", "", t_next / t_msgpack))


def bench_strategies(rows, quick):
    from wordle_compiler.core.config import BuildConfig, Context
    from wordle_compiler.pipeline.compile import compile_tree

    ctx = Context.load()
    names = [
        "minimax",
        "entropy",
        "expected-size",
        "most-parts",
        "unique-letters",
        "located-letters",
        "letter-entropy",
        "random",
        "first",
    ]
    if not quick:
        names.append("lookahead")
    for name in names:
        cfg = BuildConfig(strategy=name, start="salet")
        compile_tree(cfg, ctx)  # warm
        t, result = timed(lambda cfg=cfg: compile_tree(cfg, ctx), 1 if name == "lookahead" else 3)
        s = result.report
        rows.append((f"{name} salet normal", s.answers, s.total_guesses, f"{s.average:.4f}", s.max_depth, t))


def run_child(cmd, env=None):
    """Wall seconds and peak RSS (MiB) of one child process.

    The peak comes from GNU time, itself a small process: rusage read by this (large)
    process would count the memory of the fork that precedes exec.
    """
    import shutil
    import tempfile

    timer = shutil.which("time", path="/usr/bin:/bin")
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        full = [timer, "-f", "%M", "-o", rss.name, *cmd] if timer else cmd
        began = time.perf_counter()
        result = subprocess.run(full, capture_output=True, env=env, check=False)
        wall = time.perf_counter() - began
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(cmd)} exited {result.returncode}")
        text = rss.read().strip().splitlines()
        peak = int(text[-1]) / 1024 if timer and text and text[-1].isdigit() else float("nan")
    return wall, peak, json.loads(result.stdout)


def bench_optimal(rows, quick):
    """Each row is a real `wordle-compile` process: wall time includes start-up, the
    matrix cache load and verification; peak memory is that process's own."""
    import tempfile

    exe = str(Path(sys.executable).with_name("wordle-compile"))
    cases = [("salet", "normal", None, 6)]
    if not quick:
        cases += [
            ("plate", "normal", None, 6),
            ("salet", "hard", None, 6),
            ("plate", "hard", None, 6),
            ("plate", "possible", "answers", 6),
            ("palet", "hard", None, 5),
        ]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "t.wtree")
        for start, mode, guesses, depth in cases:
            cmd = [
                exe,
                "--strategy",
                "optimal",
                "--start",
                start,
                "--mode",
                mode,
                "--max-depth",
                str(depth),
                "--json",
                "--quiet",
                "-o",
                out,
            ] + (["--guesses", guesses] if guesses else [])
            run_child(cmd)  # warm: the matrix cache filled
            wall, peak, doc = min((run_child(cmd) for _ in range(2)), key=lambda r: r[0])
            rows.append(
                (
                    f"optimal {start} {mode}{' guesses=answers' if guesses else ''} d{depth} (warm)",
                    doc["answers"],
                    doc["total_guesses"],
                    f"{doc['average']:.5f}",
                    doc["max_depth"],
                    wall,
                    peak,
                )
            )
        # one cold row: an empty matrix cache, so the matrix is computed first
        env = dict(os.environ, WORDLE_TREE_CACHE=os.path.join(tmp, "cold-cache"))
        cmd = [exe, "--strategy", "optimal", "--start", "salet", "--json", "--quiet", "-o", out]
        wall, peak, doc = run_child(cmd, env)
        rows.append(
            (
                "optimal salet normal d6 (cold: no matrix cache)",
                doc["answers"],
                doc["total_guesses"],
                f"{doc['average']:.5f}",
                doc["max_depth"],
                wall,
                peak,
            )
        )


def bench_sorensen(rows, quick):
    """--answers all (12972 answers), minimax from lares: the Sørensen setting."""
    exe = str(Path(sys.executable).with_name("wordle-compile"))
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            exe,
            "--strategy",
            "minimax",
            "--start",
            "lares",
            "--answers",
            "all",
            "--allow-deeper",
            "--json",
            "--quiet",
            "-o",
            os.path.join(tmp, "t.wtree"),
        ]
        run_child(cmd)
        wall, peak, doc = run_child(cmd)
        rows.append(
            (
                "minimax lares --answers all",
                doc["answers"],
                doc["total_guesses"],
                f"{doc['average']:.4f}",
                doc["max_depth"],
                wall,
                peak,
            )
        )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="skip the slowest rows")
    parser.add_argument("--only", nargs="*", default=["matrix", "runtime", "strategies", "optimal", "sorensen"])
    args = parser.parse_args()
    rows = []
    for name in args.only:
        before = len(rows)
        globals()[f"bench_{name}"](*((rows,) if name in ("matrix", "runtime") else (rows, args.quick)))
        # in-process rows report this process's peak so far; child rows carry their own
        rows[before:] = [r if len(r) == 7 else (*r, peak_mib()) for r in rows[before:]]
        print(f"[{name}] done", file=sys.stderr)
    previous = {}
    if RESULTS.exists():
        previous = {r["what"]: r for r in json.loads(RESULTS.read_text())["rows"]}
    import numpy as np

    print(
        f"# {os.cpu_count()} CPUs, Python {platform.python_version()}, numpy {np.__version__}, "
        f"peak RSS {peak_mib():.0f} MiB"
    )
    header = (
        f"{'what':52} {'answers':>7} {'total':>6} {'average':>8} {'max':>3} {'seconds':>9} "
        f"{'peak MiB':>8} {'previous':>9}"
    )
    print(header)
    print("-" * len(header))
    out = []
    for what, answers, total, avg, depth, seconds, peak in rows:
        prev = previous.get(what, {}).get("seconds")
        prev_s = f"{prev:9.4f}" if isinstance(prev, (int, float)) else f"{'':>9}"
        print(f"{what:52} {answers!s:>7} {total!s:>6} {avg!s:>8} {depth!s:>3} {seconds:9.4f} {peak:8.0f} {prev_s}")
        out.append(
            {
                "what": what,
                "answers": answers,
                "total": total,
                "average": avg,
                "max_depth": depth,
                "seconds": seconds,
                "peak_mib": round(peak),
            }
        )
    RESULTS.parent.mkdir(exist_ok=True)
    merged = {**previous, **{r["what"]: r for r in out}}
    RESULTS.write_text(json.dumps({"rows": list(merged.values()), "peak_rss_mib": peak_mib()}, indent=1) + "\n")


if __name__ == "__main__":
    main()
