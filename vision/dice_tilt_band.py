"""A side face's band beside one edge of the upper face: a die cocked on a checker or the frame.

Why this cue: a die leaning 17-34 degrees keeps a nearly square upper face but turns one side face up, a band
0.3-0.56 of its edge wide along one edge of the upper face, in the die's body colour. A flat die shows its sides
only towards the camera's foot, within the parallax of its own height (``vision.dice_pose`` predicts how far).

The body cue before it (``vision.dice_tilt``) measured the die's colour along rays from the centre against that
prediction. On renders whose first die was forced cocked (9800-9899, label homography) it read 47 of the 65 cocked
dice found flat; measured why: on 24 of them it abstained for the whole die (13: the die's colour too near the
ring's round it; 11: part of that ring in the die's colour, mostly the checker it leans on), a side face read as
a second die blocked the very rays towards that side face (render 9822), and its threshold (0.35 edges past an
outline drawn for the largest die the pips allow) was above the bands of all but a few. Here each edge of
the upper face is judged on its own, along lines parallel to it (a side face's far edge is parallel to the shared
one) over the middle of the edge; a line's die colour ends only where it stays off for a pip's length (a side
face's pips are in it), and the die's colour running on past the face's corners is the field's, not a side face.

Measured, before -> after (``vision.dice_eval.evaluate_dice_labelled``; forced = first die cocked):
forced 9800-9899 (tuned on) cocked caught 18 -> 21 of 86, flat called cocked 0 -> 0 of 66; forced 9900-9999 (not
tuned on) 22 -> 24 of 77, flat called cocked 1 -> 1 of 63 (an earlier cue's); natural 9800-9899 flat called cocked
0 -> 0 of 147; sample stills 0 -> 0 of 47; the real photos: no die called cocked. Dice values unchanged. A flat die's
band can still pass the bar where the field beside it shares its colour (test render 300's red 5 on a red point
reached 0.42 until the die's colour past either corner, not both, made a band the field's). Most cocked
dice still missed: 21 of 86 are not found at all (leaning on the frame, a one up), and most bands lie towards the
camera, inside the flat die's reach there, or in a colour the field shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from vision.dice_pose import LARGEST_FACE, upper_face
# the die's colour as the body cue tells it (die_coloured), and the field beyond an edge must differ from the
# face's chromaticity by DISTINCT (a dark die's: be DISTINCT_DARK times brighter), else no call there
from vision.dice_tilt import DARK_FACE, DISTINCT, _camera, _px_per_unit, channel_sum, die_coloured

S_MAX = 2.5  # half-edges from the centre looked at along each face axis (a band ends by 2.1)
FIELD = 2.2  # half-edges: beyond this along an axis lies the field, never the die (its colour is told from it)
MAX_END = 2.1  # half-edges: the die's colour running on beyond this is the field's, not a side face (0.55 edges)
ALONG = 0.5  # half-edges either side of the edge's middle sampled along it (corners are ragged, bands skewed)
ALONG_SAMPLES = 9
STEP_PX = 0.5  # pixels between samples along a line out from the face (0.75 px lost 3 of 47 caught on 9800-9999)
START = 0.85  # half-edges: the lines are followed out from here, past the upper face's own pips (0.57 +- 0.2)
GAP = 0.35  # half-edges off the die's colour that end it: a side face's pips, seen obliquely, are shorter
BEYOND_CORNERS = (1.4, 1.6)  # half-edges along the edge from its middle: past the face's corners (0.2-0.3 edges)
DISTINCT_DARK = 2.0  # ... or, for a dark die, be this many times brighter
ROW_SHARE = 0.5  # share of a line's samples in the die's colour for the line to be the die's
MIN_EDGE_PX = 15.0  # smaller dice: a band of 4-5 px, within JPEG's 8 px colour blocks (a flat green die of 13 px on
# green felt reached 0.28, natural render 9841)
_T = np.r_[np.linspace(-ALONG, ALONG, ALONG_SAMPLES), -np.asarray(BEYOND_CORNERS), BEYOND_CORNERS]  # lines' samples
OWN_FACE = 0.9  # die edges: a face found nearer than this is this die's side face read as a face, not another die
OTHER_DIE = 1.9  # die edges: another die's face within this blocks the edge facing it (two dice make one body)


@dataclass
class EdgeBand:
    """Beyond one edge of the upper face: where the die's colour ends and where a flat die's can (half-edges)."""

    end: float  # the die's colour ends here (inf: it runs on to S_MAX)
    flat_reach: float  # a flat die's outline reaches this far on this side
    distinct: bool  # the field beyond differs from the die's colour

    @property
    def excess(self) -> float:
        """Die edges of body beyond a flat die's reach (-inf when the edge cannot be judged)."""
        if not self.distinct or not self.end <= MAX_END:
            return -np.inf
        return (self.end - self.flat_reach) / 2.0


def _axes(cues: dict) -> Optional[np.ndarray]:
    """The face's two edge directions in the image (columns, unit determinant), from the pips' layout of a 2-6.

    Not for a one: its single pip gives neither the face's turn nor its size (the reader's size of a one is its
    scale's: a flat 1 of ~20 px was given 55 px on natural render 9886, and its 'band' reached the board's print)."""
    value = int(cues.get("value") or 0)
    axes = cues.get("face_axes")
    if value < 2 or axes is None:
        return None
    axes = np.asarray(axes, float)
    det = abs(float(np.linalg.det(axes)))
    return axes / np.sqrt(det) if det > 0 else None


def edge_bands(image: np.ndarray, cues: dict, center: np.ndarray, edge_px: float, board_to_image: np.ndarray,
               shape: tuple[int, ...], offset: tuple[int, int] = (0, 0), with_axes: bool = False,
               at_least: float = -np.inf):
    """The four edges' bands (order: +axis0, -axis0, +axis1, -axis1), or None when the face cannot be placed
    (``with_axes``: and the face's axes, columns in image pixels). ``center`` and the homography are in the whole
    frame's pixels; ``image`` is the frame's part from ``offset``. ``at_least``: None, before the camera is asked,
    when no edge's band can exceed this many die edges (most flat dice: their colour ends at the upper face)."""
    center = np.asarray(center, float)
    local = center - np.asarray(offset, float)
    axes = _axes(cues)
    if axes is None or not np.all(np.isfinite(axes)):
        return None
    half = axes * (edge_px / 2.0)  # face half-edges -> image px
    try:
        to_face = np.linalg.inv(half)
    except np.linalg.LinAlgError:
        return None
    n_s = max(12, int(S_MAX * edge_px / 2.0 / STEP_PX))
    s = np.linspace(0.0, S_MAX, n_s)
    outs = np.array([half[:, 0], -half[:, 0], half[:, 1], -half[:, 1]])  # each edge's way out, px per half-edge
    alongs = np.array([half[:, 1], half[:, 1], half[:, 0], half[:, 0]])
    pts = local + s[None, :, None, None] * outs[:, None, None, :] + _T[None, None, :, None] * alongs[:, None, None, :]
    h, w = image.shape[:2]
    inside = ((pts[..., 0] >= 0) & (pts[..., 1] >= 0) & (pts[..., 0] <= w - 1) & (pts[..., 1] <= h - 1)).all(
        axis=(1, 2))  # edges whose lines all lie in the image
    if not inside.any():
        return None
    m = pts.reshape(4 * n_s, len(_T), 2).astype(np.float32)  # all four edges in one lookup
    x = cv2.remap(image, m[..., 0], m[..., 1], cv2.INTER_LINEAR).astype(np.float32).reshape(4, n_s, len(_T), 3)
    mid = slice(0, ALONG_SAMPLES)
    face_bgr = np.median(x[inside][:, s <= 0.7, mid].reshape(-1, 3), axis=0)
    face_total = float(face_bgr.sum())
    if face_total <= 0:
        return None
    face_chroma = face_bgr / face_total
    start = int(np.searchsorted(s, START))
    y = x[:, start:]  # the die's colour is asked only from START out
    member = die_coloured(y, channel_sum(y), face_bgr)  # (x: a uint8 remap as float: whole grey levels)
    lateral = member[:, :, ALONG_SAMPLES:]
    run = max(2, int(np.ceil(GAP / (s[1] - s[0]))))
    off = (~member[:, :, mid]).astype(np.int32)
    sums = np.concatenate([np.zeros((4, 1, ALONG_SAMPLES), np.int32), np.cumsum(off, axis=1)], axis=1)
    gone = sums[:, run:] - sums[:, :-run] == run  # off the die's colour for a whole GAP from here on that line
    ends = np.where(gone.any(axis=1), s[start + np.argmax(gone, axis=1)], np.inf)  # 4 x lines
    if at_least > -np.inf:  # a flat die's reach is at least its upper face's (LARGEST_FACE): no band can pass it
        middle = np.sort(ends, axis=1)[:, ALONG_SAMPLES // 2]
        if not np.any(inside & (middle <= MAX_END) & (middle > LARGEST_FACE + 2.0 * at_least)):
            return None
    camera = _camera(board_to_image, shape)
    jac_det = _px_per_unit(board_to_image, center)
    if camera is None or jac_det is None:
        return None
    big_px = edge_px * LARGEST_FACE
    edge_board = big_px / jac_det
    top = upper_face(camera, center, axes, 4, big_px, edge_board)
    # a flat die's outline is the hull of its upper face and the same square on the board: its reach along each axis
    # is the farthest of those eight corners
    body = camera.project(np.vstack([top, top - np.array([0.0, 0.0, edge_board])]))
    if not np.all(np.isfinite(body)):
        return None
    q = (body - center) @ to_face.T  # in face half-edges
    reach = [float(q[:, 0].max()), float(-q[:, 0].min()), float(q[:, 1].max()), float(-q[:, 1].min())]
    field = np.median(x[:, s >= FIELD, mid].reshape(4, -1, 3), axis=1)  # beyond any side face: the field there
    field_total = field.sum(axis=1)
    if face_total >= DARK_FACE:
        distinct = (field_total > 0) & (np.abs(field / np.maximum(field_total, 1e-9)[:, None] - face_chroma).max(
            axis=1) >= DISTINCT)
    else:
        distinct = field_total >= DISTINCT_DARK * face_total
    bands = []
    for k in range(4):
        if not inside[k] or not np.isfinite(ends[k]).sum() * 2 > ALONG_SAMPLES:
            bands.append(EdgeBand(np.inf, reach[k], False))
            continue
        end = float(np.sort(ends[k])[ALONG_SAMPLES // 2])  # the lines' median (ALONG_SAMPLES is odd)
        # a side face is as long as the edge it shares: the die's colour beside it, past either of the face's corners,
        # is the field's (a white die on a white board, a green one on green felt, a red one on a red point: test
        # render 300, whose flat 5 reached 0.42 when both corners had to show it)
        band = (s[start:] >= 1.2) & (s[start:] <= end - 0.1)
        beside = lateral[k][band]  # rows x (the two samples past one corner, the two past the other)
        lateral_die = band.any() and max(float(beside[:, :2].mean()), float(beside[:, 2:].mean())) >= ROW_SHARE
        bands.append(EdgeBand(end, reach[k], bool(distinct[k]) and not lateral_die))
    return (bands, axes) if with_axes else bands


def _blocked_sides(center: np.ndarray, axes: np.ndarray, others: Optional[np.ndarray], edge_px: float) -> set[int]:
    """Edges facing another die near this one (the two make one body of their colour there). A face found closer
    than OWN_FACE is this die's own side face read as a face: the edge towards it is the very one to look at."""
    out: set[int] = set()
    if others is None or len(others) == 0:
        return out
    rel = np.asarray(others, float).reshape(-1, 2) - center
    dist = np.hypot(rel[:, 0], rel[:, 1]) / max(edge_px, 1e-9)
    dirs = [axes[:, 0], -axes[:, 0], axes[:, 1], -axes[:, 1]]
    for r, d in zip(rel, dist):
        if not OWN_FACE <= d < OTHER_DIE:
            continue
        u = r / np.linalg.norm(r)
        for k, a in enumerate(dirs):
            if float(u @ (a / np.linalg.norm(a))) > np.cos(np.pi / 3):
                out.add(k)
    return out


def band_excess(image: np.ndarray, cues: dict, center: np.ndarray, edge_px: float, board_to_image: np.ndarray,
                shape: tuple[int, ...], others: Optional[np.ndarray] = None,
                offset: tuple[int, int] = (0, 0), at_least: float = -np.inf) -> float:
    """Die edges by which the die's body reaches past a flat die's outline beyond its most reaching edge: -inf
    when no edge can be judged (or, ``at_least`` given, none can reach beyond it)."""
    seen = edge_bands(image, cues, center, edge_px, board_to_image, shape, offset, with_axes=True, at_least=at_least)
    if seen is None:
        return -np.inf
    bands, axes = seen
    blocked = _blocked_sides(np.asarray(center, float), axes, others, edge_px)
    ex = [b.excess for k, b in enumerate(bands) if k not in blocked]
    return max(ex, default=-np.inf)


COCKED_BAND = 0.3  # die edges of band past a flat die's reach that call a die cocked: above every flat die's of
# MIN_EDGE_PX or more (renders 9800-9899 natural: at most 0.21, a white die on a logo's letter; forced cocked: 0.17;
# 9900-9999 forced: 0.17), within a leaning die's band (sin of 17-34 degrees: 0.3-0.56 edges)


def band_cocked(image: np.ndarray, cues: dict, center: np.ndarray, edge_px: float, board_to_image: np.ndarray,
                shape: tuple[int, ...], others: Optional[np.ndarray] = None,
                offset: tuple[int, int] = (0, 0)) -> bool:
    """Whether one edge of the upper face has a side face's band beyond any a flat die shows there: a cocked die.
    Off for dice under MIN_EDGE_PX (a band of a few pixels is JPEG's colour blocks)."""
    if edge_px < MIN_EDGE_PX:
        return False
    return band_excess(image, cues, center, edge_px, board_to_image, shape, others, offset, COCKED_BAND) > COCKED_BAND
