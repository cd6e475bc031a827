"""The weights options every command that values trees shares (``--weights FILE``,
``--weight-missing W``, ``--prior frequency`` with ``--prior-width`` and ``--prior-common``),
read into the answers' integer weights (:mod:`wordle_compiler.core.weights`)."""

from __future__ import annotations

import math

import click

from .common import CliError
from .numbers import PlainFloatRange, PlainIntRange


def weights_options(command):
    """``--weights FILE`` (with ``--weight-missing W``) or ``--prior frequency`` (with
    ``--prior-width`` and ``--prior-common``): how likely each answer is
    (:mod:`wordle_compiler.core.weights`); see :func:`weights_for`."""
    options = [
        click.option(
            "--weights",
            "weights_file",
            type=click.Path(dir_okay=False),
            metavar="FILE",
            help="how likely each answer is: 'word weight' or 'word,weight' lines",
        ),
        click.option(
            "--weight-missing",
            type=PlainFloatRange(0, 1e300),
            metavar="W",
            help="with --weights: the weight of every answer the file leaves out [default: an error]",
        ),
        click.option(
            "--prior",
            type=click.Choice(["frequency"]),
            help="weights from English word frequency (the wordfreq package; 3Blue1Brown's sigmoid)",
        ),
        click.option(
            "--prior-width",
            default=10.0,
            show_default=True,
            type=PlainFloatRange(0.01, 1000),
            help="--prior frequency: how many units the sigmoid spans over the ranked answers",
        ),
        click.option(
            "--prior-common",
            default=3000,
            show_default=True,
            type=PlainIntRange(1, 1000000),
            help="--prior frequency: the most frequent words counted likely (the sigmoid's midpoint)",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def check_weight_numbers(prior_width: float, weight_missing: float | None) -> None:
    """The weights options' numbers, NaN included (it passes click's range checks)."""
    if math.isnan(prior_width):
        raise CliError("--prior-width must be a number from 0.01 to 1000")
    if weight_missing is not None and math.isnan(weight_missing):
        raise CliError("--weight-missing must be a number of zero or more")


def weights_asked(weights_file=None, weight_missing=None, prior=None, **_) -> bool:
    """Whether the weights options (as :func:`weights_options` passes them) ask for weights."""
    return weights_file is not None or prior is not None or weight_missing is not None


def weights_for(answers, weights_file, weight_missing, prior, prior_width, prior_common, language="en"):
    """The answers' integer weights the options ask for, or None (every answer equally
    likely); one CliError line for a bad file or prior.  ``language``: the words' language,
    whose word frequencies ``--prior frequency`` ranks by (``WordLists.language``)."""
    from ..core.weights import WeightsError, weights_for_answers

    check_weight_numbers(prior_width, weight_missing)
    if weights_file is not None and prior is not None:
        raise CliError("--weights and --prior are alternatives: give one")
    if weight_missing is not None and weights_file is None:
        raise CliError("--weight-missing goes with --weights FILE")
    try:
        return weights_for_answers(
            answers, weights_file, prior, weight_missing, prior_width, prior_common, language=language
        )
    except WeightsError as exc:
        raise CliError(str(exc)) from None


def tree_language(data) -> str | None:
    """The language of a tree file's words: that of the named game whose lists its meta names
    (None for a game of another rule than Wordle's: Mastermind's codes are not words)."""
    from wordle_runtime.game import WORDLE

    from ..core.games import language_of_lists
    from ..treefiles import metaview

    if data.game.rule != WORDLE:
        return None
    names = [metaview.get(data.meta, "word_lists", role, "name", kind=str) for role in ("answers", "guesses")]
    return language_of_lists(*names)
