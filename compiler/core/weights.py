"""Answers that are not equally likely: a weight per answer, read from a file or made from a
word-frequency prior, and turned into integers by one documented rule.

The rule (``integer_weights``): each weight is divided by the sum of all of them and
scaled to ``WEIGHT_TOTAL``, rounded to the nearest integer (halves to even).  So weights
all multiplied by the same factor give the same integers, equal weights give equal
integers, and every total stays exact: a weighted total is at most ``WEIGHT_TOTAL`` times
the depth limit, well inside the search's 2^36.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from pathlib import Path

from ..util.numbers import PLAIN_FLOAT_HINT, is_plain_float

WEIGHT_TOTAL = 1 << 28  # what the integer weights sum to (about): 64 guesses x 2^28 < 2^36
MAX_WEIGHTS_BYTES = 1 << 22  # a weights file for 30,000 words is well under 1 MiB
DEFAULT_PRIOR_WIDTH = 10.0  # 3Blue1Brown's sigmoid: x spans 10 units over the ranked words
DEFAULT_PRIOR_COMMON = 3000  # ... and its midpoint falls after the 3,000 most frequent words


class WeightsError(ValueError):
    """A weights file or prior that cannot be used: one line naming the problem."""


@dataclass(frozen=True)
class Weights:
    """One integer weight per answer, in the answer list's order, and where they came from."""

    values: tuple[int, ...]
    source: str  # "file NAME" or "prior frequency (width W, common C)"

    @property
    def sha256(self) -> str:
        """The integer weights' fingerprint (what a tree built under them records)."""
        return hashlib.sha256(",".join(map(str, self.values)).encode()).hexdigest()

    def expected_guesses(self, depths) -> float:
        """Σ weight × guesses / Σ weight for the answers' guesses ``depths`` (answer order)."""
        return sum(w * d for w, d in zip(self.values, depths, strict=True)) / sum(self.values)

    def summary(self) -> dict:
        """What a report shows of them: the source, the fingerprint, and how concentrated they
        are (the effective number of answers, (Σw)² / Σw²)."""
        total, squares = sum(self.values), sum(w * w for w in self.values)
        return {
            "source": self.source,
            "sha256": self.sha256[:16],
            "answers": len(self.values),
            "zero": sum(w == 0 for w in self.values),
            "effective_answers": round(total * total / squares, 1) if squares else 0.0,
        }


def integer_weights(raw, source: str) -> Weights:
    """The documented rule (module docstring); WeightsError when a weight is negative or
    not finite, or when no weight is positive.

    The weights are first multiplied by the power of two that brings the largest into
    [0.5, 1).  That is exact in binary floating point (but for weights some 10^300 times
    lighter than the largest, whose integer is 0 either way), so each ratio w / Σw, and so
    each integer, is the one the unscaled weights give; and the sum, at most the number of
    weights, cannot overflow however large the weights are (up to the largest double)."""
    try:
        values = [float(w) for w in raw]
    except OverflowError:
        raise WeightsError(f"{source}: a weight is larger than the largest floating-point number") from None
    if not all(math.isfinite(w) and w >= 0 for w in values):
        raise WeightsError(f"{source}: every weight must be a finite number of zero or more")
    largest = max(values, default=0.0)
    if not largest > 0:
        raise WeightsError(f"{source}: every weight is zero")
    shift = -math.frexp(largest)[1]
    scaled = [math.ldexp(w, shift) for w in values]
    total = math.fsum(scaled)
    return Weights(tuple(round(w / total * WEIGHT_TOTAL) for w in scaled), source)


def read_weights(path: str | Path, answers, missing: float | None = None) -> Weights:
    """Weights for ``answers`` from a file of ``word weight`` or ``word,weight`` lines
    (``#`` comments and blank lines ignored).  A word that is not an answer, a word given
    twice, a weight that is negative, not a number or not finite, or an answer the file
    leaves out (unless ``missing`` gives the weight for those) is one WeightsError line."""
    from ..util.files import OutputError, read_regular_file

    try:
        text = read_regular_file(str(path), MAX_WEIGHTS_BYTES, "weights file").decode("utf-8", errors="replace")
    except OutputError as exc:
        raise WeightsError(str(exc)) from None
    index = {word: i for i, word in enumerate(answers)}
    given: dict[int, float] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        fields = line.split("#", 1)[0].replace(",", " ").split()
        if not fields:
            continue
        where = f"weights file {path}, line {number}"
        if len(fields) != 2:
            raise WeightsError(f"{where}: {line.strip()[:60]!r} is not 'word weight'")
        word, value = fields[0].lower(), _weight(fields[1], where)
        if word not in index:
            raise WeightsError(f"{where}: {word!r} is not one of the {len(index)} answers")
        if index[word] in given:
            raise WeightsError(f"{where}: {word!r} is given a second time")
        given[index[word]] = value
    return _completed(given, answers, missing, f"weights file {path}", f"file {Path(path).name}")


def _completed(given: dict, answers, missing, where: str, source: str) -> Weights:
    """The integer weights of ``given`` ({answer index: weight}), ``missing`` for the rest."""
    left = [word for i, word in enumerate(answers) if i not in given]
    if left and missing is None:
        raise WeightsError(
            f"{where} leaves out {len(left)} answer(s) ({', '.join(left[:5])}); "
            "give them a weight, or choose one for every missing answer (--weight-missing)"
        )
    return integer_weights([given.get(i, missing) for i in range(len(answers))], source)


def weights_for_answers(
    answers,
    weights=None,
    prior: str | None = None,
    missing: float | None = None,
    prior_width: float = DEFAULT_PRIOR_WIDTH,
    prior_common: int = DEFAULT_PRIOR_COMMON,
    language: str | None = "en",
) -> Weights | None:
    """The API's weights for ``answers``: ``weights`` as a :class:`Weights`, a mapping
    {word: weight} or the path of a weights file, or ``prior="frequency"`` (word frequency
    in ``language``: ``WordLists.language``); None when neither is given (every answer
    equally likely).  One WeightsError line otherwise."""
    if weights is not None and prior is not None:
        raise WeightsError("weights and prior are alternatives: give one")
    if prior is not None:
        if prior != "frequency":
            raise WeightsError(f"prior {prior!r} is not one of: frequency")
        return frequency_prior(answers, prior_width, prior_common, language)
    if weights is None or isinstance(weights, Weights):
        if weights is not None and len(weights.values) != len(answers):
            raise WeightsError(f"{len(weights.values)} weights for {len(answers)} answers")
        return weights
    if isinstance(weights, (str, Path)):
        return read_weights(weights, answers, missing)
    index = {word: i for i, word in enumerate(answers)}
    given = {}
    for word, value in dict(weights).items():
        if str(word).lower() not in index:
            raise WeightsError(f"weights: {word!r} is not one of the {len(index)} answers")
        given[index[str(word).lower()]] = _weight(str(value), f"weights: {word!r}")
    return _completed(given, answers, missing, "the weights", "mapping")


def _weight(text: str, where: str) -> float:
    if not is_plain_float(text):
        raise WeightsError(f"{where}: {text[:30]!r} is not a number in decimal notation ({PLAIN_FLOAT_HINT})")
    value = float(text)
    if not math.isfinite(value) or value < 0:
        raise WeightsError(f"{where}: {text[:30]!r} is not a finite weight of zero or more")
    return value


def frequency_prior(
    answers, width: float = DEFAULT_PRIOR_WIDTH, common: int = DEFAULT_PRIOR_COMMON, language: str | None = "en"
) -> Weights:
    """3Blue1Brown's prior: the answers ranked by word frequency in ``language`` (wordfreq's
    code; None for words of no language, such as Nerdle's equations: one line says so) from
    the ``wordfreq`` package (``pip install '.[priors]'``; ties alphabetical), rank r (0: the most
    frequent) of N given 1 / (1 + exp(-x)) with x = width × (common / N - r / (N - 1)):
    the sigmoid crosses one half after the ``common`` most frequent words and falls over
    ``width`` units across the list (3Blue1Brown used 3,000 of the 12,972 allowed words)."""
    if language is None:
        raise WeightsError("--prior frequency ranks the answers by word frequency, and this game's are not words")
    try:
        from wordfreq import zipf_frequency
    except ImportError:
        raise WeightsError(
            "--prior frequency needs the wordfreq package: pip install 'wordle-tree[priors]' (or pip install wordfreq)"
        ) from None
    if not (math.isfinite(width) and width > 0) or common < 1:
        raise WeightsError("the prior's width must be a positive number and its common count at least 1")
    n = len(answers)
    frequency = [zipf_frequency(word, language) for word in answers]
    if not any(frequency):
        raise WeightsError(
            f"--prior frequency ranks the answers by word frequency, and none of the {n:,} answers "
            f"has one in wordfreq's {language!r} words"
        )
    ranked = sorted(range(n), key=lambda i: (-frequency[i], answers[i]))
    raw = [0.0] * n
    for rank, i in enumerate(ranked):
        raw[i] = _sigmoid(width * (common / n - rank / max(n - 1, 1)))
    where = "" if language == "en" else f"{language}, "
    return integer_weights(raw, f"prior frequency ({where}width {width:g}, common {common})")


def _sigmoid(x: float) -> float:
    """1 / (1 + e^-x) for every x.  Below x = -700 e^-x nears the largest double (about
    e^709.8), while 1 + e^-x already equals e^-x to the last bit, so the value is e^x."""
    if x < -700:
        return math.exp(x)
    return 1.0 / (1.0 + math.exp(-x))
