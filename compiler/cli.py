"""``wordle-compile``: build, verify and write one tree file."""

from __future__ import annotations

import json
import sys
import warnings

import click

from .builder import BuildError
from .optimal import InfeasibleError
from .config import MODES, BuildConfig
from .strategies import ALIASES, DESCRIPTIONS
from .wordlists import WordListError

STRATEGY_NAMES = sorted(DESCRIPTIONS) + sorted(ALIASES)


class CliError(click.ClickException):
    exit_code = 2


class InfeasibleCliError(click.ClickException):
    exit_code = 1


def default_output(cfg: BuildConfig, start: str) -> str:
    return f"{cfg.strategy}-{start}-{cfg.mode}.wtree"


class Progress:
    """A tqdm bar on stderr, counting answers whose subtrees are done; silent if quiet."""

    def __init__(self, quiet: bool):
        self.quiet, self.bar = quiet, None

    def start(self, total: int, label: str) -> None:
        if not self.quiet:
            from tqdm import tqdm

            self.close()
            self.bar = tqdm(total=total, unit="answer", file=sys.stderr, leave=False,
                            mininterval=0.5, delay=1.0, desc=label)

    def __call__(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def summary_lines(result, output, cfg) -> list[str]:
    stats = result.data.meta["stats"]
    lines = [
        f"strategy {result.data.meta['strategy']}  mode {cfg.mode}  start {result.data.meta['config']['start']}",
        f"answers {stats['answers']}  total {stats['total_guesses']}  average {stats['average']:.4f}  "
        f"max depth {stats['max_depth']}  ({result.optimality})",
        "guesses  answers",
    ]
    for depth, count in stats["histogram"].items():
        lines.append(f"{depth:>7}  {count:>7}")
    lines.append(f"{result.seconds:.2f} s -> {output}")
    return lines


@click.command(context_settings={"help_option_names": ["-h", "--help"]},
               # \b keeps click from re-wrapping: one line per strategy
               epilog="\b\nStrategies (ties: a possible answer first, then alphabetical):\n"
                      + "\n".join(f"  {k:16} {v}" for k, v in sorted(DESCRIPTIONS.items())))
@click.option("--strategy", default="entropy", show_default=True, type=click.Choice(STRATEGY_NAMES),
              help="how to choose each guess (listed below)")
@click.option("--start", help="fix the first guess")
@click.option("--opening", help="fix the first two guesses, e.g. learn,sight")
@click.option("--mode", default="normal", show_default=True, type=click.Choice(MODES))
@click.option("--answers", default="original", show_default=True,
              help="original | nyt | improved | all | PATH")
@click.option("--guesses", default=None, help="original | nyt | improved | answers | PATH "
              "(default: the allowed list that goes with --answers)")
@click.option("--max-depth", default=6, show_default=True, type=click.IntRange(1, 20),
              help="guarantee to check: every answer solved within this many guesses")
@click.option("--allow-deeper", is_flag=True, help="write the tree even if it breaks --max-depth")
@click.option("--seed", default=0, show_default=True, type=int, help="seed for --strategy random")
@click.option("--width", default=50, show_default=True, type=click.IntRange(1, 100000),
              help="shortlist size for --strategy lookahead")
@click.option("--candidates", default=10, show_default=True, type=click.IntRange(1, 1000),
              help="optimal without --start: solve exactly for this many first words")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 256),
              help="worker processes for first-level subtrees (output does not depend on it)")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="tree file to write")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object on stdout")
@click.option("--stamp", is_flag=True, help="record the build time in meta")
@click.option("--quiet", is_flag=True, help="no progress on stderr")
def compile_command(strategy, start, opening, mode, answers, guesses, max_depth, allow_deeper, seed,
                    width, candidates, jobs, output, as_json, stamp, quiet):
    """Compile a full Wordle decision tree, verify it, and write one msgpack file."""
    from .artifact import save_tree
    from .pipeline import compile_tree

    cfg = BuildConfig(
        strategy=ALIASES.get(strategy, strategy), mode=mode, answers=answers, guesses=guesses,
        start=start.lower() if start else None,
        opening=tuple(w.strip().lower() for w in opening.split(",")) if opening else (),
        max_depth=max_depth, seed=seed, width=width, candidates=candidates,
    )
    if cfg.opening and len(cfg.opening) != 2:
        raise CliError("--opening takes exactly two words, e.g. learn,sight")
    if cfg.opening and cfg.start and cfg.start != cfg.opening[0]:
        raise CliError("--start and --opening disagree on the first word")
    progress = Progress(quiet)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore" if quiet else "default")
            result = compile_tree(cfg, jobs=jobs, progress=progress, stamp=stamp)
    except InfeasibleError as exc:
        # a valid request with no answer: like a broken depth guarantee, exit 1
        raise InfeasibleCliError(str(exc)) from None
    except (BuildError, WordListError) as exc:
        raise CliError(str(exc)) from None
    finally:
        progress.close()
    meta = result.data.meta
    start_word = meta["config"]["start"]
    output = output or default_output(cfg, start_word)
    deep = result.report.exceeding_max_depth
    write = not deep or allow_deeper
    if write:
        save_tree(output, result.data)
    stats = meta["stats"]
    if as_json:
        click.echo(json.dumps({
            "strategy": meta["strategy"], "mode": cfg.mode, "start": start_word,
            "opening": list(cfg.opening), "answers": stats["answers"],
            "total_guesses": stats["total_guesses"], "average": stats["average"],
            "max_depth": stats["max_depth"], "histogram": stats["histogram"],
            "exceeding_max_depth": len(deep), "proved_optimal": result.proved_optimal,
            "optimality": result.optimality, "seconds": round(result.seconds, 3),
            "output": output if write else None,
        }))
    else:
        click.echo("\n".join(summary_lines(result, output if write else "(not written)", cfg)))
    if deep:
        shown = ", ".join(deep[:20]) + (" ..." if len(deep) > 20 else "")
        click.echo(f"{len(deep)} answer(s) need more than {max_depth} guesses: {shown}", err=True)
        if not allow_deeper:
            sys.exit(1)


def run_click(command, argv, prog):
    """Run a click command so that every error is one line on stderr (exit 2)."""
    try:
        code = command.main(args=argv, prog_name=prog, standalone_mode=False)
    except click.exceptions.Abort:
        click.echo(f"{prog}: interrupted", err=True)
        return 130
    except click.ClickException as exc:
        click.echo(f"{prog}: {exc.format_message()}", err=True)
        return exc.exit_code
    except KeyboardInterrupt:
        click.echo(f"{prog}: interrupted", err=True)
        return 130
    return code if isinstance(code, int) else 0


def main(argv=None):
    sys.exit(run_click(compile_command, argv, "wordle-compile"))


if __name__ == "__main__":
    main()
