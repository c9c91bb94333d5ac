"""Checkers on a triangle of their own colour, one place or more out from the base: a white checker lying on a
white checker on a white point.

Why: such a checker's face is the colour of the triangle under it, and its rim on the tip side lies on that
triangle, so the counter drops it as the board's own shape ("board-coloured": a triangle's rounded base is a
perfect half circle). That reasoning holds at the base, where the triangle is nearly a point wide. One checker's
place further out the triangle is already narrower than a checker (it narrows to its tip over some five diameters),
so no shape of its own draws a checker-sized circle there with clear rims on both sides: a clear disc there is a
checker, and checkers do not float, so the place inside it holds one too even when its rim was not seen (renders
6106, 6111, 6115, 6188, 6197, sample still sim_02: two checkers read as one or none, with full confidence).
Further discs dropped alike, each one place further on, continue the stack.
"""

from __future__ import annotations

from typing import Sequence

SECOND_RIM = 0.5  # a dropped disc this clear (share of the board's typical strong rim) at the second place ...
PLACE_STEP = (0.85, 1.25)  # ... one checker's place (diameters) beyond where the row's stacks start ...
IN_LINE = 0.3  # ... centred within this share of a point width of the point's centre line: a checker


def own_colour_stack(start: float, dropped: Sequence[tuple[float, float, float]]) -> list[float]:
    """Where the checkers of a point lie, in diameters from the base, from its discs dropped as board-coloured
    (each: diameters from the base, rim as a share of the typical strong rim, offset from the centre line in
    point widths): the second place and the ones beyond it, each one place on; empty when the second place holds
    no clear disc. ``start``: where the row's first checkers' centres lie (diameters from the base).

    The first place (the base) is not among them: it holds a checker whether or not one was seen there."""
    usable = sorted((u, rim) for u, rim, off in dropped if rim >= SECOND_RIM and abs(off) <= IN_LINE)
    found: list[float] = []
    last = start
    for u, _ in usable:
        if PLACE_STEP[0] <= u - last <= PLACE_STEP[1]:
            found.append(u)
            last = u
        elif not found and u - start > PLACE_STEP[1]:
            break
    return found
