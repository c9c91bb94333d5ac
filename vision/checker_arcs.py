"""Checkers on top of a row seen by the rim they draw across the row's checkers.

Why: on a tall stack (a row, then layers on top, each one shorter and half a diameter further on) the checkers on
top lie on checkers of their own colour, so the disc finder, which wants a rim on both sides of a disc, sees few
of them and the count stops at the row (12 read 5). One rim often shows, though: the outer end of the layer over
the row. The layer's last checker ends half a diameter short of the row's last one, so its rim crosses the row's
last checker through its centre, as an arc facing the tip; a lone checker on top of a row (a sixth on five)
crosses the row's second checker so. On a plain row that part of a checker is its face: no rim runs there.
Measured on renders 10700-10779 (true geometry): the tip-facing arc half a diameter inside the last disc, as a
share of the arc at the disc's own end, is 0.07 on the median plain row of 2-5 (0.21 at the 90th percentile) and
0.32 on the median stack of 9 or more.

Each such arc is handed to the stack model (``checker_stacks.read_stack``) as one more disc: only a layered shape
explains a disc half a diameter inside a row checker, so a plain row stays a plain row, and a count that rests on
an arc is doubtful (the referee waits; a face's print may draw the same arc).
"""
from __future__ import annotations

from typing import Optional, Sequence

import numpy as np


ARC_SPAN = 40.0  # degrees either side of along-the-column sampled on the arc
END_SEARCH = (0.4, 0.6)  # diameters inside a disc's centre where the end of a checker on top is looked for
REF_SEARCH = 0.1  # diameters either side of a disc's centre for its own end's arc
MID_SEARCH = (0.2, 0.3)  # diameters inside a disc: its face, between the two arcs
END_SHARE = 0.3  # the arc of a checker on top must be this share of the disc's own end's arc ...
END_PEAK = 1.5  # ... and this many times the face's edges beside it (a rim, not a textured face) ...
FACE_RATIO = 2.5  # ... and this many times what the point's other checkers show there (median)
DOUBT_PEAK = 1.2  # an arc that stands out so from the other checkers' faces but is fainter than END_SHARE of the
# disc's end or under END_PEAK of its own face is no count, but a doubt (``layer_arcs``)


def _unit_arc(toward: float) -> tuple[np.ndarray, np.ndarray]:
    th = np.radians(90.0 * toward + np.linspace(-ARC_SPAN, ARC_SPAN, 11))
    return np.cos(th), np.sin(th)


UNIT_ARCS = {1.0: _unit_arc(1.0), -1.0: _unit_arc(-1.0)}


def _arcs(gx: np.ndarray, gy: np.ndarray, xs: np.ndarray, ys: np.ndarray, r: float, toward: float) -> np.ndarray:
    """Tip-facing arc scores (``checker_discs.arc_score``'s: the median radial edge of 11 samples over
    ``ARC_SPAN``) of circles of radius ``r`` centred at each (``xs``, ``ys``), in one pass."""
    ux, uy = UNIT_ARCS[toward]
    h, w = gx.shape
    px = np.clip(np.rint(xs[:, None] + r * ux).astype(np.int32), 0, w - 1)
    py = np.clip(np.rint(ys[:, None] + r * uy).astype(np.int32), 0, h - 1)
    radial = np.abs(gx[py, px] * ux + gy[py, px] * uy)
    return np.partition(radial, 5, axis=1)[:, 5]


def _offsets(lo: float, hi: float) -> np.ndarray:
    return np.arange(lo, hi + 1e-6, 0.05)


REF_U = _offsets(-REF_SEARCH, REF_SEARCH)
END_U = _offsets(-END_SEARCH[1], -END_SEARCH[0])
MID_U = _offsets(-MID_SEARCH[1], -MID_SEARCH[0])
ALL_U = np.concatenate([REF_U, END_U, MID_U])


def layer_edges(gx: np.ndarray, gy: np.ndarray, discs: Sequence[tuple[float, float]], r: float, toward: float
                ) -> list[tuple[int, float]]:
    """``layer_arcs``' arcs clear enough to be counted: (index in ``discs``, the arc as a share of that disc's own
    end's rim) each."""
    return [(i, share) for i, share, sure in layer_arcs(gx, gy, discs, r, toward) if sure]


def layer_arcs(gx: np.ndarray, gy: np.ndarray, discs: Sequence[tuple[float, float]], r: float, toward: float
               ) -> list[tuple[int, float, bool]]:
    """The point's discs that a checker on top crosses with its rim through their centres: (index in ``discs``,
    the arc as a share of that disc's own end's rim) each. ``discs``: centres in the working view, ``r`` their
    radius, ``toward``: +1 when the point's tip lies at larger y, -1 otherwise.

    A layer's outer end crosses the row's last checker so (see the module), and a lone checker on top of a row
    (a sixth on a row of five) crosses the row's second checker so; only these two are asked (an arc across a
    checker amid a row came from a doubled disc at the row's end on sample still sim_38: 6 read 15). The same
    place on the point's other checkers is the control: a checker's own face (a gloss highlight, a printed
    groove, lit the same way on every checker of the point) draws arcs there too. A dark row of five drew
    0.3-0.8 of its end's rim at a layer's place, as much as on its other checkers (0.9-1.3 times); the ends of
    layers drew 4-12 times the other checkers' (renders 10700-10739).

    Returns (index in ``discs``, the arc as a share of that disc's own end's rim, whether it is clear enough to be
    counted) each. An arc that stands out from the other checkers' faces as much (FACE_RATIO) but is fainter than
    END_SHARE of the disc's end, or only DOUBT_PEAK times its own face, is returned as not sure: a dark checker on
    top of a dark row draws its outline so faintly (tall-stack renders 72501 and 72507: a sixth on a row of five
    read five for sure, arcs 4.8 and 2.8 times the other checkers' but 0.22 and 0.11 of the disc's end), and no
    plain row of 4-5 on renders 72500-72579 showed one over 2.43 times."""
    n = len(discs)
    if n < 2:
        return []
    toward = 1.0 if toward > 0 else -1.0
    # (first the two checkers asked, alone: most points stop here; about 0.1 ms a point)
    asked = sorted({1, n - 1})
    xs = np.repeat([discs[i][0] for i in asked], len(ALL_U))
    ys = np.repeat([discs[i][1] for i in asked], len(ALL_U)) + np.tile(toward * ALL_U * 2 * r, len(asked))
    arcs = _arcs(gx, gy, xs, ys, r, toward).reshape(len(asked), len(ALL_U))
    ref = arcs[:, :len(REF_U)].max(axis=1)
    edge = arcs[:, len(REF_U):len(REF_U) + len(END_U)].max(axis=1)
    mid = arcs[:, len(REF_U) + len(END_U):].max(axis=1)
    sure = (ref > 0.0) & (edge >= END_SHARE * ref) & (edge >= END_PEAK * mid)
    keep = sure | ((ref > 0.0) & (edge > 0.0) & (edge >= DOUBT_PEAK * mid))
    if not keep.any():
        return []
    # the control: the same place on every disc of the point
    xs = np.repeat([d[0] for d in discs], len(END_U))
    ys = np.repeat([d[1] for d in discs], len(END_U)) + np.tile(toward * END_U * 2 * r, n)
    faces = _arcs(gx, gy, xs, ys, r, toward).reshape(n, len(END_U)).max(axis=1)
    out = []
    for k, i in enumerate(asked):
        if keep[k] and edge[k] >= FACE_RATIO * float(np.median(np.delete(faces, i))):
            out.append((i, float(min(1.0, edge[k] / ref[k])), bool(sure[k])))
    return out
