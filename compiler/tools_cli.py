"""``wordle-tree``: info, verify, export, import and bench for tree files."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

import click

from wordle_runtime.format import TreeFormatError, read_tree_file

from .cli import CliError, run_click
from .config import MODES

FORMATS = ["dot", "svg", "png", "text", "selby", "csv", "olson"]


def _load(path):
    try:
        return read_tree_file(path)
    except TreeFormatError as exc:
        raise CliError(str(exc)) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def group():
    """Inspect, verify, export, import and benchmark Wordle decision trees."""


@group.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True)
def info(file, as_json):
    """Format version, settings, word lists, stats and histogram of a tree file."""
    data = _load(file)
    meta = data.meta
    doc = {
        "file": file, "bytes": os.path.getsize(file),
        "format_version": list(data.format_version), "nodes": data.n_nodes,
        "answers": len(data.answers), "guesses_used": len(data.guesses),
        "strategy": meta.get("strategy"), "config": meta.get("config", {}),
        "optimality": meta.get("optimality"), "word_lists": meta.get("word_lists", {}),
        "stats": meta.get("stats", {}), "compiler": meta.get("compiler", {}),
    }
    if as_json:
        click.echo(json.dumps(doc, sort_keys=True))
        return
    stats = doc["stats"]
    click.echo(f"{file}: wordle-tree format {'.'.join(map(str, data.format_version))}, "
               f"{doc['bytes']} bytes, {data.n_nodes} nodes")
    click.echo(f"strategy {doc['strategy']}  ({doc['optimality']})")
    for key, value in sorted(doc["config"].items()):
        click.echo(f"  {key}: {value}")
    for role, lst in sorted(doc["word_lists"].items()):
        click.echo(f"  {role}: {lst.get('name')} ({lst.get('count')} words, sha256 {str(lst.get('sha256'))[:16]}…)")
    if stats:
        click.echo(f"answers {stats.get('answers')}  total {stats.get('total_guesses')}  "
                   f"average {stats.get('average')}  max depth {stats.get('max_depth')}  "
                   f"proved optimal {stats.get('proved_optimal')}")
        for depth, count in stats.get("histogram", {}).items():
            click.echo(f"  {depth} guesses: {count}")


@group.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--max-depth", type=int, help="default: the file's own max_depth, else 6")
@click.option("--mode", type=click.Choice(MODES), help="default: the file's own mode, else normal")
@click.option("--guesses", help="guess list to check guesses against: a name, a path, or 'answers' "
              "(default: the list the file was built with)")
@click.option("--json", "as_json", is_flag=True)
def verify(file, max_depth, mode, guesses, as_json):
    """Replay every answer with the reference score; check every claim in meta."""
    from .verify import check_claims, verify_tree
    from .wordlists import WordListError, load_word_lists, sha256_of_words

    data = _load(file)
    config = data.meta.get("config", {})
    mode = mode or config.get("mode", "normal")
    max_depth = max_depth or config.get("max_depth", 6)
    notes = []
    try:
        if guesses == "answers":
            allowed = list(data.answers)
        elif guesses:
            allowed = load_word_lists("original", guesses).guesses
        else:
            # the lists the tree was built with, resolved the way wordle-compile resolved them
            allowed = load_word_lists(config.get("answers", "original"), config.get("guesses")).guesses
            claimed = data.meta.get("word_lists", {}).get("guesses", {}).get("sha256")
            if claimed and claimed != sha256_of_words(list(allowed)):
                allowed = None
                notes.append("the file's guess list is not available here (sha256 differs); "
                             "guesses were not checked against a list (use --guesses)")
    except WordListError as exc:
        if guesses:
            raise CliError(str(exc)) from None
        allowed = None
        notes.append(f"guesses were not checked against a list ({exc}; use --guesses)")
    report = verify_tree(data, mode, allowed, max_depth)
    problems = report.failures + check_claims(data, report)
    ok = not problems and not report.exceeding_max_depth
    if as_json:
        click.echo(json.dumps({"ok": ok, "mode": mode, "max_depth_limit": max_depth, **report.stats(),
                               "exceeding_max_depth": report.exceeding_max_depth, "problems": problems,
                               "notes": notes}))
    else:
        s = report.stats()
        click.echo(f"{'OK' if ok else 'FAILED'}: {s['answers']} answers, total {s['total_guesses']}, "
                   f"average {s['average']:.4f}, max depth {s['max_depth']} (limit {max_depth}, {mode} mode)")
        for problem in problems[:20]:
            click.echo(f"  {problem}")
        for note in notes:
            click.echo(f"  note: {note}")
        if report.exceeding_max_depth:
            click.echo(f"  {len(report.exceeding_max_depth)} answer(s) need more than {max_depth} guesses: "
                       + ", ".join(report.exceeding_max_depth[:20]))
    if not ok:
        sys.exit(1)


def _render(dot_text, fmt, out_path):
    dot = shutil.which("dot")
    if dot is None:
        raise CliError("Graphviz 'dot' is not installed; install it (e.g. apt-get install graphviz "
                       "or brew install graphviz), or export --format dot")
    result = subprocess.run([dot, f"-T{fmt}"], input=dot_text.encode(), capture_output=True)
    if result.returncode != 0:
        raise CliError(f"Graphviz failed: {result.stderr.decode(errors='replace').strip().splitlines()[0]}")
    return result.stdout


@group.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option("--path", "path_text", help="start at the node this history reaches, e.g. salet:bbbbb,courd:bbbyb")
@click.option("--depth", type=click.IntRange(0, 50), help="truncate below this many levels (text/dot/svg/png)")
@click.option("--hollow", is_flag=True, help="selby: blank the prefix shared with the line above")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="default: stdout")
def export(file, fmt, path_text, depth, hollow, output):
    """Export a tree (or the subtree at --path) to Graphviz or a community text format."""
    from .artifact import write_atomic
    from .export import EXPORTERS, ExportError, TreeView

    view = TreeView(_load(file))
    try:
        node, history = view.follow(path_text)
    except ExportError as exc:
        raise CliError(str(exc)) from None
    kind = "dot" if fmt in ("dot", "svg", "png") else fmt
    if kind in ("text", "dot"):
        exporter = EXPORTERS[kind](max_depth=depth)
    elif kind == "selby":
        exporter = EXPORTERS[kind](hollow=hollow)
    else:
        exporter = EXPORTERS[kind]()
    buffer = io.StringIO()
    exporter.write(view, node, history, buffer)
    payload = buffer.getvalue().encode()
    if fmt in ("svg", "png"):
        payload = _render(buffer.getvalue(), fmt, output)
    if output:
        write_atomic(output, payload)
    else:
        sys.stdout.buffer.write(payload)


@group.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--from", "fmt", type=click.Choice(["selby", "csv", "olson"]), required=True)
@click.option("--answers", default="original", show_default=True)
@click.option("--guesses", default=None)
@click.option("--mode", type=click.Choice(MODES), default="normal", show_default=True)
@click.option("--max-depth", default=6, show_default=True, type=int)
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False))
def import_command(file, fmt, answers, guesses, mode, max_depth, output):
    """Rebuild a tree from text, check every step with score, verify, and write a tree file."""
    from .artifact import flatten, save_tree
    from .config import BuildConfig
    from .importer import ImportError_, import_tree
    from .pipeline import make_meta
    from .verify import verify_tree
    from .wordlists import WordListError, load_word_lists

    try:
        text = open(file, encoding="utf-8").read()
        words = load_word_lists(answers, guesses)
        root = import_tree(text, fmt, words.answers, words.guesses)
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"cannot read {file}: {exc}") from None
    except (ImportError_, WordListError) as exc:
        raise CliError(f"{file}: {exc}") from None

    ctx = SimpleNamespace(words=words)  # flatten and make_meta need only the lists
    data = flatten(root, ctx, {})
    report = verify_tree(data, mode, words.guesses, max_depth)
    if report.failures:
        raise CliError(f"{file}: {report.failures[0]}")
    cfg = BuildConfig(strategy="imported", mode=mode, answers=answers, guesses=guesses,
                      start=words.guesses[root.guess], max_depth=max_depth)
    data.meta = make_meta(ctx, cfg, report, False, f"imported from {fmt}")
    save_tree(output, data)
    s = report.stats()
    click.echo(f"imported {s['answers']} answers: total {s['total_guesses']}, average {s['average']:.4f}, "
               f"max depth {s['max_depth']} -> {output}")
    if report.exceeding_max_depth:
        click.echo(f"{len(report.exceeding_max_depth)} answer(s) need more than {max_depth} guesses", err=True)
        sys.exit(1)


@group.command()
@click.option("--strategies", default="all", help="comma-separated names, or all")
@click.option("--start", "starts", default="salet,own", show_default=True,
              help="comma-separated start words; 'own' lets each strategy choose")
@click.option("--mode", type=click.Choice(MODES), default="normal", show_default=True)
@click.option("--answers", default="original", show_default=True)
@click.option("--guesses", default=None)
@click.option("--width", default=50, show_default=True, help="for lookahead")
@click.option("--repeat", default=2, show_default=True, type=click.IntRange(1, 20),
              help="builds per row; the best time is shown (the first includes JIT compilation)")
@click.option("--json", "as_json", is_flag=True)
def bench(strategies, starts, mode, answers, guesses, width, repeat, as_json):
    """Build every strategy's tree and print one comparison row each (best of --repeat)."""
    from .builder import BuildError
    from .config import BuildConfig, Context
    from .pipeline import compile_tree
    from .strategies import STRATEGIES

    names = list(STRATEGIES) if strategies == "all" else [s.strip() for s in strategies.split(",")]
    ctx = Context.load(answers, guesses)
    rows = []
    for start in [s.strip() for s in starts.split(",")]:
        for name in names:
            if name == "optimal" and start == "own":
                continue
            cfg = BuildConfig(strategy=name, mode=mode, answers=answers, guesses=guesses, width=width,
                              start=None if start == "own" else start)
            try:
                results = [compile_tree(cfg, ctx) for _ in range(repeat)]
            except BuildError as exc:
                raise CliError(str(exc)) from None
            result = min(results, key=lambda r: r.seconds)
            s = result.report
            rows.append({"strategy": name, "start": result.data.meta["config"]["start"], "mode": mode,
                         "answers": s.answers, "total": s.total_guesses, "average": round(s.average, 4),
                         "max": s.max_depth, "over_6": sum(v for k, v in s.histogram.items() if k > 6),
                         "seconds": round(result.seconds, 3)})
    if as_json:
        click.echo(json.dumps(rows))
        return
    header = f"{'strategy':16} {'start':6} {'mode':8} {'answers':>7} {'total':>6} {'average':>8} {'max':>4} {'>6':>4} {'seconds':>8}"
    click.echo(header)
    click.echo("-" * len(header))
    for r in rows:
        click.echo(f"{r['strategy']:16} {r['start']:6} {r['mode']:8} {r['answers']:>7} {r['total']:>6} "
                   f"{r['average']:>8.4f} {r['max']:>4} {r['over_6']:>4} {r['seconds']:>8.3f}")


def main(argv=None):
    sys.exit(run_click(group, argv, "wordle-tree"))


if __name__ == "__main__":
    main()
