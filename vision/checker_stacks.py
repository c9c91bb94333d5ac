"""How many checkers a point holds, from where its visible discs lie along the point: the first row, a second layer
on top of it, a third in line with the first.

Why apart from the counter: seen from above, a checker on top hides the two it rests on, so a stack's count is
inferred from the pattern of visible discs, not just counted. This is pure arithmetic on disc positions (in checker
diameters from the base) and rim strengths, so it is tested on its own, without images.
"""
from __future__ import annotations

import statistics
from typing import Optional

import numpy as np

MIN_ROW_FOR_LAYER = 5  # a second layer only starts on a row at least this long
LAYER_RIM = 0.6  # a disc at a half offset must have this share of its stack's best rim to be a second layer
HIDDEN_STEP = (1.3, 1.8)  # diameters from a layer disc to the next visible row disc (one row checker hidden)
LAYER_DOUBT_RIM = 0.35  # ... and one with this share may still be one: the count is then doubtful
GAP_DOUBT = 1.45  # a gap between neighbouring discs of a row longer than this many diameters hides a checker


def stack_layers(discs: list[tuple[float, float]], r: float) -> tuple[list[float], list[float]]:
    """Sort a point's discs (distance of the centre from the base, rim score) into the first row and the layer
    above it, as positions in checker diameters from the base.

    Players stack a row from the base outward, then a second layer offset by half a diameter on top of the first
    row (then a third on top of that, in line with the first row again). A disc at a half offset from its
    neighbour is only believed when its rim is as clear as the stack's best (a checker on top is fully visible);
    a faint one is the waist between two touching checkers and is dropped.
    """
    if not discs:
        return [], []
    ds = sorted(discs)
    best_rim = max(rim for _, rim in ds)
    slot = 2 * r
    first = (ds[0][0] - r) / slot
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
        pitch = float(np.clip(statistics.median(steps), 1.0, 1.35)) if steps else 1.0
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
