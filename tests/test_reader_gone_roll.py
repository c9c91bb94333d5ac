"""A roll whose every die's middle changed is not read round where it lay (Reader._drop_gone_roll): the field is
read whole at once, with what re-reading round the old roll first gives; a change elsewhere still reads round it."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.dice as dice_mod
from label_geometry import label_geometry
from vision.reader import Reader

STILL = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_02"  # a 5 and a 6 on the field


@pytest.fixture(scope="module")
def settled():
    image = cv2.imread(str(STILL.with_suffix(".jpg")))
    label = json.loads(STILL.with_suffix(".json").read_text())
    reader = Reader(label_geometry(label), fast_path=False)
    reader.read(image)  # learns the die's edge
    first = reader.read(_away(image, label, 0))  # the field changed away from the dice: read at the edge learnt
    assert sorted(d.value for d in first.dice) == [5, 6]
    return image, label, reader


def _away(image: np.ndarray, label: dict, k: int) -> np.ndarray:
    """The frame with a patch of the field copied beside the roll, five dice' widths right of it (``k`` picks
    which): the field changed, no die's middle did."""
    moved = image.copy()
    xs = [d["center"][0] for d in label["dice"]]
    ys = [d["center"][1] for d in label["dice"]]
    x0, y0 = int(max(xs)) + 100 + 30 * k, int(np.mean(ys)) - 10
    moved[y0:y0 + 20, x0:x0 + 20] = image[y0 + 40:y0 + 60, x0:x0 + 20]
    return moved


def _rereads(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    calls: list[bool] = []
    plain = dice_mod._reread_roll

    def spy(*args, **kwargs):
        out = plain(*args, **kwargs)
        calls.append(out is not None)
        return out

    monkeypatch.setattr(dice_mod, "_reread_roll", spy)
    return calls


def _key(obs):
    return (obs.points, [(d.value, d.flat, d.center, d.half, d.confidence) for d in obs.dice], obs.warnings)


def test_dice_lifted_read_the_field_whole_at_once(settled, monkeypatch):
    image, label, reader = settled
    reader = copy.deepcopy(reader)
    lifted = _away(image, label, 0)  # (the frame the reader read last, the dice then covered)
    for die in label["dice"]:  # each die covered by the field's grey round it: every die's middle changed
        x, y = (int(round(v)) for v in die["center"])
        ring = np.concatenate([image[y - 25, x - 25:x + 25], image[y + 25, x - 25:x + 25]])
        lifted[y - 12:y + 13, x - 12:x + 13] = np.median(ring, axis=0).astype(np.uint8)
    as_before = copy.deepcopy(reader)
    as_before._drop_gone_roll = lambda *args, **kwargs: None  # re-reads round the old roll first, as before
    calls = _rereads(monkeypatch)
    reference = as_before.read(lifted)
    assert calls == [False]  # round the old roll: no roll there
    calls.clear()
    obs = reader.read(lifted)
    assert calls == []  # not looked round the old roll at all
    assert _key(obs) == _key(reference)


def test_a_change_away_from_the_dice_still_reads_round_the_roll(settled, monkeypatch):
    image, label, reader = settled
    reader = copy.deepcopy(reader)
    calls = _rereads(monkeypatch)
    obs = reader.read(_away(image, label, 1))
    assert calls == [True]  # read round the roll, and the roll was there
    assert sorted(d.value for d in obs.dice) == [5, 6]
