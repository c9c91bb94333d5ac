"""A look at the dice only (the tracker read a re-roll or a roll once): a read whose dice lie where the accepted
reading's lay is passed on at once with the agreed checkers, though a count flickers in it; a read with no dice or
a die elsewhere must be agreed on as usual.

Why: a re-roll is called at the second look of the still scene (device/tracker.py, issue 6); waiting for a whole
reading to agree again made the call four frames late when one point's count flickered in the look."""

from __future__ import annotations

from device.sources import Frame
from device.stability import Stabiliser
from tests.daemon_scenes import die, scene
from tests.test_tracker_faults import SEATING, START


def _reads(*observations):
    queue = list(observations)
    return Stabiliser(lambda frame: queue.pop(0))


def _frame(i: int) -> Frame:
    return Frame(i, i / 10, None, label={"moving": False})


def _scene(dice, flicker: bool = False):
    obs = scene(SEATING, START, "dark", dice)
    if flicker:
        obs.points[12] += 1
    return obs


def _accepted_after_look(dice_only, look_dice) -> list:
    wrong = (die(3, "left"), die(1, "right"))
    st = _reads(_scene(wrong), _scene(wrong), _scene(look_dice, flicker=True), _scene(look_dice, flicker=True))
    assert st.step(_frame(1)) is None
    first = st.step(_frame(2))
    assert first is not None
    st.unsettle(dice=dice_only)
    return [st.step(_frame(3)), st.step(_frame(4))]


def test_a_dice_look_whose_dice_agree_passes_the_accepted_reading_on_at_once():
    look, after = _accepted_after_look("same", (die(3, "left"), die(1, "right")))
    assert look is not None and look.frame == 3
    assert look.observation.points[12] == scene(SEATING, START, "dark").points[12]  # the agreed counts, not the flicker


def test_a_look_at_the_whole_reading_waits_for_the_flickering_read_to_be_agreed():
    look, after = _accepted_after_look(False, (die(3, "left"), die(1, "right")))
    assert look is None and after is not None and after.frame == 4


def test_a_dice_look_passes_another_face_where_a_die_lay_at_once_with_the_agreed_counts():
    look, after = _accepted_after_look("faces", (die(4, "left"), die(1, "right")))
    assert look is not None and [d.value for d in look.observation.dice] == [4, 1]
    assert look.observation.points[12] == scene(SEATING, START, "dark").points[12]


def test_a_dice_look_reading_no_dice_or_a_die_elsewhere_is_agreed_on_as_usual():
    look, after = _accepted_after_look("faces", ())  # no dice: must not pass for the dice lifted at once
    assert look is None and after is not None and after.observation.dice == []
    look, after = _accepted_after_look("faces", (die(3, "left"), die(1, None)))  # a die elsewhere
    assert look is None and after is not None


def test_a_look_confirming_the_dice_agrees_on_other_dice_as_usual():
    # a re-roll's look ("same"): a die missed in the look is no contradiction until a second read agrees
    look, after = _accepted_after_look("same", (die(3, "left"),))
    assert look is None and after is not None and [d.value for d in after.observation.dice] == [3]
