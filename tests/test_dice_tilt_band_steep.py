"""A die leaning steeply (30-34 degrees) shows a side face's band reaching farther than the band cue used to look
(vision.dice_tilt_band.MAX_END): its band is still a cocked die's, not the field's colour. And a bright die on a
field much darker than any lit side face of it is told from the field by brightness (vision.dice_tilt.told_apart),
even where their chromaticities are close."""

from __future__ import annotations

import numpy as np

from tests.forced_cocked import read_forced_cocked
from tests.test_dice_tilt_band import C, EDGE, FIVE, H, SHAPE, _five
from vision.dice_tilt import told_apart
from vision.dice_tilt_band import COCKED_BAND, band_cocked, band_excess


def test_a_steep_leans_wide_band_is_a_cocked_die():
    img = _five(17)  # 0.57 edges of side face: the band ends 2.13 half-edges out, past the old bar (2.1)
    assert band_excess(img, FIVE, C, EDGE, H, SHAPE) > COCKED_BAND
    assert band_cocked(img, FIVE, C, EDGE, H, SHAPE)


def test_a_flat_five_beside_a_stripe_of_its_colour_stays_flat():
    assert not band_cocked(_five(0, stripe=True), FIVE, C, EDGE, H, SHAPE)


def test_forced_cocked_render_12206_an_orange_three_leaning_steeply_is_cocked(monkeypatch):
    still, dice, die_px = read_forced_cocked(monkeypatch, 12206)
    labels = still.label["dice"]
    for t in labels:
        near = [d for d in dice if np.hypot(d.center[0] - t["center"][0], d.center[1] - t["center"][1]) < 0.8 * die_px]
        assert near, t
        assert near[0].flat == t["flat"], (t, near[0])


def test_a_white_die_on_dark_green_felt_is_told_apart_by_brightness():
    white, felt = np.array([227.0, 207.0, 192.0]), np.array([63.0, 85.0, 49.0])  # render 12210: chroma 0.10 off
    assert told_apart(white, felt)
    assert not told_apart(white, white * 0.8)  # the same colour in shade: a side face or the die's own shadow
    assert not told_apart(white, np.array([180.0, 190.0, 200.0]))  # light wood: near in colour and brightness
