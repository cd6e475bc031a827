"""Independent verification of a flat tree (any tree file, ours or not).

It uses only the runtime's pure-Python reference ``score`` and its own statement of
the mode rules, never the builder's kernels, so a bug in one is caught by the other.

The walk is one pass over the nodes in id order (a parent's id is always smaller than
its children's), with parent links instead of recursion, so a 100,000-deep chain costs
no stack.  Every answer is checked against the feedback on the path to the node that
solves it, which is exactly what replaying it from the root would check.  Problems name
a node by the history that reaches it, as ``salet bybbb → brond``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordle_runtime.feedback import format_pattern, score_code
from wordle_runtime.format import TreeData
from wordle_runtime.game import DEFAULT_GAME, MASTERMIND
from wordle_runtime.history import format_history
from wordle_runtime.rules import GuessList

MAX_PROBLEMS = 1000  # kept in full; beyond this a hostile file only gets counted


def hard_mode_allows(history, word: str) -> bool:
    """Real hard mode: greens stay; a letter shown green/yellow n times in one guess
    appears at least n times later.  Grays may be reused, yellows may stay put."""
    for guess, code in history:
        need: dict[str, int] = {}
        for i in range(len(guess)):
            digit = (code // 3**i) % 3
            if digit == 2 and word[i] != guess[i]:
                return False
            if digit:
                need[guess[i]] = need.get(guess[i], 0) + 1
        if any(word.count(letter) < n for letter, n in need.items()):
            return False
    return True


def possible_allows(history, word: str, score=score_code) -> bool:
    """Possible mode: ``word`` is legal only if it fits every (guess, code) of ``history``
    (``score``: the game's rule), that is, only if it could still be the answer."""
    return all(score(guess, word) == code for guess, code in history)


RULES = {"normal": lambda history, word: True, "hard": hard_mode_allows, "possible": possible_allows}


@dataclass
class Report:
    answers: int
    total_guesses: int
    max_depth: int
    histogram: dict
    exceeding_max_depth: list = field(default_factory=list)
    failures: list = field(default_factory=list)  # human-readable problems
    depths: list = field(default_factory=list)  # guesses each answer needs, in answer order (0: unsolved)

    @property
    def average(self) -> float:
        """Guesses per answer (total / answers); 0.0 when there are no answers."""
        return self.total_guesses / self.answers if self.answers else 0.0

    @property
    def ok(self) -> bool:
        """True when nothing failed and no answer is deeper than the depth limit."""
        return not self.failures and not self.exceeding_max_depth

    def stats(self) -> dict:
        """The replay's stats as ``meta["stats"]`` holds them: answers, total, average (6 places),
        max depth, and the histogram keyed by depth as a string, in depth order."""
        return {
            "answers": self.answers,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 6),
            "max_depth": self.max_depth,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
        }


class _Problems(list):
    """A list that keeps the first MAX_PROBLEMS messages and counts the rest."""

    extra = 0

    def add(self, message: str) -> None:
        if len(self) < MAX_PROBLEMS:
            self.append(message)
        else:
            self.extra += 1

    def finish(self) -> list:
        return list(self) + ([f"… and {self.extra} more problems"] if self.extra else [])


class _Paths:
    """Parent links of a flat tree, and the history that reaches each node."""

    def __init__(self, data: TreeData, problems: _Problems):
        n = data.n_nodes
        self.data = data
        self.parent, self.code_in, self.depth = [-1] * n, [0] * n, [1] * n
        start, patterns, children = data.child_start, data.edge_pattern, data.edge_child
        self.ok = True
        for node in range(n):
            for edge in range(start[node], start[node + 1]):
                child = children[edge]
                if not node < child < n or self.parent[child] != -1:
                    # only a tree that skipped the loader (a builder bug) can get here
                    problems.add(f"the tree's structure is broken at node {node} (child {child})")
                    self.ok = False
                    return
                self.parent[child], self.code_in[child] = node, patterns[edge]
                self.depth[child] = self.depth[node] + 1

    def guess(self, node: int) -> str:
        return self.data.guesses[self.data.node_guess[node]]

    def history(self, node: int) -> list:
        """[(guess, code)] played before ``node``, first guess first."""
        steps = []
        while self.parent[node] >= 0:
            parent = self.parent[node]
            steps.append((self.guess(parent), self.code_in[node]))
            node = parent
        steps.reverse()
        return steps

    def where(self, node: int) -> str:
        """``salet bybbb → brond``: the history, then the word played at ``node``."""
        steps = self.history(node)
        if not steps:
            return f"{self.guess(node)} (the first guess)"
        return format_history(steps, getattr(self.data, "game", DEFAULT_GAME)) + f" → {self.guess(node)}"


def verify_tree(data: TreeData, mode: str = "normal", allowed=None, max_depth: int = 6) -> Report:
    """Check every answer's path with ``score`` and every guess against the mode's rules.

    ``allowed``: the full guess list; when given, every guess must be in it.
    """
    game = getattr(data, "game", DEFAULT_GAME)
    score = score_code if game is DEFAULT_GAME else game.score_code
    shown = format_pattern if game is DEFAULT_GAME else game.format_code
    rule = RULES[mode] if mode != "possible" else (lambda history, word: possible_allows(history, word, score))
    if allowed is not None and not isinstance(allowed, GuessList):  # a GuessList answers `in` itself
        allowed = set(allowed)
    problems = _Problems()
    paths = _Paths(data, problems)
    if not paths.ok:
        return Report(len(data.answers), 0, 0, {}, [], problems.finish())
    words = [data.guesses[g] for g in data.node_guess]  # each node's guess, looked up once
    solved_at = _check_nodes(data, words, paths, problems, mode, rule, allowed)
    histogram, deep, total, deepest = {}, [], 0, 0
    depths = [0] * len(data.answers)
    parent, code_in = paths.parent, paths.code_in
    for answer_index, answer in enumerate(data.answers):
        node = solved_at[answer_index]
        if node < 0:
            problems.add(f"{answer!r} is never solved by the tree")
            continue
        step = node  # up the parent links: no history list per answer (a good share of a replay's time)
        while parent[step] >= 0 and score(words[parent[step]], answer) == code_in[step]:
            step = parent[step]
        if parent[step] >= 0:  # a step disagrees: name the first one from the root
            g, c = next((g, c) for g, c in paths.history(node) if score(g, answer) != c)
            problems.add(
                f"{answer!r} is not solved: the tree reaches it by {paths.where(node)}, but "
                f"{g} against {answer} shows {shown(score(g, answer))}, not {shown(c)}"
            )
            continue
        depth = paths.depth[node]
        depths[answer_index] = depth
        total += depth
        deepest = max(deepest, depth)
        histogram[depth] = histogram.get(depth, 0) + 1
        if depth > max_depth:
            deep.append(answer)
    return Report(len(data.answers), total, deepest, histogram, deep, problems.finish(), depths)


def _check_nodes(data: TreeData, words: list, paths, problems, mode: str, rule, allowed) -> list[int]:
    """Check each node's guess against the guess list and the mode's rule, and its claim to
    solve an answer; return the node solving each answer (-1: none)."""
    game = getattr(data, "game", DEFAULT_GAME)
    solved_at = [-1] * len(data.answers)
    for node in range(data.n_nodes):
        guess = words[node]
        if allowed is not None and guess not in allowed:
            problems.add(f"{paths.where(node)}: {guess!r} is not in the guess list")
        elif mode == "hard" and game.rule == MASTERMIND:
            problems.add(f"{paths.where(node)}: {game.name} has no hard mode")
        elif mode != "normal" and not rule(paths.history(node), guess):
            problems.add(f"{paths.where(node)}: {guess!r} is not a legal guess in {mode} mode")
        answer_index = data.node_answer[node]
        if answer_index >= 0:
            if data.answers[answer_index] != guess or solved_at[answer_index] >= 0:
                problems.add(f"{paths.where(node)}: the node claims to solve {data.answers[answer_index]!r}")
            else:
                solved_at[answer_index] = node
    return solved_at


def check_claims(data: TreeData, report: Report) -> list[str]:
    """Compare the stats claimed in ``meta`` with what the replay measured, and what it says
    of the file's answer weights with the weights themselves."""
    from .weighted import weight_claims

    problems = weight_claims(data, report)  # first: a wrong fingerprint is what a failure line names
    claimed = data.meta.get("stats", {}) if isinstance(data.meta, dict) else {}
    if not isinstance(claimed, dict):
        return [*problems, "meta's 'stats' is not a map, so no claim could be checked"]
    measured = report.stats()
    for key in ("answers", "total_guesses", "max_depth", "histogram"):
        if key in claimed and claimed[key] != measured[key]:
            problems.append(f"meta claims {key} = {_shown(claimed[key])}, the replay measured {measured[key]}")
    return problems


def _shown(value) -> str:
    from .metaview import shown

    return shown(value)


@dataclass
class Verdict:
    """What ``wordle-tree verify`` and :func:`wordle_compiler.verify` report."""

    ok: bool
    mode: str
    max_depth: int
    report: Report
    problems: list  # failed checks, and claims in meta that the replay contradicts
    notes: list  # what could not be checked, and why

    def as_dict(self) -> dict:
        """The verdict as ``wordle-tree verify --json`` prints it: ok, mode, depth limit, the stats,
        the answers that are too deep, problems and notes."""
        return {
            "ok": self.ok,
            "mode": self.mode,
            "max_depth_limit": self.max_depth,
            **self.report.stats(),
            "exceeding_max_depth": self.report.exceeding_max_depth,
            "problems": self.problems,
            "notes": self.notes,
        }


def guess_list_for(data: TreeData, guesses: str | None, notes: list):
    """The full guess list to check against: from ``guesses`` (the user's name or path),
    else from the file itself; never from a path written in the file's ``meta``."""
    from ..core.wordlists import GUESS_SPECIALS, NAMED_GUESSES, resolve_list, sha256_of_words
    from . import metaview

    if guesses == "answers":
        return list(data.answers)
    if not guesses and getattr(data, "guess_list", None) is not None:
        return data.guess_list  # format 1.1 files carry their full guess list
    if guesses:
        words, _ = resolve_list(guesses, NAMED_GUESSES, GUESS_SPECIALS)
        added = set(data.answers) - set(words)
        if added:  # as wordle-compile does: the answers are always legal guesses
            notes.append(f"{len(added)} of the tree's answers are not in {guesses}; counted as legal guesses")
        return list(words) + sorted(added)
    name = metaview.get(data.meta, "word_lists", "guesses", "name", kind=str)
    claimed = metaview.get(data.meta, "word_lists", "guesses", "sha256", kind=str)
    # Only the name of a list shipped with us is used, and only if its hash matches the
    # file's claim: a name is not a path, so meta can never make us open a file.
    if name == "answers":
        words = list(data.answers)
    elif name in NAMED_GUESSES:
        words, _ = resolve_list(name, NAMED_GUESSES)
        words = sorted(set(words) | set(data.answers))
    else:
        notes.append(
            "guesses were not checked against a full guess list: the file was built with "
            f"{'a list we do not ship' if name else 'an unnamed list'} (use --guesses)"
        )
        return None
    if claimed != sha256_of_words(sorted(words)):
        notes.append(
            f"guesses were not checked against a full guess list: the file's list {name!r} "
            "differs from ours (sha256; use --guesses)"
        )
        return None
    return words


def verify_data(
    data: TreeData, mode: str | None = None, max_depth: int | None = None, guesses: str | None = None
) -> Verdict:
    """Replay ``data`` and check its claims; settings not given come from ``meta`` (typed)."""
    from . import metaview

    notes: list[str] = []
    mode = mode or getattr(data, "mode", None) or metaview.mode_of(data.meta, notes)
    max_depth = max_depth or metaview.max_depth_of(data.meta, notes)
    allowed = guess_list_for(data, guesses, notes)
    report = verify_tree(data, mode, allowed, max_depth)
    problems = report.failures + check_claims(data, report)
    return Verdict(not problems and not report.exceeding_max_depth, mode, max_depth, report, problems, notes)


def word_lists_problem(data: TreeData) -> str | None:
    """Why the tree's own answers or full guess list do not hash to the sha256 its
    ``meta.word_lists`` stores (FORMAT.md), or None; the answers first, as the loader
    checks them too.  A list without a stored hash, or a file without a full guess list
    (format 1.0), is not checked."""
    from wordle_runtime.digests import answers_problem, guess_list_problem

    guess_list = getattr(data, "guess_list", None)
    if guess_list is not None and not isinstance(guess_list, GuessList):  # a writer's words
        guess_list = GuessList.from_words(guess_list, getattr(data, "game", DEFAULT_GAME))
    return answers_problem(data.answers, data.meta) or guess_list_problem(guess_list, data.meta)


def verify_any(tree, *, mode=None, max_depth=None, guesses=None) -> Verdict:
    """:func:`verify_data` for a path or shipped tree name, file bytes, ``TreeData`` or
    anything with a ``data`` attribute (a compile result); bad arguments raise ValueError,
    a tree whose word lists do not match their stored sha256 :class:`TreeFormatError`."""
    import os

    from wordle_runtime.format import MAX_FILE_BYTES, TreeFormatError, unpack_tree
    from wordle_runtime.tree import resolve_tree

    from ..core.games import mode_problem
    from ..core.settings import MODE_ALIASES, MODES
    from ..util.files import read_regular_file

    if isinstance(tree, (str, os.PathLike)):
        tree = read_regular_file(resolve_tree(os.fspath(tree)), MAX_FILE_BYTES, "tree file")
    if isinstance(tree, (bytes, bytearray, memoryview)):
        tree = unpack_tree(bytes(tree))
    data = tree if isinstance(tree, TreeData) else getattr(tree, "data", None)
    if not isinstance(data, TreeData):
        raise TypeError(f"verify() takes a path, bytes, TreeData or a compile result, not {type(tree).__name__}")
    mode = MODE_ALIASES.get(mode, mode) if isinstance(mode, str) else mode
    if mode is not None and mode not in MODES:
        raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
    problem = mode_problem(data.game, mode) if mode is not None else None
    if problem:
        raise ValueError(problem)
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1):
        raise ValueError("max_depth must be a whole number of at least 1")
    problem = word_lists_problem(data)
    if problem:
        raise TreeFormatError(problem)
    return verify_data(data, mode, max_depth, guesses)
