"""Which checkers are light and which dark: the two colour groups of the discs found on the points.

Why a trimmed two-means from several starts: the discs that reach this step are mostly checkers, but a few are
not (a die, a triangle's printed base, a patch of grain) and some colours come in two shades (a lit and a shaded
side of a stack). Plain two-means from the darkest and the lightest disc lets one odd disc take a centre of its
own and lumps both checker colours into the other. Capping each disc's pull at TRIM and keeping the tightest of
a few starts (the extremes, the farthest pair, the lightness halves, the two densest groups) splits along the
two populous colours whatever the clutter; light is then the group of higher lightness, as the labels have it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

TRIM = 30.0  # Lab distance beyond which a disc pulls its centre no harder (clutter)
ONE_COLOUR = 40.0  # two centres closer than this are shades of one colour (checker pairs differ far more)
DENSE = 20.0  # Lab radius within which discs count as neighbours when looking for the densest groups
DENSE_APART = 40.0  # the second densest group must lie this far from the first
FAINT_LIGHT = 0.5  # a light group whose clearest disc is fainter than this share of the board's strong rims ...
# (0.45 until the corners were refined to the outer edge: render 5281's triangle bases then scored up to 0.48)
PHANTOMS_PER_POINT = 2  # ... and that has no more than this many discs on any one point is the board's own shapes
MID_LIGHTNESS = (85.0, 140.0)  # Lab lightness (0-255) of a lone colour that may be either player's: reds, greens
# (red is the light colour of a red and black set, L 113, and the dark one of a white and red set, L 108; a green
# dark checker L 104); whites and creams seen 171-251, blacks, browns, maroons and blues under 75


@dataclass
class ColourSplit:
    """The two checker colours as Lab centres; a disc is light when it is nearer the lighter centre."""

    light: np.ndarray
    dark: np.ndarray
    separation: float  # 0..1, how clearly the two groups stand apart
    one_colour: bool = False  # only one colour was found; it was called light or dark by its lightness alone

    def is_light(self, d: Any) -> bool:
        lab = np.array(d.lab, np.float32)
        return float(np.sum((lab - self.light) ** 2)) < float(np.sum((lab - self.dark) ** 2))

    def lights(self, discs: Sequence[Any]) -> list[bool]:
        """``is_light`` of many discs in one numpy pass (each row's three squares summed in the same order)."""
        if not len(discs):
            return []
        lab = np.array([d.lab for d in discs], np.float32).reshape(-1, 3)
        return (np.sum((lab - self.light) ** 2, axis=1) < np.sum((lab - self.dark) ** 2, axis=1)).tolist()


def _settled(x: np.ndarray, y: np.ndarray) -> bool:
    """``np.allclose(x, y)`` with its default tolerances, the same test written out: allclose's checks and
    conversions cost more than the sum on three numbers, and the two-means loop asks it twice an iteration."""
    y = np.asarray(y)
    y = y.astype(np.result_type(y, 1.0), copy=False)
    with np.errstate(invalid="ignore"):
        return bool(np.all((np.abs(x - y) <= 1e-8 + 1e-5 * np.abs(y)) & np.isfinite(y) | (x == y)))


def _trimmed_two_means(X: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, float]:
    """Lloyd's two-means from centres ``a`` and ``b``, each centre the mean of its members within TRIM (all of
    them when none is that near); returns the centres and the capped cost."""
    for _ in range(10):
        da = np.sum((X - a) ** 2, axis=1)
        db = np.sum((X - b) ** 2, axis=1)
        near_b = db < da
        new = []
        for members, d in ((X[~near_b], da[~near_b]), (X[near_b], db[near_b])):
            close = members[d < TRIM ** 2]
            new.append(close.mean(axis=0) if len(close) else members.mean(axis=0) if len(members) else None)
        if new[0] is None or new[1] is None:
            break
        if _settled(new[0], a) and _settled(new[1], b):
            break
        a, b = new[0], new[1]
    cost = float(np.sum(np.minimum(np.minimum(np.sum((X - a) ** 2, axis=1), np.sum((X - b) ** 2, axis=1)),
                                   TRIM ** 2)))
    return a, b, cost


def _starts(X: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    lo, hi = X[np.argmin(X[:, 0])], X[np.argmax(X[:, 0])]
    starts = [(lo, hi)]
    far = np.sum((X[:, None] - X[None, :]) ** 2, axis=2)
    i, j = np.unravel_index(int(np.argmax(far)), far.shape)
    starts.append((X[i], X[j]))
    if len(X) >= 2:
        order = np.argsort(X[:, 0])
        half = len(X) // 2
        starts.append((np.median(X[order[:half]], axis=0), np.median(X[order[half:]], axis=0)))
    support = (far < DENSE ** 2).sum(axis=1)
    first = int(np.argmax(support))
    apart = far[first] >= DENSE_APART ** 2
    if apart.any():
        second = int(np.argmax(np.where(apart, support, -1)))
        starts.append((X[first], X[second]))
    return [(a.astype(np.float32).copy(), b.astype(np.float32).copy()) for a, b in starts]


def split_colours(labs: Sequence[Sequence[float]]) -> ColourSplit:
    """The two checker colours of discs with these interior colours (Lab)."""
    if not len(labs):
        return ColourSplit(np.array([255.0, 128, 128], np.float32), np.array([0.0, 128, 128], np.float32), 0.0)
    X = np.array(labs, np.float32).reshape(-1, 3)
    best = min((_trimmed_two_means(X, a, b) for a, b in _starts(X)), key=lambda t: t[2])
    a, b, _ = best
    if float(np.linalg.norm(a - b)) < ONE_COLOUR:
        # one colour only: call it by its own lightness against mid grey
        centre = X.mean(axis=0)
        far = centre.copy()
        far[0] = 0.0 if centre[0] > 110 else 255.0
        return (ColourSplit(centre, far, 0.3, True) if centre[0] > 110 else ColourSplit(far, centre, 0.3, True))
    light, dark = (b, a) if b[0] >= a[0] else (a, b)
    spread = float(np.sqrt(np.mean(np.min(np.stack([np.sum((X - light) ** 2, axis=1),
                                                      np.sum((X - dark) ** 2, axis=1)]), axis=0))))
    sep = min(1.0, float(np.linalg.norm(light - dark)) / (4 * spread + 1e-6))
    return ColourSplit(light, dark, sep)


def lone_colour_unsure(split: ColourSplit) -> bool:
    """Whether only one checker colour was found and its lightness cannot say which player's it is.

    Why: a lone colour is called light or dark by its lightness against mid grey. That is safe for whites and
    creams, blacks and browns, but a red checker is the light one of a red and black set and the dark one of a white
    and red set, a green one dark beside cream: when the other colour shows nowhere (all borne off, hidden under a
    hand, or dark checkers whose rims were lost), such a colour read as it stands gives every point the wrong
    player at full confidence (render 12021: only the red of a red and black set found, called dark: four points
    swapped, three of them sure)."""
    if not split.one_colour:
        return False
    seen = split.light if split.light[0] not in (0.0, 255.0) else split.dark
    return MID_LIGHTNESS[0] <= float(seen[0]) <= MID_LIGHTNESS[1]


def phantom_light(split: ColourSplit, discs: Sequence[Any], points: Sequence[Any], strong: float) -> bool:
    """Whether the light group of ``split`` is made only of faint discs (``rim`` below FAINT_LIGHT of ``strong``,
    the board's typical strong rim), at most PHANTOMS_PER_POINT on any one point (``points``, one per disc), while
    the dark group has a clear one.

    Why: light checkers show a clear rim on most boards (wood, felt and dark triangles contrast with them); dark
    ones often do not (dark on dark). A "light colour" that no clear disc shows and that nowhere forms a stack is
    then most likely the board's own light shapes (a light triangle's rounded base, a print, a highlight: one or
    two per point) paired up as a colour when one checker colour was never found, and the real checkers are all in
    the other group, whatever their colour: read as they stand, light and dark come out swapped at full confidence.
    White checkers on white triangles are faint too, but they stack: three or more discs on one point.
    """
    is_light = split.lights(discs)
    light = [(d.rim, p) for d, p, lit in zip(discs, points, is_light) if lit]
    dark = [d.rim for d, lit in zip(discs, is_light) if not lit]
    faint = FAINT_LIGHT * strong
    if not light or not dark or max(rim for rim, _ in light) >= faint or max(dark) < faint:
        return False
    per_point: dict[Any, int] = {}
    for _, p in light:
        per_point[p] = per_point.get(p, 0) + 1
    return max(per_point.values()) <= PHANTOMS_PER_POINT


SHADES_APART = 80.0  # two centres closer than this may be a lit and a shaded side of one colour (see left_out)
LEFT_OUT = 3  # this many faint discs far from both such centres, in a group of their own, are the other colour
LEFT_OUT_FAR = 2 * TRIM  # ... "this far" (Lab)


def left_out(split: ColourSplit, faint: Sequence[Sequence[float]]) -> bool:
    """Whether the split of the clearest discs missed a checker colour that only faint discs show: its two
    centres lie near enough to be shades of one colour (SHADES_APART), and LEFT_OUT or more of the fainter discs lie
    LEFT_OUT_FAR from both, near one another (within TRIM of their own median colour).

    Why: the clearest discs decide the colours so that grain and prints do not pull the centres, and "clear" is
    measured against the board's strongest rims. White checkers on navy felt rim ten times stronger than navy ones
    do: every navy checker is then faint, the white ones (a lit and a shaded stack, 45 Lab apart) make both
    centres, and every navy checker, matching neither, is dropped as "not a checker colour": its points read empty
    for sure (render 25046: two stacks of five). The discs asked about here are those linked into points' stacks, so
    a tight group of them far from both centres is a colour of checkers, not clutter; the caller then splits all of
    them."""
    if float(np.linalg.norm(split.light - split.dark)) >= SHADES_APART:
        return False
    X = np.array(faint, np.float32).reshape(-1, 3)
    if len(X) < LEFT_OUT:
        return False
    far = X[(np.linalg.norm(X - split.light, axis=1) > LEFT_OUT_FAR)
            & (np.linalg.norm(X - split.dark, axis=1) > LEFT_OUT_FAR)]
    if len(far) < LEFT_OUT:
        return False
    centre = np.median(far, axis=0)
    return int(np.sum(np.linalg.norm(far - centre, axis=1) <= TRIM)) >= LEFT_OUT


FACE = 0.7  # share of the radius whose pixels make a checker's face (inside the rim, its shadow and a neighbour)


def face_spread(lab: np.ndarray, x: float, y: float, r: float) -> float:
    """How far a disc's face pixels stray from their own median colour (median Lab distance).

    Why: one player's checkers are made alike, so their faces show the same texture everywhere on the board (a
    plain face, or the same grain); a round patch of the board's own (a die's pips, a print, grain crossing a
    triangle's edge) usually does not look like them."""
    h, w = lab.shape[:2]
    rr = FACE * r
    x0, x1 = int(max(0, np.floor(x - rr))), int(min(w, np.ceil(x + rr) + 1))
    y0, y1 = int(max(0, np.floor(y - rr))), int(min(h, np.ceil(y + rr) + 1))
    if x1 <= x0 or y1 <= y0:
        return 0.0
    yy = np.arange(y0, y1)[:, None] - y
    xx = np.arange(x0, x1)[None, :] - x
    pix = lab[y0:y1, x0:x1][yy * yy + xx * xx <= rr * rr]
    if len(pix) < 3:
        return 0.0
    k = len(pix) // 2
    centre = np.partition(pix, k, axis=0)[k]  # per channel (the upper median: the same up to one pixel)
    d = pix - centre
    return float(np.partition(np.einsum("ij,ij->i", d, d), k)[k]) ** 0.5
