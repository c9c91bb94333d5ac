"""What each point's column looks like with no checker on it, learnt from the board in view.

Why: a board repeats itself. The six same-coloured triangles of a row look alike, and on every board the triangle
across the board from one is of the other colour, so its column seen upside down looks alike too: twelve views of
the same empty column. Checkers lie on some of them, at different places, so per pixel the value most of the twelve
agree on is the empty board. A column that differs from that template holds something; one that matches it is
empty, whatever the colours (a dark checker on a dark point still has a rim and a shade that the empty point does
not; a wood-grain swirl or a printed base appears on the template too and so is not taken for a checker).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import cv2
import numpy as np

from vision.checker_median import median_along
from vision.checker_runs import run_end

BAND = 0.5  # half-width of the compared band around a column's centre line, in point widths
UNLIKE = 20.0  # Lab distance from the template (and its near neighbours) that makes a pixel "something there"
SLACK_PX = 2  # the template is compared within +-this many px (found point positions are a little off)
ROW_MATCH = 0.45  # a row of the band is occupied when this share of its pixels is unlike the empty board
GAP_SLOTS = 0.3  # a break shorter than this (a rim line that matches the board) does not end a run
MIN_VIEWS = 3  # views of an empty column needed to tell what the empty board looks like there
MIN_FREE = 1  # views free of every disc that tell it better than more views with faint discs on them
SAME_ROWS = 10.0  # mean Lab distance under which the two rows' templates are the same column


@dataclass
class EmptyColumns:
    """Per (row, parity) the empty column as a band (along the column from the base, across it) in Lab."""

    bands: dict[tuple[str, int], np.ndarray]
    width: int  # band width in px
    length: int  # band length in px (base to the board's middle)
    known: dict[tuple[str, int], np.ndarray]  # where enough views were free of checkers to tell the empty board
    ranges: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    # what most views show, discs and all: the board's own shapes where too few views were free of discs to tell
    common: dict[tuple[str, int], np.ndarray] = field(default_factory=dict)
    _common_ranges: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        k = np.ones((2 * SLACK_PX + 1, 2 * SLACK_PX + 1), np.uint8)
        for key, t in self.bands.items():
            self.ranges[key] = (cv2.erode(t, k), cv2.dilate(t, k))

    def unlike_common(self, column: np.ndarray, row: str, parity: int) -> np.ndarray:
        """``unlike`` against what most views of this column show (``common``), known everywhere."""
        if (row, parity) not in self._common_ranges:
            t = self.common[(row, parity)]
            k = np.ones((2 * SLACK_PX + 1, 2 * SLACK_PX + 1), np.uint8)
            self._common_ranges[(row, parity)] = (cv2.erode(t, k), cv2.dilate(t, k))
        lo, hi = self._common_ranges[(row, parity)]
        out = np.maximum(lo - column, 0.0) + np.maximum(column - hi, 0.0)
        return _squared_length(out) > UNLIKE ** 2

    def unlike(self, column: np.ndarray, row: str, parity: int) -> np.ndarray:
        """Boolean mask (length, width): pixels of ``column`` that no nearby pixel of the empty template explains
        (False where the empty board is not known)."""
        lo, hi = self.ranges[(row, parity)]
        # distance from the box [lo, hi] per channel: zero inside the local range of the template
        out = np.maximum(lo - column, 0.0) + np.maximum(column - hi, 0.0)
        return (_squared_length(out) > UNLIKE ** 2) & self.known[(row, parity)]


def _squared_length(v: np.ndarray) -> np.ndarray:
    """Squared length of Lab vectors (last axis): three plain products, summed in the order an einsum over the
    channels sums them in float32 (the same values), a few times quicker than an einsum over 3-long rows; other
    types go through the einsum (its float64 sums are not always in that order)."""
    if v.dtype != np.float32:
        return np.einsum("...k,...k->...", v, v)
    a, b, c = v[..., 0], v[..., 1], v[..., 2]
    return a * a + b * b + c * c


def unlike_all(empty: "EmptyColumns", bands: dict[int, np.ndarray]) -> dict[int, np.ndarray]:
    """``EmptyColumns.unlike`` of every point's band, in one pass over all 24."""
    return unlike_and_rows(empty, bands)[0]


def unlike_and_rows(empty: "EmptyColumns", bands: dict[int, np.ndarray]
                    ) -> tuple[dict[int, np.ndarray], dict[int, np.ndarray]]:
    """``unlike_all`` and each point's ``occupied_rows``, the rows' shares counted for the points sharing one
    template at once (a row's mean of booleans is its count over its width: the same float64 quotient)."""
    pts = sorted(bands)
    by_key: dict[tuple[str, int], list[int]] = {}
    for p in pts:
        by_key.setdefault(("top" if p >= 13 else "bottom", p % 2), []).append(p)
    found: dict[int, np.ndarray] = {}
    for key, group in by_key.items():
        # the points sharing one template at once, the template broadcast (not copied once per point)
        stack = np.stack([bands[p] for p in group])
        lo, hi = empty.ranges[key]
        out = np.subtract(lo, stack)
        np.maximum(out, 0.0, out=out)
        above = np.subtract(stack, hi)
        np.maximum(above, 0.0, out=above)
        out += above
        if out.dtype == np.float32:
            # (``_squared_length`` written into the arrays already made: the same products, summed in its order)
            np.multiply(out, out, out=out)
            dist2 = out[..., 0] + out[..., 1]
            dist2 += out[..., 2]
        else:
            dist2 = _squared_length(out)
        far = dist2 > UNLIKE ** 2
        far &= empty.known[key]
        rows = np.count_nonzero(far, axis=2) / far.shape[2] >= ROW_MATCH
        found.update((p, (far[i], rows[i])) for i, p in enumerate(group))
    return {p: found[p][0] for p in pts}, {p: found[p][1] for p in pts}


def column_band(lab: np.ndarray, cx: float, base_y: float, toward: float, width: int, length: int) -> np.ndarray:
    """The band of ``lab`` centred on ``cx``, from the base outward (row 0 at the base), ``width`` px wide."""
    h, w = lab.shape[:2]
    x0 = int(round(cx - width / 2))
    b = int(round(base_y))
    if 0 <= x0 and x0 + width <= w:
        if toward > 0 and 0 <= b and b + length <= h:
            return lab[b:b + length, x0:x0 + width]
        if toward < 0 and b - length >= 0 and b <= h:
            return lab[b - length:b, x0:x0 + width][::-1]
    xs = np.clip(np.arange(x0, x0 + width), 0, w - 1)
    ys = np.arange(b, b + length) if toward > 0 else np.arange(b - 1, b - 1 - length, -1)
    ys = np.clip(ys, 0, h - 1)
    return lab[ys[:, None], xs[None, :]]


def _median_views(samples: np.ndarray, valid: Optional[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel and channel, the median of the views that are not known to hold a checker there
    (samples: n, L, W, 3; valid: n, L, W); and where at least MIN_VIEWS views were left to take it from."""
    med, known, _ = _median_views_and_all(samples, valid)
    return med, known


def _median_views_and_all(samples: np.ndarray, valid: Optional[np.ndarray], seen: Optional[np.ndarray] = None
                          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``_median_views`` and, third, the median of all the views (taken on the way: what most views show).
    ``seen``: per pixel, how many views tell the empty board there when that is not simply the views used."""
    n = samples.shape[0]
    if valid is None:
        k = n // 2
        if n == 6:
            # six views (one row's points of one colour): a sorting network of elementwise min/max on the six
            # (exact, like any sort) is several times quicker than partitioning along the first axis
            srt = _sort_six(samples)
            med = (srt[k - 1] + srt[k]) / 2
        elif n >= 8:
            # twelve views (both rows alike): sorting each pixel's views as one contiguous row is several times
            # quicker than partitioning along the first axis; the same middle values, the same mean of two
            srt = np.sort(np.moveaxis(samples, 0, -1), axis=-1)
            med = srt[..., k] if n % 2 else (srt[..., k - 1] + srt[..., k]) / 2
        else:
            med = (np.partition(samples, k, axis=0)[k] if n % 2
                   else np.partition(samples, (k - 1, k), axis=0)[k - 1:k + 1].mean(axis=0))
        return med, np.full(samples.shape[1:3], n >= MIN_VIEWS), med
    count = valid.sum(axis=0)
    med, _, _ = _median_views_and_all(samples, None)
    every = med.copy()
    some_out = count < n
    if some_out.any():
        # only where a view is left out: a sort with the left-out views as NaN (sorted last)
        data = np.where(valid[:, some_out][..., None], samples[:, some_out], np.nan)
        if n == 6 and data.shape[1] >= 100:
            # (the network's two dozen calls cost more than sorting a few pixels' views, and less than many)
            data = np.stack(_sort_six(data))
        else:
            data.sort(axis=0)
        c = count[some_out]
        lo = np.maximum(c - 1, 0) // 2
        hi = np.minimum(np.maximum(c, 1) // 2, n - 1)
        cols = np.arange(data.shape[1])
        med[some_out] = (data[lo, cols] + data[hi, cols]) / 2
    known = (count if seen is None else seen) >= MIN_VIEWS
    return np.where(known[..., None], med, 0.0).astype(np.float32), known, every


_SIX = ((0, 5), (1, 3), (2, 4), (1, 2), (3, 4), (0, 3), (2, 5), (0, 1), (2, 3), (4, 5), (1, 2), (3, 4))
"""A sorting network for six values (Knuth, TAOCP 5.3.4): these twelve compare-and-swaps sort any six."""


def _sort_six(samples: np.ndarray) -> list[np.ndarray]:
    """The six views (first axis of ``samples``) sorted per element, smallest first and NaN last, as ``np.sort``
    along that axis puts them (``fmin`` keeps the number beside a NaN, ``maximum`` the NaN)."""
    v = list(samples)
    for i, j in _SIX:
        v[i], v[j] = np.fmin(v[i], v[j]), np.maximum(v[i], v[j])
    return v


def point_bands(lab: np.ndarray, centre_x: Callable[[int], float], base_y: Callable[[int], float],
                point_width: float, length: int) -> dict[int, np.ndarray]:
    """Each point's band (row 0 at its base), BAND point widths either side of its centre line."""
    width = max(3, int(round(2 * BAND * point_width)))
    return {p: column_band(lab, centre_x(p), base_y(p), 1.0 if p >= 13 else -1.0, width, length)
            for p in range(1, 25)}


def learn_empty(bands_by_point: dict[int, np.ndarray],
                checkers: Optional[dict[int, np.ndarray]] = None,
                maybe: Optional[dict[int, np.ndarray]] = None) -> Optional[EmptyColumns]:
    """The empty column per (row, parity) from the 24 points' bands (None when the board is too small).

    ``checkers`` marks, per point, band pixels already known to show a checker (clear discs): those views are
    left out there, so a row of points that mostly hold checkers (a made home board) still shows its empty
    board wherever one of them is empty, and nowhere else.

    ``maybe`` marks band pixels of faint discs, which may be checkers (red on red, black on black) or the board's
    own shapes (a triangle's rounded base): those views are left out too wherever one view free of every disc
    remains (MIN_FREE; the empty board is then known where MIN_VIEWS views are free of clear discs). A faint
    checker lying on most points of its colour would otherwise become the empty board there, and the lone one
    of them would then match it; a shape of the board's own lies on every point of that colour, leaves no view
    free, and the template keeps it as before. Whether the rows' columns look alike is judged only where both
    rows had views free of every disc.
    """
    length, width = bands_by_point[1].shape[:2]
    if length < 4:
        return None
    views: dict[tuple[str, int], np.ndarray] = {}
    sure: dict[tuple[str, int], Optional[np.ndarray]] = {}  # views free of clear discs
    strict: dict[tuple[str, int], Optional[np.ndarray]] = {}  # ... and of faint ones
    for row, pts in (("top", range(13, 25)), ("bottom", range(1, 13))):
        for parity in (0, 1):
            ps = [p for p in pts if p % 2 == parity]
            # the empty board changes slowly across a column: the medians are taken on every other pixel (a
            # quarter of the sorting) and scaled back up (only those pixels are copied)
            views[(row, parity)] = np.stack([bands_by_point[p][::2, ::2] for p in ps])
            sure[(row, parity)] = None if checkers is None else ~np.stack([checkers[p][::2, ::2] for p in ps])
            strict[(row, parity)] = sure[(row, parity)]
            if maybe is not None:
                faint = ~np.stack([maybe[p][::2, ::2] for p in ps])
                strict[(row, parity)] = faint if sure[(row, parity)] is None else faint & sure[(row, parity)]
    bands: dict[tuple[str, int], np.ndarray] = {}
    known: dict[tuple[str, int], np.ndarray] = {}
    common: dict[tuple[str, int], np.ndarray] = {}
    own = {key: _median_views_and_all(v, _fallback(strict[key], sure[key]), _seen(sure[key], len(v)))
           for key, v in views.items()}
    # where each row's own template comes from views free of every disc (not from the fallback)
    clean = {key: strict[key] is None or strict[key].sum(axis=0) >= MIN_VIEWS for key in views}
    paired: dict[tuple[str, int], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
    for (row, parity), v in views.items():
        # the point across the board has the other parity (1 faces 24): its empty column looks the same on
        # nearly every board; used only when this board agrees (judged where both rows' views are free of discs:
        # a row whose points mostly hold faint checkers must not look unlike the other row for that)
        other = ("bottom" if row == "top" else "top", 1 - parity)
        both = own[(row, parity)][1] & own[other][1] & clean[(row, parity)] & clean[other]
        # (a mean, not a median: the triangles fill less than half the band, and they are what differs)
        same = bool(np.any(both)) and float(np.mean(np.linalg.norm(own[(row, parity)][0] - own[other][0],
                                                                   axis=2)[both])) < SAME_ROWS
        if same and other in paired:
            # (the other row's pair, already taken: the same views in the other order, and a median does not
            # depend on the order, nor does ``same``, the mean of a symmetric distance)
            bands[(row, parity)], known[(row, parity)], common[(row, parity)] = paired[other]
        elif same:
            sa, sb, ta, tb = sure[(row, parity)], sure[other], strict[(row, parity)], strict[other]
            bands[(row, parity)], known[(row, parity)], common[(row, parity)] = _median_views_and_all(
                np.concatenate([v, views[other]]),
                _fallback(None if ta is None or tb is None else np.concatenate([ta, tb]),
                          None if sa is None or sb is None else np.concatenate([sa, sb])),
                _seen(None if sa is None or sb is None else np.concatenate([sa, sb]), len(v) + len(views[other])))
            paired[(row, parity)] = (bands[(row, parity)], known[(row, parity)], common[(row, parity)])
        else:
            bands[(row, parity)], known[(row, parity)], common[(row, parity)] = own[(row, parity)]
    for key in bands:
        bands[key] = cv2.resize(bands[key], (width, length), interpolation=cv2.INTER_LINEAR)
        common[key] = cv2.resize(common[key], (width, length), interpolation=cv2.INTER_LINEAR)
        known[key] = cv2.resize(known[key].astype(np.uint8), (width, length), interpolation=cv2.INTER_NEAREST) > 0
    return EmptyColumns(bands, width, length, known, common=common)


def _fallback(strict: Optional[np.ndarray], sure: Optional[np.ndarray]) -> Optional[np.ndarray]:
    """The views free of every disc (``strict``), except where fewer than MIN_FREE are: there the views free of
    clear discs (``sure``) count, faint discs and all."""
    if strict is None:
        return sure
    short = strict.sum(axis=0) < MIN_FREE
    if not short.any():
        return strict
    return np.where(short[None], np.ones_like(strict) if sure is None else sure, strict)


def _seen(sure: Optional[np.ndarray], n: int) -> Optional[np.ndarray]:
    """Per pixel, the views free of clear discs (all ``n`` when none is known): enough of them tell the empty board,
    from its views free of faint discs too where there is one (``_fallback``)."""
    return None if sure is None else sure.sum(axis=0)


def disc_mask(shape: tuple[int, int], along: float, across: float, r: float) -> np.ndarray:
    """Pixels of a band within ``r`` of (``along`` px from the base, ``across`` px from the band's left edge)."""
    mask = np.zeros(shape, bool)
    add_disc(mask, along, across, r)
    return mask


def add_disc(mask: np.ndarray, along: float, across: float, r: float) -> None:
    """Set ``disc_mask``'s pixels in ``mask`` (in place). Why: a disc covers a small part of a band, and counting
    checkers draws some sixty discs a frame; only the disc's bounding box (a pixel wider each side, so rounding
    of the squares cannot drop an edge pixel) is compared, the same test on the same pixels."""
    y0, y1, x0, x1 = _disc_box(mask.shape, along, across, r)
    if y0 >= y1 or x0 >= x1:
        return
    yy, xx = np.arange(y0, y1)[:, None], np.arange(x0, x1)[None, :]
    mask[y0:y1, x0:x1] |= (yy - along) ** 2 + (xx - across) ** 2 <= r * r


def _disc_box(shape: tuple[int, ...], along: float, across: float, r: float) -> tuple[int, int, int, int]:
    """A disc's bounding box (y0, y1, x0, x1) clipped to ``shape``, a pixel wider each side (see add_disc)."""
    h, w = shape[:2]
    reach = abs(r)
    return (max(0, math.floor(along - reach) - 1), min(h, math.ceil(along + reach) + 2),
            max(0, math.floor(across - reach) - 1), min(w, math.ceil(across + reach) + 2))


def add_discs(mask: np.ndarray, discs: Sequence[tuple[float, float, float]]) -> None:
    """``add_disc`` of every (along, across, r) in ``discs``, in one pass over the box that holds all their boxes.

    Why: a point's discs were drawn one call each (~20 us of numpy calls a disc, some forty a frame). The same test
    on the same pixels: outside its own box (a pixel wider each side) no pixel lies within a disc's radius, so
    testing a disc on the others' boxes too sets nothing more, and the order of setting does not matter."""
    boxes = []
    for along, across, r in discs:
        y0, y1, x0, x1 = _disc_box(mask.shape, along, across, r)
        if y0 < y1 and x0 < x1:
            boxes.append((y0, y1, x0, x1, along, across, r))
    if not boxes:
        return
    if len(boxes) == 1:
        add_disc(mask, *boxes[0][4:])
        return
    y0, y1 = min(b[0] for b in boxes), max(b[1] for b in boxes)
    x0, x1 = min(b[2] for b in boxes), max(b[3] for b in boxes)
    along = np.array([b[4] for b in boxes], np.float64)[:, None, None]
    across = np.array([b[5] for b in boxes], np.float64)[:, None, None]
    r = np.array([b[6] for b in boxes], np.float64)[:, None, None]
    yy, xx = np.arange(y0, y1)[None, :, None], np.arange(x0, x1)[None, None, :]
    mask[y0:y1, x0:x1] |= ((yy - along) ** 2 + (xx - across) ** 2 <= r * r).any(axis=0)


def disc_share(unlike: np.ndarray, known: np.ndarray, along: float, across: float, r: float) -> float:
    """Share of a disc (centre ``along`` px from the base, ``across`` px from the band's left edge, radius ``r``)
    that differs from the empty board; 1.0 when too little of it can be compared (nothing to say)."""
    inside = disc_mask(unlike.shape, along, across, r)
    k = inside & known
    if k.sum() < 0.5 * max(1, inside.sum()) or not inside.any():
        return 1.0
    return float(unlike[k].mean())


def occupied_rows(unlike: np.ndarray) -> np.ndarray:
    """Per row of a band, whether enough of it differs from the empty board."""
    return unlike.mean(axis=1) >= ROW_MATCH


def run_from_base(rows: np.ndarray, slot: float, start_slack: float) -> float:
    """Length (px from the base) of the occupied run that starts at the base, bridging short breaks."""
    return run_end(rows, max(1, int(GAP_SLOTS * slot)), int(start_slack))


LIFT_MIN_PIXELS = 12  # board pixels beside a point's discs needed to tell how much a lamp lifts it there


def board_lift(band: np.ndarray, template: np.ndarray, known: np.ndarray,
               covered: np.ndarray) -> Optional[np.ndarray]:
    """How far the board in one point's band is lifted (Lab, band minus the empty template), judged on its pixels
    that no disc covers; None when too few are left.

    Why: a lamp's glare lights a patch of the board and the checkers on it alike. The empty template is the same
    board seen on the other points, mostly out of the glare, so the band's free pixels against it tell the local
    lift, and a disc's colour with that lift taken off is what it would look like in the board's usual light.
    """
    free = known & ~covered  # (``covered``: False wherever the lift is not to be judged, True on discs)
    if int(free.sum()) < LIFT_MIN_PIXELS:
        return None
    # (the difference taken over the whole band and gathered once: the same values as two gathers subtracted)
    return median_along(np.subtract(band, template)[free], 0).astype(np.float32)
