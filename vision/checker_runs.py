"""How far a point's row of checkers runs from the base, from the checkers' own colours.

Why a second cue: rims fail exactly where checkers are packed (same-coloured neighbours touch, the base checker
meets the frame) and where a dark checker lies on a dark point. But the board has already told us what its
checkers look like: the clear discs found by their rims give each colour's Lab appearance. Along a point's column,
the pixels of that colour then run from the base to the last checker of the row, touching or not, and the run's
length in checker diameters is the row's count. Where a checker colour is too close to the board's own colours
under it (white on a white point), the run is not trusted and the rims decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

BAND = 0.22  # half-width of the sampled band around a column's centre line, in point widths
MATCH_FRACTION = 0.45  # a row of the band belongs to a checker when this share of its pixels has the colour
GAP_SLOTS = 0.3  # a break shorter than this (rim line, highlight) does not end the run
MIN_TOLERANCE = 14.0  # Lab distance within which a pixel has a checker colour ...
SPREAD_FACTOR = 2.5  # ... or this many times the spread of that colour over the clear discs
SEPARATION = 2.0  # the board's colours must lie this many tolerances away for the run to be trusted


@dataclass
class CheckerColour:
    """One checker colour as the board shows it: median Lab and how far a pixel may stray from it."""

    lab: np.ndarray
    tolerance: float

    @classmethod
    def learn(cls, samples: list[tuple[float, float, float]]) -> Optional["CheckerColour"]:
        if len(samples) < 2:
            return None
        arr = np.array(samples, np.float32)
        med = np.median(arr, axis=0)
        spread = float(np.median(np.linalg.norm(arr - med, axis=1)))
        return cls(med, max(MIN_TOLERANCE, SPREAD_FACTOR * spread))

    def distinct_from(self, board_colours: list[Optional[np.ndarray]]) -> bool:
        """True when no board colour under the column could pass for this checker colour."""
        return all(c is None or float(np.linalg.norm(c - self.lab)) > SEPARATION * self.tolerance
                   for c in board_colours)


def run_length(lab: np.ndarray, cx: float, base_y: float, toward: float, length: float, point_width: float,
               colour: CheckerColour, slot: float) -> float:
    """Length (px from the base) of the unbroken run of ``colour`` along the column centred at ``cx``."""
    h, w = lab.shape[:2]
    x0 = int(max(0, round(cx - BAND * point_width)))
    x1 = int(min(w, round(cx + BAND * point_width) + 1))
    if x1 <= x0:
        return 0.0
    if toward > 0:
        y0, y1 = int(max(0, round(base_y))), int(min(h, round(base_y + length)))
        band = lab[y0:y1, x0:x1]
    else:
        y0, y1 = int(max(0, round(base_y - length))), int(min(h, round(base_y)))
        band = lab[y0:y1, x0:x1][::-1]
    if band.size == 0:
        return 0.0
    # the squared distance as three plain products per channel plane, summed in the order an einsum over the
    # channels sums them (the same values), and the matching share of each row from a count: a few times quicker
    # on a narrow band than one einsum over a strided view and a float mean
    # (float32 only: the einsum's float64 sums are not always in that order)
    if band.dtype == np.float32 and colour.lab.dtype == np.float32:
        d0, d1, d2 = (band[..., i] - colour.lab[i] for i in range(3))
        dist2 = d0 * d0
        dist2 += d1 * d1
        dist2 += d2 * d2
    else:
        diff = band - colour.lab[None, None, :]
        dist2 = np.einsum("ijk,ijk->ij", diff, diff)
    match = dist2 < colour.tolerance ** 2
    rows = np.count_nonzero(match, axis=1) / match.shape[1] >= MATCH_FRACTION
    # the frame's shadow may cover the base checker's edge
    return run_end(rows, max(1, int(GAP_SLOTS * slot)), int(0.25 * slot))


def row_run_lengths(lab: np.ndarray, centres: Sequence[float], widths: Sequence[float], base_y: float,
                    toward: float, length: float, colour: CheckerColour, slot: float) -> list[float]:
    """``run_length`` of several columns that start at one base (a row of points: ``centres`` and point
    ``widths`` per column), the colour matched once for all of them.

    Why: the counter asks for up to 48 runs a frame, and a call per column spent most of its time in numpy's
    per-call overhead on a narrow band. The columns' pixels are gathered into one block and matched at once; each
    column's matching share per row is then a difference of running counts: the same pixels, the same float32
    sums, the same counts as one ``run_length`` per column."""
    h, w = lab.shape[:2]
    if toward > 0:
        y0, y1 = int(max(0, round(base_y))), int(min(h, round(base_y + length)))
    else:
        y0, y1 = int(max(0, round(base_y - length))), int(min(h, round(base_y)))
    spans = [(int(max(0, round(cx - BAND * pw))), int(min(w, round(cx + BAND * pw) + 1)))
             for cx, pw in zip(centres, widths)]
    if lab.dtype != np.float32 or colour.lab.dtype != np.float32 or y1 <= y0:
        return [run_length(lab, cx, base_y, toward, length, pw, colour, slot) for cx, pw in zip(centres, widths)]
    live = [(a, b) for a, b in spans if b > a]
    if not live:
        return [0.0] * len(spans)
    # rows, the columns' pixels side by side, 3: the columns' slices joined (the same block as np.take of their
    # indices along the rows, which copies pixel by pixel: ~0.1 ms a call more on the bench's 1080p board)
    rows = lab[y0:y1]
    block = np.concatenate([rows[:, a:b] for a, b in live], axis=1)
    d0, d1, d2 = (block[..., i] - colour.lab[i] for i in range(3))
    dist2 = d0 * d0
    dist2 += d1 * d1
    dist2 += d2 * d2
    counts = np.zeros((y1 - y0, block.shape[1] + 1), np.int64)
    np.cumsum(dist2 < colour.tolerance ** 2, axis=1, out=counts[:, 1:])
    n = np.array([b - a for a, b in live])
    ends = np.cumsum(n)
    # per column (rows of ``share``), each row's matching share, base first
    share = ((counts[:, ends] - counts[:, ends - n]) / n).T
    if toward < 0:
        share = share[:, ::-1]
    matched = iter(share >= MATCH_FRACTION)
    gap, slack = max(1, int(GAP_SLOTS * slot)), int(0.25 * slot)
    return [run_end(next(matched), gap, slack) if b > a else 0.0 for a, b in spans]


def run_end(rows: np.ndarray, gap_max: int, start_slack: int) -> float:
    """Where a run of True rows that starts within ``start_slack`` rows of row 0 ends (rows from 0), bridging
    breaks of up to ``gap_max`` rows; 0 when no run starts that early."""
    # (the 1-D array's own nonzero and a subtraction of neighbours: np.flatnonzero's and np.diff's values
    # without their Python wrappers, ~100 calls a frame)
    rows = np.asarray(rows)
    on = (rows if rows.ndim == 1 else rows.ravel()).nonzero()[0]
    if not len(on) or on[0] > start_slack + 1:
        return 0.0
    breaks = (on[1:] - on[:-1] - 1 > gap_max).nonzero()[0]
    return float(on[breaks[0]] + 1 if len(breaks) else on[-1] + 1)

