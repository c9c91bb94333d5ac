"""A roll read late, after a play of the opponent's not judged, must not blame the start of its play on him.

Render 15434 (session 15's judging game, frame 164): light's 3-2 was never read (white dice on cream felt), nor
was dark's 4-4 until dark had played 24/20. The board the roll was taken on held light's play and dark's first
checker, the tracker took it all for light's play (not judged), and dark's 13/9 6/2*(2) that followed was called
'plays only 3 of the four 4s': a false alarm. In light's turn dark's checkers do not move, so dark's play began
where his checkers stood before light's play.
"""

from __future__ import annotations

from device.seating import Seating
from device.tracker import GameTracker
from rules.notation import parse_play
from rules.position import Position
from tests.daemon_scenes import Driver, die

START = Position.start()


def _play(position: Position, dice: tuple[int, int], text: str) -> Position:
    return parse_play(text, position, dice).position


def _game_to_dark_on_roll(d: Driver, seating: Seating) -> Position:
    """Setup, light's opening 3-1 (8/5 6/5) judged, dark's 6-5 (24/13) judged; light on roll (light's side)."""
    d.show(START, "light")
    d.show(START, "light")
    opening = (die(3, seating.right_half("light")), die(1, seating.right_half("dark")))
    light = _turn(d, START, "light", opening, (3, 1), "8/5 6/5")
    roll = (die(6, seating.right_half("dark")), die(5, seating.right_half("dark")))
    return _turn(d, light.swap(), "dark", roll, (6, 5), "24/13").swap()


def _turn(d: Driver, position: Position, mover: str, dice: tuple, roll: tuple[int, int], text: str) -> Position:
    """The dice shown twice on ``position``, the play ``text`` made with them down, then lifted: the result."""
    d.show(position, mover, dice)
    d.show(position, mover, dice)
    after = _play(position, roll, text)
    d.show(after, mover, dice)
    d.show(after, mover)
    d.show(after, mover)
    return after


def test_a_play_begun_before_its_roll_was_read_is_judged_from_where_it_began():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    light = _game_to_dark_on_roll(d, seating)
    assert [e["player"] for e in d.events if e["type"] == "play"] == ["light", "dark"]
    # light plays 24/16 (6-2 or 5-3: the board does not tell which); his dice are never read
    light = _play(light, (6, 2), "24/16")
    d.show(light, "light")
    d.show(light, "light")
    dark = light.swap()
    # dark rolls 4-4; his dice are missed while he plays a first 8/4, then read
    whole = "8/4(2) 6/2(2)"
    first = _play(dark, (4, 4), whole)
    points = list(dark.player)  # 8/4 only: dark's first checker, moved before his dice were read
    points[7] -= 1
    points[3] += 1
    begun = Position._unchecked(tuple(points), dark.opponent)
    d.show(begun, "dark")
    d.show(begun, "dark")
    roll = (die(4, seating.right_half("dark")), die(4, seating.right_half("dark")))
    d.show(begun, "dark", roll)
    d.show(begun, "dark", roll)
    d.show(first, "dark", roll)
    d.show(first, "dark")
    d.show(first, "dark")
    plays = [e for e in d.events if e["type"] == "play"]
    assert [(e["player"], e["legal"]) for e in plays] == [("light", True), ("dark", True), ("dark", True)]
    assert plays[-1]["before"] == dark.position_id()
    assert plays[-1]["play"] == parse_play(whole, dark, (4, 4)).notation()
    assert not [e for e in d.events if e.get("alert_id") or e["type"] == "reroll"]  # no alarm anywhere
    assert any(e["type"] == "warning" and "light's roll was not read" in e["message"] for e in d.events)
