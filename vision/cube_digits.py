"""The doubling cube's number read digit by digit, each digit stretched to one box: cubes printed in other type.

Why: ``vision.cube`` matches the whole number against numbers drawn in OpenCV's Hershey type, its width kept. Real
cubes are printed in many types: a tall narrow 2 (a wooden tray's cream cube) matches a wide 64 better than a wide
2, and a 2 in a printed disc scored 0.58-0.60 against the 0.72 that number needs (real photos r15 and r03: neither
cube was read). Split into its digits, each digit cropped and stretched to one box, the type's width and weight
matter far less: the number is the digits' shapes in order, and it must be a cube's (2 to 64).

Also the number's own slant: a cube lying turned on the board shows its number at any angle, and a face outline
found round the whole cube (side faces and all) does not turn it upright. The glyph is turned upright by its ink's
own least box (``cv2.minAreaRect``) before the four quarter turns are tried.

This reader is asked only when the whole-number templates give no sure reading, and only on outlines traced as
squares of at least ``vision.cube.DIGIT_MIN_SIDE`` px. What must not pass for a number, and what stops it:
- a die's pips: a face of several marks splits into more than two digits, and a round blot is a pip;
- a letter or a blot: a digit's holes must be its own (a 2 none, an 8 two) and a digit but a 1 is strokes, not a
  solid blot (half a board's printed 'e', sample still sim_23);
- an ArUco marker's cells: an outline running along the face's sides (axis_share);
- a ring: never an 8 (a score card's 0, real photo r10);
- a laptop key's small label: MIN_DIGIT_SCORE (keys in the real dice photos scored 0.64-0.66; cubes 0.71-0.78).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

import cv2
import numpy as np

CUBE_NUMBERS = ("2", "4", "16", "32", "64")  # never an 8: a ring or a blot stretched reads as one (a score card's 0)
HOLES = {"1": (0,), "2": (0,), "3": (0,), "4": (0, 1), "6": (0, 1), "8": (2,)}  # a 4 may be open; a small 6's
# loop may fill in under blur
DIGITS = "123468"
_FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX, cv2.FONT_HERSHEY_TRIPLEX,
          cv2.FONT_HERSHEY_SIMPLEX | cv2.FONT_ITALIC, cv2.FONT_HERSHEY_COMPLEX | cv2.FONT_ITALIC)
BOX = (20, 28)  # a digit stretched to this box (w, h)
MIN_PART = 0.04  # an ink part smaller than this share of the glyph's ink is a speck, not part of a digit
MIN_DIGIT_SCORE = 0.7  # the number's weakest digit must match its template at least this well (IoU) ...
MIN_DIGIT_MARGIN = 0.1  # ... and the number beat every other cube number by this much
DESKEW_MIN_DEG = 8.0  # a glyph whose least box is turned this far from upright is turned upright first
MAX_DIGIT_WIDTH = 1.15  # a digit's width over its height at most this (two digits side by side are wider)
ROUND_BLOT = 0.85  # a part this round (4 pi area / perimeter^2) ...
ROUND_SOLID = 0.95  # ... and this convex is a pip, not a digit
MAX_SOLIDITY = 0.85  # a digit other than a 1 whose ink fills more of its hull than this is a blot
MIN_HOLE = 0.03  # a digit's hole is at least this share of its ink's area
MAX_AXIS_SHARE = 0.78  # a glyph whose outline runs along the face's sides more than this is blocks (markers: 0.80-0.96
# of a render's ArUco marker; digits of cubes and of OpenCV's types: 0.20-0.69)
AXIS_TOLERANCE = 12.0  # degrees off a side that still run along it


def _stretch(ink: np.ndarray) -> Optional[np.ndarray]:
    """The ink cropped to its box and stretched to BOX (None when it is a few pixels)."""
    u8 = np.ascontiguousarray(ink, dtype=np.uint8)
    if cv2.countNonZero(u8) < 4:
        return None
    x, y, w, h = cv2.boundingRect(u8)
    return cv2.resize(u8[y:y + h, x:x + w] * np.uint8(255), BOX, interpolation=cv2.INTER_AREA) > 100


@lru_cache(maxsize=1)
def _templates() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every digit of the cube's numbers in each type and two weights, stretched: (digits, (n, w*h) 0/1, areas)."""
    labels, rows = [], []
    for digit in DIGITS:
        for font in _FONTS:
            for thick in (2, 5):
                img = np.zeros((90, 90), np.uint8)
                cv2.putText(img, digit, (15, 70), font, 2.0, 255, thick, cv2.LINE_AA)
                glyph = _stretch(img > 127)
                if glyph is not None:
                    labels.append(digit)
                    rows.append(glyph.ravel())
    stack = np.array(rows, np.float32)
    return np.array(labels), stack, stack.sum(axis=1, dtype=np.float64)


def round_blot(part: np.ndarray, roundness: float = ROUND_BLOT, solidity: float = ROUND_SOLID) -> bool:
    """Whether the ink is a single round blot: one outline without a hole, at least ``roundness`` round (4 pi area /
    perimeter^2) and ``solidity`` convex (area over its hull's), as a pip is and no digit (vision.cube._one_disc asks
    the same of a whole glyph, at its own bars)."""
    contours, _ = cv2.findContours(part.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_NONE)
    if len(contours) != 1:
        return False  # several parts, or an outline with a hole in it
    area, perimeter = cv2.contourArea(contours[0]), cv2.arcLength(contours[0], True)
    hull = cv2.contourArea(cv2.convexHull(contours[0]))
    if perimeter <= 0 or hull <= 0:
        return False
    return 4.0 * np.pi * area / perimeter ** 2 >= roundness and area / hull >= solidity


def _holes(part: np.ndarray) -> int:
    """Holes in a digit's ink (inner outlines of at least MIN_HOLE of its ink's area: not a speck of glare)."""
    contours, hierarchy = cv2.findContours(part.astype(np.uint8), cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return 0
    ink = float(part.sum())
    return sum(1 for c, h in zip(contours, hierarchy[0]) if h[3] >= 0 and cv2.contourArea(c) >= MIN_HOLE * ink)


def _solidity(part: np.ndarray) -> float:
    """A digit's ink over its convex hull's area (a blot is near 1; digits measured below MAX_SOLIDITY)."""
    ys, xs = np.nonzero(part)
    if len(xs) < 3:
        return 1.0
    hull = cv2.convexHull(np.column_stack([xs, ys]).astype(np.float32))
    # (the hull runs through pixel centres: half its perimeter and a pixel make it the pixels' own area)
    return float(len(xs)) / max(cv2.contourArea(hull) + 0.5 * cv2.arcLength(hull, True) + 1.0, 1.0)


def _parts(ink: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The ink's 8-connected parts: (labels, stats, the labels of parts of at least MIN_PART of the ink)."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    total = float(stats[1:, cv2.CC_STAT_AREA].sum()) if n > 1 else 0.0
    return labels, stats, [k for k in range(1, n) if stats[k, cv2.CC_STAT_AREA] >= MIN_PART * total]


def split_digits(ink: np.ndarray) -> Optional[list[np.ndarray]]:
    """The glyph's digits left to right (each a mask of the glyph's size), or None when it is not one or two
    upright digits side by side: parts overlapping across are one digit, a digit is no wider than MAX_DIGIT_WIDTH
    of its height, two digits are about as tall as each other and side by side, and no digit is a round blot."""
    labels, stats, parts = _parts(ink)
    if not parts or len(parts) > 4:
        return None
    parts.sort(key=lambda k: stats[k, cv2.CC_STAT_LEFT])
    groups: list[list[int]] = []
    for k in parts:
        x0, w = stats[k, cv2.CC_STAT_LEFT], stats[k, cv2.CC_STAT_WIDTH]
        if groups:
            g = groups[-1]
            gx1 = max(stats[j, cv2.CC_STAT_LEFT] + stats[j, cv2.CC_STAT_WIDTH] for j in g)
            if gx1 - x0 > 0.3 * min(w, min(stats[j, cv2.CC_STAT_WIDTH] for j in g)):
                g.append(k)
                continue
        groups.append([k])
    if len(groups) > 2:
        return None
    pieces = [(g, np.isin(labels, g)) for g in groups]
    if len(pieces) == 1:
        parted = _parted(pieces[0][1])
        if len(parted) == 2:  # (halves of one part: no parts of their own to test)
            pieces = [([], half) for half in parted]
    digits, boxes = [], []
    for g, mask in pieces:
        ys, xs = np.nonzero(mask)
        w, h = xs.max() - xs.min() + 1, ys.max() - ys.min() + 1
        if w > MAX_DIGIT_WIDTH * h:
            return None
        spans = sorted((stats[j, cv2.CC_STAT_TOP], stats[j, cv2.CC_STAT_TOP] + stats[j, cv2.CC_STAT_HEIGHT])
                       for j in g)
        if any(b[0] >= a[1] and min(a[1] - a[0], b[1] - b[0]) > 0.3 * h for a, b in zip(spans, spans[1:])):
            return None  # parts one above the other: a number lying on its side, not one digit
        if len(g) == 1 and round_blot(mask):
            return None
        digits.append(mask)
        boxes.append((ys.min(), ys.max(), h))
    if len(boxes) == 2:
        (a0, a1, ah), (b0, b1, bh) = boxes
        if min(ah, bh) < 0.6 * max(ah, bh) or min(a1, b1) - max(a0, b0) < 0.5 * min(ah, bh):
            return None
    return digits


def _parted(mask: np.ndarray) -> list[np.ndarray]:
    """One ink part too wide for a digit parted into two at its thinnest column in the middle third: two bold
    digits printed close run together (a 64 in a heavy type is one part). As it is when not too wide."""
    ys, xs = np.nonzero(mask)
    x0, x1 = xs.min(), xs.max() + 1
    if x1 - x0 <= MAX_DIGIT_WIDTH * (ys.max() - ys.min() + 1):
        return [mask]
    cols = mask[:, x0:x1].sum(axis=0)
    lo, hi = int(0.3 * len(cols)), int(0.7 * len(cols)) + 1
    cut = x0 + lo + int(np.argmin(cols[lo:hi]))
    left, right = mask.copy(), mask.copy()
    left[:, cut:] = False
    right[:, :cut] = False
    return [left, right]


def _pips_only(ink: np.ndarray) -> bool:
    """Whether the glyph is more parts than two digits make (split_digits' bound) or only round blots: pips."""
    labels, _, parts = _parts(ink)
    return len(parts) > 4 or (len(parts) > 1 and all(round_blot(labels == k) for k in parts))


def axis_share(ink: np.ndarray) -> float:
    """The share of the ink's outline (polygons within a pixel) that runs along the face's sides, within
    AXIS_TOLERANCE degrees: a marker's square cells run all along them, a digit's curves and slants do not."""
    contours, _ = cv2.findContours(ink.astype(np.uint8), cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    total = along = 0.0
    for contour in contours:
        poly = cv2.approxPolyDP(contour, 1.0, True).reshape(-1, 2).astype(np.float64)
        step = np.roll(poly, -1, axis=0) - poly
        length = np.hypot(step[:, 0], step[:, 1])
        angle = np.degrees(np.arctan2(np.abs(step[:, 1]), np.abs(step[:, 0])))
        along += float(length[(angle < AXIS_TOLERANCE) | (angle > 90.0 - AXIS_TOLERANCE)].sum())
        total += float(length.sum())
    return along / max(total, 1.0)


def _upright(ink: np.ndarray) -> Optional[np.ndarray]:
    """The glyph turned so its ink's least box stands square to the image, or None when it already does."""
    ys, xs = np.nonzero(ink)
    if len(xs) < 8:
        return None
    (cx, cy), _, angle = cv2.minAreaRect(np.column_stack([xs, ys]).astype(np.float32))
    off = angle % 90.0
    if min(off, 90.0 - off) < DESKEW_MIN_DEG:
        return None
    side = int(np.ceil(np.hypot(*ink.shape))) + 2
    best, best_area = None, np.inf
    for turn in (off, off - 90.0):  # whichever way OpenCV counts the box's angle, one of these stands it square
        m = cv2.getRotationMatrix2D((cx, cy), turn, 1.0)
        m[:, 2] += (side / 2.0 - cx, side / 2.0 - cy)
        out = cv2.warpAffine(ink.astype(np.uint8) * 255, m, (side, side), flags=cv2.INTER_LINEAR) > 127
        x, y, w, h = cv2.boundingRect(out.astype(np.uint8))
        if w * h < best_area:
            best, best_area = out, w * h
    return best


def rank_digits(ink: np.ndarray) -> list[tuple[int, float]]:
    """Every cube number that the glyph's digits can spell, with its weakest digit's best IoU over the types, the
    quarter turns and the glyph turned upright; best first. Empty when the glyph is no one or two digits."""
    if _pips_only(ink):
        return []  # a die's face (most glyphs asked here): no turn makes its marks digits
    if axis_share(ink) > MAX_AXIS_SHARE:
        return []  # blocks, not strokes: an ArUco marker's cells (a render's marker read as a 4)
    labels, stack, sizes = _templates()
    starts = np.searchsorted(labels, np.array(list(DIGITS)))  # (templates are in DIGITS' order)
    x, y, w, h = cv2.boundingRect(ink.astype(np.uint8))
    ink = np.pad(ink[y:y + h, x:x + w], 1)  # the glyph's own box: the turns and parts cost by its pixels
    scores: dict[int, float] = {}
    variants = [ink]
    upright = _upright(ink)
    if upright is not None:
        variants.append(upright)
    for variant in variants:
        halves: dict[int, Optional[list[np.ndarray]]] = {}
        for k in range(4):
            if k < 2:
                digits = halves[k] = split_digits(np.rot90(variant, k))
            else:  # a half turn reads the same parts backwards, each turned: no need to part the glyph again
                digits = halves[k - 2]
                digits = None if digits is None else [np.rot90(m, 2) for m in reversed(digits)]
            if digits is None:
                continue
            per_digit = []
            for mask in digits:
                x, y, w, h = cv2.boundingRect(mask.view(np.uint8))
                mask = mask[y:y + h, x:x + w]  # (every test below on the digit's own box: a few hundred px)
                glyph = _stretch(mask)
                if glyph is None:
                    break
                v = glyph.ravel().astype(np.float32)
                inter = stack @ v
                iou = inter / np.maximum(sizes + float(v.sum()) - inter, 1.0)
                best = np.maximum.reduceat(iou, starts)  # each digit's best over its types and weights
                holes = _holes(mask)  # a digit's loops are its shape's surest part: a 2 has none, an 8 two
                # and a digit but a 1 is strokes round open space, never a solid blot (half a board's printed
                # 'e' stretched read as a 4 at 0.76, sample still sim_23)
                solid = _solidity(mask) > MAX_SOLIDITY
                per_digit.append({d: float(b) if holes in HOLES[d] and (d == "1" or not solid) else 0.0
                                  for d, b in zip(DIGITS, best.tolist())})
            else:
                for number in CUBE_NUMBERS:
                    if len(number) == len(per_digit):
                        s = min(pd[c] for pd, c in zip(per_digit, number))
                        scores[int(number)] = max(scores.get(int(number), 0.0), s)
    return sorted(scores.items(), key=lambda kv: -kv[1])


def read_digits(ink: np.ndarray) -> tuple[Optional[int], float]:
    """The cube number the glyph spells with confidence (MIN_DIGIT_SCORE, MIN_DIGIT_MARGIN), and its score."""
    ranked = rank_digits(ink)
    if not ranked:
        return None, 0.0
    best, score = ranked[0]
    second = ranked[1][1] if len(ranked) > 1 else 0.0
    if score < MIN_DIGIT_SCORE or score - second < MIN_DIGIT_MARGIN:
        return None, score
    return best, score
