"""Numeric option types that read only plain ASCII decimal notation
(:mod:`wordle_compiler.util.numbers`): click's ``IntRange`` and ``FloatRange`` convert with
``int`` and ``float``, which also take "1_000", "١٢" and "１２"."""  # noqa: RUF002 - what is refused

from __future__ import annotations

import math

import click

from ..util.numbers import PLAIN_FLOAT_HINT, PLAIN_INT_HINT, is_plain_float, is_plain_int


class PlainIntRange(click.IntRange):
    """``click.IntRange`` for a whole number written with the ASCII digits 0-9."""

    def convert(self, value, param, ctx):
        """The number ``value`` names, after refusing any text that is not plain digits."""
        if isinstance(value, str) and not is_plain_int(value):
            self.fail(f"{value[:40]!r} is not a whole number ({PLAIN_INT_HINT})", param, ctx)
        return super().convert(value, param, ctx)


class PlainFloatRange(click.FloatRange):
    """``click.FloatRange`` for a number in plain ASCII decimal notation."""

    def convert(self, value, param, ctx):
        """The number ``value`` names, after refusing any text that is not decimal notation."""
        if isinstance(value, str) and not is_plain_float(value):
            self.fail(f"{value[:40]!r} is not a number in decimal notation ({PLAIN_FLOAT_HINT})", param, ctx)
        number = super().convert(value, param, ctx)
        if math.isnan(number):  # no range holds it, though every comparison with it is false
            self.fail("nan is not a number in its range", param, ctx)
        return number
