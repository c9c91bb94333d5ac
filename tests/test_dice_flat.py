"""Flatness against the board: the camera recovered from the board's homography, and side-face pips out of reach."""

from __future__ import annotations

import numpy as np
import pytest

from vision.dice_flat import camera_pose, local_jacobian, side_face_excess

SHAPE = (1080, 1920, 3)


def _camera(tilt_deg: float, f: float = 1400.0) -> tuple[np.ndarray, np.ndarray]:
    """Board (cm) -> image homography of a camera 70 cm above (25, 20) tilted about the board's x axis; its centre."""
    a = np.radians(tilt_deg)
    rot = np.array([[1, 0, 0], [0, np.cos(a), -np.sin(a)], [0, np.sin(a), np.cos(a)]])  # world -> camera
    centre = np.array([25.0, 20.0 - 70 * np.tan(a), -70.0])
    t = -rot @ centre
    k = np.array([[f, 0, (SHAPE[1] - 1) / 2], [0, f, (SHAPE[0] - 1) / 2], [0, 0, 1]])
    return k @ np.stack([rot[:, 0], rot[:, 1], t], axis=1), centre


@pytest.mark.parametrize("tilt", [8.0, 20.0])
def test_camera_pose_recovers_a_tilted_camera(tilt):
    h, centre = _camera(tilt)
    rot, t, f = camera_pose(h * 3.7, SHAPE)  # any scale of the homography
    assert abs(f - 1400.0) < 1.0
    assert np.allclose(-rot.T @ t, centre, atol=0.05)


def test_side_pips_beyond_a_flat_dies_reach_mean_a_tilted_die():
    h, _ = _camera(20.0)
    at = h @ np.array([30.0, 25.0, 1.0])
    c = at[:2] / at[2]
    jac = local_jacobian(h, c)
    edge_cm = 1.6
    edge_px = edge_cm * float(np.sqrt(abs(np.linalg.det(jac))))

    def pips(dist_cm):  # two side pips dist_cm from the face centre on the board, either way along x
        return np.array([c + jac @ np.array([dist_cm, 0.2]), c + jac @ np.array([dist_cm, -0.2])])

    near = side_face_excess(pips(0.9), c, edge_px, jac, h, SHAPE)  # on a side band this camera can show
    far = side_face_excess(pips(2.2), c, edge_px, jac, h, SHAPE)
    assert near < 0.1 < 0.4 < far
    assert side_face_excess(pips(2.2)[:1], c, edge_px, jac, h, SHAPE) == -np.inf  # one blob is no evidence


# ------------------------------------------------------------------------------------ the face's shape, the lens


from calibration.geometry import BoardGeometry, standard_layout  # noqa: E402
from calibration.intrinsics import Intrinsics  # noqa: E402
from vision.dice_flat import board_to_image, flat_on_board, judge_flat, plausible_tilt, tilted_face  # noqa: E402


def test_a_tilted_face_is_cocked_only_when_the_die_is_big_enough_to_measure_it():
    assert not tilted_face(0.99, 30.0)  # square: flat
    assert tilted_face(0.75, 30.0)  # a 40 degree lean on a 30 px die
    assert not tilted_face(0.75, 8.0)  # the same shape on an 8 px die is within the pips' noise
    assert tilted_face(0.80, 40.0) and not tilted_face(0.80, 12.0)
    assert not tilted_face(0.70, 12.0)  # pips of 2-3 px give no usable face shape


def test_a_face_squashed_beyond_any_lean_counts_only_with_its_pips_squashed_alike():
    assert plausible_tilt(0.8, 1.0)  # within a lean on a checker: the face's shape is enough
    assert plausible_tilt(0.5, 2.0)  # a die on its edge: long pips
    assert not plausible_tilt(0.5, 1.1)  # round pips: a layout fitted to the wrong pips
    assert judge_flat({"foreshortening": 0.5, "elongation": 1.1})
    assert not judge_flat({"foreshortening": 0.5, "elongation": 2.0})
    assert not judge_flat({"foreshortening": 0.7, "elongation": 1.2})
    assert judge_flat({"foreshortening": 0.9, "elongation": 1.1})  # within a camera's own slant
    assert judge_flat({"foreshortening": None, "elongation": 1.2})


def test_a_die_of_a_few_pixels_shows_no_tilt():
    """Pips of a pixel or two give no face shape: a flat 4 of 7 px (a rendered game at 540p) was called cocked."""
    squashed = {"foreshortening": 0.5, "elongation": 2.0}
    assert not judge_flat(squashed, 20.0)
    assert judge_flat(squashed, 7.0)


def _face_cues(h: np.ndarray, at_board: np.ndarray, squash: float, edge_cm: float = 1.6) -> tuple[dict, np.ndarray, float]:
    """Cues of a 4-pip face at ``at_board`` (cm) squashed along the board's x by ``squash`` (1 = lying flat)."""
    p = h @ np.array([at_board[0], at_board[1], 1.0])
    c = p[:2] / p[2]
    jac = local_jacobian(h, c)
    step = edge_cm / 4  # board cm per layout step
    affine = jac @ np.diag([step * squash, step])
    edge_px = edge_cm * float(np.sqrt(abs(np.linalg.det(jac))))
    return {"affine": affine, "side_xy": None, "foreshortening": None, "elongation": 1.0}, c, edge_px


@pytest.mark.parametrize("tilt", [0.0, 20.0])
def test_flat_on_board_undoes_the_cameras_perspective(tilt):
    h, _ = _camera(tilt)
    for where in ([5.0, 5.0], [45.0, 35.0]):
        cues, c, edge = _face_cues(h, np.array(where), 1.0)
        assert flat_on_board(cues, c, h, edge, SHAPE)
        cues, c, edge = _face_cues(h, np.array(where), 0.72)  # leaning ~44 degrees
        assert not flat_on_board(cues, c, h, edge, SHAPE)


@pytest.mark.parametrize("tilt", [0.0, 20.0])
def test_a_face_squashed_as_a_die_leaning_on_a_checker_is_cocked_when_the_die_is_large_enough(tilt):
    """A lean of 25 degrees leaves the upper face cos 25 = 0.9 of a square on the board: above tilted_face's bar
    (0.86 less the pips' noise), which called such dice flat (renders 10200-10299: forced cocked dice of 18 px or more
    measured 0.81-0.93, flat ones 0.949-1.0). A 32 px die squashed so in the image too is now cocked; a square one is
    not; nor the same squash on a 10 px die, within the pips' noise. (Square in the image: see
    test_a_face_square_in_the_image_leans_when_squashed_on_the_board_as_a_lean_squashes_it.)"""
    from vision.dice_flat import LEAN_FACE_EDGE_PX, leaning_face

    h, _ = _camera(tilt)
    for where in ([5.0, 5.0], [45.0, 35.0]):
        cues, c, edge = _face_cues(h, np.array(where), 0.9)
        assert edge >= LEAN_FACE_EDGE_PX
        assert flat_on_board(cues, c, h, edge, SHAPE)  # the image's squash unknown
        assert not flat_on_board(dict(cues, foreshortening=0.88), c, h, edge, SHAPE)
        square, c, edge = _face_cues(h, np.array(where), 0.97)
        assert flat_on_board(dict(square, foreshortening=0.88), c, h, edge, SHAPE)
        small, c_small, edge_small = _face_cues(h, np.array(where), 0.9, edge_cm=0.5)
        assert edge_small < LEAN_FACE_EDGE_PX
        assert flat_on_board(dict(small, foreshortening=0.88), c_small, h, edge_small, SHAPE)
    assert leaning_face(0.9, 30.0) and not leaning_face(0.95, 30.0) and not leaning_face(0.6, 30.0)


@pytest.mark.parametrize("tilt", [20.0, 35.0])
def test_a_face_square_in_the_image_leans_when_squashed_on_the_board_as_a_lean_squashes_it(tilt):
    """A die leaning towards the camera turns its face up to it: squashed 0.9 on the board (a 25 degree lean), it
    looks square in the image (0.97). Such dice were read flat (forced-cocked renders 10600-10699: seven leaning 4-6s
    of 21-36 px, 0.86-0.92 on the board, 0.92-0.98 in the image); now they are cocked. A face square in the image
    but squashed on the board past any lean on a checker (0.8: a found board's perspective that far off, render
    5369's flat 5 at 0.77, test_dice_found_board) stays flat, as does a square face."""
    from vision.dice_flat import LEAST_LEAN_ON_BOARD, lean_believed

    h, _ = _camera(tilt)
    for where in ([5.0, 5.0], [45.0, 35.0]):
        leaning, c, edge = _face_cues(h, np.array(where), 0.9)
        assert not flat_on_board(dict(leaning, foreshortening=0.97), c, h, edge, SHAPE)
        skewed, c, edge = _face_cues(h, np.array(where), 0.8)
        assert flat_on_board(dict(skewed, foreshortening=0.97), c, h, edge, SHAPE)
        assert not flat_on_board(dict(skewed, foreshortening=0.85), c, h, edge, SHAPE)  # squashed in the image too
        square, c, edge = _face_cues(h, np.array(where), 0.97)
        assert flat_on_board(dict(square, foreshortening=0.99), c, h, edge, SHAPE)
    assert lean_believed(0.9, 0.97) and not lean_believed(0.8, 0.97) and lean_believed(0.8, 0.85)
    assert not lean_believed(0.9, None) and lean_believed(LEAST_LEAN_ON_BOARD, 0.99)


def _geometry(intrinsics=None) -> BoardGeometry:
    corners = np.array([[300.0, 200.0], [1600.0, 230.0], [1650.0, 900.0], [260.0, 880.0]])
    size = (880, 480)
    return BoardGeometry.from_corners(corners, rect_size=size, image_size=(1920, 1080), intrinsics=intrinsics,
                                      **standard_layout(size, 0.06))


def test_board_to_image_is_the_inverse_homography_without_a_lens():
    geo = _geometry()
    h = board_to_image(geo)
    pts = np.array([[10.0, 20.0], [440.0, 240.0], [870.0, 470.0]])
    q = np.c_[pts, np.ones(3)] @ h.T
    assert np.allclose(q[:, :2] / q[:, 2:], geo.to_image(pts), atol=1e-6)


def test_board_to_image_follows_the_lens_over_the_board():
    k = np.array([[1500.0, 0, 959.5], [0, 1500.0, 539.5], [0, 0, 1]])
    geo = _geometry(Intrinsics(k, np.array([-0.25, 0.08, 0, 0, 0]), (1920, 1080)))
    h = board_to_image(geo)
    pts = np.array([[x, y] for x in np.linspace(40, 840, 5) for y in np.linspace(40, 440, 4)])
    q = np.c_[pts, np.ones(len(pts))] @ h.T
    err = np.linalg.norm(q[:, :2] / q[:, 2:] - geo.to_image(pts), axis=1)
    inverse = np.c_[pts, np.ones(len(pts))] @ np.linalg.inv(geo.homography).T
    err_inverse = np.linalg.norm(inverse[:, :2] / inverse[:, 2:] - geo.to_image(pts), axis=1)
    assert err.max() < 0.5 * err_inverse.max()  # closer to the distorted board than the undistorted homography


def _blue_die_beside_lettering() -> tuple[np.ndarray, tuple[float, float], float]:
    """A blue die's face (white pips) with a darker blue side face below it, on a white board with grey letters to
    its right: the image, the face's centre and its grid step."""
    import cv2

    img = np.full((120, 160, 3), 235, np.uint8)
    cv2.rectangle(img, (40, 40), (75, 75), (200, 90, 50), -1)  # upper face, BGR blue
    cv2.rectangle(img, (40, 76), (75, 84), (120, 55, 30), -1)  # side face in shade: darker, same hue
    for x in (90, 104, 118):  # lettering: grey strokes whose gaps look like light pips
        cv2.rectangle(img, (x, 50), (x + 8, 66), (110, 110, 110), -1)
    return img, (57.5, 57.5), 35.0 / 3.5


class _Spot:
    def __init__(self, x: float, y: float, diameter: float = 3.0) -> None:
        self.x, self.y, self.diameter = x, y, diameter


def test_a_side_pip_lies_on_the_dies_own_colour_and_lettering_beside_it_does_not():
    """SidePath: the path from the face to a side face's pip stays on the die's hue however shaded (so the cue
    keeps it); the gap between letters on the board beside the die is reached across white board (dropped)."""
    from vision.dice_flat import SidePath

    img, centre, step = _blue_die_beside_lettering()
    on_die = SidePath(img, (0.0, 0.0), np.array(centre), step, dark=False)
    assert on_die(_Spot(57.5, 80.0))  # on the shaded side face
    assert not on_die(_Spot(100.5, 58.0))  # between two letters, across the board
    assert not on_die(_Spot(57.5, 100.0))  # on the white board below the side face
    # the test reads colour only: the same scene in grey has one hue everywhere, and nothing is dropped
    grey = np.repeat(img.mean(axis=2, keepdims=True).astype(np.uint8), 3, axis=2)
    assert SidePath(grey, (0.0, 0.0), np.array(centre), step, dark=False)(_Spot(100.5, 58.0))


def test_a_face_squashed_beyond_any_lean_on_the_board_has_no_value():
    """steep_on_board: a 4+ pip face at 0.6 of its width after the board's perspective is undone is a die on its
    edge or a misfit layout; a flat or leaning face, a tiny die or a face without a layout is not judged so."""
    from vision.dice_flat import steep_on_board

    h, _ = _camera(20.0)
    for where in ([5.0, 5.0], [45.0, 35.0]):
        cues, c, edge = _face_cues(h, np.array(where), 1.0)
        assert not steep_on_board(cues, c, h, edge)
        cues, c, edge = _face_cues(h, np.array(where), 0.8)  # leaning ~37 degrees: a cocked die, its face readable
        assert not steep_on_board(cues, c, h, edge)
        cues, c, edge = _face_cues(h, np.array(where), 0.6)
        assert steep_on_board(cues, c, h, edge)
        assert not steep_on_board(cues, c, h, 10.0)  # a die of 10 px: its face's shape is noise
        assert not steep_on_board({**cues, "affine": None}, c, h, edge)  # a one, two or three: no face shape


def test_a_die_on_its_edge_is_not_read_as_the_face_it_shows_askew(monkeypatch):
    """A rendered die cocked on its edge (seed 1400, the roll's first die forced cocked) shows its 1 and a 5 about
    equally; its 5 was read (a wrong value). Now the die is reported without a value, and the other, flat die keeps
    its 1."""
    import math

    from tests.forced_cocked import read_forced_cocked

    still, dice, die_px = read_forced_cocked(monkeypatch, 1400, hands=False)
    cocked = next(d for d in still.label["dice"] if not d["flat"])
    flat = next(d for d in still.label["dice"] if d["flat"])
    on_edge = [d for d in dice if math.dist(d.center, cocked["center"]) < die_px]
    assert on_edge and all(d.value is None for d in on_edge)
    assert [(d.value, d.flat) for d in dice if math.dist(d.center, flat["center"]) < die_px] == [(1, True)]


@pytest.mark.parametrize("seed", [10222])
def test_a_rendered_die_leaning_on_a_checker_is_cocked_by_its_face_on_the_board(monkeypatch, seed):
    """Render 10222 (the roll's first die forced cocked: a 4 of 23 px; a flat 2 on the same half): the cocked 4's face
    measured 0.89 of a square through the board's homography and was read flat (tilted_face's bar is 0.86 less the
    pips' noise). Now leaning_face calls it cocked; the flat 2 stays flat with its value."""
    import math

    from tests.forced_cocked import read_forced_cocked

    still, dice, die_px = read_forced_cocked(monkeypatch, seed, hands=False)
    cocked = next(d for d in still.label["dice"] if not d["flat"])
    flat = next(d for d in still.label["dice"] if d["flat"])
    assert [(d.value, d.flat) for d in dice if math.dist(d.center, cocked["center"]) < die_px] == [(4, False)]
    assert [(d.value, d.flat) for d in dice if math.dist(d.center, flat["center"]) < die_px] == [(2, True)]


def _leaning_on_the_frame(seed: int, flat: bool = False):
    """The scene of render ``seed`` (device.sim) with its first die leaning on the frame wall nearest it, tilted as
    device.sim.generate.roll_dice tilts a cocked die (``flat``: lying flat beside that wall instead); the image and
    its label."""
    import math

    from device.sim.camera import random_camera
    from device.sim.generate import keep_on_field, random_scene
    from device.sim.labels import make_label
    from device.sim.render import Effects, build_stage, render_frame
    from device.sim.stills import board_outline

    rng = np.random.default_rng(seed)
    scene = random_scene(rng, seed, None, False)
    die, g = scene.dice[0], scene.geometry
    crng = np.random.default_rng(seed * 7 + 1)
    tilt = float(crng.uniform(0.3, 0.6)) * (1 if crng.random() < 0.5 else -1)
    side = 1.0 if die.x >= 0 else -1.0
    die.y = math.copysign(g.field_h / 2 - die.size * (0.75 if flat else 0.55), die.y)
    keep_on_field(g, die, side)
    die.cocked, die.tilt = not flat, 0.0 if flat else tilt
    cam = random_camera(rng, board_outline(scene), None, bool(rng.random() < 0.05))
    effects = Effects.random(rng)
    stage = build_stage(scene, cam, rng, effects)
    result = render_frame(stage, rng)
    return result.image, make_label(scene, cam, result.occluder, None)


def test_a_rendered_die_leaning_on_the_frame_towards_the_camera_is_cocked():
    """Render 10602's die, a 6 of 32 px, leaning on the far frame wall towards the camera: its face measured 0.91 of
    a square on the board but 0.96 in the image, and was read flat (the image's square face vetoed leaning_face).
    Now it is cocked, with its value; the same die lying flat beside the wall stays flat."""
    import math

    from vision.dice import find_dice
    from vision.dice_eval import _board_hints, _board_homography

    image, label = _leaning_on_the_frame(10602)
    mask, die_px = _board_hints(label, image.shape)
    dice = find_dice(image, mask=mask, die_size_px=die_px, board_to_image=_board_homography(label))
    cocked = next(d for d in label["dice"] if not d["flat"])
    assert [(d.value, d.flat) for d in dice if math.dist(d.center, cocked["center"]) < die_px] == [(6, False)]
    image, label = _leaning_on_the_frame(10602, flat=True)
    dice = find_dice(image, mask=mask, die_size_px=die_px, board_to_image=_board_homography(label))
    flat = label["dice"][0]
    assert flat["flat"] and [(d.value, d.flat) for d in dice if math.dist(d.center, flat["center"]) < die_px] == [(6, True)]
