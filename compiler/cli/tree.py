"""``wordle-tree``: info, verify, export, import, bench and cache for tree files.

Every command that reads a tree takes a path or a shipped tree's name
(``wordle-tree info salet-optimal-hard``).  Errors, exit codes and ``--json`` failures
follow :mod:`.common`; what info/verify/cache print is in :mod:`.tree_report`, export's
work in :mod:`.tree_export`, and import/bench in :mod:`.tree_build`.
"""

from __future__ import annotations

from .startup import collector_paused, exit_on_interrupt_while_loading, loaded, single_threaded_blas

exit_on_interrupt_while_loading("wordle-tree")  # Ctrl-C or SIGTERM while the modules import: one line
single_threaded_blas()  # before any import below loads numpy

with collector_paused():  # see startup: no collections over the libraries' objects
    import json

    import click

    from wordle_runtime.boards_structure import BoardsTreeData

    from .analyse import analyse_command
    from .common import (
        CONTEXT,
        CliError,
        FailedError,
        exit_after,
        game_settings,
        json_option,
        max_depth_option,
        mode_option,
        not_empty,
        quiet_option,
        quiet_warnings,
        version_option,
    )
    from .serve import serve_command
    from .streams import is_stdout, load_tree_arg, refuse_binary_to_terminal, write_output
    from .tree_absurdle import absurdle_command
    from .weights import tree_language, weights_asked, weights_for, weights_options

FORMATS = ["dot", "svg", "png", "html", "text", "selby", "csv", "olson"]
TREE_ARG_HELP = "FILE is a tree file, a shipped tree's name (wordle-next --list-trees), or - for standard input."


def _load_checked(path, several=False):
    """:func:`load_tree_arg`, refusing (exit 2, as any corrupt file) a tree whose own answers
    or full guess list do not hash to the sha256 its ``meta.word_lists`` stores (``several``:
    a multi-board tree is read too)."""
    from ..treefiles.verification import word_lists_problem

    source, data, size = load_tree_arg(path, several)
    problem = word_lists_problem(data)
    if problem:
        raise CliError(f"{path}: {problem}")
    return source, data, size


class SectionedGroup(click.Group):
    """A group whose ``--help`` lists its commands by purpose, one line each."""

    SECTIONS = (
        ("Inspect", ("info", "verify", "analyse", "serve")),
        ("Convert", ("export", "import")),
        ("Maintain", ("bench", "cache")),
        ("Games", ("absurdle",)),
    )

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Called without a command: the whole help (as ``--help`` prints it) on stderr, exit 2,
        on every click version (8.1 would print it on stdout with 0; 8.2 raises an error
        whose message, the help, the one-line error would squash)."""
        if not args and not ctx.resilient_parsing:
            click.echo(ctx.get_help(), err=True)
            ctx.exit(2)
        return super().parse_args(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """One section per purpose; a command in no section is listed under "Other"."""
        named = {name for _, names in self.SECTIONS for name in names}
        sections = [*self.SECTIONS, ("Other", tuple(sorted(set(self.list_commands(ctx)) - named)))]
        commands = {name: self.get_command(ctx, name) for name in self.list_commands(ctx)}
        shown = [name for name, command in commands.items() if command is not None and not command.hidden]
        if not shown:
            return
        width = max(map(len, shown))  # every section's names padded alike, so their texts line up
        limit = formatter.width - 6 - width  # as click's own listing: no line wraps
        for title, names in sections:
            rows = [(name.ljust(width), commands[name].get_short_help_str(limit)) for name in names if name in shown]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


@click.group(
    cls=SectionedGroup,
    context_settings=CONTEXT,
    epilog="\b\nFILE may be a shipped tree's name, e.g. salet-optimal-hard, or - for standard input.\n"
    "Exit codes: 0 ok, 1 verification failed or too deep, 2 bad input, "
    "3 internal error, 130 interrupted, 143 terminated.",
)
@version_option("wordle-tree")
def group():
    """Inspect, verify, export, import and benchmark Wordle decision trees."""


@group.command(short_help="Settings, word lists, stats and histogram of a tree file.", epilog=TREE_ARG_HELP)
@click.argument("file")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object instead of labelled lines")
def info(file, as_json):
    """Settings, word lists, stats and histogram of a tree file (meta's claims, as stored;
    verify checks them).  A file whose answers or guess list do not hash to the sha256 its
    meta stores is refused as corrupt (exit 2).  Only the settings that apply to the tree's strategy are shown.
    A tree built under answer weights also shows them: the source meta names, and the
    fingerprint and expected guesses computed from the file's own weights."""
    from .tree_report import info_doc, info_lines, printable

    source, data, size = _load_checked(file, several=True)
    if isinstance(data, BoardsTreeData):
        from .tree_boards import boards_info

        boards_info(file, source, data, size, as_json)
        return
    doc = info_doc(file, source, data, size)
    click.echo(json.dumps(doc, sort_keys=True) if as_json else "\n".join(map(printable, info_lines(doc))))


@group.command(
    short_help="Replay every answer; check guesses, depth and meta's claims.",
    epilog=TREE_ARG_HELP + " Exit 1 when any check fails; 2 for a file that is not a valid tree, one whose "
    "answers or guess list do not hash to the sha256 its meta stores included.",
)
@click.argument("file")
@max_depth_option("depth limit to check [default: the file's own, else 6]", default=None)
@mode_option("game rules to check [default: the file's own, else normal]", default=None)
@click.option(
    "--guesses",
    callback=not_empty,
    help="guess list to check guesses against: a name, a path, or 'answers' [default: the list stored in the file]",
)
@weights_options
@json_option("print one JSON object (ok, stats, problems, notes), also on failure")
@quiet_option("no warnings on stderr (e.g. duplicates dropped from --guesses)")
def verify(  # noqa: PLR0913 - a click command takes its options as parameters
    file, max_depth, mode, guesses, weights_file, weight_missing, prior, prior_width, prior_common, as_json, quiet
):
    """Check the file's answers and guess list against the sha256 its meta stores, replay
    every answer with the reference score, check every guess against the guess list and the
    mode's rules, check the depth, and compare every stat claimed in meta
    (for a tree built under weights, also meta's fingerprint of them).  Also the expected
    guesses when answers are as likely as --weights or --prior say, else as the tree's own
    weights say, if it has them."""
    from ..core.games import mode_problem
    from ..treefiles.verification import verify_data
    from ..treefiles.weighted import tree_weights
    from .tree_report import verify_failure, verify_lines, weighted_line

    data = _load_checked(file, several=True)[1]
    if isinstance(data, BoardsTreeData):
        from .tree_boards import boards_verify

        boards_verify(data, (max_depth, mode, guesses), weights_asked(weights_file, weight_missing, prior), as_json)
        return
    problem = mode_problem(data.game, mode) if mode is not None else None
    if problem:
        raise CliError(problem)
    weights = weights_for(
        list(data.answers), weights_file, weight_missing, prior, prior_width, prior_common, tree_language(data)
    )
    own = weights is None and data.weights is not None
    if own:
        weights = tree_weights(data)
    with quiet_warnings(quiet):
        verdict = verify_data(data, mode, max_depth, guesses)
    under = (
        None
        if weights is None or verdict.report.failures
        else {
            **weights.summary(),
            "expected_guesses": round(weights.expected_guesses(verdict.report.depths), 6),
            "tree_weights": own,
        }
    )
    if as_json:
        if not verdict.ok:
            raise FailedError(verify_failure(verdict), details=verdict.as_dict())
        click.echo(json.dumps({**verdict.as_dict(), **({"weighted": under} if under else {})}))
        return
    click.echo("\n".join(verify_lines(verdict, data.game)))
    if under:
        click.echo(weighted_line(under))
    if not verdict.ok:
        raise FailedError(verify_failure(verdict))


@group.command(
    short_help="Export a tree to Graphviz, HTML or a community text format.",
    epilog=TREE_ARG_HELP + " HISTORY (or --path) takes every notation wordle-next takes: "
    "salet bbbbb courd bbbyb, salet:bbbbb,courd:bbbyb, salet=00000, emoji.",
)
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.argument("history", nargs=-1)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="dot/svg/png: a picture; html: an explorer page; text/selby/csv/olson: text formats",
)
@click.option(
    "--path",
    "path_text",
    metavar="HISTORY",
    callback=not_empty,
    help="HISTORY as one quoted string, e.g. 'salet bbbbb courd bbbyb' (html: the position the page opens at)",
)
@click.option("--depth", type=click.IntRange(0, 50), help="truncate below this many levels (text/dot/svg/png)")
@click.option("--hollow", is_flag=True, help="selby: blank the prefix shared with the line above")
@click.option(
    "--max-width",
    type=click.IntRange(1, 243),
    help="dot/svg/png: draw at most this many children per node, largest first; the rest are "
    "folded into one '… N more patterns' node  [default: 10]",
)
@click.option("--show-all", is_flag=True, help="dot/svg/png: draw every child (no folding)")
@click.option(
    "--highlight", metavar="ANSWER", callback=not_empty, help="dot/svg/png: draw the path to ANSWER, always expanded"
)
@click.option(
    "--min-depth",
    type=click.IntRange(1, 50),
    metavar="N",
    help="dot/svg/png: only branches where some answer needs N or more guesses",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, allow_dash=True),
    help="file to write; - is stdout  [default: stdout]",
)
@json_option("print one JSON object describing the file written (output, format, bytes, nodes; needs -o FILE)")
@quiet_option("no warnings on stderr (e.g. Graphviz scaling a big picture down)")
def export(  # noqa: PLR0913 - a click command takes its options as parameters
    file, history, fmt, path_text, depth, hollow, max_width, show_all, highlight, min_depth, output, as_json, quiet
):
    """Export a tree, or the subtree at HISTORY, to Graphviz, an HTML explorer or a community
    text format (e.g. wordle-tree export FILE salet bbbbb --format dot)."""
    from ..treefiles.export.view import TreeView
    from .tree_export import export_doc, export_history, make_exporter, render_export

    if not is_stdout(output):
        from ..util.files import check_destination

        check_destination(output)  # before the work; -o '' is an error, not stdout
    elif as_json:
        raise CliError("--json needs -o FILE: stdout carries the export")
    elif fmt == "png":
        refuse_binary_to_terminal("PNG", "use -o FILE.png or redirect stdout")
    export_history(history, path_text)  # the options' shape, before the file is read
    exporter = make_exporter(fmt, depth, hollow, max_width, show_all, highlight, min_depth)
    data = load_tree_arg(file, several=True)[1]
    if isinstance(data, BoardsTreeData):
        from .tree_boards import run_boards_export

        pictures = (max_width, show_all, highlight, min_depth)
        doc = run_boards_export(data, " ".join(history) or path_text or "", (fmt, depth), pictures, output)
        if as_json:
            click.echo(json.dumps(doc))
        return
    view = TreeView(data)
    steps, label = export_history(history, path_text, view.game)
    with quiet_warnings(quiet):
        node, payload = render_export(view, exporter, steps, label, fmt)
    write_output(output, payload)
    if as_json:
        click.echo(json.dumps(export_doc(view, exporter, node, steps, fmt, output, payload)))


def _list_help(role: str, what: str) -> str:
    """``original | nyt | … | PATH: what`` from the word-list tables, so help never lags them."""
    from ..core.wordlists import ANSWER_SPECIALS, GUESS_SPECIALS, NAMED_ANSWERS, NAMED_GUESSES

    names = [*NAMED_ANSWERS, *ANSWER_SPECIALS] if role == "answers" else [*NAMED_GUESSES, *GUESS_SPECIALS]
    return " | ".join([*names, "PATH"]) + f": {what}"


LIST_HELP = _list_help("answers", "the answers")
GUESS_HELP = _list_help("guesses", "the legal guesses [default: the allowed list that goes with --answers]")


@group.command(
    name="import",
    short_help="Rebuild a tree file from selby, csv or olson text.",
    epilog="Errors name the line (olson: the path of keys). Exit 1 when the tree is "
    "deeper than --max-depth (the file is still written).",
)
@click.argument("file")
@click.option(
    "--from",
    "fmt",
    type=click.Choice(["selby", "csv", "olson"]),
    required=True,
    help="the text format of FILE (selby: full or hollow)",
)
@click.option("--answers", default="original", show_default=True, help=LIST_HELP)
@click.option("--guesses", default=None, help=GUESS_HELP)
@mode_option("game rules every guess must follow")
@max_depth_option("depth limit to check")
@click.option("-o", "--output", required=True, help="tree file to write; - is stdout")
@json_option("print one JSON object describing the tree written (output, bytes, nodes, stats), also on failure")
@quiet_option("no warnings on stderr (e.g. duplicate words dropped from a list)")
def import_command(file, fmt, answers, guesses, mode, max_depth, output, as_json, quiet):  # noqa: PLR0913 - a click command takes its options as parameters
    """Rebuild a tree from selby, csv or olson text (FILE, or - for standard input), check
    every step with score, verify it, and write a tree file."""
    from .tree_build import run_import

    run_import(file, fmt, game_settings(None, mode, answers, guesses, max_depth), output, as_json, quiet)


@group.command(
    short_help="Build every strategy's tree; one comparison row each.",
    epilog="Rows are printed as they finish; a progress bar runs on stderr.",
)
@click.option("--strategies", default="all", show_default=True, help="comma-separated strategy names, or all")
@click.option(
    "--start",
    "starts",
    default="salet,own",
    show_default=True,
    help="comma-separated start words; 'own' lets each strategy choose",
)
@mode_option("game rules")
@click.option("--answers", default="original", show_default=True, help=LIST_HELP)
@click.option("--guesses", default=None, help=GUESS_HELP)
@click.option(
    "--width", default=50, show_default=True, type=click.IntRange(1, 100000), help="shortlist size for lookahead"
)
@click.option(
    "--repeat",
    default=2,
    show_default=True,
    type=click.IntRange(1, 20),
    help="builds per row; the best time is shown (the first includes JIT compilation)",
)
@json_option("print the rows as one JSON list at the end")
@quiet_option("no progress bar or warnings on stderr")
def bench(strategies, starts, mode, answers, guesses, width, repeat, as_json, quiet):  # noqa: PLR0913 - a click command takes its options as parameters
    """Build every strategy's tree and print one comparison row each (best of --repeat)."""
    from .tree_build import run_bench

    settings = game_settings(None, mode, answers, guesses)
    with quiet_warnings(quiet):
        run_bench(strategies, starts, settings, (width, repeat), as_json, quiet)


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
group.add_command(absurdle_command, name="absurdle")
group.add_command(serve_command)


def main(argv=None):
    """Entry point of ``wordle-tree``: run it on ``argv`` (default ``sys.argv[1:]``) and exit."""
    exit_after(group, argv, "wordle-tree")


loaded("wordle-tree")

if __name__ == "__main__":
    main()
