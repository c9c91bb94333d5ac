"""What a point's column shows beyond the empty board, against what was counted there: a stack no disc was found
on, and a lone disc where the column is the empty board.

Why: a count rests on discs found by their rims, and the empty board's measure (checker_empty) was read only as a
run from the base. A packed stack of dark checkers on a dark triangle shows neither: its rims are faint where the
checkers overlap (layers, every checker touching the next) and its base checker looks like the triangle's dark
base, so the run from the base never starts. Further out, where the triangle narrows, the checkers differ from the
empty board row after row over several diameters. A long stretch unlike the empty board is not proof by itself: a
lamp or a shade lifts the board's own pattern (the triangle's edges and the field beside it still show, shifted),
and a column found a little off its triangle shows the triangle's own dark where the template blends it. A stack
covers the board instead: over the stretch the column is as even as one checker colour while the empty board under
it varies (the triangle's edge, the field), so the column is far closer to its own median colour than to the empty
board shifted by one light; and that colour is none of the board's own (triangles, field). Such a column read
empty is doubted (render 9103 point 7: fifteen black on a dark brown point, read none for sure).

The other way round, a lone disc whose whole area matches the empty board learnt from the other points of its
colour (the views free of discs there, not what most views show) while nothing else in its column differs from
it is the board's own shape: a dark triangle's base meeting the frame draws a clear round rim (render 9143 point
10). A checker lying there differs from the board under it at least by its shading and rim. Neither case is
counted otherwise: the point is doubted, the referee waits.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from vision.checker_median import median_along

GAP_SLOTS = 0.3  # a break shorter than this many diameters (a rim line that matches the board) does not end a stretch
UNSEEN_RUN = 2.5  # diameters of column unlike the empty board, read empty, ...
UNSEEN_FROM = 3.0  # ... starting within this many diameters of the base (a row's reach) ...
COVER_EVEN = 0.25  # ... as even as this share of how far it strays from the empty board shifted by one light ...
COVER_COLOUR = 12.0  # ... in a colour this far (Lab) from every board colour: covered by something (a stack)
AS_BOARD = 0.0  # a lone disc differing from the known empty board on no more than this share of its area (none) ...
AS_BOARD_COLUMN = 0.5  # ... in a column differing from it over less than this many diameters: the board's own


def longest_run(rows: np.ndarray, gap_max: int) -> tuple[int, int]:
    """(start, end) rows of the longest run of True rows, bridging breaks of up to ``gap_max`` rows; (0, 0) when
    there is none."""
    on = np.flatnonzero(rows)
    if not len(on):
        return 0, 0
    cut = np.flatnonzero(np.diff(on) - 1 > gap_max)
    starts = np.concatenate([[on[0]], on[cut + 1]])
    ends = np.concatenate([on[cut], [on[-1]]]) + 1
    i = int(np.argmax(ends - starts))
    return int(starts[i]), int(ends[i])


def column_cover(rows: np.ndarray, band: np.ndarray, template: np.ndarray, slot: float,
                 board_colours: Sequence[np.ndarray], judge: bool = True) -> dict[str, float]:
    """A point's cues on its longest stretch unlike the empty board (``rows``: per row of its band, whether it is):
    where it starts and how long it is (diameters); and, when it is long enough to matter (UNSEEN_RUN), how far its
    pixels stray from their own median colour (``cover_even``) and from the empty board shifted by their median
    difference from it (``cover_lift``), and how far that median colour lies from the nearest board colour
    (``cover_colour``; Lab). ``judge``: whether to judge the cover at all (only a point with no disc needs it)."""
    start, end = longest_run(rows, max(1, int(GAP_SLOTS * slot)))
    out = {"unlike_from": round(start / slot, 2), "unlike_len": round((end - start) / slot, 2)}
    if not judge or end - start < UNSEEN_RUN * slot:
        return out
    # (every other pixel each way: the medians of a few thousand pixels need no more, at a quarter of the cost)
    seen = band[start:end:2, ::2].reshape(-1, 3)
    board = template[start:end:2, ::2].reshape(-1, 3)
    diff = seen - board
    # (median_along: np.median's values at less of its overhead)
    lift = median_along(diff, 0)
    own = median_along(seen, 0)
    out["cover_even"] = round(float(median_along(np.linalg.norm(seen - own, axis=1), 0)), 1)
    out["cover_lift"] = round(float(median_along(np.linalg.norm(diff - lift, axis=1), 0)), 1)
    out["cover_colour"] = round(min((float(np.linalg.norm(own - c)) for c in board_colours), default=float("inf")), 1)
    return out


def stack_unseen(cue: dict, even: float = COVER_EVEN) -> bool:
    """Whether a point read empty is covered by something over a stack's length (see the module's doc); ``even``:
    how even the cover must be, as a share of how far it strays from the empty board shifted by one light."""
    if float(cue.get("unlike_len") or 0.0) < UNSEEN_RUN or float(cue.get("unlike_from") or 0.0) > UNSEEN_FROM:
        return False
    if "cover_even" not in cue:
        return False
    return (float(cue["cover_even"]) <= even * float(cue["cover_lift"])
            and float(cue["cover_colour"]) >= COVER_COLOUR)


def lone_as_the_board(unlike: Sequence[float], by_common: Sequence[bool], unlike_len: Optional[float]) -> bool:
    """Whether the one or two discs counted on a point are the empty board itself: each matches the empty board
    learnt from discless views (``by_common`` False) on all but AS_BOARD of its area, and the column differs from
    it nowhere over AS_BOARD_COLUMN diameters."""
    if not unlike or unlike_len is None or unlike_len >= AS_BOARD_COLUMN:
        return False
    return all(u <= AS_BOARD and not common for u, common in zip(unlike, by_common))
