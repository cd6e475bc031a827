"""HTML export: one self-contained page to explore a tree and play it in a browser.

The page is ``templates/explorer.html`` (CSS inline) with the scripts ``rules.js`` (the
runtime's rules), ``analysis.js`` and ``explorer.js`` inlined and the tree embedded as JSON.
An exported page fetches nothing; ``wordle-tree serve`` serves the same page with
``server`` set, allowed to fetch its own ``/api/``. The embedded fields:

==============  ==================================================================
``words``       the tree's own words, concatenated (a list if a symbol is past U+FFFF)
``guess``       per node, in breadth-first order: index into ``words``
``kids``        per node: number of children (node i's children are consecutive,
                starting at 1 + the sum of ``kids`` before i)
``pattern``     per non-root node c: the feedback code leading to it, at ``c - 1``
``solves``      per node, "1" if its guess can be the answer there, else "0"
``game``        the game: rule (wordle, mastermind), length, alphabet, name
``mode``        the game's rules (normal, hard, possible; null: none checked)
``allowed``     the rest of the game's guess list, as ``words`` (null: any word)
``server``      null, or the served tree's name and the other trees served
``limits``      the runtime's history length and off-tree shortlist (history.py, tree.py)
``title`` ...   display strings (the title names the game: ``Spanish Wordle (es)``);
                ``examples``: the fields' placeholders, from the tree's own words;
                ``start_path``: the position to open at (--path)
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

from wordle_runtime.game import WORDLE
from wordle_runtime.history import MAX_STEPS, format_history
from wordle_runtime.tree import OFF_TREE_SHORTLIST

from ..metaview import mode_label

TEMPLATE = "explorer.html"
SCRIPTS = ("rules.js", "analysis.js", "explorer.js")  # inlined in this order


def _word_table(words: list[str], length: int):
    """Words for the page: concatenated when each is ``length`` UTF-16 units (every symbol in
    the Basic Multilingual Plane), else a list."""
    if all(len(w.encode("utf-16-le")) == 2 * length for w in words):
        return "".join(words)
    return list(words)


def _game_fields(game) -> dict:
    """The game as the page's rules read it (``wordle_runtime.game``)."""
    return {
        "rule": game.rule,
        "length": game.length,
        "alphabet": game.alphabet,
        "name": game.name,
        "is_default": game.is_default,
    }


def explorer_data(view, history=(), server: dict | None = None) -> dict:
    """The JSON-able document the page embeds, for the whole tree of ``view``; ``server``:
    what ``wordle-tree serve`` tells its page (the tree's name, the trees served)."""
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
        facts.append(
            f"{stats.get('total_guesses', 0):,} guesses in all, average {stats.get('average', 0):.4f}, "
            f"at most {stats.get('max_depth')}"
        )
    if meta.get("optimality"):
        facts.append(str(meta["optimality"]))
    game, own = data.game, set(data.guesses)
    allowed = None if data.guess_list is None else [w for w in data.guess_list if w not in own]
    return {
        "words": _word_table(data.guesses, game.length),
        "guess": guess,
        "kids": kids,
        "pattern": pattern,
        "solves": "".join(solves),
        "game": _game_fields(game),
        "mode": data.mode,
        "allowed": None if allowed is None else _word_table(allowed, game.length),
        "server": server,
        "limits": {"max_steps": MAX_STEPS, "off_tree_shortlist": OFF_TREE_SHORTLIST},
        "title": _title(view, data, meta, config),
        "subtitle": " · ".join(facts),
        "examples": _examples(view),
        "start_path": ",".join(format_history([step], game).replace(" ", ":", 1) for step in history),
    }


def _title(view, data, meta: dict, config: dict) -> str:
    """The page's title: the game, the first guess, the strategy and (where the game has more
    than one) the mode."""
    mode = mode_label(view.game, str(data.mode or config.get("mode", "normal")))
    head = f"{view.game_title()} tree from {data.guesses[data.node_guess[0]].upper()}: "
    return head + str(meta.get("strategy", "unknown strategy")) + (f", {mode} mode" if mode else "")


def _examples(view) -> dict:
    """The fields' placeholders, from the tree's own game: its first answer (as listed in the
    file) and a feedback the first guess can get, of as many colours as any (Mastermind: a score)."""
    game, data = view.game, view.data
    answer = data.answers[0] if data.answers else view.guess(0)
    codes = [code for code, _ in view.children(0)] or [game.all_correct]
    code = max(codes, key=lambda c: len(set(view.pattern(c))))  # the first with the most colours
    kind = "feedback" if game.rule == WORDLE else "score"
    return {"answer": f"e.g. {answer}", "pattern": f"{kind}, e.g. {view.pattern(code)}"}


def _script_json(doc: dict) -> str:
    # Inside <script>, "</script" or "<!--" in a string would end or confuse the element;
    # escaping <, > and & as JSON \u escapes keeps the text inert and the JSON identical.
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _template_file(name: str) -> str:
    return resources.files("wordle_compiler").joinpath("templates", name).read_text(encoding="utf-8")


def load_template() -> str:
    """The page template shipped in the package (``compiler/templates``)."""
    return _template_file(TEMPLATE)


def page_script() -> str:
    """The page's scripts, in order, as one block of JavaScript."""
    script = "\n".join(_template_file(name) for name in SCRIPTS)
    if "</script" in script.lower():  # would end the inline element early
        raise ValueError("a page script holds '</script'")
    return script


def render_page(doc: dict, connect_src: str = "'none'") -> str:
    """The page for ``doc`` (:func:`explorer_data`); ``connect_src``: where its scripts may fetch
    from, in Content-Security-Policy syntax (``'none'`` for a file, ``'self'`` when served)."""
    values = (
        ("__CONNECT_SRC__", connect_src),
        ("__TITLE__", escape(doc["title"])),
        ("__PATTERN_EXAMPLE__", escape(doc["examples"]["pattern"])),
        ("__ANSWER_EXAMPLE__", escape(doc["examples"]["answer"])),
        ("__TREE_DATA__", _script_json(doc)),
        ("__SCRIPT__", page_script()),
    )
    # One split per marker, in the template's order, each in the text after the previous one:
    # text from the tree (its title, its meta) is never searched for a marker.
    parts, rest = [], load_template()
    for marker, value in values:
        head, rest = rest.split(marker, 1)
        parts += [head, value]
    return "".join(parts) + rest


class HtmlExporter:
    """Writes the explorer page; ``history`` (from --path) is where the page opens."""

    def write(self, view, node, history, out):
        """Write the page for the whole tree to the text file-like ``out``."""
        out.write(render_page(explorer_data(view, history)))
