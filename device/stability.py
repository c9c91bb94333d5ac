"""Seeing a still scene: a cheap motion gate, then acceptance of a reading only when two reads agree.

Reading a frame is the expensive step, so the gate decides which frames are worth reading: nothing is read while
something moves over the board (a hand, a rolling die), and once a still scene has been accepted, further frames
that look the same as the accepted one are not read again. A reading is passed on only when ``agree`` of the last
``agree + 1`` reads of still frames give the same content (checkers, dice, cube), so one misread frame never becomes
a verdict, and one misread frame between good ones does not hold a verdict back. A die of the roll being played
that a read misses while the picture where it lay is unchanged is given back to that read (device.dice_hold).
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass
from typing import Any, Callable, Optional

import numpy as np

from device.dice_hold import DiceHold
from vision.observation import Observation

THUMB_WIDTH = 160
LOOK_READS = 6  # reads of a still scene remembered once the tracker asked to look at it again


def thumbnail(image: np.ndarray, width: int = THUMB_WIDTH) -> np.ndarray:
    """A small grey image for motion checks; area averaging removes most sensor noise and JPEG blocks."""
    import cv2

    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    h, w = grey.shape[:2]
    if w > width:
        grey = cv2.resize(grey, (width, max(1, round(h * width / w))), interpolation=cv2.INTER_AREA)
    return grey.astype(np.int16)


@dataclass
class MotionGate:
    """Grey-thumbnail differences: ``level`` is the grey change that counts, ``pixels`` how many must change.

    At 160 px across a board, one checker covers about 60 thumbnail pixels and a die about 25, so the default of
    6 changed pixels notices a single die settling while ignoring noise.
    """

    level: int = 18
    pixels: int = 6

    def changed(self, a: Optional[np.ndarray], b: Optional[np.ndarray]) -> bool:
        if a is None:  # the very first frame: nothing moved yet
            return False
        if b is None or a.shape != b.shape:
            return True
        return int(np.count_nonzero(np.abs(a - b) > self.level)) >= self.pixels


SAME_DIE_PX = 12.0  # a die read this close to where it lay, with the same face, was not rolled again
DIE_EDGES_PER_BOARD = 33.0  # a die's edge is about this fraction of the board's long side (see die_side_px)


def die_side_px(obs: Observation) -> float:
    """How far a die read again may lie from where it lay and still be that die: about a die's side in the image
    (a die's edge is about a 33rd of the board's long side: 0.45 checker diameters, 15 checker widths along the
    board), never less than SAME_DIE_PX. Why: a fixed pixel limit is a fraction of a die on a large image and
    several dice on a small one; a re-rolled die lands anywhere on its half, rarely within a side of the old spot."""
    corners = obs.board.corners if obs.board.found else None
    if not corners or len(corners) != 4:
        return SAME_DIE_PX
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = corners
    long_side = max(math.hypot(bx - ax, by - ay) + math.hypot(cx - dx, cy - dy),
                    math.hypot(dx - ax, dy - ay) + math.hypot(cx - bx, cy - by)) / 2
    return max(SAME_DIE_PX, long_side / DIE_EDGES_PER_BOARD)


def dice_key(obs: Observation) -> tuple:
    """The dice of a reading as the stabiliser compares them: (value, flat, half) of each, in order."""
    return tuple(sorted(((d.value, bool(d.flat), d.half) for d in obs.dice), key=repr))


def reading_key(obs: Observation) -> tuple:
    """What must agree between two reads: counts, dice (value, flat, half) and the cube's value and side."""
    cube = None if obs.cube is None else (obs.cube.value, cube_side(obs))
    return (tuple(obs.points), tuple(sorted(obs.bar.items())), tuple(sorted(obs.off.items())), dice_key(obs), cube,
            obs.board.found, bool(obs_hands(obs)))


def obs_hands(obs: Observation) -> bool:
    """Whether the reading says a hand (or arm) is over the board: such a reading is accepted only as a small
    still occlusion (see ``small_still_cover``)."""
    for key in ("hands", "hand"):
        value = obs.extra.get(key)
        if value:
            return True
    return any("hand" in w.lower() for w in obs.warnings)


HAND_FEW_POINTS = 2  # points a "hand" may cover and its reading still be accepted, once the scene is still
HAND_STILL_FRAMES = 3  # still frames in a row before such a reading is accepted (a real hand rarely rests so)


def small_still_cover(obs: Observation, still: int) -> bool:
    """Whether a reading with a hand warning is a small still occlusion: the reader's own warning only (no hand
    flag), at most HAND_FEW_POINTS points left unseen (None), the scene still for HAND_STILL_FRAMES frames.

    Why: on a tilted view the reader can take one point's wood or checker for skin in every frame (render 1602,
    1280x720, tilt 24 degrees: point 18 "covered" in 99 reads of still frames). Never accepting such readings left
    the referee blind for four plays in a row. The covered points are read as unseen (None), never as a count, so
    the tracker weighs them as points it cannot see: no verdict rests on them."""
    if any(obs.extra.get(key) for key in ("hands", "hand")) or still < HAND_STILL_FRAMES:
        return False
    if not any("hand" in w.lower() for w in obs.warnings):
        return False
    return len(obs.points) == 24 and sum(1 for n in obs.points if n is None) <= HAND_FEW_POINTS


def cube_side(obs: Observation, margin: float = 0.18) -> Optional[str]:
    """Where the cube lies, as the image shows it: "top", "middle" (its home on the bar) or "bottom".

    Judged against the board's frame: within ``margin`` of the board's height from the middle line is "middle".
    """
    if obs.cube is None:
        return None
    corners = obs.board.corners
    y = float(obs.cube.center[1])
    if corners and len(corners) == 4:
        ys = [float(c[1]) for c in corners]
        top, bottom = (ys[0] + ys[1]) / 2, (ys[2] + ys[3]) / 2
    else:
        top, bottom = 0.0, 2 * y if y > 0 else 1.0
    height = max(1.0, bottom - top)
    middle = (top + bottom) / 2
    if abs(y - middle) <= margin * height:
        return "middle"
    return "top" if y < middle else "bottom"


@dataclass
class Accepted:
    """A reading accepted as the scene's state, with the frame that decided it."""

    observation: Observation
    frame: int
    t: float


class Stabiliser:
    """Decides which frames to read and which readings to accept.

    ``read(frame) -> Observation`` is the reader (vision, or the oracle's labels). ``step`` returns an
    :class:`Accepted` when this frame completes ``agree`` consecutive agreeing reads of a still scene whose
    content differs from the last accepted one (or whenever ``unsettle`` asked for a fresh look).
    """

    def __init__(self, read: Callable[[Any], Observation], agree: int = 2, still_frames: int = 1,
                 gate: Optional[MotionGate] = None, max_moving: int = 50, hold_dice: bool = True) -> None:
        self.read = read
        self.agree = max(1, agree)
        self.still_frames = max(1, still_frames)
        self.gate = gate or MotionGate()
        self.max_moving = max_moving  # after this many moving frames, read anyway (flicker, a noisy camera)
        self.prev_thumb: Optional[np.ndarray] = None
        self.settled_thumb: Optional[np.ndarray] = None
        self.still = 0
        self.moving = 0
        self.pending: Optional[tuple] = None
        self.pending_count = 0
        self.recent: list[tuple] = []  # keys of the last few reads of this still scene
        self.looking = False  # the tracker asked to look again at this still scene (see unsettle)
        self.dice_look: Any = False  # ... at its dice only: "same" or "faces" (see unsettle), False: not
        self.accepted_obs: Optional[Observation] = None  # the last reading passed on
        self.accepted_key: Optional[tuple] = None
        self.reads = 0
        self._prev: Any = None  # the last frame, kept to be read late when the next shows it was already still
        self._prev_read = False
        # a still scene after motion read exactly as the accepted one (a hand came and went, nothing changed as
        # read): set here, the referee decides whether to look once more (see Referee._same_after_motion)
        self.same_after_motion = False
        self._moved = False  # something moved since the last scene was accepted or found unchanged
        self.hold: Optional[DiceHold] = DiceHold() if hold_dice else None
        self.hold_spots: Optional[list] = None  # [value, x, y] of the roll being played's dice (set by the referee)

    def unsettle(self, fresh: bool = False, dice: Any = False) -> None:
        """Look again: the next read that agrees with the accepted one is passed on again (``fresh``: start the
        agreement over, e.g. after a correction from outside). ``dice``: the tracker asked about the dice only,
        and the next read is passed on at once with the accepted checkers (see ``_dice_looked``) when its dice are
        the accepted ones ("same": a re-roll read once, confirmed; a count flickering in the look made the
        noisy-reader test's re-roll four frames late), or lie where the accepted ones lay, faces free ("faces": a
        roll's die read again; g2703's one good read of a misread die, frame 738, was never agreed on before a
        hand came). Other reads are agreed on as usual."""
        self.settled_thumb = None
        self.accepted_key = None
        self.dice_look = dice if dice and not fresh and self.accepted_obs is not None else False
        if fresh or self.pending is None:
            self.pending, self.pending_count, self.recent = None, 0, []
            self.looking = False
        else:
            self.pending_count = self.agree - 1
            self.looking = True

    def look_once_more(self) -> None:
        """Read the next still frame although the picture looks as it did (the referee asked; the reader must then
        read it afresh too: Referee._fresh_look). The agreement so far stands."""
        self.settled_thumb = None

    def _motion(self, frame: Any) -> tuple[bool, Optional[np.ndarray]]:
        label = getattr(frame, "label", None)
        if label is not None and frame.image is None:  # oracle: the renderer says what moves
            return bool(label.get("moving") or label.get("hands")), None
        thumb = frame.thumb if getattr(frame, "thumb", None) is not None else thumbnail(frame.image)
        if thumb.dtype != np.int16:
            if thumb.shape[1] > THUMB_WIDTH:
                thumb = thumbnail(thumb)
            thumb = thumb.astype(np.int16)
        moving = self.gate.changed(self.prev_thumb, thumb)
        self.prev_thumb = thumb
        return moving, thumb

    def step(self, frame: Any) -> Optional[Accepted]:
        moving, thumb = self._motion(frame)
        prev, prev_read = self._prev, self._prev_read
        self._prev, self._prev_read = frame, False
        self.same_after_motion = False
        if moving:
            self._moved = True
            self.still = 0
            self.moving += 1
            # something moved: look again once it is still, even if the picture then seems unchanged (a cube
            # turned to its next face or a die turned over changes only a few thumbnail pixels)
            self.settled_thumb = None
            if self.moving < self.max_moving:
                self.pending, self.pending_count, self.recent = None, 0, []
                self.looking = False
                return None
            # moving for a long time (flicker, a noisy camera): read anyway, agreement still required
        else:
            self.still += 1
            self.moving = 0
            if self.still < self.still_frames:
                return None
            if (thumb is not None and self.settled_thumb is not None
                    and not self.gate.changed(self.settled_thumb, thumb)):
                return None  # same picture as the accepted scene: nothing to read
            if (prev is not None and not prev_read and self.pending_count == 0
                    and getattr(prev, "image", None) is not None):
                # the frame before looks the same as this one, so it already showed the still scene: read it
                # too, and a verdict comes one frame sooner
                self._take(self._read(prev))
        self._prev_read = True
        obs = self._read(frame)
        if not self._take(obs):
            looked = self._dice_looked(obs)
            if looked is not None:
                self.dice_look = False
                self.settled_thumb = thumb
                return Accepted(looked, frame.index, frame.t)
            return None
        if not obs.board.found or (obs_hands(obs) and not small_still_cover(obs, self.still)):
            return None
        self.pending_count = 0
        self.settled_thumb = thumb
        key = self.pending
        if key == self.accepted_key:
            self.same_after_motion, self._moved = self._moved, False
            return None
        self._moved = False
        self.accepted_key = key
        self.accepted_obs, self.dice_look = obs, False
        return Accepted(obs, frame.index, frame.t)

    def _read(self, frame: Any) -> Observation:
        """The reader's reading of ``frame``, with the dice it missed that still lie as they were read (see
        device.dice_hold: a die missed in one read of a still board must not pass for a die lifted)."""
        obs = self.read(frame)
        if self.hold is None:
            return obs
        return self.hold.apply(obs, getattr(frame, "image", None), die_side_px(obs), self.hold_spots)

    def _dice_looked(self, obs: Observation) -> Optional[Observation]:
        """In a look at the dice only: the accepted reading with this read's dice, when every die read lies where a
        die of the accepted reading lay (its face may differ: that is what the look is for), marked
        ``extra["dice_look"]``; else None. A read
        with no dice, or a die elsewhere, is agreed on as usual (a look missing both dice must not pass for the
        dice lifted). The checkers stay as agreed: a count flickering in this read is no evidence."""
        held = self.accepted_obs
        if not self.dice_look or held is None or not obs.board.found or not obs.dice:
            return None
        if self.dice_look == "same":
            return copy.copy(held) if dice_key(obs) == dice_key(held) else None
        near = die_side_px(held)
        spots = [d.center for d in held.dice if d.center is not None and len(d.center) == 2]
        for d in obs.dice:
            if d.center is None or len(d.center) != 2 or not any(
                    math.hypot(float(d.center[0]) - float(x), float(d.center[1]) - float(y)) <= near for x, y in spots):
                return None
        looked = copy.copy(held)
        looked.dice = list(obs.dice)
        looked.extra = {**held.extra, "dice_look": True}  # the tracker takes only the dice from it
        return looked

    def _take(self, obs: Observation) -> bool:
        """Count one read; True when it completes ``agree`` consecutive agreeing reads."""
        self.reads += 1
        key = reading_key(obs)
        # while looking again at a still scene, its earlier reads count too: a reading that most reads of the
        # scene agree on is passed on (the noisy-reader test: a die read, missed twice, read again, where the
        # last three reads alone agree on nothing). Otherwise the last agree + 1 reads
        keep = LOOK_READS if self.looking else self.agree + 1
        self.recent = (self.recent + [key])[-keep:]
        if key == self.pending:
            self.pending_count += 1
        else:
            # one odd read between agreeing ones (a point miscounted once, a die missed in one frame) does not
            # start the agreement over: the reads of the still scene before it still count
            count = sum(1 for k in self.recent if k == key)
            if self.accepted_key is not None and self.accepted_key in self.recent[:-1]:
                count = 1  # flipping between the accepted reading and another: the other needs reads in a row
            self.pending, self.pending_count = key, count
        return self.pending_count >= self.agree
