"""Whether a die lies beyond an outer edge of the board that the image shows to be the board's real edge.

Why: a die that left the board voids the roll, so the reader looks for one on the table round the board; but a board
found too small (a render's right quarter cut off) puts dice on the field outside the found board, and calling those
off the board voids a good roll. The reader tells the two apart by the colour round the die (field or table), which
cannot decide when the table has a colour the field also shows (cream table, white points: game 21535, a die on the
table beside the frame read as lying on the field three times). The board's own edge can decide then: where the
found edge is the real one, the frame's rim just inside it looks like the rim on the other sides, and what lies
just beyond it (the table) does not. Where the found edge runs across the field, the band inside it is points and
checkers, not the rim, and the same lies on both sides of it.
"""

from __future__ import annotations

from typing import Optional

import cv2
import numpy as np

from calibration.geometry import BoardGeometry

BEYOND_EDGE = 1.0  # die edges (0.45 checker diameters) past the found outer edge a die must lie
RIM_INSET = 0.3  # share of the thinnest frame band (outer edge to playing area) inside the edge sampled as the rim
TABLE_OUTSET = 0.3  # checker diameters beyond the outer edge sampled as what lies round the board there
ALONG = 1.5  # checker diameters either side of the die's foot on the edge that are sampled
RIM_MATCH = 12.0  # Lab distance (median colours, lightness at half weight: light falls across a board unevenly)
# within which the rim by the die is the rim of the other sides
EDGE_STEP = 20.0  # Lab distance the rim must differ from what lies just beyond it


def lab_at(image: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Lab colours (float32, one row each) of the image pixels nearest ``points`` that lie in the image."""
    xy = np.round(points).astype(int)
    ok = (xy[:, 0] >= 0) & (xy[:, 1] >= 0) & (xy[:, 0] < image.shape[1]) & (xy[:, 1] < image.shape[0])
    px = image[xy[ok, 1], xy[ok, 0]].reshape(-1, 1, 3)
    if len(px) == 0:
        return np.zeros((0, 3), np.float32)
    return cv2.cvtColor(px, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)


def _side(geo: BoardGeometry, rx: float, ry: float) -> Optional[str]:
    """The outer edge the die lies beyond by BEYOND_EDGE die edges (the farthest one), or None."""
    w, h = geo.rect_size
    need = BEYOND_EDGE * 0.45 * geo.checker_diameter_px
    past = {"left": -rx, "right": rx - w, "top": -ry, "bottom": ry - h}
    side = max(past, key=lambda k: past[k])
    return side if past[side] >= need else None


def _edge_length(geo: BoardGeometry, side: str) -> float:
    """The length of ``side``'s outer edge in rectified px."""
    w, h = geo.rect_size
    return float(h if side in ("left", "right") else w)


def _band(geo: BoardGeometry, side: str, offset: float, lo: float, hi: float, n: int) -> np.ndarray:
    """``n`` rectified points along ``side``'s outer edge from ``lo`` to ``hi``, ``offset`` px outwards (<0: in)."""
    w, h = geo.rect_size
    t = np.linspace(lo, hi, n)
    if side in ("left", "right"):
        x = -offset if side == "left" else w + offset
        return np.c_[np.full(n, x), t]
    y = -offset if side == "top" else h + offset
    return np.c_[t, np.full(n, y)]


def beyond_board_edge(image: np.ndarray, geo: BoardGeometry, center: list[float]) -> bool:
    """True when the die at ``center`` (image px) lies beyond an outer edge of the board the image confirms: the
    rim by the die looks like the rim along the other three sides, and unlike what lies just beyond it."""
    rx, ry = geo.to_rect(np.array([center], dtype=np.float64))[0]
    side = _side(geo, float(rx), float(ry))
    if side is None:
        return False
    w, h = geo.rect_size
    d = geo.checker_diameter_px
    x0, y0, x1, y1 = geo.playing_area
    inset = RIM_INSET * min(x0, y0, w - x1, h - y1)
    if inset < 1.0:
        return False  # no frame between the field and the edge to look at
    along = float(ry) if side in ("left", "right") else float(rx)
    lo, hi = max(0.0, along - ALONG * d), min(_edge_length(geo, side), along + ALONG * d)
    if hi - lo < d:
        return False  # the die's foot falls past a corner: no stretch of this edge beside it
    rim = lab_at(image, geo.to_image(_band(geo, side, -inset, lo, hi, 12)))
    table = lab_at(image, geo.to_image(_band(geo, side, TABLE_OUTSET * d, lo, hi, 12)))
    others = [lab_at(image, geo.to_image(_band(geo, s, -inset, 0.1 * _edge_length(geo, s),
                                             0.9 * _edge_length(geo, s), 16)))
              for s in ("left", "right", "top", "bottom") if s != side]
    others = [o for o in others if len(o) >= 8]
    if len(rim) < 8 or len(table) < 8 or len(others) < 2:
        return False  # the edge by the die or the other rims lie outside the picture: cannot tell
    rim_c = np.median(rim, axis=0)
    shade = np.array([0.5, 1.0, 1.0], np.float32)  # a rim in shadow is still the rim
    like_rims = [float(np.linalg.norm((rim_c - np.median(o, axis=0)) * shade)) for o in others]
    step = float(np.linalg.norm(rim_c - np.median(table, axis=0)))
    # the rim by the die must look like most other sides' rims (one may be wrong or in shadow)
    return sorted(like_rims)[len(like_rims) // 2] <= RIM_MATCH and step >= EDGE_STEP
