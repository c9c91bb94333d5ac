"""A small die's upper face grouped with its side face's fainter pips: the strong pips alone are the face.

Why: a die of ~12-17 px seen from a high or tilted camera shows a side face beside its upper face, and the bare
face runs on from one to the other, so ``dice_pips.group_pips`` joins the side face's pips to the upper face's.
The side face is lit less squarely and its pips are squashed, so they are fainter: the group then fails the
contrast-spread test (a far fainter pip is on a side face) or the layout fit, and the nearest-mates search that
follows never tries a pair. Own game 100026 (960x540, red dice of ~15 px, camera 16.5 degrees off vertical): of
13 dice of still two-dice frames not read right, 7 were 2s grouped with 2-3 side pips of 0.45-0.65 of their contrast
(unread, or one of their pips read as a one: three times a 2 read as a 1), and 4 were 5s with one such pip.

Here the group's pips are parted at a step in contrast: the strong core is taken as a face only when that step is
large (CORE_GAP), the core itself is one ink (CORE_SPREAD), it passes every test of a face, and every fainter pip
lies beyond the face the core's layout fits (SIDE_REACH): a side face's pips are outside the upper face, while a
pip of the same face seen faint (a larger face read in part) lies inside it, so the core of a 6 is never read as a
2. Only on a board at the scales that enlarge a small die (``vision.dice._faces_in_group``).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

CORE_GAP = 1.25  # the core's faintest pip against the strongest of the rest: at least this many times its contrast
CORE_SPREAD = 0.75  # the core's faintest pip has at least this share of its strongest's contrast (one ink)
CORE_PIPS = (2, 6)  # pips a core may have: a one's lone pip is the nearest-mates search's own
SIDE_REACH = 1.9  # grid steps from the core's face centre (along its axes) a fainter pip lies beyond at least: the
# upper face's edge is FACE_HALF_STEPS (1.75) out and its own pips 1 step: own game 100026's side pips lay 2.05-2.8
# steps out


def strong_core(contrasts: Sequence[float]) -> Optional[np.ndarray]:
    """Indices of the group's strong core, or None when there is none: the pips above a step in contrast of
    CORE_GAP or more (the largest such step where more than one qualifies), CORE_PIPS of them, of one ink
    (CORE_SPREAD). Why not simply the largest step: the side pips' own contrasts spread too (own game 100026: a 2 of
    163 and 138 beside side pips of 100 and 70, whose step of 1.43 would have left the 2 joined to one of them)."""
    c = np.asarray(contrasts, float)
    if len(c) < 3:
        return None
    order = np.argsort(-c, kind="stable")
    ranked = c[order]
    ratios = ranked[:-1] / np.maximum(ranked[1:], 1e-6)  # ratios[k - 1]: the step below the k strongest
    best = None
    for k in range(CORE_PIPS[0], min(CORE_PIPS[1], len(c) - 1) + 1):
        if ratios[k - 1] >= CORE_GAP and ranked[k - 1] >= CORE_SPREAD * ranked[0]:
            if best is None or ratios[k - 1] > ratios[best - 1]:
                best = k
    return None if best is None else np.sort(order[:best])


def rest_off_face(center: np.ndarray, affine: np.ndarray, rest_xy: np.ndarray) -> bool:
    """Whether every fainter pip (``rest_xy``, pixels) lies at least SIDE_REACH grid steps out from the face the
    core fits (``center``, ``affine``: grid steps -> pixels) along one of its axes: beside the face, not on it."""
    if len(rest_xy) == 0:
        return True
    uv = (np.asarray(rest_xy, float).reshape(-1, 2) - center) @ np.linalg.inv(affine).T
    return bool((np.abs(uv).max(axis=1) >= SIDE_REACH).all())
