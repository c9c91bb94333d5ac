"""The frame where the dice are lifted (the referee's verdict frame) keeps the last checker count when nothing
changed but where the dice lay (vision.reader.Reader._lifted_only), and counts the board whole when anything else
changed, a die lay against a point's checkers or a point was counted unsure. Frames from the sample game: frame 33
is the still board with the roll on it, 34-35 the hand lifting the dice (never read: the daemon's motion gate skips
them), 36 the board after."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.reader as reader_mod
from vision.checkers import CheckerCount
from vision.reader import Reader, _Kept

GAME = Path(__file__).resolve().parents[1] / "sample_images" / "game"
WITH_DICE, LIFTED = 33, 36


def _frame(i: int) -> np.ndarray:
    return cv2.imread(str(GAME / "frames" / f"{i:06d}.jpg"))


@pytest.fixture(scope="module")
def labels():
    return [json.loads(line) for line in (GAME / "labels.jsonl").read_text().splitlines()]


def _reader_at_roll() -> tuple[Reader, object]:
    reader = Reader()
    reader.read(_frame(0))
    assert reader.lock()
    reader.read(_frame(7))  # an earlier still frame: the checkers' size is measured (the daemon's reader has)
    return reader, reader.read(_frame(WITH_DICE))


def test_the_sample_frames_are_a_lift(labels):
    assert len(labels[WITH_DICE]["dice"]) == 2 and not labels[WITH_DICE]["hands"]
    assert all(lab["hands"] for lab in labels[WITH_DICE + 1:LIFTED])
    assert not labels[LIFTED]["dice"] and not labels[LIFTED]["hands"]
    assert labels[WITH_DICE]["points"] == labels[LIFTED]["points"]


def test_the_lift_keeps_the_count_made_under_the_dice(monkeypatch):
    # the sample game's 5-stacks on points 12 and 19 are always read unsure: here every count counts as sure
    monkeypatch.setattr(reader_mod, "LIFT_SURE", 0.0)
    reader, rolled = _reader_at_roll()
    assert len(rolled.dice) == 2
    lifted = reader.read(_frame(LIFTED))
    assert not lifted.extra["unchanged"] and not lifted.dice
    assert "checkers" in lifted.extra["reused"]
    assert (lifted.points, lifted.bar, lifted.off) == (rolled.points, rolled.bar, rolled.off)


def test_without_the_rule_the_lift_is_counted_again(monkeypatch):
    monkeypatch.setattr(reader_mod, "LIFT_SURE", 0.0)
    monkeypatch.setattr(reader_mod, "LIFT_KEEPS_COUNT", False)
    reader, _ = _reader_at_roll()
    assert "checkers" not in reader.read(_frame(LIFTED)).extra.get("reused", [])


def test_a_count_unsure_anywhere_is_made_again_on_the_lift():
    """A point counted unsure under the dice is read again when they are lifted: that fresh count is what the
    referee judges the play on (kept, the sample's unsure points made replays lose verdicts: judging game 13434
    43 -> 37 on time)."""
    reader, rolled = _reader_at_roll()
    assert min(rolled.extra["point_confidence"]) < reader_mod.LIFT_SURE
    assert "checkers" not in reader.read(_frame(LIFTED)).extra.get("reused", [])


def test_a_checker_moved_with_the_lift_is_counted(monkeypatch):
    monkeypatch.setattr(reader_mod, "LIFT_SURE", 0.0)
    reader, rolled = _reader_at_roll()
    geo = reader.last_geometry
    image = _frame(LIFTED)
    # a checker-sized patch of point 13's column (far end of the board from the dice on the right half) copied
    # onto point 12's empty-looking tip area: a change no lifted die explains
    dice = np.array([d.center for d in rolled.dice])
    for p in (13, 12, 24, 1):
        at = geo.to_image(np.array([geo.point_base(p)], float))[0]
        if np.min(np.hypot(*(dice - at).T)) > 8 * geo.checker_diameter_px:
            break
    x, y = np.round(at).astype(int)
    side = 24
    image = image.copy()
    image[y - side // 2:y + side // 2, x - side // 2:x + side // 2] = 255 - image[y - side // 2:y + side // 2,
                                                                                 x - side // 2:x + side // 2]
    lifted = reader.read(image)
    assert "checkers" not in lifted.extra.get("reused", [])


def test_a_die_against_a_points_checkers_means_a_recount():
    reader = Reader()
    count = CheckerCount(points=[0] * 24, bar={"light": 0, "dark": 0}, off={"light": 0, "dark": 0},
                         confidence=[1.0] * 24, cues={5: {"die": True}})
    unsure = CheckerCount(points=[0] * 24, bar={"light": 0, "dark": 0}, off={"light": 0, "dark": 0},
                          confidence=[1.0] * 23 + [0.5])
    moved = np.zeros((4, 4), bool)
    moved[0, 0] = True
    kept = _Kept(("work", ["a die"]), np.zeros((4, 4), np.float32), count, (0,))
    assert not reader._lifted_only(moved, [], kept)
    assert not reader._lifted_only(moved, [], _Kept(("work", ["a die"]), np.zeros((4, 4), np.float32), unsure, (0,)))
    kept = _Kept(("work", ["a die"]), np.zeros((4, 4), np.float32), CheckerCount(
        points=[0] * 24, bar={"light": 0, "dark": 0}, off={"light": 0, "dark": 0}, confidence=[1.0] * 24), (0,))
    assert reader._lifted_only(moved, [], kept)
    moved[3, 3] = True  # a cell no die lay on
    assert not reader._lifted_only(moved, [], kept)
    assert not reader._lifted_only(np.zeros((4, 4), bool), ["a die still there"], kept)
