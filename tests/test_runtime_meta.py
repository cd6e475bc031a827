"""meta's schema: wrong types are refused at load, and meta never names a file we open."""

import json
import subprocess
import sys

import pytest

from wordle_runtime import TreeFormatError
from wordle_runtime.format import pack_tree, read_tree_file, unpack_tree
from wordle_runtime.meta import MAX_META_BYTES, MAX_META_CONTAINERS, STRATEGIES, MetaError, check_meta
from wordle_runtime.tree import default_tree_path


@pytest.fixture(scope="module")
def data():
    return read_tree_file(default_tree_path())


def _with_meta(data, **changes):
    original = data.meta
    data.meta = json.loads(json.dumps(original))  # a deep copy
    try:
        for path, value in changes.items():  # "config__max_depth" sets meta["config"]["max_depth"]
            *parents, last = path.split("__")
            target = data.meta
            for key in parents:
                target = target[key]
            target[last] = value
        return pack_tree(data)
    finally:
        data.meta = original


def test_the_compilers_meta_fits_the_schema(data):
    check_meta(data.meta)
    assert unpack_tree(pack_tree(data)).meta == data.meta


@pytest.mark.parametrize(
    "changes,message",
    [
        ({"config__answers": 5}, "meta.config.answers must be text"),
        ({"config__max_depth": "6"}, "meta.config.max_depth must be an integer from 1 to 255"),
        ({"config__max_depth": True}, "meta.config.max_depth must be an integer"),
        ({"config__opening": ["salet", "../../etc/passwd"]}, "meta.config.opening must be a list"),
        ({"config__start": 7}, "meta.config.start must be five letters"),
        ({"config": "bogus"}, "meta.config must be a map"),
        ({"strategy": "bogus"}, "meta.strategy must be one of"),
        ({"optimality": "best of x first words"}, "meta.optimality must be one of"),
        ({"stats__histogram": {"two": 3}}, "meta.stats.histogram must be a map"),
        ({"stats__average": "3.4"}, "meta.stats.average must be a number"),
        ({"stats__proved_optimal": 1}, "meta.stats.proved_optimal must be true or false"),
        ({"word_lists__guesses__sha256": "xyz"}, "meta.word_lists.guesses.sha256 must be 64"),
        ({"compiler": ["wordle-tree"]}, "meta.compiler must be a map"),
        ({"weights": "file w.txt"}, "meta.weights must be a map"),
        ({"weights": {"sha256": "A" * 64}}, "meta.weights.sha256 must be 64 lowercase hex digits"),
        ({"weights": {"source": "x" * 1025}}, "meta.weights.source must be text of at most 1024"),
        ({"weights": {"effective_answers": -1}}, "meta.weights.effective_answers must be a number from 0"),
        ({"weights": {"effective_answers": "many"}}, "meta.weights.effective_answers must be a number"),
        ({"stats__expected_guesses": 256}, "meta.stats.expected_guesses must be a number from 0 to 255"),
        ({"stats__expected_guesses": float("nan")}, "meta.stats.expected_guesses must be a number"),
        ({"extra": "x" * 2000}, "meta.extra must be text of at most 1024"),
        ({"extra": b"raw bytes"}, "'meta' may hold only nil, bool, int, float, text, lists and maps"),
        ({"extra": json.loads("[" * 13 + "1" + "]" * 13)}, "nested more than 12 deep"),
        ({"extra": [[] for _ in range(MAX_META_CONTAINERS)]}, f"more than {MAX_META_CONTAINERS} maps and lists"),
        ({"extra": ["ab"] * (MAX_META_BYTES // 3)}, "over its limit"),
    ],
)
def test_wrong_meta_is_refused_with_its_path(data, changes, message):
    with pytest.raises(TreeFormatError, match=message.replace("(", r"\(")):
        unpack_tree(_with_meta(data, **changes))


@pytest.mark.parametrize(
    "value",
    [
        "heuristic",
        "proved optimal for the fixed first guess",
        "proved optimal for the fixed opening",
        "global",
        "best of 10 first words",
        "imported from olson",
    ],
)
def test_optimality_values(data, value):
    assert unpack_tree(_with_meta(data, optimality=value)).meta["optimality"] == value


def test_unknown_keys_may_hold_json_like_values():
    check_meta({"future": {"a": [1, 2.5, None, True, "x"]}, "stats": {"new_stat": [1]}})
    with pytest.raises(MetaError, match="non-text key"):
        check_meta({"future": {1: 2}})


def test_strategy_enum_covers_the_compiler():
    """The runtime's enum must list every strategy the compiler can write (else its trees
    would be refused): a drift test between the two packages."""
    strategies = pytest.importorskip("wordle_compiler.strategies.table")
    written = set(strategies.DESCRIPTIONS) | set(strategies.ALIASES) | {"imported"}
    assert written <= set(STRATEGIES)


def test_cli_reports_bad_meta_in_one_line(data, tmp_path):
    path = tmp_path / "bad-meta.wtree"
    path.write_bytes(_with_meta(data, config__max_depth={"deep": 1}))
    result = subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", "--tree", str(path), "salet", "bbbbb"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "wordle-next: meta.config.max_depth must be an integer from 1 to 255, not a dict of 1 item(s)"
    ]


AUDIT = """
import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
from wordle_runtime.cli import main
code = main(["--tree", sys.argv[1], "salet", "bbbbb"])
print(repr([p for p in opened if "passwd" in p or "zero" in p or "secret" in p]))
sys.exit(code)
"""


def test_meta_never_names_a_file_we_open(data, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read\n")
    path = tmp_path / "paths-in-meta.wtree"
    path.write_bytes(
        _with_meta(
            data, config__answers="/etc/passwd", config__guesses="/dev/zero", word_lists__answers__name=str(secret)
        )
    )
    result = subprocess.run([sys.executable, "-c", AUDIT, str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"
