"""Graphviz export: tiles, plain counts, folding, --highlight, --min-depth, size, and CLI errors."""

import html
import itertools
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import clirun
import wordle_trees
from wordle_compiler.cli.tree import group
from wordle_compiler.treefiles.export.graphviz import HIGHLIGHT, TILE_COLOURS, DotExporter
from wordle_compiler.treefiles.export.view import TreeView
from wordle_runtime.feedback import format_pattern, score_code
from wordle_runtime.format import read_tree_file

DEFAULT = Path(wordle_trees.__file__).parent / "salet-optimal-normal.wtree"
needs_dot = pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz 'dot' is not installed")


@pytest.fixture(scope="module")
def view():
    return TreeView(read_tree_file(DEFAULT))


def run(*args):
    return CliRunner().invoke(group, [str(a) for a in args])


def guess_nodes(graph):
    return [n for n in graph.nodes if n.startswith("n")]


def solve_path(view, answer):
    """Node ids the tree visits for ``answer``, found with the reference score."""
    node, path = 0, [0]
    while view.guess(node) != answer:
        node = dict(view.children(node))[score_code(view.guess(node), answer)]
        path.append(node)
    return path


def test_top_two_levels_fold_the_small_classes(view):
    graph = DotExporter(max_depth=1).graph(view, 0)
    kids = view.children(0)
    by_size = sorted(kids, key=lambda k: (-view.below[k[1]], k[0]))
    drawn = [f"n{child}" for _, child in by_size[:10]]
    assert list(graph.successors("n0")) == [*drawn, "f0"]  # largest class first, then the fold
    hidden = by_size[10:]
    fold = graph.nodes["f0"]["label"]
    assert f"… {len(hidden)} more patterns, {sum(view.below[c] for _, c in hidden):,} answers" in fold
    assert len(guess_nodes(graph)) == 11


def test_show_all_draws_every_child(view):
    graph = DotExporter(max_depth=1, max_width=None).graph(view, 0)
    assert len(list(graph.successors("n0"))) == len(view.children(0))
    assert "f0" not in graph


def test_labels_use_tiles_in_game_colours_and_plain_counts(view):
    graph = DotExporter(max_depth=1).graph(view, 0)
    code, child = max(view.children(0), key=lambda k: view.below[k[1]])
    label = graph.nodes[f"n{child}"]["label"]
    # the feedback that leads here: SALET's letters on tiles in the pattern's colours, in order
    colours = re.findall(r'BGCOLOR="([^"]+)"', label)
    assert colours[:5] == [TILE_COLOURS[c] for c in format_pattern(code)]
    assert colours[5:10] == ["white"] * 5  # then the next guess as white letter tiles
    assert re.findall(r"<B>([A-Z])</B>", label)[:10] == list("SALET" + view.guess(child).upper())
    assert f"{view.below[child]} answers left" in label
    capable = next(c for _, c in view.children(0) if view.solves(c) and f"n{c}" in graph)
    assert "may be the answer (2 guesses)" in graph.nodes[f"n{capable}"]["label"]
    assert "may be the answer" not in label  # COURD is not an answer


def test_title_names_the_tree_and_has_a_legend(view):
    history = [("salet", 0)]
    graph = DotExporter(max_depth=1).graph(view, dict(view.children(0))[0], history)
    assert graph.name == "Wordle: salet optimal normal salet:bbbbb"
    title = graph.graph["graph"]["label"]
    for text in [
        "Wordle tree from SALET: optimal, normal mode",
        "2,315 answers",
        "7,920 guesses",
        "The position after SALET bbbbb",
        "right place",
        "elsewhere in the word",
        "not in the word",
    ]:
        assert text in title


def test_highlight_draws_the_whole_path_past_depth_and_folds(view):
    path = solve_path(view, "cigar")
    graph = DotExporter(max_depth=1, max_width=1).graph(view, 0)
    assert f"n{path[1]}" not in graph  # BROND's class is not the largest: folded without --highlight
    graph = DotExporter(max_depth=1, max_width=1, highlight="CIGAR").graph(view, 0)
    for parent, child in itertools.pairwise(path):
        edge = graph.edges[f"n{parent}", f"n{child}"]
        assert edge["color"] == HIGHLIGHT
        assert edge["penwidth"] == "3"
    assert "solved in 4 guesses" in graph.nodes[f"n{path[-1]}"]["label"]
    assert sum(graph.nodes[n].get("color") == HIGHLIGHT for n in graph.nodes) == len(path)
    # CIGAR takes 4 guesses: --min-depth 5 alone would hide its branch, --highlight still draws it
    assert f"n{path[-1]}" not in DotExporter(min_depth=5).graph(view, 0)
    assert f"n{path[-1]}" in DotExporter(min_depth=5, highlight="cigar").graph(view, 0)


def test_min_depth_keeps_only_branches_that_reach_it(view):
    graph = DotExporter(min_depth=5, max_width=None).graph(view, 0)
    drawn = [int(n[1:]) for n in guess_nodes(graph)]
    deep_answers = {n for n in range(view.data.n_nodes) if view.solves(n) and len(solve_path(view, view.guess(n))) >= 5}
    assert len(deep_answers) == read_tree_file(DEFAULT).meta["stats"]["histogram"]["5"]
    assert {n for n in drawn if view.solves(n) and not view.children(n)} >= deep_answers
    for node in drawn:  # every drawn node leads to some answer needing 5 guesses
        stack, found = [node], False
        while stack and not found:
            current = stack.pop()
            found = current in deep_answers
            stack.extend(c for _, c in view.children(current))
        assert found, view.guess(node)
    assert "solved within 4 guesses" in graph.nodes["f0"]["label"]


@needs_dot
def test_png_of_two_levels_fits_a_screen(tmp_path):
    out = tmp_path / "top.png"
    result = run("export", DEFAULT, "--format", "png", "--depth", "1", "-o", out)
    assert result.exit_code == 0, result.output
    width, height = struct.unpack(">II", out.read_bytes()[16:24])
    assert max(width, height) <= 2500, (width, height)
    assert min(width, height) >= 600, (width, height)


@needs_dot
def test_svg_is_titled(tmp_path):
    out = tmp_path / "top.svg"
    assert run("export", DEFAULT, "--format", "svg", "--depth", "1", "--highlight", "cigar", "-o", out).exit_code == 0
    svg = out.read_text()
    assert "<title>Wordle: salet optimal normal</title>" in svg
    assert "%3" not in svg
    assert "221 answers left" in svg
    assert "138 more patterns, 1,247 answers" in svg
    assert "CIGAR" in svg


@pytest.mark.long
@needs_dot
@pytest.mark.parametrize(
    "tree, game, noun",
    [
        ("es-optimal-normal", "Spanish Wordle (es)", "word"),
        ("nerdle-optimal-normal", "Nerdle", "equation"),
        ("mastermind-3x4", "Mastermind 3×4", None),
    ],
)
def test_pictures_name_the_game_and_word_the_legend_for_it(tmp_path, tree, game, noun):
    """Every picture format, written by a real ``wordle-tree export``: the game's name for
    people in the title (no ``wordle:5:…`` id), the legend's feedback worded for its guesses."""
    if tree.startswith("mastermind"):
        tree = tmp_path / "mastermind.wtree"
        built = clirun.run("wordle-compile", "--game", "mastermind:3x4", "--strategy", "optimal", "-o", tree, "--quiet")
        assert built.returncode == 0, built.stderr
    first = TreeView(read_tree_file(_tree_path(tree))).guess(0)
    shown = {}
    for fmt in ("dot", "svg", "png"):
        out = tmp_path / f"picture.{fmt}"
        result = clirun.run(
            "wordle-tree", "export", tree, "--format", fmt, "--depth", "1", "--max-width", "2", "-o", out
        )
        assert result.returncode == 0, result.stderr
        shown[fmt] = out.read_bytes()
    dot, svg = shown["dot"].decode(), html.unescape(shown["svg"].decode())
    mode, named = ("", "") if noun is None else (" normal", ", normal mode")  # Mastermind has one mode
    assert dot.startswith(f'strict digraph "{game}: {first} optimal{mode}" {{')
    assert f"<title>{game}: {first} optimal{mode}</title>" in svg
    for text in (dot, svg):
        assert f"{game} tree from {first.upper()}: optimal{named}" in html.unescape(text)
        assert "wordle:" not in text
        if noun:
            assert f"elsewhere in the {noun}" in text
            assert f"not in the {noun}" in text
        else:
            assert "B2W1: two pegs of the right colour in the right place" in text
            assert "in the word" not in text
    assert shown["png"].startswith(b"\x89PNG")


def _tree_path(tree) -> Path:
    """A shipped tree's file, or the file named."""
    shipped = Path(wordle_trees.__file__).parent / f"{tree}.wtree"
    return shipped if shipped.exists() else Path(tree)


def test_png_to_a_terminal_is_refused():
    main, replica = pty.openpty()
    try:
        result = subprocess.run(
            [sys.executable, "-m", "wordle_compiler.cli.tree", "export", str(DEFAULT), "--format", "png"],
            stdout=replica,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(replica)
        os.close(main)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "wordle-tree: refusing to write PNG (binary) to a terminal; use -o FILE.png or redirect stdout"
    )


@pytest.mark.parametrize(
    "args,message",
    [
        (["--format", "text", "--highlight", "cigar"], "--highlight applies to --format dot, svg or png only"),
        (["--format", "dot", "--highlight", "zzzzz"], "--highlight 'zzzzz' is not an answer of this tree"),
        (["--format", "dot", "--path", "salet:bbbbb", "--highlight", "cigar"], "is not reached from this --path"),
        (["--format", "dot", "--min-depth", "6"], "every answer here is solved within 5 guesses"),
        (["--format", "dot", "--max-width", "3", "--show-all"], "give --max-width or --show-all, not both"),
        (["--format", "html", "--depth", "2"], "--depth does not apply to --format html"),
    ],
)
def test_bad_requests_are_one_line(args, message):
    result = run("export", DEFAULT, *args)
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_picture_past_the_size_limit_stops_before_drawing(view, monkeypatch):
    from wordle_compiler.treefiles.export import graphviz
    from wordle_compiler.treefiles.export.view import ExportError

    monkeypatch.setattr(graphviz, "MAX_PICTURE_NODES", 500)
    with pytest.raises(ExportError, match="more than 500 boxes; draw less with --depth"):
        DotExporter(max_width=None).graph(view, 0)
    assert DotExporter(max_depth=1).graph(view, 0).number_of_nodes() <= 500


@pytest.mark.long
@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz is not installed")
def test_dot_dies_with_a_killed_export(tmp_path):
    """SIGKILL leaves no time for cleanup: Linux itself kills the dot child (PR_SET_PDEATHSIG)."""
    import time

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wordle_compiler.cli.tree",
            "export",
            "salet-optimal-normal",
            "--format",
            "png",
            "--show-all",
            "-o",
            str(tmp_path / "t.png"),
            "--quiet",
        ]
    )
    dot, deadline = None, time.monotonic() + 60
    while dot is None and time.monotonic() < deadline and proc.poll() is None:
        for pid in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split():
            if Path(f"/proc/{pid}/comm").read_text().strip() == "dot":
                dot = int(pid)
        time.sleep(0.01)
    assert dot is not None, "dot never ran"
    time.sleep(0.3)  # dot has read its input and is laying out the whole tree (over a second)
    assert proc.poll() is None, "the export finished before it could be killed"
    proc.kill()
    proc.wait()
    time.sleep(0.3)
    alive = Path(f"/proc/{dot}").exists() and Path(f"/proc/{dot}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    assert not alive, "dot outlived the killed export"
    assert not (tmp_path / "t.png").exists()
