"""Checkers on a point read empty whose discs were all dropped: a lone checker of its triangle's own colour, and a
stack whose base checkers were not found.

Why: the counter drops a disc coloured like the triangle under it when its rim fades on the tip side, as a
triangle's rounded base does (``checkers.TIP_ARC``); but a white checker on a cream point fades there too, as its
own edge meets a triangle of its colour. What tells them apart is not the rim: the board's own shape is the empty
board there (the row's other points of that colour show it too, so the empty-board model, ``checker_empty``, has
it), and it is coloured like the triangle, not like a checker. A clear disc that differs from the empty board on
most of its area and has a checker's colour (as near it as that colour's clear discs lie: a cream triangle's base
lay 0.6-0.8 of a tolerance off the pale checkers on render 2827 and real photo r15, both empty) may be a checker.
Likewise a stack whose base checkers were missed (a second layer hiding the first row's rims, black on navy) leaves
its upper discs unlinked to the base; three or more of them one checker's spacing apart on one column are a row of
checkers, which grain, prints and dice do not make.
Either way the count cannot tell how many there are: the point is left doubtful, never counted.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from vision.checker_discs import arc_score
from vision.checker_runs import CheckerColour

OWN_RIM = 0.5  # a board-coloured disc this clear (share of the board's typical strong rim) ...
OWN_UNLIKE = 0.5  # ... differing from the empty board on this share of its area ...
OWN_COLOUR = 0.5  # ... within half a checker colour's tolerance (as near as that colour's clear discs lie) ...
OWN_NEAR_BASE = 0.5  # ... centred within this many diameters of where the row's stacks start: maybe a checker
ROW_RIM = 0.2  # dropped discs at least this share of the typical rim ...
ROW_PITCH = (0.85, 1.25)  # ... one checker's spacing apart (diameters) ...
ROW_LENGTH = 3  # ... this many in a row on one point read empty: a stack whose base was not found
ROW_WHY = ("unlinked", "weak and alone", "not a checker colour", "as on the empty board")
# (why those discs were dropped: a die's disc is explained by the die, and discs dropped as scattered sideways or off a
# stack's centre line make no column: render 2730 point 16's grain did)


def colour_distance(lab: Sequence[float], colours: Sequence[Optional[CheckerColour]]) -> float:
    """How far a colour lies from the nearest learnt checker colour, in that colour's tolerances (inf when none
    was learnt)."""
    v = np.asarray(lab, np.float32)
    return round(min((float(np.linalg.norm(v - c.lab)) / c.tolerance for c in colours if c is not None),
                     default=float("inf")), 2)


def lone_on_own_colour(board_unlike: Sequence[Sequence[float]], row_base: float) -> bool:
    """Whether a disc dropped as board-coloured on a point read empty may be a checker of its triangle's colour.

    ``board_unlike``: per such disc (diameters from the base, rim as a share of the typical rim, tip-side rim as a
    share of its own, share of it unlike the empty board, distance to a checker colour in tolerances);
    ``row_base``: diameters from the base where the row's stacks start."""
    return any(rim >= OWN_RIM and unlike >= OWN_UNLIKE and colour <= OWN_COLOUR
               and abs(u - row_base) <= OWN_NEAR_BASE for u, rim, _, unlike, colour in board_unlike)


RIMMED_RIM = 0.25  # a disc of a short chain dropped as faint or as the board's own, this clear (share of the
# board's typical strong rim) ...
RIMMED_TIP = 1.0  # ... whose rim on its tip side is as strong as its sides' (a rim all round) ...
RIMMED_NEAR_BASE = 0.3  # ... centred within this many diameters of where the row's stacks start ...
RIMMED_LIFT = 15.0  # ... on a point whose board round it is as light as the empty board (within this much L)


def rimmed_at_base(lone_drops: Sequence[Sequence[float]], row_base: float, lift: Optional[Sequence[float]]) -> bool:
    """Whether a disc dropped from a chain of one or two as faint or as the board's own may be a lone checker on a
    triangle of its own colour.

    ``lone_drops``: per such disc (diameters from the base, rim as a share of the typical rim, share of it unlike
    the empty board, tip-side rim as a share of its own rim, distance to a checker colour in tolerances);
    ``row_base``: diameters from the base where the row's stacks start; ``lift``: how much lighter the board round
    the point's discs is than the empty board there (Lab; None when not measured).

    Why: a chain is dropped as faint against its colour's typical rim, but that rim is learnt where the checkers
    stand on the field or on triangles of the other colour; a white checker on a cream triangle shows a fraction
    of it (renders 16237 point 17 and 16238 point 11: a clear lone light checker at the base, rims 0.41 and 0.28
    of the typical rim, read empty for sure). A triangle's base meets a circle on its two sides and runs on into the
    triangle on the tip side, so its tip-side rim is weak (0.1-0.9 of its sides on the renders and photos measured);
    a checker's rim runs all round. Where the board round the point is darker or lighter than the empty board (a
    dice cup, a hand, a shadow over it), the tip-side edge may be that object's (real photo r19 point 14: the cup's
    edge above a cream triangle's base, tip 2.3, lift -61), so it tells nothing. The point is doubted, not counted.
    Neither the disc's colour nor how much of it differs from the empty board tells the checker from the base
    (checkers 0.4-3.0 tolerances off their colour and 0.0-0.66 unlike; triangles' bases 0.6-1.9 and 0.0-0.45).
    Measured (found boards, sure wrong / right points flagged): renders 16200-16279 (tuned) 36 -> 34 / 164 = 164;
    16400-16439 (held out) 26 -> 25 (16418 point 9, a lone ivory checker on a white triangle) / 106 = 106; the real
    photos and the sample stills identical."""
    if lift is not None and abs(float(lift[0])) > RIMMED_LIFT:
        return False
    return any(rim >= RIMMED_RIM and tip >= RIMMED_TIP and abs(u - row_base) <= RIMMED_NEAR_BASE
               for u, rim, _, tip, _ in lone_drops)


AS_BOARD_TIP = 1.4  # a disc dropped as on the empty board whose rim on its tip side is this many times its rim ...
AS_BOARD_NEAR_BASE = 0.25  # ... centred within this many diameters of where the row's stacks start, or of half a
# diameter from the found edge (where a base checker's centre lies) ...
AS_BOARD_CONTRAST = 1.5  # ... where the nearest checker colour lies within this many of its tolerances of the
# triangle's colour (the empty-board comparison cannot see such a checker's face): maybe a checker


def own_colour_contrast(lab: Optional[Sequence[float]], under: Optional[Sequence[float]],
                        colours: Sequence[Optional[CheckerColour]]) -> Optional[float]:
    """How far the checker colour nearest a disc's colour ``lab`` lies from the triangle's colour ``under`` it, in
    that checker colour's tolerances (None when either is not known)."""
    known = [c for c in colours if c is not None]
    if lab is None or under is None or not known:
        return None
    v = np.asarray(lab, np.float32)
    return colour_distance(under, [min(known, key=lambda c: float(np.linalg.norm(v - c.lab)))])


def rimmed_as_the_board(as_board: Sequence[Sequence[Any]], row_base: float) -> bool:
    """Whether a disc dropped as on the empty board on a point read empty may be a checker of about its triangle's
    colour.

    ``as_board``: per such disc (diameters from the base, rim as a share of the typical rim, tip-side rim as a
    share of its rim, how far the nearest checker colour lies from the triangle's colour in its tolerances or None);
    ``row_base``: diameters from the base where the row's stacks start.

    Why: a faint disc is dropped as the board's own when under a tenth of it differs from the empty board there
    (``checkers.EMPTY_SHARE``); but a checker whose colour lies within a tolerance or so of its triangle's (a pale
    blue checker on a white point, a light one on cream) differs from the empty board on its rim only, and its rim
    is faint against that triangle: renders 57100 point 19 (a pale checker on a white point under the frame's
    edge, beside an identical checker found on the next point) and 57016 point 6 were read empty at confidence 1.0.
    What tells it from the board's own shapes is its tip side: a triangle's base runs on into the triangle there
    (tip-side rim 0.06-0.71 of its rim on the 48 such discs at empty points' bases on renders 57000-57039 and
    57100-57139, 1.28 on real photo r19's), a checker's rim runs all round and shows most where it lies on the
    triangle (1.52 and 2.1). Discs a third of a diameter or more out from there are the board's shapes
    further up the triangle (render 57329 points 4 and 20, empty: 0.81 and 0.85 from the edge, tips 1.83 and 1.41).
    The point is doubted, never counted: its colour cannot be told."""
    return any(tip >= AS_BOARD_TIP and min(abs(u - row_base), abs(u - 0.5)) <= AS_BOARD_NEAR_BASE
               and contrast is not None and contrast <= AS_BOARD_CONTRAST
               for u, _, tip, contrast in as_board)


def dropped_row(dropped: Sequence[Sequence[Any]]) -> bool:
    """Whether the discs dropped on a point read empty (why, diameters from the base, rim as a share of the typical
    rim) make a row of ROW_LENGTH or more, each one checker's spacing from the last, wherever it starts."""
    return chained_row([float(u) for why, u, rim in dropped if why in ROW_WHY and rim >= ROW_RIM], ROW_LENGTH)


def chained_row(us: Sequence[float], length: int, pitch: tuple[float, float] = ROW_PITCH) -> bool:
    """Whether ``length`` or more of the places ``us`` (diameters from the base) chain one checker's spacing
    (``pitch``) from the last, wherever the chain starts."""
    us = sorted(us)
    for i, first in enumerate(us):
        row = [first]
        for u in us[i + 1:]:
            if pitch[0] <= u - row[-1] <= pitch[1]:
                row.append(u)
        if len(row) >= length:
            return True
    return False


ODD_FACE_RATIO = 3.0  # a lone disc whose face strays this many times as far from its own colour as its fellows' ...
ODD_FACE_EXTRA = 2.5  # ... and this much further (Lab) ...
ODD_FACE_VIEWS = 3  # ... (with this many of its colour's stacked checkers seen) ...
ODD_FACE_NEAR_BASE = 0.5  # ... centred within this many diameters of where the row's stacks start: no checker


def odd_faced_lone(cue: dict[str, Any]) -> bool:
    """Whether a point read as one checker holds none: its one disc lies at the base, yet its face is far less even
    than its colour's stacked checkers' (``cue["face"]``: its spread, the median of theirs, how many were seen;
    ``checker_colours.face_spread``).

    Why: one player's checkers are made alike, so their faces are as even as each other; a round shape at a
    point's base whose face is three or more times as uneven is the board's own (a triangle's rounded base over
    grain or a print, a die's pips, a shadow's edge). Measured with the true geometry on renders 10300-10339 and
    the sample stills: of 23 lone discs doubted as faint or unlike their colour, 9 phantoms at the base had a face
    3.1-21 times their colour's, the 4 real checkers 0.9-2.2 times (one of two, 5.6, lay four diameters out on a
    stack read as two). The point is read empty, still in doubt (``checker_doubt``: the referee waits on it)."""
    face = cue.get("face")
    us = cue.get("us") or []
    if not face or len(us) != 1 or int(cue.get("n") or 0) != 1 or face[2] < ODD_FACE_VIEWS:
        return False
    if us[0] - float(cue.get("row_base", 0.5)) > ODD_FACE_NEAR_BASE:
        return False
    return face[0] > ODD_FACE_RATIO * face[1] and face[0] - face[1] > ODD_FACE_EXTRA


SIDE_EDGE_ARC = 22.5  # half-width (degrees) of the arcs measured on a lone disc's tip side and its two sides
SIDE_EDGE_TIP = 0.4  # a lone disc whose rim on its tip side is under this share of its rim (its weakest stretch) ...
SIDE_EDGE_SIDE = 3.0  # ... while a side shows an edge this many times its rim: a triangle's base, not a checker


def side_edges(gx: np.ndarray, gy: np.ndarray, x: float, y: float, r: float, rim: float, toward: float
               ) -> list[float]:
    """A lone disc's edge strength (``checker_discs.arc_score``) on its tip side and on its two sides, each as a
    share of its ``rim``; ``toward``: the direction (degrees, image axes) from the point's base to its tip. The
    sides only where the tip side is under SIDE_EDGE_TIP (most checkers' is not: their sides are not needed, and
    each arc costs ~35 us)."""
    def arc(a: float) -> float:
        return round(arc_score(gx, gy, x, y, r, toward + a, SIDE_EDGE_ARC, 7) / max(rim, 1e-6), 2)

    tip = arc(0.0)
    return [tip] if tip >= SIDE_EDGE_TIP else [tip, arc(90.0), arc(-90.0)]


def straight_sided_lone(cue: dict[str, Any]) -> bool:
    """Whether the one disc counted on a point is a light triangle's base meeting the frame, not a checker: no edge
    on its tip side, and one far stronger than its rim on a side (``cue["side_edges"]``: ``side_edges``).

    Why: where a triangle about as light as the light checkers meets the frame, its base, its straight edges and
    the frame draw a round shape with a clear rim, its inside a light checker's colour (on a wooden board its grain
    passes for a checker's face). Its strongest edges are the triangle's own straight sides, many times the rim's
    weakest stretch, and on its tip side the triangle runs on: no edge there. A checker's rim runs all round, about
    as strong everywhere, on its tip side too (its edge and shadow, even on a triangle of its own colour). Measured
    on renders 82500-82559 and 82700-82849 (helper m2): of the points read right from one disc, those with a side
    this strong showed 0.62 or more of their rim on the tip side; phantoms on empty points 0.02-0.38 (7 of the 12
    read sure there, 11 more already doubted), and 3 miscounted stacks already doubted. The point is doubted (the
    referee waits), not emptied: a checker that shows it is still read."""
    edges = cue.get("side_edges")
    if not edges or len(edges) != 3 or len(cue.get("us") or []) != 1:
        return False
    tip, side_a, side_b = edges
    return tip < SIDE_EDGE_TIP and max(side_a, side_b) >= SIDE_EDGE_SIDE
