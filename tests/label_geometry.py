"""The board geometry a render's label knows (outer corners, playing area, bar from the scene's sizes), for tests
that read a rendered still without the board search, so they judge the stage under test alone."""
from __future__ import annotations

import numpy as np

from calibration.geometry import BoardGeometry, default_rect_size


def label_geometry(label: dict) -> BoardGeometry:
    """The geometry of a still's label: outer corners, playing area and the bar from the scene's sizes."""
    corners = np.array(label["board"]["corners"], float)
    size = default_rect_size(corners)
    probe = BoardGeometry.from_corners(corners, (0, 0, size[0], size[1]), (0, 0, 1, 1), (0, 0, 1, 1), (0, 0, 1, 1),
                                       rect_size=size)
    pa = probe.to_rect(np.array(label["playing_area"], float))
    x0, x1 = (pa[0, 0] + pa[3, 0]) / 2, (pa[1, 0] + pa[2, 0]) / 2
    y0, y1 = (pa[0, 1] + pa[1, 1]) / 2, (pa[2, 1] + pa[3, 1]) / 2
    scene = label["scene"]
    bar_w = scene["bar_width_cm"] * size[0] / scene["size_cm"][0]
    mid = (x0 + x1) / 2
    return BoardGeometry.from_corners(corners, (x0, y0, x1, y1), (mid - bar_w / 2, y0, mid + bar_w / 2, y1),
                                      (x0, y0, mid - bar_w / 2, y1), (mid + bar_w / 2, y0, x1, y1), rect_size=size)
