"""Is a die lying flat? Judged from its upper face's shape and from a second face of the same die showing pips.

Why these cues: from above, a flat die shows one square face; a camera's own angle foreshortens every flat die's
face a little and shows thin side bands whose pips, if any, are seen very obliquely. A cocked die (tilted, leaning on
a checker or the frame) has its upper face foreshortened more and turns a side face, with fairly round pips, up
towards the camera.
"""

from __future__ import annotations

from statistics import median  # a few pips' values: ~20x np.median's speed on short lists

import numpy as np

from vision.dice_layout import LayoutFit, foreshortening

MIN_FLAT_FORESHORTENING = 0.72  # face short/long axis below this: tilted beyond an overhead camera's angle
MAX_FLAT_ELONGATION = 1.8  # pip major/minor axis on the upper face
SIDE_PIP_ELONGATION = 2.2  # a side face whose pips are rounder than this is turned towards the camera


def tilt_cues(fit: LayoutFit, group: list, pips: list) -> dict:
    """Measurements for judge_flat: face foreshortening, pip elongation, pips of a neighbouring face of this die."""
    inv = np.linalg.inv(fit.affine)
    members = {id(p) for p in group}
    level = float(median([p.face for p in group]))
    contrast = float(min(p.contrast for p in group))
    dark = group[0].dark
    top_elong = float(median([p.elongation for p in group]))
    side = []
    for p in pips:
        if id(p) in members or p.dark != dark:
            continue
        u = np.sort(np.abs(inv @ (np.array([p.x, p.y]) - fit.center)))
        # beside one edge of the face (not off a corner), flatter than the top's pips but not edge-on
        beside = 1.6 <= u[1] <= 3.6 and u[0] <= 1.9
        if beside and top_elong + 0.15 < p.elongation < 2.6 and abs(p.face - level) <= 0.5 * contrast:
            side.append(p.elongation)
    return {
        "foreshortening": foreshortening(fit.affine) if fit.value >= 4 else None,
        "elongation": float(median([p.elongation for p in group])),
        "side_pips": len(side),
        "side_elongation": float(np.median(side)) if side else None,
    }


def judge_flat(cues: dict) -> bool:
    """True unless the upper face looks tilted beyond any usual camera angle (no board geometry known).

    Pips on a side face are no evidence by themselves: a camera 20-30 degrees off vertical shows them on flat
    dice too (measured on renders), and one die alone cannot tell its own tilt from the camera's.
    """
    if cues["foreshortening"] is not None and cues["foreshortening"] < MIN_FLAT_FORESHORTENING:
        return False
    if cues["elongation"] > MAX_FLAT_ELONGATION:
        return False
    return True


MIN_FLAT_ON_BOARD = 0.90  # face foreshortening left after undoing the board's perspective (renders: flat >= 0.91)


def flat_on_board(cues: dict, center: np.ndarray, board_to_image: np.ndarray) -> bool:
    """With the board's homography: a flat face looks like the board's local perspective of a square.

    The face's fitted affine map (n >= 4 pips) times the inverse of the homography's local Jacobian is a rotation
    and scale for a flat die (measured on two render sets: 0.92-1.0 left) and keeps the die's own tilt for a
    cocked one (0.46-0.93 on renders). Fewer pips give no face shape: such dice keep the plain judgement.
    """
    affine = cues.get("affine")
    if affine is None:
        return True
    jac = local_jacobian(board_to_image, center)
    if jac is None:
        return True
    return foreshortening(np.linalg.inv(jac) @ affine) >= MIN_FLAT_ON_BOARD


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
