"""Every numeric option of every command line, swept with values it must refuse: below or
above its range, NaN, infinity, huge, negative, empty and non-numeric.  Each is exit 2
and one line naming the option, before any work."""

import click
import pytest

from clirun import one_line_error
from wordle_compiler.cli.common import run_click
from wordle_compiler.cli.compile import compile_command
from wordle_compiler.cli.rank import rank_command
from wordle_compiler.cli.tree import group

COMMANDS = {"wordle-compile": ([], compile_command), "wordle-rank": ([], rank_command)}
COMMANDS.update({f"wordle-tree {name}": ([name], command) for name, command in group.commands.items()})
# a positional argument that a subcommand needs before it looks at its options
NEEDS = {
    "wordle-tree info": ["salet-optimal-normal"],
    "wordle-tree verify": ["salet-optimal-normal"],
    "wordle-tree export": ["salet-optimal-normal"],
    "wordle-tree import": ["x.csv", "--from", "csv", "-o", "y"],
}
HUGE = "9" * 40


def _refused_values(param) -> list[str]:
    """Values ``param`` must refuse: out of its range, and never a number at all."""
    kind = param.type
    values = ["", "nan", "inf", "-inf", "x", "1e999", HUGE, "-" + HUGE]
    if isinstance(kind, (click.IntRange, click.FloatRange)):
        if kind.min is not None:
            values.append(str(kind.min - 1))
        if kind.max is not None:
            values.append(str(kind.max + 1))
    elif isinstance(kind, click.types.IntParamType | click.types.FloatParamType):
        values.append("-1")
    if isinstance(kind, click.types.IntParamType):
        values.append("1.5")
    return values


def _numeric_options():
    for name, (prefix, command) in COMMANDS.items():
        for param in command.params:
            if isinstance(param, click.Option) and isinstance(
                param.type, (click.types.IntParamType, click.types.FloatParamType)
            ):
                for value in _refused_values(param):
                    yield pytest.param(
                        name, prefix, command, param.opts[0], value, id=f"{name} {param.opts[0]}={value[:12]!r}"
                    )


def test_the_sweep_covers_every_command_with_numbers():
    covered = {case.values[0] for case in _numeric_options()}
    assert {
        "wordle-compile",
        "wordle-rank",
        "wordle-tree verify",
        "wordle-tree export",
        "wordle-tree analyse",
        "wordle-tree bench",
        "wordle-tree import",
    } <= covered


@pytest.mark.parametrize("name, prefix, command, option, value", list(_numeric_options()))
def test_a_value_out_of_range_or_not_a_number_is_one_line(
    name, prefix, command, option, value, tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    prog = name.split()[0]
    args = prefix + NEEDS.get(name, []) + [f"{option}={value}"]
    code = run_click(group if prog == "wordle-tree" else command, args, prog)
    err = capsys.readouterr().err

    class Result:
        returncode, stderr = code, err

    one_line_error(Result, 2, option)
    assert list(tmp_path.iterdir()) == []
