"""Helpers shared by several test modules (not tests themselves): tiny random games for the
engine's exact tests (:mod:`support.contexts`) and the uneven test weights
(:mod:`support.weights`).  Test modules import them as ``from support.contexts import ...``;
the fixtures built from them for the whole run are in ``tests/conftest.py``."""
