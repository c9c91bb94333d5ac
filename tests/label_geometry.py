"""The board geometry a render's label knows (outer corners, playing area, bar from the scene's sizes), for tests
that read a rendered still without the board search, so they judge the stage under test alone."""
from __future__ import annotations

import numpy as np

import json
from pathlib import Path
from typing import Any, Optional

import cv2

from calibration.geometry import BoardGeometry, default_rect_size
from calibration.intrinsics import Intrinsics

STILLS = Path(__file__).resolve().parents[1] / "sample_images" / "stills"


def label_geometry(label: dict, intrinsics: Optional[Intrinsics] = None) -> BoardGeometry:
    """The geometry of a still's label: outer corners, playing area and the bar from the scene's sizes (through the
    render's lens when ``intrinsics`` are given)."""
    corners = np.array(label["board"]["corners"], float)
    size = default_rect_size(corners, intrinsics)
    probe = BoardGeometry.from_corners(corners, (0, 0, size[0], size[1]), (0, 0, 1, 1), (0, 0, 1, 1), (0, 0, 1, 1),
                                       rect_size=size, intrinsics=intrinsics)
    pa = probe.to_rect(np.array(label["playing_area"], float))
    x0, x1 = (pa[0, 0] + pa[3, 0]) / 2, (pa[1, 0] + pa[2, 0]) / 2
    y0, y1 = (pa[0, 1] + pa[1, 1]) / 2, (pa[2, 1] + pa[3, 1]) / 2
    scene = label["scene"]
    bar_w = scene["bar_width_cm"] * size[0] / scene["size_cm"][0]
    mid = (x0 + x1) / 2
    return BoardGeometry.from_corners(corners, (x0, y0, x1, y1), (mid - bar_w / 2, y0, mid + bar_w / 2, y1),
                                      (x0, y0, mid - bar_w / 2, y1), (mid + bar_w / 2, y0, x1, y1), rect_size=size,
                                      intrinsics=intrinsics)


def counted_sample_still(name: str) -> tuple[dict, Any]:
    """A sample still's label and the checker counter's reading of it with the renderer's own outline (the board
    finder is not what is tested then); skips when the still is missing."""
    import pytest

    from vision import checkers
    from vision.board import rectify

    label_path = STILLS / f"{name}.json"
    if not label_path.is_file():
        pytest.skip(f"{label_path} is missing (sample_images/stills)")
    cv2.setNumThreads(1)
    label = json.loads(label_path.read_text())
    image = cv2.imread(str(STILLS / label["image"]))
    geometry = label_geometry(label)
    return label, checkers.count_checkers(rectify(image, geometry), geometry)
