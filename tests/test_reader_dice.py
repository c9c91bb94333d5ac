"""Where the reader puts dice: left/right of the bar, off the board (a re-roll), and which stray dice it believes."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.geometry import BoardGeometry, standard_layout
from tests.label_geometry import label_geometry
from vision.observation import DieReading
from vision.reader import Reader, dice_area, die_half, lies_on_field, one_reading_per_die, pip_polarity, with_stray_die

REAL = Path(__file__).resolve().parents[2] / "shared" / "real"


def _geometry() -> BoardGeometry:
    corners = np.array([[300.0, 200.0], [1600.0, 230.0], [1650.0, 900.0], [260.0, 880.0]])
    size = (880, 480)
    return BoardGeometry.from_corners(corners, rect_size=size, image_size=(1920, 1080), **standard_layout(size, 0.06))


def _image_at(geo: BoardGeometry, rx: float, ry: float) -> list[float]:
    x, y = geo.to_image(np.array([[rx, ry]]))[0]
    return [float(x), float(y)]


def test_die_half_follows_the_bar_and_the_field_edge():
    geo = _geometry()
    x0, y0, x1, y1 = geo.playing_area
    bar = (geo.bar[0] + geo.bar[2]) / 2
    edge = 20.0
    assert die_half(geo, _image_at(geo, (x0 + bar) / 2, (y0 + y1) / 2), edge) == "left"
    assert die_half(geo, _image_at(geo, (bar + x1) / 2, y0 + 30), edge) == "right"
    assert die_half(geo, _image_at(geo, x1 + 0.2 * edge, y1 - 30), edge) == "right"  # top face a little past the edge
    assert die_half(geo, _image_at(geo, x1 + 2 * edge, (y0 + y1) / 2), edge) is None  # in the tray
    assert die_half(geo, _image_at(geo, -60.0, 100.0), edge) is None  # on the table


def test_dice_area_reaches_past_the_frame_but_not_across_the_table():
    geo = _geometry()
    mask = dice_area(geo, (1080, 1920, 3), 2.0)
    d = geo.checker_diameter_px
    inside = [_image_at(geo, 440, 240), _image_at(geo, -1.5 * d, 240), _image_at(geo, 440, 480 + 1.5 * d)]
    outside = [_image_at(geo, -2.6 * d, 240), _image_at(geo, 880 + 2.6 * d, 10)]
    assert all(mask[int(y), int(x)] for x, y in inside)
    assert not any(mask[int(y), int(x)] for x, y in outside if 0 <= x < 1920 and 0 <= y < 1080)


def _dice_image(pip_dark: list[bool]) -> tuple[np.ndarray, list[list[float]]]:
    """Green field with 24 px dice of four pips at x = 200, 400, ...: dark pips on ivory or light pips on red."""
    img = np.full((400, 200 * (len(pip_dark) + 1), 3), (40, 110, 40), np.uint8)
    centres = []
    for k, dark in enumerate(pip_dark):
        cx, cy = 200 * (k + 1), 200
        face, pip = ((225, 235, 240), (25, 25, 25)) if dark else ((40, 40, 190), (245, 245, 245))
        cv2.rectangle(img, (cx - 12, cy - 12), (cx + 12, cy + 12), face, -1)
        for dx in (-6, 6):
            for dy in (-6, 6):
                cv2.circle(img, (cx + dx, cy + dy), 3, pip, -1)
        centres.append([float(cx), float(cy)])
    return cv2.GaussianBlur(img, (3, 3), 0.8), centres


def test_pip_polarity_tells_dark_pips_from_light_ones():
    img, (a, b) = _dice_image([True, False])
    assert pip_polarity(img, a, 24.0) == -1
    assert pip_polarity(img, b, 24.0) == 1
    assert pip_polarity(np.full((100, 100, 3), 120, np.uint8), [50.0, 50.0], 24.0) == 0  # plain: cannot tell


def test_a_stray_die_counts_only_as_the_other_die_of_a_roll():
    img, (a, b, c) = _dice_image([False, False, True])
    on = DieReading(4, True, a, "left")
    off = DieReading(4, True, b, None)
    unlike = DieReading(4, True, c, None)  # dark pips: not the pair of a die with light pips
    assert with_stray_die([on, off], img, 24.0) == [on, off]
    assert with_stray_die([on, unlike], img, 24.0) == [on]
    assert with_stray_die([on, DieReading(None, True, b, None)], img, 24.0) == [on]  # unsure value: not believed
    second = DieReading(2, True, [a[0], a[1] + 60], "left")
    assert with_stray_die([on, second, off], img, 24.0) == [on, second]  # two on the board: the roll is there
    assert with_stray_die([off], img, 24.0) == []  # nothing on the board: no roll to void
    twin = DieReading(4, False, [a[0] + 10, a[1] + 5], None)
    assert with_stray_die([on, twin], img, 24.0) == [on]  # the same die read twice across the field's edge


@pytest.mark.skipif(not REAL.is_dir(), reason="real photos ../shared/real not present")
def test_real_photos_show_no_die_off_the_board_and_no_flat_die_called_cocked():
    stray, cocked, flat_read = [], [], 0
    for label_path in sorted(REAL.glob("r*.json")):
        label = json.loads(label_path.read_text())
        image_path = next((p for p in REAL.glob(label_path.stem + ".*") if p.suffix != ".json"), None)
        if not label["board"].get("found") or image_path is None:
            continue
        obs = Reader().read(cv2.imread(str(image_path)))
        for die in obs.dice:
            truth = [t for t in label["dice"] if np.hypot(*np.subtract(t["center"], die.center)) < 25]
            if die.half is None and not truth:
                stray.append(label_path.stem)
            if truth and truth[0]["flat"] is True:
                flat_read += 1
                if not die.flat:
                    cocked.append(label_path.stem)
    assert flat_read >= 6  # the photos' dice are found at all (else this would test nothing)
    assert stray == [] and cocked == []


def _board_on_table(geo: BoardGeometry) -> np.ndarray:
    """A brown table, a grey frame and a green field, drawn where ``geo`` says they are."""
    img = np.zeros((1080, 1920, 3), np.uint8)
    img[:] = (40, 70, 120)  # brown table
    outline = geo.to_image(np.array([[0, 0], [880, 0], [880, 480], [0, 480]], dtype=np.float64))
    cv2.fillConvexPoly(img, np.round(outline).astype(np.int32), (60, 60, 60))  # grey frame
    x0, y0, x1, y1 = geo.playing_area
    field = geo.to_image(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64))
    cv2.fillConvexPoly(img, np.round(field).astype(np.int32), (60, 140, 60))  # green field
    return img


def test_a_die_on_field_coloured_ground_is_not_off_the_board():
    """A board found too small leaves part of the field outside its playing area: a die there is on the field."""
    geo = _geometry()
    img = _board_on_table(geo)
    d = geo.checker_diameter_px
    on_table = _image_at(geo, 880 + 1.2 * d, 240)
    assert not lies_on_field(img, geo, on_table, 20.0)
    # the real board goes on past the found right edge: its field covers the found frame band and beyond
    x1 = geo.playing_area[2]
    more = geo.to_image(np.array([[x1, 0], [880 + 3 * d, 0], [880 + 3 * d, 480], [x1, 480]], dtype=np.float64))
    cv2.fillConvexPoly(img, np.round(more).astype(np.int32), (60, 140, 60))
    assert lies_on_field(img, geo, on_table, 20.0)


def test_a_die_on_a_table_coloured_like_the_field_is_off_the_board_past_the_seen_frame():
    """A table the field's colour (cream table, white points: game 21535) is no field when the frame is seen
    between the die and the board: the rim by the die is the rim of the other sides, the table beyond it is not."""
    geo = _geometry()
    img = _board_on_table(geo)
    d = geo.checker_diameter_px
    on_table = _image_at(geo, 880 + 1.2 * d, 240)
    cv2.circle(img, (int(on_table[0]), int(on_table[1])), 60, (60, 140, 60), -1)  # field-green ground round the die
    assert not lies_on_field(img, geo, on_table, 20.0)
    # the same die just past the found edge (not a die's edge beyond it) is given the benefit of the doubt
    near = _image_at(geo, 880 + 0.2 * d, 240)
    cv2.circle(img, (int(near[0]), int(near[1])), 60, (60, 140, 60), -1)
    assert lies_on_field(img, geo, near, 20.0)


def test_one_die_read_twice_is_one_die_and_two_touching_dice_stay_two():
    top = DieReading(4, True, [500.0, 300.0], "left")
    side = DieReading(5, False, [510.0, 306.0], "left")  # a side face turned up, 12 px away: the same die
    merged = one_reading_per_die([top, side], 24.0)
    assert len(merged) == 1 and merged[0].flat is False and merged[0].value is None
    assert merged[0].center == [500.0, 300.0] and merged[0].half == "left"
    touching = DieReading(3, True, [500.0 + 0.32 / 0.45 * 24.0, 300.0], "left")  # smallest dice, side by side
    assert len(one_reading_per_die([top, touching], 24.0)) == 2
    same = one_reading_per_die([top, DieReading(4, True, [504.0, 301.0], "left")], 24.0)
    assert [(d.value, d.flat) for d in same] == [(4, True)]


def test_a_view_that_learnt_its_dice_edge_merges_one_die_read_twice_by_that_edge():
    # render 56535 frame 200: a red die of ~12 px (0.6 checkers) read as a 2 and, 6.7 px away, as a 3 from a side
    # face; the guess (10.8 px) merges within 0.65 of it, 7.0 px, only just; the edge learnt from its dice (10.5)
    # merges within 0.8 of it. Two dice that touch lie a whole edge apart and stay two
    from vision.reader import same_die_edge

    two = DieReading(2, True, [550.0, 303.0], "right")
    three = DieReading(3, True, [544.0, 306.5], "right")
    assert len(one_reading_per_die([two, three], 9.5)) == 2  # the guess alone keeps both
    merge = same_die_edge(9.5, 10.5)
    assert merge > 9.5 and len(one_reading_per_die([two, three], merge)) == 1
    touching = DieReading(4, True, [550.0 + 10.5, 303.0], "right")
    assert len(one_reading_per_die([two, touching], merge)) == 2
    assert same_die_edge(9.5, None) == 9.5 and same_die_edge(9.5, 5.0) == 9.5  # a small learnt edge: the guess's


def test_the_cube_is_read_neither_under_dice_nor_on_the_frame_they_are_lifted(monkeypatch):
    """The cube is turned only before a roll: it is read on frames without dice, except the one where the dice
    are lifted (the verdict frame, kept fast); the reading before the roll is kept meanwhile."""
    from vision.observation import CubeReading

    geo = _geometry()
    reader = Reader(geo, fast_path=False, incremental=False)  # one frame again and again: every stage reads it
    rolls = iter([[], [DieReading(3, True, [900.0, 500.0], "right")], [], [], [DieReading(5, True, [900.0, 500.0],
                                                                                          "left")], []])
    cubes = iter([CubeReading(2, [100.0, 100.0]), CubeReading(4, [100.0, 100.0])])
    read = []
    monkeypatch.setattr(Reader, "_board", lambda self, image, warnings: geo)  # a plain frame: no drift check
    monkeypatch.setattr(Reader, "_dice", lambda self, image, g: next(rolls))
    monkeypatch.setattr(Reader, "_cube", lambda self, image, g: read.append(1) or next(cubes))
    image = np.full((1080, 1920, 3), 120, np.uint8)
    seen = [reader.read(image).cube for _ in range(6)]
    assert [c.value if c else None for c in seen] == [2, 2, 2, 4, 4, 4]
    assert len(read) == 2  # the first frame and the frame after the lift, nothing under dice nor on a lift


STILLS = Path(__file__).resolve().parents[1] / "sample_images" / "stills"


def test_each_reader_learns_its_own_die_edge_and_forgets_it():
    """Two readers never share the die edge one of them learnt (it was module-wide: results depended on what any
    reader in the process had read before); Reader.forget() drops it with the rest of the reader's memory."""
    image = cv2.imread(str(STILLS / "sim_02.jpg"))  # a rendered board with two flat dice
    geo = label_geometry(json.loads((STILLS / "sim_02.json").read_text()))
    first = Reader(geo, fast_path=False)
    fresh_before = [(d.value, d.flat) for d in first.read(image).dice]
    first.read(image)
    assert any(e is not None for e in first.dice_memory.edges())  # the edge is learnt from its confident faces
    other = Reader(geo, fast_path=False)
    assert other.dice_memory.edges() == []
    assert [(d.value, d.flat) for d in other.read(image).dice] == fresh_before  # read as a first frame
    first.forget()
    assert first.dice_memory.edges() == []
