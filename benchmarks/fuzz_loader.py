"""A long fuzz run of the tree loader and of every command that reads a tree.

    python benchmarks/fuzz_loader.py [--seconds 300] [--seed 1] [--no-cli]

Inputs, all derived from the shipped default tree (repacked as the current format):

- byte mutations: bit flips, byte overwrites, truncations, splices, inserted msgpack
  headers that declare huge lengths;
- ``meta`` mutations: a random key (or a new one) set to a value of another type, a huge
  string, a long list, deep nesting, NaN/inf, a path such as ``/etc/passwd``; keys
  deleted; in-schema changes (enums, lying stats) that load and then meet the CLIs;
- crafted large files (every 40th input): a million empty maps in ``meta``, a million nils
  as ``answers``, 20 million nils under an unknown key, a 2000-deep chain (format 1.0).

Each input must either load or raise ``TreeFormatError``.  Every input that loads is
then given to every command that reads a tree, in-process: ``wordle-next`` (plain,
``--json``, with a history), ``wordle-tree info`` (plain and ``--json``), ``verify`` and
``export --format text|selby|csv|olson``; every 25th rejected input to ``wordle-next`` and
``info``.  An *escape* is an exception other than SystemExit, a "Traceback" on stderr, an
exit code other than 0/1/2, exit 2 with other than one line on stderr, or a command still
running after 20 s.  The report gives the escapes (with how to reproduce the first ones),
the worst load time, and the worst memory ratio: the loader's peak RSS growth (Linux
``/proc/self/clear_refs`` resets the peak before each load) over the file's size.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import signal
import sys
import tempfile
import time
from array import array

import msgpack
from fuzz_inputs import mutate_bytes, mutate_meta  # the mutations, beside this script

from wordle_runtime import HistoryError, TreeFormatError, score
from wordle_runtime.cli import main as next_main
from wordle_runtime.format import pack_tree, read_tree_file, unpack_tree
from wordle_runtime.tree import Tree, default_tree_path

CLI_TIMEOUT = 20.0
SMALL_FILE = 64 * 1024  # below this, page granularity makes an RSS ratio meaningless


# --------------------------------------------------------------------------- crafted inputs


def _chain(n: int) -> bytes:
    """A valid format-1.0 tree that is one chain of ``n`` nodes (deeper than recursion allows)."""
    words = ["".join(chr(97 + (i // 26**k) % 26) for k in (3, 2, 1, 0)) + "z" for i in range(n)]
    tree = {
        "node_guess": array("I", range(n)).tobytes(),
        "node_answer": array("i", range(n)).tobytes(),
        "child_start": array("I", [*list(range(n)), n - 1]).tobytes(),
        "edge_pattern": bytes(n - 1),
        "edge_child": array("I", range(1, n)).tobytes(),
    }
    return msgpack.packb(
        {
            "format": "wordle-tree",
            "format_version": [1, 0],
            "meta": {},
            "answers": words,
            "guesses": words,
            "tree": tree,
        },
        use_bin_type=True,
    )


def crafted(doc: dict, rng: random.Random) -> bytes:
    """One of the large hostile files the issue found (or a deep valid chain)."""
    million = 1_000_000
    head = msgpack.packb({"format": "wordle-tree", "format_version": [1, 1]})
    builders = [
        lambda: b"\x83" + head[1:] + msgpack.packb("meta") + b"\xdd" + million.to_bytes(4, "big") + b"\x80" * million,
        lambda: msgpack.packb({**doc, "answers": [None] * million}, use_bin_type=True),
        lambda: msgpack.packb({**doc, "junk": [None] * (20 * million)}, use_bin_type=True),
        lambda: _chain(2000),
        lambda: msgpack.packb({**doc, "guess_list": b"\x00" * (3 * 2 * million)}, use_bin_type=True),
        lambda: msgpack.packb({**doc, "guesses": ["ab"] * million}, use_bin_type=True),
    ]
    return rng.choice(builders)()


# --------------------------------------------------------------------------- measuring


def _vm(field: str) -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(field):
                return int(line.split()[1]) * 1024
    return 0


def _reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        return True
    except OSError:
        return False


def measure_load(blob: bytes, rss: bool):
    """(TreeData or None, seconds, peak RSS growth in bytes or None)."""
    before = None
    if rss and _reset_peak():
        before = _vm("VmRSS")
    began = time.perf_counter()
    try:
        data = unpack_tree(blob)
    except TreeFormatError:
        data = None
    seconds = time.perf_counter() - began
    grown = _vm("VmHWM") - before if before is not None else None
    return data, seconds, grown


# --------------------------------------------------------------------------- commands


class Hang(BaseException):
    """A command ran past CLI_TIMEOUT (BaseException: nothing in a command may catch it)."""


def _on_alarm(signum, frame):
    raise Hang


def run_command(entry, argv):
    """(exit code, stdout, stderr, escape description or None) for one in-process run."""
    out, err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8"), io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    code, escape = 0, None
    signal.setitimer(signal.ITIMER_REAL, CLI_TIMEOUT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = entry(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except Hang:
        escape = f"still running after {CLI_TIMEOUT:.0f} s"
    except Exception as exc:  # noqa: BLE001 - this is what we are looking for
        escape = f"{type(exc).__name__}: {str(exc)[:120]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8", "replace"))
    stdout, stderr = texts
    if escape is None:
        if "Traceback" in stderr:
            escape = "a traceback on stderr"
        elif code not in (0, 1, 2):
            escape = f"exit code {code}"
        elif code == 2 and len(stderr.strip().splitlines()) != 1:
            escape = f"exit 2 with {len(stderr.strip().splitlines())} lines on stderr"
    return code, stdout, stderr, escape


def commands(path: str, data, rng: random.Random, loaded: bool):
    """(name, entry, argv) for each command to run on ``path``."""
    runs = [("wordle-next", next_main, ["--tree", path]), ("wordle-next --json", next_main, ["--json", "--tree", path])]
    if loaded:
        tree = Tree(data)
        answer = rng.choice(tree.answers)
        history = []
        for _ in range(4):  # the start of the tree's own path to a random answer
            try:
                guess = tree.next_guess(history)
            except HistoryError:  # a loaded tree whose edge patterns are not the real scores
                break
            if guess is None:
                break
            history.append((guess, score(guess, answer)))
        flat = [item for step in history for item in step]
        runs.append(("wordle-next HISTORY", next_main, ["--tree", path, *flat]))
        runs.append(("wordle-next crane bbbbb", next_main, ["--tree", path, "crane", "bbbbb"]))
    try:
        from wordle_compiler.cli.tree import main as tree_main
    except ImportError:
        return runs
    runs += [("info", tree_main, ["info", path]), ("info --json", tree_main, ["info", path, "--json"])]
    if loaded:
        runs.append(("verify", tree_main, ["verify", path]))
        runs += [
            (f"export {fmt}", tree_main, ["export", path, "--format", fmt]) for fmt in ("text", "selby", "csv", "olson")
        ]
    return runs


# --------------------------------------------------------------------------- main loop


def main() -> None:  # noqa: PLR0915 - the fuzzing loop and its report, read top to bottom
    """Fuzz for --seconds; print the report; exit 1 if anything escaped."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-cli", action="store_true", help="fuzz the loader only")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _on_alarm)
    rss = sys.platform.startswith("linux") and _reset_peak()
    blob = pack_tree(read_tree_file(default_tree_path()))  # the current format, whatever shipped
    doc = msgpack.unpackb(blob, raw=False)
    rng = random.Random(args.seed)
    counts = {"inputs": 0, "loaded": 0, "rejected": 0, "runs": 0, "escapes": 0}
    escapes: list[str] = []
    worst_time = (0.0, 0, "")
    worst_ratio = (0.0, 0, "")  # files of at least SMALL_FILE bytes
    worst_small = (0, 0, "")  # absolute growth for smaller files
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="wordle-fuzz-") as folder:
        path = os.path.join(folder, "fuzzed.wtree")
        while time.monotonic() - began < args.seconds:
            i = counts["inputs"]
            kind = "crafted" if i % 40 == 39 else ("meta" if rng.random() < 0.3 else "bytes")
            candidate = (
                crafted(doc, rng)
                if kind == "crafted"
                else mutate_meta(doc, rng)
                if kind == "meta"
                else mutate_bytes(blob, rng)
            )
            counts["inputs"] += 1
            data, seconds, grown = measure_load(candidate, rss)
            label = f"input #{i} ({kind}, {len(candidate):,} bytes)"
            counts["loaded" if data is not None else "rejected"] += 1
            if seconds > worst_time[0]:
                worst_time = (seconds, len(candidate), label)
            if grown is not None:
                if len(candidate) >= SMALL_FILE and grown / len(candidate) > worst_ratio[0]:
                    worst_ratio = (grown / len(candidate), grown, label)
                elif len(candidate) < SMALL_FILE and grown > worst_small[0]:
                    worst_small = (grown, len(candidate), label)
            if args.no_cli or (data is None and i % 25) or len(candidate) > 8 * 1024 * 1024:
                continue
            with open(path, "wb") as fh:
                fh.write(candidate)
            for name, entry, argv in commands(path, data, rng, data is not None):
                counts["runs"] += 1
                _, _, stderr, escape = run_command(entry, argv)
                if escape:
                    counts["escapes"] += 1
                    if len(escapes) < 10:
                        escapes.append(
                            f"{label}, `{name}`: {escape} (--seed {args.seed})"
                            + (f"; stderr: {stderr.strip()[-200:]!r}" if stderr.strip() else "")
                        )
    elapsed = time.monotonic() - began
    print(
        f"{counts['inputs']:,} inputs in {elapsed:.0f} s: {counts['loaded']:,} loaded, {counts['rejected']:,} "
        f"rejected with TreeFormatError, nothing else raised by the loader"
    )
    print(f"{counts['runs']:,} command runs on them: {counts['escapes']} escapes")
    for line in escapes:
        print(f"  escape: {line}")
    print(f"worst load time: {worst_time[0] * 1000:.1f} ms ({worst_time[2]})")
    if rss:
        print(
            f"worst memory ratio (peak RSS growth / file size, files >= {SMALL_FILE // 1024} KiB): "
            f"{worst_ratio[0]:.2f}x = {worst_ratio[1] / 2**20:.1f} MiB ({worst_ratio[2]})"
        )
        print(f"largest peak RSS growth for a smaller file: {worst_small[0] / 2**20:.2f} MiB ({worst_small[2]})")
    else:
        print("memory: not measured (needs Linux /proc/self/clear_refs)")
    sys.exit(1 if counts["escapes"] else 0)


if __name__ == "__main__":
    main()
