"""The tree file's fields decoded one at a time, each within limits sized from its own
bytes (:func:`field_spans` finds each field's span first, building nothing): msgpack values,
``bin`` payloads, word lists and little-endian arrays; and the file's bytes themselves
(:func:`read_file_bytes`: a regular file only, within the size cap).  Nothing here trusts the file.  Also the writer's
two encoders: sorted map keys and little-endian array bytes."""

from __future__ import annotations

import os
import stat
import sys
from array import array

import msgpack

from .meta import MetaError
from .structure import TreeFormatError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from typing import Any, NoReturn

    from .game import Game

# A field's (start, end) byte offsets in the file.
Span = tuple[int, int]

MAX_WORDS = 1_000_000  # entries in ``answers`` and in ``guesses``
MAX_KEYS = 64  # entries in the top-level map and in the ``tree`` map
_WORD_RECORD = 6  # a word is a msgpack fixstr: 0xa5 and five bytes


def _fail(message: str) -> NoReturn:
    raise TreeFormatError(message)


def reject_ext(code: int, payload: bytes) -> NoReturn:
    raise TreeFormatError(f"the file contains a msgpack extension type ({code}), which is not allowed")


def field_spans(blob: bytes) -> tuple[dict[str, Span], dict[str, Span] | None]:
    """Byte spans ``(start, end)`` of each top-level field and of each entry of ``tree``
    (None when there is no ``tree`` map).

    ``Unpacker.skip`` walks a value without building it, so this costs no memory beyond
    the unpacker's copy of the bytes, whatever the file declares.
    """
    # The limits apply to what ``unpack`` builds (only the keys here: short strings, so no
    # container may be built); ``skip`` and ``read_map_header`` ignore them.
    unpacker = msgpack.Unpacker(
        raw=False,
        strict_map_key=True,
        ext_hook=reject_ext,
        max_buffer_size=max(len(blob), 1),
        max_str_len=64,
        max_bin_len=0,
        max_array_len=0,
        max_map_len=0,
        max_ext_len=0,
    )
    unpacker.feed(blob)
    top: dict[str, Span] = {}
    tree: dict[str, Span] | None = None
    try:
        n_keys = unpacker.read_map_header()
        if n_keys > MAX_KEYS:
            _fail(f"the top-level map has {n_keys} entries, over the limit of {MAX_KEYS}")
        for _ in range(n_keys):
            key = _key(unpacker, top, "the top level")
            at = unpacker.tell()
            if key == "tree" and at < len(blob) and is_map_header(blob[at]):
                tree = {}  # a map: its entries' spans go in ``tree``
                n_arrays = unpacker.read_map_header()
                if n_arrays > MAX_KEYS:
                    _fail(f"'tree' has {n_arrays} entries, over the limit of {MAX_KEYS}")
                for _ in range(n_arrays):
                    name = _key(unpacker, tree, "'tree'")
                    start = unpacker.tell()
                    unpacker.skip()
                    tree[name] = (start, unpacker.tell())
                top[key] = (at, unpacker.tell())
                continue
            start = unpacker.tell()
            unpacker.skip()
            top[key] = (start, unpacker.tell())
        if unpacker.tell() != len(blob):
            _fail("not a tree file: there are bytes after the top-level map")
    except TreeFormatError:
        raise
    except msgpack.OutOfData:
        _fail("not a tree file: the bytes end in the middle of a value (truncated?)")
    except Exception as exc:  # noqa: BLE001 - msgpack raises many types; all mean "not our format"
        _fail(f"not a tree file: the bytes are not valid msgpack ({type(exc).__name__})")
    return top, tree


def is_map_header(byte: int) -> bool:
    """Whether ``byte`` starts a msgpack map."""
    return 0x80 <= byte <= 0x8F or byte in (0xDE, 0xDF)


def _key(unpacker: msgpack.Unpacker, seen: dict[str, Span], where: str) -> str:
    key = unpacker.unpack()
    if not isinstance(key, str) or len(key) > 64:
        _fail(f"{where} has a key that is not a short text string")
    if key in seen:
        _fail(f"{where} has the key {key!r} twice")
    return key


def read_file_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the tree file at ``path``, at most ``limit`` of them.

    Only a regular file is opened for reading: the path is opened non-blocking (so a FIFO
    cannot hang us) and checked with ``fstat`` before any byte is read, as is the size cap.
    """
    fd: int | None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise TreeFormatError(f"cannot read tree file {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            _fail(f"cannot read tree file {path}: it is {kind}")
        if info.st_size > limit:
            _fail(f"{path} is {info.st_size} bytes, over the {limit}-byte limit")
        with os.fdopen(fd, "rb", closefd=True) as fh:
            fd = None
            return fh.read(limit + 1)
    except OSError as exc:
        raise TreeFormatError(f"cannot read tree file {path}: {exc.strerror or exc}") from None
    finally:
        if fd is not None:
            os.close(fd)


def decode(
    blob: bytes, span: Span, what: str, max_bytes: int, invalid: str = "is not a valid value", **limits: Any
) -> Any:
    """Decode one field's bytes with msgpack, refusing more than ``max_bytes`` of input;
    the value is whatever the file holds, for the caller to check."""
    start, end = span
    if end - start > max_bytes:
        _fail(f"{what} is {end - start} bytes, over its limit of {max_bytes}")
    size = end - start
    options: dict[str, Any] = {
        "max_str_len": size,
        "max_bin_len": size,
        "max_array_len": size,
        "max_map_len": size,
        "max_ext_len": 0,
    }
    options.update(limits)
    try:
        return msgpack.unpackb(
            memoryview(blob)[start:end], raw=False, strict_map_key=True, ext_hook=reject_ext, **options
        )
    except (TreeFormatError, MetaError):
        raise
    except Exception as exc:  # noqa: BLE001 - msgpack raises many types; all mean "not a valid field"
        _fail(f"{what} {invalid} ({type(exc).__name__})")


def payload_of(blob: bytes, span: Span, what: str) -> memoryview:
    """A ``bin`` field's payload, read in place (no copy)."""
    start, end = span
    head = blob[start] if end > start else None
    sizes = {0xC4: 1, 0xC5: 2, 0xC6: 4}
    if head not in sizes:
        _fail(f"{what} is not binary")
    width = sizes[head]
    length = int.from_bytes(blob[start + 1 : start + 1 + width], "big")
    payload = memoryview(blob)[start + 1 + width : end]
    if len(payload) != length:
        _fail(f"{what} is not a single binary value")
    return payload


def game_words(blob: bytes, span: Span | None, key: str, game: Game) -> list[str]:
    """A format 2 list of ``game``'s words: text strings of ``game.length`` symbols of its
    alphabet, in code point order without repeats.  Each word is at least two bytes of the
    field, so the count of strings built is bounded by the field's size."""
    if span is None:
        _fail(f"'{key}' is missing")
    start, end = span
    words: list[str] = decode(blob, span, f"'{key}'", end - start, max_str_len=4 * game.length)
    if not isinstance(words, list) or not 0 < len(words) <= MAX_WORDS:
        _fail(f"'{key}' must be a list of 1 to {MAX_WORDS} words")
    for word in words:
        if not isinstance(word, str) or game.word_problem(word) is not None:
            _fail(f"'{key}' holds {str(word)[:20]!r}, which is not a word of {game.name}")
    if not all(map(str.__lt__, words, words[1:])):
        _fail(f"'{key}' must be in code point order without repeats")
    return words


def word_list(blob: bytes, span: Span | None, key: str) -> list[str]:
    """A list of five-letter words, checked on the raw bytes before any string is built.

    Each word must be a fixstr (0xa5 + five ASCII lowercase letters), so the field's size
    fixes its length and no other value can hide in it; a hostile list therefore costs
    at most its own size times ~10 in str objects.
    """
    if span is None:
        _fail(f"'{key}' is missing")
    start, end = span
    head = blob[start]
    width = 0 if 0x90 <= head <= 0x9F else {0xDC: 2, 0xDD: 4}.get(head)
    if width is None:
        _fail(f"'{key}' must be a list of words")
    count = head & 0x0F if width == 0 else int.from_bytes(blob[start + 1 : start + 1 + width], "big")
    body = start + 1 + width
    if not 0 < count <= MAX_WORDS:
        _fail(f"'{key}' must hold 1 to {MAX_WORDS} words, not {count}")
    ok = end - body == _WORD_RECORD * count and blob[body:end:_WORD_RECORD] == b"\xa5" * count
    for k in range(1, _WORD_RECORD):
        if not ok:
            break
        letters = blob[body + k : end : _WORD_RECORD]
        ok = letters.isalpha() and letters.islower()
    if not ok:
        _fail(f"'{key}' must be a list of words of five letters a-z")
    words: list[str] = decode(blob, span, f"'{key}'", end - start, max_array_len=count, max_str_len=5)
    # Strictly increasing (alphabetical, no repeats); compared pairwise at C speed.
    if not all(map(str.__lt__, words, words[1:])):
        _fail(f"'{key}' must be in alphabetical order without repeats")
    return words


def read_array(blob: bytes, spans: dict[str, Span], name: str, typecode: str, itemsize: int) -> array[int]:
    span = spans.get(name)
    if span is None:
        _fail(f"tree array '{name}' is missing")
    blob_part = payload_of(blob, span, f"tree array '{name}'")
    if len(blob_part) % itemsize:
        _fail(f"tree array '{name}' has {len(blob_part)} bytes, not a multiple of {itemsize}")
    values = array(typecode)
    if values.itemsize != itemsize:
        _fail(f"this platform's '{typecode}' arrays are not {itemsize} bytes wide")
    values.frombytes(blob_part)
    if sys.byteorder == "big" and itemsize > 1:
        values.byteswap()
    return values


def sorted_keys(value: dict[str, Any]) -> dict[str, Any]:
    """Sort map keys so the same content always packs to the same bytes (iterative)."""
    root: list[Any] = [value]
    stack: list[tuple[Any, Any]] = [(root, 0)]  # (container, key or index) of each value to sort
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if isinstance(item, dict):
            item = holder[key] = {k: item[k] for k in sorted(item)}
            stack.extend((item, k) for k in item)
        elif isinstance(item, (list, tuple)):
            item = holder[key] = list(item)
            stack.extend((item, i) for i in range(len(item)))
    sorted_value: dict[str, Any] = root[0]
    return sorted_value


def le_bytes(values: array[int]) -> bytes:
    """An array's bytes, little-endian whatever the machine (read_array's inverse)."""
    if sys.byteorder == "big" and values.itemsize > 1:
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()
