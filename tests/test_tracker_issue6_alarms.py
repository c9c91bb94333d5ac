"""No alarm on what the dice reading cannot tell (issue 6): exact events for each rule, on synthetic still scenes.

Rendered game seed 8181 raised three false alarms: a roll "out of turn" after a play not judged (the opponent's
turn was missed), a "play when none" on a re-roll read as a dance, and a late "re-roll" on a roll the reader lost
for a reading. Each test also shows the case where the alarm must still sound.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die, scene
from tests.test_tracker_faults import SEATING, START, Reader, _play, light_played
from vision.observation import DieReading, Observation


def _dark_one_die_then_lifted(r: Reader, after: Position) -> None:
    for _ in range(2):
        r.show(after.swap(), "dark", (DieReading(5, True, [350.0, 400.0], "left"),))  # the other die unseen
    r.show(after.swap(), "dark")  # no die read, nothing moved


def test_the_same_roll_seen_again_where_it_lay_is_no_reroll():
    r, after = light_played()
    _dark_one_die_then_lifted(r, after)
    both = (DieReading(5, True, [352.0, 401.0], "left"), DieReading(2, True, [300.0, 420.0], "left"))
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out] == [("roll", "dark", [5, 2])]
    out = r.show(_play(after.swap(), (5, 2), "13/11 13/8"), "dark")
    assert [(e["type"], e.get("play"), e.get("legal")) for e in out] == [("play", "13/11 13/8", True)]
    assert r.alarms() == []


def test_a_die_that_landed_elsewhere_is_still_a_late_reroll():
    r, after = light_played()
    _dark_one_die_then_lifted(r, after)
    both = (DieReading(5, True, [250.0, 300.0], "left"), DieReading(2, True, [300.0, 420.0], "left"))
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("reason"), e.get("late")) for e in out if e.get("alert_id")] == [
        ("reroll", "unseen_die", True)]


def test_the_last_mover_rolling_after_a_play_not_judged_is_said_without_alarm():
    r, after = light_played()
    r.tracker.state.last_play["legal"] = None  # as the tracker leaves a play it could not judge
    out = r.show(after, "light", (die(4, "right"), die(2, "right")))
    assert [(e["type"], e.get("code"), e.get("player"), e.get("dice")) for e in out] == [
        ("warning", "unsure_reading", "dark", None), ("roll", None, "light", [4, 2])]
    assert r.alarms() == []


def test_the_last_mover_rolling_after_a_judged_play_is_out_of_turn():
    r, after = light_played()
    out = r.show(after, "light", (die(4, "right"), die(2, "right")))
    assert [(e["type"], e.get("code"), e.get("alert")) for e in out] == [("warning", "wrong_player", True)]


def test_a_play_waiting_through_the_opponents_roll_and_the_movers_next_is_not_judged():
    r, after = light_played()
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    t = r.tracker
    assert t.state.phase == "moving" and not t._turn_passed()
    t._note_turns(_obs(r, after, (die(3, "right"), die(1, "right"))))  # light's roll seen, dark's play unweighed
    assert not t._turn_passed()
    t._note_turns(_obs(r, after, (die(5, "left"),)))  # then dark's next roll
    assert t._turn_passed()
    wrong = list(after.swap().player)
    wrong[12], wrong[10] = wrong[12] - 1, wrong[10] + 1  # 13/11 on a 6-4: illegal on its own
    out = r.show(Position(tuple(wrong), after.swap().opponent), "dark")
    assert [(e["type"], e.get("code")) for e in out] == [("warning", "unsure_reading")]
    assert r.alarms() == []


def _obs(r: Reader, position: Position, dice: tuple) -> Observation:
    return scene(SEATING, position.swap(), "dark", dice)


def _dark_dances() -> tuple[Reader, Position]:
    """Dark on the bar against light's 6-point: a 6-6 has no legal play (the board stays as it is)."""
    r, _ = light_played()
    dark = (0, 0, 0, 0, 0, 14, *([0] * 18), 1)
    board = Position(dark, START.player)
    r.tracker.correct_position(board.position_id(), "director", r.frame, r.frame / 10)
    r.show(board, "dark")
    out = r.show(board, "dark", (die(6, "left"), die(6, "left")))
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [6, 6])]
    out = r.show(board, "dark")  # dice lifted, nothing moved: no play
    assert [(e["type"], e.get("code"), e.get("legal")) for e in out] == [("play", "no_play", True)]
    return r, board


def test_the_same_player_rolling_after_a_dance_is_a_late_reroll_not_a_roll_out_of_turn():
    r, board = _dark_dances()
    out = r.show(board, "dark", (die(4, "left"), die(2, "left")))  # a dance judged on dice that may be misread
    assert [(e["type"], e.get("reason"), e.get("dice")) for e in out] == [("reroll", "rolled_again", [6, 6]),
                                                                         ("roll", None, [4, 2])]
    assert not [e for e in r.events if e.get("code") == "wrong_player"]


def test_a_board_changed_after_the_mover_rolled_again_is_not_judged_as_a_correction():
    r, board = _dark_dances()
    r.tracker.state.last_play.pop("pass_pending")  # a dance the next roll does not re-open
    for _ in range(5):
        r.show(board, "dark", (die(4, "left"),))  # dark rolls again; one die read, on his side: not taken
    entered = Position((*([0] * 5), 14, *([0] * 14), 1, 0, 0, 0, 0), START.player)  # bar/21 with that 4
    for _ in range(3):
        r.show(entered, "dark", (die(4, "left"),))
    r.show(entered, "dark")
    out = r.show(entered.swap(), "light", (die(3, "right"), die(1, "right")))
    assert [(e["type"], e.get("code"), e.get("dice")) for e in out] == [("warning", "unsure_reading", None),
                                                                         ("roll", None, [3, 1])]
    assert r.alarms() == []
