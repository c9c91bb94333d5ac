"""The game tracker over synthetic still scenes: setup, opening, rolls, re-rolls, plays, corrections, cube, end."""

from __future__ import annotations

import pytest

from device.seating import HOMES, Seating
from device.tracker import ONE_DIE_READS, GameTracker
from rules.moves import legal_plays
from rules.position import Position
from vision.observation import DieReading
from tests.daemon_scenes import Driver, die, scene

START = Position.start()


def start_game(home: str = "bottom-right", light: int = 3, dark: int = 1):
    seating = Seating(home)
    d = Driver(GameTracker(), seating)
    d.show(START, "light")
    halves = {c: seating.right_half(c) for c in ("light", "dark")}
    d.show(START, "light", (die(light, halves["light"]), die(dark, halves["dark"])))
    return d, seating


@pytest.mark.parametrize("home", HOMES)
def test_setup_finds_the_seating_from_the_starting_position(home):
    d, seating = start_game(home)
    setup = d.events[0]
    assert setup["type"] == "setup"
    assert setup["light"] == seating.light_seat
    assert setup["position_id"] == START.position_id()
    opening = d.events[1]
    assert (opening["type"], opening["light"], opening["dark"], opening["first"]) == ("opening_roll", 3, 1, "light")


def test_no_setup_until_a_starting_position_is_seen():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    odd = Position.from_points({6: 5, 8: 3, 13: 5, 23: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    d.show(odd, "light")
    assert d.events == []
    d.show(START, "light")
    assert d.types() == ["setup"]


def test_equal_opening_dice_roll_again_then_higher_moves_first_with_both():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    d.show(START, "light")
    d.show(START, "light", (die(4, "right"), die(4, "left")))
    d.show(START, "light")  # dice lifted
    d.show(START, "light", (die(2, "right"), die(6, "left")))  # dark (top) rolled the 6 on its right = image left
    opening = [e for e in d.events if e["type"] == "opening_roll"]
    assert [(e["light"], e["dark"], e["first"]) for e in opening] == [(4, 4, None), (2, 6, "dark")]
    assert d.tracker.state.turn == "dark" and d.tracker.state.dice == [6, 2]


def test_legal_and_illegal_plays_are_judged_when_the_dice_are_lifted():
    d, seating = start_game(light=3, dark=1)
    legal = next(p for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    # in-between position with the dice still down: no verdict yet
    halfway = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    d.show(halfway, "light", (die(3, "right"), die(1, "left")))
    assert [e["type"] for e in d.events] == ["setup", "opening_roll"]
    d.show(legal.position, "light")  # dice lifted
    play = d.events[-1]
    assert play["type"] == "play" and play["legal"] is True and play["player"] == "light"
    assert play["play"] == "8/5 6/5" and play["dice"] == [3, 1]
    assert play["before"] == START.position_id() and play["after"] == legal.position.position_id()
    # dark rolls 6-5 on its right half (image left when dark sits at the top)
    dark_view = legal.position.swap()
    d.show(dark_view, "dark", (die(6, "left"), die(5, "left")))
    assert d.events[-1] == {**d.events[-1], "type": "roll", "player": "dark", "dice": [6, 5]}
    # dark moves one checker 7 pips: not a legal 6-5
    bad = Position.from_points({6: 6, 8: 3, 13: 4, 24: 2}, {5: 2, 6: 4, 8: 2, 13: 5, 24: 2})
    d.show(bad, "dark")  # an accepted reading was read alike twice (the stabiliser): judged at once
    play = d.events[-1]
    assert play["type"] == "play" and play["legal"] is False and play["player"] == "dark"
    assert play["reason"]


def test_an_illegal_play_corrected_before_the_opponent_rolls_is_judged_again():
    d, seating = start_game(light=3, dark=1)
    wrong = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})  # 8/5: the 1 unused
    d.show(wrong, "light")
    d.show(wrong, "light")
    assert d.events[-1]["legal"] is False
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(right.swap(), "dark")  # put right, no dice: nothing announced yet
    assert d.events[-1]["type"] == "play"
    d.show(right.swap(), "dark", (die(4, "left"), die(2, "left")))
    corrected, roll = d.events[-2:]
    assert corrected["type"] == "play" and corrected["legal"] is True and corrected["corrected"] is True
    assert corrected["before"] == START.position_id()
    assert roll["type"] == "roll" and roll["player"] == "dark"


def test_an_illegal_play_left_on_the_board_stands_once_the_opponent_rolls():
    d, seating = start_game(light=3, dark=1)
    wrong = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    d.show(wrong, "light")
    d.show(wrong, "light")
    assert d.events[-1]["legal"] is False
    d.show(wrong.swap(), "dark", (die(4, "left"), die(2, "left")))
    assert d.types()[-2:] == ["play", "roll"]
    # dark plays legally from the position as played
    after = legal_plays(wrong.swap(), 4, 2)[0].position
    d.show(after, "dark")
    assert d.events[-1]["type"] == "play" and d.events[-1]["legal"] is True


@pytest.mark.parametrize("dice,reason", [
    ((die(5, "right", flat=False), die(2, "right")), "cocked"),
    ((die(5, "right"), die(2, "left")), "wrong_half"),
    ((die(5, "right"), die(2, None)), "off_board"),
])
def test_rerolls_name_the_reason_and_the_roller(dice, reason):
    d, seating = start_game(light=3, dark=1)
    after = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(after, "light")
    d.show(after.swap(), "dark")
    # it is dark's turn: dark's right-hand half is image left; mirror the given halves for dark
    flip = {"right": "left", "left": "right", None: None}
    dark_dice = tuple(die(x.value, flip[x.half], x.flat) for x in dice)
    d.show(after.swap(), "dark", dark_dice)
    # a re-roll read in one reading is looked at once more before the call (a die read cocked may be settling;
    # one on the wrong half or off the board may be a misread: see test_tracker_one_misread_die)
    assert d.events[-1]["type"] != "reroll"
    d.show(after.swap(), "dark", dark_dice)
    event = d.events[-1]
    assert (event["type"], event["player"], event["reason"]) == ("reroll", "dark", reason)
    d.show(after.swap(), "dark")  # lifted
    d.show(after.swap(), "dark", (die(6, "left"), die(1, "left")))
    assert d.events[-1]["type"] == "roll" and d.events[-1]["dice"] == [6, 1]


def test_a_doubtful_reading_is_read_again_not_called_illegal():
    d, seating = start_game(light=3, dark=1)
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    misread = seating.board(right, "light")
    # the reader puts one checker of geometric point 5 on point 4, but says it is unsure of both
    points = list(misread.points)
    points[4] -= 1
    points[3] += 1
    obs = scene(seating, right, "light", confidence=[0.3 if i in (3, 4) else 0.95 for i in range(24)])
    obs.points = points
    out = d.tracker.feed(obs, 100, 10.0)
    assert out == [] or all(e["type"] != "play" for e in out)
    assert d.tracker.needs_reread
    d.show(right, "light")
    assert d.events[-1]["type"] == "play" and d.events[-1]["legal"] is True


def test_the_tracker_resumes_from_its_snapshot():
    d, seating = start_game(light=3, dark=1)
    snap = d.tracker.snapshot()
    again = Driver(GameTracker.restore(snap), seating)
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    again.show(right, "light")
    assert again.events[-1]["type"] == "play" and again.events[-1]["legal"] is True


def test_double_take_and_the_game_end_score_the_cube():
    seating = Seating("bottom-right")
    tracker = GameTracker(match_length=5)
    d = Driver(tracker, seating)
    d.show(START, "light")
    d.show(START, "light", (die(3, "right"), die(1, "left")))
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(right, "light")
    # dark doubles: the cube turned to 2
    d.show(right.swap(), "dark", cube=(2, "bottom"))
    assert d.events[-1] == {**d.events[-1], "type": "cube", "action": "double", "player": "dark", "value": 2}
    d.show(right.swap(), "dark", (die(6, "left"), die(5, "left")), cube=(2, "bottom"))
    take, roll = d.events[-2:]
    assert (take["action"], take["player"], take["value"]) == ("take", "light", 2)
    assert roll["type"] == "roll"
    assert tracker.state.cube_value == 2 and tracker.state.cube_owner == "light"


def test_a_pass_ends_the_game_at_the_cube_value_before_the_double():
    seating = Seating("bottom-right")
    tracker = GameTracker(match_length=3)
    d = Driver(tracker, seating)
    d.show(START, "light")
    d.show(START, "light", (die(3, "right"), die(1, "left")))
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(right, "light")
    d.show(right.swap(), "dark", cube=(2, "bottom"))
    d.show(START, "light", cube=(64, "middle"))  # light passes: the next game is set up
    kinds = [(e["type"], e.get("action")) for e in d.events[-4:]]
    assert kinds == [("cube", "double"), ("cube", "pass"), ("game_end", None), ("setup", None)]
    end = d.events[-2]
    assert end["winner"] == "dark" and end["points"] == 1 and end["score"] == {"light": 0, "dark": 1}


def test_bearing_off_the_last_checker_ends_the_game_with_gammon():
    seating = Seating("bottom-right")
    tracker = GameTracker()
    d = Driver(tracker, seating)
    d.show(START, "light")
    d.show(START, "light", (die(3, "right"), die(1, "left")))
    # jump to a late position by a director's correction, light on roll with 2 checkers on its 1 point
    late = Position.from_points({1: 2}, {19: 3, 20: 12})
    d.tracker.correct_position(late.position_id(), "td", 50, 5.0)
    d.show(late, "light", (die(3, "right"), die(1, "left")))  # still the opening dice, now meaningful
    final = Position.from_points({}, {19: 3, 20: 12})
    d.show(final, "light")
    play, end = d.events[-2:]
    assert play["legal"] is True
    assert (end["type"], end["winner"], end["kind"], end["points"]) == ("game_end", "light", "backgammon", 3)


def test_a_checker_knocked_off_the_board_warns_once_and_judges_nothing():
    d, seating = start_game()
    obs = scene(seating, START, "light")
    obs.points[5] -= 1  # one light checker gone from the 6 point, none off
    out = [d.tracker.feed(obs, 200 + k, 20.0 + k / 10) for k in range(5)]
    assert [[e["type"] for e in o] for o in out] == [[], ["warning"], [], [], []]
    assert "not on the board" in out[1][0]["message"]


def test_an_illegal_reading_in_one_frame_between_good_ones_never_reaches_a_verdict():
    from device.sources import Frame
    from device.stability import Stabiliser

    d, seating = start_game(light=3, dark=1)
    wrong = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    frames = [scene(seating, p, "light") for p in (right, wrong, right, wrong, right)]  # a misread every other
    stabiliser = Stabiliser(lambda frame: frames[frame.index])
    accepted = [stabiliser.step(Frame(i, i / 10, None, label={"moving": False})) for i in range(len(frames))]
    taken = [a for a in accepted if a is not None]
    assert [a.frame for a in taken] == [2]  # two of three reads agree: the odd one holds nothing back
    out = d.tracker.feed(taken[0].observation, 40, 4.0)
    assert [(e["type"], e["legal"]) for e in out] == [("play", True)]


def test_an_unsure_reading_is_said_not_guessed():
    d, seating = start_game(light=3, dark=1)
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    board = seating.board(right, "light")
    points = list(board.points)
    points[4] -= 1  # one checker seen on point 4 instead of 5, and the reader is unsure of both, every time
    points[3] += 1
    conf = [0.3 if i in (3, 4) else 0.95 for i in range(24)]
    events = []
    for k in range(8):
        obs = scene(seating, right, "light", confidence=conf)
        obs.points = points
        events += d.tracker.feed(obs, 100 + k, 10.0 + k / 10)
    assert [e["type"] for e in events] == ["warning"]
    assert "not judged" in events[0]["message"] and not any(e.get("legal") is False for e in events)


def test_a_play_is_judged_even_when_the_opponent_rolls_at_once():
    d, seating = start_game(light=3, dark=1)
    wrong = Position.from_points({24: 2, 13: 5, 8: 2, 6: 5, 5: 1}, {24: 2, 13: 5, 8: 3, 6: 5})
    # light's dice vanish and dark's appear between two readings
    out = d.show(wrong.swap(), "dark", (die(4, "left"), die(2, "left")))
    assert [(e["type"], e.get("player"), e.get("legal")) for e in out] == [("play", "light", False),
                                                                          ("roll", "dark", None)]


def test_a_roll_with_one_die_seen_is_not_called_a_reroll_on_a_guess():
    d, seating = start_game(light=3, dark=1)
    after = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(after, "light")
    # the other die is on the floor, unseen, or the reader missed it: it waits for more readings, then says what
    # it sees (a warning, no alert) instead of calling a re-roll that may be false
    for _ in range(ONE_DIE_READS):
        d.show(after.swap(), "dark", (die(5, "left"),))
        assert d.events[-1]["type"] == "play" and d.tracker.needs_reread
    d.show(after.swap(), "dark", (die(5, "left"),))
    last = d.events[-1]
    assert (last["type"], last["player"], last["code"]) == ("warning", "dark", "one_die")
    assert not last.get("alert") and not any(e["type"] == "reroll" for e in d.events)
    d.show(after.swap(), "dark")
    d.show(after.swap(), "dark", (die(6, "left"), die(1, "left")))
    assert d.events[-1]["type"] == "roll"


def test_missing_checkers_before_the_game_or_by_the_handful_are_misreads_not_alarms():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    obs = scene(seating, START, "light")
    obs.points[5] -= 1
    # no game yet: a checker missing is no alarm (the start read with a stack short is the start, issue 6)
    before = [e for k in range(3) for e in d.tracker.feed(obs, k, k / 10)]
    assert [e["type"] for e in before] == ["setup"]
    d.show(START, "light")
    obs = scene(seating, START, "light")
    obs.points[5] -= 3  # three gone at once: a misread
    assert [d.tracker.feed(obs, 50 + k, 5 + k / 10) for k in range(3)] == [[], [], []]


def test_a_seating_hint_from_a_calibration_keeps_only_that_corner():
    for home in HOMES:
        board = Seating(home).board(START, "light")
        assert Seating.from_start(board, home) == Seating(home)
        others = [h for h in HOMES if h != home]
        assert all(Seating.from_start(board, h) is None for h in others)
        assert Seating.from_start(board, Seating(home).light_seat) == Seating(home)


def test_rolling_before_the_opponent_lifted_his_dice_is_flagged_and_that_roll_is_void():
    d, seating = start_game(light=3, dark=1)
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    light_dice = (die(3, "right"), die(1, "left"))  # the opening dice, where they lay
    dark_dice = (DieReading(6, True, [300.0, 300.0], "left"), DieReading(6, True, [250.0, 480.0], "left"))
    d.show(right, "light", light_dice + dark_dice)  # dark rolled with light's dice still down
    assert (d.events[-1]["type"], d.events[-1]["code"], d.events[-1]["player"]) == ("warning", "early_roll", "dark")
    d.show(right, "light", dark_dice)  # light lifts his dice: his play is final
    assert d.events[-1]["type"] == "play" and d.events[-1]["legal"] is True
    d.show(right.swap(), "dark")  # dark lifts the void roll
    d.show(right.swap(), "dark", (die(5, "left"), die(2, "left")))
    assert d.events[-1]["type"] == "roll" and d.events[-1]["dice"] == [5, 2]
    assert [e["type"] for e in d.events].count("roll") == 1


def test_a_roll_by_the_wrong_player_is_flagged_not_taken():
    d, seating = start_game(light=3, dark=1)
    right = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(right, "light")
    d.show(right.swap(), "dark", (die(4, "right"), die(2, "right")))  # light rolls again on his own half
    event = d.events[-1]
    assert (event["type"], event["code"], event["player"]) == ("warning", "wrong_player", "light")
    assert d.tracker.state.turn == "dark" and d.tracker.state.phase == "awaiting"


def _start_misread(points: dict[int, int], unsure: set[int], home: str = "top-right"):
    """The starting position under ``home`` with some geometric points read differently (off counts unseen)."""
    obs = scene(Seating(home), START, "light", confidence=[0.3 if p in unsure else 1.0 for p in range(1, 25)])
    for p, n in points.items():
        obs.points[p - 1] = n
    obs.off = {"light": None, "dark": None}
    return obs


def test_settle_puts_the_starting_position_in_for_jitter_on_doubtful_points_only():
    tracker = GameTracker()
    start = list(Seating("top-right").board(START, "light").points)
    # two reads of one still start view that differ on doubtful stacks now agree (the stabiliser compares them)
    a = tracker.settle(_start_misread({12: 3, 19: 4}, {12, 19}))
    b = tracker.settle(_start_misread({12: 4, 13: -4}, {12, 13}))
    assert a.points == b.points == start
    assert a.extra["snapped"] and a.extra["read_points"][11] == 3
    # a difference the reader is sure of is kept: a position that is not the start is never made one (a sure
    # stack read short is a miss, tests/test_tracker_start.py; one read tall is not)
    kept = tracker.settle(_start_misread({12: 3, 19: 6}, {12}))
    assert kept.points[18] == 6 and "snapped" not in kept.extra
    # nor are more than a few doubtful differences
    many = tracker.settle(_start_misread({6: -4, 8: -2, 12: 4, 13: -4, 19: 4}, {6, 8, 12, 13, 19}))
    assert many.points != start


def test_settle_never_snaps_a_play_being_made():
    d, seating = start_game("bottom-right", light=3, dark=1)
    assert d.tracker.state.phase == "moving"
    board = seating.board(START, "light")
    obs = scene(seating, START, "light", confidence=[0.3] * 24)
    obs.points[5] = board.points[5] - 1  # the mover picked a checker up: a doubtful point, but play is on
    assert d.tracker.settle(obs).points == obs.points


def test_a_missed_opening_roll_is_told_by_its_play_when_only_one_roll_leads_there():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    d.show(START, "light")
    after = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(after, "light")  # the opening dice were never seen; the play is on the board, the dice lifted
    opening, play = d.events[-2], d.events[-1]
    assert (opening["type"], opening["light"], opening["dark"], opening["first"]) == ("opening_roll", 3, 1, "light")
    assert opening["inferred"] is True
    assert (play["type"], play["player"], play["legal"], play["dice"]) == ("play", "light", True, [3, 1])
    assert play["dice_told"] == 2  # neither die was read: the play is legal if the roll was 3-1
    assert d.tracker.state.phase == "awaiting" and d.tracker.state.turn == "dark"


def test_a_board_no_opening_roll_leads_to_is_not_taken_for_one():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    d.show(START, "light")
    # a checker moved backwards, 13 to 20: no roll plays that
    odd = Position.from_points({6: 5, 8: 3, 13: 4, 20: 1, 24: 2}, {6: 5, 8: 3, 13: 5, 24: 2})
    d.show(odd, "light")
    assert d.types() == ["setup"] and d.tracker.state.phase == "opening"


def test_an_opponent_checker_lost_by_the_reader_is_no_illegal_play():
    d, seating = start_game(light=3, dark=1)
    after = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    obs = scene(seating, after, "light")
    board = seating.board(after, "light")
    far = next(i for i, n in enumerate(board.points) if n < 0)  # one of dark's points, read one short, surely
    obs.points[far] += 1
    obs.off = {"light": None, "dark": None}
    out = d.tracker.feed(obs, 100, 10.0)
    assert not any(e["type"] == "play" and e["legal"] is False for e in out)
