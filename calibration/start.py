"""Who sits where, read off the standard starting position (pure logic, no images).

In the starting position each side has 2 checkers on its 24-point, 5 on its 13, 3 on its 8 and 5 on its 6. On a
board in the geometric numbering (vision/observation.py) that pattern can appear in four ways: the light side's
home board is any one of the four quarters, and dark's home is the quarter across the board on the same end. The
way it appears fixes the light seat (players sit at their home board's long side), the direction of play and each
player's right-hand half, which is where their dice must land.

Why the match weighs evidence rather than counting differences: the checker counter's known slips are one-sided.
It misses checkers (a tall stack piled up in perspective, a stack at the board's end read empty) and now and then
reads a 5-stack as 6, and it says when it doubts a point. A game never gets there: checkers leave a point only for
another point, the bar or the tray. So a reading is taken for the start when every difference is such a slip:
checkers missing (and not seen anywhere else), a tall stack one over, or a point the counter doubts; and it is
refused when anything shows a position of a game: a checker confidently where the start has none or of the other
colour, a 2- or 3-stack confidently over, a colour confidently short on one point while over anywhere, even on a
doubted point (a checker moved: 13/6 in one, or 8/5 6/5 with the 5-point doubted), checkers on the bar or borne off,
or a hidden point. Checkers confidently missing with no extra of their colour anywhere went nowhere: a slip.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional, Sequence

from calibration.errors import CalibrationError

START = {24: 2, 13: 5, 8: 3, 6: 5}  # a side's own point -> checkers
MIN_SEEN = 20  # of the 30 checkers: fewer seen on the right points is too little to call it the start
SURE = 0.6  # a point counted with this confidence or more is evidence (the counter caps doubted points at 0.5)
TALL = 5  # a stack this tall may be read one over without doubt (its top checkers lean and overlap) ...
TALL_SHORT = 2  # ... or this many short (the lower checkers piled up in perspective)
MAX_FORGIVEN = 4  # points a reading may differ on and still be the start: more is a board half set up or a game
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
    forgiven: tuple[str, ...] = ()  # the counter's slips the match accepted, in words (empty when exact)


def seating_for(light_home: str, mismatch: int = 0, forgiven: Sequence[str] = ()) -> Seating:
    m = own_to_geometric(light_home)
    seat = "bottom" if light_home.startswith("bottom") else "top"
    direction = "ascending" if m[1] > m[24] else "descending"
    # seated at the bottom facing up the image, your right hand is the image's right; at the top, its left
    right_of = {"bottom": "right", "top": "left"}
    dark_seat = "top" if seat == "bottom" else "bottom"
    dark_home = OPPOSITE_HOME[light_home]
    return Seating(light_home, seat, direction,
                   {"light": sorted(QUARTERS[light_home]), "dark": sorted(QUARTERS[dark_home])},
                   {"light": right_of[seat], "dark": right_of[dark_seat]}, mismatch, tuple(forgiven))


def describe(counts: Sequence[Optional[int]]) -> str:
    """A short account of a seen position: 'light 1:2 12:5 ...; dark 6:5 ...'."""
    light = [f"{i + 1}:{c}" for i, c in enumerate(counts) if c and c > 0]
    dark = [f"{i + 1}:{-c}" for i, c in enumerate(counts) if c and c < 0]
    unseen = [str(i + 1) for i, c in enumerate(counts) if c is None]
    out = f"light on {' '.join(light) or 'no point'}; dark on {' '.join(dark) or 'no point'}"
    if unseen:
        out += f"; points {','.join(unseen)} not visible"
    return out


def _checkers(c: int) -> str:
    if c == 0:
        return "none"
    return f"{abs(c)} {'light' if c > 0 else 'dark'}"


@dataclass
class StartFit:
    """How one of the four arrangements of the start explains a reading: what contradicts it, what is forgiven."""

    light_home: str
    contradictions: list[str] = field(default_factory=list)
    forgiven: list[str] = field(default_factory=list)
    missing: int = 0  # checkers of the start not seen (never seen elsewhere, or it would be a contradiction)
    over: int = 0  # checkers read beyond the start on its stacks, or doubted on its empty points

    @property
    def mismatch(self) -> int:
        return self.missing + self.over


def fit_start(light_home: str, counts: Sequence[Optional[int]], confidence: Optional[Sequence[float]] = None,
              bar: Optional[Mapping[str, int]] = None, off: Optional[Mapping[str, Optional[int]]] = None,
              off_confidence: Optional[Mapping[str, float]] = None) -> StartFit:
    """Weigh a reading against the start with light's home board in ``light_home`` (see the module doc)."""
    want = start_counts(light_home)
    fit = StartFit(light_home)
    sure_short: dict[int, list[int]] = {1: [], -1: []}  # colour sign -> points confidently short
    over: dict[int, list[int]] = {1: [], -1: []}  # colour sign -> points with checkers beyond the start, even doubted
    hidden = []
    for i, (c, w) in enumerate(zip(counts, want)):
        p = i + 1
        if c is None:
            hidden.append(p)
            continue
        if c == w:
            continue
        sure = confidence is None or confidence[i] >= SURE
        said = f"point {p}: {_checkers(c)} read, the start has {_checkers(w)}"
        if w and c and (c > 0) != (w > 0):
            fit.contradictions.append(said)
        elif w == 0:
            if sure:
                fit.contradictions.append(said)
            else:
                fit.forgiven.append(said + " (doubted)")
                fit.over += abs(c)
                over[1 if c > 0 else -1].append(p)
        elif abs(c) > abs(w):
            sign = 1 if w > 0 else -1
            if sure and abs(w) < TALL:
                fit.contradictions.append(said)
            else:
                fit.forgiven.append(said + (" (doubted)" if not sure else " (a tall stack)"))
                fit.over += abs(c) - abs(w)
                over[sign].append(p)
        else:  # short, maybe read empty: the counter missed checkers
            sign = 1 if w > 0 else -1
            if sure and c and abs(w) >= TALL and abs(w) - abs(c) > TALL_SHORT:
                fit.contradictions.append(said)
                continue
            fit.forgiven.append(said + ("" if sure else " (doubted)"))
            fit.missing += abs(w) - abs(c)
            if sure:
                sure_short[sign].append(p)
    if hidden:
        fit.contradictions.append(f"points {','.join(map(str, hidden))} hidden (a hand or a thing over the board?)")
    for sign, name in ((1, "light"), (-1, "dark")):
        if sure_short[sign] and over[sign]:
            fit.contradictions.append(f"{name} short on {','.join(map(str, sure_short[sign]))} and over on "
                                      f"{','.join(map(str, over[sign]))}: a checker moved?")
    for name in ("light", "dark"):
        if bar and bar.get(name):
            fit.contradictions.append(f"{bar[name]} {name} on the bar")
        n = (off or {}).get(name)
        if n and (off_confidence is None or off_confidence.get(name, 1.0) >= SURE):
            fit.contradictions.append(f"{n} {name} borne off")
    if len(fit.forgiven) > MAX_FORGIVEN:
        fit.contradictions.append(f"{len(fit.forgiven)} points differ from the start")
    seen = sum(abs(c) for c, w in zip(counts, want) if c is not None and w and (c > 0) == (w > 0))
    if seen < MIN_SEEN:
        fit.contradictions.append(f"only {seen} of the 30 checkers on the start's points")
    return fit


def match_start(counts: Sequence[Optional[int]], confidence: Optional[Sequence[float]] = None,
                bar: Optional[Mapping[str, int]] = None, off: Optional[Mapping[str, Optional[int]]] = None,
                off_confidence: Optional[Mapping[str, float]] = None) -> Seating:
    """The seating whose starting position the counts show (per-point ``confidence`` 0..1 from the counter: a
    point under SURE is a doubted one; without confidences every count is taken as sure).

    Raises NotStartPosition saying what was seen, and what ruled out the nearest arrangement, when no
    arrangement of the starting position explains the reading.
    """
    if len(counts) != 24:
        raise NotStartPosition(f"expected 24 point counts, got {len(counts)}")
    if confidence is not None and len(confidence) != 24:
        raise NotStartPosition(f"expected 24 point confidences, got {len(confidence)}")
    fits = sorted((fit_start(h, counts, confidence, bar, off, off_confidence) for h in QUARTERS),
                  key=lambda f: (len(f.contradictions), f.mismatch))
    best = fits[0]
    if best.contradictions:
        why = "; ".join(best.contradictions[:3])
        raise NotStartPosition(
            "the board does not show the starting position (2-5-3-5 checkers of each colour on their 24, 13, 8 "
            f"and 6 points); saw {describe(counts)}; nearest is light's home at the {best.light_home}, but {why}")
    if not fits[1].contradictions:  # cannot happen with MIN_SEEN checkers seen; kept as the rule it is
        raise NotStartPosition(f"the reading fits the start two ways ({best.light_home}, {fits[1].light_home}); "
                               f"saw {describe(counts)}")
    return seating_for(best.light_home, best.mismatch, best.forgiven)
