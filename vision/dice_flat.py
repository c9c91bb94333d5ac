"""Is a die lying flat? Judged from its upper face's shape and from a second face of the same die showing pips.

Why these cues: from above, a flat die shows one square face; a camera's own angle foreshortens every flat die's
face a little and shows thin side bands whose pips, if any, are seen very obliquely. A cocked die (tilted, leaning on
a checker or the frame) has its upper face foreshortened more and turns a side face, with fairly round pips, up
towards the camera.
"""

from __future__ import annotations

import numpy as np

from vision.dice_layout import LayoutFit, foreshortening

MIN_FLAT_FORESHORTENING = 0.72  # face short/long axis below this: tilted beyond an overhead camera's angle
MAX_FLAT_ELONGATION = 1.8  # pip major/minor axis on the upper face
SIDE_PIP_ELONGATION = 2.2  # a side face whose pips are rounder than this is turned towards the camera


def tilt_cues(fit: LayoutFit, group: list, pips: list) -> dict:
    """Measurements for judge_flat: face foreshortening, pip elongation, pips of a neighbouring face of this die."""
    inv = np.linalg.inv(fit.affine)
    members = {id(p) for p in group}
    level = float(np.median([p.face for p in group]))
    contrast = float(min(p.contrast for p in group))
    dark = group[0].dark
    side = []
    for p in pips:
        if id(p) in members or p.dark != dark:
            continue
        u = float(np.abs(inv @ (np.array([p.x, p.y]) - fit.center)).max())
        if 1.6 <= u <= 3.3 and abs(p.face - level) <= 0.5 * contrast:
            side.append(p.elongation)
    return {
        "foreshortening": foreshortening(fit.affine) if fit.value >= 4 else None,
        "elongation": float(np.median([p.elongation for p in group])),
        "side_pips": len(side),
        "side_elongation": float(np.median(side)) if side else None,
    }


def judge_flat(cues: dict) -> bool:
    """True unless the upper face looks tilted or a side face is turned up to the camera."""
    if cues["foreshortening"] is not None and cues["foreshortening"] < MIN_FLAT_FORESHORTENING:
        return False
    if cues["elongation"] > MAX_FLAT_ELONGATION:
        return False
    return True
