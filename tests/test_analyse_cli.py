"""wordle-tree analyse --move, --rank, --quiet and its progress, through real processes."""

import json

from clirun import one_line_error, run

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
    assert [line.split()[1] for line in lines[3:7]] == ["courd", "drony", "round*", "grund"]  # ties at the 3rd
    assert "move crane: 687 guesses in all (3.1086 on average), loses 0.3529 guesses on average" in text.stdout
    assert "rank" not in text.stdout


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
    assert doc["seconds"] > 1.5, "too fast for the bar: pick a position that takes longer"
    assert "ranking crane:" in loud.stderr
    assert "/12972 [" in loud.stderr
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
        2,
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
