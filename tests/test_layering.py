"""The runtime never imports the compiler or its heavy dependencies."""

import subprocess
import sys

import pytest

FORBIDDEN = ["numpy", "networkx", "click", "wordle_compiler", "tqdm", "pydot"]


def test_runtime_imports_only_msgpack_and_stdlib():
    code = (
        "import sys, wordle_runtime, wordle_runtime.cli, wordle_runtime.tree;"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules];"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"runtime imported: {result.stdout.strip()} {result.stderr}"


# --- the compiler's subpackages import one way only ------------------------------------------

import ast  # noqa: E402
from pathlib import Path  # noqa: E402

import tomllib  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DIR = ROOT / "compiler"
PACKAGE = "wordle_compiler"
# Higher layers may import lower ones; a package never imports a sibling of its own layer.
LAYERS = {
    "ext": 0,
    "util": 0,
    "concurrency": 1,
    "core": 2,
    "search": 3,
    "strategies": 4,  # the heuristics and their builders; rollout values small sets with the search
    "treefiles": 5,
    "multiboard": 5,  # the multi-board search, above the single-board engine it may read
    "ranking": 6,
    "analysis": 6,
    "proof": 7,  # the exact strategy's proof, which borrows the ranking's first-word proof
    "pipeline": 8,
    "kinds": 9,  # one board or several: the entries of each kind, above what they run
    "api": 10,
    "server": 11,  # a front end over the API's typed requests, as the command line is
    "cli": 12,
}
TOP_LEVEL_MODULES = {"__init__", "api"}


def _modules() -> dict[str, Path]:
    """Dotted name (without the package) -> file, for every module and compiled source."""
    found = {}
    for path in PACKAGE_DIR.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE_DIR).with_suffix("").parts)
        found[".".join(parts)] = path
    return found


def _type_only(tree: ast.Module) -> set[int]:
    """The ids of the import statements under ``if TYPE_CHECKING:``: type checkers read them,
    the interpreter never runs them."""
    return {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
        for statement in node.body
        for inner in ast.walk(statement)
    }


def _imports(name: str, path: Path, modules: dict[str, Path], run_only: bool = False) -> set[str]:
    """Every module of the package that ``name`` imports, at any depth of its code
    (``run_only``: leaving out the imports only type checkers read)."""
    here = name.split(".")[:-1]  # the package holding the module (for ``core.__init__``: core)
    out = set()
    tree = ast.parse(path.read_text(), str(path))
    skipped = _type_only(tree) if run_only else set()
    for node in (node for node in ast.walk(tree) if id(node) not in skipped):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - (node.level - 1)] if node.level > 1 else here
                target = ".".join(base + ([node.module] if node.module else []))
            elif (node.module or "").startswith(PACKAGE):
                target = node.module[len(PACKAGE) + 1 :]
            else:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target else alias.name
                if sub in modules or f"{sub}.__init__" in modules:
                    out.add(sub if sub in modules else f"{sub}.__init__")
                elif target in modules:
                    out.add(target)
                elif f"{target}.__init__" in modules or target == "":
                    out.add(f"{target}.__init__" if target else "__init__")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    sub = alias.name[len(PACKAGE) + 1 :]
                    out.add(sub if sub in modules else f"{sub}.__init__")
    out.discard(name)
    return out


def _layer_of(module: str) -> str:
    return module.split(".", maxsplit=1)[0]


def _graph(run_only: bool = False) -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules, run_only) for name, path in modules.items()}


def test_every_module_lives_in_a_layered_subpackage():
    stray = [name for name in _modules() if "." not in name and name not in TOP_LEVEL_MODULES]
    assert not stray, f"modules at the package's top level: {stray}"
    unknown = {_layer_of(name) for name in _modules() if "." in name} - set(LAYERS)
    assert not unknown, f"subpackages without a layer in this test: {unknown}"


def test_no_upward_or_sideways_import():
    bad = []
    for source, targets in _graph().items():
        if source == "__init__":
            continue  # the package's lazy API table: api by string, and for type checkers only
        for target in targets:
            if target == "__init__":
                continue  # ``from .. import __version__``: the root holds only the version and the lazy table
            a, b = _layer_of(source), _layer_of(target)
            if a != b and not LAYERS[b] < LAYERS[a]:
                bad.append(f"{source} -> {target}")
    assert not bad, "imports against the layering:\n" + "\n".join(sorted(bad))


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of ``graph`` (module -> modules it imports) as a path, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node):  # depth-first; a grey node met again closes a circle
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_import_circle():
    """Not even through imports that only type checkers read, or that run late inside a
    function: the root ``__init__`` (the version and the lazy API table) is left out."""
    graph = {name: targets - {"__init__"} for name, targets in _graph().items() if name != "__init__"}
    circle = _circle(graph)
    assert circle is None, "import circle: " + " -> ".join(circle or [])


def test_the_runtime_has_no_import_circle():
    runtime = ROOT / "runtime"
    names = {path.stem for path in runtime.glob("*.py")}
    graph = {}
    for path in runtime.glob("*.py"):
        targets = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                targets |= {node.module} if node.module else {alias.name for alias in node.names}
        graph[path.stem] = {name for name in targets if name in names and name != path.stem}
    circle = _circle(graph)
    assert circle is None, "import circle in the runtime: " + " -> ".join(circle or [])


def test_each_subpackage_says_what_lives_there_and_is_installed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    for init in PACKAGE_DIR.rglob("__init__.py"):
        dotted = ".".join((PACKAGE, *init.parent.relative_to(PACKAGE_DIR).parts))
        assert dotted in listed, f"{dotted} is not in pyproject.toml's packages (a wheel would miss it)"
        assert ast.get_docstring(ast.parse(init.read_text())), f"{init} has no docstring"


def test_the_checker_sees_a_planted_upward_import_and_circle(tmp_path):
    fake = tmp_path / "compiler"
    for rel, text in {
        "__init__.py": '"""x"""',
        "core/__init__.py": '"""x"""',
        "core/a.py": "from ..cli import b\n",
        "cli/__init__.py": '"""x"""',
        "cli/b.py": "from ..core import a\n",
    }.items():
        (fake / rel).parent.mkdir(parents=True, exist_ok=True)
        (fake / rel).write_text(text)
    globals()["PACKAGE_DIR"], saved = fake, PACKAGE_DIR
    try:
        with pytest.raises(AssertionError, match=r"core\.a -> cli\.b"):
            test_no_upward_or_sideways_import()
        with pytest.raises(AssertionError, match="import circle"):
            test_no_import_circle()
    finally:
        globals()["PACKAGE_DIR"] = saved
