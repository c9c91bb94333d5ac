"""A board whose halves fit a one-point shift almost as well is read with a warning and no sure count."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2

import vision.board as board_mod
from vision.board_layout import SHIFT_MARGIN
from vision.reader import Reader

STILL = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_01.jpg"


def _read(monkeypatch, margin):
    image = cv2.imread(str(STILL))
    found = board_mod.find_board(image)
    monkeypatch.setattr(board_mod, "find_board", lambda *a, **k: dataclasses.replace(found, layout_margin=margin))
    return Reader().read(image)


def test_an_ambiguous_layout_caps_every_point_confidence_and_warns(monkeypatch):
    sure = _read(monkeypatch, 1.0)
    assert not any("off by one point" in w for w in sure.warnings)
    assert max(sure.extra["point_confidence"]) > 0.5
    doubtful = _read(monkeypatch, SHIFT_MARGIN / 2)
    assert any("off by one point" in w for w in doubtful.warnings)
    assert max(doubtful.extra["point_confidence"]) <= 0.5
    assert doubtful.points == sure.points  # the counts stand; only how sure they are changes
