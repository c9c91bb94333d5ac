"""Undistorting a wide lens's points exactly (calibration.intrinsics, ``exact=True``, what the board's size is
measured through): OpenCV's default of 5 steps left a board corner of render 6690 (k1 -0.22, k2 -0.025 at
f = 0.49 image widths) 3 px short of its ideal place."""

import numpy as np

from calibration.intrinsics import Intrinsics


def test_a_wide_lens_undistorts_to_where_it_distorts_from():
    # render 6690's camera and the outer corners of its board
    K = np.array([[1128.63, 0.0, 1183.503], [0.0, 1128.63, 639.722], [0.0, 0.0, 1.0]])
    lens = Intrinsics(K, np.array([-0.21653, -0.02459, 0.00018, 0.00115, 0.0]), (2304, 1296))
    seen = np.array([[552.9, 122.3], [1768.2, 276.1], [1687.7, 1156.4], [462.0, 1063.3]])
    assert np.abs(lens.distort_points(lens.undistort_points(seen, exact=True)) - seen).max() < 0.01
