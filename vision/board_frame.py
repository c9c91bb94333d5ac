"""From the playing area out to the board's outer frame.

The point pattern pins down the playing area reliably, but the outer frame is what the geometry is anchored to
(and what labels give). Around the playing area we build an extended top-down view and, for each side, a profile
of the edge strength across that side (median along the side, so clutter covering part of it does not count).
A board is symmetric: its left and right frame widths (trays included) are equal, and so are top and bottom. So
we pick the pair of edges, one on each side, that are strong, equally far out, and the farthest out among the
strong ones (the outer edge against the table, not the inner edges of trays). A side that runs off the image
ends at the image border: a photo cropped tight to the frame.

``outer_frame_lines`` (what ``find_board`` uses) refines that choice: each side's edges are found as straight
lines that may slant (``vision.board_lines``), and the outer frame is the edge with the table beyond it and the
board inside it, the table's colour read where the strips run out onto a plain surface that two sides agree
on. Where no edge shows the table beyond it (a tight crop, clutter all round, a frame the colour of the table),
the column-profile reading above stands.

The ends are then checked against the long sides (``_frame_ends``): the frame is one material all round, so an
end edge with another colour inside it (a card lying against the board) gives way to the frame edge within it,
an end edge with the frame's material beyond it (a tray's outer edge) goes on out, and an end a tray's width
short of the other with that tray's colour beyond it goes out as far (``_mirror_tray``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

VIEW_W = 360  # playing-area width in the extended view
MARGIN_X = 0.32  # searched frame width each side, as a share of the playing-area width
MARGIN_Y = 0.22


def _edge_profiles(view: np.ndarray, valid: np.ndarray, axis: int) -> np.ndarray:
    """Median over the other axis of the strongest per-channel gradient across `axis` (1 = x, 0 = y)."""
    lab = cv2.cvtColor(view, cv2.COLOR_BGR2Lab).astype(np.float32)
    lab = cv2.GaussianBlur(lab, (5, 5), 0)
    g = None
    for ch in range(3):
        d = cv2.Sobel(lab[:, :, ch], cv2.CV_32F, 1 if axis == 1 else 0, 0 if axis == 1 else 1, ksize=3)
        d = np.abs(d) * (1.0 if ch == 0 else 1.5)
        g = d if g is None else np.maximum(g, d)
    g = np.where(valid, g, np.nan)
    return g


def _pair(prof_a: np.ndarray, prof_b: np.ndarray, border_a: Optional[int], border_b: Optional[int],
          min_d: int, tol: int) -> tuple[float, float]:
    """Distances (da, db) of the frame edge on two opposite sides from the playing area.

    prof_x[d] is the edge strength at distance d outward; border_x the distance where the image ends (or None).
    Pairs are either two real edges equally far out, or the image border on one side when the other side's
    edge lies at least that far out (the frame runs off the image there).
    """
    def peaks(p: np.ndarray) -> list[tuple[int, float]]:
        q = np.nan_to_num(p, nan=0.0)
        return [(d, float(q[d])) for d in range(max(1, min_d), len(q) - 1)
                if q[d] >= q[d - 1] and q[d] >= q[d + 1] and q[d] > 0]

    pa, pb = peaks(prof_a), peaks(prof_b)
    pairs = [(da, db, min(sa, sb)) for da, sa in pa for db, sb in pb if abs(da - db) <= tol]
    if border_a is not None:
        pairs += [(border_a, db, sb) for db, sb in pb if db >= border_a - tol]
    if border_b is not None:
        pairs += [(da, border_b, sa) for da, sa in pa if da >= border_b - tol]
    if border_a is not None and border_b is not None:
        pairs.append((border_a, border_b, 0.0))
    if not pairs:
        return float(min_d), float(min_d)
    strongest = max(p[2] for p in pairs)
    good = [p for p in pairs if p[2] >= 0.45 * strongest]
    da, db, _ = max(good, key=lambda p: (p[0] + p[1]))
    return float(da), float(db)


def _median_masked(lab: np.ndarray, valid: np.ndarray, axis: int) -> np.ndarray:
    """Median colour along `axis` over valid pixels only (NaN where none are valid)."""
    arr = np.where(valid[..., None], lab, np.nan)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.nanmedian(arr, axis=axis)


MIN_STEP = 3.0  # Lab units per px: the weakest median colour step along a side that counts as an edge
RELATIVE_STEP = 0.15  # ... and at least this share of the side's strongest step (frame-to-table edges are weaker
# than field-to-frame edges, so this stays low)
TILTS = (-3, 0, 3)  # px of tilt over a side's length tried (the playing area is only approximate)


def _edge_strength(lab: np.ndarray, valid: np.ndarray, axis: int, span: slice) -> np.ndarray:
    """For each column (axis=1) or row (axis=0) of the view: the median colour step across it along the
    side (best over small tilts). A frame edge steps the same way all along, so its median step is large;
    texture and clutter step both ways or only in places, so theirs is small."""
    if axis == 0:
        lab = lab.transpose(1, 0, 2)
        valid = valid.T
    band = lab[span].astype(np.float32)  # rows along the side, columns across
    vb = valid[span]
    step = np.zeros_like(band)
    step[:, 1:-1] = (band[:, 2:] - band[:, :-2]) / 2
    ok = np.zeros(vb.shape, bool)
    ok[:, 1:-1] = vb[:, 2:] & vb[:, :-2]
    step[~ok] = 0.0
    R, n = band.shape[:2]
    best = np.zeros(n)
    for t in TILTS:
        off = np.round(t * (np.arange(R) / max(R - 1, 1) - 0.5)).astype(int)
        idx = np.clip(np.arange(n)[None, :] + off[:, None], 0, n - 1)
        shifted = np.take_along_axis(step, idx[:, :, None].repeat(3, axis=2), axis=1)
        med = np.median(shifted, axis=0)  # (n, 3)
        strength = (med[:, 0] ** 2 + 0.5 * (med[:, 1] ** 2 + med[:, 2] ** 2)) ** 0.5
        best = np.maximum(best, strength)
    return best


def _edge_options(strength: np.ndarray, validity: np.ndarray, min_d: int) -> list[tuple[float, bool]]:
    """Distances outward (from the playing area) of frame-like edges; the image border when it cuts in.

    Of the clear edges (local maxima of at least MIN_STEP and RELATIVE_STEP of the side's strongest), all are kept;
    the image border is added when the image ends inside the searched range."""
    n = len(strength)
    ok = validity >= 0.5
    last = int(np.nonzero(ok)[0].max()) if ok.any() else 0
    skip = max(min_d, int(0.03 * n))  # the playing area's own edge is not a frame edge
    top = float(strength[skip:max(skip + 1, last)].max()) if last > skip else 0.0
    opts = []
    for d in range(min_d, min(last, n - 1)):
        s = strength[d]
        if s >= max(MIN_STEP, RELATIVE_STEP * top) and s >= strength[d - 1] and s >= strength[d + 1]:
            opts.append((float(d), False))
    if last < n - 2:
        opts.append((float(last), True))
    if not opts:
        opts.append((float(min_d), False))
    return opts


def _farthest_edge(strength: np.ndarray, validity: np.ndarray, min_d: int) -> float:
    """The outermost clear edge of one end (the ends need not match: a board may have one tray)."""
    opts = _edge_options(strength, validity, min_d)
    real = [d for d, border in opts if not border]
    borders = [d for d, border in opts if border]
    if real and (not borders or max(real) > min_d):
        return max(real)
    return borders[0] if borders else float(min_d)


def _symmetric(a: list[tuple[float, bool]], b: list[tuple[float, bool]], tol: int) -> tuple[float, float]:
    """Pick one reading per opposite side: a board is symmetric, so the two frame widths agree; the image
    border only cuts a frame off (a side cut at distance B has its true edge at B or beyond). Among agreeing
    pairs of real edges the farthest out is the outer frame (inner ones are tray and frame strips); readings
    that use the image border come last."""
    best = None
    for da, ba in a:
        for db, bb in b:
            if ba and bb:
                cost = 0.0
            elif ba:
                cost = max(0.0, da - db)
            elif bb:
                cost = max(0.0, db - da)
            else:
                cost = abs(da - db)
            key = (int(ba) + int(bb) if cost <= tol else 3, cost if cost > tol else 0.0, -(da + db))
            if best is None or key < best[0]:
                best = (key, da, db)
    # a real edge on one side mirrored to the other, where the image goes on past it but shows no clear edge
    # (a dark frame on a dark table): better than two image borders, worse than two real edges
    for side, (opts, others) in enumerate(((a, b), (b, a))):
        other_border = [d for d, border in others if border]
        if not other_border:
            continue
        own_border = [d for d, border in opts if border]
        for d, border in opts:
            if own_border and own_border[0] - d <= 2 * tol:
                continue  # an edge just inside the image's own end: the frame may run on to that end
            if not border and other_border[0] > d + tol:
                key = (1.5, 0.0, -2 * d)
                if key < best[0]:
                    best = (key, d, d)
    return best[1], best[2]


@dataclass
class FrameView:
    """The extended top-down view around a playing area in which the frame's edges are searched."""

    H: np.ndarray  # image -> view homography
    lab: np.ndarray  # blurred Lab view, float32
    valid: np.ndarray  # view pixels that lie inside the image
    mx: int
    my: int
    Wp: int  # playing-area width and height in the view
    Hp: int
    ys: slice  # rows of the ends' profiles (the playing area's height, ends trimmed)
    xs: slice  # columns of the long sides' profiles

    @property
    def min_d(self) -> int:
        return max(3, int(0.012 * self.Wp))


PAD_SPREAD = 6  # grey levels: a padding bar's rows or columns are one flat colour
PAD_DARK = 12  # ... and black (a table is never that flat and dark; a product photo's white ground is its table)


def picture_box(image: np.ndarray) -> tuple[int, int, int, int]:
    """The part of a frame that is picture (x0, y0, x1, y1): without the flat black bars a webcam or a video
    stream pads its picture with (letterbox, pillarbox). A bar is no table: against it the board's
    frame edge would look like the edge of a table, and an arm over the true edge would go unnoticed."""
    gray = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    h, w = gray.shape[:2]

    def flat(line: np.ndarray) -> bool:
        m = float(line.mean())
        return int(line.max()) - int(line.min()) <= PAD_SPREAD and m <= PAD_DARK

    x0, x1, y0, y1 = 0, w, 0, h
    while x0 < w // 3 and flat(gray[:, x0]):
        x0 += 1
    while x1 > w - w // 3 and flat(gray[:, x1 - 1]):
        x1 -= 1
    while y0 < h // 3 and flat(gray[y0, x0:x1]):
        y0 += 1
    while y1 > h - h // 3 and flat(gray[y1 - 1, x0:x1]):
        y1 -= 1
    return x0, y0, x1, y1


def frame_view(image: np.ndarray, playing_quad: np.ndarray) -> FrameView:
    pq = np.asarray(playing_quad, dtype=np.float64).reshape(4, 2)
    w_top = np.linalg.norm(pq[1] - pq[0]) + np.linalg.norm(pq[2] - pq[3])
    h_side = np.linalg.norm(pq[3] - pq[0]) + np.linalg.norm(pq[2] - pq[1])
    aspect = max(0.5, min(2.5, w_top / max(h_side, 1e-6)))
    Wp, Hp = VIEW_W, int(round(VIEW_W / aspect))
    mx, my = int(MARGIN_X * Wp), int(MARGIN_Y * Hp)
    dst = np.array([[mx, my], [mx + Wp, my], [mx + Wp, my + Hp], [mx, my + Hp]], dtype=np.float64)
    H, _ = cv2.findHomography(pq, dst)
    size = (Wp + 2 * mx, Hp + 2 * my)
    view = cv2.warpPerspective(image, H, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    ones = np.zeros(image.shape[:2], np.uint8)
    x0, y0, x1, y1 = picture_box(image)
    ones[y0:y1, x0:x1] = 255
    valid = cv2.warpPerspective(ones, H, size, flags=cv2.INTER_NEAREST, borderValue=0) > 0
    valid = cv2.erode(valid.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    lab = cv2.cvtColor(cv2.GaussianBlur(view, (5, 5), 0), cv2.COLOR_BGR2Lab).astype(np.float32)
    ys = slice(my + int(0.04 * Hp), my + Hp - int(0.04 * Hp))
    xs = slice(mx + int(0.03 * Wp), mx + Wp - int(0.03 * Wp))
    return FrameView(H, lab, valid, mx, my, Wp, Hp, ys, xs)


def _column_distances(fv: FrameView) -> np.ndarray:
    """Frame widths (left, right, top, bottom; view px) from median colour steps per column and row."""
    lab, valid, mx, my, Wp, Hp, ys, xs = fv.lab, fv.valid, fv.mx, fv.my, fv.Wp, fv.Hp, fv.ys, fv.xs
    sup_x = _edge_strength(lab, valid, axis=1, span=ys)  # per x: median step across that column
    sup_y = _edge_strength(lab, valid, axis=0, span=xs)  # per y
    col_valid = np.mean(valid[ys, :], axis=0)
    row_valid = np.mean(valid[:, xs], axis=1)
    min_d = fv.min_d
    dl = _farthest_edge(sup_x[mx::-1], col_valid[mx::-1], min_d)
    dr = _farthest_edge(sup_x[mx + Wp:], col_valid[mx + Wp:], min_d)
    top = _edge_options(sup_y[my::-1], row_valid[my::-1], min_d)
    bottom = _edge_options(sup_y[my + Hp:], row_valid[my + Hp:], min_d)
    dt, db = _symmetric(top, bottom, max(3, int(0.02 * Wp)))
    return np.array([dl, dr, dt, db])


def _to_image(fv: FrameView, quad: np.ndarray, image: np.ndarray) -> np.ndarray:
    out = cv2.perspectiveTransform(quad.reshape(-1, 1, 2), np.linalg.inv(fv.H)).reshape(4, 2)
    h, w = image.shape[:2]
    out[:, 0] = np.clip(out[:, 0], 0, w - 1)
    out[:, 1] = np.clip(out[:, 1], 0, h - 1)
    return out


def outer_frame(image: np.ndarray, playing_quad: np.ndarray) -> np.ndarray:
    """Outer frame corners TL,TR,BR,BL (image px) around a playing area given as 4 image points (same order)."""
    fv = frame_view(image, playing_quad)
    dl, dr, dt, db = _column_distances(fv)
    x0, x1 = fv.mx - dl, fv.mx + fv.Wp + dr
    y0, y1 = fv.my - dt, fv.my + fv.Hp + db
    return _to_image(fv, np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64), image)


# ------------------------------------------------------------------------------------ lines, not columns
LINE_SUPPORT = 0.35  # share of a side's seen rows an edge line must run along (a hand may hide the rest)
LINE_RELATIVE_STEP = 0.2  # ... and its median step at least this share of the side's strongest line's


def _strips(lab: np.ndarray, valid: np.ndarray, mx: int, my: int, Wp: int, Hp: int, ys: slice, xs: slice):
    """The four sides' strips (rows along the side, columns outward from the playing area) and their masks."""
    return {
        "left": (lab[ys, mx::-1], valid[ys, mx::-1]),
        "right": (lab[ys, mx + Wp:], valid[ys, mx + Wp:]),
        "top": (lab[my::-1, xs].transpose(1, 0, 2), valid[my::-1, xs].T),
        "bottom": (lab[my + Hp:, xs].transpose(1, 0, 2), valid[my + Hp:, xs].T),
    }


def _line_options(strip: np.ndarray, valid: np.ndarray, min_d: int, relative: float = LINE_RELATIVE_STEP):
    """Frame-like edge lines of one side, plus the image border when the image ends inside the strip."""
    from vision.board_lines import SideLine, side_lines

    n = strip.shape[1]
    skip = max(min_d, int(0.03 * n))
    lines = side_lines(strip, valid, min_d, LINE_SUPPORT)
    top = max((ln.step for ln in lines if ln.d >= skip), default=0.0)
    keep = [ln for ln in lines if ln.step >= max(MIN_STEP, relative * top)]
    colv = valid.mean(axis=0)
    ok = colv >= 0.5
    last = int(np.nonzero(ok)[0].max()) if ok.any() else 0
    keep = [ln for ln in keep if ln.d < last]
    if last < n - 2:
        keep.append(SideLine(float(last), 0.0, 1.0, 0.0, border=True))
    if not keep:
        keep.append(SideLine(float(min_d), 0.0, 0.0, 0.0))
    return keep


def _pick(opts, d: float):
    return min(opts, key=lambda ln: abs(ln.d - d))


def _frame_lines(strips, opts, Wp: int, min_d: int, fallback: np.ndarray):
    """One edge line per side: where the board meets the table if that shows, else the column-profile
    reading ``fallback`` (left, right, top, bottom distances; ``outer_frame``'s choice).

    The table's colour is read at the outer end of each side's strip that lies wholly in the image and shows
    one plain surface there. Where one side's reading disagrees with the two that agree best (the strip ran
    on past the table into people, a clock, a score sheet), theirs stands for it, as it does for sides cut by
    the image border."""
    from vision.board_lines import (SideLine, same_table, shadow_within, table_beyond, table_boundaries,
                                    table_colour)

    own = {k: table_colour(s, v) for k, (s, v) in strips.items()}
    seen = [c for c in own.values() if c is not None]
    pairs = [(float(np.linalg.norm((a - b)[1:])), (a + b) / 2) for i, a in enumerate(seen) for b in seen[i + 1:]
             if same_table(a, b)]
    # the table's colour: what the two sides that agree best show; one side alone if only one shows a plain
    # surface; none when the plain surfaces disagree (no table seen, only clutter)
    common = min(pairs, key=lambda p: p[0])[1] if pairs else (seen[0] if len(seen) == 1 else None)
    edges, tables = {}, {}
    for k, (s, v) in strips.items():
        t = own[k]
        if t is None or common is None or not same_table(t, common):
            t = common
        tables[k] = t
        edges[k] = table_boundaries(s, v, [ln for ln in opts[k] if not ln.border], t)

    def as_line(o, d):  # the fallback distance, on a line of the side's own when one lies there
        near = [ln for ln in o if abs(ln.d - d) <= 1.5 and not ln.border]
        return min(near, key=lambda ln: abs(ln.d - d)) if near else SideLine(float(d), 0.0, 0.0, 0.0)

    def end(k: str, d: float) -> SideLine:
        # the outermost edge with the table beyond it; the column reading too when the table lies beyond it
        # (a frame of the table's own colour shows no clear step against it, but the tray inside it does),
        # unless what lies inside it is the board's shadow on the table
        fb = as_line(opts[k], d)
        # a column reading at the image's end has nothing of the table beyond it to show: the few pixels past it
        # that the slanted image border leaves seen are no evidence (render 6204: an end taken 100 px out, onto
        # the image's top, past its outer edge with the table beyond it)
        at_end = any(o.border and fb.d >= o.d - BORDER_SNAP for o in opts[k])
        ok = not at_end and table_beyond(*strips[k], fb, tables[k]) and not shadow_within(*strips[k], fb, tables[k])
        cands = edges[k] + ([fb] if (not edges[k] or ok) else [])
        return max(cands, key=lambda ln: ln.d)

    left, right = end("left", fallback[0]), end("right", fallback[1])
    tol = max(3, int(0.02 * Wp))
    if edges["top"] and edges["bottom"]:  # the pair most alike (a board's long frame strips are equal)
        # of edges that run along most of what the side's best edge runs along and have no shade of the table
        # inside them: a grain line seen in places, or the board's shadow on the table, can pair up as well as
        # the frame's edges and lies farther out
        def steady(lines, k):
            most = max(ln.support for ln in lines)
            return [ln for ln in lines if ln.support >= PAIR_SUPPORT * most and
                    not shadow_within(*strips[k], ln, tables[k])] or lines

        top, bottom = min(((t, b) for t in steady(edges["top"], "top")
                            for b in steady(edges["bottom"], "bottom")),
                          key=lambda p: (round(abs(p[0].d - p[1].d) / 3), -(p[0].d + p[1].d)))
        if abs(top.d - bottom.d) <= 4 * tol:
            return left, right, top, bottom
    # one long side against the table, the other not seen so (hidden, or running off the image): the other's
    # frame strip is as wide, so its own edge line (or the image border) nearest that width
    for seen_side, other in (("top", "bottom"), ("bottom", "top")):
        if edges[seen_side] and not edges[other]:
            ref = max(edges[seen_side], key=lambda ln: ln.d)
            near = [ln for ln in opts[other] if abs(ln.d - ref.d) <= tol or (ln.border and ln.d <= ref.d + tol)]
            if near:
                mate = min(near, key=lambda ln: abs(ln.d - ref.d))
                return (left, right) + ((ref, mate) if seen_side == "top" else (mate, ref))
    top, bottom = _past_cut_long(opts, as_line(opts["top"], fallback[2]), as_line(opts["bottom"], fallback[3]), tol)
    return left, right, top, bottom


CUT_LONG = True  # a long side cut by the image's end leaves the other its outermost steady edge (a tight crop)
TIGHT_BOTH = True  # ... only when that edge also lies at its own image's end (a tight crop crops both long sides)


def _at_image_end(line, opts) -> bool:
    """Whether a side's line is the image's end or lies just inside it (``_onto_border`` puts it past the end)."""
    borders = [o for o in opts if o.border]
    return bool(borders) and (line.border or 0.0 <= borders[0].d - line.d <= BORDER_SNAP)


def _past_cut_long(opts, top, bottom, tol: float = 3.0):
    """The column reading's long sides when one of them ends at the image's end: that side's frame strip is only
    known to be at least as wide as the image shows, so pairing it with an edge of the other side as narrow says
    nothing; the other side takes its outermost edge that runs along most of what its best edge runs along (the
    frame's outer edge, not an inner bevel or the tray's rim). Why: a photo cropped tight to the board (real photo
    r15: the top frame cut by the image, the bottom's outer edge 4 px inside the image's end) had its bottom taken
    at the frame's inner edge, as narrow as what the image shows of the top strip, 25-28 px short.

    A tight crop crops both long sides: the other side's outer edge must lie within ``tol`` of its own image end.
    Where the image runs on well past it, a long side ending at the image's end is a frame bowed out past it by a
    wide lens, not cropped (render 2764: the bottom frame shows at its corners and runs off the image only in the
    middle; the top took an edge 30 px further out and the board was refused as cut off)."""
    if not CUT_LONG:
        return top, bottom
    out = {"top": top, "bottom": bottom}
    for cut, other in (("top", "bottom"), ("bottom", "top")):
        if not _at_image_end(out[cut], opts[cut]) or _at_image_end(out[other], opts[other]):
            continue
        real = [o for o in opts[other] if not o.border]
        if not real:
            continue
        most = max(o.support for o in real)
        steady = [o for o in real if o.support >= PAIR_SUPPORT * most and o.d > out[other].d]
        end = [o.d for o in opts[other] if o.border]
        if TIGHT_BOTH and steady and not (end and end[0] - max(o.d for o in steady) <= tol):
            break  # the other side's image goes on past its edges: no tight crop
        if steady:
            out[other] = max(steady, key=lambda o: o.d)
        break
    return out["top"], out["bottom"]


def outer_frame_lines(image: np.ndarray, playing_quad: np.ndarray, min_long: float = 0.0,
                      end_in: Optional[tuple[str, float]] = None, long_match: bool = False,
                      outline: Optional[np.ndarray] = None) -> np.ndarray:
    """Outer frame corners TL,TR,BR,BL around a playing area, from straight edge lines beside each side.

    Each edge is a line that may slant in the view, so a skewed playing area or a half-hidden side still gives
    the frame's true edges, and the corners are where those lines meet. The outer frame is the edge with the
    table beyond it (outermost such edge on the ends, the pair most alike on the long sides); where no edge
    shows the table beyond, ``outer_frame``'s column-profile reading stands.

    ``min_long`` (point widths): the long sides' edges nearer the points than this are not taken (the second
    look at an outline whose long frame strip came out thinner than any board's: ``vision.board._board_from``).
    ``end_in`` (end, point widths): that end's edge is the outermost lying at least this much further in than the
    edge it would take otherwise (the second look at an end that took in the table or a card beside the board).
    ``long_match``: the wider long side takes its straight edge nearest the narrower side's width (the second
    look at an outline whose long frame strips differ: ``_matched_long``).
    ``outline``: the outline the search found round the board (4 image points in the playing quad's order), if
    any: a side taken at the image's end while that outline's side lies inside the image takes the outline's
    side instead (``_off_border``)."""
    fv = frame_view(image, playing_quad)
    lab, valid, mx, my, Wp, Hp, ys, xs = fv.lab, fv.valid, fv.mx, fv.my, fv.Wp, fv.Hp, fv.ys, fv.xs
    min_d = fv.min_d
    strips = _strips(lab, valid, mx, my, Wp, Hp, ys, xs)
    opts = {k: _line_options(s, v, min_d) for k, (s, v) in strips.items()}
    fallback = _column_distances(fv)
    if min_long > 0:
        opts, fallback = _beyond_thin(opts, fallback, min_long * Wp / 13)
    left, right, top, bottom = _frame_lines(strips, opts, Wp, min_d, fallback)
    if long_match:  # before the ends are checked against the long sides' frame colour and width
        top, bottom = _matched_long(strips, min_d, top, bottom, Wp)
    left, right = _ends_past_trays(strips, min_d, left, right, top, bottom)
    left, right = _frame_ends(strips, opts, left, right, top, bottom)
    if end_in is not None:
        left, right = _end_further_in(opts, left, right, end_in[0], end_in[1] * Wp / 13, min_d)
    left, right, top, bottom = (_onto_border(ln, opts[k]) for k, ln in
                                (("left", left), ("right", right), ("top", top), ("bottom", bottom)))
    if outline is not None and OFF_BORDER:
        left, right, top, bottom = _off_border(fv, image.shape, outline, opts,
                                               {"left": left, "right": right, "top": top, "bottom": bottom},
                                               min_long * Wp / 13)
    if top.border and bottom.border:
        # a photo cropped tight to the board's long sides is cropped so at its ends too: an end edge with less
        # room than a tray and its frame strip before the image's end is a tray's or the frame's inner edge
        left, right = (_onto_border(ln, opts[k], TIGHT_END * Wp / 13) for k, ln in (("left", left), ("right", right)))

    return _to_image(fv, _view_corners(fv, left, right, top, bottom), image)


def _line_origins(fv: FrameView) -> tuple[float, float]:
    """Where the sides' lines are anchored in a frame view: the view y of the ends' strips' middle row and the view
    x of the long sides' strips' middle row (a line's ``d`` is its distance there)."""
    return (fv.ys.start + fv.ys.stop - 1) / 2, (fv.xs.start + fv.xs.stop - 1) / 2


def _view_corners(fv: FrameView, left, right, top, bottom) -> np.ndarray:
    """Where the four sides' lines meet (view px, TL, TR, BR, BL)."""
    rv, cx = _line_origins(fv)
    mx, my, Wp, Hp = fv.mx, fv.my, fv.Wp, fv.Hp
    # each line as x = a + b*y (ends) or y = a + b*x (long sides)
    L = (mx - left.d + left.slope * rv, -left.slope)
    R = (mx + Wp + right.d - right.slope * rv, right.slope)
    T = (my - top.d + top.slope * cx, -top.slope)
    B = (my + Hp + bottom.d - bottom.slope * cx, bottom.slope)

    def meet(e, s):
        x = (e[0] + e[1] * s[0]) / (1 - e[1] * s[1])
        return x, s[0] + s[1] * x

    return np.array([meet(L, T), meet(R, T), meet(R, B), meet(L, B)], dtype=np.float64)


LONG_MATCH_TOL = 0.2  # point widths: the wider long side's new edge lies this near the narrower side's width


def _matched_long(strips, min_d: int, top, bottom, Wp: int):
    """A board's two long frame strips are equally wide: the wider side's straight edge nearest the narrower side's
    width (within LONG_MATCH_TOL point widths, faint edges too), as the wider side's outer frame edge. Why: beyond
    the frame's outer edge a tilted camera sees the board's side face, and a table may show its shadow, a cloth's
    fold or a tray's rim along a long side; its outer edge against the table can then lie a frame strip or more
    further out than the true one, whose step (wood on wood, dark on dark) is weaker (renders 6213, 6244, 6259,
    real photos r03, r10: 20-47 px off). That edge must have the narrower side's frame colour inside it and
    another surface beyond. Raises VisionError when no such edge shows (the second look fails)."""
    from vision.errors import VisionError

    if top.border or bottom.border:
        raise VisionError("a long side runs off the image")
    wide, narrow = ("top", bottom) if top.d > bottom.d else ("bottom", top)
    tol = LONG_MATCH_TOL * Wp / 13
    near = [o for o in _line_options(*strips[wide], min_d, relative=0.0)
            if not o.border and abs(o.d - narrow.d) <= tol]
    if not near:
        raise VisionError("no edge on the wider long side as far out as the narrower")
    new = min(near, key=lambda o: abs(o.d - narrow.d))
    from vision.board_lines import EDGE_BAND, band_colour

    frame = band_colour(*strips["top" if wide == "bottom" else "bottom"], narrow, -EDGE_BAND[0], -EDGE_BAND[1])
    inside = band_colour(*strips[wide], new, -EDGE_BAND[0], -EDGE_BAND[1])
    beyond = band_colour(*strips[wide], new, EDGE_BAND[0], EDGE_BAND[1])
    if frame is None or inside is None or beyond is None or not _same_frame(inside, frame) or \
            _same_surface(beyond, frame):
        # the frame's material must lie inside the new edge and end there: an edge with the field inside it and
        # the frame beyond is the points' base (render 6202, whose long strips truly differ: 0.75 and 1.44)
        raise VisionError("the edge as far out as the narrower long side is not the frame's outer edge")
    return (new, bottom) if wide == "top" else (top, new)


def _end_further_in(opts, left, right, end: str, by: float, min_d: int):
    """The given end's outermost edge line at least ``by`` view px further in than its line now (a line there
    if it shows none)."""
    from vision.board_lines import SideLine

    ln = left if end == "left" else right
    if ln.border:
        return left, right
    cap = ln.d - by
    inner = [o for o in opts[end] if not o.border and min_d <= o.d <= cap]
    new = max(inner, key=lambda o: o.d) if inner else SideLine(float(max(cap, min_d)), ln.slope, 0.0, 0.0)
    return (new, right) if end == "left" else (left, new)


def _beyond_thin(opts, fallback: np.ndarray, least: float):
    """The long sides' options without the edges nearer the points than ``least`` view px (the image border
    stays an option); a column reading that near goes out to the nearest edge left."""
    opts = dict(opts)
    fallback = np.array(fallback, dtype=np.float64)
    for i, k in ((2, "top"), (3, "bottom")):
        kept = [o for o in opts[k] if o.border or o.d >= least]
        if not kept:
            continue
        opts[k] = kept
        if fallback[i] < least:
            fallback[i] = min(o.d for o in kept)
    return opts, fallback


PAIR_SUPPORT = 0.5  # long-side edges paired must run along at least this share of the side's best edge's rows
BORDER_SNAP = 2.5  # view px: an edge this close inside the image's end is the end itself (a tight crop)
TIGHT_END = 1.6  # point widths: room for a tray and a frame strip beyond an end edge of a tight crop
BORDER_PAD = 4.0  # view px from the last seen column out to the image's true edge (the seen mask is eroded)
BORDER_PAST = 12.0  # view px further out still: the whole side lies beyond the image, whatever its slant


def _onto_border(line, opts, snap: float = 0.0):
    """A side that ends at the image border (or on an edge just inside it: the image's own rim, vignetting, a
    JPEG block) is placed past the border, so the corners land on the image's edge when clipped to it: the
    seen mask stops a few view px short of the true edge, which at 6 image px per view px is 20 px off."""
    from vision.board_lines import SideLine

    borders = [o for o in opts if o.border]
    if not borders:
        return line
    b = borders[0]
    if line.border or 0.0 <= b.d - line.d <= max(BORDER_SNAP, snap):
        # flat and well past the last seen column: a slanted edge just inside the border (a frame's bevel, the
        # image's rim) would bring one end of the side back inside the image, and a border that slants in the
        # view is seen past its last half-seen column at one end; beyond the image the corners are clipped to it
        return SideLine(b.d + BORDER_PAD + BORDER_PAST, 0.0, line.support, line.step, border=True)
    return line


OFF_BORDER = True  # a side at the image's end whose search outline lies inside the image takes that outline's side
OFF_BORDER_INSIDE = 0.015  # ... when both its corners lie this share of the image's short side inside the image
OFF_BORDER_STRIP = 0.25  # ... and it lies at least this many point widths beyond the playing area ...
OFF_BORDER_SPILL = 0.5  # ... or, where the playing area runs this many point widths out past the outline ...
OFF_BORDER_INNER = -1.0  # ... no more than this many point widths inside it
OFF_BORDER_SNAP = 0.02  # ... on an edge line of the side within this share of the playing-area width, if one lies there


def _outline_lines(fv: FrameView, outline: np.ndarray) -> dict:
    """An outline's four sides as (d, slope) in a frame view's side strips (see ``outer_frame_lines``'s lines)."""
    q = cv2.perspectiveTransform(np.asarray(outline, np.float64).reshape(-1, 1, 2), fv.H).reshape(4, 2)
    rv, cx = _line_origins(fv)

    def along_x(a, b):  # y at cx and dy/dx of the line through a and b
        m = (b[1] - a[1]) / (b[0] - a[0]) if abs(b[0] - a[0]) > 1e-6 else 0.0
        return a[1] + m * (cx - a[0]), m

    def along_y(a, b):  # x at rv and dx/dy
        m = (b[0] - a[0]) / (b[1] - a[1]) if abs(b[1] - a[1]) > 1e-6 else 0.0
        return a[0] + m * (rv - a[1]), m

    yt, mt = along_x(q[0], q[1])
    yb, mb = along_x(q[3], q[2])
    xl, ml = along_y(q[0], q[3])
    xr, mr = along_y(q[1], q[2])
    return {"top": (fv.my - yt, -mt), "bottom": (yb - fv.my - fv.Hp, mb),
            "left": (fv.mx - xl, -ml), "right": (xr - fv.mx - fv.Wp, mr)}


def _off_border(fv: FrameView, shape: tuple[int, ...], outline: np.ndarray, opts, lines: dict, least: float = 0.0):
    """The sides on the image's end moved to the search outline's side, where that side lies wholly inside the
    image (both its corners OFF_BORDER_INSIDE of the image's short side in) and a frame strip beyond the playing
    area (not more than a point width inside it where the playing area spilled out past the outline; ``least``
    view px beyond it on the long sides of a thin strip's second look): on an
    edge line of the side's own within OFF_BORDER_SNAP of it when one lies there. A side is on the image's end
    when it was taken there (the border line) or its line runs out of the image at one of its corners (a
    corner beyond the image's top or bottom belongs to the side lying more across that axis, and so on).

    Why: a board filling the frame under a strong barrel lens (render seeds 63000-63119, judging game 31535: a
    95 cm board at 960x540, k1 -0.25) bows its frame's sides into curves no straight edge line follows, and on a
    frame the table's colour (leather on dark wood) the column reading then runs on to the image's end, 30-80 px
    past the frame's edge, while the search's contour outline round the board lay within a few px of its
    corners. A board truly cut by the image has its contour outline cut there too: such a side stays."""
    from vision.board_lines import SideLine

    h, w = shape[:2]
    q = np.asarray(outline, np.float64).reshape(4, 2)
    m = OFF_BORDER_INSIDE * min(h, w)
    inside = (q[:, 0] >= m) & (q[:, 1] >= m) & (q[:, 0] <= w - 1 - m) & (q[:, 1] <= h - 1 - m)
    corners = {"top": (0, 1), "bottom": (3, 2), "left": (0, 3), "right": (1, 2)}
    cand = _outline_lines(fv, q)
    pw = fv.Wp / 13
    tol = OFF_BORDER_SNAP * fv.Wp
    out = dict(lines)
    # a side on the image's end: taken there, or running out of the image at one of its corners (the corner on
    # that axis belongs to the side lying more across it)
    on_end = {k: ln.border for k, ln in lines.items()}
    found = cv2.perspectiveTransform(_view_corners(fv, lines["left"], lines["right"], lines["top"], lines["bottom"])
                                     .reshape(-1, 1, 2), np.linalg.inv(fv.H)).reshape(4, 2)
    own = {0: ("left", "top"), 1: ("right", "top"), 2: ("right", "bottom"), 3: ("left", "bottom")}
    for i, (x, y) in enumerate(found):
        for axis, out_of in ((0, x <= 0.5 or x >= w - 1.5), (1, y <= 0.5 or y >= h - 1.5)):
            if not out_of:
                continue
            # the side more across that axis: the smaller share of its run along the axis
            k = min(own[i], key=lambda k: abs(q[corners[k][1], axis] - q[corners[k][0], axis]))
            on_end[k] = True
    # the playing area running out past the outline by OFF_BORDER_SPILL took in frame strips (a strong lens's
    # bowed frame read as points' edges): then the outline is the board's, and its sides stand a little inside
    # the playing area too; else a side stands only a frame strip beyond the points (an outline round the field
    # alone, inside a board cut by the image, is no outer frame: real photo r10)
    spilled = min(v[0] for v in cand.values()) <= -OFF_BORDER_SPILL * pw
    for k, ln in lines.items():
        a, b = corners[k]
        d, slope = cand[k]
        floor = least if (least > 0 and k in ("top", "bottom")) else \
            (OFF_BORDER_INNER if spilled else OFF_BORDER_STRIP) * pw
        if not on_end[k] or not (inside[a] and inside[b]) or d < floor:
            continue
        near = [o for o in opts[k] if not o.border and abs(o.d - d) <= tol]
        out[k] = min(near, key=lambda o: abs(o.d - d)) if near else SideLine(float(d), float(slope), 0.0, 0.0)
    return out["left"], out["right"], out["top"], out["bottom"]


FRAME_HUE = 12.0  # Lab hue distance within which two bands are the same frame material (light may vary)
FRAME_SHADE = 35.0  # ... and lightness distance
END_STRIP = 0.35  # an end's frame strip is as wide as the long sides' to this share
MIN_END_WIDTH = 0.6  # an end's frame at least this share of the long sides' frame width (trays only add to it)


def _same_frame(a: Optional[np.ndarray], b: Optional[np.ndarray]) -> bool:
    return a is not None and b is not None and float(np.linalg.norm((a - b)[1:])) <= FRAME_HUE and \
        abs(float(a[0] - b[0])) <= FRAME_SHADE


def _unlike_table(colour: np.ndarray, table: np.ndarray) -> bool:
    """A band clearly not the table: hue well apart, or lightness (a dark frame on a dark cloth differs in both
    only a little, so a small hue step alone is not enough)."""
    return float(np.linalg.norm((colour - table)[1:])) > UNLIKE_HUE or abs(float(colour[0] - table[0])) > UNLIKE_SHADE


UNLIKE_HUE = 15.0
UNLIKE_SHADE = 20.0


SURFACE_HUE = 6.0  # Lab hue distance within which two bands are the very same surface nearby
SURFACE_SHADE = 12.0  # ... and lightness (the board's shadow on the table is darker: not the table beyond)


def _same_surface(a: np.ndarray, b: np.ndarray) -> bool:
    return float(np.linalg.norm((a - b)[1:])) <= SURFACE_HUE and abs(float(a[0] - b[0])) <= SURFACE_SHADE


def _ends_past_trays(strips, min_d: int, left, right, top, bottom):
    """An end edge without the frame's material just inside it is a tray's or the field's edge, not the outer
    frame: the frame strip lies beyond it, as wide as the long sides' strips, of their colour, and ending
    against what they have beyond them (the same surface in the same light: not the board's darker shadow on
    it). That outer edge may be faint (a frame of the table's own colour steps little, so the side's strong
    tray edges hid it): it is looked for among all the end's straight edges. Nothing changes
    unless both long sides show one frame colour inside and one surface beyond."""
    from vision.board_lines import EDGE_BAND, band_colour, same_table

    def inside(k, ln):
        return band_colour(*strips[k], ln, -EDGE_BAND[0], -EDGE_BAND[1])

    def beyond(k, ln):
        return band_colour(*strips[k], ln, EDGE_BAND[0], EDGE_BAND[1])

    if top.border or bottom.border:
        return left, right
    ft, fb, tt, tb = inside("top", top), inside("bottom", bottom), beyond("top", top), beyond("bottom", bottom)
    if any(c is None for c in (ft, fb, tt, tb)) or not _same_frame(ft, fb) or not same_table(tt, tb):
        return left, right
    frame, outside = (ft + fb) / 2, (tt + tb) / 2
    width = min(top.d, bottom.d)
    out = []
    for k, ln in (("left", left), ("right", right)):
        within = inside(k, ln)
        if ln.border or within is None or _same_frame(within, frame):
            out.append(ln)
            continue
        faint = _line_options(*strips[k], min_d, relative=0.0)
        further = [o for o in faint if not o.border and abs(o.d - (ln.d + width)) <= END_STRIP * width and
                   (bi := inside(k, o)) is not None and _same_surface(bi, frame) and
                   (bo := beyond(k, o)) is not None and _same_surface(bo, outside)]
        out.append(min(further, key=lambda o: abs(o.d - (ln.d + width))) if further else ln)
    return out[0], out[1]


def _frame_ends(strips, opts, left, right, top, bottom):
    """Check the ends' frame edges against the long sides': a board's outer frame is one material all round
    and at least as wide at the ends (trays add to it). An end edge with another colour just inside it (a score
    card or a marker lying against the board, taken for part of it) or much narrower than the long sides'
    frame (the playing area's own edge) gives way to the nearest edge of that end that has the frame's colour
    inside it and something else beyond, at least that wide. Without a frame colour from both long sides
    nothing changes."""
    from vision.board_lines import EDGE_BAND, SideLine, band_colour, same_table

    def inside(k, ln):
        return band_colour(*strips[k], ln, -EDGE_BAND[0], -EDGE_BAND[1])

    def beyond(k, ln):
        return band_colour(*strips[k], ln, EDGE_BAND[0], EDGE_BAND[1])

    if top.border or bottom.border or top.support <= 0 or bottom.support <= 0:
        return left, right
    ft, fb = inside("top", top), inside("bottom", bottom)
    if ft is None or fb is None or not _same_frame(ft, fb):
        return left, right
    frame = (ft + fb) / 2
    least = MIN_END_WIDTH * min(top.d, bottom.d)
    tt, tb = beyond("top", top), beyond("bottom", bottom)  # the table, as the long sides show it beyond them
    table = (tt + tb) / 2 if tt is not None and tb is not None and same_table(tt, tb) and \
        not _same_frame(tt, frame) else None

    def outer_edge(k, ln) -> bool:
        b = beyond(k, ln)
        return not ln.border and ln.d >= least and _same_frame(inside(k, ln), frame) and b is not None and \
            not _same_frame(b, frame)

    width = min(top.d, bottom.d)  # the long sides' frame strip (with the playing area's own error)
    out = []
    for k, ln in (("left", left), ("right", right)):
        b = beyond(k, ln)
        if not ln.border and table is not None and b is not None and _same_frame(b, frame) and \
                _unlike_table(b, table):
            # the frame's own material beyond the edge, not the table: this is a tray's outer edge and the
            # frame goes on; its outer edge is the next one with the table beyond, else one frame strip out
            further = [o for o in opts[k] if not o.border and o.d > ln.d and _same_frame(inside(k, o), frame)
                       and (bo := beyond(k, o)) is not None and same_table(bo, table)]
            if further:
                out.append(min(further, key=lambda o: o.d))
                continue
            s, v = strips[k]
            d = int(round(ln.d + width))
            if d < s.shape[1] and v[:, d].mean() >= 0.5:
                out.append(SideLine(float(d), ln.slope, 0.0, 0.0))
                continue
        if ln.border or ln.d < least or ln.support <= 0 or _same_frame(inside(k, ln), frame):
            out.append(ln)
            continue
        # too far out, with another colour inside: the nearest frame edge within it that has the table beyond
        # it, or the same foreign colour (a card lying against the frame) when the frame's own material does
        # not go on beyond the far edge (then the far edge would close a tray, not a card)
        far_in, far_out = inside(k, ln), beyond(k, ln)
        card = far_in is not None and far_out is not None and not _same_frame(far_out, frame)
        good = [o for o in opts[k] if outer_edge(k, o) and o.d < ln.d and (
            (table is not None and same_table(beyond(k, o), table)) or (card and _same_frame(beyond(k, o), far_in)))
                ] if far_out is not None else []
        out.append(max(good, key=lambda o: o.d) if good else ln)
    return _mirror_tray(strips, opts, out[0], out[1], width, table)


def _band(strip: np.ndarray, valid: np.ndarray, lo: float, hi: float) -> Optional[np.ndarray]:
    """Median colour of a strip's columns lo..hi (distance outward), seen pixels only."""
    a, b = int(round(lo)), int(round(hi)) + 1
    if b - a < 2 or a < 0 or b > strip.shape[1]:
        return None
    px = strip[:, a:b][valid[:, a:b]]
    return np.median(px, axis=0) if len(px) >= 0.5 * strip.shape[0] * (b - a) else None


def _mirror_tray(strips, opts, left, right, width: float, table: Optional[np.ndarray]):
    """A board's two ends are alike: when one end reaches a tray's width further out than the other and the
    other shows that tray's colour beyond its edge (not the table's), the other end's tray was missed (a dark
    tray on a dark table shows no clear outer edge): that end goes out as far, to its own edge there if one
    shows. A board with one tray keeps its narrow end: the table lies beyond it. Where the table's colour is not
    known apart from the frame's, only an end narrower than the long sides' frame strip is taken for short."""
    if left.border or right.border:
        return left, right
    ends = {"left": left, "right": right}
    wide, narrow = ("left", "right") if left.d > right.d else ("right", "left")
    W, N = ends[wide], ends[narrow]
    gap = W.d - N.d
    if gap < max(width, 6.0):
        return left, right
    lo, hi = N.d + 0.25 * gap, N.d + 0.75 * gap
    tray = _band(*strips[wide], lo, hi)
    there = _band(*strips[narrow], lo, hi)
    if tray is None or there is None:
        return left, right
    if table is None:  # a frame the table's colour: only an end narrower than any frame strip is surely short
        if N.d >= MIN_END_WIDTH * width:
            return left, right
    elif not _unlike_table(tray, table) or not _unlike_table(there, table):
        return left, right
    if float(np.linalg.norm((tray - there)[1:])) > FRAME_HUE or abs(float(tray[0] - there[0])) > FRAME_SHADE / 2:
        return left, right
    tol = max(3.0, 0.15 * gap)
    near = [o for o in opts[narrow] if not o.border and abs(o.d - W.d) <= tol]
    from vision.board_lines import SideLine

    new = min(near, key=lambda o: abs(o.d - W.d)) if near else SideLine(W.d, N.slope, 0.0, 0.0)
    s, v = strips[narrow]
    if int(round(new.d)) >= s.shape[1] or v[:, int(round(new.d))].mean() < 0.5:
        return left, right
    ends[narrow] = new
    return ends["left"], ends["right"]
