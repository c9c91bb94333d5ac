"""Straight edges beside one side of the playing area, found as lines (offset and slant), not as columns.

The playing area from the point pattern is only approximate: under a hand or steep perspective one of its
corners can be off by a point width, so in a view built on it the frame's edges are slanted lines, not
columns. And a hand or a cup may cover most of a side. So for each side we collect, row by row along the side,
the places where the colour steps (local maxima of the step across the side), and vote for straight lines
through them: a line's *support* is the share of rows (where the image is seen) that have a step on it. A
frame edge is straight and runs the whole side, so it gathers many rows even when half of it is hidden;
checkers, dice and texture are round or short and gather few.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

SLOPES = np.linspace(-0.08, 0.08, 17)  # px across per px along the side: how far a frame edge may slant
MIN_PEAK_STEP = 2.5  # Lab units per px: weaker steps are noise
PEAKS_PER_ROW = 6


@dataclass(frozen=True)
class SideLine:
    """A straight edge beside a side: distance outward at the side's centre, slant, and evidence."""

    d: float  # px outward from the playing area's side, at the middle row of the searched span
    slope: float  # px outward per px along the side
    support: float  # share of seen rows with a colour step on the line (0..1)
    step: float  # median colour step (Lab units per px) on the rows where it shows
    border: bool = False  # not an edge: the image ends here
    rows: Optional[np.ndarray] = field(default=None, compare=False, repr=False)  # rows where the step shows

    def at(self, r: float, r_mid: float) -> float:
        return self.d + self.slope * (r - r_mid)


def _steps(strip: np.ndarray) -> np.ndarray:
    """Colour step across the side at every (row, distance): L counts fully, a and b a bit more (hue edges)."""
    g = np.zeros(strip.shape[:2], np.float32)
    diff = (strip[:, 2:] - strip[:, :-2]) / 2
    g[:, 1:-1] = np.sqrt(diff[..., 0] ** 2 + 1.5 * (diff[..., 1] ** 2 + diff[..., 2] ** 2))
    return g


def side_lines(strip: np.ndarray, valid: np.ndarray, min_d: int, min_support: float) -> list[SideLine]:
    """Candidate edge lines in a strip (rows along the side, columns = distance outward from the side).

    ``valid`` marks pixels inside the image. Returns lines (strongest support first is not implied: sorted by
    distance) whose support is at least ``min_support``.
    """
    R, D = strip.shape[:2]
    if R < 8 or D < min_d + 3:
        return []
    g = _steps(strip)
    ok = np.zeros_like(valid)
    ok[:, 1:-1] = valid[:, 2:] & valid[:, :-2]
    g[~ok] = 0.0
    # per row: local maxima above the floor, the strongest few
    peak = (g[:, 1:-1] >= g[:, :-2]) & (g[:, 1:-1] > g[:, 2:]) & (g[:, 1:-1] >= MIN_PEAK_STEP)
    P = np.zeros((R, D), bool)
    P[:, 1:-1] = peak
    P[:, :min_d] = False
    if PEAKS_PER_ROW:
        gp = np.where(P, g, 0.0)
        kth = np.sort(gp, axis=1)[:, -PEAKS_PER_ROW][:, None]
        P &= gp >= np.maximum(kth, 1e-6)
    rows = np.arange(R)
    r_mid = (R - 1) / 2
    cols = np.arange(D)
    best_sup = np.zeros(D)
    best_slope = np.zeros(D)
    for s in SLOPES:
        shift = np.round(s * (rows - r_mid)).astype(int)  # line at d (mid) passes row r at d + shift[r]
        idx = cols[None, :] + shift[:, None]
        inside = (idx >= 0) & (idx < D)
        idc = np.clip(idx, 0, D - 1)
        Ps = np.take_along_axis(P, idc, axis=1) & inside
        Vs = np.take_along_axis(ok, idc, axis=1) & inside
        Q = Ps.copy()
        Q[:, 1:] |= Ps[:, :-1]
        Q[:, :-1] |= Ps[:, 1:]
        seen = Vs.sum(axis=0)
        sup = np.where(seen >= 0.5 * R, np.minimum(1.0, (Q & Vs).sum(axis=0) / np.maximum(seen, 1)), 0.0)
        better = sup > best_sup + 1e-9
        best_sup = np.where(better, sup, best_sup)
        best_slope = np.where(better, s, best_slope)
    out = []
    for d in range(max(1, min_d), D - 1):
        sp = best_sup[d]
        if sp < min_support or sp < best_sup[d - 1] or sp <= best_sup[d + 1]:
            continue
        s = float(best_slope[d])
        rr = np.round(d + s * (rows - r_mid)).astype(int)
        inr = (rr >= 1) & (rr < D - 1)
        vals = np.max(np.stack([g[rows[inr], np.clip(rr[inr] + k, 0, D - 1)] for k in (-1, 0, 1)]), axis=0)
        on = np.zeros(R, bool)
        on[inr] = np.any(np.stack([P[rows[inr], np.clip(rr[inr] + k, 0, D - 1)] for k in (-1, 0, 1)]), axis=0)
        shown = vals[on[inr]]  # the step where the edge shows (a hand hiding the rest has none)
        step = float(np.median(shown)) if len(shown) else 0.0
        out.append(SideLine(float(d), s, float(sp), step, rows=on))
    return out


def band_colour(strip: np.ndarray, valid: np.ndarray, line: SideLine, lo: int, hi: int) -> np.ndarray | None:
    """Median colour of the band from ``lo`` to ``hi`` px beyond a line (negative: inside it), seen pixels only,
    on the rows where the line's step shows (where a hand covers the edge, it covers the bands too)."""
    R, D = strip.shape[:2]
    rows = np.arange(R)
    if line.rows is not None and line.rows.sum() >= 5:
        rows = rows[line.rows]
    base = np.round(line.d + line.slope * (rows - (R - 1) / 2)).astype(int)
    offs = np.arange(lo, hi + 1) if hi >= lo else np.arange(hi, lo + 1)
    idx = base[:, None] + offs[None, :]
    inside = (idx >= 0) & (idx < D)
    idc = np.clip(idx, 0, D - 1)
    ok = inside & valid[rows[:, None], idc]
    if ok.sum() < 0.3 * ok.size:
        return None
    return np.median(strip[rows[:, None], idc][ok], axis=0)


TABLE_BAND = 0.12  # the outermost share of a side's strip: the table beside the board
EDGE_BAND = (3, 12)  # px beyond (and inside) a line where its two sides' colours are taken


def table_colour(strip: np.ndarray, valid: np.ndarray) -> np.ndarray | None:
    """Median colour of the strip's outermost band: the table beside the board, if the strip reaches it (None
    where the image ends first: a photo cropped tight to the board shows no table there)."""
    D = strip.shape[1]
    colv = valid.mean(axis=0) >= 0.5
    if not colv.any():
        return None
    last = int(np.nonzero(colv)[0].max())
    if last < D - 3:  # the image ends inside the searched range: its last band may still be the board
        return None
    w = max(4, int(TABLE_BAND * D))
    if last - w < 0:
        return None
    band = strip[:, last - w:last + 1][valid[:, last - w:last + 1]]
    if len(band) < 20:
        return None
    q1, q3 = np.percentile(band, [25, 75], axis=0)
    if q3[0] - q1[0] > TABLE_SPREAD:  # not one surface: clutter, cards, a clock, people
        return None
    return np.median(band, axis=0)


def table_beyond(strip: np.ndarray, valid: np.ndarray, line: SideLine, table: np.ndarray | None) -> bool:
    """Whether the band just beyond a line has the table's colour."""
    if table is None:
        return False
    beyond = band_colour(strip, valid, line, EDGE_BAND[0], EDGE_BAND[1])
    return beyond is not None and float(np.linalg.norm((beyond - table)[1:])) <= TABLE_MATCH and \
        abs(float(beyond[0] - table[0])) <= TABLE_SHADE


def shadow_within(strip: np.ndarray, valid: np.ndarray, line: SideLine, table: np.ndarray | None) -> bool:
    """Whether the band just inside a line is the table in shade (its hue, darker): the board's shadow."""
    if table is None:
        return False
    within = band_colour(strip, valid, line, -EDGE_BAND[0], -EDGE_BAND[1])
    return within is not None and float(np.linalg.norm((within - table)[1:])) <= TABLE_MATCH and \
        float(within[0]) < float(table[0]) - SHADOW_STEP


SHADOW_STEP = 10.0  # Lab lightness below the table's that a band of the table's hue must fall to be shade


def table_boundaries(strip: np.ndarray, valid: np.ndarray, lines: list[SideLine], table: np.ndarray | None,
                     min_contrast: float = 8.0) -> list[SideLine]:
    """The lines with the table's colour just beyond them and another colour just inside: board on one side,
    table on the other. A line inside the board has board beyond it, a line in the table's own texture has
    table on both sides. Hue (a, b) decides first: light falls unevenly, so lightness must differ a lot."""
    if table is None:
        return []
    out = []
    for ln in lines:
        if ln.border:
            continue
        beyond = band_colour(strip, valid, ln, EDGE_BAND[0], EDGE_BAND[1])
        within = band_colour(strip, valid, ln, -EDGE_BAND[0], -EDGE_BAND[1])
        if beyond is None or within is None:
            continue
        hue_out, shade_out = float(np.linalg.norm((beyond - table)[1:])), abs(float(beyond[0] - table[0]))
        hue_in, shade_in = float(np.linalg.norm((within - table)[1:])), abs(float(within[0] - table[0]))
        table_beyond = hue_out <= TABLE_MATCH and shade_out <= TABLE_SHADE
        board_within = hue_in >= max(min_contrast, 2 * hue_out) or shade_in >= max(BOARD_SHADE, 2 * shade_out)
        if table_beyond and board_within:
            out.append(ln)
    return out


TABLE_SPREAD = 40.0  # Lab lightness: the widest interquartile range of a band that is one surface (wood grain
# and a cloth's weave stay well below; score cards, clocks and people beside the board do not)


def same_table(a: np.ndarray, b: np.ndarray) -> bool:
    """Two readings of the table's colour that can be one table under uneven light."""
    return float(np.linalg.norm((a - b)[1:])) <= TABLE_MATCH and abs(float(a[0] - b[0])) <= 1.5 * TABLE_SHADE


TABLE_MATCH = 10.0  # Lab units of hue (a, b): the most the colour beyond a frame edge may differ from the table's
TABLE_SHADE = 40.0  # ... and of lightness (light falls unevenly: a table is brighter near a lamp)
BOARD_SHADE = 30.0  # lightness step that sets a frame apart from a table of the same hue (black on white)  # Lab units: a side's outermost band this far from the other sides' is not the table
