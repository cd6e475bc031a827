"""What ``wordle-rank`` prints when it is done: the proved best and the exact values (or,
for ``--objective depth``, the words that fit), as text or one JSON object."""

from __future__ import annotations

import itertools
import json

import click

from .common import split_long_games


def plural(what: str) -> str:
    """``first words``, ``second words after parse``, ``pairs``: what is ranked, counted."""
    return what.replace("word", "words", 1) if "word" in what else f"{what}s"


def _described(value, n_answers, deep, weighted=False):
    long, total = split_long_games(value, deep)
    said = f"{total} guesses in all ({total / n_answers:.5f} on average)"
    if weighted:
        said = f"{total / n_answers:.5f} expected guesses (weighted total {total})"
    return said if long is None else f"{long} answers need {deep} or more guesses, {said}"


def _summary(ranking, n_words, n_answers, seconds, counters, what="first word", deep=None, weighted=False):
    rows = ranking.final_rows()
    best = ranking.best()
    cutoff = ranking.cutoff()
    lines = []
    if best is not None:
        refuted = any(not exact and value < 1 << 36 for _, value, exact in rows)
        long, total = split_long_games(cutoff, deep)
        bound = total if long is None else f"{long} answers needing {deep} or more, then {total} guesses"
        rest = f"every other word needs at least {bound}" if refuted else "no word was cut off"
        lines.append(
            f"best {what}: {best.word}, {_described(best.value, n_answers, deep, weighted)}, "
            f"proved best over {n_words} {plural(what)}"
        )
        lines.append(f"exact values below; {rest}")
    exact = [(word, value) for word, value, is_exact in itertools.takewhile(lambda row: row[2], rows)]
    shown = exact if ranking.top is None else exact[: ranking.top]
    for word, value in shown:
        long, total = split_long_games(value, deep)
        lines.append(f"  {word} {'' if long is None else f'{long} '}{total} {total / n_answers:.5f}")
    if len(exact) > len(shown):
        lines.append(_more_line([value for _, value in exact[len(shown) :]], shown[-1][1], n_answers, deep))
    lines.append(
        f"{len(rows)} words in {seconds:.1f} s; full passes {counters.get('full_passes', 0):,}, "
        f"pairs scored {counters.get('pairs_scored', 0):,}, memo hits {counters.get('memo_hits', 0):,}"
    )
    return lines


def _more_line(values: list, last: int, n_answers: int, deep) -> str:
    """The one line that stands for the exact values beyond ``--top K``: how many are tied
    with the K-th (value ``last``), or how many there are when not all of them are."""
    said = "; --json and the results file list them all"
    if all(value == last for value in values):
        long, total = split_long_games(last, deep)
        value = f"{total} ({total / n_answers:.5f} on average)"
        return f"  … and {len(values):,} more tied at {value if long is None else f'{long} long games, {value}'}{said}"
    return f"  … and {len(values):,} more exact values{said}"


def _value_doc(word, value, n_answers, deep, weighted=False) -> dict:
    long, total = split_long_games(value, deep)
    if weighted:
        return {"word": word, "weighted_total": total, "expected_guesses": round(total / n_answers, 6)}
    doc = {"word": word, "total": total, "average": round(total / n_answers, 6)}
    return doc if long is None else {**doc, "long_games": long}


def report(ranking, plan, seconds: float, counters: dict, peaks: list, as_json: bool) -> None:
    """The ranking's summary (``--objective total`` or ``fewest-deep``), or its JSON."""
    words, n_answers, path, what = plan.words, plan.n_answers, plan.path, plan.what
    deep = plan.spec.settings.deep
    weighted = plan.spec.settings.weights is not None
    if as_json:
        best = ranking.best()
        rows = ranking.final_rows()
        cutoff = ranking.cutoff()
        click.echo(
            json.dumps(
                {
                    "best": None if best is None else _value_doc(best.word, best.value, n_answers, deep, weighted),
                    "exact": [_value_doc(w, v, n_answers, deep, weighted) for w, v, e in rows if e],
                    "ranked": what,
                    "cutoff": cutoff if deep is None or cutoff >= 1 << 36 else list(split_long_games(cutoff, deep)),
                    "words": len(rows),
                    "seconds": round(seconds, 2),
                    "counters": counters,
                    "worker_peak_rss_mib": [round(p) for p in peaks],
                    "output": str(path),
                }
            )
        )
        return
    for line in _summary(ranking, len(words), n_answers, seconds, counters, what, deep, weighted):
        click.echo(line)
    click.echo(f"peak memory per worker: {', '.join(f'{p:.0f} MiB' for p in peaks)}; results in {path}")


def report_depth(ranking, plan, seconds: float, counters: dict, peaks: list, as_json: bool) -> None:
    """``--objective depth``: which words solve every answer within the limit, and how many cannot."""
    depth = plan.spec.settings.max_depth
    fit = [word for word, _, exact in ranking.final_rows() if exact]
    rest = len(ranking.results) - len(fit)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "objective": "depth",
                    "max_depth": depth,
                    "ranked": plan.what,
                    "fit": fit,
                    "infeasible": rest,
                    "words": len(ranking.results),
                    "seconds": round(seconds, 2),
                    "counters": counters,
                    "worker_peak_rss_mib": [round(p) for p in peaks],
                    "output": str(plan.path),
                }
            )
        )
        return
    within = f"{depth} guess" if depth == 1 else f"{depth} guesses"
    click.echo(
        f"{len(fit)} of {len(ranking.results)} {plural(plan.what)} solve every answer within {within}; "
        f"the other {rest} cannot (proved)"
    )
    shown = fit[:20]
    if shown:
        more = f" and {len(fit) - len(shown)} more" if len(fit) > len(shown) else ""
        click.echo(f"  {', '.join(shown)}{more}")
    click.echo(
        f"{len(ranking.results)} words in {seconds:.1f} s; full passes {counters.get('full_passes', 0):,}, "
        f"memo hits {counters.get('memo_hits', 0):,}"
    )
    click.echo(f"peak memory per worker: {', '.join(f'{p:.0f} MiB' for p in peaks)}; results in {plan.path}")
