"""The layout inside a board's own outline (issue 3): a bar about a point wide between the two halves.

Travel-size renders with fixed seeds (rich in boards with trays), rendered here and JPEG-compressed like the files
``bgref render stills`` writes, are read through their label's outline and lens, as a calibrated device would, so
that only the layout is judged: every point's base against where the scene put it, in point widths."""

import cv2
import numpy as np

from calibration.geometry import BoardGeometry
from calibration.intrinsics import Intrinsics
from device.sim.stills import render_still
from tests.label_geometry import label_geometry
from vision.board import geometry_from_corners

cv2.setNumThreads(1)


def _read(seed: int) -> tuple[BoardGeometry, BoardGeometry]:
    """(the geometry found inside the label's outline, the true one from the scene's sizes)."""
    still = render_still(seed, board_kind="travel")
    ok, buf = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    image = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    label, cam = still.label, still.label["camera"]
    lens = Intrinsics(np.array(cam["K"], float), np.array(cam["dist"], float), (int(cam["width"]), int(cam["height"])))
    corners = np.array(label["board"]["corners"], float)
    return geometry_from_corners(image, corners, lens), label_geometry(label, lens)


def _base_error(found: BoardGeometry, truth: BoardGeometry) -> float:
    """The largest distance of a point's base from its true place, in the true point widths (image px)."""
    bases = np.array([truth.point_base(p) for p in range(1, 25)], float)
    pw = np.linalg.norm(truth.to_image(bases + [truth.point_width(1) / 2, 0])
                        - truth.to_image(bases - [truth.point_width(1) / 2, 0]), axis=1)
    got = found.to_image(np.array([found.point_base(p) for p in range(1, 25)], float))
    return float(np.max(np.linalg.norm(got - truth.to_image(bases), axis=1) / pw))


def _widths(geo: BoardGeometry) -> tuple[float, float, float]:
    return geo.left_half[2] - geo.left_half[0], geo.right_half[2] - geo.right_half[0], geo.bar[2] - geo.bar[0]


def test_a_half_that_swallowed_the_bar_gives_it_back():
    # render 9569: the left half shifted one point onto the bar (4 px left between the halves), every point of it a
    # whole point off; a board's bar is about a point wide
    found, truth = _read(9569)
    left, right, bar = _widths(found)
    assert bar >= 0.5 * (left + right) / 12, (left, right, bar)
    assert _base_error(found, truth) < 0.2
