"""A cube read where no double of the player on roll explains it: the missed cube actions are caught up, not ignored.

Seating "bottom-right": light sits at the bottom, dark at the top. A cube is turned to its next value where it
lies and lies on its owner's side (see GameTracker._cube_caught_up)."""

from __future__ import annotations

from device.seating import Seating
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import Driver, die

START = Position.start()


def light_played(match_length: int = 0) -> tuple[Driver, Position]:
    """Light won the opening 3-1 and played 8/5 6/5: dark is on roll, the cube at 1 in the middle."""
    d = Driver(GameTracker(match_length=match_length), Seating("bottom-right"))
    d.show(START, "light")
    d.show(START, "light", (die(3, "right"), die(1, "left")))
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(right, "light")
    return d, right.swap()


def cube_events(d: Driver) -> list[tuple]:
    return [(e["action"], e["player"], e["value"]) for e in d.events if e["type"] == "cube"]


def test_a_cube_turned_on_the_rollers_side_past_twice_its_value_is_his_double():
    d, dark_view = light_played()
    # dark's 2 was missed: the cube is next read at 4 on dark's own side (top), no dice out
    d.show(dark_view, "dark", cube=(4, "top"))
    warning = [e for e in d.events if e.get("code") == "cube_missed"]
    assert len(warning) == 1 and "shows 4" in warning[0]["message"]
    assert cube_events(d) == [("double", "dark", 4)]
    d.show(dark_view, "dark", (die(6, "left"), die(5, "left")), cube=(4, "bottom"))
    assert cube_events(d) == [("double", "dark", 4), ("take", "light", 4)]
    assert d.tracker.state.cube_value == 4 and d.tracker.state.cube_owner == "light"


def test_a_cube_on_the_opponents_side_past_twice_its_value_is_his_at_that_value():
    d, dark_view = light_played()
    # a double to 4 and its take both missed: the cube lies at 4 on light's side while dark is on roll
    d.show(dark_view, "dark", cube=(4, "bottom"))
    assert cube_events(d) == []
    assert [e["code"] for e in d.events if e["type"] == "warning"] == ["cube_missed"]
    assert d.tracker.state.cube_value == 4 and d.tracker.state.cube_owner == "light"
    d.show(dark_view, "dark", (die(6, "left"), die(5, "left")), cube=(4, "bottom"))
    assert cube_events(d) == []  # dark rolls: no take to say, dark could not double a cube light owns
    assert d.events[-1]["type"] == "roll"


def test_a_cube_read_twice_its_value_is_still_a_plain_double():
    d, dark_view = light_played()
    d.show(dark_view, "dark", cube=(2, "bottom"))
    assert cube_events(d) == [("double", "dark", 2)]
    assert not [e for e in d.events if e.get("code") == "cube_missed"]


def test_a_cube_in_the_middle_or_with_dice_out_catches_nothing_up():
    d, dark_view = light_played()
    d.show(dark_view, "dark", cube=(64, "middle"))  # the cube at home shows 64, unowned
    d.show(dark_view, "dark", (die(6, "left"), die(5, "left")), cube=(8, "top"))
    assert cube_events(d) == []
    assert not [e for e in d.events if e.get("code") == "cube_missed"]
    assert d.tracker.state.cube_value == 1


def test_a_first_double_on_the_rollers_own_side_is_his_taken_cube_not_his_double():
    d, dark_view = light_played()
    d.show(dark_view, "dark", cube=(64, "middle"))  # the cube unturned, at home on the bar
    # light doubled to 2 and dark took, both unseen: the 2 lies on dark's side (top) while dark is on roll
    d.show(dark_view, "dark", cube=(2, "top"))
    assert cube_events(d) == []
    assert [e["code"] for e in d.events if e["type"] == "warning"] == ["cube_missed"]
    assert d.tracker.state.cube_value == 2 and d.tracker.state.cube_owner == "dark"
    # dark owns the cube: his double to 4 (turned where it lies) is said
    d.show(dark_view, "dark", cube=(4, "top"))
    assert cube_events(d) == [("double", "dark", 4)]


def test_the_unturned_cube_kept_at_one_players_side_is_no_double():
    d, dark_view = light_played()
    d.show(dark_view, "dark", cube=(64, "bottom"))  # the cube at 64 beside light, then beside dark: no double
    d.show(dark_view, "dark", cube=(64, "top"))
    assert cube_events(d) == []
    assert not [e for e in d.events if e.get("code") == "cube_missed"]
    assert d.tracker.state.cube_value == 1
    d.show(dark_view, "dark", cube=(2, "top"))  # turned where it was kept: dark's first double is still said
    assert cube_events(d) == [("double", "dark", 2)]
