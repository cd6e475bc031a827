"""``wordle-tree``: info, verify, export, import, bench and cache for tree files.

Every command that reads a tree takes a path or a shipped tree's name
(``wordle-tree info salet-optimal-hard``).  Errors, exit codes and ``--json`` failures
follow :mod:`.common`; what info/verify/cache print is in :mod:`.tree_report`, and
import/bench in :mod:`.tree_build`.
"""

from __future__ import annotations

from .startup import collector_paused, exit_on_interrupt_while_loading, loaded

exit_on_interrupt_while_loading("wordle-tree")  # Ctrl-C while the modules import: 130, one line

with collector_paused():  # see startup: no collections over the libraries' objects
    import io
    import json
    import sys

    import click

    from .analyse import analyse_command
    from .common import CONTEXT, CliError, FailedError, exit_after, load_tree_arg, not_empty, version_option
    from ..core.config import MODES

FORMATS = ["dot", "svg", "png", "html", "text", "selby", "csv", "olson"]
TREE_ARG_HELP = "FILE is a tree file or a shipped tree's name (wordle-next --list-trees)."


def _load(path):
    return load_tree_arg(path)[1]


@click.group(context_settings=CONTEXT,
             epilog="\b\nFILE may be a shipped tree's name, e.g. salet-optimal-hard.\n"
                    "Exit codes: 0 ok, 1 verification failed or too deep, 2 bad input, "
                    "3 internal error, 130 interrupted.")
@version_option("wordle-tree")
def group():
    """Inspect, verify, export, import and benchmark Wordle decision trees."""


@group.command(short_help="Settings, word lists, stats and histogram of a tree file.", epilog=TREE_ARG_HELP)
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object instead of labelled lines")
def info(file, as_json):
    """Settings, word lists, stats and histogram of a tree file (meta's claims, as stored;
    verify checks them).  Only the settings that apply to the tree's strategy are shown."""
    from .tree_report import info_doc, info_lines, printable

    source, data, size = load_tree_arg(file)
    doc = info_doc(file, source, data, size)
    click.echo(json.dumps(doc, sort_keys=True) if as_json else "\n".join(map(printable, info_lines(doc))))


@group.command(short_help="Replay every answer; check guesses, depth and meta's claims.",
               epilog=TREE_ARG_HELP + " Exit 1 when any check fails.")
@click.argument("file")
@click.option("--max-depth", type=click.IntRange(1, 64), help="depth limit to check [default: the file's own, else 6]")
@click.option("--mode", type=click.Choice(MODES), help="game rules to check [default: the file's own, else normal]")
@click.option("--guesses", callback=not_empty,
              help="guess list to check guesses against: a name, a path, or 'answers' "
              "[default: the list stored in the file]")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object (ok, stats, problems, notes)")
def verify(file, max_depth, mode, guesses, as_json):
    """Replay every answer with the reference score, check every guess against the guess
    list and the mode's rules, check the depth, and compare every stat claimed in meta."""
    from .tree_report import verify_failure, verify_lines
    from ..treefiles.verification import verify_data

    verdict = verify_data(_load(file), mode, max_depth, guesses)
    if as_json:
        if not verdict.ok:
            raise FailedError(verify_failure(verdict), details=verdict.as_dict())
        click.echo(json.dumps(verdict.as_dict()))
        return
    click.echo("\n".join(verify_lines(verdict)))
    if not verdict.ok:
        raise FailedError(verify_failure(verdict))


GRAPHVIZ_FORMATS = ("dot", "svg", "png")


def _make_exporter(fmt, depth, hollow, max_width, show_all, highlight, min_depth):
    """The exporter for ``fmt``; options that do not apply to it are refused, not ignored."""
    from ..treefiles.export.formats import EXPORTERS
    from ..treefiles.export.graphviz import DEFAULT_MAX_WIDTH

    picture_only = {"--max-width": max_width is not None, "--show-all": show_all,
                    "--highlight": highlight is not None, "--min-depth": min_depth is not None}
    if fmt not in GRAPHVIZ_FORMATS:
        wrong = [name for name, given in picture_only.items() if given]
        if wrong:
            raise CliError(f"{wrong[0]} applies to --format dot, svg or png only")
    if fmt == "html":
        if depth is not None:
            raise CliError("--depth does not apply to --format html (the page holds the whole tree; "
                           "--path sets where it opens)")
        return EXPORTERS["html"]()
    if fmt in GRAPHVIZ_FORMATS:
        if show_all and max_width is not None:
            raise CliError("give --max-width or --show-all, not both")
        width = None if show_all else (max_width or DEFAULT_MAX_WIDTH)
        return EXPORTERS["dot"](max_depth=depth, max_width=width, highlight=highlight, min_depth=min_depth)
    if fmt == "text":
        return EXPORTERS[fmt](max_depth=depth)
    if fmt == "selby":
        return EXPORTERS[fmt](hollow=hollow)
    return EXPORTERS[fmt]()


@group.command(short_help="Export a tree to Graphviz, HTML or a community text format.",
               epilog=TREE_ARG_HELP)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="dot/svg/png: a picture; html: an explorer page; text/selby/csv/olson: text formats")
@click.option("--path", "path_text", help="start at the node this history reaches, in any notation wordle-next "
              "accepts, e.g. 'salet bbbbb courd bbbyb' or salet:bbbbb,courd:bbbyb (html: the position the page opens at)")
@click.option("--depth", type=click.IntRange(0, 50), help="truncate below this many levels (text/dot/svg/png)")
@click.option("--hollow", is_flag=True, help="selby: blank the prefix shared with the line above")
@click.option("--max-width", type=click.IntRange(1, 243),
              help="dot/svg/png: draw at most this many children per node, largest first; the rest are "
                   "folded into one '… N more patterns' node  [default: 10]")
@click.option("--show-all", is_flag=True, help="dot/svg/png: draw every child (no folding)")
@click.option("--highlight", metavar="ANSWER", callback=not_empty, help="dot/svg/png: draw the path to ANSWER, always expanded")
@click.option("--min-depth", type=click.IntRange(1, 50), metavar="N",
              help="dot/svg/png: only branches where some answer needs N or more guesses")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="default: stdout")
def export(file, fmt, path_text, depth, hollow, max_width, show_all, highlight, min_depth, output):
    """Export a tree (or the subtree at --path) to Graphviz, an HTML explorer or a community text format."""
    from ..treefiles.artifact import write_atomic
    from ..treefiles.export.view import ExportError, TreeView
    from ..treefiles.export.graphviz import GraphvizError, render_dot

    if output is not None:
        from ..util.files import check_destination

        check_destination(output)  # before the work; -o '' is an error, not stdout
    if fmt == "png" and not output and sys.stdout.isatty():
        raise CliError("refusing to write PNG (binary) to a terminal; use -o FILE.png or redirect stdout")
    exporter = _make_exporter(fmt, depth, hollow, max_width, show_all, highlight, min_depth)
    view = TreeView(_load(file))
    buffer = io.StringIO()
    try:
        node, history = view.follow(path_text)
        exporter.write(view, node, history, buffer)
        payload = buffer.getvalue().encode()
        if fmt in ("svg", "png"):
            payload = render_dot(buffer.getvalue(), fmt)
    except (ExportError, GraphvizError) as exc:
        raise CliError(str(exc)) from None
    if output is not None:
        write_atomic(output, payload)
    else:
        sys.stdout.buffer.write(payload)


def _list_help(role: str, what: str) -> str:
    """``original | nyt | … | PATH: what`` from the word-list tables, so help never lags them."""
    from ..core.wordlists import ANSWER_SPECIALS, GUESS_SPECIALS, NAMED_ANSWERS, NAMED_GUESSES

    names = [*NAMED_ANSWERS, *ANSWER_SPECIALS] if role == "answers" else [*NAMED_GUESSES, *GUESS_SPECIALS]
    return " | ".join(names + ["PATH"]) + f": {what}"


LIST_HELP = _list_help("answers", "the answers")
GUESS_HELP = _list_help("guesses", "the legal guesses [default: the allowed list that goes with --answers]")


@group.command(name="import", short_help="Rebuild a tree file from selby, csv or olson text.",
               epilog="Errors name the line (olson: the path of keys). Exit 1 when the tree is "
                      "deeper than --max-depth (the file is still written).")
@click.argument("file")
@click.option("--from", "fmt", type=click.Choice(["selby", "csv", "olson"]), required=True,
              help="the text format of FILE (selby: full or hollow)")
@click.option("--answers", default="original", show_default=True, help=LIST_HELP)
@click.option("--guesses", default=None, help=GUESS_HELP)
@click.option("--mode", type=click.Choice(MODES), default="normal", show_default=True,
              help="game rules every guess must follow")
@click.option("--max-depth", default=6, show_default=True, type=click.IntRange(1, 64),
              help="depth limit to check")
@click.option("-o", "--output", required=True, help="tree file to write")
def import_command(file, fmt, answers, guesses, mode, max_depth, output):
    """Rebuild a tree from selby, csv or olson text, check every step with score, verify
    it, and write a tree file."""
    from .tree_build import run_import

    run_import(file, fmt, answers, guesses, mode, max_depth, output)


@group.command(short_help="Build every strategy's tree; one comparison row each.",
               epilog="Rows are printed as they finish; a progress bar runs on stderr.")
@click.option("--strategies", default="all", show_default=True, help="comma-separated strategy names, or all")
@click.option("--start", "starts", default="salet,own", show_default=True,
              help="comma-separated start words; 'own' lets each strategy choose")
@click.option("--mode", type=click.Choice(MODES), default="normal", show_default=True, help="game rules")
@click.option("--answers", default="original", show_default=True, help=LIST_HELP)
@click.option("--guesses", default=None, help=GUESS_HELP)
@click.option("--width", default=50, show_default=True, type=click.IntRange(1, 100000),
              help="shortlist size for lookahead")
@click.option("--repeat", default=2, show_default=True, type=click.IntRange(1, 20),
              help="builds per row; the best time is shown (the first includes JIT compilation)")
@click.option("--json", "as_json", is_flag=True, help="print the rows as one JSON list at the end")
@click.option("--quiet", is_flag=True, help="no progress bar")
def bench(strategies, starts, mode, answers, guesses, width, repeat, as_json, quiet):
    """Build every strategy's tree and print one comparison row each (best of --repeat)."""
    from .tree_build import run_bench

    run_bench(strategies, starts, mode, answers, guesses, width, repeat, as_json, quiet)


@group.command(short_help="Show (or --clear) the feedback-matrix cache.")
@click.option("--clear", is_flag=True, help="delete the cached matrices (they are rebuilt when needed)")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object")
def cache(clear, as_json):
    """Where the feedback-matrix cache is, how big it is and what it holds; --clear
    empties it.  Set $WORDLE_TREE_CACHE to move it."""
    from .tree_report import CacheClearError, cache_lines

    try:
        lines, doc = cache_lines(clear)
    except CacheClearError as exc:
        raise CliError(str(exc)) from None
    click.echo(json.dumps(doc) if as_json else "\n".join(lines))


group.add_command(analyse_command)


def main(argv=None):
    """Entry point of ``wordle-tree``: run it on ``argv`` (default ``sys.argv[1:]``) and exit."""
    exit_after(group, argv, "wordle-tree")


loaded("wordle-tree")

if __name__ == "__main__":
    main()
