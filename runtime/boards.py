"""Multi-board games: one guess played on K boards at once (Dordle, Quordle, Octordle,
Sedecordle, Duotrigordle: :data:`BOARD_GAMES`).

Each board hides its own answer (the boards' answers are distinct words of one answer list);
every guess is played on every board still open, and a board closes when a guess is its
answer.  A game allows :func:`guess_limit` guesses (K + 5: Dordle 7, Quordle 9, Octordle 13,
Sedecordle 21, Duotrigordle 37) and is won when every board is solved within them.

The notation of a history: each step is a guess followed by one pattern per board still
open, in board order, joined by commas (``salet bbygb,gbbyb,bbbbb,ybbbb``, or
``salet:bbygb,gbbyb,bbbbb,ybbbb``).  A board whose pattern is all green is solved at that
step and has no pattern in the steps after it.  Boards play a Wordle-rule game (any length
and alphabet); Mastermind's scores, which hold commas, are single-board only.

The move (:func:`next_move`) follows one documented policy, the same as the compiler's
(``wordle_compiler.multiboard.policy``, tested equal):

1. no guess yet: the single-board tree's first guess (``opening``);
2. an open board with exactly one candidate: that candidate (the first such board);
3. an endgame (at most 200 tuples of answers left): the move of least cost over every
   tuple, searched exactly over the open boards' candidates and rule 4's first ten words
   (:mod:`.boards_endgame`), unless the search passes its work limit;
4. otherwise the guess that tells the most: the least :func:`information_score` (the
   candidates' expected information left, summed over the open boards), ties to a word
   that is some open board's candidate, then to the earlier word of the guess list.  The
   words scored are the guess list's first ``WORK_BUDGET // candidates left`` by
   :func:`split_scores` (all of them when that is the whole list), so a move costs at most
   :data:`WORK_BUDGET` pattern evaluations.  The compiler's ``entropy`` (a policy tree's) leaves rule 3 out.

Standard library only: ``wordle-next`` reads it.
"""

from __future__ import annotations

from collections import Counter

from .boards_endgame import ENDGAME_WORDS, endgame_move, endgame_tuples
from .game import MASTERMIND, Game
from .history import HistoryError, NoAnswerError, step_code, step_word

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

MIN_BOARDS, MAX_BOARDS = 2, 32  # the one home of the range: the compiler and the server import it
EXTRA_GUESSES = 5  # a K-board game allows K + 5 guesses
# The named games, over the original five-letter lists (the one home of the list: the compiler,
# the server and its pages read it; a page's title is the name capitalised).
BOARD_GAMES = {"dordle": 2, "quordle": 4, "octordle": 8, "sedecordle": 16, "duotrigordle": 32}
WORK_BUDGET = 250_000  # pattern evaluations a move may score (about a third of a second)
OPENING, LAST_CANDIDATE, ENDGAME, MOST_INFORMATION = "opening", "last candidate", "endgame", "most information"
DONE = "solved"
# c·log2(c) in fixed point: integer sums, the same bits here and in the compiler's numpy twin.
XLOGX_SCALE = 1 << 20
_XLOGX: list[int] = [0, 0]

# One step: the guess and the patterns of the boards open before it, in board order.
Step = tuple[str, tuple[int, ...]]


def guess_limit(boards: int) -> int:
    """The guesses a ``boards``-board game allows: K + 5 (Dordle 7, Quordle 9, Octordle 13,
    Sedecordle 21, Duotrigordle 37)."""
    return boards + EXTRA_GUESSES


def boards_problem(boards: object, game: Game | None = None) -> str | None:
    """Why ``boards`` boards of ``game`` cannot be played (one line), or None."""
    if isinstance(boards, bool) or not isinstance(boards, int) or not MIN_BOARDS <= boards <= MAX_BOARDS:
        return f"a multi-board game has {MIN_BOARDS} to {MAX_BOARDS} boards, not {boards!r}"
    if game is not None and game.rule == MASTERMIND:
        return "multi-board games are played over Wordle-rule games, not Mastermind"
    return None


def boards_of(game: object, boards: object) -> tuple[object, int]:
    """Which boards a request means: (the single-board game they play, the boards; 1 is one
    board).  ``game``: a multi-board game's name (one of :data:`BOARD_GAMES`: the original
    lists' Wordle game, returned as None) or any other game, returned as it is;
    ``boards``: None (the named game's, else 1) or a whole number from 1 to
    :data:`MAX_BOARDS`.  ``ValueError`` (one line) when ``boards`` is out of range or
    contradicts the named game."""
    count: int | None = None
    if boards is not None:
        if isinstance(boards, bool) or not isinstance(boards, int) or not 1 <= boards <= MAX_BOARDS:
            raise ValueError(
                f"boards must be a whole number from 1 to {MAX_BOARDS} (a multi-board game has "
                f"{MIN_BOARDS} to {MAX_BOARDS} boards), not {boards!r}"
            )
        count = boards
    name = game.strip().lower() if isinstance(game, str) else None
    if name in BOARD_GAMES:
        if count is not None and count != BOARD_GAMES[name]:
            raise ValueError(f"{name} has {BOARD_GAMES[name]} boards, not {count}")
        return None, BOARD_GAMES[name]
    return game, 1 if count is None else count


def parse_board_history(tokens: Sequence[str], game: Game, boards: int) -> list[Step]:
    """The steps of a ``boards``-board history given as tokens (``salet bbygb,gbbyb``, or
    ``salet:bbygb,gbbyb``); :class:`HistoryError` (one line naming the step) when malformed."""
    if any(not str(token).strip() for token in tokens):
        raise HistoryError("the history has an empty word or pattern")
    raw: list[tuple[str, str]] = []
    pending: str | None = None
    flat = " ".join(tokens).split()
    for token in flat:
        word, sep, patterns = token.partition(":")
        if sep:
            if pending is not None:
                raise HistoryError(f"step {len(raw) + 1}: guess {pending!r} has no patterns after it")
            raw.append((word, patterns))
        elif pending is None:
            pending = token
        else:
            raw.append((pending, token))
            pending = None
    if pending is not None:
        _refuse_patterns_as_guesses(flat, game, boards)
        raise HistoryError(f"step {len(raw) + 1}: guess {pending!r} has no patterns after it")
    if len(raw) > guess_limit(boards):
        raise HistoryError(f"the history has {len(raw)} steps; a {boards}-board game allows {guess_limit(boards)}")
    try:
        return _steps(raw, game, boards)
    except HistoryError:
        _refuse_patterns_as_guesses(flat, game, boards)
        raise


def _steps(raw: list[tuple[str, str]], game: Game, boards: int) -> list[Step]:
    """Each raw step checked: a word of the game, one pattern per board still open."""
    steps: list[Step] = []
    open_boards = boards
    for number, (word, patterns) in enumerate(raw, start=1):
        if open_boards == 0:
            raise HistoryError(f"step {number}: every board was solved by step {number - 1}, so nothing may follow")
        parts = patterns.split(",")
        if len(parts) != open_boards:
            raise HistoryError(
                f"step {number}: {len(parts)} pattern{'s' if len(parts) != 1 else ''} for "
                f"{open_boards} open board{'s' if open_boards != 1 else ''} (one per open board, joined by commas)"
            )
        codes = tuple(step_code(part, number, game) for part in parts)
        steps.append((step_word(word, number, game), codes))
        open_boards -= sum(code == game.all_correct for code in codes)
    return steps


def _refuse_patterns_as_guesses(tokens: list[str], game: Game, boards: int) -> None:
    """A malformed history of ``word pattern`` tokens whose guess is a pattern (the boards'
    patterns written apart, not joined by commas): the line that says so, with the first step
    as it should be written."""
    if any(":" in token for token in tokens):
        return
    for index in range(2, len(tokens), 2):
        try:
            game.parse_code(tokens[index])
        except ValueError:
            continue
        example = f"{tokens[0]} {','.join(tokens[1 : 1 + boards])}"
        raise HistoryError(
            f"step {index // 2 + 1}: {tokens[index]!r} is a pattern where a guess should be: a step's "
            f"{boards} patterns are joined by commas ({example})"
        )


def crowded_boards(candidates: Sequence[Sequence[str]]) -> tuple[list[int], set[str]] | None:
    """None when each board can have its own answer among its candidates, no two the same
    (a matching of boards to words, by augmenting paths); else boards that cannot (indices
    into ``candidates``) and the fewer words they share between them."""
    owner: dict[str, int] = {}

    def place(board: int, seen: set[str]) -> bool:
        for word in candidates[board]:
            if word in seen:
                continue
            seen.add(word)
            if word not in owner or place(owner[word], seen):
                owner[word] = board
                return True
        return False

    for board in range(len(candidates)):
        seen: set[str] = set()
        if not place(board, seen):
            return sorted({board, *(owner[word] for word in seen)}), seen
    return None


def answers_problem(boards: int, answers: Sequence[str]) -> str | None:
    """Why ``boards`` boards cannot be played over the answer list (one line), or None."""
    if len(set(answers)) < boards:
        return f"{boards} boards need {boards} different answers; the answer list has {len(set(answers))}"
    return None


class BoardsPosition:
    """Where a multi-board history leads: per board its candidates (the answers fitting its
    clues, the other boards' known answers left out) or the word that solved it."""

    __slots__ = ("boards", "candidates", "guesses_used", "solved_by")

    def __init__(self, boards: int, candidates: list[list[str]], solved_by: list[str | None], guesses_used: int):
        self.boards, self.candidates, self.solved_by, self.guesses_used = boards, candidates, solved_by, guesses_used

    @property
    def open_boards(self) -> list[int]:
        """The boards not yet solved, in order."""
        return [b for b in range(self.boards) if self.solved_by[b] is None]

    @property
    def solved(self) -> bool:
        """Whether every board is solved."""
        return not self.open_boards

    @property
    def guesses_left(self) -> int:
        """The guesses the game still allows."""
        return guess_limit(self.boards) - self.guesses_used


def board_position(answers: Sequence[str], steps: Sequence[Step], game: Game, boards: int) -> BoardsPosition:
    """Each board's candidates after ``steps``; :class:`NoAnswerError` when a board has none."""
    solved_by: list[str | None] = [None] * boards
    candidates = [list(answers) for _ in range(boards)]
    for number, (word, codes) in enumerate(steps, start=1):
        if sum(code == game.all_correct for code in codes) > 1:
            raise NoAnswerError(f"{word!r} cannot solve two boards: the boards' answers are distinct words")
        open_boards = [b for b in range(boards) if solved_by[b] is None]
        shown = codes_of(word, set().union(*(candidates[b] for b in open_boards)), game)  # each word once
        for b, code in zip(open_boards, codes, strict=True):
            candidates[b] = [a for a in candidates[b] if shown[a] == code]
            if code == game.all_correct:
                if not candidates[b]:
                    why = "it does not fit the board's earlier patterns" if word in answers else "it is not an answer"
                    raise NoAnswerError(f"step {number}: board {b + 1} cannot be {word!r}: {why}")
                solved_by[b] = word
                candidates[b] = []
    _exclude_known(candidates, solved_by)
    for b in range(boards):
        if solved_by[b] is None and not candidates[b]:
            raise NoAnswerError(f"no answer fits board {b + 1} (the boards' answers are distinct words)")
    still_open = [b for b in range(boards) if solved_by[b] is None]
    crowded = crowded_boards([candidates[b] for b in still_open])
    if crowded is not None:
        named = [str(still_open[i] + 1) for i in crowded[0]]
        raise NoAnswerError(
            f"no answers fit: boards {', '.join(named[:-1])} and {named[-1]} have only {len(crowded[1])} "
            f"candidates between them ({', '.join(sorted(crowded[1]))}; the boards' answers are distinct words)"
        )
    return BoardsPosition(boards, candidates, solved_by, len(steps))


def codes_of(word: str, answers: Iterable[str], game: Game) -> dict[str, int]:
    """``word``'s code against each of ``answers`` (words of ``game``), each scored once: by
    :meth:`Game.score_code`, or for a Wordle-rule guess of distinct symbols by the same rule
    made short (such a guess's symbol that is not green is yellow exactly when the answer
    holds it: no other symbol of the guess can use its copies up)."""
    if game.rule == MASTERMIND or len(set(word)) < len(word):
        score = game.score_code
        return {answer: score(word, answer) for answer in answers}
    words = list(answers)
    codes = [0] * len(words)
    for i, symbol in enumerate(word):  # a position at a time, over every answer
        yellow, green = 3**i, 2 * 3**i
        codes = [
            code + green if answer[i] == symbol else code + yellow if symbol in answer else code
            for code, answer in zip(codes, words, strict=True)
        ]
    return dict(zip(words, codes, strict=True))


def _exclude_known(candidates: list[list[str]], solved_by: list[str | None]) -> None:
    """The boards' answers are distinct: a solved board's word, and the one candidate of a
    board that has one, are no other board's answer (repeated until nothing changes);
    :class:`NoAnswerError` when two boards are left with the same one word."""
    known = {word for word in solved_by if word is not None}
    while True:
        known |= {c[0] for c, done in zip(candidates, solved_by, strict=True) if done is None and len(c) == 1}
        changed = False
        for b, words in enumerate(candidates):
            if solved_by[b] is None and len(words) > 1 and any(w in known for w in words):
                candidates[b] = [w for w in words if w not in known]
                changed = True
        if not changed:
            break
    alone = [c[0] for c, done in zip(candidates, solved_by, strict=True) if done is None and len(c) == 1]
    if len(alone) != len(set(alone)):
        raise NoAnswerError("two boards are left with the same one answer (the boards' answers are distinct words)")


def next_move(
    position: BoardsPosition, guesses: Sequence[str], game: Game, opening: str, endgames: bool = True
) -> tuple[str | None, str]:
    """The policy's guess from the guess list ``guesses`` and which rule chose it
    (:data:`OPENING`, :data:`LAST_CANDIDATE`, :data:`ENDGAME`, :data:`MOST_INFORMATION`);
    ``(None, DONE)`` once every board is solved.  ``endgames`` False leaves rule 3 out (the
    compiler's ``entropy``)."""
    open_sets = [position.candidates[b] for b in position.open_boards]
    if not open_sets:
        return None, DONE
    if position.guesses_used == 0:
        return opening, OPENING
    for words in open_sets:
        if len(words) == 1:
            return words[0], LAST_CANDIDATE
    ranked = information_order(open_sets, guesses, game)
    if endgames:
        move = _endgame(open_sets, ranked[:ENDGAME_WORDS], guesses, game, position.guesses_left)
        if move is not None:
            return move, ENDGAME
    return ranked[0], MOST_INFORMATION


def _endgame(
    open_sets: list[list[str]], leading: list[str], guesses: Sequence[str], game: Game, left: int
) -> str | None:
    """Rule 3's move, or None when the position is no endgame or its search gives up."""
    tuples = endgame_tuples(open_sets)
    if tuples is None:
        return None
    candidates = set().union(*open_sets)
    chosen = candidates | set(leading)
    words = [word for word in guesses if word in chosen]  # the guess list's order
    codes = {word: codes_of(word, candidates, game) for word in words}
    move = endgame_move(tuples, words, codes, game.all_correct, left)
    return None if move is None else str(move[0])


def split_scores(open_sets: Sequence[Sequence[str]], guesses: Sequence[str]) -> list[int]:
    """Per guess, how evenly its symbols split the candidates, summed over the open boards:
    for each distinct symbol of the guess, min(candidates holding it, candidates not), and for
    each position, min(candidates with the guess's symbol there, candidates without)."""
    anywhere: dict[str, int] = {}
    placed: list[dict[str, int]] = [{} for _ in open_sets[0][0]]  # one per position
    for words in open_sets:
        n = len(words)
        holding: dict[str, int] = {}
        at: list[dict[str, int]] = [{} for _ in placed]
        for word in words:
            for symbol in set(word):
                holding[symbol] = holding.get(symbol, 0) + 1
            for i, symbol in enumerate(word):
                at[i][symbol] = at[i].get(symbol, 0) + 1
        for symbol, count in holding.items():
            anywhere[symbol] = anywhere.get(symbol, 0) + min(count, n - count)
        for i, counts in enumerate(at):
            for symbol, count in counts.items():
                placed[i][symbol] = placed[i].get(symbol, 0) + min(count, n - count)
    return [
        sum(anywhere.get(symbol, 0) for symbol in set(word))
        + sum(placed[i].get(symbol, 0) for i, symbol in enumerate(word))
        for word in guesses
    ]


def scoring_pool(open_sets: Sequence[Sequence[str]], guesses: Sequence[str]) -> list[str]:
    """The words rule 4 scores, in the guess list's order (see the module's docstring)."""
    size = max(1, WORK_BUDGET // sum(len(words) for words in open_sets))
    if size >= len(guesses):
        return list(guesses)
    scores = split_scores(open_sets, guesses)
    chosen = sorted(range(len(guesses)), key=lambda i: (-scores[i], i))[:size]
    return [guesses[i] for i in sorted(chosen)]


def xlogx_table(size: int) -> list[int]:
    """``round(c · log2(c) · XLOGX_SCALE)`` for c = 0 … ``size`` (one table for both players)."""
    import math

    while len(_XLOGX) <= size:
        c = len(_XLOGX)
        _XLOGX.append(round(c * math.log2(c) * XLOGX_SCALE))
    return _XLOGX


def information_score(part_sizes: Sequence[Iterable[int]], board_sizes: Sequence[int]) -> float:
    """Σ over the open boards of (Σ over a board's parts of c·log2 c, fixed point) / n: the
    candidates' expected information still unknown, in board order (less is better; the
    boards' entropies are log2 n less this over :data:`XLOGX_SCALE`)."""
    table = xlogx_table(max(board_sizes))
    score = 0.0
    for sizes, n in zip(part_sizes, board_sizes, strict=True):
        score += sum(table[c] for c in sizes) / n
    return score


def information_order(open_sets: list[list[str]], guesses: Sequence[str], game: Game) -> list[str]:
    """Rule 4's order of the scored words (:func:`scoring_pool`): the least information
    score, then a candidate, then the earlier word."""
    candidates = set().union(*open_sets)
    board_sizes = [len(words) for words in open_sets]
    keyed = []
    for index, word in enumerate(scoring_pool(open_sets, guesses)):
        shown = codes_of(word, candidates, game).__getitem__  # each candidate once, for every board
        part_sizes = [Counter(map(shown, words)).values() for words in open_sets]
        keyed.append((information_score(part_sizes, board_sizes), word not in candidates, index, word))
    keyed.sort()
    return [entry[-1] for entry in keyed]
