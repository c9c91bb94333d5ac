"""The borne-off count: rows of checkers on edge in a tray, and how they are reconciled with 15 minus the board."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.checker_off import THICKNESS, borne_off, read_off, reconcile, tray_rows
from vision.checker_runs import CheckerColour

R = 12.0  # checker radius in working px
LIGHT = CheckerColour(np.array([235.0, 128.0, 140.0], np.float32), 14.0)
DARK = CheckerColour(np.array([40.0, 128.0, 128.0], np.float32), 14.0)
TRAY = (10.0, 10.0, 50.0, 330.0)


def _tray_view(rows: dict[str, tuple[str, int]], bend: float = 3.0) -> np.ndarray:
    """A rectified strip with one wooden tray (its wall bowed by ``bend`` px, as a lens shows it) holding rows of
    checkers on edge: ``rows[end] = (colour, n)``, each starting 0.3 diameters from the tray's end."""
    img = np.zeros((340, 60, 3), np.uint8)
    img[:] = (40, 90, 150)  # the frame (BGR)
    x0, y0, x1, y1 = (int(v) for v in TRAY)
    for y in range(y0, y1):
        bow = int(round(bend * np.sin(np.pi * (y - y0) / (y1 - y0))))
        img[y, x0 + 4 + bow:x1 - 4 + bow] = (60, 120, 180)  # the tray's floor
        img[y, x0 + bow:x0 + 4 + bow] = (20, 50, 90)  # its wall, in shade
    d = 2 * R
    for end, (colour, n) in rows.items():
        face = (200, 235, 245) if colour == "light" else (35, 35, 35)
        side = tuple(int(v * (0.7 if colour == "light" else 1.4)) for v in face)
        for k in range(n):
            along = 0.3 * d + k * THICKNESS * d
            ya = y0 + along if end == "top" else y1 - along - THICKNESS * d
            cx = (x0 + x1) / 2
            cv2.rectangle(img, (int(cx - R), int(ya)), (int(cx + R), int(ya + THICKNESS * d) - 1), side, -1)
            cv2.line(img, (int(cx - R), int(ya)), (int(cx + R), int(ya)), tuple(int(0.6 * v) for v in side), 1)
    return cv2.cvtColor(img, cv2.COLOR_BGR2Lab).astype(np.float32)


def test_an_empty_tray_is_a_sure_zero_for_both_colours():
    rows, clear = tray_rows(_tray_view({}), [TRAY], R, LIGHT, DARK)
    assert rows == [] and clear
    reading = read_off(_tray_view({}), [TRAY], R, LIGHT, DARK, [0] * 24, {"light": 0, "dark": 0})
    # the board shows no checker at all (15 off by its count), the tray none: the tray is seen, the board misread
    assert reading.tray == {"light": 0, "dark": 0}
    assert reading.off == {"light": 0, "dark": 0}


@pytest.mark.parametrize("light_n,dark_n", [(3, 0), (8, 5), (0, 12)])
def test_rows_on_edge_are_counted_by_colour_and_end(light_n, dark_n):
    rows = {}
    if light_n:
        rows["bottom"] = ("light", light_n)
    if dark_n:
        rows["top"] = ("dark", dark_n)
    found, _ = tray_rows(_tray_view(rows), [TRAY], R, LIGHT, DARK)
    got = {c: sum(r.count for r in found if r.colour == c) for c in ("light", "dark")}
    assert abs(got["light"] - light_n) <= 1 and abs(got["dark"] - dark_n) <= 1
    assert all((r.end == "bottom") == (r.colour == "light") for r in found)


def test_the_board_count_decides_when_the_tray_agrees_roughly():
    points = [0] * 24
    points[0], points[23] = 7, -10  # 8 light and 5 dark off by the board's count
    reading = read_off(_tray_view({"bottom": ("light", 8), "top": ("dark", 5)}), [TRAY], R, LIGHT, DARK, points,
                       {"light": 0, "dark": 0})
    assert reading.off == {"light": 8, "dark": 5}
    assert reading.confidence == {"light": 1.0, "dark": 1.0}


def test_reconcile_without_a_tray_or_without_the_board():
    off, conf = reconcile({"light": None, "dark": None}, {"light": 4, "dark": None})
    assert off == {"light": 4, "dark": None} and conf["light"] > conf["dark"] == 0.0
    # the board unknown (a hand over a point): an empty tray still says 0, a rough row count says nothing
    off, conf = reconcile({"light": 3, "dark": 0}, {"light": None, "dark": None})
    assert off == {"light": None, "dark": 0} and 0 < conf["dark"] < 1 and conf["light"] == 0.0
    # a long row the board's count disagrees with: the board's count stays, marked unsure
    off, conf = reconcile({"light": 9, "dark": 0}, {"light": 4, "dark": 2})
    assert off == {"light": 4, "dark": 0} and conf["light"] < 0.5 and conf["dark"] < 0.5


def test_borne_off_is_unknown_when_a_point_is_hidden_or_too_many_are_read():
    points = [0] * 24
    points[5] = 14
    assert borne_off(points, {"light": 0, "dark": 0}) == {"light": 1, "dark": 15}
    assert borne_off(points, {"light": 2, "dark": 0})["light"] is None
    points[3] = None
    assert borne_off(points, {"light": 0, "dark": 0}) == {"light": None, "dark": None}


def test_an_object_mid_tray_leaves_the_tray_unclear_and_the_board_decides():
    view = _tray_view({})
    lab_cube = cv2.cvtColor(np.full((1, 1, 3), (250, 250, 250), np.uint8), cv2.COLOR_BGR2Lab).astype(np.float32)[0, 0]
    view[150:175, 18:42] = lab_cube  # a white cube (or checkers left) in the tray's middle
    points = [0] * 24
    points[0], points[23] = 12, -15  # 3 light off by the board's count
    reading = read_off(view, [TRAY], R, LIGHT, DARK, points, {"light": 0, "dark": 0})
    assert reading.tray == {"light": None, "dark": None}
    assert reading.off == {"light": 3, "dark": 0}


def test_the_trays_own_end_wall_leaves_an_empty_tray_clear():
    view = _tray_view({})
    wall = cv2.cvtColor(np.full((1, 1, 3), (20, 50, 90), np.uint8), cv2.COLOR_BGR2Lab).astype(np.float32)[0, 0]
    y0 = int(TRAY[1])
    view[y0:y0 + 6, int(TRAY[0]):int(TRAY[2])] = wall  # the tray ends 6 px inside the playing area's found edge
    rows, clear = tray_rows(view, [TRAY], R, LIGHT, DARK)
    assert rows == [] and clear
    # a band as thick as a row of three checkers there is no wall: the tray's end is then unclear
    view[y0:y0 + int(3 * THICKNESS * 2 * R), int(TRAY[0]):int(TRAY[2])] = wall
    view[y0 + int(0.5 * 2 * R):y0 + int(0.8 * 2 * R), int(TRAY[0]):int(TRAY[2])] = wall
    _, clear = tray_rows(view, [TRAY], R, LIGHT, DARK)
    assert not clear


def _white_cube_mid_tray(view: np.ndarray) -> tuple[float, float]:
    """A white cube drawn in the tray's middle (as players park it in the home tray); its centre."""
    lab_cube = cv2.cvtColor(np.full((1, 1, 3), (250, 250, 250), np.uint8), cv2.COLOR_BGR2Lab).astype(np.float32)[0, 0]
    view[150:175, 18:42] = lab_cube
    return 30.0, 162.5


def test_the_cube_read_mid_tray_is_no_checker_and_the_empty_tray_is_read():
    view = _tray_view({})
    cube = _white_cube_mid_tray(view)
    points = [0] * 24
    points[0], points[23] = 15, -15  # nothing off by the board's count either
    reading = read_off(view, [TRAY], R, LIGHT, DARK, points, {"light": 0, "dark": 0}, cube=cube)
    assert reading.tray == {"light": 0, "dark": 0}
    assert reading.off == {"light": 0, "dark": 0} and reading.confidence == {"light": 1.0, "dark": 1.0}
    # the board's count short by three light checkers (a stack read short): the empty tray's zero wins, unsure
    points[0] = 12
    reading = read_off(view, [TRAY], R, LIGHT, DARK, points, {"light": 0, "dark": 0}, cube=cube)
    assert reading.off == {"light": 0, "dark": 0} and reading.confidence["light"] < 1.0
    # a cube read elsewhere (on the bar, beyond the tray) says nothing about what lies mid-tray
    reading = read_off(view, [TRAY], R, LIGHT, DARK, points, {"light": 0, "dark": 0}, cube=(200.0, 162.5))
    assert reading.tray == {"light": None, "dark": None}


def test_rows_at_the_ends_are_still_counted_beside_the_cube():
    view = _tray_view({"top": ("dark", 5), "bottom": ("light", 3)})
    cube = _white_cube_mid_tray(view)
    points = [0] * 24
    points[0], points[23] = 12, -10
    reading = read_off(view, [TRAY], R, LIGHT, DARK, points, {"light": 0, "dark": 0}, cube=cube)
    assert reading.tray == {"light": 3, "dark": 5}
    assert reading.off == {"light": 3, "dark": 5} and reading.confidence == {"light": 1.0, "dark": 1.0}
