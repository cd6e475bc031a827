"""One frozen build configuration (also the build's identity in ``meta``) and the
loaded context every stage shares, both made from a :class:`~.settings.Settings`."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from ..ext import KernelBuild
from .settings import Settings
from .weights import Weights
from .wordlists import WordListError, WordLists, letters_array

# numpy and the compiled kernels are imported where they are used: the command lines import
# this module for BuildConfig, and ``wordle-tree info`` should not pay for numpy.
# The annotations name numpy's types for type checkers only (they stay strings at run time).
if TYPE_CHECKING:
    from collections.abc import Sequence

    import numpy as np
    import numpy.typing as npt

    from wordle_runtime.game import Game

    from .matrix_cache import CacheCheck

    # Feedback codes: one byte each, two for a game with more than 256 codes.
    Codes = npt.NDArray[np.uint8] | npt.NDArray[np.uint16]


@dataclass(frozen=True)
class BuildConfig:
    """One build: the strategy, its own options, and the :class:`~.settings.Settings` of the
    game it plays.  The engine reads ``settings.weights`` as integer ``Weights`` or None:
    ``pipeline.run.build`` makes them for the loaded answers first (``Settings.weighed``).

    ``start``/``opening``: the first guess or two fixed; ``seed``: ``--strategy random``'s;
    ``width``: ``--strategy lookahead``'s shortlist; ``candidates``: optimal without a start
    (None: prove the best over every first word, else the K best-ranked)."""

    strategy: str = "entropy"
    settings: Settings = field(default_factory=Settings)
    start: str | None = None
    opening: tuple[str, ...] = ()
    seed: int = 0
    width: int = 50
    candidates: int | None = None

    def as_meta(self) -> dict:
        """The settings as ``meta["config"]`` stores them: ``opening`` as a list, None ones left
        out, and the objective only when it is not the default (so such trees keep their bytes);
        the weights are described by ``meta["weights"]`` instead (:meth:`weights_meta`)."""
        settings = self.settings
        meta = {
            "strategy": self.strategy,
            "mode": settings.mode,
            "answers": settings.answers,
            "guesses": settings.guesses,
            "start": self.start,
            "opening": list(self.opening),
            "max_depth": settings.max_depth,
            "seed": self.seed,
            "width": self.width,
            "candidates": self.candidates,
            "deep": settings.deep,
        }
        if settings.objective != "total":
            meta["objective"] = settings.objective
        return {k: v for k, v in meta.items() if v is not None}

    def weights_meta(self) -> dict | None:
        """``meta["weights"]``: where the weights came from and their fingerprint (None
        when every answer is equally likely, and then the key is not written)."""
        weights = self.settings.weights
        if not isinstance(weights, Weights):
            return None
        return {
            "source": weights.source,
            "sha256": weights.sha256,
            "effective_answers": weights.summary()["effective_answers"],
        }


@dataclass
class Context:
    """Word lists, their letters, and the feedback matrix in either layout, each loaded
    (from the cache, checked) on first use.  Every build, exact or heuristic, reads only
    the answer-major one (:meth:`matrix_by_answer`, :meth:`codes`); the guess-major one
    (:attr:`matrix`) is for callers that want a guess's row."""

    words: WordLists
    guess_letters: npt.NDArray[np.uint8] = field(repr=False)  # [n_guesses, game length]: symbol numbers
    answer_in_guesses: npt.NDArray[np.int32] = field(repr=False)  # [n_answers]
    guess_index: dict[str, int] = field(repr=False)
    use_cache: bool = field(default=True, repr=False)  # how the matrices are loaded: see from_words
    refresh_cache: bool = field(default=False, repr=False)
    _by_guess: Codes | None = field(default=None, repr=False, compare=False)
    _by_answer: Codes | None = field(default=None, repr=False, compare=False)
    _loading: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)
    _prefetch: CacheCheck | None = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, settings: Settings | None = None, use_cache: bool = True, refresh_cache: bool = False) -> Context:
        """The lists ``settings`` name (default: the original lists) and their matrix
        (``refresh_cache``: recompute and rewrite it)."""
        words = (settings or Settings()).load_words()
        return cls.from_words(words, use_cache, refresh_cache)

    @classmethod
    def from_words(
        cls, words: WordLists, use_cache: bool = True, refresh_cache: bool = False, prefetch_by_answer: bool = False
    ) -> Context:
        """A context for lists already loaded: their letters and indices; the feedback matrices
        come from the cache unless ``use_cache`` is false (``refresh_cache`` recomputes and
        rewrites them).  ``prefetch_by_answer`` starts :meth:`prefetch_by_answer` first, so
        the check also overlaps building the context."""
        try:
            words.kernel_build  # noqa: B018 - a build of the kernels plays the game's codes
        except ValueError as exc:
            raise WordListError(str(exc)) from None
        prefetch = _start_prefetch(words, use_cache, refresh_cache) if prefetch_by_answer else None
        return cls(
            words=words,
            guess_letters=letters_array(words.guesses, words.game),
            answer_in_guesses=words.answer_index_in_guesses(),
            guess_index={w: i for i, w in enumerate(words.guesses)},
            use_cache=use_cache,
            refresh_cache=refresh_cache,
            _prefetch=prefetch,
        )

    @property
    def game(self) -> Game:
        """The game the lists play (``wordle_runtime.game.Game``)."""
        return self.words.game

    @property
    def kernel_build(self) -> KernelBuild:
        """The compiled kernels whose codes fit the game's (the lists'; ``ext.kernel_build``)."""
        return self.words.kernel_build

    @property
    def matrix(self) -> Codes:
        """The feedback matrix, guesses × answers (``uint8[n_guesses, n_answers]``)."""
        if self._by_guess is None:
            with self._loading:
                if self._by_guess is None:
                    from .matrix import feedback_matrix

                    self._by_guess = feedback_matrix(self.words, use_cache=self.use_cache, refresh=self.refresh_cache)
        return self._by_guess

    def prefetch_by_answer(self) -> None:
        """Open the answer-major matrix's cache file now and start checking it on a background
        thread, for :meth:`matrix_by_answer` to pick up.  The checksum maps and reads the
        whole file (in a compiled kernel, holding no GIL), which then overlaps what the
        caller does meanwhile (setting up the solver).  Only an intact cache file is taken: a
        missing or damaged one is dealt with on first use, as without a prefetch."""
        if self._by_answer is None and self._prefetch is None:
            self._prefetch = _start_prefetch(self.words, self.use_cache, self.refresh_cache)

    def matrix_by_answer(self) -> Codes:
        """The matrix laid out answers × guesses (``uint8[n_answers, n_guesses]``, what the
        exact search reads), from the cache like :attr:`matrix`; loaded on first use."""
        if self._by_answer is None and self._prefetch is not None:
            found = self._prefetch.result()
            with self._loading:
                if self._by_answer is None:
                    self._by_answer = found
        if self._by_answer is None:
            from .matrix import answer_major_matrix, feedback_matrix

            def guess_major() -> Codes:  # an intact cached one is transposed; a computed one is not cached
                if self._by_guess is not None:
                    return self._by_guess
                return feedback_matrix(self.words, self.use_cache, self.refresh_cache, keep=False)

            # loaded outside the lock: the guess-major matrix may be loaded or computed first
            by_answer = answer_major_matrix(self.words, guess_major, self.use_cache, self.refresh_cache)
            with self._loading:
                if self._by_answer is None:
                    self._by_answer = by_answer
        return self._by_answer

    def codes(self, guess: int, answers: npt.NDArray[np.int32] | Sequence[int]) -> Codes:
        """Feedback codes of ``guess`` against ``answers`` (answer indices), in their order
        (``uint8[len(answers)]``), read from the answer-major matrix, the layout every
        kernel reads: no build loads the guess-major one."""
        import numpy as np

        codes = np.asarray(self.matrix_by_answer())[answers, guess]  # a plain array, not a memmap
        return cast("Codes", codes)  # the matrix's own dtype, which numpy's indexing types drop

    @property
    def all_answers(self) -> npt.NDArray[np.int32]:
        """Every answer index, ``0 .. n_answers - 1``, as ``int32``."""
        import numpy as np

        return np.arange(len(self.words.answers), dtype=np.int32)

    @property
    def all_guesses(self) -> npt.NDArray[np.int32]:
        """Every guess index, ``0 .. n_guesses - 1``, as ``int32``."""
        import numpy as np

        return np.arange(len(self.words.guesses), dtype=np.int32)


def _start_prefetch(words: WordLists, use_cache: bool, refresh_cache: bool) -> CacheCheck | None:
    """A ``matrix_cache.CacheCheck`` of the answer-major matrix of ``words``; None when
    the cache is not to be read, or if opening the file fails in an unforeseen way (first
    use then loads it as usual)."""
    if not use_cache or refresh_cache:
        return None
    from .matrix_cache import CacheCheck

    try:
        return CacheCheck(words)
    except Exception:  # noqa: BLE001 - first use loads it again and reports any error
        return None
