"""Borne-off rows as trays show them: a coloured checker's shaded side, a tray the board finder placed half on the
rail, the tray's end wall taken for a short row; and two sample stills read whole (a tray beyond a frame strip,
the cube resting on a checker on the bar)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.checker_off import ONE_ROW, SURE, THICKNESS, reconcile, tray_rows
from vision.checker_runs import CheckerColour

R = 12.5
D = 2 * R
# the red and black checkers of sample still 16 as the points teach them (working Lab), and its tray's floor
RED = CheckerColour(np.array([117.0, 189.5, 170.9], np.float32), 14.0)
BLACK = CheckerColour(np.array([33.0, 131.0, 133.5], np.float32), 14.0)
FLOOR = (163.0, 132.0, 162.0)
RAIL = (40.0, 130.0, 132.0)
STILLS = Path(__file__).resolve().parent.parent / "sample_images" / "stills"


def _view(tray_x: tuple[int, int], red_rims: int, rim_lab: tuple[float, float, float]) -> np.ndarray:
    """A working Lab view 340 px tall: a dark rail, a tray floor between ``tray_x`` and a row of ``red_rims``
    checkers on edge at the tray's bottom end, drawn in ``rim_lab`` with a darker line between checkers."""
    lab = np.empty((340, 120, 3), np.float32)
    lab[:] = RAIL
    x0, x1 = tray_x
    lab[10:330, x0:x1] = FLOOR
    cx = (x0 + x1) // 2
    for k in range(red_rims):
        yb = 330 - int(round(k * THICKNESS * D))
        ya = 330 - int(round((k + 1) * THICKNESS * D))
        lab[ya:yb, int(cx - R):int(cx + R)] = rim_lab
        lab[ya, int(cx - R):int(cx + R)] = (rim_lab[0] - 15, rim_lab[1], rim_lab[2])
    return lab


@pytest.mark.parametrize("n", [4, 9])
def test_a_red_rows_shaded_sides_are_counted_as_red(n: int):
    # seen from above a red checker on edge shows its side: the face's hue at 0.6 of its lightness and chroma
    # (measured on sample still 16), far from the face's own a/b
    view = _view((40, 72), n, (71.0, 170.0, 156.0))
    rows, _ = tray_rows(view, [(40.0, 10.0, 72.0, 330.0)], R, RED, BLACK)
    assert [(row.colour, row.end) for row in rows] == [("light", "bottom")]
    assert abs(rows[0].count - n) <= 1


def test_a_row_in_a_tray_the_finder_placed_on_the_rail_is_found_further_out():
    # the tray lies beyond a rail 0.6 diameters wide; the finder's tray starts at the playing area's edge
    view = _view((20, 52), 7, (71.0, 170.0, 156.0))
    placed = (37.0, 10.0, 67.0, 330.0)
    rows, _ = tray_rows(view, [placed], R, RED, BLACK)
    assert [(row.colour, row.end) for row in rows] == [("light", "bottom")] and abs(rows[0].count - 7) <= 1
    # the same tray with nothing in it: no row anywhere, and the tray as placed proves it empty
    rows, clear = tray_rows(_view((20, 52), 0, (71.0, 170.0, 156.0)), [placed], R, RED, BLACK)
    assert rows == [] and clear


def test_a_sliver_at_the_trays_end_is_no_row_and_says_zero_unless_the_board_says_one_or_two():
    view = _view((40, 72), 1, (71.0, 170.0, 156.0))
    rows, clear = tray_rows(view, [(40.0, 10.0, 72.0, 330.0)], R, RED, BLACK)
    assert [row.sliver for row in rows] == [True] and clear
    tray = {"light": 0, "dark": 0}
    off, conf = reconcile(tray, {"light": 9, "dark": 0}, {"light"})
    assert off == {"light": 0, "dark": 0} and conf["light"] < SURE  # the board's 9 misread a point
    off, conf = reconcile(tray, {"light": 2, "dark": 0}, {"light"})
    assert off["light"] == 2 and conf["light"] == ONE_ROW
    # a row of seven is no sliver
    rows, _ = tray_rows(_view((40, 72), 7, (71.0, 170.0, 156.0)), [(40.0, 10.0, 72.0, 330.0)], R, RED, BLACK)
    assert [row.sliver for row in rows] == [False]


def _read_still(name: str) -> tuple[dict, dict]:
    from vision.reader import Reader

    image = cv2.imread(str(STILLS / f"{name}.jpg"))
    assert image is not None, f"sample still {name} is missing"
    label = json.loads((STILLS / f"{name}.json").read_text())
    return Reader().read(image).to_dict(), label


def test_sample_still_16_borne_off_rows_beyond_a_frame_strip_are_read_sure():
    # both players' rows stand in the left tray, which lies beyond a frame strip; the finder's tray covers the strip
    read, label = _read_still("sim_16")
    assert read["off"] == label["off"]
    assert read["off_confidence"] == {"light": SURE, "dark": SURE}


def test_sample_still_1_a_checker_under_the_cube_on_the_bar_is_counted():
    read, label = _read_still("sim_01")
    assert read["bar"] == label["bar"]
