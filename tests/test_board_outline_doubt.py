"""Outlines found in the wrong place are doubted (issue 3): renders with fixed seeds, rendered here and JPEG-compressed
like the files ``bgref render stills`` writes.

Seed 19012: a dark frame on a dark table, the frame's inner edge taken for the outer one (62 px off, the strip
below the points 0 point widths wide). Seed 19002: a score card beside the left end taken in with the board (86 px
off, that end 3.2 point widths deeper than the other). Either outline may be found right some day; until then it
must not be given as sure. The same image's true outline raises no such doubt, nor a sure one."""

import cv2
import numpy as np
import pytest

from device.sim.stills import render_still
from vision import board as board_mod
from vision.board import find_board, geometry_from_corners

cv2.setNumThreads(1)


def _still(seed: int) -> tuple[np.ndarray, np.ndarray]:
    still = render_still(seed)
    ok, buf = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), np.array(still.label["board"]["corners"], float)


@pytest.mark.parametrize("seed, trace", [(19012, "frame strip below the points is only"),
                                         (19002, "left end reaches")])
def test_an_outline_found_far_off_is_doubted_and_the_true_one_is_not(seed, trace):
    image, truth = _still(seed)
    geo = find_board(image)
    err = float(np.linalg.norm(geo.corners - truth, axis=1).mean())
    if err > 25.0:
        assert geo.frame_doubt is not None and trace in geo.frame_doubt, (err, geo.frame_doubt)
        # a strip this thin is left only on outlines far off (the second look's strips on 19012, 0.35 and 0.66
        # point widths, were still an inner edge): the reader then gives no point as sure
        assert geo.frame_doubt_sure or "strip" not in trace, geo.frame_doubt
    right = geometry_from_corners(image, truth)
    doubt = board_mod._frame_doubt(right, 0.0, None, image=image)
    assert doubt is None or trace not in doubt, doubt
    assert not board_mod._sure_doubt(right, image)
