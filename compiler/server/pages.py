"""The multi-board pages ``wordle-tree serve`` serves, one per game of ``BOARD_GAMES``: ``/dordle``,
``/quordle``, ``/octordle``, ``/sedecordle``, ``/duotrigordle``.

Each page is ``templates/boards.html`` with the scripts ``rules.js`` (the runtime's Wordle
scoring) and ``boards.js`` (the game) inlined and its data embedded as JSON, rendered once when
the server starts.  The data: the game's name, its boards and guess limit (K + 5), the original
lists (the 2,315 answers in their list's order, which a game's seed indexes, and the other
allowed guesses, each list concatenated: five letters a word), and the fields ``makeRules``
reads.  The page plays in the browser and asks the server only for ``/api/boards``.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources

from wordle_runtime.boards import BOARD_GAMES, guess_limit
from wordle_runtime.game import DEFAULT_GAME
from wordle_runtime.history import MAX_STEPS
from wordle_runtime.tree import OFF_TREE_SHORTLIST

TEMPLATE = "boards.html"
SCRIPTS = ("rules.js", "boards.js")  # inlined in this order


def boards_data(game: str) -> dict:
    """The JSON-able document the page of ``game`` (a name of ``BOARD_GAMES``) embeds."""
    from ..core.wordlists import load_word_lists

    words = load_word_lists("original")
    if any(len(word) != DEFAULT_GAME.length for word in words.guesses):
        raise ValueError("the original lists hold a word that is not five letters long")
    answers = set(words.answers)
    boards = BOARD_GAMES[game]
    return {
        "game": game,
        "boards": boards,
        "limit": guess_limit(boards),
        "answers": "".join(words.answers),
        "allowed": "".join(word for word in words.guesses if word not in answers),
        "games": list(BOARD_GAMES),
        "rules": {
            "game": {
                "rule": DEFAULT_GAME.rule,
                "length": DEFAULT_GAME.length,
                "alphabet": DEFAULT_GAME.alphabet,
                "name": DEFAULT_GAME.name,
                "is_default": True,
            },
            "mode": "normal",
            "limits": {"max_steps": MAX_STEPS, "off_tree_shortlist": OFF_TREE_SHORTLIST},
        },
    }


def _template_file(name: str) -> str:
    return resources.files("wordle_compiler").joinpath("templates", name).read_text(encoding="utf-8")


def _script_json(doc: dict) -> str:
    # <, > and & as JSON \u escapes: no "</script" or "<!--" can end or confuse the element
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def boards_page(game: str) -> str:
    """The page of ``game`` (a name of ``BOARD_GAMES``), ready to serve."""
    script = "\n".join(_template_file(name) for name in SCRIPTS)
    if "</script" in script.lower():  # would end the inline element early
        raise ValueError("a page script holds '</script'")
    boards = BOARD_GAMES[game]
    values = (
        ("__TITLE__", escape(f"{game.capitalize()}: {boards} boards, {guess_limit(boards)} guesses")),
        ("__BOARDS_DATA__", _script_json(boards_data(game))),
        ("__SCRIPT__", script),
    )
    parts, rest = [], _template_file(TEMPLATE)
    for marker, value in values:  # in the template's order, each searched for after the last
        head, rest = rest.split(marker, 1)
        parts += [head, value]
    return "".join(parts) + rest
