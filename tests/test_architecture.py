"""docs/architecture.svg is the current import graph: tools/import_graph.py regenerates the
.dot text from the sources and it must equal the committed docs/architecture.dot, whose
SHA-256 the committed SVG carries (so no SVG bytes are compared and no Graphviz is needed)."""

import hashlib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tool():
    spec = importlib.util.spec_from_file_location("import_graph", ROOT / "tools" / "import_graph.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.long
def test_the_committed_picture_is_the_current_import_graph(tool):
    text = tool.dot_text()
    assert tool.DOT_PATH.read_text(encoding="utf-8") == text, "run: python tools/import_graph.py"
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    svg = tool.SVG_PATH.read_text(encoding="utf-8")
    assert f"<!-- {tool.HASH_PREFIX}{digest} -->" in svg, "docs/architecture.svg was not rendered from the .dot"
    assert tool.main(["--check"]) == 0


def test_every_layer_and_the_runtime_are_drawn(tool):
    members, edges = tool.graph()
    subpackages = {p.parent.name for p in (ROOT / "compiler").glob("*/__init__.py")}
    assert {f"wordle_compiler.{name}" for name in subpackages} <= set(members)
    assert "wordle_runtime" in members
    assert "solver" in members["wordle_compiler.search"]
    assert "_search" in members["wordle_compiler.ext"]  # a compiled module, named by its .pyx
    assert ("wordle_compiler.cli", "wordle_compiler.core") in edges
    assert not any(source == "wordle_runtime" for source, _ in edges)  # the runtime imports no compiler


def test_planted_imports_of_every_kind_are_found(tool, tmp_path, monkeypatch):
    files = {
        "compiler/__init__.py": '"""root"""\n',
        "compiler/core/__init__.py": '"""core"""\n',
        "compiler/core/a.py": "from ..util import b\nfrom . import c\n",
        "compiler/core/c.py": "def f():\n    import wordle_runtime.x\n",
        "compiler/util/__init__.py": '"""util"""\n',
        "compiler/util/b.py": "from wordle_compiler.ext import _k\nfrom wordle_runtime import y\n",
        "compiler/ext/__init__.py": '"""ext"""\n',
        "compiler/ext/_k.pyx": "cdef int z = 0\n",
        "runtime/__init__.py": '"""runtime"""\n',
        "runtime/x.py": "from .y import thing\n",
        "runtime/y.py": "thing = 1\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.setattr(
        tool, "PACKAGES", {"wordle_compiler": tmp_path / "compiler", "wordle_runtime": tmp_path / "runtime"}
    )
    members, edges = tool.graph()
    assert members["wordle_compiler.core"] == ["__init__", "a", "c"]
    assert members["wordle_compiler.ext"] == ["__init__", "_k"]
    assert dict(edges) == {
        ("wordle_compiler.core", "wordle_compiler.util"): 1,
        ("wordle_compiler.core", "wordle_runtime"): 1,
        ("wordle_compiler.util", "wordle_compiler.ext"): 1,
        ("wordle_compiler.util", "wordle_runtime"): 1,
    }
    assert '"wordle_compiler.core" -> "wordle_compiler.util" [label="1"' in tool.dot_text()


def test_the_page_states_the_graphs_figures(tool):
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    line = tool.figures_line()
    assert f"as `python tools/import_graph.py` prints it: {line}." in page, f"docs/architecture.md: {line}"


def test_a_circle_has_no_levels(tool):
    from collections import Counter

    with pytest.raises(ValueError, match="import circle through"):
        tool.levels(Counter({("a", "b"): 1, ("b", "c"): 1, ("c", "a"): 1}))
    assert tool.levels(Counter({("a", "b"): 1, ("b", "c"): 1, ("a", "c"): 1})) == {"a": 2, "b": 1, "c": 0}
