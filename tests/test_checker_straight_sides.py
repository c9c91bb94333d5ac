"""A light triangle's base read as a lone light checker (vision.checker_lone.straight_sided_lone): no edge on its tip
side and the triangle's straight edges at its sides, far stronger than its rim. Such a point is doubted, never a
sure checker; a lone checker that is really there (its rim all round) is still read, and read sure where clear."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.checker_discs import colour_gradient
from vision.checker_doubt import doubts
from vision.checker_lone import side_edges, straight_sided_lone
from vision.reader import Reader


def _read_render(seed: int):
    """Render ``seed`` as ``bgref render stills`` writes it (JPEG 90) and read it whole as ``bgref read`` does."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed)
    ok, jpeg = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return Reader().read(cv2.imdecode(jpeg, cv2.IMREAD_COLOR)), still.label


def test_a_light_triangles_base_is_not_read_as_a_sure_checker():
    """Render seed 82792 (burgundy felt, white triangles): the bases of white points 19 and 23 meet the dark frame in
    round shapes with clear rims, each read as one light checker at 1.0 before; both points are empty. They are
    doubted now, and the lone light checker on point 10 is still read sure."""
    obs, label = _read_render(82792)
    conf = obs.extra["point_confidence"]
    for p in (19, 23):
        assert label["points"][p - 1] == 0
        assert obs.points[p - 1] in (0, None) or conf[p - 1] < 0.6, f"point {p} read {obs.points[p - 1]} at {conf[p - 1]}"
    assert label["points"][9] == 1 and obs.points[9] == 1 and conf[9] >= 0.6


def test_lone_light_checkers_on_light_points_stay_sure():
    """Render seed 82742 (green felt): single light checkers at the bases of light points 13, 15 and 17, on
    triangles of about their colour, are read one each, sure (their rims show on the tip side too)."""
    obs, label = _read_render(82742)
    conf = obs.extra["point_confidence"]
    for p in (13, 15, 17):
        assert label["points"][p - 1] == 1
        assert obs.points[p - 1] == 1 and conf[p - 1] >= 0.6, f"point {p} read {obs.points[p - 1]} at {conf[p - 1]}"


def _scene(checker: bool) -> tuple[np.ndarray, tuple[float, float, float]]:
    """A small synthetic top point in Lab: a dark field and frame, a light triangle from the frame down to its tip;
    with ``checker``, a light checker (darker ring at its edge, as its bevel and shadow draw) at the base."""
    h, w, r = 120, 60, 11.0
    bgr = np.full((h, w, 3), (40, 30, 90), np.uint8)  # a burgundy field
    bgr[:8] = (20, 20, 20)  # the frame
    tri = np.array([[w / 2 - 14, 8], [w / 2 + 14, 8], [w / 2, 100]], np.int32)
    cv2.fillPoly(bgr, [tri], (225, 230, 235))
    x, y = w / 2, 8 + r + 1
    if checker:
        cv2.circle(bgr, (int(x), int(y)), int(r) + 1, (70, 70, 70), -1, cv2.LINE_AA)
        cv2.circle(bgr, (int(x), int(y)), int(r) - 1, (232, 236, 240), -1, cv2.LINE_AA)
    lab = cv2.GaussianBlur(cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab).astype(np.float32), (0, 0), 0.7)
    return lab, (x, y, r)


def _rim(gx: np.ndarray, gy: np.ndarray, x: float, y: float, r: float) -> float:
    """The disc's rim as checker_discs scores it: a low percentile of the radial edge strength round it."""
    th = np.radians(np.arange(0, 360, 10))
    xs = np.clip(np.rint(x + r * np.cos(th)).astype(int), 0, gx.shape[1] - 1)
    ys = np.clip(np.rint(y + r * np.sin(th)).astype(int), 0, gx.shape[0] - 1)
    radial = np.abs(gx[ys, xs] * np.cos(th) + gy[ys, xs] * np.sin(th))
    return float(np.percentile(radial, 20))


@pytest.mark.parametrize("checker", [False, True])
def test_side_edges_tell_a_triangles_base_from_a_checker(checker: bool):
    """On a synthetic light point's base: the disc the triangle's base draws shows straight sides and no tip-side
    edge (doubted); a light checker lying there shows its rim on its tip side (not doubted by this rule)."""
    lab, (x, y, r) = _scene(checker)
    gx, gy = colour_gradient(lab)
    edges = side_edges(gx, gy, x, y, r, max(_rim(gx, gy, x, y, r), 5.0), 90.0)
    cue = {"n": 1, "us": [0.5], "rims": [0.5], "row_base": 0.5, "side_edges": edges}
    assert straight_sided_lone(cue) is (not checker), edges
    assert ("lone disc with a triangle's straight sides" in doubts(cue)) is (not checker)


def test_straight_sides_need_one_disc():
    """Two discs counted: the base disc's tip side touches the next checker, so the rule says nothing."""
    cue = {"n": 2, "us": [0.5, 1.5], "side_edges": [0.05, 6.0, 6.0]}
    assert not straight_sided_lone(cue)
