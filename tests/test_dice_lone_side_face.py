"""A flat die's side face read alone, its upper face unread, is no die value and no tilt (vision.dice_two_faces.
lone_side_face).

Why: a camera 20-35 degrees off vertical shows a flat die's side face, shaded and squashed, beside its upper face.
When only the side face was read, the reader reported it as the die: in a rendered game (seed 71501, 1280x720, a
wide lens 55 cm above the board) a flat 2 with its side 4 read as a squashed 4 and called cocked (a false re-roll),
and a flat 1 with its side 3 read as a 3, so a legal 1-1 was called "do not match the roll 3-1" (a false illegal
play). Here the two frames are rendered again from the game's script (the same scene and camera), the board locked
on the starting position as the referee locks it, and the dice read as the referee reads them.
"""

from __future__ import annotations

import numpy as np
import pytest

from device.pipeline import recording_lens
from device.sim.game import run_game
from device.sim.render import render_frame
from device.sim.video import film_game
from vision.dice import FaceCandidate
from vision.dice_two_faces import lone_side_face
from vision.reader import Reader
from tests.test_dice_flat_side_face import _camera_homography

SEED = 71501
FRAMES = (0, 921, 961)  # the start; dark's flat 5-2 (the 2 at about (251, 340)); light's flat 1-1


@pytest.fixture(scope="module")
def reads():
    video = film_game(SEED, 24, 0.15, 0.15, (1280, 720))
    states = {}
    for index, state in enumerate(run_game(video.director, video.options)):
        if index in FRAMES:
            states[index] = state
        if index >= max(FRAMES):
            break
    images = {i: render_frame(video.stage, np.random.default_rng([SEED, 7, i]), video.frame_scene(s)).image
              for i, s in states.items()}
    reader = Reader(intrinsics=recording_lens(video.info()), cap_doubted_outline=False)
    reader.read(images[0])
    assert reader.lock()
    out = {}
    for i in FRAMES[1:]:
        reader.forget()
        out[i] = reader.read(images[i]).dice
    return out


def _near(dice, x, y, reach=20.0):
    return [d for d in dice if abs(d.center[0] - x) < reach and abs(d.center[1] - y) < reach]


def test_a_flat_two_with_its_side_four_read_alone_is_not_called_cocked(reads):
    dice = reads[921]
    two = _near(dice, 251, 340)
    assert two and all(d.flat for d in two)  # never cocked
    assert all(d.value in (None, 2) for d in two)  # the side face's 4 is not the die's value
    five = _near(dice, 268, 394)
    assert [d.value for d in five] == [5] and five[0].flat  # the other die of the roll is read as before


def test_a_flat_one_with_its_side_three_read_alone_is_not_a_three(reads):
    dice = reads[961]
    one = _near(dice, 883, 322)
    assert one and all(d.value in (None, 1) for d in one) and all(d.flat for d in one)
    other = _near(dice, 621, 378)
    assert [d.value for d in other] == [1]


def _at(h: np.ndarray, xy) -> np.ndarray:
    p = h @ np.array([xy[0], xy[1], 1.0])
    return p[:2] / p[2]


def _lone(way: float, squash: float = 0.6, elongation: float = 1.5, others=()) -> bool:
    """A 4 at the board's origin with a stronger pip 0.7 cm from it, ``way`` -1: away from the camera (which
    stands at y = -60), +1: towards it."""
    h = _camera_homography()
    c = _at(h, (0.0, 0.0))
    pip = _at(h, (0.0, -0.7 * way))
    size = 14.0
    face = FaceCandidate(4, 0.95, c, size, False, 4, elongation, np.array([c + (k - 2) * 2.0 for k in range(4)]),
                         2.0, {"foreshortening": squash, "beside_xy": pip.reshape(1, 2)}, False)
    return lone_side_face(face, [face, *others], h, (720, 1280))


def test_the_stronger_pips_away_from_the_camera_make_a_side_face():
    assert _lone(-1)


def test_the_stronger_pips_towards_the_camera_do_not():
    # a cocked die leaning away shows its squashed upper face beyond the face turned up to the camera
    assert not _lone(+1)


def test_a_square_face_or_round_pips_are_no_side_face():
    assert not _lone(-1, squash=0.9)
    assert not _lone(-1, elongation=1.05)


def test_pips_of_another_face_read_are_no_unread_upper_face():
    h = _camera_homography()
    pip = _at(h, (0.0, 0.7))
    other = FaceCandidate(2, 0.9, pip, 14.0, True, 2, 1.1, pip.reshape(1, 2), 2.0, {}, False)
    assert not _lone(-1, others=(other,))
