"""Import community tree formats (selby, csv, olson): every step checked with ``score``.

Errors name the line (or, for olson JSON, the path) and say what is wrong.  Nothing
here recurses: nodes are keyed by (parent id, pattern), so inserting an answer costs its
path length, and the olson document is parsed and walked with explicit stacks, so a tree
nested thousands of levels deep imports like any other.
"""

from __future__ import annotations

from functools import partial

from wordle_runtime.feedback import ALL_GREEN, format_pattern, parse_pattern, pattern_digits, score_code

from ..core.partition import Node
from ..util.iterjson import JsonError, loads


class TreeImportError(ValueError):
    """A malformed or contradictory tree text."""


def _where(where) -> str:
    """Locations may be given lazily (a callable): a deep olson path is long text."""
    return where() if callable(where) else where


class _Builder:
    """Inserts answer paths into a tree whose nodes are numbered as they appear."""

    def __init__(self, answers, guesses):
        self.answer_index = {w: i for i, w in enumerate(answers)}
        self.guess_index = {w: i for i, w in enumerate(guesses)}
        self.nodes: list[Node] = []  # id -> node; node 0 is the root
        self.child: dict[tuple[int, int], int] = {}  # (parent id, pattern) -> child id
        self.solved_at = {}

    @property
    def root(self):
        return self.nodes[0] if self.nodes else None

    def add(self, path, where):
        """``path``: [(guess, code)], the last code all green (its guess is the answer)."""
        answer = path[-1][0]
        if path[-1][1] != ALL_GREEN:
            raise TreeImportError(f"{_where(where)}: the path does not end with the answer (all green)")
        if answer not in self.answer_index:
            raise TreeImportError(f"{_where(where)}: {answer!r} is not in the answer list")
        if answer in self.solved_at:
            raise TreeImportError(
                f"{_where(where)}: {answer!r} is solved twice (first at {_where(self.solved_at[answer])})"
            )
        self.solved_at[answer] = where
        parent = None  # (node id, pattern) the next node hangs from
        for step, (guess, code) in enumerate(path, start=1):
            index = self.guess_index.get(guess)
            if index is None:
                raise TreeImportError(f"{_where(where)}: guess {guess!r} is not in the guess list")
            real = score_code(guess, answer)
            if real != code:
                raise TreeImportError(
                    f"{_where(where)}: {guess} against {answer} gives {format_pattern(real)}, "
                    f"not {format_pattern(code)}"
                )
            node_id = (0 if self.nodes else None) if parent is None else self.child.get(parent)
            if node_id is None:
                node_id = len(self.nodes)
                self.nodes.append(Node(index, -1))
                if parent is not None:
                    self.nodes[parent[0]].children.append((parent[1], self.nodes[node_id]))
                    self.child[parent] = node_id
            node = self.nodes[node_id]
            if node.guess != index:
                played = next(w for w, i in self.guess_index.items() if i == node.guess)
                raise TreeImportError(
                    f"{_where(where)}: guess {step} is {guess!r}, but an earlier line plays "
                    f"{played!r} at the same point"
                )
            if code == ALL_GREEN:
                if step != len(path):
                    raise TreeImportError(f"{_where(where)}: the answer was found at guess {step} but the line goes on")
                node.answer = self.answer_index[answer]
            parent = (node_id, code)

    def finish(self):
        missing = sorted(set(self.answer_index) - set(self.solved_at))
        if missing:
            raise TreeImportError(f"{len(missing)} answer(s) are missing from the tree (first: {missing[0]!r})")
        for node in self.nodes:
            node.children.sort(key=lambda item: item[0])
        return self.root


def _lines(text):
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            yield number, line.rstrip("\n").rstrip()


def _selby_step(word: str, mark: str, number: int, where: str):
    """One ``word PATTERNn`` pair; the step number must be ASCII digits (``²`` is not 2)."""
    number_text = mark[5:]
    if (
        len(word) != 5
        or not (word.isascii() and word.isalpha())
        or not number_text.isascii()
        or not number_text.isdigit()
        or int(number_text) != number
    ):
        raise TreeImportError(f"{where}: {word} {mark} is not 'word PATTERN{number}'")
    try:
        return word, parse_pattern(mark[:5])
    except ValueError:
        raise TreeImportError(f"{where}: {mark[:5]!r} is not a B/Y/G pattern") from None


def parse_selby(text, builder):
    """Add each line of selby text to ``builder``: ``word PATTERNn`` pairs, the last all green;
    a line indented by spaces takes that prefix from the line above (the hollow form)."""
    previous = ""
    for number, written in _lines(text):
        where = f"line {number}"
        lead = len(written) - len(written.lstrip(" "))
        line = written
        if lead:  # hollow form: the blanked prefix is the line above's
            if lead > len(previous):
                raise TreeImportError(f"{where}: the blank prefix is longer than the line above")
            line = previous[:lead] + written[lead:]
        tokens = line.split()
        if len(tokens) < 2 or len(tokens) % 2:
            raise TreeImportError(f"{where}: expected pairs of 'word PATTERNn'")
        path = [_selby_step(tokens[i].lower(), tokens[i + 1], i // 2 + 1, where) for i in range(0, len(tokens), 2)]
        builder.add(path, where)
        previous = line


def parse_csv(text, builder):
    """Add each line of csv text to ``builder``: the guesses in order, ending with the answer
    (each step's pattern is computed with ``score``)."""
    for number, line in _lines(text):
        where = f"line {number}"
        words = [w.strip().lower() for w in line.split(",")]
        if not words or any(len(w) != 5 or not (w.isascii() and w.isalpha()) for w in words):
            raise TreeImportError(f"{where}: expected comma-separated five-letter words")
        answer = words[-1]
        builder.add([(w, score_code(w, answer)) for w in words], where)


def _history(link) -> list:
    """A history kept as a linked list (previous link, guess, code) → [(guess, code)]."""
    steps = []
    while link is not None:
        link, guess, code = link
        steps.append((guess, code))
    steps.reverse()
    return steps


def _olson_where(link, *tail) -> str:
    """``root>salet>00000>courd``: the path to a node, as the file's keys spell it; a path
    of more than eight steps keeps its first and last three (an error stays one short line)."""
    steps = [f"{g}>{pattern_digits(c)}" for g, c in _history(link)]
    if len(steps) > 8:
        steps = [*steps[:3], f"… {len(steps) - 6} more steps …", *steps[-3:]]
    return ">".join(["root", *steps, *list(tail)])


def _olson_word(value, where) -> str:
    if not (isinstance(value, str) and len(value) == 5 and value.isascii() and value.isalpha()):
        raise TreeImportError(f"at {_where(where)}: {value!r} is not a five-letter word")
    return value.lower()


def parse_olson(text, builder):
    """Add every answer of an olson JSON tree (``{"guess": w, "map": {"00000": node | word}}``)
    to ``builder``; an inner node whose guess is an answer that fits its history also solves it."""
    try:
        doc = loads(text)
    except JsonError as exc:
        raise TreeImportError(f"line {exc.lineno}: not valid JSON ({exc.msg})") from None
    # (JSON node, history so far as a linked list); histories share their prefixes
    stack = [(doc, None)]
    while stack:
        node, link = stack.pop()
        if not (
            isinstance(node, dict) and isinstance(node.get("guess"), str) and isinstance(node.get("map", {}), dict)
        ):
            raise TreeImportError(f"at {_olson_where(link)}: expected {{'guess': word, 'map': {{...}}}}")
        guess = _olson_word(node.get("guess"), partial(_olson_where, link))
        history = _history(link)
        if guess in builder.answer_index and all(g != guess for g, _ in history):
            # an inner node whose guess is itself a possible answer here solves it
            path = [*history, (guess, ALL_GREEN)]
            if _consistent(path):
                builder.add(path, partial(_olson_where, link, guess))
        children = []
        for pattern_text, child in node.get("map", {}).items():
            try:
                code = parse_pattern(pattern_text)
            except ValueError:
                raise TreeImportError(
                    f"at {_olson_where(link, guess)}: {pattern_text!r} is not a 0/1/2 pattern"
                ) from None
            if code == ALL_GREEN:
                continue  # some files spell out the guess's own all-green entry
            step = (link, guess, code)
            if isinstance(child, str):
                where = partial(_olson_where, step)
                builder.add([*_history(step), (_olson_word(child, where), ALL_GREEN)], where)
            else:
                children.append((child, step))
        stack.extend(reversed(children))  # depth-first, in the file's order


def _consistent(history):
    answer = history[-1][0]
    return all(score_code(g, answer) == c for g, c in history[:-1])


PARSERS = {"selby": parse_selby, "csv": parse_csv, "olson": parse_olson}


def import_tree(text, fmt, answers, guesses) -> Node:
    """Parse ``text`` in ``fmt`` (selby, csv or olson) into a checked tree over ``answers`` and
    ``guesses``; return its root.  TreeImportError (naming the line or path) for a bad tree."""
    builder = _Builder(answers, guesses)
    PARSERS[fmt](text, builder)
    if builder.root is None:
        raise TreeImportError("the file holds no tree")
    return builder.finish()
