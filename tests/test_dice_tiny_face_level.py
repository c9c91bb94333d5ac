"""Two tiny pips of one small die on a field of its own colour: their bare faces differ more than a large die's.

Why: on a white die of ~13 px at 1280x720 the closing that fills a pip in (vision.dice_pips) takes in the die's
shaded rim round a corner pip, so its "bare face" measures 0.2-0.25 of the pips' contrast darker than the middle
pip's; the pips never grouped and the die (a 2, a 3 on cream felt) was never read. Grouping pips of a few source
pixels (``tiny``) allows 0.3 of the contrast; the path between them must still stay on the face.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.dice_pips import Pip, face_images, group_pips
from vision.reader import Reader


def _pip(x: float, y: float, face: float, contrast: float = 110.0, diameter: float = 4.2) -> Pip:
    return Pip(x=x, y=y, area=12.0, diameter=diameter, elongation=1.2, angle=0.3, contrast=contrast, face=face,
               dark=True)


def test_tiny_pips_whose_faces_differ_by_a_rim_group_only_when_tiny():
    images = face_images(np.full((60, 60), 230, np.uint8))  # an unbroken face between them
    middle, corner = _pip(20, 20, 240.0), _pip(29, 24, 218.0)  # 22 grey levels apart: 0.2 of the contrast
    assert len(group_pips([middle, corner], images)) == 2  # as a large die's pips: two faces
    assert len(group_pips([middle, corner], images, tiny=5.4)) == 1
    assert len(group_pips([middle, corner], images, tiny=4.0)) == 2  # larger than tiny: the old spread decides
    far = _pip(29, 24, 195.0)  # 0.4 of the contrast darker: a pip on another face
    assert len(group_pips([middle, far], images, tiny=5.4)) == 2


def test_a_broken_face_between_tiny_pips_still_parts_them():
    gray = np.full((60, 60), 230, np.uint8)
    gray[:, 19:31] = 120  # a dark band between them, wider than a pip: two dice's edges, a gap between checkers
    images = face_images(gray)
    a, b = _pip(13, 20, 240.0), _pip(35, 24, 218.0)
    assert len(group_pips([a, b], images, tiny=5.4)) == 2
    assert len(group_pips([a, b], face_images(np.full((60, 60), 230, np.uint8)), tiny=5.4)) == 1  # unbroken: one


def _read_render(seed: int, size: tuple[int, int]):
    """A still rendered at ``size``, written as JPEG 90 as ``bgref render stills`` does, and read as ``bgref read``."""
    sim = pytest.importorskip("device.sim.stills", reason="the renderer (device.sim) is not available")
    still = sim.render_still(seed, size=size)
    ok, jpeg = cv2.imencode(".jpg", still.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return still, Reader().read(cv2.imdecode(jpeg, cv2.IMREAD_COLOR))


@pytest.mark.parametrize("seed, value, centre", [(19143, 2, (603.6, 416.5)), (19160, 3, (763.9, 222.5))])
def test_a_small_white_die_on_a_light_field_is_read(seed, value, centre):
    """Renders (1280x720, JPEG 90 as ``bgref render stills`` writes them): a white die of ~13 px on a cream
    (19143) or light grey (19160) field, read whole as ``bgref read`` does; before, never found."""
    still, obs = _read_render(seed, (1280, 720))
    near = [d for d in obs.dice if np.hypot(d.center[0] - centre[0], d.center[1] - centre[1]) < 6]
    assert [d.value for d in near] == [value]
    truths = {(round(t["center"][0]), round(t["center"][1])): t["value"] for t in still.label["dice"]}
    for d in obs.dice:  # no die read with a wrong value
        t = min(truths, key=lambda c: np.hypot(c[0] - d.center[0], c[1] - d.center[1]))
        assert d.value in (None, truths[t])


@pytest.mark.parametrize("seed, value, centre", [(19230, 5, (367.8, 317.2)), (19111, 6, (705.6, 289.9))])
def test_a_face_of_tiny_pips_on_a_field_of_its_colour_needs_no_outline(seed, value, centre):
    """Renders at 960x540 (dice of ~9-11 px): a white 5 on a white field (19230) and a black 6 on a dark field
    (19111), their four to six pips grouped by size alone; before, refused for a face that runs on into the field
    (vision.dice.OWN_LAYOUT_PIPS)."""
    _, obs = _read_render(seed, (960, 540))
    near = [d for d in obs.dice if np.hypot(d.center[0] - centre[0], d.center[1] - centre[1]) < 6]
    assert [d.value for d in near] == [value]
