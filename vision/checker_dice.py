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


CONTACT_VALUES = (1, 2)  # faces the lit gaps where two checkers touch can pass for: the contact, or a wedge each side
CONTACT_REACH = 0.35  # die edges from the contact point of two touching checkers within which such a face is the gap
TOUCHING = (0.9, 1.15)  # centre distance (diameters) of two checkers of one point's row that touch
WEDGE_REACH = 0.4  # die edges from the rims of both of two touching checkers within which a face is a wedge of board
# lit beside their contact. Renders 67100-67399: five wedges read as ones, 0.14-0.25 from the farther rim; every real
# one or two 0.77 or more (a flat die's face centre lies about half an edge off a checker's rim; near one rim only: a
# real one at -0.13, its face seen over the checker's edge)


def at_contact(dice: Sequence[Any], geometry: Any, discs: Sequence[dict[str, Any]]) -> set[int]:
    """The dice (their indices) read as a one or a two centred where two touching checkers of one point meet, or in
    a wedge of board either side of their contact (within WEDGE_REACH die edges of both checkers' rims).

    Why: where two round checkers of a row touch, the board shows through in two small wedges, one each side of
    the contact, lit against the checkers' dark faces: a "two" on a dark "face" (or a "one", the contact itself).
    Rendered game 21535 (960x540, dice of ~10 px, below the size where ``dice_checker_spot`` tests lone ones) read
    such a two on light's 1-1 lift at frame 102: the lift was never seen, and light's play was judged only at dark's
    roll, 21 frames late. A real die cannot lie flat there: centred on the contact it would lie on both checkers.
    The wedges each side of the contact are lit spots of their own, read as a one (renders 67113, 67126, 67148,
    67208, 67335: a third die beside a roll, its "face" the two checkers round the wedge). ``dice_checker_spot`` misses
    them: its two circles through the pip lie opposite each other, as at the contact, while a wedge's two checkers
    lie on one side of it; and so does CONTACT_REACH (a wedge lies 0.5-1 checker radius off the contact). A die's face
    centred within WEDGE_REACH of both rims would overlap both checkers.
    ``discs``: the accepted discs of the checker count in ``geometry``'s view (``CheckerCount.discs``)."""
    asked = [k for k, die in enumerate(dice) if getattr(die, "value", None) in CONTACT_VALUES
             and getattr(die, "half", None) is not None and getattr(die, "center", None) is not None]
    if not asked:
        return set()
    rows: dict[Any, list[dict[str, Any]]] = {}
    for d in discs:
        if isinstance(d.get("where"), int):
            rows.setdefault((d["where"], d.get("colour")), []).append(d)
    pairs = [(a, b) for row in rows.values() for i, a in enumerate(row) for b in row[i + 1:]
             if TOUCHING[0] * (a["r"] + b["r"]) <= math.hypot(a["x"] - b["x"], a["y"] - b["y"])
             <= TOUCHING[1] * (a["r"] + b["r"])]
    contacts = [((a["x"] + b["x"]) / 2, (a["y"] + b["y"]) / 2) for a, b in pairs]
    spots = dice_in_view([dice[k] for k in asked], geometry)  # (every asked die is on the board: one spot each)

    def rim(s: DieSpot, d: dict[str, Any]) -> float:  # die edges from the disc's rim (negative: inside it)
        return (math.hypot(s.x - d["x"], s.y - d["y"]) - d["r"]) / s.edge

    return {k for k, s in zip(asked, spots)
            if any(math.hypot(x - s.x, y - s.y) <= CONTACT_REACH * s.edge for x, y in contacts)
            or any(max(rim(s, a), rim(s, b)) <= WEDGE_REACH for a, b in pairs)}


def spoiled(column: Sequence[tuple[float, float]], r: float, dice: Sequence[DieSpot]) -> bool:
    """Whether a die lies on or against any of a point's checkers (centres in ``column``, radius ``r``)."""
    return any(s.touches(x, y, r) for s in dice for x, y in column)
