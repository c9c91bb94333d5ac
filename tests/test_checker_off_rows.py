"""Tray rows that are no rows (longer than any 15), a one-checker agreement that is only half sure, and the home
tray alone deciding a sure zero."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.checker_off import LONGEST, SURE, THICKNESS, reconcile, tray_rows
from vision.checker_runs import CheckerColour

R = 12.0
D = 2 * R
LIGHT = CheckerColour(np.array([235.0, 128.0, 140.0], np.float32), 14.0)
DARK = CheckerColour(np.array([40.0, 128.0, 128.0], np.float32), 14.0)
TRAY = (10.0, 10.0, 50.0, 330.0)


def _tray(dark_from_top: int, striped: bool) -> np.ndarray:
    """A plain wooden tray (working Lab) with a dark band from 0.3 diameters below its top end as long as
    ``dark_from_top`` checkers on edge: striped (one line per checker, a real row) or one smooth band (what a
    point's dark triangle looks like when the tray is placed over the playing area's edge)."""
    img = np.zeros((340, 60, 3), np.uint8)
    img[:] = (40, 90, 150)
    x0, y0, x1, y1 = (int(v) for v in TRAY)
    img[y0:y1, x0 + 4:x1 - 4] = (60, 120, 180)
    img[y0:y1, x0:x0 + 4] = (20, 50, 90)
    cx, side = (x0 + x1) / 2, (49, 49, 49)
    ya = y0 + 0.3 * D
    yb = ya + dark_from_top * THICKNESS * D
    cv2.rectangle(img, (int(cx - R), int(ya)), (int(cx + R), int(yb) - 1), side, -1)
    if striped:
        for k in range(dark_from_top):
            y = int(ya + k * THICKNESS * D)
            cv2.line(img, (int(cx - R), y), (int(cx + R), y), (30, 30, 30), 1)
    return cv2.cvtColor(img, cv2.COLOR_BGR2Lab).astype(np.float32)


@pytest.mark.parametrize("n", [15, LONGEST + 1])
def test_a_band_longer_than_any_row_of_fifteen_is_no_row(n: int):
    rows, clear = tray_rows(_tray(n, striped=n <= 15), [TRAY], R, LIGHT, DARK)
    if n <= 15:
        assert [(r.colour, r.end) for r in rows] == [("dark", "top")] and abs(rows[0].count - n) <= 1
    else:
        # too long for checkers: nothing is counted and the tray's zero is not claimed either
        assert rows == [] and not clear


def test_trays_and_boards_one_checker_agreement_is_only_half_sure():
    off, conf = reconcile({"light": 1, "dark": 3}, {"light": 1, "dark": 3})
    assert off == {"light": 1, "dark": 3}
    assert conf["light"] < 0.6 <= conf["dark"] == SURE


def test_only_the_home_tray_must_be_clear_for_a_sure_zero():
    # two trays side by side in one view: the away one (index 1) holds a cube-sized block mid-tray
    home = cv2.cvtColor(cv2.cvtColor(_tray(0, False).astype(np.uint8), cv2.COLOR_Lab2BGR), cv2.COLOR_BGR2Lab)
    away_bgr = cv2.cvtColor(_tray(0, False).astype(np.uint8), cv2.COLOR_Lab2BGR)
    cv2.rectangle(away_bgr, (20, 160), (40, 180), (230, 230, 230), -1)  # the cube, mid-tray
    lab = np.concatenate([home, cv2.cvtColor(away_bgr, cv2.COLOR_BGR2Lab)], axis=1).astype(np.float32)
    trays = [TRAY, (TRAY[0] + 60, TRAY[1], TRAY[2] + 60, TRAY[3])]
    assert tray_rows(lab, trays, R, LIGHT, DARK) == ([], False)  # every tray must be clear
    assert tray_rows(lab, trays, R, LIGHT, DARK, home=0) == ([], True)
    assert tray_rows(lab, trays, R, LIGHT, DARK, home=1) == ([], False)
