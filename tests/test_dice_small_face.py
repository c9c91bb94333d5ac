"""A face fitted far smaller than the die edge the view has learnt is no die's upper face.

Judging game 73535 (960x540), frame 182: light's 3 lay slanted to the camera, its side face's four pips showing
beside the upper face. At the learnt 14 px edge the side face fitted a 4 of 5.9 px, read 0.8 sure where the 3 lies
(the guess's scales read the 3), and light's legal 8/7 6/3 was called "do not match the roll 4-1". Upper faces
fit near the learnt edge (it is the median of their fitted sizes); a side face's pips, squeezed by the slant, far under it.
"""

from __future__ import annotations

import vision.dice as dice
from vision.dice import find_dice
from vision.dice_scale import ScaleMemory
from tests.test_dice import draw_die

GUESS = 30.0
SIZE = (200, 320)


def _scene(side: bool):
    """A 5 of 44 px, and (``side``) four pips of a face 28 px across squeezed to 0.6 beside it: a side face's."""
    img = draw_die(5, edge=44, angle=10, size=SIZE, center=(80, 100))
    if side:
        four = draw_die(4, edge=28, angle=10, squash=0.6, size=SIZE, center=(240, 100))
        img[60:140, 200:290] = four[60:140, 200:290]
    return img


def _read_at_the_learnt_edge() -> list:
    memory = ScaleMemory()
    for _ in range(3):
        assert [d.value for d in find_dice(_scene(False), die_size_px=GUESS, memory=memory)] == [5]
    edge = memory.view((_scene(False).shape, None, GUESS)).edge()
    assert edge is not None and 0.8 * 44 <= edge <= 1.2 * 44
    return [d.value for d in find_dice(_scene(True), die_size_px=GUESS, memory=memory)]


def test_at_the_learnt_edge_a_squeezed_small_face_is_not_read_as_a_die():
    assert _read_at_the_learnt_edge() == [5]


def test_without_the_rule_the_squeezed_face_is_read_as_a_four(monkeypatch):
    monkeypatch.setattr(dice, "SMALL_FACE", 0.0)
    assert _read_at_the_learnt_edge() == [5, 4]
