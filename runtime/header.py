"""The fields every tree file shares, whatever its major version (FORMAT.md): the bytes'
first checks, ``format`` and ``format_version``, ``meta``, ``mode`` and ``guess_list``.
:mod:`.format` (single-board trees) and :mod:`.boards_format` (multi-board trees) both read
them here, each field decoded within limits sized from its own bytes (:mod:`.fields`).
"""

from __future__ import annotations

import warnings

from .fields import decode, is_map_header, payload_of
from .game import DEFAULT_GAME
from .meta import MAX_META_BYTES, MAX_META_CONTAINERS, MODES, MetaError, check_meta
from .rules import GuessList
from .structure import TreeFormatError

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from typing import Any, NoReturn

    from .fields import Span
    from .game import Game

FORMAT_NAME = "wordle-tree"
NEWEST_MINOR = {1: 2, 2: 0, 3: 0}  # per major version read, the newest minor known
MAX_FILE_BYTES = 64 * 1024 * 1024  # a single-board tree file (format 1 or 2)
# A multi-board tree file (format 3): a policy's whole Dordle tree holds a node and an edge
# for every pair of the answers at least (5,356,910 pairs over the original answers).
MAX_BOARDS_FILE_BYTES = 512 * 1024 * 1024
SMALL_FIELD_BYTES = 64  # ``format``, ``format_version`` and ``mode`` are tiny
_warned_minor: set[tuple[int, int]] = set()


def fail(message: str) -> NoReturn:
    """Raise :class:`TreeFormatError` with ``message`` (one sentence)."""
    raise TreeFormatError(message)


def read_meta(blob: bytes, span: Span | None, game: Game = DEFAULT_GAME) -> dict[str, Any]:
    """``meta``, decoded within :data:`MAX_META_BYTES` and container caps, then schema-checked."""
    if span is None:
        return {}
    built = [0]

    def count(container: object) -> object:
        """msgpack calls this for each map and list it builds: stop past the cap."""
        built[0] += 1
        if built[0] > MAX_META_CONTAINERS:
            fail(f"'meta' holds more than {MAX_META_CONTAINERS} maps and lists")
        return container

    meta: dict[str, Any] = decode(
        blob,
        span,
        "'meta'",
        MAX_META_BYTES,
        max_bin_len=0,
        object_hook=count,
        list_hook=count,
        invalid="may hold only nil, bool, int, float, text, lists and maps",
    )
    try:
        check_meta(meta, None if game is DEFAULT_GAME else game)
    except MetaError as exc:
        fail(str(exc))
    return meta


def read_version(blob: bytes, top: dict[str, Span]) -> tuple[int, int]:
    """``format`` and ``format_version``, checked: (major, minor) of a version this runtime
    reads, with one warning for a newer minor of a known major."""
    if "format" not in top:
        fail(f"not a tree file: it has no 'format' field (expected {FORMAT_NAME!r})")
    name = decode(blob, top["format"], "'format'", SMALL_FIELD_BYTES)
    if name != FORMAT_NAME:
        fail(f"not a tree file: format is {str(name)[:40]!r}, expected {FORMAT_NAME!r}")
    version = (
        decode(blob, top["format_version"], "'format_version'", SMALL_FIELD_BYTES) if "format_version" in top else None
    )
    if (
        not isinstance(version, list)
        or len(version) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31 for v in version)
    ):
        fail("'format_version' must be [major, minor]")
    major, minor = version
    if major not in NEWEST_MINOR:
        known = [f"{m}.x" for m in NEWEST_MINOR]
        fail(
            f"tree format version {major}.{minor} cannot be read by this runtime, "
            f"which reads versions {', '.join(known[:-1])} and {known[-1]}"
        )
    if minor > NEWEST_MINOR[major] and (major, minor) not in _warned_minor:
        _warned_minor.add((major, minor))
        warnings.warn(
            f"tree format {major}.{minor} is newer than this runtime's "
            f"{major}.{NEWEST_MINOR[major]}; unknown fields are ignored",
            stacklevel=4,
        )
    return major, minor


def read_rules(
    blob: bytes, top: dict[str, Span], meta: dict[str, Any], game: Game = DEFAULT_GAME
) -> tuple[str, GuessList]:
    """Format 1.1's ``mode`` and ``guess_list`` (both required from 1.1 on)."""
    if "mode" not in top or "guess_list" not in top:
        fail("a format 1.1 file must have 'mode' and 'guess_list'")
    mode = decode(blob, top["mode"], "'mode'", SMALL_FIELD_BYTES)
    if mode not in MODES:
        fail(f"'mode' must be one of {', '.join(MODES)}")
    if "mode" in meta and meta["mode"] != mode:
        fail(f"'mode' is {mode!r} but meta.mode says {meta['mode']!r}")
    try:
        guess_list = GuessList.from_bytes(payload_of(blob, top["guess_list"], "'guess_list'"), game)
    except ValueError as exc:
        fail(str(exc))
    return mode, guess_list


def tree_bytes(blob: object, limit: int = MAX_FILE_BYTES) -> bytes:
    """``blob`` as bytes, if it can be a tree file at all (at most ``limit`` bytes, a map at
    the top)."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        fail("tree data must be bytes")
    if not isinstance(blob, bytes):
        blob = bytes(blob)
    check_size(len(blob), limit)
    if not blob or not is_map_header(blob[0]):
        fail("not a tree file: the top level is not a map")
    return blob


def check_size(size: int, limit: int = MAX_FILE_BYTES) -> None:
    """Refuse a tree file of ``size`` bytes over ``limit`` (:data:`MAX_FILE_BYTES` for a
    single-board tree, :data:`MAX_BOARDS_FILE_BYTES` for a multi-board one)."""
    if size > limit:
        fail(f"the file is {size} bytes, over the {limit}-byte limit")
