"""Count the checkers on every point, on the bar and borne off, in a rectified board view.

Why this shape: ``checker_discs`` finds every checker-sized round rim, whatever the colours. Which of those are
checkers is then decided by the game's own structure rather than by appearance alone: a point's checkers form a
chain that starts at the point's base and runs toward the middle (past the triangle's tip when there are more than
five; a second layer sits on top of the first row, half a diameter further on), so a disc that is not linked to
its base by such a chain is clutter (a logo, a die, a cup) and is dropped. Light and dark are the two lightness
clusters of all the accepted discs, so they follow the board in hand, not a trained palette.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

import cv2
import numpy as np

from calibration.geometry import BoardGeometry
from vision.checker_discs import Disc, find_discs

WORK_POINT_WIDTH = 26.0  # point width in working pixels: ~7 px per cm on a tournament board
RADIUS_FRACTIONS = (0.37, 0.42, 0.47)  # checker radius / point width tried when no calibration measured it
RIM_ABSOLUTE = 14.0  # a rim weaker than this is never a checker (noise and wood grain stay below)
RIM_RELATIVE = 0.22  # ... nor one weaker than this share of the board's typical strong rim
CHAIN_GAP = 2.7  # centre spacing (in radii) that still links two checkers of one point
FIRST_FROM_BASE = 2.2  # the first checker's centre lies within this many radii of the base
MAX_PER_POINT = 15


@dataclass
class CheckerCount:
    """Counts as the observation wants them, plus what the daemon and debugging need."""

    points: list[Optional[int]]
    bar: dict[str, int]
    off: dict[str, Optional[int]]
    confidence: list[float]  # per point 0..1 (1 = every disc clear and the chain tidy)
    discs: list[dict[str, Any]] = field(default_factory=list)  # accepted discs in rectified px, with where/colour
    radius_px: float = 0.0  # checker radius in rectified px
    warnings: list[str] = field(default_factory=list)


def _working_view(rect_bgr: np.ndarray, geometry: BoardGeometry) -> tuple[np.ndarray, float]:
    """The rectified view scaled so a point is ~WORK_POINT_WIDTH px wide, in smoothed float Lab."""
    scale = WORK_POINT_WIDTH / max(1.0, (geometry.point_width(1) + geometry.point_width(12)) / 2)
    scale = min(scale, 1.0)
    small = cv2.resize(rect_bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else rect_bgr
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32)
    lab = cv2.GaussianBlur(lab, (0, 0), 0.7)
    return lab, scale


def _search_mask(shape: tuple[int, int], geometry: BoardGeometry, scale: float, r: float) -> np.ndarray:
    """Where checker centres may lie: the playing area, the bar and the trays."""
    mask = np.zeros(shape, np.uint8)
    for rect in [geometry.playing_area, geometry.bar, *geometry.trays]:
        x0, y0, x1, y1 = (v * scale for v in rect)
        cv2.rectangle(mask, (int(x0 + 0.3 * r), int(y0 + 0.3 * r)), (int(x1 - 0.3 * r), int(y1 - 0.3 * r)), 255, -1)
    return mask


def _where(d: Disc, geometry: BoardGeometry, scale: float) -> Optional[int | str]:
    """Point number (1-24), "bar", "off" or None for a disc centre in working px."""
    x, y = d.x / scale, d.y / scale
    bx0, by0, bx1, by1 = geometry.bar
    if bx0 - 0.35 * (d.r / scale) <= x <= bx1 + 0.35 * (d.r / scale) and by0 <= y <= by1:
        # a checker wider than a narrow bar still sits on it when its centre is over the bar strip
        if bx1 - bx0 > 0.6 * d.r / scale or bx0 - 0.2 * d.r / scale <= x <= bx1 + 0.2 * d.r / scale:
            return "bar"
    for tray in geometry.trays:
        if tray[0] <= x <= tray[2] and tray[1] <= y <= tray[3]:
            return "off"
    for half, points_bottom, points_top in ((geometry.left_half, range(12, 6, -1), range(13, 19)),
                                            (geometry.right_half, range(6, 0, -1), range(19, 25))):
        x0, y0, x1, y1 = half
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            continue
        i = min(5, max(0, int((x - x0) / ((x1 - x0) / 6))))
        bottom = y > (y0 + y1) / 2
        return list(points_bottom)[i] if bottom else list(points_top)[i]
    return None


def _chain(discs: list[Disc], base_y: float, r: float, toward: float) -> list[Disc]:
    """The discs linked to the base: sorted outward, each within CHAIN_GAP radii of one already linked."""
    order = sorted(discs, key=lambda d: (d.y - base_y) * toward)
    linked: list[Disc] = []
    for d in order:
        dist_base = (d.y - base_y) * toward
        if dist_base < FIRST_FROM_BASE * r and not linked:
            linked.append(d)
            continue
        if dist_base < FIRST_FROM_BASE * r:
            linked.append(d)
            continue
        if any(np.hypot(d.x - k.x, d.y - k.y) <= CHAIN_GAP * r for k in linked):
            linked.append(d)
    return linked


def _split_colours(discs: list[Disc]) -> tuple[float, float]:
    """Lightness threshold between dark and light discs, and how clearly the two groups separate (0..1)."""
    if not discs:
        return 128.0, 0.0
    L = np.array(sorted(d.lab[0] for d in discs), np.float64)
    if len(L) == 1 or L[-1] - L[0] < 25:
        # one colour only: call it by its own lightness against the mid grey
        return (0.0 if L.mean() > 110 else 255.0), 0.3
    best_t, best_score = float(L.mean()), -1.0
    for i in range(1, len(L)):
        a, b = L[:i], L[i:]
        between = len(a) * len(b) * (a.mean() - b.mean()) ** 2
        if between > best_score:
            best_score, best_t = between, (L[i - 1] + L[i]) / 2
    spread = float(np.sqrt(np.mean((L - L.mean()) ** 2)))
    sep = min(1.0, (abs(L[-1] - L[0]) / (4 * spread + 1e-6)))
    return best_t, sep


def count_checkers(rect_bgr: np.ndarray, geometry: BoardGeometry) -> CheckerCount:
    """Read the rectified view ``rect_bgr`` (``geometry.rect_size``) into counts per point, bar and off."""
    lab, scale = _working_view(rect_bgr, geometry)
    pw = WORK_POINT_WIDTH if scale < 1 else geometry.point_width(1)
    if geometry.checker_diameter:
        radii = [geometry.checker_diameter * scale / 2]
    else:
        radii = [f * pw for f in RADIUS_FRACTIONS]
    mask = _search_mask(lab.shape[:2], geometry, scale, min(radii))
    discs, r = find_discs(lab, radii, mask, min_rim=RIM_ABSOLUTE)
    strong = sorted((d.rim for d in discs), reverse=True)[:10]
    ref = float(np.median(strong)) if strong else 0.0
    floor = max(RIM_ABSOLUTE, RIM_RELATIVE * ref)
    discs = [d for d in discs if d.rim >= floor]

    by_place: dict[Any, list[Disc]] = {}
    for d in discs:
        place = _where(d, geometry, scale)
        if place is not None:
            by_place.setdefault(place, []).append(d)

    accepted: list[tuple[Disc, Any]] = []
    for p in range(1, 25):
        column = by_place.get(p, [])
        if not column:
            continue
        base_x, base_y = geometry.point_base(p)
        toward = -1.0 if p <= 12 else 1.0
        for d in _chain(column, base_y * scale, r, toward):
            accepted.append((d, p))
    for place in ("bar", "off"):
        for d in by_place.get(place, []):
            accepted.append((d, place))

    threshold, separation = _split_colours([d for d, _ in accepted])
    points: list[Optional[int]] = [0] * 24
    bar = {"light": 0, "dark": 0}
    off: dict[str, Optional[int]] = {"light": 0 if geometry.trays else None, "dark": 0 if geometry.trays else None}
    colour_votes: dict[int, list[int]] = {}
    rims: dict[int, list[float]] = {}
    out_discs = []
    for d, place in accepted:
        colour = "light" if d.lab[0] > threshold else "dark"
        out_discs.append({"x": round(d.x / scale, 1), "y": round(d.y / scale, 1), "r": round(d.r / scale, 1),
                          "rim": round(d.rim, 1), "L": round(d.lab[0], 1), "colour": colour, "where": place})
        if isinstance(place, int):
            colour_votes.setdefault(place, []).append(1 if colour == "light" else -1)
            rims.setdefault(place, []).append(d.rim)
        elif place == "bar":
            bar[colour] += 1
        elif place == "off" and off[colour] is not None:
            off[colour] = (off[colour] or 0) + 1
    confidence = [1.0] * 24
    for p, votes in colour_votes.items():
        n = min(MAX_PER_POINT, len(votes))
        sign = 1 if sum(votes) > 0 else -1
        points[p - 1] = sign * n
        mixed = sum(1 for v in votes if v != sign) / len(votes)
        weakest = min(rims[p]) / max(ref, 1e-6)
        confidence[p - 1] = float(max(0.0, min(1.0, (1 - 2 * mixed) * min(1.0, 2 * weakest) * (0.5 + 0.5 * separation))))
    return CheckerCount(points=points, bar=bar, off=off, confidence=confidence, discs=out_discs,
                        radius_px=r / scale)
