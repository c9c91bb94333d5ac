"""How many checkers a point holds, from where its visible discs lie along the point: the first row, a second layer
on top of it, a third in line with the first.

Why apart from the counter: seen from above, a checker on top hides the two it rests on, so a stack's count is
inferred from the pattern of visible discs, not just counted. This is pure arithmetic on disc positions (in checker
diameters from the base) and rim strengths, so it is tested on its own, without images.

One way to count a stack (``read_stack``): a row from the base, its continuation past the triangle's tip, then
layers on top, each one shorter and half a checker further on (``layered``). The cues that hint at layers (a disc
at a half offset, a first disc whole layers out over a column occupied from the base: ``buried_stack``) only
decide that the model is asked; the count is the shape that best explains the discs (``fit_stack``). Where too few
discs show for any shape, the counter's count stands, in doubt.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from vision.checker_layers import may_be_top_layer, row_runs_on, stack_base, top_layer_count

MIN_ROW_FOR_LAYER = 5  # a second layer only starts on a row at least this long
LAYER_RIM = 0.6  # a disc at a half offset must have this share of its stack's best rim to be a second layer
HIDDEN_STEP = (1.3, 1.8)  # diameters from a layer disc to the next visible row disc (one row checker hidden)
LAYER_DOUBT_RIM = 0.35  # ... and one with this share may still be one: the count is then doubtful
GAP_DOUBT = 1.45  # a gap between neighbouring discs of a row longer than this many diameters hides a checker


def stack_layers(discs: list[tuple[float, float]], r: float, start: float = 0.0) -> tuple[list[float], list[float]]:
    """Sort a point's discs (distance of the centre from the base, rim score) into the first row and the layer
    above it, as positions in checker diameters from the base.

    Players stack a row from the base outward, then a second layer offset by half a diameter on top of the first
    row (then a third on top of that, in line with the first row again). A disc at a half offset from its
    neighbour is only believed when its rim is as clear as the stack's best (a checker on top is fully visible);
    a faint one is the waist between two touching checkers and is dropped. ``start``: where the row's base checkers
    start (diameters past the base, as the row's other points show it): the innermost disc is told first row or
    layer from there, not from the found edge (render 56434 frame 137: a row starting 0.11 diameters before its
    found edge put the layer's first checker, over the base, at 0.28 and read a 6-stack as nine).
    """
    if not discs:
        return [], []
    ds = sorted(discs)
    best_rim = max(rim for _, rim in ds)
    slot = 2 * r
    first = (ds[0][0] - r) / slot - start
    parity = 1 if 0.3 < first < 0.75 else 0  # the innermost disc: first row (0) or second layer (1)
    layers: list[tuple[float, int]] = []
    if parity == 0 or ds[0][1] >= LAYER_RIM * best_rim:
        layers.append(((ds[0][0] - r) / slot, parity))
    prev = ds[0][0]
    for i, (cur, rim) in enumerate(ds[1:], start=1):
        step = (cur - prev) / slot
        if step < 0.8:  # closer than a row's spacing: a checker on top (half offset) or a waist/duplicate
            # a faint one is a waist between two row checkers that both show, unless the row checker beyond it
            # is missing: that one lies half under a checker on top, whose rim on same-coloured checkers is faint
            beyond = (ds[i + 1][0] - cur) / slot if i + 1 < len(ds) else None
            covers = parity == 0 and beyond is not None and HIDDEN_STEP[0] < beyond < HIDDEN_STEP[1]
            if step < 0.3 or (rim < LAYER_RIM * best_rim and not covers):
                continue
            parity ^= 1
        elif parity == 1 and HIDDEN_STEP[0] < step < HIDDEN_STEP[1]:
            # from a checker on top out to the row again: the row checker just past it lies half under it
            parity = 0
        layers.append(((cur - r) / slot, parity))
        prev = cur
    return [u for u, par in layers if par == 0], [u for u, par in layers if par == 1]


def layer_doubt(discs: list[tuple[float, float]], r: float) -> bool:
    """Whether the count may be one short: a disc at a half offset was dropped as a waist though its rim is
    fairly clear (it may be a checker on top of the row), or the row shows a gap of a whole checker (a checker
    on top with a faint rim hides the row's checker under it; the row is counted unbroken, the top one is not)."""
    if len(discs) < 2:
        return False
    ds = sorted(discs)
    best = max(rim for _, rim in ds)
    slot = 2 * r
    return any((0.3 <= (b - a) / slot < 0.8 and LAYER_DOUBT_RIM * best <= min(ra, rb) < LAYER_RIM * best)
               or (b - a) / slot > GAP_DOUBT for (a, ra), (b, rb) in zip(ds, ds[1:]))


def stack_total(whole: list[float], half: list[float], first_row: Optional[int] = None) -> int:
    """Checkers on a point from its first-row and second-layer disc positions (see ``stack_layers``).

    Seen from above, a second-layer disc hides the two first-row checkers it rests on, so those are inferred:
    ``m`` discs at half offsets rest on at least ``m + 1`` first-row checkers. Nobody starts a second layer on
    a short row, so half-offset discs over a row shorter than MIN_ROW_FOR_LAYER are waists, not checkers.
    ``first_row`` is the row length when another cue measured it (the colour run).
    """
    row = len(whole)
    if whole:
        # the row runs unbroken from the base: its outermost disc says how long it is (one may have been missed),
        # at the row's own spacing (players leave gaps)
        ws = sorted(whole)
        steps = [b - a for a, b in zip(ws, ws[1:]) if 0.8 < b - a < 1.45]
        pitch = float(min(max(statistics.median(steps), 1.0), 1.35)) if steps else 1.0
        reach = int(round(max(whole) / pitch)) + 1
        if 0 < reach - row <= 1:
            row = reach
    if first_row is not None:
        row = max(row, first_row)
    if not half:
        return row
    if not whole:
        return len(half)  # no row under them: a row set a little off the base, not a second layer
    if min(half) < min(whole):
        # the layer starts over the base, before any row disc shows: the row runs under it unbroken, to its
        # outermost visible disc (a short row with one checker on top: small boards leave room for four)
        return max(row, int(round(max(whole))) + 1, first_row or 0, len(half) + 1) + len(half)
    if row < MIN_ROW_FOR_LAYER - len(half):
        # too short for a second layer: the clear discs at odd offsets are row checkers seen closer together
        # (perspective, a tight row), not checkers on top
        return max(row, len(whole) + len(half))
    # a layer runs unbroken between its visible ends (the middle of a lower layer hides under the next one)
    lo, top = min(half), max(half)
    m = max(len(half), int(round(top - lo)) + 1)
    inside = [u for u in whole if lo < u < top]  # discs in line with the first row over the second: a third layer
    third = max(len(inside), int(round(max(inside) - min(inside))) + 1) if inside else 0
    beyond = [u for u in whole if u > top]
    row = max(m + 1, int(round(max(beyond))) + 1 if beyond else 0, first_row or 0)
    return row + m + third


def stack_count(discs: list[tuple[float, float]], r: float) -> int:
    """Checkers on a point from the discs seen on top: (distance of the centre from the base, rim score) each."""
    whole, half = stack_layers(discs, r)
    return stack_total(whole, half)


# ---------------------------------------------------------------------------------------------- the layered model
MAX_STACK = 15
LAYER_ROWS = (4, 5, 6, 7, 8)  # first rows a second layer is built on (short boards: four; past the tip: eight)
PITCHES = (1.0, 1.05, 1.1)  # centre distance of a row's checkers (diameters) tried: gaps, perspective
SHIFTS = (-0.2, -0.1, 0.0, 0.1, 0.2, 0.3)  # diameters the point's first checker may lie off the row's common start
SHIFT_COST = 1.0  # ... at this cost per diameter
MATCH = 0.24  # a seen disc lies within this many diameters of a checker of the shape
MISS_TOP = 0.6  # cost of a checker of the shape that shows whole but was not seen ...
MISS_EDGE = 0.2  # ... of one half under a checker above (only its free half shows) ...
HIDDEN_SEEN = 0.5  # ... and the share of a seen disc's cost when only a checker under two others lies there
REACH_SLACK = 0.6  # diameters the column may stay occupied past the shape's outermost checker before it costs
FIT_DOUBT = 0.35  # a count whose fit beats the next count's by less than this is doubtful
NEAR_DISC = 0.25  # diameters: a layer's edge this near a disc found is that disc's
MIN_DISCS = 3  # fewer discs than this tell no stack's shape
PAST_TIP = 1.5  # diameters past its triangle's tip a row may end


def layered(row: int, n: int) -> list[tuple[float, int]]:
    """(position in pitches from the first checker's centre, layer) of each of ``n`` checkers stacked as players
    stack them: a row of ``row`` from the base, then each layer one shorter, half a diameter further on, on top
    of the one before (a layer's checker rests on two of the layer under it)."""
    out: list[tuple[float, int]] = []
    cap, layer = row, 0
    while len(out) < n and cap > 0:
        out += [(0.5 * layer + i, layer) for i in range(min(cap, n - len(out)))]
        cap, layer = cap - 1, layer + 1
    return out


def exposure(stack: list[tuple[float, int]]) -> list[int]:
    """Per checker of ``layered``: 2 when it shows whole from above (nothing on it), 1 when one half is covered
    by a checker of the layer above, 0 when two cover it."""
    on = {(round(2 * x), k) for x, k in stack}
    return [2 - ((round(2 * x) - 1, k + 1) in on) - ((round(2 * x) + 1, k + 1) in on) for x, k in stack]


@dataclass(frozen=True)
class Shapes:
    """Every stack shape tried, as tables over half-diameter steps from the first checker: per shape its count,
    row, layers, outermost position (pitches) and, per step, the best exposure of a checker there (-1: none)."""

    count: np.ndarray
    row: np.ndarray
    layers: np.ndarray
    far: np.ndarray
    shown: np.ndarray  # shapes x steps
    unseen: np.ndarray  # shapes x steps: the cost of seeing no disc there

    @classmethod
    def build(cls) -> "Shapes":
        rows_of = []
        for n in range(1, MAX_STACK + 1):
            rows = [n] if n <= max(LAYER_ROWS) else []
            rows_of += [(n, row) for row in rows + [r for r in LAYER_ROWS if r < n <= r * (r + 1) // 2]]
        steps = 2 * max(LAYER_ROWS)
        shown = np.full((len(rows_of), steps), -1, np.int8)
        count, row_, layers, far = [], [], [], []
        for i, (n, row) in enumerate(rows_of):
            stack = layered(row, n)
            for (x, _), e in zip(stack, exposure(stack)):
                shown[i, round(2 * x)] = max(shown[i, round(2 * x)], e)
            count.append(n)
            row_.append(row)
            layers.append(max(k for _, k in stack))
            far.append(max(x for x, _ in stack))
        # a checker that shows whole is seen; so is the row's outermost one, whose outer half lies on the board
        # beyond every layer (a layered stack always shows where its row ends)
        unseen = np.where(shown == 2, MISS_TOP, np.where(shown == 1, MISS_EDGE, 0.0))
        for i, (n, row) in enumerate(rows_of):
            unseen[i, 2 * (min(n, row) - 1)] = MISS_TOP
        return cls(np.array(count), np.array(row_), np.array(layers), np.array(far, np.float64), shown, unseen)


    def subset(self, keep: np.ndarray) -> "Shapes":
        return Shapes(self.count[keep], self.row[keep], self.layers[keep], self.far[keep], self.shown[keep],
                      self.unseen[keep])


SHAPES = Shapes.build()


@dataclass
class StackFit:
    """The stack shape that best explains a point's discs, and how much better it does than any other count."""

    count: int
    row: int
    cost: float
    runner_up: int  # the best other count
    margin: float  # its cost minus this one's

    @property
    def layered(self) -> bool:
        return self.count > self.row

    @property
    def doubtful(self) -> bool:
        return self.margin < FIT_DOUBT


def fit_stack(discs: list[tuple[float, float]], base: float, reach: float = 0.0) -> Optional[StackFit]:
    """The count whose stack, built as players build one (``layered``), best explains the discs seen.

    ``discs``: (centre in diameters from the base, rim as a share of its colour's typical rim) of each disc seen
    on the point; ``base``: where the first checker's centre lies (diameters from the found edge, as the row's
    points agree); ``reach``: how far (diameters) the column is seen occupied by the checkers' colour (0: unknown).

    Why a model: from above, a checker on top hides a half of each of the two it rests on, so a tall stack shows
    its top layer whole, the ends of the layers under it as half discs, and nothing of a checker under two others.
    Each count leaves its own pattern of whole and half discs on a half-diameter grid. A seen disc that no
    checker of the shape explains costs its rim (a faint one is the waist between two row checkers); a whole
    checker of the shape that was not seen costs more than a half-covered one (whose free half may show no rim).
    Row spacing and the point's own start are fitted too (players leave gaps; rows near the camera look longer).
    """
    if len(discs) < MIN_DISCS:
        return None
    us = np.array([u for u, _ in discs], np.float64)
    rims = np.clip(np.array([s for _, s in discs], np.float64), 0.0, 1.0)
    # only shapes whose row ends near the outermost disc (the row's last checker always shows its outer half)
    # or the column's reach
    end = base + SHAPES.far
    sh = SHAPES.subset((end >= us.max() - 0.8) & (end <= max(us.max(), reach) + 1.2))
    if not len(sh.count):
        return None
    steps = sh.shown.shape[1]
    pitch = np.repeat(np.array(PITCHES), len(SHIFTS))  # combos
    shift = np.tile(np.array(SHIFTS), len(PITCHES))
    half = (us[None, :] - base - shift[:, None]) / (0.5 * pitch[:, None])  # combos x discs
    step = np.rint(half).astype(np.int64)
    valid = (step >= 0) & (step < steps) & (np.abs(half - step) * 0.5 * pitch[:, None] <= MATCH)
    at = np.where(valid, step, 0)
    expo = np.where(valid[:, None, :], sh.shown[:, at].transpose(1, 0, 2), -1)  # combos x shapes x discs
    per_disc = np.where(expo > 0, 0.0, np.where(expo == 0, HIDDEN_SEEN, 1.0))
    cost = (per_disc * rims[None, None, :]).sum(axis=2)
    # each shown checker not seen costs by how much of it shows
    unseen = np.broadcast_to(sh.unseen, (len(pitch),) + sh.shown.shape).copy()
    ci, si, di = np.nonzero(expo > 0)
    unseen[ci, si, at[ci, di]] = 0.0
    cost += unseen.sum(axis=2)
    far = base + shift[:, None] + pitch[:, None] * sh.far[None, :] + 0.5
    # a single row may start a little off the others (a checker set down loosely); a layered stack is pushed
    # against the base like the rest, or its half offsets alias with the row's
    cost += np.maximum(0.0, reach - far - REACH_SLACK) + np.where(
        sh.layers[None, :] > 0, np.where(shift[:, None] == 0.0, 0.0, np.inf), SHIFT_COST * np.abs(shift)[:, None])
    per_shape = cost.min(axis=0)
    order = np.lexsort((sh.count, per_shape))
    best = int(order[0])
    other = next((int(i) for i in order[1:] if sh.count[i] != sh.count[best]), None)
    margin = float(per_shape[other] - per_shape[best]) if other is not None else float("inf")
    return StackFit(int(sh.count[best]), int(sh.row[best]), float(per_shape[best]),
                    int(sh.count[other]) if other is not None else 0, margin)


def tall_stack(discs: list[tuple[float, float]], base: float, reach: float, layers_seen: bool,
               half_seen: bool = False) -> Optional[StackFit]:
    """The layered model's reading of a point (``fit_stack``) where it replaces the counter's: when the model or
    the counter (a disc at a half offset, a buried layer) sees checkers on top of the row. A plain row is left to
    the counter, whose colour run and gap rules read rows better than the model's disc pattern; so is a stack where
    the counter kept a clear disc at a half offset (``half_seen``: direct sight of a checker on top) that the model
    would call a waist to read a plain row.

    ``base`` is the row's common start as measured on its points; a start outside a checker's half diameter
    from the edge came from stacks whose first disc is a layer's, and the edge is taken instead."""
    base = float(min(max(base, 0.3), 0.7))
    us = sorted(u for u, _ in discs)
    # (the model is fitted only where the discs hint at more than a plain row from the base: a step between
    # neighbours that is no whole number of checkers, or a first disc that is no base checker; it costs ~0.3 ms)
    half_step = any(abs((b - a) - round(b - a)) > 0.25 for a, b in zip(us, us[1:]))
    if not (layers_seen or half_step or (us and us[0] - base > 0.75)):
        return None
    fit = fit_stack(discs, base, reach)
    if fit is None or not (fit.layered or layers_seen) or (half_seen and not fit.layered):
        return None
    return fit


UNSEEN_ROW = 4.0  # diameters a column read empty differs from the empty board from its base to hide a stack: most of
# a row of five (a tall stack's far end, shaded or leaning away in an oblique view, differs less; render 1301's 15
# read empty showed 4.1): over renders 3333, 1301, 1303, stack-rich ones, the sample stills and the real photos,
# 4.0 instead of 4.5 doubted 2 more stacks read empty for 3 right empty points doubted


def unseen_stack(counted: int, occupied: float, tip: Optional[float] = None) -> bool:
    """Whether a point read empty may hide a whole stack: no disc was counted there, yet the column differs from
    the empty board from the base for most of a row's length (``occupied``, diameters; ``UNSEEN_ROW``). A tall
    stack of one colour shows so few rims that all of them may be missed or dropped; a shadow or a hand may do the
    same, so this is a doubt (the referee waits), not a count.

    A row ends at most a checker or two past its triangle's tip (``tip``, diameters from the base), the longest
    rows seen on real boards; a column unlike the empty board much further toward the middle is a shadow, a cup or
    the board's own difference there, not a stack."""
    if tip is not None and occupied > tip + PAST_TIP:
        return False
    return counted == 0 and occupied >= UNSEEN_ROW


def buried_stack(us: list[float], row_base: float, row_len: int, reach: float, min_row: int = 5) -> Optional[int]:
    """Checkers on a point whose lowest layers are buried: the count when the visible discs are the top layer of
    a stack built as players build one, else None.

    Why: a row of ``row_len`` from the base, then a layer of one fewer on top of it half a diameter on, then one
    fewer again in line with the row, and so on. From above only the top layer shows whole; the layers under it
    show at most a crescent. The top layer's first checker lies half a diameter further out per layer under it, so
    a first visible disc ``T`` half-diameters past where the row's stacks start (``row_base``), over a column
    that is occupied from the base (``reach``: how far the column differs from the empty board, past that disc),
    says T layers lie buried. ``us``: the visible discs' centres, in diameters from the base. Only T >= 2 is
    judged here: a single layer on top starts at a half offset and is read as such (``stack_layers``).
    Nobody layers a short row: ``row_len`` must be at least ``min_row``.
    """
    if not us or row_len < min_row:
        return None
    u0 = min(us)
    layers = int(round(2 * (u0 - row_base)))
    if layers < 2 or reach < u0 + 0.5 or layers >= row_len:
        return None
    # the top layer's checkers: the discs a whole number of diameters on from its first one
    top = [u for u in us if abs((u - u0) - round(u - u0)) < 0.25]
    on_top = min(int(round(max(top) - u0)) + 1, row_len - layers)
    return sum(row_len - k for k in range(layers)) + on_top


# ------------------------------------------------------------------------------------------- one reading of a stack
COLUMN_SLACK = 0.2  # diameters a column's occupied run falls short of its row (the last checker's shaded far edge)


@dataclass(frozen=True)
class StackReading:
    """A point's count as the stack model reads it: the count, whether its cues leave it in doubt, and the cues
    (the buried-layer hint's count, the fitted shape) for the counter's debugging output."""

    count: int
    doubtful: bool
    buried: Optional[int] = None
    fit: Optional[StackFit] = None
    top: bool = False  # read as the top layer of a pyramid (checker_layers.top_layer_count)

    def cue(self) -> dict[str, Any]:
        out: dict[str, Any] = {"n": self.count}
        if self.buried is not None:
            out["buried"] = self.buried
        if self.fit is not None:
            out.update(fit=self.fit.count, fit_margin=round(self.fit.margin, 2))
        if self.top:
            out["top_layer"] = self.count
        return out


def read_stack(cue: dict[str, Any], row_spacing: float = 1.03) -> Optional[StackReading]:
    """The stack model's count of a point (``read_stack_discs``), with the rims of checkers on top seen as arcs
    across row checkers (``cue["layer_edges"]``: [diameters from the base, share of the disc's own end's rim]
    each; ``checker_arcs.layer_edges``) taken as discs where the shape fitted with them is layered and holds more
    checkers than the discs alone say. Such a count rests on arcs (a face's print may draw one), so it is
    doubtful: the checkers on top of a tall stack, on checkers of their own colour, show no rim the disc finder
    believes, and without the arcs the count stops at the row (12 read 5)."""
    plain = read_stack_discs(cue, row_spacing)
    edges = cue.get("layer_edges")
    us = list(cue.get("us") or [])
    if not edges or len(us) < 2 or not cue.get("n"):
        return plain
    counted = plain.count if plain is not None else int(cue["n"])
    # (an arc on a disc already there is that disc's own rim, found; one on the base checker the frame's edge)
    edges = [(float(u), float(s)) for u, s in edges if u > min(us) and min(abs(u - v) for v in us) > NEAR_DISC]
    if not edges:
        return plain
    extra = sorted(zip(us + [u for u, _ in edges], list(cue.get("rims") or []) + [s for _, s in edges]))
    arc = read_stack_discs(dict(cue, us=[u for u, _ in extra], rims=[s for _, s in extra]), row_spacing)
    if arc is None or arc.fit is None or not arc.fit.layered or arc.count <= counted:
        return plain
    return StackReading(arc.count, True, arc.buried, arc.fit, arc.top)


def read_stack_discs(cue: dict[str, Any], row_spacing: float = 1.03) -> Optional[StackReading]:
    """The stack model's count of a point the counter read from its discs, or None where the counter's own count
    stands (a plain row: its colour run and gap rules read rows better than the model's disc pattern).

    ``cue``: the counter's cues for the point (``checkers.CheckerCount.cues``): ``us``/``rims`` (disc centres in
    diameters from the base, rims as a share of the colour's typical rim), ``n`` (the counter's count), ``sign``,
    ``half`` (discs it kept at half offsets), ``row_base`` (where the row's stacks start), ``run_n``/``run_sign``
    (the checker colour's run from the base), ``empty`` (how far the column differs from the empty board).

    Why one reading: a stack is one shape, so the hint that lower layers lie buried (the first disc whole layers
    out, the column occupied from the base) and the shape fit must not each give a count of their own; the hint
    only asks the model, whose count explains every disc seen; where the model cannot answer, the hint makes the
    counter's count doubtful."""
    us, rims = list(cue.get("us") or []), list(cue.get("rims") or [])
    if not us or not cue.get("n"):
        return None
    counted = int(cue["n"])
    # (the checkers' own colour must run from the base past the first disc: shadows and hands differ from the
    # empty board too)
    own_run = float(cue.get("run_n") or 0) if cue.get("run_sign") == cue.get("sign") else 0.0
    empty = float(cue.get("empty") or 0.0)
    reach = min(empty, own_run)
    buried = None
    if not cue.get("half") and "row_base" in cue:
        row_len = max(int(own_run), int(round(empty + COLUMN_SLACK)))
        hint = buried_stack(us, float(cue["row_base"]), row_len, reach * row_spacing, MIN_ROW_FOR_LAYER)
        buried = hint if hint is not None and hint > counted else None
    fit = tall_stack(list(zip(us, rims)), float(cue.get("row_base", 0.5)), reach,
                     bool(cue.get("half") or buried), half_seen=bool(cue.get("half")))
    # discs that start a diameter or more out may be the top layer over two or more layers (checker_layers): read
    # as such where the row is seen running on past them, and in doubt either way (a plain row whose base checker
    # was missed shows the same discs)
    base = stack_base(cue)
    if may_be_top_layer(us, base) and not (fit is not None and fit.layered):
        top = top_layer_count(us, base, cue.get("past"), cue.get("tip"))
        if top is not None:
            return StackReading(top, True, buried, fit, top=True)
        if fit is None and buried is None:
            return StackReading(counted, True)
    # the stack's colour and the column run on a diameter past the last disc: more checkers lie there (checker_layers)
    short = row_runs_on(cue)
    if fit is not None:
        return StackReading(min(MAX_STACK, fit.count), fit.doubtful or short or may_be_top_layer(us, base), buried, fit)
    if buried is not None:
        # layers seem buried, yet too few discs show for any shape to say how many: the counter's count, in doubt
        # (the layer arithmetic alone, 5 + 4 + 3 ... from where the first disc lies, read 15 for 9 and 12 on renders)
        return StackReading(counted, True, buried)
    return StackReading(counted, True) if short else None


BEYOND_RIM = 0.5  # a dropped disc this clear (share of its colour's typical rim) ...
BEYOND_GAP = 0.6  # ... lying this many diameters or more past the stack's outermost counted disc ...
BEYOND_WHY = ("unlinked", "scattered", "off the stack's end")  # ... dropped as not of the stack's chain


def dropped_beyond(us: list[float], dropped: list[Any], tip: Optional[float] = None) -> bool:
    """Whether a clear disc dropped from a point's chain lies on its column past the counted stack (and not past
    where rows end: ``PAST_TIP`` beyond the triangle's ``tip``). ``dropped``: (why, diameters from the base, rim
    share) of each disc the counter dropped on the point.

    Why: a tall stack shows few rims (same-coloured checkers on top of each other), so its chain of discs from the
    base breaks and the discs further out are dropped as unlinked: the count then stops short of the stack's end.
    A clear disc is no grain; the count may be short, so it is doubtful (measured: on renders 3333, 1301, the
    sample stills and the real photos this caught 4 confident wrong counts for one right count doubted)."""
    if not us:
        return False
    end = max(us) + BEYOND_GAP
    limit = float("inf") if tip is None else float(tip) + PAST_TIP
    return any(why in BEYOND_WHY and rim >= BEYOND_RIM and end < u < limit for why, u, rim in dropped)
