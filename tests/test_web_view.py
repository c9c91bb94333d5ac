"""The page's match state (device.web.match_view) built from referee events: board layout, move list, alerts."""

from __future__ import annotations

import pytest

from device.web.match_view import MatchView, Seating, board_view, play_text
from rules.position import Position

START = Position.start()
# light opens 31 with 8/5 6/5 (seen from light, the mover)
AFTER_31 = Position.from_points({24: 2, 13: 5, 8: 2, 6: 4, 5: 2}, {24: 2, 13: 5, 8: 3, 6: 5})
# dark answers 64 with 24/18 24/14 (an illegal play for 6-4), seen from dark
AFTER_BAD = Position.from_points({18: 1, 14: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 2, 6: 4, 5: 2})


def opening_events(light: str = "bottom") -> list[dict]:
    return [
        {"type": "setup", "light": light, "position_id": START.position_id(), "frame": 1, "t": 0.0},
        {"type": "opening_roll", "light": 3, "dark": 1, "first": "light", "frame": 5, "t": 2.0},
        {"type": "play", "player": "light", "dice": [3, 1], "before": START.position_id(),
         "after": AFTER_31.position_id(), "play": "8/5 6/5", "legal": True, "frame": 20, "t": 8.0},
    ]


def illegal_events() -> list[dict]:
    return [
        {"type": "roll", "player": "dark", "dice": [6, 4], "frame": 30, "t": 12.0},
        {"type": "play", "player": "dark", "dice": [6, 4], "before": AFTER_31.swap().position_id(),
         "after": AFTER_BAD.position_id(), "play": "24/18 24/14", "legal": False,
         "reason": "24/14 is ten pips", "closest": ["24/18 18/14", "24/14"], "frame": 40, "t": 15.0},
    ]


def view_of(events: list[dict]) -> MatchView:
    view = MatchView()
    for event in events:
        view.apply(event)
    return view


def test_geometric_points_follow_the_seats():
    bottom_right = Seating("bottom", "right")
    assert [bottom_right.geometric_point("light", p) for p in (1, 6, 12, 13, 24)] == [1, 6, 12, 13, 24]
    assert [bottom_right.geometric_point("dark", p) for p in (1, 6, 24)] == [24, 19, 1]
    top_right = Seating("top", "right")
    assert top_right.geometric_point("light", 1) == 24 and top_right.geometric_point("dark", 1) == 1
    bottom_left = Seating("bottom", "left")  # both home boards on the image's left
    assert [bottom_left.geometric_point("light", p) for p in (1, 6, 7, 12, 13, 24)] == [12, 7, 6, 1, 24, 13]
    assert bottom_left.geometric_point("dark", 1) == 13


@pytest.mark.parametrize("light", ["bottom", "top"])
@pytest.mark.parametrize("home", ["right", "left"])
def test_board_view_keeps_every_checker(light, home):
    seating = Seating(light, home)
    for player in ("light", "dark"):
        board = board_view(AFTER_31, player, seating)
        assert sum(n for n in board["points"] if n > 0) == 15
        assert -sum(n for n in board["points"] if n < 0) == 15
        pips = AFTER_31.pip_count()
        other = "dark" if player == "light" else "light"
        assert board["pips"] == {player: pips[0], other: pips[1]}


def test_state_after_opening_play():
    state = view_of(opening_events()).to_dict()
    assert state["on_roll"] == "dark"
    pos = state["position"]
    # the current position is given from the side on roll, as GNU Backgammon shows it
    assert pos["player"] == "dark"
    assert pos["position_id"] == AFTER_31.swap().position_id()
    board = pos["board"]["points"]
    # light at the bottom, homes on the right: light's own points are the camera's point numbers
    assert board[8 - 1] == 2 and board[5 - 1] == 2 and board[6 - 1] == 4
    # dark's 6 point is the camera's 19, its 24 point the camera's 1
    assert board[19 - 1] == -5 and board[1 - 1] == -2
    assert pos["board"]["pips"] == {"light": 163, "dark": 167}
    plays = [m for m in state["moves"] if m["type"] == "play"]
    assert [p["text"] for p in plays] == ["light 31: 8/5 6/5"]
    assert plays[0]["after"]["position_id"] == AFTER_31.position_id()
    assert state["open_alerts"] == []


def test_a_play_whose_dice_were_not_seen_says_so_in_the_move_list():
    """The referee told the roll from the play (dice_told): the page must not show it as a checked roll."""
    events = opening_events()
    events[-1] = dict(events[-1], dice_told=1)
    plays = [m for m in view_of(events).to_dict()["moves"] if m["type"] == "play"]
    assert [p["text"] for p in plays] == ["light 31: 8/5 6/5 (one die not seen: told by the play)"]
    events[-1] = dict(events[-1], dice_told=2)
    plays = [m for m in view_of(events).to_dict()["moves"] if m["type"] == "play"]
    assert [p["text"] for p in plays] == ["light 31: 8/5 6/5 (roll not seen: told by the play)"]


def test_a_foul_said_with_the_one_die_read_shows_the_other_as_unknown():
    events = opening_events() + illegal_events()
    events[-1] = dict(events[-1], dice=[6], other_die_unseen=True)
    plays = [m for m in view_of(events).to_dict()["moves"] if m["type"] == "play"]
    assert plays[-1]["text"].startswith("dark 6?: ") and plays[-1]["legal"] is False


def test_light_on_top_turns_the_board_round():
    state = view_of(opening_events(light="top")).to_dict()
    board = state["position"]["board"]["points"]
    assert board[25 - 8 - 1] == 2  # light's 8 point is the camera's 17
    assert board[6 - 1] == -5  # dark's 6 point is the camera's 6


def test_illegal_play_opens_an_alert_with_alternatives():
    view = view_of(opening_events() + illegal_events())
    state = view.to_dict()
    assert len(state["alerts"]) == 1
    alert = state["alerts"][0]
    assert alert["kind"] == "illegal" and alert["player"] == "dark"
    assert "24/14 is ten pips" in alert["message"]
    assert alert["alternatives"] == ["24/18 18/14", "24/14"]
    assert state["open_alerts"] == [alert["id"]]
    # the board shows what stands after the illegal play, light to move
    assert state["on_roll"] == "light"
    assert state["position"]["position_id"] == AFTER_BAD.swap().position_id()

    assert view.dismiss(alert["id"], by="TD Anna")
    state = view.to_dict()
    assert state["open_alerts"] == [] and state["alerts"][0]["dismissed_by"] == "TD Anna"


def test_offenders_next_legal_play_settles_the_alert():
    view = view_of(opening_events() + illegal_events())
    light_after = Position.from_points({24: 2, 13: 5, 8: 2, 6: 4, 5: 2, 3: 0}, {18: 1, 14: 1, 13: 5, 8: 3, 6: 5})
    view.apply({"type": "roll", "player": "light", "dice": [1, 1]})
    view.apply({"type": "play", "player": "light", "dice": [1, 1], "before": AFTER_BAD.swap().position_id(),
                "after": light_after.position_id(), "play": "6/5(2)", "legal": True})
    assert view.to_dict()["open_alerts"]  # light's play does not settle dark's illegal play
    view.apply({"type": "roll", "player": "dark", "dice": [2, 1]})
    view.apply({"type": "play", "player": "dark", "dice": [2, 1], "before": light_after.swap().position_id(),
                "after": light_after.swap().position_id(), "play": "", "legal": True})
    assert view.to_dict()["open_alerts"] == []


def test_reroll_alert_lasts_until_the_next_roll():
    view = view_of(opening_events())
    view.apply({"type": "reroll", "player": "dark", "reason": "cocked", "frame": 25})
    state = view.to_dict()
    assert state["alerts"][0]["kind"] == "reroll" and "cocked" in state["alerts"][0]["message"]
    assert state["open_alerts"] == [25]
    view.apply({"type": "roll", "player": "dark", "dice": [5, 2], "frame": 27})
    state = view.to_dict()
    assert state["open_alerts"] == []
    assert state["dice"] == {"player": "dark", "values": [5, 2]}


def test_cube_and_game_end_update_score_and_cube():
    view = view_of(opening_events())
    view.apply({"type": "cube", "action": "double", "player": "dark", "value": 2})
    assert view.to_dict()["cube"]["offered_by"] == "dark"
    view.apply({"type": "cube", "action": "take", "player": "light", "value": 2})
    assert view.to_dict()["cube"] == {"value": 2, "owner": "light", "offered_by": None}
    view.apply({"type": "game_end", "winner": "dark", "kind": "gammon", "points": 4,
                "score": {"light": 0, "dark": 4}})
    state = view.to_dict()
    assert state["score"] == {"light": 0, "dark": 4}
    assert state["on_roll"] is None
    assert state["moves"][-1]["text"] == "dark wins a gammon game (4 points)"


def test_match_id_and_xgid_follow_the_side_on_roll():
    pytest.importorskip("rules.xgid", reason="rules/xgid.py not in this checkout")
    from rules.xgid import decode as decode_xgid

    state = view_of(opening_events()).to_dict()
    xgid = state["position"]["xgid"]
    assert xgid is not None and state["position"]["match_id"] is not None
    decoded = decode_xgid(xgid)
    assert decoded.position == AFTER_31.swap() or decoded.position.swap() == AFTER_31.swap()


def test_malformed_events_do_not_break_the_view():
    view = view_of(opening_events())
    view.apply({"type": "play", "player": "dark"})  # no dice, no positions
    view.apply({"type": "play", "player": "dark", "before": "not an id", "after": "garbage!!!!!!!"})
    view.apply({"type": "something_new", "x": 1})
    state = view.to_dict()
    assert state["seq"] == 6
    assert state["position"] is not None


def test_play_text_from_move_pairs():
    assert play_text([[25, 22], [6, 0]]) == "bar/22 6/off"
    assert play_text("13/7 8/7") == "13/7 8/7"


@pytest.mark.parametrize("corner", ["bottom-right", "bottom-left", "top-right", "top-left"])
def test_layout_agrees_with_the_daemons_seating(corner):
    """The page draws a position where the daemon reads it: the same point for every seat and side."""
    from device.seating import Seating as DaemonSeating

    daemon = DaemonSeating(corner)
    seat, home = corner.split("-")
    ours = Seating(seat, home)
    for side in ("light", "dark"):
        assert [ours.geometric_point(side, p) for p in range(1, 25)] == \
               [daemon.geometric(side, p) for p in range(1, 25)]


def test_flagged_warning_is_an_alert_until_the_next_roll():
    view = view_of(opening_events())
    view.apply({"type": "warning", "message": "1 checker(s) not on the board: knocked off?", "alert": True,
                "alert_id": 7})
    view.apply({"type": "warning", "message": "unsure reading"})
    state = view.to_dict()
    assert state["open_alerts"] == [7] and state["alerts"][0]["kind"] == "warning"
    assert len(state["warnings"]) == 2
    view.apply({"type": "roll", "player": "dark", "dice": [2, 1]})
    assert view.to_dict()["open_alerts"] == []


def test_illegal_play_without_notation_is_read_off_the_board():
    events = opening_events() + illegal_events()
    events[-1] = dict(events[-1], play=None)
    state = view_of(events).to_dict()
    assert state["moves"][-1]["play"] == "24/18 24/14"
