"""No die is read where the reader found the doubling cube (vision.reader.off_the_cube): a small cube's number
blurs into one blob, and the dice reader counts it as a die showing 1."""

from __future__ import annotations

import cv2
import numpy as np

from calibration.geometry import BoardGeometry, standard_layout
from vision.observation import CubeReading, DieReading
from vision.reader import CUBE_GAP, Reader, off_the_cube


def _geometry() -> BoardGeometry:
    corners = np.array([[300.0, 200.0], [1600.0, 230.0], [1650.0, 900.0], [260.0, 880.0]])
    size = (880, 480)
    return BoardGeometry.from_corners(corners, rect_size=size, image_size=(1920, 1080), **standard_layout(size, 0.06))


def test_a_reading_on_the_cube_goes_and_a_die_beside_it_stays():
    cube = CubeReading(4, [500.0, 400.0])
    on = DieReading(1, True, [501.0, 399.0], "right")
    beside = DieReading(3, True, [500.0 + 20.0, 400.0], "right")  # a die edge away: touching the cube
    far = DieReading(5, True, [200.0, 300.0], "left")
    assert off_the_cube([on, beside, far], cube.center, 20.0) == [beside, far]
    assert off_the_cube([on, beside, far], None, 20.0) == [on, beside, far]  # no cube read: nothing to rule out
    assert CUBE_GAP * 20.0 < 20.0  # two touching dice-sized things lie a die edge apart


def test_the_cube_read_before_the_roll_rules_out_a_die_at_its_place(monkeypatch):
    """While dice lie the cube is not read again (its last reading stands): that reading's place still rules out
    a die read there, on the field search and on the wide one that a lone die on the field starts."""
    import vision.dice

    geo = _geometry()
    reader = Reader(geo, fast_path=False, incremental=False)
    monkeypatch.setattr(Reader, "_board", lambda self, image, warnings: geo)
    cube_at = [950.0, 860.0]  # on the bar by the near frame
    cubes = iter([CubeReading(4, cube_at)])
    monkeypatch.setattr(Reader, "_cube", lambda self, image, g: next(cubes))
    real_die = DieReading(6, True, [700.0, 500.0])
    frames = iter([[], [real_die, DieReading(1, True, [cube_at[0] + 0.5, cube_at[1] + 1.0])]])
    seen = []

    def find_dice(image, mask=None, die_size_px=None, board_to_image=None, memory=None):
        seen.append(die_size_px)
        return [DieReading(d.value, d.flat, list(d.center)) for d in frame]

    monkeypatch.setattr(vision.dice, "find_dice", find_dice)
    image = np.full((1080, 1920, 3), 120, np.uint8)
    frame = next(frames)
    assert reader.read(image).cube.value == 4  # no dice: the cube is read
    frame = next(frames)
    obs = reader.read(image)
    assert obs.cube.value == 4 and obs.cube.center == cube_at  # kept under the dice
    assert [(d.value, d.center) for d in obs.dice] == [(6, real_die.center)]


def test_a_cube_missed_on_a_fresh_read_still_rules_out_a_die_where_it_was_found_on_the_same_board(monkeypatch):
    """A first read after ``forget`` reads the cube again and may miss it (render 48014 frame 532: a 15 px cube
    missed, read as a die showing 1); where it was last found on the same geometry still rules out a die, on
    another geometry (another board, another view) it does not."""
    import vision.dice

    geo, other = _geometry(), _geometry()
    boards = iter([geo, geo, other])
    reader = Reader(geo, fast_path=False, incremental=False)
    monkeypatch.setattr(Reader, "_board", lambda self, image, warnings: next(boards))
    cube_at = [950.0, 860.0]
    cubes = iter([CubeReading(4, cube_at), None, None])
    monkeypatch.setattr(Reader, "_cube", lambda self, image, g: next(cubes))
    real_die = DieReading(6, True, [700.0, 500.0])
    frames = iter([[], [real_die, DieReading(1, True, [cube_at[0] + 0.5, cube_at[1] + 1.0])]])

    def find_dice(image, mask=None, die_size_px=None, board_to_image=None, memory=None):
        return [DieReading(d.value, d.flat, list(d.center)) for d in frame]

    monkeypatch.setattr(vision.dice, "find_dice", find_dice)
    image = np.full((1080, 1920, 3), 120, np.uint8)
    frame = next(frames)
    assert reader.read(image).cube.value == 4
    frame = next(frames)
    reader.forget()
    obs = reader.read(image)
    assert obs.cube is None  # the cube as read on this frame: missed
    assert [(d.value, d.center) for d in obs.dice] == [(6, real_die.center)]
    reader.forget()
    assert len(reader.read(image).dice) == 2  # another geometry: the old place says nothing there


def test_render_48014_frame_889_the_red_cube_on_the_bar_is_no_die_showing_1():
    # helper six25's render (game seed 48014 at 960x540, frame 889): a red cube showing 4 on the bar by the near
    # frame, 15 px wide; a lone 6 on the field starts the wide search, which read the cube as a die showing 1
    from device.sim.game import run_game
    from device.sim.render import render_frame
    from device.sim.video import film_game

    cv2.setNumThreads(1)
    video = film_game(48014, plays=24, illegal_rate=0.15, incident_rate=0.15, size=(960, 540))
    state = next(fs for k, fs in enumerate(run_game(video.director, video.options)) if k == 889)
    scene = video.frame_scene(state)
    assert scene.cube is not None and scene.cube.value == 4 and len(scene.dice) == 2
    image = render_frame(video.stage, np.random.default_rng([48014, 7]), scene).image
    obs = Reader().read(image)
    assert obs.cube is not None and obs.cube.value == 4
    cx, cy = obs.cube.center
    assert not [d for d in obs.dice if np.hypot(d.center[0] - cx, d.center[1] - cy) < 15.0], obs.dice
