"""Independent verification of a flat tree (any tree file, ours or not).

It uses only the runtime's pure-Python reference ``score`` and its own statement of
the mode rules, never the builder's kernels, so a bug in one is caught by the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordle_runtime.feedback import score_code
from wordle_runtime.format import TreeData


def hard_mode_allows(history, word: str) -> bool:
    """Real hard mode: greens stay; a letter shown green/yellow n times in one guess
    appears at least n times later.  Grays may be reused, yellows may stay put."""
    for guess, code in history:
        need: dict[str, int] = {}
        for i in range(5):
            digit = (code // 3**i) % 3
            if digit == 2 and word[i] != guess[i]:
                return False
            if digit:
                need[guess[i]] = need.get(guess[i], 0) + 1
        if any(word.count(letter) < n for letter, n in need.items()):
            return False
    return True


def possible_allows(history, word: str) -> bool:
    return all(score_code(guess, word) == code for guess, code in history)


RULES = {"normal": lambda history, word: True, "hard": hard_mode_allows, "possible": possible_allows}


@dataclass
class Report:
    answers: int
    total_guesses: int
    max_depth: int
    histogram: dict
    exceeding_max_depth: list = field(default_factory=list)
    failures: list = field(default_factory=list)  # human-readable problems

    @property
    def average(self) -> float:
        return self.total_guesses / self.answers if self.answers else 0.0

    @property
    def ok(self) -> bool:
        return not self.failures and not self.exceeding_max_depth

    def stats(self) -> dict:
        return {
            "answers": self.answers,
            "total_guesses": self.total_guesses,
            "average": round(self.average, 6),
            "max_depth": self.max_depth,
            "histogram": {str(k): v for k, v in sorted(self.histogram.items())},
        }


def verify_tree(data: TreeData, mode: str = "normal", allowed=None, max_depth: int = 6) -> Report:
    """Replay every answer through the flat arrays and check the mode's rules.

    ``allowed``: the full guess list; when given, every guess must be in it.
    """
    rule = RULES[mode]
    allowed = set(allowed) if allowed is not None else None
    start, patterns, children = data.child_start, data.edge_pattern, data.edge_child
    checked_nodes: dict[int, bool] = {}
    failures, deep, histogram, total, deepest = [], [], {}, 0, 0
    for answer_index, answer in enumerate(data.answers):
        node, history, depth = 0, [], 0
        while True:
            depth += 1
            guess = data.guesses[data.node_guess[node]]
            if node not in checked_nodes:
                checked_nodes[node] = True
                if allowed is not None and guess not in allowed:
                    failures.append(f"{guess!r} at node {node} is not in the guess list")
                elif not rule(history, guess):
                    failures.append(f"{guess!r} at node {node} is not a legal guess in {mode} mode")
            if guess == answer:
                if data.node_answer[node] != answer_index:
                    failures.append(f"{answer!r}: node {node} does not record it as solved")
                break
            code = score_code(guess, answer)
            lo, hi = start[node], start[node + 1]
            child = next((children[e] for e in range(lo, hi) if patterns[e] == code), None)
            if child is None or depth > 64:
                failures.append(f"{answer!r} is not solved: no branch for {guess} at depth {depth}")
                depth = 0
                break
            history.append((guess, code))
            node = child
        if depth:
            total += depth
            deepest = max(deepest, depth)
            histogram[depth] = histogram.get(depth, 0) + 1
            if depth > max_depth:
                deep.append(answer)
    return Report(len(data.answers), total, deepest, histogram, deep, failures)


def check_claims(data: TreeData, report: Report) -> list[str]:
    """Compare the stats claimed in ``meta`` with what the replay measured."""
    claimed = data.meta.get("stats", {})
    measured = report.stats()
    problems = []
    for key in ("answers", "total_guesses", "max_depth", "histogram"):
        if key in claimed and claimed[key] != measured[key]:
            problems.append(f"meta claims {key} = {claimed[key]}, the replay measured {measured[key]}")
    return problems
