"""How sure a die's value is: how cleanly its pips make the face read (``DieReading.confidence``, 0-1).

Why: the finder's own confidence says only whether a face passed its tests (a lone pip and a pair both got 0.7),
so the referee could not tell a sure die from a shaky one, and a die misread while it settled reached it as the
roll (session 13: 6 misread rolls in 26 rendered games; render 10515 frame 47: a 2 read as 1, one pip of the two
taken for a one). A face read from part of a die's pips shows it in how they sit on the die: a one taken from a
two's or a three's corner pip lies off the middle of the die's face, so the face reaches far beyond it on one side
(a one's face ends 0.8-2.3 of its steps from the pip all round; the misread one's reached 2.8 on the median ray),
and a pip taken for a one on a checker or on the board has no face round it at all on one side (0.5 steps, 2-3 on
the other). Pips of one face are alike in size and ink; a face joining a side face's pips has one far smaller
or fainter.

The referee does not weigh it yet: taking a roll only once both dice read 0.5 or more, or after two readings more
(session 14), said rolls 3-4 frames late on a held-out game and let a worse reading of a double in (taken out).
Each cue maps to 0.5 at the bar past which a face is more likely misread than right, as measured on rendered games
and stills (session 14, 1,300 dice read right: true ones' median reach at most 2.24 steps and opposite-side
asymmetry at most 0.27; true faces' pips alike down to 0.58, where the finder itself refuses under 0.5).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

ONE_REACH = (1.9, 2.45)  # a one's face's median reach (grid steps, pip to face edge): sure below the first, 0.5 at
# the second (a corner pip of a two or three: the face runs on past it)
ONE_LOPSIDED = (0.13, 0.33)  # a one's mean asymmetry of its four most unequal opposite rays: sure, then 0.5
PIPS_ALIKE = (0.8, 0.5)  # the smallest of (smallest/largest pip diameter, faintest/strongest pip): sure, then 0.5
# (the finder refuses a face whose faintest pip is under half its strongest: dice.PIP_CONTRAST_SPREAD)
MIN_RAYS = 8  # rays of the outline that must end on the die for it to tell anything
MIN_REACH = 0.3  # an outline this close all round is no outline (the colour test stopped at the pip's rim)


def _ramp(x: float, sure: float, half: float) -> float:
    """1.0 at ``sure``, 0.5 at ``half``, linear beyond, clipped to 0-1 (either direction)."""
    return float(np.clip(1.0 - 0.5 * (x - sure) / (half - sure), 0.0, 1.0))


def outline_of_one(extents: np.ndarray) -> Optional[float]:
    """How well the face round a lone pip fits a one (1.0 clean, 0.5 at the bar), or None when the outline tells
    nothing (too few rays end, or all end at the pip's own rim). ``extents``: 16 rays from the pip to where its
    face ends, in the one's grid steps (inf: no end found), ray k opposite ray k + 8."""
    e = np.asarray(extents, float)
    finite = e[np.isfinite(e)]
    if len(finite) < MIN_RAYS or float(np.median(finite)) < MIN_REACH:
        return None
    reach = _ramp(float(np.median(finite)), *ONE_REACH)
    a, b = e[:8], e[8:]
    both = np.isfinite(a) & np.isfinite(b)
    if both.sum() < 3:
        return reach
    ratio = np.sort(np.abs(a[both] - b[both]) / (a[both] + b[both]))[::-1]
    return min(reach, _ramp(float(ratio[:4].mean()), *ONE_LOPSIDED))


def face_sureness(pips: int, diameters: Sequence[float], contrasts: Sequence[float],
                  outlines: Sequence[np.ndarray] = ()) -> float:
    """A face's confidence from how cleanly its pips make it (see the module's docstring): the least of its pips'
    likeness and, for a one, how its face sits round the pip on each outline given that tells something
    (``outline_of_one``; ``outlines``: rays as there)."""
    d, c = np.asarray(diameters, float), np.asarray(contrasts, float)
    sure = 1.0
    if pips >= 2 and d.max() > 0 and c.max() > 0:
        alike = min(float(d.min() / d.max()), float(c.min() / c.max()))
        sure = min(sure, _ramp(alike, *PIPS_ALIKE))
    if pips == 1:
        for extents in outlines:
            one = outline_of_one(extents)
            if one is not None:
                sure = min(sure, one)
    return round(sure, 3)
