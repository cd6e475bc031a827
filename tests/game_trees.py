"""Valid trees of any game built with no compiler, by a simple rule (not a test module)."""

from array import array

from wordle_runtime.format import TreeData
from wordle_runtime.game import Game


def first_candidate_tree(game: Game, answers: list[str], guesses: list[str], mode: str = "possible") -> TreeData:
    """A valid tree of ``game``: at every node the first answer still possible is played."""
    answers, guesses = sorted(answers), sorted(set(guesses) | set(answers))
    guess_at = {w: i for i, w in enumerate(guesses)}
    node_guess, node_answer, edges = [], [], []  # edges: (parent, code, child)
    queue = [(answers, None, None)]
    while queue:
        remaining, parent, code = queue.pop(0)
        node = len(node_guess)
        guess = remaining[0]
        node_guess.append(guess_at[guess])
        node_answer.append(answers.index(guess))
        if parent is not None:
            edges.append((parent, code, node))
        classes: dict[int, list[str]] = {}
        for answer in remaining[1:]:
            classes.setdefault(game.score_code(guess, answer), []).append(answer)
        queue.extend((cls, node, c) for c, cls in sorted(classes.items()))
    edges.sort()
    start = [0] * (len(node_guess) + 1)
    for parent, _, _ in edges:
        start[parent + 1] += 1
    for i in range(len(node_guess)):
        start[i + 1] += start[i]
    return TreeData(
        answers,
        guesses,
        array("I", node_guess),
        array("i", node_answer),
        array("I", start),
        array("B" if game.byte_codes else "H", [c for _, c, _ in edges]),
        array("I", [child for _, _, child in edges]),
        meta={},
        mode=mode,
        guess_list=guesses,
        game=game,
    )
