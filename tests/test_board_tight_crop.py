"""A long side that ends at the image's end is a tight crop only when the other long side ends at its image's end too.

Real photo r15 (a product photo cropped tight to the board): the top frame strip runs off the image, the bottom's
outer edge lies at the image's end; the bottom takes its outermost steady edge (tests/test_board_real_sides.py).
Render 2764 (a k1 -0.19 lens, the board filling the picture): the bottom frame bows out past the image's end in the
middle of the side while its corners show, and the top's image runs on 30 view px past its edges. Taking the top's
outermost steady edge there put the outline's top on the table beyond the bow and the board was refused as cut off;
it was found (64 px off, every point where it is) before the tight-crop rule and is again."""

import cv2
import numpy as np

from device.sim.stills import render_still
from vision.board import find_board
from vision.board_frame import _past_cut_long
from vision.board_lines import SideLine

cv2.setNumThreads(1)


def _opts(*ds: tuple[float, float], border: float) -> list[SideLine]:
    return [SideLine(d, 0.0, support, 10.0) for d, support in ds] + [SideLine(border, 0.0, 1.0, 0.0, border=True)]


def test_the_other_long_side_goes_out_only_when_its_image_ends_there_too():
    # r15's reading (view px): the top's edge just inside its image's end, the bottom's outer edge at its own
    tight = {"top": _opts((7, 0.92), (18, 1.0), border=20), "bottom": _opts((21, 0.7), (35, 0.96), border=36)}
    top, bottom = _past_cut_long(tight, tight["top"][1], tight["bottom"][0], tol=7)
    assert (top.d, bottom.d) == (18, 35)
    # 2764's: the bottom at its image's end, the top's image going on 28 px past its outermost steady edge
    bowed = {"top": _opts((13, 0.36), (23, 0.82), border=51), "bottom": _opts(border=15)}
    top, bottom = _past_cut_long(bowed, bowed["top"][0], bowed["bottom"][-1], tol=7)
    assert (top.d, bottom.d) == (13, 15)


def test_a_board_bowed_past_the_image_end_by_the_lens_is_not_refused_as_cut_off():
    still = render_still(2764)
    ok, buf = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])  # as `bgref render stills` writes
    assert ok
    geo = find_board(cv2.imdecode(buf, cv2.IMREAD_COLOR))  # raised BoardCutOff under the tight-crop rule alone
    truth = np.array(still.label["board"]["corners"], float)
    assert float(np.linalg.norm(geo.corners - truth, axis=1).mean()) < 70.0, geo.corners.round(1).tolist()
