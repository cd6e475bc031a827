"""The error every build stage raises when it cannot go on."""


class BuildError(ValueError):
    """The build cannot go on: a request the lists or mode cannot satisfy (an opening word that
    is illegal in hard mode, an unknown strategy), or an internal check that failed."""
