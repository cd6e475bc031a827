"""wordle-tree analyse --move, --rank, --quiet and its progress, through real processes."""

import itertools
import json
import re

import pytest

from clirun import one_line_error, run
from wordle_runtime import load

CRANE_AFTER_SALET = {
    "word": "crane",
    "total": 687,
    "average": round(687 / 221, 5),
    "exact": True,
    "possible": False,
}  # salet bbbbb rules out its a and e


def analyse(*args, **kwargs):
    return run("wordle-tree", "analyse", *args, **kwargs)


def test_move_gives_value_and_loss_without_a_rank():
    result = analyse("salet", "bbbbb", "--move", "crane", "--json", "--quiet")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["best_total"] == 609
    assert doc["answers_left"] == 221
    assert not doc["from_table"]
    assert [m["word"] for m in doc["moves"]] == ["courd"]  # with --move the list defaults to the best
    assert doc["move"] == {
        **CRANE_AFTER_SALET,
        "rank": None,
        "rank_at_least": None,
        "loss": round((687 - 609) / 221, 5),
    }
    text = analyse("salet", "bbbbb", "--move", "crane", "--top", "3", "--quiet")
    assert text.returncode == 0, text.stderr
    lines = text.stdout.splitlines()
    assert [line.split()[1] for line in lines[3:6]] == ["courd", "drony", "round*"]
    assert lines[6] == "  … and 1 more tied at 612 (2.7692 on average); --json lists every tie"  # grund
    assert "move crane: 687 guesses in all (3.1086 on average), loses 0.3529 guesses on average" in text.stdout
    assert "rank" not in text.stdout


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_rank_with_progress_and_without():
    """The ranking of crane takes a few seconds: its bar shows on stderr, and --quiet hides it
    with the same result."""
    loud = analyse("salet", "bbbbb", "--move", "crane", "--rank", "--json")
    assert loud.returncode == 0, loud.stderr
    doc = json.loads(loud.stdout)
    # 2,651 moves beat crane's 687 here (tests/test_analyse.py counts ranks against every guess)
    assert doc["move"] == {
        **CRANE_AFTER_SALET,
        "rank": 2652,
        "rank_at_least": False,
        "loss": round((687 - 609) / 221, 5),
    }
    # into a pipe a bar writes its first line five seconds in (docs/engine.md, progress)
    if doc["seconds"] >= 5.5:
        assert "ranking crane:" in loud.stderr
        assert "/12823 moves" in loud.stderr  # the guesses whose bound is below crane's 687: the rest cannot beat it
    elif doc["seconds"] < 4.5:
        assert loud.stderr == ""
    quiet = analyse("salet", "bbbbb", "--move", "crane", "--rank", "--json", "--quiet")
    assert quiet.returncode == 0
    assert quiet.stderr == ""
    assert {**json.loads(quiet.stdout), "seconds": 0} == {**doc, "seconds": 0}


def test_rank_at_the_opening_comes_from_the_table():
    result = analyse("--move", "crane", "--rank", "--json", "--quiet")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["from_table"]
    assert doc["best_total"] == 7920
    assert (doc["move"]["total"], doc["move"]["rank"], doc["move"]["rank_at_least"]) == (7930, 6, False)
    assert [m["word"] for m in doc["moves"]] == ["salet"]


@pytest.mark.long
def test_errors_stay_one_line():
    line = one_line_error(analyse("salet", "bbbbb", "--rank"), 2, "--rank", "--move")
    assert line.startswith("wordle-tree: ")
    failed = analyse("salet", "bbbbb", "--rank", "--json")
    assert failed.returncode == 2
    assert json.loads(failed.stdout)["exit_code"] == 2
    one_line_error(analyse("salet", "bbbbb", "--move", "zzzzz"), 2, "'zzzzz' is not a legal guess")
    one_line_error(analyse("--mode", "hard", "salet", "bybbb", "--move", "crony"), 2, "not a legal guess", "hard mode")
    one_line_error(
        analyse("salet", "bbbbb", "--move", "fuzzy", "--max-depth", "3"),
        1,
        "'fuzzy' cannot solve every answer within 2 more guesses",
    )


def test_review_is_quiet_and_unchanged():
    result = analyse("--review", "salet", "bybbb", "brond", "bybbb", "--json", "--quiet")
    assert result.returncode == 0
    assert result.stderr == ""
    rows = json.loads(result.stdout)["review"]
    assert [(r["word"], r["answers_before"], r["best_total"], r["move_total"]) for r in rows] == [
        ("salet", 2315, 7920, 7920),
        ("brond", 102, 260, 260),
    ]


def _moves_shown(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if re.match(r"^ +\d+\. ", line)]


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_top_prints_at_most_k_moves_and_counts_the_ties_in_one_line():
    position = ("--game", "mastermind:4x6", "1234", "B0W2", "--top", "3", "--quiet")
    text, doc = analyse(*position), json.loads(analyse(*position, "--json").stdout)
    assert text.returncode == 0, text.stderr
    ties = [m for m in doc["moves"] if m["total"] == doc["moves"][2]["total"]]
    assert len(doc["moves"]) > 3 + 10  # JSON keeps every tie: many here
    rows = _moves_shown(text.stdout)
    assert [row.split()[1].rstrip("*") for row in rows] == [m["word"] for m in doc["moves"][:3]]
    more = [line for line in text.stdout.splitlines() if line.startswith("  … and ")]
    total = doc["moves"][2]["total"]
    average = total / doc["answers_left"]
    assert more == [
        f"  … and {len(doc['moves']) - 3:,} more tied at {total} ({average:.4f} on average); --json lists every tie"
    ]
    assert len(ties) >= len(doc["moves"]) - 3


@pytest.mark.long
@pytest.mark.parametrize(
    "game, guesses",
    [
        ("nerdle-mini", ["4*7=28", "3*6=18", "30/5=6"]),
        ("wordle", ["salet", "crony", "rowdy"]),
        ("en6", ["carnet", "podium"]),
    ],
)
def test_a_review_shows_the_best_move_in_aligned_columns(game, guesses):
    tree = load("salet-optimal-normal" if game == "wordle" else f"{game}-optimal-normal")
    history = [t for g in guesses for t in (g, tree.game.format_code(tree.game.score_code(g, guesses[-1])))]
    result = analyse("--game", game, "--review", *history, "--quiet")
    assert result.returncode == 0, result.stderr
    doc = json.loads(analyse("--game", game, "--review", *history, "--quiet", "--json").stdout)["review"]
    header, rule, *rows, total = result.stdout.splitlines()
    assert total.startswith("total loss ")
    spans = [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]
    assert len(spans) == 11
    assert [header[a:b].strip() for a, b in spans][4] == "best move"
    for line, row in zip(rows, doc, strict=True):
        cells = [line[a:b].strip() for a, b in spans]
        gaps = "".join(line[b:a] for (_, b), (a, _) in itertools.pairwise(spans))
        assert gaps.strip() == "", line  # every column in its place: only blanks between them
        assert all(cells), line
        assert cells[:5] == [
            str(row["step"]),
            row["word"],
            row["pattern"],
            str(row["answers_before"]),
            row["best_move"],
        ]


@pytest.mark.long
def test_an_infeasible_depth_is_exit_1_in_words_without_negative_numbers():
    for args in (["salet", "bbbbb", "--max-depth", "2"], ["salet", "bbbbb", "courd", "bbbbb", "--max-depth", "1"]):
        line = one_line_error(analyse(*args, "--quiet"), 1)
        assert not re.search(r"-\d", line), line
        failed = analyse(*args, "--quiet", "--json")
        assert failed.returncode == 1
        assert json.loads(failed.stdout)["exit_code"] == 1
    line = one_line_error(analyse("salet", "bbbbb", "courd", "bbbbb", "--max-depth", "1", "--quiet"), 1)
    assert "2 guesses" in line
    assert "depth limit is 1" in line
