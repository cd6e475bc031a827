"""Import community tree formats (selby, csv, olson): every step checked with ``score``.

Errors name the line (or, for olson JSON, the path) and say what is wrong.
"""

from __future__ import annotations

import json

from wordle_runtime.feedback import ALL_GREEN, format_pattern, parse_pattern, score_code

from .builder import Node


class ImportError_(ValueError):
    """A malformed or contradictory tree text."""


class _Builder:
    """Inserts answer paths; a node is keyed by its history of (guess, code)."""

    def __init__(self, answers, guesses):
        self.answer_index = {w: i for i, w in enumerate(answers)}
        self.guess_index = {w: i for i, w in enumerate(guesses)}
        self.root = None
        self.nodes = {}
        self.solved_at = {}

    def add(self, path, where):
        """``path``: [(guess, code)], the last code all green (its guess is the answer)."""
        answer = path[-1][0]
        if path[-1][1] != ALL_GREEN:
            raise ImportError_(f"{where}: the path does not end with the answer (all green)")
        if answer not in self.answer_index:
            raise ImportError_(f"{where}: {answer!r} is not in the answer list")
        if answer in self.solved_at:
            raise ImportError_(f"{where}: {answer!r} is solved twice (first at {self.solved_at[answer]})")
        self.solved_at[answer] = where
        key, parent = (), None
        for step, (guess, code) in enumerate(path, start=1):
            if guess not in self.guess_index:
                raise ImportError_(f"{where}: guess {guess!r} is not in the guess list")
            real = score_code(guess, answer)
            if real != code:
                raise ImportError_(f"{where}: {guess} against {answer} gives {format_pattern(real)}, "
                                   f"not {format_pattern(code)}")
            node = self.nodes.get(key)
            if node is None:
                node = Node(self.guess_index[guess], -1)
                self.nodes[key] = node
                if parent is None:
                    self.root = node
                else:
                    parent[0].children.append((parent[1], node))
            elif node.guess != self.guess_index[guess]:
                raise ImportError_(f"{where}: guess {step} is {guess!r}, but an earlier line plays "
                                   f"{self._word(node.guess)!r} at the same point")
            if code == ALL_GREEN:
                if step != len(path):
                    raise ImportError_(f"{where}: the answer was found at guess {step} but the line goes on")
                node.answer = self.answer_index[answer]
            parent = (node, code)
            key = key + ((guess, code),)

    def _word(self, index):
        return next(w for w, i in self.guess_index.items() if i == index)

    def finish(self):
        missing = sorted(set(self.answer_index) - set(self.solved_at))
        if missing:
            raise ImportError_(f"{len(missing)} answer(s) are missing from the tree (first: {missing[0]!r})")
        for node in self.nodes.values():
            node.children.sort(key=lambda item: item[0])
        return self.root


def _lines(text):
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            yield number, line.rstrip("\n").rstrip()


def parse_selby(text, builder):
    previous = ""
    for number, line in _lines(text):
        where = f"line {number}"
        lead = len(line) - len(line.lstrip(" "))
        if lead:  # hollow form: the blanked prefix is the line above's
            if lead > len(previous):
                raise ImportError_(f"{where}: the blank prefix is longer than the line above")
            line = previous[:lead] + line[lead:]
        tokens = line.split()
        if len(tokens) < 2 or len(tokens) % 2:
            raise ImportError_(f"{where}: expected pairs of 'word PATTERNn'")
        path = []
        for i in range(0, len(tokens), 2):
            word, mark = tokens[i].lower(), tokens[i + 1]
            number_text = mark[5:]
            if len(word) != 5 or not word.isalpha() or not number_text.isdigit() or int(number_text) != i // 2 + 1:
                raise ImportError_(f"{where}: {tokens[i]} {mark} is not 'word PATTERN{i // 2 + 1}'")
            try:
                code = parse_pattern(mark[:5])
            except ValueError:
                raise ImportError_(f"{where}: {mark[:5]!r} is not a B/Y/G pattern") from None
            path.append((word, code))
        builder.add(path, where)
        previous = line


def parse_csv(text, builder):
    for number, line in _lines(text):
        where = f"line {number}"
        words = [w.strip().lower() for w in line.split(",")]
        if not words or any(len(w) != 5 or not w.isalpha() for w in words):
            raise ImportError_(f"{where}: expected comma-separated five-letter words")
        answer = words[-1]
        builder.add([(w, score_code(w, answer)) for w in words], where)


def parse_olson(text, builder):
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise ImportError_(f"line {exc.lineno}: not valid JSON ({exc.msg})") from None

    def walk(node, history, where):
        if not isinstance(node, dict) or not isinstance(node.get("guess"), str) or not isinstance(node.get("map", {}), dict):
            raise ImportError_(f"at {where}: expected {{'guess': word, 'map': {{...}}}}")
        guess = node["guess"].lower()
        if guess in builder.answer_index and not any(h[0] == guess for h in history):
            # an inner node whose guess is itself a possible answer here solves it
            hist = history + [(guess, ALL_GREEN)]
            if _consistent(hist):
                builder.add(hist, f"{where}>{guess}")
        for pattern_text, child in node.get("map", {}).items():
            try:
                code = parse_pattern(pattern_text)
            except ValueError:
                raise ImportError_(f"at {where}>{guess}: {pattern_text!r} is not a 0/1/2 pattern") from None
            if code == ALL_GREEN:
                continue  # some files spell out the guess's own all-green entry
            step = history + [(guess, code)]
            if isinstance(child, str):
                builder.add(step + [(child.lower(), ALL_GREEN)], f"{where}>{guess}>{pattern_text}")
            else:
                walk(child, step, f"{where}>{guess}>{pattern_text}")

    walk(doc, [], "root")


def _consistent(history):
    answer = history[-1][0]
    return all(score_code(g, answer) == c for g, c in history[:-1])


PARSERS = {"selby": parse_selby, "csv": parse_csv, "olson": parse_olson}


def import_tree(text, fmt, answers, guesses) -> Node:
    builder = _Builder(answers, guesses)
    PARSERS[fmt](text, builder)
    if builder.root is None:
        raise ImportError_("the file holds no tree")
    return builder.finish()
