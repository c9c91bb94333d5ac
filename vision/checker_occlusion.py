"""Which points a hand or arm covers: those are reported as None ("cannot see"), never as a guessed count.

Why skin and not "anything unexpected": a player's hand is the one large thing that crosses the points while the
game is on, and a wrong count under a hand would be a false alarm. Skin tones sit in a narrow band of YCrCb
chroma whatever the light level. Boards can share that band (wood, camel suede), so a pixel only counts as skin
when it is also unlike every colour the board itself shows (its triangles and field) and unlike both checker
colours; a point is covered when a real share of its column is such skin.
"""

from __future__ import annotations

from typing import Optional, Sequence

import cv2
import numpy as np

from vision.checker_median import median_along

CR_RANGE = (136, 175)
CB_RANGE = (78, 130)
MIN_Y = 45
UNLIKE_BOARD = 22.0  # Lab distance from every board and checker colour for a skin-toned pixel to count
COVERED_FRACTION = 0.2  # share of a point's column that must be skin for the point to be covered


def skin_mask(small_bgr: np.ndarray, lab: np.ndarray, known_colours: Sequence[Optional[np.ndarray]],
              min_area: float = 0.0, border_only: bool = False) -> np.ndarray:
    """Boolean mask of skin-toned pixels unlike any colour the board and its checkers show (with
    ``border_only``, only blobs that reach the edge of the view, as an arm does)."""
    ycc = cv2.cvtColor(small_bgr, cv2.COLOR_BGR2YCrCb)
    # the three ranges (inclusive) in one pass, not nine numpy passes over the view
    mask = cv2.inRange(ycc, (MIN_Y, CR_RANGE[0], CB_RANGE[0]), (255, CR_RANGE[1], CB_RANGE[1])) > 0
    if not mask.any():
        return mask
    # the skin-toned pixels of each Lab channel, in row-major order (one contiguous plane per channel): the
    # squared distance as three plain products, summed in the order an einsum over the channels sums them (the
    # same values), several times quicker on a view's worth of pixels
    # (the skin-toned pixels gathered first, then split into planes: the same values in the same order, without
    # copying the whole view's three planes for a few thousand pixels)
    pix = lab[mask]
    planes = [np.ascontiguousarray(pix[:, c]) for c in range(pix.shape[1])]
    keep = np.ones(len(planes[0]), bool)
    for colour in known_colours:
        if colour is None:
            continue
        c = np.asarray(colour, np.float32)
        d0, d1, d2 = planes[0] - c[0], planes[1] - c[1], planes[2] - c[2]
        keep &= d0 * d0 + d1 * d1 + d2 * d2 > UNLIKE_BOARD ** 2
    mask = mask.copy()
    mask[mask] = keep
    if mask.sum() < min_area:
        return np.zeros(mask.shape, bool)
    # a hand is one large blob: drop specks and grain (JPEG noise, reflections, wood figure)
    m = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    if cv2.countNonZero(m) < min_area:
        # (too little left for any blob to be a hand's: the labelling, most of this test's cost, would keep none)
        return np.zeros(m.shape, bool)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(m, connectivity=8)
    keep = np.zeros(n, bool)
    keep[1:] = stats[1:, cv2.CC_STAT_AREA] >= min_area
    if border_only:
        # a hand over the board hangs on an arm that reaches in from outside it: its blob runs to the view's
        # edge, where a skin-toned patch of wood or a highlight inside the board does not
        h, w = m.shape
        x, y = stats[:, cv2.CC_STAT_LEFT], stats[:, cv2.CC_STAT_TOP]
        bw, bh = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
        keep &= (x <= 1) | (y <= 1) | (x + bw >= w - 1) | (y + bh >= h - 1)
    return keep[labels]


FRAME_MARGIN = 0.15  # share of a frame strip's width left out on its inner side (where the points' edge may lie)


def frame_colours(lab: np.ndarray, inner: tuple[float, float, float, float]) -> list[np.ndarray]:
    """The frame's own colours: the median Lab colour of each of the four strips between the view's edge and the
    playing area ``inner`` (x0, y0, x1, y1 in ``lab`` px). A wooden frame is often skin-toned, and the strips run
    to the view's edge as an arm does; unknown, the frame was taken for a hand over the points beside it (render
    56535 frame 316: point 12, by the left end of a mahogany frame, read as covered with no hand in view). A hand
    covers a small share of a strip, so the median is the frame's."""
    h, w = lab.shape[:2]
    x0, y0, x1, y1 = inner
    strips = []
    for a, b, horizontal in ((0.0, y0, True), (y1, float(h), True), (0.0, x0, False), (x1, float(w), False)):
        # each strip without its inner share FRAME_MARGIN (where the points' edge and its blur may lie)
        cut = (b - a) * FRAME_MARGIN
        lo, hi = (int(a), int(b - cut)) if a == 0.0 else (int(a + cut), int(b))
        if horizontal:  # above or below the points, as long as they are
            strip = lab[max(0, lo):min(h, hi), int(max(0, x0)):int(min(w, x1))]
        else:  # beside them, as high as they are
            strip = lab[int(max(0, y0)):int(min(h, y1)), max(0, lo):min(w, hi)]
        if strip.size >= 3 * 4:
            strips.append(median_along(strip.reshape(-1, 3), 0).astype(np.float32))  # (np.median's values)
    return strips


def covered_points(mask: np.ndarray, columns: dict[int, tuple[int, int, int, int]]) -> set[int]:
    """Points whose column rectangle (x0, y0, x1, y1 in mask px) is at least COVERED_FRACTION skin."""
    out = set()
    h, w = mask.shape
    for p, (x0, y0, x1, y1) in columns.items():
        x0, x1 = max(0, x0), min(w, x1)
        y0, y1 = max(0, y0), min(h, y1)
        if x1 <= x0 or y1 <= y0:
            continue
        if float(mask[y0:y1, x0:x1].mean()) >= COVERED_FRACTION:
            out.add(p)
    return out
