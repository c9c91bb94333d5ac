"""Pip candidates and their grouping into die faces, at one normalised scale.

Why pips first: whatever a die's colour (white, ivory, red, black, translucent), its pips are small round blobs of
strong contrast against a uniform face, laid out on a 3x3 grid. Morphological black-hat / top-hat finds such blobs
of either polarity cheaply, and the closing / opening that they come from is the same image with the pips filled
in, i.e. the bare face: two pips belong to the same face when the bare face between them is unbroken.

All sizes here are for an image already resized so a die edge is about ``NORM_DIE`` pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import cv2
import numpy as np

from vision.components import components

NORM_DIE = 24.0  # die edge in pixels after normalising the scale
KERNEL = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
MIN_PIP_CONTRAST = 28.0  # grey levels between a pip and its face
MIN_PIP_AREA, MAX_PIP_AREA = 3, 50
MAX_PIP_SIDE = 10
TINY_CONTRAST_SPREAD = 0.5  # two tiny pips linked by size alone: the fainter has at least this share of the other's
FACE_SPREAD = 0.15  # share of the pip contrast by which the bare face under two pips of one face may differ
TINY_FACE_SPREAD = 0.3  # the same for two pips of a few source pixels (group_pips' ``tiny``): see group_pips


@dataclass(slots=True)
class Pip:
    """One pip candidate at the normalised scale. Slotted: a frame makes ~500 and reads their fields ~10^5 times."""

    x: float
    y: float
    area: float
    diameter: float
    elongation: float  # major / minor axis of the blob
    angle: float  # direction of the major axis, radians
    contrast: float
    face: float  # grey level of the bare face under the pip
    dark: bool  # dark pip on a lighter face


FIGURES = ("x", "y", "diameter", "area", "elongation", "angle", "contrast", "face", "dark")  # PipList.figs' columns


class PipList(list):
    """The pips ``find_pips`` found, with ``figs``: their figures as one float64 row each (FIGURES, ``dark`` as 1.0 or
    0.0), the very numbers their Pip objects hold (each came from these arrays by ``tolist``).

    Why: the grouping and the dice reader ask all pips' figures as arrays (``group_pips``, ``vision.dice._pip_array``)
    and built them again from the ~500 Pip objects of a field, a tuple per pip (~0.5 ms a frame at 1080p), when the
    finder had just made the pips from such arrays. A caller that changes the list makes its own (plain) list: the
    readers of ``figs`` take it only from a PipList as long as the list it came with."""

    figs: np.ndarray

    def __init__(self, pips: list, figs: np.ndarray) -> None:
        super().__init__(pips)
        self.figs = figs


def pip_figures(pips: list) -> np.ndarray:
    """Every pip's figures as rows (FIGURES): a PipList's own, else built from the Pip objects."""
    figs = getattr(pips, "figs", None)
    if figs is not None and len(figs) == len(pips):
        return figs
    return np.array([(p.x, p.y, p.diameter, p.area, p.elongation, p.angle, p.contrast, p.face, p.dark)
                     for p in pips], np.float64).reshape(-1, len(FIGURES))


@dataclass
class FaceImages:
    """The normalised grey image and its two bare-face versions."""

    gray: np.ndarray
    closed: np.ndarray  # dark pips filled
    opened: np.ndarray  # light pips filled
    blackhat: np.ndarray = field(repr=False, default=None)  # type: ignore[assignment]
    tophat: np.ndarray = field(repr=False, default=None)  # type: ignore[assignment]
    color: np.ndarray | None = field(repr=False, default=None)  # BGR at the same scale, when a die's outline matters
    color_src: np.ndarray | None = field(repr=False, default=None)  # BGR before scaling (``scale`` to here)
    scale: float = 1.0
    frame_offset: Callable[[float, float], np.ndarray] | None = field(repr=False, default=None)  # windows read as a
    # mosaic (vision.dice_windows): what to add to a point here to get the whole scaled image's point

    @property
    def has_color(self) -> bool:
        return self.color is not None or self.color_src is not None

    def bgr_patch(self, x0: int, y0: int, x1: int, y1: int) -> tuple[np.ndarray, float, float]:
        """BGR at this scale around [x0, x1) x [y0, y1), and the patch's origin at this scale.

        Only a die-sized patch of the unscaled image is resized (the whole image at each scale cost ~4 ms and
        only a few lone pips and pairs need it).
        """
        x0, y0 = max(0, x0), max(0, y0)
        if self.color is not None:
            return self.color[y0:y1, x0:x1], float(x0), float(y0)
        dx = dy = 0.0
        if self.frame_offset is not None:
            dx, dy = (float(v) for v in self.frame_offset((x0 + x1) / 2, (y0 + y1) / 2))
            x0, y0 = max(0, int(round(x0 + dx))), max(0, int(round(y0 + dy)))
            x1, y1 = int(round(x1 + dx)), int(round(y1 + dy))
        f = self.scale
        sx0, sy0 = int(x0 / f), int(y0 / f)
        src = self.color_src[sy0:int(np.ceil(y1 / f)), sx0:int(np.ceil(x1 / f))]
        if src.size == 0:
            return src, float(x0) - dx, float(y0) - dy
        patch = cv2.resize(src, None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
        return patch, sx0 * f - dx, sy0 * f - dy


# KERNEL as the union of its 7x7 core and the 8 pixels round it (the tips of its rows 0, 3-5 and 8): see _morph
_CORE = np.ones((7, 7), np.uint8)
_RIM = KERNEL.copy()
_RIM[1:8, 1:8] = 0
_SPLIT = KERNEL.shape == (9, 9) and bool(KERNEL[1:8, 1:8].all())


def _morph(gray: np.ndarray, dilate: bool) -> np.ndarray:
    """``cv2.dilate`` (or ``cv2.erode``) of ``gray`` by KERNEL, the same pixels at about half the cost.

    Why the same: a dilation by a union of shapes is the maximum of the dilations by each (an erosion the minimum),
    at the image's edges too, as OpenCV leaves pixels outside the image out of each (its default border). OpenCV
    filters a square shape in two one-row passes, but any other shape pixel by pixel of it: the 57-pixel ellipse
    cost ~1 ms on a 1193x1391 scaled field, the 7x7 square ~0.28 ms and the 8 pixels left ~0.18 ms (a face's
    images make four of them, two scales a frame at 1080p: ~3 ms a frame)."""
    op, pick = (cv2.dilate, np.maximum) if dilate else (cv2.erode, np.minimum)
    if not _SPLIT:
        return op(gray, KERNEL)
    out = op(gray, _CORE)
    return pick(out, op(gray, _RIM), out=out)


def face_images(gray: np.ndarray) -> FaceImages:
    # closing (dilate, then erode) and opening (erode, then dilate) by KERNEL: cv2.morphologyEx's pixels (_morph)
    closed = _morph(_morph(gray, True), False)
    opened = _morph(_morph(gray, False), True)
    return FaceImages(gray, closed, opened, cv2.subtract(closed, gray), cv2.subtract(gray, opened))


def pip_pixels(hat: np.ndarray, mask: np.ndarray | None) -> np.ndarray:
    """1 where a top-hat or black-hat ``hat`` is strong enough for a pip (>= 22.4, MIN_PIP_CONTRAST * 0.8) inside
    ``mask`` (0/1), else 0: ``cv2.bitwise_and(cv2.threshold(hat, 22, 1, THRESH_BINARY)[1], mask)``.

    Why in place: the masked image is written over the thresholded one instead of into a fresh frame-sized array.
    On a whole field (~900x780 at 1080p) a fresh one cost ~0.5 ms (the write goes to memory no cache holds; four
    such images a frame, dark and light pips at two scales), the same bytes written in place ~0.05 ms."""
    _, binary = cv2.threshold(hat, int(np.ceil(MIN_PIP_CONTRAST * 0.8)) - 1, 1, cv2.THRESH_BINARY)
    if mask is not None:
        cv2.bitwise_and(binary, mask, dst=binary)
    return binary


def _blobs(hat: np.ndarray, bare: np.ndarray, dark: bool, mask: np.ndarray | None) -> PipList:
    binary = pip_pixels(hat, mask)
    # labels alone, and per-blob figures from the blob pixels (this OpenCV's WithStats pass costs ~8x the labelling)
    flat, xs, ys = _pixels(binary)  # every blob pixel once: all per-blob measurements below are reductions over these
    n, labels = _labels(binary, count=len(flat))
    lab = labels.ravel().take(flat).astype(np.intp)  # one flat gather per image (a 2-D fancy index costs ~2x)
    hv = np.ascontiguousarray(hat).ravel().take(flat)
    peaks, stats = _label_stats(lab, xs, ys, hv, n)
    area_ok = stats[:, 4] >= MIN_PIP_AREA
    side_ok = (stats[:, 2] <= 3 * MAX_PIP_SIDE) & (stats[:, 3] <= 3 * MAX_PIP_SIDE)
    small = (stats[:, 4] <= MAX_PIP_AREA) & (stats[:, 2] <= MAX_PIP_SIDE) & (stats[:, 3] <= MAX_PIP_SIDE)
    fill_ok = ~small | (stats[:, 4] >= 0.45 * stats[:, 2] * stats[:, 3])
    strong = area_ok & fill_ok & (peaks >= MIN_PIP_CONTRAST)
    strong[0] = False
    pips = _small_blobs(lab, xs, ys, hv, peaks, strong & small, bare, dark)
    split = strong & side_ok & ~small
    if split.any():
        parts = _split_blobs(lab, xs, ys, hv, peaks, split, bare, dark)
        pips = PipList(pips + parts, np.concatenate([pips.figs, parts.figs]))
    return pips


def _split_blobs(lab: np.ndarray, xs: np.ndarray, ys: np.ndarray, hv: np.ndarray, peaks: np.ndarray,
                 split: np.ndarray, bare: np.ndarray, dark: bool) -> list[Pip]:
    """Touching pips (a 6's column, blurred together): every such blob split at 0.55 of its peak, all at once.

    The parts of all blobs come from one 4-connected labelling (parts of different 8-connected blobs never touch);
    a part is a pip when it is small and compact like a lone pip's blob, measured as in _small_blobs.
    """
    keep = np.flatnonzero(split[lab])  # the split blobs' pixels first, then those at 0.55 of their peak
    keep = keep[hv[keep] >= 0.55 * peaks.astype(np.float64)[lab[keep]]]
    pys, pxs = ys[keep], xs[keep]
    if len(pys) == 0:
        return PipList([], np.zeros((0, len(FIGURES))))
    # labelled with every blob's box stacked in one narrow strip (a gap row between boxes): the box of all of them
    # spans the image and labelling it cost as much as the whole first labelling
    order = stable_order(lab[keep])  # each blob's pixels together (np.minimum.at is ~10x slower)
    starts = _runs(lab[keep][order])
    inv = np.empty(len(order), np.intp)  # each pixel's blob, numbered 0.. in label order (np.unique's inverse)
    inv[order] = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(order))))
    left = np.minimum.reduceat(pxs[order], starts)
    top = np.minimum.reduceat(pys[order], starts)
    bottom = np.maximum.reduceat(pys[order], starts)
    yoff = np.concatenate([[0], np.cumsum(bottom - top + 2)[:-1]])
    cy, cx = pys - top[inv] + yoff[inv], pxs - left[inv]
    sub = np.zeros((int(yoff[-1] + bottom[-1] - top[-1] + 1), int(cx.max()) + 1), np.uint8)
    sub[cy, cx] = 1
    m, parts = _labels(sub, connectivity=4)
    plab = parts[cy, cx].astype(np.intp)
    phv = hv[keep]
    ppeak, stats = _label_stats(plab, pxs, pys, phv, m)
    w, h, area = stats[:, 2], stats[:, 3], stats[:, 4]
    ok = (area >= MIN_PIP_AREA) & (w <= MAX_PIP_SIDE) & (h <= MAX_PIP_SIDE)
    ok &= (area >= 0.45 * w * h) & (ppeak >= MIN_PIP_CONTRAST)
    ok[0] = False
    # in the order the per-blob loop gave: by parent blob, then by the part's first pixel in raster order
    parent = np.zeros(m, np.int64)
    parent[plab] = lab[keep]
    first = np.zeros(m, np.int64)  # pixels are in raster order: a part's first index is its first pixel
    porder = stable_order(plab)
    pstarts = _runs(plab[porder])
    first[plab[porder[pstarts]]] = porder[pstarts]  # np.unique's first index of each part
    found = _small_blobs(plab, pxs, pys, phv, ppeak, ok, bare, dark, with_index=True, min_core=1)
    # (the permutation ``found.sort(key=...)`` made: both sorts are stable on the same keys; the rows follow it)
    order = sorted(range(len(found)), key=lambda k: (parent[found[k][0]], first[found[k][0]]))
    return PipList([found[k][1] for k in order], found.figs[np.asarray(order, np.intp)])


def stable_order(keys: np.ndarray) -> np.ndarray:
    """``np.argsort(keys, kind="stable")`` of non-negative integer keys: the one stable permutation, found by numpy's
    radix sort when the keys fit 16 bits (~10x its merge sort on a frame's ~20,000 blob pixels)."""
    if len(keys) and keys.dtype.kind in "iu" and int(keys.min()) >= 0 and int(keys.max()) <= np.iinfo(np.uint16).max:
        return np.argsort(keys.astype(np.uint16), kind="stable")
    return np.argsort(keys, kind="stable")


def _runs(sorted_keys: np.ndarray) -> np.ndarray:
    """Where each run of equal values starts in a sorted array (its first index is 0).

    (Where a key differs from the one before it, as one boolean pass: the same indices as the nonzero of
    ``np.diff`` shifted by one behind a 0, without the subtraction's array and the concatenation of two.)"""
    starts = np.empty(len(sorted_keys), bool)
    starts[:1] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=starts[1:])
    return np.flatnonzero(starts) if len(sorted_keys) else np.zeros(1, np.intp)


def _labels(binary: np.ndarray, connectivity: int = 8, count: int | None = None) -> tuple[int, np.ndarray]:
    """cv2.connectedComponents of a 0/1 image: the same labels, in 16 bits when they cannot overflow (a set pixel
    starts at most one label), which OpenCV writes ~15% faster than 32. ``count``: the set pixels, when known."""
    if (cv2.countNonZero(binary) if count is None else count) < np.iinfo(np.uint16).max - 1:
        return cv2.connectedComponents(binary, connectivity=connectivity, ltype=cv2.CV_16U)
    return cv2.connectedComponents(binary, connectivity=connectivity)


def _pixels(binary: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flat index, x and y of every set pixel of a 0/1 image, in raster order.

    Why numpy's flatnonzero of the image seen as booleans: on 0/1 bytes it counts and gathers a word at a time, ~3x
    cv2.findNonZero with its (x, y) pairs converted and made flat again (a 1589x986 scaled field: 1.8 -> 0.7 ms)."""
    if binary.dtype != np.uint8 or not binary.flags.c_contiguous:
        binary = np.ascontiguousarray(binary, np.uint8)
    flat = np.flatnonzero(binary.view(bool))
    ys, xs = np.divmod(flat, binary.shape[1])
    return flat, xs, ys


def _label_stats(lab: np.ndarray, xs: np.ndarray, ys: np.ndarray, vals: np.ndarray,
                 n: int) -> tuple[np.ndarray, np.ndarray]:
    """Peak value and (left, top, width, height, area) rows, as connectedComponentsWithStats, of labels 0..n-1.

    Pixels come in raster order and a stable sort keeps it: a label's first pixel has its top row, its last the
    bottom row; the rest is reduceat over the sorted runs. Label 0 (background) gets zeros.
    """
    peaks = np.zeros(n, np.float32)
    stats = np.zeros((n, 5), np.int64)
    if len(lab) == 0:
        return peaks, stats
    order = stable_order(lab)
    lab, xs, ys = lab[order], xs[order], ys[order]
    starts = _runs(lab)
    ends = np.concatenate([starts[1:], [len(lab)]])
    ids = lab[starts]
    peaks[ids] = np.maximum.reduceat(vals[order].astype(np.float32), starts)
    left = np.minimum.reduceat(xs, starts)
    stats[ids, 0] = left
    stats[ids, 1] = ys[starts]
    stats[ids, 2] = np.maximum.reduceat(xs, starts) - left + 1
    stats[ids, 3] = ys[ends - 1] - ys[starts] + 1
    stats[ids, 4] = ends - starts
    return peaks, stats


def _small_blobs(lab: np.ndarray, xs: np.ndarray, ys: np.ndarray, hv: np.ndarray, peaks: np.ndarray,
                 wanted: np.ndarray, bare: np.ndarray, dark: bool, with_index: bool = False, min_core: int = 2
                 ) -> PipList:
    """Pips from every wanted blob at once: moments of each blob's core (>= half its peak) by bincount.

    The wanted blobs' pixels are picked first (a field's small strong blobs hold a tenth of its blob pixels: the
    checkers' rims are the rest), and each core test is the same comparison on fewer of them."""
    at = np.flatnonzero(wanted[lab])
    lab, hv = lab[at], hv[at].astype(np.float64)
    core = hv >= 0.5 * peaks[lab]
    at = at[core]
    lab, xs, ys, hv = lab[core], xs[at].astype(np.float64), ys[at].astype(np.float64), hv[core]
    n = len(peaks)
    cnt = np.bincount(lab, minlength=n).astype(np.float64)
    ok = wanted & (cnt >= min_core)  # a one-pixel core is round: the moments below give elongation 1, angle 0
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
    idx = np.nonzero(ok)[0]
    if len(idx) == 0:
        return PipList([], np.zeros((0, len(FIGURES))))
    # every figure converted at once (np.round rounds half to even, as round() does)
    face = bare[np.round(cy[idx]).astype(np.intp), np.round(cx[idx]).astype(np.intp)].astype(np.float64)
    figs = np.empty((len(idx), len(FIGURES)))  # (the rows of PipList.figs: the same float64 numbers as the Pips)
    for col, values in enumerate((cx[idx], cy[idx], 2 * np.sqrt(cnt[idx] / np.pi), cnt[idx], elong[idx], angle[idx],
                                  peaks[idx].astype(np.float64), face)):
        figs[:, col] = values
    figs[:, 8] = 1.0 if dark else 0.0
    pips = [Pip(x, y, a, d, e, t, c, f, dark) for x, y, a, d, e, t, c, f in zip(
        figs[:, 0].tolist(), figs[:, 1].tolist(), figs[:, 3].tolist(), figs[:, 2].tolist(),
        figs[:, 4].tolist(), figs[:, 5].tolist(), figs[:, 6].tolist(), figs[:, 7].tolist())]
    return PipList(list(zip(idx.tolist(), pips)) if with_index else pips, figs)


def find_pips(images: FaceImages, mask: np.ndarray | None = None) -> PipList:
    """Dark and light pip candidates (small, compact, high-contrast blobs), with their figures (PipList)."""
    dark, light = _blobs(images.blackhat, images.closed, True, mask), _blobs(images.tophat, images.opened, False, mask)
    return PipList(dark + light, np.concatenate([dark.figs, light.figs]))


def similar_shape(a: Pip, b: Pip) -> bool:
    """Pips of one face are the same circle seen through the same foreshortening: alike in elongation and axis."""
    if abs(a.elongation - b.elongation) > 0.25 + 0.1 * max(a.elongation - 1, b.elongation - 1):
        return False
    if min(a.elongation, b.elongation) > 1.3:
        diff = abs((a.angle - b.angle + np.pi / 2) % np.pi - np.pi / 2)
        if diff > np.radians(30):
            return False
    return True


def _similar_shapes(elong: np.ndarray, angle: np.ndarray, ii: np.ndarray, jj: np.ndarray) -> np.ndarray:
    """similar_shape for the pairs (ii, jj) at once."""
    ea, eb = elong[ii], elong[jj]
    ok = ~(np.abs(ea - eb) > 0.25 + 0.1 * np.maximum(ea - 1, eb - 1))
    diff = np.abs((angle[ii] - angle[jj] + np.pi / 2) % np.pi - np.pi / 2)
    return ok & ~((np.minimum(ea, eb) > 1.3) & (diff > np.radians(30)))


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


def shares_face(a: Pip, b: Pip, images: FaceImages, inward: float = 0.0) -> bool:
    """True when the bare face (pips filled in) runs unbroken from pip ``a`` to pip ``b`` at one level.

    ``inward``: ``b``'s bare face may lie this share of the contrast further from the ink than ``a``'s, beyond
    FACE_SPREAD (a pip nearer a small die's centre, where the blurred face is at its lightest; see
    ``vision.dice._split_face``); the path between them must still stay at ``a``'s level."""
    if a.dark != b.dark:
        return False
    d = np.hypot(a.x - b.x, a.y - b.y)
    bare = images.closed if a.dark else images.opened
    contrast = min(a.contrast, b.contrast)
    tol = 0.2 * contrast
    level = min(a.face, b.face) if a.dark else max(a.face, b.face)
    spread = b.face - a.face if a.dark else a.face - b.face  # > 0: b's face further from the ink than a's
    allowed = max(8.0, FACE_SPREAD * contrast)
    if abs(spread) > allowed and not (0 < spread <= allowed + inward * contrast):
        return False
    steps = max(int(d), 4)
    t = np.linspace(0, 1, steps + 1)[1:-1]
    xs = np.clip(np.round(a.x + (b.x - a.x) * t).astype(int), 0, bare.shape[1] - 1)
    ys = np.clip(np.round(a.y + (b.y - a.y) * t).astype(int), 0, bare.shape[0] - 1)
    vals = bare[ys, xs].astype(float)
    if a.dark:
        return bool(vals.min() >= level - tol)
    return bool(vals.max() <= level + tol)


def _shares_face_pairs(xy: np.ndarray, d: np.ndarray, ii: np.ndarray, jj: np.ndarray, images: FaceImages,
                       face: np.ndarray, contrast: np.ndarray, dark: np.ndarray,
                       spread: np.ndarray | float = FACE_SPREAD) -> np.ndarray:
    """shares_face for the pairs (ii, jj) of pips of one polarity at once: the same samples, padded per pair.
    ``face``, ``contrast``, ``dark``: the pips' figures as arrays. ``spread``: FACE_SPREAD, or one share per pair
    (group_pips: TINY_FACE_SPREAD for tiny pips)."""
    if len(ii) == 0:
        return np.zeros(0, bool)
    dk = dark[ii]
    con = np.minimum(contrast[ii], contrast[jj])
    fa, fb = face[ii], face[jj]
    level = np.where(dk, np.minimum(fa, fb), np.maximum(fa, fb))
    ok = ~(np.abs(fa - fb) > np.maximum(8.0, spread * con))
    steps = np.maximum(d.astype(int), 4)
    k = np.arange(1, int(steps.max()))
    t = k[None, :] * (1.0 / steps[:, None])  # as np.linspace(0, 1, steps + 1)[1:-1]
    valid = k[None, :] < steps[:, None]
    a, b = xy[ii], xy[jj]
    out = np.empty(len(ii), bool)
    for is_dark, bare in ((True, images.closed), (False, images.opened)):
        sel = dk == is_dark
        if not sel.any():
            continue
        xs = np.clip(np.round(a[sel, :1] + (b[sel, :1] - a[sel, :1]) * t[sel]).astype(int), 0, bare.shape[1] - 1)
        ys = np.clip(np.round(a[sel, 1:] + (b[sel, 1:] - a[sel, 1:]) * t[sel]).astype(int), 0, bare.shape[0] - 1)
        vals = bare[ys, xs].astype(float)
        tol = (0.2 * con[sel])[:, None]
        if is_dark:
            good = np.where(valid[sel], vals >= level[sel, None] - tol, True).all(axis=1)
        else:
            good = np.where(valid[sel], vals <= level[sel, None] + tol, True).all(axis=1)
        out[sel] = good
    return ok & out


def _near_pairs(xy: np.ndarray, reach: float, both: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i < j) of points at most ``reach`` apart along x (all pairs of a frame's pips: ~1000^2 / 2);
    ``both``: along y too.

    Why: only pips within a die of each other can share a face; sorting by x and taking each pip's run of
    followers within ``reach`` gives the same pairs as testing all of them, in a fraction of the memory and time.
    The pairs far apart along y are dropped before the pairs are ordered (a board's pips: ~6 of 7 pairs near
    along x are far along y), which leaves the same pairs in the same order as dropping them after.
    """
    order = np.argsort(xy[:, 0], kind="stable")
    xs = xy[order, 0]
    start = np.arange(1, len(xs) + 1)
    counts = np.searchsorted(xs, xs + reach, side="right") - start
    counts = np.maximum(counts, 0)
    a = np.repeat(np.arange(len(xs)), counts)
    b = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts) + np.repeat(start, counts)
    i, j = order[a], order[b]
    if both:
        near = np.abs(xy[i, 1] - xy[j, 1]) <= reach
        i, j = i[near], j[near]
    ii, jj = np.minimum(i, j), np.maximum(i, j)
    pair = np.lexsort((jj, ii))  # in np.triu_indices order, as the exact tests once saw them
    return ii[pair], jj[pair]


def group_pips(pips: list[Pip], images: FaceImages, tiny: float = 0.0) -> list[list[Pip]]:
    """Pips linked by an unbroken bare face, as connected groups (one group ~ one face).

    ``tiny``: two pips both at most this wide (at this scale) are linked whatever their shapes, when alike in
    contrast (one face's pips are one ink). Why: a pip of a few source pixels has the elongation and axis of its
    sampling, not of its face (a rendered game at 960x540: the two pips of a 2 on a die of 9 px measured 1.9 and 1.5
    long, never one group, so the die was never read); the contrast keeps the faint specks of the die's shaded
    edge out of its face. Two such pips' bare faces may differ by TINY_FACE_SPREAD of their contrast (else
    FACE_SPREAD): on a white die of ~13 px the closing takes the die's shaded rim in round a corner pip, whose face
    then measured 0.2-0.25 of the contrast darker than the middle pip's (renders 19143, 19160 at 1280x720: a 2 and
    a 3 on light fields never read); the path between them must still stay on the face.
    """
    n = len(pips)
    pairs: list[tuple[int, int]] = []
    if n > 1:
        # every figure the tests below ask of the pips, read in one pass over them (the same values, as float64;
        # a column per figure: x, y, diameter, area, elongation, angle, contrast, face, dark)
        figs = pip_figures(pips)
        xy = np.ascontiguousarray(figs[:, :2])
        diam, area, con = figs[:, 2], figs[:, 3], figs[:, 6]
        dark = figs[:, 8] != 0
        # cheap necessary conditions of _same_face for all pairs at once, exact test only on the survivors
        ii, jj = _near_pairs(xy, 1.35 * NORM_DIE, both=True) if n <= 3000 else (np.array([], int), np.array([], int))
        d = np.hypot(*(xy[ii] - xy[jj]).T)
        big = np.maximum(diam[ii], diam[jj])
        keep = (d <= 5.5 * big) & (d <= 1.35 * NORM_DIE) & (d >= 1.2 * big) & (dark[ii] == dark[jj])
        keep &= np.maximum(area[ii], area[jj]) <= 2.0 * np.minimum(area[ii], area[jj])
        alike = _similar_shapes(figs[:, 4], figs[:, 5], ii, jj)
        keep &= alike | ((np.maximum(diam[ii], diam[jj]) <= tiny)
                         & (np.minimum(con[ii], con[jj]) >= TINY_CONTRAST_SPREAD * np.maximum(con[ii], con[jj])))
        both_tiny = (np.maximum(diam[ii], diam[jj]) <= tiny)[keep]
        ii, jj = ii[keep], jj[keep]
        spread = np.where(both_tiny, TINY_FACE_SPREAD, FACE_SPREAD)
        linked = _shares_face_pairs(xy, d[keep], ii, jj, images, figs[:, 7], con, dark,
                                    spread)  # the last of _same_face's tests
        pairs = list(zip(ii[linked].tolist(), jj[linked].tolist()))
    if not pairs:
        return [[p] for p in pips]  # (no two linked: each pip a group of its own, in order)
    groups: dict[int, list[Pip]] = {}  # by label, in the order of each group's first pip
    for p, label in zip(pips, components(n, pairs).tolist()):
        groups.setdefault(label, []).append(p)
    return list(groups.values())
