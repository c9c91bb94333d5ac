"""Is a die lying flat? Judged from its upper face's shape and how far the die body reaches beyond that face.

Why these cues: from above, a flat die shows one square face; the camera's own angle foreshortens every flat die's
face the same way and shows a thin band of side faces towards the camera. A cocked die (tilted, leaning on a checker
or the frame) has its face strongly foreshortened and shows a broad side face.
"""

from __future__ import annotations

import numpy as np

from vision.dice_layout import FACE_HALF_STEPS, LayoutFit, foreshortening

MIN_FLAT_FORESHORTENING = 0.62  # face short/long axis below this: tilted well beyond a typical camera angle


def judge_flat(fit: LayoutFit, extents: np.ndarray, pips: list) -> bool:
    """True unless the face's pip grid or pip shapes say the face is tilted."""
    if fit.value >= 4 and foreshortening(fit.affine) < MIN_FLAT_FORESHORTENING:
        return False
    elong = float(np.median([p.elongation for p in pips]))
    if elong > 1.8:
        return False
    return True
