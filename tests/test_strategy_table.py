"""Every strategy is one entry of ``strategies.table``, and every stage reads its traits:
no module compares a strategy's name, and what the traits say is what the commands do."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wordle_compiler
from wordle_compiler.cli.compile_report import default_output
from wordle_compiler.core.config import BuildConfig
from wordle_compiler.strategies.table import (
    ALIASES,
    DESCRIPTIONS,
    FALLBACK_STRATEGIES,
    FALLBACK_STRATEGY,
    NODE_RULES,
    STRATEGY_TABLE,
    strategy_named,
)

COMPILER = Path(wordle_compiler.__file__).parent
HOME = Path("strategies") / "table.py"
NAMES = set(STRATEGY_TABLE) | set(ALIASES)


def _strings(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_strings(item) for item in node.elts))
    return set()


def name_comparisons(root: Path = COMPILER) -> list[str]:
    """Every comparison of a strategy's name with something that reads a strategy, outside
    the table: ``cfg.strategy == "optimal"``, ``strategy in ("lookahead", "rollout")``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.relative_to(root) == HOME:
            continue
        text = path.read_text()
        for node in ast.walk(ast.parse(text, str(path))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if not set().union(*(_strings(side) for side in sides)) & NAMES:
                continue  # the source segments below are slow to cut: only for a comparison naming one
            if any("strategy" in (ast.get_source_segment(text, side) or "") for side in sides):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_no_module_but_the_table_compares_a_strategy_name():
    assert name_comparisons() == []


def test_the_finder_sees_a_planted_comparison(tmp_path):
    (tmp_path / "stage.py").write_text('def f(cfg):\n    return cfg.strategy in ("lookahead", "rollout")\n')
    assert name_comparisons(tmp_path) == ["stage.py:2"]


def test_the_table_is_whole():
    assert set(DESCRIPTIONS) == set(STRATEGY_TABLE)
    assert [entry.name for entry in STRATEGY_TABLE.values() if entry.exact] == ["optimal"]
    assert FALLBACK_STRATEGY in FALLBACK_STRATEGIES
    assert "optimal" not in FALLBACK_STRATEGIES
    assert set(FALLBACK_STRATEGIES) == set(STRATEGY_TABLE) - {"optimal"}
    for entry in STRATEGY_TABLE.values():
        assert (entry.choose is not None) + entry.exact + entry.whole_trees == 1, entry.name
    assert tuple(name for name, entry in STRATEGY_TABLE.items() if entry.choose is not None) == NODE_RULES
    assert strategy_named("max-eliminations") is STRATEGY_TABLE["expected-size"]
    with pytest.raises(ValueError, match="unknown strategy 'klingon': use one of entropy"):
        strategy_named("klingon")


@pytest.mark.parametrize("name", sorted(STRATEGY_TABLE))
def test_the_file_name_carries_what_the_strategy_reads(name):
    entry = STRATEGY_TABLE[name]
    built = default_output(BuildConfig(name, start="salet", seed=3, width=7), "salet")
    assert ("seed-3" in built) == entry.seeded
    assert ("width-7" in built) == entry.width
