"""A JSON parser without recursion, for tree files nested thousands of levels deep.

``json.loads`` recurses once per nesting level and raises ``RecursionError`` near 1000
levels, yet an olson tree of a long chain nests once per guess.  This parser keeps its
open containers on a list instead.  Strings go through ``json``'s own (C) string scanner,
so escapes are handled exactly as ``json`` handles them; numbers and the literals are
parsed here.  Errors are :class:`JsonError` with a line and column.
"""

from __future__ import annotations

import re
from json.decoder import scanstring

_WHITESPACE = re.compile(r"[ \t\n\r]*")
# ASCII digits only: Python's \d would accept other scripts' digits, which JSON does not
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}

# what the parser expects next
_VALUE, _VALUE_OR_CLOSE, _KEY, _KEY_OR_CLOSE, _COMMA_OR_CLOSE, _END = range(6)


class JsonError(ValueError):
    """Not valid JSON; ``lineno``/``colno`` say where (1-based)."""

    def __init__(self, msg: str, text: str, pos: int):
        self.msg = msg
        self.lineno = text.count("\n", 0, pos) + 1
        self.colno = pos - text.rfind("\n", 0, pos)
        super().__init__(f"{msg}: line {self.lineno} column {self.colno}")


def _scalar(text: str, pos: int):
    """(value, end) for a string, number or literal at ``pos``."""
    char = text[pos]
    if char == '"':
        try:
            return scanstring(text, pos + 1, True)
        except ValueError as exc:  # json.JSONDecodeError: a bad escape or an unterminated string
            raise JsonError(getattr(exc, "msg", str(exc)), text, getattr(exc, "pos", pos)) from None
    match = _NUMBER.match(text, pos)
    if match and match.end() > pos:
        number = match.group()
        value = float(number) if match.group(1) or match.group(2) else int(number)
        return value, match.end()
    for word, value in _LITERALS.items():
        if text.startswith(word, pos):
            return value, pos + len(word)
    raise JsonError("expected a value", text, pos)


def loads(text: str):  # noqa: PLR0912 - one loop over the parser's states, a branch per state
    """Parse ``text`` like ``json.loads`` (objects become dicts, a repeated key keeps its
    last value), at any nesting depth."""
    stack: list = []  # open containers: [container, pending key]
    root, state, pos, end = None, _VALUE, 0, len(text)
    while True:
        pos = _WHITESPACE.match(text, pos).end()
        if state == _END:
            if pos != end:
                raise JsonError("extra data after the document", text, pos)
            return root
        if pos >= end:
            raise JsonError("unexpected end of the document", text, pos)
        char = text[pos]
        if state in (_VALUE_OR_CLOSE, _KEY_OR_CLOSE, _COMMA_OR_CLOSE) and char in "]}":
            if char != ("]" if isinstance(stack[-1][0], list) else "}"):
                raise JsonError(f"unexpected {char!r}", text, pos)
            stack.pop()
            pos += 1
            state = _COMMA_OR_CLOSE if stack else _END
        elif state == _COMMA_OR_CLOSE:
            if char != ",":
                raise JsonError("expected ',' or a closing bracket", text, pos)
            pos += 1
            state = _KEY if isinstance(stack[-1][0], dict) else _VALUE
        elif state in (_KEY, _KEY_OR_CLOSE):
            if char != '"':
                raise JsonError("expected a key in double quotes", text, pos)
            key, pos = _scalar(text, pos)
            pos = _WHITESPACE.match(text, pos).end()
            if pos >= end or text[pos] != ":":
                raise JsonError("expected ':' after a key", text, pos)
            stack[-1][1] = key
            pos += 1
            state = _VALUE
        else:  # a value
            if char in "{[":
                value, pos = ({} if char == "{" else []), pos + 1
            else:
                value, pos = _scalar(text, pos)
            if stack:
                container, key = stack[-1]
                if isinstance(container, dict):
                    container[key] = value
                else:
                    container.append(value)
            else:
                root = value
            if isinstance(value, (dict, list)):
                stack.append([value, None])
                state = _KEY_OR_CLOSE if isinstance(value, dict) else _VALUE_OR_CLOSE
            else:
                state = _COMMA_OR_CLOSE if stack else _END
