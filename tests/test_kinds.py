"""One board or several: the compiler tells the two kinds of game apart in one place
(``wordle_compiler.kinds``), and every entry point refuses the other kind's options by the
one list of what each kind takes."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import wordle_compiler
from wordle_compiler.cli.analyse import analyse_command
from wordle_compiler.cli.compile import compile_command
from wordle_compiler.cli.rank import rank_command
from wordle_compiler.core.settings import DEFAULT_MAX_DEPTH, Settings, default_max_depth
from wordle_compiler.kinds import ENTRIES, SEVERAL_BOARDS, SEVERAL_BOARDS_TAKE, SINGLE_BOARD, kind_for, kind_of

COMPILER = Path(wordle_compiler.__file__).parent
COMMANDS = {"build": compile_command, "analyse": analyse_command, "rank": rank_command}
API = {"build": wordle_compiler.compile_tree, "analyse": wordle_compiler.analyse}
API["rank"] = wordle_compiler.rank_first_words


def _names_boards(node: ast.expr) -> bool:
    """Whether an expression is a board count: ``boards``, ``x.boards`` or ``x.boards or 1``."""
    if isinstance(node, ast.BoolOp):
        return any(_names_boards(value) for value in node.values)
    return (isinstance(node, ast.Name) and node.id == "boards") or (
        isinstance(node, ast.Attribute) and node.attr == "boards"
    )


def board_count_comparisons() -> set[tuple[str, str]]:
    """(module, function) of every comparison of a board count with a number in the compiler."""
    found = set()
    for path in COMPILER.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue
            for node in ast.walk(function):
                if not isinstance(node, ast.Compare):
                    continue
                sides = [node.left, *node.comparators]
                if any(_names_boards(side) for side in sides) and any(
                    isinstance(side, ast.Constant) and isinstance(side.value, int) for side in sides
                ):
                    name = getattr(function, "name", "<lambda>")
                    found.add((str(path.relative_to(COMPILER)), name))
    return found


def test_a_board_count_is_compared_in_one_place():
    assert board_count_comparisons() == {("core/settings.py", "several_boards")}


def test_the_finder_sees_a_comparison(tmp_path, monkeypatch):
    planted = tmp_path / "planted.py"
    planted.write_text("def road(settings):\n    return settings.boards > 1 or (settings.boards or 1) == 1\n")
    monkeypatch.setattr(__import__(__name__), "COMPILER", tmp_path)
    assert board_count_comparisons() == {("planted.py", "road")}


def test_the_kind_follows_the_boards():
    assert kind_for(1) is SINGLE_BOARD
    assert kind_of(Settings()) is SINGLE_BOARD
    assert kind_for(2) is SEVERAL_BOARDS
    assert kind_of(Settings(game="quordle")) is SEVERAL_BOARDS
    assert all(kind_for(k) is SEVERAL_BOARDS for k in range(2, 33))
    assert default_max_depth(1) == DEFAULT_MAX_DEPTH
    assert default_max_depth(4) == 9


@pytest.mark.parametrize("entry", sorted(SEVERAL_BOARDS_TAKE))
def test_what_several_boards_take_are_options_of_the_command(entry):
    names = {param.name for param in COMMANDS[entry].params}
    assert set(SEVERAL_BOARDS_TAKE[entry]) <= names


@pytest.mark.parametrize("entry", sorted(API))
def test_every_api_keyword_several_boards_do_not_take_is_refused_in_one_line(entry, tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("cigar\nrebut\nsissy\nhumph\n")
    function = API[entry]
    settings = set(Settings.__dataclass_fields__) | {"settings"}
    params = inspect.signature(function).parameters
    others = [name for name in params if name not in settings and name not in SEVERAL_BOARDS_TAKE[entry]]
    assert others, "the single-board entry takes options a multi-board one does not"
    for name in others:
        value = {"opening": "cigar", "progress": print, "anytime": "quick"}.get(name)
        ranked = {"second_after": "cigar", "pairs": [("cigar", "rebut")], "scheduler": "tcp://localhost:1"}
        value = ranked.get(name, value)
        if value is None:
            default = params[name].default
            value = not default if isinstance(default, bool) else 2 if isinstance(default, int) else 3
        with pytest.raises(ValueError, match=rf"^{name} is for single-board \w+$"):
            function(boards=2, answers=answers, **{name: value})


def test_a_review_is_of_a_single_board_game():
    assert "review" in ENTRIES
    assert "review" not in SEVERAL_BOARDS_TAKE
    with pytest.raises(ValueError, match=r"^review is for single-board games$"):
        wordle_compiler.review("salet bbbbb,bbbbb", game="dordle")
