"""Outlines found at a wrong edge get a second look (issue 3): renders with fixed seeds, rendered here and
JPEG-compressed like the files ``bgref render stills`` writes, and a sample still.

Sample still sim_08: the strip below the points came out 0 point widths wide (the points' base taken for the
frame's outer edge, 24 px off); found again with the long sides' edges at least 0.4 point widths out it is within a
few px. Render 3109: a light table beyond the right end taken in (the end 3.1 point widths deeper than the other,
table-coloured inside its edge, 125 px off); found again at the next edge in it is within a few px (a board with one
tray, as deep at that end but of the frame's colour inside, keeps its outline: render 3091, checked when this was
made, left out for time)."""

from pathlib import Path

import cv2
import json
import numpy as np

from device.sim.stills import render_still
from vision.board import find_board

cv2.setNumThreads(1)

STILLS = Path(__file__).resolve().parent.parent / "sample_images" / "stills"


def _still(seed: int) -> tuple[np.ndarray, np.ndarray]:
    still = render_still(seed)
    ok, buf = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), np.array(still.label["board"]["corners"], float)


def _error(corners: np.ndarray, truth: np.ndarray) -> float:
    return float(np.linalg.norm(np.asarray(corners, float) - truth, axis=1).mean())


def test_a_long_side_taken_at_the_points_base_is_found_again_at_the_frame():
    image = cv2.imread(str(STILLS / "sim_08.jpg"), cv2.IMREAD_COLOR)
    truth = np.array(json.loads((STILLS / "sim_08.json").read_text())["board"]["corners"], float)
    geo = find_board(image)
    assert _error(geo.corners, truth) < 8.0, (geo.corners.round(1).tolist(), geo.frame_doubt)
    assert geo.frame_doubt is None or "point widths wide" not in geo.frame_doubt, geo.frame_doubt


def test_an_end_that_took_in_the_table_is_found_again():
    image, truth = _still(3109)
    geo = find_board(image)
    assert _error(geo.corners, truth) < 8.0, (geo.corners.round(1).tolist(), geo.frame_doubt)


def test_a_frame_bowed_past_the_first_lens_fit_gets_a_second_fit():
    """Render 3066: a strong barrel lens bows the frame 22 px; the straight-line corners sat too far off the bowed
    sides for the first fit's end shifts, so no lens was used and the board was found 34 px off all round."""
    image, truth = _still(3066)
    geo = find_board(image)
    assert geo.intrinsics is not None and geo.intrinsics.estimated
    assert _error(geo.corners, truth) < 8.0, (geo.corners.round(1).tolist(), geo.frame_doubt)


def test_a_second_look_that_moves_the_points_is_not_taken():
    # the thin-strip second look may move a long side of the frame, never the points: an outline whose points land
    # one point along is another reading of the board, and the first outline stands (judging game 3434)
    import cv2
    import numpy as np

    from vision.board import _same_points
    from vision.reader import Reader

    still = Path(__file__).resolve().parents[1] / "sample_images" / "stills" / "sim_00.jpg"
    reader = Reader()
    reader.read(cv2.imread(str(still)))
    geo = reader.last_geometry
    a, b = (geo.to_image(np.array([geo.point_base(p)], dtype=np.float64))[0] for p in (3, 4))
    step = b - a  # one point along the board, in image px
    assert _same_points(geo, geo.with_corners(np.asarray(geo.corners) + 0.2 * step))
    assert not _same_points(geo, geo.with_corners(np.asarray(geo.corners) + 1.0 * step))
