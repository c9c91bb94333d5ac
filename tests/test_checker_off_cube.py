"""The doubling cube parked in the home tray is no borne-off checker: the reader passes the cube it read to the tray
reading (vision.checker_off), which leaves the cube's place out and reads the tray round it."""

from __future__ import annotations

from device.sim.stills import render_still
from vision.reader import Reader


def test_a_tray_holding_the_cube_is_read_as_empty_and_agrees_with_the_board():
    # render 79527: the cube (a 2) lies in the middle of the right-hand (home) tray, nothing is borne off. Before, the
    # cube left the tray unread ("something mid-tray") and the off counts stood on the board's count alone, unsure
    still = render_still(79527)
    assert still.label["off"] == {"light": 0, "dark": 0} and still.label["cube"] is not None
    obs = Reader().read(still.image)
    assert obs.cube is not None
    assert obs.off == {"light": 0, "dark": 0}
    assert obs.extra["off_confidence"] == {"light": 1.0, "dark": 1.0}
