"""The kernel build (one-byte or two-byte feedback codes) is chosen in one place.

``ext.kernel_build(game)`` is the only choice; the loaded lists carry its answer
(``WordLists.kernel_build``, read through ``Context.kernel_build``), ``compute_matrix`` asks it
for bare lists, and ``kernel_build_of_codes`` reads codes already made as they are.  No other
module names a two-byte module, compares a game's code count with a build's capacity, or
asks for a build by width.
"""

import ast
import re
from pathlib import Path

import wordle_compiler

COMPILER = Path(wordle_compiler.__file__).parent
HOME = "ext/__init__.py"
CHOOSERS = {"core/wordlists.py", "core/matrix.py"}  # the lists' carrier; the matrix of bare lists
WIDE_MODULE = re.compile(r"_(kernels|search|tuples)16\b")


def kernel_build_choices(root: Path) -> dict[str, list[str]]:
    """Per kind of choice, the places (``file:line``) under ``root`` that make one outside
    ``ext/__init__.py``: ``kernel_build`` calls (``chooser``), ``build_of_width`` calls
    (``width``), two-byte module names (``wide``) and comparisons with ``max_codes`` or
    ``MAX_CODES`` (``capacity``)."""
    found: dict[str, list[str]] = {"chooser": [], "width": [], "wide": [], "capacity": []}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel == HOME:
            continue
        text = path.read_text(encoding="utf-8")
        found["wide"] += [f"{rel}:{text.count(chr(10), 0, m.start()) + 1}" for m in WIDE_MODULE.finditer(text)]
        for node in ast.walk(ast.parse(text)):
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name == "kernel_build" and rel not in CHOOSERS:
                    found["chooser"].append(where)
                if name == "build_of_width":
                    found["width"].append(where)
            if isinstance(node, ast.Compare):
                names = {getattr(n, "id", getattr(n, "attr", None)) for n in ast.walk(node)}
                if names & {"max_codes", "MAX_CODES"}:
                    found["capacity"].append(where)
    return found


def test_the_kernel_build_is_chosen_in_one_place():
    assert kernel_build_choices(COMPILER) == {"chooser": [], "width": [], "wide": [], "capacity": []}


def test_the_finder_sees_each_planted_second_choice(tmp_path):
    planted = tmp_path / "search" / "planted.py"
    planted.parent.mkdir()
    planted.write_text(
        "from ..ext import kernel_build, build_of_width\n"
        "from ..ext import _search16\n"
        "build = kernel_build(game)\n"
        "wide = build_of_width(2)\n"
        "narrow = game.n_codes <= build.max_codes\n"
    )
    assert kernel_build_choices(tmp_path) == {
        "chooser": ["search/planted.py:3"],
        "width": ["search/planted.py:4"],
        "wide": ["search/planted.py:2"],
        "capacity": ["search/planted.py:5"],
    }
