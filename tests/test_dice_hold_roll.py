"""A whole roll held (Reader(hold_roll=True), vision.dice_watch): while no cell round its dice changed, a frame
changed elsewhere on the field keeps the roll unread, as the re-read round it would read it; a change at a die, or
hold_roll off, reads the dice again. Frames are a rendered still with parts of it changed, so what did not change is
the very same pixels."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import cv2
import numpy as np

from label_geometry import label_geometry
from tests.test_dice_reread import EDGE, _field, _roll
from vision.change_map import frame_grids
from vision.dice import find_dice, last_roll
from vision.dice_scale import ScaleMemory
from vision.dice_watch import DiceWatch
from vision.reader import Reader
from tests.test_reader_incremental import _patch  # a square of the frame copied over another

STILL = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_02"  # a 5 and a 6, left half


def _dice(obs):
    return [(d.value, d.flat, d.half) for d in obs.dice]


def test_a_watch_holds_a_whole_roll_as_the_re_read_reads_it_and_reads_again_round_a_touched_die():
    img = _roll((120, 110), (330, 150))
    mask = _field(img.shape)
    memory = ScaleMemory()
    frame = {"image": img}
    watch = DiceWatch(mask, float(EDGE), parts=False)
    watch.roll = lambda: last_roll(memory, img.shape, mask, float(EDGE))

    def find(area: np.ndarray, part: bool):
        return find_dice(frame["image"], mask=area, die_size_px=float(EDGE), memory=memory)

    def look(image: np.ndarray):
        frame["image"] = image
        return watch.look(image, frame_grids(image).grid, find)

    far = img.copy()
    far[180:250, 445:480] = far[180:250, 445:480] // 2  # a shadow on the field beyond a re-read of either die
    look(img)  # learns the die edge
    settled = look(far)  # the field changed: read at the learnt edge, a whole roll, held
    assert sorted(d.value for d in settled.dice) == [3, 5] and watch.held is not None
    memory_then = copy.deepcopy(memory)
    kept = look(img)  # only the far patch changed back
    assert kept.carried
    reread = find_dice(img, mask=mask, die_size_px=float(EDGE), memory=memory_then)  # what reading it gives
    assert [(d.value, d.flat) for d in kept.dice] == [(d.value, d.flat) for d in reread]
    assert np.allclose([d.center for d in kept.dice], [d.center for d in reread], atol=0.5)

    moved = _roll((120, 110), (400, 60), second_value=6)  # the second die thrown again
    found = look(moved)
    assert not found.carried and sorted(d.value for d in found.dice) == [5, 6]


def test_the_reader_holds_a_roll_while_the_far_field_changes_and_reads_a_die_touched():
    image = cv2.imread(str(STILL.with_suffix(".jpg")))
    geo = label_geometry(json.loads(STILL.with_suffix(".json").read_text()))
    reader = Reader(geo, fast_path=False, hold_roll=True)
    # the empty field at the far end of the right half replaced by the field beside it: far from both dice
    at = np.round(geo.to_image(np.array([geo.point_tip(3)]))[0]).astype(int)
    far = _patch(image, (at[0] - 15, at[1] + 10), (at[0] - 15, at[1] - 40), 30)
    reader.read(image)  # learns the die edge
    settled = reader.read(far)  # the field changed: read at the learnt edge, a whole roll
    assert sorted(d.value for d in settled.dice if d.value) == [5, 6]
    kept = reader.read(image)  # the far patch back as it was: nothing round the dice changed
    assert "dice" in kept.extra["reused"] and _dice(kept) == _dice(settled)

    # one die covered by the field beside it: the roll is no longer held, the dice are read again
    die = min(settled.dice, key=lambda d: d.center[0])
    x, y = (int(round(v)) for v in die.center)
    edge = int(round(0.45 * geo.checker_diameter_px * 1.5))
    covered = image.copy()
    covered[y - edge:y + edge, x - edge:x + edge] = image[y - edge:y + edge, x + 3 * edge:x + 5 * edge]
    gone = reader.read(covered)
    assert "dice" not in gone.extra.get("reused", []) and _dice(gone) != _dice(settled)
