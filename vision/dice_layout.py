"""The six canonical pip layouts of a die face, and fitting observed pip centres to them.

A die's upper face seen by a camera is a square under (nearly) an affine map, so its pips are the canonical 3x3-grid
layout under that map. Fitting the map and looking at the residual tells both the value and how sure we are: a set
of blobs that is not one of the six layouts (texture, side-face pips mixed in) fits badly and is rejected rather than
read as a wrong value.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Optional

import numpy as np

# canonical pip centres in grid steps (the face spans about -1.8..1.8 of these steps)
LAYOUTS: dict[int, np.ndarray] = {
    1: np.array([[0, 0]], float),
    2: np.array([[-1, -1], [1, 1]], float),
    3: np.array([[-1, -1], [0, 0], [1, 1]], float),
    4: np.array([[-1, -1], [1, -1], [-1, 1], [1, 1]], float),
    5: np.array([[-1, -1], [1, -1], [-1, 1], [1, 1], [0, 0]], float),
    6: np.array([[-1, -1], [-1, 0], [-1, 1], [1, -1], [1, 0], [1, 1]], float),
}

# half the face edge in grid steps (pip grid step ~0.28-0.3 of the edge on common dice)
FACE_HALF_STEPS = 1.75


@dataclass
class LayoutFit:
    value: int
    center: np.ndarray  # face centre, pixels
    affine: np.ndarray  # 2x2: canonical grid step vectors -> pixels
    residual: float  # rms residual / grid step
    step: float  # grid step in pixels (sqrt |det affine|)


def _perm_tables() -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """For n = 4..6: all orderings of the observed points and the pseudo-inverse of the canonical design."""
    tables = {}
    for n in (4, 5, 6):
        design = np.hstack([LAYOUTS[n], np.ones((n, 1))])  # n x 3
        tables[n] = (np.array(list(permutations(range(n)))), np.linalg.pinv(design), design)
    return tables


_TABLES = _perm_tables()
_ROWS = {n: np.arange(n)[None, :] for n in _TABLES}  # each ordering's row of observed points, for the gather


def fit_layout(points: np.ndarray) -> Optional[LayoutFit]:
    """Best canonical layout for these pip centres (n = 2..6), or None for n outside that range.

    n >= 4: full affine fit (foreshortening allowed) over every assignment of points to layout positions.
    n = 3: the middle pip must sit at the midpoint of the outer two (similarity fit).
    n = 2: always fits exactly; the caller checks spacing against pip size.
    """
    pts = np.asarray(points, float)
    n = len(pts)
    if n == 2:
        c = pts.mean(axis=0)
        d = (pts[1] - pts[0]) / 2.0  # = A @ (1, 1)
        step = float(np.linalg.norm(d) / np.sqrt(2))
        rot = np.array([[d[0] + d[1], d[0] - d[1]], [d[1] - d[0], d[0] + d[1]]]) / 2.0  # similarity with A(1,1)=d
        return LayoutFit(2, c, rot, 0.0, step)
    if n == 3:
        dists = np.linalg.norm(pts[:, None] - pts[None], axis=2)
        i, j = np.unravel_index(np.argmax(dists), dists.shape)
        k = 3 - i - j
        c = (pts[i] + pts[j]) / 2.0
        d = (pts[j] - pts[i]) / 2.0
        step = float(np.linalg.norm(d) / np.sqrt(2))
        if step <= 0:
            return None
        res = float(np.linalg.norm(pts[k] - c) / step / np.sqrt(3))
        rot = np.array([[d[0] + d[1], d[0] - d[1]], [d[1] - d[0], d[0] + d[1]]]) / 2.0
        return LayoutFit(3, c, rot, res, step)
    if n not in _TABLES:
        return None
    perms, pinv, design = _TABLES[n]
    q = pts[perms]  # P x n x 2
    # params = np.einsum("kn,pnd->pkd", pinv, q) (P x 3 x 2) and pred = np.einsum("nk,pkd->pnd", design, params),
    # the same floats: every product pinv[k, j] * pts[i] made once and each permutation's terms gathered (term j of
    # permutation p is pinv[:, j] * pts[perms[p, j]]), summed in j's order as einsum sums them; pred the same way
    # over the design's three columns. Why: the two einsums cost ~0.5 ms for a six's 720 orderings (a frame fits
    # several), the gather and sums about half that
    terms = (pinv.T[:, None, :, None] * pts[None, :, None, :])[_ROWS[n], perms]  # P x n x 3 x 2
    params = terms[:, 0].copy()
    for j in range(1, n):
        params += terms[:, j]
    pred = design[None, :, 0, None] * params[:, None, 0, :]
    for k in (1, 2):
        pred += design[None, :, k, None] * params[:, None, k, :]
    sse = ((pred - q) ** 2).sum(axis=(1, 2))
    dets = np.abs(params[:, 0, 0] * params[:, 1, 1] - params[:, 0, 1] * params[:, 1, 0])
    score = sse / np.maximum(dets, 1e-9)
    best = int(np.argmin(score))
    det = float(dets[best])
    if det <= 1e-6:
        return None
    step = float(np.sqrt(det))
    affine = params[best, :2, :].T  # columns: images of the canonical x and y steps
    res = float(np.sqrt(sse[best] / n) / step)
    return LayoutFit(n, params[best, 2, :].copy(), affine, res, step)


def foreshortening(affine: np.ndarray) -> float:
    """Ratio of the short to the long axis of the face square's image (1 = seen square-on)."""
    s = np.linalg.svd(affine, compute_uv=False)
    return float(s[1] / s[0]) if s[0] > 0 else 0.0


def face_corners(fit: LayoutFit) -> np.ndarray:
    """The four image corners of the face this fit implies (TL, TR, BR, BL in canonical order)."""
    h = FACE_HALF_STEPS
    canon = np.array([[-h, -h], [h, -h], [h, h], [-h, h]])
    return canon @ fit.affine.T + fit.center
