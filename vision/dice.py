"""Find dice in an image and read their upper faces by counting pips.

Pipeline (one job per module): ``dice_pips`` finds pip blobs at a normalised scale and groups those that share an
unbroken face; ``dice_layout`` fits each group to the six canonical layouts; this module checks that a fitted face
really is a die face (plain between its pips around the face's own median grey, which on small and translucent dice
lies well off the bare level under the pips; no stray pip of the same face inside or beside it; on a board a lone
pip or pair needs a compact die outline around it, and a one on the checkers is no die: ``dice_checker_spot``),
merges the readings of several scales, drops side faces and answers ``None`` rather than a doubtful value;
``dice_flat`` judges flatness (face shape and side-face pips against the board's perspective and the camera's angle).

Without hints every die size from ~13 px to a fifth of the image is tried (``bgref dice``); the board reader passes
the playing-area mask (pips are looked for half a die beyond it, and a face counts when its centre lies in it: a die
on the field's rim), the expected die edge (read at five scales from 0.6 to 1.2 of it until ``dice_scale`` has
learnt the view's real die edge, then at two scales around that edge, the second only in windows round the first's
pips: ``dice_windows``, and not at all when the first read both dice of the roll with confidence: ``_roll_read``;
once a read was a whole roll, the next frame reads windows round that roll first and reads the field whole only when
they are no whole roll again: ``_reread_roll``) and, ideally, the board homography (needed for most cocked dice).
"""

from __future__ import annotations

import functools

from statistics import median  # a few pips' values: ~20x np.median's speed on short lists
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import cv2
import numpy as np

from vision.dice_checker_spot import SPOT_MIN_DIE_PX, is_checker_spot
from vision.dice_flat import STEEPEST_LEAN, SidePath, flat_on_board, judge_flat, steep_on_board, tilt_cues
from vision.dice_masks import kept_box, kept_mask, mask_box, ones_where_set
from vision.dice_layout import FACE_HALF_STEPS, LAYOUTS, LayoutFit, fit_layout, foreshortening
from vision.dice_pips import KERNEL, NORM_DIE, FaceImages, Pip, face_images, find_pips, group_pips, pip_figures
from vision.dice_pips import shares_face as _shares_face
from vision.dice_pips import similar_shape as _similar_shape
from vision.dice_scale import LEARN_CONFIDENCE, ScaleMemory
from vision.dice_strong_core import rest_off_face, strong_core
from vision.dice_sure import face_sureness
from vision.dice_tilt import MIN_BODY_EDGE_PX
from vision.dice_tilt_agree import side_face_cocked
from vision.dice_two_faces import lone_side_face, two_faces
from vision.dice_windows import Mosaic
from vision.errors import VisionError
from vision.observation import DieReading

MIN_CONFIDENCE = 0.5  # below this a die is reported with value None
MAX_RESIDUAL = 0.22  # rms misfit of a layout, in grid steps
STEP_PER_PIP = (0.9, 3.6)  # grid step / pip diameter on real dice
STEP_PER_DIE = (0.2, 0.36)  # grid step / die edge
SCALE_RATIO = 1.45  # between successive scales when the die size is unknown
MIN_DIE_PX = 11.0
PIP_CONTRAST_SPREAD = 0.5  # the faintest pip of a face against its strongest
MIN_FACE_FORESHORTENING = 0.55  # a face seen flatter is a flat die's side face (a camera 30 degrees off vertical
# sees side faces at ~0.5, top faces at ~0.87) or a cocked die's top: the die is reported, its value is not (a side 6
# was read for a top 2)
GUESS_SHARES = (0.59, 0.7, 0.83, 1.0, 1.2, 1.45)  # of the guessed die edge, read while the real one is not learnt
# (1.45: 0.65 checker diameters, the usual 13-18 mm dice on a small board's 22 mm checkers: judging game 65434, a
# 45 cm board, its dice of 26 px against a guess of 16 px, read only when they showed several pips)
WINDOW_HALF = 1.8  # die edges round a first-scale group that the second scale reads (a face's rays reach ~1.6)
FACE_REACH = 0.6  # die edges from a face's centre to its farthest pip's edge (a corner pip: ~0.28 * 1.41 + 0.1)
SPLIT_AREA = (2.0, 3.0)  # a pip the grouping split off may have this many times another's area (tiny pips: more)
SPLIT_ZOOM = 1.5  # a scale enlarging the image this much sees pips of a few source pixels: their shapes are noise
SPLIT_INWARD = 0.3  # of the contrast: a tiny pip joined to a face may lie on lighter face than its pips (see
# _split_face): the face of a die of ~14 px is blurred into its rim round the outer pips, and lightest at its centre


@dataclass
class FaceCandidate:
    """One die face read at one scale, in original image pixels."""

    value: Optional[int]
    confidence: float
    center: np.ndarray
    size: float  # die edge estimate, pixels
    flat: bool
    pips: int
    elongation: float  # median pip elongation: a side face seen obliquely has flatter pips than the top face
    pip_xy: np.ndarray  # pip centres, original pixels
    pip_diam: float  # median pip diameter, original pixels
    tilt: dict = None  # type: ignore[assignment]  # flatness cues (see dice_flat.tilt_cues)
    dark: Optional[bool] = None  # dark pips on a lighter face
    sure: float = 1.0  # how cleanly its pips make the face (vision.dice_sure): the reported die's confidence


def _gray(image: np.ndarray) -> np.ndarray:
    if image is None or image.size == 0:
        raise VisionError("empty image")
    if image.ndim == 2:
        return image
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def _ray_extent(bare: np.ndarray, center: np.ndarray, level: float, tol: float, dark: bool,
                max_r: float, n_rays: int = 16) -> np.ndarray:
    """Distance from ``center`` to where the bare face stops (leaves level +- tol) along ``n_rays`` rays."""
    angles = np.arange(n_rays) * (2 * np.pi / n_rays)
    radii = np.arange(1.0, max_r, 0.75)
    xs = center[0] + np.outer(np.cos(angles), radii)
    ys = center[1] + np.outer(np.sin(angles), radii)
    inside = (xs >= 0) & (ys >= 0) & (xs <= bare.shape[1] - 1) & (ys <= bare.shape[0] - 1)
    vals = bare[np.clip(np.round(ys).astype(int), 0, bare.shape[0] - 1),
                np.clip(np.round(xs).astype(int), 0, bare.shape[1] - 1)].astype(float)
    off = (vals < level - tol) if dark else (vals > level + tol)
    off |= ~inside
    first = np.where(off.any(axis=1), off.argmax(axis=1), len(radii))
    ext = np.where(first < len(radii), radii[np.minimum(first, len(radii) - 1)], np.inf)
    return ext


def _ray_stop(off: np.ndarray, center: np.ndarray, max_r: float, n_rays: int = 16) -> np.ndarray:
    """Distance from ``center`` to the first True pixel of ``off`` along ``n_rays`` rays (inf: none within max_r)."""
    angles = np.arange(n_rays) * (2 * np.pi / n_rays)
    radii = np.arange(1.0, max_r, 0.75)
    xs = center[0] + np.outer(np.cos(angles), radii)
    ys = center[1] + np.outer(np.sin(angles), radii)
    inside = (xs >= 0) & (ys >= 0) & (xs <= off.shape[1] - 1) & (ys <= off.shape[0] - 1)
    hit = off[np.clip(np.round(ys).astype(int), 0, off.shape[0] - 1),
              np.clip(np.round(xs).astype(int), 0, off.shape[1] - 1)] | ~inside
    first = np.where(hit.any(axis=1), hit.argmax(axis=1), len(radii))
    return np.where(first < len(radii), radii[np.minimum(first, len(radii) - 1)], np.inf)


def _color_extent(images: FaceImages, center: np.ndarray, dark: bool, step: float, contrast: float) -> np.ndarray:
    """Like _ray_extent on the colour image: a red die on a blue field ends where its grey level does not."""
    r = int(4.5 * step) + 2
    roi, x0, y0 = images.bgr_patch(int(center[0]) - r, int(center[1]) - r, int(center[0]) + r + 1,
                                   int(center[1]) + r + 1)
    if roi.size == 0:
        return np.full(16, np.inf)
    bare = cv2.morphologyEx(roi, cv2.MORPH_CLOSE if dark else cv2.MORPH_OPEN, KERNEL).astype(np.int16)
    c = np.array([center[0] - x0, center[1] - y0])
    yy, xx = np.mgrid[0:bare.shape[0], 0:bare.shape[1]]
    disc = (xx - c[0]) ** 2 + (yy - c[1]) ** 2 <= max(1.0, 0.9 * step) ** 2
    if not disc.any():
        return np.full(16, np.inf)
    face = np.median(bare[disc], axis=0)
    # a channel off the face's colour by more than the tolerance, channel by channel (the same as the largest
    # channel's difference above it; the reduction over the 3-long last axis cost ~10x the differences)
    tol = max(25.0, 0.25 * contrast)
    off = np.abs(bare[:, :, 0] - face[0]) > tol
    for ch in range(1, bare.shape[2]):
        off |= np.abs(bare[:, :, ch] - face[ch]) > tol
    return _ray_stop(off, c, 4.5 * step)


FACE_LEVEL_SPREAD = 0.35  # of the pips' contrast: the plain face's median grey off the level under the pips
_GRID = np.array([[u, v] for u in np.linspace(-1.45, 1.45, 7) for v in np.linspace(-1.45, 1.45, 7)])


_GRID_REACH = np.abs(_GRID).max(axis=1)  # each sample's reach from the face's centre along the grid's axes, steps
FACE_EDGE_STEPS = 0.5 / STEP_PER_DIE[1]  # grid steps from a face's centre to its edge at the least (~1.39)
MIN_INNER_SAMPLES = 6  # fewer samples inside the blurred rim (a face of few steps): all of them judge it, as before
RIM_FACE_PIPS = 4  # faces of this many pips or more may be judged inside their rim: a layout of four or more tiny pips
# is much of its own proof (as OWN_LAYOUT_PIPS); a 2 or 3 judged on its middle alone was streaks of a marbled checker
# (real photo r19: light streaks on a dark checker read as a 3, a die where none lay)


@functools.lru_cache(maxsize=None)
def _bare_samples(value: int) -> np.ndarray:
    """The face grid's samples off a layout's pip places (``_face_is_bare``): a fixed mask per value, made once.
    Read-only: every caller gets the same array."""
    layout = LAYOUTS[value]
    dist = np.min(np.linalg.norm(_GRID[:, None, :] - layout[None, :, :], axis=2), axis=1)
    keep = dist > 0.55
    if value == 1:  # the one's face reaches only ~1.2-1.5 of its steps, turned any way: a ring inside it
        keep = (dist > 0.8) & (np.linalg.norm(_GRID, axis=1) <= 1.1)
    keep.flags.writeable = False
    return keep


def _face_is_bare(fit: LayoutFit, gray: np.ndarray, level: float, contrast: float, blur_px: float = 0.0) -> bool:
    """Away from its pips a die face is plain: sample the face grid off the layout's pip positions.

    ``blur_px``: one source pixel at this scale when the face's pips are of a few source pixels (0: larger pips).
    Then a face of RIM_FACE_PIPS or more pips that is not plain on the whole grid is judged again on the samples at
    least that far inside its edge (FACE_EDGE_STEPS) alone; all still give its level. Why: the outer samples (1.45
    steps out) lie about a source pixel inside the edge of a die of ~10-14 px, where the board beyond is blurred
    into the face (and, on a lit die, the rim shades off its middle):
    an ivory 4 of 10.7 px on a brown field (own game 70002, 960x540) sampled 153-171 at its corners against 191-206
    between its pips, 83% within the tolerance, and was never read at any scale. The inner samples still cover
    the plain face between the pips, and the other faces' pip places are tested on their own (_other_faces_pips_plain).
    """
    keep = _bare_samples(fit.value)
    inner = None
    if blur_px > 0.0 and fit.value >= RIM_FACE_PIPS:
        inner = (_GRID_REACH[keep] <= FACE_EDGE_STEPS - blur_px / max(fit.step, 1e-6))
    pts = _GRID[keep] @ fit.affine.T + fit.center
    xs = np.round(pts[:, 0]).astype(int)
    ys = np.round(pts[:, 1]).astype(int)
    ok = (xs >= 0) & (ys >= 0) & (xs < gray.shape[1]) & (ys < gray.shape[0])
    if ok.mean() < 0.8:
        return False
    vals = gray[ys[ok], xs[ok]].astype(float)
    # the face's own level, from the samples: the bare level under a pip of a small or translucent die is its
    # brightest (or darkest) surround, and the face shades off it by more than a faint pip's 0.3 contrast (amber dice
    # of ~14 px failed at most scales); it must still be the pips' face
    face = float(np.median(vals))
    if abs(face - level) > FACE_LEVEL_SPREAD * contrast:
        return False
    if np.mean(np.abs(vals - face) <= 0.3 * contrast) >= 0.9:
        return True
    # only a rescue: a face plain on the whole grid stays plain (judged on its middle alone, the 6 that a cocked
    # die's two faces made was refused, and its upper face's 4 was read flat: own game 70026 frame 243)
    if inner is None or inner[ok].sum() < MIN_INNER_SAMPLES:
        return False
    plain = vals[inner[ok]]
    return bool(np.mean(np.abs(plain - float(np.median(plain))) <= 0.3 * contrast) >= 0.9)


# where another face has a pip and this one is plain (one orientation of the 6 or of its columns' middles):
# a 5 read as 4 for a centre pip left out, a 6 as 4, a 3 as 2, is a wrong value, the worst a referee can do
OTHER_FACES_PIPS = {
    2: np.array([[0, 0], [1, -1], [-1, 1]], float),
    3: np.array([[1, -1], [-1, 1]], float),
    4: np.array([[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]], float),
    5: np.array([[1, 0], [-1, 0], [0, 1], [0, -1]], float),
    6: np.array([[0, 0], [0, 1], [0, -1]], float),
}
_SPOT = np.array([[0, 0], [0.2, 0], [-0.2, 0], [0, 0.2], [0, -0.2]])  # a pip's core, in grid steps


def _other_faces_pips_plain(fit: LayoutFit, gray: np.ndarray, level: float, contrast: float,
                            dark: bool = True) -> bool:
    """Each place where a face with more pips has one is plain face here, every one of them (the bare-face test
    forgives a tenth of its samples, one of which may be exactly the pip that tells a 5 from a 4)."""
    spots = OTHER_FACES_PIPS.get(fit.value)
    if spots is None:
        return True
    pts = (spots[:, None, :] + _SPOT[None, :, :]).reshape(-1, 2) @ fit.affine.T + fit.center
    xs, ys = np.round(pts[:, 0]).astype(int), np.round(pts[:, 1]).astype(int)
    ok = (xs >= 0) & (ys >= 0) & (xs < gray.shape[1]) & (ys < gray.shape[0])
    if not ok.all():
        return True  # off the image: the bare-face test decides
    vals = gray[ys, xs].astype(float).reshape(len(spots), len(_SPOT))
    # one-sided: a pip there darkens a dark-pipped face (lightens a light-pipped one); a spot brighter than the
    # level is no pip. Why: on a die of ~14 px the bare level under its corner pips takes in the board and the
    # die's shaded rim, and lies well below the lit face between them (a white 5 on a cream board: level 213,
    # plain face 250), so the plain middles of its sides failed a two-sided test and the die went unread
    ink = (level - vals.mean(axis=1)) if dark else (vals.mean(axis=1) - level)
    return bool((ink <= 0.4 * contrast).all())


SIX_COLUMNS = (0.15, 0.12)  # of the pips' contrast: a column pair's weaker middle toward the pips, and its lead
TINY_SIX_COLUMNS = (0.1, 0.08)  # the same for tiny pips, on the pairs' means
UNSURE = 0.45  # confidence of a face that may be another: reported as a die, its value None (below MIN_CONFIDENCE)


def _six_columns_hint(fit: LayoutFit, gray: np.ndarray, level: float, contrast: float, dark: bool,
                      tiny: bool = False) -> bool:
    """Whether a 4 may be a 6 whose column middles blurred into the face: both middles of one pair of opposite
    sides lean toward the pips' grey, and clearly more than the other pair's.

    Why: on a die of ~8 px a pip is one pixel and a 6's middle pips melt into the face (a rendered game at 540p: its
    opening 6 read as 4 on every frame, the worst a referee can do); they still lift their spots by ~0.2 of the
    pips' contrast. A true 4's blur lifts all four side middles alike (each lies between two pips), so it is the
    difference between the two pairs that tells, not the level.
    """
    spots = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]], float)
    pts = (spots[:, None, :] + _SPOT[None, :, :]).reshape(-1, 2) @ fit.affine.T + fit.center
    xs, ys = np.round(pts[:, 0]).astype(int), np.round(pts[:, 1]).astype(int)
    if not ((xs >= 0) & (ys >= 0) & (xs < gray.shape[1]) & (ys < gray.shape[0])).all():
        return False
    lift = (gray[ys, xs].astype(float).reshape(4, len(_SPOT)).mean(axis=1) - level) / max(contrast, 1.0)
    if dark:
        lift = -lift
    pairs = sorted((min(lift[0], lift[1]), min(lift[2], lift[3])))
    if pairs[1] >= SIX_COLUMNS[0] and pairs[1] - pairs[0] >= SIX_COLUMNS[1]:
        return True
    if not tiny:
        return False
    # pips of a few source pixels (``tiny``): a column's middle pip may fall between the sampled spots, so one of
    # the pair lifts and the other hardly (an opening 6 of ~7 px at 540p: the pairs' means 0.13 and 0.01; true
    # fours of that size 0.09 at most, and within 0.05 of each other)
    means = sorted(((lift[0] + lift[1]) / 2, (lift[2] + lift[3]) / 2))
    return bool(means[1] >= TINY_SIX_COLUMNS[0] and means[1] - means[0] >= TINY_SIX_COLUMNS[1])


SIDE_ELONGATION = 0.25  # a face's pips this much more elongated than another's nearby: a side face of its die


def _drop_side_faces(dice: list[FaceCandidate]) -> list[FaceCandidate]:
    """A die seen at an angle also shows side faces next to its top face; keep only the top (roundest pips)."""
    keep = []
    for c in dice:
        side = False
        for o in dice:
            if o is c:
                continue
            near = np.linalg.norm(o.center - c.center) < 1.0 * max(o.size, c.size)
            if near and c.elongation > o.elongation + SIDE_ELONGATION:
                side = True
                break
        if not side:
            keep.append(c)
    return keep


TINY_KIN_CONTRAST = 0.8  # a tiny pip of the same face has at least this share of its neighbour's contrast


def _foreign_pip(fit: LayoutFit, group: list[Pip], all_pips: list[Pip], images: FaceImages,
                 zoom: float = 0.0) -> bool:
    """True when a pip that is not in the layout lies on the same face: the layout saw only part of the face.

    Inside the fitted face square any pip of the same polarity counts. Short layouts (1, 2, 3: a column or a
    diagonal of a larger face looks the same) also look further out, for pips of the same kind on an unbroken face.
    Pips of at most TINY_PIP_PX source pixels (``zoom``: the scale's enlargement) are of a kind by size alone: their
    shapes are sampling, and two pips of a rendered 6 of ~11 px were read as a 2 beside its other, smeared pips;
    they must still be of the face's ink and size (TINY_KIN_CONTRAST, half the area: a render's 2 had smaller,
    fainter blobs beside it, and losing it left a 1 read from one of its pips).
    """
    n = len(group)
    inv = np.linalg.inv(fit.affine)
    members = {id(p) for p in group}
    dark = group[0].dark
    reach = {1: 2.4, 2: 3.2, 3: 3.2}.get(n, 1.55)
    xy = _pip_array(all_pips)
    u_all = np.abs((xy - fit.center) @ inv.T).max(axis=1)
    for k in np.nonzero(u_all < reach)[0]:
        p = all_pips[k]
        if id(p) in members or p.dark != dark:
            continue
        u = u_all[k]
        near = min(group, key=lambda q: (q.x - p.x) ** 2 + (q.y - p.y) ** 2)
        if n > 1 and u < 1.55:
            if n > 2 or not zoom or _of_the_face(p, near, group, zoom):
                return True
            continue  # a speck inside a two's square on a board: its outline and plain other places still decide
        tiny = (near.diameter <= TINY_PIP_PX * zoom and p.area >= 0.5 * near.area
                and p.contrast >= TINY_KIN_CONTRAST * near.contrast)
        kindred = _similar_shape(near, p) or tiny or (n == 1 and p.area >= 0.3 * near.area
                                                       and (zoom or not _squashed(p, near, all_pips)))
        if kindred and _shares_face(near, p, images):
            return True
    return False


SIDE_KIN_REACH = 3.5  # pip diameters: a side face's next pip lies within this of its neighbour


def _squashed(p: Pip, one: Pip, all_pips: list[Pip]) -> bool:
    """Whether a pip beside a lone pip is squashed beyond it as a side face's pips are: no pip of its face.

    Why: a die seen from a slant shows its side faces next to its top; their pips are foreshortened (more
    elongated than the top's by SIDE_ELONGATION or more) and lie within the reach of the foreign-pip test, which
    then refused every one on top: the real dice photos (about 45 degrees) lost 49 ones and read 16 side faces
    in their place. A larger face's own pips share its foreshortening, so they still count.
    Only in the blind search (``bgref dice``): on a board a side face this plain beside a one is the die leaning
    (a rendered die leaning on a checker: read cocked through its side face, read a flat one with this test).
    """
    if p.elongation <= one.elongation + SIDE_ELONGATION or _similar_shape(p, one):
        return False
    # and of a face of its own: another pip of its shape beside it (a two's far pip smeared at the face's edge is
    # squashed alone: taken for a side face's, the two's near pip was read as a one)
    reach = SIDE_KIN_REACH * p.diameter
    return any(q is not p and q is not one and q.dark == p.dark and _similar_shape(p, q)
               and (q.x - p.x) ** 2 + (q.y - p.y) ** 2 <= reach * reach for q in all_pips)


def _of_the_face(p: Pip, near: Pip, group: list[Pip], zoom: float) -> bool:
    """Whether a blob inside a fitted face can be one of its pips: of the face's ink (at least PIP_CONTRAST_SPREAD
    of its faintest pip's contrast, the test a group's own pips pass) and of its size (at least 1/SPLIT_AREA of
    the nearest pip's area, tiny pips' looser share where the scale enlarges them).

    Why: a die's bevel and corners catch light, and at the scales that read a small die whole they leave faint
    specks inside the fitted square of a two (a red 2 on a white point: specks of 0.25-0.45 of the pips'
    contrast; an amber 2: specks of a fifth to half the pips' area): each refused the two at every scale, and the
    die went unread. A pip of a larger face seen in part is one ink and size with the rest, so it is still
    foreign; what could make the value wrong (a middle or the other diagonal inked) the other-faces test refuses.
    Only a two's specks are forgiven (``_foreign_pip``): a pair must also show a die's outline on a board, while
    three blobs need none, and forgiving larger groups read the letters of a board's printed name as a 3; and only
    on a board (``zoom`` > 0: the outline test follows): the blind search has no outline test, and forgiving there
    added 3 false dice on the 310 real dice photos.
    """
    tiny = min(p.diameter, near.diameter) <= TINY_PIP_PX * zoom
    return (p.contrast >= PIP_CONTRAST_SPREAD * min(q.contrast for q in group)
            and p.area * SPLIT_AREA[bool(tiny)] >= near.area)


_PIP_XY: dict[int, tuple[list, np.ndarray]] = {}


def _pip_array(pips: list[Pip]) -> np.ndarray:
    """Centres of a pip list as an array, cached for the list being scanned (one scale at a time)."""
    key = id(pips)
    hit = _PIP_XY.get(key)
    if hit is None or hit[0] is not pips or len(hit[1]) != len(pips):
        _PIP_XY.clear()
        # (a PipList's own figures, vision.dice_pips.pip_figures: the same numbers as its Pips)
        hit = (pips, np.ascontiguousarray(pip_figures(pips)[:, :2]))
        _PIP_XY[key] = hit
    return hit[1]


ONE_ELONGATION = (1.4, 1.7)  # a one's pip at most this elongated: of more / at most TINY_PIP_PX source pixels
TINY_PIP_PX = 3.0


def _not_a_one(p: Pip, zoom: float = 1.0) -> bool:
    """A lone blob that cannot be a one's pip: elongated, faint, or of no pip's size.

    ``zoom``: how much the scale enlarged the image. A pip of at most TINY_PIP_PX source pixels has an elongation
    that is mostly sampling (a rendered one's pip of ~2 px measured 1.3-1.6), so it may be more elongated; the
    roundness of its core (``_round_pip``), the plain ring and the die's outline still decide. Larger pips keep
    the strict limit (the 310 real dice photos: five more false dice when every enlarged scale was loose), and
    so does the blind search (zoom 0: no outline test there; two specks on a keyboard's keys were read as ones).
    """
    tiny = p.diameter <= TINY_PIP_PX * zoom
    return p.elongation > ONE_ELONGATION[bool(tiny)] or p.contrast < 50 or not 3.5 <= p.diameter <= 11.0


OUTLINE_REACH = {1: (0.8, 2.0), 2: (1.4, 3.3)}  # grid steps from a one's pip / a pair's middle to its face's edge
OUTLINE_RESCUE = {1: (4, 3, 1.6), 2: (6, 5, 2.4)}  # rays at the edge, of them in one arc, 4th-nearest stop (steps)
ONE_FAR = 2.0  # a one's face ends nearer than this (steps) in its 4 nearest directions


def _outline(bare: np.ndarray, fit: LayoutFit, level: float, contrast: float, dark: bool) -> str:
    """Where the plain area round a lone pip or a pair ends, from rays that stop at any clear change of grey.

    "die": rays in one arc end where a die face of this pip spacing ends (a white die on a white board: only its
    shaded sides and shadow show an edge, so the outline need not close); "far", for a lone pip: rays do end, but
    even the nearest ends lie beyond a die face's reach, so the pip is a spot in a plain area much larger than a die
    (a gap between three checkers, a mark on a checker); "open" otherwise (the caller's own tests decide). The
    tolerance is the face's own noise, not the pip's contrast: a face's edge against a board of its own colour is
    a small step. Measured on renders, the bench's white-on-white dice and the real photos: true ones end at
    1.0-1.6 steps, false ones at 2.0-3.3.
    """
    n = 1 if fit.value == 1 else 2
    ext = _ray_extent(bare, fit.center, level, max(20.0, 0.12 * contrast), dark, 4.5 * fit.step) / fit.step
    stops = np.sort(ext[np.isfinite(ext)])
    nearest = float(stops[3]) if len(stops) >= 4 else np.inf
    if n == 1 and len(stops) >= 6 and nearest > ONE_FAR:
        return "far"
    lo, hi = OUTLINE_REACH[n]
    at_edge = (ext >= lo) & (ext <= hi)
    count, arc, reach = OUTLINE_RESCUE[n]
    if at_edge.sum() >= count and _longest_run(at_edge) >= arc and nearest <= reach and not _lopsided(ext, at_edge):
        return "die"
    return "open"


LOPSIDED = 2.0  # an edge ray's opposite ray ends this many times farther: the pip is not at this face's centre


def _lopsided(ext: np.ndarray, at_edge: np.ndarray) -> bool:
    """Whether, of the rays that end at a die's edge and whose opposite ray ends at all, half or more (two at least)
    have that opposite end far beyond them.

    Why: a square face is centrally symmetric, so round its centre (a one's pip, a pair's middle) opposite rays
    end at the same distance, or, on a board of the face's own colour, one of them not at all (white on white).
    The lit gap between two dark checkers has the rim of one checker near on one side and the next object far on
    the other (rendered game h303: such a gap read as a one on most frames, a false re-roll)."""
    opposite = np.roll(ext, len(ext) // 2)
    counted = at_edge & np.isfinite(opposite)
    far = counted & (opposite > LOPSIDED * ext)
    return bool(far.sum() >= max(2, 0.5 * counted.sum()))


def _near_colour_edge(images: FaceImages, fit: LayoutFit, dark: bool, contrast: float) -> bool:
    """Whether the colour image outlines a one's face round a lone pip as ``_outline`` calls a "die": rays in one arc
    end at a one's edge (OUTLINE_REACH), the 4th-nearest end near (OUTLINE_RESCUE).

    Why: a die whose face is as grey as the board round it shows its edge only in colour, and the grey rays of
    ``_outline`` then stop only far off (the sample game's amber one beside a white label: "far", not read). A
    looser test (any 4 colour stops near) took the lit gap between two checkers for a one.
    """
    ext = _color_extent(images, fit.center, dark, fit.step, contrast) / fit.step
    stops = np.sort(ext[np.isfinite(ext)])
    nearest = float(stops[3]) if len(stops) >= 4 else np.inf
    lo, hi = OUTLINE_REACH[1]
    at_edge = (ext >= lo) & (ext <= hi)
    count, arc, reach = OUTLINE_RESCUE[1]
    return bool(at_edge.sum() >= count and _longest_run(at_edge) >= arc and nearest <= reach)


ARC_OUTLINE_RAYS = 5  # of 16: a one's face outlined in colour over this many rays at least, in one arc


def _colour_arc_outline(steps: np.ndarray) -> bool:
    """Whether a lone pip's colour rays (``_color_extent``, in grid steps) outline a one's face on one side: at least
    ARC_OUTLINE_RAYS rays end, all in one unbroken arc and every one of them where a one's face ends (OUTLINE_REACH),
    and the rest run on without any stop (within the 4.5 steps looked at).

    Why: a die seen from a camera off vertical shows its face running on into a side face and its shadow, which
    differ from the face and from a field of nearly the die's grey by less than the colour tolerance; there the
    rays do not stop, while the lit part of the outline ends round the pip exactly as a face does (renders 23122,
    23118: a grey one of 31 px on blue felt, 10 rays ending at 1.3-1.8 steps and 6 open, and a green one of 27 px on
    green felt, 7 ending at 1.4-1.7 and 9 open, never read). A lit gap between checkers or a mark on the board has
    stops beyond a face's reach or scattered all round; any such stop refuses the arc."""
    finite = np.isfinite(steps)
    if finite.sum() < ARC_OUTLINE_RAYS or finite.all():
        return False
    lo, hi = OUTLINE_REACH[1]
    if not ((steps[finite] >= lo) & (steps[finite] <= hi)).all():
        return False
    return _longest_run(finite) == finite.sum()


def _longest_run(ring: np.ndarray) -> int:
    """Longest run of True in a circular sequence."""
    if ring.all():
        return len(ring)
    best = run = 0
    for v in np.concatenate([ring, ring]):
        run = run + 1 if v else 0
        best = max(best, run)
    return min(best, len(ring))


_RING_STEPS = np.array([0.9, 1.3, 1.8])  # pip diameters from a lone pip's centre to the rings round it
_RING_COS = np.cos(np.arange(16) * (np.pi / 8))[None, :]  # the rings' 16 directions
_RING_SIN = np.sin(np.arange(16) * (np.pi / 8))[None, :]
ONE_PIP_SPREAD = 1.4  # farthest core pixel / radius of the core's area: a disc ~1.1, a triangle ~1.55
TINY_CORE = 3.0  # source pixels: a pip's core this small has no measurable shape


def _round_pip(p: Pip, images: FaceImages, zoom: float = 0.0) -> bool:
    """A one's pip is a disc: its core (hat >= half its peak) reaches about as far from its centre in every direction.

    Why: the tip of a light point seen in the gap between two dark checkers is a compact, strong, lone blob on a
    uniform dark "face", like a one, but a triangle: its corners reach ~1.55 radii out, a disc's edge ~1.1. A core
    of fewer than TINY_CORE source pixels (``zoom``: the scale's enlargement) has no shape to speak of: its outline
    is the resize's interpolation (a rendered game's ones on dice of ~6 px failed here at every scale).
    """
    hat = images.blackhat if p.dark else images.tophat
    r = int(np.ceil(1.5 * p.diameter)) + 1
    x0, y0 = max(0, int(round(p.x)) - r), max(0, int(round(p.y)) - r)
    patch = hat[y0:int(round(p.y)) + r + 1, x0:int(round(p.x)) + r + 1]
    if patch.size == 0:
        return False
    core = (patch >= 0.5 * p.contrast).astype(np.uint8)
    n, lab = cv2.connectedComponents(core, connectivity=8)
    cx, cy = int(round(p.x)) - x0, int(round(p.y)) - y0
    if not (0 <= cy < lab.shape[0] and 0 <= cx < lab.shape[1]) or lab[cy, cx] == 0:
        return True  # no core at the centre to measure: leave it to the other tests
    ys, xs = np.nonzero(lab == lab[cy, cx])
    if len(xs) < max(6.0, TINY_CORE * zoom * zoom):
        return True  # a few pixels have no shape to speak of
    # (the mean as the whole sum over the count: numpy's float64 mean of whole numbers is that exact sum divided once,
    # without np.mean's wrapper)
    size = len(xs)
    reach = np.sqrt(((xs - xs.sum() / size) ** 2 + (ys - ys.sum() / size) ** 2).max()) + 0.5
    return bool(reach <= ONE_PIP_SPREAD * np.sqrt(size / np.pi))


def _evaluate_group(group: list[Pip], all_pips: list[Pip], images: FaceImages,
                    why: Optional[list[str]] = None, bounded: bool = False,
                    zoom: float = 1.0) -> Optional[tuple[LayoutFit, float, np.ndarray]]:
    """Fit one pip group; return (fit, confidence, ray extents) or None when it is not a die face."""
    n = len(group)
    loose = zoom if bounded else 0.0  # a tiny pip's shape is forgiven only where the die outline test follows
    if n == 1 and _not_a_one(group[0], loose):
        if why is not None:
            why.append("r1")
        return None  # cheap test first: most lone blobs are texture
    if n > 1 and _not_a_face(group, images, loose, bounded, why):
        return None  # the pips' own likeness first: most groups fail here, before any array is built
    pts = np.array([[p.x, p.y] for p in group])
    diam = float(median([p.diameter for p in group]))
    contrast = float(min(p.contrast for p in group))
    dark = group[0].dark
    level = float(median([p.face for p in group]))
    tol = 0.35 * contrast
    bare = images.closed if dark else images.opened
    if n == 1:
        # a lone pip: only a round, strong blob centred in a uniform face of its own is taken as a one
        p = group[0]
        if _not_a_one(p, loose):
            if why is not None:
                why.append("r1")
            return None
        rr = _RING_STEPS * diam
        if loose and p.diameter <= TINY_PIP_PX * loose:
            # a pip of a few source pixels: the ring lies between the pip's blur and the face's blurred edge (one
            # source pixel, ``loose`` here, each). Why: on a die of ~6 px (960x540) a one's pip is blurred to a
            # quarter of the edge, and rings at 0.9-1.8 pip diameters sampled its skirt and the board beyond the
            # face (a rendered game: every one unread)
            lo = max(rr[0], diam / 2 + loose)
            rr = np.linspace(lo, max(lo, min(rr[-1], NORM_DIE / 2 - loose)), 3)
        # (np.outer and np.clip as broadcasting and two ufuncs: the same numbers at a fraction of the calls'
        # overhead; ~20 lone blobs a frame get this far)
        xs = np.minimum(np.maximum((p.x + rr[:, None] * _RING_COS).round().astype(int), 0), bare.shape[1] - 1)
        ys = np.minimum(np.maximum((p.y + rr[:, None] * _RING_SIN).round().astype(int), 0), bare.shape[0] - 1)
        ring = images.gray[ys, xs].astype(float)
        if np.abs(ring - level).max() > 0.3 * contrast:
            if why is not None:
                why.append("r2")
            return None
        if not _round_pip(p, images, loose):
            if why is not None:
                why.append("r15")
            return None
        step = 1.9 * diam  # foreign-pip check below then covers ~3 pip diameters around the one
        fit = LayoutFit(1, pts[0].copy(), np.eye(2) * step, 0.0, step)
        conf = 0.7
    else:
        fit = fit_layout(pts)
        if fit is None or fit.residual > MAX_RESIDUAL:
            if why is not None:
                why.append("r5")
            return None
        ratio = fit.step / diam
        if not (STEP_PER_PIP[0] <= ratio <= STEP_PER_PIP[1]):
            if why is not None:
                why.append("r6")
            return None
        if not (STEP_PER_DIE[0] * NORM_DIE / 1.5 <= fit.step <= STEP_PER_DIE[1] * NORM_DIE * 1.5):
            if why is not None:
                why.append("r7")
            return None
        if n >= 4 and foreshortening(fit.affine) < 0.45:
            if why is not None:
                why.append("r8")
            return None
        conf = 1.0 - fit.residual / (MAX_RESIDUAL * 1.6)
        if n == 2:
            conf = 0.7
    if not _other_faces_pips_plain(fit, images.gray, level, contrast, dark):
        if why is not None:
            why.append("r16")
        return None
    tiny = bool(loose) and max(p.diameter for p in group) <= TINY_PIP_PX * loose
    if not _face_is_bare(fit, images.gray, level, contrast, loose if tiny else 0.0):
        if why is not None:
            why.append("r11")
        return None
    if n == 4 and _six_columns_hint(fit, images.gray, level, contrast, dark,
                                    bool(loose) and max(p.diameter for p in group) <= TINY_PIP_PX * loose):
        if why is not None:
            why.append("u6")
        conf = min(conf, UNSURE)
    if _foreign_pip(fit, group, all_pips, images, loose):
        if why is not None:
            why.append("r9")
        return None
    if bounded and n == 3 and _in_a_line_of_print(group, all_pips):
        if why is not None:
            why.append("r18")
        return None
    ext = _ray_extent(bare, fit.center, level, tol, dark, 4.5 * fit.step)  # after the cheaper tests
    if bounded and (n <= 2 or (n < OWN_LAYOUT_PIPS and _linked_by_size(group, loose))):
        # so must a face of two or three tiny pips grouped by size alone (dice_pips.group_pips): the light digits
        # of a doubling cube of ~12 px were read as a 3. Four or more such pips on a face's layout are their own
        # proof (OWN_LAYOUT_PIPS)
        # on a board, a lone pip or a pair must sit on a face that ends all round like a die's (the gap between
        # two checkers and a point's edge looks like a pip on a face, but that "face" runs on along the checkers)
        def unbounded(e: np.ndarray, share: float, reach: float, spread: float = 9.0) -> bool:
            finite = e[np.isfinite(e)]
            if len(finite) < share * len(e) or float(np.median(finite)) > reach * fit.step:
                return True
            steps = e / fit.step  # a face round the pip ends alike on opposite sides (see _lopsided)
            lo, hi = OUTLINE_REACH[1 if n == 1 else 2]
            if _lopsided(steps, (steps >= lo) & (steps <= hi)):
                return True
            return float(np.std(finite) / np.median(finite)) > spread  # a die's outline is compact all round

        outline = _outline(bare, fit, level, contrast, dark)
        if outline == "far" and images.has_color and _near_colour_edge(images, fit, dark, contrast):
            outline = "open"  # the grey missed the die's edge (an amber face as grey as the board): colour decides
        if outline == "far":
            if why is not None:
                why.append("r14")
            return None
        def colour_unbounded() -> bool:
            e = _color_extent(images, fit.center, dark, fit.step, contrast)
            # a one outlined in colour on one side only (its side face and shadow on the other): a die's face
            return unbounded(e, 0.75, 2.9, 0.3) and not (n == 1 and _colour_arc_outline(e / fit.step))

        if outline != "die" and unbounded(ext, 0.6, 3.5) and (not images.has_color or colour_unbounded()):
            if why is not None:
                why.append("r13")
            return None
    return fit, float(np.clip(conf, 0.0, 1.0)), ext


PRINT_REACH = 0.5  # of the pips' spacing: how near the next place along a three's line a blob must lie


def _in_a_line_of_print(group: list[Pip], all_pips: list[Pip]) -> bool:
    """Whether a three's row of pips runs on at both ends: a blob of its ink (at least PIP_CONTRAST_SPREAD of its
    faintest pip's contrast) one spacing beyond each end pip, along its line, within PRINT_REACH spacings.

    Why: three round letters of a word printed on the board ("TOURNAMENT", "Backgammon") are a row of three evenly
    spaced blobs on a plain field, a three in every test of the face, and the letters before and after them differ
    in shape, so the foreign-pip test does not take them for the face's (renders 67221, 67280: a third die read as a
    3 with confidence 0.99-1.0). A die's three ends at its face's corners: one spacing beyond its corner pips lies the
    board past the die's corners, on both sides. Only on a board (``bounded``), as the outline tests.
    """
    pts = np.array([[p.x, p.y] for p in group])
    along = pts @ (pts[np.argmax(np.linalg.norm(pts - pts[0], axis=1))] - pts[0])
    a, b = pts[np.argmin(along)], pts[np.argmax(along)]
    half = (b - a) / 2.0
    reach = PRINT_REACH * float(np.linalg.norm(half))
    if reach <= 0:
        return False
    faint = PIP_CONTRAST_SPREAD * min(p.contrast for p in group)
    members = {id(p) for p in group}
    dark = group[0].dark
    ink = [p for p in all_pips if p.dark == dark and id(p) not in members and p.contrast >= faint]
    return all(any((p.x - e[0]) ** 2 + (p.y - e[1]) ** 2 <= reach * reach for p in ink) for e in (a - half, b + half))


def _not_a_face(group: list[Pip], images: FaceImages, loose: float, bounded: bool,
                why: Optional[list[str]] = None) -> bool:
    """Whether a group of two or more pips fails the tests of its pips alone (``_evaluate_group``'s first, in its
    order: contrast spread, elongation, a pair's likeness and roundness), each failure noted in ``why``."""
    if min(p.contrast for p in group) < PIP_CONTRAST_SPREAD * max(p.contrast for p in group):
        if why is not None:
            why.append("r17")
        return True  # one face's pips are one ink under one light: a far fainter one is on a side face
    if max(p.elongation for p in group) > 2.3:
        if why is not None:
            why.append("r4")
        return True
    if len(group) == 2:  # a pair's two pips are alike (cheap, so before any fitting)
        a, b = group
        tiny = max(a.diameter, b.diameter) <= TINY_PIP_PX * loose  # shapes of sampling (see group_pips)
        if max(a.area, b.area) > 1.5 * min(a.area, b.area) or (abs(a.elongation - b.elongation) > 0.25
                                                               and not tiny):
            if why is not None:
                why.append("r12")
            return True
        if bounded and not (_round_pip(a, images, loose) and _round_pip(b, images, loose)):
            if why is not None:
                why.append("r15")
            return True  # two gaps between three checkers: two small triangles
    return False


def _linked_by_size(group: list[Pip], zoom: float) -> bool:
    """Whether the group's pips are tiny (at most TINY_PIP_PX source pixels at enlargement ``zoom``) and some two of
    them unlike in shape: only the size rule of group_pips can have joined them."""
    if zoom < SPLIT_ZOOM or max(p.diameter for p in group) > TINY_PIP_PX * zoom:
        return False  # only a scale enlarging the image groups by size (_read_scale)
    return any(not _similar_shape(a, b) for i, a in enumerate(group) for b in group[i + 1:])


OWN_LAYOUT_PIPS = 4  # a face of this many tiny pips grouped by size need not show its outline (_evaluate_group)
# Why: a die of the field's colour (a white die on cream felt, a black one on black leather) shows no outline, so
# its face "runs on" and was refused as unbounded, though four to six pips of one size and ink on a face's grid,
# with its other faces' pip places plain and no foreign pip beside it, are no texture a board shows. A cube's
# digits and a gap between checkers give one to three blobs, which still need the outline. Renders of small dice
# on their own colour (1280x720, 960x540, seeds 19000-19499): dice right 46 -> 48 of 72 tuned, 38 -> 43 of 68
# held out, no wrong value nor false die more.

MASK_REACH = 0.5  # die edges: a die on the mask's edge (the field's rim, the bar's side) has pips beyond it


def _widened(mask: np.ndarray, die_px: float) -> np.ndarray:
    """``mask`` widened by MASK_REACH die edges, once a frame (a square reach: a separable dilation costs ~1 ms at
    full size, an elliptic one ~7 ms)."""
    r = _widening(die_px)
    return cv2.dilate(mask, cv2.getStructuringElement(cv2.MORPH_RECT, (2 * r + 1, 2 * r + 1)))


def _widening(die_px: float) -> int:
    """The pixels ``_widened`` adds round the mask for a die edge of ``die_px``."""
    return max(1, int(round(MASK_REACH * die_px)))


def _inside(mask: np.ndarray, xy: np.ndarray) -> bool:
    x, y = int(round(float(xy[0]))), int(round(float(xy[1])))
    return 0 <= y < mask.shape[0] and 0 <= x < mask.shape[1] and bool(mask[y, x])


def _read_scale(gray: np.ndarray, die_px: float, mask: Optional[np.ndarray],
                color: Optional[np.ndarray] = None, seeds: Optional[list] = None,
                windows: Optional[list] = None, reach: Optional[np.ndarray] = None,
                box: Optional[tuple[int, int, int, int]] = None, scaled: Optional[dict] = None
                ) -> list[FaceCandidate]:
    """All die faces found with the image resized so a die of ``die_px`` becomes NORM_DIE pixels.

    ``reach``: the mask widened (``_widened``): pips are looked for there, and a face counts when its centre is in
    ``mask``.

    ``seeds``: a list that gets the centre of every group of pips that could be (part of) a die face, in the
    pixels of ``gray``. ``windows``: such centres; only windows round them are read (``vision.dice_windows``).
    ``box``: ``mask_box(mask)`` when the caller knows it (find_dice: the same at every scale). ``scaled``: a dict
    that keeps the resized image for another read of the same frame at the same scale (find_dice: the last roll's
    windows, then the whole field: ~1 ms a resize at 1080p).
    """
    if windows is not None and len(windows) == 0:
        return []  # no pip group at the scales read whole: nothing to look round (the resizing below cost ~1.5 ms)
    ox = oy = 0
    bounded = mask is not None
    searched = reach if reach is not None else mask  # where pips are looked for, as given (see kept_mask)
    if mask is not None:  # only the masked area's bounding box (plus a die) is worth resizing and filtering
        bx, by, bw, bh = box if box is not None else mask_box(mask)
        if bw == 0 or bh == 0:
            return []
        pad = int(die_px)
        ox, oy = max(0, bx - pad), max(0, by - pad)
        gray = gray[oy:by + bh + pad, ox:bx + bw + pad]
        if color is not None:
            color = color[oy:by + bh + pad, ox:bx + bw + pad]
        mask = mask[oy:oy + gray.shape[0], ox:ox + gray.shape[1]]
        if reach is not None:
            reach = reach[oy:oy + gray.shape[0], ox:ox + gray.shape[1]]
    f = NORM_DIE / die_px
    key = (die_px, ox, oy, gray.shape)
    small = None if scaled is None else scaled.get(key)
    if small is None:
        small = cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
        if scaled is not None:
            scaled[key] = small
    small_mask = centres = None
    if mask is not None and reach is not None:  # pips are looked for in ``reach``, faces kept with centres in mask
        centres, mask = mask, reach
    if mask is not None:
        small_mask = kept_mask(searched, ("scaled", ox, oy, gray.shape, small.shape), lambda: ones_where_set(
            cv2.resize(mask, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_NEAREST)))
    mosaic = None
    if windows is not None:
        mosaic = Mosaic.around((np.asarray(windows, float).reshape(-1, 2) - (ox, oy)) * f, WINDOW_HALF * NORM_DIE,
                               small.shape)
        if mosaic is None:
            return []
        small_mask = mosaic.cut(small_mask if small_mask is not None else np.ones(small.shape, np.uint8), False)
        frame_shape = small.shape
        small = mosaic.cut(small)
    images = face_images(small)
    if color is not None and mask is not None and color.ndim == 3:
        images.color_src, images.scale = color, f
        if mosaic is not None:
            images.frame_offset = mosaic.offset_at
    pips = find_pips(images, small_mask)
    if len(pips) > 4000:
        return []
    out: list[FaceCandidate] = []
    shift = np.array([ox, oy], float)
    # pips of a few source pixels group by size (their shapes are sampling) where the scale enlarges them; at
    # smaller zooms a small pip is a side face's squashed one, whose shape is real (a flat die's side 6 read cocked)
    for group in group_pips(pips, images, TINY_PIP_PX * f if bounded and f >= SPLIT_ZOOM else 0.0):
        if len(group) == 1 and _not_a_one(group[0], f if bounded else 0.0):
            continue  # most groups: lone texture blobs (the same first test as _evaluate_group's, without a call)
        if seeds is not None:
            seeds.append(_centre(group) / f + shift)
        found = _faces_in_group(group, pips, images, bounded=bounded, zoom=f)
        for g, (fit, conf, ext) in found:
            if mosaic is not None and not mosaic.whole_inside(*fit.center, FACE_REACH * NORM_DIE, frame_shape):
                continue  # a face on a window's edge may be a piece of a larger one (dice_windows)
            back = mosaic.offset_at(*fit.center) if mosaic is not None else 0.0  # mosaic -> whole scaled image
            if centres is not None and not _inside(centres, (fit.center + back) / f):
                continue
            cues = tilt_cues(fit, g, _near_pips(fit, pips), _side_path(images, fit, g[0].dark))
            cues["affine"] = fit.affine / f if fit.value >= 4 else None
            cues["side_xy"] = (cues["side_xy"] + back) / f + shift
            cues["beside_xy"] = (_stronger_beside(fit, g, pips) + back) / f + shift
            size = fit.step * 2 * FACE_HALF_STEPS / f
            flat = judge_flat(cues, size)
            elong = float(median([p.elongation for p in g]))
            pxy = (np.array([[p.x, p.y] for p in g]) + back) / f + shift
            pdiam = float(median([p.diameter for p in g])) / f
            out.append(FaceCandidate(fit.value, conf, (fit.center + back) / f + shift, size, flat, len(g), elong, pxy,
                                     pdiam, cues, g[0].dark, _sureness(g, fit, ext, images)))
    return out


def _sureness(group: list[Pip], fit: LayoutFit, ext: np.ndarray, images: FaceImages) -> float:
    """The face's confidence for the referee (vision.dice_sure): its pips' likeness and, for a one, how its face
    sits round the pip on the colour image's outline where there is one, else on the grey one (``ext``, pixels).

    Why not the grey one as well: it caught a three read as a one from its middle pip (render 12903 frame 759,
    grey 0.0, colour 0.85) but called the demo game's true one unsure in every reading (frames 201-215, 0.3-0.37),
    and its roll was said 14 frames late; the grey outline runs on over a board as light as the die."""
    outlines = []
    if len(group) == 1:
        raw = ext
        if images.has_color:
            raw = _color_extent(images, fit.center, group[0].dark, fit.step, float(min(p.contrast for p in group)))
        outlines.append(np.asarray(raw, float) / fit.step)
    return face_sureness(len(group), [p.diameter for p in group], [p.contrast for p in group], outlines)


def _centre(group: list[Pip]) -> np.ndarray:
    """The mean of the pips' centres, as ``np.mean(xy, axis=0)`` gives it (a sum in order, then one division),
    without building an array per group (~30 groups a frame)."""
    n = len(group)
    return np.array([sum(p.x for p in group) / n, sum(p.y for p in group) / n])


def _side_path(images: FaceImages, fit: LayoutFit, dark: bool):
    """tilt_cues' test that a pip can be on this die (``dice_flat.SidePath``), made only when a pip asks it: most
    faces have no side-face pips. None without the colour image (grey alone cannot tell a die from the board)."""
    if not images.has_color:
        return None
    made: list = []

    def on_die(pip: Pip) -> bool:
        if not made:
            r = int(TILT_REACH * fit.step) + 2
            cx, cy = int(fit.center[0]), int(fit.center[1])
            patch, x0, y0 = images.bgr_patch(cx - r, cy - r, cx + r + 1, cy + r + 1)
            made.append(SidePath(patch, (x0, y0), fit.center, fit.step, dark) if patch.size else None)
        return made[0] is None or made[0](pip)

    return on_die


TILT_REACH = 5.0  # grid steps round a face within which tilt_cues may look at pips (it looks up to 4.5)


BESIDE_REACH = (0.3, 1.2)  # face sizes from a face's centre: where the pips of its die's other face beside it lie
STRONGER = 1.25  # a pip this many times the face's pips' median contrast: a face lit more squarely than this one


def _stronger_beside(fit: LayoutFit, group: list[Pip], pips: list[Pip]) -> np.ndarray:
    """Centres (the reading scale's pixels) of the pips of the face's polarity, not its own, within BESIDE_REACH of
    it and of STRONGER contrast than its own pips: the pips of another face of its die, lit more squarely.

    Why: a flat die's side face turned towards an oblique camera is shaded and its pips faint beside the upper
    face's; when the upper face goes unread (its pair's pips grouped with the side face's, or a one with the side
    face's pips foreign to it) the side face alone was read as the die (``dice_two_faces.lone_side_face``)."""
    xy = _pip_array(pips)
    if len(xy) == 0:
        return np.zeros((0, 2))
    size = fit.step * 2 * FACE_HALF_STEPS
    d = np.hypot(xy[:, 0] - fit.center[0], xy[:, 1] - fit.center[1])
    members = {id(p) for p in group}
    strong = STRONGER * float(median([p.contrast for p in group]))
    dark = group[0].dark
    keep = [k for k in np.nonzero((d >= BESIDE_REACH[0] * size) & (d <= BESIDE_REACH[1] * size))[0]
            if id(pips[k]) not in members and pips[k].dark == dark and pips[k].contrast >= strong]
    return xy[keep].reshape(-1, 2)


def _near_pips(fit: LayoutFit, pips: list[Pip]) -> list[Pip]:
    """The pips that can lie within TILT_REACH grid steps of a face along both of its axes, in their order.

    Why: tilt_cues weighs every pip it is given one by one (~0.5 ms per face for a board's ~250 pips); a pip
    that far out along either axis lies farther than TILT_REACH * sqrt(2) times the grid's longest step.
    """
    xy = _pip_array(pips)
    if len(xy) == 0:
        return []
    reach = TILT_REACH * np.sqrt(2.0) * float(np.linalg.norm(fit.affine, 2)) + 1.0
    d2 = ((xy - fit.center) ** 2).sum(axis=1)
    return [pips[i] for i in np.nonzero(d2 <= reach * reach)[0]]


def _split_face(group: list[Pip], pips: list[Pip], images: FaceImages, zoom: float = 0.0) -> list[Pip]:
    """The group with the pips the grouping left out of its face: same kind, within a die of it, on its bare face.

    Why: on a small die a pip is a few source pixels, so its measured shape (elongation, axis) is noise and one
    pip of a three can fail the pips-look-alike link; the rest of the face then fails for the pip "foreign" to it.
    Here only size and an unbroken face must agree, and the joined pips must still fit a layout as one face. Pips
    of at most TINY_PIP_PX source pixels (``zoom``: the scale's enlargement) may differ more in area: one source
    pixel more or less is half their area (a rendered 6 of ~11 px: one pip 1.6 times another's width), when the
    group has 4 pips or more (a shorter group so joined read a doubling cube's digits as a 3).
    """
    members = {id(p) for p in group}
    xy = np.array([[p.x, p.y] for p in group])
    joined = list(group)
    # only pips within reach of the group are weighed (one by one they cost ~20 ms a frame on small dice)
    every = _pip_array(pips)
    reach = ((every[:, None, :] - xy[None, :, :]) ** 2).sum(axis=2).min(axis=1) <= (0.75 * NORM_DIE) ** 2 + 1e-6
    for k in np.nonzero(reach)[0]:
        p = pips[k]
        if id(p) in members or p.dark != group[0].dark:
            continue
        d = np.hypot(xy[:, 0] - p.x, xy[:, 1] - p.y)
        near = group[int(np.argmin(d))]
        if d.min() > 0.75 * NORM_DIE or d.min() < 1.2 * max(p.diameter, near.diameter):
            continue
        tiny = len(group) >= 4 and min(p.diameter, near.diameter) <= TINY_PIP_PX * zoom
        if max(p.area, near.area) > SPLIT_AREA[bool(tiny)] * min(p.area, near.area) or p.elongation > 2.5:
            continue
        if _shares_face(near, p, images, SPLIT_INWARD if tiny else 0.0):
            joined.append(p)
    return joined


RUN_AREA = 1.3  # a run of two pips has at least this many times the area of its face's other pips (about 2)
RUN_ELONGATION = 2.3  # a tiny blob more elongated than a pip may be (_not_a_face): two pips run together
RUN_GROUP = (3, 5)  # groups of this many blobs may hold a run of two (a 6 of ~11 px read as 5 blobs)


def _parted_runs(group: list[Pip], zoom: float) -> Optional[tuple[list[Pip], list[Pip]]]:
    """The group with each run of two pips (a tiny blob elongated beyond any pip, RUN_ELONGATION) parted into two
    pips one grid step apart along its long axis, and the runs so parted; None when it has no run, or too few
    other pips to give the step.

    Why: a 6 is two parallel rows of three pips, and within a row the pips lie closer than anywhere on another
    face (the gap between them is about a pip's width). On a die of ~11-13 px a pip is one or two source pixels,
    and two pips of a row blur into one blob: the face is seen as five blobs (or four, both rows so), the run a
    short bar about twice a pip's area lying along its row, too elongated for a pip (renders at 960x540: a red 6
    of ~11 px missed on most rolls, why-codes r4 and r5). Two pips of a row are one grid step apart: the group's
    other pips give that step (their median nearest-neighbour distance) when three or more remain, else the run's
    own spread does (two discs of the other pips' area a step apart). The parted face must still pass every test
    of a face: a layout's fit, plain other faces' pip places (a 6's inked middles refuse a 4), no foreign pip."""
    tiny = TINY_PIP_PX * zoom
    runs = [p for p in group if p.elongation > RUN_ELONGATION and p.diameter / np.sqrt(2) <= tiny]
    rest = [p for p in group if not any(p is r for r in runs)]
    if not runs or len(rest) < 2 or len(rest) + 2 * len(runs) > 6:
        return None
    size = float(median([q.area for q in rest]))
    step = None
    if len(rest) >= 3:
        xy = np.array([[p.x, p.y] for p in rest])
        d = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1])
        np.fill_diagonal(d, np.inf)
        step = float(np.median(d.min(axis=1)))
    face = list(rest)
    for r in runs:
        if r.area < RUN_AREA * size:
            return None  # a run of two pips is about twice as large as a pip of its face
        # two pips of the face's size ``s`` apart: a spread along the run of a pip's own (size / 4 pi) plus
        # (s / 2)^2, across it a pip's own; so s = sqrt(size (e^2 - 1) / pi) for the run's elongation e
        gap = step if step is not None else float(np.sqrt(size * (r.elongation ** 2 - 1) / np.pi))
        ux, uy = np.cos(r.angle) * gap / 2, np.sin(r.angle) * gap / 2
        for sgn in (-1, 1):
            face.append(Pip(r.x + sgn * ux, r.y + sgn * uy, r.area / 2, r.diameter / np.sqrt(2), 1.0, r.angle,
                            r.contrast, r.face, r.dark))
    return face, runs


def _faces_in_group(group: list[Pip], pips: list[Pip], images: FaceImages, bounded: bool = False,
                    zoom: float = 1.0) -> list:
    """The group as one face; failing that, the face with pips the grouping split off (see _split_face), or faces
    made of a pip and its nearest group-mates (touching dice)."""
    if len(group) <= 6:
        res = _evaluate_group(group, pips, images, bounded=bounded, zoom=zoom)
        if res is not None:
            return [(group, res)]
    if len(group) == 1:
        return []
    joined = group
    if zoom >= SPLIT_ZOOM and len(group) < 6:
        joined = _split_face(group, pips, images, zoom if bounded else 0.0)
        if len(group) < len(joined) <= 6:
            res = _evaluate_group(joined, pips, images, bounded=bounded, zoom=zoom)
            if res is not None:
                return [(joined, res)]
        else:
            joined = group
    if bounded and zoom >= SPLIT_ZOOM and RUN_GROUP[0] <= len(joined) <= RUN_GROUP[1]:
        # a face with two of its pips run together into one blob (see _parted_runs): the face as it was grouped, or
        # with the pips _split_face joined to it
        parted = _parted_runs(joined, zoom)
        if parted is not None:
            face, runs = parted
            every = [q for q in pips if not any(q is r for r in runs)] + face[len(joined) - len(runs):]
            res = _evaluate_group(face, every, images, bounded=bounded, zoom=zoom)
            if res is not None:
                return [(face, res)]
    if bounded and zoom >= SPLIT_ZOOM:
        # a small die's upper face joined by its side face's fainter pips: the strong pips alone (dice_strong_core)
        core = strong_core([p.contrast for p in group])
        if core is not None:
            face = [group[k] for k in core]
            res = _evaluate_group(face, pips, images, bounded=bounded, zoom=zoom)
            if res is not None:
                kept = set(core.tolist())
                rest = np.array([[p.x, p.y] for k, p in enumerate(group) if k not in kept])
                if rest_off_face(res[0].center, res[0].affine, rest):  # the fainter pips beside it, not on it
                    return [(face, res)]
    xy = np.array([[p.x, p.y] for p in group])
    seen: set[frozenset[int]] = set()
    found = []
    # each pip's group-mates nearest first, every row at once: row i is ``np.argsort(np.hypot(*(xy - xy[i]).T))``
    # (the same distances, each row sorted alone by the same sort), without two numpy calls per pip
    orders = np.argsort(np.hypot(xy[None, :, 0] - xy[:, None, 0], xy[None, :, 1] - xy[:, None, 1]), axis=1)
    for i in range(len(group)):
        order = orders[i]
        for m in range(1, min(6, len(group)) + 1):
            key = frozenset(order[:m].tolist())
            if key in seen or m == len(group) or m == 2:
                continue
            seen.add(key)
            sub = [group[k] for k in order[:m]]
            res = _evaluate_group(sub, pips, images, bounded=bounded, zoom=zoom)
            if res is not None:
                found.append((sub, res))
    return found


def _scales(gray: np.ndarray, die_size_px: Optional[float]) -> list[float]:
    if die_size_px:
        # the calibration's guess is 0.45 checker diameters; dice are 0.3-0.5 of a checker on most boards, 0.25 on
        # some (small dice, big checkers) and 0.55-0.8 on small boards (standard dice, small checkers): scales a
        # step of 1.2 apart from 0.26 to 0.65 checker diameters cover that, and a face read in pieces at one scale
        # is often whole at the next (sampling of pips a few pixels across), so the steps are close (real photos:
        # 12 -> 15 of 18 dice with 5 scales instead of 3). Scales below the smallest die readable are left out.
        # The guess itself is always read, even below the floor (a view whose shares all fall below it is read at
        # the guess alone): the floor keeps the blind search's smallest scales off texture, but a calibrated guess
        # is the likeliest edge; without it a guess of 9-11 px read only at 1.2 of it, where dice of the guess's
        # size lose their pips (a rendered game at 720p: 22 -> 55 of 120 dice read, no wrong value, no false die).
        return [s for k, s in ((k, die_size_px * k) for k in GUESS_SHARES) if s >= MIN_DIE_PX or k == 1.0]
    top = min(gray.shape[:2]) / 2.5
    out = []
    s = MIN_DIE_PX * 1.2
    while s <= top:
        out.append(s)
        s *= SCALE_RATIO
    return out


def _explains(big: FaceCandidate, small: FaceCandidate) -> bool:
    """True when ``big`` saw every pip of ``small`` and more (small read only part of the face at a poorer scale)."""
    if big is small or big.pips <= small.pips:
        return False
    d = np.linalg.norm(small.pip_xy[:, None, :] - big.pip_xy[None, :, :], axis=2)
    return bool((d.min(axis=1) <= 0.6 * max(big.pip_diam, small.pip_diam)).all())


def _merge(cands: list[FaceCandidate]) -> list[FaceCandidate]:
    """One reading per die: overlapping faces from several scales agree, or the die's value is unsure."""
    cands = sorted(cands, key=lambda c: -c.confidence)
    taken = [False] * len(cands)
    merged: list[FaceCandidate] = []
    for i, c in enumerate(cands):
        if taken[i]:
            continue
        cluster = [c]
        for j in range(i + 1, len(cands)):
            if not taken[j] and np.linalg.norm(cands[j].center - c.center) < 0.5 * max(c.size, cands[j].size):
                taken[j] = True
                cluster.append(cands[j])
        cluster = [k for k in cluster if not any(_explains(o, k) for o in cluster)]
        if len({k.value for k in cluster}) > 1:
            # a face whose pips are clearly flatter than another's here is a side face, or a fit that took in a
            # side face's pips: it does not make the upper face's value unsure (a real photo's white 5 seen
            # obliquely, with a 4 fitted to two of its pips and two of its side face's, was reported unread)
            roundest = min(k.elongation for k in cluster)
            cluster = [k for k in cluster if k.elongation <= roundest + SIDE_ELONGATION] or cluster
        values = {k.value for k in cluster}
        best = cluster[0]
        if len(values) > 1:
            rival = max(k.confidence for k in cluster if k.value != best.value)
            if best.confidence - rival < 0.25:
                best = FaceCandidate(None, best.confidence, best.center, best.size, best.flat, best.pips, best.elongation,
                                     best.pip_xy, best.pip_diam, best.tilt, best.dark, 0.0)
        merged.append(best)
    return merged


ROLL_DICE = 2  # dice of one roll
ROLL_CONFIDENCE = 0.7  # a face this sure counts as read (a one's and a pair's own confidence; larger faces' fit)


def _roll_read(cands: list[FaceCandidate]) -> bool:
    """Whether one scale's faces already are a whole roll read: exactly ROLL_DICE dice, each flat and with a value
    of at least ROLL_CONFIDENCE, and no other face.

    Why: the learnt edge's second scale is there for faces the first read in pieces (a pip split off, two run
    together); with both dice of the roll read whole there is no die left to find on the field (a third die is no
    roll), and the second scale cost as much as the first. A one or a two read at the first scale already passed
    the tests that tell it from a larger face seen in part (the other faces' pip places are plain, no foreign pip).
    Measured against always reading both scales: every die value the same on the real photos, sample stills and
    renders seeds 8484 and 5353 (each read as a running camera); sample game 174 -> 177 frames right; bench 30/30;
    no wrong value in any; bench dice 36 -> 21 ms.
    """
    return _whole_roll(_drop_side_faces(_merge(list(cands))))


def _whole_roll(faces: list[FaceCandidate]) -> bool:
    """Final faces that are a whole roll: exactly ROLL_DICE, each flat with a value of at least ROLL_CONFIDENCE."""
    return len(faces) == ROLL_DICE and all(
        c.value is not None and c.flat and c.confidence >= ROLL_CONFIDENCE for c in faces)


def _reread_roll(gray: np.ndarray, die_px: float, mask: np.ndarray, color: np.ndarray,
                 reach: Optional[np.ndarray], box: Optional[tuple[int, int, int, int]], last: np.ndarray,
                 scaled: Optional[dict] = None, lower: Sequence[float] = ()) -> Optional[list[FaceCandidate]]:
    """The faces read at ``die_px`` only in windows round the last frame's roll (``last``: its dice's centres,
    pixels of ``gray``), when they are a whole roll again (``_roll_read``); None otherwise, and the caller reads the
    field whole.

    Why: the dice of a roll lie where they fell until they are lifted, while hands move checkers round them, and
    each such frame read the whole field again at the learnt edge (~13 ms at 1080p, most of it on checker grain).
    Only a whole roll read again is taken: a die moved, lifted, hidden or unsure, or a face short of a whole roll,
    and the field is read whole, as before. The windows are cut from the whole scaled field (``dice_windows``):
    the very pixels the whole read sees. Windows cut from a crop of the frame instead were resampled at another
    phase, their faces' sizes moved the learnt edge, and a rendered game read a false one for 20 frames after a lift.

    ``lower``: the learnt edge's other scales, read in the same windows when ``die_px`` found a face there yet no
    whole roll. Why: a roll that only both scales read whole (a face read in pieces at one) was read whole again on
    every frame it lay (one in four of the bench's in-game frames: 23 ms of dice instead of 9); where the first
    scale finds no face round the roll (the dice lifted: the verdict frame), nothing more is read.
    """
    found = _read_scale(gray, die_px, mask, color, windows=list(last), reach=reach, box=box, scaled=scaled)
    if _roll_read(found):
        return found
    if not found:
        return None
    for s in lower:
        found = found + _read_scale(gray, s, mask, color, windows=list(last), reach=reach, box=box)
    return found if lower and _roll_read(found) else None


def _roll_centres(found: list[FaceCandidate]) -> Optional[np.ndarray]:
    """The centres of a whole roll read (``_whole_roll`` of the final faces), else None."""
    return np.array([c.center for c in found], float) if _whole_roll(found) else None


REREAD_ROLL = True  # read round the last frame's roll first (off: always the whole field)
ROLL_REACH = 2.5  # learnt die edges round each die of a roll within which its re-read sees pixels: the windows reach
# WINDOW_HALF (1.8), joined on a grid of a quarter of that (dice_windows.Mosaic.around), and the flatness cues read
# round the die within that


def memory_view(memory: Any, image_shape: tuple[int, ...], mask: Optional[np.ndarray], die_size_px: float) -> Any:
    """The memory's view for one area searched at one guessed die size: the key ``find_dice`` learns under (the
    frame's shape, the mask's box, the guess), so a reader that asks after or reads at an area's learnt scales
    finds the same view."""
    return memory.view((image_shape, kept_box(mask) if mask is not None else None, round(float(die_size_px), 1)))


def forget_roll(memory: ScaleMemory, image_shape: tuple[int, ...], mask: np.ndarray, die_size_px: float) -> None:
    """Forget the last whole roll of this view (see ``last_roll``): the next ``find_dice`` reads the area whole."""
    memory_view(memory, image_shape, mask, die_size_px).roll = None


def last_roll(memory: ScaleMemory, image_shape: tuple[int, ...], mask: np.ndarray, die_size_px: float
              ) -> Optional[tuple[np.ndarray, float]]:
    """The whole roll the last ``find_dice`` of this view read (``mask`` and ``die_size_px`` as it was given them):
    its dice's centres (frame px) and how far round each its re-read looks (px), or None when that read was no
    whole roll (``_roll_centres``) or read no learnt view.

    Why: the next frame re-reads that roll in windows round it (``_reread_roll``) and takes the result only as the
    same whole roll; where no pixel within that reach changed, the re-read sees what the last read saw, and the
    reader may keep the roll without reading (vision.dice_watch)."""
    view = memory_view(memory, image_shape, mask, die_size_px)
    roll = getattr(view, "roll", None)
    if roll is None:
        return None
    edge = max(view.scales(_scales(np.zeros((1, 1), np.uint8), die_size_px), float(die_size_px)))
    return np.array(roll, float), ROLL_REACH * edge + 2.0


def learnt_edge(memory: ScaleMemory, image_shape: tuple[int, ...], mask: np.ndarray, die_size_px: float
                ) -> Optional[float]:
    """The die edge (px) learnt from confident faces in this view (``mask`` and ``die_size_px`` as ``find_dice``
    was given them), None before two agreed. The fitted pip grid understates the edge a little (dice_scale), so
    two dice that touch lie at least this far apart."""
    return memory_view(memory, image_shape, mask, die_size_px).edge()


def read_learnt(memory: ScaleMemory, image_shape: tuple[int, ...], mask: np.ndarray, die_size_px: float) -> bool:
    """Whether the last ``find_dice`` of this view (``mask`` and ``die_size_px`` as it was given them) read at the
    learnt edge's scales rather than the guess's (a read without a learnt edge, or due a recheck, reads the guess's).

    Why: a reader that looks again at the guess's scales where the learnt ones found one die of a roll
    (vision.reader.Reader._second_look) would only repeat a read already made at them."""
    view = memory_view(memory, image_shape, mask, die_size_px)
    return bool(getattr(view, "learnt_read", True))


SMALL_FACE = 0.6  # of the learnt die edge: a face fitted smaller is a side face's pips (the edge is the median of
# confident upper faces' fitted sizes, so an upper face fits near it)


def _seen_flatter(c: FaceCandidate) -> bool:
    """Whether a face is seen flatter than an upper face can be (MIN_FACE_FORESHORTENING): a side face, or a cocked
    die's top; reported without a value, and no face of a roll."""
    slant = c.tilt.get("foreshortening")
    return slant is not None and slant < MIN_FACE_FORESHORTENING


def find_dice(image_bgr: np.ndarray, mask: Optional[np.ndarray] = None,
              die_size_px: Optional[float] = None, board_to_image: Optional[np.ndarray] = None,
              memory: Optional[ScaleMemory] = None) -> list[DieReading]:
    """Every die in the image (inside ``mask`` if given), with its value (None when unsure) and flatness.

    ``die_size_px``: expected die edge in pixels (from the board calibration); without it, all plausible sizes are
    tried. ``board_to_image``: the board plane's homography (any board units -> image pixels), when known; with it
    a die's face is compared with how a flat face would look at that spot, which catches far more cocked dice.
    ``half`` is left None (the board reader knows where the bar is). ``memory``: with ``die_size_px``, the die
    edge learnt from earlier frames of the same view (``dice_scale``) replaces the guess (None, the default: always
    the guess's scales). The memory belongs to its caller (``vision.reader.Reader`` owns one): a module-wide one made
    each result depend on what any other reader in the process had read before.
    """
    if image_bgr is None or image_bgr.size == 0:
        raise VisionError("empty image")
    scales = _scales(image_bgr, die_size_px)
    shape = image_bgr.shape
    box = kept_box(mask) if mask is not None else None  # kept with the reader's read-only mask
    whole_mask = mask
    view = None
    learnt = False
    if die_size_px and memory is not None:
        view = memory_view(memory, image_bgr.shape, mask, die_size_px)
        guess = scales
        scales = view.scales(guess, float(die_size_px))
        learnt = scales is not guess
        view.learnt_read = learnt
    ox = oy = 0
    if mask is not None:  # the masked area's box with the largest scale's margin: grey and colour of that only
        bx, by, bw, bh = box
        if bw == 0 or bh == 0:
            return []
        pad = int(max(scales, default=0)) + 1
        ox, oy = max(0, bx - pad), max(0, by - pad)
        image_bgr = image_bgr[oy:by + bh + pad, ox:bx + bw + pad]
        mask = mask[oy:oy + image_bgr.shape[0], ox:ox + image_bgr.shape[1]]
        box = (bx - ox, by - oy, bw, bh)  # the crop holds the whole box: the cropped mask's own box, at every scale
    gray = _gray(image_bgr)
    reach = None
    if mask is not None:  # the same each frame of a calibrated view: kept with the reader's read-only mask
        cropped, edge = mask, max(scales)
        reach = kept_mask(whole_mask, ("reach", ox, oy, mask.shape, _widening(edge)), lambda: _widened(cropped, edge))
    cands: list[FaceCandidate] = []
    seeds: list = []  # centres of pip groups from the scales read whole: where the others read (dice_windows)
    if learnt and len(scales) > 1:
        # the learnt edge: read round the last frame's roll (the same whole roll there is the answer), else read
        # whole at it, then the scales below only round the groups of pips found there
        last = getattr(view, "roll", None)
        rolled = None
        scaled: dict = {}  # the first scale's resized field, made once for both reads
        if REREAD_ROLL and mask is not None and last is not None:
            rolled = _reread_roll(gray, max(scales), mask, image_bgr, reach, box, last - (ox, oy), scaled,
                                  sorted(scales, reverse=True)[1:])
        if rolled is not None:
            cands.extend(rolled)
        else:
            cands.extend(_read_scale(gray, max(scales), mask, image_bgr, seeds=seeds, reach=reach, box=box,
                                     scaled=scaled))
        if rolled is None and not (mask is not None and _roll_read(cands)):
            for s in sorted(scales, reverse=True)[1:]:
                cands.extend(_read_scale(gray, s, mask, image_bgr, windows=seeds, reach=reach, box=box))
    elif mask is not None and len(scales) > 2:
        # the guess's five scales: the smallest and the middle one read whole (a small die's pips are seen there),
        # the others only round the groups of pips those found (first frames: ~20% faster, the same dice read)
        whole = sorted(scales)[0:3:2]
        for s in whole:
            cands.extend(_read_scale(gray, s, mask, image_bgr, seeds=seeds, reach=reach, box=box))
        for s in scales:
            if s not in whole:
                cands.extend(_read_scale(gray, s, mask, image_bgr, windows=seeds, reach=reach, box=box))
    else:
        for s in scales:
            cands.extend(_read_scale(gray, s, mask, image_bgr, reach=reach, box=box))
    for c in cands:
        c.center = c.center + (ox, oy)
        c.pip_xy = c.pip_xy + (ox, oy)
        c.tilt["side_xy"] = c.tilt["side_xy"] + (ox, oy)
        c.tilt["beside_xy"] = c.tilt["beside_xy"] + (ox, oy)
    merged = _merge(cands)
    if die_size_px and die_size_px >= SPOT_MIN_DIE_PX and mask is not None:  # a lone pip on the checkers: a
        # highlight or a gap (dice_checker_spot; not on dice under SPOT_MIN_DIE_PX, where it refused true ones)
        merged = [c for c in merged if c.pips != 1
                  or not is_checker_spot(image_bgr, c.pip_xy[0] - (ox, oy), float(die_size_px))]
    if board_to_image is not None:  # two faces of one die side by side: it is cocked (vision.dice_two_faces)
        cocked, side = two_faces(merged, board_to_image, shape)
        for k in cocked:
            merged[k].flat = False
        # a flat die's side face turned towards the camera beside its upper face: no die of its own
        merged = [c for k, c in enumerate(merged) if k not in side - cocked]
    found = _drop_side_faces(merged)
    learnt_edge = getattr(view, "edge", None) if learnt else None  # (a look at one chosen scale has none)
    edge = learnt_edge() if callable(learnt_edge) else None
    if edge:
        # a face of two pips or more fitted far smaller than the edge this view's dice showed is no die's upper
        # face: a side face's pips, squeezed by the slant (judging game 73535 frame 182: a 3 seen obliquely, its
        # side face's four pips fitted as a 4 of 5.9 px at the learnt 14 px edge, read 0.8 sure where the 3 is;
        # light's legal 8/7 6/3 was called 'do not match the roll 4-1'). Dropped, the die is looked for again
        # (vision.reader's second look at a lone die) or left unread: never read as the side face
        found = [c for c in found if c.pips < 2 or c.size >= SMALL_FACE * edge]
    # a face seen flatter than an upper face can be (MIN_FACE_FORESHORTENING) or a flat die's side face read alone,
    # its upper face unread (dice_two_faces.lone_side_face), is reported below as a die of no value. It shows no
    # die's edge and is no die of a roll: the edge is learnt and the roll kept without it. Why: a 1-1 whose ones
    # teach no edge (one pip) left a side 5 beside a one, fitted at 8.7 px, as the only face that taught one (own
    # game 82006, 1280x720, guessed edge 13.5 px): the edge learnt was kept at its floor, 0.67 of the guess, the
    # ones went unread at its scales, and the side face and one of the ones were kept as a whole roll read round
    # on the next frames, the other one never looked for ("only one die is seen" on a still roll)
    sides = {id(c) for c in found if board_to_image is not None and c.value is not None
             and lone_side_face(c, found, board_to_image, shape)}
    upper = [c for c in found if id(c) not in sides and not _seen_flatter(c)]
    if view is not None and hasattr(view, "roll"):
        view.roll = _roll_centres(upper) if learnt and mask is not None else None
    if view is not None:
        view.learn([c.size for c in upper
                    if c.value is not None and c.pips >= 2 and c.confidence >= LEARN_CONFIDENCE])
    dice = []
    for c in found:
        value = c.value if c.confidence >= MIN_CONFIDENCE else None
        slant = c.tilt.get("foreshortening")
        if _seen_flatter(c):
            value = None
        flat = c.flat
        alone = value is not None and id(c) in sides
        if alone:
            # a flat die's side face, its upper face unread: no value, and its own slant is no tilt of the die
            # (the flatness cues below would measure the side face's squash and call the die cocked)
            dice.append(DieReading(value=None, flat=True, center=[float(c.center[0]), float(c.center[1])],
                                   confidence=0.0))
            continue
        if board_to_image is not None and flat:
            flat = flat_on_board(c.tilt, c.center, np.asarray(board_to_image, float), c.size, shape)
        # its body and band are drawn against the outline of the face's layout: not for a layout squashed in the image
        # beyond any lean (STEEPEST_LEAN) whose pips are not squashed with it (judge_flat kept it flat), four of a flat
        # 6's pips fitted as a 4 (image 0.51-0.56): its small square's outline left the 6's body 0.48-0.55 edges past
        # it, a false re-roll (own game 60002 frame 173; still 60244 forced); every cocked die those cues caught on
        # forced renders 60100-60299 was seen at 0.79 or squarer (1-3 pips: no squash measured, asked as before)
        squashed = slant is not None and slant < STEEPEST_LEAN
        if board_to_image is not None and flat and c.size >= MIN_BODY_EDGE_PX and not squashed:  # vision.dice_tilt
            others = np.array([o.center for o in found if o is not c], float).reshape(-1, 2)
            # its body past a flat die's outline, a side face's band beside one edge of the upper face, or both
            # short of their own bars but agreeing (vision.dice_tilt, dice_tilt_band, dice_tilt_agree)
            flat = not side_face_cocked(image_bgr, c.tilt, c.center, c.size, np.asarray(board_to_image, float),
                                        shape, others, (ox, oy))
        if board_to_image is not None and value is not None and steep_on_board(
                c.tilt, c.center, np.asarray(board_to_image, float), c.size):
            value = None  # a face squashed beyond any lean: a die on its edge or a misfit layout (dice_flat)
        dice.append(DieReading(value=value, flat=flat, center=[float(c.center[0]), float(c.center[1])],
                               confidence=c.sure if value is not None else 0.0))
    dice.sort(key=lambda d: (d.center[0], d.center[1]))
    return dice


def read_die(patch: np.ndarray) -> tuple[Optional[int], float]:
    """Value and confidence of the one die that fills most of ``patch`` (a crop around a die)."""
    gray = _gray(patch)
    side = min(gray.shape[:2])
    best: Optional[FaceCandidate] = None
    centre = np.array([gray.shape[1] / 2.0, gray.shape[0] / 2.0])
    for die_px in (side * 0.45, side * 0.6, side * 0.8):
        if die_px < MIN_DIE_PX:
            continue
        for c in _read_scale(gray, die_px, None):
            if np.linalg.norm(c.center - centre) > side * 0.35:
                continue
            if best is None or c.confidence > best.confidence:
                best = c
    if best is None or best.value is None or best.confidence < MIN_CONFIDENCE:
        return None, 0.0 if best is None else best.confidence
    return best.value, best.confidence
