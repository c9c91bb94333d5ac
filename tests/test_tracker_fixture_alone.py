"""Something on the board read as a die, seen beside whole rolls before, is no die even when read alone (issue 6).

g7272: a '1' read at one spot (a mark on the board) beside dark's 4-3 and beside light's 3-1, each a whole roll
lying elsewhere. When dark lifted his dice at frame 331, the '1' was all that was read: taken for a die of his
still lying, the dice counted as down, his play waited unjudged, and light's re-roll (a die off the board) at 339
was never called. A die of a roll read alone where it lay is kept as before.
"""

from __future__ import annotations

from tests.test_tracker_faults import _play, light_played
from vision.observation import DieReading

GHOST_AT = [313.0, 103.0]  # on dark's half (the image's left) in these scenes


def _die(value: int, at: list[float], half: str) -> DieReading:
    return DieReading(value=value, flat=True, center=list(at), half=half)


def _plays(events: list[dict]) -> list[tuple]:
    return [(e["player"], e["play"], e["legal"]) for e in events if e["type"] == "play"]


def test_a_mark_read_as_a_die_beside_two_rolls_does_not_keep_the_dice_down_when_read_alone():
    ghost = _die(1, GHOST_AT, "left")
    r, after = light_played()
    dark = after.swap()
    r.show(dark, "dark", (_die(6, [350.0, 400.0], "left"), _die(2, [300.0, 480.0], "left")))
    dark_after = _play(dark, (6, 2), "24/18 13/11")
    r.show(dark_after, "dark", (_die(6, [350.0, 400.0], "left"), _die(2, [300.0, 480.0], "left"), ghost))
    r.show(dark_after, "dark")  # lifted: judged
    light = dark_after.swap()
    r.show(light, "light", (_die(5, [850.0, 400.0], "right"), _die(4, [900.0, 480.0], "right")))
    light_after = _play(light, (5, 4), "13/9 13/8")
    r.show(light_after, "light", (_die(5, [850.0, 400.0], "right"), _die(4, [900.0, 480.0], "right"), ghost))
    r.show(light_after, "light")
    dark = light_after.swap()
    r.show(dark, "dark", (_die(3, [380.0, 300.0], "left"), _die(1, [420.0, 520.0], "left")))
    dark_after = _play(dark, (3, 1), "8/5 6/5")
    r.show(dark_after, "dark", (_die(3, [380.0, 300.0], "left"), _die(1, [420.0, 520.0], "left")))
    out = r.show(dark_after, "dark", (ghost,))  # the dice lifted: only the mark is read
    assert _plays(out) == [("dark", "8/5 6/5", True)]
    assert r.alarms() == []
    assert _plays(r.events) == [("light", "8/5 6/5", True), ("dark", "24/18 13/11", True),
                                ("light", "13/9 13/8", True), ("dark", "8/5 6/5", True)]
