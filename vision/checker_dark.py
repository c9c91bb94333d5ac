"""Checkers whose rims are lost: found by their faces, slot by slot from a point's base.

Why: a black checker on a black point, or a dark green one on a dark green point, shows almost no rim against
the triangle, so the rim finder (``checker_discs``) never scores it, and the empty-board model
(``checker_empty``) sees nothing either: pixel by pixel the checker is within a few Lab units of the triangle. But
a checker is no flat patch of colour: its face carries its own shading (a domed or bevelled top, a highlight, a
darker ring at its edge), and one player's checkers all show the same face wherever they lie. So the clear
checkers of each colour counted elsewhere on the board teach that colour's face as a picture (their median patch,
centred on each disc, three at least). A slot where a checker would sit (at the point's base where the row's
other stacks start, then one checker's spacing on from the last one found, as checkers are stacked) holds one when
its patch has the face's mean colour and the face's shading (the patch less its mean colour, against the face's
likewise): a triangle of the same colour is flat, or shaded otherwise. It holds none when it is nearly as like the
empty board at that spot (the same spot on the row's points of that colour with no disc there) as like the face, or
more so: a shape the board shows on most of those points (a print, the frame's edge) is the board's own, and views
that show the face themselves (an unseen checker there too) are set aside only where they are not the more. A slot
shaded a little less like the face, or shaded like it yet nearly as near the empty board (a black checker with a
faint dome on a navy point is as near the plain triangle as its fellows' faces are), may hold one: the count stops
there, doubtful. A flat face (wooden checkers) shows less shading than a slot's grain and noise, so its slots are
judged against a floor of shading, by their colour where the empty board at the spot has another (``Slot.flat``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import cv2
import numpy as np

FACE_RADIUS = 0.85  # share of the checker radius compared (the outline itself wobbles with the found centre)
MIN_TEACHERS = 3  # clear discs of a colour needed to learn its face (the median of two is either's odd look)
MIN_EMPTY_VIEWS = 2  # same-coloured points free at a spot needed to tell the empty board there
SHIFT = 0.25  # radii tried either side of each slot's expected centre, along and across the column
TINT = 15.0  # Lab distance of a slot's mean colour to the face's beyond which it is no checker of that colour
SHADED = 0.6  # a slot whose shading differs from the face's by less than this share of the face's own: a checker
SHADED_NEAR = 0.9  # ... by less than this share, where the slot is also nearer the face than the empty board: maybe
FAR_TINT = 1.5  # a slot whose mean colour lies this many TINTs from every face's is settled on that alone
UNLIKE_EMPTY = 0.8  # a slot must be nearer its face than this share of its distance to the nearest empty view
# to hold one for sure
FLAT_FACE = 7.0  # Lab: a face with less shading of its own than this is flat (``Slot.flat``) ...
FLAT_TINT = 0.5  # ... and its slot is judged by colour: within this share of TINT of the face's colour ...
FLAT_APART = 1.0  # ... where the empty board at the spot lies this many TINTs or more from it


@dataclass
class Faces:
    """Each checker colour's face as a picture (sign -> median Lab patch), with the patch size and the mask of
    compared pixels."""

    size: int
    mask: np.ndarray
    faces: dict[int, np.ndarray]
    pixels: dict[int, np.ndarray] = field(default_factory=dict)  # each face's compared pixels (n, 3)
    means: dict[int, np.ndarray] = field(default_factory=dict)  # ... and their mean colour

    _shifted: dict[int, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.pixels = {s: f[self.mask] for s, f in self.faces.items()}
        self.means = {s: p.mean(axis=0) for s, p in self.pixels.items()}

    def shifted(self, step: int) -> np.ndarray:
        """Flat indices into a window ``size + 2 step`` wide of the compared pixels at each of the nine shifts by
        ``step`` px (rows: dy, then dx, each -step, 0, +step): one take gathers every shifted patch."""
        if step not in self._shifted:
            w = self.size + 2 * step
            ys, xs = np.nonzero(self.mask)
            self._shifted[step] = np.stack([(ys + step + dy) * w + (xs + step + dx)
                                            for dy in (-step, 0, step) for dx in (-step, 0, step)])
        return self._shifted[step]


@dataclass
class Slot:
    """One slot judged against the face of colour ``sign`` at (x, y), where that face fits best."""

    sign: int
    x: float
    y: float
    to_face: float  # mean Lab distance of the slot's patch to the face
    to_empty: float = float("inf")  # ... to the nearest view of the empty board at that spot
    shading: float = 0.0  # distance of the slot's shading (patch less its mean colour) to the face's shading
    own: float = 0.0  # how much shading the face itself shows (mean length of its patch less its mean)
    tint: float = 0.0  # distance of the slot's mean colour to the face's
    empty_tint: float = 0.0  # distance of the face's mean colour to the nearest empty view's at the spot

    def verdict(self) -> str:
        """'yes' (a checker of that colour lies here), 'maybe' (cannot tell) or 'no'."""
        said = self._said()
        if said != "yes" and self._floored() == "yes" and self.empty_tint >= FLAT_APART * TINT:
            return "yes"  # (a flat face's shading tells nothing: judged against a floor of shading, see flat)
        return said

    def untold(self) -> bool:
        """A flat face's slot that would hold one judged against the floor of shading, but where the empty board
        at the spot has the face's colour too (under FLAT_APART): the slot cannot be told from the board. After a
        checker found by its face the row may go on here: the count stops, doubtful (``checkers._read_faces``)."""
        return self._said() != "yes" and self._floored() == "yes" and self.empty_tint < FLAT_APART * TINT

    def _said(self) -> str:
        """The verdict by the face's own shading."""
        return self._verdict(self.shading / self.own if self.own > 0 else float("inf"))

    def _floored(self) -> str:
        """The verdict by the floor of shading, for a flat face whose slot has its colour ('no' otherwise)."""
        return self._verdict(self.shading / FLAT_FACE) if self.flat() else "no"

    def flat(self) -> bool:
        """Whether the face is flat and the slot has its colour, with the empty board at the spot seen.

        Why: a flat face (dark wooden checkers: own shading 2-2.5 Lab) leaves a true slot's few Lab of grain, JPEG
        noise and contact shadow at twice its own shading, so every checker of that colour failed the shading
        test and a dark 6- or 12-stack on light wood read empty for sure (renders 30115 point 2, 30036 point 8).
        Where the face is that flat its shading tells nothing either way; its colour does where the empty board
        at the spot has another (FLAT_APART): the slot has the face's colour, the empty views there do not. Its
        shading is then judged against FLAT_FACE instead of the face's own, and only a 'yes' so found counts (the
        floor's 'maybe' doubted right empty points: sample stills sim_08, sim_10). Where the empty board there has
        the face's colour too (a light flat face on a triangle of its own colour, renders 30010 and 30068) such a
        slot cannot be told (``untold``)."""
        return 0 < self.own < FLAT_FACE and self.tint < FLAT_TINT * TINT and self.to_empty < float("inf")

    def _verdict(self, q: float) -> str:
        """The verdict for a shading ratio ``q`` (the slot's shading difference to the face's over its own)."""
        if self.tint >= TINT or self.own <= 0:
            return "no"
        if q >= SHADED_NEAR or self.to_face >= self.to_empty:
            return "no"  # (nearer the empty board at that spot than a checker is: the board's own look there)
        if q < SHADED and self.to_face < UNLIKE_EMPTY * self.to_empty:
            return "yes"
        # shaded a little less like the face, or nearly as near the empty board at that spot as the face (a black
        # checker with a faint dome on a navy point: render 16032), yet nearer the face and shaded more like it than
        # not: maybe (a board whose lighter triangles are grained like the light checkers shows the same)
        return "maybe"


def patch(lab: np.ndarray, x: float, y: float, size: int) -> np.ndarray:
    """The ``size`` x ``size`` Lab patch centred on (x, y), sub-pixel (edges replicated)."""
    return cv2.getRectSubPix(lab, (size, size), (float(x), float(y)))


def learn_faces(lab: np.ndarray, teachers: dict[int, Sequence[tuple[float, float]]], r: float) -> Optional[Faces]:
    """The face of each colour from its clear discs' centres (``teachers``: sign -> [(x, y)])."""
    rr = FACE_RADIUS * r
    half = int(np.ceil(rr))
    size = 2 * half + 1
    yy, xx = np.mgrid[-half:half + 1, -half:half + 1]
    mask = xx * xx + yy * yy <= rr * rr
    faces = {}
    for sign, centres in teachers.items():
        if len(centres) >= MIN_TEACHERS:
            faces[sign] = _median_first(np.stack([patch(lab, x, y, size) for x, y in centres]))
    return Faces(size, mask, faces) if faces else None


def distance(a: np.ndarray, b: np.ndarray, mask: np.ndarray) -> float:
    """Mean Lab distance of two patches over the compared pixels."""
    d = (a - b)[mask]
    return float(np.mean(np.sqrt(np.einsum("ij,ij->i", d, d))))


def judge_slot(lab: np.ndarray, faces: Faces, x: float, y: float, r: float,
               empty_xs: Callable[[], Sequence[float]], sign: Optional[int] = None) -> Optional[Slot]:
    """The slot near (x, y) judged against the face that fits it best (of colour ``sign`` only, when given); None
    when no face of that colour is known. ``empty_xs()``: where the same spot on same-coloured points with no
    disc there shows the empty board (asked only when the shading alone does not settle it).

    (One window round the slot holds every shifted patch tried; a slot whose mean colour is far from every face
    is settled on that alone: most empty points are, and the per-frame cost stays small.)"""
    signs = [s for s in faces.faces if sign is None or s == sign]
    if not signs:
        return None
    h, w = lab.shape[:2]
    half = faces.size // 2
    xi, yi = int(round(x)), int(round(y))
    box = lab[max(0, yi - half):min(h, yi + half + 1), max(0, xi - half):min(w, xi + half + 1)]
    if box.size == 0:
        return None
    mean = np.array(cv2.mean(box)[:3], np.float32)  # (the square round the face: the prefilter needs no more)
    tints = {s: float(np.linalg.norm(faces.means[s] - mean)) for s in signs}
    if min(tints.values()) >= FAR_TINT * TINT:
        s = min(tints, key=tints.__getitem__)
        return Slot(s, x, y, float("inf"), tint=tints[s])
    step = max(1, int(round(SHIFT * r)))
    size = faces.size
    window = patch(lab, x, y, size + 2 * step)
    offsets = [(dy, dx) for dy in (-step, 0, step) for dx in (-step, 0, step)]
    here = window.reshape(-1, 3)[faces.shifted(step)]  # shifts, pixels, 3
    best: Optional[Slot] = None
    for s in signs:
        diff = here - faces.pixels[s][None]
        fits = np.sqrt(np.einsum("kij,kij->ki", diff, diff)).mean(axis=1)
        k = int(np.argmin(fits))
        if best is None or fits[k] < best.to_face:
            best = Slot(s, x + offsets[k][1], y + offsets[k][0], float(fits[k]))
    assert best is not None
    pix = here[offsets.index((int(round(best.y - y)), int(round(best.x - x))))]
    face, face_mean = faces.pixels[best.sign], faces.means[best.sign]
    here_mean = pix.mean(axis=0)
    best.shading = _mean_length(pix - here_mean - (face - face_mean))
    best.own = _mean_length(face - face_mean)
    best.tint = float(np.linalg.norm(face_mean - here_mean))
    if best.own > 0 and best.shading / max(best.own, FLAT_FACE) < SHADED_NEAR and best.tint < TINT:
        # the empty views at the spot the face fits best (the same row: they shift with it), less those that show
        # the face themselves (an unseen checker there too) where they are not the more (the face on most points of
        # that colour at that spot is the board's own); the nearest one, so a view that holds something else
        # cannot make the slot look unlike the empty board
        views = [patch(lab, ex + (best.x - x), best.y, size)[faces.mask] for ex in empty_xs()]
        plain = [v for v in views if not _shows_face(v, face, face_mean, best.own)]
        if 2 * len(plain) >= len(views):
            views = plain
        if len(views) >= MIN_EMPTY_VIEWS:
            best.to_empty = min(_mean_length(pix - v) for v in views)
            best.empty_tint = min(float(np.linalg.norm(v.mean(axis=0) - face_mean)) for v in views)
    return best


def _shows_face(pixels: np.ndarray, face: np.ndarray, face_mean: np.ndarray, own: float) -> bool:
    """Whether a patch's pixels have the face's colour and shading (a checker's face, as a slot's 'yes')."""
    mean = pixels.mean(axis=0)
    return float(np.linalg.norm(mean - face_mean)) < TINT and \
        _mean_length(pixels - mean - (face - face_mean)) < SHADED * own


def _median_first(v: np.ndarray) -> np.ndarray:
    """The median along the first axis (``np.median``'s values; for a few patches a partition is much quicker)."""
    n = v.shape[0]
    k = n // 2
    if n % 2:
        return np.partition(v, k, axis=0)[k]
    part = np.partition(v, (k - 1, k), axis=0)
    return (part[k - 1] + part[k]) / 2


def _mean_length(v: np.ndarray) -> float:
    """Mean length of Lab vectors (pixels, 3)."""
    return float(np.mean(np.sqrt(np.einsum("ij,ij->i", v, v))))
