"""When a short row's faint rims say nothing about its count: the row is proven by the column itself.

Why: a point's confidence falls with its faintest disc's rim (``checkers.count_checkers``: a faint disc may be grain
or a print). In a short row from the base that is often the wrong question: touching checkers of one colour hide
each other's rims, so the inner ones rim faintly on every board, and the count does not rest on them anyway (a row
is counted to its outermost disc: checkers do not float). What the count rests on is where the row ends, and the
column tells that on its own: it differs from the empty board (``checker_empty``) from the base to the row's end
and no further. Where that run ends within half a checker of the counted row's end, and the checkers' own colour
runs no further, the row is proven whatever its rims, and the faint rims no longer make the count unsure.

Only rows shorter than one that carries a layer (``checker_stacks.MIN_ROW_FOR_LAYER``): on a row of five a faint
rim is also where a checker on top may hide (renders 6125 point 16, twelve showing only their first row of five;
6166 point 2, six read as their row of five, both with the column ending where the row does). A row with a gap,
not starting at the row's common start, or with discs at half offsets is no plain row and is not proven here.
Tried as "a row whose outermost disc is clear" alone (session 8's vouched row) it made phantom rows and rows one
short sure on held-out renders: the column's run is the independent evidence that rule lacked.
"""
from __future__ import annotations

from typing import Any

from vision.checker_stacks import MIN_ROW_FOR_LAYER

START_OFF = 0.3  # diameters the first disc may lie from where the row's stacks start (``row_base``)
ROW_STEP = (0.85, 1.25)  # diameters between neighbouring discs of a row with a disc on every place
SHORT_END = 0.5  # checkers the column's run may end short of the counted row (the last one's shaded far edge) ...
LONG_END = 0.4  # ... or run past it (its shadow)


def row_proven(cue: dict[str, Any]) -> bool:
    """Whether a point's count is a plain short row proven by its column (see the module doc).

    ``cue``: the counter's cues for the point (``checkers.CheckerCount.cues``): ``n`` (the count), ``us`` (disc
    centres, diameters from the base), ``half`` (discs at half offsets), ``row_base`` (where the row's stacks
    start), ``empty`` (checkers' lengths the column differs from the empty board from its base), ``run_n`` and
    ``run_sign`` (the checker colour's run from the base, in checkers) and ``sign`` (the count's colour)."""
    n = int(cue.get("n") or 0)
    us = sorted(float(u) for u in cue.get("us") or [])
    # (a lone disc is all the count rests on: its rim is the evidence, ``checker_doubt``'s faint lone disc)
    if n < 2 or n >= MIN_ROW_FOR_LAYER or len(us) != n or cue.get("half"):
        return False
    if abs(us[0] - float(cue.get("row_base", 0.5))) > START_OFF:
        return False
    if not all(ROW_STEP[0] <= b - a <= ROW_STEP[1] for a, b in zip(us, us[1:])):
        return False
    if not n - SHORT_END <= float(cue.get("empty") or 0.0) <= n + LONG_END:
        return False
    return not (cue.get("run_sign") == cue.get("sign") and int(cue.get("run_n") or 0) > n)
