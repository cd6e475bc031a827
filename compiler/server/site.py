"""What ``wordle-tree serve`` serves: the named trees, each tree's page, the list of trees, and
the multi-board pages (``/quordle`` and one per game of
:data:`wordle_runtime.boards.BOARD_GAMES`: :mod:`.pages`).

Everything is read and rendered once, when the server starts; a request only looks names up
in :class:`Site`, so nothing outside the named trees can ever be read or served.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wordle_runtime.boards import BOARD_GAMES
from wordle_runtime.format import TreeData

from ..treefiles.export.html import explorer_data, render_page
from ..treefiles.export.view import TreeView
from .jobs import tree_mode
from .pages import boards_page


@dataclass
class Reply:
    """An HTTP answer: status, JSON or HTML text, and any extra headers."""

    status: int
    body: str
    content_type: str = "application/json; charset=utf-8"
    headers: dict = field(default_factory=dict)


def json_reply(status: int, doc: dict, headers: dict | None = None) -> Reply:
    """``doc`` as JSON, as the command lines print it (``json.dumps``)."""
    return Reply(status, json.dumps(doc), headers=headers or {})


def error_reply(status: int, message: str, headers: dict | None = None) -> Reply:
    """A server's own refusal (not one of the command line's): ``{"error": message}``."""
    return json_reply(status, {"error": message}, headers)


@dataclass
class ServedTree:
    """One tree: its name in URLs, its data and the bytes it was read from (the workers' copy:
    they never read the file again)."""

    name: str
    data: TreeData
    blob: bytes

    @property
    def mode(self) -> str:
        """The rules the tree's guesses follow (a format 1.0 file stores none: normal)."""
        return tree_mode(self.data)

    def setting(self, key: str) -> str:
        """What the tree plays with for the analysis option ``key`` (``mode``, ``answers``,
        ``guesses`` or ``prior``), as the command line writes it; "" for none."""
        data = self.data
        if key == "mode":
            return self.mode
        if key == "prior":
            source = (data.meta.get("weights") or {}).get("source", "") if data.weights is not None else ""
            return "frequency" if source.startswith("prior frequency") else ""
        return data.meta.get("word_lists", {}).get(key, {}).get("name", "")

    def summary(self, default: bool) -> dict:
        """What ``/api/trees`` says of the tree."""
        meta = self.data.meta
        lists = meta.get("word_lists", {})
        return {
            "name": self.name,
            "page": f"/tree/{self.name}",
            "default": default,
            "mode": self.mode,
            "answers": lists.get("answers", {}).get("name"),
            "guesses": lists.get("guesses", {}).get("name"),
            "weighted": self.data.weights is not None,
            "first_guess": self.data.guesses[self.data.node_guess[0]],
            "stats": meta.get("stats", {}),
        }


# What a served page may do: run its inline script and fetch only from this server.
PAGE_POLICY = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


class Site:
    """The trees (the first is the default), their pages, the multi-board pages, and the API's
    answerer.

    ``api(endpoint, tree, params)`` answers ``/api/analyse`` and ``/api/review`` (``params``:
    each query key with its values), and ``/api/boards`` (``tree`` None); ``maintain()`` runs
    on the server's main thread between requests (the worker pool starts its replacement
    workers there)."""

    def __init__(
        self,
        trees: list[ServedTree],
        api: Callable[[str, ServedTree | None, dict], Reply],
        maintain: Callable[[], None] = lambda: None,
    ):
        self.trees = {tree.name: tree for tree in trees}
        self.default = trees[0].name
        self.api, self.maintain = api, maintain
        self._pages: dict[str, str] = {}
        self.board_pages = {game: boards_page(game) for game in BOARD_GAMES}

    def page(self, name: str) -> str:
        """The explorer page of the tree ``name``, made when first asked for (a server of
        every shipped tree starts in a second, not three) and kept."""
        page = self._pages.get(name)
        if page is None:
            server = {"tree": name, "trees": [{"name": tree} for tree in self.trees], "games": list(BOARD_GAMES)}
            page = render_page(explorer_data(TreeView(self.trees[name].data), server=server), connect_src="'self'")
            self._pages[name] = page  # two threads may both make it: the same text
        return page

    def tree_list(self) -> Reply:
        """``/api/trees``: every tree served, the default first."""
        return json_reply(200, {"trees": [tree.summary(name == self.default) for name, tree in self.trees.items()]})

    def unknown_tree(self, name: str) -> Reply:
        """The refusal for a tree name this server does not have."""
        shown = name if len(name) <= 60 else name[:60] + "…"
        return error_reply(404, f"no tree {shown!r} here: this server has {', '.join(self.trees)}")


def setup_for(trees: Sequence[ServedTree]) -> dict[str, Any]:
    """What a worker is handed first: every tree's bytes, and the tree it loads at once (the
    first, the default)."""
    return {"trees": {tree.name: tree.blob for tree in trees}, "default": trees[0].name}
