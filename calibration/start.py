"""Who sits where, read off the standard starting position (pure logic, no images).

In the starting position each side has 2 checkers on its 24-point, 5 on its 13, 3 on its 8 and 5 on its 6. On a
board in the geometric numbering (vision/observation.py) that pattern can appear in four ways: the light side's
home board is any one of the four quarters, and dark's home is the quarter across the board on the same end. The
way it appears fixes the light seat (players sit at their home board's long side), the direction of play and each
player's right-hand half, which is where their dice must land.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from calibration.errors import CalibrationError

START = {24: 2, 13: 5, 8: 3, 6: 5}  # a side's own point -> checkers
MIN_SEEN = 20  # of the 30 checkers: fewer seen on the right points is too little to call it the start
QUARTERS = {"bottom-right": range(1, 7), "bottom-left": range(7, 13), "top-left": range(13, 19),
            "top-right": range(19, 25)}


class NotStartPosition(CalibrationError):
    """The board does not show the standard starting position (calibration needs it)."""


def _mirror(g: int) -> int:
    """Geometric point seen in a mirror through the bar (left and right swapped)."""
    return 13 - g if g <= 12 else 37 - g


def own_to_geometric(home: str) -> dict[int, int]:
    """Map a side's own point numbers (1 = its ace point) to geometric numbers, given its home quarter."""
    table = {}
    for n in range(1, 25):
        g = {"bottom-right": n, "top-right": 25 - n, "bottom-left": _mirror(n), "top-left": _mirror(25 - n)}[home]
        table[n] = g
    return table


OPPOSITE_HOME = {"bottom-right": "top-right", "top-right": "bottom-right", "bottom-left": "top-left",
                 "top-left": "bottom-left"}


def start_counts(light_home: str) -> list[int]:
    """Geometric counts (+light, -dark, index 0 = point 1) of the starting position with light's home there."""
    counts = [0] * 24
    for sign, home in ((1, light_home), (-1, OPPOSITE_HOME[light_home])):
        m = own_to_geometric(home)
        for own, n in START.items():
            counts[m[own] - 1] += sign * n
    return counts


@dataclass(frozen=True)
class Seating:
    """What the starting position says about the players."""

    light_home: str  # quarter name
    light_seat: str  # "bottom" | "top"
    light_direction: str  # "ascending": light moves 1 -> 24 in geometric numbers; "descending": 24 -> 1
    home: dict  # {"light": [points], "dark": [points]} geometric
    dice_half: dict  # {"light": "left"|"right", "dark": ...}: each player's right-hand half as the image shows
    mismatch: int  # checkers off from the exact starting position (0 = exact)


def seating_for(light_home: str, mismatch: int = 0) -> Seating:
    m = own_to_geometric(light_home)
    seat = "bottom" if light_home.startswith("bottom") else "top"
    direction = "ascending" if m[1] > m[24] else "descending"
    # seated at the bottom facing up the image, your right hand is the image's right; at the top, its left
    right_of = {"bottom": "right", "top": "left"}
    dark_seat = "top" if seat == "bottom" else "bottom"
    dark_home = OPPOSITE_HOME[light_home]
    return Seating(light_home, seat, direction,
                   {"light": sorted(QUARTERS[light_home]), "dark": sorted(QUARTERS[dark_home])},
                   {"light": right_of[seat], "dark": right_of[dark_seat]}, mismatch)


def describe(counts: Sequence[Optional[int]]) -> str:
    """A short account of a seen position: 'light 1:2 12:5 ...; dark 6:5 ...'."""
    light = [f"{i + 1}:{c}" for i, c in enumerate(counts) if c and c > 0]
    dark = [f"{i + 1}:{-c}" for i, c in enumerate(counts) if c and c < 0]
    unseen = [str(i + 1) for i, c in enumerate(counts) if c is None]
    out = f"light on {' '.join(light) or 'no point'}; dark on {' '.join(dark) or 'no point'}"
    if unseen:
        out += f"; points {','.join(unseen)} not visible"
    return out


def match_start(counts: Sequence[Optional[int]], tolerance: int = 2) -> Seating:
    """The seating whose starting position the counts show, allowing `tolerance` miscounted checkers.

    Raises NotStartPosition saying what was seen when no arrangement of the starting position fits.
    """
    if len(counts) != 24:
        raise NotStartPosition(f"expected 24 point counts, got {len(counts)}")
    best = None
    for home in QUARTERS:
        want = start_counts(home)
        off = sum(abs((c or 0) - w) for c, w in zip(counts, want))
        signs_agree = all(((c or 0) > 0) == (w > 0) and ((c or 0) < 0) == (w < 0) for c, w in zip(counts, want))
        if best is None or off < best[0]:
            best = (off, home, signs_agree)
    off, home, signs_agree = best
    # tall stacks are where counters slip: when exactly the right points hold exactly the right colours,
    # a few more miscounted checkers are forgiven (a checker moved to a new point never is); and stacks read
    # short (never tall) are forgiven while most of the 30 checkers are seen: a 5-stack piled up in
    # perspective hides its lower checkers, but no setup mistake leaves every point short with nothing misplaced
    want = start_counts(home)
    short_only = all(abs(c or 0) <= abs(w) for c, w in zip(counts, want))
    seen = sum(abs(c or 0) for c in counts)
    if off > tolerance and not (signs_agree and (off <= 2 * tolerance + 2 or (short_only and seen >= MIN_SEEN))):
        raise NotStartPosition(
            "the board does not show the starting position (2-5-3-5 checkers of each colour on their 24, 13, 8 "
            f"and 6 points); saw {describe(counts)}")
    return seating_for(home, off)
