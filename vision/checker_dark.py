"""Checkers whose rims are lost: found by their faces, slot by slot from a point's base.

Why: a black checker on a black point, or a dark green one on a dark green point, shows almost no rim against
the triangle, so the rim finder (``checker_discs``) never scores it, and the empty-board model
(``checker_empty``) sees nothing either: pixel by pixel the checker is within a few Lab units of the triangle. But
a checker is no flat patch of colour: its face carries its own shading (a domed or bevelled top, a highlight, a
darker ring at its edge), and one player's checkers all show the same face wherever they lie. So the clear
checkers of each colour counted elsewhere on the board teach that colour's face as a picture (their median patch,
centred on each disc). A slot where a checker would sit (at the point's base, then one checker's spacing further
on, as checkers are stacked) holds one when its patch has the face's mean colour and the face's shading (the
patch less its mean colour, against the face's likewise): a triangle of the same colour is flat, or shaded
otherwise. A face with too little shading of its own (plain white checkers) cannot be told this way from a plain
triangle; it still may be where the slot is far nearer the face than the same spot on the row's empty points of
that colour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import cv2
import numpy as np

FACE_RADIUS = 0.85  # share of the checker radius compared (the outline itself wobbles with the found centre)
MIN_TEACHERS = 2  # clear discs of a colour needed to learn its face
MIN_EMPTY_VIEWS = 2  # same-coloured points free at a spot needed to tell the empty board there
SHIFTS = (-0.25, 0.0, 0.25)  # radii tried around each slot's expected centre, along and across the column
TINT = 15.0  # Lab distance of a slot's mean colour to the face's beyond which it is no checker of that colour
SHADED = 0.6  # a slot whose shading differs from the face's by less than this share of the face's own: a checker
SHADED_NEAR = 0.9  # ... by less than this share, where the slot is also much nearer the face than the empty board:
NEARER = 0.3  # ... its distance to the face at most this share of its distance to the nearest empty view
MAYBE = 0.8  # a slot whose shading is within this share of the face's may hold one: doubtful


@dataclass
class Faces:
    """Each checker colour's face as a picture (sign -> median Lab patch), with the patch size and the mask of
    compared pixels."""

    size: int
    mask: np.ndarray
    faces: dict[int, np.ndarray]


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

    def verdict(self) -> str:
        """'yes' (a checker of that colour lies here), 'maybe' (cannot tell) or 'no'."""
        if self.tint >= TINT or self.own <= 0:
            return "no"
        q = self.shading / self.own
        if q < SHADED or (q < SHADED_NEAR and self.to_face < NEARER * self.to_empty):
            return "yes"
        return "maybe" if q < MAYBE else "no"


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
            faces[sign] = np.median(np.stack([patch(lab, x, y, size) for x, y in centres]), axis=0)
    return Faces(size, mask, faces) if faces else None


def distance(a: np.ndarray, b: np.ndarray, mask: np.ndarray) -> float:
    """Mean Lab distance of two patches over the compared pixels."""
    d = (a - b)[mask]
    return float(np.mean(np.sqrt(np.einsum("ij,ij->i", d, d))))


def judge_slot(lab: np.ndarray, faces: Faces, x: float, y: float, r: float, empty_xs: Sequence[float],
               sign: Optional[int] = None) -> Optional[Slot]:
    """The slot near (x, y) judged against the face that fits it best (of colour ``sign`` only, when given); the
    empty board there as the same spot at ``empty_xs`` (same-coloured points with no disc there) shows it. None
    when too few such points are left or no face of that colour is known."""
    if len(empty_xs) < MIN_EMPTY_VIEWS:
        return None
    signs = [s for s in faces.faces if sign is None or s == sign]
    best: Optional[Slot] = None
    for dy in SHIFTS:
        for dx in SHIFTS:
            px, py = x + dx * r, y + dy * r
            here = patch(lab, px, py, faces.size)
            for s in signs:
                to_face = distance(here, faces.faces[s], faces.mask)
                if best is None or to_face < best.to_face:
                    best = Slot(s, px, py, to_face)
    if best is None:
        return None
    here = patch(lab, best.x, best.y, faces.size)
    # the empty views at the spot the face fits best (the same row: they shift with it); the nearest one, so a
    # view that holds an unseen checker itself cannot make the slot look unlike the empty board
    best.to_empty = min(distance(here, patch(lab, ex + (best.x - x), best.y, faces.size), faces.mask)
                        for ex in empty_xs)
    face = faces.faces[best.sign]
    face_mean, here_mean = face[faces.mask].mean(axis=0), here[faces.mask].mean(axis=0)
    best.shading = distance(here - here_mean, face - face_mean, faces.mask)
    best.own = distance(face - face_mean, np.zeros_like(face), faces.mask)
    best.tint = float(np.linalg.norm(face_mean - here_mean))
    return best
