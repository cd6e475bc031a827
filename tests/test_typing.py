"""What mypy reads: the packages' typed view of their lazily loaded names, and the links
through which it finds the packages in the work tree (pyproject.toml, ``[tool.mypy]``)."""

import ast
from pathlib import Path

import wordle_compiler
import wordle_runtime

ROOT = Path(__file__).resolve().parents[1]


def _checked_imports(init: Path) -> dict[str, tuple[str, str]]:
    """name -> (module, attribute) of the ``if TYPE_CHECKING:`` imports of a package's ``__init__``."""
    found = {}
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                assert isinstance(statement, ast.ImportFrom), ast.dump(statement)
                assert statement.level == 1, "a relative import of the package's own module"
                for alias in statement.names:
                    found[alias.asname or alias.name] = (statement.module, alias.name)
    return found


def test_the_runtime_types_every_name_it_loads_on_first_use():
    typed = _checked_imports(ROOT / "runtime" / "__init__.py")
    assert typed == {name: (module, name) for name, module in wordle_runtime._EXPORTS.items()}
    assert sorted(wordle_runtime.__all__) == sorted(typed)


def test_the_compiler_types_every_name_it_loads_on_first_use():
    typed = _checked_imports(ROOT / "compiler" / "__init__.py")
    assert typed == wordle_compiler._LAZY
    assert sorted(wordle_compiler.__all__) == sorted([*typed, "__version__"])


def test_mypy_finds_the_packages_in_the_work_tree():
    for name, folder in (("wordle_compiler", "compiler"), ("wordle_runtime", "runtime"), ("wordle_trees", "trees")):
        link = ROOT / "typecheck" / name
        assert link.is_symlink(), f"typecheck/{name} must link to {folder}/"
        assert link.resolve() == (ROOT / folder).resolve()
