"""A small die's upper face grouped with its side face's fainter pips is read from its strong pips alone
(vision.dice_strong_core, in vision.dice._faces_in_group).

Why: in a rendered game (seed 100026, 960x540, red dice of ~15 px, a camera 16.5 degrees off vertical) a flat 2's
two pips were grouped with two or three fainter pips of its side face; the group failed the contrast-spread test and
the 2 went unread, or one of its pips was read as a one (a 2-5 read as 1-5). Here such frames are rendered again from
the game's script and read by a fresh reader through the camera's lens, as `bgref eval --lens` reads a still.
"""

from __future__ import annotations

import numpy as np
import pytest

from device.pipeline import recording_lens
from device.sim.game import run_game
from device.sim.render import render_frame
from device.sim.video import film_game
from vision.dice_strong_core import CORE_GAP, rest_off_face, strong_core
from vision.reader import Reader

SEED = 100026
# frame: the labelled dice (value, centre). Without the strong core, each frame's 2 went unread (157) or one of its
# pips was read as a one (364, 382: a 2-5 read as 1-5)
FRAMES = {157: [(2, (380.5, 277.0)), (2, (399.5, 256.9))], 364: [(2, (410.8, 265.1)), (5, (440.7, 271.3))],
          382: [(2, (410.8, 265.1)), (5, (440.7, 271.3))]}


@pytest.fixture(scope="module")
def reads():
    video = film_game(SEED, 24, 0.15, 0.15, (960, 540))
    lens = recording_lens(video.info())
    out = {}
    for index, state in enumerate(run_game(video.director, video.options)):
        if index in FRAMES:
            image = render_frame(video.stage, np.random.default_rng([SEED, 7, index]), video.frame_scene(state)).image
            out[index] = Reader(intrinsics=lens).read(image).dice
        if index >= max(FRAMES):
            break
    return out


@pytest.mark.parametrize("frame", sorted(FRAMES))
def test_a_small_flat_two_beside_its_side_face_is_read(reads, frame):
    dice = reads[frame]
    for value, (x, y) in FRAMES[frame]:
        near = [d for d in dice if np.hypot(d.center[0] - x, d.center[1] - y) < 6]
        assert [d.value for d in near] == [value], (frame, value, [(d.value, d.center) for d in dice])
        assert near[0].flat
    assert len(dice) == 2  # nothing else on the board is read as a die


def test_the_core_is_the_pips_above_a_large_step_in_contrast():
    assert strong_core([93, 145, 72, 149, 90]).tolist() == [1, 3]  # a 2 and three side pips (game 100026)
    assert strong_core([164, 161, 104, 161, 152, 159]).tolist() == [0, 1, 3, 4, 5]  # a 5 and one side pip
    assert strong_core([163, 70, 138, 100]).tolist() == [0, 2]  # side pips spread too: not the largest step (1.43)
    assert strong_core([132, 142, 144, 152]) is None  # one face's pips: no step
    assert strong_core([150, 100, 95]) is None  # the largest step leaves a core of one
    assert strong_core([150, 150 / (CORE_GAP - 0.05), 150 / (CORE_GAP - 0.05) ** 2]) is None  # no step large enough
    assert strong_core([150, 100, 60, 58]) is None  # a core spread too widely to be one ink (150 against 100)
    assert strong_core([150, 145]) is None  # a pair has no core to part


def test_fainter_pips_on_the_face_keep_it_whole():
    """The core of a larger face seen faint in part: the fainter pips lie on its face, so no smaller face is read."""
    centre, affine = np.array([50.0, 50.0]), np.eye(2) * 4.0  # grid steps of 4 px
    side = np.array([[50.0 + 2.3 * 4, 50.0], [50.0 + 2.2 * 4, 54.0]])  # beside the face (2.2-2.3 steps out)
    on_face = np.array([[50.0 - 4.0, 50.0], [50.0, 50.0 + 4.0]])  # a 6's or a 4's own places (1 step out)
    assert rest_off_face(centre, affine, side)
    assert not rest_off_face(centre, affine, on_face)
    assert not rest_off_face(centre, affine, np.vstack([side, on_face[:1]]))
