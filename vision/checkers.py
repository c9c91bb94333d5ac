"""Count the checkers on every point, on the bar and borne off, in a rectified board view.

Why this shape: ``checker_discs`` finds every checker-sized round rim, whatever the colours. Which of those are
checkers is then decided by the game's own structure rather than by appearance alone: a point's checkers form a
chain that starts at the point's base and runs toward the middle (past the triangle's tip when there are more than
five; a second layer sits on top of the first row, half a diameter further on), so a disc that is not linked to
its base by such a chain is clutter (a logo, a die, a cup) and is dropped. A disc coloured like the empty board
under it must also show its rim on the tip side (a triangle's rounded base does not). Light and dark are the two
Lab clusters of the accepted discs, so they follow the board in hand, not a trained palette; the learnt colours
then follow rows whose rims are hidden (``checker_runs``), and a hand over a point makes it None
(``checker_occlusion``).

The empty board (``checker_empty``) is learnt from the same-coloured points with every found disc left out where
enough views remain (a faint red-on-red checker on most red points must not become the red point's empty look);
where too few remain, a disc is compared with what most of those points show there (a shape on every point of that
colour is the board's own). One player's checkers look alike, so a lone disc whose face is far less even than its
colour's stacked checkers is doubted (``checker_colours.face_spread``, ``checker_doubt``). A point still read
empty may hold checkers that show no rim at all (black on a black point): each colour's face, learnt as a picture
from its clear discs, is looked for slot by slot from the base, and a slot whose colour and shading match it holds
one (``checker_dark``); a slot that may is left doubtful. The same faces carry a short row on past its last disc
wherever its colour's face shows there. The rim floor is set by the checkers that contrast most
with the board: a disc under it is kept where the column it lies on differs from the empty board from its base out
past it, or continues such a row (``checker_faint``), and the count resting on it is doubted.
"""

from __future__ import annotations

import logging
import statistics
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

import cv2
import numpy as np

from calibration.geometry import BoardGeometry
from vision.checker_discs import Disc, Wall, arc_score, equator_scores, find_discs
from vision.components import components
from vision.checker_bar import beside_bar, judge_bar
from vision.checker_colours import (ColourSplit, face_spread, left_out, lone_colour_unsure, phantom_light,
                                   split_colours)
from vision.checker_dark import judge_slot, learn_faces
from vision.checker_dice import DieSpot, spoiled
from vision.checker_doubt import DOUBTFUL_CONFIDENCE, bare_board, colour_missing, doubts, mark_tips_unlike_the_board
from vision.checker_faint import faint_checkers
from vision.checker_empty import (add_discs, board_lift, disc_share, learn_empty, point_bands, run_from_base,
                                  unlike_and_rows)
from vision.checker_occlusion import covered_points, frame_colours, skin_mask
from vision.checker_off import read_off
from vision.checker_runs import CheckerColour, row_run_lengths
from vision.checker_layers import dropped_stack, run_past
from vision.checker_median import median_along
from vision.checker_lone import (colour_distance, dropped_row, lone_on_own_colour, odd_faced_lone, own_colour_contrast,
                                 rimmed_as_the_board, rimmed_at_base, side_edges)
from vision.checker_own_colour import own_colour_stack
from vision.checker_row_proof import row_proven
from vision.checker_arcs import layer_arcs
from vision.checker_stacks import LAYER_RIM, layer_doubt, read_stack, stack_layers, stack_total, unseen_stack
from vision.checker_unseen import AS_BOARD, column_cover

log = logging.getLogger(__name__)

WORK_POINT_WIDTH = 26.0  # point width in working pixels: ~7 px per cm on a tournament board
RADIUS_FRACTIONS = (0.38, 0.43, 0.48)  # checker radius / point width tried when no calibration measured it
WALL_REACH = 1.0  # radii from the bar's sides or the frame's ends within which a checker's rim may meet the wall
RIM_ABSOLUTE = 25.0  # a rim weaker than this is never a checker (noise and wood grain stay below)
RIM_RELATIVE = 0.10  # ... nor one weaker than this share of the board's typical strong rim
CHAIN_GAP = 2.7  # centre spacing (in radii) that still links two checkers of one point
COLUMN_GAP = 4.3  # ... along one point's own column, where one checker between two seen ones may go unseen
FIRST_FROM_BASE = 3.6  # the innermost disc seen lies within this many radii of the base (one may be missed)
MAX_PER_POINT = 15
EDGE_SLACK = 1.3  # radii past the found long edges where checker centres are looked for (a photo cropped to the board)
EDGE_ROW = 1.2  # a disc on the bar strip this many diameters from a long edge starts a point's row, not the bar
SPLIT_RIM = 0.2  # discs with this share of the typical strong rim decide the two checker colours
COLOUR_MATCH = 3.0  # a disc's inside must lie within this many tolerances of a learnt checker colour
GLARE_LIFT = 15.0  # a board lifted by more than this much lightness round a point's discs is under a lamp's glare
GLARE_REACH = 2.0  # radii beyond a point's outermost discs where its board is compared with the empty board
HAND_AREA = 4.0  # a hand covers at least this many checkers' area
WEAK_RIM = 0.3  # a point whose discs are all weaker than this share of the typical rim needs its colour run too
CLEAR_RIM = 0.5  # discs with this share of their colour's typical rim teach the checker colours
ROW_SPACING = 1.03  # centre distance of neighbouring checkers in a row, in diameters
RUN_SLACK = -0.2  # a colour run falls short of its row by the shaded far edge of the last checker
RUN_MIN = 0.6  # a colour run shorter than this many diameters is no checker
SAME_AS_BOARD = 16.0  # Lab distance under which a disc's inside looks like the empty board under it
TIP_ARC = 0.35  # a board-coloured disc's rim must show on its tip side with this share of its side strength
LAYER_EQUATOR = 0.3  # a half-offset disc whose outline straight across the column has this share
# (checker_discs.equator_score) is a layer, as one with checker_stacks.LAYER_RIM of the best rim is
DOUBTFUL = 0.5  # the confidence of a count that may have missed a checker on top
EMPTY_RIM = 0.3  # a disc fainter than this share of the typical rim ...
EMPTY_SHARE = 0.1  # ... that differs from the empty board on less than this share of its area is the board's
LONE_FAINT = 0.5  # a disc of a chain of one or two fainter than this share of its colour's typical rim ...
LONE_TIP = 0.8  # ... and weaker on its tip side than this share of its sides, where the empty board looks alike: board
EMPTY_CLEAR = 0.7  # a faint disc differing from the empty board on this share of its area is no print or grain
SPACING_MIN_STEPS = 8  # neighbouring discs needed to measure the checker size from their spacing ...
SPACING_SHRINK = 0.95  # ... which replaces the rim's size when it is this much tighter (in diameters)
SCATTER = 0.15  # median sideways offset (point widths) of a point's discs from their own centre line, at most
SHIFT_VOTERS = 3  # points of a row whose innermost discs tell where its checkers start ...
SHIFT_AGREE = 0.2  # ... agreeing within this many diameters ...
SHIFT_SHARE = 0.75  # ... this share of them ...
SHIFT_MIN = 0.5  # ... on a start at least this many diameters from the found edge
SLOPPY_X = 0.35  # point widths off its centre line that a checker of a carelessly laid row may stand ...
SLOPPY_RIM = 0.2  # ... with at least this share of the typical strong rim
OUTLIER_X = 0.3  # point widths off the stack's centre line for its outermost disc to be no checker of it
ROW_PITCH = (0.85, 1.25)  # centre distances (diameters) of neighbouring checkers in a row ...
ROW_LINE = 0.5  # ... and how far (radii) they may stand apart sideways
ROW_RESCUE = 4  # faint discs in a row at least this long are kept
ALIGN_SHIFTS = np.linspace(-0.45, 0.45, 13)  # half offsets tried (point widths) when aligning columns to discs
ALIGN_SCALES = (0.95, 1.0, 1.05)
FULL_ROW = 5  # checkers found by their faces are counted up to one row (players layer a longer one)
EMPTY_SPOT = 1.6  # radii along the column within which a counted disc keeps a point from showing the empty board
DARK_RUN_COUNT = 0.8  # diameters the dark checkers' own colour runs from an empty-read point's base: counted by it
FACE_SURE = 0.8  # confidence of a count by faces where every slot was clear and the next one clearly empty ...
FACE_SURE_ROW = 2  # ... and it is at most this many checkers
# discs dropped as the board's that may be own-coloured checkers (checker_own_colour): those one place on and beyond
# ("board-coloured"), and the base one under them, however it was dropped
OWN_COLOUR_DROPS = ("board-coloured", "as on the empty board", "weak and alone", "the board's own: no rim on its tip side")
BASE_PLACE = 0.35  # diameters from where the row's stacks start that a base checker's centre may lie
FACE_ROW_DROPS = ("weak and alone",)  # discs dropped thus may be a face-read row's next checker ...
FACE_ROW_SLOT = 0.3  # ... centred within this many diameters along ...
FACE_ROW_LINE = 0.5  # ... and this many radii across of where it would lie
WEAK_LINE = 0.3  # radii off a point's centre line within which a disc dropped as weak is recorded (``weak_line``)
FACE_FELLOWS = 9  # stacked discs per colour (the clearest) whose faces tell how even that colour's faces are


@dataclass
class CheckerCount:
    """Counts as the observation wants them, plus what the daemon and debugging need."""

    points: list[Optional[int]]
    bar: dict[str, int]
    off: dict[str, Optional[int]]
    confidence: list[float]  # per point 0..1 (1 = every disc clear and the chain tidy)
    discs: list[dict[str, Any]] = field(default_factory=list)  # accepted discs in rectified px, with where/colour
    radius_px: float = 0.0  # checker radius in rectified px
    rejected: list[dict[str, Any]] = field(default_factory=list)  # candidate discs dropped, with why (debugging)
    levels: dict[str, float] = field(default_factory=dict)  # rim levels used (typical strong, texture, floor)
    runs: dict[int, tuple[int, float]] = field(default_factory=dict)  # colour run per point: (sign, diameters)
    empty_runs: dict[int, float] = field(default_factory=dict)  # unlike the empty board from the base (diameters)
    warnings: list[str] = field(default_factory=list)
    cues: dict[int, dict[str, Any]] = field(default_factory=dict)  # per point, what the confidence was judged on
    off_confidence: dict[str, float] = field(default_factory=dict)  # per colour 0..1 (vision.checker_off)


def _working_view(rect_bgr: np.ndarray, geometry: BoardGeometry) -> tuple[np.ndarray, float, np.ndarray]:
    """The rectified view scaled so a point is ~WORK_POINT_WIDTH px wide, in smoothed float Lab."""
    scale = WORK_POINT_WIDTH / max(1.0, (geometry.point_width(1) + geometry.point_width(12)) / 2)
    scale = min(scale, 1.0)
    small = cv2.resize(rect_bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else rect_bgr
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32)
    lab = cv2.GaussianBlur(lab, (0, 0), 0.7)
    return lab, scale, small


def wall_sides(geometry: BoardGeometry, scale: float, r: float) -> list[Wall]:
    """Where the centre of a checker partly hidden by a wall may lie: the field within WALL_REACH radii of the bar's
    sides and of the frame's ends, each strip with the side of the rim that faces away from its wall
    (``find_discs``' walls).

    Why: the bar and the frame stand above the field, and a camera that is not straight above the wall sees over
    its top onto the field only from some way out: a checker pushed against the bar shows a slice of its face cut
    off by a straight edge (fresh game 34201, 960x540, tilt 14 degrees: a lone checker on point 6 beside the bar,
    a seventh of its width hidden). On the wall's side the checker's sample circle lies on the wall, and the
    checker was read as no disc at all: the point empty for sure as long as it lay there, and every later play
    of that player's unjudged. The long sides need no such rule: the rim's arcs toward a point's base are not
    scored (checker_discs.rim_scores)."""
    x0, y0, x1, y1 = (v * scale for v in geometry.playing_area)
    bx0, _, bx1, _ = (v * scale for v in geometry.bar)
    reach = WALL_REACH * r
    # (whole pixels, as a candidate's centre is rounded to be tested against them)
    return [(float(int(a)), float(int(b)), float(int(y0)), float(int(y1)), side)
            for side, strips in (("right", ((x0, x0 + reach), (bx1, bx1 + reach))),
                                 ("left", ((bx0 - reach, bx0), (x1 - reach, x1))))
            for a, b in strips]


def _search_mask(shape: tuple[int, int], geometry: BoardGeometry, scale: float, r: float) -> np.ndarray:
    """Where checker centres may lie: the playing area, the bar and the trays."""
    mask = np.zeros(shape, np.uint8)
    x0, y0, x1, y1 = (v * scale for v in geometry.playing_area)
    # the found playing area may fall short of the real one by a little: base checkers may overhang its edges
    cv2.rectangle(mask, (int(x0 - 0.5 * r), int(y0 - EDGE_SLACK * r)), (int(x1 + 0.5 * r), int(y1 + EDGE_SLACK * r)),
                  255, -1)
    for rect in [geometry.bar, *geometry.trays]:
        x0, y0, x1, y1 = (v * scale for v in rect)
        cv2.rectangle(mask, (int(x0 + 0.3 * r), int(y0 + 0.3 * r)), (int(x1 - 0.3 * r), int(y1 - 0.3 * r)), 255, -1)
    return mask


Rect = tuple[float, float, float, float]


@dataclass
class Columns:
    """Where the 24 point columns lie in working px: each half's left edge and point width, the board middle."""

    left: tuple[float, float]  # x0, point width
    right: tuple[float, float]
    top: float  # y of the top long edge (bases of 13-24)
    bottom: float  # y of the bottom long edge (bases of 1-12)
    bar: Rect
    slack: float = 0.0  # how far past the long edges a checker's centre may still lie (found edges are approximate)
    base_shift: dict[str, float] = field(default_factory=dict)  # px the row's checkers start inside its found edge

    def point_of(self, x: float, y: float) -> Optional[int]:
        for (x0, pw), bottom_pts, top_pts in ((self.left, (12, 11, 10, 9, 8, 7), (13, 14, 15, 16, 17, 18)),
                                             (self.right, (6, 5, 4, 3, 2, 1), (19, 20, 21, 22, 23, 24))):
            i = int(np.floor((x - x0) / pw))
            if 0 <= i < 6 and self.top - self.slack <= y <= self.bottom + self.slack:
                return bottom_pts[i] if y > (self.top + self.bottom) / 2 else top_pts[i]
        return None

    def beside_bar(self, x: float, y: float) -> int:
        """The point next to the bar nearest to (x, y): 7 or 6 along the bottom, 18 or 19 along the top."""
        bottom = y > (self.top + self.bottom) / 2
        left, right = (7, 6) if bottom else (18, 19)
        return left if abs(x - self.centre_x(left)) < abs(x - self.centre_x(right)) else right

    def centre_x(self, p: int) -> float:
        if p <= 6:
            (x0, pw), i = self.right, 6 - p
        elif p <= 12:
            (x0, pw), i = self.left, 12 - p
        elif p <= 18:
            (x0, pw), i = self.left, p - 13
        else:
            (x0, pw), i = self.right, p - 19
        return x0 + (i + 0.5) * pw

    def width(self, p: int) -> float:
        """Point ``p``'s width: its half's (the right half holds 1-6 and 19-24)."""
        return self.right[1] if (p <= 6 or p >= 19) else self.left[1]

    def base_y(self, p: int) -> float:
        return self.bottom if p <= 12 else self.top

    def from_base(self, p: int, y: float) -> float:
        """How far ``y`` lies from point p's base toward the middle (negative past the edge: a found edge a little
        inside the real one leaves the base checkers' centres outside it; abs() would fold them back in)."""
        row = "top" if p >= 13 else "bottom"
        return ((y - self.top) if p >= 13 else (self.bottom - y)) - self.base_shift.get(row, 0.0)


def _columns(geometry: BoardGeometry, scale: float) -> Columns:
    lh, rh = geometry.left_half, geometry.right_half
    return Columns(left=(lh[0] * scale, (lh[2] - lh[0]) * scale / 6), right=(rh[0] * scale, (rh[2] - rh[0]) * scale / 6),
                   top=min(lh[1], rh[1]) * scale, bottom=max(lh[3], rh[3]) * scale,
                   bar=tuple(v * scale for v in geometry.bar))  # type: ignore[arg-type]


def _align(half: tuple[float, float], discs: list[Disc]) -> tuple[float, float]:
    """Shift/stretch a half's 6 columns so the discs over it sit on column centres.

    The board finder places the halves from the colour pattern; a few pixels off is enough to put a stack on the
    wrong point. Checkers sit centred on their points, so their x positions pin the columns down. Only
    sub-column corrections are tried (a whole-column shift is indistinguishable and never needed).
    """
    x0, pw = half
    near = [d for d in discs if x0 - 0.5 * pw <= d.x <= x0 + 6.5 * pw]
    if len(near) < 2:
        return half

    xs = np.array([d.x for d in near])
    ys = np.array([d.y for d in near])
    rims = np.array([d.rim for d in near])
    r = float(np.median([d.r for d in near]))
    close_y = np.abs(ys[:, None] - ys[None, :]) < 1.4 * r
    np.fill_diagonal(close_y, False)

    def fits(a: np.ndarray, w: np.ndarray) -> np.ndarray:
        """The fit of each placement (left edge a[k], point width w[k]), all at once."""
        u = (xs[None, :] - a[:, None]) / w[:, None] - 0.5
        col = np.round(u)
        off = np.abs(u - col)
        inside = (col >= 0) & (col <= 5)
        total = np.sum(np.where(inside, rims[None, :] * np.maximum(0.0, 1.0 - off / 0.3), 0.0), axis=1)
        # two discs side by side cannot be one point's: such a reading merges neighbouring points
        clash = close_y[None] & (col[:, :, None] == col[:, None, :]) & inside[:, :, None]
        return total - np.sum(np.where(clash, np.minimum(rims[:, None], rims[None, :])[None], 0.0), axis=(1, 2)) / 2

    centre = x0 + 3 * pw
    placements = [(x0, pw)] + [(centre - 3 * (pw * sc) + sh * (pw * sc), pw * sc)
                               for sc in ALIGN_SCALES for sh in ALIGN_SHIFTS]
    scores = fits(np.array([a for a, _ in placements]), np.array([w for _, w in placements]))
    base = float(scores[0])
    best = (base, x0, pw)
    for f, (a, w) in zip(scores[1:], placements[1:]):
        if f > best[0] + 1e-9:
            best = (float(f), a, w)
    if best[0] > 1.1 * base:
        return best[1], best[2]
    return half


def _board_colours(lab: np.ndarray, cols: Columns, tri_frac: float) -> dict[str, Any]:
    """The empty board's colours: each row's two triangle colours (by point parity) and its field colour.

    Medians over the six same-coloured triangles of a row, sampled half-way up each triangle, are the
    triangle colour even when two of the six hold checkers there.
    """
    h = cols.bottom - cols.top
    tri_h = tri_frac * h
    out: dict[str, Any] = {}
    for row, pts in (("top", range(13, 25)), ("bottom", range(1, 13))):
        samples: dict[int, list[np.ndarray]] = {0: [], 1: []}
        sign = 1 if row == "top" else -1
        pw = cols.left[1]
        patches: dict[tuple[int, int], list[tuple[int, np.ndarray]]] = {}  # by patch shape: one median each
        for p in pts:
            cx = cols.centre_x(p)
            base = cols.base_y(p)
            for f in (0.5, 0.65, 0.8):  # toward the tip, where fewer checkers lie
                y = base + sign * f * tri_h
                patch = lab[int(max(0, y - 1)):int(max(0, y + 2)), int(max(0, cx - 0.06 * pw)):int(cx + 0.06 * pw) + 1]
                if patch.size:
                    patches.setdefault(patch.shape[:2], []).append((p % 2, patch.reshape(-1, 3)))
        for group in patches.values():
            meds = median_along(np.stack([patch for _, patch in group]), 1)
            for (parity, _), med in zip(group, meds):
                samples[parity].append(med)
        for parity in (0, 1):
            out[f"{row}{parity}"] = _mode_colour(samples[parity])
        mid = (cols.top + cols.bottom) / 2
        yb0, yb1 = sorted(((cols.top if row == "top" else cols.bottom) + (1 if row == "top" else -1) * 1.1 * tri_h,
                           mid))
        band = lab[int(yb0):int(max(yb0 + 1, yb1)):3, ::3]  # every third pixel: a median needs no more
        out[f"{row}field"] = median_along(band.reshape(-1, 3), 0) if band.size else None
    return out


def _mode_colour(samples: list[np.ndarray], tol: float = 12.0) -> Optional[np.ndarray]:
    """The colour most samples agree on (the empty triangles), not swayed by the few that show checkers."""
    if not samples:
        return None
    arr = np.array(samples, np.float32)
    dist = np.linalg.norm(arr[:, None, :] - arr[None, :, :], axis=2)
    support = (dist < tol).sum(axis=1)
    best = int(np.argmax(support))
    return median_along(arr[dist[best] < tol], 0)


def _looks_like_board(d: Disc, p: int, cols: Columns, colours: dict[str, Any], tri_frac: float) -> bool:
    """Is this disc's inside the colour of the empty board under it (a triangle's base, the field)?"""
    row = "top" if p >= 13 else "bottom"
    dist = abs(d.y - cols.base_y(p))
    expected = []
    if dist < 0.9 * tri_frac * (cols.bottom - cols.top):
        expected.append(colours.get(f"{row}{p % 2}"))
    expected.append(colours.get(f"{row}field"))
    lab = np.array(d.lab)
    return any(e is not None and float(np.linalg.norm(lab - e)) < SAME_AS_BOARD for e in expected)


def _rows_of(discs: list[Disc], r: float, min_len: int) -> set[int]:
    """ids of the discs that belong to a row of at least ``min_len``: each linked to the next one checker's
    spacing along the column (ROW_PITCH) and in line with it (ROW_LINE)."""
    n = len(discs)
    if n < min_len:
        return set()
    xs = np.array([d.x for d in discs])
    ys = np.array([d.y for d in discs])
    dy = np.abs(ys[:, None] - ys[None, :])
    dx = np.abs(xs[:, None] - xs[None, :])
    link = (dy >= ROW_PITCH[0] * 2 * r) & (dy <= ROW_PITCH[1] * 2 * r) & (dx < ROW_LINE * r)
    labels = components(n, zip(*np.nonzero(np.triu(link))))
    _, group, sizes = np.unique(labels, return_inverse=True, return_counts=True)
    return {id(discs[i]) for i in range(n) if sizes[group[i]] >= min_len}


def _linked(seeds: list[Disc], pool: list[Disc], r: float) -> list[Disc]:
    """``seeds`` and every disc of ``pool`` linked to them through neighbours within CHAIN_GAP radii."""
    linked = list(seeds)
    grew = True
    while grew:
        grew = False
        for d in pool:
            if d not in linked and any(np.hypot(d.x - k.x, d.y - k.y) <= CHAIN_GAP * r for k in linked):
                linked.append(d)
                grew = True
    return linked


def _chain(discs: list[Disc], base_y: float, r: float, toward: float, reach: float = 0.0) -> list[Disc]:
    """The discs linked to the base: sorted outward, each within CHAIN_GAP radii of one already linked.

    ``reach`` is how far (px) something unlike the empty board runs unbroken from the base: a packed stack whose
    inner checkers show no rims (dark on dark, same-coloured neighbours touching) is still linked to its base
    through it."""
    order = sorted(discs, key=lambda d: (d.y - base_y) * toward)
    linked: list[Disc] = []
    for d in order:
        dist_base = (d.y - base_y) * toward
        if dist_base < max(FIRST_FROM_BASE * r, reach + r) or any(abs(d.x - k.x) <= r and abs(d.y - k.y) <= COLUMN_GAP * r
                                                  or np.hypot(d.x - k.x, d.y - k.y) <= CHAIN_GAP * r for k in linked):
            linked.append(d)
    return linked


def _agreed_starts(stacks: dict[int, list[Disc]], cols: Columns, r: float, within: float
                   ) -> dict[str, tuple[float, float]]:
    """Per row, where its checkers start (diameters past the base as ``cols`` places it), when most of its points
    agree: (the median start, the mean of the starts that agree with it), from each point's innermost disc, starts
    beyond ``within`` left out. Tall stacks whose innermost disc is a layer on top disagree with the rest, so most
    of the row's points must agree."""
    out = {}
    for row, pts in (("bottom", range(1, 13)), ("top", range(13, 25))):
        us = [(min(cols.from_base(p, d.y) for d in stacks[p]) - r) / (2 * r) for p in pts if stacks.get(p)]
        us = [u for u in us if abs(u) < within]
        if len(us) < SHIFT_VOTERS:
            continue
        mid = float(statistics.median(us))
        agree = [u for u in us if abs(u - mid) <= SHIFT_AGREE]
        if len(agree) >= SHIFT_SHARE * len(us):
            out[row] = (mid, float(np.mean(agree)))
    return out


def _base_shifts(stacks: dict[int, list[Disc]], cols: Columns, r: float) -> dict[str, float]:
    """Per row, how far (px) its checkers start from the found long edge, when the row's points agree on it.

    A long edge found a checker off (a frame's inner moulding, a shadow) shifts every stack of that row alike;
    each row's innermost discs then sit the same fraction of a diameter from the edge instead of at the edge,
    and a row counted from there is one too long or its second layer is misread."""
    return {row: mean * 2 * r for row, (mid, mean) in _agreed_starts(stacks, cols, r, 1.5).items()
            if abs(mid) >= SHIFT_MIN}


def _row_starts(stacks: dict[int, list[Disc]], cols: Columns, r: float) -> dict[str, float]:
    """Per row, where its checkers start (diameters past the base, after ``_base_shifts``), when most of its points
    agree: a start too small to shift the row (under SHIFT_MIN) still tells a layer's first checker from a row's."""
    return {row: mean for row, (_, mean) in _agreed_starts(stacks, cols, r, SHIFT_MIN).items()}


def _split_colours(discs: list[Disc], ref: float) -> ColourSplit:
    """The two checker colours of the clearest discs (checker_colours): faint discs (grain, prints) do not get
    to pull the centres, unless a tight group of them lies far from both centres while those may be two shades of
    one colour: a checker colour that rims faintly on this board (``checker_colours.left_out``); then all split."""
    clear = [d for d in discs if d.rim >= SPLIT_RIM * ref] or discs
    split = split_colours([d.lab for d in clear])
    if len(clear) < len(discs) and left_out(split, [d.lab for d in discs if d.rim < SPLIT_RIM * ref]):
        # (a checker colour whose rims are all faint against this board: checker_colours.left_out)
        return split_colours([d.lab for d in discs])
    return split


def _checker_coloured(d: Disc, light: Optional[CheckerColour], dark: Optional[CheckerColour],
                      lift: Optional[np.ndarray] = None) -> bool:
    """Whether a disc has one of the checker colours: near one of them, or darker than the dark one along the
    line from the light one (a checker in shade, against a dark frame: the same hue, less light). Not lighter
    than the light one: white prints and highlights lie that way.

    ``lift``: how far a lamp's glare lifts the board round the disc (``checker_empty.board_lift``); the glare
    lifts the checkers on that board alike, so the disc is judged again with that lift taken off."""
    if _plain_coloured(np.array(d.lab, np.float32), light, dark):
        return True
    return lift is not None and float(lift[0]) > GLARE_LIFT and _plain_coloured(
        np.array(d.lab, np.float32) - lift, light, dark)


def _plain_coloured(lab: np.ndarray, light: Optional[CheckerColour], dark: Optional[CheckerColour]) -> bool:
    """``_checker_coloured`` for one Lab colour as seen."""
    learnt = [c for c in (light, dark) if c is not None]
    if any(float(np.linalg.norm(lab - c.lab)) <= COLOUR_MATCH * c.tolerance for c in learnt):
        return True
    if light is None or dark is None:
        return False
    axis = light.lab - dark.lab
    norm2 = max(float(np.dot(axis, axis)), 1e-6)
    t = float(np.dot(lab - dark.lab, axis)) / norm2
    across = lab - dark.lab - t * axis
    return -1.0 <= t <= 0 and float(np.linalg.norm(across)) <= COLOUR_MATCH * dark.tolerance


def _the_boards_own(d: Disc, share: float, colour_rim: float, tip: float) -> bool:
    """Whether a disc of a short chain (one or two) is the board's own shape rather than a checker: the empty board
    shows the same there (``share`` of it unlike the empty board below EMPTY_SHARE), its rim is no clear checker's
    (below LONE_FAINT of its colour's typical rim) and it has no rim on its tip side (``tip``, the tip arc's
    strength, below LONE_TIP of its side rims). A triangle's base meets a circle on its two sides and runs on into
    the triangle at the tip side; a checker's rim runs all round, also where it lies on a triangle of its own
    colour."""
    return share < EMPTY_SHARE and d.rim < LONE_FAINT * colour_rim and tip < LONE_TIP * d.rim


def _lone_traits(d: Disc, share: float, tip: float) -> dict[str, Any]:
    """What is kept of a short chain's disc dropped as faint or as the board's own, for checker_lone to judge:
    the share of it unlike the empty board, its tip-side rim as a share of its rim, its colour."""
    return {"lone_unlike": round(float(share), 2), "lone_tip": round(float(tip) / max(d.rim, 1e-6), 2),
            "lone_lab": [float(v) for v in d.lab]}


def _colour_runs(lab: np.ndarray, cols: Columns, learnt: dict[int, Optional[CheckerColour]],
                 colours: dict[str, Any], half_len: float, slot: float) -> dict[tuple[int, int], float]:
    """How far each learnt checker colour runs from each point's base (checker_runs), per (point, colour sign),
    where no board colour under that column could pass for the checker colour (none asked elsewhere).

    Why per row: the points of a row share their base, so each colour's runs along a row are matched at once
    (checker_runs.row_run_lengths); the board's colours under a column depend only on its row and parity."""
    out: dict[tuple[int, int], float] = {}
    for row, pts, toward in (("bottom", range(1, 13), -1.0), ("top", range(13, 25), 1.0)):
        for sign, colour in learnt.items():
            if colour is None:
                continue
            distinct = {parity: colour.distinct_from([colours.get(f"{row}{parity}"), colours.get(f"{row}field")])
                        for parity in (0, 1)}
            run_pts = [p for p in pts if distinct[p % 2]]
            if not run_pts:
                continue
            widths = [cols.width(p) for p in run_pts]
            lengths = row_run_lengths(lab, [cols.centre_x(p) for p in run_pts], widths, cols.base_y(run_pts[0]),
                                      toward, half_len, colour, slot)
            out.update(((p, sign), px) for p, px in zip(run_pts, lengths))
    return out


def _lift_round(p: int, chain: list[Disc], column: list[Disc], cols: Columns, bands: dict[int, np.ndarray],
                empty: Any, r: float) -> Optional[np.ndarray]:
    """How far the board round point p's discs is lifted against the same board on the other points (glare), on
    the band's free pixels from the base to GLARE_REACH radii past the outermost disc; None when not known."""
    if empty is None or not chain or p not in bands:
        return None
    band = bands[p]
    key = ("top" if p >= 13 else "bottom", p % 2)
    left = cols.centre_x(p) - empty.width / 2
    along = (lambda y: y - cols.top) if p >= 13 else (lambda y: cols.bottom - y)  # band rows: from the found edge
    reach = max(along(d.y) for d in chain) + GLARE_REACH * r
    # only the rows before ``reach`` are judged: the band is cut there (the same pixels, in the same order, as
    # covering the rest)
    rows = int(max(0, reach))
    covered = np.zeros((min(rows, band.shape[0]), band.shape[1]), bool)
    add_discs(covered, [(along(o.y), o.x - left, 1.15 * o.r) for o in column])
    return board_lift(band[:rows], empty.bands[key][:rows], empty.known[key][:rows], covered)


def count_checkers(rect_bgr: np.ndarray, geometry: BoardGeometry, dice: Sequence[DieSpot] = (),
                   cube: Optional[tuple[float, float]] = None) -> CheckerCount:
    """Read the rectified view ``rect_bgr`` (``geometry.rect_size``) into counts per point, bar and off.

    ``dice``: the dice read in this view (``checker_dice.dice_in_view``): a disc on a die is no checker. ``cube``:
    the doubling cube's read centre in this view: in a tray it is no borne-off checker (checker_off).
    ``confidence`` is lowered to ``checker_doubt.DOUBTFUL_CONFIDENCE`` where the count may be wrong (see there)."""
    lab, scale, small = _working_view(rect_bgr, geometry)
    pw = (geometry.point_width(1) + geometry.point_width(12)) / 2 * scale
    if geometry.checker_diameter:
        radii = [geometry.checker_diameter * scale / 2]
    else:
        radii = [f * pw for f in RADIUS_FRACTIONS]
    mask = _search_mask(lab.shape[:2], geometry, scale, min(radii))
    # one size known (a calibrated board): beside a wall a checker may show one side of its rim only
    walls = wall_sides(geometry, scale, radii[0]) if len(radii) == 1 else []
    discs, r, (gx, gy) = find_discs(lab, radii, mask, min_rim=RIM_ABSOLUTE, walls=walls)
    strong = sorted((d.rim for d in discs if d.seen != "wall"), reverse=True)[:10]
    ref = float(statistics.median(strong)) if strong else 0.0
    floor = max(RIM_ABSOLUTE, RIM_RELATIVE * ref)
    rejected: list[dict[str, Any]] = []

    dropped: list[tuple[Disc, str, dict[str, Any]]] = []  # (the disc, why, its entry in ``rejected``)

    def reject(d: Disc, why: str, **more: float) -> None:
        rejected.append({"x": round(d.x / scale, 1), "y": round(d.y / scale, 1), "r": round(d.r / scale, 1),
                         "rim": round(d.rim, 1), "why": why, **more})
        dropped.append((d, why, rejected[-1]))

    rows = _rows_of(discs, r, ROW_RESCUE)
    weak: list[tuple[Disc, dict[str, Any]]] = []  # (disc, its entry in ``rejected``): checker_faint may keep them
    for d in discs:
        if d.rim < floor and id(d) not in rows:
            reject(d, "weak")
            weak.append((d, rejected[-1]))
    # faint discs in a regular row of three or more stay: dark checkers on a dark board rim faintly beside
    # white ones, and nothing else on a board repeats at exactly the checkers' pitch
    discs = [d for d in discs if d.rim >= floor or id(d) in rows]
    spots = [s.scaled(scale) for s in dice]
    on_die = [d for d in discs if any(s.covers(d.x, d.y) for s in spots)]
    for d in on_die:
        reject(d, "on a die")
    discs = [d for d in discs if d not in on_die]

    cols = _columns(geometry, scale)
    cols.slack = EDGE_SLACK * r
    bx0, by0, bx1, by1 = cols.bar
    on_bar = [d for d in discs if bx0 - 0.35 * d.r <= d.x <= bx1 + 0.35 * d.r and by0 <= d.y <= by1
              and (bx1 - bx0 > 0.6 * d.r or bx0 - 0.2 * d.r <= d.x <= bx1 + 0.2 * d.r)]
    # checkers on the bar wait in its middle; a row running in from a long edge is a point's stack that the
    # board finder's bar strip happens to overlap: it goes to the point next to the bar on that side
    from_edge = _linked([d for d in on_bar if min(d.y - cols.top, cols.bottom - d.y) < EDGE_ROW * 2 * r], on_bar, r)
    on_bar = [d for d in on_bar if d not in from_edge]
    # a disc of the bar strip outside the bar's middle that continues a point's stack is that point's
    on_bar = [d for d in on_bar if d not in beside_bar(on_bar, [d for d in discs if d not in on_bar], cols.bar, r)]
    rest = [d for d in discs if d not in on_bar]
    cols.left = _align(cols.left, [d for d in rest if d.x < bx0])
    cols.right = _align(cols.right, [d for d in rest if d.x > bx1])
    colours = _board_colours(lab, cols, geometry.triangle_frac)
    # what each column shows beyond the empty board (checker_empty): how far something runs from each base
    slot0 = 2 * r * ROW_SPACING
    bands = point_bands(lab, cols.centre_x, cols.base_y, (cols.left[1] + cols.right[1]) / 2,
                        int((cols.bottom - cols.top) / 2))
    # clear discs are checkers: their pixels are no view of the empty board
    half_w = (bands[1].shape[1]) / 2
    board_like: dict[tuple[int, int], bool] = {}

    def looks_like_board(d: Disc, p: int) -> bool:
        """``_looks_like_board``, judged once per disc and point (asked here and again when the points are read)."""
        if (id(d), p) not in board_like:
            board_like[(id(d), p)] = _looks_like_board(d, p, cols, colours, geometry.triangle_frac)
        return board_like[(id(d), p)]

    clear_masks = {p: np.zeros(b.shape[:2], bool) for p, b in bands.items()}
    faint_masks = {p: np.zeros(b.shape[:2], bool) for p, b in bands.items()}
    drawn: dict[tuple[bool, int], list[tuple[float, float, float]]] = {}  # each mask's discs, drawn at once
    for d in rest:
        p = cols.point_of(d.x, d.y)
        if p is None:
            continue
        # (a clear disc coloured like the board there may be the board's own: a triangle's rounded base)
        clear = d.rim >= EMPTY_RIM * ref and not looks_like_board(d, p)
        drawn.setdefault((clear, p), []).append((cols.from_base(p, d.y), d.x - (cols.centre_x(p) - half_w), 1.1 * d.r))
    for (clear, p), disc_list in drawn.items():
        add_discs((clear_masks if clear else faint_masks)[p], disc_list)
    empty = learn_empty(bands, clear_masks, faint_masks)
    empty_runs: dict[int, float] = {}
    faint_kept: set[int] = set()  # ids of the discs under the rim floor kept as checkers (checker_faint)
    unlikes: dict[int, np.ndarray] = {}
    occupied: dict[int, np.ndarray] = {}
    if empty is not None:
        unlikes, occupied = unlike_and_rows(empty, bands)
        for p in unlikes:
            empty_runs[p] = run_from_base(occupied[p], slot0, 0.25 * slot0)
        # faint rims over a column covered from its base: checkers of the colour that contrasts less (checker_faint)
        kept = faint_checkers([(d, cols.point_of(d.x, d.y)) for d, _ in weak
                               if not any(s.covers(d.x, d.y) for s in spots)],
                              lambda p, d: cols.from_base(p, d.y), lambda p, d: d.x - cols.centre_x(p),
                              empty_runs, r, cols.width,
                              clear=lambda: [(d, cols.point_of(d.x, d.y)) for d in rest])
        for d, entry in weak:
            if id(d) in kept:
                rest.append(d)
                rejected.remove(entry)
                dropped[:] = [x for x in dropped if x[2] is not entry]
                faint_kept.add(id(d))

    by_place: dict[Any, list[Disc]] = {"bar": on_bar}
    trays = [tuple(v * scale for v in t) for t in geometry.trays]
    on_points: dict[int, list[Disc]] = {}
    for d in rest:
        p = cols.point_of(d.x, d.y)
        if p is None and d in from_edge:
            p = cols.beside_bar(d.x, d.y)
        if p is not None:
            on_points.setdefault(p, []).append(d)
        elif any(t[0] <= d.x <= t[2] and t[1] <= d.y <= t[3] for t in trays):
            by_place.setdefault("off", []).append(d)
    common_unlikes: dict[int, np.ndarray] = {}
    shares: dict[tuple[int, int], float] = {}  # (id(disc), point) -> share_of (a disc may be asked twice)
    by_common: set[tuple[int, int]] = set()  # (id(disc), point) judged against what most views show (``common``)

    def share_of(d: Disc, p: int) -> float:
        """How much of the disc differs from the empty board under it (1.0 when that cannot be told).

        Where too few of the same-coloured points were free of discs there to learn the empty board, the disc is
        compared with what most of them show (``EmptyColumns.common``): a shape every point of that colour shows at
        that spot is the board's own (a triangle's rounded base), whatever it looks like."""
        if (id(d), p) not in shares:
            shares[(id(d), p)] = _share_of(d, p)
        return shares[(id(d), p)]

    def _share_of(d: Disc, p: int) -> float:
        if p not in unlikes or empty is None:
            return 1.0
        key = ("top" if p >= 13 else "bottom", p % 2)
        along, across = cols.from_base(p, d.y), d.x - (cols.centre_x(p) - empty.width / 2)
        share = disc_share(unlikes[p], empty.known[key], along, across, 0.9 * d.r)
        if share >= 1.0 and empty.common:
            by_common.add((id(d), p))
            if p not in common_unlikes:
                common_unlikes[p] = empty.unlike_common(bands[p], *key)
            share = disc_share(common_unlikes[p], np.ones_like(common_unlikes[p]), along, across, 0.9 * d.r)
        return share

    def in_a_row(d: Disc, column: list[Disc]) -> bool:
        """Another disc of the column one checker's spacing away, in line: a row of checkers, which board prints
        and grain do not repeat at exactly the checkers' pitch."""
        return any(ROW_PITCH[0] * 2 * r <= abs(o.y - d.y) <= ROW_PITCH[1] * 2 * r and abs(o.x - d.x) < ROW_LINE * r
                   for o in column if o is not d)

    for p, column in on_points.items():
        for d in column:
            if d.rim < EMPTY_RIM * ref and not in_a_row(d, column):
                share = share_of(d, p)
                if share < EMPTY_SHARE:
                    # a faint round shape exactly where the other empty points show the same: the board's own
                    # (its tip-side rim and the triangle's colour under it: checker_lone.rimmed_as_the_board)
                    reject(d, "as on the empty board", board_tip=round(arc_score(
                        gx, gy, d.x, d.y, d.r, 90.0 * (1.0 if p >= 13 else -1.0)) / max(d.rim, 1e-6), 2),
                        under=colours.get(f"{'top' if p >= 13 else 'bottom'}{p % 2}"), seen_lab=d.lab)
                    continue
            if not looks_like_board(d, p):
                by_place.setdefault(p, []).append(d)
                continue
            # inside coloured like the board under it: a checker of the point's own colour, or the board's own
            # shapes (a triangle's rounded base is a perfect half circle). A checker's rim also shows on its
            # tip side, where it lies on the triangle; a triangle's base just runs on into the triangle there.
            toward = 1.0 if p >= 13 else -1.0
            # ... unless another checker lies against that side: then the rim there is a contact
            against = any(0.7 * 2 * d.r < (o.y - d.y) * toward < 1.4 * 2 * d.r and abs(o.x - d.x) < d.r
                          for o in column if o is not d)
            tip = arc_score(gx, gy, d.x, d.y, d.r, 90.0 * toward)
            log.debug("point %d disc y=%.0f rim %.0f board-like, tip arc %.0f", p, d.y, d.rim, tip)
            if not against and tip < TIP_ARC * d.rim:
                reject(d, "board-coloured", tip=round(tip / max(d.rim, 1e-6), 2), unlike=round(share_of(d, p), 2),
                       lab=d.lab)
                continue
            by_place.setdefault(p, []).append(d)

    accepted: list[tuple[Disc, Any]] = []
    unlinked: list[Disc] = []
    stacks: dict[int, list[Disc]] = {}
    for p in range(1, 25):
        column = by_place.get(p, [])
        if not column:
            continue
        toward = -1.0 if p <= 12 else 1.0
        chain = _chain(column, cols.base_y(p), r, toward, reach=empty_runs.get(p, 0.0))
        for d in column:
            if d not in chain:
                # (how much of it differs from the empty board there: a shape every point of that colour shows is
                # the board's own, and says nothing about a checker missed: checker_doubt)
                reject(d, "unlinked", unlike=round(share_of(d, p), 2))
                unlinked.append(d)
        if chain:
            stacks[p] = chain
        accepted += [(d, p) for d in chain]
    for place in ("bar", "off"):
        accepted += [(d, place) for d in by_place.get(place, [])]

    # the colours come from the points' checkers: the bar also holds the cube and dice, whose one odd colour
    # would pull a centre of its own and leave both checker colours in the other
    teachers = [d for d, place in accepted if isinstance(place, int)]
    if len(teachers) < 2:
        teachers = [d for d, _ in accepted]
    split = _split_colours(teachers, ref)
    place_of = {id(d): place for d, place in accepted}
    refound = phantom_light(split, teachers, [place_of[id(d)] for d in teachers], ref)
    if refound:
        # the light group is faint shapes only: the checkers found are all in the other group (checker_colours)
        teachers = [d for d, lit in zip(teachers, split.lights(teachers)) if not lit]
        split = _split_colours(teachers, ref)
    if split.separation < 0.5:
        # one colour only among the counted discs: which one is it? Clear round discs that were not counted (a
        # stack whose base is hidden) may show the other colour
        extra = [d for d in unlinked if d.rim >= CLEAR_RIM * ref]
        if extra:
            split = _split_colours(teachers + extra, ref)
    separation = split.separation
    # one colour left after dropping phantoms: which one it is cannot be told (a red or brown checker may be either)
    colours_unsure = refound and separation < 0.5
    # one colour found, of a lightness either player's checkers may have (a red, a green): a guess too
    colours_unsure = colours_unsure or lone_colour_unsure(split)
    lightness = {id(d): lit for (d, _), lit in zip(accepted, split.lights([d for d, _ in accepted]))}
    points: list[Optional[int]] = [0] * 24
    bar = {"light": 0, "dark": 0}
    # each colour as the clear discs show it, to follow rows whose rims are hidden (see checker_runs)
    # each colour's own typical rim: dark checkers on dark wood show fainter rims than light ones on the same board
    colour_ref = {}
    for sign in (1, -1):
        # (a disc found beside a wall by one side of its rim is no measure of how clear whole rims are: judging
        # game 15434, black checkers against a black leather frame, scored by their far side, raised the dark
        # checkers' typical rim and doubted five right counts; a false alarm followed)
        rims = sorted((d.rim for d, _ in accepted if lightness[id(d)] == (sign > 0) and d.seen != "wall"),
                      reverse=True)[:5]
        colour_ref[sign] = float(statistics.median(rims)) if rims else ref
    light = CheckerColour.learn([d.lab for d, place in accepted
                                 if lightness[id(d)] and d.rim >= CLEAR_RIM * colour_ref[1]])
    dark = CheckerColour.learn([d.lab for d, place in accepted
                                if not lightness[id(d)] and d.rim >= CLEAR_RIM * colour_ref[-1]])
    # the bar also carries the cube, dice, hinges and grain: which of its discs are checkers (checker_bar)
    not_on_bar = judge_bar([(d, "light" if lightness[id(d)] else "dark") for d, place in accepted if place == "bar"],
                           r, {"light": light, "dark": dark}, {"light": colour_ref[1], "dark": colour_ref[-1]}, cols.bar,
                           lab, (gx, gy))
    out_discs = []
    for d, place in accepted:
        colour = "light" if lightness[id(d)] else "dark"
        if place == "bar":
            if id(d) in not_on_bar:
                reject(d, not_on_bar[id(d)])
                continue
            bar[colour] += 1
        if place == "off":
            continue  # borne-off checkers stand on edge in trays: read by checker_off below
        out_discs.append({"x": round(d.x / scale, 1), "y": round(d.y / scale, 1), "r": round(d.r / scale, 1),
                          "rim": round(d.rim, 1), "L": round(d.lab[0], 1), "colour": colour, "where": place,
                          **({"seen": d.seen} if d.seen != "whole" else {})})  # found only faintly (checker_discs)
    # the radius tried that fits the rims best can be a size too big (a shadow ring round each checker); touching
    # checkers in a row are one diameter apart, so their spacing tells the size the rows are counted in
    steps = []
    for chain in stacks.values():
        ys = sorted(d.y for d in chain)
        steps += [(b - a) / (2 * r) for a, b in zip(ys, ys[1:]) if 0.7 < (b - a) / (2 * r) < 1.3]
    r_rim = r  # the size the discs were found at (the reader looks for that size in later frames)
    if len(steps) >= SPACING_MIN_STEPS and statistics.median(steps) < SPACING_SHRINK:
        r = r * float(statistics.median(steps)) / ROW_SPACING
    slot = 2 * r * ROW_SPACING
    cols.base_shift = _base_shifts(stacks, cols, r)
    starts = _row_starts(stacks, cols, r)
    half_len = (cols.bottom - cols.top) / 2
    counted: dict[int, list[Disc]] = {}  # each point's discs as finally counted
    confidence = [1.0] * 24
    run_debug: dict[int, tuple[int, float]] = {}
    cues: dict[int, dict[str, Any]] = {}
    rimless: dict[int, float] = {}  # per point, its confidence with the faintest rim left out
    colour_runs = _colour_runs(lab, cols, {1: light, -1: dark}, colours, half_len, slot)
    # each stacked disc's outline straight across the column (checker_discs.equator_scores), all in one pass: a
    # disc's score is its own, whichever of its stack's discs are kept below
    in_stacks = [d for chain in stacks.values() for d in chain]
    equator = dict(zip(map(id, in_stacks), equator_scores(gx, gy, [d.x for d in in_stacks], [d.y for d in in_stacks],
                                                           [d.r for d in in_stacks]))) if in_stacks else {}
    for p in range(1, 25):
        chain = stacks.get(p, [])
        row = "top" if p >= 13 else "bottom"
        pwp = cols.width(p)
        runs: dict[int, float] = {}
        for sign in (1, -1):
            if (p, sign) in colour_runs:
                runs[sign] = colour_runs[(p, sign)]
        run_sign, run_px = max(runs.items(), key=lambda kv: kv[1]) if runs else (0, 0.0)
        # checkers of one row may be laid with gaps: measure the row's own spacing where two or more show
        ws = sorted(cols.from_base(p, d.y) for d in chain)
        steps = [b - a for a, b in zip(ws, ws[1:]) if 1.6 * r < b - a < 2.9 * r]
        pitch = float(min(max(statistics.median(steps), 2 * r * ROW_SPACING), 2 * r * 1.35)) if steps else slot
        run_n = int(round(run_px / pitch - RUN_SLACK)) if run_px >= RUN_MIN * slot else 0
        if empty is not None:
            # a checker colour run over a triangle of nearly that colour: only as far as the column differs from
            # the empty board (a black triangle under a black checker is no row of them)
            run_n = min(run_n, int(round(empty_runs.get(p, 0.0) / pitch - RUN_SLACK)))
        run_debug[p] = (run_sign, round(run_px / slot, 2))
        cue: dict[str, Any] = {"run_n": run_n, "run_sign": run_sign, "empty": round(empty_runs.get(p, 0.0) / slot, 2),
                               "tip": round(geometry.triangle_frac * 2 * half_len / slot, 2),
                               "dark_run": round(runs.get(-1, 0.0) / slot, 2)}  # not cut short by the empty board
        cues[p] = cue
        if not chain:
            continue  # a colour run alone is no checker: the triangle may share the colour
        # every checker has one of the two colours the clear discs taught; grain or a print that happens to be
        # round has whatever colour the board has there
        learnt = [c for c in (light, dark) if c is not None]
        if learnt:
            lift = _lift_round(p, chain, on_points.get(p, []), cols, bands, empty, r)
            kept = [d for d in chain if _checker_coloured(d, light, dark, lift)]
            if lift is not None:
                cue["lift"] = [round(float(v), 1) for v in lift]
            for d in chain:
                if d not in kept:
                    reject(d, "not a checker colour")
            chain = kept
            if not chain:
                continue
        # one point's checkers sit on its centre line, one above the other; discs scattered sideways about a
        # column are grain, a print or the edges of a neighbour's stack
        xs = [d.x for d in chain]
        mid_x = statistics.median(xs)
        if len(chain) >= 2 and statistics.median([abs(x - mid_x) for x in xs]) > SCATTER * pwp:
            # ... unless they make a row laid carelessly: from the base, each on the last, all on the point
            row = _sloppy_row(chain, p, cols, r, pwp, SLOPPY_RIM * ref)
            for d in chain:
                if d not in row:
                    reject(d, "scattered")
            if not row:
                continue
            chain = row
        votes = [1 if lightness[id(d)] else -1 for d in chain]
        chain_sign = 1 if sum(votes) > 0 else -1
        # the stack's far end decides its length: a disc there off the others' centre line is a die, a shadow or
        # grain next to the stack (not its colour: shading turns a stack's far checkers lighter or darker)
        while len(chain) >= 3:
            far = max(chain, key=lambda d: cols.from_base(p, d.y))
            rest = [d for d in chain if d is not far]
            off_line = abs(far.x - statistics.median([d.x for d in rest])) > OUTLIER_X * pwp
            if not off_line:
                break
            reject(far, "off the stack's end")
            chain = rest
        votes = [1 if lightness[id(d)] else -1 for d in chain]
        if (max(d.rim for d in chain) < WEAK_RIM * colour_ref[chain_sign] and not (run_n and run_sign == chain_sign)
                and not any(share_of(d, p) >= EMPTY_CLEAR for d in chain)):
            # (faint rims in a dim corner of the board are still checkers where the board plainly is not empty)
            for d in chain:
                reject(d, "weak and alone", **_lone_traits(d, share_of(d, p), arc_score(
                    gx, gy, d.x, d.y, d.r, 90.0 * (1.0 if p >= 13 else -1.0))))
            continue
        if len(chain) <= 2 and all(_the_boards_own(d, share_of(d, p), colour_ref[chain_sign],
                                                   arc_score(gx, gy, d.x, d.y, d.r, 90.0 * (1.0 if p >= 13 else -1.0)))
                                   for d in chain):
            for d in chain:
                reject(d, "the board's own: no rim on its tip side", **_lone_traits(d, share_of(d, p), arc_score(
                    gx, gy, d.x, d.y, d.r, 90.0 * (1.0 if p >= 13 else -1.0))))
            continue
        along = [(cols.from_base(p, d.y), d.rim) for d in chain]
        # a checker on top shows its outline straight across the column even where its side arcs lie over
        # same-coloured checkers (checker_discs.equator_score); a waist between two row checkers does not
        # (its outline there is a short arc: LAYER_EQUATOR of the stack's best rim is as good as LAYER_RIM of a rim)
        best_rim = max(rim for _, rim in along)
        across = [equator[id(d)] for d in chain]
        layered = [(u, max(rim, min(best_rim, float(eq) * LAYER_RIM / LAYER_EQUATOR)))
                   for (u, rim), eq in zip(along, across)]
        whole, half = stack_layers(layered, r, start=starts.get("top" if p >= 13 else "bottom", 0.0))
        sign = chain_sign
        n = stack_total(whole, half, first_row=run_n if run_n and run_sign == chain_sign else None)
        if spoiled([(d.x, d.y) for d in chain], r, spots):
            cue["die"] = True
        cue.update(us=[round(u / (2 * r), 2) for u, _ in sorted(along)],
                   rims=[round(rim / colour_ref[chain_sign], 2) for _, rim in sorted(along)],
                   whole=len(whole), half=len(half), disc_n=stack_total(whole, half), n=n, sign=sign)
        if len(chain) <= 2 and p in occupied:
            # (how much of each differs from the empty board, up to the first that does, and then the column's
            # longest stretch unlike it: checker_unseen.lone_as_the_board)
            cue["unlike"], cue["by_common"] = [], []
            for d in sorted(chain, key=lambda d: cols.from_base(p, d.y)):
                cue["unlike"].append(round(share_of(d, p), 2))
                cue["by_common"].append((id(d), p) in by_common)
                if cue["unlike"][-1] > AS_BOARD or cue["by_common"][-1]:
                    break
            else:
                cue.update(column_cover(occupied[p], bands[p], bands[p], slot, [], judge=False))
        if len(chain) == 1:
            # (its edges on its tip side and its two sides: a triangle's base shows straight sides and no tip,
            # checker_lone.straight_sided_lone)
            cue["side_edges"] = side_edges(gx, gy, chain[0].x, chain[0].y, chain[0].r, chain[0].rim,
                                           90.0 * (1.0 if p >= 13 else -1.0))
        points[p - 1] = sign * min(MAX_PER_POINT, n)
        counted[p] = chain
        if chain:
            mixed = sum(1 for v in votes if v != sign) / len(votes)
            # against its own colour's typical rim: dark checkers on a dark board rim fainter than light ones
            # everywhere, which says nothing about one stack's count
            weakest = min(d.rim for d in chain) / max(colour_ref[chain_sign], 1e-6)
            confidence[p - 1] = float(max(0.0, min(1.0, (1 - 2 * mixed) * min(1.0, 2 * weakest)
                                                   * (0.5 + 0.5 * separation))))
            cue.update(mixed=round(mixed, 2), weakest=round(weakest, 2), separation=round(separation, 2),
                       layer_doubt=bool(not half and layer_doubt(along, r)))
            # (what the confidence would be without the faintest rim: a row its column proves needs no clear rims,
            # checker_row_proof; whether it is one is told once the row's common start is known, below)
            rimless[p] = float(max(0.0, min(1.0, (1 - 2 * mixed) * (0.5 + 0.5 * separation))))
        else:
            confidence[p - 1] = 0.5
        if not half and layer_doubt(along, r):
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
    # one player's checkers look alike: a lone disc whose face is far less even than its colour's other checkers'
    # is doubtful (checker_doubt; checker_colours.face_spread)
    lone = {p: chain[0] for p, chain in counted.items() if len(chain) == 1 and points[p - 1]}
    if lone:
        # (the clearest few of each colour's stacked discs are enough to tell how even its faces are)
        fellows: dict[int, list[Disc]] = {1: [], -1: []}
        for p, chain in counted.items():
            if len(chain) >= 2 and points[p - 1]:
                fellows[1 if (points[p - 1] or 0) > 0 else -1] += chain
        faces = {sign: [face_spread(lab, d.x, d.y, d.r) for d in sorted(ds, key=lambda d: -d.rim)[:FACE_FELLOWS]]
                 for sign, ds in fellows.items()}
        for p, d in lone.items():
            own = faces[1 if (points[p - 1] or 0) > 0 else -1]
            if own:
                cues[p]["face"] = [round(face_spread(lab, d.x, d.y, d.r), 1), round(float(statistics.median(own)), 1),
                                   len(own)]
    # where each row's stacks start (diameters from the found edge): a base checker missing from one point shows
    # against its neighbours, whatever the board's own offset (a frameless paper board, an edge found a bit off)
    for pts in (range(1, 13), range(13, 25)):
        starts = [cues[p]["us"][0] for p in pts if cues[p].get("us")]
        if len(starts) >= 2:
            for p in pts:
                cues[p]["row_base"] = round(float(statistics.median(starts)), 2)
    # a short row whose faint rims lowered its confidence, proven by its column (checker_row_proof): sure again,
    # unless something else doubted it (a layer's waist or a gap: checker_stacks.layer_doubt)
    for p, lifted in rimless.items():
        if lifted > confidence[p - 1] and not cues[p].get("layer_doubt") and row_proven(cues[p]):
            cues[p]["row_proven"] = True
            confidence[p - 1] = lifted
    # each point's stack read as one shape: a row from the base, past the tip, layers on top (checker_stacks.read_stack)
    for p, cue in cues.items():
        if cue.get("n") and points[p - 1]:
            far = max(counted[p], key=lambda d: cols.from_base(p, d.y))  # how far its colour runs past the last disc
            past = run_past(lab, cols.centre_x(p), far.y, 1.0 if p >= 13 else -1.0,
                            cols.width(p), [d.lab for d in counted[p]], r, cue)
            cue["past"] = None if past is None else round(past, 2)
            # (a layer's end seen as an arc across the row's last checker: checker_arcs)
            chain = sorted(counted[p], key=lambda d: cols.from_base(p, d.y))
            arcs = layer_arcs(gx, gy, [(d.x, d.y) for d in chain], r, 1.0 if p >= 13 else -1.0)
            # arcs clear enough to count by are layers' ends; fainter ones only a doubt (checker_doubt)
            sure = [a for a in arcs if a[2]]
            if arcs:
                cue["layer_edges" if sure else "layer_arcs"] = [
                    [round(cols.from_base(p, chain[i].y) / (2 * r) - 0.5, 2), round(share, 2)]
                    for i, share, _ in (sure or arcs)]
            stack = read_stack(cue, ROW_SPACING)
            if stack is not None:
                cue.update(stack.cue())
                points[p - 1] = int(cue["sign"]) * min(MAX_PER_POINT, stack.count)
                if stack.doubtful:
                    confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
        elif points[p - 1] == 0 and unseen_stack(0, float(cue.get("empty", 0.0)), cue.get("tip")):
            cue["unseen_stack"] = True
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
    _own_colour_stacks(cols, r, ref, dropped, rejected, points, counted, cues, split, lightness, colour_ref, light,
                       dark)
    _read_faces(lab, cols, r, counted, points, confidence, lightness, colour_ref, cues,
                [d for d, why, _ in dropped if why in FACE_ROW_DROPS])
    _count_dark_runs(points, confidence, cues)
    for rd in rejected:  # what was dropped on each point: (why, diameters from the base, share of the strong rim)
        disc_lab = rd.pop("lab", None)  # (a board-coloured disc's colour: only its distance to the checkers' is kept)
        lone_lab = rd.pop("lone_lab", None)  # (a short faint chain's disc: the same)
        rp = cols.point_of(rd["x"] * scale, rd["y"] * scale)
        under = rd.pop("under", None)  # (a disc dropped as on the empty board: the triangle's colour under it ...)
        seen_lab = rd.pop("seen_lab", None)  # (... and its own)
        board_tip = rd.pop("board_tip", None)
        if rp is not None and board_tip is not None:
            # (where, how clear, its tip side against its rim, how near the nearest checker colour lies to that
            # triangle's: checker_lone.rimmed_as_the_board)
            cues[rp].setdefault("as_board", []).append(
                (round(cols.from_base(rp, rd["y"] * scale) / (2 * r), 2), round(rd["rim"] / max(ref, 1e-6), 2),
                 board_tip, own_colour_contrast(seen_lab, under, (light, dark))))
        if rp is not None and lone_lab is not None:
            # (a disc of a short chain dropped as faint or as the board's own: where, how clear, how unlike the
            # empty board, its tip side against its rim, how near a checker colour: checker_lone.rimmed_at_base)
            cues[rp].setdefault("lone_drops", []).append(
                (round(cols.from_base(rp, rd["y"] * scale) / (2 * r), 2), round(rd["rim"] / max(ref, 1e-6), 2),
                 rd["lone_unlike"], rd["lone_tip"], colour_distance(lone_lab, (light, dark))))
        if rp is not None and rd["why"] == "weak" and rd["rim"] >= 0.8 * floor:
            # (a disc dropped as weak by a hair: how far from the base, its rim against the floor, its size)
            cues[rp].setdefault("near_floor", []).append(
                (round(cols.from_base(rp, rd["y"] * scale) / (2 * r), 2), round(rd["rim"] / max(floor, 1e-6), 2),
                 round(rd["r"] * scale / r, 2)))
        if rp is not None and rd["why"] == "weak" and abs(rd["x"] * scale - cols.centre_x(rp)) <= WEAK_LINE * r:
            # (a disc dropped as weak on the point's centre line: where; checker_doubt.faint_rims_in_a_row)
            cues[rp].setdefault("weak_line", []).append(round(cols.from_base(rp, rd["y"] * scale) / (2 * r), 2))
        if rp is not None and rd["why"] != "weak":
            u = cols.from_base(rp, rd["y"] * scale) / (2 * r)
            cues[rp].setdefault("rejected", []).append((rd["why"], round(u, 2), round(rd["rim"] / max(ref, 1e-6), 2)))
            if rd["why"] == "unlinked" and rd.get("unlike", 1.0) < EMPTY_SHARE:
                cues[rp].setdefault("as_the_board", []).append(round(u, 2))
            if "tip" in rd:  # (a board-coloured disc: how its tip side's rim stood against its sides)
                cues[rp].setdefault("board_tips", []).append((round(u, 2), round(rd["rim"] / max(ref, 1e-6), 2),
                                                              rd["tip"]))
                # (how much of it differs from the empty board there, how near a checker colour: checker_lone)
                cues[rp].setdefault("board_unlike", []).append((round(u, 2), round(rd["rim"] / max(ref, 1e-6), 2),
                                                                rd["tip"], rd["unlike"],
                                                                colour_distance(disc_lab, (light, dark))))
    mark_tips_unlike_the_board(cues)
    for p, cue in cues.items():  # a stack read empty whose discs were all dropped (checker_layers.dropped_stack)
        if points[p - 1] == 0 and dropped_stack(float(cue.get("empty", 0.0)), cue.get("rejected", []), cue.get("tip")):
            cue["dropped_stack"] = True
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
        # a checker of its triangle's own colour dropped as the board's, a stack whose base was not found (checker_lone)
        if points[p - 1] == 0 and (lone_on_own_colour(cue.get("board_unlike", []), float(cue.get("row_base", 0.5)))
                                   or dropped_row(cue.get("rejected", []))
                                   or rimmed_at_base(cue.get("lone_drops", []), float(cue.get("row_base", 0.5)),
                                                     cue.get("lift"))
                                   or rimmed_as_the_board(cue.get("as_board", []), float(cue.get("row_base", 0.5)))):
            cue["dropped_checkers"] = True
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
    # the situations where the count may be wrong though every disc looked clear (checker_doubt): the referee
    # must not take such a count as proof of an illegal play
    for p, chain in counted.items():
        # (a count resting on rims under the board's floor: checker_faint; the referee waits on it)
        kept_faint = sum(1 for d in chain if id(d) in faint_kept)
        if kept_faint and points[p - 1]:
            cues[p]["faint_kept"] = kept_faint
    # (no checker counted anywhere: no position of a game, the count failed: checker_doubt.bare_board)
    bare = bare_board(points, bar)
    # (one colour counted nowhere: its checkers went unseen somewhere, checker_doubt.colour_missing)
    missing = colour_missing(points, bar)  # (never on a bare board: both colours are unseen there)
    for p, cue in cues.items():
        if colours_unsure:
            cue["colours_unsure"] = True
        if bare:
            cue["board_bare"] = True
        if missing and points[p - 1] == 0:
            cue["colour_missing"] = True
        if points[p - 1] == 0 and not cue.get("n") and p in occupied and empty is not None:
            # (a point read empty: what covers its column, checker_unseen)
            cue.update(column_cover(occupied[p], bands[p], empty.bands[("top" if p >= 13 else "bottom", p % 2)],
                                    slot, [v for v in colours.values() if v is not None]))
        why = doubts(cue)
        if why:
            cue["doubts"] = why
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL_CONFIDENCE)
        if abs(points[p - 1] or 0) == 1 and odd_faced_lone(cue):
            # (a round shape at the base whose face no checker of its colour has: the board's own, checker_lone)
            points[p - 1] = 0
            cue["odd_face"] = True
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL_CONFIDENCE)
    # a hand over a point: no count at all rather than a guess
    known = [*colours.values(), None if light is None else light.lab, None if dark is None else dark.lab]
    # hands are big: half resolution is plenty and four times cheaper
    half_bgr = cv2.resize(small, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    half_lab = cv2.resize(lab, (half_bgr.shape[1], half_bgr.shape[0]), interpolation=cv2.INTER_AREA)
    right_end = cols.right[0] + 6 * cols.right[1]
    known += frame_colours(half_lab, (cols.left[0] / 2, cols.top / 2, right_end / 2, cols.bottom / 2))
    skin = skin_mask(half_bgr, half_lab, known, min_area=HAND_AREA * np.pi * r * r / 4, border_only=True)
    skin = cv2.resize(skin.astype(np.uint8), (lab.shape[1], lab.shape[0]), interpolation=cv2.INTER_NEAREST) > 0
    warnings: list[str] = []
    if skin.any():
        rects = {}
        for p in range(1, 25):
            pwp = cols.width(p)
            cx, base = cols.centre_x(p), cols.base_y(p)
            mid = (cols.top + cols.bottom) / 2
            y0, y1 = sorted((base, mid))
            rects[p] = (int(cx - pwp / 2), int(y0), int(cx + pwp / 2), int(y1))
        covered = covered_points(skin, rects)
        for p in sorted(covered):
            points[p - 1] = None
            confidence[p - 1] = 0.0
        if covered:
            warnings.append("a hand covers point" + ("s " if len(covered) > 1 else " ")
                            + ", ".join(str(p) for p in sorted(covered)))
    off_reading = read_off(lab, trays, r, light, dark, points, bar, home_x=cols.centre_x(1),
                           cube=None if cube is None else (cube[0] * scale, cube[1] * scale))
    return CheckerCount(points=points, bar=bar, off=off_reading.off, confidence=confidence, discs=out_discs,
                        warnings=warnings, off_confidence=off_reading.confidence,
                        radius_px=r_rim / scale, rejected=rejected,
                        levels={"strong": round(ref, 1), "floor": round(floor, 1),
                                **{f"start_{row}": round(v / scale, 1) for row, v in cols.base_shift.items()}},
                        runs=run_debug, cues=cues,
                        empty_runs={p: round(v / slot, 2) for p, v in empty_runs.items() if v})



def _sloppy_row(chain: list[Disc], p: int, cols: Columns, r: float, pwp: float, min_rim: float) -> list[Disc]:
    """The discs of a point's chain that make a row laid carelessly (each checker a little left or right of the
    last): the first within a diameter of the base, each next one touching the last (ROW_PITCH), every one with a
    rim of at least ``min_rim`` and its centre on the point (SLOPPY_X point widths from its centre line); two at
    least, else none. Grain and prints scatter without touching at the checkers' pitch; a neighbour's stack
    stands off the point."""
    order = sorted(chain, key=lambda d: cols.from_base(p, d.y))
    row: list[Disc] = []
    for d in order:
        if d.rim < min_rim or abs(d.x - cols.centre_x(p)) > SLOPPY_X * pwp:
            continue
        if not row:
            if cols.from_base(p, d.y) <= 2 * r:
                row.append(d)
            continue
        if ROW_PITCH[0] * 2 * r <= np.hypot(d.x - row[-1].x, d.y - row[-1].y) <= ROW_PITCH[1] * 2 * r:
            row.append(d)
    return row if len(row) >= 2 else []


def _own_colour_stacks(cols: Columns, r: float, ref: float, dropped: list[tuple[Disc, str, dict[str, Any]]],
                       rejected: list[dict[str, Any]], points: list[Optional[int]], counted: dict[int, list[Disc]],
                       cues: dict[int, dict[str, Any]], split: ColourSplit, lightness: dict[int, bool],
                       colour_ref: dict[int, float], light: Optional[CheckerColour],
                       dark: Optional[CheckerColour]) -> None:
    """Points read with none or one checker at the base whose clear discs one place on and beyond were dropped as
    board-coloured: checkers on a triangle of their own colour (``checker_own_colour``), counted with the base
    checker under them. They leave ``rejected`` (they are no dropped disc any more).

    ``light``, ``dark``: the checkers' colours as the clear discs taught them (None: not learnt). A checker on a
    triangle of its own colour shows both colours at once, so a disc dropped as board-coloured that has neither
    checker colour is the triangle's own shape: a triangle that stands out from the field (orange on grey) and
    narrows to about a checker's width one place out draws a clear circle there with its two sides (judging game
    96535 frame 1078: a brown checker at the base of an orange point read as two, sure, and a legal play was called
    illegal)."""
    learnt = light is not None or dark is not None  # (else nothing tells: counted as before)
    for p in range(1, 25):
        chain = counted.get(p, [])
        if points[p - 1] is None or abs(points[p - 1] or 0) > 1 or len(chain) > 1:
            continue
        mine = [(d, entry) for d, why, entry in dropped if why in OWN_COLOUR_DROPS and cols.point_of(d.x, d.y) == p
                and (why != "board-coloured" or not learnt or _checker_coloured(d, light, dark))]
        if not mine:
            continue
        start = float(cues[p].get("row_base", 0.5))
        pwp = cols.width(p)

        def u_of(d: Disc) -> float:
            return cols.from_base(p, d.y) / (2 * r)

        if chain and abs(u_of(chain[0]) - start) > BASE_PLACE:
            continue  # (the one counted is not the base checker: the row is not the one this reads)
        found = own_colour_stack(start, [(u_of(d), d.rim / max(ref, 1e-6), (d.x - cols.centre_x(p)) / pwp)
                                         for d, entry in mine if entry["why"] == "board-coloured"])
        if not found:
            continue
        stack = [d for d, entry in mine if entry["why"] == "board-coloured" and u_of(d) in found]
        base = chain or [min((d for d, _ in mine if abs(u_of(d) - start) <= BASE_PLACE and d not in stack),
                             key=lambda d: abs(u_of(d) - start), default=None)]
        base = [d for d in base if d is not None]
        lightness.update((id(d), lit) for d, lit in zip(stack + base, split.lights(stack + base)))
        sign = (1 if (points[p - 1] or 0) > 0 else -1) if chain else (
            1 if sum(1 if lightness[id(d)] else -1 for d in stack) > 0 else -1)
        n = 1 + len(stack)
        points[p - 1] = sign * n
        counted[p] = sorted(base + stack, key=u_of)
        cue = cues[p]
        cue.pop("face", None)  # (no lone disc any more)
        cue.update(own_colour=len(stack), sign=sign, n=n, disc_n=n, whole=len(counted[p]), half=0,
                   us=[round(u_of(d), 2) for d in counted[p]],
                   rims=[round(d.rim / max(colour_ref[sign], 1e-6), 2) for d in counted[p]])
        for d, entry in mine:
            if d in counted[p] and entry in rejected:
                rejected.remove(entry)


def _faint_at(dropped: Sequence[Disc], x: float, y: float, r: float) -> Optional[Disc]:
    """The dropped disc centred at the slot (x, y): FACE_ROW_SLOT diameters along, FACE_ROW_LINE radii across."""
    near = [d for d in dropped if abs(d.y - y) <= FACE_ROW_SLOT * 2 * r and abs(d.x - x) <= FACE_ROW_LINE * r]
    return min(near, key=lambda d: abs(d.y - y), default=None)


def _free_spots(cols: Columns, counted: dict[int, list[Disc]], p: int, y: float, r: float) -> list[float]:
    """Centre x of the points of p's row and colour that hold no counted disc at height ``y``: views of the empty
    board there."""
    return [cols.centre_x(q) for q in (range(13, 25) if p >= 13 else range(1, 13))
            if q != p and q % 2 == p % 2
            and not any(abs(d.x - cols.centre_x(q)) < r and abs(d.y - y) < EMPTY_SPOT * r for d in counted.get(q, []))]


def _row_on_by_faces(lab: np.ndarray, faces: Any, cols: Columns, r: float, counted: dict[int, list[Disc]],
                     points: list[Optional[int]], confidence: list[float], cues: dict[int, dict[str, Any]]) -> None:
    """A short plain row: the next places along it are judged by the row's own colour's face (``checker_dark``),
    as a point read empty is from its base, and each that shows it adds one (in doubt: its rim was never found).

    Why: a checker whose rim drowns (dark on a dark field, shaded where the row leaves the light) ends the row's
    chain of discs short, and the count with it; its face is its colour's. Until session 33 the next places were
    judged only where the column differed from the empty board half a checker or more past the outermost disc
    (``cue["empty"]``). That measure goes blind exactly where the row's rims drown: a dark checker past the wide
    part of a dark triangle lies on a field of nearly its own colour (maroon on burgundy, brown on rosewood: under
    the empty model's 20 Lab per pixel), and a black one on a black triangle is too near it pixel by pixel, so the
    column "ended" at the last disc found or even short of it (renders 74591 point 8, 74637 point 9, 74706 point
    24: a row of 2-5 dark checkers on a dark point read 1-2 short, most for sure). The face test itself tells an
    empty place (``judge_slot``: nearer the empty board at that spot than the face is, 'no'); judged with no gate,
    of 10,902 points on renders 74500-74979 (true geometry) none went wrong and 7 were read right, 6 of them
    sure but short before."""
    for p, chain in counted.items():
        n, cue = abs(points[p - 1] or 0), cues[p]
        us = cue.get("us") or []
        if not n or n >= FULL_ROW or len(us) != n or cue.get("half") or "fit" in cue or cue.get("faces"):
            continue
        sign = 1 if (points[p - 1] or 0) > 0 else -1
        toward = 1.0 if p >= 13 else -1.0
        far = max(chain, key=lambda d: cols.from_base(p, d.y))
        y, found = far.y, 0
        while n + found < FULL_ROW:
            y += toward * 2 * r * ROW_SPACING
            slot = judge_slot(lab, faces, cols.centre_x(p), y, r,
                              lambda p=p, y=y: _free_spots(cols, counted, p, y, r), sign)
            if slot is None or slot.verdict() != "yes":
                break
            found, y = found + 1, slot.y
        if found:
            points[p - 1] = sign * (n + found)
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
            cue["row_on_faces"] = found


def _count_dark_runs(points: list[Optional[int]], confidence: list[float], cues: dict[int, dict[str, Any]]) -> None:
    """Points still read empty along which the dark checkers' own colour runs from the base for most of a checker
    or more (``cue["dark_run"]``, in diameters): counted by that run, one checker per diameter, doubtful.

    Why: the colour runs are measured only where no board colour under the column could pass for the checker colour
    (``_colour_runs``), so such a run is a checker's, not the triangle's. Yet a dark checker on a dark point shows no
    rim and too little shading for its face (``checker_dark``: a black checker on a black triangle at 960x540 is
    as near the empty triangle as its fellows' faces), and the empty-board model that caps the colour runs
    (``run_n``) learnt it as the board where dark checkers stand unseen on most points of that colour. Such points
    were read empty for sure: on renders 61001-61004 and 61011 (960x540, 1280x720) every dark lone checker and
    2- to 5-stack read empty with a dark run had one of 0.7-4.9 diameters, k checkers 0.9-1.0 short of k (0.7 once),
    and no empty point a run over 0.12. The count is doubtful: the colour tells the row's length, not its rims.
    Held-out stills show where the colour test lets a triangle through: dark-brown triangles (sim_056132: runs of
    0.82-0.93 on three empty points) and navy ones seen very obliquely (sim_053143: 0.82-3.27) read as doubtful
    phantoms; the referee weighs doubtful points as such, and its games gained from the rule (session 29)."""
    for p, cue in cues.items():
        run = float(cue.get("dark_run") or 0.0)
        if points[p - 1] != 0 or run < DARK_RUN_COUNT:
            continue
        points[p - 1] = -min(MAX_PER_POINT, max(1, int(round(run))))
        confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
        cue["dark_run_count"] = abs(points[p - 1])


def _read_faces(lab: np.ndarray, cols: Columns, r: float, counted: dict[int, list[Disc]],
                points: list[Optional[int]], confidence: list[float], lightness: dict[int, bool],
                colour_ref: dict[int, float], cues: dict[int, dict[str, Any]], dropped: Sequence[Disc] = ()) -> None:
    """Points read empty whose checkers show no rim (dark on dark): counted by their faces, slot by slot from the
    base (``checker_dark``); a slot that may hold one leaves the point doubtful instead.

    The faces are those of the clear discs counted elsewhere on the board; the empty board at a slot is that
    spot on the row's points of the same colour that hold no counted disc there. A slot whose face does not show
    yet where a disc was dropped as too faint (``dropped``: FACE_ROW_DROPS) holds the row's next checker: a row
    found by its faces is one colour's checkers whose rims drown, and a faint round rim exactly one checker on
    from the last is the next of them (shading hides the face of a row's far checker first); the count is then
    doubtful."""
    clear: dict[int, list[Disc]] = {1: [], -1: []}
    for chain in counted.values():
        for d in chain:
            sign = 1 if lightness[id(d)] else -1
            if d.rim >= CLEAR_RIM * colour_ref[sign]:
                clear[sign].append(d)
    # (the clearest few of each colour are enough to show its face)
    faces = learn_faces(lab, {sign: [(d.x, d.y) for d in sorted(ds, key=lambda d: -d.rim)[:FACE_FELLOWS]]
                              for sign, ds in clear.items()}, r)
    if faces is None:
        return
    _row_on_by_faces(lab, faces, cols, r, counted, points, confidence, cues)
    for p in range(1, 25):
        if points[p - 1] != 0:
            continue
        row = "top" if p >= 13 else "bottom"
        start = float(cues[p].get("row_base", 0.5))
        found, sure, sign, by_rim = 0, True, None, 0
        # the base checker sits where the row's other stacks start
        y = cols.top + start * 2 * r + cols.base_shift.get(row, 0.0) if p >= 13 \
            else cols.bottom - start * 2 * r - cols.base_shift.get(row, 0.0)
        while found < FULL_ROW:
            slot = judge_slot(lab, faces, cols.centre_x(p), y, r,
                              lambda p=p, y=y: _free_spots(cols, counted, p, y, r), sign)
            verdict = "no" if slot is None else slot.verdict()
            faint = _faint_at(dropped, cols.centre_x(p), y, r) if found and verdict != "yes" else None
            if faint is not None:
                # (the row's next checker, its face shaded: the faint rim dropped there is its own)
                found, by_rim = found + 1, by_rim + 1
                y = faint.y + (1.0 if p >= 13 else -1.0) * 2 * r * ROW_SPACING
                continue
            if found and slot is not None and verdict == "no" and slot.untold():
                # (a flat face's row runs into a slot of its colour on a board of its colour: it may go on)
                sure = False
                break
            if slot is None or verdict == "no":
                break
            if verdict == "maybe":
                sure = False
                break
            # the next checker sits on this one: one checker's spacing on from where this one was found
            found, sign = found + 1, slot.sign
            y = slot.y + (1.0 if p >= 13 else -1.0) * 2 * r * ROW_SPACING
        if found and sign is not None:
            points[p - 1] = sign * found
            # (a longer row found by faces alone reaches where the triangle narrows and players start layering)
            confidence[p - 1] = FACE_SURE if sure and found <= FACE_SURE_ROW and not by_rim else DOUBTFUL
            cues[p].update(faces=found, sign=sign)
            if by_rim:
                cues[p]["faces_by_rim"] = by_rim
        elif not sure:
            confidence[p - 1] = min(confidence[p - 1], DOUBTFUL)
            cues[p]["face_doubt"] = True
