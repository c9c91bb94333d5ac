"""Refine the outer frame's corners to sub-pixel with line fits on the frame's four edges at full resolution.

The coarse outline comes from a downscaled image and polygon approximation, so its corners can be off by several
pixels, and a corner itself is often hidden (a hand, a cup, a rounded corner). The edges are long and straight:
we look along each side's normal for the strongest brightness step, keep the steps that agree, fit a line
(robust Huber fit) and intersect neighbouring lines. Sides on the image border (tight crops) stay as they are.
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


def _fit_side(gx: np.ndarray, gy: np.ndarray, a: np.ndarray, b: np.ndarray, reach: float,
              outward: np.ndarray | None = None, nearest: bool = False):
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
    strength_floor = max(15.0, 0.25 * float(np.percentile(score.max(axis=1), 75)))
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
    if nearest:
        # the well-supported straight edge nearest the coarse side: the side was chosen among its edges already
        # (a long side matched to the other's width), the fit only makes it sub-pixel
        most = max(cnt for cnt, _ in lines)
        strong = [(cnt, inl) for cnt, inl in lines if cnt >= OUTER_SUPPORT * most]
        cnt, inl = min(strong, key=lambda ci: abs(float(np.median((P[ci[1]] - a) @ nrm))))
    elif outward is not None and OUTERMOST:
        # the outer frame edge is the outermost straight edge that runs along the side about as fully as the
        # best one: inside it lie the frame's own bevels and its inner edge against a tray or the field, which
        # often step more strongly than the frame against the table (r03: a dark frame on a dark cloth)
        most = max(cnt for cnt, _ in lines)
        strong = [(cnt, inl) for cnt, inl in lines if cnt >= OUTER_SUPPORT * most]
        cnt, inl = max(strong, key=lambda ci: float(np.median(P[ci[1]] @ outward)))
    else:
        cnt, inl = max(lines, key=lambda ci: ci[0])
    line = cv2.fitLine(P[inl].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([line[2], line[3]], float), np.array([line[0], line[1]], float)


OUTERMOST = False  # a side's outermost well-supported straight edge, not its strongest
OUTER_SUPPORT = 0.6  # ... supported by at least this share of the samples the best-supported edge has
MAX_LINES = 3  # straight edges looked for along one side


def _ransac_lines(P: np.ndarray, S: np.ndarray, nrm: np.ndarray, tol: float) -> list[tuple[int, np.ndarray]]:
    """Straight lines along the side through the candidate steps (P, sample index S): the best-supported
    first, then again without its steps. Each as (samples on it, inlier mask)."""
    rng = np.random.default_rng(0)
    free = np.ones(len(P), bool)
    out = []
    for _ in range(MAX_LINES):
        best_inl, best_cnt = None, 0
        idx = np.nonzero(free)[0]
        if len(idx) < 2:
            break
        for _ in range(150):
            i, j = rng.choice(idx, 2, replace=False)
            if abs(S[i] - S[j]) < SAMPLES // 4:
                continue
            dvec = P[j] - P[i]
            nv = np.array([-dvec[1], dvec[0]])
            nn = np.linalg.norm(nv)
            if nn < 1e-9:
                continue
            nv /= nn
            if abs(float(nv @ nrm)) < 0.97:  # must run along the side (within ~14 degrees)
                continue
            inl = (np.abs((P - P[i]) @ nv) < tol) & free
            cnt = len(np.unique(S[inl]))
            if cnt > best_cnt:
                best_cnt, best_inl = cnt, inl
        if best_inl is None or best_cnt < SAMPLES * 0.35:
            break
        out.append((best_cnt, best_inl))
        free &= ~best_inl
    return out


def intersect(l1, l2) -> np.ndarray | None:
    (p1, d1), (p2, d2) = l1, l2
    A = np.array([d1, -d2]).T
    if abs(np.linalg.det(A)) < 1e-6:
        return None
    s = np.linalg.solve(A, p2 - p1)
    return p1 + s[0] * d1


def refine_corners(image: np.ndarray, corners: np.ndarray, reach_frac: float = 0.012, outer: bool = False,
                   nearest: bool = False) -> np.ndarray:
    """Corners (TL,TR,BR,BL image px) moved onto the line fits of the four frame edges; unchanged if unsure.

    With ``outer`` each side goes to its outermost well-supported edge within reach (the outer frame against the
    table), else to its best-supported one (the playing area's own edge); with ``nearest`` to the well-supported
    edge nearest the given side (the side's edge was chosen already)."""
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    h, w = image.shape[:2]
    gx, gy = _gradient(image)
    diag = float(np.hypot(h, w))
    reach = max(3.0, reach_frac * diag)
    lines = []
    for i in range(4):
        a, b = c[i], c[(i + 1) % 4]
        on_border = all(min(p[0], p[1], w - 1 - p[0], h - 1 - p[1]) < 2.5 for p in (a, b))
        out_dir = None
        if outer:
            d = b - a
            out_dir = np.array([-d[1], d[0]]) / max(float(np.linalg.norm(d)), 1e-9)
            if float(((a + b) / 2 - c.mean(axis=0)) @ out_dir) < 0:
                out_dir = -out_dir
        lines.append(None if on_border else _fit_side(gx, gy, a, b, reach, out_dir, nearest))
    out = c.copy()
    for i in range(4):
        prev_line, next_line = lines[(i - 1) % 4], lines[i]
        if prev_line is None or next_line is None:
            continue
        p = intersect(prev_line, next_line)
        if p is not None and np.linalg.norm(p - c[i]) < 3 * reach:
            out[i] = p
    return out
