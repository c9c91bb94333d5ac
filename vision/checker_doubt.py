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
- the checkers' colour run is longer than the counted discs say (rims hidden in a packed stack);
- a clear disc dropped from the point's chain lies on its column past the counted stack
  (``checker_stacks.dropped_beyond``: a tall stack's chain broke where its rims hide), or three or more discs
  dropped as linked to no base, however faint, make a row at the checkers' pitch past it;
- a row of four or more shows a faint arc across a row checker's centre that the point's other checkers do not
  show (``checker_arcs.layer_arcs``, too faint to count by): a checker on top of the row, dark on dark;
- a disc dropped as linked to no base or not a checker colour takes the row's next place (one checker's spacing
  past the counted row) while the column differs from the empty board out to it (a shaded checker's face: the
  count stops short);
- the innermost disc stands most of a checker further out than the row's other stacks start (the base checker
  was not found), unless the checkers' colour or anything unlike the empty board runs from the base to that disc
  (the base checker is there, its rim lost against the frame);
- a single disc is the whole count and it is faint or off the row's base line (a triangle's rounded base, a print,
  a die edge), or centred past the found edge while the row's other stacks start inside it (a fingertip on the
  frame);
- a single disc is the whole count, yet the column differs from the empty board most of a checker or more past it
  and the checkers' own colour does not run from the base for it (``cue["empty"]``, ``run_n``): a second checker
  whose rim is lost (dark on dark), or a disc that is no checker on a point whose board differs there (glare);
- a single disc is the whole count, with no edge on its tip side and a side edge many times its rim
  (``cue["side_edges"]``, ``checker_lone.straight_sided_lone``): a light triangle's base meeting the frame, whose
  straight sides draw the disc, not a checker's rim running all round;
- a single disc is the whole count and its face is far less even than the faces of its colour's checkers in
  stacks (``cue["face"]``: its spread, theirs, how many; ``checker_colours.face_spread``): one player's checkers
  are made alike, and a die's pips, a print or grain crossing a triangle's edge are not one even colour;
- on a point read empty while one colour's checkers were counted nowhere on the points or the bar
  (``colour_missing``: no game position has that before its end), the column differs from the empty board from the
  base or over a stack's length, or a disc at the base was dropped as linked to no base or of no checker colour;
- only one checker colour was found once phantoms were set aside (``checker_colours.phantom_light``): which
  player's the checkers are is a guess;
- on a point counted by its checkers' faces (``checker_dark``, ``cue["faces"]``): the checkers' colour runs
  further from the base than the faces counted, or discs dropped there make a row at the checkers' pitch beyond
  the count;
- on a point read empty: a clear round disc was dropped there (not linked to the base, off the centre line, not
  a checker colour; or dropped as coloured like the board under it while its tip side shows more rim than the
  board's own shapes' on the other points do; or dropped as weak with a rim just under the floor, where the row's
  stacks start: ``cue["near_floor"]``), or discs dropped as faint or oddly coloured make a row from the
  base at the checkers' pitch
  (dark checkers on a dark point, shaded ones), or a checker-coloured run starts at the base, or the dark
  checkers' own colour runs a whole
  checker from the base where the empty-board model saw nothing (dark on dark: the rim too faint, the pixels too
  close to the dark triangle one by one), or three or more discs dropped as linked to no base make a row at the
  checkers' pitch (a stack whose base rims were missed; discs dropped as weak by a hair may fill its places), or
  the column differs from the empty board from the base
  for most of a row with the dark checkers' colour at the base (dark on dark, rims drowned), or a clear disc
  at the base coloured like a checker was dropped as the board's with a tip-side rim just under the rule's.

Cues tried and left out because they doubted more right counts than they caught wrong ones (measured over renders
5252, 6363, 7474, 8585, 9696, the sample stills and the real photos): a long run unlike the empty board from an
empty point's base; the base disc's median difference to the empty board or to the point's empty same-coloured
neighbours; a centre highlight (a checker's dome) against the empty board's; rims at a radius a size larger
(dark checkers with their shadow look bigger); checkers missing from a colour's fifteen when a tray was read.

The three doubts of an empty point added for issue 5 (a row of unlinked discs, a long unlike column with the dark
colour at its base, a checker-coloured disc at the base dropped by a hair), against 9adab61, per point with the
found outline / the true geometry: renders 6100-6159 (tuned on) confident wrong 13 -> 11 / 16 -> 12 (stacks read
empty for sure 10 -> 6); renders 6200-6229 2 -> 1 (true geometry); renders 6160-6199 (check), the sample stills and
the real photos unchanged; points right and right points flagged unchanged on every set. Tried and left out: a dark
slot shaded and tinted like the dark face yet a little nearer the empty board (``checker_dark``, to_face up to 1.5
times to_empty) as a maybe: it caught render 6132 point 8 and doubted a right empty point (6127 point 3).

A die against a stack is not a cue: on renders and real photos it doubted six right counts for one wrong one (the
disc found on a die itself is dropped before counting, see ``checker_dice``).
"""

from __future__ import annotations

import statistics
from typing import Any, Optional, Sequence

from vision.checker_lone import chained_row, straight_sided_lone
from vision.checker_stacks import PAST_TIP, dropped_beyond
from vision.checker_unseen import lone_as_the_board, stack_unseen

DOUBTFUL_CONFIDENCE = 0.5  # what a doubted point's confidence is capped at (below the referee's 0.6)
FULL_ROW = 5  # players start a second layer on a row of five (the triangle's length): a taller stack may hide some
BASE_MISSING = 0.7  # the innermost disc this many diameters further out than the row's others start: no base checker
BASE_COVER_SLACK = 0.5  # ... unless the column differs from the empty board from its base to within this of that disc
FAINT_LONE = 0.35  # a lone disc's rim below this share of its colour's typical rim ...
LONE_OUT = 0.2  # ... or this many diameters further out than the row's stacks start (a die, a neighbour's edge)
PAST_EDGE = 0.5  # ... or centred past the found edge, this many diameters short of where the row's stacks start
CLEAR_DROPPED = 0.5  # a dropped disc this clear (share of the typical rim) on an empty point may be a checker
DARK_RUN = 1.0  # a dark checker colour run this many diameters long from an empty point's base
LONE_BEYOND = 0.7  # diameters past a lone counted checker that the column still differs from the empty board
FACE_VIEWS = 2  # a lone disc's face is compared with its colour's checkers in stacks when this many were seen ...
# (3 -> 2: render 57112's light triangles' bases read as lone dark checkers at 0.67, faces 8.5-10.6 against the two
# stacked dark checkers' 1.7; on renders 57000-57039 and 57100-57139 the lone checkers compared with two fellows
# showed 0.9-1.6 times theirs)
FACE_RATIO = 2.0  # ... and is unlike them when its pixels stray this many times as far from its own colour ...
FACE_EXTRA = 2.5  # ... and this much further (Lab): a checker's face is as even as its fellows', grain or a die's not
FAINT_ROW_RIM = 0.15  # discs dropped as faint or oddly coloured, at least this share of the typical rim ...
# (0.2 -> 0.15: real photo r14's two dark checkers on a dark point rimmed at 0.18, one pitch apart from the base)
FAINT_ROW_PITCH = (0.85, 1.25)  # ... one checker's spacing apart (diameters) ...
FAINT_ROW_START = 1.0  # ... the first within this many diameters of the base: a row of dark checkers on a dark point
FAINT_ROW_COVERED = 0.1  # ... or this share, where the column differs from the empty board from its base (within
# FAINT_ROW_START) out past the row's outermost disc (fresh game 34104 f78: two dark checkers lit by a lamp on a
# cream point, dropped as no checker colour with rims of 0.11-0.13, the column unlike the board from 0.19 to 2.1;
# read empty for sure, and the referee called the true play illegal)
NEAR_FLOOR = 0.95  # a disc dropped as weak with at least this share of the rim floor ...
NEAR_BASE = 0.3  # ... centred within this many diameters of where the row's stacks start: a checker lost by a hair
TIP_VIEWS = 3  # board-coloured discs dropped elsewhere on the board needed to tell how the board's own shapes look ...
TIP_STANDS_OUT = (2.5, 0.05)  # ... and one whose tip-side rim is this many times theirs (median) and this much more
TIP_NEAR_BASE = 0.5  # ... centred within this many diameters of where the row's stacks start
ROW_WHY = ("weak and alone", "not a checker colour", "as on the empty board")  # (why those discs were dropped)
DROPPED_WHY = ("unlinked", "scattered", "not a checker colour", "off the stack's end")
UNLINKED_ROW = 3  # discs dropped as linked to no base, this many in a row at the checkers' pitch (FAINT_ROW_PITCH),
# however faint: a stack whose base rims were missed (render 6102 point 9: seven dark, four outer rims at 0.16-0.18)
ARC_ROW = 4  # a row this long with a faint arc across a checker's centre may have a checker on top (players layer
# rows of four or more)
NEAR_FLOOR_ROW = 0.8  # discs dropped as weak with this share of the rim floor take places in such a row
BEYOND_START = 0.5  # diameters past a counted stack's outermost disc where a row of unlinked discs beyond it may start
LONG_UNLIKE = 4.0  # diameters an empty point's column differs from the empty board from its base ...
NEAR_TIP_ARC = 0.25  # a disc dropped as board-coloured whose tip-side rim was this share of its sides, just under
# checkers.TIP_ARC (0.35), ...
CHECKER_COLOURED = 1.0  # ... its colour within this many tolerances of a checker colour, at the base: a checker
# of its triangle's colour as likely as the triangle's base (render 6123 point 5: tip 0.31-0.35, 0.3-0.6 tolerances
# off the light checkers; on renders 6100-6229, the sample stills and the real photos the triangles' own bases within
# a tolerance of a checker colour showed tips of 0.15 at most, those with tips of 0.25 or more lay 1.2 or more off)
CONTINUES = (0.8, 1.3)  # diameters past the counted row's outermost disc where a dropped disc takes its next place
CONTINUES_WHY = ("unlinked", "not a checker colour")  # ... dropped for these (on the row's line) ...
CONTINUES_SLACK = 0.5  # ... while the column differs from the empty board this many checkers past the count ...
CONTINUES_REACH = 0.3  # ... and out to within this of the disc's centre
MISSING_EMPTY = 0.8  # with one colour unseen (colour_missing): a column unlike the empty board from its base this
# many checkers ...
MISSING_COVER_EVEN = 0.45  # ... or covered over a stack's length (checker_unseen.stack_unseen) as evenly as this
# (the stack rule alone asks 0.25: fifteen dark on a dark point showed 0.33 and 0.40 on renders 57019 and 57226; right
# empty points' columns 0.42-2.7 on renders 57000-57339 where one colour went unseen) ...
MISSING_WHY = ("not a checker colour", "unlinked")  # ... or a disc dropped for these ...
MISSING_NEAR_BASE = 0.5  # ... centred within this many diameters of where the row's stacks start
LONG_DARK = 0.0  # ... with more than this run of the dark checkers' own colour from the base: dark on a dark point
WEAK_ROW = 2  # discs dropped as weak (under the rim floor) on an empty point's centre line, this many in a row at the
# checkers' pitch (FAINT_ROW_PITCH), wherever it starts: a stack of checkers that barely contrast with their point


def doubts(cue: dict[str, Any]) -> list[str]:
    """Why this point's count may be wrong (empty when nothing speaks against it)."""
    why: list[str] = []
    n = int(cue.get("n") or 0)
    us = cue.get("us") or []
    if n and us:
        # where this row's stacks start: the base checker's centre sits there (half a diameter from a found edge)
        row_base = float(cue.get("row_base", 0.5))
        if cue.get("half"):
            why.append("second layer")
        elif n >= ARC_ROW and cue.get("layer_arcs"):
            # (a checker on top of the row drew a faint arc across a row checker's centre: checker_arcs.layer_arcs)
            why.append("arc of a checker on top")
        if n > FULL_ROW:
            why.append("more than a row")
        run_n = int(cue.get("run_n") or 0)
        if run_n and cue.get("run_sign") == cue.get("sign") and run_n - int(cue.get("disc_n") or 0) > 1:
            why.append("colour run longer")
        if dropped_beyond(us, cue.get("rejected") or [], cue.get("tip")):
            why.append("clear disc beyond the stack")
        if _row_goes_on(us, n, cue.get("rejected") or [], float(cue.get("empty") or 0.0)):
            why.append("dropped disc continues the row")
        if _unlinked_row_beyond(us, cue.get("rejected") or [], cue.get("tip")):
            why.append("row of unlinked discs beyond the stack")
        if min(us) - row_base >= BASE_MISSING and not _base_covered(cue, min(us)):
            why.append("no base checker")
        rims = cue.get("rims") or []
        if n == 1 and rims and (max(rims) < FAINT_LONE or us[0] - row_base > LONE_OUT):
            why.append("faint lone disc")
        if n == 1 and us[0] < 0 <= row_base - PAST_EDGE - us[0]:
            # (fingertips resting on the frame beside the base: round, clear, but where no checker of this row lies)
            why.append("lone disc past the edge")
        if n == 1 and float(cue.get("empty") or 0.0) - n >= LONE_BEYOND and not (
                int(cue.get("run_n") or 0) >= 1 and cue.get("run_sign") == cue.get("sign")):
            why.append("column differs past the lone disc")
        if straight_sided_lone(cue):
            why.append("lone disc with a triangle's straight sides")
        face = cue.get("face")
        if face and face[2] >= FACE_VIEWS and face[0] > FACE_RATIO * face[1] and face[0] - face[1] > FACE_EXTRA:
            why.append("lone disc unlike its colour's checkers")
        if cue.get("colours_unsure"):
            why.append("which colour is which unsure")
        if cue.get("faint_kept"):
            # (discs whose rims fell under the board's floor, kept for the column they cover: checker_faint)
            why.append("rims under the floor")
        if n <= 2 and lone_as_the_board(cue.get("unlike") or [], cue.get("by_common") or [], cue.get("unlike_len")):
            why.append("discs as on the empty board")
    dropped = cue.get("rejected") or []
    faces = int(cue.get("faces") or 0)
    if faces:
        # counted by the checkers' faces (checker_dark) on a point whose rims showed nothing: the cues that say an
        # empty reading may miss checkers are answered; a colour run longer than the count is not
        run_n = int(cue.get("run_n") or 0) if cue.get("run_sign") == cue.get("sign") else 0
        dark_run = float(cue.get("dark_run") or 0.0) if cue.get("sign") == -1 else 0.0
        if run_n > faces or dark_run >= faces + DARK_RUN:
            why.append("colour run longer than the faces")
        if _row_beyond(dropped, faces):
            why.append("dropped discs beyond the faces")
    elif not n:
        # (an unlinked disc that the empty board shows too, on the points of that colour, is the board's own shape)
        board = cue.get("as_the_board") or []
        if any(w in DROPPED_WHY and rim >= CLEAR_DROPPED and not (w == "unlinked" and u in board)
               for w, u, rim in dropped):
            why.append("clear disc dropped")
        row_base = float(cue.get("row_base", 0.5))
        if any(rim >= NEAR_FLOOR and abs(u - row_base) <= NEAR_BASE for u, rim, _ in cue.get("near_floor") or []):
            # a rim this close to the floor comes and goes with a few px of the board's corners or a cloud: a
            # checker at the base whose rim was lost is as likely as an empty point
            why.append("disc at the base just under the rim floor")
        if cue.get("tip_unlike_board"):
            why.append("board-coloured disc unlike the board's own")
        if any(rim >= CLEAR_DROPPED and tip >= NEAR_TIP_ARC and colour <= CHECKER_COLOURED
               and abs(u - row_base) <= TIP_NEAR_BASE for u, rim, tip, _, colour in cue.get("board_unlike") or []):
            # (dropped as the board's by a hair, and coloured like a checker: as likely the base checker)
            why.append("checker-coloured disc at the base dropped by a hair")
        if _faint_row(dropped, cue):
            why.append("faint row at the base")
        if _unlinked_row(dropped, cue):
            why.append("row of unlinked discs")
        if faint_rims_in_a_row(cue.get("weak_line") or []):
            why.append("faint rims in a row on the centre line")
        if float(cue.get("empty") or 0.0) >= LONG_UNLIKE and float(cue.get("dark_run") or 0.0) > LONG_DARK:
            # (past the tip checker_stacks.unseen_stack takes such a column for a shadow; with the dark checkers'
            # colour at its base it is as likely a dark stack on a dark point whose rims all drowned: render 6104)
            why.append("long unlike column, dark at the base")
        if cue.get("colour_missing") and _shows_something(cue, dropped, row_base):
            why.append("one colour unseen, something on the point")
        if stack_unseen(cue):
            why.append("column covered in no board colour")
        if cue.get("board_bare"):
            why.append("no checker on any point")
        if int(cue.get("run_n") or 0) >= 1:
            why.append("colour run at the base")
        elif float(cue.get("dark_run") or 0.0) >= DARK_RUN:
            # a dark checker on a dark triangle: too close to the empty board there for its pixels to differ from
            # it one by one (Lab shrinks differences in the dark), which cuts the run above short, yet a whole
            # checker's length of the dark checkers' own colour runs from the base
            why.append("dark colour run at the base")
    return why


def colour_missing(points: Sequence[Optional[int]], bar: dict[str, int]) -> bool:
    """Whether one colour's checkers were counted on the points or the bar and the other's nowhere there.

    Why: in a game both players have checkers on the board until one has borne off all fifteen and won; a reading
    with none of one colour says its checkers went unseen somewhere (their colour is then not learnt either, so a
    disc of it is dropped as no checker colour): renders 57015 (a dark lone checker on a red point under a dark
    frame, no disc found), 57019 and 57226 (fifteen dark on a dark point, no rim) and 57133 (a red checker on a red
    point dropped as no checker colour) were read with no dark checker at all and the missed point empty for sure.
    The empty points that show something there are then doubted (``doubts``: MISSING_*)."""
    light = sum(v for v in points if v and v > 0) + int((bar or {}).get("light", 0))
    dark = -sum(v for v in points if v and v < 0) + int((bar or {}).get("dark", 0))
    return (light == 0) != (dark == 0)


def bare_board(points: Sequence[Optional[int]], bar: dict[str, int]) -> bool:
    """Whether no checker was counted anywhere on the playing area: every point empty and none on the bar.

    Why: no game position leaves the points bare (a game ends when one player has borne off his fifteen, with the
    other's still on the board), so a bare reading says the count failed, not the board: a board found in the wrong
    place (render 12134, corners 219 px off: no disc anywhere, four points with checkers read empty for sure) or a
    frame whose checkers all went unseen. A board set up from its trays before a game passes through it too, and
    nothing is lost by waiting there. Every point read empty is then doubted (the referee waits), none is counted."""
    return not any(points) and not any((bar or {}).values())


def mark_tips_unlike_the_board(cues: dict[int, dict[str, Any]]) -> None:
    """Mark (``cue["tip_unlike_board"]``) the points where a clear disc dropped as board-coloured shows more rim on its
    tip side than the board's own shapes do.

    Why: a disc coloured like the board under it is dropped when its rim fades on its tip side, as a triangle's
    rounded base does; but a checker of the triangle's own colour (a white checker on a white point of a real
    wooden board) fades there too, only less. The board's own shapes repeat on every point of their colour and so
    fade alike: one that stands out from them is as likely a checker (each point's ``board_tips``: diameters from
    the base, rim as a share of the typical rim, tip-side rim as a share of its own rim)."""
    tips = {p: [t for _, _, t in cue.get("board_tips") or []] for p, cue in cues.items()}
    for p, cue in cues.items():
        if not tips[p]:
            continue
        others = [t for q, ts in tips.items() if q != p for t in ts]
        if len(others) < TIP_VIEWS:
            continue
        usual = statistics.median(others)
        row_base = float(cue.get("row_base", 0.5))
        # (at the base only: a point read empty whose checkers were missed would have lost its base checker)
        if any(rim >= CLEAR_DROPPED and t >= TIP_STANDS_OUT[0] * usual and t - usual >= TIP_STANDS_OUT[1]
               and abs(u - row_base) <= TIP_NEAR_BASE for u, rim, t in cue["board_tips"]):
            cue["tip_unlike_board"] = True


def _shows_something(cue: dict[str, Any], dropped: list[Any], row_base: float) -> bool:
    """Whether a point read empty shows something where a checker of the unseen colour would lie: its column
    differs from the empty board from the base for MISSING_EMPTY checkers or more, or is covered evenly over a
    stack's length in no board colour (``checker_unseen.stack_unseen``, MISSING_COVER_EVEN), or a disc at the base
    was dropped as linked to no base or of no checker colour (the unseen colour was never learnt)."""
    if float(cue.get("empty") or 0.0) >= MISSING_EMPTY:
        return True
    if stack_unseen(cue, even=MISSING_COVER_EVEN):
        return True
    return any(w in MISSING_WHY and rim >= FAINT_ROW_RIM and abs(u - row_base) <= MISSING_NEAR_BASE
               for w, u, rim in dropped)


def _faint_row(dropped: list[Any], cue: Optional[dict[str, Any]] = None) -> bool:
    """Whether discs dropped for a faint rim or an odd colour on a point read empty form a row from its base: two or
    more, each one checker's spacing from the last. Dark checkers on a dark point show faint rims only, shaded ones
    an odd colour, but grain and prints do not repeat at exactly the checkers' pitch from the base.

    Fainter rims (FAINT_ROW_COVERED) count where the point's column (``cue``) differs from the empty board from the
    base out past the row: lit or shaded checkers of a colour far from the learnt ones, whose rims against a
    triangle of about their brightness are faint, still cover the board there, which grain and prints do not."""
    if _row_from_base(sorted(u for w, u, rim in dropped if w in ROW_WHY and rim >= FAINT_ROW_RIM)):
        return True
    if cue is None or float(cue.get("unlike_from") or 0.0) >= FAINT_ROW_START:
        return False
    row = _row_from_base(sorted(u for w, u, rim in dropped if w in ROW_WHY and rim >= FAINT_ROW_COVERED))
    reach = float(cue.get("unlike_from") or 0.0) + float(cue.get("unlike_len") or 0.0)
    return bool(row) and reach >= row[-1]


def _row_from_base(us: list[float]) -> list[float]:
    """The row (diameters from the base, sorted ``us``) of two or more at the checkers' pitch starting within
    FAINT_ROW_START of the base, or an empty list."""
    if len(us) < 2 or us[0] >= FAINT_ROW_START:
        return []
    row = [us[0]]
    for u in us[1:]:
        if FAINT_ROW_PITCH[0] <= u - row[-1] <= FAINT_ROW_PITCH[1]:
            row.append(u)
    return row if len(row) >= 2 else []


def _unlinked_row(dropped: list[Any], cue: Optional[dict[str, Any]] = None) -> bool:
    """Whether discs dropped as linked to no base on a point read empty make a row of UNLINKED_ROW or more, each one
    checker's spacing from the last, wherever it starts. A stack whose base checkers showed no rim leaves its outer
    discs unlinked; grain and prints on empty points gave at most two at that pitch (renders 6100-6229, the sample
    stills, the real photos), so the point is doubted, never counted.

    With the point's ``cue``: discs dropped as weak by a hair (``near_floor``, NEAR_FLOOR_ROW of the rim floor) take
    places in that row too, one unlinked disc at least among them: a tall dark stack whose rims drowned except a few
    (tall-stack render 72528 point 15: ten read empty for sure, weak discs at 2.3 and 3.4, unlinked ones at 4.3, 5.0
    and 5.9; render 72019 point 20: six, 2.4 weak, 3.5 and 4.5 unlinked).

    Tried and left out: two unlinked discs at the pitch where the column differs from the empty board from its base
    for a checker and a half (render 72576 point 23, eight read empty, was caught; sample still sim_23 point 11,
    empty, was doubted: a neighbour's shadow)."""
    unlinked = [float(u) for w, u, _ in dropped if w == "unlinked"]
    if chained_row(unlinked, UNLINKED_ROW, FAINT_ROW_PITCH):
        return True
    if cue is None or not unlinked:
        return False
    near = [float(u) for u, rim, _ in cue.get("near_floor") or [] if rim >= NEAR_FLOOR_ROW]
    return chained_row(unlinked + near, UNLINKED_ROW, FAINT_ROW_PITCH)


def faint_rims_in_a_row(weak_line: Sequence[float]) -> bool:
    """Whether discs dropped as weak on a point read empty, on its centre line (``cue["weak_line"]``, diameters from
    the base), make a row of WEAK_ROW or more at the checkers' pitch, wherever it starts.

    Why: the rim floor is set by the checkers that contrast most with the board (white on black: a typical rim of
    400), so checkers that barely differ from their point (grey-scale dark checkers on a grey point, brown on wood)
    rim under it everywhere and the whole stack is dropped as weak; when the empty-board model sees nothing there
    either (the checkers about the point's own shade), the point was read empty for sure (render 92029 points 2 and 4:
    three and ten dark, weak rims at 1.46, 2.54 and 1.94, 3.02, 4.06 on the centre line, 0.65-0.94 of the floor).
    A weak disc on an empty point's centre line is common (the triangle's base, grain), but two one checker's pitch
    apart on it were found on no empty point of renders 92000-92079 (1,221 empty points). The point is doubted,
    never counted."""
    return chained_row(weak_line, WEAK_ROW, FAINT_ROW_PITCH)


def _unlinked_row_beyond(us: list[float], dropped: list[Any], tip: Optional[float]) -> bool:
    """Whether discs dropped as linked to no base make a row of UNLINKED_ROW or more at the checkers' pitch past a
    counted stack's outermost disc (``us``), not past where rows end (``checker_stacks.PAST_TIP`` beyond the
    triangle's ``tip``): the stack's chain broke where its rims hid (tall-stack render 72537 point 16: six dark
    read two, four discs dropped at 2.7-5.9, one pitch apart)."""
    end = max(us) + BEYOND_START
    limit = float("inf") if tip is None else float(tip) + PAST_TIP
    return chained_row([float(u) for w, u, _ in dropped if w == "unlinked" and end < u <= limit], UNLINKED_ROW,
                       FAINT_ROW_PITCH)


def _row_beyond(dropped: list[Any], count: int) -> bool:
    """Whether discs dropped on a point (not linked, faint, oddly coloured) make a row of two or more at the
    checkers' pitch beyond the ``count`` checkers read from its base: a stack the count stopped short of."""
    us = sorted(u for w, u, rim in dropped if (w in ROW_WHY or w in DROPPED_WHY) and rim >= FAINT_ROW_RIM and u > count)
    return any(FAINT_ROW_PITCH[0] <= b - a <= FAINT_ROW_PITCH[1] for a, b in zip(us, us[1:]))


def _row_goes_on(us: list[float], n: int, dropped: list[Any], empty: float) -> bool:
    """Whether a disc dropped on the point (not linked, or not a checker colour: a shaded checker's face) lies one
    checker's spacing past the counted row's outermost disc (CONTINUES, diameters) while the column differs from
    the empty board out to it and half a checker past the count (``empty``, checkers' lengths from the base).

    Why: either alone is common (grain past a row; a shadow past its end), but a disc in the row's next place over a
    column that is no empty board there is that row's next checker, whatever its colour looked like (render 9102
    point 17: three dark read one, the two outer ones dropped as not a checker colour at 1.5 and 2.5, the column
    unlike the board for 2.8; 6226 point 17: three light read two). Discs dropped off the centre line (scattered,
    off the stack's end) are no place of the row: a glare's edge beside real photo r14's three light checkers."""
    if not us or empty < n + CONTINUES_SLACK:
        return False
    end = max(us)
    return any(why in CONTINUES_WHY and rim >= FAINT_ROW_RIM and CONTINUES[0] <= u - end <= CONTINUES[1]
               and u <= empty + CONTINUES_REACH for why, u, rim in dropped)


def _base_covered(cue: dict[str, Any], first: float) -> bool:
    """Whether the slot under a stack's first seen disc is shown covered from the base, as the count has it: the
    stack's own colour runs from the base for a checker or more, or the column differs from the empty board from the
    base up to that disc (``first``, diameters from the base); and neither runs on past the count (then more
    checkers lie there than were counted, and the missing base says so). A base checker whose rim is lost against
    the frame then still shows."""
    n = int(cue.get("n") or 0)
    run_n = int(cue.get("run_n") or 0) if cue.get("run_sign") == cue.get("sign") else 0
    empty = float(cue.get("empty") or 0.0)
    return (run_n >= 1 or empty >= first - BASE_COVER_SLACK) and run_n <= n and empty <= n + BASE_COVER_SLACK
