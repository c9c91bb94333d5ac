"""The lens's bend, read from the board's own straight edges when the camera was never calibrated.

A wide Raspberry Pi lens bows straight lines (radial distortion). The board's outer frame and its playing area
are straight in the world, so their image edges show the bow: a homography from four corners then puts the
points in the middle of each half off by up to a point width. Without a calibration we fit the one term that
matters most, OpenCV's ``k1``, for a nominal camera (principal point at the image centre, focal length
``NOMINAL_FOCAL`` image diagonals: for the pure radial term only ``k1 / f**2`` shapes the image, so the choice of
focal length only scales the number).

How: for each straight side (frame and playing area) we sample the colour step across the side along many
normals. For each trial ``k1`` (and small shifts of each side's two ends, since the corners were found by fitting
straight lines to bowed edges) the side's curve is a straight line between its undistorted ends, distorted back:
the trial whose curves run along the strongest steps wins. That is a model fit, not a choice among edge points,
so clutter over a side only adds the same noise to every trial. The lens is used only when the evidence is clear
(the edges gain clearly from the bend and the bend moves them by more than the noise): else ``k1 = 0``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

from calibration.intrinsics import Intrinsics

NOMINAL_FOCAL = 0.7  # nominal focal length in image diagonals (a typical Pi camera's field of view)
K1_GRID = np.round(np.arange(-0.60, 0.601, 0.04), 4)  # trial k1 for the nominal camera (coarse), then refined
K1_FINE = np.arange(-0.04, 0.0401, 0.008)  # around the best coarse trial
SAMPLES = 32  # normals per side
MIN_GAIN = 0.06  # share of edge evidence the bend must add over a straight-line lens
MIN_BOW_PX = 2.5  # the bend must move some side's middle by this much relative to its ends (else: noise)
MIN_STRENGTH = 0.45  # mean normalised step under the fitted curves: the sides must actually be edges
SIDE_AGREE = 0.08  # a side agrees with the fit when its own best k1 is this close (or half the fit's size)
MIN_AGREE = 0.75  # share of the sides that must agree


@dataclass(frozen=True)
class LensEstimate:
    """What the board's edges say about the lens: the fitted k1, how sure, and the corners on the fitted curves."""

    k1: float  # OpenCV k1 for camera matrix K (0 when the evidence is not clear)
    K: np.ndarray
    image_size: tuple[int, int]
    gain: float  # relative edge evidence over k1 = 0 (0.1 = 10 % stronger steps under the curves)
    bow_px: float  # largest bend of a side's middle against its chord that the fitted k1 makes
    strength: float  # mean normalised step under the fitted curves (1 = every sample on its strongest step)
    fitted_k1: float  # the best trial k1 before the evidence test
    corners: Optional[np.ndarray] = None  # outer frame corners where the fitted curves meet (image px)
    side_k1: tuple[float, ...] = ()  # each side's own best trial k1 (frame sides first): do they agree?

    @property
    def clear(self) -> bool:
        return self.k1 != 0.0

    def intrinsics(self) -> Optional[Intrinsics]:
        """The estimated lens as intrinsics (marked estimated), or None when no bend was clear."""
        if not self.clear:
            return None
        return Intrinsics(self.K.copy(), np.array([self.k1, 0.0, 0.0, 0.0, 0.0]), self.image_size,
                          estimated=True)


def nominal_camera(size: tuple[int, int]) -> np.ndarray:
    """Camera matrix of the nominal lens for an image of ``size`` (w, h)."""
    w, h = size
    f = NOMINAL_FOCAL * float(np.hypot(w, h))
    return np.array([[f, 0.0, w / 2.0], [0.0, f, h / 2.0], [0.0, 0.0, 1.0]])


def distort(pts: np.ndarray, k1, K: np.ndarray) -> np.ndarray:
    """Undistorted -> distorted image px under the one-term radial model (``k1`` may be an array that
    broadcasts against the points' leading axes)."""
    f, c = K[0, 0], K[:2, 2]
    x = (np.asarray(pts, float) - c) / f
    r2 = np.sum(x * x, axis=-1, keepdims=True)
    return c + f * x * (1.0 + np.asarray(k1, float)[..., None] * r2) if np.ndim(k1) else \
        c + f * x * (1.0 + k1 * r2)


def undistort(pts: np.ndarray, k1, K: np.ndarray, iterations: int = 8) -> np.ndarray:
    """Distorted -> undistorted image px: Newton steps on r_d = r_u (1 + k1 r_u^2) per point (``k1`` as in
    ``distort``). Beyond the radius where a barrel lens folds back the radius stays at the fold."""
    f, c = K[0, 0], K[:2, 2]
    xd = (np.asarray(pts, float) - c) / f
    k = np.asarray(k1, float)[..., None] if np.ndim(k1) else k1
    rd = np.sqrt(np.sum(xd * xd, axis=-1, keepdims=True))
    r = rd * np.ones_like(k * rd)
    fold = np.where(k < 0, 1.0 / np.sqrt(3.0 * np.maximum(-k, 1e-12)), np.inf)  # where r (1 + k r^2) peaks
    r = np.minimum(r, fold)
    for _ in range(iterations):
        slope = np.maximum(1.0 + 3.0 * k * r * r, 1e-3)
        r = np.clip(r - (r + k * r ** 3 - rd) / slope, 0.0, fold)
    scale = np.where(rd > 1e-12, r / np.maximum(rd, 1e-12), 1.0)
    return c + f * xd * scale


@dataclass(eq=False)
class _Side:
    a: np.ndarray  # image end points (on the bowed edge, roughly)
    b: np.ndarray
    base: np.ndarray  # (S, 2) sample points on the chord
    t: np.ndarray  # (S,) their parameter along the chord
    nrm: np.ndarray  # unit normal
    offs: np.ndarray  # (O,) offsets along the normal of the profile samples
    strength: np.ndarray  # (S, O) normalised colour step across the side
    outer: bool


def _profiles(image: np.ndarray, a: np.ndarray, b: np.ndarray, reach_in: float, reach_out: float,
              outward: np.ndarray) -> Optional[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """Colour step across segment a-b at SAMPLES normals, offsets from -reach_in to +reach_out (outward)."""
    d = b - a
    length = float(np.linalg.norm(d))
    if length < 20:
        return None
    tdir = d / length
    nrm = np.array([-tdir[1], tdir[0]])
    if float(nrm @ outward) < 0:
        nrm = -nrm
    ts = np.linspace(0.06, 0.94, SAMPLES)
    offs = np.arange(-reach_in, reach_out + 0.25, 0.5)
    base = a[None, :] + ts[:, None] * d[None, :]
    across = np.array([-1.5, 0.0, 1.5])  # a few pixels along the side average out noise
    pts = (base[:, None, None, :] + across[None, :, None, None] * tdir[None, None, None, :]
           + offs[None, None, :, None] * nrm[None, None, None, :])  # (S, 3, O, 2)
    flat = pts.reshape(-1, len(offs), 2).astype(np.float32)
    h, w = image.shape[:2]
    inside = ((flat[..., 0] >= 0) & (flat[..., 0] <= w - 1) & (flat[..., 1] >= 0) & (flat[..., 1] <= h - 1))
    patch = cv2.remap(image, flat[..., 0], flat[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2Lab).astype(np.float32).reshape(SAMPLES, 3, len(offs), 3).mean(axis=1)
    ok = inside.reshape(SAMPLES, 3, len(offs)).all(axis=1)
    lab = cv2.GaussianBlur(lab, (5, 1), 0)  # along the normal only (a pixel is two samples)
    diff = np.zeros_like(lab)
    diff[:, 2:-2] = (lab[:, 4:] - lab[:, :-4]) / 2.0  # per px
    g = np.sqrt(diff[..., 0] ** 2 + 1.5 * (diff[..., 1] ** 2 + diff[..., 2] ** 2))
    g[~ok] = 0.0
    top = g.max(axis=1, keepdims=True)
    norm = np.where(top > 2.0, g / np.maximum(top, 1e-6), 0.0)  # each normal votes alike; flat ones not at all
    return base, ts, nrm, offs, norm


def _curve_offsets(side: _Side, k1s: np.ndarray, K: np.ndarray) -> np.ndarray:
    """Where a straight world line through the side's ends lies under each trial k1: offset along the normal at
    each sample (image px, (N, S)), relative to the chord between the ends as seen."""
    k1s = np.asarray(k1s, float).reshape(-1)
    ends = undistort(np.broadcast_to(np.stack([side.a, side.b]), (len(k1s), 2, 2)), k1s[:, None], K)  # (N, 2, 2)
    tt = np.linspace(-0.05, 1.05, 60)
    line = ends[:, :1, :] + tt[None, :, None] * (ends[:, 1:, :] - ends[:, :1, :])  # (N, T, 2)
    q = distort(line, k1s[:, None], K)
    d = side.b - side.a
    u = (q - side.a) @ d / float(d @ d)  # position along the chord (0..1), increasing with tt
    v = (q - side.a) @ side.nrm
    return np.stack([np.interp(side.t, u[n], v[n]) for n in range(len(k1s))])


def _side_scores(side: _Side, k1s: Sequence[float], K: np.ndarray, shifts: np.ndarray,
                 around: Optional[np.ndarray] = None) -> tuple[np.ndarray, np.ndarray]:
    """Best score over end shifts for each trial k1, and the best (shift at a, shift at b) for each.

    ``shifts`` are the trial shifts of each end along the normal; with ``around`` (k, 2) they are taken
    relative to a previous best per trial k1."""
    step = side.offs[1] - side.offs[0]
    n_off = len(side.offs)
    rows = np.arange(len(side.t))
    curves = _curve_offsets(side, k1s, K)  # (N, S)
    sa = shifts[None, :, None, None] + (0.0 if around is None else around[:, 0][:, None, None, None])
    sb = shifts[None, None, :, None] + (0.0 if around is None else around[:, 1][:, None, None, None])
    v = curves[:, None, None, :] + sa * (1.0 - side.t) + sb * side.t  # (N, A, B, S)
    pos = (v - side.offs[0]) / step
    j0 = np.clip(np.floor(pos).astype(np.int32), 0, n_off - 2)
    fr = np.clip(pos - j0, 0.0, 1.0)
    val = side.strength[rows, j0] * (1 - fr) + side.strength[rows, j0 + 1] * fr
    val[(pos < 0) | (pos > n_off - 1)] = 0.0
    score = val.mean(axis=3).reshape(len(k1s), -1)  # (N, A*B)
    k = np.argmax(score, axis=1)
    n = len(shifts)
    best_shift = np.stack([shifts[k // n], shifts[k % n]], axis=1)
    if around is not None:
        best_shift = best_shift + around
    return score[np.arange(len(k1s)), k], best_shift


def _corners_from_sides(sides: list[_Side], shifts: np.ndarray, k1: float, K: np.ndarray) -> np.ndarray:
    """Outer corners where the four fitted frame lines meet (in undistorted px, then distorted back)."""
    lines = []
    for s, (da, db) in zip(sides, shifts):
        au, bu = undistort(np.stack([s.a + da * s.nrm, s.b + db * s.nrm]), k1, K)
        lines.append((au, bu - au))
    out = []
    for i in range(4):
        (p1, d1), (p2, d2) = lines[(i - 1) % 4], lines[i]
        A = np.array([d1, -d2]).T
        if abs(np.linalg.det(A)) < 1e-9:
            return None
        s = np.linalg.solve(A, p2 - p1)
        out.append(p1 + s[0] * d1)
    return distort(np.array(out), k1, K)


def _quad_sides(quad: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """(a, b, outward direction) of a quadrilateral's sides TL-TR, TR-BR, BR-BL, BL-TL."""
    q = np.asarray(quad, float).reshape(4, 2)
    centre = q.mean(axis=0)
    return [(q[i], q[(i + 1) % 4], (q[i] + q[(i + 1) % 4]) / 2 - centre) for i in range(4)]


END_REACH = 0.012  # share of a side's length its ends may shift in a fit (straight-line corners sit a little off)
ROUNDS = 3  # fits in a row, each on the corners where the previous one's curves met


def estimate_lens(image: np.ndarray, corners: np.ndarray, playing_area: Optional[np.ndarray] = None,
                  rounds: int = ROUNDS, reach: float = END_REACH) -> LensEstimate:
    """Fit the lens's k1 to the outer frame's (and the playing area's) edges around the found board.

    Corners found by straight-line fits sit outside a barrel lens's bowed sides (the lines touch the bulges), so
    a fit shifts each side's ends only a little: the fit is repeated from the corners where its curves met,
    until they stay put. See ``fit_lens`` for the arguments."""
    est = fit_lens(image, corners, playing_area, reach=reach)
    for _ in range(rounds - 1):
        if not est.clear or est.corners is None:
            break
        moved = float(np.max(np.linalg.norm(est.corners - np.asarray(corners, float).reshape(4, 2), axis=1)))
        if moved < 1.0:
            break
        corners = est.corners
        near = K1_GRID[np.abs(K1_GRID - est.k1) <= 0.121]  # the lens does not change between rounds much
        nxt = fit_lens(image, corners, playing_area, near, reach=reach)
        if not nxt.clear:
            break
        est = nxt
    return est


def fit_lens(image: np.ndarray, corners: np.ndarray, playing_area: Optional[np.ndarray] = None,
             k1_grid: Optional[np.ndarray] = None, reach: float = END_REACH) -> LensEstimate:
    """Fit the lens's k1 to the outer frame's (and the playing area's) edges around the found board.

    ``corners`` are the outer frame TL, TR, BR, BL in image px; ``playing_area`` the playing area's four image
    corners in the same order (optional: more straight edges, nearer the image centre). Sides lying on the image
    border (a tight crop) are skipped. ``reach``: how far each side's ends may shift, as a share of its length.
    """
    h, w = image.shape[:2]
    K = nominal_camera((w, h))
    c = np.asarray(corners, float).reshape(4, 2)
    sides: list[_Side] = []
    quads = [(c, True)] + ([(np.asarray(playing_area, float).reshape(4, 2), False)]
                           if playing_area is not None else [])
    for quad, outer in quads:
        for a, b, out in _quad_sides(quad):
            if all(min(p[0], p[1], w - 1 - p[0], h - 1 - p[1]) < 2.5 for p in (a, b)):
                continue  # on the image border: no edge to read
            length = float(np.linalg.norm(b - a))
            shift = max(3.0, reach * length)
            bow = 0.045 * length  # room for the strongest bend the trial k1 make
            prof = _profiles(image, a, b, bow + shift + 2, bow + shift + 2, out)
            if prof is None:
                continue
            base, ts, nrm, offs, strength = prof
            sides.append(_Side(a, b, base, ts, nrm, offs, strength, outer))
    frame_sides = [s for s in sides if s.outer]
    none = LensEstimate(0.0, K, (w, h), 0.0, 0.0, 0.0, 0.0, None)
    if len(sides) < 3:
        return none
    reaches = {id(s): max(3.0, reach * float(np.linalg.norm(s.b - s.a))) for s in sides}

    def total(k1s, fine=None):
        per = []
        for n, s in enumerate(sides):
            if fine is None:  # coarse: end shifts over the whole reach, 2 px apart
                step = 2.0 * max(1.0, reach / END_REACH) ** 0.5  # (a wider reach in steps a little wider)
                sh = np.arange(-reaches[id(s)], reaches[id(s)] + 0.01, step)
                per.append(_side_scores(s, k1s, K, sh))
            else:  # fine: half-pixel shifts around the coarse best (the next round refines a wider reach's)
                per.append(_side_scores(s, k1s, K, np.arange(-2.0, 2.01, 0.5), fine[n]))
        return np.mean([p[0] for p in per], axis=0), per

    grid = K1_GRID if k1_grid is None else np.asarray(k1_grid, float)
    if not np.any(np.abs(grid) < 1e-9):
        grid = np.sort(np.append(grid, 0.0))  # the straight-line lens is always a trial
    coarse, per0 = total(grid)
    i = int(np.argmax(coarse))
    fine_k = grid[i] + K1_FINE
    fine, per = total(fine_k, [np.repeat(p[1][i:i + 1], len(fine_k), axis=0) for p in per0])
    j = int(np.argmax(fine))
    k1 = float(fine_k[j])
    z = int(np.argmin(np.abs(grid)))  # the straight-line lens, fitted as finely
    zero, _ = total(np.array([0.0]), [p[1][z:z + 1] for p in per0])
    gain = float(fine[j] / max(float(zero[0]), 1e-6) - 1.0)
    bow = max(float(np.ptp(_curve_offsets(s, np.array([k1]), K))) for s in sides)
    strength = float(fine[j])
    at_edge = grid[i] in (K1_GRID[0], K1_GRID[-1])
    # one lens bends every straight side alike: most sides on their own must prefer about the same k1 (a
    # side taken from a tray edge, a shadow or clutter prefers its own)
    side_k1 = [float(grid[int(np.argmax(p[0]))]) for p in per0]
    agree = sum(abs(k - k1) <= max(SIDE_AGREE, 0.5 * abs(k1)) for k in side_k1) / len(side_k1)
    ok = (gain >= MIN_GAIN and bow >= MIN_BOW_PX and strength >= MIN_STRENGTH and not at_edge
          and agree >= MIN_AGREE)
    new_corners = None
    if ok and len(frame_sides) == 4:
        shifts = [per[i][1][j] for i, s in enumerate(sides) if s.outer]
        new_corners = _corners_from_sides(frame_sides, shifts, k1, K)
    return LensEstimate(k1 if ok else 0.0, K, (w, h), gain, bow, strength, k1, new_corners, tuple(side_k1))
