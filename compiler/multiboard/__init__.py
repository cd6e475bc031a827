"""Multi-board games (Dordle, Quordle, Octordle): the exact search over tuples of answers,
its trees, and the policy for lists too large for it."""
