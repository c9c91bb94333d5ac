"""Has the board or the camera moved? A fit score from a few hundred pixels, cheap enough for every few frames.

At calibration (or whenever a geometry is found) we record, across each straight edge the geometry knows (the
outer frame, the playing area's long edges, the halves' ends at the bar), the brightness step between a pixel
just inside and one just outside. A geometry still fits when most of those steps are still there with the same
sign; a moved board puts the sample pairs on the wrong sides of its edges and the score collapses. Hands, dice
and checkers cover only some pairs, and a global lighting change scales all steps alike, so neither trips it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from calibration.geometry import BoardGeometry

MIN_STEP = 10.0  # grey levels: a weaker step is not evidence of an edge
SAMPLES_PER_EDGE = 24


def _segments(geo: BoardGeometry) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(start, end, inward normal) of each edge to sample, in rectified px."""
    w, h = geo.rect_size
    x0, y0, x1, y1 = geo.playing_area
    segs = [
        ((0, 0), (w, 0), (0, 1)), ((w, 0), (w, h), (-1, 0)), ((w, h), (0, h), (0, -1)), ((0, h), (0, 0), (1, 0)),
        ((x0, y0), (x1, y0), (0, 1)), ((x0, y1), (x1, y1), (0, -1)),
        ((x0, y0), (x0, y1), (1, 0)), ((x1, y0), (x1, y1), (-1, 0)),
        ((geo.bar[0], y0), (geo.bar[0], y1), (-1, 0)), ((geo.bar[2], y0), (geo.bar[2], y1), (1, 0)),
    ]
    return [(np.array(a, float), np.array(b, float), np.array(nrm, float)) for a, b, nrm in segs]


def _sample_gray(image: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Grey values at image points (nearest pixel, 2x2 mean) without converting the whole frame."""
    h, w = image.shape[:2]
    x = np.clip(pts[:, 0].round().astype(int), 0, w - 2)
    y = np.clip(pts[:, 1].round().astype(int), 0, h - 2)
    acc = np.zeros(len(pts))
    for dy in (0, 1):
        for dx in (0, 1):
            v = image[y + dy, x + dx].astype(np.float64)
            acc += v if v.ndim == 1 else v @ np.array([0.114, 0.587, 0.299])
    return acc / 4


def reference_for(image: np.ndarray, geo: BoardGeometry) -> dict[str, Any]:
    """Record the edge steps of this geometry in this frame (the frame the geometry was found in)."""
    h_img, w_img = image.shape[:2]
    d = 0.012 * geo.rect_size[0]
    ins, outs = [], []
    for a, b, nrm in _segments(geo):
        t = (np.arange(SAMPLES_PER_EDGE) + 0.5) / SAMPLES_PER_EDGE
        base = a[None, :] + t[:, None] * (b - a)[None, :]
        ins.append(base + d * nrm)
        outs.append(base - d * nrm)
    pin = geo.to_image(np.concatenate(ins))
    pout = geo.to_image(np.concatenate(outs))
    inside = ((pin >= 0) & (pin < [w_img - 1, h_img - 1])).all(axis=1) & (
        (pout >= 0) & (pout < [w_img - 1, h_img - 1])).all(axis=1)
    pin, pout = pin[inside], pout[inside]
    diff = _sample_gray(image, pin) - _sample_gray(image, pout)
    keep = np.abs(diff) >= MIN_STEP
    return {
        "image_size": [int(w_img), int(h_img)],
        "pairs": np.round(np.c_[pin[keep], pout[keep]], 1).tolist(),
        "steps": np.round(diff[keep], 1).tolist(),
    }


def fit_score(image: np.ndarray, geo: BoardGeometry) -> float:
    """Share of recorded edge steps still present with the same sign (0 = moved, 1 = fits)."""
    ref = geo.edge_reference
    if not ref or not ref.get("pairs"):
        return _pattern_score(image, geo)
    pairs = np.asarray(ref["pairs"], dtype=np.float64)
    steps = np.asarray(ref["steps"], dtype=np.float64)
    sx = image.shape[1] / ref["image_size"][0]
    sy = image.shape[0] / ref["image_size"][1]
    scale = np.array([sx, sy, sx, sy])
    pairs = pairs * scale
    now = _sample_gray(image, pairs[:, :2]) - _sample_gray(image, pairs[:, 2:])
    ok = (np.sign(now) == np.sign(steps)) & (np.abs(now) >= 0.35 * np.abs(steps))
    weight = np.minimum(np.abs(steps), 60.0)
    return float((ok * weight).sum() / (weight.sum() + 1e-9))


def _pattern_score(image: np.ndarray, geo: BoardGeometry) -> float:
    """Fallback without a reference: does the point pattern still sit where the geometry says?"""
    from vision.board import rectify
    from vision.board_layout import find_layout

    lay = find_layout(rectify(image, geo))
    if lay is None:
        return 0.0
    w = geo.rect_size[0]
    shift = abs(lay.playing_area[0] - geo.playing_area[0]) + abs(lay.playing_area[2] - geo.playing_area[2])
    return float(max(0.0, min(1.0, lay.score)) * max(0.0, 1 - shift / (0.05 * w)))
