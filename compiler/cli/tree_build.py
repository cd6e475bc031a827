"""The building half of ``wordle-tree``: ``import`` and ``bench`` (click definitions in
:mod:`.tree`)."""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace

import click

from .common import CliError, FailedError, quiet_warnings, shorten
from .streams import STDIO, check_tree_destination, is_stdout, read_input, write_output

MAX_IMPORT_BYTES = 64 * 1024 * 1024  # the tree file cap; an olson file of the largest tree is far below


def run_import(file, fmt, settings, output, as_json=False, quiet=False) -> None:
    """Rebuild a tree from text (``-``: standard input) in the lists, mode and depth limit of
    ``settings``, check it, write it (``-``: standard output); exit 1 if it breaks the limit."""
    check_tree_destination(output, as_json)  # before the work (and before the engine's imports)
    from wordle_runtime.format import pack_tree

    from ..treefiles.importer import TreeImportError, import_tree
    from ..util.files import decode_text

    try:
        text = decode_text(read_input(file, MAX_IMPORT_BYTES, "file"))
    except UnicodeDecodeError:
        raise CliError(f"cannot read {_shown(file)}: it is not UTF-8 text") from None
    with quiet_warnings(quiet):
        words = settings.load_words()
    if not words.game.is_default:
        raise CliError(
            f"import reads the reference solvers' five-letter Wordle formats; the lists play {words.game.name}"
        )
    try:
        root = import_tree(text, fmt, words.answers, words.guesses)
    except TreeImportError as exc:
        raise CliError(f"{_shown(file)}: {exc}") from None
    data, report = _imported_tree(root, words, settings, fmt, file)
    mode, max_depth = settings.mode, settings.max_depth
    payload = pack_tree(data)
    write_output(output, payload)
    s, deep = report.stats(), report.exceeding_max_depth
    doc = {
        "output": output,
        "format": fmt,
        "bytes": len(payload),
        "nodes": data.n_nodes,
        "mode": mode,
        "max_depth_limit": max_depth,
        **s,
        "exceeding_max_depth": deep,
    }
    line = (
        f"imported {s['answers']} answers: total {s['total_guesses']}, average {s['average']:.4f}, "
        f"max depth {s['max_depth']} -> {_shown(output, 'standard output')}"
    )
    if as_json:
        if not deep:
            click.echo(json.dumps(doc))
    elif not is_stdout(output):
        click.echo(line)
    elif not quiet:
        click.echo(line, err=True)  # standard output carries the tree file
    if deep:
        raise FailedError(
            f"{len(deep)} answer(s) need more than {max_depth} guesses: {shorten(deep)} "
            f"(the file was written; verify it with --max-depth {s['max_depth']})",
            details=doc,
        )


def _shown(name: str, stream: str = "standard input") -> str:
    return stream if name == STDIO else name


def _imported_tree(root, words, settings, fmt, file):
    """(TreeData with its meta, verification report) of an imported tree played under
    ``settings``; a broken rule is an error."""
    from ..core.config import BuildConfig
    from ..pipeline.compile import make_meta
    from ..treefiles.artifact import flatten
    from ..treefiles.verification import verify_tree

    ctx = SimpleNamespace(words=words)  # flatten and make_meta need only the lists
    data = flatten(root, ctx, {})
    report = verify_tree(data, settings.mode, words.guesses, settings.max_depth)
    if report.failures:
        raise CliError(f"{_shown(file)}: {report.failures[0]}")
    cfg = BuildConfig("imported", settings, start=words.guesses[root.guess])
    data.meta = make_meta(ctx, cfg, report, False, f"imported from {fmt}")
    return data, report


HEADER = (
    f"{'strategy':16} {'start':6} {'mode':8} {'answers':>7} {'total':>6} {'average':>8} "
    f"{'max':>4} {'>6':>4} {'seconds':>8}"
)


def _row_text(r: dict) -> str:
    return (
        f"{r['strategy']:16} {r['start']:6} {r['mode']:8} {r['answers']:>7} {r['total']:>6} "
        f"{r['average']:>8.4f} {r['max']:>4} {r['over_6']:>4} {r['seconds']:>8.3f}"
    )


def _bench_plan(strategies: str, starts: str) -> list[tuple[str, str]]:
    """(strategy, start) pairs in table order; names checked before anything is built."""
    from ..strategies.table import NODE_RULES, STRATEGY_TABLE, canonical_name

    known = [name for name, entry in STRATEGY_TABLE.items() if entry.choose is not None or entry.exact]
    names = list(NODE_RULES) if strategies.strip() == "all" else [s.strip() for s in strategies.split(",")]
    for name in names:
        if canonical_name(name) not in known:
            raise CliError(f"unknown strategy {name!r} in --strategies: use all, or some of {', '.join(known)}")
    words = [s.strip().lower() for s in starts.split(",")]
    if not all(words):
        raise CliError("--start has an empty entry: give words or 'own', separated by commas")
    return [
        (canonical_name(name), start)
        for start in words
        for name in names
        if not (STRATEGY_TABLE[canonical_name(name)].exact and start == "own")
    ]


def run_bench(strategies, starts, settings, counts: tuple[int, int], as_json, quiet) -> None:
    """One row per (start, strategy) in the lists and mode of ``settings``, printed as soon as
    it is measured; ``counts``: (``--width``, ``--repeat``)."""
    from tqdm import tqdm

    from ..core.config import BuildConfig, Context
    from ..core.errors import BuildError
    from ..pipeline.compile import compile_tree
    from ..proof.optimal import InfeasibleError
    from .progress import stderr_bar

    plan = _bench_plan(strategies, starts)
    (width, repeat), mode = counts, settings.mode
    ctx = Context.load(settings)
    rows = []
    bar = stderr_bar(total=len(plan) * repeat, unit="build", disable=quiet, leave=False, desc="bench")
    try:
        if not as_json:
            tqdm.write(HEADER + "\n" + "-" * len(HEADER), file=sys.stdout)
        for name, start in plan:
            cfg = BuildConfig(name, settings, start=None if start == "own" else start, width=width)
            results = []
            for _ in range(repeat):
                bar.set_postfix_str(f"{name} {start}")
                try:
                    results.append(compile_tree(cfg, ctx))
                except InfeasibleError as exc:
                    raise FailedError(f"{name} from {start}: {exc}") from None
                except BuildError as exc:
                    raise CliError(f"{name} from {start}: {exc}") from None
                bar.update(1)
            rows.append(_row(min(results, key=lambda r: r.seconds), name, mode))
            if not as_json:
                tqdm.write(_row_text(rows[-1]), file=sys.stdout)  # keeps the bar below the rows
                sys.stdout.flush()
    finally:
        bar.close()
    if as_json:
        click.echo(json.dumps(rows))


def _row(result, name: str, mode: str) -> dict:
    s = result.report
    return {
        "strategy": name,
        "start": result.data.meta["config"]["start"],
        "mode": mode,
        "answers": s.answers,
        "total": s.total_guesses,
        "average": round(s.average, 4),
        "max": s.max_depth,
        "over_6": sum(v for k, v in s.histogram.items() if k > 6),
        "seconds": round(result.seconds, 3),
    }
