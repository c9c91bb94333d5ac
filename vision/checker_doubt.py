"""When a point's count may be wrong: the situations where the counter errs, told from what it measured.

Why: the referee (``device.matching``) takes a point read with confidence >= 0.6 at its word, so a count that is
wrong yet sure turns into a false alarm of an illegal play. The counter's errors are not random: they come where
its own cues cannot settle the number. So each point's cues (``CheckerCount.cues``, filled by
``checkers.count_checkers``) are checked for those situations, and a point in one of them is given the confidence
``DOUBTFUL``: counted, but not proof of anything. The cues, in the counter's own units (checker diameters from
the point's base, rims as a share of their colour's typical rim):

- a second layer was read (checkers at half offsets): which discs are on top and which are waists between row
  checkers is a guess, and the row under them is inferred;
- the row reaches the triangle's tip or beyond: where players start a second layer, whose checkers hide those
  under them;
- the checkers' colour run, or the run unlike the empty board, is much longer or shorter than the counted discs
  say (rims hidden in a packed stack; shadows and dice);
- the innermost disc stands a checker or more out from the base (the base checker was not found);
- a single faint disc is the whole count (a triangle's rounded base, a print, a die edge);
- a die lies on or against the checkers;
- on a point read empty: a clear round disc was dropped there (not linked to the base, off the centre line, not
  a checker colour), a disc on a die was dropped there, or a checker-coloured run starts at the base.
"""

from __future__ import annotations

from typing import Any

DOUBTFUL_CONFIDENCE = 0.5  # what a doubted point's confidence is capped at (below the referee's 0.6)
FULL_ROW = 5  # players start a second layer on a row of five (the triangle's length): a taller stack may hide some
RUN_DISAGREE = 1.5  # diameters between the counted stack and a run along the column that make the count doubtful
BASE_MISSING = 1.0  # the innermost disc's centre this many diameters from the base: the base checker is not seen
FAINT_LONE = 0.35  # a lone disc's rim below this share of its colour's typical rim ...
LONE_OUT = 0.65  # ... or its centre this many diameters from the base (a base checker's is half a diameter)
CLEAR_DROPPED = 0.5  # a dropped disc this clear (share of the typical rim) on an empty point may be a checker
DROPPED_WHY = ("unlinked", "scattered", "not a checker colour", "off the stack's end", "on a die")


def doubts(cue: dict[str, Any]) -> list[str]:
    """Why this point's count may be wrong (empty when nothing speaks against it)."""
    why: list[str] = []
    n = int(cue.get("n") or 0)
    us = cue.get("us") or []
    empty = float(cue.get("empty") or 0.0)
    if n and us:
        tip = float(cue.get("tip") or 0.0)
        if cue.get("half"):
            why.append("second layer")
        if n > FULL_ROW:
            why.append("more than a row")
        if empty - n > RUN_DISAGREE:
            why.append("unlike-board run longer")
        run_n = int(cue.get("run_n") or 0)
        if run_n and cue.get("run_sign") == cue.get("sign") and abs(run_n - int(cue.get("disc_n") or 0)) > 1:
            why.append("colour run disagrees")
        if min(us) >= BASE_MISSING:
            why.append("no base checker")
        rims = cue.get("rims") or []
        if n == 1 and rims and (max(rims) < FAINT_LONE or us[0] > LONE_OUT):
            why.append("faint lone disc")
        if cue.get("die"):
            why.append("die against it")
    elif not n:
        dropped = [(w, u, rim) for w, u, rim in cue.get("rejected") or []
                   if w in DROPPED_WHY and (rim >= CLEAR_DROPPED or w == "on a die")]
        if dropped:
            why.append("clear disc dropped")
        if int(cue.get("run_n") or 0) >= 1:
            why.append("colour run at the base")
    return why
