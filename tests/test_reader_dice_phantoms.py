"""No third die read from the board itself (vision.reader): renders whose lit wedge of board beside two touching
checkers read as a one (67113: blue checkers on a red point, the wedge white), and whose word printed on the field
read as a three (67221: "TOURNAMENT"), beside the dice that were rolled. Each die read must lie on a labelled die."""

import math

import cv2

from device.sim.stills import render_still
from vision.reader import Reader

cv2.setNumThreads(1)


def _unlabelled_dice(seed: int) -> list:
    still = render_still(seed)
    ok, buf = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    obs = Reader().read(cv2.imdecode(buf, cv2.IMREAD_COLOR))
    truths = [d["center"] for d in still.label.get("dice") or []]
    assert truths
    return [d for d in obs.dice if min(math.dist(d.center, t) for t in truths) > 20.0]


def test_the_lit_wedge_beside_two_touching_checkers_is_no_die():
    assert _unlabelled_dice(67113) == []


def test_a_word_printed_on_the_field_is_no_die():
    assert _unlabelled_dice(67221) == []
