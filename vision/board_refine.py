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


def _fit_side(gx: np.ndarray, gy: np.ndarray, a: np.ndarray, b: np.ndarray, reach: float):
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
    idx = np.argmax(score, axis=1)
    peak = score[np.arange(SAMPLES), idx]
    strong = peak > max(20.0, 0.35 * float(np.median(peak)) if np.median(peak) > 0 else 20.0)
    # sub-pixel: parabola through the peak and its neighbours
    sub = idx.astype(np.float64)
    ok = (idx > 0) & (idx < len(offs) - 1)
    i = np.arange(SAMPLES)[ok]
    l, c, r = score[i, idx[ok] - 1], score[i, idx[ok]], score[i, idx[ok] + 1]
    den = l - 2 * c + r
    sub[ok] = idx[ok] + np.where(np.abs(den) > 1e-9, 0.5 * (l - r) / np.where(np.abs(den) > 1e-9, den, 1), 0)
    off = np.interp(sub, np.arange(len(offs)), offs)
    found = base + off[:, None] * nrm[None, :]
    # keep the steps that agree with the majority offset (hands and checkers give stray peaks)
    med = np.median(off[strong]) if strong.any() else 0.0
    good = strong & (np.abs(off - med) < max(2.0, 0.25 * reach))
    if good.sum() < SAMPLES * 0.3:
        return None
    line = cv2.fitLine(found[good].astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([line[2], line[3]], float), np.array([line[0], line[1]], float)


def _intersect(l1, l2) -> np.ndarray | None:
    (p1, d1), (p2, d2) = l1, l2
    A = np.array([d1, -d2]).T
    if abs(np.linalg.det(A)) < 1e-6:
        return None
    s = np.linalg.solve(A, p2 - p1)
    return p1 + s[0] * d1


def refine_corners(image: np.ndarray, corners: np.ndarray, reach_frac: float = 0.012) -> np.ndarray:
    """Corners (TL,TR,BR,BL image px) moved onto the line fits of the four frame edges; unchanged if unsure."""
    c = np.asarray(corners, dtype=np.float64).reshape(4, 2)
    h, w = image.shape[:2]
    gx, gy = _gradient(image)
    diag = float(np.hypot(h, w))
    reach = max(3.0, reach_frac * diag)
    lines = []
    for i in range(4):
        a, b = c[i], c[(i + 1) % 4]
        on_border = all(min(p[0], p[1], w - 1 - p[0], h - 1 - p[1]) < 2.5 for p in (a, b))
        lines.append(None if on_border else _fit_side(gx, gy, a, b, reach))
    out = c.copy()
    for i in range(4):
        prev_line, next_line = lines[(i - 1) % 4], lines[i]
        if prev_line is None or next_line is None:
            continue
        p = _intersect(prev_line, next_line)
        if p is not None and np.linalg.norm(p - c[i]) < 3 * reach:
            out[i] = p
    return out
