"""The lens's bend fitted to the board's own edges: a known k1 comes back, a straight lens stays straight, and a
board seen through a strongly bowing lens has its points where they are."""

import numpy as np
import pytest
import cv2

from calibration.geometry import BoardGeometry
from vision.board import find_board
from vision.board_lens import distort, estimate_lens, nominal_camera, undistort
from vision.board_synth import SynthStyle, bend, draw_top_down, place

cv2.setNumThreads(1)
K1_TOLERANCE = 0.04  # k1 of the nominal camera: ~0.6 px at the middle of a 1280 px frame's board side


def _board(seed: int = 2):
    style = SynthStyle()
    top, layout = draw_top_down(None, style)
    return place(top, layout, turn_deg=6.0, tilt=0.1, fill=0.8, style=style, seed=seed)


def test_distort_and_undistort_are_inverse():
    K = nominal_camera((1280, 960))
    pts = np.array([[10.0, 20.0], [640.0, 480.0], [1270.0, 950.0]])
    for k1 in (-0.3, 0.0, 0.2):
        assert np.abs(distort(undistort(pts, k1, K), k1, K) - pts).max() < 1e-6


@pytest.mark.parametrize("k1", [-0.3, -0.15, 0.15])
def test_a_known_bend_comes_back_from_the_frame_edges(k1):
    board = bend(_board(), k1)
    est = estimate_lens(board.image, board.corners, board.playing_area)
    assert est.clear, est
    assert abs(est.k1 - k1) <= K1_TOLERANCE, est
    lens = est.intrinsics()
    assert lens is not None and lens.estimated
    # the corners where the fitted curves meet lie on the true corners
    assert np.linalg.norm(est.corners - board.corners, axis=1).max() < 3.0


def test_a_straight_lens_stays_straight():
    board = _board()
    est = estimate_lens(board.image, board.corners, board.playing_area)
    assert est.k1 == 0.0 and est.intrinsics() is None, est
    assert abs(est.fitted_k1) <= K1_TOLERANCE


def test_points_under_a_strongly_bowing_lens_are_where_they_are():
    """Through a strong barrel lens the four-corner homography puts middle points off; the estimated lens puts
    every point base within a fifth of a point width of the truth."""
    board = bend(_board(seed=4), -0.3)
    geo = find_board(board.image)
    assert geo.intrinsics is not None and geo.intrinsics.estimated
    pw = np.linalg.norm(np.array(board.point_bases[1]) - np.array(board.point_bases[2]))
    err = np.array([np.linalg.norm(geo.to_image(np.array([geo.point_base(p)]))[0] - board.point_bases[p])
                    for p in range(1, 25)])
    assert err.max() < 0.2 * pw, err.round(1)
    again = BoardGeometry.from_dict(geo.to_dict())
    assert again.intrinsics is not None and again.intrinsics.estimated
    assert np.allclose(again.to_image(np.array([geo.point_base(7)])), geo.to_image(np.array([geo.point_base(7)])))


def test_a_render_through_a_wide_lens_has_its_corners_and_points_in_place():
    """A simulated Pi camera with barrel distortion (render seed 4156): the frame's corners land on the label's and
    every point base where a geometry built through the camera's true lens puts it."""
    from calibration.intrinsics import Intrinsics
    from device.sim.stills import render_still
    from vision.board import geometry_from_corners

    still = render_still(4156)
    cam, truth = still.label["camera"], np.array(still.label["board"]["corners"], float)
    true_lens = Intrinsics(np.array(cam["K"], float), np.array(cam["dist"], float), (cam["width"], cam["height"]))
    assert cam["dist"][0] < -0.05  # the scene is what the test is about: a clearly bowing lens
    geo = find_board(still.image)
    assert geo.intrinsics is not None and geo.intrinsics.estimated and geo.intrinsics.dist[0] < 0
    assert np.linalg.norm(geo.corners - truth, axis=1).max() < 4.0
    ref = geometry_from_corners(still.image, truth, true_lens, orient=False)
    pw = ref.point_width(1)
    err = [np.linalg.norm(geo.to_image(np.array([geo.point_base(p)]))[0] - ref.to_image(np.array([ref.point_base(p)]))[0])
           for p in range(1, 25)]
    assert max(err) < 0.1 * pw, np.round(err, 1)
