"""The board's size says how sure it is (issue 3): a bound from what it rests on, narrower when the user gives
the frame's height and the camera's intrinsics, and holding the true size in synthetic views."""

import numpy as np
import pytest

from calibration.intrinsics import Intrinsics
from calibration.size import Marker, measure_board

W, H = 1920, 1080
F = 1550.0


def _view(frame_height: float, tilt: float):
    """Board 70 x 52 cm, its frame top ``frame_height`` above the table, a 6 cm marker beside it, 110 cm away."""
    import cv2

    K = np.array([[F, 0, W / 2], [0, F, H / 2], [0, 0, 1.0]])
    rvec, tvec = np.array([tilt, -0.04, 0.02]), np.array([0.0, 0.0, 110.0])
    z = -frame_height
    board = np.array([[-35, -26, z], [35, -26, z], [35, 26, z], [-35, 26, z]], float)
    marker = np.array([[42, -3, 0], [48, -3, 0], [48, 3, 0], [42, 3, 0]], float)
    bc = cv2.projectPoints(board, rvec, tvec, K, np.zeros(5))[0].reshape(-1, 2)
    mc = cv2.projectPoints(marker, rvec, tvec, K, np.zeros(5))[0].reshape(-1, 2)
    return bc, Marker(1, mc), Intrinsics(K, np.zeros(5), (W, H))


@pytest.mark.parametrize("frame_height, tilt", [(3.4, 0.0), (1.7, 0.25)])
def test_the_bound_holds_the_true_size_and_narrows_with_what_the_user_gives(frame_height, tilt):
    bc, mk, intr = _view(frame_height, tilt)
    long_cm, _, guessed = measure_board(bc, mk, 6.0, image_size=(W, H))
    assert abs(long_cm - 70.0) <= guessed.within_cm(long_cm)
    long_i, _, known = measure_board(bc, mk, 6.0, intr, frame_height_cm=frame_height)
    assert long_i == pytest.approx(70.0, abs=0.2)
    assert known.within_cm(long_i) < 0.7 * guessed.within_cm(long_cm) and known.within_cm(long_i) < 1.0
    assert known.to_dict()["spread"] == pytest.approx(known.spread, abs=1e-4)
