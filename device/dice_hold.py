"""Dice that still lie where they were read: a die the reader misses in a later read of the same scene is kept
when the picture where it lay has not changed.

Why: the reader may miss a small die in one read and find it in the next (a 12 px white die on a cream field, one
lying on the board's printed name: judging game 15434, frames 116-155). The tracker takes dice that vanish from
a still board as dice lifted, so one such read ended a one-die roll with 'nothing moved', and the other die of the
same roll, found a few reads later, was called a roll made again ('unseen_die' re-roll, a false alarm). A lifted
die changes the pixels where it lay (the board shows through); a die the reader merely missed does not. So each
die of the roll being played (the tracker says where they lay) read with a face is remembered with the grey patch
round it, and a later read that lacks it gets it back for as long as that patch looks the same.

The die's own face must look the same too, not only the patch round it: judging game 31434 frame 444, a green die
lifted from the tan plate of the board's printed name, its grey near the plate's, left a 31 px patch whose plate
edges alone kept it 'the same' (correlation 0.92, difference 12.5 of a 13.2 bar), so the die was held after the
lift and the play's verdict waited ten frames for the next roll. The face's own square, where the die was and the
board now shows, changed plainly (correlation 0.68).
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import Optional

import cv2
import numpy as np

from vision.observation import DieReading, Observation

MIN_CONFIDENCE = 0.5  # a die is remembered only from a clean face (vision.dice_sure); a doubtful one is not held
MAX_REMEMBERED = 6  # dice remembered at most (the latest): a roll's two, and what the reader reads beside them
MAX_DICE = 2  # held dice fill a read up to the two dice of a roll, never beyond (a third die is the reader's)
SAME_CORRELATION = 0.9  # the patch's pixels against the remembered ones (after each patch's own mean)
SAME_DIFFERENCE = 0.25  # mean absolute grey difference, as a share of the remembered patch's spread...
SAME_DIFFERENCE_FLOOR = 4.0  # ...or this many grey levels, whichever is more (sensor noise on a flat patch)
PATCH_SIDES = 0.75  # the patch's half-width in die sides: the die and a rim of what it lies on
FACE_SIDES = 0.35  # the face's half-width in die sides: inside the die's top, clear of its edge


@dataclass
class _Held:
    die: DieReading
    patch: np.ndarray  # grey, float32, mean removed
    spread: float  # the patch's standard deviation
    box: tuple[int, int, int, int]  # x0, y0, x1, y1 in the image
    face: np.ndarray  # grey, float32, mean removed: the die's top alone
    face_spread: float
    face_box: tuple[int, int, int, int]


def _grey_patch(image: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    x0, y0, x1, y1 = box
    crop = image[y0:y1, x0:x1]
    if crop.ndim == 3:
        crop = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    return crop.astype(np.float32)


def _box(image: np.ndarray, center: list[float], half: int) -> Optional[tuple[int, int, int, int]]:
    x, y = int(round(float(center[0]))), int(round(float(center[1])))
    box = (x - half, y - half, x + half + 1, y + half + 1)
    if box[0] < 0 or box[1] < 0 or box[2] > image.shape[1] or box[3] > image.shape[0]:
        return None
    return box


def same_patch(held: np.ndarray, spread: float, now: np.ndarray) -> bool:
    """Whether ``now`` (grey) shows what ``held`` (grey, mean removed, standard deviation ``spread``) showed:
    the same structure (correlation) and little change (mean difference), brightness shifts forgiven. A patch of
    another size (the frame's size changed, its edge cut it) is no longer the same."""
    if now.shape != held.shape:
        return False
    now = now - now.mean()
    difference = float(np.abs(now - held).mean())
    if difference > max(SAME_DIFFERENCE_FLOOR, SAME_DIFFERENCE * spread):
        return False
    if spread < 1e-3:
        return float(now.std()) <= SAME_DIFFERENCE_FLOOR
    denominator = float(np.sqrt((held * held).sum() * (now * now).sum()))
    return denominator > 0 and float((held * now).sum()) / denominator >= SAME_CORRELATION


class DiceHold:
    """Remembers dice read with a face and gives back those a later read missed while their patch is unchanged."""

    def __init__(self) -> None:
        self.held: list[_Held] = []

    def apply(self, obs: Observation, image: Optional[np.ndarray], side_px: float,
              spots: Optional[list] = None) -> Observation:
        """``obs`` with the held dice it lacks (a copy when any is added), and the memory brought up to date:
        remembered dice whose patch changed are forgotten, dice read now with a clean face remembered.

        ``spots``: [value, x, y] of each die of the roll being played (the tracker's), or None when no roll is
        being played. Only dice of that roll are given back: a die-like pattern the reader finds now and then (a
        checker's print read as a two, judging game 21535 frame 168) given back for as long as it lies would hide
        the roll's dice being lifted. Every clean die is remembered, as the roll is taken from the reading that
        first shows it (the next read may already miss it)."""
        if image is None or not obs.board.found:
            self.held = []
            return obs
        half = max(4, int(round(PATCH_SIDES * side_px)))
        face_half = max(2, int(round(FACE_SIDES * side_px)))
        near = side_px
        self.held = [h for h in self.held if same_patch(h.patch, h.spread, _grey_patch(image, h.box))
                     and same_patch(h.face, h.face_spread, _grey_patch(image, h.face_box))]
        missing = [h.die for h in self.held if spots and on_spot(h.die, spots, near)
                   and not any(_near(d, h.die, near) for d in obs.dice)]
        out = obs
        if missing and len(obs.dice) < MAX_DICE:
            out = copy.copy(obs)
            out.dice = list(obs.dice) + missing[:MAX_DICE - len(obs.dice)]
            out.extra = {**obs.extra, "held_dice": len(out.dice) - len(obs.dice)}
        for d in obs.dice:
            if d.value is None or not d.flat or d.half is None or (d.confidence is not None
                                                                  and d.confidence < MIN_CONFIDENCE):
                continue
            box, face_box = _box(image, d.center, half), _box(image, d.center, face_half)
            if box is None or face_box is None:
                continue
            patch, face = _grey_patch(image, box), _grey_patch(image, face_box)
            patch -= patch.mean()
            face -= face.mean()
            self.held = [h for h in self.held if not _near(d, h.die, near)]
            self.held.append(_Held(d, patch, float(patch.std()), box, face, float(face.std()), face_box))
        self.held = self.held[-MAX_REMEMBERED:]
        return out


def on_spot(die: DieReading, spots: list, near: float) -> bool:
    """Whether ``die`` is read with the face of one of ``spots`` ([value, x, y]) within ``near`` px of it."""
    if die.value is None or die.center is None or len(die.center) != 2:
        return False
    x, y = float(die.center[0]), float(die.center[1])
    return any(v == die.value and (x - a) ** 2 + (y - b) ** 2 <= near ** 2 for v, a, b in spots)


def _near(a: DieReading, b: DieReading, near: float) -> bool:
    if a.center is None or b.center is None or len(a.center) != 2 or len(b.center) != 2:
        return False
    return math.hypot(float(a.center[0]) - float(b.center[0]), float(a.center[1]) - float(b.center[1])) <= near
