"""A lift read too short of checkers to weigh asks for a fresh look (GameTracker._look_at_lift).

Why: the stabiliser reads a still picture once, then nothing until it changes; a reading at the lift that lacked
more checkers than a knock explains (stacks read short) and showed no legal result was neither weighed nor looked at
again, so the verdict came at the opponent's roll, about 10 frames later (rendered games 47535, 69535, 44434: legal
plays said 10 frames after the lift). A fresh look is asked LIFT_LOOKS times per turn of the dice; a look is a
reading like any other, never a verdict. The replays measure the whole path; these tests pin the look's own rule.
"""

from __future__ import annotations

from device.tracker import LIFT_LOOKS, GameTracker
from rules.position import Position
from tests.daemon_scenes import die, scene
from tests.test_tracker_faults import SEATING


def _moving(epoch: int = 7) -> GameTracker:
    """A tracker in the middle of light's turn: his roll read where it lay, the dice of turn ``epoch``."""
    tracker = GameTracker()
    st = tracker.state
    st.phase, st.turn, st.dice, st.dice_epoch = "moving", "light", [3, 2], epoch
    st.roll_at = [[3, 850.0, 400.0], [2, 880.0, 400.0]]
    return tracker


def _lift(tracker: GameTracker, dice: tuple = ()) -> bool:
    tracker.needs_reread = False
    tracker._look_at_lift(scene(SEATING, Position.start(), "light", dice))
    return tracker.needs_reread


def test_a_lift_read_short_is_looked_at_afresh_lift_looks_times_per_turn_of_the_dice():
    tracker = _moving()
    asked = [_lift(tracker) for _ in range(LIFT_LOOKS + 2)]
    # a picture read as short again is not looked at for ever: then the verdict waits for the roll, as before
    assert asked == [True] * LIFT_LOOKS + [False, False]
    tracker.state.dice_epoch += 1  # the next turn of the dice: its lift may be looked at again
    assert _lift(tracker)


def test_no_look_while_the_dice_lie_or_before_any_roll_was_read():
    tracker = _moving()
    assert not _lift(tracker, (die(3, "right"), die(2, "right")))  # the dice still down: no lift yet
    tracker.state.roll_at = None  # the roll never read where it lay: nothing was lifted that the reader saw
    assert not _lift(tracker)


def test_the_looks_survive_a_restart():
    # (the state is the store's JSON: a daemon restarted at the lift does not look for ever)
    import json

    tracker = _moving()
    _lift(tracker)
    again = GameTracker.restore(json.loads(json.dumps(tracker.snapshot())))
    assert again.state.lift_looks == [7, 1]
    assert [_lift(again) for _ in range(LIFT_LOOKS)] == [True] * (LIFT_LOOKS - 1) + [False]
