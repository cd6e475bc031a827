"""The layers of wordle-tree as a picture, drawn from the real import graph.

Parses every module of ``wordle_compiler`` (``compiler/``) and ``wordle_runtime``
(``runtime/``) with :mod:`ast`, resolves their imports to the modules they name, groups the
modules by subpackage (one box per subpackage, listing its modules) and draws one arrow from
a subpackage to each subpackage it imports from, labelled with the number of module-to-module
imports behind it.  The compiled kernels (``compiler/ext/*.pyx``) are modules of ``ext``;
the package roots (``wordle_compiler/__init__``: the version and the API's lazy table) and
imports inside a subpackage are left out of the picture.

    python tools/import_graph.py           # writes docs/architecture.dot, renders docs/architecture.svg
    python tools/import_graph.py --check   # exit 1 if docs/architecture.dot is not the current graph

The ``.dot`` text depends only on the sources, so ``tests/test_architecture.py`` regenerates
it and compares it with the committed file; the SVG carries the ``.dot`` text's SHA-256 in a
comment, which ties the committed picture to it.  Rendering needs Graphviz's ``dot``.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# import name -> source folder
PACKAGES = {"wordle_compiler": ROOT / "compiler", "wordle_runtime": ROOT / "runtime"}
DOT_PATH = ROOT / "docs" / "architecture.dot"
SVG_PATH = ROOT / "docs" / "architecture.svg"
HASH_PREFIX = "dot sha256 "
# What each box holds, in a few words (the subpackages' docstrings say more).
CAPTIONS = {
    "wordle_compiler.cli": "the command lines",
    "wordle_compiler.api": "the Python API",
    "wordle_compiler.pipeline": "configuration to a verified tree",
    "wordle_compiler.ranking": "wordle-rank's proof",
    "wordle_compiler.analysis": "exact values of positions",
    "wordle_compiler.server": "wordle-tree serve",
    "wordle_compiler.treefiles": "tree files: build, verify, import",
    "wordle_compiler.treefiles.export": "pictures, pages, text formats",
    "wordle_compiler.search": "the exact engine's Python face",
    "wordle_compiler.multiboard": "Dordle, Quordle, Octordle",
    "wordle_compiler.kinds": "one board or several",
    "wordle_compiler.proof": "the exact strategy's proof",
    "wordle_compiler.strategies": "the heuristics",
    "wordle_compiler.core": "lists, matrix, modes, partitions",
    "wordle_compiler.concurrency": "threads, workers, Dask",
    "wordle_compiler.util": "files, numbers, JSON",
    "wordle_compiler.ext": "the compiled kernels (Cython)",
    "wordle_runtime": "feedback, histories, the tree file, wordle-next",
}


def modules() -> dict[str, Path | None]:
    """Dotted module name -> its Python source (None for a compiled ``.pyx`` module), for
    every module of :data:`PACKAGES`; a package's ``__init__`` is named by the package."""
    found: dict[str, Path | None] = {}
    for package, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")) + sorted(folder.rglob("*.pyx")):
            if "build" in path.relative_to(folder).parts:
                continue
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            name = ".".join([package, *parts])
            found[name] = path if path.suffix == ".py" else None
    return found


def _resolve(target: str, names: list[str], known: dict[str, Path | None]) -> set[str]:
    """The modules an ``import``/``from target import names`` reaches: each name that is a
    module itself, else ``target`` when it is a module."""
    reached = set()
    for name in names:
        if f"{target}.{name}" in known:
            reached.add(f"{target}.{name}")
        elif target in known:
            reached.add(target)
    return reached


def imports_of(name: str, path: Path, known: dict[str, Path | None]) -> set[str]:
    """Every module of :data:`PACKAGES` that module ``name`` (its source at ``path``) imports,
    at any depth of its code (imports inside functions count: they are the lazy ones)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] in PACKAGES:
                out |= _resolve(target, [alias.name for alias in node.names], known)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                dotted = alias.name
                while dotted and dotted not in known:
                    dotted = dotted.rpartition(".")[0]
                if dotted:
                    out.add(dotted)
    out.discard(name)
    return out


def group_of(name: str) -> str:
    """The box a module is drawn in: its subpackage (``wordle_compiler.treefiles.export``
    keeps its own), ``wordle_compiler.api`` alone, the whole runtime as one."""
    parts = name.split(".")
    if parts[0] == "wordle_runtime":
        return "wordle_runtime"
    if len(parts) > 2 and parts[1] == "treefiles" and parts[2] == "export":
        return "wordle_compiler.treefiles.export"
    return ".".join(parts[:2])


def graph() -> tuple[dict[str, list[str]], Counter]:
    """(group -> its modules' short names, sorted; (from group, to group) -> the number of
    module imports between them), the package roots left out."""
    known = modules()
    members: dict[str, list[str]] = {}
    edges: Counter = Counter()
    for name, path in sorted(known.items()):
        if name in PACKAGES:
            continue
        group = group_of(name)
        if name == group:  # a subpackage's __init__, or a module drawn alone (api.py)
            short = "__init__" if path is None or path.name == "__init__.py" else f"{path.stem}.py"
        else:
            short = name[len(group) + 1 :]
        members.setdefault(group, []).append(short)
        if path is None:
            continue
        for target in imports_of(name, path, known):
            if target not in PACKAGES and group_of(target) != group:
                edges[group, group_of(target)] += 1
    return {group: sorted(names) for group, names in members.items()}, edges


def _implied(edges: Counter) -> set[tuple[str, str]]:
    """The arrows that a longer path of arrows also gives (drawn light: the others are the
    layering's backbone)."""
    targets: dict[str, set[str]] = {}
    for source, target in edges:
        targets.setdefault(source, set()).add(target)

    def reachable(start: str, skip: str) -> set[str]:
        seen, stack = set(), [t for t in targets.get(start, ()) if t != skip]
        while stack:
            node = stack.pop()
            if node not in seen:
                seen.add(node)
                stack.extend(targets.get(node, ()))
        return seen

    return {(source, target) for source, target in edges if target in reachable(source, target)}


def _label(group: str, names: list[str]) -> str:
    """An HTML-like label: the subpackage in bold, its caption, its modules a few a line."""
    title = group.replace("wordle_compiler.", "")
    shown = [n for n in names if n != "__init__"] or ["__init__"]
    lines = [" · ".join(shown[i : i + 4]) for i in range(0, len(shown), 4)]
    rows = [f"<B>{title}</B>", f"<I>{CAPTIONS.get(group, '')}</I>", *lines]
    return "<" + "<BR/>".join(rows) + ">"


def dot_text() -> str:
    """The graph as Graphviz text: deterministic, every node and edge sorted."""
    members, edges = graph()
    out = [
        "// Generated by tools/import_graph.py from the packages' imports; do not edit.",
        "digraph layers {",
        '  graph [rankdir=TB, nodesep=0.25, ranksep=0.45, fontname="Helvetica"];',
        (
            '  node [shape=box, style="rounded,filled", fillcolor="#f4f6f8", color="#5c5f62", '
            'fontname="Helvetica", fontsize=10];'
        ),
        '  edge [color="#5c5f62", fontname="Helvetica", fontsize=9, arrowsize=0.6];',
    ]
    for group in sorted(members):
        fill = ' fillcolor="#e7f1e4"' if group == "wordle_runtime" else ""
        out.append(f'  "{group}" [label={_label(group, members[group])}{fill}];')
    implied = _implied(edges)
    for (source, target), count in sorted(edges.items()):
        style = ' color="#b8bcc0", fontcolor="#8a8e92"' if (source, target) in implied else ""
        out.append(f'  "{source}" -> "{target}" [label="{count}"{style}];')
    out.append("}")
    return "\n".join(out) + "\n"


def levels(edges: Counter) -> dict[str, int]:
    """Each package's level: 0 for one that imports no other, else one above the highest it
    imports (``ValueError`` naming a package on a circle)."""
    targets: dict[str, set[str]] = {}
    for source, target in edges:
        targets.setdefault(source, set()).add(target)
    level: dict[str, int] = {}

    def of(node: str, path: tuple[str, ...]) -> int:
        if node in path:
            raise ValueError(f"import circle through {node}")
        if node not in level:
            level[node] = 1 + max((of(t, (*path, node)) for t in targets.get(node, ())), default=-1)
        return level[node]

    for node in sorted({n for edge in edges for n in edge}):
        of(node, ())
    return level


def figures_line() -> str:
    """The graph's figures as ``docs/architecture.md`` states them: packages, modules,
    arrows, the module imports behind them, levels, and that no circle closes."""
    members, edges = graph()
    depth = max(levels(edges).values()) + 1
    return (
        f"{len(members)} packages, {sum(len(names) for names in members.values())} modules, "
        f"{len(edges)} arrows over {sum(edges.values())} imports between packages, {depth} levels, no circle"
    )


def render(text: str, svg_path: Path = SVG_PATH) -> None:
    """Render ``text`` to ``svg_path`` with Graphviz, its SHA-256 in a comment of the SVG."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    stamped = text.replace("digraph layers {\n", f'digraph layers {{\n  comment="{HASH_PREFIX}{digest}";\n', 1)
    result = subprocess.run(["dot", "-Tsvg"], input=stamped, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"dot failed: {result.stderr.strip()}")
    svg_path.write_text(result.stdout, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) the .dot, then render the SVG; the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed .dot is not current")
    args = parser.parse_args(argv)
    text = dot_text()
    if args.check:
        current = DOT_PATH.exists() and DOT_PATH.read_text(encoding="utf-8") == text
        if not current:
            print(f"{DOT_PATH.relative_to(ROOT)} is out of date: run python tools/import_graph.py", file=sys.stderr)
        return 0 if current else 1
    if shutil.which("dot") is None:
        print("import_graph: Graphviz's dot is not installed (apt-get install graphviz)", file=sys.stderr)
        return 2
    DOT_PATH.write_text(text, encoding="utf-8")
    render(text)
    print(f"wrote {DOT_PATH.relative_to(ROOT)} and {SVG_PATH.relative_to(ROOT)}: {figures_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
