"""What a stack's layers leave to see past and under its visible discs: how far the stack's own colour runs past
its outermost disc (``run_past``), the count of a pyramid seen by its top layer only (``top_layer_count``), a
count that stops short of where the stack runs on (``row_runs_on``) and a stack read empty whose discs were all
dropped (``dropped_stack``).

Why: from above, a tall stack shows its top layer whole and only the ends of the layers under it. A top layer
that starts a diameter or more from the base (two layers under it) and a plain row whose base checker was missed
show the same discs at the same pitch; what tells them apart is what lies past the last disc. A plain row ends
half a diameter past its last disc's centre; under a top layer of ``m`` the row runs on a whole diameter further
(its last checker and the end of the layer above it are half covered, so their rims hardly show). The stack's own
discs say what its checkers look like here (the board-wide colour model may have none for a colour whose only
checkers stand in this stack), so the run is measured in that colour along the point's centre line. Where the
evidence does not decide, the reading is doubtful (the referee waits) rather than a confident count.
"""
from __future__ import annotations

import statistics
from typing import Any, Optional, Sequence

import numpy as np

from vision.checker_runs import CheckerColour, run_length

BEYOND_LOOK = 2.5  # diameters past the outermost disc's centre that are looked at
RUNS_ON = 1.0  # diameters past the last disc's centre that the column and the stack's colour run on: short
FULL_ROW = 5  # a plain row this long or shorter is judged against its count's own end (``row_runs_on``) ...
COUNT_RUNS_ON = 0.5  # ... which the stack's colour must pass by this many diameters (half the next checker)


def run_past(lab: np.ndarray, cx: float, disc_y: float, toward: float, point_width: float,
             stack_labs: Sequence[tuple[float, float, float]], r: float, cue: dict[str, Any]) -> Optional[float]:
    """Diameters the stack's own colour runs unbroken past the centre of its outermost disc (at ``disc_y``,
    the column running ``toward`` +1 down / -1 up), or None when the stack's discs are too few to tell its colour.
    Only measured where it is asked (``may_be_top_layer`` on the point's ``cue``: its discs ``us`` and the row's
    start ``row_base``; or ``row_runs_on``: the column differs from the empty board, ``empty``, far enough past
    the last disc): ~0.1 ms a point."""
    us = cue.get("us") or []
    if not (may_be_top_layer(us, stack_base(cue)) or (us and float(cue.get("empty") or 0.0) >= max(us) + RUNS_ON)):
        return None
    colour = CheckerColour.learn([tuple(v) for v in stack_labs])
    if colour is None:
        return None
    slot = 2 * r
    px = run_length(lab, cx, disc_y, toward, BEYOND_LOOK * slot, point_width, colour, slot)
    return px / slot


# ------------------------------------------------------------------------------ a top layer over two or more layers
TOP_START = 0.75  # a first disc this many pitches or more past the base checker's centre: two layers may lie under it
ON_PITCH = 0.3  # a disc within this many pitches of a whole number of pitches from the first is of its layer
ROW_GOES_ON = 1.0  # diameters the stack's colour runs past its last disc when the row runs on under the top layer
PAST_TIP = 1.5  # diameters past its triangle's tip that a row may end (checker_stacks.PAST_TIP)
LONG_ROW = 5.25  # discs from a diameter out reaching this far (diameters) end in a row's last checker: no plain
# row of six or more whose base checker went unseen was among the renders 1601-1640, 1661-1700, 16000-16078 and
# the sample stills, while five tall stacks showed so
MAX_STACK = 15
TOP_BASE_MAX = 0.6  # a row's common start further out than this is taken from stacks whose first disc is a layer's


def stack_base(cue: dict[str, Any]) -> float:
    """Where a point's base checker's centre lies (diameters from the found edge): its row's common start
    (``row_base``), within a checker's half diameter of the edge."""
    return min(max(float(cue.get("row_base", 0.5)), 0.3), TOP_BASE_MAX)  # (np.clip's value, without its cost)


def pitch_of(us: Sequence[float]) -> float:
    """Centre distance of neighbouring visible discs (diameters): players leave small gaps, rows near the camera
    look longer."""
    steps = [b - a for a, b in zip(us, us[1:]) if 0.8 < b - a < 1.35]
    # (np.clip of np.median's value: the middle one, or the two middle ones' sum halved; called per point and per
    # layer guess, numpy's per-call cost was most of a stack's reading)
    return float(min(max(statistics.median(steps), 0.95), 1.15)) if steps else 1.03


def may_be_top_layer(us: Sequence[float], base: float) -> bool:
    """Whether a point's discs may be the top layer of a stack two or more layers high: the innermost disc lies a
    diameter or more past the base checker's centre (``base``, diameters from the edge) and another follows it at
    the row's pitch. A plain row whose base checker was missed shows the same discs: such a count is in doubt."""
    us = sorted(us)
    if len(us) < 2:
        return False
    pitch = pitch_of(us)
    return (us[0] - base) / pitch >= TOP_START and abs((us[1] - us[0]) / pitch - 1.0) < ON_PITCH


def top_layer_count(us: Sequence[float], base: float, past: Optional[float], tip: Optional[float]) -> Optional[int]:
    """Checkers on a point whose visible discs are the top layer of a pyramid (a row of ``r`` from the base, each
    layer on it one shorter and half a diameter further on), or None when the evidence does not say so.

    Why: the top layer's first checker lies half a diameter further out per layer under it, so the first disc
    says how many layers lie under it (``L``); the discs at the row's pitch from it are the top layer (``m``);
    the row's length ``r`` is where the stack's colour ends: past the last disc by ``past`` diameters (the row
    runs on a diameter under the top layer's last checker), never further than rows end past the tip. The count
    is r + (r-1) + ... over the L layers under the top one, plus m. Only believed when the row does run on past
    the last disc (``ROW_GOES_ON``) or the discs reach further than rows of five (``LONG_ROW``: the last one is the
    row's end): else a plain row whose base checker was missed explains the discs as well."""
    us = sorted(us)
    if past is None or not may_be_top_layer(us, base):
        return None
    pitch = pitch_of(us)
    layers = int(round(2 * (us[0] - base) / pitch))
    if past >= ROW_GOES_ON:
        end = us[-1] + past
    elif us[-1] >= LONG_ROW:
        end = us[-1] + 0.5  # the last disc is the row's end (its outer half shows past the layer above)
    else:
        return None
    if tip is not None:
        end = min(end, float(tip) + PAST_TIP)
    row = int(round(end / pitch))  # (from the edge: a row's start measured on few points is often a layer's)
    top = [u for u in us if abs((u - us[0]) / pitch - round((u - us[0]) / pitch)) < ON_PITCH]
    m = min(int(round((top[-1] - us[0]) / pitch)) + 1, row - layers)
    if layers < 2 or m < 1:
        return None
    n = sum(row - k for k in range(layers)) + m
    return n if n <= MAX_STACK else None


# ------------------------------------------------------------------------------------ a stack whose discs all went
DROPPED_OCCUPIED = 2.0  # diameters a column read empty differs from the empty board from its base ...
DROPPED_OUT = 1.5  # ... with a disc dropped as unlinked at least this many diameters out on it


def dropped_stack(occupied: float, dropped: Sequence[Any], tip: Optional[float] = None) -> bool:
    """Whether a point read empty may hold a stack whose discs were all dropped: the column differs from the empty
    board from its base for ``occupied`` diameters (at least DROPPED_OCCUPIED) and a disc on it, a diameter and a
    half or more out, was dropped as not linked to the base (``dropped``: (why, diameters from the base, rim) each),
    not past where rows end (``PAST_TIP`` beyond the triangle's ``tip``).

    Why: a tall stack of one colour shows few rims (its checkers lie on checkers of their colour), the base checker
    may show none against a dark frame, and the discs further out are then dropped for want of a chain to the base;
    a shorter occupied run than ``checker_stacks.unseen_stack`` asks for is enough with such a disc. Measured on the
    sample stills, renders 1601-1640, tall-stack renders 16000-16078 and the real photos: 3 stacks of 7-11 read
    empty with confidence caught, none of 1955 empty points read empty with confidence doubted."""
    if occupied < DROPPED_OCCUPIED:
        return False
    limit = float("inf") if tip is None else float(tip) + PAST_TIP
    return any(why == "unlinked" and DROPPED_OUT <= u <= limit for why, u, *_ in dropped)


def row_runs_on(cue: dict[str, Any]) -> bool:
    """Whether a point's count is short: both the stack's own colour (``past``, ``run_past``) and the column's
    difference from the empty board (``empty``, diameters from the base) run on a diameter or more past its last
    disc (``us``). Either alone is common (the colour on a board of that colour, a shadow past a row); both
    together mean a checker there, unseen: a row's last checker, or the end of a layer under a top layer.
    Measured on the sample stills, renders 1601-1640, 1661-1700, 16000-16078 and the real photos: 13 points, all
    counted short (2 of them with confidence), no right count among them.

    A plain row of up to FULL_ROW is judged against its count's own end (n pitches from the base), not its last
    disc: the colour run or the row's reach may have counted the checker past the last disc already. Session 36
    (renders 84501-84506 every 5th still frame, stills 84600-84639: 13,527 points): this doubt lifted on 17
    points, 16 counted right (5 of them then sure, the rest held by other doubts or faint rims) and one wrong (a
    phantom stack, still doubted for its colour run); no count changed, no wrong count made sure."""
    us = cue.get("us") or []
    past = cue.get("past")
    if not us or past is None:
        return False
    if not (past >= RUNS_ON and float(cue.get("empty") or 0.0) >= max(us) + RUNS_ON):
        return False
    # a plain row already counted past its last disc (by its colour run or its outermost disc's reach) is short
    # only where the colour runs on past the count's own row end too: its last checker's far edge, n pitches from
    # the base. Judged from the last disc alone, a row whose outer checker's rim was lost and which the colour run
    # had already counted in was doubted for the very checker it had counted (renders 84503: a dark row of four
    # seen as three discs and read 4, its colour ending 4.3 diameters out, at the fourth checker's edge)
    n = int(cue.get("n") or 0)
    if 0 < n <= FULL_ROW and not cue.get("half"):
        return max(us) + past >= n * pitch_of(sorted(us)) + COUNT_RUNS_ON
    return True
