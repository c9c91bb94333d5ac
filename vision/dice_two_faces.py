"""Two faces of one die read side by side: a die cocked on a checker or the frame.

Why: a die leaning 17-34 degrees turns a side face up towards the camera, and the reader then finds two faces with
pips half to one die edge apart (rendered cocked dice: 8 of 30 so read, flat dice: 1 of 150), but judges flatness
on the upper face alone, which is nearly square. A flat die can show a side face too, only in two ways the camera
limits: towards the camera (a face turned away from it is hidden), and foreshortened to about sin(theta), theta the
line of sight's angle from vertical at the die (the board's homography gives the camera: ``dice_flat.camera_pose``).
So two faces of one die are a cocked die when the squashed one lies on the side turned away from the camera, or is
seen rounder than any flat die's side face there yet still squashed (a fitted face of 4-6 pips: the shape of a
pair's or a three's tiny pips is blur, a flat die's side pips looked round), and of the size such a face of that
die has (a layout fitted to part of a side face has neither its shape nor its size).

The camera here is always the homography's own (``camera_pose(..., use_lens=False)``), even with a calibrated lens:
these bars were set on it (see ``lone_side_face``: its angle ran low against the lens's), and with the lens's the
flat 6 of judging game 81535 frame 583 (960x540, a strong barrel lens, 18.7 degrees off vertical) was taken for a
side face read alone and left unread: light's 6-5 rolls there read as one die (81535 49 -> 47 on time).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from vision.dice_flat import MIN_FACE_EDGE_PX

ADJACENT = (0.45, 0.95)  # centre distance over the larger face's edge: a side face's centre beside the upper one's
# (renders: 0.5-0.86); two flat dice that touch lie a whole edge apart or more
AWAY = -0.5  # cosine between the side face's way out (board plane) and the way to the camera: turned away from it
# (beyond 120 degrees: the camera's foot from the homography can be 20-30 degrees off at a die, renders 1678)
SQUASHED_PIPS = 0.2  # the side face's pips this much more elongated than the upper face's (seen obliquely)
ROUNDER = 0.08  # a 4-6 face's foreshortening above sin(theta) by this: beyond a flat die's side face (pips' noise)
SIDE_FACE = 0.8  # ... and below this (a square face is the top of a die, or another die)
FLATTER = 0.1  # the side face's foreshortening at least this below the upper face's when both are known
SIDE_SIZE = (0.75, 1.35)  # a side face's fitted size over the size its foreshortening gives it (the upper face's
# edge times sqrt(foreshortening)): cocked dice's side faces 1.03-1.15 (renders 16011-17039); a 4 fitted to four of
# a flat die's side 6's pips measured 0.52 (render 1886) and called the die cocked, a false re-roll


def _squash(face) -> Optional[float]:
    """The face's foreshortening from its fitted layout (4-6 pips), else None."""
    fs = (face.tilt or {}).get("foreshortening")
    return None if fs is None else float(fs)


def _board_point(h_inv: np.ndarray, xy: Sequence[float]) -> Optional[np.ndarray]:
    p = h_inv @ np.array([float(xy[0]), float(xy[1]), 1.0])
    return None if abs(p[2]) < 1e-12 else p[:2] / p[2]


def _true_side(side, top, fs: float) -> bool:
    """Whether a side face's fitted size is the size of a face of the upper face's die foreshortened by ``fs``.

    Why: the side face shares an edge with the upper face, so its fitted size (the square root of the layout's area)
    is about the upper face's edge times sqrt(fs). A layout fitted to part of a face (four of a 6's pips as a 4)
    is smaller and its foreshortening is the misfit's, not the face's: no evidence of a tilt."""
    if fs <= 0 or top.size <= 0:
        return False
    ratio = side.size / (top.size * float(np.sqrt(fs)))
    return SIDE_SIZE[0] <= ratio <= SIDE_SIZE[1]


def _beside_as_side(side, top, fs: float, sin_view: float) -> bool:
    """Whether a side face lies where a flat die's side face of its own size lies beside an upper face of 1-3 pips
    (whose shape and size are not measured: its fitted size is a guess from its pips' spacing).

    The side face's fitted size is the die's edge times sqrt(fs), so it gives the edge itself; the two faces' centres
    then lie half an edge apart on the upper face, foreshortened by cos(theta) there, plus half the side face's own
    seen height (fs): the gap over that within SIDE_SIZE. Why: a 1 with its side 5 turned towards a camera 39 degrees
    off vertical (own game 82006, 1280x720, dice of ~12 px) was read as two dice, a 5 beside the 1, on most frames of
    a still 1-1; the 5 taught the learnt die edge its 8.7 px, where the ones went unread. Its gap was 1.09 of a side
    face's; the upper face's guessed size (16 px, from its pip) made the size test 0.72, below SIDE_SIZE."""
    if fs <= 0 or not 0 <= sin_view < 1:
        return False
    edge = side.size / float(np.sqrt(fs))
    want = 0.5 * edge * (float(np.sqrt(1.0 - sin_view * sin_view)) + fs)
    gap = float(np.linalg.norm(np.asarray(side.center, float) - np.asarray(top.center, float)))
    return want > 0 and SIDE_SIZE[0] <= gap / want <= SIDE_SIZE[1]


SAME_PIP = 0.12  # die edges: pips of two faces this close are the same pips
MAX_SHARED_PIPS = 1  # two faces sharing more pips than this are one face read twice, not two faces of a die


def _shared_pips(a, b) -> int:
    """How many of ``a``'s pips are ``b``'s too: a layout fitted to part of a face (four of a 5's pips read as a 4,
    its centre 0.46 edges off the 5's on real photo r19 once the board's halves were made equal) shares them all,
    whereas a side face's pips lie beside the upper face's, never on them."""
    pa, pb = np.asarray(a.pip_xy, float).reshape(-1, 2), np.asarray(b.pip_xy, float).reshape(-1, 2)
    if len(pa) == 0 or len(pb) == 0:
        return 0
    near = SAME_PIP * max(a.size, b.size)
    d = np.hypot(pa[:, None, 0] - pb[None, :, 0], pa[:, None, 1] - pb[None, :, 1])
    return int((d.min(axis=1) <= near).sum())


def _side_and_top(a, b):
    """(side, top): the more squashed face is the side face (foreshortening, else pip elongation)."""
    fa, fb = _squash(a), _squash(b)
    if fa is not None and fb is not None and abs(fa - fb) >= FLATTER:
        return (a, b) if fa < fb else (b, a)
    if abs(a.elongation - b.elongation) >= SQUASHED_PIPS:
        return (a, b) if a.elongation > b.elongation else (b, a)
    return None


def _squashed_beside(a, b):
    """(side, top) when only one of the two has a measured shape (4-6 pips) and it is seen less square than a flat
    die's upper face that shows a side face (TOP_FACE), its pips more elongated than the other's; else None. Only
    for a flat die's side face (``two_faces``' side faces, which then ask it to be squashed as one there and lie
    where one lies), never a cocked call.

    Why: beside a one, a two or a three (no shape measured) a side face of 4-6 pips was paired only when its pips
    were SQUASHED_PIPS more elongated than the upper face's, and blur rounds a small die's pips alike (own game
    82006: a side 5 seen at 0.54-0.57 beside a one, pips 1.34-1.44 against 1.19-1.26, read as a die on most
    frames)."""
    fa, fb = _squash(a), _squash(b)
    if (fa is None) == (fb is None):
        return None
    side, top = (a, b) if fa is not None else (b, a)
    if _squash(side) >= TOP_FACE or side.elongation <= top.elongation:
        return None
    return side, top


TOWARDS = 0.5  # cosine between a side face's way out and the way to the camera: turned towards it (within 60 deg)
TOP_FACE = 0.8  # a flat die's upper face is seen at least this square (its foreshortening) where it shows a side


def _pairs(faces: Sequence, board_to_image: np.ndarray, shape: tuple[int, ...]):
    """Each two faces of one die side by side (ADJACENT, few shared pips, the same polarity, both with a value) with
    one more squashed than the other (``_side_and_top``, else ``_squashed_beside``): (i, j, side, top, cos, sin_view,
    only_side), ``only_side`` when paired by ``_squashed_beside`` (no cocked call), ``cos`` the cosine
    between the side face's way out from the upper one (board plane) and the way to the camera, ``sin_view`` the
    sine of the line of sight's angle from vertical at the upper face."""
    from vision.dice_flat import camera_pose

    if len(faces) < 2:
        return
    h = np.asarray(board_to_image, float)
    try:
        rot, t, _ = camera_pose(h, shape, use_lens=False)  # (see the module's note)
        h_inv = np.linalg.inv(h)
    except (np.linalg.LinAlgError, ZeroDivisionError):
        return
    cam = -rot.T @ t
    if not np.all(np.isfinite(cam)) or abs(cam[2]) < 1e-9:
        return
    for i, a in enumerate(faces):
        for j in range(i + 1, len(faces)):
            b = faces[j]
            if a.value is None or b.value is None or a.dark is None or a.dark != b.dark:
                continue
            gap = float(np.linalg.norm(np.asarray(a.center) - np.asarray(b.center))) / max(a.size, b.size, 1e-9)
            if not ADJACENT[0] < gap < ADJACENT[1] or _shared_pips(a, b) > MAX_SHARED_PIPS:
                continue
            pair = _side_and_top(a, b)
            only_side = pair is None
            if only_side:
                pair = _squashed_beside(a, b)
            if pair is None:
                continue
            side, top = pair
            ps, pt = _board_point(h_inv, side.center), _board_point(h_inv, top.center)
            if ps is None or pt is None:
                continue
            out_way, to_cam = ps - pt, cam[:2] - pt
            norm = float(np.linalg.norm(out_way) * np.linalg.norm(to_cam))
            if norm <= 0:
                continue
            slope = float(np.linalg.norm(to_cam)) / abs(float(cam[2]))
            yield i, j, side, top, float(out_way @ to_cam) / norm, slope / float(np.hypot(1.0, slope)), only_side


def flat_side_faces(faces: Sequence, board_to_image: np.ndarray, shape: tuple[int, ...]) -> set[int]:
    """Indices of ``faces`` that are the side face of a flat die whose upper face was read beside it: a face
    squashed as a flat die's side face is seen there (its fitted foreshortening within ROUNDER of sin(theta), and
    of the size of a side face of the upper face's die: ``_true_side``), turned towards the camera, beside a face
    seen square (TOP_FACE). Pairs ``two_faces_cocked`` calls cocked are never such.

    Why: a camera 30-40 degrees off vertical sees a flat die's side face turned towards it at about sin(theta), its
    pips as clear as the top's; the reader read both, and the two readings of one die were merged into one of no
    value, centred on the side face (own renders at 1280x720, 48005: a 6 read with a side 4 beside it, unread on
    two rolls). A side face lies where only the camera's side of the die can show one, so it is no die of its own
    and says nothing of the value: the upper face does."""
    cocked, side = two_faces(faces, board_to_image, shape)
    return side - cocked


def two_faces_cocked(faces: Sequence, board_to_image: np.ndarray, shape: tuple[int, ...]) -> set[int]:
    """Indices of ``faces`` (``vision.dice.FaceCandidate``, merged over scales) that are one of two faces of a cocked
    die. Faces need a value and the same pip polarity (``dark``); the camera comes from ``board_to_image``."""
    return two_faces(faces, board_to_image, shape)[0]


def two_faces(faces: Sequence, board_to_image: np.ndarray, shape: tuple[int, ...]) -> tuple[set[int], set[int]]:
    """``two_faces_cocked``'s indices and the side faces of flat dice (``flat_side_faces``, before the cocked
    ones are taken out), from one walk over the faces' pairs: the camera's pose and each pair's geometry are
    worked out once for both (find_dice asks for both on every read with two faces or more)."""
    cocked: set[int] = set()
    side_faces: set[int] = set()
    for i, j, side, top, cos, sin_view, only_side in _pairs(faces, board_to_image, shape):
        fs = _squash(side)
        if not only_side and (cos < AWAY or (fs is not None and sin_view + ROUNDER < fs < SIDE_FACE
                                             and _true_side(side, top, fs))):
            cocked.update((i, j))
        elif only_side and _no_flat_face(fs, side, top, cos, sin_view):
            cocked.update((i, j))
        ft = _squash(top)
        if fs is None or cos < TOWARDS or fs > sin_view + ROUNDER:
            continue
        if (ft is not None and ft >= TOP_FACE and _true_side(side, top, fs)) or (
                ft is None and _beside_as_side(side, top, fs, sin_view)):
            side_faces.add(i if faces[i] is side else j)
    return cocked, side_faces


NOT_UPPER = 0.15  # a face seen this much less square than a flat die's upper face there (cos theta) is no upper face:
# flat dice's upper faces of 14 px or more measured at most 0.1 below it (renders through their lenses, real photos)


def _no_flat_face(fs: Optional[float], side, top, cos: float, sin_view: float) -> bool:
    """Whether a squashed face of 4-6 pips paired beside a one, two or three (``_squashed_beside``: no shape known on
    the other) can be no face of a flat die: less square than a flat die's upper face there (cos theta less
    NOT_UPPER), of the size a side face of that die has (``_true_side``), and on the side turned away from the camera
    or rounder than a flat die's side face (sin theta plus ROUNDER). Such a pair is a cocked die.

    Why: ``_squashed_beside`` only guesses which face is the upper one, so its pairs made no cocked call (a flat 5 seen
    at 0.78 under a camera 40 degrees off vertical, its side face a blurred 2, would be taken for a side face turned
    away). A face squashed far below cos theta is not that die's upper face, and if it is no flat die's side face
    either, the die leans: a cocked 3 whose side 6 was read at 0.63 beside it (sin theta 0.24). Measured by helper h5:
    forced-cocked renders 97000-97199 59 -> 60 of 165 caught, 97200-97399 through their lenses 59 -> 60 of 168; no
    flat die called cocked on any set, nor on any frame with two flat dice of two games read afresh (2,950 dice);
    the 47 judging games event for event the same (it never fired there)."""
    # (a face fitted under MIN_FACE_EDGE_PX: pip centres to half a pixel make its shape noise)
    if fs is None or not 0 <= sin_view < 1 or fs >= SIDE_FACE or side.size < MIN_FACE_EDGE_PX:
        return False
    if fs > float(np.sqrt(1.0 - sin_view * sin_view)) - NOT_UPPER or not _true_side(side, top, fs):
        return False
    return cos < AWAY or fs > sin_view + ROUNDER


SIDE_PIPS_ELONGATION = 1.15  # a side face's pips are seen obliquely, never round (dice_flat.MIN_SIDE_PIP_ELONGATION)


def lone_side_face(face, found: Sequence, board_to_image: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether ``face`` (a ``vision.dice.FaceCandidate`` with the cue ``beside_xy``) is a flat die's side face read
    alone: pips of its polarity, of no other face read and lit more squarely than its own (``_stronger_beside``),
    lie beside it on the side away from the camera (its upper face, unread), its own pips are squashed, and a face
    of 4-6 pips is squashed (under SIDE_FACE: not sin(theta) + ROUNDER as ``two_faces``, since the camera's angle
    that ``camera_pose`` finds from the homography alone ran low there: sin 0.37 where the lens gives about 0.5,
    and the side 4 measured 0.56).

    Why: a camera 20-35 degrees off vertical shows a flat die's side face turned towards it beside the upper face,
    shaded and squashed. When the upper face goes unread, the side face was reported as the die: a flat 2 with its
    side 4 read as a squashed 4 and called cocked (a false re-roll), a flat 1 with its side 3 read as a 3 (a legal
    1-1 judged against 3-1: a false illegal play; helper game 71501, 1280x720, frames 920 and 950). The side face
    says nothing of the die's value, nor of a tilt: the die is reported unread and flat (the play tells its value).
    A cocked die's squashed upper face lies on the far side of its die from the camera (its face turned up towards
    the camera is the nearer one), so it is never so taken."""
    from vision.dice_flat import camera_pose

    beside = np.asarray((face.tilt or {}).get("beside_xy", np.zeros((0, 2))), float).reshape(-1, 2)
    if len(beside) == 0 or face.elongation < SIDE_PIPS_ELONGATION:
        return False
    others = [np.asarray(o.pip_xy, float).reshape(-1, 2) for o in found if o is not face and o.value is not None]
    if others:
        theirs = np.concatenate(others)
        near = SAME_PIP * face.size
        d = np.hypot(beside[:, None, 0] - theirs[None, :, 0], beside[:, None, 1] - theirs[None, :, 1])
        beside = beside[d.min(axis=1) > near]
        if len(beside) == 0:
            return False
    h = np.asarray(board_to_image, float)
    try:
        rot, t, _ = camera_pose(h, shape, use_lens=False)  # (see the module's note)
        h_inv = np.linalg.inv(h)
    except (np.linalg.LinAlgError, ZeroDivisionError):
        return False
    cam = -rot.T @ t
    at = _board_point(h_inv, face.center)
    if at is None or not np.all(np.isfinite(cam)) or abs(cam[2]) < 1e-9:
        return False
    to_cam = cam[:2] - at
    fs = _squash(face)
    if fs is not None and fs >= SIDE_FACE:
        return False
    for xy in beside:
        pb = _board_point(h_inv, xy)
        if pb is None:
            continue
        out_way = at - pb  # from the unread face's pip towards this face: the way a side face lies from its top
        norm = float(np.linalg.norm(out_way) * np.linalg.norm(to_cam))
        if norm > 0 and float(out_way @ to_cam) / norm >= TOWARDS:
            return True
    return False
