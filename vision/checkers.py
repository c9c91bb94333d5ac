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
SAME_AS_BOARD = 16.0  # Lab distance under which a disc's inside looks like the empty board under it ...
STRONG_RIM = 0.55  # ... so it must have a rim this strong (share of the typical strong rim) to count
LAYER_RIM = 0.6  # a disc at a half offset must have this share of its stack's best rim to be a second layer
ALIGN_SHIFTS = np.linspace(-0.45, 0.45, 19)  # half offsets tried (point widths) when aligning columns to discs
ALIGN_SCALES = (0.94, 0.97, 1.0, 1.03, 1.06)


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


Rect = tuple[float, float, float, float]


@dataclass
class Columns:
    """Where the 24 point columns lie in working px: each half's left edge and point width, the board middle."""

    left: tuple[float, float]  # x0, point width
    right: tuple[float, float]
    top: float  # y of the top long edge (bases of 13-24)
    bottom: float  # y of the bottom long edge (bases of 1-12)
    bar: Rect

    def point_of(self, x: float, y: float) -> Optional[int]:
        for (x0, pw), bottom_pts, top_pts in ((self.left, (12, 11, 10, 9, 8, 7), (13, 14, 15, 16, 17, 18)),
                                             (self.right, (6, 5, 4, 3, 2, 1), (19, 20, 21, 22, 23, 24))):
            i = int(np.floor((x - x0) / pw))
            if 0 <= i < 6 and self.top <= y <= self.bottom:
                return bottom_pts[i] if y > (self.top + self.bottom) / 2 else top_pts[i]
        return None

    def centre_x(self, p: int) -> float:
        if p <= 6:
            (x0, pw), i = self.right, 6 - p
        elif p <= 12:
            (x0, pw), i = self.left, 12 - p
        elif p <= 18:
            (x0, pw), i = self.left, p - 13
        else:
            (x0, pw), i = self.right, p - 19
        return x0 + (i + 0.5) * pw

    def base_y(self, p: int) -> float:
        return self.bottom if p <= 12 else self.top


def _columns(geometry: BoardGeometry, scale: float) -> Columns:
    lh, rh = geometry.left_half, geometry.right_half
    return Columns(left=(lh[0] * scale, (lh[2] - lh[0]) * scale / 6), right=(rh[0] * scale, (rh[2] - rh[0]) * scale / 6),
                   top=min(lh[1], rh[1]) * scale, bottom=max(lh[3], rh[3]) * scale,
                   bar=tuple(v * scale for v in geometry.bar))  # type: ignore[arg-type]


def _align(half: tuple[float, float], discs: list[Disc]) -> tuple[float, float]:
    """Shift/stretch a half's 6 columns so the discs over it sit on column centres.

    The board finder places the halves from the colour pattern; a few pixels off is enough to put a stack on the
    wrong point. Checkers sit centred on their points, so their x positions pin the columns down. Only
    sub-column corrections are tried (a whole-column shift is indistinguishable and never needed).
    """
    x0, pw = half
    near = [d for d in discs if x0 - 0.5 * pw <= d.x <= x0 + 6.5 * pw]
    if len(near) < 2:
        return half

    def fit(a: float, w: float) -> float:
        total = 0.0
        for d in near:
            u = (d.x - a) / w - 0.5
            off = abs(u - round(u))
            if -0.5 <= round(u) <= 5.5:
                total += d.rim * max(0.0, 1.0 - off / 0.3)
        return total

    base = fit(x0, pw)
    best = (base, x0, pw)
    for sc in ALIGN_SCALES:
        w = pw * sc
        centre = x0 + 3 * pw
        for sh in ALIGN_SHIFTS:
            a = centre - 3 * w + sh * w
            f = fit(a, w)
            if f > best[0] + 1e-9:
                best = (f, a, w)
    if best[0] > 1.1 * base:
        return best[1], best[2]
    return half


def _board_colours(lab: np.ndarray, cols: Columns, tri_frac: float) -> dict[str, Any]:
    """The empty board's colours: each row's two triangle colours (by point parity) and its field colour.

    Medians over the six same-coloured triangles of a row, sampled half-way up each triangle, are the
    triangle colour even when two of the six hold checkers there.
    """
    h = cols.bottom - cols.top
    tri_h = tri_frac * h
    out: dict[str, Any] = {}
    for row, pts in (("top", range(13, 25)), ("bottom", range(1, 13))):
        samples: dict[int, list[np.ndarray]] = {0: [], 1: []}
        for p in pts:
            cx = cols.centre_x(p)
            base = cols.base_y(p)
            sign = 1 if row == "top" else -1
            y0, y1 = sorted((base + sign * 0.3 * tri_h, base + sign * 0.55 * tri_h))
            pw = cols.left[1]
            patch = lab[int(max(0, y0)):int(max(y0 + 1, y1)), int(max(0, cx - 0.08 * pw)):int(cx + 0.08 * pw) + 1]
            if patch.size:
                samples[p % 2].append(np.median(patch.reshape(-1, 3), axis=0))
        for parity in (0, 1):
            out[f"{row}{parity}"] = np.median(samples[parity], axis=0) if samples[parity] else None
        mid = (cols.top + cols.bottom) / 2
        yb0, yb1 = sorted(((cols.top if row == "top" else cols.bottom) + (1 if row == "top" else -1) * 1.1 * tri_h,
                           mid))
        band = lab[int(yb0):int(max(yb0 + 1, yb1))]
        out[f"{row}field"] = np.median(band.reshape(-1, 3), axis=0) if band.size else None
    return out


def _looks_like_board(d: Disc, p: int, cols: Columns, colours: dict[str, Any], tri_frac: float) -> bool:
    """Is this disc's inside the colour of the empty board under it (a triangle's base, the field)?"""
    row = "top" if p >= 13 else "bottom"
    dist = abs(d.y - cols.base_y(p))
    expected = []
    if dist < 0.9 * tri_frac * (cols.bottom - cols.top):
        expected.append(colours.get(f"{row}{p % 2}"))
    expected.append(colours.get(f"{row}field"))
    lab = np.array(d.lab)
    return any(e is not None and float(np.linalg.norm(lab - e)) < SAME_AS_BOARD for e in expected)


def _chain(discs: list[Disc], base_y: float, r: float, toward: float) -> list[Disc]:
    """The discs linked to the base: sorted outward, each within CHAIN_GAP radii of one already linked."""
    order = sorted(discs, key=lambda d: (d.y - base_y) * toward)
    linked: list[Disc] = []
    for d in order:
        dist_base = (d.y - base_y) * toward
        if dist_base < FIRST_FROM_BASE * r or any(np.hypot(d.x - k.x, d.y - k.y) <= CHAIN_GAP * r for k in linked):
            linked.append(d)
    return linked


def stack_count(discs: list[tuple[float, float]], r: float) -> int:
    """Checkers on a point from the discs seen on top: (distance of the centre from the base, rim score) each.

    Players stack a row from the base outward, then a second layer offset by half a diameter on top of the first
    row (then a third on top of that). Seen from above, a second-layer disc hides the two first-row checkers it
    rests on, so those are inferred: ``m`` discs at half offsets rest on at least ``m + 1`` first-row checkers.
    A disc at a half offset is only believed when its rim is as clear as the stack's best (a checker on top is
    fully visible); a faint one is the waist between two touching checkers and is dropped.
    """
    if not discs:
        return 0
    ds = sorted(discs)
    best_rim = max(rim for _, rim in ds)
    slot = 2 * r  # one checker diameter along the column
    parity = 1 if (ds[0][0] - r) / slot > 0.3 else 0  # the innermost disc: first row (0) or second layer (1)
    layers: list[tuple[float, int]] = []
    if parity == 0 or ds[0][1] >= LAYER_RIM * best_rim:
        layers.append(((ds[0][0] - r) / slot, parity))
    prev = ds[0][0]
    for cur, rim in ds[1:]:
        step = (cur - prev) / slot
        if step < 0.72:
            if rim < LAYER_RIM * best_rim:
                continue  # a waist, not a checker
            parity ^= 1
        layers.append(((cur - r) / slot, parity))
        prev = cur
    half = [u for u, par in layers if par == 1]
    whole = [u for u, par in layers if par == 0]
    if not half:
        return len(whole)
    m = len(half)
    reach = max(half)  # the outer end of the second layer, in slots
    beyond = [u for u in whole if u > reach]
    inside = [u for u in whole if u <= reach]  # on top of the second layer: a third layer
    first_row = m + max(1, len(beyond))
    return first_row + m + len(inside)


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
    pw = (geometry.point_width(1) + geometry.point_width(12)) / 2 * scale
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

    cols = _columns(geometry, scale)
    bx0, by0, bx1, by1 = cols.bar
    on_bar = [d for d in discs if bx0 - 0.35 * d.r <= d.x <= bx1 + 0.35 * d.r and by0 <= d.y <= by1
              and (bx1 - bx0 > 0.6 * d.r or bx0 - 0.2 * d.r <= d.x <= bx1 + 0.2 * d.r)]
    rest = [d for d in discs if d not in on_bar]
    cols.left = _align(cols.left, [d for d in rest if d.x < bx0])
    cols.right = _align(cols.right, [d for d in rest if d.x > bx1])
    colours = _board_colours(lab, cols, geometry.triangle_frac)

    by_place: dict[Any, list[Disc]] = {"bar": on_bar}
    trays = [tuple(v * scale for v in t) for t in geometry.trays]
    for d in rest:
        p = cols.point_of(d.x, d.y)
        if p is not None:
            if _looks_like_board(d, p, cols, colours, geometry.triangle_frac) and d.rim < STRONG_RIM * ref:
                continue
            by_place.setdefault(p, []).append(d)
        elif any(t[0] <= d.x <= t[2] and t[1] <= d.y <= t[3] for t in trays):
            by_place.setdefault("off", []).append(d)

    accepted: list[tuple[Disc, Any]] = []
    stacks: dict[int, list[Disc]] = {}
    for p in range(1, 25):
        column = by_place.get(p, [])
        if not column:
            continue
        toward = -1.0 if p <= 12 else 1.0
        chain = _chain(column, cols.base_y(p), r, toward)
        if chain:
            stacks[p] = chain
        accepted += [(d, p) for d in chain]
    for place in ("bar", "off"):
        accepted += [(d, place) for d in by_place.get(place, [])]

    threshold, separation = _split_colours([d for d, _ in accepted])
    points: list[Optional[int]] = [0] * 24
    bar = {"light": 0, "dark": 0}
    off: dict[str, Optional[int]] = {"light": 0 if geometry.trays else None, "dark": 0 if geometry.trays else None}
    out_discs = []
    for d, place in accepted:
        colour = "light" if d.lab[0] > threshold else "dark"
        out_discs.append({"x": round(d.x / scale, 1), "y": round(d.y / scale, 1), "r": round(d.r / scale, 1),
                          "rim": round(d.rim, 1), "L": round(d.lab[0], 1), "colour": colour, "where": place})
        if place == "bar":
            bar[colour] += 1
        elif place == "off" and off[colour] is not None:
            off[colour] = (off[colour] or 0) + 1
    confidence = [1.0] * 24
    for p, chain in stacks.items():
        votes = [1 if d.lab[0] > threshold else -1 for d in chain]
        sign = 1 if sum(votes) > 0 else -1
        n = min(MAX_PER_POINT, stack_count([(abs(d.y - cols.base_y(p)), d.rim) for d in chain], r))
        points[p - 1] = sign * n
        mixed = sum(1 for v in votes if v != sign) / len(votes)
        weakest = min(d.rim for d in chain) / max(ref, 1e-6)
        confidence[p - 1] = float(max(0.0, min(1.0, (1 - 2 * mixed) * min(1.0, 2 * weakest)
                                               * (0.5 + 0.5 * separation))))
    return CheckerCount(points=points, bar=bar, off=off, confidence=confidence, discs=out_discs,
                        radius_px=r / scale)
