"""A rendered still with its roll's first die forced cocked, read by the dice finder as the board reader calls it
(the label's playing area, die size and board homography), for tests of the cocked-dice cues on one scene."""
from __future__ import annotations

from typing import Any


def read_forced_cocked(monkeypatch: Any, seed: int, hands: bool = True) -> tuple[Any, list, float]:
    """(still, dice read, die edge in px) for render ``seed`` with ``device.sim.generate.roll_dice`` told to cock
    its first die (the renderer's own tilt, so the scene is what a random cocked roll looks like)."""
    import device.sim.generate as generate
    from device.sim.stills import render_still
    from vision.dice import find_dice
    from vision.dice_eval import _board_hints, _board_homography

    roll = generate.roll_dice
    monkeypatch.setattr(generate, "roll_dice", lambda scene, rng, values, halves, colour, size, cocked=None:
                        roll(scene, rng, values, halves, colour, size, 0))
    still = render_still(seed) if hands else render_still(seed, hands=False)
    mask, die_px = _board_hints(still.label, still.image.shape)
    dice = find_dice(still.image, mask=mask, die_size_px=die_px, board_to_image=_board_homography(still.label))
    return still, dice, die_px
