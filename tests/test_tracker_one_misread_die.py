"""One misread die never makes a re-roll call or a foul judged on the wrong dice (issue 6).

A re-roll read in one reading is called at the next reading of the still scene, unless two looks show the dice
still lying where they lay with the die that made the re-roll gone (render g1645 frame 556: dark's 1 read on
light's half once, the 3 where it lay in every later look). A die of a roll read with another face where it lay leaves the roll in doubt: no foul rests on it (render g2703 frame 735: a 4 read as
1, so 4-1 became 1-1 and the play was called 'plays only 1 of the four 1s'); later readings that agree on the other
faces before any checker moves correct the roll. A die gone while the other lies is no evidence: the reader misses
dice (bo8181 frame 298)."""

from __future__ import annotations

from rules.moves import legal_plays
from rules.position import Position
from tests.test_tracker_faults import _play, light_played
from vision.observation import DieReading

# dark sits at the image's left half in these scenes (see tests.test_tracker_faults.SEATING)
DARK_A, DARK_B, LIGHT_SIDE = [350.0, 400.0], [300.0, 480.0], [850.0, 400.0]


def _die(value: int, at: list[float], half: str) -> DieReading:
    return DieReading(value=value, flat=True, center=list(at), half=half)


def _kinds(events: list[dict]) -> list[tuple]:
    return [(e["type"], e.get("reason") or e.get("code"), e.get("dice")) for e in events]


def test_a_die_read_once_on_the_wrong_half_is_no_reroll_when_the_next_look_shows_the_other_where_it_lay():
    r, after = light_played()
    first = r.show(after.swap(), "dark", (_die(3, DARK_A, "left"), _die(1, LIGHT_SIDE, "right")))
    assert first == []  # looked at again before anything is said
    for _ in range(2):  # twice: the 3 where it lay, the 1 gone (once may be a die missed for a reading)
        again = r.show(after.swap(), "dark", (_die(3, DARK_A, "left"),))
        assert "reroll" not in [e["type"] for e in again]
    assert r.alarms() == []
    assert r.tracker.state.phase == "moving" and r.tracker.state.dice == [3]  # the play tells the other die
    played = _play(after.swap(), (3, 1), "24/21 6/5")
    out = r.show(played, "dark")
    assert ("roll", None, [3, 1]) in _kinds(out)
    assert [(e["type"], e.get("legal")) for e in out if e["type"] == "play"] == [("play", True)]
    assert r.alarms() == []


def test_a_die_on_the_wrong_half_read_again_is_a_reroll_called_once():
    r, after = light_played()
    dice = (_die(3, DARK_A, "left"), _die(1, LIGHT_SIDE, "right"))
    assert r.show(after.swap(), "dark", dice) == []
    out = r.show(after.swap(), "dark", dice)
    assert _kinds(out) == [("reroll", "wrong_half", None)]
    assert r.show(after.swap(), "dark", dice) == []
    assert len(r.alarms()) == 1


def test_a_wrong_half_die_missed_in_one_look_then_read_again_is_a_reroll():
    r, after = light_played()
    dice = (_die(3, DARK_A, "left"), _die(1, LIGHT_SIDE, "right"))
    assert r.show(after.swap(), "dark", dice) == []
    assert r.show(after.swap(), "dark", dice[:1]) == []
    assert _kinds(r.show(after.swap(), "dark", dice)) == [("reroll", "wrong_half", None)]


def test_a_wrong_half_reroll_is_called_when_the_next_look_reads_no_dice():
    # g1641 frame 502: the look after the re-roll read no dice (the reader missed both): nothing hides it
    r, after = light_played()
    assert r.show(after.swap(), "dark", (_die(3, DARK_A, "left"), _die(1, LIGHT_SIDE, "right"))) == []
    out = r.show(after.swap(), "dark")
    assert _kinds(out) == [("reroll", "wrong_half", None)]


def _dark_rolled_4_1_read_1_1() -> tuple:
    r, after = light_played()
    out = r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(1, DARK_B, "left")))
    assert _kinds(out) == [("roll", None, [1, 1])]  # said on time; a later look may correct it
    return r, after


def test_a_die_read_with_another_face_where_it_lay_leaves_no_foul_on_the_roll():
    r, after = _dark_rolled_4_1_read_1_1()
    r.show(after.swap(), "dark", (_die(1, DARK_B, "left"),))  # a die missed: no evidence either way
    assert r.tracker.needs_reread  # ... but the dice are looked at again
    r.show(after.swap(), "dark", (_die(4, DARK_A, "left"), _die(1, DARK_B, "left")))  # the look reads a 4 there
    played = _play(after.swap(), (4, 1), "13/9 6/5")  # legal for 4-1, not a play of 1-1
    out = r.show(played, "dark")
    assert r.alarms() == []
    # the play is legal with the face the look read on that die: the roll is corrected and the play judged on it
    assert [(e["type"], e.get("dice"), e.get("corrected"), e.get("legal")) for e in out] == [
        ("roll", [4, 1], True, None), ("play", [4, 1], None, True)]


def test_a_die_gone_while_the_other_lies_keeps_the_foul():
    # bo8181 frame 298: the 6 beside the 4 unread in every reading after the roll; the play broke the 6-4 whatever
    # the lost die showed (a play that another face of it makes legal rests on that die: test_tracker_die_gone)
    r, after = _dark_rolled_4_1_read_1_1()
    r.show(after.swap(), "dark", (_die(1, DARK_B, "left"),))
    mine = list(after.swap().player)
    mine[23], mine[12] = mine[23] - 1, mine[12] + 1  # 24/13: eleven pips, no roll with a 1 plays that
    r.show(Position(tuple(mine), after.swap().opponent), "dark")
    assert [(e["type"], e.get("legal")) for e in r.alarms()] == [("play", False)]


def test_a_die_read_back_and_forth_judges_a_play_legal_with_a_face_read_on_it():
    # render 11001 frame 1003: dark's 3 read 2 in the roll's reading, 3 in the next looks, 2 again after: the last
    # look agreeing with the roll is no proof the roll was right; the play legal with the 3 read there is no foul
    r, after = _dark_rolled_4_1_read_1_1()
    r.show(after.swap(), "dark", (_die(4, DARK_A, "left"), _die(1, DARK_B, "left")))  # once otherwise
    r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(1, DARK_B, "left")))  # then read again as rolled
    played = _play(after.swap(), (4, 1), "13/9 6/5")
    out = r.show(played, "dark")
    assert r.alarms() == []
    assert [(e["type"], e.get("dice"), e.get("legal")) for e in out if e["type"] == "play"] == [
        ("play", [4, 1], True)]


def test_a_foul_no_face_read_on_the_die_makes_legal_is_called():
    # only faces a look read on the die excuse a foul: 13/10 6/5 is legal for 3-1, a roll no look read
    r, after = _dark_rolled_4_1_read_1_1()
    r.show(after.swap(), "dark", (_die(4, DARK_A, "left"), _die(1, DARK_B, "left")))
    r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(1, DARK_B, "left")))
    played = _play(after.swap(), (3, 1), "13/10 6/5")
    r.show(played, "dark")
    assert [(e["type"], e.get("legal")) for e in r.alarms()] == [("play", False)]


def test_the_roll_read_again_as_rolled_keeps_its_foul():
    r, after = _dark_rolled_4_1_read_1_1()
    r.show(after.swap(), "dark", (_die(4, DARK_A, "left"), _die(1, DARK_B, "left")))  # once otherwise
    r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(1, DARK_B, "left")))  # then read again as rolled
    mine = list(after.swap().player)
    mine[23], mine[12] = mine[23] - 1, mine[12] + 1  # 24/13: eleven pips, legal for neither 1-1 nor 4-1
    r.show(Position(tuple(mine), after.swap().opponent), "dark")
    assert [(e["type"], e.get("legal")) for e in r.alarms()] == [("play", False)]


def test_later_readings_agreeing_on_other_faces_before_a_move_correct_the_roll():
    r, after = _dark_rolled_4_1_read_1_1()
    fixed = (_die(4, [352.0, 401.0], "left"), _die(1, DARK_B, "left"))
    assert r.show(after.swap(), "dark", fixed) == []  # one reading against one: not yet
    out = r.show(after.swap(), "dark", fixed)
    assert [(e["type"], e.get("dice"), e.get("corrected"), e.get("was")) for e in out] == [
        ("roll", [4, 1], True, [1, 1])]
    played = _play(after.swap(), (4, 1), "13/9 6/5")
    out = r.show(played, "dark")
    assert [(e["type"], e.get("dice"), e.get("legal")) for e in out if e["type"] == "play"] == [
        ("play", [4, 1], True)]
    assert r.alarms() == []
    assert Position.from_position_id(out[-1]["after"]) is not None


def test_the_second_die_of_a_one_die_roll_read_once_on_the_wrong_half_is_looked_at_again():
    r, after = light_played()
    r.show(after.swap(), "dark", (_die(3, DARK_A, "left"),))  # one die seen: the roll goes on with it
    assert r.tracker.state.phase == "moving" and r.tracker.state.dice == [3]
    both = (_die(3, DARK_A, "left"), _die(1, LIGHT_SIDE, "right"))
    assert r.show(after.swap(), "dark", both) == []
    assert _kinds(r.show(after.swap(), "dark", both)) == [("reroll", "wrong_half", None)]
    assert len(r.alarms()) == 1


def test_a_die_read_on_the_same_pixels_in_two_earlier_turns_is_something_on_the_board():
    # render 2801: a '1' read at one spot from frame 0 on, with every roll; with dark's rolls it made 'wrong half'
    from tests.test_tracker_faults import Reader, START
    ghost = _die(1, [851.0, 433.0], "right")
    r = Reader()
    r.show(START, "light", (ghost,))  # before the game: read alone there
    r.show(START, "light", (ghost,))  # the game set up (a turn of the dice): read there again
    r.start(3, 1)
    after = _play(START, (3, 1), "8/5 6/5")
    r.show(after, "light")  # light's play judged
    out = r.show(after.swap(), "dark", (_die(6, DARK_A, "left"), _die(2, DARK_B, "left"), ghost))
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [6, 2])]
    assert r.alarms() == []


def test_a_die_landing_where_one_die_of_an_earlier_turn_lay_is_a_die():
    r, after = light_played()
    spot = _die(1, LIGHT_SIDE, "right")
    r.show(after.swap(), "dark", (_die(3, DARK_A, "left"), spot))  # once, in an earlier turn of the dice
    r.show(after.swap(), "dark", (_die(3, DARK_A, "left"), spot))
    r.show(after.swap(), "dark")
    out = r.show(after.swap(), "dark", (_die(5, DARK_B, "left"), spot))  # re-rolled: the 1 landed there again
    out += r.show(after.swap(), "dark", (_die(5, DARK_B, "left"), spot))
    assert [(e["type"], e.get("reason")) for e in out] == [("reroll", "wrong_half")]


def test_a_double_read_as_another_double_judges_the_play_on_the_face_a_look_read():
    # issue 6, a double misread as another (2-2 read 1-1); a look reads one of the dice as a 2: the dice
    # lie alike and were misread alike, and the play of 2-2 is no foul of 1-1
    r, after = light_played()
    out = r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(1, DARK_B, "left")))
    assert _kinds(out) == [("roll", None, [1, 1])]
    r.show(after.swap(), "dark", (_die(2, DARK_A, "left"), _die(1, DARK_B, "left")))
    played = next(p.position for p in legal_plays(after.swap(), 2, 2))  # 8 pips: no play of 1-1 or of 2-1
    out = r.show(played, "dark")
    assert r.alarms() == []
    assert [(e["type"], e.get("dice"), e.get("legal")) for e in out if e["type"] in ("roll", "play")] == [
        ("roll", [2, 2], None), ("play", [2, 2], True)]


def test_a_die_read_once_off_the_movers_half_and_gone_at_the_lift_voids_no_roll():
    # judging games 99535 frame 1057 and 83434 frame 853: a roll read with one die, a die read once on the other
    # half (the board's lettering, a checker's gloss), the dice lifted: 'roll again, wrong half', a false alarm
    r, after = light_played()
    r.show(after.swap(), "dark", (_die(3, DARK_A, "left"),))  # one die seen: the roll goes on with it
    assert r.show(after.swap(), "dark", (_die(3, DARK_A, "left"), _die(1, LIGHT_SIDE, "right"))) == []
    r.show(after.swap(), "dark", (_die(3, DARK_A, "left"),))  # the look: read no more there
    out = r.show(_play(after.swap(), (3, 1), "13/10 6/5"), "dark")  # played, the dice lifted
    assert not [e for e in r.events if e["type"] == "reroll"]
    assert [(e["type"], e.get("play"), e.get("legal")) for e in out if e["type"] == "play"] == [
        ("play", "13/10 6/5", True)]
    assert r.alarms() == []
