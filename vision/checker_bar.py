"""Which discs on the bar are checkers, and which of the bar strip's discs belong to a point's stack beside it.

Why its own rules: the bar carries things that are round or nearly so and are no checkers (the cube, dice,
hinge plates, the hinge line, wood grain along the bar's edges, a hand reaching across), and a checker there is
not seen like one on a point. A checker on the bar rests at frame height, nearer the camera, so it shows at least
the size of the checkers on the points, and players leave it on the bar's middle line. So a disc found only at a
smaller size, or with a faint rim, is believed only on that line (the clear bar checkers' line, else the bar's
middle): on renders of seed 5353 every phantom on an empty bar (plates, grain at the edges, a hand) was faint or a
size smaller and lay off it. A checker is one disc: two discs closer than a checker's radius are one checker
found twice (at two sizes). The doubling cube often rests on the bar, and a face of it found as a disc (a size
smaller, its rim clear) passes every test above; but a cube's face carries a printed number (64, 2, ...) and a
checker's face is one colour: a disc whose middle holds many pixels far from its own median lightness is printed
(on renders of seeds 1901-1940 and 2101-2140 every cube disc had 20-32% such pixels, every bar checker 0%, the
real photos' bar checkers up to 7%). And a board found a little off puts the bar strip over the first column beside it:
a disc outside the bar that continues a point's stack belongs to that point.

A checker on the bar is also lit unlike the points' checkers that taught its colour (it stands higher, elsewhere in
the light): on renders 46000-46299 dark checkers on the bar showed 19-38 Lab lightness above the points' dark
colour, 1.8-2.7 colour tolerances off, and were dropped as "not a checker colour" (5 of 114 bars with checkers read
short). Such a disc still counts when all else says checker: a checker's size, no print, a rim a third of its
colour's typical one, on the bar's line, nearer its own colour than the other, and round all the way: its outline
shows on every diagonal eighth. The plain shapes of a checker's size that those renders showed on the bar's middle
were the hinge plates, rectangles: a circle fitted to one finds no edge on its diagonals (every plate 0.13-0.25 of
its rim there; the dropped bar checkers 0.44-1.06, the bar checkers counted before 0.20-1.9, 4 of 212 under 0.4).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from vision.checker_discs import Disc, arc_score, colour_gradient
from vision.checker_runs import CheckerColour

BAR_COLOUR = 1.5  # a disc on the bar must be within this many colour tolerances of a learnt checker colour
CLEAR_RIM = 0.5  # share of its colour's typical rim that makes a disc's rim clear
BAR_RIM = 0.2  # share of its colour's typical rim a disc on the bar needs to count as a checker
SMALLER = 0.95  # a disc found below this share of the checkers' radius is smaller than a checker
OFF_LINE = 0.5  # radii off the bar's middle line (where its checkers wait) that make a doubtful disc no checker
SAME_CHECKER = 1.0  # radii: two discs whose centres are closer are one checker seen twice
PRINT_L = 45.0  # Lab lightness (0-255) from a disc's median that marks a pixel of its middle as print (a digit)
PRINTED = 0.15  # share of print pixels in a disc's middle that makes it a printed face (the cube, a die), no checker
UNDER_CUBE = 1.5  # share of its colour's typical rim of a printed checker-sized disc that is a checker under the cube
MIDDLE = 0.65  # radii of a disc's middle looked at for print (its rim and shadow left out)
STACK_DX = 0.5  # radii sideways ...
STACK_DY = 2.5  # ... and along the column within which a disc continues a point's stack
LIT_COLOUR = 3.0  # colour tolerances a round, plain, checker-sized disc on the bar's line may lie from its colour
LIT_RIM = 0.35  # share of its colour's typical rim such a disc needs
ROUND = 0.4  # share of its rim a disc's outline must show on each diagonal eighth to be round (no hinge plate)
DIAGONALS = (45.0, 135.0, 225.0, 315.0)


def beside_bar(on_bar: Sequence[Disc], on_points: Sequence[Disc], bar: tuple[float, float, float, float],
               r: float) -> list[Disc]:
    """The discs of the bar strip that belong to a point's stack beside the bar: centred outside the bar and in
    line with a disc on the points next to them."""
    x0, _, x1, _ = bar
    return [d for d in on_bar if not x0 <= d.x <= x1
            and any(abs(o.x - d.x) < STACK_DX * r and abs(o.y - d.y) < STACK_DY * r for o in on_points)]


def printed(lab: np.ndarray, d: Disc) -> float:
    """Share of a disc's middle (``lab``: the working Lab view) far in lightness from its median: the digits of a
    cube's face or a die's pips; a checker's face is one colour (grain and sheen stay well within PRINT_L)."""
    rr = MIDDLE * d.r
    y0, y1 = int(max(0, np.floor(d.y - rr))), int(min(lab.shape[0], np.ceil(d.y + rr) + 1))
    x0, x1 = int(max(0, np.floor(d.x - rr))), int(min(lab.shape[1], np.ceil(d.x + rr) + 1))
    yy, xx = np.mgrid[y0:y1, x0:x1]
    seen = lab[y0:y1, x0:x1, 0][(xx - d.x) ** 2 + (yy - d.y) ** 2 <= rr * rr]
    if seen.size == 0:
        return 0.0
    return float(np.mean(np.abs(seen - np.median(seen)) > PRINT_L))


def round_all_the_way(gx: np.ndarray, gy: np.ndarray, d: Disc) -> bool:
    """True when the disc's outline shows on each diagonal eighth (ROUND of its rim): a checker's, not a rectangle's
    (a hinge plate fitted by a circle shows its edges on the circle's sides only)."""
    return all(arc_score(gx, gy, d.x, d.y, d.r, a, half_width=22.5, samples=9) >= ROUND * d.rim for a in DIAGONALS)


def judge_bar(discs: Sequence[tuple[Disc, str]], r: float, learnt: dict[str, Optional[CheckerColour]],
              typical_rim: dict[str, float], bar: tuple[float, float, float, float],
              lab: Optional[np.ndarray] = None,
              gradient: Optional[tuple[np.ndarray, np.ndarray]] = None) -> dict[int, str]:
    """Why each disc on the bar that is no checker is not one, by ``id`` of the disc (the rest are checkers).

    ``discs``: the bar's discs with the colour ("light"/"dark") each was split into; ``r``: the checkers' radius;
    ``learnt``: each checker colour as the points show it; ``typical_rim``: each colour's typical rim; ``bar``:
    the bar's rectangle; ``lab``: the working Lab view the discs were found in (to tell the cube's printed face);
    ``gradient``: its colour gradient (``colour_gradient(lab)``, made from ``lab`` when not given).

    A clear disc of a checker's size and colour is a checker. A doubtful one (a faint rim, or found only a size
    smaller) must also lie on the line the bar's checkers wait on (the clear ones', else the bar's middle): the
    hinge plates, the bar's edges and the grain along them lie off it. A disc a little off its colour (the bar's
    light) must be all that a checker is besides (see the module's notes), and also lie on that line."""
    why: dict[int, str] = {}
    doubtful: list[Disc] = []

    def lit_otherwise(d: Disc, colour: str, off: float) -> bool:
        """A disc off its colour by up to LIT_COLOUR that is a checker in all else: size, print, rim, roundness."""
        other = learnt.get("dark" if colour == "light" else "light")
        if lab is None or off > LIT_COLOUR or d.r < SMALLER * r or d.rim < LIT_RIM * typical_rim[colour]:
            return False
        if other is not None and float(np.linalg.norm(np.array(d.lab) - other.lab)) / other.tolerance <= off:
            return False
        if printed(lab, d) >= PRINTED:
            return False
        gx, gy = gradient if gradient is not None else colour_gradient(lab)
        return round_all_the_way(gx, gy, d)

    for d, colour in discs:
        colour_is = learnt.get(colour)
        if colour_is is None:
            why[id(d)] = "bar, not a checker colour"
            continue
        off = float(np.linalg.norm(np.array(d.lab) - colour_is.lab)) / colour_is.tolerance
        if off > BAR_COLOUR and lit_otherwise(d, colour, off):
            doubtful.append(d)  # a checker lit unlike the points' own: believed on the bar's line only
        elif off > BAR_COLOUR:
            why[id(d)] = "bar, not a checker colour"
        elif lab is not None and printed(lab, d) >= PRINTED and not (
                d.r >= SMALLER * r and d.rim >= UNDER_CUBE * typical_rim[colour]):
            # print inside a checker-sized disc whose rim is far stronger than its colour's typical checker is
            # the cube resting on a checker (sample still 1: 2.3 times); the cube's own face and dice found at
            # checker size showed at most the typical rim (sample stills 4 and 9, renders 1669 and 1756: a red
            # cube among red checkers). One example for, five against: a narrow rule
            why[id(d)] = "bar, a printed face (the cube)"
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
