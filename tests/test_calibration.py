"""Calibration without images: geometry numbering and mapping, the calibration file, seating from the starting
position, board size from a marker, camera intrinsics from synthetic chessboard photos."""

import json

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calibration.calibfile import Calibration, CalibrationFileError, ColourModel
from calibration.errors import CalibrationError
from calibration.geometry import BoardGeometry, landscape_corners, standard_layout
from calibration.intrinsics import (Intrinsics, IntrinsicsError, calibrate, find_chessboard_views, load_intrinsics,
                                    save_intrinsics)
from calibration.size import Marker, is_tournament_size, size_from_marker, true_aspect
from calibration.start import match_start, start_counts

K = np.array([[900.0, 0, 640], [0, 900.0, 360], [0, 0, 1]])
DIST = np.array([-0.12, 0.05, 0.0, 0.0, 0.0])


def _geometry(intrinsics=None) -> BoardGeometry:
    corners = np.array([[300, 150], [1000, 170], [1050, 650], [250, 620]], float)
    lay = standard_layout((880, 660), tray_frac=0.05)
    return BoardGeometry.from_corners(corners, lay["playing_area"], lay["bar"], lay["left_half"],
                                      lay["right_half"], lay["trays"], rect_size=(880, 660),
                                      image_size=(1280, 720), intrinsics=intrinsics)


def test_point_numbering_follows_the_observation_convention():
    g = _geometry()
    x1 = g.right_half[2]
    b1, b6, b7, b12 = (g.point_base(p) for p in (1, 6, 7, 12))
    b13, b18, b19, b24 = (g.point_base(p) for p in (13, 18, 19, 24))
    # 1-12 right to left along the bottom, 1-6 right of the bar; 13-24 left to right along the top
    assert b1[1] == b12[1] == g.playing_area[3] and b13[1] == b24[1] == g.playing_area[1]
    assert x1 - g.point_width(1) < b1[0] < x1 and b1[0] > b6[0] > g.bar[2] > g.bar[0] > b7[0] > b12[0]
    assert b12[0] == pytest.approx(b13[0]) and b1[0] == pytest.approx(b24[0])
    assert b13[0] < b18[0] < g.bar[0] < g.bar[2] < b19[0] < b24[0]
    assert g.point_tip(1)[1] < b1[1] and g.point_tip(24)[1] > b24[1]
    x0, y0, x2, y2 = g.point_column(5)
    assert y2 == g.playing_area[3] and y0 == pytest.approx((g.playing_area[1] + g.playing_area[3]) / 2)
    assert x0 < g.point_base(5)[0] < x2


def test_portrait_board_is_numbered_as_if_turned_clockwise():
    portrait = np.array([[400, 100], [700, 100], [700, 500], [400, 500]], float)
    c = landscape_corners(portrait)
    assert c[0].tolist() == [400, 500]  # TL = the image's bottom-left corner
    assert c[1].tolist() == [400, 100] and c[2].tolist() == [700, 100]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 879), st.floats(0, 659)), min_size=1, max_size=8),
       st.booleans())
def test_rect_and_image_mappings_invert_each_other(points, with_lens):
    g = _geometry(Intrinsics(K, DIST, (1280, 720)) if with_lens else None)
    pts = np.array(points, float)
    assert np.allclose(g.to_rect(g.to_image(pts)), pts, atol=0.05)


def test_warp_maps_agree_with_to_image_under_distortion():
    g = _geometry(Intrinsics(K, DIST, (1280, 720)))
    m = cv2.convertMaps(*g.warp_maps(), cv2.CV_32FC2)[0]
    pts = np.array([[0, 0], [100, 40], [440, 330], [879, 659]], float)
    assert np.allclose(m[pts[:, 1].astype(int), pts[:, 0].astype(int)], g.to_image(pts), atol=0.1)


def test_geometry_dict_round_trip_and_with_corners():
    g = _geometry(Intrinsics(K, DIST, (1280, 720)))
    again = BoardGeometry.from_dict(json.loads(json.dumps(g.to_dict())))
    assert np.allclose(again.homography, g.homography) and again.left_half == pytest.approx(g.left_half, abs=0.01)
    assert np.allclose(again.to_image(np.array([[10.0, 20.0]])), g.to_image(np.array([[10.0, 20.0]])))
    moved = g.with_corners(g.corners + 5)
    assert moved.playing_area == pytest.approx(g.playing_area, abs=0.01)
    assert np.allclose(moved.to_image(np.array([[0.0, 0.0]])), g.corners[0] + 5, atol=0.5)


def _calibration() -> Calibration:
    s = match_start(start_counts("top-right"))
    return Calibration(geometry=_geometry(), light_seat=s.light_seat, light_direction=s.light_direction,
                       home=s.home, dice_half=s.dice_half, checker_diameter_px=40.0,
                       colours={"light": ColourModel([200, 128, 128], np.eye(3).tolist(), 50)})


def test_calibration_file_round_trip(tmp_path):
    cal = _calibration()
    cal.board_size_cm, cal.size_doubt, cal.start_slips = [60.2, 45.1], "the frame's edges bow", ["point 24: none read"]
    path = tmp_path / "board.json"
    cal.save(path)
    again = Calibration.load(path)
    assert again.light_seat == "top" and again.home == cal.home and again.dice_half == cal.dice_half
    assert (again.board_size_cm, again.size_doubt, again.start_slips) == (cal.board_size_cm, cal.size_doubt,
                                                                         cal.start_slips)
    assert np.allclose(again.geometry.corners, cal.geometry.corners)
    assert again.colours["light"].distance([200, 128, 128]) == pytest.approx(0.0)


@pytest.mark.parametrize("content, words", [
    (None, "no such calibration file"),
    ("{not json", "not valid JSON"),
    ('{"version": 99}', "version 99"),
    ('{"version": 1, "light_seat": "top"}', "missing field"),
])
def test_calibration_file_errors_name_the_file_and_the_problem(tmp_path, content, words):
    path = tmp_path / "cal.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(CalibrationFileError) as exc:
        Calibration.load(path)
    assert str(path) in str(exc.value) and words in str(exc.value)
    assert isinstance(exc.value, CalibrationError)


def test_direction_of_play_in_the_standard_picture():
    # the labelled tournament photo r19: light on 1,12,17,19; light's 24-point is point 1, so light moves up
    s = match_start([2, 0, 0, 0, 0, -5, 0, -3, 0, 0, 0, 5, -5, 0, 0, 0, 3, 0, 5, 0, 0, 0, 0, -2])
    assert (s.light_seat, s.light_direction, s.home["dark"]) == ("top", "ascending", [1, 2, 3, 4, 5, 6])


def _project(world_xy: np.ndarray, rvec, tvec, dist=None) -> np.ndarray:
    obj = np.c_[world_xy, np.zeros(len(world_xy))].astype(np.float64)
    out, _ = cv2.projectPoints(obj, np.array(rvec, float), np.array(tvec, float), K,
                               np.zeros(5) if dist is None else dist)
    return out.reshape(-1, 2)


@pytest.mark.parametrize("w, h, tilt", [(60.0, 48.0, 0.15), (81.0, 64.0, 0.35), (40.0, 30.0, 0.0)])
def test_board_size_from_a_marker_beside_it(w, h, tilt):
    rvec, tvec = [tilt, -0.1, 0.2], [-w / 2, -h / 2, 90.0]
    board = np.array([[0, 0], [w, 0], [w, h], [0, h]], float)
    marker = np.array([[w + 6, 10], [w + 12, 10], [w + 12, 16], [w + 6, 16]], float)
    bc = _project(board, rvec, tvec, DIST)
    mc = _project(marker, rvec, tvec, DIST)
    intr = Intrinsics(K, DIST, (1280, 720))
    long_cm, short_cm = size_from_marker(bc, Marker(3, mc), 6.0, intr, frame_height_cm=0.0)
    assert long_cm == pytest.approx(w, abs=0.2) and short_cm == pytest.approx(h, abs=0.2)
    # the frame's top 2 cm above the table looks bigger; knowing its height corrects it
    R, _ = cv2.Rodrigues(np.array(rvec, float))
    raised = np.c_[board, np.full(4, -2.0)]  # z points away from the camera: the frame top is at z = -2
    br, _ = cv2.projectPoints(raised, np.array(rvec, float), np.array(tvec, float), K, DIST)
    naive = size_from_marker(br.reshape(-1, 2), Marker(3, mc), 6.0, intr, frame_height_cm=0.0)
    fixed = size_from_marker(br.reshape(-1, 2), Marker(3, mc), 6.0, intr, frame_height_cm=2.0)
    assert naive[0] > w + 0.5 and fixed[0] == pytest.approx(w, abs=0.2) and fixed[1] == pytest.approx(h, abs=0.2)
    assert true_aspect(bc, intr) == pytest.approx(w / h, rel=0.01)
    assert is_tournament_size(long_cm, short_cm) == (w >= 54 and h >= 43)


def test_tournament_size_bounds():
    assert is_tournament_size(55.0, 44.0) and is_tournament_size(88.0, 66.0)
    assert not is_tournament_size(50.0, 40.0) and not is_tournament_size(95.0, 70.0)


def _chessboard_photo(rvec, tvec, cols=9, rows=6, square=30.0) -> np.ndarray:
    """A rendered photo of a (cols+1)x(rows+1)-square chessboard through K (no distortion)."""
    px = 20  # pattern pixels per mm/... unit square side in the flat pattern image
    pattern = np.full(((rows + 3) * px, (cols + 3) * px), 255, np.uint8)
    for r in range(rows + 1):
        for c in range(cols + 1):
            if (r + c) % 2 == 0:
                pattern[(r + 1) * px:(r + 2) * px, (c + 1) * px:(c + 2) * px] = 0
    R, _ = cv2.Rodrigues(np.array(rvec, float))
    # pattern px -> world mm (origin at the first inner corner) -> image
    S = np.array([[square / px, 0, -2 * square], [0, square / px, -2 * square], [0, 0, 1]])
    H = K @ np.c_[R[:, :2], np.array(tvec, float)] @ S
    img = cv2.warpPerspective(pattern, H, (1280, 720), flags=cv2.INTER_AREA, borderValue=128)
    return cv2.GaussianBlur(img, (3, 3), 0)


def test_camera_intrinsics_from_chessboard_photos(tmp_path):
    poses = [([0.3, 0.1, 0.0], [-120, -80, 700]), ([-0.3, 0.2, 0.1], [-150, -60, 650]),
             ([0.1, -0.35, -0.1], [-100, -90, 750]), ([0.25, 0.25, 0.3], [-130, -100, 800]),
             ([-0.2, -0.2, 0.0], [-90, -70, 600])]
    images = [(f"p{i}.png", _chessboard_photo(r, t)) for i, (r, t) in enumerate(poses)]
    views = find_chessboard_views(images, (9, 6), 30.0)
    assert len(views.used) >= 4
    intr = calibrate(views)
    assert intr.K[0, 0] == pytest.approx(900, rel=0.03) and intr.K[1, 1] == pytest.approx(900, rel=0.03)
    assert intr.rms < 1.0
    path = tmp_path / "cam.json"
    save_intrinsics(intr, path)
    assert np.allclose(load_intrinsics(path).K, intr.K)


def test_camera_calibration_needs_the_pattern():
    blank = [(f"b{i}.png", np.full((480, 640), 200, np.uint8)) for i in range(3)]
    with pytest.raises(IntrinsicsError) as exc:
        calibrate(find_chessboard_views(blank, (9, 6), 25.0))
    assert "at least 3 photos" in str(exc.value) and "b0.png" in str(exc.value)
