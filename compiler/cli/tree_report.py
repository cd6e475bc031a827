"""What ``wordle-tree info``, ``verify`` and ``cache`` print (the click definitions are in
:mod:`.tree`).

``info`` and ``verify`` read ``meta`` only through :mod:`..treefiles.metaview`: a wrong type shows as
"not given" and no value in it is ever used as a path.
"""

from __future__ import annotations

import os
from types import SimpleNamespace

from ..treefiles import metaview
from ..treefiles.metaview import mode_label
from ..treefiles.weighted import weights_doc
from .common import shorten

LABEL_WIDTH = 11
SETTING_LABELS = {"max_depth": "depth limit"}


def _line(label: str, value) -> str:
    return f"{label:<{LABEL_WIDTH}} {value}"


def _strategy_settings(meta) -> dict:
    """The build settings that apply to this tree's strategy (width only for lookahead,
    seed only for random, candidates only for optimal without a fixed first word)."""
    config = metaview.get(meta, "config", kind=dict, default={})
    strategy = metaview.get(meta, "strategy", kind=str) or metaview.get(config, "strategy", kind=str)
    optimality = metaview.get(meta, "optimality", kind=str, default="")
    applies = {"mode", "start", "opening", "max_depth", "answers", "guesses"}
    from ..strategies.table import STRATEGY_TABLE, canonical_name

    entry = STRATEGY_TABLE.get(canonical_name(strategy or ""))
    if entry is None:
        return {k: v for k, v in sorted(config.items()) if k in applies and v not in (None, [], "")}
    if entry.seeded:
        applies.add("seed")
    if entry.width:
        applies.add("width")
    if entry.exact and optimality.startswith("best of"):
        applies.add("candidates")
    if entry.exact:
        applies.update(("objective", "deep"))  # written only when not the default (total)
    return {k: v for k, v in sorted(config.items()) if k in applies and v not in (None, [], "")}


def info_doc(shown_path: str, source: str, data, size: int) -> dict:
    """Everything ``info`` reports, as one JSON-ready map (meta values type-checked).  The
    ``info`` command has refused a file whose own lists do not hash to the sha256 its meta
    stores; ``checked`` says which of them it could compare (a 1.0 file has no guess list)."""
    meta = data.meta
    guess_list = getattr(data, "guess_list", None)
    word_lists = {}
    for role in ("answers", "guesses"):
        entry = metaview.get(meta, "word_lists", role, kind=dict, default={})
        sha256 = metaview.get(entry, "sha256", kind=str)
        word_lists[role] = {
            "name": metaview.get(entry, "name", kind=str),
            "count": metaview.get(entry, "count", kind=int),
            "sha256": sha256,
            "checked": sha256 is not None and (role == "answers" or guess_list is not None),
        }
    return {
        "file": shown_path,
        "path": source,
        "bytes": size,
        "shipped": os.path.abspath(source) != os.path.abspath(shown_path),
        "format_version": list(data.format_version),
        "nodes": data.n_nodes,
        "answers": len(data.answers),
        "guesses_used": len(data.guesses),
        "guess_list": len(guess_list) if guess_list is not None else None,
        "mode": getattr(data, "mode", None) or metaview.mode_of(meta, []),
        "strategy": metaview.get(meta, "strategy", kind=str),
        "optimality": metaview.get(meta, "optimality", kind=str),
        "settings": _strategy_settings(meta),
        "word_lists": word_lists,
        "stats": metaview.get(meta, "stats", kind=dict, default={}),
        "compiler": metaview.get(meta, "compiler", kind=dict, default={}),
        "built_at": metaview.get(meta, "built_at", kind=str),
        "weights": weights_doc(data),
        **_game_doc(data),
    }


def _game_doc(data) -> dict:
    """``{"game": …}`` for a tree of another game than five-letter Wordle over a-z (a 2.0 file):
    its ``name`` and the file's ``game`` fields.  For Mastermind the name is the one ``--game``
    takes, with the ``title`` people know (:func:`game_title`), ``codes``, the spec of the codes
    played, and ``distinct``, whether the file's guess list is exactly the codes of different
    colours: Bulls and Cows is ``bulls-and-cows``, codes ``mastermind:4x10:distinct``, where the
    file's ``game`` alone says ``mastermind:4x10``."""
    from wordle_runtime.game import DEFAULT_GAME, GAME_ALIASES, MASTERMIND, mastermind_name

    from ..core.games import game_title

    game = getattr(data, "game", DEFAULT_GAME)
    if game is DEFAULT_GAME:
        return {}
    if game.rule != MASTERMIND:
        return {"game": {"name": game.name, **game.to_fields()}}
    distinct = _distinct_codes(data)
    spec = mastermind_name(game, distinct)
    name = next((alias for alias, named in GAME_ALIASES.items() if named == spec), spec)
    doc = {"name": name, "title": game_title(game, [spec]), "codes": spec, "distinct": distinct}
    return {"game": {**doc, **game.to_fields()}}


def _distinct_codes(data) -> bool:
    """Whether a Mastermind tree's full guess list holds exactly its codes of different colours."""
    from wordle_runtime.game import code_count

    guess_list = getattr(data, "guess_list", None)
    if guess_list is None or len(guess_list) != code_count(data.game, distinct=True):
        return False
    return all(len(set(code)) == len(code) for code in guess_list)


def _game_text(game: dict) -> str:
    """The ``game`` line of ``info``: ``mastermind:4x6 (mastermind, 4 symbols over 123456)``;
    a game ``--game`` names by an alias also by its title and codes (``bulls-and-cows (Bulls
    and Cows: mastermind:4x10:distinct, 4 different symbols over 0123456789)``)."""
    kind = game["rule"]
    if game.get("codes", game["name"]) != game["name"]:
        kind = f"{game['title']}: {game['codes']}"
    different = "different " if game.get("distinct") else ""
    return f"{game['name']} ({kind}, {game['length']} {different}symbols over {metaview.shown(game['alphabet'])})"


def _list_text(entry: dict) -> str:
    name = metaview.shown(entry["name"], 40) if entry["name"] else "unnamed"
    sha = f", sha256 {entry['sha256'][:16]}…" if entry["sha256"] else ""
    if entry["sha256"] and not entry["checked"]:
        sha += " (not checked: the file holds no full guess list)"
    return f"list {name}{sha}"


def info_lines(doc: dict) -> list[str]:
    """The labelled text form of :func:`info_doc`: one field per line."""
    shown = metaview.shown
    version = ".".join(map(str, doc["format_version"]))
    where = "standard input" if doc["file"] == "-" else doc["file"]
    where += f" (shipped tree, {doc['path']})" if doc["shipped"] else ""
    lines = [
        _line("file", where),
        _line("format", f"wordle-tree {version}, {doc['bytes']:,} bytes, {doc['nodes']:,} nodes"),
    ]
    strategy = shown(doc["strategy"]) if doc["strategy"] else "not recorded"
    if doc["optimality"]:
        strategy += f" ({shown(doc['optimality'])})"
    if "game" in doc:
        lines.append(_line("game", _game_text(doc["game"])))
    rules = SimpleNamespace(rule=doc.get("game", {}).get("rule", "wordle"))
    lines += [_line("strategy", strategy), _line("mode", mode_label(rules, doc["mode"]) or "any code at every step")]
    for key, value in doc["settings"].items():
        if key in ("mode", "answers", "guesses"):
            continue  # shown on their own lines
        text = ", ".join(map(shown, value)) if isinstance(value, list) else shown(value)
        lines.append(_line(SETTING_LABELS.get(key, key), text))
    lists = doc["word_lists"]
    lines.append(_line("answers", f"{doc['answers']:,} ({_list_text(lists['answers'])})"))
    in_list = f"{doc['guess_list']:,} in the file's guess list" if doc["guess_list"] else "full list not stored"
    lines.append(
        _line("guesses", f"{in_list} ({_list_text(lists['guesses'])}), {doc['guesses_used']:,} played in the tree")
    )
    stats = doc["stats"]
    if stats:
        parts = [f"{stats[k]}" if k in stats else "?" for k in ("total_guesses", "average", "max_depth")]
        lines.append(
            _line(
                "stats",
                f"total {parts[0]} guesses, average {parts[1]}, max depth {parts[2]} "
                "(as claimed in meta; wordle-tree verify checks them)",
            )
        )
        histogram = metaview.get(stats, "histogram", kind=dict, default={})
        if histogram:
            lines.append(
                _line(
                    "histogram",
                    "  ".join(f"{shown(k)}: {shown(v)}" for k, v in histogram.items()) + "   (guesses: answers)",
                )
            )
    if doc["weights"]:
        lines.append(_line("weights", _weights_text(doc["weights"])))
    compiler = doc["compiler"]
    if compiler:
        built = f", built {doc['built_at']}" if doc["built_at"] else ""
        lines.append(
            _line("compiler", f"{shown(compiler.get('name', '?'))} {shown(compiler.get('version', '?'))}{built}")
        )
    return lines


def _weights_text(weights: dict) -> str:
    """The ``weights`` line of ``info``: where they came from, their fingerprint, how
    concentrated they are, and the expected guesses under them."""
    text = (
        f"{metaview.shown(weights['source'])} (sha256 {weights['sha256']}…, about "
        f"{weights['effective_answers']:g} answers' worth)"
    )
    if weights["expected_guesses"] is not None:
        text += f", {weights['expected_guesses']:.4f} guesses expected under them"
    if weights["sha256_matches_meta"] is False:
        text += "; meta names another fingerprint (wordle-tree verify fails)"
    return text


def weighted_line(under: dict) -> str:
    """``verify``'s line of expected guesses under weights: the tree's own, or those of
    --weights / --prior (``under``: their summary and the expected guesses)."""
    whose = "the tree's weights, " if under.get("tree_weights") else ""
    return (
        f"  weighted ({whose}{metaview.shown(under['source'])}, sha256 {under['sha256']}…, about "
        f"{under['effective_answers']:g} answers' worth): {under['expected_guesses']:.4f} expected guesses"
    )


def verify_lines(verdict, game=None) -> list[str]:
    """``OK: …`` or ``FAILED: …``, then the problems, notes and deep answers, each list cut
    with "… and N more" (``game``: the tree's, whose mode is named only where it has a choice)."""
    s = verdict.report.stats()
    mode = mode_label(game, verdict.mode)
    lines = [
        (
            f"{'OK' if verdict.ok else 'FAILED'}: {s['answers']} answers, total {s['total_guesses']}, "
            f"average {s['average']:.4f}, max depth {s['max_depth']} "
            f"(limit {verdict.max_depth}{'' if mode is None else f', {mode} mode'})"
        )
    ]
    problems = verdict.problems
    lines += [f"  {p}" for p in problems[:20]]
    if len(problems) > 20:
        lines.append(f"  … and {len(problems) - 20} more problems")
    lines += [f"  note: {note}" for note in verdict.notes]
    deep = verdict.report.exceeding_max_depth
    if deep:
        lines.append(f"  {len(deep)} answer(s) need more than {verdict.max_depth} guesses: {shorten(deep)}")
    return lines


def verify_failure(verdict) -> str:
    """The one stderr line of a failed verification."""
    parts = []
    if verdict.problems:
        parts.append(f"{len(verdict.problems)} problem(s), first: {verdict.problems[0]}")
    deep = verdict.report.exceeding_max_depth
    if deep:
        parts.append(f"{len(deep)} answer(s) need more than {verdict.max_depth} guesses")
    return "verification failed: " + "; ".join(parts)


def _megabytes(n: int) -> str:
    return f"{n / 1e6:,.1f} MB"


class CacheClearError(Exception):
    """Some cache files could not be removed (another user's, a read-only folder)."""


def cache_lines(clear: bool) -> tuple[list[str], dict]:
    """``wordle-tree cache``: where the matrix cache is and what chose it (the JSON's
    ``source``: ``WORDLE_TREE_CACHE``, ``XDG_CACHE_HOME`` or ``default``), what is in it;
    ``--clear`` empties it."""
    from ..core.matrix_cache import CACHE_ENV, XDG_ENV, cache_entries, cache_location, clear_cache

    folder, source = cache_location()
    origin = {
        CACHE_ENV: f"from ${CACHE_ENV}",
        XDG_ENV: f"under ${XDG_ENV}; set ${CACHE_ENV} to move it",
        "default": f"default; set ${CACHE_ENV} to move it",
    }[source]
    if clear:
        removed, freed, failures = clear_cache()
        line = f"removed {removed} file(s), {_megabytes(freed)}, from {folder}"
        if failures:
            raise CacheClearError(f"{line}; could not remove {len(failures)} file(s): {failures[0]}")
        return [line], {"location": str(folder), "source": source, "removed_files": removed, "freed_bytes": freed}
    entries = cache_entries()
    total = sum(e["bytes"] for e in entries)
    doc = {"location": str(folder), "source": source, "bytes": total, "entries": entries}
    lines = [
        _line("location", f"{folder} ({origin})"),
        _line("size", f"{_megabytes(total)} in {len(entries)} matrix file{'' if len(entries) == 1 else 's'}"),
    ]
    for e in entries:
        rows, columns = ("answers", "guesses") if e["layout"] == "by answer" else ("guesses", "answers")
        shape = f"{e['shape'][0]:,} {rows} x {e['shape'][1]:,} {columns}" if e["shape"] else "unreadable"
        lines.append(_line("", f"{e['file']}  {shape}  {_megabytes(e['bytes'])}"))
    lines.append(_line("", "wordle-tree cache --clear removes them; they are rebuilt when needed"))
    return lines, doc


def printable(text: str) -> str:
    """``text`` with control characters (a file's meta may hold a BEL or an escape sequence)
    shown as escapes instead of reaching the terminal."""
    return "".join(c if c.isprintable() or c == "\t" else c.encode("unicode_escape").decode("ascii") for c in text)
