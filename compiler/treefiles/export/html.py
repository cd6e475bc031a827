"""HTML export: one self-contained page to explore a tree in a browser.

The page is ``templates/explorer.html`` (plain JS and CSS, inline) with the tree
embedded as JSON. Nothing is fetched over the network. The embedded fields:

==============  ==================================================================
``words``       the tree's guess list, concatenated (five letters each)
``guess``       per node, in breadth-first order: index into ``words``
``kids``        per node: number of children (node i's children are consecutive,
                starting at 1 + the sum of ``kids`` before i)
``pattern``     per non-root node c: the feedback code leading to it, at ``c - 1``
``solves``      per node, "1" if its guess can be the answer there, else "0"
``title`` ...   display strings; ``start_path``: the position to open at (--path)
==============  ==================================================================

Breadth-first renumbering lets the page drop the child ids: a node's children are
the next ``kids[i]`` unused ids. Every answer is a guess somewhere in the tree, so
the answers need no list of their own.
"""

from __future__ import annotations

import json
from collections import deque
from html import escape
from importlib import resources

from wordle_runtime.feedback import format_pattern

TEMPLATE = "explorer.html"


def explorer_data(view, history=()) -> dict:
    """The JSON-able document the page embeds, for the whole tree of ``view``."""
    data = view.data
    guess, kids, pattern, solves = [], [], [], []
    queue = deque([0])
    while queue:  # breadth-first, children in increasing pattern order as in the file
        node = queue.popleft()
        guess.append(data.node_guess[node])
        solves.append("1" if data.node_answer[node] >= 0 else "0")
        children = view.children(node)
        kids.append(len(children))
        for code, child in children:
            pattern.append(code)
            queue.append(child)
    meta = data.meta
    config, stats = meta.get("config", {}), meta.get("stats", {})
    facts = [f"{len(data.answers):,} answers"]
    if stats:
        facts.append(f"{stats.get('total_guesses', 0):,} guesses in all, average {stats.get('average', 0):.4f}, "
                     f"at most {stats.get('max_depth')}")
    if meta.get("optimality"):
        facts.append(str(meta["optimality"]))
    return {
        "words": "".join(data.guesses),
        "guess": guess, "kids": kids, "pattern": pattern, "solves": "".join(solves),
        "title": (f"Wordle tree from {data.guesses[data.node_guess[0]].upper()}: "
                  f"{meta.get('strategy', 'unknown strategy')}, {config.get('mode', 'normal')} mode"),
        "subtitle": " · ".join(facts),
        "start_path": ",".join(f"{w}:{format_pattern(c)}" for w, c in history),
    }


def _script_json(doc: dict) -> str:
    # Inside <script>, "</script" or "<!--" in a string would end or confuse the element;
    # escaping <, > and & as JSON \u escapes keeps the text inert and the JSON identical.
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def load_template() -> str:
    """The page template shipped in the package (``compiler/templates``)."""
    return resources.files("wordle_compiler").joinpath("templates", TEMPLATE).read_text(encoding="utf-8")


class HtmlExporter:
    """Writes the explorer page; ``history`` (from --path) is where the page opens."""

    def write(self, view, node, history, out):
        """Write the page for the whole tree to the text file-like ``out``."""
        doc = explorer_data(view, history)
        # One split per marker (the title comes first in the template), so text inside the
        # tree's meta can never be mistaken for a marker.
        head, rest = load_template().split("__TITLE__")
        middle, tail = rest.split("__TREE_DATA__")
        out.write(head + escape(doc["title"]) + middle + _script_json(doc) + tail)
