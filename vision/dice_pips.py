"""Pip candidates and their grouping into die faces, at one normalised scale.

Why pips first: whatever a die's colour (white, ivory, red, black, translucent), its pips are small round blobs of
strong contrast against a uniform face, laid out on a 3x3 grid. Morphological black-hat / top-hat finds such blobs
of either polarity cheaply, and the closing / opening that they come from is the same image with the pips filled
in, i.e. the bare face: two pips belong to the same face when the bare face between them is unbroken.

All sizes here are for an image already resized so a die edge is about ``NORM_DIE`` pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

NORM_DIE = 24.0  # die edge in pixels after normalising the scale
KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
MIN_PIP_CONTRAST = 28.0  # grey levels between a pip and its face
MIN_PIP_AREA, MAX_PIP_AREA = 3, 50
MAX_PIP_SIDE = 10


@dataclass
class Pip:
    x: float
    y: float
    area: float
    diameter: float
    elongation: float  # major / minor axis of the blob
    angle: float  # direction of the major axis, radians
    contrast: float
    face: float  # grey level of the bare face under the pip
    dark: bool  # dark pip on a lighter face


@dataclass
class FaceImages:
    """The normalised grey image and its two bare-face versions."""

    gray: np.ndarray
    closed: np.ndarray  # dark pips filled
    opened: np.ndarray  # light pips filled
    blackhat: np.ndarray = field(repr=False, default=None)  # type: ignore[assignment]
    tophat: np.ndarray = field(repr=False, default=None)  # type: ignore[assignment]
    color: np.ndarray | None = field(repr=False, default=None)  # BGR at the same scale, when a die's outline matters


def face_images(gray: np.ndarray) -> FaceImages:
    closed = cv2.morphologyEx(gray, cv2.MORPH_CLOSE, KERNEL)
    opened = cv2.morphologyEx(gray, cv2.MORPH_OPEN, KERNEL)
    return FaceImages(gray, closed, opened, cv2.subtract(closed, gray), cv2.subtract(gray, opened))


def _blobs(hat: np.ndarray, bare: np.ndarray, dark: bool, mask: np.ndarray | None) -> list[Pip]:
    binary = (hat >= MIN_PIP_CONTRAST * 0.8).astype(np.uint8)
    if mask is not None:
        binary &= mask
    n, labels, stats, cents = cv2.connectedComponentsWithStats(binary, connectivity=8)
    pips: list[Pip] = []
    peaks = _label_max(labels, hat, binary, n)
    area_ok = stats[:, 4] >= MIN_PIP_AREA
    side_ok = (stats[:, 2] <= 3 * MAX_PIP_SIDE) & (stats[:, 3] <= 3 * MAX_PIP_SIDE)
    small = (stats[:, 4] <= MAX_PIP_AREA) & (stats[:, 2] <= MAX_PIP_SIDE) & (stats[:, 3] <= MAX_PIP_SIDE)
    fill_ok = ~small | (stats[:, 4] >= 0.45 * stats[:, 2] * stats[:, 3])
    strong = area_ok & fill_ok & (peaks >= MIN_PIP_CONTRAST)
    strong[0] = False
    pips = _small_blobs(labels, hat, binary, peaks, strong & small, bare, dark)
    for i in np.nonzero(strong & side_ok & ~small)[0]:
        # touching pips (a 6's column, blurred together): split at half their contrast
        x0, y0, w, h, area = stats[i]
        roi = labels[y0:y0 + h, x0:x0 + w] == i
        hat_roi = hat[y0:y0 + h, x0:x0 + w]
        peak = float(peaks[i])
        m, sub = cv2.connectedComponents((roi & (hat_roi >= 0.55 * peak)).astype(np.uint8), connectivity=4)
        for k in range(1, m):
            part = sub == k
            ys, xs = np.nonzero(part)
            if len(xs) < MIN_PIP_AREA or np.ptp(xs) >= MAX_PIP_SIDE or np.ptp(ys) >= MAX_PIP_SIDE:
                continue
            pip = _pip(part, hat_roi, x0, y0, float(hat_roi[part].max()), bare, dark)
            if pip is not None:
                pips.append(pip)
    return pips


def _label_max(labels: np.ndarray, hat: np.ndarray, binary: np.ndarray, n: int) -> np.ndarray:
    """Peak hat value of every component (sort by label + reduceat: much faster than ufunc.at here)."""
    ys, xs = np.nonzero(binary)
    peaks = np.zeros(n, np.float32)
    if len(xs) == 0:
        return peaks
    lab = labels[ys, xs]
    order = np.argsort(lab, kind="stable")
    lab, vals = lab[order], hat[ys, xs][order].astype(np.float32)
    starts = np.concatenate([[0], np.nonzero(np.diff(lab))[0] + 1])
    peaks[lab[starts]] = np.maximum.reduceat(vals, starts)
    return peaks


def _small_blobs(labels: np.ndarray, hat: np.ndarray, binary: np.ndarray, peaks: np.ndarray, wanted: np.ndarray,
                 bare: np.ndarray, dark: bool) -> list[Pip]:
    """Pips from every wanted component at once: moments of each blob's core (>= half its peak) by bincount."""
    ys, xs = np.nonzero(binary)
    lab = labels[ys, xs]
    hv = hat[ys, xs].astype(np.float64)
    core = wanted[lab] & (hv >= 0.5 * peaks[lab])
    lab, xs, ys, hv = lab[core], xs[core].astype(np.float64), ys[core].astype(np.float64), hv[core]
    n = len(peaks)
    cnt = np.bincount(lab, minlength=n).astype(np.float64)
    ok = wanted & (cnt >= 2)
    safe = np.maximum(cnt, 1)
    mx, my = np.bincount(lab, xs, n) / safe, np.bincount(lab, ys, n) / safe
    a = np.bincount(lab, xs * xs, n) / safe - mx * mx + 1 / 12
    c = np.bincount(lab, ys * ys, n) / safe - my * my + 1 / 12
    b = np.bincount(lab, xs * ys, n) / safe - mx * my
    root = np.sqrt(((a - c) / 2) ** 2 + b * b)
    elong = np.sqrt(((a + c) / 2 + root) / np.maximum((a + c) / 2 - root, 1e-6))
    angle = 0.5 * np.arctan2(2 * b, a - c)
    wsum = np.maximum(np.bincount(lab, hv, n), 1e-9)
    cx, cy = np.bincount(lab, xs * hv, n) / wsum, np.bincount(lab, ys * hv, n) / wsum
    out = []
    for i in np.nonzero(ok)[0]:
        face = float(bare[int(round(cy[i])), int(round(cx[i]))])
        out.append(Pip(float(cx[i]), float(cy[i]), float(cnt[i]), float(2 * np.sqrt(cnt[i] / np.pi)),
                       float(elong[i]), float(angle[i]), float(peaks[i]), face, dark))
    return out


def _pip(region: np.ndarray, hat_roi: np.ndarray, x0: int, y0: int, peak: float, bare: np.ndarray,
         dark: bool) -> Pip | None:
    """A pip from one blob (boolean mask in its box at x0, y0), or None when it is not compact."""
    ys, xs = np.nonzero(region)
    h, w = np.ptp(ys) + 1, np.ptp(xs) + 1
    if len(xs) / (w * h) < 0.45 or peak < MIN_PIP_CONTRAST:
        return None
    core = region & (hat_roi >= 0.5 * peak)  # the pip itself, without its blurred rim
    ys, xs = np.nonzero(core)
    area = len(xs)
    if area >= 2:
        # second moments in closed form (a 2x2 eigen-problem per blob is the hot path here)
        dx, dy = xs - xs.mean(), ys - ys.mean()
        a, b, c = (dx * dx).mean() + 1 / 12, (dx * dy).mean(), (dy * dy).mean() + 1 / 12
        root = np.sqrt(((a - c) / 2) ** 2 + b * b)
        big, small = (a + c) / 2 + root, max((a + c) / 2 - root, 1e-6)
        elong = float(np.sqrt(big / small))
        angle = float(0.5 * np.arctan2(2 * b, a - c))
    else:
        elong, angle = 1.0, 0.0
    wts = hat_roi[ys, xs].astype(float)
    cx = x0 + float((xs * wts).sum() / wts.sum())
    cy = y0 + float((ys * wts).sum() / wts.sum())
    face = float(bare[int(round(cy)), int(round(cx))])
    return Pip(cx, cy, float(area), float(2 * np.sqrt(area / np.pi)), elong, angle, peak, face, dark)


def find_pips(images: FaceImages, mask: np.ndarray | None = None) -> list[Pip]:
    """Dark and light pip candidates (small, compact, high-contrast blobs)."""
    return _blobs(images.blackhat, images.closed, True, mask) + _blobs(images.tophat, images.opened, False, mask)


def similar_shape(a: Pip, b: Pip) -> bool:
    """Pips of one face are the same circle seen through the same foreshortening: alike in elongation and axis."""
    if abs(a.elongation - b.elongation) > 0.25 + 0.1 * max(a.elongation - 1, b.elongation - 1):
        return False
    if min(a.elongation, b.elongation) > 1.3:
        diff = abs((a.angle - b.angle + np.pi / 2) % np.pi - np.pi / 2)
        if diff > np.radians(30):
            return False
    return True


def _same_face(a: Pip, b: Pip, images: FaceImages) -> bool:
    """True when two pips are alike and near, and the bare face between them is unbroken."""
    if a.dark != b.dark:
        return False
    d = np.hypot(a.x - b.x, a.y - b.y)
    big = max(a.diameter, b.diameter)
    if d > 5.5 * big or d > 1.35 * NORM_DIE or d < 1.2 * big:
        return False
    if max(a.area, b.area) > 2.0 * min(a.area, b.area):
        return False
    if not similar_shape(a, b):
        return False
    return shares_face(a, b, images)


def shares_face(a: Pip, b: Pip, images: FaceImages) -> bool:
    """True when the bare face (pips filled in) runs unbroken from pip ``a`` to pip ``b`` at one level."""
    if a.dark != b.dark:
        return False
    d = np.hypot(a.x - b.x, a.y - b.y)
    bare = images.closed if a.dark else images.opened
    contrast = min(a.contrast, b.contrast)
    tol = 0.2 * contrast
    level = min(a.face, b.face) if a.dark else max(a.face, b.face)
    if abs(a.face - b.face) > max(8.0, 0.15 * contrast):
        return False
    steps = max(int(d), 4)
    t = np.linspace(0, 1, steps + 1)[1:-1]
    xs = np.clip(np.round(a.x + (b.x - a.x) * t).astype(int), 0, bare.shape[1] - 1)
    ys = np.clip(np.round(a.y + (b.y - a.y) * t).astype(int), 0, bare.shape[0] - 1)
    vals = bare[ys, xs].astype(float)
    if a.dark:
        return bool(vals.min() >= level - tol)
    return bool(vals.max() <= level + tol)


def group_pips(pips: list[Pip], images: FaceImages) -> list[list[Pip]]:
    """Pips linked by an unbroken bare face, as connected groups (one group ~ one face)."""
    n = len(pips)
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    if n > 1:
        xy = np.array([[p.x, p.y] for p in pips])
        diam = np.array([p.diameter for p in pips])
        area = np.array([p.area for p in pips])
        dark = np.array([p.dark for p in pips])
        # cheap necessary conditions of _same_face for all pairs at once, exact test only on the survivors
        ii, jj = np.triu_indices(n, 1) if n <= 3000 else (np.array([], int), np.array([], int))
        d = np.hypot(*(xy[ii] - xy[jj]).T)
        big = np.maximum(diam[ii], diam[jj])
        keep = (d <= 5.5 * big) & (d <= 1.35 * NORM_DIE) & (d >= 1.2 * big) & (dark[ii] == dark[jj])
        keep &= np.maximum(area[ii], area[jj]) <= 2.0 * np.minimum(area[ii], area[jj])
        for i, j in zip(ii[keep].tolist(), jj[keep].tolist()):
            if root(i) != root(j) and _same_face(pips[i], pips[j], images):
                parent[root(i)] = root(j)
    groups: dict[int, list[Pip]] = {}
    for i in range(n):
        groups.setdefault(root(i), []).append(pips[i])
    return list(groups.values())
