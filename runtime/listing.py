"""The shipped trees as a person looks for them: ``wordle-next --list-trees``'s table (name,
game or answer list, mode, first guess, stats) and the names a mistyped ``--tree`` probably meant."""

from __future__ import annotations

from .game import GAME_ALIASES, MASTERMIND

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from .tree import Tree

COLUMNS = ("name", "game/list", "mode", "first guess", "total", "average", "max")
RIGHT_ALIGNED = {"total", "max"}
MOST_SUGGESTIONS = 4


def game_label(tree: Tree) -> str:
    """What ``tree`` plays, by the name of its answers: ``wordle`` for Wordle's original list,
    a named game's own list by the game's name (``es``, ``nerdle``, ``en4``), another list by
    its name (``nyt-extended``), a Mastermind as ``--game`` names it (``mastermind:4x6``,
    ``bulls-and-cows``)."""
    answers = str(tree.meta.get("config", {}).get("answers", "")) or tree.game.name
    if tree.game.rule == MASTERMIND:
        return next((alias for alias, spec in GAME_ALIASES.items() if spec == answers), answers)
    return "wordle" if answers == "original" else answers


def tree_rows() -> list[tuple[list[str], str]]:
    """Per shipped tree, in name order: its cells under :data:`COLUMNS` and a note (the
    expected guesses of a tree built under weights; ``(default)`` for the default tree)."""
    from .tree import default_tree_path, load, shipped_trees

    default = default_tree_path().rsplit("/", 1)[-1]
    rows = []
    for file_name in shipped_trees():
        tree = load(file_name)
        stats = tree.stats
        cells = [
            file_name.removesuffix(".wtree"),
            game_label(tree),
            str(tree.meta.get("mode")),
            tree.first_guess,
            *(str(stats.get(key)) for key in ("total_guesses", "average", "max_depth")),
        ]
        notes = []
        if stats.get("expected_guesses") is not None:
            notes.append(f"expected {stats['expected_guesses']} under its weights")
        if file_name == default:
            notes.append("(default)")
        rows.append((cells, "  ".join(notes)))
    return rows


def table_lines(rows: list[tuple[list[str], str]]) -> list[str]:
    """``rows`` under a header, each column as wide as its widest cell, then each row's note."""
    table = [(list(COLUMNS), ""), *rows]
    widths = [max(len(cells[i]) for cells, _ in table) for i in range(len(COLUMNS))]
    lines = []
    for cells, note in table:
        padded = [
            cell.rjust(width) if column in RIGHT_ALIGNED else cell.ljust(width)
            for column, cell, width in zip(COLUMNS, cells, widths, strict=True)
        ]
        lines.append("  ".join([*padded, note]).rstrip())
    return lines


def suggest_trees(text: str) -> list[str]:
    """The shipped trees' names that ``text`` probably meant: those that begin with it as a
    whole part (``es`` -> ``es-optimal-hard``, ``es-optimal-normal``), else those holding it
    as a part, else the closest spellings; at most :data:`MOST_SUGGESTIONS`."""
    import difflib

    from .tree import shipped_trees

    names = [name.removesuffix(".wtree") for name in shipped_trees()]
    wanted = text.strip().lower().removesuffix(".wtree")
    if not wanted:
        return []
    starting = [name for name in names if name.startswith(wanted + "-")]
    if starting:
        return starting[:MOST_SUGGESTIONS]
    holding = [name for name in names if f"-{wanted}-" in f"-{name}-"]
    if holding:
        return holding[:MOST_SUGGESTIONS]
    return difflib.get_close_matches(wanted, names, n=MOST_SUGGESTIONS, cutoff=0.6)
