"""Which discs on the bar are checkers, and which of the bar strip's discs belong to a point's stack beside it.

Why its own rules: the bar carries things that are round or nearly so and are no checkers (the cube, dice,
hinge plates, the hinge line, wood grain along the bar's edges, a hand reaching across), and a checker there is
not seen like one on a point. A checker on the bar rests at frame height, nearer the camera, so it shows at least
the size of the checkers on the points, and players leave it on the bar's middle line. So a disc found only at a
smaller size, or with a faint rim, is believed only on that line (the clear bar checkers' line, else the bar's
middle): on renders of seed 5353 every phantom on an empty bar (plates, grain at the edges, a hand) was faint or a
size smaller and lay off it. A checker is one disc: two discs closer than a checker's radius are one checker
found twice (at two sizes). And a board found a little off puts the bar strip over the first column beside it:
a disc outside the bar that continues a point's stack belongs to that point.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from vision.checker_discs import Disc
from vision.checker_runs import CheckerColour

BAR_COLOUR = 1.5  # a disc on the bar must be within this many colour tolerances of a learnt checker colour
CLEAR_RIM = 0.5  # share of its colour's typical rim that makes a disc's rim clear
BAR_RIM = 0.2  # share of its colour's typical rim a disc on the bar needs to count as a checker
SMALLER = 0.95  # a disc found below this share of the checkers' radius is smaller than a checker
OFF_LINE = 0.5  # radii off the bar's middle line (where its checkers wait) that make a doubtful disc no checker
SAME_CHECKER = 1.0  # radii: two discs whose centres are closer are one checker seen twice
STACK_DX = 0.5  # radii sideways ...
STACK_DY = 2.5  # ... and along the column within which a disc continues a point's stack


def beside_bar(on_bar: Sequence[Disc], on_points: Sequence[Disc], bar: tuple[float, float, float, float],
               r: float) -> list[Disc]:
    """The discs of the bar strip that belong to a point's stack beside the bar: centred outside the bar and in
    line with a disc on the points next to them."""
    x0, _, x1, _ = bar
    return [d for d in on_bar if not x0 <= d.x <= x1
            and any(abs(o.x - d.x) < STACK_DX * r and abs(o.y - d.y) < STACK_DY * r for o in on_points)]


def judge_bar(discs: Sequence[tuple[Disc, str]], r: float, learnt: dict[str, Optional[CheckerColour]],
              typical_rim: dict[str, float], bar: tuple[float, float, float, float]) -> dict[int, str]:
    """Why each disc on the bar that is no checker is not one, by ``id`` of the disc (the rest are checkers).

    ``discs``: the bar's discs with the colour ("light"/"dark") each was split into; ``r``: the checkers' radius;
    ``learnt``: each checker colour as the points show it; ``typical_rim``: each colour's typical rim; ``bar``:
    the bar's rectangle.

    A clear disc of a checker's size and colour is a checker. A doubtful one (a faint rim, or found only a size
    smaller) must also lie on the line the bar's checkers wait on (the clear ones', else the bar's middle): the
    hinge plates, the bar's edges and the grain along them lie off it."""
    why: dict[int, str] = {}
    doubtful: list[Disc] = []
    for d, colour in discs:
        colour_is = learnt.get(colour)
        if colour_is is None:
            why[id(d)] = "bar, not a checker colour"
            continue
        off = float(np.linalg.norm(np.array(d.lab) - colour_is.lab)) / colour_is.tolerance
        if off > BAR_COLOUR:
            why[id(d)] = "bar, not a checker colour"
        elif d.rim < BAR_RIM * typical_rim[colour]:
            # a checker on the bar stands clear of the bar's wood; faint round shapes there are its grain
            why[id(d)] = "bar, faint"
        elif d.rim < CLEAR_RIM * typical_rim[colour] or d.r < SMALLER * r:
            doubtful.append(d)
    sure = [d for d, _ in discs if id(d) not in why and d not in doubtful]
    line = float(np.median([d.x for d in sure])) if sure else (bar[0] + bar[2]) / 2
    for d in doubtful:
        if abs(d.x - line) > OFF_LINE * r:
            why[id(d)] = "bar, off its middle line"
    kept = sorted((d for d, _ in discs if id(d) not in why), key=lambda d: -d.rim)
    for i, d in enumerate(kept):
        if any(np.hypot(d.x - o.x, d.y - o.y) < SAME_CHECKER * r for o in kept[:i] if id(o) not in why):
            why[id(d)] = "bar, the same checker again"
    return why
