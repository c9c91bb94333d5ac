"""Refine the outer frame's corners to sub-pixel with line fits on the frame's four edges at full resolution.

The coarse outline comes from a downscaled image and polygon approximation, so its corners can be off by several
pixels, and a corner itself is often hidden (a hand, a cup, a rounded corner). The edges are long and straight:
we look along each side's normal for the strongest brightness steps, find the straight lines that many of them
agree on (RANSAC, up to three per side, each clear of and parallel to the best one), fit each (robust Huber fit)
and intersect neighbouring sides. Sides on the image border (tight crops) stay as they are.

Which line of a side: the best-supported one. For the outer frame (``outer``) the frame's inner edge against a
tray or the field often steps far more than its outer edge against the table (a dark frame on a dark cloth), so
where the best line has no table beyond it, the nearest line further out with the table's colour just beyond it
and another colour just inside takes its place; the table's colour is read in a ring beyond the coarse frame.
"""

from __future__ import annotations

import cv2
import numpy as np

SAMPLES = 60


def _gradient(image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    gray = cv2.GaussianBlur(gray, (5, 5), 0).astype(np.float32)
    return cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)


def _bilinear(img: np.ndarray, pts: np.ndarray) -> np.ndarray:
    m = cv2.remap(img, pts[..., 0].astype(np.float32), pts[..., 1].astype(np.float32), cv2.INTER_LINEAR,
                  borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return m


def _fit_side(gx: np.ndarray, gy: np.ndarray, a: np.ndarray, b: np.ndarray, reach: float, choose=None):
    """Line (point, direction) through the strongest edge near segment a-b, or None."""
    d = b - a
    length = float(np.linalg.norm(d))
    if length < 10:
        return None
    t = d / length
    nrm = np.array([-t[1], t[0]])
    ts = np.linspace(0.08, 0.92, SAMPLES)
    offs = np.arange(-reach, reach + 0.5, 0.5)
    base = a[None, :] + ts[:, None] * d[None, :]
    pts = base[:, None, :] + offs[None, :, None] * nrm[None, None, :]  # (S, O, 2)
    gxs = _bilinear(gx, pts)
    gys = _bilinear(gy, pts)
    along = np.abs(gxs * nrm[0] + gys * nrm[1])  # step across the side
    across = np.abs(gxs * t[0] + gys * t[1])
    score = along - 0.5 * across
    # candidate steps per sample: up to 3 local maxima of the step strength along the normal
    # (with a chooser, weaker steps too: a frame's outer edge against the table may step far less than its inner
    # edge against a tray or the field, and the chooser tells them apart)
    rel = OUTER_FLOOR if choose is not None else 0.25
    strength_floor = max(15.0, rel * float(np.percentile(score.max(axis=1), 75)))
    cand_pts, cand_s = [], []
    for i in range(SAMPLES):
        row = score[i]
        peaks = np.nonzero((row[1:-1] >= row[:-2]) & (row[1:-1] > row[2:]) & (row[1:-1] > strength_floor))[0] + 1
        if len(peaks) == 0:
            continue
        peaks = peaks[np.argsort(-row[peaks])][:3]
        for j in peaks:
            l, c, r = row[j - 1], row[j], row[j + 1]
            den = l - 2 * c + r
            sub = j + (0.5 * (l - r) / den if abs(den) > 1e-9 else 0.0)
            off = float(np.interp(sub, np.arange(len(offs)), offs))
            cand_pts.append(base[i] + off * nrm)
            cand_s.append(i)
    if len(cand_pts) < SAMPLES * 0.3:
        return None
    P = np.array(cand_pts)
    S = np.array(cand_s)
    lines = _ransac_lines(P, S, nrm, max(1.0, 0.08 * reach))
    if not lines:
        return None
    if choose is not None:
        most = max(cnt for cnt, _ in lines)
        chosen = choose(P, [(cnt, inl) for cnt, inl in lines if cnt >= OUTER_SUPPORT * most])
        if chosen is None:  # no edge with the table beyond: the side's strong steps decide, as without a chooser
            return _fit_side(gx, gy, a, b, reach)
        cnt, inl = chosen
    else:
        cnt, inl = lines[0]
    line = cv2.fitLine(P[inl].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([line[2], line[3]], float), np.array([line[0], line[1]], float)


OUTER_FLOOR = 0.1  # share of the side's typical strongest step a candidate step needs when the outer edge is sought
OUTER_SUPPORT = 0.5  # edges supported by at least this share of the best-supported one's samples may be chosen
MAX_LINES = 3  # straight edges looked for along one side
SAME_EDGE = 3.0  # RANSAC tolerances either side of a found line within which steps belong to that line


def _ransac_lines(P: np.ndarray, S: np.ndarray, nrm: np.ndarray, tol: float) -> list[tuple[int, np.ndarray]]:
    """Straight lines along the side through the candidate steps (P, sample index S): the best-supported
    first, then again without the steps on or just off it. Each as (samples on it, inlier mask).
    The hypotheses (lines through two steps far apart along the side) are scored all at once."""
    rng = np.random.default_rng(0)
    free = np.ones(len(P), bool)
    first = None
    onehot = np.zeros((len(P), SAMPLES), np.float32)
    onehot[np.arange(len(P)), S] = 1.0
    out = []
    for _ in range(MAX_LINES):
        idx = np.nonzero(free)[0]
        if len(idx) < 2:
            break
        i = rng.choice(idx, RANSAC_TRIES)
        j = rng.choice(idx, RANSAC_TRIES)
        keep = np.abs(S[i] - S[j]) >= SAMPLES // 4
        i, j = i[keep], j[keep]
        dvec = P[j] - P[i]
        nv = np.stack([-dvec[:, 1], dvec[:, 0]], axis=1)
        nn = np.linalg.norm(nv, axis=1)
        keep = nn > 1e-9
        i, nv = i[keep], nv[keep] / nn[keep, None]
        keep = np.abs(nv @ nrm) >= 0.97  # must run along the side (within ~14 degrees)
        i, nv = i[keep], nv[keep]
        if len(i) == 0:
            break
        dist = np.abs(np.einsum("hk,hnk->hn", nv, P[None, :, :] - P[i][:, None, :]))  # (hypotheses, steps)
        inl = (dist < tol) & free[None, :]
        counts = ((inl.astype(np.float32) @ onehot) > 0).sum(axis=1)  # samples along the side on each line
        h = int(np.argmax(counts))
        best_cnt, best_inl = int(counts[h]), inl[h]
        if best_cnt < SAMPLES * 0.35:
            break
        vx, vy, x0, y0 = cv2.fitLine(P[best_inl].astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
        line = (np.array([x0, y0], float), np.array([vx, vy], float))
        if not out or _apart_and_parallel(line, first, P, nrm, tol):
            out.append((best_cnt, best_inl))
            if len(out) == 1:
                first = line
        # the next line lies clear of this one: steps just off it are the same edge (a blurred or antialiased
        # step peaks a pixel or two either side), not another edge
        near = np.abs((P - line[0]) @ np.array([-line[1][1], line[1][0]])) < SAME_EDGE * tol
        free &= ~(best_inl | near)
    return out


def _apart_and_parallel(line, first, P: np.ndarray, nrm: np.ndarray, tol: float) -> bool:
    """Whether a further line is another edge beside the side's best one: on one side of it all along the side,
    clear of it, and parallel to it (a frame strip's edges are; a line through leftover steps of the same edge
    and a few others crosses it at a slant)."""
    t = np.array([nrm[1], -nrm[0]])
    along = P @ t
    ends = [P[int(np.argmin(along))], P[int(np.argmax(along))]]
    (p1, d1), (p2, d2) = line, first
    n1 = np.array([-d2[1], d2[0]])

    def offset(e):  # signed distance from the first line of the further line, where it passes end e
        k = float((e - p1) @ d1)
        return float((p1 + k * d1 - p2) @ n1)

    a, b = offset(ends[0]), offset(ends[1])
    return a * b > 0 and min(abs(a), abs(b)) >= SAME_EDGE * tol and abs(a - b) <= PARALLEL * max(abs(a), abs(b))


PARALLEL = 0.5  # a further edge's distance from the best one may vary along the side by this share of it


RANSAC_TRIES = 200  # pairs of steps drawn per line (about 150 survive the spacing and direction checks)


def intersect(l1, l2) -> np.ndarray | None:
    (p1, d1), (p2, d2) = l1, l2
    A = np.array([d1, -d2]).T
    if abs(np.linalg.det(A)) < 1e-6:
        return None
    s = np.linalg.solve(A, p2 - p1)
    return p1 + s[0] * d1


def refine_corners(image: np.ndarray, corners: np.ndarray, reach_frac: float = 0.012, outer: bool = False
                   ) -> np.ndarray:
    """Corners (TL,TR,BR,BL image px) moved onto the line fits of the four frame edges; unchanged if unsure.

    Each side goes to its best-supported straight edge within reach; with ``outer`` (the outer frame) a best
    edge without the table beyond it gives way to one further out that has (``_outer_chooser``)."""
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    h, w = image.shape[:2]
    gx, gy = _gradient(image)
    diag = float(np.hypot(h, w))
    reach = max(3.0, reach_frac * diag)
    colours = image.astype(np.float32) if outer and image.ndim == 3 else None
    table = _table_colour(colours, c, reach) if colours is not None else None
    lines = []
    for i in range(4):
        a, b = c[i], c[(i + 1) % 4]
        on_border = all(min(p[0], p[1], w - 1 - p[0], h - 1 - p[1]) < 2.5 for p in (a, b))
        choose = None
        if table is not None:
            choose = _outer_chooser(colours, _outward(c, a, b), table, max(4.0, BAND_FRAC * diag))
        lines.append(None if on_border else _fit_side(gx, gy, a, b, reach, choose))
    out = c.copy()
    for i in range(4):
        prev_line, next_line = lines[(i - 1) % 4], lines[i]
        if prev_line is None or next_line is None:
            continue
        p = intersect(prev_line, next_line)
        if p is not None and np.linalg.norm(p - c[i]) < 3 * reach:
            out[i] = p
    return out


BAND_FRAC = 0.004  # of the image diagonal: the bands either side of an edge whose colours are compared
RING = (1.0, 3.0)  # reaches beyond the coarse frame: the ring where the table's colour is read
TABLE_HUE = 10.0  # Lab hue distance within which a band is the table
TABLE_SHADE = 25.0  # ... and lightness distance (light falls unevenly)
TABLE_SPREAD = 30.0  # Lab lightness interquartile range above which the ring is no one surface (no table known)


def _outward(c: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    d = b - a
    n = np.array([-d[1], d[0]]) / max(float(np.linalg.norm(d)), 1e-9)
    return n if float(((a + b) / 2 - c.mean(axis=0)) @ n) >= 0 else -n


def _lab_at(colours: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Lab colours (N x 3) of the image at sub-pixel points inside it (points outside are dropped)."""
    h, w = colours.shape[:2]
    pts = pts.reshape(-1, 2)
    pts = pts[(pts[:, 0] >= 0) & (pts[:, 1] >= 0) & (pts[:, 0] <= w - 1) & (pts[:, 1] <= h - 1)]
    if len(pts) == 0:
        return np.zeros((0, 3), np.float32)
    m = cv2.remap(colours, pts[:, 0].astype(np.float32).reshape(-1, 1), pts[:, 1].astype(np.float32).reshape(-1, 1),
                  cv2.INTER_LINEAR)
    return cv2.cvtColor(m / 255.0, cv2.COLOR_BGR2Lab).reshape(-1, 3)


def _table_colour(colours: np.ndarray, c: np.ndarray, reach: float) -> np.ndarray | None:
    """The table's colour in a ring just beyond the coarse frame, all four sides pooled; None when the ring is
    not one surface (clutter, an image border close by)."""
    pts = []
    for i in range(4):
        a, b = c[i], c[(i + 1) % 4]
        out = _outward(c, a, b)
        ts = np.linspace(0.1, 0.9, 24)
        for k in np.linspace(RING[0] * reach, RING[1] * reach, 5):
            pts.append(a[None] + ts[:, None] * (b - a)[None] + k * out[None])
    px = _lab_at(colours, np.vstack(pts))
    if len(px) < 0.5 * 4 * 24 * 5:
        return None
    q1, q3 = np.percentile(px[:, 0], [25, 75])
    return None if q3 - q1 > TABLE_SPREAD else np.median(px, axis=0)


def _is_table(colour: np.ndarray, table: np.ndarray) -> bool:
    return float(np.linalg.norm((colour - table)[1:])) <= TABLE_HUE and abs(float(colour[0] - table[0])) <= TABLE_SHADE


def _outer_chooser(colours: np.ndarray, outward: np.ndarray, table: np.ndarray, band: float):
    """Of a side's straight edges (weak steps counted too), the outer frame's. The best-supported edge stands
    when the band just beyond it is the table; else it is the frame's inner edge against a tray or the field, or
    a bevel (they step more than the frame against the table), and the nearest edge further out with the table's
    colour just beyond it and not just inside it takes its place. None when no edge is so: then the side's
    strong steps alone decide."""
    offs = np.linspace(band, 2.5 * band, 4)

    def bands(P: np.ndarray, inl: np.ndarray):
        on = P[inl]
        beyond = _lab_at(colours, on[:, None, :] + offs[None, :, None] * outward[None, None, :])
        within = _lab_at(colours, on[:, None, :] - offs[None, :, None] * outward[None, None, :])
        if len(beyond) < 0.5 * on.shape[0] * len(offs) or len(within) < 0.5 * on.shape[0] * len(offs):
            return None
        return np.median(beyond, axis=0), np.median(within, axis=0), float(np.median(on @ outward))

    def choose(P: np.ndarray, lines: list):
        first = bands(P, lines[0][1])
        if first is None:
            return None
        if _is_table(first[0], table):
            return lines[0]
        ok = []
        for cnt, inl in lines[1:]:
            b = bands(P, inl)
            if b is not None and b[2] > first[2] and _is_table(b[0], table) and not _is_table(b[1], table):
                ok.append((b[2], cnt, inl))
        if not ok:
            return None
        _, cnt, inl = min(ok, key=lambda t: t[0])
        return cnt, inl

    return choose
