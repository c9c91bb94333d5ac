"""A cocked die read as two faces side by side is cocked; a flat die showing a side face stays flat.

Renders with fixed seeds (device.sim), read with the board homography taken from the label's playing area (no
board finding: the flatness cues need only the board plane). Seed 16023: a die leaning on the frame shows its
upper 3 and a side 5 turned away from the camera (before vision.dice_two_faces both were called flat, a missed
re-roll). Seed 1672: two flat 4s, one with a side 2 in view towards the camera: neither may be called cocked
(a false re-roll).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from device.sim.stills import render_still
from vision.dice import find_dice


def _read(seed: int):
    """The still's label and the dice read on its playing area at the board's die guess, with its homography."""
    still = render_still(seed)
    g = still.scene.geometry
    area = np.array(still.label["playing_area"], np.float32)
    width, height = 2 * g.field_x, g.field_h  # the playing area in board cm
    board = cv2.getPerspectiveTransform(np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32),
                                        area)
    mask = np.zeros(still.image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(area).astype(np.int32), 255)
    ends = cv2.perspectiveTransform(np.array([[[width / 2 - g.checker_d / 2, height / 2],
                                               [width / 2 + g.checker_d / 2, height / 2]]], np.float32), board)[0]
    die_px = 0.45 * float(np.linalg.norm(ends[1] - ends[0]))
    return still.label, find_dice(still.image, mask=mask, die_size_px=die_px, board_to_image=board)


def _nearest(dice, centre):
    return min(dice, key=lambda d: math.dist(d.center, centre))


def test_die_leaning_on_the_frame_with_a_side_face_turned_up_is_cocked():
    label, dice = _read(16023)
    cocked = next(d for d in label["dice"] if d["flat"] is False)
    flat = next(d for d in label["dice"] if d["flat"] is True)
    got = _nearest(dice, cocked["center"])
    assert math.dist(got.center, cocked["center"]) < 30 and not got.flat
    other = _nearest(dice, flat["center"])
    assert other.flat and other.value == flat["value"]


def test_flat_dice_showing_a_side_face_stay_flat():
    label, dice = _read(1672)
    assert all(d["flat"] for d in label["dice"])
    assert dice and all(d.flat for d in dice)
    for want in label["dice"]:
        assert _nearest(dice, want["center"]).value == want["value"]
