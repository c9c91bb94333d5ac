"""A two whose fitted square holds faint or small specks (light caught by the die's bevel) is still read as a two;
a blob of the face's own ink and size there still makes the pair part of a larger face (vision.dice._of_the_face)."""

from __future__ import annotations

import math

from vision.dice import _of_the_face
from vision.dice_pips import Pip


def _pip(x: float, y: float, area: float, contrast: float) -> Pip:
    return Pip(x, y, area, math.sqrt(4 * area / math.pi), 1.1, 0.0, contrast, 120.0, False)


PAIR = [_pip(0, 0, 20, 130), _pip(12, 12, 20, 126)]


def test_a_pip_of_the_face_s_ink_and_size_is_of_the_face():
    assert _of_the_face(_pip(12, 0, 18, 110), PAIR[0], PAIR, 1.0)


def test_a_faint_speck_is_not():
    """A speck at a third of the pips' contrast, of their size: the red 2 of render 7955's bevel."""
    assert not _of_the_face(_pip(12, 0, 18, 40), PAIR[0], PAIR, 1.0)


def test_a_small_speck_is_not():
    """A speck of a fifth of the pips' area at the pips' ink: the amber 2 of render 7989."""
    assert not _of_the_face(_pip(12, 0, 4, 120), PAIR[0], PAIR, 1.0)


def test_a_rendered_two_with_specks_in_its_square_is_read():
    """Render 7989 (an amber 2 on a white board, die edge ~20 px): at every scale that saw its pair, light specks
    of a fifth to half its pips' area inside its fitted square refused it as part of a larger face, and the die went
    unread. Now the 2 is read, and nothing else is on the board but its roll's other die."""
    from device.sim.stills import render_still
    from vision.dice import find_dice
    from vision.dice_eval import _board_hints, _board_homography

    still = render_still(7989)
    mask, die_px = _board_hints(still.label, still.image.shape)
    dice = find_dice(still.image, mask=mask, die_size_px=die_px, board_to_image=_board_homography(still.label))
    truths = still.label["dice"]
    two = next(t for t in truths if t["value"] == 2)
    near = [d for d in dice if math.dist(d.center, two["center"]) < 0.5 * die_px]
    assert [d.value for d in near] == [2]
    for d in dice:  # no false die, no wrong value
        truth = min(truths, key=lambda t: math.dist(t["center"], d.center))
        assert math.dist(truth["center"], d.center) < 0.5 * die_px
        assert d.value in (None, truth["value"])
