"""Undistorting a wide lens's points to convergence (calibration.intrinsics): OpenCV's default of 5 steps left a
board corner of render 6690 (k1 -0.22, k2 -0.025 at f = 0.49 image widths) 3 px short of its ideal place, and one of
render game 31434 (f = 0.29 image widths: 120 degrees across, wider than a Pi Camera Module 3 Wide) 127 px short,
which sheared the board's homography: one half's points were read a point off and the referee never saw the starting position."""

import numpy as np
import pytest

from calibration.geometry import BoardGeometry, homography_for
from calibration.intrinsics import Intrinsics

# render game 31434's camera (1280x720) and the outer corners of its board in frame 5 (labels)
WIDE = Intrinsics(np.array([[373.983, 0.0, 629.92], [0.0, 373.983, 344.523], [0.0, 0.0, 1.0]]),
                  np.array([-0.06768, 0.09381, -0.00225, 0.0002, 0.0]), (1280, 720))
WIDE_CORNERS = np.array([[451.9, 184.2], [938.7, 64.5], [1254.2, 611.1], [413.7, 571.5]])


@pytest.mark.parametrize("lens, seen", [
    # render 6690's camera and the outer corners of its board
    (Intrinsics(np.array([[1128.63, 0.0, 1183.503], [0.0, 1128.63, 639.722], [0.0, 0.0, 1.0]]),
                np.array([-0.21653, -0.02459, 0.00018, 0.00115, 0.0]), (2304, 1296)),
     np.array([[552.9, 122.3], [1768.2, 276.1], [1687.7, 1156.4], [462.0, 1063.3]])),
    (WIDE, WIDE_CORNERS),
])
def test_a_wide_lens_undistorts_to_where_it_distorts_from(lens, seen):
    assert np.abs(lens.distort_points(lens.undistort_points(seen)) - seen).max() < 0.01


def test_the_board_homography_of_a_very_wide_lens_puts_the_corners_on_the_view_corners():
    # the rectified view's corners must map back onto the board's corners as seen (the homography is found in
    # the undistorted image; a corner undistorted short of its place sheared the whole view)
    size = (880, 708)
    H = homography_for(WIDE_CORNERS, size, WIDE)
    geo = BoardGeometry(WIDE_CORNERS, H, size, (0, 0, 1, 1), (0, 0, 1, 1), (0, 0, 1, 1), (0, 0, 1, 1),
                        intrinsics=WIDE)
    back = geo.to_image(np.array([[0.0, 0.0], [880.0, 0.0], [880.0, 708.0], [0.0, 708.0]]))
    assert np.abs(back - WIDE_CORNERS).max() < 0.05
