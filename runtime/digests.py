"""The SHA-256 of a tree file's own word lists, compared with what ``meta.word_lists`` stores.

FORMAT.md defines each stored hash as the sha256 of the list in code point order
(alphabetical for a-z), one word per line, each line ending in LF, as UTF-8.  The answers
are the file's ``answers``; the guesses are its full ``guess_list`` (not ``guesses``, the
words the tree plays).

The loader checks the answers: they are text already, and hashing 2,315 of them takes
about 0.15 ms.  The guess list is stored as numbers, and turning 12,972 of them back into
text costs about 12 ms even through the lookup tables below, as long as a whole load of the
file, so only ``wordle-tree verify`` and ``info`` check it (FORMAT.md, "The guess list's
hash").
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from hashlib import sha256
    from typing import Any

    from .game import Game
    from .rules import GuessList
else:
    try:  # the interpreter's own SHA-256, as the standard library's ``random`` takes its SHA-512:
        from _sha256 import sha256  # ``hashlib`` first loads OpenSSL, about 4 ms of every start-up
    except ImportError:  # Python 3.12+ names the module _sha2; a build without it has hashlib's
        try:
            from _sha2 import sha256
        except ImportError:
            from hashlib import sha256

# role in meta.word_lists -> the list of the file it describes
LISTS = {"answers": "the answer list ('answers')", "guesses": "the guess list ('guess_list')"}
_TABLE_SIZE = 4096  # most strings one decoding table holds (26**2 = 676 for a-z)


def words_sha256(words: Iterable[str]) -> str:
    """The sha256 (lowercase hex) of ``words`` as a list file: one word per line, each
    ending in LF, UTF-8 (no bytes for no words); the caller gives them in the order to hash."""
    text = "\n".join(words)
    return sha256((text + "\n" if text else "").encode("utf-8")).hexdigest()


def guess_list_sha256(guess_list: GuessList) -> str:
    """The sha256 of a stored guess list's words, in code point order (a game's alphabet
    may list its symbols in another order than their code points)."""
    words = _decoded(guess_list.codes, guess_list.game)
    words.sort()  # a list already in order (every shipped one) costs one pass
    return words_sha256(words)


def _decoded(codes: Sequence[int], game: Game) -> list[str]:
    """Every code as its word, a few symbols at a time through a table of all strings of
    that many symbols (``map`` over C functions: no Python loop per word)."""
    from itertools import product, repeat
    from operator import add, floordiv, mod

    base = len(game.alphabet)
    width = 1
    while width < game.length and base ** (width + 1) <= _TABLE_SIZE:
        width += 1
    words: list[str] = [""] * len(codes)
    done, scale = 0, 1  # symbols decoded from the right, and base ** done
    while done < game.length:
        step = min(width, game.length - done)
        table = ["".join(symbols) for symbols in product(game.alphabet, repeat=step)]
        digits = map(mod, map(floordiv, codes, repeat(scale)), repeat(base**step))
        words = list(map(add, map(table.__getitem__, digits), words))
        done, scale = done + step, scale * base**step
    return words


def stored_sha256(meta: Any, role: str) -> str | None:
    """``meta.word_lists[role].sha256``, or None when the file does not store it (the
    loader has checked that, when present, it is 64 hex digits)."""
    lists = meta.get("word_lists") if isinstance(meta, dict) else None
    entry = lists.get(role) if isinstance(lists, dict) else None
    value = entry.get("sha256") if isinstance(entry, dict) else None
    return value.lower() if isinstance(value, str) else None


def mismatch(role: str, stored: str, computed: str) -> str | None:
    """The one-line problem when the list ``role`` hashes to ``computed`` instead of the
    ``stored`` sha256, naming both by their first 16 hex digits; None when they agree."""
    if stored == computed:
        return None
    return (
        f"{LISTS[role]} hashes to sha256 {computed[:16]}…, not to {stored[:16]}… as "
        f"meta.word_lists.{role}.sha256 says: the file is corrupt or was edited"
    )


def answers_problem(answers: Iterable[str], meta: Any) -> str | None:
    """Why the file's ``answers`` do not hash to the sha256 its meta stores, or None
    (they match, or no hash is stored)."""
    stored = stored_sha256(meta, "answers")
    return None if stored is None else mismatch("answers", stored, words_sha256(answers))


def guess_list_problem(guess_list: GuessList | None, meta: Any) -> str | None:
    """Why the file's full guess list does not hash to the sha256 its meta stores, or None
    (they match, no hash is stored, or the file has no ``guess_list``: format 1.0)."""
    stored = stored_sha256(meta, "guesses")
    if stored is None or guess_list is None:
        return None
    return mismatch("guesses", stored, guess_list_sha256(guess_list))
