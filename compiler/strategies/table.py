"""Every strategy of ``wordle-compile --strategy``, registered once, with what it accepts.

A :class:`Strategy` names its traits, and every stage reads the traits, never the name:
``exact`` (the branch-and-bound search that proves its tree best: every objective,
``--anytime``/``--time-limit``, checkpoints, Dask, several boards), ``choose`` (a heuristic's
rule for one node, :mod:`.heuristic`), ``whole_trees`` (``rollout``: each candidate valued by
the whole tree below it), ``width`` (reads ``--width``), ``seeded`` (reads ``--seed``) and
``weighs`` (scores by a prior's weights).  Adding a strategy is one entry here and, for a
heuristic, its rule in :mod:`.heuristic`.  ``tests/test_strategy_table.py`` holds that no
other module compares a strategy's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import heuristic as rules


@dataclass(frozen=True)
class Strategy:
    """One strategy: its ``name``, the line ``--help`` gives it, and its traits (the module
    docstring)."""

    name: str
    description: str
    choose: Callable[..., int] | None = None
    exact: bool = False
    whole_trees: bool = False
    width: bool = False
    seeded: bool = False
    weighs: bool = True

    @property
    def stands_in(self) -> bool:
        """Whether its subtrees may stand in for the classes a stopped exact search did not
        prove (``--anytime HEURISTIC``): every strategy that is not the exact one."""
        return not self.exact


def _entries() -> tuple[Strategy, ...]:
    """The table, in the order ``--help`` and ``wordle-tree bench`` list the strategies."""
    no_prior = {"weighs": False}
    return (
        Strategy(
            "minimax", "Knuth/Sorensen: minimise the largest feedback class (heaviest, under a prior)", rules.minimax
        ),
        Strategy(
            "entropy",
            "maximise the Shannon entropy of the feedback classes (of their probabilities, under a prior)",
            rules.entropy,
        ),
        Strategy(
            "expected-size",
            "minimise the expected answers left, sum c^2/n (weight left, under a prior; alias max-eliminations)",
            rules.expected_size,
        ),
        Strategy(
            "most-parts",
            "maximise the number of non-empty feedback classes (a prior is ignored)",
            rules.most_parts,
            **no_prior,
        ),
        Strategy(
            "unique-letters",
            "most remaining answers containing the guess's distinct, uncertain letters",
            rules.unique_letters,
        ),
        Strategy(
            "located-letters",
            "letters scored by position (2x green) and presence elsewhere (yellow)",
            rules.located_letters,
        ),
        Strategy("letter-entropy", "mean of p(1-p) per position and for letter presence", rules.letter_entropy),
        Strategy(
            "random",
            "a seeded random possible answer (--seed; a prior is ignored)",
            rules.random_choice,
            seeded=True,
            **no_prior,
        ),
        Strategy(
            "first", "the first possible answer in alphabetical order (a prior is ignored)", rules.first, **no_prior
        ),
        Strategy(
            "lookahead",
            "best --width by expected size, rescored after the best second guess",
            rules.lookahead,
            width=True,
        ),
        Strategy(
            "rollout",
            "entropy's choice and the best --width by most parts, each valued by its whole entropy tree "
            "(small sets exact)",
            whole_trees=True,
            width=True,
        ),
        Strategy("optimal", "exact minimum total guesses within --max-depth (branch and bound)", exact=True),
    )


STRATEGY_TABLE: dict[str, Strategy] = {entry.name: entry for entry in _entries()}
ALIASES = {"max-eliminations": "expected-size"}
DESCRIPTIONS = {name: entry.description for name, entry in STRATEGY_TABLE.items()}
# The heuristic whose subtrees stand in for the classes a stopped exact search did not prove
# (``--anytime``): within a few percent of the optimum on the games measured, and fast.
FALLBACK_STRATEGY = "most-parts"
# What may stand in instead (``--anytime HEURISTIC``).
FALLBACK_STRATEGIES = tuple(sorted(name for name, entry in STRATEGY_TABLE.items() if entry.stands_in))
# The strategies that choose one node at a time (``wordle-tree bench --strategies all``).
NODE_RULES = tuple(name for name, entry in STRATEGY_TABLE.items() if entry.choose is not None)


def canonical_name(name: str) -> str:
    """The strategy's canonical name: an alias (``max-eliminations``) becomes its target."""
    return ALIASES.get(name, name)


def strategy_named(name: str) -> Strategy:
    """The strategy ``name`` (or its alias) names; ``ValueError`` (one line) for none."""
    entry = STRATEGY_TABLE.get(canonical_name(name))
    if entry is None:
        raise ValueError(f"unknown strategy {name!r}: use one of {', '.join(sorted(STRATEGY_TABLE))}")
    return entry


def node_rule(name: str) -> Callable[..., Any]:
    """The per-node rule of the heuristic ``name`` (``KeyError`` for a strategy without one)."""
    choose = strategy_named(name).choose
    if choose is None:
        raise KeyError(name)
    return choose
