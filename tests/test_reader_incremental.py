"""Incremental reads (Reader, incremental=True): a frame changed only in part reads again only what the change can
touch, and gives the observation a whole read of the same frame gives (a copy of the reader with incremental off,
so both start from the same state). Frames are a rendered still with parts of it changed, so what did not change
is the very same pixels."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from label_geometry import label_geometry
from vision.reader import Reader

STILL = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_24"  # no dice; a cube beside


def _key(obs):
    return (obs.points, obs.bar, obs.off, [(d.value, d.flat, d.center, d.half) for d in obs.dice],
            None if obs.cube is None else (obs.cube.value, [round(c, 1) for c in obs.cube.center]), obs.warnings)


def _read_both(reader: Reader, image: np.ndarray):
    whole = copy.deepcopy(reader)
    whole.incremental = False
    whole.fast_path = False
    return reader.read(image), whole.read(image)


@pytest.fixture(scope="module")
def still():
    image = cv2.imread(str(STILL.with_suffix(".jpg")))
    label = json.loads(STILL.with_suffix(".json").read_text())
    return image, label_geometry(label)


def _patch(image: np.ndarray, at: tuple[int, int], src: tuple[int, int], size: int) -> np.ndarray:
    out = image.copy()
    x, y = at
    sx, sy = src
    out[y:y + size, x:x + size] = image[sy:sy + size, sx:sx + size]
    return out


def test_a_part_changed_is_read_again_as_a_whole_read_reads_it(still):
    image, geo = still
    reader = Reader(geo, fast_path=False)
    reader.read(image)
    first = reader.read(image)  # the second read counts at the checker size the first measured: settled
    assert first.cube is not None and not first.dice and "checkers" not in first.extra.get("reused", [])

    # a change off the board and beyond where dice or the cube are looked for: every stage's reading stands
    corner = _patch(image, (8, 8), (8, 200), 40)
    inc, whole = _read_both(reader, corner)
    assert not inc.extra["unchanged"] and set(inc.extra["reused"]) == {"dice", "checkers", "cube"}
    assert _key(inc) == _key(whole)
    assert reader.changes is not None and not reader.changes.board and reader.changes.changed_points() == []

    # a checker's worth of one point's column replaced by the empty board beside the stacks: the checkers and the
    # dice are read again (whole), the cube only round the change
    d = geo.checker_diameter_px
    base = np.array(geo.point_base(1)) + [0.0, -0.6 * d]
    at = np.round(geo.to_image(base[None])[0]).astype(int)
    side = int(0.5 * np.linalg.norm(geo.to_image(np.array([[0.0, 0.0], [d, 0.0]]))[1]
                                    - geo.to_image(np.array([[0.0, 0.0]]))[0]))
    changed = _patch(corner, (at[0] - side // 2, at[1] - side // 2), (at[0] - side // 2, at[1] - 4 * side), side)
    inc, whole = _read_both(reader, changed)
    assert "checkers" not in inc.extra.get("reused", []) and "dice" not in inc.extra.get("reused", [])
    assert _key(inc) == _key(whole)
    points = reader.changes.changed_points()
    assert 1 in points and len(points) <= 3 and reader.changes.field

    # the cube taken off the board: seen at once, as a whole read sees it
    cx, cy = (int(round(v)) for v in first.cube.center)
    h = int(0.7 * side) + 6
    gone = changed.copy()
    gone[cy - h:cy + h, cx - h:cx + h] = changed[cy - h:cy + h, cx + 3 * h:cx + 5 * h]
    inc, whole = _read_both(reader, gone)
    assert _key(inc) == _key(whole) and inc.cube is None


def test_forget_and_incremental_off_read_every_stage(still):
    image, geo = still
    reader = Reader(geo, fast_path=False)
    reader.read(image)
    reader.read(image)  # the second read counts at the checker size the first measured
    again = reader.read(image)
    assert set(again.extra["reused"]) == {"dice", "checkers", "cube"}
    reader.forget()
    assert "reused" not in reader.read(image).extra
    off = Reader(geo, fast_path=False, incremental=False)
    off.read(image)
    assert "reused" not in off.read(image).extra


def test_dice_parts_read_only_round_a_change_and_keep_the_dice_elsewhere():
    """Reader(dice_parts=True): a change on the field far from the dice is searched alone; the dice stand as a
    whole read of the same frame finds them (values, halves; centres within a pixel)."""
    still = STILL.with_name("sim_02")  # a 5 and a 6 on the left half, read by the reader
    image = cv2.imread(str(still.with_suffix(".jpg")))
    geo = label_geometry(json.loads(still.with_suffix(".json").read_text()))
    reader = Reader(geo, fast_path=False, dice_parts=True)
    reader.read(image)
    settled = reader.read(image)
    assert sorted(d.value for d in settled.dice if d.value) == [5, 6]
    # the empty field at the far end of the right half replaced by the field beside it
    at = np.round(geo.to_image(np.array([geo.point_tip(3)]))[0]).astype(int)
    changed = _patch(image, (at[0] - 15, at[1] + 10), (at[0] - 15, at[1] - 40), 30)
    inc, whole = _read_both(reader, changed)
    watch = reader._dice_watches["field"]
    x0, y0, x1, y1 = watch.box
    assert not watch.last.carried and 0 < watch.last.searched_px < 0.2 * (x1 - x0) * (y1 - y0)  # only round it
    assert [(d.value, d.flat, d.half) for d in inc.dice] == [(d.value, d.flat, d.half) for d in whole.dice]
    assert all(np.hypot(a.center[0] - b.center[0], a.center[1] - b.center[1]) < 1.0
               for a, b in zip(inc.dice, whole.dice))
