"""Dark checkers on dark points that show no rim (issue 5: 'missed all'), counted by their faces
(``vision.checker_dark``): each rule on a real image case, a committed sample still or a render with a fixed seed,
read with the renderer's own geometry (the board finder is not what is tested), the counts asserted against the
label; and the face rule itself on drawn patches."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.checkers as checkers
from tests.label_geometry import label_geometry
from vision.board import rectify
from vision.checker_dark import judge_slot, learn_faces

STILLS = Path(__file__).resolve().parents[1] / "sample_images" / "stills"


def _still(name: str) -> tuple[np.ndarray, dict]:
    if not (STILLS / f"{name}.jpg").is_file():
        pytest.skip(f"sample still {name} not found in {STILLS}")
    return cv2.imread(str(STILLS / f"{name}.jpg")), json.loads((STILLS / f"{name}.json").read_text())


def _count(image: np.ndarray, label: dict) -> checkers.CheckerCount:
    geometry = label_geometry(label)
    return checkers.count_checkers(rectify(image, geometry), geometry)


def _by_faces(count: checkers.CheckerCount) -> dict[int, int]:
    return {p: count.points[p - 1] for p in range(1, 25) if count.cues[p].get("faces")}


def test_two_black_checkers_on_a_black_point_and_a_lone_one_are_counted_by_their_faces():
    """sim_12: two black checkers on black point 6 and one on black point 12 show no rim at all (both were read
    empty, sure). Their faces match the black checkers' elsewhere on the board; counted slot by slot from the
    base, each stops where the next slot shows the triangle."""
    image, label = _still("sim_12")
    assert label["points"][5] == -2 and label["points"][11] == -1
    count = _count(image, label)
    found = _by_faces(count)
    assert found.get(6) == -2 and found.get(12) == -1
    assert count.confidence[5] >= 0.6 and count.confidence[11] >= 0.6  # clear faces: counts the referee may use
    # no point the label has empty is given a checker by its face
    assert all(label["points"][p - 1] != 0 for p in found)


@pytest.mark.parametrize("name, point", [("sim_17", 21), ("sim_26", 13)])
def test_a_lone_dark_checker_on_a_dark_point_is_counted(name, point):
    """sim_17 point 21, sim_26 point 13: one dark checker at the base of a dark triangle (read empty before)."""
    image, label = _still(name)
    assert label["points"][point - 1] == -1
    count = _count(image, label)
    assert count.points[point - 1] == -1
    assert count.cues[point].get("faces") == 1
    assert all(label["points"][p - 1] != 0 for p in _by_faces(count))


def test_black_on_a_black_point_of_a_walnut_board():
    """Render 3343 (walnut board, red and black checkers): two black checkers on black point 12 were read empty
    (their rims lost against the triangle, two faint discs dropped as 'weak and alone')."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(3343)
    assert still.label["points"][11] == -2
    count = _count(still.image, still.label)
    assert count.points[11] == -2 and count.cues[12].get("faces") == 2
    assert all(still.label["points"][p - 1] != 0 for p in _by_faces(count))


# ------------------------------------------------------------------------------------------------ the face rule
R = 10.0


def _dome(lab: np.ndarray, x: int, y: int, base: float) -> None:
    """Draw a dark checker's face at (x, y): a highlight up-left, its edge darker (L only)."""
    yy, xx = np.mgrid[:lab.shape[0], :lab.shape[1]]
    d = np.hypot(xx - x, yy - y)
    inside = d <= R
    shade = base + 14.0 * np.exp(-((xx - x + 3) ** 2 + (yy - y + 3) ** 2) / 18.0) - 8.0 * (d / R) ** 2
    lab[..., 0] = np.where(inside, shade, lab[..., 0])


def _board() -> np.ndarray:
    """A cream field with two black triangles' worth of flat dark patches (L 30) side by side."""
    lab = np.full((80, 160, 3), (220.0, 128.0, 128.0), np.float32)
    lab[:, 80:, 0] = 30.0
    return lab


def test_a_face_is_told_from_a_flat_patch_of_its_own_colour():
    lab = _board()
    for x in (15, 40, 65):  # the teachers: dark checkers on the cream field
        _dome(lab, x, 20, 30.0)
    _dome(lab, 100, 40, 30.0)  # one on the dark half: its mean colour is the triangle's
    faces = learn_faces(lab, {-1: [(15, 20), (40, 20), (65, 20)]}, R)
    assert faces is not None
    views = lambda: [130.0, 145.0]  # noqa: E731 (the dark half's free spots)
    on = judge_slot(lab, faces, 100, 40, R, views)
    off = judge_slot(lab, faces, 130, 40, R, views)
    assert on is not None and on.verdict() == "yes"
    assert off is not None and off.verdict() == "no"  # the flat triangle: the same colour, no shading
    light = judge_slot(lab, faces, 40, 60, R, views)  # the cream field: far from the face's colour
    assert light is not None and light.verdict() == "no"


def test_a_face_printed_on_every_point_of_that_colour_is_the_boards_own():
    """The same shaded round shape at that spot on the other points of the colour (a print, the frame's edge):
    the slot is as near the empty board there as a checker would be, so it holds none."""
    lab = _board()
    for x in (15, 40, 65):
        _dome(lab, x, 20, 30.0)
    for x in (100, 130, 150):  # the same shape on every dark point, at the same height
        _dome(lab, x, 40, 30.0)
    faces = learn_faces(lab, {-1: [(15, 20), (40, 20), (65, 20)]}, R)
    assert faces is not None
    alone = judge_slot(lab, faces, 100, 40, R, lambda: [])  # no empty view to compare with: the shading decides
    assert alone is not None and alone.verdict() == "yes"
    printed = judge_slot(lab, faces, 100, 40, R, lambda: [130.0, 150.0])
    assert printed is not None and printed.verdict() == "no"


def _flat(lab: np.ndarray, x: int, y: int, base: float, grain: float) -> None:
    """Draw a flat wooden checker's face at (x, y): its colour with a faint grain (a few Lab, L only), no dome."""
    yy, xx = np.mgrid[:lab.shape[0], :lab.shape[1]]
    inside = np.hypot(xx - x, yy - y) <= R
    lab[..., 0] = np.where(inside, base + grain * np.sin((yy - y) * 1.3 + (xx - x) * 0.4), lab[..., 0])


def test_a_flat_faced_checker_is_not_refused_for_its_grain():
    """A flat face (dark wooden checkers: own shading ~2 Lab) and a checker of it whose grain runs otherwise: the
    slot's shading differs from the face's by twice the face's own, which refused every such checker (renders
    30115, 30036: a 6- and a 12-stack read empty for sure). Judged against a floor of shading, with the empty
    board at the spot unlike it, the slot holds one; the empty light field beside it holds none."""
    lab = np.full((80, 160, 3), (200.0, 128.0, 128.0), np.float32)  # a light wood field
    for x in (15, 40, 65):
        _flat(lab, x, 20, 60.0, 2.0)
    _flat(lab, 100, 40, 60.0, -4.0)  # the grain the other way: shading 2x the face's own
    faces = learn_faces(lab, {-1: [(15, 20), (40, 20), (65, 20)]}, R)
    assert faces is not None
    views = lambda: [130.0, 150.0]  # noqa: E731 (the light field at that height: the empty board)
    on = judge_slot(lab, faces, 100, 40, R, views)
    assert on is not None and on.own < 3.0 and on.shading > on.own
    assert on.verdict() == "yes"
    off = judge_slot(lab, faces, 130, 40, R, views)
    assert off is not None and off.verdict() == "no"
    # with no view of the empty board at the spot its colour cannot be told from the board's: judged as before
    alone = judge_slot(lab, faces, 100, 40, R, lambda: [])
    assert alone is not None and alone.verdict() == "no"


@pytest.mark.parametrize("seed, point, stack", [(30115, 2, 6)])
def test_dark_wooden_checkers_on_light_wood_are_not_read_empty_for_sure(seed, point, stack):
    """Render 30115 (walnut board, wooden light and dark checkers): the dark 6-stack on point 2 shows no rim the
    disc finder keeps and a face of ~2 Lab shading; its slots were refused on shading alone and the point read
    empty with confidence 1.0. Its face now counts its base checker, and the next slot, of its colour where the
    board beside it has that colour too, leaves the count in doubt."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed)
    assert still.label["points"][point - 1] == -stack
    count = _count(still.image, still.label)
    assert count.points[point - 1] is not None and count.points[point - 1] < 0
    assert count.cues[point].get("faces")
    assert count.confidence[point - 1] < 0.6  # (short of the stack: not sure)
    assert all(still.label["points"][p - 1] != 0 for p in _by_faces(count))
