"""Find the playing area, the bar, both halves and the trays inside a rectified board from the point pattern.

Why a pattern and not colours: boards come in every colour scheme, but every board has 6 points per half whose
colours alternate along each long side. Across a band of rows near the bases, a half's column profile is a wave
of exactly 3 periods over the half's width; its phase is fixed by the half's edges (a point centre at a crest).
Correlating the column profile with that wave for every (start, width) finds both halves at once, and with them
the bar between them and the trays outside. Everything is measured, nothing assumed about the colours.

The waves are periodic, so a half shifted by one or two whole points fits them almost as well as the right one: the
choice between such shifts (``_settle_bar``) rests on what only the ends show: a triangle just inside each end
and none just outside (per-point slant evidence), upright edges of the bar and trays, no gap inside a half, and
checkers standing where a missed end point would be, and a bar about a point wide between the halves (a half that
swallowed the bar leaves almost none). ``Layout.shift_margin`` says by how much the winner beat the best shifted
reading; below ``SHIFT_MARGIN`` the layout is ``shift_ambiguous`` and readers should warn.

A chessboard also alternates, but in every row band and with flipping phase; a backgammon board alternates only
near the long edges and is plain (or holds checkers) in the middle: the score requires that.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

import cv2
import numpy as np

SYMMETRY_WEIGHT = 0.3  # score lost per unit of (margin difference / width)
SEARCH_WIDTH = 264  # columns of the profile searched (the rectified view is resampled to this width)


@dataclass
class Layout:
    """Areas found in a rectified view, in that view's pixels, with the evidence for them."""

    left_half: tuple[float, float, float, float]
    right_half: tuple[float, float, float, float]
    bar: tuple[float, float, float, float]
    playing_area: tuple[float, float, float, float]
    trays: list[tuple[float, float, float, float]]
    triangle_frac: float
    score: float  # 0..1: how clearly the point pattern is there (both halves, both long sides)
    middle_score: float  # the same pattern in the middle rows (high for chessboards, low for boards)
    shift_margin: float = 1.0  # how much better the chosen halves fit than a whole point either way
    shift_ambiguous: bool = False  # shift_margin below SHIFT_MARGIN: points may be off by one (warn the user)


def _lab_profile(lab: np.ndarray, y0: int, y1: int) -> np.ndarray:
    """Per-column median colour over rows y0..y1 (medians shrug off checkers covering part of a column)."""
    band = lab[max(0, y0):max(y0 + 1, y1)]
    if len(band) > 24:
        band = band[::2]  # every other row: the same median for half the sorting
    return np.median(band, axis=0).astype(np.float64)  # (W, 3)


@lru_cache(maxsize=2048)
def _wave(length: int, harmonic: int = 1) -> np.ndarray:
    """Zero-mean unit wave over `length` samples, locked to a half's 6 points.

    harmonic 1: 3 periods, crest at odd points' centres (the two point colours alternate);
    harmonic 2: 6 periods, crest at every point centre (triangles against the field between them).
    """
    x = (np.arange(length) + 0.5) / length * 6.0  # in point widths
    w = np.sin(np.pi * x) if harmonic == 1 else -np.cos(2 * np.pi * x)
    w = w - w.mean()
    return w / (np.linalg.norm(w) + 1e-12)


def _correlations(sig: np.ndarray, lengths: np.ndarray) -> dict[int, np.ndarray]:
    """For each length L: how much of sig[u:u+L]'s colour variation the locked point waves explain, every u.

    The value is sqrt(R^2) of a fit of all colour channels on both waves: 1 = a perfect point pattern.
    """
    s = sig - sig.mean(axis=0)
    csum = np.concatenate([[0.0], np.cumsum((s * s).sum(axis=1))])
    csums = np.vstack([np.zeros((1, s.shape[1])), np.cumsum(s, axis=0)])
    out: dict[int, np.ndarray] = {}
    n = len(s)
    for L in lengths:
        L = int(L)
        if L < 12 or L > n:
            continue
        explained = 0.0
        for hmc in (1, 2):
            w = _wave(L, hmc)
            for ch in range(s.shape[1]):
                c = np.correlate(s[:, ch], w, mode="valid")
                explained = explained + c * c
        tot = csum[L:] - csum[:-L]
        means = csums[L:] - csums[:-L]
        var = np.maximum(tot - (means * means).sum(axis=1) / L, 1e-9)
        out[L] = np.sqrt(np.minimum(explained / var, 1.0))
    return out


def _slant_profiles(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-column evidence of the triangles' slanted sides, for the top and the bottom row of points.

    A triangle's two sides lean opposite ways by a few degrees; the product gx*gy of the colour gradient has
    one sign on a side leaning one way and the other sign on the other side, whatever the colours (both
    factors flip with the contrast). Summed over the rows near a long edge, it is positive over the left half
    of every point and negative over the right half: 6 periods per half, locked to the point edges. Round
    checkers, dice and texture add up to about zero.
    """
    P = np.zeros(lab.shape[:2], np.float32)
    for ch in range(3):
        gx = cv2.Sobel(lab[:, :, ch], cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(lab[:, :, ch], cv2.CV_32F, 0, 1, ksize=3)
        P += gx * gy
    h = P.shape[0]
    top = -P[int(0.06 * h):int(0.36 * h)].sum(axis=0)
    bottom = P[int(0.64 * h):int(0.94 * h)].sum(axis=0)
    return top.astype(np.float64), bottom.astype(np.float64)


@lru_cache(maxsize=2048)
def _slant_wave(length: int) -> np.ndarray:
    x = (np.arange(length) + 0.5) / length * 6.0
    w = np.sin(2 * np.pi * x)
    w = w - w.mean()
    return w / (np.linalg.norm(w) + 1e-12)


def _slant_correlations(sig: np.ndarray, lengths: np.ndarray) -> dict[int, np.ndarray]:
    """Signed correlation of sig[u:u+L] with the locked 6-period slant wave, for every u and L."""
    csum = np.concatenate([[0.0], np.cumsum(sig)])
    csum2 = np.concatenate([[0.0], np.cumsum(sig * sig)])
    out: dict[int, np.ndarray] = {}
    for L in lengths:
        L = int(L)
        if L < 12 or L > len(sig):
            continue
        c = np.correlate(sig, _slant_wave(L), mode="valid")
        tot = csum[L:] - csum[:-L]
        var = np.maximum(csum2[L:] - csum2[:-L] - tot * tot / L, 1e-9)
        out[L] = c / np.sqrt(var)
    return out


def _row_strength(lab: np.ndarray, x0: float, x1: float) -> np.ndarray:
    """Per-row signed amplitude of the 3-period wave across [x0, x1): how strongly each row shows the points."""
    a, b = int(round(x0)), int(round(x1))
    L = b - a
    if L < 12:
        return np.zeros(lab.shape[0])
    w = _wave(L)
    seg = lab[:, a:b].astype(np.float64)
    seg = seg - seg.mean(axis=1, keepdims=True)
    c = np.einsum("yxc,x->yc", seg, w)  # (H, 3)
    return c


def _edge_rows(strength: np.ndarray, lo: int, hi: int, from_top: bool) -> tuple[Optional[int], Optional[int]]:
    """Base row and tip row of the triangles in rows lo..hi, scanning from the board's long edge inwards."""
    mag = strength[lo:hi]
    if len(mag) == 0:
        return None, None
    order = range(len(mag)) if from_top else range(len(mag) - 1, -1, -1)
    peak = float(np.percentile(mag, 95))
    if peak <= 1e-6:
        return None, None
    base = tip = None
    seen_peak = False
    for i in order:
        if base is None and mag[i] > 0.5 * peak:
            base = i
        if base is not None and mag[i] >= 0.9 * peak:
            seen_peak = True
        if seen_peak and mag[i] < 0.12 * peak:
            tip = i
            break
    conv = (lambda i: None if i is None else lo + i)
    return conv(base), conv(tip)


def find_layout(rectified_bgr: np.ndarray, refine: bool = True, search_width: int = SEARCH_WIDTH,
                settle_edges: bool = True) -> Optional[Layout]:
    """Find halves, bar, playing area and trays in a rectified board view; None when no point pattern is seen.

    Without ``refine`` the half edges stay at the coarse search resolution (for scoring many candidates fast).
    ``settle_edges`` moves the long edges onto the field's border when checkers hide the triangle bases: right
    in a view whose edges are the outer frame, but not in a view with a margin of table around the board
    (there the frame's outer edge is a candidate too, and the frame finder wants the pattern's own edges).
    """
    H, W = rectified_bgr.shape[:2]
    if H < 24 or W < 48:
        return None
    scale = search_width / W
    small = rectified_bgr if W == search_width else cv2.resize(
        rectified_bgr, (search_width, max(24, int(round(H * scale)))), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32)
    h, n = lab.shape[:2]
    bands = [(int(0.08 * h), int(0.32 * h)), (int(0.68 * h), int(0.92 * h))]
    lengths = np.arange(int(0.28 * n), int(0.52 * n) + 1)
    corr = [_correlations(_lab_profile(lab, *b), lengths) for b in bands]
    slants = [_slant_correlations(sig, lengths) for sig in _slant_profiles(lab)]
    # both long sides must agree: combine their (signed-insensitive) correlations
    combined: dict[int, np.ndarray] = {}
    for L in lengths:
        L = int(L)
        if L in corr[0] and L in corr[1]:
            colour = (corr[0][L] + corr[1][L]) / 2
            slant = (slants[0][L] + slants[1][L]) / 2
            combined[L] = (colour + slant) / 2
    if not combined:
        return None
    # best pair of halves: left starts in the first ~quarter, halves about equally long, bar between them
    best = None
    Ls = sorted(combined)
    max_bar = int(0.12 * n)
    windows: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for L2 in Ls:
        c2 = combined[L2]
        m = len(c2)  # valid starts 0..n-L2
        max_bar = int(0.25 * L2) + 1  # the bar is at most ~1.5 point widths wide (0 on a paper board)
        shifts = np.full((max_bar + 1, m), -np.inf)
        for d in range(max_bar + 1):
            shifts[d, : m - d] = c2[d:]
        windows[L2] = (shifts.max(axis=0), shifts.argmax(axis=0))
    for L1 in Ls:
        c1 = combined[L1]
        for L2 in Ls:
            if abs(L2 - L1) > 0.06 * max(L1, L2) + 1:
                continue
            wmax, warg = windows[L2]
            nu = n - L1 - L2 + 1  # u1 in [0, nu)
            if nu <= 0:
                continue
            u1s = np.arange(nu)
            lo = u1s + L1
            u2s = lo + warg[lo]
            # a board is symmetric about its bar: the margins outside both halves are equal in the true
            # top-down view, which a homography from the four corners gives exactly
            asym = np.abs(u1s - (n - (u2s + L2))) / n
            tot = c1[:nu] + wmax[lo] - 2 * SYMMETRY_WEIGHT * asym
            i = int(np.argmax(tot))
            if best is None or tot[i] > best[0]:
                best = (float(tot[i]), i, L1, int(u2s[i]), L2)
    if best is None:
        return None
    s, u1, L1, u2, L2 = best
    u1, u2, s, margin = _settle_bar(lab, combined, u1, L1, u2, L2, s, n, look_for_checkers=refine)
    score = float(s / 2)
    # the middle rows must not carry the same pattern (chessboards, tiled floors)
    mid = _lab_profile(lab, int(0.42 * h), int(0.58 * h))
    mid_c = _correlations(mid, np.array([L1, L2]))
    middle = float((mid_c[L1][u1] + mid_c[L2][u2]) / 2) if L1 in mid_c and L2 in mid_c else 0.0

    # back to full rectified pixels; refine each boundary by a few px on the full-width profile
    k = W / n
    x_l0, x_l1, x_r0, x_r1 = u1 * k, (u1 + L1) * k, u2 * k, (u2 + L2) * k
    full_lab = cv2.cvtColor(rectified_bgr, cv2.COLOR_BGR2Lab).astype(np.float32)
    if refine:
        x_l0, x_l1 = _refine_half(full_lab, x_l0, x_l1, H, k)
        x_r0, x_r1 = _refine_half(full_lab, x_r0, x_r1, H, k)

    # long edges: where the point wave starts (bases) and fades (tips), per row
    rows = np.zeros(H)
    for a, b in ((x_l0, x_l1), (x_r0, x_r1)):
        c = _row_strength(full_lab, a, b)
        ref = c[int(0.10 * H):int(0.30 * H)].mean(axis=0) + c[int(0.70 * H):int(0.90 * H)].mean(axis=0)
        top_ref = c[int(0.10 * H):int(0.30 * H)].mean(axis=0)
        bot_ref = c[int(0.70 * H):int(0.90 * H)].mean(axis=0)
        # signed along each side's own colour direction (the two sides may carry opposite phases)
        half_rows = np.zeros(H)
        for lo_, hi_, r in ((0, H // 2, top_ref), (H // 2, H, bot_ref)):
            nr = np.linalg.norm(r)
            if nr > 1e-9:
                half_rows[lo_:hi_] = c[lo_:hi_] @ (r / nr)
        rows += np.maximum(half_rows, 0)
        del ref
    top_base, top_tip = _edge_rows(rows, 0, H // 2, from_top=True)
    bot_base, bot_tip = _edge_rows(rows, H // 2, H, from_top=False)
    y0 = float(top_base) if top_base is not None else 0.04 * H
    y1 = float(bot_base + 1) if bot_base is not None else 0.96 * H
    if y1 - y0 < 0.5 * H:
        y0, y1 = 0.04 * H, 0.96 * H
    if refine and settle_edges:
        pw0 = (x_l1 - x_l0 + x_r1 - x_r0) / 12
        y0, y1 = _settle_long_edges(full_lab, y0, y1, [(x_l0, x_l1), (x_r0, x_r1)], pw0)
    fracs = []
    if top_tip is not None:
        fracs.append((top_tip - y0) / (y1 - y0))
    if bot_tip is not None:
        fracs.append((y1 - bot_tip) / (y1 - y0))
    tri = float(np.clip(np.median(fracs), 0.3, 0.47)) if fracs else 0.42

    bar_x0, bar_x1 = x_l1, x_r0
    if bar_x1 - bar_x0 < 2:
        m = (bar_x0 + bar_x1) / 2
        bar_x0, bar_x1 = m - 1, m + 1
    trays = []
    pw = (x_l1 - x_l0 + x_r1 - x_r0) / 12
    if x_l0 > 0.8 * pw:
        trays.append((max(0.0, x_l0 - 1.3 * pw), y0, x_l0 - 0.15 * pw, y1))
    if W - x_r1 > 0.8 * pw:
        trays.append((x_r1 + 0.15 * pw, y0, min(float(W), x_r1 + 1.3 * pw), y1))
    # a strip too thin to hold a checker is no tray (and an empty rect would not make a geometry)
    trays = [t for t in trays if t[2] - t[0] >= 0.3 * pw and t[3] > t[1] and np.all(np.isfinite(t))]
    return Layout(
        left_half=(x_l0, y0, x_l1, y1),
        right_half=(x_r0, y0, x_r1, y1),
        bar=(bar_x0, y0, bar_x1, y1),
        playing_area=(x_l0, y0, x_r1, y1),
        trays=trays,
        triangle_frac=tri,
        score=score,
        middle_score=middle,
        shift_margin=float(margin),
        shift_ambiguous=bool(refine and margin < SHIFT_MARGIN),
    )


def _settle_long_edges(lab: np.ndarray, y0: float, y1: float, halves: list[tuple[float, float]], pw: float
                       ) -> tuple[float, float]:
    """Move each long edge of the playing area onto the full-width edge where the field meets the frame.

    The triangle wave fades where checkers cover the bases, so the point pattern alone can stop a checker's
    height short of the frame; the field's border is a straight edge across both halves that checkers resting
    on it do not hide (their outline meets the frame on the same line). Searched from a little inside the
    pattern's edge to about a point width outside it; kept where no clear edge is found."""
    H, W = lab.shape[:2]
    cols = np.concatenate([np.arange(int(max(0, a)), int(min(W, b))) for a, b in halves])
    if len(cols) < 24:
        return y0, y1
    sub = lab[:, cols]
    g = np.zeros(H, np.float32)
    step = np.linalg.norm(sub[2:] - sub[:-2], axis=2)  # (H-2, n)
    g[1:-1] = np.percentile(step, 35, axis=1)
    strong = max(8.0, float(np.percentile(g, 99)))

    margin = max(2, int(0.03 * H))  # the view's own border is the outer frame, never the field's edge

    def best(lo: float, hi: float, keep: float) -> float:
        a, b = int(max(margin, round(lo))), int(min(H - 1 - margin, round(hi)))
        if b <= a:
            return keep
        k = int(np.clip(round(keep), 0, H - 1))
        here = float(g[max(0, k - 2):k + 3].max())
        if here >= 0.5 * strong:
            return keep  # the pattern already ends on a clear edge: the field's border
        peaks = [i for i in range(a, b + 1) if g[i] >= 0.5 * strong and g[i] > 1.5 * here
                 and g[i] >= g[i - 1] and g[i] >= g[i + 1]]
        return float(min(peaks, key=lambda i: abs(i - keep))) if peaks else keep  # the nearest clear edge

    y0n = best(y0 - 0.9 * pw, y0 + 0.25 * pw, y0)
    y1n = best(y1 - 0.25 * pw, y1 + 0.9 * pw, y1)
    return y0n, y1n


BAR_WEIGHT = 0.5  # score gained per unit of full-height edge evidence at a half's ends


def _upright_edges(lab: np.ndarray) -> np.ndarray:
    """Per-column evidence (0..1) of an edge that runs the board's whole height: a frame, tray or bar side.

    Triangle sides slant and checker outlines are round, so neither makes a vertical edge over many rows; the
    sides of the bar and trays do, even with checkers resting against them. The measure is a low percentile
    over the rows of the horizontal colour step, so an edge must be there in most rows to count."""
    h, n = lab.shape[:2]
    band = lab[int(0.05 * h):max(int(0.05 * h) + 1, int(0.95 * h))]
    if len(band) > 48:
        band = band[::2]  # every other row tells the same
    g = np.zeros(band.shape[:2], np.float32)
    g[:, 1:-1] = np.linalg.norm(band[:, 2:] - band[:, :-2], axis=2)
    g = np.maximum(g, np.maximum(np.roll(g, 1, axis=1), np.roll(g, -1, axis=1)))  # allow a column of tilt
    e = np.percentile(g, 35, axis=0)
    top = max(8.0, float(np.percentile(e, 99)))
    return np.clip(e / top, 0.0, 1.0)


STRAY_WEIGHT = 0.08  # score lost per checker standing where a half's missing end point would be


def _checker_discs(lab: np.ndarray, pw: float) -> np.ndarray:
    """Centres (x, y) of checker-sized discs resting near the long edges (a stack starts at a point's base).

    Checkers always sit on points (or the bar's middle, or in a tray): a stack of discs just outside a half's
    end says the half left out its end point, which a checker-covered point hides from the triangle pattern."""
    h = lab.shape[0]
    k = 2.0
    L = np.clip(lab[:, :, 0] * (255.0 / max(1.0, float(lab[:, :, 0].max()))), 0, 255).astype(np.uint8)
    L = cv2.resize(L, (int(L.shape[1] * k), int(h * k)), interpolation=cv2.INTER_LINEAR)
    r = 0.45 * pw * k
    c = cv2.HoughCircles(L, cv2.HOUGH_GRADIENT_ALT, 1.5, 0.8 * r * 2, param1=60, param2=0.75,
                         minRadius=max(3, int(0.75 * r)), maxRadius=int(1.2 * r) + 1)
    if c is None:
        return np.zeros((0, 2))
    c = c.reshape(-1, 3)[:, :2] / k
    near_edge = (c[:, 1] < 0.4 * h) | (c[:, 1] > 0.6 * h)
    return c[near_edge]


NARROW_BAR = 0.5  # point widths: a bar narrower than this between the halves found ...
NARROW_BAR_WEIGHT = 0.1  # ... costs a reading up to this much (all of it for no bar at all); boards' bars are
# 0.9-1.5 point widths (renders 9500-9619 found: 0.88-1.52 but for two halves that swallowed it, 0.08 and 0.22;
# renders 9556, 9569: the left half one point onto the bar, won by 0.015 and 0.029; a paper board's bar-less
# layout, whose shifted readings lose much more than this, keeps its place)
GAP_WEIGHT = 0.5  # end evidence lost when a half's weakest uncovered middle point shows no triangle at all
SHIFT_MARGIN = 0.05  # a layout winning by less than this over a one-point shift is flagged as ambiguous
END_WEIGHT = 0.5  # score gained per unit of end-point evidence (a triangle just inside each end, none outside)
SETTLE_POINTS = 2  # each half is tried this many whole points either way: the colour wave repeats every two points


def _slot_amplitudes(slant: np.ndarray, x0: float, pw: float, count: int) -> np.ndarray:
    """Triangle evidence of `count` point-wide slots from x0: the slant profile's one-period wave per slot.

    A triangle's sides lean opposite ways, so each point's slot carries one full period of the slant signal;
    the bar, a tray or the frame carries none (their sides are upright), and checkers add up to about zero."""
    n = len(slant)
    out = np.zeros(count)
    for k in range(count):
        a = x0 + k * pw
        xs = np.arange(int(np.floor(a)), int(np.ceil(a + pw)))
        xs = xs[(xs >= 0) & (xs < n)]
        if len(xs) < 3:
            continue
        t = (xs + 0.5 - a) / pw
        w = np.sin(2 * np.pi * np.clip(t, 0, 1))
        out[k] = float(slant[xs] @ w) / max(1.0, pw)
    return out


def _end_evidence(slant: np.ndarray, a: int, L1: int, b: int, L2: int, checkers_x: np.ndarray = np.zeros(0)
                  ) -> float:
    """How well the ends of two halves sit on the ends of the triangle rows (about -1..1).

    The point waves fit a half shifted by a whole point almost as well as the right one (the pattern is
    periodic): only the ends tell them apart. At each end a point must stand just inside and none just outside
    (the bar, a tray, the frame); measured against the typical point of the same halves so it needs no scale."""
    pw1, pw2 = L1 / 6, L2 / 6
    left = _slot_amplitudes(slant, a - pw1, pw1, 8)  # slot outside, 6 points, slot into the bar
    right = _slot_amplitudes(slant, b - pw2, pw2, 8)
    typical = float(np.median(np.concatenate([left[1:7], right[1:7]])))
    if typical <= 1e-9:
        return 0.0
    # an end point with checkers on it may hide its triangle: no evidence either way, so it counts as typical
    ins = []
    end_slots = ((a, pw1, left[1]), (a + 5 * pw1, pw1, left[6]), (b, pw2, right[1]), (b + 5 * pw2, pw2, right[6]))
    for x0, pw, amp in end_slots:
        covered = bool(np.any(np.abs(checkers_x - (x0 + 0.5 * pw)) < 0.3 * pw))
        ins.append(max(amp, typical) if covered else amp)
    inside = float(np.mean(ins))
    bar_mid = (a + L1 + b) / 2
    bar = _slot_amplitudes(slant, bar_mid - (pw1 + pw2) / 4, (pw1 + pw2) / 2, 1)[0]
    outside = (max(left[0], 0) + max(right[7], 0) + 2 * max(bar, 0)) / 4
    # a half that swallowed the bar or a tray has a gap among its middle points: its weakest open point shows it
    middle = []
    for x0, pw, amps in ((a, pw1, left), (b, pw2, right)):
        for k in range(2, 6):
            covered = bool(np.any(np.abs(checkers_x - (x0 + (k - 0.5) * pw)) < 0.3 * pw))
            middle.append(typical if covered else min(float(amps[k]), typical))
    gap = 1.0 - max(0.0, min(middle)) / typical
    return float(np.clip((inside - outside) / typical - GAP_WEIGHT * gap, -1.5, 1.5))


def _settle_bar(lab: np.ndarray, combined: dict[int, np.ndarray], u1: int, L1: int, u2: int, L2: int, s: float,
                n: int, look_for_checkers: bool = True) -> tuple[int, int, float, float]:
    """Settle a one-point ambiguity: a half shifted by one point width can fit the wave almost as well when its
    end point is hidden under checkers (it then swallows the bar or a tray strip instead). Points exist only
    near the long edges, but the frame, the trays and the bar have sides that run the full height: so each
    half is also tried one and two points either way (the colour wave repeats every two points: render 7522's
    halves were found two points towards a tray read as two points, the bar on a point), and ends on full-height
    edges earn a bonus, as do ends where the per-point triangle evidence starts and stops (``_end_evidence``).

    Returns (u1, u2, score, margin): margin = how far the winner is ahead of the best other reading."""
    edges = _upright_edges(lab)
    pw = (L1 + L2) / 12
    found: list[np.ndarray] = []

    def checker_discs() -> np.ndarray:
        if not found:
            found.append(_checker_discs(lab, pw) if look_for_checkers else np.zeros((0, 2)))
        return found[0]

    def at(x: int) -> float:
        return float(edges[max(0, min(n - 1, x - 1)):min(n, x + 2)].max()) if 0 <= x <= n else 0.0

    def ends_bonus(a: int, b: int) -> float:
        outer = (at(a) + at(b + L2)) / 2
        inner = (at(a + L1) + at(b)) / 2 if b - (a + L1) >= 2 else outer
        return (outer + inner) / 2

    def asym(a: int, b: int) -> float:
        return 2 * SYMMETRY_WEIGHT * abs(a - (n - (b + L2))) / n

    def stray(a: int, b: int) -> float:
        # checkers resting where a 7th point of a half would be: that half misses its end point
        discs = checker_discs()
        if len(discs) == 0:
            return 0.0
        x = discs[:, 0]
        out = 0
        for end, sign in ((a, -1), (a + L1, 1), (b, -1), (b + L2, 1)):
            centre = end + sign * 0.5 * pw
            out += int(np.sum(np.abs(x - centre) < 0.22 * pw))
        return STRAY_WEIGHT * min(out, 6)

    # both long sides: a triangle is there if either side shows it
    slant = np.add(*_slant_profiles(lab)) if look_for_checkers else np.zeros(n)

    def ends(a: int, b: int) -> float:
        # only in the refined layout: a candidate's coarse score must stay the pattern's own (the frame search
        # compares candidates by it), and without checker discs a covered end point would count against a half
        if not look_for_checkers:
            return 0.0
        return END_WEIGHT * _end_evidence(slant, a, L1, b, L2, checker_discs()[:, 0])

    def narrow_bar(a: int, b: int) -> float:
        # a board's bar is about a point wide: a half that swallowed it leaves almost none between the halves
        if not look_for_checkers:
            return 0.0
        return NARROW_BAR_WEIGHT * max(0.0, 1.0 - (b - (a + L1)) / (NARROW_BAR * pw))

    options = []
    p1, p2 = int(round(L1 / 6)), int(round(L2 / 6))
    # two points either way only in the refined layout: a candidate's coarse score stays the one the frame search
    # was measured with
    reach = SETTLE_POINTS if look_for_checkers else 1
    for d1 in tuple(k * p1 for k in range(-reach, reach + 1)):
        for d2 in tuple(k * p2 for k in range(-reach, reach + 1)):
            a, b = u1 + d1, u2 + d2
            if not (d1 == 0 and d2 == 0) and (
                    a < 0 or b + L2 > n or b < a + L1 or b - (a + L1) > 0.25 * L2 + 1):
                continue
            ss = s if (d1 == 0 and d2 == 0) else float(combined[L1][a] + combined[L2][b]) - asym(a, b)
            pen = narrow_bar(a, b)
            options.append((ss + asym(a, b) + 2 * BAR_WEIGHT * ends_bonus(a, b) + ends(a, b) - pen, a, b, ss, pen))
    top = max(o[0] for o in options)
    close = [o for o in options if o[0] >= top - STRAY_WEIGHT * 6]  # checkers can only decide between these
    # the margin is the lesser of the winner's lead with and without the narrow-bar cost: that cost decides a close
    # call but is no evidence that the halves sit right (a half put back off the bar stays flagged as ambiguous)
    if len(close) == 1:
        win = close[0]
        rest = [o for o in options if o is not win]
        if not rest:
            return win[1], win[2], win[3], 1.0
        margin = win[0] - max(o[0] for o in rest)
        raw = win[0] + win[4] - max(o[0] + o[4] for o in rest)
        return win[1], win[2], win[3], max(0.0, min(margin, raw))
    ranked = sorted(((o[0] - stray(o[1], o[2]),) + o[1:] for o in close), key=lambda o: -o[0])
    best = ranked[0]
    # (the readings the checkers were weighed on are compared as they were weighed: those left out of ``close``
    # carry no checker term, and a margin over them was never the margin; judging set 2356, a right board, had
    # every point made unsure by it)
    raw = best[0] + best[4] - max(o[0] + o[4] for o in ranked[1:])
    return best[1], best[2], best[3], max(0.0, min(best[0] - ranked[1][0], raw))


def _refine_half(lab: np.ndarray, x0: float, x1: float, H: int, step: float) -> tuple[float, float]:
    """Search ±1.5 coarse steps around a half's edges on the full-resolution profiles of both long sides."""
    sigs = [_lab_profile(lab, int(0.08 * H), int(0.32 * H)), _lab_profile(lab, int(0.68 * H), int(0.92 * H))]
    slant = _slant_profiles(lab)
    r = int(np.ceil(step * 1.5))
    W = lab.shape[1]

    def score(a: int, b: int) -> float:
        if a < 0 or b > W or b - a < 24:
            return -1.0
        colour = sum(float(_correlations(sig[a:b], np.array([b - a]))[b - a][0]) for sig in sigs)
        slope = sum(float(_slant_correlations(sig[a:b], np.array([b - a]))[b - a][0]) for sig in slant)
        return colour + slope

    a, b = int(round(x0)), int(round(x1))
    for _ in range(2):  # coordinate ascent: start edge, then end edge
        a = max(range(a - r, a + r + 1), key=lambda v: score(v, b))
        b = max(range(b - r, b + r + 1), key=lambda v: score(a, v))
    return float(a), float(b)


def half_scores(rectified_bgr: np.ndarray, left: tuple[float, float], right: tuple[float, float],
                search_width: int = SEARCH_WIDTH) -> tuple[float, float]:
    """How clearly each half (x0, x1 in the view's px) shows its 6 points (0..1, colour and slant evidence)."""
    H, W = rectified_bgr.shape[:2]
    k = search_width / W
    small = cv2.resize(rectified_bgr, (search_width, max(24, int(round(H * k)))), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32)
    h = lab.shape[0]
    profs = [_lab_profile(lab, int(0.08 * h), int(0.32 * h)), _lab_profile(lab, int(0.68 * h), int(0.92 * h))]
    slants = _slant_profiles(lab)
    out = []
    for x0, x1 in (left, right):
        a, b = int(round(x0 * k)), int(round(x1 * k))
        b = min(b, search_width)
        L = b - a
        if a < 0 or L < 12:
            out.append(0.0)
            continue
        colour = np.mean([_correlations(p[a:b], np.array([L]))[L][0] for p in profs])
        slant = np.mean([_slant_correlations(s[a:b], np.array([L]))[L][0] for s in slants])
        out.append(float((colour + slant) / 2))
    return out[0], out[1]
