"""How a message reaches a person: one line, of bounded length, with nothing in it that a
terminal would act on (the command's error line and ``wordle-next -i``'s refusals share it,
so the two never word a reason differently)."""

MAX_MESSAGE = 400  # characters of an error line: a message may quote the user's input


def shown(text: str) -> str:
    """``text`` with every character that is not printable written as its Python escape:
    ESC as ``\\x1b``, a newline as ``\\n``, a line separator as ``\\u2028``.  A file name or
    a word quoted in a message then reaches the screen as what it is, on the same line,
    and an escape sequence in it cannot recolour or clear a terminal."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def one_line(message: str) -> str:
    """An error message as the error line shows it: control characters escaped (see
    :func:`shown`), white space at either end dropped, long ones cut.

    ``wordle-next -i`` refuses an entry with this same text, so the prompt and the
    one-shot command never word a reason differently.
    """
    message = shown(message.strip())
    if len(message) > MAX_MESSAGE:
        message = f"{message[: MAX_MESSAGE - 30]}… ({len(message):,} characters)"
    return message
