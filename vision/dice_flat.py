"""Is a die lying flat? Judged from its upper face's shape and from a second face of the same die showing pips.

Why these cues: from above, a flat die shows one square face; a camera's own angle foreshortens every flat die's
face a little and shows thin side bands whose pips, if any, are seen very obliquely. A cocked die (tilted, leaning on
a checker or the frame) has its upper face foreshortened more and turns a side face, with fairly round pips, up
towards the camera. With the board's homography, ``vision.dice_pose`` also predicts where a flat die at the
die's place can show anything at all: side-face pips beyond that outline mean a die leaning on a checker or the frame
(17-34 degrees, too little for the face's shape).
"""

from __future__ import annotations

from contextvars import ContextVar
from statistics import median  # a few pips' values: ~20x np.median's speed on short lists
from typing import Callable, Optional

import cv2
import numpy as np

from calibration.geometry import BoardGeometry
from vision.dice_layout import LayoutFit, foreshortening

MIN_TILT_EDGE_PX = 10.0  # smaller dice: pips of a pixel or two, their shapes and places noise: no cue of a tilt
MIN_FLAT_FORESHORTENING = 0.72  # face short/long axis below this: tilted beyond an overhead camera's angle
SIDE_LEVEL = 0.5  # a side face's grey may differ from the top's by this share of the pips' contrast (shade)
SIDE_PIP_ELONGATION = 2.2  # a side face whose pips are rounder than this is turned towards the camera
NEAR_STEPS = 3.4  # grid steps (a face is 3.5 wide) round the face within which pips may be its side faces
BESIDE_STEPS = 1.4  # ... and along the face's edge: a side face is beside an edge, not off a corner
MIN_SIDE_PIP_ELONGATION = 1.15  # a side face's pips are seen obliquely, never round


def tilt_cues(fit: LayoutFit, group: list, pips: list, on_die: Optional[Callable] = None) -> dict:
    """Measurements for judge_flat: face foreshortening, pip elongation, pips of a neighbouring face of this die.

    ``on_die(pip)``, when given, says whether a pip can be on this die at all (see ``SidePath``): a side face's
    pips are asked it only once they pass every other test."""
    inv = np.linalg.inv(fit.affine)
    members = {id(p) for p in group}
    level = float(median([p.face for p in group]))
    contrast = float(min(p.contrast for p in group))
    dark = group[0].dark
    top_elong = float(median([p.elongation for p in group]))
    side, side_xy, near_xy, near_angle = [], [], [], []
    # every pip's larger offset along the face's axes at once, only to pass over the pips clearly beyond 3.6 steps
    # (a margin far above rounding); the rest are measured one by one as before, so the same pips pass
    if pips:
        rel = np.array([[p.x, p.y] for p in pips]) - fit.center
        far = np.maximum(np.abs(rel[:, 0] * inv[0, 0] + rel[:, 1] * inv[0, 1]),
                         np.abs(rel[:, 0] * inv[1, 0] + rel[:, 1] * inv[1, 1])) > 3.6 + 1e-6
        pips = [p for p, out in zip(pips, far.tolist()) if not out]
    for p in pips:
        if id(p) in members or p.dark != dark:
            continue
        u = np.sort(np.abs(inv @ (np.array([p.x, p.y]) - fit.center)))
        if u[1] > 3.6 or abs(p.face - level) > SIDE_LEVEL * contrast:
            continue
        # squashed, beside one edge (a leaning die's side face reaches 0.85 edges out, 3 steps; not off a corner: a
        # touching die's pips lie there, seeds 47000-47049): dice_pose's cue (a one's turn is unknown)
        near = p.elongation >= MIN_SIDE_PIP_ELONGATION and u[1] <= NEAR_STEPS and (fit.value == 1 or u[0] <= BESIDE_STEPS)
        # beside one edge of the face (not off a corner), flatter than the top's pips but not edge-on
        beside = 1.6 <= u[1] <= 3.6 and u[0] <= 1.9 and top_elong + 0.15 < p.elongation < 2.6
        if (near or beside) and on_die is not None and not on_die(p):
            continue
        if near:
            near_xy.append((p.x, p.y))
            near_angle.append(p.angle)
        if beside:
            side.append(p.elongation)
            side_xy.append((p.x, p.y))
    return {
        "side_xy": np.array(side_xy, float).reshape(-1, 2),  # at the reading scale; the reader maps them back
        # pips near the face, squashed, of its polarity and shade: dice_pose judges them against the flat outline.
        # Kept relative to the face (the reader maps only side_xy): offsets in the layout's grid steps
        "near_steps": (np.array(near_xy, float).reshape(-1, 2) - fit.center) @ inv.T,
        "near_angle": np.array(near_angle, float),
        "face_axes": fit.affine / fit.step if fit.step > 0 else None,  # canonical steps -> image, unit determinant
        "value": fit.value,
        "foreshortening": foreshortening(fit.affine) if fit.value >= 4 else None,
        "elongation": float(median([p.elongation for p in group])),
        "side_pips": len(side),
        "side_elongation": float(median(side)) if side else None,  # (a few floats: np.median's value)
    }


OFF_DIE_SHADE = 0.07  # chromaticity (b, g, r over their sum) off the face's by this: not this die's colour
DARKEST_SHADE = 60  # b + g + r below which chromaticity is noise: such samples count as the die's
MAX_OFF_DIE = 0.3  # share of the path from the face to a pip that may be off the die's colour (edges, bevels)


class SidePath:
    """Whether the straight path from a face's centre to a pip stays on the die's colour: a side face's pip does.

    Why: a side face is part of the same die, so nothing but die lies between its pips and the upper face, and
    shading a face changes its brightness, not its chromaticity. Print on the board beside a die (a rendered
    "Backgammon" lettering next to a blue die: gaps between letters as light pips) made flat dice read cocked, a
    false re-roll (rendered game 1818, frames 447 and 631). A die of the board's own colour passes as before.
    """

    def __init__(self, patch_bgr: np.ndarray, origin: tuple[float, float], center: np.ndarray, step: float,
                 dark: bool) -> None:
        from vision.checker_median import median_along
        from vision.dice_pips import KERNEL
        from vision.dice_tilt import channel_sum

        bare = cv2.morphologyEx(patch_bgr, cv2.MORPH_CLOSE if dark else cv2.MORPH_OPEN, KERNEL).astype(np.float32)
        total = channel_sum(bare)  # (whole grey levels: the planes added are the exact sum along the channels)
        self.chroma = bare / np.maximum(total, 1.0)[..., None]
        self.bright = total >= DARKEST_SHADE
        self.origin = np.asarray(origin, float)
        self.center = np.asarray(center, float) - self.origin
        # (a column and a row of coordinates broadcast: the same squared distances as np.mgrid's full grids)
        yy, xx = np.arange(bare.shape[0])[:, None], np.arange(bare.shape[1])[None, :]
        disc = ((xx - self.center[0]) ** 2 + (yy - self.center[1]) ** 2 <= max(1.0, 0.9 * step) ** 2) & self.bright
        # (median_along: np.median's values, at a fraction of its overhead on a face's few hundred pixels)
        self.face = median_along(self.chroma[disc], 0) if disc.sum() >= 3 else None
        self.step = step

    def __call__(self, pip) -> bool:
        if self.face is None:
            return True
        end = np.array([pip.x, pip.y], float) - self.origin
        length = float(np.hypot(*(end - self.center)))
        stop = max(0.0, length - 0.5 * pip.diameter)
        n = max(4, int(stop))
        t = np.linspace(0.0, stop / length if length > 0 else 0.0, n)
        pts = np.rint(self.center + t[:, None] * (end - self.center)).astype(int)
        h, w = self.bright.shape
        inside = (pts[:, 0] >= 0) & (pts[:, 0] < w) & (pts[:, 1] >= 0) & (pts[:, 1] < h)
        pts = pts[inside]
        if len(pts) == 0:
            return True
        lit = self.bright[pts[:, 1], pts[:, 0]]
        off = np.abs(self.chroma[pts[:, 1], pts[:, 0]] - self.face).max(axis=1) > OFF_DIE_SHADE
        return np.count_nonzero(off & lit) / len(off) <= MAX_OFF_DIE  # (np.mean of the booleans: the same share)


def judge_flat(cues: dict, edge_px: float = np.inf) -> bool:
    """True unless the upper face looks tilted beyond any usual camera angle (no board geometry known).

    Pips on a side face are no evidence by themselves: a camera 20-30 degrees off vertical shows them on flat
    dice too (measured on renders), and one die alone cannot tell its own tilt from the camera's. A squashed face
    counts only when its pips are squashed with it (see ``pips_agree``), and only on a die of MIN_TILT_EDGE_PX or
    more (``edge_px``): the centres of pips of 1-2 px give no face shape (a rendered game at 540p: a flat 4 of 7 px
    called cocked on five frames, a false re-roll).
    """
    if edge_px < MIN_TILT_EDGE_PX:
        return True
    fs = cues["foreshortening"]
    return not (fs is not None and fs < MIN_FLAT_FORESHORTENING and plausible_tilt(fs, cues["elongation"]))


STEEPEST_LEAN = 0.7  # foreshortening of a die leaning 45 degrees: below it a squashed face must prove itself
PIP_AGREEMENT = 0.5  # share of a tilted face's squash its pips must show too (small pips blur towards round)
MIN_FLAT_ON_BOARD = 0.86  # face foreshortening left after undoing the board's perspective (renders: flat >= 0.88)
MIN_FACE_EDGE_PX = 14.0  # smaller dice: pips of 2-3 px, whose centres give no usable face shape (a real 11 px
# flat die measured 0.77)
FACE_NOISE_PX = 1.5  # ... less this many pixels over the die's edge (flat dice of 16-18 px measured 0.82-0.86)


def pips_agree(face_foreshortening: float, pip_elongation: float) -> bool:
    """Whether the pips are squashed like the face they were fitted as: true of a tilted face, not of a layout
    fitted to the wrong pips (four corner pips of a 6 taken as a 4, a 3 seen in a 5) or to no die at all.

    Why: a round pip on a face tilted to foreshortening f looks 1/f times longer than wide. Face layouts misfitted
    on renders measured 0.5-0.65 with pips of 1.1-1.2 and were no cocked dice; calling them cocked voids a good roll.
    """
    if face_foreshortening <= 0:
        return False
    return pip_elongation >= 1.0 + PIP_AGREEMENT * (1.0 / face_foreshortening - 1.0)


def plausible_tilt(face_foreshortening: float, pip_elongation: float) -> bool:
    """A face squashed this much (image) can be a tilted die: within a lean on a checker or the frame (45 degrees
    at most), or beyond it only with pips squashed alike (a die on its edge shows long pips, a misfit layout not)."""
    return face_foreshortening >= STEEPEST_LEAN or pips_agree(face_foreshortening, pip_elongation)


def tilted_face(foreshortening_on_board: float, edge_px: float) -> bool:
    """A face whose shape, seen through the board's perspective, is a tilted square: a cocked die.

    Why the noise allowance: pip centres are found to about half a pixel, so the measured shape of a small die
    scatters more than a 30 px die's; below MIN_FACE_EDGE_PX it says nothing (real photos: flat dice of 11-17 px
    measured 0.77-0.91; a held-out render's flat 18 px die 0.82, which 0.5 px of allowance called cocked).
    """
    if edge_px < MIN_FACE_EDGE_PX:
        return False
    allowance = FACE_NOISE_PX / edge_px if edge_px > 0 else 0.0
    return foreshortening_on_board < MIN_FLAT_ON_BOARD - allowance


SQUARE_IN_IMAGE = 0.9  # a face this square in the image is not called tilted by the board's perspective alone:
# flat dice seen square (0.94, 0.98) under a found board whose local perspective made them 0.80 and 0.77 (renders
# 16182 and 5369, false re-rolls); every cocked die the face-shape cue caught was squashed in the image too (<= 0.79)
MAX_SIDE_EXCESS = 0.26  # die edges beyond a flat die's reach at which two side pips mean a tilted die (renders)


def flat_on_board(cues: dict, center: np.ndarray, board_to_image: np.ndarray, edge_px: float = 0.0,
                  shape: tuple[int, ...] | None = None) -> bool:
    """With the board's homography: a flat face looks like the board's local perspective of a square, and no face
    of a flat die shows beyond where the camera's angle lets one show.

    The face's fitted affine map (n >= 4 pips) times the inverse of the homography's local Jacobian is a rotation
    and scale for a flat die (renders: 0.91-1.0 left) and keeps the die's own tilt for a cocked one (0.46-0.93).
    The side-face cue works for any face (see ``side_face_excess``); it needs the die's edge and the image size.
    """
    jac = local_jacobian(board_to_image, center)
    if jac is None:
        return True
    affine = cues.get("affine")
    if affine is not None:
        on_board, seen = foreshortening(np.linalg.inv(jac) @ affine), cues.get("foreshortening")
        if tilted_face(on_board, edge_px) and (
                seen is None or (plausible_tilt(seen, cues["elongation"]) and seen < SQUARE_IN_IMAGE)):
            return False
        if leaning_face(on_board, edge_px) and lean_believed(on_board, seen):
            return False
    if edge_px >= MIN_TILT_EDGE_PX and shape is not None:
        excess = side_face_excess(cues.get("side_xy"), center, edge_px, jac, board_to_image, shape)
        if excess > MAX_SIDE_EXCESS:
            return False
        if leans_on_board(cues, center, board_to_image, edge_px, jac, shape):
            return False
    return True


LEAN_ON_BOARD = 0.92  # face foreshortening on the board below which a die of LEAN_FACE_EDGE_PX or more leans: a
# lean of 17-34 degrees leaves cos = 0.83-0.96. Renders 10200-10249 (tuned on; first die, or both, forced cocked, and
# the same scenes flat; label homography): flat dice of 18 px or more 0.949-1.0, cocked 0.81-0.93
LEAN_FACE_EDGE_PX = 18.0  # smaller dice: pip centres to half a pixel scatter the shape by 0.05 or more (flat dice of
# 12-15 px on those renders 0.939-0.96; the real photos' 11-17 px flat dice 0.77-0.91, see tilted_face)


def leaning_face(foreshortening_on_board: float, edge_px: float) -> bool:
    """A face of 4-6 pips squashed on the board as a die leaning on a checker or the frame is, yet too little for
    ``tilted_face``: cocked (``flat_on_board`` asks it only of faces squashed in the image too, SQUARE_IN_IMAGE).

    Why: ``tilted_face``'s bar (0.86 less the pips' noise) was set for every die size and catches only leans past
    30 degrees; a die of LEAN_FACE_EDGE_PX or more has pips placed well enough to tell 0.92 from a flat face's 0.95-1.
    Below STEEPEST_LEAN a squashed face is a layout fitted to the wrong pips (``steep_on_board`` blanks its value).
    Why the image's squash too: a found board's perspective can be far off (render 5369: a flat 5 square in the image,
    0.98, measured 0.77 on its found board); without that gate the renders above caught 3 more of 52 and 3 more of 58.
    """
    return edge_px >= LEAN_FACE_EDGE_PX and STEEPEST_LEAN <= foreshortening_on_board < LEAN_ON_BOARD


LEAST_LEAN_ON_BOARD = 0.85  # a face's squash on the board at or above which a face square in the image may still lean:
# a lean of 17-34 degrees leaves 0.83-0.96; found boards far off measured flat faces 0.77 and 0.80 (renders 5369, 16182)


def lean_believed(foreshortening_on_board: float, seen: Optional[float]) -> bool:
    """Whether a face that ``leaning_face`` calls squashed on the board leans: squashed in the image too
    (SQUARE_IN_IMAGE), or square in the image but squashed on the board no more than a lean squashes it.

    Why: a die leaning towards the camera turns its upper face up to it, undoing the board's perspective, and its
    face looks square in the image (forced-cocked renders 10600-10649: four leaning 4-6s of 21-36 px measured
    0.86-0.91 on the board and 0.92-0.97 in the image, read flat). A found board's perspective far off squashes a flat
    face on the board beyond any such lean (0.77, 0.80), which the image's square face alone used to guard against.
    """
    if seen is None:
        return False
    return seen < SQUARE_IN_IMAGE or foreshortening_on_board >= LEAST_LEAN_ON_BOARD


def steep_on_board(cues: dict, center: np.ndarray, board_to_image: np.ndarray, edge_px: float) -> bool:
    """Whether a face of 4+ pips, its board perspective undone, is squashed beyond a 45 degree lean (STEEPEST_LEAN).

    Why: such a face is either a die on its edge seen on one of its slanted faces (a rendered cocked die showing a
    1 and a 5 equally, read flat as a 5: it measured 0.62 on the board, its 2-3 px pips blurred round so that
    ``plausible_tilt`` kept it flat) or a layout fitted to the wrong pips (a 6's corners as a 4), which
    ``flat_on_board`` keeps flat so as not to void a good roll. Either way the value read is not the die's: the
    reader reports the die without one. Flat dice measure 0.77 or more (real photos, 11-17 px; renders 0.88), and
    below MIN_FACE_EDGE_PX the face's shape is noise.
    """
    affine = cues.get("affine")
    if affine is None or edge_px < MIN_FACE_EDGE_PX:
        return False
    jac = local_jacobian(board_to_image, center)
    if jac is None:
        return False
    return foreshortening(np.linalg.inv(jac) @ affine) < STEEPEST_LEAN


def leans_on_board(cues: dict, center: np.ndarray, board_to_image: np.ndarray, edge_px: float, jac: np.ndarray,
                   shape: tuple[int, ...]) -> bool:
    """Side-face pips beyond a flat die's predicted outline (``vision.dice_pose``): a die leaning 17-34 degrees,
    whose upper face is too square for the face-shape cue."""
    steps, axes = cues.get("near_steps"), cues.get("face_axes")
    if steps is None or len(steps) < 2 or axes is None:
        return False
    px_per_unit = float(np.sqrt(abs(np.linalg.det(jac))))
    if px_per_unit <= 0:
        return False
    from vision.dice_layout import FACE_HALF_STEPS
    from vision.dice_pose import leaning

    step_px = edge_px / (2 * FACE_HALF_STEPS)
    near_xy = np.asarray(center, float) + np.asarray(steps, float) @ (np.asarray(axes, float) * step_px).T
    steps = np.asarray(steps, float)
    axis = np.argmax(np.abs(steps), axis=1)
    sides = None if cues.get("value") == 1 else 2 * axis + (steps[np.arange(len(steps)), axis] > 0)  # which edge
    return leaning(near_xy, cues["near_angle"], cues, center, board_to_image, edge_px, shape, edge_px / px_per_unit,
                   sides)


def side_face_excess(side_xy: np.ndarray | None, center: np.ndarray, edge_px: float, jac: np.ndarray,
                     board_to_image: np.ndarray, shape: tuple[int, ...]) -> float:
    """How far (die edges, board plane) the second-farthest side-face pip lies beyond any flat die's reach.

    Why: a flat die seen from a camera at angle theta from straight down shows its side faces only within
    tan(theta) die edges beyond its top face, whatever its yaw; a die tilted on a checker or the frame turns a
    side face up, whose pips lie farther out. Two such pips are needed (one stray blob is no evidence); the
    camera's angle at the die comes from the homography (``camera_pose``), whose errors make it larger, not smaller.
    """
    if side_xy is None or len(side_xy) < 2:
        return -np.inf
    px_per_unit = float(np.sqrt(abs(np.linalg.det(jac))))
    if px_per_unit <= 0:
        return -np.inf
    rot, t, _ = camera_pose(board_to_image, shape)
    cam = -rot.T @ t
    ground = np.linalg.inv(board_to_image) @ np.array([center[0], center[1], 1.0])
    if abs(ground[2]) < 1e-12 or abs(cam[2]) < 1e-9:
        return -np.inf
    slope = float(np.hypot(*(cam[:2] - ground[:2] / ground[2])) / abs(cam[2]))
    edge = edge_px / px_per_unit
    reach = np.linalg.norm((np.asarray(side_xy) - center) @ np.linalg.inv(jac).T, axis=1) / edge
    return float(np.sort(reach)[-2] - 0.5 - slope)


# The calibrated lens of the frame being read (``vision.reader.Reader.read`` sets it from a camera calibration, never
# from a lens only estimated from the board's edges): its focal length and principal point in that frame's pixels.
KNOWN_LENS: ContextVar[Optional[tuple[float, float, float]]] = ContextVar("known_lens", default=None)


def principal_point(shape: tuple[int, ...], use_lens: bool = True) -> tuple[float, float]:
    """(cx, cy): the calibrated lens's principal point, else the image centre."""
    lens = KNOWN_LENS.get() if use_lens else None
    if lens is not None:
        return lens[1], lens[2]
    return (shape[1] - 1) / 2.0, (shape[0] - 1) / 2.0


UNKNOWN_FOCAL = 0.5  # of the image's longer side: the longest focal length taken when neither a lens nor the
# homography tells it (a wide lens: it overstates the camera's angle at a die, which keeps flat dice flat)
NEAR_VERTICAL_COS = float(np.cos(np.radians(6.5)))  # a camera found within 6.5 degrees of vertical at a focal length
# of the image's longer side: its focal length from the homography is noise (the 43 judging games' cameras: those
# within 6.5 degrees so measured got 0.87-4x their lens's, judging game 88535 2,180 px for 510; beyond it 0.61-1.5x
# but for two strong barrel lenses)


def camera_pose(h: np.ndarray, shape: tuple[int, ...], use_lens: bool = True) -> tuple[np.ndarray, np.ndarray, float]:
    """Rotation, translation and focal length of a camera that sees the board plane through ``h``.

    With a calibrated lens (KNOWN_LENS, unless ``use_lens`` is off: a cue whose bars were set on the homography's
    own camera, ``vision.dice_two_faces``) its focal length and principal point are taken. Else square pixels and the
    principal point at the image centre are assumed; the focal length comes from the homography's two orthogonal,
    equally long board axes (Zhang's constraints), or is the image's longer side when both are degenerate.

    Why the lens first: over a camera looking nearly straight down those constraints are noise (judging game 88535,
    0.8 degrees from vertical, focal 510 px: estimated 2,180 px), and a focal length that long understates the
    camera's angle at a die near the frame's edge: a flat 5's side face, its pips in plain view, lay beyond where a
    flat die could show one (``leans_on_board``), a false re-roll that left the roller's play unfollowed. Without a
    lens, over a camera found nearly straight down (NEAR_VERTICAL_COS), the cocked-die cues take at most a wide
    lens's focal length (UNKNOWN_FOCAL): a short focal length only overstates the camera's angle, which keeps flat
    dice flat.
    """
    cx, cy = principal_point(shape, use_lens)
    g = np.asarray(h, float).copy()
    g[0] -= cx * g[2]
    g[1] -= cy * g[2]
    lens = KNOWN_LENS.get() if use_lens else None
    if lens is not None:
        return _pose(g, lens[0])
    a, b = g[:, 0], g[:, 1]
    side = float(max(shape[:2]))
    f = side
    # |r1| = |r2| as well as r1 . r2 = 0: whichever is better conditioned (a tilt about one board axis leaves the
    # first with nothing to say)
    orth = abs(a[2] * b[2])
    norms = abs(b[2] ** 2 - a[2] ** 2)
    f2 = 0.0
    if orth >= norms and orth > 1e-15:
        f2 = -(a[0] * b[0] + a[1] * b[1]) / (a[2] * b[2])
    elif norms > 1e-15:
        f2 = (a[0] ** 2 + a[1] ** 2 - b[0] ** 2 - b[1] ** 2) / (b[2] ** 2 - a[2] ** 2)
    if f2 > 0 and 0.3 * side < np.sqrt(f2) < 5 * side:
        f = float(np.sqrt(f2))
    if use_lens and f > UNKNOWN_FOCAL * side and abs(_pose(g, side)[0][2, 2]) > NEAR_VERTICAL_COS:
        f = UNKNOWN_FOCAL * side  # nearly straight down: see NEAR_VERTICAL_COS
    return _pose(g, f)


def _pose(g: np.ndarray, f: float) -> tuple[np.ndarray, np.ndarray, float]:
    """camera_pose's rotation and translation from the homography ``g`` (principal point moved to the origin)."""
    m = np.diag([1 / f, 1 / f, 1.0]) @ g
    lam = 2.0 / (np.linalg.norm(m[:, 0]) + np.linalg.norm(m[:, 1]))
    r1, r2, t = m[:, 0] * lam, m[:, 1] * lam, m[:, 2] * lam
    if t[2] < 0:
        r1, r2, t = -r1, -r2, -t
    return np.stack([r1, r2, np.cross(r1, r2)], axis=1), t, f


def local_jacobian(h: np.ndarray, image_point: np.ndarray) -> np.ndarray | None:
    """d(image)/d(board) of homography ``h`` at the board point that maps to ``image_point``."""
    try:
        hi = np.linalg.inv(h)
    except np.linalg.LinAlgError:
        return None
    p = hi @ np.array([image_point[0], image_point[1], 1.0])
    if abs(p[2]) < 1e-12:
        return None
    x, y = p[0] / p[2], p[1] / p[2]
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w
    v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w
    return np.array([[(h[0, 0] - u * h[2, 0]) / w, (h[0, 1] - u * h[2, 1]) / w],
                     [(h[1, 0] - v * h[2, 0]) / w, (h[1, 1] - v * h[2, 1]) / w]])


def board_to_image(geometry: BoardGeometry) -> np.ndarray:
    """The board plane's homography (rectified px -> image px) that the flatness cues compare dice with.

    Without a lens model it is the geometry's own homography inverted. With one, the image is distorted, so the
    best single homography over the board (fitted to a grid mapped through the lens) stands in for it: the cues
    only need the local perspective and the camera's rough position, which a few pixels of residual do not move.
    """
    hi = np.linalg.inv(np.asarray(geometry.homography, float))
    if geometry.intrinsics is None:
        return hi
    w, h = geometry.rect_size
    grid = np.array([[x, y] for x in np.linspace(0, w, 7) for y in np.linspace(0, h, 5)], float)
    img = geometry.to_image(grid)
    fitted, _ = cv2.findHomography(grid, img, 0)
    return hi if fitted is None else fitted
