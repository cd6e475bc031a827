"""Numbers written by a user, in plain ASCII decimal notation only.

Python's ``float`` and ``int`` take more than that: digit-group underscores ("1_000"), the
decimal digits of every script ("١٢", Arabic-Indic) and fullwidth ones ("１２"), and
surrounding Unicode white space.  A weights file or an option is meant to be read the same
way by every tool, so anything beyond an optional sign, the digits 0-9, a decimal point and
an exponent is refused before it reaches them.
"""  # noqa: RUF002 - the fullwidth digits are the subject: what is refused

from __future__ import annotations

import re

# An optional sign, digits with an optional decimal point (or a point then digits), an
# optional exponent; or the words for infinity and not-a-number, so that they reach the
# finiteness check that names them.
_PLAIN_FLOAT = re.compile(
    r"[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf|infinity|nan)", re.ASCII | re.IGNORECASE
)
_PLAIN_INT = re.compile(r"[+-]?[0-9]+", re.ASCII)

PLAIN_FLOAT_HINT = "digits 0-9, an optional decimal point and exponent, as in 2, 0.25 or 1e-3"
PLAIN_INT_HINT = "digits 0-9 only, as in 12"


def is_plain_float(text: str) -> bool:
    """Whether ``text`` is a number in plain ASCII decimal notation (or inf or nan)."""
    return _PLAIN_FLOAT.fullmatch(text) is not None


def is_plain_int(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits, with an optional sign."""
    return _PLAIN_INT.fullmatch(text) is not None
