"""The referee trusts a borne-off count only as far as the reader does (issue 6).

The reader counts the trays and says how sure it is of each colour's count (``extra["off_confidence"]``: 1.0 the
tray and the board agree, 0.5 one cue only, 0.2 they disagree). A tray the board finder put in the wrong place
reads as a sure empty one while checkers stand in it (held-out renders 5353 and 6464): such a count must neither
block the snap to the right board nor make the borne-off checkers "knocked off"; a checker really gone from the
board is still said."""

from __future__ import annotations

from typing import Any

import pytest

from device.seating import Seating
from device.tracker import GameTracker, State, _board_json, trusted_off
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import die, scene

SEATING = Seating("top-left")
# light bearing off: one checker off, the rest home; dark far from home
BEARING = Position.from_points({6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 1}, {6: 5, 8: 3, 13: 5, 18: 2})
START = Position.start()


def _play(position: Position, dice: tuple[int, int], notation: str) -> Position:
    return next(p.position for p in legal_plays(position, *dice) if p.notation() == notation)


def _tracker(position: Position, mover: str, phase: str, dice: Any = None) -> GameTracker:
    """A tracker in ``phase`` with ``position`` (from ``mover``'s side) standing, the reader's view of it steady."""
    board = SEATING.board(position, mover)
    return GameTracker(state=State(phase=phase, light_home=SEATING.light_home, game=1, turn=mover,
                                   dice=None if dice is None else list(dice),
                                   before=position.position_id() if phase == "moving" else None,
                                   board=_board_json(board), seen=[[n] for n in board.points],
                                   seen_bar=[[board.bar[0]], [board.bar[1]]]))


def _counted(obs: Any, off: dict[str, int], confidence: dict[str, float]) -> Any:
    """``obs`` as the tray-counting reader writes it: these borne-off counts with these confidences."""
    obs.off = dict(off)
    obs.extra["off_confidence"] = dict(confidence)
    return obs


def _feed(tracker: GameTracker, readings: list[Any], frame: int = 100) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for k, obs in enumerate(readings):
        events += tracker.feed(tracker.settle(obs), frame + k, (frame + k) / 10)
    return events


def test_only_a_sure_count_is_evidence():
    obs = _counted(scene(SEATING, BEARING, "light"), {"light": 0, "dark": 0}, {"light": 0.2, "dark": 1.0})
    assert trusted_off(obs) == {"light": None, "dark": 0}
    obs.extra.pop("off_confidence")  # a label or a scripted scene states its counts as they are
    assert trusted_off(obs) == {"light": 0, "dark": 0}


@pytest.mark.parametrize("fault", ["point unseen, tray alone (0.5)", "stack read short, tray disagrees (0.2)"])
def test_a_false_sure_empty_tray_beside_the_standing_board_still_snaps_to_it(fault):
    # dark to roll while light has one checker off; the tray the finder misplaced reads empty, and one point is
    # doubtful. The standing board is snapped to (the stabiliser then sees a steady reading), and dark's roll is
    # read from it: no "knocked off?"
    tracker = _tracker(BEARING.swap(), "dark", "awaiting")
    believed = SEATING.board(BEARING, "light")
    obs = scene(SEATING, BEARING.swap(), "dark", dice=(die(4, SEATING.right_half("dark")),
                                                      die(2, SEATING.right_half("dark"))),
                confidence=[0.95] * 24)
    stack = believed.points.index(3)  # a light 3-stack
    if fault.startswith("point unseen"):
        obs.points[stack] = None
        _counted(obs, {"light": 0, "dark": 0}, {"light": 0.5, "dark": 0.0})
    else:
        obs.points[stack] = 2
        obs.extra["point_confidence"][stack] = 0.4
        _counted(obs, {"light": 0, "dark": 0}, {"light": 0.2, "dark": 1.0})
    settled = tracker.settle(obs)
    assert settled.extra.get("snapped") is True
    assert tuple(settled.points) == believed.points
    events = _feed(tracker, [obs, obs])
    assert [(e["type"], e.get("player"), e.get("dice")) for e in events] == [("roll", "dark", [4, 2])]
    assert tracker.state.board == _board_json(believed)


@pytest.mark.parametrize("roll, play, off", [((6, 5), "6/off 5/off", 3), ((6, 6), "6/off(2) 5/off(2)", 5)])
def test_a_bear_off_beside_a_tray_read_empty_by_mistake_is_judged(roll, play, off):
    # light bears off two with 6-5 (three off now) or four with 6-6; his misplaced tray reads empty, the board
    # says three (five): the counts disagree (0.2). Before: that many light checkers "missing", too many for a
    # knock, so the play was never judged
    tracker = _tracker(BEARING, "light", "moving", dice=list(roll))
    after = _play(BEARING, roll, play)
    assert after.player_off == off
    readings = []
    for dice in ((die(roll[0], SEATING.right_half("light")), die(roll[1], SEATING.right_half("light"))), (), ()):
        obs = scene(SEATING, after, "light", dice=dice, confidence=[0.95] * 24)
        readings.append(_counted(obs, {"light": 0, "dark": 0}, {"light": 0.2, "dark": 1.0}))
    events = _feed(tracker, readings)
    assert [(e["type"], e.get("legal"), e.get("play")) for e in events] == [("play", True, play)]
    assert not any(e.get("alert") or e.get("alert_id") for e in events)


def test_a_sure_tray_count_the_points_explain_away_raises_no_alarm():
    # dark plays 4-2 while light's tray, read "sure", says none off: light's points show all fourteen the belief has
    # on the board, so the count is the tray misread, not a light checker knocked off
    tracker = _tracker(BEARING.swap(), "dark", "moving", dice=[4, 2])
    after = _play(BEARING.swap(), (4, 2), "18/16 18/14")
    readings = []
    for dice in ((die(4, SEATING.right_half("dark")), die(2, SEATING.right_half("dark"))), (), ()):
        obs = scene(SEATING, after, "dark", dice=dice, confidence=[0.95] * 24)
        readings.append(_counted(obs, {"light": 0, "dark": 0}, {"light": 1.0, "dark": 1.0}))
    events = _feed(tracker, readings)
    assert [(e["type"], e.get("legal"), e.get("play")) for e in events] == [("play", True, "18/16 18/14")]
    assert not any(e.get("alert") or e.get("alert_id") for e in events)


@pytest.mark.parametrize("light_sure, alert", [(0.2, False), (1.0, True)])
def test_a_checker_really_knocked_off_is_still_said(light_sure, alert):
    # dark is moving when a light checker falls off the board from light's 6-point (read with confidence). The
    # tray does not explain it (read empty): said once, nothing judged. The alarm only when the tray's count is
    # sure; an unsure count is no evidence either way, so a checker the reader missed could look the same
    tracker = _tracker(START.swap(), "dark", "moving", dice=[5, 4])
    obs = scene(SEATING, START.swap(), "dark", dice=(die(5, SEATING.right_half("dark")),
                                                      die(4, SEATING.right_half("dark"))),
                confidence=[0.95] * 24)
    six = SEATING.geometric("light", 6) - 1
    obs.points[six] -= 1
    _counted(obs, {"light": 0, "dark": 0}, {"light": light_sure, "dark": 1.0})
    events = _feed(tracker, [obs, obs, obs])
    assert [(e["type"], e.get("code"), bool(e.get("alert"))) for e in events] == [
        ("warning", "checker_missing", alert)]
    assert "1 light checker(s) not on the board" in events[0]["message"]


def test_the_movers_own_checker_knocked_off_a_board_that_has_not_moved_is_still_said():
    # light rolled 6-5 and, before playing, knocks a checker off his 4-point; his tray is read empty while the
    # board's count says two off (they disagree: 0.2). The points show it gone: said, no alarm (unsure tray)
    tracker = _tracker(BEARING, "light", "moving", dice=[6, 5])
    tracker.state.before = None  # not bearing off this time: the roll's room to bear off does not hide it
    obs = scene(SEATING, BEARING, "light", dice=(die(6, SEATING.right_half("light")),
                                                 die(5, SEATING.right_half("light"))), confidence=[0.95] * 24)
    four = SEATING.geometric("light", 4) - 1
    obs.points[four] -= 1
    _counted(obs, {"light": 0, "dark": 0}, {"light": 0.2, "dark": 1.0})
    events = _feed(tracker, [obs, obs, obs])
    assert [(e["type"], e.get("code"), bool(e.get("alert"))) for e in events] == [
        ("warning", "checker_missing", False)]
