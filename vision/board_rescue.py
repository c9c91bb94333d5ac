"""Outlines for a board the region cues missed: quadrilaterals from the frame's long straight edges.

Why: ``vision.board_candidates`` builds outlines mostly from regions and contours, and an arm lying across the
board merges with it (the convex hull of board and arm is no quadrilateral) or splits it (two pieces, neither a
board). The frame's sides stay straight lines, though, and most of each side still shows beside the arm. So
here the long straight edges of the working image are grouped into lines, the lines into two families (the
long and the short sides, each family within a perspective's spread of one direction), and each pair of lines
of one family with each pair of the other makes a quadrilateral. Ranked by how much of its outline lies on an
edge (an arm over a side costs that side only its covered share), the best few are handed back; the point
pattern judges them like any other candidate (``vision.board``), and only when the usual candidates found no
board, so boards found now are not touched.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

MIN_SEGMENT_FRAC = 0.1  # straight edge pieces shorter than this share of the image's short side are ignored
MERGE_DEG = 3.0  # pieces within this angle ...
MERGE_PX = 4.0  # ... and this distance of a line belong to it (one frame side broken by an arm or a die)
FAMILY_DEG = 20.0  # opposite sides of a board under a tilt of up to 25 degrees differ by less than this
SIDE_SPREAD_DEG = 35.0  # the two families' directions: 90 degrees apart, give or take perspective
LINES_PER_FAMILY = 10
MIN_SIDE_SUPPORT = 0.2  # every side shows some of its edge: a quadrilateral with a side in empty table is none
MIN_GAP_FRAC = 0.2  # opposite sides at least this share of the image's short side apart


@dataclass(frozen=True)
class EdgeLine:
    """A straight edge: a point on it, its unit direction, and its span (first to last piece seen on it)."""

    point: np.ndarray
    direction: np.ndarray
    length: float
    ends: tuple[float, float] = (0.0, 0.0)  # first and last piece seen, as distances along the direction

    @property
    def angle(self) -> float:
        return float(np.degrees(np.arctan2(self.direction[1], self.direction[0])) % 180.0)


def _angle_gap(a: float, b: float) -> float:
    d = abs(a - b) % 180.0
    return min(d, 180.0 - d)


def edge_lines(gray: np.ndarray) -> list[EdgeLine]:
    """Long straight edges of a grey image, pieces on one line merged; the longest spans first.

    Ranked by span (first to last piece seen along the line), not by the length seen: an arm across a frame
    side hides its middle but leaves both ends, while the triangles' edges, many and strong, each span only a
    point's length (well under the board's width, which a frame end spans)."""
    h, w = gray.shape[:2]
    edges = _edges(gray)
    segs = cv2.HoughLinesP(edges, 1, np.pi / 180, threshold=40, minLineLength=int(MIN_SEGMENT_FRAC * min(h, w)),
                           maxLineGap=6)
    if segs is None:
        return []
    segs = segs.reshape(-1, 4).astype(np.float64)
    lengths = np.hypot(segs[:, 2] - segs[:, 0], segs[:, 3] - segs[:, 1])
    order = np.argsort(-lengths)
    segs, lengths = segs[order], lengths[order]
    dirs = (segs[:, 2:] - segs[:, :2]) / np.maximum(lengths, 1e-9)[:, None]
    group = np.full(len(segs), -1)
    cos_merge = np.cos(np.radians(MERGE_DEG))
    for i in range(len(segs)):
        if group[i] >= 0:
            continue
        group[i] = i  # a new line seeded by the longest piece left; the pieces along it join
        normal = np.array([-dirs[i, 1], dirs[i, 0]])
        rest = group < 0
        along = np.abs(dirs @ dirs[i]) >= cos_merge
        off = np.maximum(np.abs((segs[:, :2] - segs[i, :2]) @ normal), np.abs((segs[:, 2:] - segs[i, :2]) @ normal))
        group[rest & along & (off <= MERGE_PX)] = i
    out = []
    for g in np.unique(group):
        members = np.nonzero(group == g)[0]
        pts = np.vstack([segs[members, :2], segs[members, 2:]]).astype(np.float32)
        vx, vy, x0, y0 = cv2.fitLine(pts, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        direction, point = np.array([vx, vy], float), np.array([x0, y0], float)
        t = (pts - point) @ direction
        out.append(EdgeLine(point, direction, float(t.max() - t.min()), (float(t.min()), float(t.max()))))
    out.sort(key=lambda ln: -ln.length)
    return out


def _edges(image: np.ndarray) -> np.ndarray:
    """Canny edges of a grey image, or of a Lab one (OpenCV takes each pixel's strongest channel)."""
    return cv2.Canny(cv2.GaussianBlur(image, (5, 5), 0), 20, 60)


STEADY_OFFSET = 3.0  # px either side of a line where its two sides' colours are read
STEADY_SIDE = 12.0  # Lab units: a side this close to its own median colour along the line is steady
STEADY_STEP = 15.0  # Lab units: the two sides must differ by this much to make an edge


def steady_length(lab: np.ndarray, line: EdgeLine) -> float:
    """How much of a line (px) has the same colour on each side all along, and a different one across it.

    Why: a frame side parts two plain materials (table and frame, frame and field) over its whole length, an
    arm over it aside. The triangles' edges, many and strong, do not: the edge of a point near one long side
    runs on in a straight line into the edge of the point facing it, with the field and the other triangle
    swapping sides halfway, and the bar's or a point's edge has the points' two colours alternating beside it.
    """
    h, w = lab.shape[:2]
    t = np.arange(line.ends[0], line.ends[1] + 1e-6, 2.0)
    if len(t) < 4:
        return 0.0
    pts = line.point[None] + t[:, None] * line.direction[None]
    normal = np.array([-line.direction[1], line.direction[0]]) * STEADY_OFFSET
    sides = []
    for off in (normal, -normal):
        q = (pts + off).astype(np.float32)
        sides.append(cv2.remap(lab, q[:, :1].copy(), q[:, 1:].copy(), cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=(-1000.0, 0.0, 0.0)).reshape(-1, 3))
    a, b = sides
    seen = (a[:, 0] > -500) & (b[:, 0] > -500)
    if seen.sum() < 4:
        return 0.0
    ma, mb = np.median(a[seen], axis=0), np.median(b[seen], axis=0)
    if float(np.linalg.norm(ma - mb)) < STEADY_STEP:
        return 0.0
    ok = seen & (np.linalg.norm(a - ma, axis=1) < STEADY_SIDE) & (np.linalg.norm(b - mb, axis=1) < STEADY_SIDE) & \
        (np.linalg.norm(a - b, axis=1) >= STEADY_STEP)
    return 2.0 * float(ok.sum())


def _families(lines: list[EdgeLine]) -> tuple[list[EdgeLine], list[EdgeLine]]:
    """The lines near the strongest direction, and those near the strongest direction across it."""
    if not lines:
        return [], []
    hist = np.zeros(180)
    for ln in lines:
        hist[int(ln.angle) % 180] += ln.length
    smooth = np.array([sum(hist[(a + k) % 180] for k in range(-4, 5)) for a in range(180)])
    a1 = int(np.argmax(smooth))
    across = np.array([_angle_gap(a, (a1 + 90) % 180) <= SIDE_SPREAD_DEG for a in range(180)])
    a2 = int(np.argmax(np.where(across, smooth, -1.0)))
    f1 = [ln for ln in lines if _angle_gap(ln.angle, a1) <= FAMILY_DEG]
    f2 = [ln for ln in lines if _angle_gap(ln.angle, a2) <= FAMILY_DEG]
    return f1[:LINES_PER_FAMILY], f2[:LINES_PER_FAMILY]


def _meet(p: EdgeLine, q: EdgeLine) -> np.ndarray | None:
    """Where two edge lines cross (None when parallel): the refiner's line intersection."""
    from vision.board_refine import intersect

    return intersect((p.point, p.direction), (q.point, q.direction))


def _side_support(edges: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    """Share of a side's length lying on an edge pixel (parts outside the image count as unseen, not missing)."""
    h, w = edges.shape[:2]
    n = max(8, int(np.linalg.norm(b - a) / 2))
    t = np.linspace(0.0, 1.0, n)
    pts = np.round(a[None] + t[:, None] * (b - a)[None]).astype(int)
    inside = (pts[:, 0] >= 0) & (pts[:, 1] >= 0) & (pts[:, 0] < w) & (pts[:, 1] < h)
    if inside.sum() < 0.5 * n:
        return 0.0
    p = pts[inside]
    return float(edges[p[:, 1], p[:, 0]].mean() / 255.0)


def frame_line_quads(small_bgr: np.ndarray, max_quads: int = 12, min_area_frac: float = 0.08, colour: bool = False
                     ) -> list[np.ndarray]:
    """Quadrilaterals (4x2, working-image px) whose sides lie on long straight edges, best supported first.

    Two rankings of the lines each give their best ``max_quads``: by span (an arm may hide much of a side, but
    its ends show) and by steady length (``steady_length``: the triangles' edges, which also span the board,
    drop out). Neither alone finds every board of the renders tried (17000-17099, hands over every board).
    With ``colour`` the edges are those of the Lab image: a frame of the table's lightness but another hue
    (a purple frame on a navy cloth) shows there, while a few boards found on the grey edges are lost there."""
    h, w = small_bgr.shape[:2]
    gray = cv2.cvtColor(small_bgr, cv2.COLOR_BGR2GRAY) if small_bgr.ndim == 3 else small_bgr
    bgr = small_bgr if small_bgr.ndim == 3 else cv2.cvtColor(small_bgr, cv2.COLOR_GRAY2BGR)
    source = cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab) if colour else gray
    lines = edge_lines(source)
    if len(lines) < 4:
        return []
    lab = cv2.cvtColor(cv2.GaussianBlur(bgr, (3, 3), 0).astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    steady = [EdgeLine(ln.point, ln.direction, steady_length(lab, ln), ln.ends) for ln in lines]
    steady = sorted((ln for ln in steady if ln.length >= MIN_SEGMENT_FRAC * min(h, w)), key=lambda ln: -ln.length)
    edges = cv2.dilate(_edges(source), np.ones((3, 3), np.uint8))
    ranked = [_line_quads(lines, edges, min_area_frac), _line_quads(steady, edges, min_area_frac)]
    from calibration.geometry import order_corners

    keep: list[np.ndarray] = []
    diag = float(np.hypot(w, h))
    for ranking in ranked:
        taken = 0
        for quad in ranking:  # near-duplicates (corners within 2% of the diagonal) dropped, best support kept
            quad = order_corners(quad)
            if all(np.max(np.linalg.norm(quad - k, axis=1)) > 0.02 * diag for k in keep):
                keep.append(quad)
                taken += 1
            if taken >= max_quads:
                break
    return keep


def _line_quads(lines: list[EdgeLine], edges: np.ndarray, min_area_frac: float) -> list[np.ndarray]:
    """Quadrilaterals from two lines of each family, best edge support along their outline first."""
    h, w = edges.shape[:2]
    f1, f2 = _families(lines)
    if len(f1) < 2 or len(f2) < 2:
        return []
    min_gap = MIN_GAP_FRAC * min(h, w)

    def pairs(fam: list[EdgeLine]) -> list[tuple[EdgeLine, EdgeLine]]:
        out = []
        for i, p in enumerate(fam):
            for q in fam[i + 1:]:
                normal = np.array([-p.direction[1], p.direction[0]])
                if abs(float((q.point - p.point) @ normal)) >= min_gap and _angle_gap(p.angle, q.angle) <= FAMILY_DEG:
                    out.append((p, q))
        return out

    scored = []
    for p1, q1 in pairs(f1):
        for p2, q2 in pairs(f2):
            corners = [_meet(p1, p2), _meet(p1, q2), _meet(q1, q2), _meet(q1, p2)]
            if any(c is None for c in corners):
                continue
            quad = np.array(corners)
            if (quad[:, 0] < -0.1 * w).any() or (quad[:, 1] < -0.1 * h).any() or (quad[:, 0] > 1.1 * w).any() \
                    or (quad[:, 1] > 1.1 * h).any():
                continue
            q32 = quad.astype(np.float32).reshape(-1, 1, 2)
            if not cv2.isContourConvex(q32) or cv2.contourArea(q32) < min_area_frac * h * w:
                continue
            support = [_side_support(edges, quad[k], quad[(k + 1) % 4]) for k in range(4)]
            if min(support) < MIN_SIDE_SUPPORT:
                continue
            scored.append((float(np.mean(support)), quad))
    scored.sort(key=lambda t: -t[0])
    return [q for _, q in scored]
