"""Every valid Nerdle equation of a given length, as the game's rules define one.

An equation is ``LEFT=RIGHT`` over the symbols ``0-9 + - * / =``:

- exactly one ``=``; the right side is a non-negative integer written without a leading zero
  (``0`` itself allowed);
- the left side is numbers joined by at least one operator; two operators never touch, and
  neither side starts or ends with one (no unary minus);
- every number on the left is 1-9 or has two or more digits without a leading zero, so a lone
  ``0`` never appears there;
- the left side is evaluated with the usual precedence (``*`` and ``/`` before ``+`` and
  ``-``, left to right) in exact rational arithmetic, and must equal the right side exactly;
  a division may leave a fraction along the way (``3/2*4=6``).

These rules give 17,723 equations of eight symbols (Nerdle) and 206 of six (Mini Nerdle), the
counts of orenlivne/nerdle-solver's lists.

    python tools/nerdle_equations.py 6      # prints the 206 equations of Mini Nerdle
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator

OPERATORS = "+-*/"


def _numbers(digits: int) -> range:
    """The numbers of ``digits`` digits the left side may hold (no leading zero, no lone 0)."""
    return range(1 if digits == 1 else 10 ** (digits - 1), 10**digits)


def _layouts(width: int) -> Iterator[tuple[int, ...]]:
    """The digit counts of the left side's numbers (at least two) filling ``width`` symbols
    with one operator between each two."""
    for count in range(2, (width + 1) // 2 + 1):
        digits = width - (count - 1)
        for cut in itertools.combinations(range(1, digits), count - 1):
            bounds = (0, *cut, digits)
            yield tuple(b - a for a, b in itertools.pairwise(bounds))


def _value(numbers: tuple[int, ...], operators: tuple[str, ...]) -> tuple[int, int] | None:
    """The left side's exact value as (numerator, denominator), the denominator positive."""
    total_n, total_d = 0, 1
    term_n, term_d, sign = numbers[0], 1, 1
    for op, number in zip(operators, numbers[1:], strict=True):
        if op == "*":
            term_n *= number
        elif op == "/":
            term_d *= number
        else:
            total_n, total_d = total_n * term_d + sign * term_n * total_d, total_d * term_d
            term_n, term_d, sign = number, 1, 1 if op == "+" else -1
    return total_n * term_d + sign * term_n * total_d, total_d * term_d


def equations(length: int) -> list[str]:
    """Every valid equation of ``length`` symbols, sorted by code point."""
    found = []
    for left in range(3, length - 1):
        right = length - left - 1
        low, high = (0 if right == 1 else 10 ** (right - 1)), 10**right
        for layout in _layouts(left):
            ranges = [_numbers(d) for d in layout]
            for operators in itertools.product(OPERATORS, repeat=len(layout) - 1):
                for numbers in itertools.product(*ranges):
                    num, den = _value(numbers, operators)
                    if num % den:
                        continue
                    result = num // den
                    if low <= result < high:
                        text = str(numbers[0]) + "".join(
                            op + str(n) for op, n in zip(operators, numbers[1:], strict=True)
                        )
                        found.append(f"{text}={result}")
    return sorted(found)


if __name__ == "__main__":
    sys.stdout.write("".join(e + "\n" for e in equations(int(sys.argv[1]) if len(sys.argv) > 1 else 8)))
