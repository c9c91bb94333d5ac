"""Dice lying among the checkers: where they are in the rectified view, and which discs and points they spoil.

Why: a die is a bright or dark square about half a checker across, with a rounded outline and pips; the rim finder
(``checker_discs``) takes it for a checker often enough (a die on an empty point read as one checker, with full
confidence). The reader already knows where the dice are, so a disc centred on a die is no checker. Whether a die
lies against a point's checkers is recorded with the point's cues (``CheckerCount.cues[p]["die"]``) but does not
lower its confidence: measured, that doubted six right counts for one wrong one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np

DIE_EDGE = 0.45  # a die's edge in checker diameters (16 mm dice, 36-40 mm checkers)
ON_DIE = 0.8  # a disc whose centre lies within this many die edges of a die's centre is the die
NEAR_STACK = 1.0  # a die centre this many die edges past a checker's radius (half a die apart) spoils its count


@dataclass(frozen=True)
class DieSpot:
    """One die in the rectified view: centre and edge length in rectified px."""

    x: float
    y: float
    edge: float

    def scaled(self, scale: float) -> "DieSpot":
        return DieSpot(self.x * scale, self.y * scale, self.edge * scale)

    def covers(self, x: float, y: float) -> bool:
        """Whether a disc centred at (x, y) is the die itself (its outline found as a rim)."""
        return math.hypot(x - self.x, y - self.y) <= ON_DIE * self.edge

    def touches(self, x: float, y: float, r: float) -> bool:
        """Whether the die lies on or against a checker of radius ``r`` centred at (x, y)."""
        return math.hypot(x - self.x, y - self.y) <= r + NEAR_STACK * self.edge


def dice_in_view(dice: Iterable[Any], geometry: Any) -> list[DieSpot]:
    """The dice read in the image (objects with ``center`` in image px, e.g. ``DieReading``) in the rectified
    view of ``geometry`` (its ``to_rect``), sized from the view's checker diameter. Dice off the board are left
    out (they cannot lie on a point)."""
    centres = [d.center for d in dice if getattr(d, "center", None) is not None
               and getattr(d, "half", "on") is not None]
    if not centres:
        return []
    pts = geometry.to_rect(np.asarray(centres, np.float64))
    edge = DIE_EDGE * float(geometry.checker_diameter_px)
    return [DieSpot(float(x), float(y), edge) for x, y in pts]


def spoiled(column: Sequence[tuple[float, float]], r: float, dice: Sequence[DieSpot]) -> bool:
    """Whether a die lies on or against any of a point's checkers (centres in ``column``, radius ``r``)."""
    return any(s.touches(x, y, r) for s in dice for x, y in column)
