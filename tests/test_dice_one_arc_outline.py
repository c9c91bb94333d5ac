"""A one whose face is outlined in colour on one side only: its side face and shadow run on into the field.

Why: seen from a camera off vertical, a one's face runs on into the die's side face and its shadow, which on a field
of nearly the die's grey differ from it by less than the colour tolerance; the colour rays stop round the pip only
on the lit side, in one arc at a face's reach, and the one was refused as unbounded (renders 23122 and 23118).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice import _colour_arc_outline
from vision.reader import Reader

INF = np.inf


def test_an_arc_of_stops_at_a_faces_reach_outlines_a_one():
    ten = np.array([INF] * 5 + [1.5, 1.5, 1.8, 1.5, 1.5, 1.5, 1.7, 1.4, 1.3, 1.4] + [INF])
    assert _colour_arc_outline(ten)
    assert _colour_arc_outline(np.array([INF, INF, 1.5, 1.4, 1.5, 1.7, 1.4] + [INF] * 9))


def test_scattered_far_or_too_few_stops_do_not():
    assert not _colour_arc_outline(np.array([INF] * 12 + [1.5, 1.4, 1.5, 1.6]))  # four rays: too few
    broken = np.array([1.5, 1.4, 1.5, INF, 1.6, 1.5, 1.4] + [INF] * 9)  # two arcs: not one face's lit side
    assert not _colour_arc_outline(broken)
    far = np.array([INF, INF, 1.5, 1.4, 1.5, 1.7, 2.7] + [INF] * 9)  # one stop beyond a one's face
    assert not _colour_arc_outline(far)
    near = np.array([INF, INF, 1.5, 1.4, 0.5, 1.7, 1.4] + [INF] * 9)  # one inside the face
    assert not _colour_arc_outline(near)
    assert not _colour_arc_outline(np.full(16, 1.5))  # closed all round: the old tests' case, not this one


@pytest.mark.parametrize("seed, centre", [(23122, (1160.0, 619.0)), (23118, (1149.0, 500.0))])
def test_a_one_outlined_on_one_side_is_read(seed, centre):
    """Renders (``bgref render stills --seed S``, JPEG 90): a grey one of 31 px on blue felt (23122) and a green one
    of 27 px on green felt (23118), read whole as ``bgref read`` does; before, never found."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed)
    ok, jpeg = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90, cv2.IMWRITE_JPEG_OPTIMIZE, 1])
    obs = Reader().read(cv2.imdecode(jpeg, cv2.IMREAD_COLOR))
    near = [d for d in obs.dice if np.hypot(d.center[0] - centre[0], d.center[1] - centre[1]) < 6]
    assert [d.value for d in near] == [1]
    truths = {(round(t["center"][0]), round(t["center"][1])): t["value"] for t in still.label["dice"]}
    for d in obs.dice:  # no die read with a wrong value
        t = min(truths, key=lambda c: np.hypot(c[0] - d.center[0], c[1] - d.center[1]))
        assert d.value in (None, truths[t])
