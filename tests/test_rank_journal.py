"""wordle-rank keeps the class bounds of the words it is deciding beside its results file
(RESULTS.bounds): a stopped ranking resumes a long word where it was, with the result a
fresh run gives, and a line it cannot check is ignored."""

import json
import os
from pathlib import Path

import pytest

from clirun import run
from wordle_compiler import __version__
from wordle_compiler.core.settings import Settings
from wordle_compiler.ranking.class_journal import (
    KEEP_SECONDS_ENV,
    ClassJournal,
    journal_path,
    open_journal,
    read_journal,
)
from wordle_compiler.ranking.first_words import RankSpec, context_for, evaluate_word
from wordle_compiler.ranking.results import results_header
from wordle_compiler.search import INF, forget_solvers

SPEC = RankSpec(Settings(game="mastermind:4x6"))
BEST, TOTAL = "1123", 5625  # Mastermind 4x6's best first guess and its least total


def _header() -> str:
    return results_header(context_for(SPEC).words, SPEC.settings, __version__)


def _kept(tmp_path: Path, word: str, cutoff: int) -> tuple:
    """``word`` decided against ``cutoff`` with every raise kept: (its result, the journal)."""
    journal = ClassJournal(journal_path(str(tmp_path / "kept.csv")), _header(), keep_seconds=0)
    forget_solvers()
    return evaluate_word(SPEC, word, cutoff, journal), journal


def _again(journal: ClassJournal, word: str, cutoff: int):
    """``word`` decided again from nothing but what ``journal``'s file holds."""
    forget_solvers()
    known = read_journal(journal.path, journal.header, {word})
    return evaluate_word(SPEC, word, cutoff, ClassJournal(None, journal.header, known))


def _bounds_lines(journal: ClassJournal) -> list[str]:
    """The journal's class bounds lines (not the words' totals, which only the bar reads)."""
    return [line for line in Path(journal.path).read_text().splitlines(keepends=True) if line.startswith("bounds ")]


@pytest.mark.parametrize("word, cutoff", [(BEST, INF), ("1234", TOTAL + 1), ("1122", TOTAL + 1)])
def test_a_word_resumed_from_its_kept_bounds_gives_the_same_result_with_less_search(tmp_path, word, cutoff):
    first, journal = _kept(tmp_path, word, cutoff)
    assert (first.exact, first.value) == ((True, TOTAL) if word == BEST else (False, first.value))
    assert first.value >= min(cutoff, TOTAL)
    again = _again(journal, word, cutoff)
    assert again.exact == first.exact
    assert again.value == first.value if first.exact else again.value >= cutoff
    assert again.counters["nodes"] < first.counters["nodes"]


def test_a_word_resumed_from_bounds_below_its_classes_costs_is_solved_exactly_again(tmp_path):
    """Only the journal's bounds that are not exact (a run stopped before any class was
    solved): the resumed word still comes out exact, at its true total."""
    _, journal = _kept(tmp_path, BEST, INF)
    lines = _bounds_lines(journal)
    partial = [line for line in lines if line.split(" ")[6] == "0"]
    assert partial
    assert len(partial) < len(lines)
    Path(journal.path).write_text("".join(partial))
    again = _again(journal, BEST, INF)
    assert (again.exact, again.value) == (True, TOTAL)


def test_a_line_that_fails_its_check_or_names_another_ranking_is_ignored(tmp_path):
    _, journal = _kept(tmp_path, BEST, INF)
    lines = _bounds_lines(journal)
    whole = read_journal(journal.path, journal.header, {BEST})
    assert sum(len(v) for v in whole.values()) >= 2
    fields = lines[0].split(" ")
    fields[5] = str(int(fields[5]) + 1)  # a higher bound than proved
    Path(journal.path).write_text("".join([" ".join(fields), *lines[1:]]))
    assert int(fields[2]) not in read_journal(journal.path, journal.header, {BEST})[BEST]
    assert read_journal(journal.path, journal.header.replace("max-depth 6", "max-depth 7"), {BEST}) == {}
    assert read_journal(journal.path, journal.header, {"1234"}) == {}  # another word's lines
    Path(journal.path).write_text("".join(lines)[:-1])  # the last line cut short by a kill
    cut = read_journal(journal.path, journal.header, {BEST})
    assert sum(len(v) for v in cut.values()) == len({line.split(" ")[2] for line in lines[:-1]})


def test_a_fresh_run_drops_the_journal_and_a_resumed_one_keeps_only_undecided_words(tmp_path):
    _, journal = _kept(tmp_path, BEST, INF)
    held = Path(journal.path).read_bytes()
    resumed = open_journal(journal.path, journal.header, True, [BEST, "1234"])
    assert resumed.known == read_journal(journal.path, journal.header, {BEST})
    Path(journal.path).write_bytes(held)
    assert open_journal(journal.path, journal.header, True, ["1234"]).known == {}
    assert not os.path.exists(journal.path)
    Path(journal.path).write_bytes(held)
    assert open_journal(journal.path, journal.header, False, [BEST]).known == {}
    assert not os.path.exists(journal.path)


@pytest.mark.long
def test_wordle_rank_resumes_from_the_journal_and_removes_it_when_finished(tmp_path):
    """The bounds of 1123 kept in kept.csv.bounds: --resume decides it with a fraction of a
    fresh run's search, writes the fresh run's file and removes the journal."""
    _, journal = _kept(tmp_path, BEST, INF)
    one = tmp_path / "one.txt"
    one.write_text(BEST + "\n")
    rank = ("wordle-rank", "--game", "mastermind:4x6", "--top", "1", "--first-words", one, "--quiet", "--json")
    env = {**os.environ, KEEP_SECONDS_ENV: "0"}
    resumed = run(*rank, "-o", tmp_path / "kept.csv", "--resume", env=env)
    assert resumed.returncode == 0, resumed.stderr
    assert not os.path.exists(journal.path)
    assert (tmp_path / "kept.csv").read_text().splitlines()[0] == f"{journal.header}; complete yes"
    fresh = run(*rank, "-o", tmp_path / "fresh.csv", env=env)
    assert fresh.returncode == 0, fresh.stderr
    assert not os.path.exists(journal_path(str(tmp_path / "fresh.csv")))  # kept while it ran, then removed
    assert (tmp_path / "kept.csv").read_bytes() == (tmp_path / "fresh.csv").read_bytes()
    nodes = [json.loads(done.stdout)["counters"]["nodes"] for done in (resumed, fresh)]
    assert nodes[0] < nodes[1] / 4


def test_the_journal_tells_the_progress_bar_each_word_s_proved_total(tmp_path):
    """Each kept raise also records the word's whole proved bound; the bar's note shows the
    last one of each word not yet decided, and no line whose check fails."""
    import io
    import time

    from tqdm import tqdm

    from wordle_compiler.cli.rank_watch import InFlightNote
    from wordle_compiler.ranking.class_journal import read_totals

    _, journal = _kept(tmp_path, BEST, INF)
    assert read_totals(journal.path, journal.header, {BEST}) == {BEST: (TOTAL, INF)}
    refuted, _ = _kept(tmp_path, "1234", TOTAL + 1)
    proved, cutoff = read_totals(journal.path, journal.header, {"1234"})["1234"]
    assert (cutoff, proved) == (TOTAL + 1, refuted.value)
    assert read_totals(journal.path, journal.header.replace("normal", "possible"), {BEST, "1234"}) == {}
    bar = tqdm(total=2, file=io.StringIO())
    with InFlightNote(bar, journal, {BEST}.__contains__, interval=0.01) as note:
        note.set_base("best 1123 5625")
        deadline = time.monotonic() + 10
        while not note.flight and time.monotonic() < deadline:
            time.sleep(0.01)
    assert bar.postfix == f"best 1123 5625; 1234 >={refuted.value:,}/{TOTAL + 1:,}"
