"""How a message reaches a person: one line, of bounded length (the command's error line and
``wordle-next -i``'s refusals share it, so the two never word a reason differently)."""

MAX_MESSAGE = 400  # characters of an error line: a message may quote the user's input


def one_line(message: str) -> str:
    """An error message as the error line shows it: white space collapsed, long ones cut.

    ``wordle-next -i`` refuses an entry with this same text, so the prompt and the
    one-shot command never word a reason differently.
    """
    message = " ".join(message.split())
    if len(message) > MAX_MESSAGE:
        message = f"{message[:MAX_MESSAGE - 30]}… ({len(message):,} characters)"
    return message
