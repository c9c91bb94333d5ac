"""A lone "one" that is a spot on the board's checkers: a checker's highlight or the lit gap between two checkers.

Why: a one is a single round blob on a plain face, and a dark checker offers both: the specular highlight at its
centre, and the light wedge of the point showing where two checkers of a column touch. The face tests round the
pip see a plain dark "face" either way (rendered game 2929: two such gaps read as ones on most frames, and in an
earlier render three highlights made a roll nobody rolled and a false "rolled before the dice were lifted").
A die cannot put its pip there: a flat die beside a checker keeps its pip at least half a die edge inside its own
face, so no checker's rim runs through the pip, and a die's face is no disc of a checker's size round it. So the
one is refused when two circles of the board's checker radius through the pip, one either side, both hold the
colour round the pip (two checkers of its "face" touching) and run along rims (the image's gradient, in the channel
that changes most, across the circle on most of it). A circle centred on the pip on such a rim (a highlight) is
measured but refuses nothing alone: true ones on small dice beside checkers score as high (CENTRE_SHARE).
Only on a board (the reader's die size gives the checker's): the blind search of ``bgref dice`` is unchanged.
"""

from __future__ import annotations

import cv2
import numpy as np

SPOT_MIN_DIE_PX = 12.0  # dice smaller than this are not tested: at 960x540 (games 5656 and 8181, dice of 9.2 and 9.5
# px, a checker radius of ~10 px) the test refused the true ones of the opening roll and of later rolls on most
# frames (5656: 41 -> 32 events on time, its illegal plays 2 -> 0 of 3); game 2929's gaps were on dice of 13.8 px
DIE_PER_CHECKER = 0.45  # the die edge the board reader passes is this many checker diameters (reader.die_edge_px)
RADII = (0.88, 1.0, 1.12)  # of the checker radius: the checkers' own spread and the guess's error
RIM_SAMPLES = 32  # points round a circle
RIM_DIRECTIONS = 24  # ways from the pip to the centre of a checker whose rim runs through it
FACE_RING = 0.35  # die edges from the pip: where the "face" round it is sampled
INSIDE = (0.3, 0.6)  # of the checker radius: rings inside a circle whose colour must be the face's (a checker's)
SAME_COLOUR = 40.0  # largest channel difference between a circle's inside and the face: the face is that checker
RIM_COS = 0.7  # the gradient's cosine with the circle's radius at a rim point (either way: dark or light inside)
RIM_GRADIENT = 12.0  # grey levels across two pixels, in the channel that changes most: a checker's rim
CENTRE_SHARE = 0.8  # of a circle centred on the pip on such a rim: a checker's highlight (dark checkers' centres
# 0.91-0.97 in session 11's render of game 2929). Measured only, never a refusal on its own: true ones on small dice
# beside checkers score as high (games 2424 and 7272 at 12.6-13.8 px: 0.81-0.91, 21 refusals, all true ones, a false
# wrong-half re-roll at 2424's opening), while every refusal that helped (game 2929, renders 10040, 10069) was a gap
PAIR_SHARE = 0.3  # of two circles either side of the pip, both holding the face's colour (their mean): the gap
# where two checkers touch (game 2929's false ones 0.39 and 0.45, renders 10040 and 10069's 0.47 and 0.42); the 31
# true ones of renders 10000-10079, the sample stills and r14 at most 0.22 (render 10056: a red one on a white point)


def _rim_shares(gx: np.ndarray, gy: np.ndarray, centres: np.ndarray, radius: float) -> np.ndarray:
    """For each circle (``centres``, one ``radius``), the share of its RIM_SAMPLES points where the gradient is
    strong and along the radius; points off the patch count as no rim."""
    t = np.arange(RIM_SAMPLES) * (2 * np.pi / RIM_SAMPLES)
    cos, sin = np.cos(t)[None, :], np.sin(t)[None, :]
    xs = np.round(centres[:, :1] + radius * cos).astype(int)
    ys = np.round(centres[:, 1:] + radius * sin).astype(int)
    inside = (xs >= 0) & (ys >= 0) & (xs < gx.shape[1]) & (ys < gx.shape[0])
    xs, ys = np.clip(xs, 0, gx.shape[1] - 1), np.clip(ys, 0, gx.shape[0] - 1)
    vx, vy = gx[ys, xs], gy[ys, xs]
    mag = np.hypot(vx, vy)
    rim = inside & (mag >= RIM_GRADIENT) & (np.abs(vx * cos + vy * sin) >= RIM_COS * mag)
    return rim.mean(axis=1)


def _gradients(patch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The image's gradient, per pixel the channel's that changes most (a dark red checker on a green point is
    one grey: its rim shows in colour only)."""
    patch = cv2.GaussianBlur(patch, (3, 3), 0).astype(np.float32)
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3) / 4.0  # grey levels across two pixels
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3) / 4.0
    if gx.ndim == 2:
        return gx, gy
    # the channel of the largest magnitude, the first of equals (``np.argmax`` along the channels), picked by two
    # comparisons and ``np.where`` on the channel planes: the same values, a third of argmax's and
    # take_along_axis's cost on a few thousand pixels of three channels
    mag = gx * gx + gy * gy
    if mag.shape[2] != 3:
        k = np.argmax(mag, axis=2)[..., None]
        return np.take_along_axis(gx, k, axis=2)[..., 0], np.take_along_axis(gy, k, axis=2)[..., 0]
    second = mag[..., 1] > mag[..., 0]
    third = mag[..., 2] > np.maximum(mag[..., 0], mag[..., 1])
    return (np.where(third, gx[..., 2], np.where(second, gx[..., 1], gx[..., 0])),
            np.where(third, gy[..., 2], np.where(second, gy[..., 1], gy[..., 0])))


_RING = np.arange(16) * (np.pi / 8)


def _colour_ring(patch: np.ndarray, centres: np.ndarray, radii) -> np.ndarray:
    """Median BGR of 16 points on each of ``radii`` round each of ``centres`` (patch px), clipped to the patch."""
    ring = np.stack([np.cos(_RING), np.sin(_RING)], axis=1)  # (16, 2)
    rr = np.asarray(radii, float)[:, None, None] * ring[None]  # (k, 16, 2)
    pts = centres[:, None, :] + rr.reshape(1, -1, 2)
    xs = np.clip(np.round(pts[..., 0]).astype(int), 0, patch.shape[1] - 1)
    ys = np.clip(np.round(pts[..., 1]).astype(int), 0, patch.shape[0] - 1)
    return np.median(patch[ys, xs].astype(np.float32), axis=1)


def _same_colour(patch: np.ndarray, centres: np.ndarray, radius: float, face: np.ndarray) -> np.ndarray:
    """1 for each circle whose inside (rings at INSIDE of its radius) has the face's colour, else 0."""
    inside = _colour_ring(patch, centres, [k * radius for k in INSIDE])
    return (np.abs(inside - face).max(axis=1) <= SAME_COLOUR).astype(float)


def is_checker_spot(image: np.ndarray, pip: np.ndarray, die_size_px: float) -> bool:
    """Whether a lone pip at ``pip`` (image px) is the gap between two checkers (a highlight alone is not enough:
    CENTRE_SHARE)."""
    centre, pair = checker_spot(image, pip, die_size_px)
    return pair >= PAIR_SHARE


def checker_spot(image: np.ndarray, pip: np.ndarray, die_size_px: float) -> tuple[float, float]:
    """The rim shares of checker-sized circles round ``pip`` (image px, BGR or grey ``image``): the best circle
    centred on it, and the best pair of circles through it on either side (their mean; 0 when no pair of the
    face's colour reaches PAIR_SHARE).

    ``die_size_px``: the die edge the board reader expects (DIE_PER_CHECKER checker diameters)."""
    r = 0.5 * die_size_px / DIE_PER_CHECKER
    reach = int(np.ceil(2.4 * r)) + 2
    x, y = int(round(float(pip[0]))), int(round(float(pip[1])))
    x0, y0 = max(0, x - reach), max(0, y - reach)
    patch = image[y0:y + reach + 1, x0:x + reach + 1]
    if patch.shape[0] < 5 or patch.shape[1] < 5:
        return 0.0, 0.0
    gx, gy = _gradients(patch)
    c = np.array([float(pip[0]) - x0, float(pip[1]) - y0])
    face = _colour_ring(patch, c[None, :], [FACE_RING * die_size_px])[0] if patch.ndim == 3 else None
    t = np.arange(RIM_DIRECTIONS) * (2 * np.pi / RIM_DIRECTIONS)
    ways = np.stack([np.cos(t), np.sin(t)], axis=1)
    half = RIM_DIRECTIONS // 2
    centre = pair = 0.0
    for k in RADII:
        rad = k * r
        shares = _rim_shares(gx, gy, np.vstack([c[None, :], c + rad * ways]), rad)
        centre = max(centre, float(shares[0]))  # a highlight: the pip at the checker's centre
        # a gap: the pip where the rims of two checkers of a column meet, a checker's centre either side of it. A
        # pair counts where both circles hold the face's colour (two checkers of its colour); only pairs reaching
        # PAIR_SHARE are weighed for it (a true one's 36 pairs weighed one by one cost ~3 ms at 1080p)
        means = (shares[1:half + 1] + shares[half + 1:]) / 2
        high = np.nonzero(means >= PAIR_SHARE)[0]
        if len(high) == 0:
            continue
        if face is not None:
            same = _same_colour(patch, c + rad * ways[np.concatenate([high, high + half])], rad, face)
            high = high[(same[:len(high)] > 0) & (same[len(high):] > 0)]
        if len(high):
            pair = max(pair, float(means[high].max()))
    return centre, pair
