"""The borne-off checkers: counted where they stand in the trays, checked against what the board's count leaves.

Why two cues: each side has exactly 15 checkers, so 15 minus the checkers read on the points and the bar is the
number borne off, but only when every point was read right; one point misread or hidden makes it wrong or
unknown. Borne-off checkers in a tray are seen directly: players stand them on edge in a row along the tray from
its end at their own side, so seen from above they make a band one checker wide running in from the tray's end,
one checker's thickness per checker. A tray is the same all along its length (floor, walls, rails), so each
pixel column's colour in the tray's middle, where borne-off rows rarely reach, is what that column shows when
empty; whatever differs from it from an end inward, in a checker colour, is a row.

The board finder puts a tray just outside the playing area; on boards with a frame strip between the two the
tray lies further out, so each tray is read widened outward by OUTWARD. A checker on edge shows its side, in
shade: its face's hue at less lightness and chroma, so its colour is matched along the face colour's chroma line.
A row of one or two checkers is no thicker than the tray's own end wall in a checker's colour: such a sliver says
only that at most two are off there.

A row's length counts the checkers only roughly (a checker's thickness is not measured, real ones lean), so it
confirms the board's count (sure) or leaves it standing (unsure). What the tray says for sure is that it is empty:
nothing checker-wide anywhere along it but its own end walls. Both home boards lie at one end of the board, so both
players bear off into the tray there: that tray's emptiness decides, whatever the other holds. That zero wins over
the board's count (one misread point spoils that). Where no tray is in view (or it holds something else: a cube, a
card, a hand) the board's count stands; ``None`` where neither cue gives a count. The per-colour confidence goes to
the observation's ``extra["off_confidence"]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection, Optional, Sequence

import numpy as np

from vision.checker_median import median_along
from vision.checker_runs import CheckerColour, run_end

COLOURS = ("light", "dark")
THICKNESS = 0.216  # a checker standing on edge in a row takes this many diameters of the tray (its thickness
#                    of about a fifth of the diameter, plus the little gap when they lean on each other)
MIDDLE = 1.2  # diameters either side of the tray's middle taken as the empty tray (a full row of 15 stops short)
DIFFERS = 22.0  # Lab distance from the empty tray's column colour at which a pixel shows something in the tray
BEND = 0.2  # diameters a tray's wall may drift sideways along the tray in the rectified view
ROW_WIDTH = 0.7  # diameters of a checker on edge looked at across the tray (its middle, where it is widest)
SIDE_SHADE = (0.55, 1.7)  # lightness of a checker's side seen from above: light ones down to, dark up to this
OUTWARD = 0.5  # diameters the tray is also looked for further out: the board finder places it just outside the
#                playing area, but a frame strip between them puts it further out
GREY = 128.0  # a and b of a colourless pixel (8-bit Lab)
SIDE_CHROMA = (0.4, 1.1)  # a checker's side seen from above keeps its face's hue at this share of its chroma
ROW_SHARE = 0.8  # a tray row belongs to a borne-off row when this share of one checker's width differs
START_SLACK = 0.7  # diameters from the tray's end within which a borne-off row must start
WALL = 0.5  # diameters: a band unlike the tray's middle, not checker-coloured, thinner than this ...
WALL_AT = 2  # ... starting within this many px of the found end, is the tray's end wall
MIN_ROW = 0.75  # checker thicknesses a row must span (the tray's end edge, found a pixel or two off, is thinner)
LONGEST = 17  # checkers: a row measured longer than 15 (leaning, thick checkers) and this slack is no row: a point's
#               triangle or the rail seen through a tray placed a little into the playing area (sample still 27)
GAP = 0.12  # diameters of break (a rim line, a highlight) that do not end a row
SLIVER = 0.45  # diameters: a row this short (two checkers or less) may as well be the tray's end wall, a rim line
#                or a shadow in a checker's colour (21 of 25 such rows on renders of seeds 1631 and sample stills
#                and the real photos were none): it says only that at most two checkers are off at that end
AGREE = 0.2  # a tray count within this share of the board's 15-minus count agrees with it (rows of a few: exactly)
SURE = 1.0  # confidence of an off count the tray and the board agree on
ONE_ROW = 0.5  # ... of a count of one that they agree on: a one-checker row is no thicker than the tray's end wall,
#                a rim line or a sliver of the frame (4 of 5 such rows on renders of seeds 1901-1940/2101-2140 and
#                the real r19 were none), so it confirms the board's 1 only half
TRAY_ONLY = 0.5  # ... of an empty tray's zero when the board's count is unknown
CUBE_REACH = 0.9  # diameters round the doubling cube's read centre that are the cube (its face, sides and shadow), no
#                   checker, where it lies in a tray
BOARD_ONLY = 0.5  # ... of one only the board's count gives (no tray in view)
DISAGREE = 0.2  # ... of a tray count that disagrees with the board's count

Rect = tuple[float, float, float, float]


@dataclass
class TrayRow:
    """One row of checkers on edge found in a tray, in working px: which end it starts at and how long it is."""

    tray: int
    end: str  # "top" | "bottom" (of the rectified view)
    colour: str
    length: float  # diameters
    count: int
    lightness: float = 0.0  # median L of the row's pixels (Lab 0-255)
    sliver: bool = False  # no longer than two checkers: as likely the tray's end wall in a checker's colour


@dataclass
class OffReading:
    """The borne-off counts per colour with their confidence, and the two cues they came from."""

    off: dict[str, Optional[int]]
    confidence: dict[str, float]
    tray: dict[str, Optional[int]]
    board: dict[str, Optional[int]]
    rows: list[TrayRow] = field(default_factory=list)


def borne_off(points: Sequence[Optional[int]], bar: dict[str, int]) -> dict[str, Optional[int]]:
    """Checkers borne off per colour as 15 minus those on the points and the bar; None when a point is unknown
    (a hand over it) or more than 15 were read."""
    if any(n is None for n in points):
        return {"light": None, "dark": None}
    light = sum(n for n in points if n and n > 0) + bar["light"]
    dark = -sum(n for n in points if n and n < 0) + bar["dark"]
    return {"light": 15 - light if light <= 15 else None, "dark": 15 - dark if dark <= 15 else None}


def _looks_like(strip: np.ndarray, colour: CheckerColour, light: bool) -> np.ndarray:
    """Pixels that may show a checker of ``colour`` standing on edge: its hue, and its lightness or the shade of
    its side (seen from above a checker on edge shows its rim, darker than a light face, lighter than a dark
    one)."""
    # shade scales a colour's chroma (a, b about the grey 128) with its lightness: a checker's shaded side has
    # its face's hue at less chroma, so the chroma is compared with the face's scaled along its own line
    ca, cb = float(colour.lab[1]) - GREY, float(colour.lab[2]) - GREY
    sa, sb = strip[..., 1] - GREY, strip[..., 2] - GREY
    norm2 = max(ca * ca + cb * cb, 1e-6)
    k = np.clip((sa * ca + sb * cb) / norm2, SIDE_CHROMA[0], SIDE_CHROMA[1])
    da, db = sa - k * ca, sb - k * cb
    ab = da * da + db * db <= colour.tolerance ** 2
    seen, lc = strip[..., 0], float(colour.lab[0])
    if light:
        lit = (seen >= SIDE_SHADE[0] * lc - colour.tolerance) & (seen <= lc + colour.tolerance)
    else:
        lit = (seen >= lc - colour.tolerance) & (seen <= SIDE_SHADE[1] * lc + 2 * colour.tolerance)
    return ab & lit


def unlike_tray(strip: np.ndarray, empty: np.ndarray, bend: int) -> np.ndarray:
    """Pixels of a tray unlike the empty tray: further than DIFFERS from its column's empty colour and from the
    empty colour of every column up to ``bend`` px either side (a lens or a tilted view bends the tray's straight
    walls in the rectified view, so a wall column is not the same column all along the tray)."""
    padded = np.concatenate([np.repeat(empty[:1], bend, axis=0), empty, np.repeat(empty[-1:], bend, axis=0)])
    n = strip.shape[1]
    # one contiguous plane per channel: the squared distance as three plain products summed in the order an einsum
    # over the channels sums them (the same float32 values), a few times quicker than einsum on 3-long rows
    seen = [np.ascontiguousarray(strip[..., c], np.float32) for c in range(3)]
    tray = [np.ascontiguousarray(padded[:, c], np.float32) for c in range(3)]
    # a pixel like its own column's empty colour is like the empty tray, whatever the columns beside it show: only
    # the pixels unlike their own column (a few, on an emptyish tray) are compared with the columns beside it
    # (the same test, nearest empty colour beyond DIFFERS, on far fewer pixels)
    d0, d1, d2 = seen[0] - tray[0][bend:bend + n], seen[1] - tray[1][bend:bend + n], seen[2] - tray[2][bend:bend + n]
    unlike = d0 * d0 + d1 * d1 + d2 * d2 > DIFFERS ** 2
    ys, xs = np.nonzero(unlike)
    if len(ys) == 0:
        return unlike
    pix = [plane[ys, xs] for plane in seen]
    still = np.ones(len(ys), bool)
    for s in range(2 * bend + 1):
        if s != bend:
            d0, d1, d2 = pix[0] - tray[0][xs + s], pix[1] - tray[1][xs + s], pix[2] - tray[2][xs + s]
            still &= d0 * d0 + d1 * d1 + d2 * d2 > DIFFERS ** 2
    unlike[ys, xs] = still
    return unlike


def _running_counts(mask: np.ndarray) -> np.ndarray:
    """0, then the running total of each column's count of True (a checker-wide band's count is a difference of
    two): written into one array, not concatenated from a list."""
    cum = np.zeros(mask.shape[1] + 1, np.intp)
    np.cumsum(np.count_nonzero(mask, axis=0), out=cum[1:])
    return cum


def _row_from_end(zone: np.ndarray, width: int, d: float) -> tuple[float, float, int]:
    """(start, end, column) in px from the tray's end of the row a boolean ``zone`` (rows from the end) shows in
    its best checker-wide band; end 0 when no row starts near the end."""
    width = min(width, zone.shape[1])
    cum = _running_counts(zone)
    c0 = int(np.argmax(cum[width:] - cum[:-width]))
    band = zone[:, c0:c0 + width]
    on = np.count_nonzero(band, axis=1) >= ROW_SHARE * band.shape[1]
    end = run_end(on, max(1, int(round(GAP * d))), int(round(START_SLACK * d)))
    return (float(np.flatnonzero(on)[0]) if end > 0 else 0.0), end, c0


def _something_along(unlike: np.ndarray, width: int, d: float) -> bool:
    """Whether anything checker-wide lies anywhere along a tray: a run of rows of a checker-wide band ``unlike``
    the empty tray (an object in the middle, where the empty tray is learnt, still differs from most of it)."""
    width = min(width, unlike.shape[1])
    cum = _running_counts(unlike)
    c0 = int(np.argmax(cum[width:] - cum[:-width]))
    band = unlike[:, c0:c0 + width]
    on = np.count_nonzero(band, axis=1) >= ROW_SHARE * band.shape[1]
    runs = np.diff(np.concatenate([[0], on.astype(np.int8), [0]]))
    lengths = np.flatnonzero(runs == -1) - np.flatnonzero(runs == 1)
    return bool(len(lengths) and lengths.max() >= MIN_ROW * THICKNESS * d)


def _read_tray(strip: np.ndarray, i: int, d: float, colours: list[tuple[str, CheckerColour]],
               placed: slice = slice(None), cube: Optional[tuple[float, float]] = None
               ) -> tuple[list[TrayRow], bool]:
    """The rows at the two ends of one tray (``strip``: its Lab pixels, widened outward; index ``i``; ``d``:
    checker diameter), and whether the tray is clear where it shows no row, judged on the ``placed`` columns (the
    finder's tray): the widening reaches over the tray's outer wall and frame, where the cube, a die or the
    frame's edge often lie, and those say nothing about the tray's emptiness (render 1828: the cube beyond it).
    ``cube``: the doubling cube's read centre in the strip's px (x across, y along), when it lies in the strip.

    The cube read in the tray is left out (CUBE_REACH round its centre): players park it in the home tray's middle,
    and there it showed as "something mid-tray", which left the tray unread and the off count to the board's 15-minus
    count alone, unsure, and wrong wherever a point was misread (renders 79500-79659: 7 home trays held the cube, 6
    were left unread; with the read cube left out 3 are read empty, the others show a hand, an unread cube and a
    wall's shading: off right 251 -> 253 of 312, sure and right 128 -> 132, sure and wrong 2 -> 2). Something else
    mid-tray (a card, a hand, checkers left there) still leaves the tray unread."""
    mid = strip.shape[0] / 2
    m0, m1 = int(max(0, mid - MIDDLE * d)), int(min(strip.shape[0], mid + MIDDLE * d))
    differs = unlike_tray(strip, median_along(strip[m0:m1], 0), int(round(BEND * d)))
    if cube is not None:
        yy, xx = np.ogrid[:strip.shape[0], :strip.shape[1]]
        differs &= (xx - cube[0]) ** 2 + (yy - cube[1]) ** 2 > (CUBE_REACH * d) ** 2
    likes = {name: differs & _looks_like(strip, c, name == "light") for name, c in colours}
    rows, clear = _rows_at_ends(strip, differs, likes, i, d)
    if placed != slice(None):
        _, clear = _rows_at_ends(strip[:, placed], differs[:, placed], {n: m[:, placed] for n, m in likes.items()},
                                 i, d)
    return _two_players(rows, len(colours)), clear


def _rows_at_ends(strip: np.ndarray, differs: np.ndarray, likes: dict[str, np.ndarray], i: int, d: float
                  ) -> tuple[list[TrayRow], bool]:
    """The rows at the two ends of a tray's pixels (``differs``: unlike the empty tray; ``likes``: that and in a
    checker colour, per colour) and whether it is clear where it shows no row."""
    clear = True
    rows: list[TrayRow] = []
    mid = strip.shape[0] / 2
    width = int(max(2, round(ROW_WIDTH * d)))
    reach = int(min(mid, (15 * THICKNESS + START_SLACK + 0.5) * d))
    walls = {"top": 0, "bottom": 0}
    for end in ("top", "bottom"):
        flip = (lambda a: a[:reach]) if end == "top" else (lambda a: a[::-1][:reach])
        found = []
        for name, like in likes.items():
            first, last, c0 = _row_from_end(flip(like), width, d)
            count = int(round((last - first) / (THICKNESS * d)))
            if last >= reach - 1:
                # it runs on past where 15 checkers end, into the tray's middle: no row, something else
                clear = False
                continue
            if count > LONGEST:
                # longer than any row of 15: a point's triangle or the frame under a misplaced tray, no row
                clear = False
                continue
            if last - first >= MIN_ROW * THICKNESS * d and count >= 1:
                seen = flip(like)[int(first):int(last), c0:c0 + width]
                pixels = flip(strip)[int(first):int(last), c0:c0 + width][seen]
                found.append(TrayRow(tray=i, end=end, colour=name, length=round(float((last - first) / d), 2),
                                     count=min(15, count), lightness=float(np.median(pixels[:, 0])),
                                     sliver=bool(last - first < SLIVER * d)))
        if found:
            row = max(found, key=lambda row: row.length)
            rows.append(row)
            if not row.sliver:
                continue
            walls[end] = int(round(row.length * d))
            continue
        # no row of a checker colour: a sure zero only where nothing checker-wide differs from the tray's middle
        # at its end (a wall bowing near the end differs in a sliver of columns only), but the tray's own end
        # wall: a thin band across it right at the found end (the tray ends a little short of the playing
        # area's found edge, or beyond it in perspective)
        first, last, _ = _row_from_end(flip(differs), width, d)
        if first <= WALL_AT and last - first < WALL * d:
            walls[end] = int(last)
        elif last - first >= MIN_ROW * THICKNESS * d:
            clear = False
    inside = differs[walls["top"]:len(differs) - walls["bottom"]]
    if clear and not rows and _something_along(inside, width, d):
        # nothing at the ends, but something in the middle (a cube, a card, checkers left mid-tray): the middle
        # was taken as the empty tray, so the ends prove nothing
        clear = False
    return rows, clear


def _two_players(rows: list[TrayRow], n_colours: int) -> list[TrayRow]:
    """The rows of one tray, with both ends' rows of two colours: the two players bear off from their own sides,
    so the two rows are of the two colours, the lighter one light (one row's shade can pass for either colour)."""
    if len(rows) == 2 and rows[0].colour == rows[1].colour and n_colours == 2:
        lighter = max(rows, key=lambda row: row.lightness)
        for row in rows:
            row.colour = "light" if row is lighter else "dark"
    return rows


def tray_rows(lab: np.ndarray, trays: Sequence[Rect], r: float, light: Optional[CheckerColour],
              dark: Optional[CheckerColour], home: Optional[int] = None,
              cube: Optional[tuple[float, float]] = None) -> tuple[list[TrayRow], bool]:
    """The rows of checkers on edge at the ends of each tray (working Lab view, trays in working px, checker radius
    ``r``), and whether every tray end that shows no row is clearly empty (nothing there but the tray).

    ``home``: the index of the tray beside the home boards, where both players bear off (both home boards lie at
    the same end of the board); when given, only that tray must be clear: the other one often holds the cube, a
    die, a card or a hand, which says nothing about borne-off checkers (rows found in it still count). ``cube``: the
    doubling cube's read centre (working px), left out of the tray it lies in (``_read_tray``)."""
    h, w = lab.shape[:2]
    d = 2 * r
    rows: list[TrayRow] = []
    clear = True
    colours = [(name, c) for name, c in (("light", light), ("dark", dark)) if c is not None]
    for i, (x0, y0, x1, y1) in enumerate(trays):
        ya, yb = int(max(0, np.floor(y0))), int(min(h, np.ceil(y1)))
        # the tray widened outward: each column's empty look is its own, so one read of the widened strip finds a
        # row wherever across it the tray really lies
        pa, pb = int(max(0, np.floor(x0))), int(min(w, np.ceil(x1)))
        if (x0 + x1) / 2 < w / 2:
            x0 -= OUTWARD * d
        else:
            x1 += OUTWARD * d
        xa, xb = int(max(0, np.floor(x0))), int(min(w, np.ceil(x1)))
        if xb - xa < 3 or yb - ya < 4 * d:
            continue
        placed = slice(pa - xa, pb - xa) if pb - pa >= 3 else slice(None)
        at = None
        if cube is not None and xa <= cube[0] < xb and ya <= cube[1] < yb:
            at = (cube[0] - xa, cube[1] - ya)
        found, tray_clear = _read_tray(lab[ya:yb, xa:xb], i, d, colours, placed, at)
        rows += found
        if home is None or i == home:
            clear = clear and tray_clear
    return rows, clear


def reconcile(tray: dict[str, Optional[int]], board: dict[str, Optional[int]], slivers: Collection[str] = ()
              ) -> tuple[dict[str, Optional[int]], dict[str, float]]:
    """One off count per colour from the tray's and the board's, with how sure it is.

    An empty tray is a clear sight and wins over the board's count (which one misread point spoils); a row's
    length counts only roughly (checkers differ in thickness and lean), so a row the board's count disagrees with
    leaves the board's count, marked unsure; where the board's count is missing an empty tray still says 0 (half
    sure) and a row says nothing; where no tray is seen the board's count is taken, half sure. A tray that shows
    only ``slivers`` of a colour (rows of two checkers or less, as often its end wall) says 0 unless the board's
    count is 1 or 2: then that count, half sure."""
    off: dict[str, Optional[int]] = {}
    conf: dict[str, float] = {}
    for c in COLOURS:
        t, b = tray.get(c), board.get(c)
        if t == 0 and c in slivers and b is not None and 0 < b <= 2:
            off[c], conf[c] = b, ONE_ROW
        elif t is None:
            off[c], conf[c] = b, (BOARD_ONLY if b is not None else 0.0)
        elif b is None:
            # the tray alone: its sure zero, but no rough row count (on the real photos those were a clock and
            # name cards in the trays, and checkers left mid-tray; on renders they were right more often)
            off[c], conf[c] = (0, TRAY_ONLY) if t == 0 else (None, 0.0)
        elif t == b or (t > 0 and b > 0 and abs(t - b) <= int(AGREE * max(t, b))):
            off[c], conf[c] = b, (ONE_ROW if t == b == 1 else SURE)
        else:
            off[c], conf[c] = (t if t == 0 else b), DISAGREE
    return off, conf


def read_off(lab: np.ndarray, trays: Sequence[Rect], r: float, light: Optional[CheckerColour],
             dark: Optional[CheckerColour], points: Sequence[Optional[int]], bar: dict[str, int],
             home_x: Optional[float] = None, cube: Optional[tuple[float, float]] = None) -> OffReading:
    """The borne-off checkers of both colours: the trays in view read (``trays`` in the working view's px), then
    reconciled with the board's count. The trays are the board finder's (calibration.geometry): looking further
    out, over the rails and the frame, found their bowed edges and the table at the corners more often than a
    tray the finder had placed too far in (renders of seed 5353: off right 44 -> 40 of 73). ``home_x``: the x
    (working px) of the home boards (point 1's column): the tray nearest it is the one both players bear off into
    (tray_rows). ``cube``: the doubling cube's read centre (working px), which is no checker in a tray."""
    board = borne_off(points, bar)
    home = None
    if home_x is not None and len(trays) > 1:
        home = int(np.argmin([abs((t[0] + t[2]) / 2 - home_x) for t in trays]))
    rows, clear = tray_rows(lab, trays, r, light, dark, home, cube) if trays else ([], False)
    tray: dict[str, Optional[int]] = {c: None for c in COLOURS}
    for c in COLOURS:
        seen = [row.count for row in rows if row.colour == c and not row.sliver]
        if seen or (trays and clear):
            tray[c] = min(15, sum(seen))
    slivers = {c for c in COLOURS if any(row.sliver and row.colour == c for row in rows)}
    off, conf = reconcile(tray, board, slivers)
    return OffReading(off=off, confidence=conf, tray=tray, board=board, rows=rows)
