"""Multi-board games (Dordle to Duotrigordle): the exact search over tuples of answers,
its trees, and the policy for lists too large for it."""
