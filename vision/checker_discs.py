"""Find checker discs of one known size in a rectified board view, whatever their colours.

Why rims and not colours: checkers and points come in every colour pair (white on cream, black on black, red on
red triangles), so a colour model learnt from one board fails on the next. What every checker has is a round rim
of a known diameter where its colour meets whatever lies around it. So: a colour gradient (the strongest of the
Lab channels, so red against black counts as much as white against black), a circular Hough vote of every edge
pixel toward the centre at the expected radius (both directions: a rim may be lighter or darker than its
surroundings), and a check that most of the candidate's perimeter really is an edge running around the centre
(a triangle's straight sides cross a circle in only a few places; a rim runs all the way round).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import cv2
import numpy as np

RIM_SAMPLES = 40  # points sampled on a candidate's perimeter
SIDE_ARC = 55.0  # degrees either side of across-the-column that each side of the rim spans
SIDE_PERCENTILE = 25  # ... and three quarters of each side must be an edge (a straight line manages half)
EDGE_MIN = 24.0  # Sobel magnitude (Lab units x 4) an edge pixel needs to vote


@dataclass
class Disc:
    """One checker-sized disc: centre and radius in the working view's pixels, rim score, interior colour."""

    x: float
    y: float
    r: float
    rim: float  # low percentile of the radial edge strength on the perimeter (Lab Sobel units)
    lab: tuple[float, float, float]  # median interior colour, Lab 0-255
    # how the rim was judged: "whole" (both side arcs at a size tried), "contact" (a side touched by a checker of
    # its colour forgiven, contact_scores), "outward" (a little larger than every size tried, outward_scores) or
    # "wall" (beside a wall, by the side away from it: wall_scores): the last three are checkers found only faintly,
    # which a counter may doubt
    seen: str = "whole"


def colour_gradient(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel, the x/y Sobel of whichever Lab channel changes most there (``gradient_and_magnitude``)."""
    gx, gy, _ = gradient_and_magnitude(lab)
    return gx, gy


def gradient_and_magnitude(lab: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``colour_gradient``'s gx and gy, and their squared magnitude gx * gx + gy * gy: per pixel, the x/y Sobel of
    whichever Lab channel changes most there (keeps colour-only edges).

    (Channels split once, the choice made in place: fewer passes and fresh arrays than one ``np.where`` per
    channel, the same numbers; ties keep the earlier channel. The later channels' derivatives, squares and choice
    go through the same few buffers, each written in place: the same float32 operations in the same order as a
    fresh array per step, without a dozen view-sized temporaries. The squared magnitude is the chosen channel's,
    which the choice has computed already (the same float32 products and sum): ``EdgeVotes.of`` takes it instead
    of squaring the chosen gradient again.)"""
    # (one copy to channel-first planes: the same planes as cv2.split, several times quicker here)
    channels = list(np.moveaxis(lab, -1, 0).copy()) if lab.ndim == 3 else cv2.split(lab)
    # chroma edges are weaker in Lab units than lightness edges of the same visual contrast: weigh them up
    weights = (1.0, 1.6, 1.6)
    gx = cv2.Sobel(channels[0], cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(channels[0], cv2.CV_32F, 0, 1, ksize=3)
    if weights[0] != 1.0:
        gx *= weights[0]
        gy *= weights[0]
    best = np.multiply(gx, gx)
    sq = np.multiply(gy, gy)
    best += sq
    cx, cy, mag = np.empty_like(gx), np.empty_like(gy), np.empty_like(best)
    more = np.empty(best.shape, bool)
    for i in (1, 2):
        cv2.Sobel(channels[i], cv2.CV_32F, 1, 0, dst=cx, ksize=3)
        cv2.Sobel(channels[i], cv2.CV_32F, 0, 1, dst=cy, ksize=3)
        cx *= weights[i]
        cy *= weights[i]
        np.multiply(cx, cx, out=mag)
        np.multiply(cy, cy, out=sq)
        mag += sq
        np.greater(mag, best, out=more)
        # (cv2.copyTo with a mask writes the same values in place, some twenty times quicker than np.copyto's
        # ``where``: ~1.4 ms a frame)
        cv2.copyTo(cx, more.view(np.uint8), gx)
        cv2.copyTo(cy, more.view(np.uint8), gy)
        np.maximum(best, mag, out=best)  # (ties: the same value either way)
    return gx, gy, best


@dataclass
class EdgeVotes:
    """The edge pixels that vote (coordinates, strength, unit gradient): the same for every radius tried."""

    xs: np.ndarray
    ys: np.ndarray
    mag: np.ndarray
    ux: np.ndarray
    uy: np.ndarray
    shape: tuple[int, int]

    @classmethod
    def of(cls, gx: np.ndarray, gy: np.ndarray, mask: np.ndarray | None = None,
           mag2: np.ndarray | None = None) -> "EdgeVotes":
        """``mag2``: gx * gx + gy * gy when known (``gradient_and_magnitude``), else computed here."""
        # the square root only where it can pass: a correctly rounded root above EDGE_MIN needs a square above
        # EDGE_MIN ** 2 (the same pixels and magnitudes as the root of the whole view, a pass and a copy fewer)
        if mag2 is None:
            mag2 = gx * gx
            mag2 += gy * gy
        at = np.flatnonzero(mag2 > EDGE_MIN * EDGE_MIN)
        m = np.sqrt(mag2.ravel()[at])
        keep = m > EDGE_MIN
        at, m = at[keep], m[keep]
        if mask is not None and len(at):
            inside = mask.ravel()[at] > 0
            at, m = at[inside], m[inside]
        ys, xs = np.divmod(at, gx.shape[1])
        # (every magnitude kept is above EDGE_MIN, so no guard against a zero is needed)
        return cls(xs, ys, m, gx.ravel()[at] / m, gy.ravel()[at] / m, (gx.shape[0], gx.shape[1]))


def hough_votes(gx: np.ndarray, gy: np.ndarray, r: float, mask: np.ndarray | None = None,
                edges: EdgeVotes | None = None) -> np.ndarray:
    """Accumulator of centres: each edge pixel votes at distance ``r`` along and against its gradient.

    Normalised by the circumference, so 1.0 means a full circle of edge pixels voted for that centre.
    ``edges`` (EdgeVotes.of the same gradient) saves finding the edge pixels again for each radius.
    """
    h, w = gx.shape
    e = edges if edges is not None else EdgeVotes.of(gx, gy, mask)
    n = len(e.xs)
    if n:
        dx, dy = r * e.ux, r * e.uy  # the same steps along and against the gradient
        # both directions' votes counted in one bincount (whole counts: the same sums as two); each direction's
        # centres written into one buffer and rounded there (the same sums and roundings as concatenating the two,
        # without their four temporaries: ~0.15 ms a count at 1080p)
        buf = np.empty(2 * n)
        np.add(e.xs, dx, out=buf[:n])
        np.subtract(e.xs, dx, out=buf[n:])
        cx = np.rint(buf, out=buf).astype(np.int32)
        np.add(e.ys, dy, out=buf[:n])
        np.subtract(e.ys, dy, out=buf[n:])
        cy = np.rint(buf, out=buf).astype(np.int32)
        ok = (cx.view(np.uint32) < w) & (cy.view(np.uint32) < h)  # a negative wraps round: 0 <= c < size
        cy *= w
        cy += cx
        acc = np.bincount(cy[ok], minlength=h * w).astype(np.float32).reshape(h, w)
    else:
        acc = np.zeros((h, w), np.float32)
    acc = cv2.GaussianBlur(acc, (0, 0), 1.0)
    acc *= 2 * np.pi * 1.0 ** 2  # spread votes over +-1 px, keep mass
    acc /= 2 * np.pi * r
    return acc


SIDE_SAMPLES = 12  # samples on each side arc


def _side_angles() -> tuple[np.ndarray, np.ndarray]:
    half = np.radians(np.linspace(-SIDE_ARC, SIDE_ARC, SIDE_SAMPLES))
    th = np.concatenate([half, np.pi + half])  # right side, then left side
    return np.cos(th), np.sin(th)


_UX, _UY = _side_angles()


def _radial_edges(gx: np.ndarray, gy: np.ndarray, cx: np.ndarray, cy: np.ndarray, r: float) -> np.ndarray:
    """Per candidate and rim sample (right side's samples, then the left's), the radial edge strength where it
    beats the tangential one clearly, else 0: a circle's rim crosses its radius, grain and straight edges mostly
    run along it."""
    cx = np.asarray(cx, np.float64)
    cy = np.asarray(cy, np.float64)
    h, w = gx.shape
    xs = np.clip(np.rint(cx[:, None] + r * _UX[None, :]).astype(np.int32), 0, w - 1)
    ys = np.clip(np.rint(cy[:, None] + r * _UY[None, :]).astype(np.int32), 0, h - 1)
    idx = ys * w + xs
    a = gx.ravel()[idx]
    b = gy.ravel()[idx]
    radial = np.abs(a * _UX + b * _UY)
    tangential = np.abs(-a * _UY + b * _UX)
    return np.where(radial > 1.5 * tangential, radial, 0.0)


def rim_scores(gx: np.ndarray, gy: np.ndarray, cx: np.ndarray, cy: np.ndarray, r: float) -> np.ndarray:
    """How clearly each candidate's rim runs round its sides: radial (not tangential) edges on both side arcs.

    Both sides of the rim (across the point column) must be edges along most of their arc. The arcs toward the
    base and the tip are left out: there stacked checkers touch and a same-coloured neighbour hides the rim.
    A triangle's base or straight side, which meets a circle only in passing, fails the side test.
    """
    return _weaker_side(_radial_edges(gx, gy, cx, cy, r))


def _weaker_side(good: np.ndarray) -> np.ndarray:
    """Per candidate (a row of right-side samples, then left-side), the SIDE_PERCENTILE value of each side, the
    weaker of the two. (Both sides partitioned in one call: the same order statistics, half the calls.)"""
    k = int(SIDE_PERCENTILE / 100 * SIDE_SAMPLES)
    sides = np.partition(good.reshape(len(good), 2, SIDE_SAMPLES), k, axis=2)[:, :, k]
    return np.minimum(sides[:, 0], sides[:, 1])


RIM_BAND = 0.06  # radii past the largest size tried where a rim is still looked for ...
BAND_STEPS = 3  # ... at this many sizes (the tried one included)


def outward_scores(gx: np.ndarray, gy: np.ndarray, cx: np.ndarray, cy: np.ndarray, r: float,
                   band: float = RIM_BAND) -> np.ndarray:
    """The best ``rim_scores`` of each candidate over sizes from ``r`` to ``r * (1 + band)``: the whole circle
    at one size, not each sample at its own (that lets wood grain and prints score like rims).

    Why: the sizes tried are fractions of the point width, and a checker seen from a tilted camera looks larger
    than its footprint (its top face lies nearer the lens, and is shifted against its base). A rim a pixel
    outside the sampled circle scores a fraction of its strength (a sharp rim's Sobel is two pixels wide), so such
    a checker looked as faint as grain. Only past the largest size tried: between the sizes the grid is fine.
    (``r`` itself is left out: ``refine`` scored it.)"""
    cx = np.asarray(cx, np.float64)
    cy = np.asarray(cy, np.float64)
    if len(cx) == 0:
        return np.zeros(0)
    return np.max([rim_scores(gx, gy, cx, cy, rr) for rr in r * (1.0 + np.linspace(0.0, band, BAND_STEPS)[1:])],
                  axis=0)


FAINT_GAIN = 2.0  # a disc whose rim score these scores more than double was found only faintly (Disc.seen)
CONTACT_ARC = 20.0  # degrees either side of straight across where a touching neighbour hides the rim
CONTACT_GAP = (1.6, 2.4)  # centre distance (radii) of a neighbour touching side by side ...
CONTACT_LINE = 0.35  # ... and how far (radii) off the same line across
CONTACT_COLOUR = 15.0  # Lab distance between the two faces under which the neighbour is the same colour


def side_scores(gx: np.ndarray, gy: np.ndarray, cx: np.ndarray, cy: np.ndarray, r: float,
                skip: float = 0.0) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per candidate, the right and left side scores of ``rim_scores``, then the same leaving out the samples
    within ``skip`` degrees of straight across (one pass over the samples for both)."""
    good = _radial_edges(gx, gy, cx, cy, r)
    k = int(SIDE_PERCENTILE / 100 * SIDE_SAMPLES)
    keep = np.abs(np.degrees(np.arcsin(np.clip(_UY[:SIDE_SAMPLES], -1, 1)))) >= skip
    ko = int(SIDE_PERCENTILE / 100 * int(keep.sum()))
    right, left = good[:, :SIDE_SAMPLES], good[:, SIDE_SAMPLES:]
    return (np.partition(right, k, axis=1)[:, k], np.partition(left, k, axis=1)[:, k],
            np.partition(right[:, keep], ko, axis=1)[:, ko], np.partition(left[:, keep], ko, axis=1)[:, ko])


# a strip beside a wall where a checker's centre may lie: x0, x1, y0, y1 (working px, inclusive) and the side of
# the rim that faces away from the wall, "left" or "right" (checkers.wall_sides)
Wall = tuple[float, float, float, float, str]
WALL_SIDE = 0.5  # beside a wall, a rim whose wall side scores under this share of its far side is judged by that
# far side (wall_scores)


def wall_scores(gx: np.ndarray, gy: np.ndarray, cx: np.ndarray, cy: np.ndarray, r: float,
                walls: Sequence[Wall]) -> np.ndarray:
    """Rim scores of candidates centred beside a wall, by the side of the rim away from it alone (0 elsewhere).

    Why: a checker pushed against the raised bar or the frame's end is partly hidden by it from a camera that is not
    straight above the wall, and the side arc on the wall's side lies on the wall, no edge at all: ``rim_scores``,
    which wants both sides, finds it as faint as grain (fresh game 34201 frame 72: a lone checker on point 6 beside
    the bar, a seventh of its width hidden, read as no disc; the point read empty for sure). The side away from
    the wall is the checker's whole rim there; the wall's own edge is straight and meets a side arc only in
    passing, so it scores nothing by itself."""
    out = np.zeros(len(cx))
    xi, yi = np.rint(cx), np.rint(cy)
    for x0, x1, y0, y1, side in walls:
        at = np.flatnonzero((xi >= x0) & (xi <= x1) & (yi >= y0) & (yi <= y1))
        if len(at) == 0:
            continue
        # (the sides of the few candidates beside this wall only: every frame's count asks this)
        right, left, _, _ = side_scores(gx, gy, cx[at], cy[at], r)
        far, near = (right, left) if side == "right" else (left, right)
        # (only where the wall's side is lost: a whole checker beside the wall keeps the score of both its sides)
        lost = near < WALL_SIDE * far
        out[at[lost]] = np.maximum(out[at[lost]], far[lost])
    return out


def contact_scores(lab: np.ndarray, gx: np.ndarray, gy: np.ndarray, cx: np.ndarray, cy: np.ndarray,
                   r: float, floor: float = 0.0) -> np.ndarray:
    """Rim scores that forgive a side where a same-coloured checker touches it (0 where none does).

    Why: checkers on neighbouring points touch side by side when they are wide for the points (big checkers, or a
    tilted camera, which shows each checker's top face larger than its footprint). Where two of one colour touch
    there is no edge at all, so ``rim_scores``, which wants both sides, finds a lone checker of a prime as faint
    as grain. On that side the arc away from the contact (CONTACT_ARC and more from straight across) still runs
    round the checker; a waist between two row checkers has no rim there, so it gains nothing. The neighbour must
    itself be a candidate of the same face colour, straight across at one diameter. ``floor``: the score the
    caller keeps a candidate at (none below it is looked at)."""
    cx = np.asarray(cx, np.float64)
    cy = np.asarray(cy, np.float64)
    n = len(cx)
    out = np.zeros(n)
    if n < 2:
        return out
    right, left, right_o, left_o = side_scores(gx, gy, cx, cy, r, skip=CONTACT_ARC)
    # only a candidate whose arcs away from straight across are clear edges, but not those straight across, can be
    # a checker touched there (on one side, or both: the middle one of three); and only one the caller would keep
    one_sided = np.flatnonzero(np.minimum(right_o, left_o) > np.maximum(np.minimum(right, left), max(EDGE_MIN, floor)))
    if len(one_sided) == 0:
        return out
    dx = cx[None, :] - cx[one_sided, None]
    across = (np.abs(cy[None, :] - cy[one_sided, None]) < CONTACT_LINE * r) & (np.abs(dx) >= CONTACT_GAP[0] * r) \
        & (np.abs(dx) <= CONTACT_GAP[1] * r)
    rows, js = np.nonzero(across)
    if len(rows) == 0:
        return out
    involved = np.unique(np.concatenate([one_sided[rows], js]))
    faces = dict(zip(involved.tolist(), interior_colours(lab, [(cx[i], cy[i], r) for i in involved])))
    on_right = np.zeros(n, bool)
    on_left = np.zeros(n, bool)
    for row, j in zip(rows, js):
        i = int(one_sided[row])
        if float(np.linalg.norm(np.subtract(faces[i], faces[int(j)]))) < CONTACT_COLOUR:
            (on_right if cx[j] > cx[i] else on_left)[i] = True
    sel = np.flatnonzero(on_right | on_left)
    r_side = np.where(on_right[sel], right_o[sel], right[sel])
    l_side = np.where(on_left[sel], left_o[sel], left[sel])
    out[sel] = np.minimum(r_side, l_side)
    return out


def arc_score(gx: np.ndarray, gy: np.ndarray, cx: float, cy: float, r: float, toward: float,
              half_width: float = 45.0, samples: int = 11) -> float:
    """Median radial edge strength on the arc of a rim facing ``toward`` (degrees, image axes, y down)."""
    th = np.radians(toward + np.linspace(-half_width, half_width, samples))
    ux, uy = np.cos(th), np.sin(th)
    h, w = gx.shape
    xs = np.clip(np.rint(cx + r * ux).astype(np.int32), 0, w - 1)
    ys = np.clip(np.rint(cy + r * uy).astype(np.int32), 0, h - 1)
    a, b = gx[ys, xs], gy[ys, xs]
    return float(_median_rows(np.abs(a * ux + b * uy)[None, :])[0])


def _median_rows(v: np.ndarray) -> np.ndarray:
    """Per row, the median of an odd number of values: the middle one (``np.median`` is that, with more
    overhead per call; it is called a few hundred times per frame)."""
    k = v.shape[1] // 2
    if v.shape[1] % 2 == 0 or np.isnan(v).any():
        return np.median(v, axis=1)
    return np.partition(v, k, axis=1)[:, k]


def local_peaks(acc: np.ndarray, min_dist: float, floor: float) -> tuple[np.ndarray, np.ndarray]:
    """Coordinates of local maxima of ``acc`` above ``floor``, at least about ``min_dist`` apart: no higher value
    under an ellipse ``min_dist`` wide round them (a grey dilation's test, ``acc >= dilate(acc)``).

    Why in two steps: dilating the whole view by the wide ellipse cost ~0.5 ms; a peak of the ellipse is a peak of
    its 3x3 middle too, so the cheap dilation by that middle picks the few hundred candidates and only their ellipses are
    read (pixels outside the view left out, as the dilation's border leaves them). The same pixels, in the same
    (row-major) order."""
    k = max(3, int(round(min_dist)) | 1)
    h, w = acc.shape
    ellipse = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    middle = ellipse[k // 2 - 1:k // 2 + 2, k // 2 - 1:k // 2 + 2]  # (the ellipse's own 3x3 middle: a cross at k 3)
    cand = np.flatnonzero((acc > floor) & (acc >= cv2.dilate(acc, middle)))
    if len(cand) == 0:
        return cand, cand
    ys, xs = np.divmod(cand, w)
    dy, dx = np.nonzero(ellipse)
    dy, dx = dy - k // 2, dx - k // 2  # (from the anchor in its middle, as cv2.dilate takes it)
    ny, nx = ys[:, None] + dy[None, :], xs[:, None] + dx[None, :]
    inside = (ny >= 0) & (ny < h) & (nx >= 0) & (nx < w)
    around = np.where(inside, acc[np.clip(ny, 0, h - 1), np.clip(nx, 0, w - 1)], -np.inf)
    peak = acc[ys, xs] >= around.max(axis=1)
    return xs[peak], ys[peak]


def refine(gx: np.ndarray, gy: np.ndarray, xs: np.ndarray, ys: np.ndarray, r: float,
           step: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Move each candidate to the best rim score within +-``step`` px; returns x, y, score.

    Whole-pixel candidates (Hough peaks) take a quicker road to the same scores (``_refine_whole``); other
    centres are scored as written in ``rim_scores``.
    """
    xs, ys = np.asarray(xs), np.asarray(ys)
    off = _whole_offsets(r) if np.issubdtype(xs.dtype, np.integer) and np.issubdtype(ys.dtype, np.integer) else None
    if off is None or len(xs) == 0:
        return _refine_plain(gx, gy, xs, ys, r, step)
    return _refine_whole(gx, gy, xs, ys, off, step)


def _whole_offsets(r: float) -> tuple[np.ndarray, np.ndarray] | None:
    """``rint(r * u)`` of the rim samples as whole pixels, or None when some ``r * u`` lies near a half pixel.

    Why: for a whole-pixel centre ``c`` the sample ``rint(c + r * u)`` is then exactly ``c + rint(r * u)``, so
    the samples of all candidates are one integer addition away from their centres.
    """
    fx, fy = r * _UX, r * _UY
    frac = np.concatenate([fx - np.floor(fx), fy - np.floor(fy)])
    if np.abs(frac - 0.5).min() < 1e-6:
        return None
    return np.rint(fx).astype(np.int64), np.rint(fy).astype(np.int64)


def _refine_whole(gx: np.ndarray, gy: np.ndarray, xs: np.ndarray, ys: np.ndarray,
                  off: tuple[np.ndarray, np.ndarray], step: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``refine`` of whole-pixel candidates: each sample is the centre plus a fixed whole offset (``off``), clipped
    to the view as ``rim_scores`` clips it, so no rounding is left to do.

    Every shift is scored in one gather (shift, candidate, sample) rather than one call per shift; the first best
    shift in the order the plain loop tries them (no shift, then dy, dx from -step) wins, as its strict ``>``
    keeps the earlier of equal scores.
    """
    h, w = gx.shape
    moves = [(0, 0)] + [(dy, dx) for dy in range(-step, step + 1) for dx in range(-step, step + 1)
                        if dx != 0 or dy != 0]
    mdy = np.array([m[0] for m in moves], np.int64)
    mdx = np.array([m[1] for m in moves], np.int64)
    px = np.clip(xs.astype(np.int64)[None, :, None] + mdx[:, None, None] + off[0][None, None, :], 0, w - 1)
    py = np.clip(ys.astype(np.int64)[None, :, None] + mdy[:, None, None] + off[1][None, None, :], 0, h - 1)
    idx = py * w + px
    a = gx.ravel()[idx]
    b = gy.ravel()[idx]
    radial = np.abs(a * _UX + b * _UY)
    tangential = np.abs(-a * _UY + b * _UX)
    good = np.where(radial > 1.5 * tangential, radial, 0.0)
    scores = _weaker_side(good.reshape(-1, good.shape[2])).reshape(len(moves), len(xs))
    k = np.argmax(scores, axis=0)  # (the first of equal bests)
    return ((xs + mdx[k]).astype(np.float64), (ys + mdy[k]).astype(np.float64),
            scores[k, np.arange(len(xs))])


def _refine_plain(gx: np.ndarray, gy: np.ndarray, xs: np.ndarray, ys: np.ndarray, r: float,
                  step: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``refine`` by ``rim_scores`` as written: any centres, samples clipped to the view."""
    best_s = rim_scores(gx, gy, xs.astype(np.float64), ys.astype(np.float64), r)
    best_x, best_y = xs.astype(np.float64), ys.astype(np.float64)
    for dy in range(-step, step + 1):
        for dx in range(-step, step + 1):
            if dx == 0 and dy == 0:
                continue
            s = rim_scores(gx, gy, xs + dx, ys + dy, r)
            better = s > best_s
            best_s = np.where(better, s, best_s)
            best_x = np.where(better, xs + dx, best_x)
            best_y = np.where(better, ys + dy, best_y)
    return best_x, best_y, best_s


def interior_colour(lab: np.ndarray, x: float, y: float, r: float) -> tuple[float, float, float]:
    """Median Lab colour inside 0.55 r of a disc's centre (the printed rim and shadow stay outside)."""
    return interior_colours(lab, [(x, y, r)])[0]


def interior_colours(lab: np.ndarray, discs: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """``interior_colour`` of many discs (x, y, r), those of one size at once: one sort instead of one per disc."""
    out: list[tuple[float, float, float]] = [(0.0, 128.0, 128.0)] * len(discs)
    h, w = lab.shape[:2]
    by_size: dict[int, list[int]] = {}
    for i, (_, _, r) in enumerate(discs):
        by_size.setdefault(max(1, int(0.55 * r)), []).append(i)
    for rr, idx in by_size.items():
        ok = [i for i in idx if int(discs[i][0]) - rr >= 0 and int(discs[i][0]) + rr < w
              and int(discs[i][1]) - rr >= 0 and int(discs[i][1]) + rr < h]
        inside = set(ok)
        for i in idx:
            if i not in inside:  # clipped by the view's edge: patches of other sizes, one by one
                x, y = discs[i][0], discs[i][1]
                x0, x1 = max(0, int(x) - rr), min(w, int(x) + rr + 1)
                y0, y1 = max(0, int(y) - rr), min(h, int(y) + rr + 1)
                patch = lab[y0:y1, x0:x1].reshape(-1, 3)
                if patch.size:
                    med = np.median(patch, axis=0)
                    out[i] = (float(med[0]), float(med[1]), float(med[2]))
        if not ok:
            continue
        dy, dx = np.mgrid[-rr:rr + 1, -rr:rr + 1]
        xs = np.array([int(discs[i][0]) for i in ok])[:, None] + dx.ravel()[None, :]
        ys = np.array([int(discs[i][1]) for i in ok])[:, None] + dy.ravel()[None, :]
        # each disc's pixels per channel as contiguous rows (n, 3, P): the same order statistics, partitioned along
        # rows rather than down a strided axis
        patches = np.ascontiguousarray(np.moveaxis(lab[ys, xs], 1, 2))
        n = patches.shape[2]
        k = n // 2
        if n % 2:
            med = np.partition(patches, k, axis=2)[..., k]
        else:
            med = np.partition(patches, (k - 1, k), axis=2)[..., k - 1:k + 1].mean(axis=2)
        for j, i in enumerate(ok):
            out[i] = (float(med[j, 0]), float(med[j, 1]), float(med[j, 2]))
    return out


def suppress_overlaps(discs: list[Disc], min_dist: float) -> list[Disc]:
    """Keep the stronger of any two discs closer than ``min_dist`` (one checker voting twice)."""
    kept: list[Disc] = []
    for d in sorted(discs, key=lambda d: -d.rim):
        if all((d.x - k.x) ** 2 + (d.y - k.y) ** 2 >= min_dist ** 2 for k in kept):
            kept.append(d)
    return kept


RESCUE_CAP = 1.0  # share of the frame's typical strong (whole) rim that a faintly found disc may score at most
STRONG_N = 10  # the frame's strongest discs whose median rim is its typical strong rim (as count_checkers takes it)


def _strongest(found: list[tuple[float, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]],
               min_dist: float) -> float:
    """The median plain rim score of the STRONG_N strongest distinct discs (one per place) among ``found``."""
    if not found:
        return 0.0
    # sorted like the tuples (score, x, y), highest first: one numpy sort rather than a tuple per candidate
    s_all, x_all, y_all = (np.concatenate([np.asarray(f[i], np.float64) for f in found]) for i in (3, 1, 2))
    top = np.lexsort((y_all, x_all, s_all))[::-1][:4 * STRONG_N]
    return _distinct_median(list(zip(s_all[top].tolist(), x_all[top].tolist(), y_all[top].tolist())), min_dist)


def _distinct_median(cands: list[tuple[float, float, float]], min_dist: float) -> float:
    """The median score of the first STRONG_N of ``cands`` (score, x, y; strongest first) that lie ``min_dist``
    apart from each one kept before them: one disc per place."""
    kept: list[tuple[float, float, float]] = []
    for s, x, y in cands:
        if all((x - kx) ** 2 + (y - ky) ** 2 >= min_dist ** 2 for _, kx, ky in kept):
            kept.append((s, x, y))
            if len(kept) == STRONG_N:
                break
    return float(np.median([s for s, _, _ in kept])) if kept else 0.0


def find_discs(lab: np.ndarray, radii: list[float], mask: np.ndarray | None = None,
               min_rim: float = 0.0, walls: Sequence[Wall] = ()
               ) -> tuple[list[Disc], float, tuple[np.ndarray, np.ndarray]]:
    """All disc candidates, each at its best-fitting radius among ``radii``; returns (discs, board radius, gradient).

    ``lab`` is the working view in Lab (float32, smoothed). ``mask`` limits where centres may be. Candidates
    are returned with their rim scores; the caller decides what is strong enough relative to the board.
    ``walls``: strips where a checker's centre may lie beside a wall (``Wall``, checkers.wall_sides): a checker
    partly hidden by a wall shows its rim round the side away from it only, and there it is scored by that side
    alone (``Disc.seen`` "wall").
    """
    gx, gy, mag2 = gradient_and_magnitude(lab)
    edges = EdgeVotes.of(gx, gy, mag2=mag2)
    found: list[tuple[float, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    outside = None if mask is None else mask == 0  # (once for every radius)
    for r in radii:
        acc = hough_votes(gx, gy, r, edges=edges)
        if outside is not None:
            acc[outside] = 0  # (a fresh array: zeroed in place)
        xs, ys = local_peaks(acc, 0.8 * r, 0.18)
        if len(xs) == 0:
            continue
        fx, fy, fs = refine(gx, gy, xs, ys, r)
        rescue = np.zeros(len(fs))
        seen = np.full(len(fs), "whole", dtype=object)
        if walls:
            by_wall = wall_scores(gx, gy, fx, fy, r, walls)
            seen[by_wall > fs] = "wall"
            rescue = by_wall
        if len(radii) > 1 and r == max(radii):
            # a checker larger than every size tried (a tilted camera): its rim lies just outside the largest
            outward = outward_scores(gx, gy, fx, fy, r)
            seen[outward > np.maximum(fs, rescue)] = "outward"
            rescue = np.maximum(rescue, outward)
        # a checker touched side by side by one of its colour shows no rim on that side
        touched = contact_scores(lab, gx, gy, fx, fy, r, floor=min_rim)
        seen[touched > np.maximum(fs, rescue)] = "contact"
        found.append((r, fx, fy, fs, np.maximum(rescue, touched), seen))
    # a faint find scores no more than the frame's typical strong rim: the caller measures every rim against that,
    # and rescued discs above it would raise it and make every other checker look fainter (dark ones dropped)
    cap = RESCUE_CAP * _strongest(found, 0.8 * min(radii))
    pooled: list[Disc] = []
    for r, fx, fy, fs, rescue, seen in found:
        rescue = np.minimum(rescue, cap)
        seen = np.where(rescue > FAINT_GAIN * fs, seen, "whole")
        fs = np.maximum(fs, rescue)
        pooled += [Disc(float(x), float(y), r, float(s), (0.0, 0.0, 0.0), str(how))
                   for x, y, s, how in zip(fx, fy, fs, seen) if s > min_rim]
    # each place keeps the radius that fits its rim best; the board's radius is that of its strongest discs
    discs = suppress_overlaps(pooled, 0.8 * min(radii))
    top = sorted(discs, key=lambda d: -d.rim)[:12]
    r_board = float(np.median([d.r for d in top])) if top else float(np.median(radii))
    for d, colour in zip(discs, interior_colours(lab, [(d.x, d.y, d.r) for d in discs])):
        d.lab = colour
    return discs, r_board, (gx, gy)


EQUATOR_ARC = 20.0  # degrees either side of across-the-column sampled by ``equator_score``


_EQ = np.radians(np.linspace(-EQUATOR_ARC, EQUATOR_ARC, 7))
_EQ_UX = np.concatenate([np.cos(_EQ), np.cos(np.pi + _EQ)])  # right side, then left side
_EQ_UY = np.concatenate([np.sin(_EQ), np.sin(np.pi + _EQ)])


def equator_scores(gx: np.ndarray, gy: np.ndarray, cx: np.ndarray, cy: np.ndarray, r: np.ndarray) -> np.ndarray:
    """``equator_score`` of many discs at once (centres and radii as arrays): one numpy pass per stack."""
    cx, cy, r = (np.asarray(v, np.float64)[:, None] for v in (cx, cy, r))
    h, w = gx.shape
    xs = np.clip(np.rint(cx + r * _EQ_UX[None, :]).astype(np.int32), 0, w - 1)
    ys = np.clip(np.rint(cy + r * _EQ_UY[None, :]).astype(np.int32), 0, h - 1)
    radial = np.abs(gx[ys, xs] * _EQ_UX + gy[ys, xs] * _EQ_UY)
    return np.minimum(_median_rows(radial[:, :7]), _median_rows(radial[:, 7:]))


def equator_score(gx: np.ndarray, gy: np.ndarray, cx: float, cy: float, r: float) -> float:
    """The weaker of a disc's two rims straight across the column (left and right, +-EQUATOR_ARC degrees).

    Why: a checker lying on top of two touching row checkers (a second layer, half a diameter on) is a whole
    disc, but most of its side arcs lie over same-coloured checkers, so ``rim_scores`` finds it faint. Straight
    across, though, its outline meets the board beside the row (where the two checkers under it touch, the row is
    at its narrowest). The waist between two touching checkers, which the rim finder also takes for a disc at
    that place, has board there on both sides: no edge at all."""
    return min(arc_score(gx, gy, cx, cy, r, 0.0, half_width=EQUATOR_ARC, samples=7),
               arc_score(gx, gy, cx, cy, r, 180.0, half_width=EQUATOR_ARC, samples=7))
