"""A roll is taken once both dice read with a clean face (DieReading.confidence at least SURE_DIE), or after
SHAKY_READS readings more: a die misread while it settles is read again before it reaches the referee as the roll.

Render 10515 frames 45-58: dark's 2-1, the 1 read alone first, then the 2 read as a one (a pip of the two, off the
middle of its face: confidence 0.19) in two readings, and as a clean 2 from frame 57. The roll was said 1-1 at
frame 48 and only a look after a checker moved could correct it."""

from __future__ import annotations

from tests.test_tracker_faults import _play, light_played
from tests.test_tracker_one_misread_die import DARK_A, DARK_B
from device.tracker import SHAKY_READS
from vision.observation import DieReading


def _die(value: int, at: list[float], confidence: float) -> DieReading:
    return DieReading(value=value, flat=True, center=list(at), half="left", confidence=confidence)


def _rolls(events: list[dict]) -> list[tuple]:
    return [(e["type"], e.get("dice"), bool(e.get("late")), bool(e.get("corrected"))) for e in events
            if e["type"] == "roll"]


def test_the_second_die_read_shaky_is_read_again_before_the_roll_is_made_whole():
    r, after = light_played()
    r.show(after.swap(), "dark", (_die(1, DARK_A, 0.94),))  # one die: the roll goes on with it
    assert r.show(after.swap(), "dark", (_die(1, DARK_A, 0.94), _die(1, DARK_B, 0.19))) == []
    out = r.show(after.swap(), "dark", (_die(1, DARK_A, 0.94), _die(2, DARK_B, 1.0)))
    assert _rolls(out) == [("roll", [2, 1], True, False)]
    r.show(_play(after.swap(), (2, 1), "13/11 6/5"), "dark")
    assert r.alarms() == []


def test_a_whole_roll_with_a_shaky_die_is_read_again_before_it_is_taken():
    r, after = light_played()
    assert r.show(after.swap(), "dark", (_die(1, DARK_A, 0.94), _die(1, DARK_B, 0.19))) == []
    out = r.show(after.swap(), "dark", (_die(1, DARK_A, 0.94), _die(2, DARK_B, 1.0)))
    assert _rolls(out) == [("roll", [2, 1], False, False)]


def test_a_die_that_stays_shaky_is_taken_after_a_few_readings():
    r, after = light_played()
    dice = (_die(1, DARK_A, 0.94), _die(1, DARK_B, 0.19))
    for _ in range(SHAKY_READS):
        assert r.show(after.swap(), "dark", dice) == []
    assert _rolls(r.show(after.swap(), "dark", dice)) == [("roll", [1, 1], False, False)]


def test_dice_whose_reader_says_no_confidence_are_taken_at_once():
    r, after = light_played()
    out = r.show(after.swap(), "dark", (DieReading(1, True, list(DARK_A), "left"),
                                        DieReading(2, True, list(DARK_B), "left")))
    assert _rolls(out) == [("roll", [2, 1], False, False)]
