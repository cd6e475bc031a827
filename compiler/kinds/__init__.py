"""One board or several: the one place the compiler tells the two kinds of game apart.

``Settings.boards`` says how many boards a game plays at once: 1, or 2 to 32 (Dordle to
Duotrigordle).  :func:`kind_of` (or :func:`kind_for`, given the count) returns the game's
:class:`Kind`, and every entry point asks it which road to take: the Python API and the
server call the kind's own ``build``, ``analyse``, ``rank`` or ``review``; the commands
(``wordle-compile``, ``wordle-rank``, ``wordle-tree analyse``) print a multi-board kind's
result with their ``*_boards`` modules and refuse its options here.  Only
``core.settings.several_boards`` compares a board count to tell the kinds apart
(``tests/test_kinds.py`` holds it).

A kind also says what it takes: ``takes[entry]`` names the options of that entry the kind
plays with (the command line's parameter names, which the API's keywords share), or is
None when it takes every option; an entry it lacks is one it does not answer (a review is
of a single-board game).  An option of the other kind given to it is refused in
one line, named as the caller spells it (``--jobs`` on the command line, ``jobs`` in
Python), by :meth:`Kind.refusal`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ..core.settings import several_boards
from . import several, single

if TYPE_CHECKING:
    from ..core.settings import Settings

# The entry points a kind answers, and what the refusals call their work.
NOUNS = {"build": "builds", "analyse": "analyses", "rank": "rankings", "review": "reviews"}
ENTRIES = tuple(NOUNS)


@dataclass(frozen=True)
class Kind:
    """A kind of game: ``name`` (``"single-board"`` or ``"multi-board"``, as the refusals
    say it), whether it plays ``several`` boards, ``takes`` (per entry, the options it
    plays with, None for all; an entry missing from the map is one the kind does not
    answer) and ``entries``, the module that holds its entry functions."""

    name: str
    several: bool
    takes: Mapping[str, tuple[str, ...] | None]
    entries: ModuleType

    def entry(self, what: str) -> Callable[..., Any]:
        """The kind's function for entry ``what`` (one of :data:`ENTRIES`); ``ValueError``
        (one line) for an entry the kind does not answer."""
        if what not in self.takes:
            raise ValueError(f"{what} is for {self.other} games")
        return getattr(self.entries, what)  # type: ignore[no-any-return]

    @property
    def other(self) -> str:
        """The other kind's name."""
        return SINGLE_BOARD.name if self.several else SEVERAL_BOARDS.name

    def refused(self, what: str, given: Iterable[str]) -> str | None:
        """The first option of ``given`` (the options a caller gave, by name) that entry
        ``what`` of this kind does not take, or None."""
        taken = self.takes.get(what)
        if taken is None:
            return None
        return next((name for name in given if name not in taken), None)

    def refusal(self, what: str, given: Iterable[str], spelled: Callable[[str], str] = str) -> str | None:
        """The one line refusing the first option of ``given`` that entry ``what`` does not
        take (``spelled``: how the caller writes an option's name), or None."""
        name = self.refused(what, given)
        return None if name is None else f"{spelled(name)} is for {self.other} {NOUNS[what]}"


# What a multi-board build, analysis and ranking play with (the command line's names).
SEVERAL_BOARDS_TAKE: dict[str, tuple[str, ...] | None] = {
    "build": (
        "strategy",
        "start",
        "jobs",
        "objective",
        "mode",
        "game",
        "boards",
        "answers",
        "guesses",
        "max_depth",
        "output",
        "as_json",
        "quiet",
    ),
    "analyse": (
        "history",
        "top",
        "move",
        "mode",
        "objective",
        "game",
        "boards",
        "answers",
        "guesses",
        "max_depth",
        "as_json",
        "quiet",
    ),
    "rank": (
        "mode",
        "game",
        "boards",
        "answers",
        "guesses",
        "first_words",
        "max_depth",
        "objective",
        "top",
        "jobs",
        "scheduler",
        "output",
        "fmt",
        "resume",
        "force",
        "as_json",
        "quiet",
        "verbose",
    ),
}

SINGLE_BOARD = Kind("single-board", False, dict.fromkeys(ENTRIES), single)
SEVERAL_BOARDS = Kind("multi-board", True, SEVERAL_BOARDS_TAKE, several)


def kind_of(settings: Settings) -> Kind:
    """The kind of game ``settings`` play."""
    return kind_for(settings.boards or 1)


def kind_for(boards: int) -> Kind:
    """The kind of game played on ``boards`` boards at once: several boards when more than one."""
    return SEVERAL_BOARDS if several_boards(boards) else SINGLE_BOARD
