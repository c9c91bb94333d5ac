"""Which discs with a rim under the board-wide floor are still checkers: those lying on a column that differs from
the empty board from its base out past them.

Why: the rim floor (``checkers.RIM_RELATIVE`` of the board's strongest rims) is set by whichever checkers contrast
most with the board. Where the two colours contrast very differently (white checkers on a dark field, red ones on
a red field), the faint colour's rims all fall under it and its checkers vanish, read empty with confidence. A
faint round rim alone is grain or a print; one lying on the point's centre line, over a column that something
unlike the empty board covers from the base out past it (``checker_empty``: learnt from the same-coloured points),
is a checker whose rim is faint, not a shape of the board. Such discs are then judged like any other (chain,
colour, the board's own shapes)."""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import numpy as np

ON_LINE = 0.25  # point widths a kept disc's centre may lie off its point's centre line
COVERED_PAST = 0.5  # radii past the disc's centre the column must differ from the empty board from its base
NOT_BEFORE = -0.5  # radii: a disc centred further outside the found edge is no checker of the point


def on_covered_column(from_base: float, off_line: float, covered: float, r: float, point_width: float) -> bool:
    """Whether a faint disc ``from_base`` px from its point's base and ``off_line`` px off its centre line lies on
    the column's run unlike the empty board (``covered``, px from the base) with its centre and COVERED_PAST radii
    beyond inside it."""
    return (abs(off_line) <= ON_LINE * point_width and from_base >= NOT_BEFORE * r
            and from_base + COVERED_PAST * r <= covered)


PITCH = (0.85, 1.25)  # centre distance (diameters) of neighbouring checkers in a row, as checkers.ROW_PITCH
IN_LINE = 0.5  # ... and how far (radii) they may stand apart sideways


def faint_checkers(weak: list[tuple[Any, Optional[int]]], from_base: Callable[[int, Any], float],
                   off_line: Callable[[int, Any], float], covered: dict[int, float], r: float,
                   point_width: Callable[[int], float],
                   clear: Callable[[], Sequence[tuple[Any, Optional[int]]]] = tuple) -> set[int]:
    """ids of the faint discs (each with its point, None off the points; ``.x``/``.y`` in px) kept as checkers:
    those on a covered column (``on_covered_column``), then those in line one checker's spacing from one kept on
    the same point (the run unlike the empty board stops short of a row of checkers of nearly the board's colour,
    whose shaded far ends match it; their rims still repeat at the checkers' pitch).

    A faint disc closer than a row's spacing to a disc already kept (``clear()``: the discs over the floor, each
    with its point, asked only when some faint disc lies on a covered column; or one kept here) is no checker of its
    own: the waist between two, or a second outline of one (a checker on top shows a clear rim), and it would only
    make a plain row look layered. Nor is one under a clear disc further out on its point kept (``under_clear``):
    render 7534 point 20, six read as a layered stack from its clear discs, was read as a plain row of five once its
    faint base checker was counted."""
    on_points = sorted(((d, p) for d, p in weak if p is not None), key=lambda dp: from_base(dp[1], dp[0]))
    seeds = {id(d) for d, p in on_points
             if on_covered_column(from_base(p, d), off_line(p, d), covered.get(p, 0.0), r, point_width(p))}
    if not seeds:
        return set()  # (most boards: nothing to keep, and no clear disc need be placed)
    pairs = list(clear())
    taken: list[Any] = [o for o, _ in pairs]
    outermost: dict[int, float] = {}  # per point, its outermost clear disc (diameters from the base, px)
    for o, q in pairs:
        if q is not None:
            outermost[q] = max(outermost.get(q, -np.inf), from_base(q, o))
    kept: dict[int, list[Any]] = {}
    rest: list[tuple[Any, int]] = []

    def apart(d: Any) -> bool:
        return all(np.hypot(d.x - o.x, d.y - o.y) >= PITCH[0] * 2 * r for o in taken)

    def under_clear(d: Any, p: int) -> bool:
        """A clear disc further out on the point: the stack's reading (``checker_stacks``) infers the row
        under it from where the clear discs lie; a faint disc there (a row checker half under a layer) adds only
        noise to that."""
        return outermost.get(p, -np.inf) > from_base(p, d) + PITCH[0] * 2 * r

    for d, p in on_points:
        if under_clear(d, p):
            continue
        if id(d) in seeds:
            if apart(d):
                kept.setdefault(p, []).append(d)
                taken.append(d)
        else:
            rest.append((d, p))
    grew = True
    while grew and rest:
        grew = False
        for d, p in list(rest):
            if abs(off_line(p, d)) <= ON_LINE * point_width(p) and apart(d) and not under_clear(d, p) and any(
                    PITCH[0] * 2 * r <= abs(d.y - k.y) <= PITCH[1] * 2 * r and abs(d.x - k.x) <= IN_LINE * r
                    for k in kept.get(p, [])):
                kept[p].append(d)
                taken.append(d)
                rest.remove((d, p))
                grew = True
    return {id(d) for ds in kept.values() for d in ds}
